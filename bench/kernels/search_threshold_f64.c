// Early exit: first index where a double exceeds a threshold.
#include "common.h"

#define N 16384
#define REPS 20000

KERNEL int kernel(const double *a, double t, int n) {
  for (int i = 0; i < n; i++)
    if (a[i] > t)
      return i;
  return n;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *a = ALLOC(double, N);
  fill_f64(a, N, 1.0);
  uint64_t h = 0;
  for (long r = 0; r < reps; r++) {
    int pos = N / 2 + (int)lcg_range(0, N / 2);
    a[pos] = 3.0;
    h = mix64(h, (uint64_t)kernel(a, 2.0, N));
    a[pos] = 0.0;
    CLOBBER();
  }
  print_int(h);
  return 0;
}
