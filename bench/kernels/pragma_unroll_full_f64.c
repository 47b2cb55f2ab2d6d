// Pragma: unroll(full) on a constant 12-iteration inner loop (per-row weighted sum).
#include "common.h"

#define ROWS 8192
#define K 12
#define REPS 1500

KERNEL void kernel(double *restrict out, const double *restrict a,
                   const double *restrict w, int rows) {
  for (int r = 0; r < rows; r++) {
    double s = 0.0;
#pragma clang loop unroll(full)
    for (int k = 0; k < K; k++)
      s += w[k] * a[r * K + k];
    out[r] = s;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *a = ALLOC(double, ROWS * K), *w = ALLOC(double, K), *out = ALLOC(double, ROWS);
  fill_f64(a, ROWS * K, 1.0);
  fill_f64(w, K, 1.0);
  REPEAT(reps, kernel(out, a, w, ROWS));
  print_fp(weigh_f64(out, ROWS), RTOL);
  return 0;
}
