; EXPECT: 4:1: error: redefinition of global '@g'
; LLVM: same
@g = global i32 0
@g = global i32 1
