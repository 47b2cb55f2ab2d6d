; EXPECT: 3:17: error: integer constant must have integer type
; LLVM: same
@g = global ptr 5
