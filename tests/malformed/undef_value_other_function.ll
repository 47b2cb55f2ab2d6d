; EXPECT: 9:11: error: use of undefined value '%x'
; LLVM: same
define i32 @g() {
  %x = add i32 1, 2
  ret i32 %x
}

define i32 @f() {
  ret i32 %x
}
