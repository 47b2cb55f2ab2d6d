// Pragma: distribute(enable) on a loop mixing a distance-3 memory recurrence and a vectorizable stream.
#include "common.h"

#define N 16384
#define REPS 10000

KERNEL void kernel(uint32_t *restrict a, const uint32_t *restrict b,
                   uint32_t *restrict c, const uint32_t *restrict d, int n) {
#pragma clang loop distribute(enable)
  for (int i = 0; i < n; i++) {
    a[i + 3] = a[i] + b[i];
    c[i] = (d[i] ^ (d[i] >> 3)) * 5u;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint32_t *a = ALLOC(uint32_t, N + 3), *b = ALLOC(uint32_t, N);
  uint32_t *c = ALLOC(uint32_t, N), *d = ALLOC(uint32_t, N);
  fill_u32(b, N, 0, 1u << 31);
  fill_u32(d, N, 0, 1u << 31);
  uint64_t h = 0;
  for (long r = 0; r < reps; r++) {
    a[0] = (uint32_t)r;
    kernel(a, b, c, d, N);
    h = mix64(h, a[N + 2]);
    CLOBBER();
  }
  print_int(mix64(h, hash_mem(c, (size_t)N * 4)));
  return 0;
}
