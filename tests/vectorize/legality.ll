; Vectorization legality: one function per rejection and its near miss.
; Each function is marked with loopwright's verdict (`; expect: legal` or
; `; expect: NAME`, the remark name); the unit tests of
; crates/transforms/src/vectorize check the marks and
; crates/driver/tests/vlegal_llvm.rs checks them against opt-19's remarks
; (scope limits, marked `; expect: NAME (scope)`, against opt-19 vectorizing
; or rejecting for the reason given after `opt-19:`).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @g()
declare float @sinf(float)
declare float @sinf_pure(float) memory(none) nounwind willreturn
declare float @llvm.powi.f32.i32(float, i32)
declare float @llvm.fabs.f32(float)
; expect: legal
define void @plain(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: MissedExplicitlyDisabled
define void @disabled(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !100
exit:
  ret void
}
; expect: legal
define void @disabled_near(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !110
exit:
  ret void
}
; expect: MissedDetails
define void @nonforced(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !120
exit:
  ret void
}
; expect: legal
define void @nonforced_near(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !130
exit:
  ret void
}
; expect: AllDisabled
define void @isvectorized(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !140
exit:
  ret void
}
; expect: legal
define void @isvectorized_near(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !150
exit:
  ret void
}
; expect: AllDisabled
define void @width1_nounroll(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !160
exit:
  ret void
}
; expect: legal
define void @width1_near(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !170
exit:
  ret void
}
; expect: NoImplicitFloat
define void @nif(ptr noalias %a, ptr noalias %b, i64 %n) noimplicitfloat {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: CantVectorizeLibcall
define void @call(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  call void @g()
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: legal
define void @call_near(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %fv = sitofp i32 %v to float
  %fa = call float @llvm.fabs.f32(float %fv)
  %fi = fptosi float %fa to i32
  store i32 %fi, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: CantVectorizeLibcall
define void @mathlib(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %fv = sitofp i32 %v to float
  %s = call float @sinf(float %fv)
  %fi = fptosi float %s to i32
  store i32 %fi, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: CantVectorizeIntrinsic
define void @intrinsic(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %fv = sitofp i32 %v to float
  %ii = trunc i64 %i to i32
  %s = call float @llvm.powi.f32.i32(float %fv, i32 %ii)
  %fi = fptosi float %s to i32
  store i32 %fi, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: legal
define void @intrinsic_near(ptr noalias %a, ptr noalias %b, i64 %n, i32 %e)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %fv = sitofp i32 %v to float
  %s = call float @llvm.powi.f32.i32(float %fv, i32 %e)
  %fi = fptosi float %s to i32
  store i32 %fi, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: CantVectorizeInstructionReturnType
define void @rettype(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %vv = insertelement <2 x i32> poison, i32 %v, i32 0
  %e = extractelement <2 x i32> %vv, i32 0
  store i32 %e, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: CantVectorizeStore
define void @storetype(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store <2 x i32> zeroinitializer, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: legal
define void @storetype_near(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i64 0, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: CantVectorizeNontemporalStore
define void @ntstore(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q, align 4, !nontemporal !1
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: legal
define void @ntstore_near(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q, align 8, !nontemporal !1
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: legal
define i32 @outside(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %v
}
; expect: legal
define void @fastmath_near(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %fv = sitofp i32 %v to float
  %fm = fmul float %fv, 2.0
  %fi = fptosi float %fm to i32
  store i32 %fi, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: legal
define void @invariant_store_near(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %b
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: UnsafeDep
define void @invariant_loadstore(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %x = load i32, ptr %b
  %y = add i32 %x, %v
  store i32 %y, ptr %b
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: CantVectorizeStoreToLoopInvariantAddress
define void @invariant_twostores(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %b
  %y = add i32 %v, 1
  store i32 %y, ptr %b
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: SingleIterationLoop
define void @single_iteration(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, 1
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: legal
define void @single_iteration_near(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, 2
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: CantReorderFPOps
define float @fsum(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds float, ptr %a, i64 %i
  %v = load float, ptr %p
  %s.next = fadd float %s, %v
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret float %s.next
}
; expect: legal
define float @fsum_hinted(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds float, ptr %a, i64 %i
  %v = load float, ptr %p
  %s.next = fadd float %s, %v
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !180
exit:
  ret float %s.next
}
; expect: legal
define float @fsum_reassoc(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds float, ptr %a, i64 %i
  %v = load float, ptr %p
  %s.next = fadd reassoc float %s, %v
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret float %s.next
}
; expect: NonReductionValueUsedOutsideLoop
define i32 @phi_outside(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 1, %entry ], [ %w, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %w = sdiv i32 %v, %s
  store i32 %w, ptr %p
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s
}
; expect: legal
define i32 @reduction_near(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %s.next = add i32 %s, %v
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}
; expect: CantComputeNumberOfIterations
define void @uncountable(ptr noalias %a, ptr noalias %b) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 1, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i32 %v, 0
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: NoInductionVariable
define void @noinduction(ptr %a, ptr %e) {
entry:
  br label %loop
loop:
  %x = load volatile i32, ptr %e
  %c = icmp eq i32 %x, 0
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: UnsafeDep
define void @unsafedep(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 1, %entry ], [ %i.next, %loop ]
  %im1 = add i64 %i, -1
  %p = getelementptr inbounds i32, ptr %a, i64 %im1
  %v = load i32, ptr %p
  %q = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: legal
define void @unsafedep_near(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %ip1 = add i64 %i, 1
  %p = getelementptr inbounds i32, ptr %a, i64 %ip1
  %v = load i32, ptr %p
  %q = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: IfConversionDisabled (scope) opt-19: legal
define void @ifconv(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %c0 = icmp sgt i32 %v, 0
  br i1 %c0, label %then, label %latch
then:
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: NoCFGForSelect
define void @ifconv_call(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %c0 = icmp sgt i32 %v, 0
  br i1 %c0, label %then, label %latch
then:
  call void @g()
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: CFGNotUnderstood (scope) opt-19: legal
define void @early_exit(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %c0 = icmp eq i64 %i, 77
  br i1 %c0, label %exit, label %latch
latch:
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: CantComputeNumberOfIterations
define void @early_exit_uncountable(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %c0 = icmp eq i32 %v, 0
  br i1 %c0, label %exit, label %latch
latch:
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: CFGNotUnderstood (scope) opt-19: legal
define void @no_preheader(ptr noalias %a, ptr noalias %b, i64 %n, i1 %k) {
entry:
  br i1 %k, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: LoopContainsSwitch
define void @switch(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  switch i32 %v, label %latch [ i32 1, label %one ]
one:
  store i32 0, ptr %p
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: CantVectorizeNontemporalLoad
define void @ntload(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %w = load i32, ptr %q, align 4, !nontemporal !1
  store i32 %w, ptr %p
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: legal
define void @ntload_near(ptr noalias %a, ptr noalias %b, i64 %n)  {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %w0 = load i64, ptr %q, align 16, !nontemporal !1
  %w = trunc i64 %w0 to i32
  store i32 %w, ptr %p
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
; expect: NoIntegerInductionVariable
define void @nointinduction(ptr %a) {
entry:
  br label %loop
loop:
  %x = phi float [ 0.0, %entry ], [ %x.n, %loop ]
  store float %x, ptr %a
  %x.n = fadd float %x, 1.0
  %c = fcmp olt float %x.n, 100.0
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
; expect: ValueUsedOutsideLoop
define i32 @outside_predicated(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = shl i64 %i, 32
  %j = ashr exact i64 %s, 32
  %p = getelementptr inbounds i32, ptr %a, i64 %j
  %v = load i32, ptr %p
  %w = add i32 %v, 1
  store i32 %w, ptr %p
  %i.next = add i64 %j, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %w
}
; expect: legal
define void @many_checks(ptr %a, ptr %b, ptr %c, ptr %d, ptr %e, ptr %f, ptr %g, ptr %h, ptr %k, ptr %l, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds i32, ptr %b, i64 %i
  %vb = load i32, ptr %pb
  %pc = getelementptr inbounds i32, ptr %c, i64 %i
  %vc = load i32, ptr %pc
  %pd = getelementptr inbounds i32, ptr %d, i64 %i
  %vd = load i32, ptr %pd
  %pe = getelementptr inbounds i32, ptr %e, i64 %i
  %ve = load i32, ptr %pe
  %pf = getelementptr inbounds i32, ptr %f, i64 %i
  %vf = load i32, ptr %pf
  %pg = getelementptr inbounds i32, ptr %g, i64 %i
  %vg = load i32, ptr %pg
  %ph = getelementptr inbounds i32, ptr %h, i64 %i
  %vh = load i32, ptr %ph
  %pk = getelementptr inbounds i32, ptr %k, i64 %i
  %vk = load i32, ptr %pk
  %pl = getelementptr inbounds i32, ptr %l, i64 %i
  %vl = load i32, ptr %pl
  %s1 = add i32 %vb, %vc
  %s2 = add i32 %s1, %vd
  %s3 = add i32 %s2, %ve
  %s4 = add i32 %s3, %vf
  %s5 = add i32 %s4, %vg
  %s6 = add i32 %s5, %vh
  %s7 = add i32 %s6, %vk
  %s8 = add i32 %s7, %vl
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %s8, ptr %pa
  %i.next = add i64 %i, 1
  %cc = icmp eq i64 %i.next, %n
  br i1 %cc, label %exit, label %loop
exit:
  ret void
}

!1 = !{i32 1}
!100 = distinct !{!100, !101}
!101 = !{!"llvm.loop.vectorize.enable", i1 false}
!110 = distinct !{!110, !111}
!111 = !{!"llvm.loop.vectorize.enable", i1 true}
!120 = distinct !{!120, !121}
!121 = !{!"llvm.loop.disable_nonforced"}
!130 = distinct !{!130, !131, !132}
!131 = !{!"llvm.loop.disable_nonforced"}
!132 = !{!"llvm.loop.vectorize.enable", i1 true}
!140 = distinct !{!140, !141}
!141 = !{!"llvm.loop.isvectorized", i32 1}
!150 = distinct !{!150, !151}
!151 = !{!"llvm.loop.isvectorized", i32 0}
!160 = distinct !{!160, !161, !162}
!161 = !{!"llvm.loop.vectorize.width", i32 1}
!162 = !{!"llvm.loop.unroll.disable"}
!170 = distinct !{!170, !171}
!171 = !{!"llvm.loop.vectorize.width", i32 1}
!180 = distinct !{!180, !181}
!181 = !{!"llvm.loop.vectorize.width", i32 4}
