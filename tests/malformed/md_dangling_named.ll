; EXPECT: 3:25: error: use of undefined metadata '!9'
; LLVM: same
!llvm.module.flags = !{!9}
