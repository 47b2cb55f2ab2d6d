; EXPECT: 4:16: error: icmp requires integer operands
; LLVM: same
define i1 @f(float %a) {
  %c = icmp eq float %a, %a
  ret i1 %c
}
