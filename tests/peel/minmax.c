// peel-test-options: -unroll-allow-peeling=false
// peel-test-options: -unroll-threshold=40
// Min/max against an invariant bound, and option variants.
#include <stdio.h>

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }

__attribute__((noinline)) long clampsum(const int *p, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += p[imin(i, 2)] * (long)i;
  return s;
}

__attribute__((noinline)) unsigned floorsum(const unsigned *p, unsigned n) {
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++)
    s += umax(i, 3u) * p[i];
  return s;
}

__attribute__((noinline)) int big(const int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (i < 1)
      s += p[i] * p[i + 1] - p[i + 2];
    else
      s += p[i] ^ (s >> 3);
    s = s * 5 + p[i] / 3;
  }
  return s;
}

int main(void) {
  int a[20];
  unsigned u[20];
#pragma clang loop unroll(disable)
  for (int i = 0; i < 20; i++) {
    a[i] = i * 11 - 40;
    u[i] = (unsigned)i * 3u + 1u;
  }
#pragma clang loop unroll(disable)
  for (int n = 0; n < 18; n += 4)
    printf("%ld %u %d\n", clampsum(a, n), floorsum(u, (unsigned)n), big(a, n));
  return 0;
}
