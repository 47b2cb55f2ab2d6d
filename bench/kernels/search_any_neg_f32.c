// Early exit: does any float in a block fall below zero? (boolean any-of)
#include "common.h"

#define N 16384
#define BLOCK 1024
#define REPS 15000

KERNEL int kernel(const float *a, int n) {
  int count = 0;
  for (int b = 0; b < n; b += BLOCK) {
    int any = 0;
    for (int i = b; i < b + BLOCK; i++) {
      if (a[i] < 0.0f) {
        any = 1;
        break;
      }
    }
    count += any;
  }
  return count;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *a = ALLOC(float, N);
  for (int i = 0; i < N; i++)
    a[i] = 1.0f + lcg_f32() * 0.5f;
  uint64_t h = 0;
  for (long r = 0; r < reps; r++) {
    int pos = (int)lcg_range(0, N);
    a[pos] = -1.0f;
    h = mix64(h, (uint64_t)kernel(a, N));
    a[pos] = 1.0f;
    CLOBBER();
  }
  print_int(h);
  return 0;
}
