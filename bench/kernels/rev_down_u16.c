// Reversed: a count-down loop, for (i = n - 1; i >= 0; i--) over uint16.
#include "common.h"

#define N 32768
#define REPS 25000

KERNEL void kernel(uint16_t *restrict c, const uint16_t *restrict a,
                   const uint16_t *restrict b, int n) {
  for (int i = n - 1; i >= 0; i--)
    c[i] = (uint16_t)(a[i] ^ (b[i] >> 1)) + (uint16_t)i;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint16_t *a = ALLOC(uint16_t, N), *b = ALLOC(uint16_t, N), *c = ALLOC(uint16_t, N);
  fill_u16(a, N, 0, 65536);
  fill_u16(b, N, 0, 65536);
  REPEAT(reps, kernel(c, a, b, N));
  print_int(hash_mem(c, (size_t)N * 2));
  return 0;
}
