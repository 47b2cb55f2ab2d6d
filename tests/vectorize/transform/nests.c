// The loops of main are not vectorized (vectorize(disable)).
// Inner loops of nests, whose run-time values belong to the outer loop:
// a trip count that grows with the outer induction variable (triangular),
// rows of one array that may overlap (check bounds that move with the
// outer loop), a stride and a start that depend on the outer index.
#include <stdio.h>
#define N 64
int A[N * N], B[N * N], C[N];
unsigned U[N * N + 8 * N];
__attribute__((noinline)) void tri(int *out, const int *a, const int *b, int n) {
  for (int i = 0; i < n; i++) {
    int s = 0;
    for (int j = 0; j <= i; j++) s += a[i * n + j] * b[j];
    out[i] = s;
  }
}
__attribute__((noinline)) void rows(unsigned *d, unsigned *s, long n, long m) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++) d[i * m + j] = s[i + j] * 3 + d[i * m + j];
}
__attribute__((noinline)) void strided(unsigned *d, unsigned *s, long n, long m) {
  for (long i = 1; i <= n; i++)
    for (long j = 0; j < m; j++) d[j * i] += s[j];
}
__attribute__((noinline)) void shifted(int *d, long n) {
  for (long i = 0; i < n; i++)
    for (long j = i; j < n; j++) d[j] = d[j] + (int)(j - i);
}
static unsigned long h;
static void mix(unsigned long v) { h = (h ^ v) * 1099511628211ul; }
int main(void) {
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N * N; i++) { A[i] = i % 13 - 6; B[i] = i % 7; U[i] = i * 5 % 31; }
  int trips[] = {0, 1, 3, 7, 8, 9, 17, 33, 64, -1};
  _Pragma("clang loop vectorize(disable)") for (int k = 0; trips[k] >= 0; k++) {
    int n = trips[k];
    tri(C, A, B, n);
    _Pragma("clang loop vectorize(disable)") for (int i = 0; i < n; i++) mix(C[i]);
    rows(U, U + 1, n, n);
    rows(U + 3, U, n / 2, n);
    strided(U, U + 2 * N, n / 4, n);
    shifted(A, n);
  }
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N * N; i++) { mix(U[i]); mix(A[i]); }
  printf("%lu\n", h);
  return 0;
}
