// Full-unroll simulation conformance: loops with small constant trip
// counts over constant global tables. Folding the table loads (and what
// depends on them) makes the unrolled loop much cheaper than its plain
// size estimate, which is what LLVM's analyzeLoopUnrollCost measures.
#include <stdio.h>

static const int t8[8] = {3, 1, 4, 1, 5, 9, 2, 6};
static const short s5[5] = {10, -20, 30, -40, 50};
static const unsigned char c10[10] = {1, 2, 3, 5, 8, 13, 21, 34, 55, 89};
static const long l3[3] = {100000000000L, -7, 42};
static const double d6[6] = {0.5, 1.25, -2.0, 3.75, 0.125, 9.0};
static const float f4[4] = {1.5f, -0.25f, 8.0f, 3.0f};
static const int zero4[4];
static const int partial9[9] = {7, 7, 7};
static const unsigned long long u2[2] = {0xdeadbeefULL, 0x12345678ULL};
int out[16];
volatile int sink;

__attribute__((noinline)) int sum_sq(void) {
  int s = 0;
  for (int i = 0; i < 8; i++)
    s += t8[i] * t8[i];
  return s;
}

__attribute__((noinline)) long horner(long x) {
  long r = 0;
  for (int i = 0; i < 3; i++)
    r = r * x + l3[i];
  return r;
}

__attribute__((noinline)) void scatter(int *o) {
  for (int i = 0; i < 10; i++)
    o[c10[i] % 16] += i * 3;
}

__attribute__((noinline)) double dot(const double *x) {
  double s = 0;
  for (int i = 0; i < 6; i++)
    s += d6[i] * x[i];
  return s;
}

__attribute__((noinline)) float fpoly(float x) {
  float s = 0;
  for (int i = 0; i < 4; i++)
    s = s * x + f4[i] * f4[i];
  return s;
}

__attribute__((noinline)) int branchy(int k) {
  int s = 0;
  for (int i = 0; i < 7; i++) {
    if (t8[i] > 3)
      s += k * i;
    else
      s -= k ^ t8[i];
  }
  return s;
}

__attribute__((noinline)) int mixed(void) {
  int s = 0;
  for (int i = 0; i < 9; i++)
    s ^= (i & 1) ? c10[i] : s5[i % 5];
  return s;
}

__attribute__((noinline)) int zsum(int k) {
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += zero4[i] * k + (k >> i);
  return s;
}

__attribute__((noinline)) int psum(int k) {
  int s = 0;
  for (int i = 0; i < 9; i++)
    s += partial9[i] * k;
  return s;
}

__attribute__((noinline)) unsigned long long two(unsigned long long a) {
  for (int i = 0; i < 2; i++)
    a = (a ^ u2[i]) * 0x9E3779B97F4A7C15ULL + (a >> 17);
  return a;
}

__attribute__((noinline)) void store_table(int *o, int k) {
  for (int i = 0; i < 5; i++) {
    o[i] = s5[i] * k + t8[i];
    o[i + 8] = s5[4 - i] - k;
  }
}

__attribute__((noinline)) int heavy(int k) {
  int s = k;
  for (int i = 0; i < 10; i++) {
    int v = c10[i];
    s = s * 31 + v;
    s ^= (s >> 7) + v * v;
    s += (v & 4) ? v * 3 : -v;
  }
  return s;
}

int main(void) {
  double x[6] = {1, 2, 3, 4, 5, 6};
  scatter(out);
  store_table(out, 3);
  int cs = 0;
  for (int i = 0; i < 16; i++)
    cs = cs * 7 + out[i];
  printf("%d %ld %d %.4f %.4f %d %d %d %d %llu %d %d\n", sum_sq(), horner(3),
         cs, dot(x), fpoly(0.5f), branchy(5), mixed(), zsum(100), psum(2),
         two(99), heavy(1), cs);
  return 0;
}
