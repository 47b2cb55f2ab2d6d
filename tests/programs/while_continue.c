// Loops with several backedges (continue in while loops), shared exits
// (break out of nested loops) and values live after the loop.
#include <stdio.h>

static int data[64];

__attribute__((noinline)) int collatz_steps(unsigned n) {
  int steps = 0;
  while (n != 1) {
    steps++;
    if (n % 2 == 0) {
      n /= 2;
      continue;
    }
    if (n > 1000000u)
      break;
    n = 3 * n + 1;
  }
  return steps;
}

__attribute__((noinline)) int find_pair(int target) {
  int i, j = 0, found = -1;
  for (i = 0; i < 64; i++) {
    for (j = i + 1; j < 64; j++) {
      if (data[i] + data[j] == target) {
        found = i * 64 + j;
        goto done;
      }
    }
  }
done:
  return found + i + j;
}

__attribute__((noinline)) long skip_sum(int n) {
  long s = 0;
  int i = 0;
  while (i < n) {
    i++;
    if (i % 3 == 0)
      continue;
    if (i % 7 == 0) {
      s -= i;
      continue;
    }
    s += i * 2;
  }
  return s + i;
}

int main(void) {
  for (int i = 0; i < 64; i++)
    data[i] = (i * 37 + 11) % 101;
  long acc = 0;
  for (unsigned n = 1; n < 300; n++)
    acc += collatz_steps(n);
  for (int t = 50; t < 120; t += 7)
    acc += find_pair(t);
  for (int n = 0; n < 100; n += 9)
    acc += skip_sum(n);
  printf("%ld\n", acc);
  return 0;
}
