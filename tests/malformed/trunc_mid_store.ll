; EXPECT: 4:29: error: expected integer
; LLVM: same
define void @f(ptr %p) {
  store i32 1, ptr %p, align