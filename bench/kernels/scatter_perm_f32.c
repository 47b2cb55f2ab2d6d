// Scatter: apply a permutation, out[perm[i]] = 2 * in[i] (no conflicts, float).
#include "common.h"

#define N 16384
#define REPS 8000

KERNEL void kernel(float *restrict out, const float *restrict in,
                   const int32_t *restrict perm, int n) {
  for (int i = 0; i < n; i++)
    out[perm[i]] = 2.0f * in[i];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *in = ALLOC(float, N), *out = ALLOC(float, N);
  int32_t *perm = ALLOC(int32_t, N);
  fill_f32(in, N, 1.0f);
  for (int i = 0; i < N; i++)
    perm[i] = i;
  for (int i = N - 1; i > 0; i--) {
    int j = (int)lcg_range(0, i + 1);
    int32_t t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  REPEAT(reps, kernel(out, in, perm, N));
  print_fp(weigh_f32(out, N), RTOL);
  return 0;
}
