// The loops of main are not vectorized (vectorize(disable)).
// Floating-point inductions (fadd and fsub, float and double) and an
// integer induction with a symbolic step, used in the loop and after it.
#include <stdio.h>
float A[300];
double D[300];
unsigned U[300];
__attribute__((noinline)) float up(float *a, int n) { float x = 2; for (int i = 0; i < n; i++) { a[i] = x; x += 3; } return x; }
__attribute__((noinline)) double down(double *a, int n) { double x = 500; for (int i = 0; i < n; i++) { a[i] = a[i] + x; x -= 1.5; } return x; }
__attribute__((noinline)) unsigned stepped(unsigned *a, unsigned s, int n) { unsigned x = 1; for (int i = 0; i < n; i++) { a[i] = x; x += s; } return x; }
int main(void) {
  double h = 0;
  _Pragma("clang loop vectorize(disable)") for (int n = 0; n < 70; n += 3) {
    h += up(A, n);
    h += down(D, n);
    h += stepped(U, (unsigned)n + 1, n);
    _Pragma("clang loop vectorize(disable)") for (int i = 0; i < 300; i++) h += A[i] + D[i] + U[i];
  }
  printf("%.3f\n", h);
  return 0;
}
