// Early exit: index of the first mismatch between two int64 arrays.
#include "common.h"

#define N 16384
#define REPS 10000

KERNEL long kernel(const int64_t *a, const int64_t *b, long n) {
  for (long i = 0; i < n; i++)
    if (a[i] != b[i])
      return i;
  return n;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  int64_t *a = ALLOC(int64_t, N), *b = ALLOC(int64_t, N);
  fill_i64(a, N, -(1LL << 40), 1LL << 40);
  memcpy(b, a, sizeof(int64_t) * N);
  uint64_t h = 0;
  for (long r = 0; r < reps; r++) {
    long pos = (long)lcg_range(N / 2, N + N / 8);
    if (pos < N)
      b[pos] ^= 1;
    h = mix64(h, (uint64_t)kernel(a, b, N));
    if (pos < N)
      b[pos] ^= 1;
    CLOBBER();
  }
  print_int(h);
  return 0;
}
