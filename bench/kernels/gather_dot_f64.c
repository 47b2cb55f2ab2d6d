// Gather: sparse dot product, s += val[i] * x[col[i]] (one CSR row, strict order).
#include "common.h"

#define NNZ 16384
#define COLS 8192
#define REPS 4000

KERNEL double kernel(const double *val, const int32_t *col, const double *x,
                     int nnz) {
  double s = 0.0;
  for (int i = 0; i < nnz; i++)
    s += val[i] * x[col[i]];
  return s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *val = ALLOC(double, NNZ), *x = ALLOC(double, COLS);
  int32_t *col = ALLOC(int32_t, NNZ);
  fill_f64(val, NNZ, 1.0);
  fill_f64(x, COLS, 1.0);
  fill_i32(col, NNZ, 0, COLS);
  double t = 0.0;
  REPEAT(reps, t += kernel(val, col, x, NNZ));
  print_fp(t, RTOL);
  return 0;
}
