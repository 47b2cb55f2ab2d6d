/* Times the loops of groups_ir.sh on this machine, in core cycles per
 * iteration, with uarch.c's clock: the time stamp counter calibrated
 * against a chain of register adds (see measure), the least of ROUNDS
 * passes over all loops. Prints one row per loop: its kind, element
 * types, factor, width and cycles per iteration. Build and run with
 * groups.sh. */
#include <stdint.h>
#include <stdio.h>
#include "groups.h"

#define ITERS 2000UL
#define REPS 60
#define ROUNDS 5

static inline uint64_t ticks(void) {
  uint32_t lo, hi;
  __asm__ volatile("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi)::"memory");
  return ((uint64_t)hi << 32) | lo;
}

static void add_chain(unsigned long n) {
  __asm__ volatile(
      "mov $1, %%ecx\n"
      "xor %%eax, %%eax\n"
      "1:\n"
      ".rept 12\n\tadd %%rcx, %%rax\n\t.endr\n"
      "dec %0\n\tjnz 1b\n"
      : "+r"(n)::"rax", "rcx", "cc");
}

static double ticks_per_cycle(void) {
  double best = 1e30;
  for (int r = 0; r < 5; r++) {
    uint64_t t0 = ticks();
    add_chain(ITERS);
    uint64_t t1 = ticks();
    double t = (double)(t1 - t0) / (12.0 * ITERS);
    if (t < best) best = t;
  }
  return best;
}

static unsigned char src[16384] __attribute__((aligned(64)));
/* dst is offset from src by a number of cache lines that is not a
   multiple of 4 KiB: loads and stores at the same address modulo 4 KiB
   would be taken for dependent (4K aliasing). */
#define DST_OFFSET 2112
static unsigned char dst[16384 + DST_OFFSET] __attribute__((aligned(64)));

/* The loop's fewest ticks over the fewest ticks per cycle: both minima
   over the same REPS runs. (A run's ticks divided by the ticks per cycle
   measured just before it would let one slow calibration run, whose
   chain was interrupted, make the loop look fast.) */
static double measure(group_fn f) {
  double best = 1e30, tpc = 1e30;
  for (int r = 0; r < REPS; r++) {
    double t = ticks_per_cycle();
    if (t < tpc) tpc = t;
    uint64_t t0 = ticks();
    f(ITERS, src, dst + DST_OFFSET);
    uint64_t t1 = ticks();
    if ((double)(t1 - t0) < best) best = (double)(t1 - t0);
  }
  return best / tpc / (double)ITERS;
}

int main(void) {
  for (size_t i = 0; i < sizeof src; i++) src[i] = (unsigned char)(i * 7 + 1);
  for (int i = 0; i < 50; i++) add_chain(ITERS);
  /* ROUNDS passes over all loops, each loop's minimum kept: another
   process on the same core (the machine is shared) slows whole passes. */
  size_t n = sizeof groups / sizeof groups[0];
  static double best[sizeof groups / sizeof groups[0]];
  for (size_t i = 0; i < n; i++) best[i] = 1e30;
  for (int round = 0; round < ROUNDS; round++)
    for (size_t i = 0; i < n; i++) {
      double c = measure(groups[i].fn);
      if (c < best[i]) best[i] = c;
    }
  printf("kind\ttype\tout\tfactor\tvf\tcycles\n");
  for (size_t i = 0; i < n; i++)
    printf("%s\t%s\t%s\t%d\t%d\t%.2f\n", groups[i].kind, groups[i].type, groups[i].out,
           groups[i].factor, groups[i].vf, best[i]);
  return 0;
}
