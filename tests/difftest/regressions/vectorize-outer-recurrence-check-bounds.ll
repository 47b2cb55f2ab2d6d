; difftest regression vectorize-outer-recurrence-check-bounds: loopwright-crash
; found by: cargo xtask difftest --seed 151128 (program 595, clang-19 preloop), reduced by --reduce
; passes: default
; The bug: at b7fb793, a run-time check group's bound is an add recurrence of an enclosing
; loop, and loop-vectorize's transform, expanding without the function's
; loops, panicked (unreachable in utils/expand/addrec.rs). Fixed by main's
; 57ab7ef (expansion with the function's analyses); loopwright now
; vectorizes this loop, as opt-19 does. main() no longer calls the kernel
; after reduction, so this guards the crash, not the vector code.
; replay: loopwright on this file, opt-19 -passes=verify on the result, and
; lli-19 on both must agree (stdout and exit code).
source_filename = "prog.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g1 = internal local_unnamed_addr global i64 0, align 8
@A0 = internal global [142 x i8] zeroinitializer, align 16
@A1 = internal local_unnamed_addr global [145 x i8] zeroinitializer, align 16
@A2 = internal global [43 x i8] zeroinitializer, align 16
@A3 = internal global [51 x i8] zeroinitializer, align 16
@A4 = internal global [136 x i16] zeroinitializer, align 16
@A5 = internal global [91 x i16] zeroinitializer, align 16
@A6 = internal global [4175 x i32] zeroinitializer, align 16
@A7 = internal global [4136 x i32] zeroinitializer, align 16
@A8 = internal global [159 x i64] zeroinitializer, align 16
@A9 = internal local_unnamed_addr global [74 x i64] zeroinitializer, align 16
@A10 = internal global [271 x float] zeroinitializer, align 16
@A11 = internal local_unnamed_addr global [319 x float] zeroinitializer, align 16
@g0 = internal local_unnamed_addr global i32 0, align 4
@.str = private unnamed_addr constant [14 x i8] c"k0.0 %016llx\0A\00", align 1
@.str.1 = private unnamed_addr constant [14 x i8] c"k0.1 %016llx\0A\00", align 1
@.str.2 = private unnamed_addr constant [14 x i8] c"k1.0 %016llx\0A\00", align 1
@.str.3 = private unnamed_addr constant [14 x i8] c"k1.1 %016llx\0A\00", align 1
@.str.4 = private unnamed_addr constant [14 x i8] c"k1.2 %016llx\0A\00", align 1
@.str.5 = private unnamed_addr constant [14 x i8] c"k2.0 %016llx\0A\00", align 1
@.str.6 = private unnamed_addr constant [14 x i8] c"k2.1 %016llx\0A\00", align 1
@.str.7 = private unnamed_addr constant [14 x i8] c"k2.2 %016llx\0A\00", align 1
@.str.8 = private unnamed_addr constant [14 x i8] c"k3.0 %016llx\0A\00", align 1
@.str.9 = private unnamed_addr constant [14 x i8] c"k4.0 %016llx\0A\00", align 1
@.str.10 = private unnamed_addr constant [18 x i8] c"checksum %016llx\0A\00", align 1
@ret_hash = internal unnamed_addr global i64 -7046029254386353131, align 8

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable
define internal i64 @k0(ptr noalias nocapture noundef %p0, ptr nocapture noundef %p1, i32 noundef %n0, i64 noundef %c0, double %f0) local_unnamed_addr #0 {
entry:
  br label %for.body

for.body:                                         ; preds = %if.end, %entry
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next, %if.end ]
  %invariant.gep = getelementptr inbounds float, ptr %p1, i64 0
  %mul45 = shl i64 %indvars.iv, 5
  %conv46 = and i64 %mul45, 4294967264
  %invariant.gep52 = getelementptr inbounds float, ptr %p1, i64 %conv46
  br label %for.body33

for.body33:                                       ; preds = %for.body33, %for.body
  %i5.054 = phi i64 [ 0, %for.body ], [ %inc, %for.body33 ]
  %gep = getelementptr inbounds float, ptr %invariant.gep, i64 %i5.054
  %arrayidx38 = getelementptr inbounds i8, ptr %gep, i64 40
  %gep53 = getelementptr inbounds float, ptr %invariant.gep52, i64 %i5.054
  %0 = load float, ptr %gep53, align 4
  store float 0.000000e+00, ptr %arrayidx38, align 4
  %inc = add nuw nsw i64 %i5.054, 1
  %exitcond.not = icmp eq i64 %inc, 100
  br i1 %exitcond.not, label %if.end, label %for.body33

if.end:                                           ; preds = %for.body33
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  br label %for.body
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #1

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable
define internal i64 @k1(ptr noalias nocapture noundef readonly %p0, ptr noalias nocapture noundef %p1, double %f0) local_unnamed_addr #0 {
entry:
  ret i64 0
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable
define internal noundef i32 @k2(ptr nocapture noundef %p0) local_unnamed_addr #0 {
entry:
  ret i32 0
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable
define internal i32 @k3(ptr nocapture noundef %p0, ptr nocapture noundef readonly %p1, i32 noundef %n0, i32 noundef %n1, i32 %c0) local_unnamed_addr #2 {
entry:
  ret i32 0
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable
define internal void @k4(ptr nocapture noundef %p0, i32 %n0, i32 %c0) local_unnamed_addr #2 {
entry:
  ret void
}

; Function Attrs: nofree nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr #3 {
entry:
  ret i32 0
}

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #4

; Function Attrs: nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none) uwtable
define internal fastcc i64 @state_hash() unnamed_addr #5 {
entry:
  ret i64 0
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smin.i64(i64, i64) #1

attributes #0 = { nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nofree noinline norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
