// Reduction: double dot product in source order.
#include "common.h"

#define N 16384
#define REPS 4000

KERNEL double kernel(const double *a, const double *b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *a = ALLOC(double, N), *b = ALLOC(double, N);
  fill_f64(a, N, 1.0);
  fill_f64(b, N, 1.0);
  double t = 0.0;
  REPEAT(reps, t += kernel(a, b, N));
  print_fp(t, RTOL);
  return 0;
}
