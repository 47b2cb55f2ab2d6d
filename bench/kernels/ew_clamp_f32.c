// Element-wise: scale and clamp float samples to [-0.5, 0.5] (min/max selects).
#include "common.h"

#define N 16384
#define REPS 50000

KERNEL void kernel(float *restrict out, const float *restrict in, float g,
                   int n) {
  for (int i = 0; i < n; i++) {
    float v = in[i] * g;
    v = v < -0.5f ? -0.5f : v;
    out[i] = v > 0.5f ? 0.5f : v;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *in = ALLOC(float, N), *out = ALLOC(float, N);
  fill_f32(in, N, 1.0f);
  REPEAT(reps, kernel(out, in, 0.75f, N));
  print_fp(weigh_f32(out, N), RTOL);
  return 0;
}
