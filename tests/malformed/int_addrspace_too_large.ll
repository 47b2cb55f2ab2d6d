; EXPECT: 3:20: error: unknown global variable property!
; LLVM: same
@g = global i32 0, addrspace(16777216)
