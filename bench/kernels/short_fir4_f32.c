// Short trip count: 4-tap FIR, the inner loop has a constant trip count of 4.
#include "common.h"

#define N 16384
#define REPS 40000

KERNEL void kernel(float *restrict y, const float *restrict x,
                   const float *restrict w, int n) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 0; k < 4; k++)
      s += w[k] * x[i + k];
    y[i] = s;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *x = ALLOC(float, N + 4), *y = ALLOC(float, N), *w = ALLOC(float, 4);
  fill_f32(x, N + 4, 1.0f);
  fill_f32(w, 4, 0.5f);
  REPEAT(reps, kernel(y, x, w, N));
  print_fp(weigh_f32(y, N), RTOL);
  return 0;
}
