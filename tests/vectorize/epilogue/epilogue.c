// Epilogue vectorization (a second, narrower vector loop after the main
// one, before the scalar loop): the shapes LLVM 19 vectorizes an
// epilogue for (main width of 16 or more: 8- and 16-bit elements), and
// those it does not (an induction used after the loop, a first-order
// recurrence). Trip counts around the main loop's VF x IC and the
// epilogue's width. The loops of main are not vectorized.
#include <stdio.h>
#define N 1200
unsigned char A[N + 64], B[N + 64], C[N + 64];
short S[N], T[N];

__attribute__((noinline)) void add_u8(unsigned char *restrict c, const unsigned char *a, const unsigned char *b, int n) {
  for (int i = 0; i < n; i++) c[i] = a[i] + b[i];
}
// May alias: run-time checks, which the epilogue shares.
__attribute__((noinline)) void add_alias_u8(unsigned char *c, const unsigned char *a, int n) {
  for (int i = 0; i < n; i++) c[i] = a[i] + 3;
}
__attribute__((noinline)) unsigned char sum_u8(const unsigned char *a, int n) {
  unsigned char s = 7;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}
__attribute__((noinline)) short max_i16(const short *a, int n) {
  short m = -5;
  for (int i = 0; i < n; i++) m = a[i] > m ? a[i] : m;
  return m;
}
__attribute__((noinline)) unsigned char xor_u8(const unsigned char *a, long n) {
  unsigned char s = 0x5a;
  for (long i = 0; i < n; i++) s ^= a[i];
  return s;
}
__attribute__((noinline)) void scale_i16(short *restrict c, const short *a, int n) {
  for (int i = 0; i < n; i++) c[i] = a[i] * 3 - 1;
}
// A widened induction: the epilogue's starts where the main loop stopped.
__attribute__((noinline)) void iota_u8(unsigned char *restrict b, int n) {
  for (int i = 0; i < n; i++) b[i] = (unsigned char)(i * 5 + 1);
}
__attribute__((noinline)) void pairs_u8(unsigned char *restrict b, const unsigned char *a, int n) {
  for (int i = 0; i < n; i++) b[i] = a[2 * i] + a[2 * i + 1];
}
// A group with a gap reads past its last member: a scalar iteration is
// always left.
__attribute__((noinline)) void gap_u8(unsigned char *restrict b, const unsigned char *a, int n) {
  for (int i = 0; i < n; i++) b[i] = a[3 * i] ^ a[3 * i + 1];
}
__attribute__((noinline)) void ptr_u8(unsigned char *p, unsigned char *end) {
  for (; p != end; p++) *p = *p * 3 + 1;
}
__attribute__((noinline)) void const1000(unsigned char *restrict b, const unsigned char *a) {
  for (int i = 0; i < 1000; i++) b[i] = a[i] + 1;
}
__attribute__((noinline)) void const1030(unsigned char *restrict b, const unsigned char *a) {
  for (int i = 0; i < 1030; i++) b[i] = a[i] - 1;
}
__attribute__((noinline)) void const1032(unsigned char *restrict b, const unsigned char *a) {
  for (int i = 0; i < 1032; i++) b[i] = a[i] | 1;
}
// The inner loop of a nest.
__attribute__((noinline)) void rows_u8(unsigned char *restrict b, const unsigned char *a, int rows, int cols) {
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) b[r * cols + c] = a[r * cols + c] + (unsigned char)r;
}
// Not epilogue-vectorized by LLVM 19: the induction is used after the loop.
__attribute__((noinline)) int liveout_u8(unsigned char *restrict b, const unsigned char *a, int n) {
  int i;
  for (i = 0; i < n; i++) b[i] = a[i] + 1;
  return i;
}
// Nor a first-order recurrence.
__attribute__((noinline)) void recur_u8(unsigned char *restrict b, const unsigned char *a, int n) {
  unsigned char p = 9;
  for (int i = 0; i < n; i++) { b[i] = a[i] + p; p = a[i]; }
}

static unsigned h;
static void mix(const unsigned char *p, int n) {
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < n; i++) h = h * 31 + p[i];
}

int main(void) {
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N + 64; i++) { A[i] = (unsigned char)(i * 7 + 3); B[i] = (unsigned char)(i * 13 + 1); C[i] = 0; }
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N; i++) T[i] = (short)(i * 37 - 9000);
  int trips[] = {0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65, 127, 128, 129,
                 143, 144, 145, 255, 256, 257, 271, 300, 383, -1};
  _Pragma("clang loop vectorize(disable)") for (int k = 0; trips[k] >= 0; k++) {
    int n = trips[k];
    h = 0;
    add_u8(C, A, B, n); mix(C, n);
    add_alias_u8(C + 1, C, n); mix(C, n + 1);
    add_alias_u8(C, C + 1, n); mix(C, n + 1);
    h += sum_u8(A, n) + xor_u8(B, n);
    scale_i16(S, T, n); h += (unsigned short)max_i16(S, n) + (unsigned short)max_i16(T, n);
    mix((unsigned char *)S, 2 * n);
    iota_u8(C, n); mix(C, n);
    pairs_u8(C, A, n / 2); mix(C, n / 2);
    gap_u8(C, A, n / 3); mix(C, n / 3);
    ptr_u8(C, C + n); mix(C, n);
    rows_u8(C, A, 3, n / 3); mix(C, n);
    h += liveout_u8(C, B, n); mix(C, n);
    recur_u8(C, A, n); mix(C, n);
    printf("%d: %u\n", n, h);
  }
  h = 0;
  const1000(C, A); mix(C, 1000);
  const1030(C, A); mix(C, 1030);
  const1032(C, A); mix(C, 1032);
  printf("const: %u\n", h);
  return 0;
}
