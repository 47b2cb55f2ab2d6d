// Unroll-and-jam: int32 correlation, out[i] += in[i + j] * w[j] (outer i, inner taps j).
#include "common.h"

#define N 8192
#define TAPS 64
#define REPS 2500

KERNEL void kernel(int32_t *restrict out, const int32_t *restrict in,
                   const int32_t *restrict w, int n, int taps) {
  for (int i = 0; i < n; i++) {
    int32_t s = 0;
    for (int j = 0; j < taps; j++)
      s += in[i + j] * w[j];
    out[i] = s;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *in = ALLOC(int32_t, N + TAPS), *w = ALLOC(int32_t, TAPS);
  int32_t *out = ALLOC(int32_t, N);
  fill_i32(in, N + TAPS, -1000, 1000);
  fill_i32(w, TAPS, -1000, 1000);
  REPEAT(reps, kernel(out, in, w, N, TAPS));
  print_int(hash_mem(out, (size_t)N * 4));
  return 0;
}
