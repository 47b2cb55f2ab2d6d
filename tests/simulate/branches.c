// Full-unroll simulation conformance: compares on the induction variable
// that fold in every unrolled iteration, switches on it, code that becomes
// dead once they fold, and early exits over constant tables.
#include <stdio.h>

static const int keys[7] = {4, 8, 15, 16, 23, 42, 99};
static const unsigned char bits[6] = {1, 0, 1, 1, 0, 1};
int buf[32];

__attribute__((noinline)) int only_third(int *a, int k) {
  int s = 0;
  for (int i = 0; i < 9; i++) {
    if (i == 3) {
      s ^= a[0] * k + a[1];
      s = (s << 3) - a[2];
    } else {
      s += k;
    }
  }
  return s;
}

__attribute__((noinline)) int by_switch(int *a) {
  int s = 0;
  for (int i = 0; i < 6; i++) {
    switch (i) {
    case 0:
      s += a[0] * 3;
      break;
    case 2:
      s -= a[1];
      break;
    case 5:
      s ^= a[2] << 2;
      break;
    default:
      s += 1;
    }
  }
  return s;
}

__attribute__((noinline)) int find(int key) {
  for (int i = 0; i < 7; i++)
    if (keys[i] == key)
      return i;
  return -1;
}

__attribute__((noinline)) void masked(int *o, int v) {
  for (int i = 0; i < 6; i++)
    if (bits[i])
      o[i] = v + i * keys[i];
}

__attribute__((noinline)) int even_odd(int *a) {
  int s = 0;
  for (int i = 0; i < 8; i++) {
    if (i % 2 == 0)
      s += a[i] * 5;
    else if (i > 4)
      s -= a[i] >> 1;
  }
  return s;
}

__attribute__((noinline)) int big_body(int *a, int k) {
  int s = 0;
  for (int i = 0; i < 4; i++) {
    if (i < 2) {
      s += a[i] * k;
      s ^= a[i + 4] + k;
      s += a[i + 8] * (k + 1);
      s -= a[i + 12] << 2;
      s += (a[i + 16] ^ k) * 3;
    } else {
      s += 7;
    }
  }
  return s;
}

__attribute__((noinline)) int down(int k) {
  int s = 0;
  for (int i = 5; i >= 0; i--)
    s = s * 3 + (i > 2 ? keys[i] : k);
  return s;
}

int main(void) {
  for (int i = 0; i < 32; i++)
    buf[i] = i * 5 - 40;
  int r1 = only_third(buf, 3);
  int r2 = by_switch(buf);
  int r3 = find(16) + find(5) * 10;
  masked(buf, 11);
  int r4 = even_odd(buf);
  int r5 = big_body(buf, 2);
  int r6 = down(9);
  int cs = 0;
  for (int i = 0; i < 8; i++)
    cs = cs * 3 + buf[i];
  printf("%d %d %d %d %d %d %d\n", r1, r2, r3, r4, r5, r6, cs);
  return 0;
}
