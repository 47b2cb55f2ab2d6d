; EXPECT: 3:18: error: expected '{' in function body
; LLVM: same
define void @f() nounwindd {
  ret void
}
