// Inner loops with constant trip counts, fully unrolled before the
// vectorizer sees the loop around them (pipeline_opt.rs,
// unrolled_inner_loops_vectorize): an 8x8 transform whose unrolled copies
// load the same inputs again, a 3x3 blur whose unrolled blocks are laid
// out out of order, and a loop whose repeated load must stay because a
// store in between may write the same address.
#include <stdint.h>
#include <stdio.h>

static const int32_t coef[8][8] = {
    {64, 64, 64, 64, 64, 64, 64, 64},     {89, 75, 50, 18, -18, -50, -75, -89},
    {83, 36, -36, -83, -83, -36, 36, 83}, {75, -18, -89, -50, 50, 89, 18, -75},
    {64, -64, -64, 64, 64, -64, -64, 64}, {50, -89, 18, 75, -75, -18, 89, -50},
    {36, -83, 83, -36, -36, 83, -83, 36}, {18, -50, 75, -89, 89, -75, 50, -18}};

__attribute__((noinline)) void dct8(int32_t *restrict out,
                                    const int16_t *restrict in, int blocks) {
  for (int b = 0; b < blocks; b++)
    for (int u = 0; u < 8; u++) {
      int32_t s = 0;
      for (int x = 0; x < 8; x++)
        s += coef[u][x] * in[b * 8 + x];
      out[b * 8 + u] = (s + 64) >> 7;
    }
}

__attribute__((noinline)) void blur3(uint8_t *restrict out,
                                     const uint8_t *restrict in, int w,
                                     int h) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      int s = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          s += in[(y + dy) * w + x + dx];
      out[y * w + x] = (uint8_t)((s * 7282) >> 16);
    }
}

// a and b may be the same array: the second read of b[i] sees the store.
__attribute__((noinline)) void reread(int32_t *a, const int32_t *b, int n) {
  for (int i = 0; i < n; i++) {
    int32_t s = 1;
    for (int k = 0; k < 3; k++) {
      s = s * 3 + b[i];
      a[i] = s;
    }
  }
}

static uint32_t hash(const void *p, size_t n) {
  const uint8_t *c = p;
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) {
    h ^= c[i];
    h *= 16777619u;
  }
  return h;
}

int main(void) {
  enum { B = 37, W = 45, H = 11, N = 103 };
  static int16_t in16[B * 8];
  static int32_t out32[B * 8];
  static uint8_t img[W * H], blurred[W * H];
  static int32_t x[N], y[N];
  for (int i = 0; i < B * 8; i++)
    in16[i] = (int16_t)((i * 7919) % 511 - 255);
  for (int i = 0; i < W * H; i++)
    img[i] = (uint8_t)(i * 131 + 7);
  for (int i = 0; i < N; i++)
    x[i] = y[i] = i * 5 - 100;
  dct8(out32, in16, B);
  blur3(blurred, img, W, H);
  reread(y, x, N);
  reread(x, x, N);
  printf("%u %u %u %u\n", hash(out32, sizeof out32),
         hash(blurred, sizeof blurred), hash(y, sizeof y), hash(x, sizeof x));
  return 0;
}
