// Element-wise: int16 samples to float with gain and offset (type conversion).
#include "common.h"

#define N 32768
#define REPS 40000

KERNEL void kernel(float *restrict out, const int16_t *restrict in, float gain,
                   float bias, int n) {
  for (int i = 0; i < n; i++)
    out[i] = (float)in[i] * gain + bias;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int16_t *in = ALLOC(int16_t, N);
  float *out = ALLOC(float, N);
  fill_i16(in, N, -32768, 32768);
  REPEAT(reps, kernel(out, in, 1.0f / 32768.0f, 0.25f, N));
  print_fp(weigh_f32(out, N), RTOL);
  return 0;
}
