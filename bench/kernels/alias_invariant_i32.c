// Alias versioning: a[i] += *p where p may point into a (LICM after versioning).
#include "common.h"

#define N 16384
#define REPS 150000

KERNEL void kernel(int32_t *a, const int32_t *p, int n) {
  for (int i = 0; i < n; i++)
    a[i] = (a[i] + *p) & 0xfffff;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *a = ALLOC(int32_t, N), *k = ALLOC(int32_t, 1);
  fill_i32(a, N, 0, 1 << 20);
  k[0] = 12345;
  REPEAT(reps, kernel(a, k, N));
  print_int(hash_mem(a, (size_t)N * 4));
  return 0;
}
