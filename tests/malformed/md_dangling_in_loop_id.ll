; EXPECT: 10:22: error: use of undefined metadata '!5'
; LLVM: same
define void @f() {
entry:
  br label %exit, !llvm.loop !0
exit:
  ret void
}

!0 = distinct !{!0, !5}
