; EXPECT: 4:1: error: redefinition of type
; LLVM: same
%T = type { i32 }
%T = type { i64 }
