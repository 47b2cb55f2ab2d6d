// Reduction: sum of uint8 bytes into uint32.
#include "common.h"

#define N 65536
#define REPS 50000

KERNEL uint32_t kernel(const uint8_t *a, int n) {
  uint32_t s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint8_t *a = ALLOC(uint8_t, N);
  fill_u8(a, N, 0, 256);
  uint64_t h = 0;
  REPEAT(reps, h = mix64(h, kernel(a, N)));
  print_int(h);
  return 0;
}
