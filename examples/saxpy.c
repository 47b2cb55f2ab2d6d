// SAXPY, a dot product and a matrix-vector product: the README's first
// example for loopwright.
//
// saxpy.ll is the IR LLVM's -O3 pipeline hands to its loop transformations
// (simplification done, loops rotated, nothing unrolled or vectorized yet),
// as the compiler driver keeps it with -save-temps. Regenerate it after any
// change to this file (a test fails while it is stale), from this
// directory:
//   cargo run --release -p loopwright -- cc -O3 -g -fdebug-compilation-dir=. \
//     -save-temps -c saxpy.c -o /tmp/saxpy.o && cp /tmp/saxpy.loops.ll saxpy.ll
// The unroll-and-jam hint on gemv's outer loop survives as llvm.loop
// metadata; loopwright reports it as a leftover transformation until
// unroll-and-jam exists.
#include <stdio.h>
#include <stdlib.h>

// y[i] = a * x[i] + y[i]
__attribute__((noinline)) void saxpy(int n, float a, const float *restrict x, float *restrict y) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

__attribute__((noinline)) float dot(int n, const float *x, const float *y) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

// y = A x for a row-major n-by-n matrix A.
__attribute__((noinline)) void gemv(int n, const float *restrict A, const float *restrict x,
                                    float *restrict y) {
#pragma unroll_and_jam(2)
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < n; j++)
      s += A[(size_t)i * (size_t)n + (size_t)j] * x[j];
    y[i] = s;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  float *x = malloc(sizeof(float) * (size_t)n);
  float *y = malloc(sizeof(float) * (size_t)n);
  float *A = malloc(sizeof(float) * (size_t)n * (size_t)n);
  if (!x || !y || !A)
    return 1;
  for (int i = 0; i < n; i++) {
    x[i] = (float)i;
    y[i] = 1.0f;
    for (int j = 0; j < n; j++)
      A[(size_t)i * (size_t)n + (size_t)j] = (float)(i == j);
  }
  saxpy(n, 2.0f, x, y);
  gemv(n, A, y, x);
  printf("dot = %g\n", dot(n, x, y));
  free(A);
  free(x);
  free(y);
  return 0;
}
