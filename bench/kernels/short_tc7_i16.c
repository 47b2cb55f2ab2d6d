// Short trip count: an odd constant trip count of 7 (7-tap integer smoothing).
#include "common.h"

#define N 16384
#define REPS 20000

KERNEL void kernel(int16_t *restrict y, const int16_t *restrict x, int n) {
  static const int16_t w[7] = {1, 6, 15, 20, 15, 6, 1};
  for (int i = 0; i < n; i++) {
    int s = 0;
    for (int k = 0; k < 7; k++)
      s += w[k] * x[i + k];
    y[i] = (int16_t)(s >> 6);
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int16_t *x = ALLOC(int16_t, N + 7), *y = ALLOC(int16_t, N);
  fill_i16(x, N + 7, -32768, 32768);
  REPEAT(reps, kernel(y, x, N));
  print_int(hash_mem(y, (size_t)N * 2));
  return 0;
}
