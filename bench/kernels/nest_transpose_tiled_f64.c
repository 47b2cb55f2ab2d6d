// Nested: 8x8-tiled double transpose (four-deep nest, constant inner trip counts).
#include "common.h"

#define M 512
#define T 8
#define REPS 80

KERNEL void kernel(double *restrict t, const double *restrict a, int n) {
  for (int ii = 0; ii < n; ii += T)
    for (int jj = 0; jj < n; jj += T)
      for (int i = ii; i < ii + T; i++)
        for (int j = jj; j < jj + T; j++)
          t[j * n + i] = a[i * n + j];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  double *a = ALLOC(double, M * M), *t = ALLOC(double, M * M);
  fill_f64(a, M * M, 1.0);
  REPEAT(reps, kernel(t, a, M));
  print_fp(weigh_f64(t, M * M), RTOL);
  return 0;
}
