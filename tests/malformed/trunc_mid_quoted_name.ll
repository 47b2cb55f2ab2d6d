; EXPECT: 3:1: error: end of file in global variable name
; LLVM: 3:1: error: expected top-level entity
@"abc