// Runtime unrolling, loops with one exit: counted loops starting from a
// constant (epilogue by default) or not (prologue by default), pointer
// loops, count-downs, strides, narrow counters, reductions, values used
// after the loop, nests and do-while loops. main runs every kernel with
// trip counts 0..17 and prints the results.
#include <stdint.h>
#include <stdio.h>

int sum3(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * 3;
  return s;
}

void add_index(int *a, int m, int n) {
  for (int i = m; i < n; i++)
    a[i] += i;
}

long dot(const short *a, const short *b, unsigned n) {
  long s = 0;
  for (unsigned i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

int last_and_count(const int *a, int n) {
  int x = -1;
  int i;
  for (i = 0; i < n; i++)
    x = (a[i] ^ x) + i;
  return x * 7 + i;
}

unsigned min_max(const unsigned *a, int n, unsigned *mx) {
  unsigned lo = ~0u, hi = 0;
  for (int i = 0; i < n; i++) {
    lo = a[i] < lo ? a[i] : lo;
    hi = a[i] > hi ? a[i] : hi;
  }
  *mx = hi;
  return lo;
}

void fill_ptr(int *p, int *e) {
  while (p != e) {
    *p = (int)(e - p);
    p++;
  }
}

int count_down(const int *a, int n) {
  int s = 0;
  for (int i = n; i > 0; i--)
    s = s * 31 + a[i - 1];
  return s;
}

int stride3(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i += 3)
    s += a[i];
  return s;
}

uint8_t hash_bytes(const uint8_t *a, uint8_t n) {
  uint8_t h = 7;
  for (uint8_t i = 0; i < n; i++)
    h = (uint8_t)(h * 33 + a[i]);
  return h;
}

double fsum(const double *a, int n) {
  double s = 0.5;
  for (int i = 0; i < n; i++)
    s = s * 0.5 + a[i];
  return s;
}

int nest(int (*m)[20], int r, int c) {
  int s = 0;
  for (int i = 0; i < r; i++)
    for (int j = 0; j < c; j++)
      s += m[i][j] * (i + 1);
  return s;
}

int do_while(const int *a, int n) {
  int s = 0, i = 0;
  do {
    s += a[i] - i;
    i++;
  } while (i < n);
  return s;
}

long from_to(const long *a, long lo, long hi) {
  long p = 1;
  for (long i = lo; i != hi; i++)
    p = p * 3 + a[i];
  return p;
}

int A[64];
unsigned U[64];
short S1[64], S2[64];
uint8_t B[64];
double D[64];
long L[64];
int M[20][20];

int main(void) {
#pragma clang loop unroll(disable)
  for (int i = 0; i < 64; i++) {
    A[i] = (i * 37) % 23 - 11;
    U[i] = (unsigned)(i * 2654435761u);
    S1[i] = (short)(i * 5 - 70);
    S2[i] = (short)(300 - i * 11);
    B[i] = (uint8_t)(i * 13 + 1);
    D[i] = i * 0.25 - 3.0;
    L[i] = i * 5 - 17;
  }
#pragma clang loop unroll(disable)
  for (int i = 0; i < 20; i++)
#pragma clang loop unroll(disable)
    for (int j = 0; j < 20; j++)
      M[i][j] = i * 3 - j;
#pragma clang loop unroll(disable)
  for (int n = 0; n < 18; n++) {
    int t[40];
#pragma clang loop unroll(disable)
    for (int i = 0; i < 40; i++)
      t[i] = i;
    add_index(t, n / 3, n);
    unsigned mx;
    unsigned lo = min_max(U, n, &mx);
    fill_ptr(t + 20, t + 20 + n);
    printf("%d %d %ld %d %u %u %d %d %d %u %.6f %d %d %ld\n", n, sum3(A, n),
           dot(S1, S2, (unsigned)n), last_and_count(A, n), lo, mx,
           count_down(A, n), stride3(A, n), t[n / 2] + t[20 + n / 2],
           hash_bytes(B, (uint8_t)n), fsum(D, n), nest(M, n, 17 - n),
           do_while(A, n + 1), from_to(L, n / 2, n));
  }
  return 0;
}
