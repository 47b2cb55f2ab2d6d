// cflags: -g
// Runtime unrolling under loop pragmas, compiled with debug info: forced
// counts (an expensive trip count is allowed, the remainder gets
// llvm.loop.unroll.disable and the unrolled loop is marked unrolled),
// unroll(enable), unroll(disable), a forced count on a loop with a side
// exit, and other attributes (vectorize) that the remainder does not
// inherit. main runs every kernel with trip counts 0..17.
#include <stdio.h>

int forced4(const int *a, int n) {
  int s = 0;
#pragma unroll 4
  for (int i = 0; i < n; i++)
    s += a[i] * a[i];
  return s;
}

int forced3_div(const int *a, int n, int d) {
  int s = 0;
#pragma clang loop unroll_count(3)
  for (int i = 0; i < n / d; i++)
    s ^= a[i] + i;
  return s;
}

void enabled(int *a, int m, int n) {
#pragma clang loop unroll(enable)
  for (int i = m; i < n; i++)
    a[i] = a[i] * 2 + 1;
}

int disabled(const int *a, int n) {
  int s = 0;
#pragma clang loop unroll(disable)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int forced_side_exit(const int *a, int n, int x) {
#pragma clang loop unroll_count(4)
  for (int i = 0; i < n; i++)
    if (a[i] == x)
      return i;
  return -1;
}

long no_vectorize(const long *a, int n) {
  long s = 1;
#pragma clang loop vectorize(disable)
  for (int i = 0; i < n; i++)
    s = s * 3 + a[i];
  return s;
}

int A[64];
long L[64];

int main(void) {
#pragma clang loop unroll(disable)
  for (int i = 0; i < 64; i++) {
    A[i] = (i * 29) % 19 - 7;
    L[i] = i * 3 - 40;
  }
#pragma clang loop unroll(disable)
  for (int n = 0; n < 18; n++) {
    int t[32];
#pragma clang loop unroll(disable)
    for (int i = 0; i < 32; i++)
      t[i] = i * i;
    enabled(t, n / 4, n);
    printf("%d %d %d %d %d %d %d %ld\n", n, forced4(A, n),
           forced3_div(A, n * 2, 2), t[n / 2], disabled(A, n),
           forced_side_exit(A, n, 3), forced_side_exit(A, n, 99),
           no_vectorize(L, n));
  }
  return 0;
}
