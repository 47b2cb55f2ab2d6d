// Conditional: three-way data-dependent branch with different arithmetic per arm.
#include "common.h"

#define N 16384
#define REPS 40000

KERNEL void kernel(int32_t *restrict out, const int32_t *restrict a, int n) {
  for (int i = 0; i < n; i++) {
    int32_t v = a[i];
    int32_t r;
    if (v < -1000)
      r = -v / 4;
    else if (v < 1000)
      r = v * v;
    else
      r = (v >> 3) ^ 0x1234;
    out[i] = r;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int32_t *a = ALLOC(int32_t, N), *out = ALLOC(int32_t, N);
  fill_i32(a, N, -4000, 4000);
  REPEAT(reps, kernel(out, a, N));
  print_int(hash_mem(out, (size_t)N * 4));
  return 0;
}
