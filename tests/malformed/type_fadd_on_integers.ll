; EXPECT: 4:13: error: invalid operand type for instruction
; LLVM: same
define i32 @f(i32 %a) {
  %x = fadd i32 %a, %a
  ret i32 %x
}
