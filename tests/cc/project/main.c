/* The build-test project's driver: runs every routine on fixed data and
 * prints one line per result. */
#include "common.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1000
#define M 48

int main(void) {
  uint64_t st = 42;
  float *x = malloc(sizeof(float) * N), *y = malloc(sizeof(float) * N);
  double *dx = malloc(sizeof(double) * N), *dy = malloc(sizeof(double) * N);
  int32_t *ia = malloc(sizeof(int32_t) * N);
  uint8_t *bytes = malloc(N);
  if (!x || !y || !dx || !dy || !ia || !bytes)
    return 1;
  for (int i = 0; i < N; i++) {
    x[i] = (float)(next_random(&st) % 1000) / 100.0f;
    y[i] = (float)(next_random(&st) % 1000) / 100.0f;
    dx[i] = (double)(next_random(&st) % 1000) / 10.0;
    dy[i] = (double)(next_random(&st) % 1000) / 10.0;
    ia[i] = (int32_t)(next_random(&st) % 2001) - 1000;
    bytes[i] = (uint8_t)next_random(&st);
  }
  vec_axpy(1.5f, x, y, N);
  double fy = 0;
  for (int i = 0; i < N; i++)
    fy += y[i];
  printf("axpy %.6f\n", fy);
  printf("dot %.6f\n", vec_dot(dx, dy, N));
  int16_t small[8] = {3, -1, 4, -1, 5, -9, 2, 6};
  printf("small %lld\n", (long long)vec_sum_small(small));

  float *a = malloc(sizeof(float) * M * M), *b = malloc(sizeof(float) * M * M),
        *c = malloc(sizeof(float) * M * M);
  double *src = malloc(sizeof(double) * M * (M + 3));
  double *t = malloc(sizeof(double) * M * (M + 3));
  if (!a || !b || !c || !src || !t)
    return 1;
  for (int i = 0; i < M * (M + 3); i++)
    src[i] = (double)((i * 37) % 101) / 4.0;
  for (int i = 0; i < M * M; i++) {
    a[i] = (float)(i % 7) - 3.0f;
    b[i] = (float)(i % 5) + 0.5f;
  }
  mat_mul(a, b, c, M);
  double tr = 0;
  for (int i = 0; i < M; i++)
    tr += c[i * M + i];
  printf("matmul trace %.3f\n", tr);
  mat_transpose(src, t, M, M + 3);
  printf("transpose %.3f %.3f\n", t[1], t[M * (M + 3) - 2]);
  stencil3(x, y, N);
  printf("stencil %.5f %.5f\n", y[1], y[N / 2]);

  printf("crc32 %08x\n", crc32(bytes, N));
  printf("fnv1a %016llx\n", (unsigned long long)fnv1a(bytes, N));

  char text[] = "The quick brown fox jumps over the lazy dog, twice: the quick brown fox.";
  uint32_t hist[26];
  histogram(text, hist);
  printf("words %zu e=%u o=%u\n", count_words(text), hist['e' - 'a'], hist['o' - 'a']);
  reverse(text);
  printf("reversed %.12s\n", text);

  vec_prefix_sum(ia, N);
  printf("prefix %d %d\n", ia[N / 3], ia[N - 1]);
  insertion_sort(ia, N);
  printf("sorted %d %d %d\n", ia[0], ia[N / 2], ia[N - 1]);
  counting_sort_u8(bytes, N);
  printf("bytes %u %u %u\n", bytes[0], bytes[N / 2], bytes[N - 1]);
  free(x); free(y); free(dx); free(dy); free(ia); free(bytes);
  free(a); free(b); free(c); free(src); free(t);
  return 0;
}
