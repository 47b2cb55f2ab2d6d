; Runtime unrolling and loop metadata: follow-up attributes for the
; remainder and the unrolled loop (followup_remainder, followup_unrolled,
; followup_all), llvm.loop.unroll.runtime.disable, and attributes that
; the unrolled loop keeps (mustprogress) while the remainder does not.
; The follow-ups disable runtime unrolling, so that a later loop-unroll
; leaves the loops alone.
; main calls every function with trip counts 0..17 and prints the results.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@data = internal global [64 x i32] zeroinitializer, align 16
@fmt = private unnamed_addr constant [19 x i8] c"%d %d %d %d %d %d\0A\00", align 1

declare i32 @printf(ptr nocapture noundef readonly, ...) #1

; unroll.count 4 with follow-ups for the remainder and the unrolled loop.
define i32 @split_followups(ptr %a, i64 %n) #0 {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %ph, label %done

ph:
  br label %loop

loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %ph ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %s.next = add i32 %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %exit = icmp eq i64 %i.next, %n
  br i1 %exit, label %done.loopexit, label %loop, !llvm.loop !0

done.loopexit:
  %s.l = phi i32 [ %s.next, %loop ]
  br label %done

done:
  %r = phi i32 [ 0, %entry ], [ %s.l, %done.loopexit ]
  ret i32 %r
}

; unroll.count 3 with followup_all, starting from a non-constant: a
; prologue by default.
define i32 @all_followup(ptr %a, i64 %lo, i64 %hi) #0 {
entry:
  %guard = icmp slt i64 %lo, %hi
  br i1 %guard, label %ph, label %done

ph:
  br label %loop

loop:
  %i = phi i64 [ %lo, %ph ], [ %i.next, %loop ]
  %x = phi i32 [ 1, %ph ], [ %x.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %m = mul i32 %x, 5
  %x.next = xor i32 %m, %v
  %i.next = add nsw i64 %i, 1
  %exit = icmp eq i64 %i.next, %hi
  br i1 %exit, label %done.loopexit, label %loop, !llvm.loop !6

done.loopexit:
  %x.l = phi i32 [ %x.next, %loop ]
  br label %done

done:
  %r = phi i32 [ 0, %entry ], [ %x.l, %done.loopexit ]
  ret i32 %r
}

; unroll.enable with runtime.disable: no runtime unrolling.
define i32 @runtime_disabled(ptr %a, i64 %n) #0 {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %ph, label %done

ph:
  br label %loop

loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %loop ]
  %s = phi i32 [ 7, %ph ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %s.next = sub i32 %v, %s
  %i.next = add nuw nsw i64 %i, 1
  %exit = icmp eq i64 %i.next, %n
  br i1 %exit, label %done.loopexit, label %loop, !llvm.loop !10

done.loopexit:
  %s.l = phi i32 [ %s.next, %loop ]
  br label %done

done:
  %r = phi i32 [ 0, %entry ], [ %s.l, %done.loopexit ]
  ret i32 %r
}

; unroll.count 4 and mustprogress, no follow-ups.
define i32 @mustprogress_count(ptr %a, i32 %n) #0 {
entry:
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %ph, label %done

ph:
  br label %loop

loop:
  %i = phi i32 [ 0, %ph ], [ %i.next, %loop ]
  %mx = phi i32 [ -100, %ph ], [ %mx.next, %loop ]
  %ie = zext i32 %i to i64
  %p = getelementptr inbounds i32, ptr %a, i64 %ie
  %v = load i32, ptr %p, align 4
  %gt = icmp sgt i32 %v, %mx
  %mx.next = select i1 %gt, i32 %v, i32 %mx
  %i.next = add nuw nsw i32 %i, 1
  %exit = icmp eq i32 %i.next, %n
  br i1 %exit, label %done.loopexit, label %loop, !llvm.loop !13

done.loopexit:
  %mx.l = phi i32 [ %mx.next, %loop ]
  %i.l = phi i32 [ %i.next, %loop ]
  %sum = add i32 %mx.l, %i.l
  br label %done

done:
  %r = phi i32 [ 0, %entry ], [ %sum, %done.loopexit ]
  ret i32 %r
}

; A side exit and unroll.count 2 with a remainder follow-up.
define i32 @side_exit_followup(ptr %a, i64 %n, i32 %x) #0 {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %ph, label %done

ph:
  br label %loop

loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %hit = icmp eq i32 %v, %x
  br i1 %hit, label %found, label %latch

latch:
  %i.next = add nuw nsw i64 %i, 1
  %exit = icmp eq i64 %i.next, %n
  br i1 %exit, label %done, label %loop, !llvm.loop !15

found:
  %i.f = phi i64 [ %i, %loop ]
  %t = trunc i64 %i.f to i32
  br label %done

done:
  %r = phi i32 [ -1, %entry ], [ -2, %latch ], [ %t, %found ]
  ret i32 %r
}

define i32 @main() #0 {
entry:
  br label %init

init:
  %k = phi i64 [ 0, %entry ], [ %k.next, %init ]
  %k32 = trunc i64 %k to i32
  %k7 = mul i32 %k32, 7
  %val = urem i32 %k7, 13
  %slot = getelementptr inbounds [64 x i32], ptr @data, i64 0, i64 %k
  store i32 %val, ptr %slot, align 4
  %k.next = add nuw nsw i64 %k, 1
  %k.done = icmp eq i64 %k.next, 64
  br i1 %k.done, label %run, label %init, !llvm.loop !17

run:
  %n = phi i64 [ 0, %init ], [ %n.next, %run ]
  %n32 = trunc i64 %n to i32
  %half = lshr i64 %n, 1
  %r1 = call i32 @split_followups(ptr @data, i64 %n)
  %r2 = call i32 @all_followup(ptr @data, i64 %half, i64 %n)
  %r3 = call i32 @runtime_disabled(ptr @data, i64 %n)
  %r4 = call i32 @mustprogress_count(ptr @data, i32 %n32)
  %r5 = call i32 @side_exit_followup(ptr @data, i64 %n, i32 5)
  %c = call i32 (ptr, ...) @printf(ptr @fmt, i32 %n32, i32 %r1, i32 %r2, i32 %r3, i32 %r4, i32 %r5)
  %n.next = add nuw nsw i64 %n, 1
  %n.done = icmp eq i64 %n.next, 18
  br i1 %n.done, label %end, label %run, !llvm.loop !17

end:
  ret i32 0
}

attributes #0 = { nounwind "target-cpu"="x86-64" "tune-cpu"="generic" }
attributes #1 = { nounwind }

!0 = distinct !{!0, !1, !2, !4}
!1 = !{!"llvm.loop.unroll.count", i32 4}
!2 = !{!"llvm.loop.unroll.followup_remainder", !3, !19}
!3 = !{!"llvm.loop.vectorize.width", i32 1}
!4 = !{!"llvm.loop.unroll.followup_unrolled", !5, !12}
!5 = !{!"llvm.loop.isvectorized", i32 1}
!6 = distinct !{!6, !7, !8}
!7 = !{!"llvm.loop.unroll.count", i32 3}
!8 = !{!"llvm.loop.unroll.followup_all", !9, !12}
!9 = !{!"llvm.loop.distribute.enable", i1 false}
!10 = distinct !{!10, !11, !12}
!11 = !{!"llvm.loop.unroll.enable"}
!12 = !{!"llvm.loop.unroll.runtime.disable"}
!13 = distinct !{!13, !14, !1}
!14 = !{!"llvm.loop.mustprogress"}
!15 = distinct !{!15, !16, !2}
!16 = !{!"llvm.loop.unroll.count", i32 2}
!17 = distinct !{!17, !18}
!18 = !{!"llvm.loop.unroll.disable"}
!19 = !{!"llvm.loop.unroll.disable"}
