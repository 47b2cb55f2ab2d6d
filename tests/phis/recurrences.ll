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

; a first-order recurrence with users to sink
; expect: identified
define void @first_order(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %prev = phi i32 [ 0, %entry ], [ %x, %loop ]
  %u = add i32 %prev, 1
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p
  %d = sub i32 %x, %u
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %d, ptr %q
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; a second-order recurrence
; expect: identified
define void @second_order(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %prev = phi i32 [ 0, %entry ], [ %x, %loop ]
  %prev2 = phi i32 [ 0, %entry ], [ %prev, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p
  %d = sub i32 %x, %prev2
  %e = add i32 %d, %prev
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %e, ptr %q
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; a recurrence whose user (a store) does not dominate... is not dominated and cannot move
; expect: unidentified
define void @recurrence_store_first(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %prev = phi i32 [ 0, %entry ], [ %x, %loop ]
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %prev, ptr %q
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; a recurrence whose user loads before the next value
; expect: unidentified
define void @recurrence_load_user(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %prev = phi i64 [ 0, %entry ], [ %x, %loop ]
  %r = getelementptr inbounds i32, ptr %b, i64 %prev
  %y = load i32, ptr %r
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %y, ptr %q
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; a recurrence user in a conditional block the next value does not dominate
; expect: unidentified
define void @recurrence_other_block(ptr noalias %a, ptr noalias %b, i64 %n, i32 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %prev = phi i32 [ 0, %entry ], [ %x, %latch ]
  %ic = trunc i64 %i to i32
  %odd = icmp sgt i32 %ic, %k
  br i1 %odd, label %then, label %latch
then:
  %u = mul i32 %prev, 3
  br label %latch
latch:
  %v = phi i32 [ %u, %then ], [ 0, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p
  %w = add i32 %v, %x
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %w, ptr %q
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; the phi's user defines its next value: a running sum stored each iteration
; expect: unidentified
define void @recurrence_cycle(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %prev = phi i32 [ 0, %entry ], [ %x, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %l = load i32, ptr %p
  %x = mul i32 %prev, %l
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %x, ptr %q
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; a first-order recurrence used after the loop
; expect: identified
define i32 @recurrence_escapes(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %prev = phi i32 [ 0, %entry ], [ %x, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p
  %d = sub i32 %x, %prev
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %d, ptr %q
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = phi i32 [ %prev, %loop ]
  ret i32 %r
}
