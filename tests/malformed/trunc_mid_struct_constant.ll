; EXPECT: 3:35: error: expected type
; LLVM: same
@g = global { i32, i32 } { i32 1, 