// Full-unroll simulation conformance: nested loops. LLVM simulates only
// innermost loops; once loop-unroll-full has unrolled an inner loop the
// outer one is innermost and may be simulated in turn.
#include <stdio.h>

static const int w3[3] = {1, -2, 1};
static const int m4[4][4] = {{1, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 3, 0}, {1, 1, 1, 1}};
static const short k5[5] = {2, 3, 5, 7, 11};
int img[8][8];
int res[8][8];

__attribute__((noinline)) void blur(void) {
  for (int y = 1; y < 7; y++)
    for (int x = 1; x < 7; x++) {
      int s = 0;
      for (int k = 0; k < 3; k++)
        s += w3[k] * img[y][x + k - 1];
      res[y][x] = s;
    }
}

__attribute__((noinline)) void matvec(const int *v, int *o) {
  for (int i = 0; i < 4; i++) {
    int s = 0;
    for (int j = 0; j < 4; j++)
      s += m4[i][j] * v[j];
    o[i] = s;
  }
}

__attribute__((noinline)) int grid(int k) {
  int s = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 5; j++)
      s += k5[j] * (i + 1) + (k ^ j);
  return s;
}

int main(void) {
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++)
      img[y][x] = (x * 7 + y * 3) % 11;
  blur();
  int v[4] = {1, 2, 3, 4}, o[4];
  matvec(v, o);
  int cs = 0;
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++)
      cs = cs * 5 + res[y][x];
  printf("%d %d %d %d %d %d\n", cs, o[0], o[1], o[2], o[3], grid(6));
  return 0;
}
