; EXPECT: 3:27: error: use of undefined comdat '$none'
; LLVM: same
@g = global i32 0, comdat($none)
