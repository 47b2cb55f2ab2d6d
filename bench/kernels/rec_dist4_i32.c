// Recurrence: dependence distance 4, a[i + 4] = 3 * a[i] + b[i] (vectorizable at width <= 4).
#include "common.h"

#define N 16384
#define REPS 20000

KERNEL void kernel(uint32_t *a, const uint32_t *restrict b, int n) {
  for (int i = 0; i < n - 4; i++)
    a[i + 4] = 3 * a[i] + b[i];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint32_t *a = ALLOC(uint32_t, N), *b = ALLOC(uint32_t, N);
  fill_u32(a, N, 0, 1u << 31);
  fill_u32(b, N, 0, 1u << 31);
  REPEAT(reps, kernel(a, b, N));
  print_int(hash_mem(a, (size_t)N * 4));
  return 0;
}
