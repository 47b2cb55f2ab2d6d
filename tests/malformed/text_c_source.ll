; EXPECT: 3:1: error: expected top-level entity
; LLVM: same
#include <stdio.h>

int main(void) {
  printf("hi\n");
  return 0;
}
