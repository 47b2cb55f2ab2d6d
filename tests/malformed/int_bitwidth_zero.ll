; EXPECT: 3:16: error: bitwidth for integer type out of range!
; LLVM: 3:16: error: expected type
define void @f(i0 %a) {
  ret void
}
