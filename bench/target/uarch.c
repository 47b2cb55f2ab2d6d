/* Measures reciprocal throughput and latency of the instruction forms of
 * cases.txt on this machine, in core cycles.
 *
 * Without performance counters (this runs in VMs), cycles come from the
 * time stamp counter calibrated against a chain of dependent register
 * `add`s (one cycle each on every x86-64 core): before every measurement, the
 * chain's ticks per cycle are measured anew, so turbo changes between
 * measurements do not matter. Each number is the minimum over REPS short
 * runs (tens to hundreds of microseconds), so that runs the scheduler
 * interrupts on a busy machine do not count.
 * Build and run with run.sh. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cases.h"

#define ITERS 4000UL
#define REPS 60

static inline uint64_t ticks(void) {
  uint32_t lo, hi;
  __asm__ volatile("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi)::"memory");
  return ((uint64_t)hi << 32) | lo;
}

/* 12 dependent register-register adds per iteration: 12 cycles. (Not
 * `add $1, %rax`: Golden Cove cores, such as Sapphire/Emerald Rapids,
 * execute immediate adds at rename, about 5.5 per cycle on this machine;
 * a register-register add chain runs at one per cycle, three per `imul`
 * of a chain, as expected.) */
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

static double measure(case_fn f, const float *buf) {
  double best = 1e30;
  for (int r = 0; r < REPS; r++) {
    double tpc = ticks_per_cycle();
    uint64_t t0 = ticks();
    f(ITERS, buf);
    uint64_t t1 = ticks();
    double c = (double)(t1 - t0) / tpc / (12.0 * ITERS);
    if (c < best) best = c;
  }
  return best;
}

int main(void) {
  static float buf[1024] __attribute__((aligned(64)));
  for (int i = 0; i < 1024; i++) buf[i] = 1.0f;
  int avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
               __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
  /* Warm up (frequency ramp). */
  for (int i = 0; i < 50; i++) add_chain(ITERS);
  printf("instruction\twidth\trthroughput\tlatency\n");
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    if (cases[i].width == 512 && !avx512) continue;
    double tp = cases[i].tp ? measure(cases[i].tp, buf) : -1;
    double lat = cases[i].lat ? measure(cases[i].lat, buf) : -1;
    printf("%s\t%d\t", cases[i].name, cases[i].width);
    if (tp >= 0) printf("%.2f\t", tp); else printf("-\t");
    if (lat >= 0) printf("%.2f\n", lat); else printf("-\n");
    fflush(stdout);
  }
  return 0;
}
