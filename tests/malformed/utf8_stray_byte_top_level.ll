; EXPECT: 4:1: error: expected top-level entity
; LLVM: same
@g = global i32 0
ÿ
