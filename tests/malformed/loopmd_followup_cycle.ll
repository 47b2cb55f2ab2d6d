; EXPECT: ok
; EXPECT-WARNING: loop metadata in function 'f': llvm.loop.unroll.followup_all: operand 1 is a whole loop ID (clang 19's follow-up format); LLVM 19 copies it as one opaque operand and does not see the attributes inside it
; LLVM: accepts
; NOTE: Valid IR (a follow-up naming its own loop ID); LLVM copies the operand opaquely. loopwright accepts it with a warning.
define void @f(ptr %p, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %g = getelementptr inbounds i32, ptr %p, i32 %i
  store i32 %i, ptr %g, align 4
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !0

exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.followup_all", !0}
