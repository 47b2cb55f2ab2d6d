// Recurrence: Thomas algorithm for a tridiagonal system (forward and back sweeps).
#include "common.h"

#define N 16384
#define REPS 600

KERNEL void kernel(double *restrict x, const double *restrict lo,
                   const double *restrict di, const double *restrict up,
                   const double *restrict rhs, double *restrict cp,
                   double *restrict dp, int n) {
  cp[0] = up[0] / di[0];
  dp[0] = rhs[0] / di[0];
  for (int i = 1; i < n; i++) {
    double m = 1.0 / (di[i] - lo[i] * cp[i - 1]);
    cp[i] = up[i] * m;
    dp[i] = (rhs[i] - lo[i] * dp[i - 1]) * m;
  }
  x[n - 1] = dp[n - 1];
  for (int i = n - 2; i >= 0; i--)
    x[i] = dp[i] - cp[i] * x[i + 1];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *lo = ALLOC(double, N), *di = ALLOC(double, N), *up = ALLOC(double, N);
  double *rhs = ALLOC(double, N), *x = ALLOC(double, N);
  double *cp = ALLOC(double, N), *dp = ALLOC(double, N);
  fill_f64(lo, N, 0.5);
  fill_f64(up, N, 0.5);
  for (int i = 0; i < N; i++)
    di[i] = 4.0 + lcg_f64();
  fill_f64(rhs, N, 1.0);
  REPEAT(reps, kernel(x, lo, di, up, rhs, cp, dp, N));
  print_fp(weigh_f64(x, N), RTOL);
  return 0;
}
