// Strided: complex multiply on interleaved (re, im) float pairs (stride 2).
#include "common.h"

#define N 8192
#define REPS 30000

KERNEL void kernel(float *restrict c, const float *restrict a,
                   const float *restrict b, int n) {
  for (int i = 0; i < n; i++) {
    float ar = a[2 * i], ai = a[2 * i + 1];
    float br = b[2 * i], bi = b[2 * i + 1];
    c[2 * i] = ar * br - ai * bi;
    c[2 * i + 1] = ar * bi + ai * br;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *a = ALLOC(float, 2 * N), *b = ALLOC(float, 2 * N), *c = ALLOC(float, 2 * N);
  fill_f32(a, 2 * N, 1.0f);
  fill_f32(b, 2 * N, 1.0f);
  REPEAT(reps, kernel(c, a, b, N));
  print_fp(weigh_f32(c, 2 * N), RTOL);
  return 0;
}
