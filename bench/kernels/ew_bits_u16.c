// Element-wise: bit manipulation over uint16, c = (a << 3 | b >> 5) ^ mask.
#include "common.h"

#define N 32768
#define REPS 40000

KERNEL void kernel(uint16_t *restrict c, const uint16_t *restrict a,
                   const uint16_t *restrict b, uint16_t mask, int n) {
  for (int i = 0; i < n; i++)
    c[i] = (uint16_t)(((a[i] << 3) | (b[i] >> 5)) ^ mask);
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint16_t *a = ALLOC(uint16_t, N), *b = ALLOC(uint16_t, N), *c = ALLOC(uint16_t, N);
  fill_u16(a, N, 0, 65536);
  fill_u16(b, N, 0, 65536);
  REPEAT(reps, kernel(c, a, b, 0x5a5a, N));
  print_int(hash_mem(c, (size_t)N * 2));
  return 0;
}
