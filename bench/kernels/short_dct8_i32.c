// Short trip count: 8-point integer transform per block (8 x 8 constant inner nest).
#include "common.h"

#define BLOCKS 2048
#define REPS 10000

static const int32_t coef[8][8] = {
    {64, 64, 64, 64, 64, 64, 64, 64},         {89, 75, 50, 18, -18, -50, -75, -89},
    {83, 36, -36, -83, -83, -36, 36, 83},     {75, -18, -89, -50, 50, 89, 18, -75},
    {64, -64, -64, 64, 64, -64, -64, 64},     {50, -89, 18, 75, -75, -18, 89, -50},
    {36, -83, 83, -36, -36, 83, -83, 36},     {18, -50, 75, -89, 89, -75, 50, -18}};

KERNEL void kernel(int32_t *restrict out, const int16_t *restrict in,
                   int blocks) {
  for (int b = 0; b < blocks; b++)
    for (int u = 0; u < 8; u++) {
      int32_t s = 0;
      for (int x = 0; x < 8; x++)
        s += coef[u][x] * in[b * 8 + x];
      out[b * 8 + u] = (s + 64) >> 7;
    }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int16_t *in = ALLOC(int16_t, BLOCKS * 8);
  int32_t *out = ALLOC(int32_t, BLOCKS * 8);
  fill_i16(in, BLOCKS * 8, -256, 256);
  REPEAT(reps, kernel(out, in, BLOCKS));
  print_int(hash_mem(out, (size_t)BLOCKS * 8 * 4));
  return 0;
}
