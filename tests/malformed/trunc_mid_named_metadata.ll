; EXPECT: 3:28: error: Expected '!' here
; LLVM: same
!llvm.module.flags = !{!0, 