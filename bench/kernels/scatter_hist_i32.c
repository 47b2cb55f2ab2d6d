// Scatter: histogram with conflicting updates, hist[key[i]] += w[i].
#include "common.h"

#define N 16384
#define BINS 1024
#define REPS 10000

KERNEL void kernel(uint32_t *restrict hist, const int32_t *restrict key,
                   const uint32_t *restrict w, int n) {
  for (int i = 0; i < n; i++)
    hist[key[i]] += w[i];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint32_t *hist = ALLOC(uint32_t, BINS), *w = ALLOC(uint32_t, N);
  int32_t *key = ALLOC(int32_t, N);
  fill_i32(key, N, 0, BINS);
  fill_u32(w, N, 0, 100);
  REPEAT(reps, kernel(hist, key, w, N));
  print_int(hash_mem(hist, BINS * 4));
  return 0;
}
