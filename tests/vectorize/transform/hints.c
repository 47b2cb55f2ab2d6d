// The loops of main are not vectorized (vectorize(disable)).
// Loops whose pragmas set the width and interleave count, with follow-up
// transformations (clang nests them as llvm.loop.vectorize.followup_*),
// and a loop whose vectorization is disabled.
#include <stdio.h>
#define N 400
unsigned A[N], B[N];
__attribute__((noinline)) void w4(unsigned *a, unsigned *b, int n) {
#pragma clang loop vectorize_width(4) interleave_count(2)
  for (int i = 0; i < n; i++) a[i] = b[i] + 1;
}
__attribute__((noinline)) unsigned w8_unroll(unsigned *a, int n) {
  unsigned s = 0;
#pragma clang loop vectorize_width(8) unroll_count(2)
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}
__attribute__((noinline)) void off(unsigned *a, int n) {
#pragma clang loop vectorize(disable)
  for (int i = 0; i < n; i++) a[i] = a[i] * 3;
}
__attribute__((noinline)) void il(unsigned *a, unsigned *b, int n) {
#pragma clang loop vectorize_width(1) interleave_count(4)
  for (int i = 0; i < n; i++) a[i] = b[i] ^ 5;
}
int main(void) {
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N; i++) { A[i] = i * 7 % 23; B[i] = i * 3 % 17; }
  int trips[] = {0, 1, 3, 4, 7, 8, 9, 16, 17, 33, 100, -1};
  unsigned long h = 0;
  _Pragma("clang loop vectorize(disable)") for (int k = 0; trips[k] >= 0; k++) {
    int n = trips[k];
    w4(A, B, n);
    h = h * 31 + w8_unroll(A, n);
    off(B, n);
    il(B, A + 1, n);
  }
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N; i++) h = h * 31 + A[i] + B[i];
  printf("%lu\n", h);
  return 0;
}
