// Early exit: strlen over many NUL-terminated strings of random lengths.
#include "common.h"

#define BYTES (1 << 18)
#define REPS 800

KERNEL uint64_t kernel(const uint8_t *s, int bytes) {
  uint64_t total = 0;
  int i = 0;
  while (i < bytes) {
    int len = 0;
    while (s[i + len] != 0)
      len++;
    total = total * 31 + (uint64_t)len;
    i += len + 1;
  }
  return total;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  uint8_t *s = ALLOC(uint8_t, BYTES + 1);
  for (int i = 0; i < BYTES; i++)
    s[i] = (uint8_t)lcg_range(1, 256);
  for (int i = 0; i < BYTES; i += (int)lcg_range(4, 400))
    s[i] = 0;
  s[BYTES - 1] = 0;
  s[BYTES] = 0;
  uint64_t h = 0;
  REPEAT(reps, h = mix64(h, kernel(s, BYTES)));
  print_int(h);
  return 0;
}
