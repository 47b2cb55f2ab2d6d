// Unusual scalar types: long double (x86_fp80), __int128, _Float16, __bf16,
// _Complex of several element types, _BitInt, and __float128.
#include <complex.h>
#include <stdint.h>

long double ld_poly(long double x) { return 1.0L + x * (0.5L + x * (0.25L + x * 0.125L)); }
long double ld_sum(const long double *a, int n) {
  long double s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}

__int128 mul128(__int128 a, __int128 b) { return a * b + (a >> 3); }
unsigned __int128 udiv128(unsigned __int128 a, unsigned __int128 b) { return a / b + a % b; }
uint64_t mulhi(uint64_t a, uint64_t b) { return (uint64_t)(((unsigned __int128)a * b) >> 64); }
__int128 fact128(int n) {
  __int128 r = 1;
  for (int i = 2; i <= n; i++) r *= i;
  return r;
}

_Float16 half_axpy(_Float16 a, _Float16 x, _Float16 y) { return a * x + y; }
float half_sum(const _Float16 *p, int n) {
  _Float16 s = 0;
  for (int i = 0; i < n; i++) s += p[i];
  return (float)s;
}
__bf16 bf16_round(float f) { return (__bf16)f; }
float bf16_widen(__bf16 b) { return (float)b + 1.0f; }

__float128 q_mul(__float128 a, __float128 b) { return a * b + 1.0Q; }

double _Complex cmul(double _Complex a, double _Complex b) { return a * b; }
float _Complex cfdiv(float _Complex a, float _Complex b) { return a / b; }
long double _Complex cld(long double _Complex a) { return a * a + 1.0L; }
int _Complex cint(int _Complex a, int _Complex b) { return a + b * 2; }
double cabs2(double _Complex z) { return __real__ z * __real__ z + __imag__ z * __imag__ z; }
double _Complex cpoly(const double _Complex *c, int n, double _Complex z) {
  double _Complex r = 0;
  for (int i = n - 1; i >= 0; i--) r = r * z + c[i];
  return r;
}

_BitInt(37) bitint_add(_BitInt(37) a, _BitInt(37) b) { return a + b; }
unsigned _BitInt(200) bitint_wide(unsigned _BitInt(200) a) { return a * a + 3; }
_BitInt(7) bitint_small(_BitInt(7) a) { return a >> 2; }

int main(void) {
  long double arr[3] = {1.0L, 2.0L, 3.0L};
  _Float16 h[5] = {1, 2, 3, 4, 5};
  double _Complex coeffs[3] = {1.0, 2.0 + 1.0 * I, 3.0};
  double _Complex p = cpoly(coeffs, 3, 0.5 + 0.5 * I);
  __int128 f = fact128(25);
  long double l = ld_sum(arr, 3) + ld_poly(0.5L);
  float hs = half_sum(h, 5) + bf16_widen(bf16_round(2.5f));
  return (f > 0 && l > 6 && hs > 15 && cabs2(p) > 0) ? 0 : 1;
}
