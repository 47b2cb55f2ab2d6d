; EXPECT: 4:47: error: expected value token
; LLVM: same
@g = global [4 x i8] zeroinitializer
@p = global ptr getelementptr (i8, ptr @g, i64