// Gather: c[i] = a[idx[i]] + b[i] over int32 with random indices (in cache).
#include "common.h"

#define N 16384
#define TABLE 4096
#define REPS 7500

KERNEL void kernel(int32_t *restrict c, const int32_t *restrict a,
                   const int32_t *restrict idx, const int32_t *restrict b,
                   int n) {
  for (int i = 0; i < n; i++)
    c[i] = a[idx[i]] + b[i];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *a = ALLOC(int32_t, TABLE), *idx = ALLOC(int32_t, N);
  int32_t *b = ALLOC(int32_t, N), *c = ALLOC(int32_t, N);
  fill_i32(a, TABLE, -(1 << 29), 1 << 29);
  fill_i32(idx, N, 0, TABLE);
  fill_i32(b, N, -(1 << 29), 1 << 29);
  REPEAT(reps, kernel(c, a, idx, b, N));
  print_int(hash_mem(c, (size_t)N * 4));
  return 0;
}
