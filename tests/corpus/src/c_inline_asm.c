// Inline assembly: constraints of many kinds, clobbers, memory operands,
// named operands, volatile, and asm goto (callbr), with and without outputs.
#include <stdint.h>

static inline uint64_t rdtsc(void) {
  uint32_t lo, hi;
  __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
  return ((uint64_t)hi << 32) | lo;
}

int add_asm(int a, int b) {
  int r;
  __asm__("leal (%1,%2), %0" : "=r"(r) : "r"(a), "r"(b));
  return r;
}

int add_inout(int a, int b) {
  __asm__("addl %[b], %[a]" : [a] "+r"(a) : [b] "rm"(b) : "cc");
  return a;
}

void mem_barrier(void) { __asm__ __volatile__("" ::: "memory"); }

uint32_t bswap_asm(uint32_t x) {
  __asm__("bswap %0" : "+r"(x));
  return x;
}

int cpuid_max(void) {
  uint32_t a, b, c, d;
  __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0), "c"(0));
  return (int)a;
}

void store_asm(int *p, int v) { __asm__ volatile("movl %1, %0" : "=m"(*p) : "ri"(v)); }

double sqrt_asm(double x) {
  double r;
  __asm__("sqrtsd %1, %0" : "=x"(r) : "x"(x));
  return r;
}

int early_clobber(int a) {
  int r;
  __asm__("movl $1, %0\n\taddl %1, %0" : "=&r"(r) : "r"(a));
  return r;
}

int matching(int a) {
  int r;
  __asm__("incl %0" : "=r"(r) : "0"(a));
  return r;
}

int asm_goto(int x) {
  __asm__ goto("testl %0, %0\n\tjz %l[zero]" : : "r"(x) : "cc" : zero);
  return 1;
zero:
  return 0;
}

int asm_goto_out(int x) {
  int y;
  __asm__ goto("movl %1, %0\n\tcmpl $10, %1\n\tjg %l[big]" : "=r"(y) : "r"(x) : "cc" : big);
  return y;
big:
  return -y;
}

int asm_in_loop(const int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    int v = p[i];
    __asm__("" : "+r"(v));
    s += v;
  }
  return s;
}

__asm__(".globl toplevel_sym\n"
        "toplevel_sym:\n"
        "  ret\n");

int main(void) {
  int arr[4] = {1, 2, 3, 4};
  int x = 0;
  store_asm(&x, 5);
  uint64_t t = rdtsc();
  int r = add_asm(1, 2) + add_inout(3, 4) + (int)bswap_asm(1) + early_clobber(2) + matching(3) +
          asm_goto(x) + asm_goto_out(12) + asm_in_loop(arr, 4) + (sqrt_asm(4.0) == 2.0);
  mem_barrier();
  return (r != 0 && t != 1 && cpuid_max() >= 0) ? 0 : 1;
}
