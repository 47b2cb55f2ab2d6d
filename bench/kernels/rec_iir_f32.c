// Recurrence: first-order IIR filter, y[i] = c * y[i - 1] + x[i] over float.
#include "common.h"

#define N 16384
#define REPS 4000

KERNEL void kernel(float *restrict y, const float *restrict x, float c, int n) {
  float prev = y[n - 1];
  for (int i = 0; i < n; i++) {
    prev = c * prev + x[i];
    y[i] = prev;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *x = ALLOC(float, N), *y = ALLOC(float, N);
  fill_f32(x, N, 1.0f);
  REPEAT(reps, kernel(y, x, 0.875f, N));
  print_fp(weigh_f32(y, N), RTOL);
  return 0;
}
