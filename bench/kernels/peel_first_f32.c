// Peeling: the first iteration differs (i == 0 uses a boundary value), float.
#include "common.h"

#define N 16384
#define REPS 40000

KERNEL void kernel(float *restrict b, const float *restrict a, float edge,
                   int n) {
  for (int i = 0; i < n; i++) {
    float left = i == 0 ? edge : a[i - 1];
    b[i] = 0.5f * (a[i] + left);
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *a = ALLOC(float, N), *b = ALLOC(float, N);
  fill_f32(a, N, 1.0f);
  REPEAT(reps, kernel(b, a, 0.125f, N));
  print_fp(weigh_f32(b, N), RTOL);
  return 0;
}
