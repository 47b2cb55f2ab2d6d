// Loops whose header phis become invariant after a few iterations.
#include <stdio.h>

__attribute__((noinline)) void g(int v) { printf("g %d\n", v); }

// x, y and a are known after 3, 2 and 1 iterations.
__attribute__((noinline)) void chain(int n) {
  int x = 0, y = 0, a = 0;
  for (int i = 0; i < n; ++i) {
    g(x);
    x = y;
    g(a);
    y = a + 1;
    a = 5;
  }
}

// prev is the previous element: not invariant, no peeling for it;
// first is known after one iteration.
__attribute__((noinline)) long diffs(const int *p, int n) {
  long s = 0;
  int first = 1;
  int prev = 0;
  for (int i = 0; i < n; ++i) {
    s += first ? p[i] : p[i] - prev;
    prev = p[i];
    first = 0;
  }
  return s;
}

// A flag that is set once: invariant after one iteration, through a cast.
__attribute__((noinline)) long flagged(const short *p, int n) {
  long s = 0;
  short k = 7;
  for (int i = 0; i < n; ++i) {
    s += (long)k * p[i];
    k = 3;
  }
  return s;
}

int main(void) {
  int a[12];
  short b[12];
  #pragma clang loop unroll(disable)
  for (int i = 0; i < 12; i++) {
    a[i] = i * 5 - 17;
    b[i] = (short)(i * 3 + 1);
  }
  chain(5);
  chain(1);
  chain(0);
  #pragma clang loop unroll(disable)
  for (int n = 0; n < 12; n += 5)
    printf("%ld %ld\n", diffs(a, n), flagged(b, n));
  return 0;
}
