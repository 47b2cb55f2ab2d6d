; EXPECT: 3:18: error: expected type
; LLVM: same
%T = type { i32, 