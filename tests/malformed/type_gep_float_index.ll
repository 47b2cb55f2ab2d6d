; EXPECT: 4:34: error: getelementptr index must be an integer
; LLVM: same
define ptr @f(ptr %p) {
  %q = getelementptr i8, ptr %p, float 1.0
  ret ptr %q
}
