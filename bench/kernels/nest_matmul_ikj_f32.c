// Nested: float matmul C += A * B, i-k-j order (inner axpy over rows of B).
#include "common.h"

#define M 128
#define REPS 800

KERNEL void kernel(float *restrict c, const float *restrict a,
                   const float *restrict b, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      c[i * n + j] = 0.0f;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++) {
      float aik = a[i * n + k];
      for (int j = 0; j < n; j++)
        c[i * n + j] += aik * b[k * n + j];
    }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *a = ALLOC(float, M * M), *b = ALLOC(float, M * M), *c = ALLOC(float, M * M);
  fill_f32(a, M * M, 1.0f);
  fill_f32(b, M * M, 1.0f);
  REPEAT(reps, kernel(c, a, b, M));
  print_fp(weigh_f32(c, M * M), RTOL);
  return 0;
}
