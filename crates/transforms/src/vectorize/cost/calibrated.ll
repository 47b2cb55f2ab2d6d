; Loops whose choice loopwright's calibrated costs change
; (crates/target/src/calibrated.rs), and neighbours they must leave alone.
; opt-19 -passes=loop-vectorize: 32x1 32x1 32x1 8x4.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @lut_spr(ptr noalias %out, ptr noalias %in, ptr noalias %lut, i64 %n) #0 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pi = getelementptr inbounds i8, ptr %in, i64 %i
  %v = load i8, ptr %pi, align 1
  %x = zext i8 %v to i64
  %pl = getelementptr inbounds i8, ptr %lut, i64 %x
  %t = load i8, ptr %pl, align 1
  %po = getelementptr inbounds i8, ptr %out, i64 %i
  store i8 %t, ptr %po, align 1
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

define void @lut_avx2(ptr noalias %out, ptr noalias %in, ptr noalias %lut, i64 %n) #1 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pi = getelementptr inbounds i8, ptr %in, i64 %i
  %v = load i8, ptr %pi, align 1
  %x = zext i8 %v to i64
  %pl = getelementptr inbounds i8, ptr %lut, i64 %x
  %t = load i8, ptr %pl, align 1
  %po = getelementptr inbounds i8, ptr %out, i64 %i
  store i8 %t, ptr %po, align 1
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; A strided byte load (every third byte): scalarized too, but its address
; comes from the induction, so no index is extracted.
define void @strided_spr(ptr noalias %out, ptr noalias %in, i64 %n) #0 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %j = mul nuw nsw i64 %i, 3
  %pi = getelementptr inbounds i8, ptr %in, i64 %j
  %v = load i8, ptr %pi, align 1
  %w = add i8 %v, 7
  %po = getelementptr inbounds i8, ptr %out, i64 %i
  store i8 %w, ptr %po, align 1
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; An indexed load of 32-bit values, with arithmetic: gathered.
define void @gather_spr(ptr noalias %out, ptr noalias %idx, ptr noalias %a, i64 %n) #0 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi, align 4
  %x = sext i32 %k to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %x
  %t = load float, ptr %pa, align 4
  %m = fmul float %t, 3.0
  %po = getelementptr inbounds float, ptr %out, i64 %i
  store float %m, ptr %po, align 4
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

attributes #0 = { "target-cpu"="sapphirerapids" }
attributes #1 = { "target-cpu"="x86-64-v3" }
