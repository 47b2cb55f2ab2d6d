// Element-wise: c[i] = a[i] + b[i] over int8 (wrapping), streaming in L1/L2.
#include "common.h"

#define N 32768
#define REPS 80000

KERNEL void kernel(int8_t *restrict c, const int8_t *restrict a,
                   const int8_t *restrict b, int n) {
  for (int i = 0; i < n; i++)
    c[i] = (int8_t)(a[i] + b[i]);
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int8_t *a = ALLOC(int8_t, N), *b = ALLOC(int8_t, N), *c = ALLOC(int8_t, N);
  fill_i8(a, N, -128, 128);
  fill_i8(b, N, -128, 128);
  REPEAT(reps, kernel(c, a, b, N));
  print_int(hash_mem(c, N));
  return 0;
}
