// Floating point: contraction into fmuladd, fast-math via pragmas,
// float_control, fenv access, libm calls that become intrinsics, and
// floating-point reductions that are only legal with reassociation.
#include <math.h>
#include <float.h>

double dot_contract(const double *a, const double *b, int n) {
#pragma STDC FP_CONTRACT ON
  double s = 0;
  for (int i = 0; i < n; i++) s += a[i] * b[i]; /* llvm.fmuladd */
  return s;
}

double dot_no_contract(const double *a, const double *b, int n) {
#pragma STDC FP_CONTRACT OFF
  double s = 0;
  for (int i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

float sum_reassoc(const float *a, int n) {
#pragma clang fp reassociate(on)
  float s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}

float sum_fast(const float *a, int n) {
#pragma float_control(precise, off)
#pragma clang fp contract(fast)
  float s = 0;
  for (int i = 0; i < n; i++) s += a[i] * a[i];
  return s;
}

double precise_poly(double x) {
#pragma float_control(precise, on)
  return ((x * 3.0 + 2.0) * x + 1.0) * x;
}

#pragma float_control(push)
#pragma float_control(except, on)
double with_except(double x, double y) { return x / y + sqrt(x); }
#pragma float_control(pop)

#pragma STDC FENV_ACCESS ON
double fenv_round(double x) { return x * 1.1 + 0.3; }
#pragma STDC FENV_ACCESS OFF

#pragma clang fp eval_method(double)
float eval_double(float a, float b) { return a * b + a; }

float fp_finite(float x) {
#pragma clang fp exceptions(ignore)
  return x * 2.0f - 1.0f;
}

double libm(double x, float y) {
  return sin(x) + cos(x) + exp(x) + log(fabs(x) + 1) + pow(x, 2.0) + floor(x) + ceil(x) +
         trunc(x) + round(x) + rint(x) + nearbyint(x) + fmin(x, 1) + fmax(x, 2) + copysign(x, -1) +
         sqrtf(fabsf(y)) + exp2(x) + log2(fabs(x) + 2) + log10(fabs(x) + 3) + fma(x, x, 1) +
         ldexp(x, 3) + (double)lrint(x) + (double)llround(x) + atan2(x, 1.0) + tanh(x) + cbrt(x) +
         hypot(x, 2.0) + fmod(x, 3.0) + remainder(x, 2.0);
}

int classify(double x) {
  return isnan(x) * 1 + isinf(x) * 2 + isfinite(x) * 4 + isnormal(x) * 8 + signbit(x) * 16 +
         (fpclassify(x) == FP_SUBNORMAL) * 32 + (x < DBL_MIN) * 64;
}

void saxpy_f(float a, const float *x, float *y, int n) {
  for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
}

double horner(const double *c, int n, double x) {
  double r = 0;
  for (int i = n - 1; i >= 0; i--) r = fma(r, x, c[i]);
  return r;
}

float minmax(const float *a, int n, float *mx) {
  float lo = INFINITY, hi = -INFINITY;
  for (int i = 0; i < n; i++) {
    lo = fminf(lo, a[i]);
    hi = a[i] > hi ? a[i] : hi;
  }
  *mx = hi;
  return lo;
}

int main(void) {
  double a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  float f[8] = {1, 2, 3, 4, 5, 6, 7, 8}, g[8] = {0};
  saxpy_f(2.0f, f, g, 8);
  float mx;
  double r = dot_contract(a, a, 8) + dot_no_contract(a, a, 8) + sum_reassoc(f, 8) + sum_fast(f, 8) +
             precise_poly(1.5) + with_except(4, 2) + fenv_round(1) + eval_double(1, 2) + fp_finite(3) +
             libm(0.5, 2.0f) + classify(1e-310) + horner(a, 8, 0.5) + minmax(g, 8, &mx) + mx;
  return r > 0 ? 0 : 1;
}
