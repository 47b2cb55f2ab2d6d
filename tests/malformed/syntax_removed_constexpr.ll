; EXPECT: 4:17: error: zext constexprs are no longer supported
; LLVM: same
@g = global i32 0
@h = global i64 zext (i32 ptrtoint (ptr @g to i32) to i64)
