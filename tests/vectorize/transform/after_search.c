// The loops of main are not vectorized (vectorize(disable)).
// A loop that starts where an earlier loop stopped, when scalar evolution
// cannot give that loop's exit value (a search): its start is the earlier
// loop's recurrence, which the run-time checks of the later loop expand
// (an unsigned index: a wrap check). Found by fuzzing (a panic in the
// expander).
#include <stdio.h>
#define N 256
int A[N], B[N + 64];
__attribute__((noinline)) void fill_from(int *b, const int *a, int key, unsigned n) {
  unsigned i = 0;
  while (a[i] != key) i++;
  for (unsigned j = i; j != n; j++) b[j] = a[j] * 3 + (int)j;
}
static unsigned long h;
static void mix(unsigned long v) { h = (h ^ v) * 1099511628211ul; }
int main(void) {
  _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N; i++) A[i] = i % 97;
  int keys[] = {0, 1, 5, 40, 90, 96, -1};
  unsigned ns[] = {96, 97, 100, 160, 255};
  _Pragma("clang loop vectorize(disable)") for (int k = 0; keys[k] >= 0; k++) {
    _Pragma("clang loop vectorize(disable)") for (int q = 0; q < 5; q++) {
      if ((unsigned)keys[k] > ns[q]) continue;
      fill_from(B, A, keys[k], ns[q]);
      _Pragma("clang loop vectorize(disable)") for (int i = 0; i < N + 64; i++) mix(B[i]);
    }
  }
  printf("%lu\n", h);
  return 0;
}
