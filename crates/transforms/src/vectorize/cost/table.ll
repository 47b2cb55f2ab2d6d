; The cost model's table: one loop per rule of width and interleave
; selection, on several targets. cost/tests.rs checks loopwright's choices
; against opt-19's (`-passes=loop-vectorize`, its remarks), taken with
; LLVM's default options and with some of the cost model's options;
; vcost_llvm.rs compares the file with opt-19 again. (It lives here, not
; in tests/vectorize/, so that the suites gathering every module there
; keep their counts.)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; a[i] += 2 * b[i] on SSE2: 4 floats per register.
define void @saxpy_sse(ptr noalias %a, ptr noalias %b, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %va = load float, ptr %pa, align 4
  %vb = load float, ptr %pb, align 4
  %m = fmul float %vb, 2.0
  %s = fadd float %va, %m
  store float %s, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}

; The same on AVX2 and on Zen 4 (512-bit vectors).
define void @saxpy_avx2(ptr noalias %a, ptr noalias %b, i64 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %va = load float, ptr %pa, align 4
  %vb = load float, ptr %pb, align 4
  %m = fmul float %vb, 2.0
  %s = fadd float %va, %m
  store float %s, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}

define void @saxpy_znver4(ptr noalias %a, ptr noalias %b, i64 %n) #2 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %va = load float, ptr %pa, align 4
  %vb = load float, ptr %pb, align 4
  %m = fmul float %vb, 2.0
  %s = fadd float %va, %m
  store float %s, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}

; skylake-avx512 prefers 256-bit vectors.
define void @saxpy_skx(ptr noalias %a, ptr noalias %b, i64 %n) #3 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %va = load float, ptr %pa, align 4
  %vb = load float, ptr %pb, align 4
  %m = fmul float %vb, 2.0
  %s = fadd float %va, %m
  store float %s, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}

; An integer sum: interleaved because of the reduction.
define i32 @sum(ptr %a, i64 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %r = phi i32 [ 0, %entry ], [ %r.n, %loop ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %va = load i32, ptr %pa, align 4
  %r.n = add i32 %r, %va
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop
exit:
  ret i32 %r.n
}

; A dependence at distance 2 bounds the width to 2 and forbids
; interleaving.
define void @distance2(ptr %a, i64 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %va = load i32, ptr %pa, align 4
  %x = add i32 %va, 1
  %i2 = add nuw nsw i64 %i, 2
  %pb = getelementptr inbounds i32, ptr %a, i64 %i2
  store i32 %x, ptr %pb, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}

; A user width above the safe width is clamped (the remark
; VectorizationFactor).
define void @user_width_unsafe(ptr %a, i64 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %va = load i32, ptr %pa, align 4
  %x = add i32 %va, 1
  %i4 = add nuw nsw i64 %i, 4
  %pb = getelementptr inbounds i32, ptr %a, i64 %i4
  store i32 %x, ptr %pb, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; A constant trip count of 8 (below -vectorizer-min-trip-count): no
; scalar epilogue, the width divides the trip count, no interleaving.
define void @trip8(ptr noalias %a, ptr noalias %b) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %vb = load float, ptr %pb, align 4
  %m = fmul float %vb, 2.0
  store float %m, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, 8
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}

; A trip count of 100: interleaving bounded by the trip count.
define void @trip100(ptr noalias %a, ptr noalias %b) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %vb = load float, ptr %pb, align 4
  %m = fmul float %vb, 2.0
  store float %m, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, 100
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}

; Trip count 7 on SSE2: the tail would need masked stores.
define void @trip7_sse(ptr noalias %a, ptr noalias %b) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %vb = load float, ptr %pb, align 4
  %m = fmul float %vb, 2.0
  store float %m, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, 7
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}

; A small trip count with run-time checks: not vectorized.
define void @trip8_checks(ptr %a, ptr %b) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %vb = load float, ptr %pb, align 4
  %m = fmul float %vb, 2.0
  store float %m, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, 8
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}

; Run-time checks on a trip count of 20: they pay.
define void @trip20_checks(ptr %a, ptr %b, ptr %c) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds i8, ptr %a, i64 %i
  %pb = getelementptr inbounds i8, ptr %b, i64 %i
  %pc = getelementptr inbounds i8, ptr %c, i64 %i
  %vb = load i8, ptr %pb, align 1
  %vc = load i8, ptr %pc, align 1
  %x = add i8 %vb, %vc
  store i8 %x, ptr %pa, align 1
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, 20
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}

; Forced vectorization of a loop where vectorizing does not pay.
define void @forced_div(ptr noalias %a, ptr noalias %b, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds i64, ptr %a, i64 %i
  %pb = getelementptr inbounds i64, ptr %b, i64 %i
  %va = load i64, ptr %pa, align 8
  %vb = load i64, ptr %pb, align 8
  %d = sdiv i64 %va, %vb
  store i64 %d, ptr %pa, align 8
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop, !llvm.loop !2
exit:
  ret void
}

; The same without the hint: not beneficial.
define void @div(ptr noalias %a, ptr noalias %b, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds i64, ptr %a, i64 %i
  %pb = getelementptr inbounds i64, ptr %b, i64 %i
  %va = load i64, ptr %pa, align 8
  %vb = load i64, ptr %pb, align 8
  %d = sdiv i64 %va, %vb
  store i64 %d, ptr %pa, align 8
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}

; Interleave count 1 asked for: InterleavingNotBeneficialAndDisabled or
; BeneficialButDisabled, the width is still chosen.
define void @no_interleave(ptr noalias %a, ptr noalias %b, i64 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %vb = load float, ptr %pb, align 4
  %m = fmul float %vb, 2.0
  store float %m, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop, !llvm.loop !4
exit:
  ret void
}

; A reversed loop: widen-reverse.
define void @reverse(ptr noalias %a, ptr noalias %b, i64 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ %n, %entry ], [ %i.next, %loop ]
  %i.next = add nsw i64 %i, -1
  %pa = getelementptr inbounds i32, ptr %a, i64 %i.next
  %pb = getelementptr inbounds i32, ptr %b, i64 %i.next
  %vb = load i32, ptr %pb, align 4
  %x = add i32 %vb, 3
  store i32 %x, ptr %pa, align 4
  %cmp = icmp sgt i64 %i, 1
  br i1 %cmp, label %loop, label %exit
exit:
  ret void
}

; An optsize function with run-time checks.
define void @optsize_checks(ptr %a, ptr %b, i64 %n) #4 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %vb = load float, ptr %pb, align 4
  %m = fmul float %vb, 2.0
  store float %m, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}

; A first-order recurrence of doubles on AVX2.
define void @recurrence(ptr noalias %a, ptr noalias %b, i64 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi double [ 0.0, %entry ], [ %vb, %loop ]
  %pb = getelementptr inbounds double, ptr %b, i64 %i
  %vb = load double, ptr %pb, align 8
  %d = fsub double %vb, %p
  %pa = getelementptr inbounds double, ptr %a, i64 %i
  store double %d, ptr %pa, align 8
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}

; Dead code is costed (a dead vector division makes vectorizing not pay)
; but generates no vector instructions.
define void @deaddiv(ptr noalias %a, ptr noalias %b, i64 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %pb = getelementptr inbounds i32, ptr %b, i64 %i
  %vb = load i32, ptr %pb, align 4
  %dead = sdiv i32 %vb, 7
  %dead2 = udiv i32 %vb, %dead
  %m = add i32 %vb, 2
  store i32 %m, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}
; A dead call: its cost keeps the loop from being interleaved.
define void @deadcall(ptr noalias %a, ptr noalias %b, i64 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %pb = getelementptr inbounds i32, ptr %b, i64 %i
  %vb = load i32, ptr %pb, align 4
  %f = sitofp i32 %vb to float
  %c = call float @cosf(float %f)
  %m = add i32 %vb, 2
  store i32 %m, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp eq i64 %i.next, %n
  br i1 %cmp, label %exit, label %loop
exit:
  ret void
}
; Intrinsics the target model does not cost: llvm.maximum (custom, 2 per
; register), llvm.exp (a library call per lane), llvm.floor (SSE4.1).
define float @fmax_maximum(ptr noalias %a, ptr noalias %b, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds float, ptr %a, i64 %i
  %x = load float, ptr %p
  %s.next = call float @llvm.maximum.f32(float %s, float %x)
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret float %s.next
}
define void @expf(ptr noalias %a, ptr noalias %b, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds float, ptr %a, i64 %i
  %x = load float, ptr %p
  %e = call float @llvm.exp.f32(float %x)
  %q = getelementptr inbounds float, ptr %b, i64 %i
  store float %e, ptr %q
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
define void @floorf(ptr noalias %a, ptr noalias %b, i64 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds float, ptr %a, i64 %i
  %x = load float, ptr %p
  %e = call float @llvm.floor.f32(float %x)
  %q = getelementptr inbounds float, ptr %b, i64 %i
  store float %e, ptr %q
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
declare float @cosf(float) memory(none) nounwind willreturn
declare float @llvm.maximum.f32(float, float)
declare float @llvm.exp.f32(float)
declare float @llvm.floor.f32(float)

attributes #0 = { "target-cpu"="x86-64" }
attributes #1 = { "target-cpu"="x86-64-v3" }
attributes #2 = { "target-cpu"="znver4" "min-legal-vector-width"="0" }
attributes #3 = { "target-cpu"="skylake-avx512" "min-legal-vector-width"="0" }
attributes #4 = { optsize "target-cpu"="x86-64-v3" }

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.vectorize.width", i32 8}
!2 = distinct !{!2, !3}
!3 = !{!"llvm.loop.vectorize.enable", i1 true}
!4 = distinct !{!4, !5}
!5 = !{!"llvm.loop.interleave.count", i32 1}
