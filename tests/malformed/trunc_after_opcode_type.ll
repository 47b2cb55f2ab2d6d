; EXPECT: 5:15: error: expected value token
; LLVM: same
define i32 @f(i32 %a) {
entry:
  %x = add i32