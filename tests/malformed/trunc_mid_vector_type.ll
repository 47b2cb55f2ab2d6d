; EXPECT: 3:17: error: expected type
; LLVM: same
@v = global <4 x