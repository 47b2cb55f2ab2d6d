// Alias versioning: the pointers really overlap (dst = src + 1), so only the scalar path is right.
#include "common.h"

#define N 16384
#define REPS 1500

KERNEL void kernel(float *dst, const float *src, float k, int n) {
  for (int i = 0; i < n; i++)
    dst[i] = src[i] * k + 1.0f;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *buf = ALLOC(float, N + 1);
  fill_f32(buf, N + 1, 1.0f);
  for (long r = 0; r < reps; r++) {
    buf[0] = lcg_f32();
    kernel(buf + 1, buf, 0.5f, N);
    CLOBBER();
  }
  print_fp(weigh_f32(buf, N + 1), RTOL);
  return 0;
}
