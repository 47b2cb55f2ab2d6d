// Variadic functions: va_list, va_arg of several types, va_copy, and
// forwarding to vprintf-style callees.
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct big { long a, b, c, d; };
struct small { int x; float y; };

double sum_doubles(int n, ...) {
  va_list ap;
  va_start(ap, n);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, double);
  va_end(ap);
  return s;
}

long mixed(const char *fmt, ...) {
  va_list ap, copy;
  va_start(ap, fmt);
  va_copy(copy, ap);
  long acc = 0;
  for (const char *p = fmt; *p; ++p) {
    switch (*p) {
    case 'i': acc += va_arg(ap, int); break;
    case 'l': acc += va_arg(ap, long); break;
    case 'd': acc += (long)va_arg(ap, double); break;
    case 'p': acc += va_arg(ap, char *) != 0; break;
    case 'B': { struct big b = va_arg(ap, struct big); acc += b.a + b.d; break; }
    case 's': { struct small s = va_arg(ap, struct small); acc += s.x; break; }
    case 'L': acc += (long)va_arg(ap, long double); break;
    default: break;
    }
  }
  /* Walk the copy again, only counting ints at the front. */
  while (*fmt == 'i') { acc += va_arg(copy, int) * 0; fmt++; }
  va_end(copy);
  va_end(ap);
  return acc;
}

int my_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char buf[256];
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  fputs(buf, stdout);
  return n;
}

static int count_until_zero(int first, ...) {
  va_list ap;
  int n = 0;
  va_start(ap, first);
  for (int v = first; v != 0; v = va_arg(ap, int))
    n++;
  va_end(ap);
  return n;
}

int main(void) {
  struct big b = {1, 2, 3, 4};
  struct small s = {5, 6.0f};
  long r = mixed("ildpBsL", 1, 2L, 3.0, "x", b, s, (long double)7.0);
  double d = sum_doubles(3, 1.0, 2.0, 3.5);
  int c = count_until_zero(1, 2, 3, 4, 0);
  my_printf("%ld %g %d\n", r, d, c);
  return r == 24 && c == 4 ? 0 : 1;
}
