// Alias versioning: in-place y = 0.5 * y + x * z through non-restrict double pointers.
#include "common.h"

#define N 16384
#define REPS 20000

KERNEL void kernel(double *y, const double *x, const double *z, int n) {
  for (int i = 0; i < n; i++)
    y[i] = 0.5 * y[i] + x[i] * z[i];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *x = ALLOC(double, N), *y = ALLOC(double, N), *z = ALLOC(double, N);
  fill_f64(x, N, 1.0);
  fill_f64(y, N, 1.0);
  fill_f64(z, N, 1.0);
  REPEAT(reps, kernel(y, x, z, N));
  print_fp(weigh_f64(y, N), RTOL);
  return 0;
}
