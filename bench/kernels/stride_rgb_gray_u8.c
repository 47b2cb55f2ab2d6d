// Strided: packed RGB (stride 3) to 8-bit luma with integer weights.
#include "common.h"

#define N 32768
#define REPS 10000

KERNEL void kernel(uint8_t *restrict gray, const uint8_t *restrict rgb, int n) {
  for (int i = 0; i < n; i++)
    gray[i] = (uint8_t)((77 * rgb[3 * i] + 150 * rgb[3 * i + 1] +
                         29 * rgb[3 * i + 2] + 128) >> 8);
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint8_t *rgb = ALLOC(uint8_t, 3 * N), *gray = ALLOC(uint8_t, N);
  fill_u8(rgb, 3 * N, 0, 256);
  REPEAT(reps, kernel(gray, rgb, N));
  print_int(hash_mem(gray, N));
  return 0;
}
