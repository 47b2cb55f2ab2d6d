; Header phis fed by other header phis: each unrolled copy must read the
; previous copy's values of all of them (regression: a phi later in the
; header saw the value an earlier phi was given in the same copy, which
; miscompiled runtime and partial unrolling).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.fmt = private unnamed_addr constant [13 x i8] c"%d %d %d %d\0A\00"

; A delay line: x(i+1) = y(i), y(i+1) = a(i) + 1.
define i32 @delay(i32 %n) #0 {
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
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}

; A swap: (p, q) = (q, p) every iteration.
define i32 @swap(i32 %n) #0 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi i32 [ 3, %entry ], [ %q, %loop ]
  %q = phi i32 [ 10, %entry ], [ %p, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %m = mul i32 %p, %i
  %s.next = add i32 %s, %m
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}

; A rotation of three values and a Fibonacci pair.
define i32 @rotate3(i32 %n) #0 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %u = phi i32 [ 1, %entry ], [ %v, %loop ]
  %v = phi i32 [ 20, %entry ], [ %w, %loop ]
  %w = phi i32 [ 300, %entry ], [ %u, %loop ]
  %f0 = phi i32 [ 0, %entry ], [ %f1, %loop ]
  %f1 = phi i32 [ 1, %entry ], [ %f2, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %f2 = add i32 %f0, %f1
  %k = mul i32 %u, 7
  %k2 = xor i32 %k, %f0
  %s.next = add i32 %s, %k2
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}

; The same delay line with a constant trip count (full and partial unrolling).
define i32 @delay_const() #0 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %y = phi i32 [ 2, %entry ], [ %i, %loop ]
  %x = phi i32 [ 9, %entry ], [ %y, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %t = mul i32 %x, 3
  %s.next = add i32 %s, %t
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, 37
  br i1 %c, label %exit, label %loop

exit:
  ret i32 %s.next
}

define i32 @main() #0 {
entry:
  br label %loop

loop:
  %n = phi i32 [ 0, %entry ], [ %n.next, %loop ]
  %a = call i32 @delay(i32 %n)
  %b = call i32 @swap(i32 %n)
  %c = call i32 @rotate3(i32 %n)
  %d = call i32 @delay_const()
  %p = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %a, i32 %b, i32 %c, i32 %d)
  %n.next = add nuw nsw i32 %n, 1
  %done = icmp eq i32 %n.next, 12
  br i1 %done, label %exit, label %loop

exit:
  ret i32 0
}

declare i32 @printf(ptr, ...)

attributes #0 = { nounwind "target-cpu"="x86-64" "tune-cpu"="generic" }
