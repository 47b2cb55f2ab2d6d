; EXPECT: 4:6: error: expected '=' after instruction name
; LLVM: same
define i32 @f(i32 %a) {
  %y add i32 %a, 1
  ret i32 %y
}
