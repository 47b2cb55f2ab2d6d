// Variable-length arrays, alloca, restrict, stacksave/stackrestore inside
// loops, VLA-typed parameters and multi-dimensional VLAs.
#include <alloca.h>
#include <string.h>

void matmul_vla(int n, int m, int p, const double A[restrict n][m],
                const double B[restrict m][p], double C[restrict n][p]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p; j++) {
      double s = 0;
      for (int k = 0; k < m; k++) s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

int vla_in_loop(int n) {
  int total = 0;
  for (int round = 1; round <= n; round++) {
    int buf[round]; /* stacksave/stackrestore each iteration */
    for (int i = 0; i < round; i++) buf[i] = i * round;
    for (int i = 0; i < round; i++) total += buf[i];
  }
  return total;
}

long alloca_sum(int n) {
  long *p = alloca((unsigned)n * sizeof(long));
  for (int i = 0; i < n; i++) p[i] = i;
  long s = 0;
  for (int i = n - 1; i >= 0; i--) s += p[i];
  return s;
}

char *reverse_copy(const char *restrict src, char *restrict dst) {
  size_t len = strlen(src);
  char *tmp = __builtin_alloca_with_align(len + 1, 64);
  for (size_t i = 0; i < len; i++) tmp[i] = src[len - 1 - i];
  tmp[len] = 0;
  memcpy(dst, tmp, len + 1);
  return dst;
}

void add_restrict(int n, float *restrict a, const float *restrict b, const float *restrict c) {
  for (int i = 0; i < n; i++) a[i] = b[i] + c[i];
}

int vla_2d(int r, int c) {
  int grid[r][c];
  for (int i = 0; i < r; i++)
    for (int j = 0; j < c; j++) grid[i][j] = i ^ j;
  int s = 0;
  for (int j = 0; j < c; j++)
    for (int i = 0; i < r; i++) s += grid[i][j];
  return s + (int)sizeof(grid);
}

int main(void) {
  double A[2][3] = {{1, 2, 3}, {4, 5, 6}}, B[3][2] = {{1, 0}, {0, 1}, {1, 1}}, C[2][2];
  matmul_vla(2, 3, 2, A, B, C);
  char out[16];
  reverse_copy("abcdef", out);
  float a[8], b[8] = {1, 2, 3, 4, 5, 6, 7, 8}, c[8] = {8, 7, 6, 5, 4, 3, 2, 1};
  add_restrict(8, a, b, c);
  int r = vla_in_loop(6) + (int)alloca_sum(10) + vla_2d(5, 7) + (int)C[1][1] + out[0] + (int)a[3];
  return r > 0 ? 0 : 1;
}
