// Recurrence: serial LCG stream, x = x * A + C; out[i] = x >> 33 (a true chain).
#include "common.h"

#define N 16384
#define REPS 4000

KERNEL uint64_t kernel(uint32_t *restrict out, uint64_t x, int n) {
  for (int i = 0; i < n; i++) {
    x = x * 2862933555777941757ULL + 3037000493ULL;
    out[i] = (uint32_t)(x >> 33);
  }
  return x;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint32_t *out = ALLOC(uint32_t, N);
  uint64_t x = 12345;
  REPEAT(reps, x = kernel(out, x, N));
  print_int(mix64(hash_mem(out, (size_t)N * 4), x));
  return 0;
}
