; EXPECT: 3:16: error: expected value token
; LLVM: same
@g = global i32