// Nested: naive out-of-place float matrix transpose (strided stores).
#include "common.h"

#define M 512
#define REPS 100

KERNEL void kernel(float *restrict t, const float *restrict a, int rows,
                   int cols) {
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      t[j * rows + i] = a[i * cols + j];
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, REPS);
  float *a = ALLOC(float, M * M), *t = ALLOC(float, M * M);
  fill_f32(a, M * M, 1.0f);
  REPEAT(reps, kernel(t, a, M, M));
  print_fp(weigh_f32(t, M * M), RTOL);
  return 0;
}
