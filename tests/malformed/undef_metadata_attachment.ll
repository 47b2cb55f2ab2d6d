; EXPECT: 5:31: error: use of undefined metadata '!7'
; LLVM: same
define void @f() {
entry:
  br label %exit, !llvm.loop !7
exit:
  ret void
}
