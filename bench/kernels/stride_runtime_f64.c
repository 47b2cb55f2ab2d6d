// Strided: y[i] = 2 * x[i * s] + y[i] with a stride s known only at run time.
#include "common.h"

#define N 8192
#define S 5
#define REPS 20000

KERNEL void kernel(double *restrict y, const double *restrict x, int s, int n) {
  for (int i = 0; i < n; i++)
    y[i] = 2.0 * x[(long)i * s] + y[i];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *x = ALLOC(double, (size_t)N * S), *y = ALLOC(double, N);
  fill_f64(x, (size_t)N * S, 1.0);
  REPEAT(reps, kernel(y, x, S, N));
  print_fp(weigh_f64(y, N), RTOL);
  return 0;
}
