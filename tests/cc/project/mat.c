#include "common.h"

void mat_mul(const float *a, const float *b, float *c, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0;
      for (int k = 0; k < n; k++)
        s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
}

void mat_transpose(const double *a, double *b, int rows, int cols) {
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      b[j * rows + i] = a[i * cols + j];
}

void stencil3(const float *in, float *out, int n) {
  out[0] = in[0];
  for (int i = 1; i + 1 < n; i++)
    out[i] = 0.25f * in[i - 1] + 0.5f * in[i] + 0.25f * in[i + 1];
  out[n - 1] = in[n - 1];
}
