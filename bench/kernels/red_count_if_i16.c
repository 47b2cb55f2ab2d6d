// Reduction: count int16 elements inside a window (lo < a[i] <= hi).
#include "common.h"

#define N 32768
#define REPS 60000

KERNEL int kernel(const int16_t *a, int16_t lo, int16_t hi, int n) {
  int c = 0;
  for (int i = 0; i < n; i++)
    c += (a[i] > lo) & (a[i] <= hi);
  return c;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int16_t *a = ALLOC(int16_t, N);
  fill_i16(a, N, -32768, 32768);
  uint64_t h = 0;
  REPEAT(reps, h = mix64(h, (uint64_t)kernel(a, -1000, 12000, N)));
  print_int(h);
  return 0;
}
