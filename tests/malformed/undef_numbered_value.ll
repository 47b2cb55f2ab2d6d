; EXPECT: 4:20: error: use of undefined value '%7'
; LLVM: same
define i32 @f(i32 %a) {
  %x = add i32 %a, %7
  ret i32 %x
}
