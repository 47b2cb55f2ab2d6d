// Unroll-and-jam: float matrix-vector rows (unrolling i and jamming reuses x[j] loads).
#include "common.h"

#define M 512
#define REPS 250

KERNEL void kernel(float *restrict y, const float *restrict a,
                   const float *restrict x, int n) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < n; j++)
      s += a[i * n + j] * x[j];
    y[i] = s;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *a = ALLOC(float, M * M), *x = ALLOC(float, M), *y = ALLOC(float, M);
  fill_f32(a, M * M, 1.0f);
  fill_f32(x, M, 1.0f);
  REPEAT(reps, kernel(y, a, x, M));
  print_fp(weigh_f32(y, M), RTOL);
  return 0;
}
