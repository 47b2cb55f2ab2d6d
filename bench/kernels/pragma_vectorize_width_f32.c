// Pragma: vectorize_width(8) interleave_count(2) on a float sum (allows reassociation; exact data).
#include "common.h"

#define N 16384
#define REPS 80000

KERNEL float kernel(const float *a, int n) {
  float s = 0.0f;
#pragma clang loop vectorize_width(8) interleave_count(2)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *a = ALLOC(float, N);
  fill_f32_exact(a, N);
  double t = 0.0;
  REPEAT(reps, t += kernel(a, N));
  print_fp(t, 0.0);
  return 0;
}
