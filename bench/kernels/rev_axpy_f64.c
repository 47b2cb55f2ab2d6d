// Reversed: y[i] += a * x[n - 1 - i] over double.
#include "common.h"

#define N 16384
#define REPS 25000

KERNEL void kernel(double *restrict y, const double *restrict x, double a,
                   int n) {
  for (int i = 0; i < n; i++)
    y[i] += a * x[n - 1 - i];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *x = ALLOC(double, N), *y = ALLOC(double, N);
  fill_f64(x, N, 1.0);
  fill_f64(y, N, 1.0);
  REPEAT(reps, kernel(y, x, 0.5, N));
  print_fp(weigh_f64(y, N), RTOL);
  return 0;
}
