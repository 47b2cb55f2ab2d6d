// Distribution: a histogram update (conflicting scatter) next to a vectorizable scale.
#include "common.h"

#define N 16384
#define BINS 256
#define REPS 8000

KERNEL void kernel(uint32_t *restrict hist, int32_t *restrict out,
                   const uint8_t *restrict key, const int32_t *restrict in,
                   int n) {
  for (int i = 0; i < n; i++) {
    hist[key[i]]++;
    out[i] = 3 * in[i] + 7;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint32_t *hist = ALLOC(uint32_t, BINS);
  int32_t *out = ALLOC(int32_t, N), *in = ALLOC(int32_t, N);
  uint8_t *key = ALLOC(uint8_t, N);
  fill_u8(key, N, 0, BINS);
  fill_i32(in, N, -(1 << 20), 1 << 20);
  REPEAT(reps, kernel(hist, out, key, in, N));
  print_int(mix64(hash_mem(hist, BINS * 4), hash_mem(out, (size_t)N * 4)));
  return 0;
}
