; EXPECT: 7:28: error: unterminated attribute group
; LLVM: same
define void @f() #0 {
  ret void
}

attributes #0 = { nounwind 