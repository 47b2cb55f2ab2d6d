// Stencil: 1-D three-point smoothing over float, ping-ponged between two arrays.
#include "common.h"

#define N 16384
#define REPS 40000

KERNEL void kernel(float *restrict out, const float *restrict in, int n) {
  for (int i = 1; i < n - 1; i++)
    out[i] = 0.25f * in[i - 1] + 0.5f * in[i] + 0.25f * in[i + 1];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *a = ALLOC(float, N), *b = ALLOC(float, N);
  fill_f32(a, N, 1.0f);
  memcpy(b, a, sizeof(float) * N);
  for (long r = 0; r < reps; r++) {
    if (r & 1)
      kernel(a, b, N);
    else
      kernel(b, a, N);
    CLOBBER();
  }
  print_fp(weigh_f32(a, N) + weigh_f32(b, N), RTOL);
  return 0;
}
