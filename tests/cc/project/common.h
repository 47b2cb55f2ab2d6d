/* Shared declarations of the build-test project. */
#ifndef PROJECT_COMMON_H
#define PROJECT_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* vec.c */
void vec_axpy(float a, const float *x, float *y, size_t n);
double vec_dot(const double *x, const double *y, size_t n);
void vec_prefix_sum(int32_t *a, size_t n);
int64_t vec_sum_small(const int16_t *a);

/* mat.c */
void mat_mul(const float *a, const float *b, float *c, int n);
void mat_transpose(const double *a, double *b, int rows, int cols);
void stencil3(const float *in, float *out, int n);

/* hash.c */
uint32_t crc32(const uint8_t *data, size_t n);
uint64_t fnv1a(const uint8_t *data, size_t n);

/* text.c */
size_t count_words(const char *s);
void histogram(const char *s, uint32_t counts[26]);
void reverse(char *s);

/* sort.c */
void insertion_sort(int32_t *a, size_t n);
void counting_sort_u8(uint8_t *a, size_t n);

/* A fixed-seed generator, so every build sees the same data. */
static inline uint32_t next_random(uint64_t *state) {
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)(*state >> 32);
}

#endif
