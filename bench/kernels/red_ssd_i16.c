// Reduction: sum of squared differences of int16 signals into int64.
#include "common.h"

#define N 32768
#define REPS 25000

KERNEL int64_t kernel(const int16_t *a, const int16_t *b, int n) {
  int64_t s = 0;
  for (int i = 0; i < n; i++) {
    int d = a[i] - b[i];
    s += d * d;
  }
  return s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int16_t *a = ALLOC(int16_t, N), *b = ALLOC(int16_t, N);
  fill_i16(a, N, -16384, 16384);
  fill_i16(b, N, -16384, 16384);
  uint64_t h = 0;
  REPEAT(reps, h = mix64(h, (uint64_t)kernel(a, b, N)));
  print_int(h);
  return 0;
}
