// Pragma: vectorize(disable) on an otherwise vectorizable int32 loop (must stay scalar).
#include "common.h"

#define N 16384
#define REPS 8000

KERNEL void kernel(int32_t *restrict c, const int32_t *restrict a,
                   const int32_t *restrict b, int n) {
#pragma clang loop vectorize(disable)
  for (int i = 0; i < n; i++)
    c[i] = (a[i] >> 2) + b[i] * 3;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *a = ALLOC(int32_t, N), *b = ALLOC(int32_t, N), *c = ALLOC(int32_t, N);
  fill_i32(a, N, -(1 << 29), 1 << 29);
  fill_i32(b, N, -(1 << 20), 1 << 20);
  REPEAT(reps, kernel(c, a, b, N));
  print_int(hash_mem(c, (size_t)N * 4));
  return 0;
}
