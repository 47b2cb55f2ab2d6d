// Pragma: vectorize(enable) interleave_count(4) on a double dot product (exact data).
#include "common.h"

#define N 16384
#define REPS 30000

KERNEL double kernel(const double *a, const double *b, int n) {
  double s = 0.0;
#pragma clang loop vectorize(enable) interleave_count(4)
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *a = ALLOC(double, N), *b = ALLOC(double, N);
  fill_f64_exact(a, N);
  fill_f64_exact(b, N);
  double t = 0.0;
  REPEAT(reps, t += kernel(a, b, N));
  print_fp(t, 0.0);
  return 0;
}
