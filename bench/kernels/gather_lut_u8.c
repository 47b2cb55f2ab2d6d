// Gather: byte table lookup, out[i] = lut[in[i]] (gamma curve on a uint8 image).
#include "common.h"

#define N 65536
#define REPS 2500

KERNEL void kernel(uint8_t *restrict out, const uint8_t *restrict in,
                   const uint8_t *restrict lut, int n) {
  for (int i = 0; i < n; i++)
    out[i] = lut[in[i]];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint8_t *in = ALLOC(uint8_t, N), *out = ALLOC(uint8_t, N), *lut = ALLOC(uint8_t, 256);
  for (int v = 0; v < 256; v++)
    lut[v] = (uint8_t)((v * v) >> 8);
  fill_u8(in, N, 0, 256);
  REPEAT(reps, kernel(out, in, lut, N));
  print_int(hash_mem(out, N));
  return 0;
}
