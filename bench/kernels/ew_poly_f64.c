// Element-wise: degree-7 polynomial by Horner's rule over double (compute bound).
#include "common.h"

#define N 16384
#define REPS 15000

KERNEL void kernel(double *restrict y, const double *restrict x, int n) {
  for (int i = 0; i < n; i++) {
    double t = x[i];
    y[i] = ((((((0.0078125 * t - 0.015625) * t + 0.03125) * t - 0.0625) * t +
              0.125) * t - 0.25) * t + 0.5) * t + 1.0;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *x = ALLOC(double, N), *y = ALLOC(double, N);
  fill_f64(x, N, 1.0);
  REPEAT(reps, kernel(y, x, N));
  print_fp(weigh_f64(y, N), RTOL);
  return 0;
}
