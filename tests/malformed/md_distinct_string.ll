; EXPECT: 3:15: error: expected metadata node
; LLVM: 3:16: error: expected '{' here
!0 = distinct !"x"
