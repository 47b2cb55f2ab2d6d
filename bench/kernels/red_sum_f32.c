// Reduction: float sum in source order (strict FP: no reassociation allowed).
#include "common.h"

#define N 16384
#define REPS 5000

KERNEL float kernel(const float *a, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *a = ALLOC(float, N);
  fill_f32(a, N, 1.0f);
  double t = 0.0;
  REPEAT(reps, t += kernel(a, N));
  print_fp(t, RTOL);
  return 0;
}
