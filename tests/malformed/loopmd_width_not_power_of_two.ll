; EXPECT: ok
; EXPECT-WARNING: loop metadata in function 'f': llvm.loop.vectorize.width: width 3 is not a power of two up to 64 (ignored)
; LLVM: accepts
; NOTE: Valid IR that LLVM accepts and mis-reads or ignores; loopwright accepts it, ignores the attribute and warns.
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
!1 = !{!"llvm.loop.vectorize.width", i32 3}
