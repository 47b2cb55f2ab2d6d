// Early exit: index of the first int32 equal to a key (linear search).
#include "common.h"

#define N 16384
#define REPS 20000

KERNEL int kernel(const int32_t *a, int32_t key, int n) {
  for (int i = 0; i < n; i++)
    if (a[i] == key)
      return i;
  return -1;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *a = ALLOC(int32_t, N);
  fill_i32(a, N, 0, 1 << 30);
  uint64_t h = 0;
  for (long r = 0; r < reps; r++) {
    /* Keys sit in the second half, or are absent (every 8th search). */
    int pos = N / 2 + (int)lcg_range(0, N / 2);
    int32_t key = (r & 7) ? a[pos] : -5;
    h = mix64(h, (uint64_t)(int64_t)kernel(a, key, N));
    CLOBBER();
  }
  print_int(h);
  return 0;
}
