; EXPECT: ok
; EXPECT-WARNING: loop metadata in function 'f': operand: not an attribute node (no name); LLVM ignores it (ignored)
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
!1 = !{i32 4, !"llvm.loop.unroll.count"}
