; EXPECT: 3:17: error: Expected '!' here
; LLVM: 3:18: error: expected integer
!llvm.ident = !{!"clang"}
