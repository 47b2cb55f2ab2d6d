// Loops of every shape: counted up/down, strided, triangular, nested with
// early exits, multiple exits, break/continue, while/do-while, infinite
// loops with breaks, loops with calls, irreducible control flow via goto,
// unsigned wrap-around, pointer-chasing, and loops guarded by conditions.
#include <stddef.h>
#include <stdint.h>

struct node { struct node *next; int val; };

int count_down(int n) { int s = 0; for (int i = n; i > 0; i--) s += i; return s; }
long strided(const long *a, int n, int step) { long s = 0; for (int i = 0; i < n; i += step) s += a[i]; return s; }
int triangular(int n) { int c = 0; for (int i = 0; i < n; i++) for (int j = 0; j <= i; j++) c += i ^ j; return c; }
unsigned wrap(unsigned start) { unsigned c = 0; for (unsigned i = start; i != 5; i++) c++; return c; }
uint8_t small_iv(void) { uint8_t s = 0; for (uint8_t i = 0; i < 200; i++) s += i; return s; }
int do_while(int n) { int i = 0, s = 0; do { s += i * i; } while (++i < n); return s; }
int while_loop(const char *s) { int n = 0; while (*s++) n++; return n; }

int find(const int *a, int n, int key) {
  for (int i = 0; i < n; i++)
    if (a[i] == key) return i; /* early exit */
  return -1;
}

int multi_exit(const int *a, int n, int lo, int hi) {
  int i = 0;
  while (i < n) {
    if (a[i] < lo) return -1;
    if (a[i] > hi) break;
    if (a[i] == 0) goto zero;
    i++;
  }
  return i;
zero:
  return -2 - i;
}

int continue_loop(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] & 1) continue;
    if (a[i] > 1000) break;
    s += a[i];
  }
  return s;
}

int infinite_with_break(int x) {
  for (;;) {
    if (x == 1) break;
    x = (x & 1) ? 3 * x + 1 : x / 2;
  }
  return x;
}

int list_sum(const struct node *n) { int s = 0; for (; n; n = n->next) s += n->val; return s; }

int nested_search(int m[8][8], int key, int *ri, int *rj) {
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      if (m[i][j] == key) { *ri = i; *rj = j; return 1; }
  return 0;
}

int deep_nest(int n) {
  int s = 0;
  for (int a = 0; a < n; a++)
    for (int b = a; b < n; b++)
      for (int c = 0; c < b; c++)
        for (int d = c; d < n; d += 2) s += a + b * c - d;
  return s;
}

int irreducible(int n, int flag) {
  int i = 0, s = 0;
  if (flag) goto second;
first:
  s += i;
  i++;
second:
  s ^= i;
  if (i < n) goto first;
  return s;
}

int guarded(int *a, int n, int enable) {
  int s = 0;
  if (enable)
    for (int i = 0; i < n; i++) s += a[i];
  for (int i = 0; i < n; i++)
    if (enable > 1) a[i] = s; /* loop-invariant condition */
  return s;
}

extern void sink(int);
void call_in_loop(int n) { for (int i = 0; i < n; i++) sink(i); }

int sequential_loops(int *a, int n) {
  for (int i = 0; i < n; i++) a[i] = i;
  for (int i = 0; i < n; i++) a[i] *= 2;
  int s = 0;
  for (int i = n - 1; i >= 0; i -= 3) s += a[i];
  return s;
}

size_t ptr_loop(const int *b, const int *e) { size_t c = 0; for (const int *p = b; p != e; ++p) c += (size_t)*p; return c; }

int two_ivs(const int *a, int n) {
  int s = 0;
  for (int i = 0, j = n - 1; i < j; i++, j--) s += a[i] * a[j];
  return s;
}

int loop_with_switch(const char *s) {
  int state = 0, count = 0;
  for (; *s; s++) {
    switch (state) {
    case 0: if (*s == '"') state = 1; break;
    case 1: if (*s == '\\') state = 2; else if (*s == '"') { state = 0; count++; } break;
    case 2: state = 1; break;
    }
  }
  return count;
}

void sink(int x) { (void)x; }

int main(void) {
  int a[32];
  long la[32];
  for (int i = 0; i < 32; i++) { a[i] = i * 7 % 13; la[i] = i; }
  struct node n3 = {0, 3}, n2 = {&n3, 2}, n1 = {&n2, 1};
  int m[8][8];
  for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) m[i][j] = i * 8 + j;
  int ri = 0, rj = 0;
  call_in_loop(3);
  int r = count_down(10) + (int)strided(la, 32, 3) + triangular(10) + (int)wrap(0) + small_iv() +
          do_while(5) + while_loop("hello") + find(a, 32, 5) + multi_exit(a, 32, -1, 100) +
          continue_loop(a, 32) + infinite_with_break(27) + list_sum(&n1) + nested_search(m, 42, &ri, &rj) +
          deep_nest(6) + irreducible(5, 1) + guarded(a, 32, 2) + sequential_loops(a, 32) +
          (int)ptr_loop(a, a + 32) + two_ivs(a, 32) + loop_with_switch("\"a\\\"b\" \"c\"");
  return r != 0 ? 0 : 1;
}
