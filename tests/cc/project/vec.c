#include "common.h"

void vec_axpy(float a, const float *x, float *y, size_t n) {
  for (size_t i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

double vec_dot(const double *x, const double *y, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

void vec_prefix_sum(int32_t *a, size_t n) {
  for (size_t i = 1; i < n; i++)
    a[i] += a[i - 1];
}

/* A constant trip count: unrolled fully. */
int64_t vec_sum_small(const int16_t *a) {
  int64_t s = 0;
  for (int i = 0; i < 8; i++)
    s += a[i] * (i + 1);
  return s;
}
