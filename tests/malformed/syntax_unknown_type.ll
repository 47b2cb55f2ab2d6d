; EXPECT: 3:11: error: expected function name
; LLVM: same
define i32x @f() {
  ret i32 0
}
