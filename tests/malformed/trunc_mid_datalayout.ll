; EXPECT: 3:21: error: end of file in string constant
; LLVM: 3:21: error: expected string constant
target datalayout = "e-m:e-p270:32:32