// Reduction: Hamming distance of two uint64 bit sets, sum popcount(a ^ b).
#include "common.h"

#define N 8192
#define REPS 60000

KERNEL uint64_t kernel(const uint64_t *a, const uint64_t *b, int n) {
  uint64_t s = 0;
  for (int i = 0; i < n; i++)
    s += (uint64_t)__builtin_popcountll(a[i] ^ b[i]);
  return s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint64_t *a = ALLOC(uint64_t, N), *b = ALLOC(uint64_t, N);
  for (int i = 0; i < N; i++) {
    a[i] = ((uint64_t)lcg_u32() << 32) | lcg_u32();
    b[i] = ((uint64_t)lcg_u32() << 32) | lcg_u32();
  }
  uint64_t h = 0;
  REPEAT(reps, h = mix64(h, kernel(a, b, N)));
  print_int(h);
  return 0;
}
