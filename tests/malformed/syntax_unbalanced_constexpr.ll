; EXPECT: 5:1: error: expected ')'
; LLVM: 5:1: error: expected ')' in constantexpr
@g = global [4 x i8] zeroinitializer
@p = global ptr getelementptr (i8, ptr @g, i64 1
