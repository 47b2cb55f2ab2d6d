; EXPECT: 3:33: error: end of file in string constant
; LLVM: 3:33: error: expected string
@s = private constant [6 x i8] c"hello