// Unroll pragmas: full, counts, disable, enable, runtime trip counts that
// defeat unroll(full) (a missed remark and a transform-warning), and
// combinations with vectorize hints that stay leftover.
#include <stdio.h>

static int a[128];

__attribute__((noinline)) void full_const(void) {
#pragma clang loop unroll(full)
  for (int i = 0; i < 32; i++)
    a[i] += 2 * i;
}
__attribute__((noinline)) void full_runtime(int n) {
#pragma clang loop unroll(full)
  for (int i = 0; i < n; i++)
    a[i & 127] -= 1;
}
__attribute__((noinline)) void count4_runtime(int n) {
#pragma unroll 4
  for (int i = 0; i < n; i++)
    a[i & 127] += i;
}
__attribute__((noinline)) void count5_const(void) {
#pragma unroll 5
  for (int i = 0; i < 100; i++)
    a[i] ^= 3;
}
__attribute__((noinline)) void count3_const_odd(void) {
#pragma unroll 3
  for (int i = 0; i < 100; i++)
    a[i] += a[i + 1];
}
__attribute__((noinline)) void disabled(int n) {
#pragma nounroll
  for (int i = 0; i < n; i++)
    a[i & 127] *= 3;
}
__attribute__((noinline)) void enabled(int n) {
#pragma clang loop unroll(enable)
  for (int i = 0; i < n; i++)
    a[i & 127] += 5;
}
__attribute__((noinline)) void enabled_const(void) {
#pragma clang loop unroll(enable)
  for (int i = 0; i < 1000; i++)
    a[i & 127] += i;
}
__attribute__((noinline)) void full_huge(void) {
#pragma clang loop unroll(full)
  for (int i = 0; i < 5000; i++)
    a[i & 127] += i;
}
__attribute__((noinline)) void leftover_vectorize(int n) {
#pragma clang loop vectorize(enable)
  for (int i = 0; i < n; i++)
    a[i & 127] += 7;
}

int main(void) {
  for (int i = 0; i < 128; i++)
    a[i] = i * 3 % 29;
  full_const();
  for (int n = 0; n < 30; n += 7) {
    full_runtime(n);
    count4_runtime(n);
    disabled(n);
    enabled(n);
    leftover_vectorize(n);
  }
  count5_const();
  count3_const_odd();
  enabled_const();
  full_huge();
  long s = 0;
  for (int i = 0; i < 128; i++)
    s = s * 7 + a[i];
  printf("%ld\n", s);
  return 0;
}
