; difftest regression vectorize-outer-recurrence-trip-count: loopwright-crash
; found by: cargo xtask difftest --seed 151128 (program 580, clang-19 preloop), reduced by --reduce
; passes: default
; The bug: at b7fb793, the inner loop's trip count is an add recurrence of an enclosing
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
@A0 = internal global [524 x i8] zeroinitializer, align 16
@A1 = internal global [556 x i8] zeroinitializer, align 16
@A2 = internal global [525 x i8] zeroinitializer, align 16
@A3 = internal local_unnamed_addr global [572 x i8] zeroinitializer, align 16
@A4 = internal global [4133 x i32] zeroinitializer, align 16
@A5 = internal global [4128 x i32] zeroinitializer, align 16
@A6 = internal global [4160 x i32] zeroinitializer, align 16
@A7 = internal global [4184 x i32] zeroinitializer, align 16
@A8 = internal global [257 x double] zeroinitializer, align 16
@A9 = internal local_unnamed_addr global [317 x double] zeroinitializer, align 16
@g0 = internal local_unnamed_addr global i32 0, align 4
@.str = private unnamed_addr constant [14 x i8] c"k0.0 %016llx\0A\00", align 1
@.str.1 = private unnamed_addr constant [14 x i8] c"k1.0 %016llx\0A\00", align 1
@.str.2 = private unnamed_addr constant [14 x i8] c"k1.1 %016llx\0A\00", align 1
@.str.3 = private unnamed_addr constant [14 x i8] c"k2.0 %016llx\0A\00", align 1
@.str.4 = private unnamed_addr constant [14 x i8] c"k2.1 %016llx\0A\00", align 1
@.str.5 = private unnamed_addr constant [14 x i8] c"k2.2 %016llx\0A\00", align 1
@.str.6 = private unnamed_addr constant [14 x i8] c"k3.0 %016llx\0A\00", align 1
@.str.7 = private unnamed_addr constant [14 x i8] c"k3.1 %016llx\0A\00", align 1
@.str.8 = private unnamed_addr constant [18 x i8] c"checksum %016llx\0A\00", align 1
@ret_hash = internal unnamed_addr global i64 -7046029254386353131, align 8

; Function Attrs: nofree noinline norecurse nosync nounwind memory(readwrite, argmem: read, inaccessiblemem: none) uwtable
define internal i64 @k0(ptr nocapture readnone %p0, ptr nocapture noundef readonly %p1, ptr nocapture noundef readonly %p2, ptr nocapture noundef readonly %p3, i64 noundef %n0) local_unnamed_addr #0 {
entry:
  ret i64 0
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable
define internal void @k2(ptr nocapture noundef %p0, ptr noalias nocapture noundef readonly %p1, ptr noalias nocapture noundef readonly %p2) local_unnamed_addr #1 {
entry:
  ret void
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
define internal fastcc float @k3(ptr noalias nocapture noundef %p0, ptr nocapture noundef %p1, ptr nocapture noundef readonly %p2, ptr noalias nocapture noundef readonly %p3) unnamed_addr #5 {
entry:
  br label %for.body

for.body:                                         ; preds = %for.inc100, %entry
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next, %for.inc100 ]
  br label %for.body53

for.body53:                                       ; preds = %for.body53, %for.body
  %i4.0122.in = phi i64 [ %i4.0122, %for.body53 ], [ %indvars.iv, %for.body ]
  %i4.0122 = add nuw nsw i64 %i4.0122.in, 1
  %mul55 = mul i32 0, 2147483647
  %cmp50 = icmp ult i64 %i4.0122.in, 45
  br i1 %cmp50, label %for.body53, label %for.inc100

for.inc100:                                       ; preds = %for.body53
  %s1.1.in.lcssa = phi i32 [ %mul55, %for.body53 ]
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  br label %for.body
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.umin.i64(i64, i64) #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.umax.i32(i32, i32) #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smax.i64(i64, i64) #6

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #7

attributes #0 = { nofree noinline norecurse nosync nounwind memory(readwrite, argmem: read, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #7 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
