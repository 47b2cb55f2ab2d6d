; EXPECT: 4:38: error: expected value token
; LLVM: same
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.count", i32