; EXPECT: 3:3: error: invalid character in input
; LLVM: 3:3: error: expected '=' in global variable
@g√ = global i32 0
