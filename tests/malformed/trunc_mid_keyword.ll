; EXPECT: 5:9: error: expected value token
; LLVM: same
define i32 @f(i32 %a) {
entry:
  ret i3