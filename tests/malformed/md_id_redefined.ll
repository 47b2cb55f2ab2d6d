; EXPECT: 5:1: error: Metadata id is already used
; LLVM: 6:1: error: Metadata id is already used
!0 = !{}
!1 = !{}
!0 = !{!1}
