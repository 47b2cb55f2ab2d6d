; EXPECT: 5:1: error: expected value token
; LLVM: same
define i32 @f(i32 %a) {
  %y = add i32 %a,
b:
  ret i32 %y
}
