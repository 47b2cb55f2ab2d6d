// Stencil: 2-D five-point Jacobi sweep over a float grid.
#include "common.h"

#define M 256
#define REPS 6000

KERNEL void kernel(float *restrict out, const float *restrict in, int n) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      out[i * n + j] = 0.2f * (in[i * n + j] + in[i * n + j - 1] +
                               in[i * n + j + 1] + in[(i - 1) * n + j] +
                               in[(i + 1) * n + j]);
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *a = ALLOC(float, M * M), *b = ALLOC(float, M * M);
  fill_f32(a, M * M, 1.0f);
  memcpy(b, a, sizeof(float) * M * M);
  for (long r = 0; r < reps; r++) {
    if (r & 1)
      kernel(a, b, M);
    else
      kernel(b, a, M);
    CLOBBER();
  }
  print_fp(weigh_f32(a, M * M) + weigh_f32(b, M * M), RTOL);
  return 0;
}
