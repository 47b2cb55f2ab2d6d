// cflags: -march=sapphirerapids
// Loops over global tables, whose addresses fold into x86 addressing modes
// differently under the static and the pic relocation models (the run with
// `-relocation-model=pic` compares the decisions with opt-19's): a
// constant-table transform per block (an 8 x 8 nest whose middle loop
// opt-19 fully unrolls only under `static`), table lookups with a variable
// index, fields of a global array of structs, and a two-dimensional table.
#include <stdio.h>

static const int coef[8][8] = {
    {64, 64, 64, 64, 64, 64, 64, 64},     {89, 75, 50, 18, -18, -50, -75, -89},
    {83, 36, -36, -83, -83, -36, 36, 83}, {75, -18, -89, -50, 50, 89, 18, -75},
    {64, -64, -64, 64, 64, -64, -64, 64}, {50, -89, 18, 75, -75, -18, 89, -50},
    {36, -83, 83, -36, -36, 83, -83, 36}, {18, -50, 75, -89, 89, -75, 50, -18}};

#define BLOCKS 16
static short in[BLOCKS * 8];
static int out[BLOCKS * 8];

__attribute__((noinline)) void transform(int blocks) {
  for (int b = 0; b < blocks; b++)
    for (int u = 0; u < 8; u++) {
      int s = 0;
      for (int x = 0; x < 8; x++)
        s += coef[u][x] * in[b * 8 + x];
      out[b * 8 + u] = (s + 64) >> 7;
    }
}

static unsigned char lut[256];
static unsigned char img[512];

__attribute__((noinline)) unsigned lookup(int n) {
  unsigned h = 0;
  for (int i = 0; i < n; i++)
    h = h * 31 + lut[img[i]];
  return h;
}

struct particle {
  int x, y, vx, vy;
};
static struct particle ps[64];

__attribute__((noinline)) void step(int n) {
  for (int i = 0; i < n; i++) {
    ps[i].x += ps[i].vx;
    ps[i].y += ps[i].vy;
  }
}

static int grid[12][12];

__attribute__((noinline)) long grid_sum(int rows) {
  long s = 0;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < 12; c++)
      s += grid[r][c] * (c + 1);
  return s;
}

__attribute__((noinline)) int fixed_lookup(void) {
  int s = 0;
  for (int i = 0; i < 16; i++)
    s += lut[i * 3] ^ coef[i & 7][(i * 5) & 7];
  return s;
}

int main(void) {
  for (int i = 0; i < BLOCKS * 8; i++)
    in[i] = (short)((i * 37) % 511 - 255);
  for (int i = 0; i < 256; i++)
    lut[i] = (unsigned char)(i * 7 + 3);
  for (int i = 0; i < 512; i++)
    img[i] = (unsigned char)(i * 13);
  for (int i = 0; i < 64; i++) {
    ps[i].x = i;
    ps[i].y = -i;
    ps[i].vx = i % 5;
    ps[i].vy = 3 - i % 7;
  }
  // One flat loop: a 12 x 12 nest here would need tail folding to be
  // vectorized as clang does (not implemented).
  int *g = &grid[0][0];
  for (int i = 0; i < 144; i++)
    g[i] = i * 5 - 300;
  transform(BLOCKS);
  long t = 0;
  for (int i = 0; i < BLOCKS * 8; i++)
    t = t * 3 + out[i];
  step(64);
  step(37);
  long p = 0;
  for (int i = 0; i < 64; i++)
    p += ps[i].x * 2 + ps[i].y;
  printf("%ld %u %ld %ld %d\n", t, lookup(500), p, grid_sum(12), fixed_lookup());
  return 0;
}
