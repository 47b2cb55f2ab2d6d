; peel-test-options: -unroll-peel-count=2
; Loops that were peeled before (llvm.loop.peeled.count), with other
; loop attributes to keep.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [10 x i8] c"%d %d %d\0A\00", align 1

declare i32 @printf(ptr, ...)

; Wants 3 more iterations for its phis, 5 already peeled: 3 + 5 > 7.
define i32 @over(ptr %p, i32 %n) {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a = phi i32 [ 0, %entry ], [ 5, %loop ]
  %y = phi i32 [ 0, %entry ], [ %a1, %loop ]
  %x = phi i32 [ 0, %entry ], [ %y, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %a1 = add nuw nsw i32 %a, 1
  %t = add i32 %x, %a
  %s.next = add i32 %s, %t
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !0

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}

; Wants 1 iteration, 6 already peeled: peeled, and the count becomes 7.
define i32 @fits(ptr %p, i32 %n) {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a = phi i32 [ 3, %entry ], [ 5, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %a
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !3

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}

; A compare decided after 2 iterations, 7 already peeled.
define i32 @full(ptr %p, i32 %n) {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %lt = icmp ult i32 %i, 2
  br i1 %lt, label %then, label %latch

then:
  %s1 = add i32 %s, 10
  br label %latch

latch:
  %s2 = phi i32 [ %s, %loop ], [ %s1, %then ]
  %s.next = add i32 %s2, %i
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !5

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  ret i32 %r
}

define i32 @main() {
entry:
  %a = call i32 @over(ptr null, i32 6)
  %b = call i32 @fits(ptr null, i32 4)
  %c = call i32 @full(ptr null, i32 5)
  %d = call i32 (ptr, ...) @printf(ptr @.str, i32 %a, i32 %b, i32 %c)
  ret i32 0
}

!0 = distinct !{!0, !1, !2}
!1 = !{!"llvm.loop.peeled.count", i32 5}
!2 = !{!"llvm.loop.mustprogress"}
!3 = distinct !{!3, !2, !4}
!4 = !{!"llvm.loop.peeled.count", i32 6}
!5 = distinct !{!5, !6, !2}
!6 = !{!"llvm.loop.peeled.count", i32 7}
