// Distribution: a vectorizable scale feeding a serial running sum in one loop.
#include "common.h"

#define N 16384
#define REPS 4000

KERNEL void kernel(float *restrict t, float *restrict acc,
                   const float *restrict x, const float *restrict w, int n) {
  for (int i = 1; i < n; i++) {
    t[i] = x[i] * w[i] + 0.5f * x[i - 1];
    acc[i] = acc[i - 1] * 0.5f + t[i];
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *t = ALLOC(float, N), *acc = ALLOC(float, N);
  float *x = ALLOC(float, N), *w = ALLOC(float, N);
  fill_f32(x, N, 1.0f);
  fill_f32(w, N, 1.0f);
  REPEAT(reps, kernel(t, acc, x, w, N));
  print_fp(weigh_f32(t, N) + weigh_f32(acc, N), RTOL);
  return 0;
}
