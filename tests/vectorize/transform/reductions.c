// The loops of main are not vectorized (vectorize(disable)), so that
// only the kernels' loops are compared.
// Integer and floating-point reductions, dot products; trip counts
// around the forced widths.
#include <stdio.h>
#define N 300
unsigned A[N], B[N];
float F[N], G[N];
__attribute__((noinline)) unsigned sum(unsigned *a, int n) { unsigned s = 5; for (int i = 0; i < n; i++) s += a[i]; return s; }
__attribute__((noinline)) unsigned mulr(unsigned *a, int n) { unsigned s = 1; for (int i = 0; i < n; i++) s *= a[i] | 1; return s; }
__attribute__((noinline)) unsigned xorr(unsigned *a, int n) { unsigned s = 0; for (int i = 0; i < n; i++) s ^= a[i]; return s; }
__attribute__((noinline)) unsigned umax(unsigned *a, int n) { unsigned s = 0; for (int i = 0; i < n; i++) s = a[i] > s ? a[i] : s; return s; }
__attribute__((noinline)) int smin(int *a, int n) { int s = 1000; for (int i = 0; i < n; i++) s = a[i] < s ? a[i] : s; return s; }
__attribute__((noinline)) unsigned dot(unsigned *a, unsigned *b, long n) { unsigned s = 0; for (long i = 0; i < n; i++) s += a[i] * b[i]; return s; }
__attribute__((noinline)) float fsum(float *a, int n) { float s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
__attribute__((noinline)) float fdot(float *a, float *b, int n) { float s = 1; for (int i = 0; i < n; i++) s += a[i] * b[i]; return s; }
int main(void) {
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N; i++) { A[i] = i * 7 % 23; B[i] = i * 3 % 17; F[i] = i % 9; G[i] = i % 5; }
  int trips[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, -1};
  _Pragma("clang loop vectorize(disable)") for (int k = 0; trips[k] >= 0; k++) {
    int n = trips[k];
    printf("%d: %u %u %u %u %d %u %.1f %.1f\n", n, sum(A, n), mulr(A, n), xorr(A, n), umax(B, n),
           smin((int *)A, n), dot(A, B, n), fsum(F, n), fdot(F, G, n));
  }
  return 0;
}
