// Loop shapes for the unroll conformance suite: constant and symbolic
// trip counts, up/down counting, steps, nests, early exits, reductions.
#include <stdio.h>

#define N 96
static int a[N], b[N];
static long acc;

__attribute__((noinline)) void small_const(void) {
  for (int i = 0; i < 6; i++)
    a[i] += i * 7;
}
__attribute__((noinline)) void medium_const(void) {
  for (int i = 0; i < 60; i++)
    b[i] ^= a[i] + i;
}
__attribute__((noinline)) void large_const(void) {
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 3 + b[N - 1 - i];
}
__attribute__((noinline)) long symbolic(int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += a[i % N] * (long)i;
  return s;
}
__attribute__((noinline)) long symbolic_unsigned_down(unsigned n) {
  long s = 0;
  while (n-- > 0)
    s += b[n % N];
  return s;
}
__attribute__((noinline)) long step3(int lo, int hi) {
  long s = 0;
  for (int i = lo; i < hi; i += 3)
    s += a[(i & 63)] - i;
  return s;
}
__attribute__((noinline)) int early_exit(int key) {
  for (int i = 0; i < N; i++)
    if (a[i] == key)
      return i;
  return -1;
}
__attribute__((noinline)) long nest(int n) {
  long s = 0;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < n; j++)
      s += a[(i * 8 + j) & 63] ^ j;
  return s;
}
__attribute__((noinline)) long bounded(int n) {
  long s = 0;
  int m = n & 7;
  for (int i = 0; i < m; i++)
    s += b[i] * 5;
  return s;
}
__attribute__((noinline)) long with_call(int n) {
  long s = 0;
  for (int i = 0; i < n; i++) {
    s += a[i & 63];
    if (s > 1000000)
      printf("big\n");
  }
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = (i * 37 + 11) % 101 - 50;
    b[i] = (i * 13 + 5) % 17;
  }
  small_const();
  medium_const();
  large_const();
  for (int n = 0; n < 40; n += 3) {
    acc += symbolic(n) + symbolic_unsigned_down(n) + step3(n - 10, n + 7);
    acc += early_exit(n - 20) + nest(n) + bounded(n) + with_call(n);
  }
  for (int i = 0; i < N; i++)
    acc = acc * 31 + a[i] + b[i];
  printf("%ld\n", acc);
  return 0;
}
