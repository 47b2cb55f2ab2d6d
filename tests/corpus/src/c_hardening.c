// corpus-flags: -fsanitize=address,kcfi,signed-integer-overflow,shift,bounds,alignment,null,integer-divide-by-zero -fstack-protector-strong -fcf-protection=full
// Instrumented code: AddressSanitizer module ctors and redzoned globals,
// UBSan checks with nosanitize metadata and handler calls, KCFI type
// checks on indirect calls (operand bundles), stack protectors and CET.
#include <stdint.h>
#include <string.h>

int table[16] = {1, 2, 3};
typedef int (*binop)(int, int);
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
binop ops[2] = {add, sub};

int checked_arith(int a, int b) { return a * b + (a << (b & 31)) + a / (b | 1); }
int index_table(int i) { return table[i]; }
int indirect(int which, int a, int b) { return ops[which & 1](a, b); }

int stack_buffer(const char *s) {
  char buf[32];
  strncpy(buf, s, sizeof buf - 1);
  buf[31] = 0;
  int h = 0;
  for (int i = 0; buf[i]; i++) h = h * 31 + buf[i];
  return h;
}

int aligned_load(const char *p) { return *(const int *)(p + 1); }

int loop_sum(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}

int main(void) {
  int arr[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  char bytes[8] = {0};
  return (checked_arith(3, 4) + index_table(2) + indirect(1, 5, 2) + stack_buffer("hello") +
          aligned_load(bytes) + loop_sum(arr, 8)) > 0 ? 0 : 1;
}
