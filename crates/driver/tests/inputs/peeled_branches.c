#include <stdio.h>
#define N 300
float A[N], B[N];
int I[N], J[N], F;
__attribute__((noinline)) void first(float *restrict b, const float *restrict a, float edge, int n) {
  for (int i = 0; i < n; i++) {
    float left = i == 0 ? edge : a[i - 1];
    b[i] = 0.5f * (a[i] + left);
  }
}
__attribute__((noinline)) void then_only(int *restrict b, const int *restrict a, int *restrict first, int n) {
  for (int i = 0; i < n; i++) {
    int s = a[i] * 3;
    if (i == 0)
      *first = s + 1;
    b[i] = s;
  }
}
__attribute__((noinline)) void two(int *restrict b, const int *restrict a, int n) {
  for (int i = 0; i < n; i++) {
    int l = i < 2 ? 7 : a[i - 2];
    b[i] = a[i] - l;
  }
}
int main(void) {
  unsigned long h = 0;
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N; i++) { A[i] = (float)(i % 17) - 3.0f; I[i] = i * 7 % 23 - 11; }
  int trips[] = {0, 1, 2, 3, 8, 9, 31, 32, 33, 64, 65, 299, -1};
  _Pragma("clang loop vectorize(disable)") for (int k = 0; trips[k] >= 0; k++) {
    int n = trips[k];
    first(B, A, 0.25f, n);
    then_only(J, I, &F, n);
    h ^= (unsigned)F;
    _Pragma("clang loop vectorize(disable)") for (int i = 0; i < n; i++) h = (h ^ (unsigned long)(B[i] * 4.0f) ^ (unsigned)J[i]) * 1099511628211ul;
    two(J, I, n);
    _Pragma("clang loop vectorize(disable)") for (int i = 0; i < n; i++) h = (h ^ (unsigned)J[i]) * 1099511628211ul;
  }
  printf("%lu\n", h);
  return 0;
}
