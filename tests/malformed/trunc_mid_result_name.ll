; EXPECT: 5:5: error: expected '=' after instruction name
; LLVM: same
define i32 @f(i32 %a) {
entry:
  %x