; EXPECT: 4:1: error: Metadata id is already used
; LLVM: 5:1: error: Metadata id is already used
!0 = !{}
!0 = !{}
