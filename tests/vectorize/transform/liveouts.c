// The loops of main are not vectorized (vectorize(disable)).
// Inductions and values used after the loop, first-order recurrences,
// narrow induction variables.
#include <stdio.h>
#define N 600
unsigned A[N], B[N];
unsigned short S[N];
__attribute__((noinline)) long ivout(unsigned *a, long n) { long i; for (i = 0; i < n; i++) a[i] = i * 3; return i; }
__attribute__((noinline)) unsigned lastval(unsigned *a, long n) { unsigned last = 9; for (long i = 0; i < n; i++) last = a[i] + 1; return last; }
__attribute__((noinline)) unsigned recur(unsigned *a, unsigned *b, long n) { unsigned prev = 7; for (long i = 0; i < n; i++) { unsigned cur = a[i]; b[i] = cur - prev; prev = cur; } return prev; }
__attribute__((noinline)) void narrow8(unsigned *a, unsigned char n) { for (unsigned char i = 0; i < n; i++) a[i] += i; }
__attribute__((noinline)) void narrow16(unsigned short *a, unsigned short n) { for (unsigned short i = 0; i < n; i++) a[i] = a[i] * 2 + i; }
int main(void) {
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N; i++) { A[i] = i * 7 % 23; B[i] = i * 3 % 17; S[i] = i; }
  int trips[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, -1};
  unsigned long h = 0;
  _Pragma("clang loop vectorize(disable)") for (int k = 0; trips[k] >= 0; k++) {
    int n = trips[k];
    h = h * 31 + ivout(B, n);
    h = h * 31 + lastval(A, n);
    h = h * 31 + recur(A, B, n);
    narrow8(A, (unsigned char)n);
    narrow16(S, (unsigned short)n);
  }
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N; i++) h = h * 31 + A[i] + B[i] + S[i];
  printf("%lu\n", h);
  return 0;
}
