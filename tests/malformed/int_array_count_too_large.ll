; EXPECT: 3:14: error: integer too large
; LLVM: 3:14: error: expected number in address space
@g = global [99999999999999999999 x i8] zeroinitializer
