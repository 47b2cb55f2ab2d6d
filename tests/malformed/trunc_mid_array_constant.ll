; EXPECT: 3:36: error: expected end of array constant
; LLVM: same
@g = global [3 x i32] [i32 1, i32 2