// The loops of main are not vectorized (vectorize(disable)).
// saxpy through pointers that may alias (run-time checks), reverse
// loops, strided and loop-invariant accesses, a symbolic stride
// (versioned on stride == 1).
#include <stdio.h>
#define N 700
float X[N], Y[N];
unsigned U[N], V[N];
__attribute__((noinline)) void saxpy(float *y, float *x, float a, int n) { for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i]; }
__attribute__((noinline)) void add3(unsigned *a, unsigned *b, unsigned *c, long n) { for (long i = 0; i < n; i++) a[i] = b[i] + c[i]; }
__attribute__((noinline)) void rev(unsigned *a, unsigned *b, long n) { for (long i = n - 1; i >= 0; i--) a[i] = b[i] * 3 + 1; }
__attribute__((noinline)) void strided(unsigned *a, unsigned *b, unsigned *p, long n) { for (long i = 0; i < n; i++) a[2 * i] = b[i] + *p; }
__attribute__((noinline)) void stride_s(unsigned *a, unsigned *b, long s, long n) { for (long i = 0; i < n; i++) a[i * s] = b[i] + 1; }
static unsigned long h;
static void mix(unsigned long v) { h = (h ^ v) * 1099511628211ul; }
int main(void) {
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N; i++) { X[i] = i % 11; Y[i] = i % 7; U[i] = i * 5 % 31; V[i] = i * 9 % 13; }
  int trips[] = {0, 1, 3, 4, 5, 8, 9, 16, 17, 33, 64, 65, 200, -1};
  _Pragma("clang loop vectorize(disable)") for (int k = 0; trips[k] >= 0; k++) {
    int n = trips[k];
    saxpy(Y, X, 2.0f, n);
    saxpy(Y + 3, Y, 1.0f, n);
    saxpy(Y, Y + 2, 1.0f, n);
    add3(U, V, U + 1, n);
    add3(U + 5, U, V, n);
    rev(U + 1, U, n);
    rev(V, U, n);
    strided(U, V, V + 3, n);
    stride_s(U, V, 1, n);
    stride_s(V, U, 2, n / 2);
  }
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N; i++) { mix((unsigned long)Y[i]); mix(U[i]); mix(V[i]); }
  printf("%lu\n", h);
  return 0;
}
