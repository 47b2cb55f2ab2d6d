; EXPECT: 3:14: error: size too large for vector
; LLVM: same
@g = global <4294967296 x i8> zeroinitializer
