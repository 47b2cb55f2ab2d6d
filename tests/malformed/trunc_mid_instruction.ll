; EXPECT: 5:19: error: expected value token
; LLVM: same
define i32 @f(i32 %a) {
entry:
  %x = add i32 %a,