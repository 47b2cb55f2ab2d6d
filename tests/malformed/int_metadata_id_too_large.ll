; EXPECT: 3:1: error: invalid value number (too large)!
; LLVM: 3:2: error: expected 32-bit integer (too large)
!99999999999999999999 = !{}
