// Conditional: c = a > b ? a - b : 2 * b (if-converted select) over int32.
#include "common.h"

#define N 16384
#define REPS 40000

KERNEL void kernel(int32_t *restrict c, const int32_t *restrict a,
                   const int32_t *restrict b, int n) {
  for (int i = 0; i < n; i++) {
    if (a[i] > b[i])
      c[i] = a[i] - b[i];
    else
      c[i] = 2 * b[i];
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *a = ALLOC(int32_t, N), *b = ALLOC(int32_t, N), *c = ALLOC(int32_t, N);
  fill_i32(a, N, -(1 << 28), 1 << 28);
  fill_i32(b, N, -(1 << 28), 1 << 28);
  REPEAT(reps, kernel(c, a, b, N));
  print_int(hash_mem(c, (size_t)N * 4));
  return 0;
}
