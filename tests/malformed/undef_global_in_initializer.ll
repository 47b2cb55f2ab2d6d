; EXPECT: 3:17: error: use of undefined value '@nowhere'
; LLVM: same
@p = global ptr @nowhere
