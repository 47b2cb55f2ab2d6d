// Recurrence: in-place inclusive prefix sum, a[i] += a[i - 1] (wrapping uint32).
#include "common.h"

#define N 16384
#define REPS 15000

KERNEL void kernel(uint32_t *a, int n) {
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint32_t *a = ALLOC(uint32_t, N);
  fill_u32(a, N, 0, 1000);
  REPEAT(reps, kernel(a, N));
  print_int(hash_mem(a, (size_t)N * 4));
  return 0;
}
