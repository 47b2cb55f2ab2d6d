// Conditional: ReLU backward pass, g[i] = x[i] > 0 ? g[i] * d[i] : 0 over double.
#include "common.h"

#define N 16384
#define REPS 15000

KERNEL void kernel(double *restrict g, const double *restrict x,
                   const double *restrict d, int n) {
  for (int i = 0; i < n; i++)
    g[i] = x[i] > 0.0 ? g[i] * d[i] : 0.0;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *g = ALLOC(double, N), *x = ALLOC(double, N), *d = ALLOC(double, N);
  fill_f64(x, N, 1.0);
  for (int i = 0; i < N; i++)
    d[i] = 1.0 + lcg_f64() * (1.0 / 65536.0);
  fill_f64(g, N, 1.0);
  REPEAT(reps, kernel(g, x, d, N));
  print_fp(weigh_f64(g, N), RTOL);
  return 0;
}
