; EXPECT: 5:14: error: redefinition of function '@f'
; LLVM: same
@f = global i32 0

declare void @f()
