// Recurrence: running maximum scan over int16, m = max(m, a[i]); out[i] = m.
#include "common.h"

#define N 32768
#define REPS 5000

KERNEL void kernel(int16_t *restrict out, const int16_t *restrict a, int n) {
  int16_t m = -32768;
  for (int i = 0; i < n; i++) {
    m = a[i] > m ? a[i] : m;
    out[i] = m;
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int16_t *a = ALLOC(int16_t, N), *out = ALLOC(int16_t, N);
  fill_i16(a, N, -32768, 32768);
  for (int i = 0; i < N; i++)
    a[i] = (int16_t)(a[i] / 4 + i / 4);
  REPEAT(reps, kernel(out, a, N));
  print_int(hash_mem(out, (size_t)N * 2));
  return 0;
}
