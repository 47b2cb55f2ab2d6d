// Nested: double matrix-vector product y = A x (row-major, inner dot product).
#include "common.h"

#define M 512
#define REPS 200

KERNEL void kernel(double *restrict y, const double *restrict a,
                   const double *restrict x, int n) {
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int j = 0; j < n; j++)
      s += a[i * n + j] * x[j];
    y[i] = s;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *a = ALLOC(double, M * M), *x = ALLOC(double, M), *y = ALLOC(double, M);
  fill_f64(a, M * M, 1.0);
  fill_f64(x, M, 1.0);
  REPEAT(reps, kernel(y, a, x, M));
  print_fp(weigh_f64(y, M), RTOL);
  return 0;
}
