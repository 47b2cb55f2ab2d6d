; EXPECT: 4:16: error: store operand must be a pointer
; LLVM: same
define void @f(i32 %a) {
  store i32 1, i32 %a
  ret void
}
