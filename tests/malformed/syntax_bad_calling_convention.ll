; EXPECT: 3:11: error: expected integer
; LLVM: same
define cc abc void @f() {
  ret void
}
