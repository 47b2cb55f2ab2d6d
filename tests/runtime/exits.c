// Runtime unrolling, loops with several exits: early returns and breaks
// to the latch's exit block or to other blocks, two and three exiting
// blocks, side exits in a nest, and values live out of each exit. main
// runs every kernel with trip counts 0..17 and prints the results.
#include <stdio.h>

int find(const int *a, int n, int x) {
  for (int i = 0; i < n; i++)
    if (a[i] == x)
      return i;
  return -1;
}

int find_break(const int *a, int n, int x) {
  int i;
  for (i = 0; i < n; i++)
    if (a[i] == x)
      break;
  return i;
}

int two_side_exits(const int *a, int n, int x) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] == x)
      return s;
    if (a[i] > 100)
      return -s;
    s += a[i];
  }
  return s + 1000;
}

int sum_until(const int *a, int n, int lim) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += a[i];
    if (s > lim)
      break;
  }
  return s;
}

long search2(const long *a, long n, long x, long y) {
  for (long i = 0; i < n; i++) {
    if (a[i] == x)
      return i;
    if (a[i] == y)
      return -i;
  }
  return n * 100;
}

int nest_find(int (*m)[20], int r, int c, int x) {
  int cnt = 0;
  for (int i = 0; i < r; i++)
    for (int j = 0; j < c; j++)
      if (m[i][j] == x) {
        cnt += j + 1;
        break;
      }
  return cnt;
}

int first_neg_from(const int *a, int m, int n) {
  int i;
  for (i = m; i < n; i++)
    if (a[i] < 0)
      break;
  return i * 2 + m;
}

int A[64];
long L[64];
int M[20][20];

int main(void) {
#pragma clang loop unroll(disable)
  for (int i = 0; i < 64; i++) {
    A[i] = (i * 37) % 23 - 5;
    L[i] = (i * 11) % 17;
  }
  A[40] = 150;
#pragma clang loop unroll(disable)
  for (int i = 0; i < 20; i++)
#pragma clang loop unroll(disable)
    for (int j = 0; j < 20; j++)
      M[i][j] = (i * 7 + j * 3) % 11;
#pragma clang loop unroll(disable)
  for (int n = 0; n < 18; n++)
    printf("%d %d %d %d %d %d %d %ld %ld %d %d %d\n", n, find(A, n, 9),
           find(A, n, 1000), find_break(A, n, 4), two_side_exits(A, n, 16),
           two_side_exits(A + 30, n, 1000), sum_until(A, n, 20),
           search2(L, n, 9, 4), search2(L, n, 99, 99), nest_find(M, n, 17, 5),
           first_neg_from(A, n / 4, n), first_neg_from(A, 3, n));
  return 0;
}
