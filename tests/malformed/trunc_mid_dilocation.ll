; EXPECT: 3:27: error: expected field label here
; LLVM: same
!0 = !DILocation(line: 3, col