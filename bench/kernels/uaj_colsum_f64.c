// Unroll-and-jam: column sums of a row-major double matrix, outer j, inner i (strided).
#include "common.h"

#define R 512
#define C 256
#define REPS 250

KERNEL void kernel(double *restrict s, const double *restrict a, int rows,
                   int cols) {
  for (int j = 0; j < cols; j++) {
    double t = 0.0;
    for (int i = 0; i < rows; i++)
      t += a[i * cols + j];
    s[j] = t;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *a = ALLOC(double, R * C), *s = ALLOC(double, C);
  fill_f64(a, R * C, 1.0);
  REPEAT(reps, kernel(s, a, R, C));
  print_fp(weigh_f64(s, C), RTOL);
  return 0;
}
