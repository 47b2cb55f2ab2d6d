/* Loops whose unrolling loopwright and LLVM agree on: the remark format
 * test of the compiler driver (crates/driver/tests/cc_flags.rs) requires
 * the same remarks, byte for byte, as clang-19 -O3 -Rpass=loop-unroll
 * -Rpass-missed=loop-unroll prints. A tab, a UTF-8 character, a macro, a
 * header, nested loops and a forced unroll that cannot happen. */
#include "remarks.h"

int tabbed(int *a) {
	int s = 0;
	for (int i = 0; i < 3; i++)
		s += a[i] * i;
	return s + header_sum(a);
}

int utf8(int *a) { int s = 0; /* é */ for (int i = 0; i < 5; i++) s += a[i]; return s; }

#define TWICE(body) for (int k = 0; k < 2; k++) body
int macro(int *a) {
  int s = 0;
  TWICE({ s += a[k]; });
  return s;
}

void nested(float *restrict m) {
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      m[i * 4 + j] *= 2.0f;
}

int find(const int *a, int n, int key) {
#pragma clang loop unroll(full)
  for (int i = 0; i < n; i++) {
    if (a[i] == key)
      return i;
  }
  return -1;
}
