// Nested: int32 matmul C += A * B, k-i-j order (outer product updates).
#include "common.h"

#define M 128
#define REPS 800

KERNEL void kernel(uint32_t *restrict c, const int32_t *restrict a,
                   const int32_t *restrict b, int n) {
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++) {
      int32_t aik = a[i * n + k];
      for (int j = 0; j < n; j++)
        c[i * n + j] += (uint32_t)(aik * b[k * n + j]);
    }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *a = ALLOC(int32_t, M * M), *b = ALLOC(int32_t, M * M);
  uint32_t *c = ALLOC(uint32_t, M * M);
  fill_i32(a, M * M, -100, 100);
  fill_i32(b, M * M, -100, 100);
  REPEAT(reps, kernel(c, a, b, M));
  print_int(hash_mem(c, (size_t)M * M * 4));
  return 0;
}
