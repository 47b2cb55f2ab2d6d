; EXPECT: 4:30: error: alignment is not a power of two
; LLVM: same
define void @f(ptr %p) {
  store i32 0, ptr %p, align 6
  ret void
}
