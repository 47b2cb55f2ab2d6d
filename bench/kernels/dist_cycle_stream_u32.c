// Distribution: a memory recurrence (A[i+3] = A[i] * B[i]) fused with a vectorizable stream.
#include "common.h"

#define N 16384
#define REPS 4000

KERNEL void kernel(uint32_t *restrict a, const uint32_t *restrict b,
                   uint32_t *restrict c, const uint32_t *restrict d,
                   const uint32_t *restrict e, int n) {
  for (int i = 0; i < n; i++) {
    a[i + 3] = a[i] * b[i];
    c[i] = d[i] * e[i];
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint32_t *a = ALLOC(uint32_t, N + 3), *b = ALLOC(uint32_t, N), *c = ALLOC(uint32_t, N);
  uint32_t *d = ALLOC(uint32_t, N), *e = ALLOC(uint32_t, N);
  fill_u32(b, N, 1, 1u << 31);
  for (int i = 0; i < N; i++)
    b[i] |= 1u; /* odd factors keep the products from collapsing to 0 */
  fill_u32(d, N, 0, 1u << 31);
  fill_u32(e, N, 0, 1u << 31);
  uint64_t h = 0;
  for (long r = 0; r < reps; r++) {
    a[0] = (uint32_t)r | 1u;
    a[1] = 3u;
    a[2] = 5u;
    kernel(a, b, c, d, e, N);
    h = mix64(h, a[N + 2]);
    CLOBBER();
  }
  print_int(mix64(h, hash_mem(c, (size_t)N * 4)));
  return 0;
}
