// Conditional: masked store, if (a[i] > 0) b[i] = a[i] * s (b kept otherwise).
#include "common.h"

#define N 16384
#define REPS 60000

KERNEL void kernel(float *restrict b, const float *restrict a, float s, int n) {
  for (int i = 0; i < n; i++)
    if (a[i] > 0.0f)
      b[i] = a[i] * s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *a = ALLOC(float, N), *b = ALLOC(float, N);
  fill_f32(a, N, 1.0f);
  fill_f32(b, N, 1.0f);
  REPEAT(reps, kernel(b, a, 0.5f, N));
  print_fp(weigh_f32(b, N), RTOL);
  return 0;
}
