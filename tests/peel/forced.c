// peel-test-options: -unroll-peel-count=1
// peel-test-options: -unroll-peel-count=3
// peel-test-options: -unroll-peel-count=9
// Plain loops, peeled only when a count is forced.
#include <stdio.h>

__attribute__((noinline)) long sum(const int *p, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += (long)p[i] * p[i];
  return s;
}

__attribute__((noinline)) int first_neg(const int *p, int n) {
  for (int i = 0; i < n; i++)
    if (p[i] < 0)
      return i;
  return -1;
}

__attribute__((noinline)) void nest(int *p, int n, int m) {
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      p[i] += j * i;
}

__attribute__((noinline)) int ten(const int *p) {
  int s = 0;
  for (int i = 0; i < 10; i++)
    s += p[i] ^ i;
  return s;
}

int main(void) {
  int a[16];
  #pragma clang loop unroll(disable)
  for (int i = 0; i < 16; i++)
    a[i] = 40 - i * 7;
  #pragma clang loop unroll(disable)
  for (int n = 0; n <= 16; n += 4)
    printf("%ld %d\n", sum(a, n), first_neg(a, n));
  nest(a, 9, 4);
  nest(a, 2, 1);
  printf("%d %d\n", ten(a), a[5]);
  return 0;
}
