// Stencil: 1-D five-point weighted stencil over double, with time steps.
#include "common.h"

#define N 16384
#define REPS 20000

KERNEL void kernel(double *restrict out, const double *restrict in, int n) {
  for (int i = 2; i < n - 2; i++)
    out[i] = 0.0625 * (in[i - 2] + in[i + 2]) + 0.25 * (in[i - 1] + in[i + 1]) +
             0.375 * in[i];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *a = ALLOC(double, N), *b = ALLOC(double, N);
  fill_f64(a, N, 1.0);
  memcpy(b, a, sizeof(double) * N);
  for (long r = 0; r < reps; r++) {
    if (r & 1)
      kernel(a, b, N);
    else
      kernel(b, a, N);
    CLOBBER();
  }
  print_fp(weigh_f64(a, N) + weigh_f64(b, N), RTOL);
  return 0;
}
