// Strided: sum of every fourth int64 (constant stride 4, one field of a struct array).
#include "common.h"

#define N 8192
#define REPS 30000

KERNEL int64_t kernel(const int64_t *a, int n) {
  int64_t s = 0;
  for (int i = 0; i < n; i++)
    s += a[4 * i];
  return s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int64_t *a = ALLOC(int64_t, 4 * N);
  fill_i64(a, 4 * N, -(1LL << 40), 1LL << 40);
  uint64_t h = 0;
  REPEAT(reps, h = mix64(h, (uint64_t)kernel(a, N)));
  print_int(h);
  return 0;
}
