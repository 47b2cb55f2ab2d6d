// Reduction: maximum of float with the index of its first occurrence.
#include "common.h"

#define N 16384
#define REPS 5000

KERNEL int kernel(const float *a, int n) {
  float m = a[0];
  int idx = 0;
  for (int i = 1; i < n; i++) {
    if (a[i] > m) {
      m = a[i];
      idx = i;
    }
  }
  return idx;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *a = ALLOC(float, N);
  fill_f32(a, N, 1.0f);
  uint64_t h = 0;
  for (long r = 0; r < reps; r++) {
    a[(r * 7919) % N] = lcg_f32();
    h = mix64(h, (uint64_t)kernel(a, N));
    CLOBBER();
  }
  print_int(h);
  return 0;
}
