; EXPECT: 11:1: error: expected end of metadata node
; LLVM: same
define void @f() {
entry:
  br label %exit, !llvm.loop !0
exit:
  ret void
}

!0 = distinct !{!0, !1
