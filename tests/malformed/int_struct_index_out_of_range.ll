; EXPECT: 6:26: error: invalid getelementptr indices
; LLVM: same
%T = type { i32, i32 }

define ptr @f(ptr %p) {
  %q = getelementptr %T, ptr %p, i32 0, i32 2
  ret ptr %q
}
