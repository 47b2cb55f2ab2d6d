; EXPECT: 4:12: error: invalid operand type for instruction
; LLVM: same
define float @f(float %a) {
  %x = add float %a, %a
  ret float %x
}
