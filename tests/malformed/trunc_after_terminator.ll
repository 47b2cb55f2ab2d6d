; EXPECT: 6:1: error: found end of file when expecting more instructions
; LLVM: same
define i32 @f(i32 %a) {
entry:
  ret i32 %a
