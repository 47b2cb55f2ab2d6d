// Interleave groups (LLVM's InterleavedAccessInfo): loads and stores
// with a constant stride of 2 to 8 elements whose addresses differ by
// whole elements, vectorized as one wide access and shuffles. Full
// groups, groups with gaps (a scalar epilogue iteration is required),
// reversed groups, store groups with a gap (not formed), members of
// different types, a dependence that splits a group, and the trip counts
// around VF·IC. The loops of main are not vectorized.
#include <stdio.h>
#define N 256
float F[8 * N], G[8 * N];
unsigned char P[3 * N], Q[N];
long L[8 * N], K[8 * N];
struct mix { float f; int i; } M[N];
__attribute__((noinline)) void cmul(float *restrict c, const float *restrict a,
                                    const float *restrict b, int n) {
  for (int i = 0; i < n; i++) {
    float ar = a[2 * i], ai = a[2 * i + 1];
    float br = b[2 * i], bi = b[2 * i + 1];
    c[2 * i] = ar * br - ai * bi;
    c[2 * i + 1] = ar * bi + ai * br;
  }
}
__attribute__((noinline)) void gray(unsigned char *restrict g,
                                    const unsigned char *restrict rgb, int n) {
  for (int i = 0; i < n; i++)
    g[i] = (unsigned char)((rgb[3 * i] * 77 + rgb[3 * i + 1] * 150 + rgb[3 * i + 2] * 29) >> 8);
}
__attribute__((noinline)) long field(const long *s, int n) {
  long t = 0;
  for (int i = 0; i < n; i++) t += s[4 * i + 1];
  return t;
}
__attribute__((noinline)) float evens(const float *x, int n) {
  float t = 0;
  for (int i = 0; i < n; i++) t = t * 0.5f + x[2 * i];
  return t;
}
__attribute__((noinline)) void rev(float *restrict d, const float *restrict s, int n) {
  for (int i = n - 1; i >= 0; i--) {
    d[2 * i] = s[2 * i + 1] + 1.0f;
    d[2 * i + 1] = s[2 * i] * 3.0f;
  }
}
__attribute__((noinline)) void gapstore(float *restrict d, const float *restrict s, int n) {
  for (int i = 0; i < n; i++) {
    d[3 * i] = s[i];
    d[3 * i + 2] = s[i] * 2.0f;
  }
}
__attribute__((noinline)) void swap(float *x, int n) {
  for (int i = 0; i < n; i++) {
    float t = x[2 * i];
    x[2 * i] = x[2 * i + 1];
    x[2 * i + 1] = t;
  }
}
__attribute__((noinline)) void chain(float *x, int n) {
  for (int i = 1; i < n; i++) {
    x[2 * i] = x[2 * i - 1] + 1.0f;
    x[2 * i + 1] = x[2 * i] * 2.0f;
  }
}
__attribute__((noinline)) void mixed(struct mix *m, int n) {
  for (int i = 0; i < n; i++) {
    float f = m[i].f;
    int k = m[i].i;
    m[i].f = f + (float)k;
    m[i].i = k * 3 + 1;
  }
}
__attribute__((noinline)) void wide8(long *restrict d, const long *restrict s, int n) {
  for (int i = 0; i < n; i++) {
    const long *p = s + 8 * i;
    long *q = d + 8 * i;
    q[0] = p[7]; q[1] = p[6] + 1; q[2] = p[5] + 2; q[3] = p[4] + 3;
    q[4] = p[3] + 4; q[5] = p[2] + 5; q[6] = p[1] + 6; q[7] = p[0] + 7;
  }
}
static unsigned long h;
static void mixh(unsigned long v) { h = (h ^ v) * 1099511628211ul; }
int main(void) {
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < 8 * N; i++) {
    F[i] = (float)(i % 11) - 5.0f;
    G[i] = (float)(i % 5);
    L[i] = i * 7 % 23;
  }
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < 3 * N; i++) P[i] = (unsigned char)(i * 37);
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N; i++) { M[i].f = (float)i; M[i].i = i; }
  int trips[] = {0, 1, 3, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 48, 64, 65, 97, 128, -1};
  _Pragma("clang loop vectorize(disable)") for (int k = 0; trips[k] >= 0; k++) {
    int n = trips[k];
    cmul(G, F, F + 4, n);
    gray(Q, P, n);
    mixh(field(L, n));
    mixh((unsigned long)(evens(F, n) * 64.0f));
    rev(G + 2, F, n);
    gapstore(G, F, n);
    swap(F, n);
    chain(G, n);
    mixed(M, n);
    wide8(K, L, n / 4);
    _Pragma("clang loop vectorize(disable)") for (int i = 0; i < 2 * N; i++) mixh(K[i]);
    _Pragma("clang loop vectorize(disable)") for (int i = 0; i < 8 * N; i++) mixh((unsigned long)(G[i] * 16.0f));
    _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N; i++) mixh(Q[i] + M[i].i);
  }
  printf("%lu\n", h);
  return 0;
}
