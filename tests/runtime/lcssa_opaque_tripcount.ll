; A loop bounded by a value of an earlier loop that is no recurrence: the
; trip count is the opaque %x, which the LCSSA phi %x.lcssa also computes;
; runtime unrolling reuses that phi as opt-19 does (no second LCSSA phi).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
define void @f(ptr %p, ptr %q, i64 %n) #0 {
entry:
  br label %scan
scan:
  %i = phi i64 [ 0, %entry ], [ %i.next, %scan ]
  %g = getelementptr i64, ptr %q, i64 %i
  %x = load i64, ptr %g
  %i.next = add nuw i64 %i, 1
  %c = icmp ult i64 %x, %n
  br i1 %c, label %scan, label %found
found:
  %x.lcssa = phi i64 [ %x, %scan ]
  br label %loop
loop:
  %j = phi i64 [ 0, %found ], [ %j.next, %loop ]
  %h = getelementptr i32, ptr %p, i64 %j
  store i32 0, ptr %h
  %j.next = add nuw nsw i64 %j, 1
  %d = icmp ult i64 %j.next, %x.lcssa
  br i1 %d, label %loop, label %exit
exit:
  ret void
}
attributes #0 = { "target-cpu"="skylake" }
