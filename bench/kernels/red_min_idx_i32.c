// Reduction: minimum of int32 with the index of its first occurrence.
#include "common.h"

#define N 16384
#define REPS 20000

KERNEL int kernel(const int32_t *a, int n, int32_t *minval) {
  int32_t m = a[0];
  int idx = 0;
  for (int i = 1; i < n; i++) {
    if (a[i] < m) {
      m = a[i];
      idx = i;
    }
  }
  *minval = m;
  return idx;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *a = ALLOC(int32_t, N);
  fill_i32(a, N, -(1 << 30), 1 << 30);
  uint64_t h = 0;
  int32_t m = 0;
  for (long r = 0; r < reps; r++) {
    a[(r * 7919) % N] = (int32_t)lcg_range(-(1 << 30), 1 << 30);
    int idx = kernel(a, N, &m);
    h = mix64(h, ((uint64_t)(uint32_t)m << 32) | (uint32_t)idx);
    CLOBBER();
  }
  print_int(h);
  return 0;
}
