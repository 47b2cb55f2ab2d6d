// Conditional: sum of absolute differences of uint8 blocks (motion search).
#include "common.h"

#define N 65536
#define REPS 15000

KERNEL uint32_t kernel(const uint8_t *a, const uint8_t *b, int n) {
  uint32_t s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] > b[i] ? (uint32_t)(a[i] - b[i]) : (uint32_t)(b[i] - a[i]);
  return s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint8_t *a = ALLOC(uint8_t, N), *b = ALLOC(uint8_t, N);
  fill_u8(a, N, 0, 256);
  fill_u8(b, N, 0, 256);
  uint64_t h = 0;
  REPEAT(reps, h = mix64(h, kernel(a, b, N)));
  print_int(h);
  return 0;
}
