// peel-test-cflags: -g
// Peeled loops whose values live on after the loop, with several exits,
// compiled with debug information (remark locations, debug records).
#include <stdio.h>

__attribute__((noinline)) int find(const int *p, int n, int key, int *last) {
  int i, seen = -1;
  for (i = 0; i < n; i++) {
    if (i == 0)
      seen = p[0];
    if (p[i] == key)
      break;
    *last = p[i];
  }
  return i * 1000 + seen;
}

__attribute__((noinline)) int tail(const int *p, int n) {
  int prev = 42, cur = 0, i;
  for (i = 0; i < n; i++) {
    cur = prev;
    prev = 17;
    if (p[i] > 100)
      break;
  }
  return cur + i;
}

__attribute__((noinline)) int inner_peel(int (*m)[8], int rows) {
  int s = 0;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < 8 && c < r + 5; c++) {
      if (c < 1)
        s += m[r][c] * 2;
      else
        s += m[r][c];
    }
  return s;
}

int main(void) {
  int a[10], last = 0;
  int m[6][8];
  #pragma clang loop unroll(disable)
  for (int i = 0; i < 10; i++)
    a[i] = i * i + (i & 1 ? 200 : 1);
  #pragma clang loop unroll(disable)
  for (int r = 0; r < 6; r++)
    #pragma clang loop unroll(disable)
    for (int c = 0; c < 8; c++)
      m[r][c] = r * 8 - c;
  #pragma clang loop unroll(disable)
  for (int k = 0; k < 10; k += 3)
    printf("%d %d %d\n", find(a, 10, a[k], &last), last, tail(a, k));
  printf("%d %d\n", inner_peel(m, 6), inner_peel(m, 2));
  return 0;
}
