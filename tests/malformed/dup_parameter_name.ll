; EXPECT: 3:23: error: redefinition of argument '%a'
; LLVM: same
define i32 @f(i32 %a, i32 %a) {
  ret i32 %a
}
