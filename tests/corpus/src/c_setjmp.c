// setjmp/longjmp, sigsetjmp, returns_twice, noreturn paths, volatile locals.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf env;
static sigjmp_buf senv;

__attribute__((noreturn)) static void fail(int code) { longjmp(env, code); }

static int checked_div(int a, int b) {
  if (b == 0) fail(42);
  return a / b;
}

int try_divs(const int *v, int n) {
  volatile int done = 0;
  int code = setjmp(env);
  if (code != 0)
    return -code - done;
  int acc = 1000;
  for (int i = 0; i < n; i++) {
    acc = checked_div(acc, v[i]);
    done++;
  }
  return acc;
}

int nested_sig(int depth) {
  if (sigsetjmp(senv, 1))
    return depth;
  if (depth > 3)
    siglongjmp(senv, 1);
  return nested_sig(depth + 1) + 1;
}

int builtin_jmp(void) {
  void *buf[5];
  if (__builtin_setjmp(buf) == 0) {
    __builtin_longjmp(buf, 1);
  }
  return 7;
}

int main(void) {
  int ok[] = {2, 5, 10};
  int bad[] = {2, 0, 10};
  int a = try_divs(ok, 3), b = try_divs(bad, 3);
  int c = nested_sig(0);
  int d = builtin_jmp();
  printf("%d %d %d %d\n", a, b, c, d);
  if (a != 10) abort();
  return 0;
}
