// Nested: double matmul C += A * B, j-k-i order (column-major style, strided inner).
#include "common.h"

#define M 128
#define REPS 7

KERNEL void kernel(double *restrict c, const double *restrict a,
                   const double *restrict b, int n) {
  for (int j = 0; j < n; j++)
    for (int k = 0; k < n; k++) {
      double bkj = b[k * n + j];
      for (int i = 0; i < n; i++)
        c[i * n + j] += a[i * n + k] * bkj;
    }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *a = ALLOC(double, M * M), *b = ALLOC(double, M * M), *c = ALLOC(double, M * M);
  fill_f64(a, M * M, 1.0);
  fill_f64(b, M * M, 1.0);
  REPEAT(reps, kernel(c, a, b, M));
  print_fp(weigh_f64(c, M * M), RTOL);
  return 0;
}
