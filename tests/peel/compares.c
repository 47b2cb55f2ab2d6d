// peel-test-options: -passes=loop-unroll-full
// peel-test-options: -passes=loop-unroll-full -unroll-allow-peeling=false
// Compares on the induction variable that peeling decides.
#include <stdio.h>

__attribute__((noinline)) int lt2(const int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    if (i < 2)
      s += p[i] * 3;
    else
      s -= p[i];
  }
  return s;
}

__attribute__((noinline)) int eq0(const int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    if (i == 0)
      s += 100;
    s += p[i];
  }
  return s;
}

__attribute__((noinline)) int ne0(const int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    if (i != 0)
      s += p[i - 1];
    s ^= p[i];
  }
  return s;
}

__attribute__((noinline)) int gt3(const int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    if (i > 3)
      s += p[i];
    else
      s *= 3;
  }
  return s;
}

__attribute__((noinline)) int both(const int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    if (i < 2 || i == 4)
      s += p[i];
    s += 1;
  }
  return s;
}

__attribute__((noinline)) int sel(const int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += i < 3 ? p[i] : -p[i];
  return s;
}

__attribute__((noinline)) unsigned down(const unsigned *p, unsigned n) {
  unsigned s = 0;
  for (unsigned i = n; i > 0; --i) {
    if (i + 2 > n)
      s += p[i - 1];
    else
      s = s * 7 + 1;
  }
  return s;
}

int main(void) {
  int a[16];
  unsigned u[16];
  #pragma clang loop unroll(disable)
  for (int i = 0; i < 16; i++) {
    a[i] = (i * 37) % 11 - 5;
    u[i] = (unsigned)(i * 13 + 2);
  }
  #pragma clang loop unroll(disable)
  for (int n = 0; n <= 16; n += 3)
    printf("%d %d %d %d %d %d %u\n", lt2(a, n), eq0(a, n), ne0(a, n), gt3(a, n),
           both(a, n), sel(a, n), down(u, (unsigned)n));
  return 0;
}
