// Pragma: unroll_count(8) on a serial hash chain (no vectorization possible).
#include "common.h"

#define N 16384
#define REPS 4000

KERNEL uint32_t kernel(const uint32_t *a, int n) {
  uint32_t h = 2166136261u;
#pragma clang loop unroll_count(8)
  for (int i = 0; i < n; i++)
    h = (h ^ a[i]) * 16777619u;
  return h;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint32_t *a = ALLOC(uint32_t, N);
  fill_u32(a, N, 0, 1u << 31);
  uint64_t h = 0;
  REPEAT(reps, h = mix64(h, kernel(a, N)));
  print_int(h);
  return 0;
}
