; difftest regression vectorize-outer-recurrence-predicate-check: loopwright-crash
; found by: cargo xtask difftest --seed 151128 (program 67, clang-19 preloop), reduced by --reduce
; passes: default
; The bug: at b7fb793, a SCEV predicate's overflow check is an add recurrence of an enclosing
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

@g0 = internal local_unnamed_addr global i32 0, align 4
@A0 = internal global [323 x i8] zeroinitializer, align 16
@A1 = internal global [299 x i8] zeroinitializer, align 16
@A2 = internal global [299 x i8] zeroinitializer, align 16
@A3 = internal global [336 x i8] zeroinitializer, align 16
@A4 = internal global [291 x i8] zeroinitializer, align 16
@A5 = internal local_unnamed_addr global [4139 x i32] zeroinitializer, align 16
@A6 = internal local_unnamed_addr global [4119 x i32] zeroinitializer, align 16
@A7 = internal global [4109 x i32] zeroinitializer, align 16
@A8 = internal global [109 x i32] zeroinitializer, align 16
@A9 = internal local_unnamed_addr global [42 x i32] zeroinitializer, align 16
@A10 = internal global [71 x i64] zeroinitializer, align 16
@A11 = internal global [79 x i64] zeroinitializer, align 16
@A12 = internal global [1116 x double] zeroinitializer, align 16
@A13 = internal global [1104 x double] zeroinitializer, align 16
@g1 = internal local_unnamed_addr global i64 0, align 8
@.str = private unnamed_addr constant [14 x i8] c"k0.0 %016llx\0A\00", align 1
@.str.1 = private unnamed_addr constant [14 x i8] c"k1.0 %016llx\0A\00", align 1
@.str.2 = private unnamed_addr constant [14 x i8] c"k1.1 %016llx\0A\00", align 1
@.str.3 = private unnamed_addr constant [14 x i8] c"k2.0 %016llx\0A\00", align 1
@.str.4 = private unnamed_addr constant [14 x i8] c"k2.1 %016llx\0A\00", align 1
@.str.5 = private unnamed_addr constant [14 x i8] c"k2.2 %016llx\0A\00", align 1
@.str.6 = private unnamed_addr constant [14 x i8] c"k3.0 %016llx\0A\00", align 1
@.str.7 = private unnamed_addr constant [14 x i8] c"k3.1 %016llx\0A\00", align 1
@.str.8 = private unnamed_addr constant [14 x i8] c"k3.2 %016llx\0A\00", align 1
@.str.9 = private unnamed_addr constant [14 x i8] c"k4.0 %016llx\0A\00", align 1
@.str.10 = private unnamed_addr constant [14 x i8] c"k4.1 %016llx\0A\00", align 1
@.str.11 = private unnamed_addr constant [18 x i8] c"checksum %016llx\0A\00", align 1
@ret_hash = internal unnamed_addr global i64 -7046029254386353131, align 8

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable
define internal void @k0(ptr nocapture noundef %p0, ptr noalias nocapture noundef %p1, ptr nocapture readnone %p2, i32 noundef %n0) local_unnamed_addr #0 {
entry:
  ret void
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable
define internal void @k1(ptr noalias nocapture noundef %p0, ptr noalias nocapture noundef readonly %p1, ptr noalias nocapture noundef %p2, i32 noundef %n0, i16 signext %c0) local_unnamed_addr #1 {
entry:
  ret void
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable
define internal i64 @k2(ptr nocapture noundef %p0, ptr nocapture noundef readonly %p1, ptr nocapture noundef %p2, ptr nocapture noundef readonly %p3, i64 noundef %n0) local_unnamed_addr #1 {
entry:
  br label %for.body

for.body:                                         ; preds = %if.end94, %entry
  %conv87 = phi i32 [ 0, %entry ], [ %conv, %if.end94 ]
  %i3.085 = phi i16 [ 0, %entry ], [ %inc129, %if.end94 ]
  %mul60 = shl nsw i32 %conv87, 1
  br label %for.body58

for.body58:                                       ; preds = %for.body58, %for.body
  %indvars.iv = phi i64 [ 0, %for.body ], [ %indvars.iv.next, %for.body58 ]
  %0 = trunc nuw i64 %indvars.iv to i32
  %add61 = add i32 %mul60, %0
  %add62 = add i32 %add61, 21
  %idxprom63 = zext i32 %add62 to i64
  %arrayidx64 = getelementptr inbounds i8, ptr %p0, i64 %idxprom63
  %1 = load i8, ptr %arrayidx64, align 1
  store i8 0, ptr %arrayidx64, align 1
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 0
  br i1 %exitcond.not, label %if.end94, label %for.body58

if.end94:                                         ; preds = %for.body58
  %inc129 = add i16 %i3.085, 1
  %conv = sext i16 %inc129 to i32
  br label %for.body
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable
define internal i32 @k4(ptr noalias nocapture noundef %p0, i32 noundef %n0, i64 noundef %n1, double %f0) local_unnamed_addr #1 {
entry:
  ret i32 0
}

; Function Attrs: nofree nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr #2 {
entry:
  ret i32 0
}

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #3

; Function Attrs: nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none) uwtable
define internal fastcc i64 @state_hash() unnamed_addr #4 {
entry:
  ret i64 0
}

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable
define internal fastcc range(i32 -128, 128) i32 @k3(ptr nocapture noundef %p0, double noundef %f0) unnamed_addr #5 {
entry:
  ret i32 0
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smin.i64(i64, i64) #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i8 @llvm.smax.i8(i8, i8) #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.umax.i32(i32, i32) #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #6

attributes #0 = { nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree noinline norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
