// A read through an index that wraps in 6 bits ((3 * i) & 63) while the
// loop writes p[i]: vectorized under a no-wrap check of {0,+,3}<i6>, which
// must fail at run time (3 * 30 > 63), or the vector loop reads values
// the scalar loop would have overwritten first.
#include <stdio.h>
float P[64];
__attribute__((noinline)) void k(float *p) {
  for (int i = 0; i < 31; i++) {
    float v = p[((unsigned long)i * 3ul) % 64u] - 7.875f;
    p[i] = (float)i / (1.0f + (v < 0.0f ? -v : v));
  }
}
int main(void) {
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < 64; i++) P[i] = (float)(i % 11) * 1.5f;
  k(P);
  unsigned long h = 0;
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < 64; i++) h = (h ^ (unsigned long)(P[i] * 1024.0f)) * 1099511628211ul;
  printf("%lu\n", h);
  return 0;
}
