; EXPECT: 4:8: error: expected instruction opcode
; LLVM: same
define i32 @f(i32 %a) {
  %y = ad i32 %a, 1
  ret i32 %y
}
