// Element-wise: saxpy over float, y = a * x + y.
#include "common.h"

#define N 16384
#define REPS 40000

KERNEL void kernel(float *restrict y, const float *restrict x, float a, int n) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *x = ALLOC(float, N), *y = ALLOC(float, N);
  fill_f32(x, N, 1.0f);
  fill_f32(y, N, 1.0f);
  REPEAT(reps, kernel(y, x, 0.999f, N));
  print_fp(weigh_f32(y, N), RTOL);
  return 0;
}
