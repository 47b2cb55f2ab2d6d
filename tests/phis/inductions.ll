; Header phis of small loops, for the descriptor oracle test
; (crates/analysis/tests/ivdesc_llvm.rs). Each function has one loop;
; `expect:` says whether all its header phis have descriptors.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.maxnum.f32(float, float)
declare float @llvm.minimum.f32(float, float)
declare float @llvm.maximum.f32(float, float)
declare float @llvm.fmuladd.f32(float, float, float)

; a pointer induction stepping 4 bytes
; expect: identified
define void @pointer_iv(ptr noalias %a, ptr noalias %e, float %v) {
entry:
  br label %loop
loop:
  %p = phi ptr [ %a, %entry ], [ %p.next, %loop ]
  store float %v, ptr %p
  %p.next = getelementptr inbounds float, ptr %p, i64 1
  %c = icmp ne ptr %p.next, %e
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; a pointer induction with a variable step
; expect: unidentified
define void @pointer_iv_strided(ptr noalias %a, i64 %n, i64 %st, float %v) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr [ %a, %entry ], [ %p.next, %loop ]
  store float %v, ptr %p
  %p.next = getelementptr inbounds float, ptr %p, i64 %st
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; a float induction
; expect: identified
define void @fp_iv_fast(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %x = phi float [ 0.0, %entry ], [ %x.next, %loop ]
  %p = getelementptr inbounds float, ptr %a, i64 %i
  store float %x, ptr %p
  %x.next = fadd fast float %x, 0.5
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; a float induction without reassoc (fsub)
; expect: identified
define void @fp_iv_strict(ptr noalias %a, i64 %n, float %d) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %x = phi float [ 1.0, %entry ], [ %x.next, %loop ]
  %p = getelementptr inbounds float, ptr %a, i64 %i
  store float %x, ptr %p
  %x.next = fsub float %x, %d
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; a float induction stepping by a loaded value
; expect: unidentified
define void @fp_iv_varying(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %x = phi float [ 1.0, %entry ], [ %x.next, %loop ]
  %q = getelementptr inbounds float, ptr %b, i64 %i
  %d = load float, ptr %q
  %p = getelementptr inbounds float, ptr %a, i64 %i
  store float %x, ptr %p
  %x.next = fadd fast float %x, %d
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; an induction stepping by a loop-variant amount
; expect: unidentified
define void @varying_step(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %q = getelementptr inbounds i64, ptr %b, i64 %i
  store i64 %j, ptr %q
  %j.next = add i64 %j, %x
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; an induction with a loop-invariant step
; expect: identified
define void @invariant_step(ptr noalias %a, i64 %n, i32 %st) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %j = phi i32 [ 7, %entry ], [ %j.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %j, ptr %p
  %j.next = add i32 %j, %st
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; a second induction counting down
; expect: identified
define void @down_counter(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %j = phi i32 [ 1000, %entry ], [ %j.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %j, ptr %p
  %j.next = add nsw i32 %j, -3
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; a narrow i8 counter that wraps (300 iterations)
; expect: identified
define void @narrow_wrapping(ptr noalias %a) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %k = phi i8 [ 0, %entry ], [ %k.next, %loop ]
  %p = getelementptr inbounds i8, ptr %a, i32 %i
  store i8 %k, ptr %p
  %k.next = add i8 %k, 1
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 300
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; an i64 counter kept in i8 by sext(trunc): an induction under a run-time check
; expect: identified
define void @sext_trunc_0(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %sh = shl i64 %k, 56
  %kc = ashr exact i64 %sh, 56
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  store i64 %kc, ptr %p
  %k.next = add i64 %kc, 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; the same starting at 200 (not sext(trunc(200))): never
; expect: unidentified
define void @sext_trunc_200(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %k = phi i64 [ 200, %entry ], [ %k.next, %loop ]
  %sh = shl i64 %k, 56
  %kc = ashr exact i64 %sh, 56
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  store i64 %kc, ptr %p
  %k.next = add i64 %kc, 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; an i32 counter kept in i16 by and 65535: an induction under a run-time check
; expect: identified
define void @zext_trunc(ptr noalias %a, i64 %n, i32 %st) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %kc = and i32 %k, 65535
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %kc, ptr %p
  %k.next = add i32 %kc, 3
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; a quadratic recurrence (not affine)
; expect: unidentified
define void @quadratic(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = phi i64 [ 0, %entry ], [ %q.next, %loop ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  store i64 %q, ptr %p
  %q.next = add i64 %q, %i
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
