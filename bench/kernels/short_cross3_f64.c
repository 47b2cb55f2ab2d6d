// Short trip count: arrays of 3-vectors, component loops of trip count 3 (cross, dot).
#include "common.h"

#define N 8192
#define REPS 8000

KERNEL void kernel(double *restrict out, const double *restrict a,
                   const double *restrict b, int n) {
  for (int i = 0; i < n; i++) {
    const double *p = a + 3 * i, *q = b + 3 * i;
    double d = 0.0;
    for (int k = 0; k < 3; k++)
      d += p[k] * q[k];
    for (int k = 0; k < 3; k++) {
      int k1 = k == 2 ? 0 : k + 1, k2 = k == 0 ? 2 : k - 1;
      out[3 * i + k] = p[k1] * q[k2] - p[k2] * q[k1] + d;
    }
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *a = ALLOC(double, 3 * N), *b = ALLOC(double, 3 * N), *out = ALLOC(double, 3 * N);
  fill_f64(a, 3 * N, 1.0);
  fill_f64(b, 3 * N, 1.0);
  REPEAT(reps, kernel(out, a, b, N));
  print_fp(weigh_f64(out, 3 * N), RTOL);
  return 0;
}
