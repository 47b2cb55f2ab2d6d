/* Shared helpers for the loopwright kernel suite (bench/kernels).
 *
 * Every kernel program follows the same shape:
 *   - inputs come from the fixed-seed LCG below, so every build sees the
 *     same data;
 *   - the timed work is one KERNEL function (named `kernel`, external
 *     linkage, never inlined), called `reps` times from main with a
 *     compiler barrier between calls, so no build can hoist or merge calls;
 *   - main prints exactly one `checksum ...` line and exits 0.
 * The program times nothing itself: the harness (`cargo xtask bench`) times
 * the whole run, or counts instructions inside `kernel` under callgrind.
 *
 * Checksum lines:
 *   checksum int <u64>            compared exactly;
 *   checksum fp <f64> rtol <tol>  compared with relative tolerance <tol>.
 *
 * An optional first argument overrides the repetition count (the harness
 * passes 1 for --quick and --callgrind).
 *
 * Portable C11 for gcc and clang; no libm. */
#ifndef LOOPWRIGHT_BENCH_COMMON_H
#define LOOPWRIGHT_BENCH_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* gcc would still specialise or analyse a noinline function across the
 * call (ipa-cp clones, pure/const discovery); noipa stops that. clang has
 * no such cloning and does not know noipa. */
#if defined(__clang__)
#define KERNEL __attribute__((noinline))
#else
#define KERNEL __attribute__((noinline, noipa))
#endif

/* Compiler barrier: memory may have changed, so a read-only kernel cannot
 * be hoisted out of the repetition loop. */
#define CLOBBER() __asm__ __volatile__("" ::: "memory")

/* Calls `call` reps times with a barrier after each call. */
#define REPEAT(reps, call)                                                     \
  do {                                                                         \
    for (long rep_ = 0; rep_ < (reps); rep_++) {                               \
      call;                                                                    \
      CLOBBER();                                                               \
    }                                                                          \
  } while (0)

/* ------------------------------------------------------------ the LCG */

static uint64_t lcg_state = 0x853c49e6748fea9bULL;

/* 32 random bits (the high half of a 64-bit LCG, Knuth's MMIX constants). */
static inline uint32_t lcg_u32(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)(lcg_state >> 32);
}

/* Uniform in [lo, hi) (hi > lo, hi - lo < 2^32). */
static inline int64_t lcg_range(int64_t lo, int64_t hi) {
  uint64_t span = (uint64_t)(hi - lo);
  return lo + (int64_t)(((uint64_t)lcg_u32() * span) >> 32);
}

/* Uniform in [-1, 1) with 24 significant bits: exact in float and double,
 * so gcc and clang build identical inputs whatever they contract. */
static inline float lcg_f32(void) {
  int32_t k = (int32_t)(lcg_u32() >> 8) - (1 << 23);
  return (float)k * (1.0f / 8388608.0f);
}

static inline double lcg_f64(void) {
  int32_t k = (int32_t)(lcg_u32() >> 8) - (1 << 23);
  return (double)k * (1.0 / 8388608.0);
}

/* ------------------------------------------------------------ memory */

static inline void *xalloc(size_t bytes) {
  size_t rounded = (bytes + 63) / 64 * 64;
  void *p = aligned_alloc(64, rounded ? rounded : 64);
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  memset(p, 0, rounded ? rounded : 64);
  /* Let the buffer escape into an opaque asm: CLOBBER() may then write it,
   * so a call that only reads it cannot be hoisted out of REPEAT. */
  __asm__ __volatile__("" : : "r"(p) : "memory");
  return p;
}

#define ALLOC(type, n) ((type *)xalloc(sizeof(type) * (size_t)(n)))

#define DEFINE_FILL(name, type)                                                \
  static inline void name(type *a, size_t n, int64_t lo, int64_t hi) {         \
    for (size_t i = 0; i < n; i++)                                             \
      a[i] = (type)lcg_range(lo, hi);                                          \
  }
DEFINE_FILL(fill_i8, int8_t)
DEFINE_FILL(fill_u8, uint8_t)
DEFINE_FILL(fill_i16, int16_t)
DEFINE_FILL(fill_u16, uint16_t)
DEFINE_FILL(fill_i32, int32_t)
DEFINE_FILL(fill_u32, uint32_t)
DEFINE_FILL(fill_i64, int64_t)
DEFINE_FILL(fill_u64, uint64_t)
#undef DEFINE_FILL

/* Uniform in [-scale, scale) (scale a power of two keeps values exact). */
static inline void fill_f32(float *a, size_t n, float scale) {
  for (size_t i = 0; i < n; i++)
    a[i] = lcg_f32() * scale;
}

static inline void fill_f64(double *a, size_t n, double scale) {
  for (size_t i = 0; i < n; i++)
    a[i] = lcg_f64() * scale;
}

/* Small dyadic values k/16 with k in [-16, 16): any sum of up to 2^18 of
 * them is exact in float, so reassociated reductions match bit for bit. */
static inline void fill_f32_exact(float *a, size_t n) {
  for (size_t i = 0; i < n; i++)
    a[i] = (float)lcg_range(-16, 16) * 0.0625f;
}

static inline void fill_f64_exact(double *a, size_t n) {
  for (size_t i = 0; i < n; i++)
    a[i] = (double)lcg_range(-16, 16) * 0.0625;
}

/* ------------------------------------------------------------ checksums */

/* FNV-1a over 8-byte words (the tail is zero-padded). */
static inline uint64_t hash_mem(const void *p, size_t bytes) {
  const unsigned char *b = (const unsigned char *)p;
  uint64_t h = 0xcbf29ce484222325ULL;
  size_t i = 0;
  for (; i + 8 <= bytes; i += 8) {
    uint64_t w;
    memcpy(&w, b + i, 8);
    h = (h ^ w) * 0x100000001b3ULL;
  }
  if (i < bytes) {
    uint64_t w = 0;
    memcpy(&w, b + i, bytes - i);
    h = (h ^ w) * 0x100000001b3ULL;
  }
  return h;
}

static inline uint64_t mix64(uint64_t h, uint64_t v) {
  return (h ^ v) * 0x100000001b3ULL + 0x9e3779b97f4a7c15ULL;
}

/* Position-weighted checksums of float results. Each element adds
 * w * (3v if v >= 0, else -v) with w = (i mod 8) + 1: every term is
 * non-negative, so the sum has no cancellation and a relative error of the
 * elements bounds the relative error of the sum (a sign flip or a permuted
 * element still changes it). */
static inline double weigh_f64(const double *a, size_t n) {
  double s = 0.0;
  for (size_t i = 0; i < n; i++) {
    double v = a[i];
    s += (v >= 0.0 ? 3.0 * v : -v) * (double)((i & 7) + 1);
  }
  return s;
}

static inline double weigh_f32(const float *a, size_t n) {
  double s = 0.0;
  for (size_t i = 0; i < n; i++) {
    double v = (double)a[i];
    s += (v >= 0.0 ? 3.0 * v : -v) * (double)((i & 7) + 1);
  }
  return s;
}

static inline void print_int(uint64_t v) {
  printf("checksum int %llu\n", (unsigned long long)v);
}

/* Floating-point results differ between builds only by contraction (gcc
 * fuses across statements, clang within one) and, where a pragma allows
 * it, by reassociation; rtol states what the kernel tolerates. */
static inline void print_fp(double v, double rtol) {
  printf("checksum fp %.17g rtol %g\n", v, rtol);
}

/* Default tolerance of floating-point kernels. */
#define RTOL 1e-6

/* Repetitions: argv[1] when given, else the kernel's default. */
static inline long bench_reps(int argc, char **argv, long dflt) {
  if (argc > 1) {
    long r = strtol(argv[1], NULL, 10);
    if (r > 0)
      return r;
  }
  return dflt;
}

#endif
