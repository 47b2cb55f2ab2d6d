// Element-wise: widening multiply-accumulate, acc32[i] += a8[i] * b8[i].
#include "common.h"

#define N 32768
#define REPS 40000

KERNEL void kernel(int32_t *restrict acc, const int8_t *restrict a,
                   const int8_t *restrict b, int n) {
  for (int i = 0; i < n; i++)
    acc[i] += a[i] * b[i];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int8_t *a = ALLOC(int8_t, N), *b = ALLOC(int8_t, N);
  int32_t *acc = ALLOC(int32_t, N);
  fill_i8(a, N, -128, 128);
  fill_i8(b, N, -128, 128);
  REPEAT(reps, kernel(acc, a, b, N));
  print_int(hash_mem(acc, (size_t)N * 4));
  return 0;
}
