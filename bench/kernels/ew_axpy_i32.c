// Element-wise: integer axpy over int32, y = k * x + y (values kept in range).
#include "common.h"

#define N 16384
#define REPS 50000

KERNEL void kernel(int32_t *restrict y, const int32_t *restrict x, int32_t k,
                   int n) {
  for (int i = 0; i < n; i++)
    y[i] = (k * x[i] + y[i]) & 0xffffff;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *x = ALLOC(int32_t, N), *y = ALLOC(int32_t, N);
  fill_i32(x, N, -4096, 4096);
  fill_i32(y, N, 0, 1 << 24);
  REPEAT(reps, kernel(y, x, 37, N));
  print_int(hash_mem(y, (size_t)N * 4));
  return 0;
}
