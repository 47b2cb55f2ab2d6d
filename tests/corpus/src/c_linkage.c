// Linkage and symbol attributes: constructors/destructors with priorities,
// aliases, ifuncs, weak symbols, visibility, sections, alignment, used,
// common-ish globals, cold/hot, noinline/always_inline, and naked functions.
#include <stdio.h>

int init_order[8];
static int n_init;

__attribute__((constructor(101))) static void early_init(void) { init_order[n_init++] = 101; }
__attribute__((constructor)) static void late_init(void) { init_order[n_init++] = 65535; }
__attribute__((destructor(200))) static void fini(void) { n_init = 0; }

int real_impl(int x) { return x * 2; }
int alias_impl(int x) __attribute__((alias("real_impl")));
extern int weak_alias(int x) __attribute__((weak, alias("real_impl")));
int data_target = 5;
extern int data_alias __attribute__((alias("data_target")));

static int impl_generic(int x) { return x + 1; }
static int impl_fast(int x) { return x + 1; }
typedef int (*impl_fn)(int);
static impl_fn resolve_impl(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") ? impl_fast : impl_generic;
}
int dispatched(int x) __attribute__((ifunc("resolve_impl")));

__attribute__((weak)) int weak_fn(int x) { return x; }
__attribute__((weak)) extern int weak_undef(int);
__attribute__((visibility("hidden"))) int hidden_var = 1;
__attribute__((visibility("protected"))) int protected_var = 2;
__attribute__((visibility("default"))) int default_var = 3;
__attribute__((visibility("hidden"))) int hidden_fn(void) { return hidden_var; }
__attribute__((visibility("protected"))) int protected_fn(void) { return protected_var; }

__attribute__((section(".data.custom"))) int in_section = 42;
__attribute__((section(".text.hot_path"))) int hot_section_fn(int x) { return x ^ in_section; }
__attribute__((aligned(64))) char aligned_buf[100];
__attribute__((aligned(4096))) static char page[4096];
__attribute__((used)) static const char version_tag[] = "loopwright-corpus-1";
__attribute__((retain, used)) static int retained = 9;
const char *const string_table[] = {"alpha", "beta", "gamma", 0};
static const int lookup[256] = {[1] = 1, [2] = 1, [4] = 1, [8] = 1, [16] = 1, [255] = -1};
int tentative_definition;

__attribute__((cold, noinline)) void report_error(const char *m) { fprintf(stderr, "%s\n", m); }
__attribute__((hot)) int hot_fn(int x) { return x * 3; }
__attribute__((always_inline)) static inline int always(int x) { return x + 7; }
__attribute__((noinline, optnone)) int never_optimized(int x) { return always(x) * 2; }
__attribute__((naked)) void naked_fn(void) { __asm__("ret"); }
__attribute__((pure)) int pure_fn(const int *p) { return *p; }
__attribute__((const)) int const_fn(int x) { return x * x; }
__attribute__((malloc, alloc_size(1))) void *my_alloc(unsigned long n);
__attribute__((nonnull(1), returns_nonnull)) int *nonnull_fn(int *p) { return p + 1; }
__attribute__((warn_unused_result)) int must_use(void) { return 1; }
__attribute__((no_stack_protector)) int nsp(int x) { char b[64]; b[x & 63] = 1; return b[0]; }
__attribute__((target("avx2"))) int target_avx2(int x) { return x + 2; }
__attribute__((minsize)) int small_fn(int x) { return x / 3; }
__attribute__((regcall)) int regcall_fn(int a, int b) { return a - b; }
__attribute__((ms_abi)) int ms_abi_fn(int a, int b) { return a + b; }
__attribute__((preserve_most)) int preserve_most_fn(int a) { return a; }
__attribute__((no_sanitize("address"))) int nosan(int *p) { return *p; }

int count_table(void) {
  int s = 0;
  for (int i = 0; i < 256; i++)
    s += lookup[i];
  for (const char *const *p = string_table; *p; ++p)
    s += (*p)[0];
  return s;
}

int main(void) {
  int r = real_impl(1) + alias_impl(2) + weak_alias(3) + dispatched(4) + weak_fn(5) +
          (weak_undef ? weak_undef(1) : 0) + hidden_fn() + protected_fn() + hot_section_fn(1) +
          hot_fn(2) + never_optimized(3) + pure_fn(&data_alias) + const_fn(3) + count_table() +
          *nonnull_fn(init_order) + must_use() + nsp(3) + small_fn(9) + regcall_fn(5, 2) +
          ms_abi_fn(1, 2) + preserve_most_fn(4) + nosan(&default_var) + page[7] +
          aligned_buf[3] + tentative_definition + retained;
  if (r < 0) report_error("negative");
  printf("%d %d\n", r, init_order[0]);
  return 0;
}
