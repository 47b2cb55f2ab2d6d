// Element-wise: fixed-point multiply-add over int16, c = ((a * b) >> 8) + d.
#include "common.h"

#define N 32768
#define REPS 30000

KERNEL void kernel(int16_t *restrict c, const int16_t *restrict a,
                   const int16_t *restrict b, const int16_t *restrict d, int n) {
  for (int i = 0; i < n; i++)
    c[i] = (int16_t)(((a[i] * b[i]) >> 8) + d[i]);
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int16_t *a = ALLOC(int16_t, N), *b = ALLOC(int16_t, N);
  int16_t *c = ALLOC(int16_t, N), *d = ALLOC(int16_t, N);
  fill_i16(a, N, -32768, 32768);
  fill_i16(b, N, -32768, 32768);
  fill_i16(d, N, -1000, 1000);
  REPEAT(reps, kernel(c, a, b, d, N));
  print_int(hash_mem(c, (size_t)N * 2));
  return 0;
}
