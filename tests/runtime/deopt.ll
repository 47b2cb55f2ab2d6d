; Runtime unrolling of loops with a side exit, decided by LLVM's
; canProfitablyUnrollMultiExitLoop: without -unroll-runtime-multi-exit a
; loop with one other exit is unrolled only when that exit ends in a call
; to llvm.experimental.deoptimize (directly or through a chain of unique
; successors), or with -unroll-runtime-other-exit-predictable. No main:
; deoptimization cannot run under lli.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @llvm.experimental.deoptimize.i32(...)
declare void @llvm.experimental.deoptimize.isVoid(...)

; The side exit deoptimizes right away.
define i32 @deopt_direct(ptr %a, i64 %n) #0 {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %ph, label %done

ph:
  br label %loop

loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %ph ], [ %s.next, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %bad = icmp slt i32 %v, 0
  br i1 %bad, label %deopt, label %latch

latch:
  %s.next = add nsw i32 %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %exit = icmp eq i64 %i.next, %n
  br i1 %exit, label %done.loopexit, label %loop

deopt:
  %s.lcssa = phi i32 [ %s, %loop ]
  %r = call i32 (...) @llvm.experimental.deoptimize.i32(i32 %s.lcssa) [ "deopt"(i64 %i) ]
  ret i32 %r

done.loopexit:
  %s.next.lcssa = phi i32 [ %s.next, %latch ]
  br label %done

done:
  %res = phi i32 [ 0, %entry ], [ %s.next.lcssa, %done.loopexit ]
  ret i32 %res
}

; The side exit reaches the deoptimizing block through unique successors,
; and the loop does not start from a constant (a prologue by default).
define void @deopt_chain(ptr %a, i64 %lo, i64 %hi) #0 {
entry:
  %guard = icmp slt i64 %lo, %hi
  br i1 %guard, label %ph, label %done

ph:
  br label %loop

loop:
  %i = phi i64 [ %lo, %ph ], [ %i.next, %latch ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %v = load i64, ptr %p, align 8
  %bad = icmp eq i64 %v, 0
  br i1 %bad, label %side, label %latch

latch:
  %w = mul i64 %v, 3
  store i64 %w, ptr %p, align 8
  %i.next = add nsw i64 %i, 1
  %exit = icmp eq i64 %i.next, %hi
  br i1 %exit, label %done.loopexit, label %loop

side:
  %i.lcssa = phi i64 [ %i, %loop ]
  br label %side2

side2:
  call void (...) @llvm.experimental.deoptimize.isVoid(i64 %i.lcssa) [ "deopt"() ]
  ret void

done.loopexit:
  br label %done

done:
  ret void
}

; The side exit returns normally: runtime unrolling only with
; -unroll-runtime-multi-exit or -unroll-runtime-other-exit-predictable.
define i64 @plain_side_exit(ptr %a, i64 %n, i64 %x) #0 {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %ph, label %done

ph:
  br label %loop

loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %latch ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %v = load i64, ptr %p, align 8
  %hit = icmp eq i64 %v, %x
  br i1 %hit, label %found, label %latch

latch:
  %i.next = add nuw nsw i64 %i, 1
  %exit = icmp eq i64 %i.next, %n
  br i1 %exit, label %done.loopexit, label %loop

found:
  %i.found = phi i64 [ %i, %loop ]
  ret i64 %i.found

done.loopexit:
  br label %done

done:
  ret i64 -1
}

; Three exiting blocks: never by default (more than two exiting blocks),
; even when both side exits deoptimize.
define i32 @two_deopt_exits(ptr %a, i64 %n) #0 {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %ph, label %done

ph:
  br label %loop

loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %ph ], [ %s.next, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %neg = icmp slt i32 %v, 0
  br i1 %neg, label %deopt, label %mid

mid:
  %big = icmp sgt i32 %v, 1000
  br i1 %big, label %deopt, label %latch

latch:
  %s.next = add nsw i32 %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %exit = icmp eq i64 %i.next, %n
  br i1 %exit, label %done.loopexit, label %loop

deopt:
  %s.l = phi i32 [ %s, %loop ], [ %s, %mid ]
  %r = call i32 (...) @llvm.experimental.deoptimize.i32(i32 %s.l) [ "deopt"() ]
  ret i32 %r

done.loopexit:
  %s.next.l = phi i32 [ %s.next, %latch ]
  br label %done

done:
  %res = phi i32 [ 0, %entry ], [ %s.next.l, %done.loopexit ]
  ret i32 %res
}

attributes #0 = { nounwind "target-cpu"="x86-64" "tune-cpu"="generic" }
