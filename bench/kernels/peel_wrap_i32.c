// Peeling: wrap-around neighbour, prev starts at n - 1 then follows i (peel one iteration).
#include "common.h"

#define N 16384
#define REPS 7500

KERNEL void kernel(int32_t *restrict b, const int32_t *restrict a, int n) {
  int prev = n - 1;
  for (int i = 0; i < n; i++) {
    b[i] = a[i] + a[prev];
    prev = i;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *a = ALLOC(int32_t, N), *b = ALLOC(int32_t, N);
  fill_i32(a, N, -(1 << 29), 1 << 29);
  REPEAT(reps, kernel(b, a, N));
  print_int(hash_mem(b, (size_t)N * 4));
  return 0;
}
