; Peeling to decide an equality compare on an induction variable (LLVM 19's
; countToEliminateCompares): `icmp eq`/`ne` is only peeled for when the
; add recurrence cannot wrap back to a value it had (no-self-wrap, implied
; by nuw or nsw); relational predicates need a recurrence that is monotonic
; for them. Reduced from sqlite3_step (the repro peel_eq_nowrap.ll).
; - @wraps: `add i32 %i, 1` without flags and an exit scalar evolution
;   cannot count: {0,+,1} may wrap, so no peeling (loopwright peeled 1).
; - @nsw, @nuw: the same with a flag on the increment: peel 1.
; - @ne_wraps: `icmp ne` on a wrapping IV: no peeling.
; - @ne_step2_nuw: `icmp ne %i, 2` stepping by 2 with nuw: peel 2.
; - @ult_wraps: a relational compare on a wrapping IV is not monotonic:
;   no peeling.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @use(i32)
declare i1 @more()

define void @wraps() {
entry:
  br label %loop
loop:
  %i = phi i32 [ %i.next, %loop ], [ 0, %entry ]
  %first = icmp eq i32 %i, 0
  %v = select i1 %first, i32 100, i32 %i
  call void @use(i32 %v)
  %i.next = add i32 %i, 1
  %c = call i1 @more()
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @nsw() {
entry:
  br label %loop
loop:
  %i = phi i32 [ %i.next, %loop ], [ 0, %entry ]
  %first = icmp eq i32 %i, 0
  %v = select i1 %first, i32 100, i32 %i
  call void @use(i32 %v)
  %i.next = add nsw i32 %i, 1
  %c = call i1 @more()
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @nuw() {
entry:
  br label %loop
loop:
  %i = phi i32 [ %i.next, %loop ], [ 0, %entry ]
  %first = icmp eq i32 %i, 0
  %v = select i1 %first, i32 100, i32 %i
  call void @use(i32 %v)
  %i.next = add nuw i32 %i, 1
  %c = call i1 @more()
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @ne_wraps() {
entry:
  br label %loop
loop:
  %i = phi i32 [ %i.next, %loop ], [ 0, %entry ]
  %later = icmp ne i32 %i, 0
  %v = select i1 %later, i32 %i, i32 7
  call void @use(i32 %v)
  %i.next = add i32 %i, 1
  %c = call i1 @more()
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @ne_step2_nuw() {
entry:
  br label %loop
loop:
  %i = phi i32 [ %i.next, %loop ], [ 0, %entry ]
  %later = icmp ne i32 %i, 2
  %v = select i1 %later, i32 %i, i32 7
  call void @use(i32 %v)
  %i.next = add nuw i32 %i, 2
  %c = call i1 @more()
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @ult_wraps() {
entry:
  br label %loop
loop:
  %i = phi i32 [ %i.next, %loop ], [ 0, %entry ]
  %small = icmp ult i32 %i, 3
  %v = select i1 %small, i32 %i, i32 7
  call void @use(i32 %v)
  %i.next = add i32 %i, 1
  %c = call i1 @more()
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
