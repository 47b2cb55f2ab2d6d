// Conditional: float sum of the elements whose mask byte is set (strict order).
#include "common.h"

#define N 16384
#define REPS 5000

KERNEL float kernel(const float *x, const uint8_t *m, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    if (m[i])
      s += x[i];
  return s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *x = ALLOC(float, N);
  uint8_t *m = ALLOC(uint8_t, N);
  fill_f32(x, N, 1.0f);
  fill_u8(m, N, 0, 2);
  double t = 0.0;
  REPEAT(reps, t += kernel(x, m, N));
  print_fp(t, RTOL);
  return 0;
}
