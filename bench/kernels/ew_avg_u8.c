// Element-wise: rounded average of two uint8 images, (a + b + 1) >> 1.
#include "common.h"

#define N 65536
#define REPS 40000

KERNEL void kernel(uint8_t *restrict c, const uint8_t *restrict a,
                   const uint8_t *restrict b, int n) {
  for (int i = 0; i < n; i++)
    c[i] = (uint8_t)((a[i] + b[i] + 1) >> 1);
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint8_t *a = ALLOC(uint8_t, N), *b = ALLOC(uint8_t, N), *c = ALLOC(uint8_t, N);
  fill_u8(a, N, 0, 256);
  fill_u8(b, N, 0, 256);
  REPEAT(reps, kernel(c, a, b, N));
  print_int(hash_mem(c, N));
  return 0;
}
