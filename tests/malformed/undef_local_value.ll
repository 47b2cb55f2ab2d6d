; EXPECT: 4:20: error: use of undefined value '%nope'
; LLVM: same
define i32 @f(i32 %a) {
  %x = add i32 %a, %nope
  ret i32 %x
}
