; EXPECT: 3:26: error: huge alignments are not supported yet
; LLVM: same
@g = global i32 0, align 8589934592
