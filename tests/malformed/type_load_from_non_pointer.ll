; EXPECT: 4:18: error: load operand must be a pointer to a first class type
; LLVM: same
define i32 @f(i32 %a) {
  %v = load i32, i32 %a
  ret i32 %v
}
