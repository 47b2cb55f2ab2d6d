; EXPECT: 7:1: error: found end of file when expecting more instructions
; LLVM: same
define i32 @f(i32 %a) {
entry:
  %x = add i32 %a, 1
  %y = mul i32 %x, %x
