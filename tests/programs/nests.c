// Nested counted loops, triangular nests, down-counting and strided
// loops, with reductions live out of every level.
#include <stdio.h>

#define N 40
static double a[N][N], b[N][N], c[N][N];

__attribute__((noinline)) void matmul(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

__attribute__((noinline)) long tri(int n) {
  long s = 0;
  int i, j = 0;
  for (i = n; i > 0; i -= 3)
    for (j = 0; j <= i; j += 2)
      s += (long)i * j;
  return s + i * 1000 + j;
}

__attribute__((noinline)) unsigned down(unsigned n) {
  unsigned x = 0;
  do {
    x = x * 31 + n;
  } while (n-- > 2);
  return x;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = (i * 3 + j) % 7 - 3;
      b[i][j] = (i + 5 * j) % 11 - 5;
    }
  matmul(N);
  double t = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      t += c[i][j] * (i + 1);
  long s = 0;
  for (int n = 0; n < 50; n++)
    s += tri(n) + down(n);
  printf("%.1f %ld\n", t, s);
  return 0;
}
