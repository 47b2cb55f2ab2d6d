// Reversed: b[i] = a[n - 1 - i] + 1 over int32 (reverse-order load).
#include "common.h"

#define N 16384
#define REPS 60000

KERNEL void kernel(int32_t *restrict b, const int32_t *restrict a, int n) {
  for (int i = 0; i < n; i++)
    b[i] = a[n - 1 - i] + 1;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *a = ALLOC(int32_t, N), *b = ALLOC(int32_t, N);
  fill_i32(a, N, -(1 << 30), 1 << 30);
  REPEAT(reps, kernel(b, a, N));
  print_int(hash_mem(b, (size_t)N * 4));
  return 0;
}
