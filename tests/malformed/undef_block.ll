; EXPECT: 5:12: error: use of undefined value '%nowhere'
; LLVM: same
define void @f() {
entry:
  br label %nowhere
}
