// Reduction: minimum and maximum of double in one pass (compare-and-select).
#include "common.h"

#define N 16384
#define REPS 8000

KERNEL void kernel(const double *a, int n, double *lo, double *hi) {
  double mn = a[0], mx = a[0];
  for (int i = 1; i < n; i++) {
    mn = a[i] < mn ? a[i] : mn;
    mx = a[i] > mx ? a[i] : mx;
  }
  *lo = mn;
  *hi = mx;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *a = ALLOC(double, N);
  fill_f64(a, N, 1.0);
  double t = 0.0, lo = 0.0, hi = 0.0;
  for (long r = 0; r < reps; r++) {
    a[(r * 7919) % N] = lcg_f64() * 1.5;
    kernel(a, N, &lo, &hi);
    t += hi - lo;
    CLOBBER();
  }
  print_fp(t, RTOL);
  return 0;
}
