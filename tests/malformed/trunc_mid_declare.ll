; EXPECT: 3:20: error: expected ')' at end of argument list
; LLVM: same
declare void @g(i32