; EXPECT: 3:6: error: expected metadata node
; LLVM: 3:6: error: Expected '!' here
!0 = {}
