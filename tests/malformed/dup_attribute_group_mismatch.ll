; EXPECT: 4:29: error: unterminated attribute group
; LLVM: same
attributes #0 = { nounwind }
attributes #0 = { "x" = "y" bogus }
