// Early-exit search loops with multiple exits, a switch inside a loop, and
// pointer induction variables.
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) int index_of(const int *p, int n, int key) {
  for (int i = 0; i < n; i++)
    if (p[i] == key)
      return i;
  return -1;
}

__attribute__((noinline)) int count_classes(const char *s) {
  int digits = 0, alpha = 0, other = 0;
  for (const char *q = s; *q; q++) {
    switch (*q) {
    case '0' ... '9':
      digits++;
      break;
    case 'a' ... 'z':
    case 'A' ... 'Z':
      alpha++;
      break;
    case '!':
      goto out;
    default:
      other++;
    }
  }
out:
  return digits * 10000 + alpha * 100 + other;
}

__attribute__((noinline)) const char *last_space(const char *b, const char *e) {
  while (e != b) {
    --e;
    if (*e == ' ')
      return e;
  }
  return 0;
}

int main(void) {
  int v[100];
  for (int i = 0; i < 100; i++)
    v[i] = (i * 13) % 29;
  long acc = 0;
  for (int k = 0; k < 35; k++)
    acc += index_of(v, 100, k) + index_of(v, k, 3);
  const char *msgs[] = {"abc 123 x!yz", "hello world 42", "", "!!", "no-digits here"};
  for (int i = 0; i < 5; i++) {
    acc += count_classes(msgs[i]);
    const char *sp = last_space(msgs[i], msgs[i] + strlen(msgs[i]));
    acc += sp ? sp - msgs[i] : -7;
  }
  printf("%ld\n", acc);
  return 0;
}
