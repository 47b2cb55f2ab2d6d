; EXPECT: 3:12: error: expected value token
; LLVM: same
!0 = !{i32 "x"}
