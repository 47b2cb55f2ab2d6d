// Builtins: expect, assume, unreachable, prefetch, bit counting, byte
// swapping, rotates, overflow checking, memcpy/memset, object size,
// constant_p, clear_cache-free things, and trap.
#include <stddef.h>
#include <stdint.h>
#include <string.h>

int likely_path(int x) {
  if (__builtin_expect(x > 100, 0)) return -1;
  if (__builtin_expect_with_probability(x == 3, 1, 0.9)) return 3;
  return x;
}

int assume_aligned_sum(int *p, int n) {
  __builtin_assume(n > 0 && n % 4 == 0);
  int *q = __builtin_assume_aligned(p, 32);
  int s = 0;
  for (int i = 0; i < n; i++) s += q[i];
  return s;
}

int unreachable_switch(int k) {
  switch (k & 3) {
  case 0: return 10;
  case 1: return 20;
  case 2: return 30;
  case 3: return 40;
  }
  __builtin_unreachable();
}

void prefetch_loop(const double *a, double *b, int n) {
  for (int i = 0; i < n; i++) {
    __builtin_prefetch(&a[i + 16], 0, 3);
    __builtin_prefetch(&b[i + 16], 1, 0);
    b[i] = a[i] * 2;
  }
}

unsigned bits(uint32_t x, uint64_t y) {
  return (unsigned)(__builtin_popcount(x) + __builtin_popcountll(y) + __builtin_ctz(x | 1) +
                    __builtin_clz(x | 1) + __builtin_ctzll(y | 1) + __builtin_clzll(y | 1) +
                    __builtin_parity(x) + __builtin_ffs((int)x) + __builtin_clrsb((int)x));
}
uint64_t swaps(uint16_t a, uint32_t b, uint64_t c) {
  return __builtin_bswap16(a) ^ __builtin_bswap32(b) ^ __builtin_bswap64(c) ^
         __builtin_bitreverse32(b) ^ __builtin_rotateleft32(b, 7) ^ __builtin_rotateright64(c, 13);
}

int checked_ops(int a, int b, long *out) {
  int r1, r2, r3;
  int bad = __builtin_add_overflow(a, b, &r1) | __builtin_sub_overflow(a, b, &r2) |
            __builtin_mul_overflow(a, b, &r3);
  unsigned long u;
  bad |= __builtin_umull_overflow((unsigned long)a, (unsigned long)b, &u);
  bad |= __builtin_mul_overflow((long)a, (unsigned)b, out);
  *out += r1 + r2 + r3 + (long)u;
  return bad;
}

size_t safe_copy(char *dst, const char *src, size_t n) {
  size_t cap = __builtin_object_size(dst, 0);
  if (n > cap) n = cap;
  __builtin_memcpy(dst, src, n);
  __builtin_memset(dst + n / 2, 0, n / 4);
  __builtin_memmove(dst + 1, dst, n / 2);
  return n;
}

int constant_fold(int x) { return __builtin_constant_p(x) ? 1 : __builtin_choose_expr(1, 2, 3); }

uint64_t saturating_sum(const uint64_t *a, int n) {
  uint64_t s = 0;
  for (int i = 0; i < n; i++) {
    if (__builtin_add_overflow(s, a[i], &s)) return UINT64_MAX;
  }
  return s;
}

void checked_index(int *a, int i, int n) {
  if (i >= n) __builtin_trap();
  a[i] = __builtin_abs(i) + (int)__builtin_labs(-5L);
}

float fbuiltins(float x, double y) {
  return __builtin_fabsf(x) + (float)__builtin_copysign(y, -1.0) + __builtin_fminf(x, 2.0f) +
         __builtin_fmaxf(x, -2.0f) + __builtin_sqrtf(__builtin_fabsf(x)) + (float)__builtin_fma(y, y, 1.0) +
         (__builtin_isnan(x) ? 1.0f : 0.0f) + (__builtin_isinf(y) ? 1.0f : 0.0f) +
         (__builtin_huge_valf() > 1e30f ? 1.0f : 0.0f) + (__builtin_isnan(__builtin_nanf("")) ? 1.0f : 0.0f) +
         (__builtin_inf() > 0 ? 1.0f : 0.0f);
}

void *frame_info(void) { return __builtin_frame_address(0) ? __builtin_return_address(0) : 0; }

int main(void) {
  int buf[16] __attribute__((aligned(32)));
  for (int i = 0; i < 16; i++) buf[i] = i;
  double a[64], b[64];
  for (int i = 0; i < 64; i++) a[i] = i;
  prefetch_loop(a, b, 32);
  long out = 0;
  char dst[32];
  uint64_t vals[4] = {1, 2, 3, UINT64_MAX};
  checked_index(buf, 3, 16);
  int r = likely_path(3) + assume_aligned_sum(buf, 16) + unreachable_switch(7) + (int)bits(12, 48) +
          (int)swaps(1, 2, 3) + checked_ops(1 << 30, 4, &out) + (int)safe_copy(dst, "hello world", 12) +
          constant_fold(2) + (int)saturating_sum(vals, 4) + (int)fbuiltins(1.5f, 2.5) + (frame_info() != 0);
  return r != 0 ? 0 : 1;
}
