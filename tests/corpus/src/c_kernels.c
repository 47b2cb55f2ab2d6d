// Numerical kernels: matmul (naive and tiled), stencils, prefix sums,
// histograms, reductions, transposes and convolution; runnable from main.
#include <stdio.h>
#include <stdlib.h>

#define DIM 48

static double A[DIM][DIM], B[DIM][DIM], C[DIM][DIM];

void matmul(void) {
  for (int i = 0; i < DIM; i++)
    for (int j = 0; j < DIM; j++) {
      double s = 0;
      for (int k = 0; k < DIM; k++) s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

void matmul_tiled(int T) {
  for (int ii = 0; ii < DIM; ii += T)
    for (int kk = 0; kk < DIM; kk += T)
      for (int i = ii; i < ii + T && i < DIM; i++)
        for (int k = kk; k < kk + T && k < DIM; k++) {
          double a = A[i][k];
          for (int j = 0; j < DIM; j++) C[i][j] += a * B[k][j];
        }
}

void jacobi(int steps, double *restrict u, double *restrict tmp, int n) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++) tmp[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
    for (int i = 1; i < n - 1; i++) u[i] = tmp[i];
  }
}

void stencil2d(int n, float in[n][n], float out[n][n]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      out[i][j] = 0.2f * (in[i][j] + in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]);
}

void prefix_sum(long *a, int n) { for (int i = 1; i < n; i++) a[i] += a[i - 1]; }

void histogram(const unsigned char *data, int n, int hist[256]) {
  for (int i = 0; i < 256; i++) hist[i] = 0;
  for (int i = 0; i < n; i++) hist[data[i]]++;
}

int argmax(const int *a, int n) {
  int best = 0;
  for (int i = 1; i < n; i++)
    if (a[i] > a[best]) best = i;
  return best;
}

long dot_i16(const short *a, const short *b, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += (long)a[i] * b[i];
  return s;
}

void transpose(int n, const double *src, double *dst) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) dst[j * n + i] = src[i * n + j];
}

void conv1d(const float *x, int n, const float *k, int m, float *y) {
  for (int i = 0; i + m <= n; i++) {
    float s = 0;
    for (int j = 0; j < m; j++) s += x[i + j] * k[j];
    y[i] = s;
  }
}

int count_if(const int *a, int n, int t) { int c = 0; for (int i = 0; i < n; i++) c += a[i] > t; return c; }

void memset_like(char *p, int n) { for (int i = 0; i < n; i++) p[i] = 0; }
void memcpy_like(char *restrict d, const char *restrict s, int n) { for (int i = 0; i < n; i++) d[i] = s[i]; }

int main(int argc, char **argv) {
  int seed = argc > 1 ? atoi(argv[1]) : 3;
  for (int i = 0; i < DIM; i++)
    for (int j = 0; j < DIM; j++) { A[i][j] = (i + seed) % 7; B[i][j] = (j * seed) % 5; }
  matmul();
  matmul_tiled(8);
  double u[64], tmp[64];
  for (int i = 0; i < 64; i++) u[i] = i % 9;
  jacobi(10, u, tmp, 64);
  float in[16][16], out[16][16];
  for (int i = 0; i < 16; i++) for (int j = 0; j < 16; j++) in[i][j] = (float)(i * j);
  stencil2d(16, in, out);
  long ps[100];
  for (int i = 0; i < 100; i++) ps[i] = i;
  prefix_sum(ps, 100);
  unsigned char data[1000];
  for (int i = 0; i < 1000; i++) data[i] = (unsigned char)(i * 31);
  int hist[256];
  histogram(data, 1000, hist);
  short sa[50], sb[50];
  for (int i = 0; i < 50; i++) { sa[i] = (short)i; sb[i] = (short)(50 - i); }
  double tr[DIM * DIM];
  transpose(DIM, &A[0][0], tr);
  float k[3] = {0.25f, 0.5f, 0.25f}, y[62], x[64];
  for (int i = 0; i < 64; i++) x[i] = (float)i;
  conv1d(x, 64, k, 3, y);
  char buf[40], buf2[40];
  memset_like(buf, 40);
  memcpy_like(buf2, buf, 40);
  printf("%g %g %ld %d %ld %g %g %d %d\n", C[3][4], u[10], ps[99], argmax(hist, 256),
         dot_i16(sa, sb, 50), tr[5], y[7], count_if(hist, 256, 3), buf2[3]);
  return 0;
}
