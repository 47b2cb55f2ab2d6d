; EXPECT: 3:23: error: expected type
; LLVM: same
define i32 @f(i32 %a, 