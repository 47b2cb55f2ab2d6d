; EXPECT: 3:12: error: use of undefined value '@nope'
; LLVM: same
!0 = !{ptr @nope}
