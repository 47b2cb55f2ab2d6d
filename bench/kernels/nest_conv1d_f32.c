// Nested: 1-D convolution with a run-time tap count (inner reduction over taps).
#include "common.h"

#define N 16384
#define TAPS 16
#define REPS 800

KERNEL void kernel(float *restrict y, const float *restrict x,
                   const float *restrict w, int n, int taps) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 0; k < taps; k++)
      s += w[k] * x[i + k];
    y[i] = s;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *x = ALLOC(float, N + TAPS), *y = ALLOC(float, N), *w = ALLOC(float, TAPS);
  fill_f32(x, N + TAPS, 1.0f);
  fill_f32(w, TAPS, 0.25f);
  REPEAT(reps, kernel(y, x, w, N, TAPS));
  print_fp(weigh_f32(y, N), RTOL);
  return 0;
}
