// Element-wise: daxpy over double, y = a * x + y.
#include "common.h"

#define N 16384
#define REPS 30000

KERNEL void kernel(double *restrict y, const double *restrict x, double a,
                   int n) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *x = ALLOC(double, N), *y = ALLOC(double, N);
  fill_f64(x, N, 1.0);
  fill_f64(y, N, 1.0);
  REPEAT(reps, kernel(y, x, 0.999, N));
  print_fp(weigh_f64(y, N), RTOL);
  return 0;
}
