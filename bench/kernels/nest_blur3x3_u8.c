// Stencil: 2-D 3x3 box blur of a uint8 image (nine-point, integer).
#include "common.h"

#define W 512
#define H 256
#define REPS 1500

KERNEL void kernel(uint8_t *restrict out, const uint8_t *restrict in, int w,
                   int h) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      int s = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          s += in[(y + dy) * w + x + dx];
      out[y * w + x] = (uint8_t)((s * 7282) >> 16);
    }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint8_t *in = ALLOC(uint8_t, W * H), *out = ALLOC(uint8_t, W * H);
  fill_u8(in, W * H, 0, 256);
  REPEAT(reps, kernel(out, in, W, H));
  print_int(hash_mem(out, W * H));
  return 0;
}
