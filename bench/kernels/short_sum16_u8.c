// Short trip count: per 16-byte block, a 16-iteration byte sum and max.
#include "common.h"

#define BLOCKS 4096
#define REPS 4000

KERNEL void kernel(uint16_t *restrict sums, uint8_t *restrict maxes,
                   const uint8_t *restrict in, int blocks) {
  for (int b = 0; b < blocks; b++) {
    unsigned s = 0, m = 0;
    for (int k = 0; k < 16; k++) {
      unsigned v = in[b * 16 + k];
      s += v;
      m = v > m ? v : m;
    }
    sums[b] = (uint16_t)s;
    maxes[b] = (uint8_t)m;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint8_t *in = ALLOC(uint8_t, BLOCKS * 16), *maxes = ALLOC(uint8_t, BLOCKS);
  uint16_t *sums = ALLOC(uint16_t, BLOCKS);
  fill_u8(in, BLOCKS * 16, 0, 256);
  REPEAT(reps, kernel(sums, maxes, in, BLOCKS));
  print_int(mix64(hash_mem(sums, BLOCKS * 2), hash_mem(maxes, BLOCKS)));
  return 0;
}
