; EXPECT: 3:6: error: expected 'global' or 'constant'
; LLVM: same
@g = privat global i32 0
