/* Loop shapes for scalar evolution: every comparison predicate, signed and
   unsigned induction variables, up and down counting, steps 1, 2, 3, -4,
   constant and symbolic bounds, nested loops, pointer induction variables
   and narrow/wide induction variables. */
#include <stddef.h>
#include <stdint.h>

int sink[1024];

void up_slt(int *a, int n) { for (int i = 0; i < n; i++) a[i] = i; }
void up_sle(int *a, int n) { for (int i = 0; i <= n; i++) a[i] = i; }
void up_ult(int *a, unsigned n) { for (unsigned i = 0; i < n; i++) a[i] = i; }
void up_ule(int *a, unsigned n) { for (unsigned i = 0; i <= n; i++) a[i] = 1; }
void up_ne(int *a, int n) { for (int i = 0; i != n; i++) a[i] = 2; }
void up_const(int *a) { for (int i = 0; i < 100; i++) a[i] = i * 3; }
void up_const_sle(int *a) { for (int i = 5; i <= 77; i++) a[i] = i; }
void up_const_u8(unsigned char *a) { for (unsigned char i = 0; i < 200; i++) a[i] = i; }
void down_sgt(int *a, int n) { for (int i = n; i > 0; i--) a[i] = i; }
void down_sge(int *a, int n) { for (int i = n; i >= 0; i--) a[i] = i; }
void down_ugt(int *a, unsigned n) { for (unsigned i = n; i > 0; i--) a[i] = i; }
void down_const(int *a) { for (int i = 99; i >= 0; i--) a[i] = i; }
void down_ne(int *a, int n) { for (int i = n; i != 0; i--) a[i] = 0; }
void step2(int *a, int n) { for (int i = 0; i < n; i += 2) a[i] = i; }
void step3(int *a, int n) { for (int i = 1; i < n; i += 3) a[i] = i; }
void step3_const(int *a) { for (int i = 1; i < 100; i += 3) a[i] = i; }
void step_m4(int *a, int n) { for (int i = n; i > 0; i -= 4) a[i] = i; }
void step_m4_const(int *a) { for (int i = 1000; i > 7; i -= 4) a[i] = i; }
void step_u2(int *a, unsigned n) { for (unsigned i = 0; i < n; i += 2) a[i] = i; }
void step_var(int *a, int n, int s) { for (int i = 0; i < n; i += s) a[i] = i; }
void ne_step2(int *a) { for (int i = 0; i != 64; i += 2) a[i] = i; }
void ne_step4_ptr(int *a, int *e) { for (int *p = a; p != e; p += 4) *p = 0; }
void range(int *a, int lo, int hi) { for (int i = lo; i < hi; i++) a[i] = i; }
void range_ule(int *a, unsigned lo, unsigned hi) { for (unsigned i = lo; i <= hi; i++) a[i & 1023] = i; }
long long wide(long long n) { long long s = 0; for (long long i = 0; i < n; i++) s += i; return s; }
int narrow(short n) { int s = 0; for (short i = 0; i < n; i++) s += sink[i]; return s; }
int sext_index(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
int u64_index(int *a, uint64_t n) { int s = 0; for (uint64_t i = 0; i < n; i++) s += a[i]; return s; }
int size_t_index(const char *a, size_t n) { int s = 0; for (size_t i = 0; i < n; ++i) s += a[i]; return s; }

int ptr_iv(const int *p, const int *end) { int s = 0; while (p != end) s += *p++; return s; }
int ptr_lt(const int *p, const int *end) { int s = 0; for (; p < end; p++) s += *p; return s; }
int ptr_count(const int *p, int n) { int s = 0; for (const int *e = p + n; p != e; ++p) s += *p; return s; }
void ptr_down(int *a, int *b) { while (b > a) *--b = 0; }
int strlen_like(const char *s) { int n = 0; while (s[n]) n++; return n; }

void nested(int *a, int n, int m) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) a[i * m + j] = i + j;
}
void nested_const(int a[16][32]) {
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 32; j++) a[i][j] = i * j;
}
void triangular(int *a, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) a[j] += i;
}
void nested_three(int *a, int n) {
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      for (int k = 0; k < 4; k++) a[k] += i * j;
}

int multi_exit(const int *a, int n, int key) {
  for (int i = 0; i < n; i++) {
    if (a[i] == key) return i;
    if (a[i] < 0) return -2;
  }
  return -1;
}
int multi_exit_const(const int *a, int key) {
  for (int i = 0; i < 50; i++)
    if (a[i] == key) return i;
  return -1;
}
int and_cond(const int *a, int n, int m) { int i = 0; while (i < n && i < m) { sink[i & 1023] = a[i]; i++; } return i; }
int or_cond(int n, int m) { int i = 0, s = 0; while (!(i >= n || i >= m)) { s += i; i++; } return s; }
int two_ivs(int *a, int n) { int s = 0; for (int i = 0, j = n; i < j; i++, j--) s += a[i] * a[j]; return s; }
int bitwise_and_exit(const int *a, unsigned n, unsigned m) { unsigned i = 0; int s = 0; while ((i < n) & (i < m)) s += a[i++]; return s; }

int do_while(int *a, int n) { int i = 0; do { a[i] = i; i++; } while (i < n); return i; }
int while_guarded(int *a, int n) { int i = 0; if (n > 0) { while (i < n) { a[i] = 1; ++i; } } return i; }
int shift_loop(unsigned x) { int n = 0; while (x) { x >>= 1; n++; } return n; }
int mul_loop(void) { int n = 0; for (int i = 1; i < 1000; i *= 2) n += i; return n; }
int switch_exit(const int *a) {
  int i = 0;
  for (;;) {
    switch (i) {
    case 40: return a[i];
    default: sink[i] = a[i]; break;
    }
    i++;
  }
}
int mod_iv(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i % 7]; return s; }
int sum_u16(unsigned short n) { int s = 0; for (unsigned short i = 0; i != n; i++) s += i; return s; }
int count_to_max(void) { int n = 0; for (unsigned char c = 0; c < 255; c++) n += c; return n; }
void reverse_copy(int *dst, const int *src, size_t n) { for (size_t i = n; i-- > 0;) dst[n - 1 - i] = src[i]; }
int early_break(const int *a, int n) { int s = 0; for (int i = 0; i < n; i++) { if (s > 1000) break; s += a[i]; } return s; }
int infinite_unless(const int *a) { int i = 0; for (;;) { if (a[i] == 0) break; i += 2; } return i; }
