; EXPECT: 3:6: error: expected metadata type
; LLVM: same
!0 = !DIBogusThing(line: 1)
