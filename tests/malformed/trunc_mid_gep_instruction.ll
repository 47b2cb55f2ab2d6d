; EXPECT: 4:47: error: expected value token
; LLVM: same
define ptr @f(ptr %p) {
  %q = getelementptr inbounds i32, ptr %p, i64