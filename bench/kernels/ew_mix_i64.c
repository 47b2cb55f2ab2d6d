// Element-wise: int64 shift/xor/multiply mix, c = (a ^ (b >> 7)) + 5 * a.
#include "common.h"

#define N 16384
#define REPS 15000

KERNEL void kernel(int64_t *restrict c, const int64_t *restrict a,
                   const int64_t *restrict b, int n) {
  for (int i = 0; i < n; i++)
    c[i] = (a[i] ^ (b[i] >> 7)) + 5 * a[i];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int64_t *a = ALLOC(int64_t, N), *b = ALLOC(int64_t, N), *c = ALLOC(int64_t, N);
  for (int i = 0; i < N; i++) {
    a[i] = ((int64_t)lcg_u32() << 8) - ((int64_t)1 << 39);
    b[i] = ((int64_t)lcg_u32() << 20) ^ lcg_u32();
  }
  REPEAT(reps, kernel(c, a, b, N));
  print_int(hash_mem(c, (size_t)N * 8));
  return 0;
}
