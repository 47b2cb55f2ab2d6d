// Nested: triangular nest (j <= i), lower-triangular matrix times vector over int32.
#include "common.h"

#define M 1024
#define REPS 2000

KERNEL void kernel(int32_t *restrict y, const int32_t *restrict l,
                   const int32_t *restrict x, int n) {
  for (int i = 0; i < n; i++) {
    int32_t s = 0;
    for (int j = 0; j <= i; j++)
      s += l[i * n + j] * x[j];
    y[i] = s;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *l = ALLOC(int32_t, M * M), *x = ALLOC(int32_t, M), *y = ALLOC(int32_t, M);
  fill_i32(l, M * M, -1000, 1000);
  fill_i32(x, M, -1000, 1000);
  REPEAT(reps, kernel(y, l, x, M));
  print_int(hash_mem(y, (size_t)M * 4));
  return 0;
}
