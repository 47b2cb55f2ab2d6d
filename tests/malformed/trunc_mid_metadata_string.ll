; EXPECT: 9:8: error: end of file in string constant
; LLVM: 9:9: error: expected integer
define void @f() {
entry:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.co