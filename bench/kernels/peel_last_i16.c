// Peeling: the last iteration differs (i == n - 1 has no right neighbour), int16.
#include "common.h"

#define N 32768
#define REPS 3000

KERNEL void kernel(int16_t *restrict b, const int16_t *restrict a, int n) {
  for (int i = 0; i < n; i++)
    b[i] = (int16_t)(i == n - 1 ? a[i] : (a[i] + a[i + 1]) >> 1);
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int16_t *a = ALLOC(int16_t, N), *b = ALLOC(int16_t, N);
  fill_i16(a, N, -32768, 32768);
  REPEAT(reps, kernel(b, a, N));
  print_int(hash_mem(b, (size_t)N * 2));
  return 0;
}
