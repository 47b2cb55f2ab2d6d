// Reduction: widening sum of int32 into int64.
#include "common.h"

#define N 16384
#define REPS 100000

KERNEL int64_t kernel(const int32_t *a, int n) {
  int64_t s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *a = ALLOC(int32_t, N);
  fill_i32(a, N, -(1 << 30), 1 << 30);
  uint64_t h = 0;
  REPEAT(reps, h = mix64(h, (uint64_t)kernel(a, N)));
  print_int(h);
  return 0;
}
