#include <stdatomic.h>
#include <stdarg.h>
#include <setjmp.h>
#include <complex.h>
#include <string.h>
_Atomic int ai; atomic_long al;
struct bf { unsigned a:3, b:5; int c:7; } gbf = {1,2,3};
__int128 big = ((__int128)1 << 100) + 5;
_Float16 h = 1.5f16;
long double ld = 3.0L;
double _Complex cz = 1.0 + 2.0*I;
typedef float v4sf __attribute__((vector_size(16)));
typedef int v8si __attribute__((vector_size(32)));
static jmp_buf jb;
int vsum(int n, ...) { va_list ap; va_start(ap, n); int s = 0; for (int i=0;i<n;i++) s += va_arg(ap, int); va_end(ap); return s; }
int atomics(int x) {
  atomic_fetch_add(&ai, x); atomic_fetch_sub_explicit(&al, 2, memory_order_relaxed);
  int e = 0; atomic_compare_exchange_strong(&ai, &e, 5); atomic_compare_exchange_weak_explicit(&ai, &e, 6, memory_order_acquire, memory_order_relaxed);
  atomic_thread_fence(memory_order_seq_cst); __atomic_fetch_nand(&e, 3, __ATOMIC_SEQ_CST);
  return atomic_load(&ai) + __atomic_exchange_n(&e, 9, __ATOMIC_ACQ_REL);
}
v4sf vec(v4sf a, v4sf b) { v4sf c = a * b + a; return __builtin_shufflevector(c, a, 0, 5, 2, 7); }
v8si vec2(v8si a, int i) { a[i] = 3; return a + (v8si){1,2,3,4,5,6,7,8}; }
int asmf(int x) { int y; __asm__ volatile ("movl %1, %0" : "=r"(y) : "r"(x) : "memory"); return y; }
int jumpy(void) { if (setjmp(jb)) return 1; longjmp(jb, 1); }
double complex cmul(double complex a, double complex b) { return a * b; }
int cgoto(int i) { static void *tbl[] = { &&a, &&b, &&c }; goto *tbl[i % 3]; a: return 1; b: return 2; c: return 3; }
__int128 mul128(__int128 a, __int128 b) { return a * b / 7; }
_Float16 hadd(_Float16 a, _Float16 b) { return a + b; }
long double ldf(long double a) { return a * 2.5L + ld; }
float fl(float x) { return __builtin_sqrtf(x) + __builtin_fabsf(x) + (float)0.1; }
int bits(struct bf *p) { return p->a + p->b + p->c; }
void cpy(char *d, const char *s, int n) { memcpy(d, s, n); memset(d, 0, 3); }
int loops(int *a, int n) { int s=0;
#pragma clang loop unroll(disable)
 for (int i=0;i<n;i++) s += a[i]*a[i]; return s; }
int sw(int x) { switch (x) { case 0: return 5; case 1: return 7; case 2: return 9; case 3: return 11; case 10: return 13; default: return 0; } }
unsigned long long popc(unsigned long long x) { return __builtin_popcountll(x) + __builtin_clzll(x|1) + __builtin_bswap64(x); }
int __attribute__((weak)) wk(void) { return 1; }
static int __attribute__((noinline, cold)) coldf(int x) { return x*3; }
int __attribute__((section(".mysec"))) insec = 5;
extern int ext_var; int use_ext(void) { return ext_var + coldf(2); }
int __attribute__((visibility("hidden"))) hid = 1;
void __attribute__((constructor)) ctor(void) { hid++; }
int alias_target(int x) { return x; }
int alias_f(int) __attribute__((alias("alias_target")));
