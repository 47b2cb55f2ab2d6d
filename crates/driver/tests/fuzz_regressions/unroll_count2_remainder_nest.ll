; RUN: loopwright -passes='function(loop(loop-unroll-full),loop-unroll<O3>)' -unroll-threshold=4000 -unroll-count=2 -unroll-allow-remainder=false -unroll-allow-peeling=false -unroll-remainder=true
; Found by the pipeline fuzz target (a timeout, run 3 of fuzz/README.md's
; vectorizer runs): loopwright's output had 1,027,631 lines (15 s in a
; release build), opt-19's 15,410 (0.2 s), the growth in @f2's nest.
; The cause: opt-19 folds `icmp ne ptr @g.f64, @g.i8` (two distinct
; globals) to true, so a copy of the inner loop %bb5 leaves in its first
; iteration; loopwright did not fold it and fully unrolled each copy by the
; other exit's trip count (up to 501). Fixed by folding compares of
; addresses as LLVM's constant folder does (`utils::fold`, checked against
; opt-19 by crates/transforms/tests/fold_llvm.rs): 15,421 lines, 0.6 s.
; unroll_conformance.rs (`a_compare_of_two_globals_decides_unrolled_exits`)
; runs this file against opt-19 too.
;
; Left: %bb5 has `llvm.loop.unroll.count i32 -1`, which LLVM reads as
; 4294967295 (it then fully unrolls %bb5 by its maximum trip count, 503, and
; the outer loop %bb1 is too large to unroll); loopwright warns and ignores
; the count (unroll/mod.rs). Here both end in the same loops.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { i32, double, [4 x i16], ptr }

@g.i32 = global [64 x i32] zeroinitializer, align 16
@g.f64 = internal global [32 x double] zeroinitializer, align 16
@g.i8 = global [128 x i8] zeroinitializer, align 16
@g.i64 = global [16 x i64] zeroinitializer, align 16
@g.s = global [8 x %struct.S] zeroinitializer, align 16
@g.c = constant [4 x i16] [i16 1, i16 2, i16 3, i16 4], align 2

define void @f0(ptr noundef %arg0) optsize {
entry:
  br label %bb1
bb1:
  %p0 = phi i64 [ -2147483648, %entry ], [ %v12, %bb3 ]
  %p1 = phi i64 [ 65535, %entry ], [ %v11, %bb3 ]
  %v2 = icmp slt i64 %p0, 3
  br i1 %v2, label %bb3, label %bb2
bb2:
  store i64 %p1, ptr %arg0, align 8
  %v13 = fmul half 2.500000e+00, 0.000000e+00
  %v14 = load ptr, ptr @g.f64, align 8
  %v15 = getelementptr inbounds [32 x double], ptr @g.f64, i64 0, i64 %p0
  %v16 = load double, ptr %v15, align 8
  call void @sink.f64(double 5.000000e-01)
  %v17 = getelementptr inbounds i64, ptr null, i64 %p0
  store i64 %p1, ptr %v17, align 1
  %v18 = fneg half %v13
  %v19 = call i64 @llvm.umax.i64(i64 %p1, i64 %p1)
  %v20 = ptrtoint ptr @g.i8 to i64
  br label %bb4
bb3:
  %v3 = getelementptr inbounds i64, ptr @g.i32, i64 %p0
  %v4 = load i64, ptr %v3, align 8
  %v5 = getelementptr inbounds i64, ptr %arg0, i64 %p0
  %v6 = load i64, ptr %v5, align 8
  %v7 = or disjoint i64 %v6, %v4
  %v8 = mul nuw i64 %v7, %v4
  %v9 = and i64 %v7, 0
  %v10 = getelementptr inbounds i64, ptr %arg0, i64 %p0
  store i64 %v9, ptr %v10, align 8
  %v11 = or i64 %v9, %p1
  %v12 = add i64 %p0, 1
  br label %bb1, !llvm.loop !0
bb4:
  %p21 = phi i64 [ 0, %bb2 ], [ %v32, %bb4 ]
  %v22 = add nsw i64 %p21, 4
  %v23 = getelementptr inbounds i32, ptr getelementptr inbounds ([64 x i32], ptr @g.i32, i64 0, i64 51), i64 %v22
  %v24 = load i32, ptr %v23, align 4
  %v25 = add nsw i64 %p21, 4
  %v26 = getelementptr inbounds i32, ptr getelementptr inbounds ([64 x i32], ptr @g.i32, i64 0, i64 51), i64 %v25
  %v27 = load i32, ptr %v26, align 4
  %v28 = mul i32 %v24, %v27
  %v29 = add nsw i64 %p21, -1
  %v30 = getelementptr inbounds i32, ptr %arg0, i64 %v29
  store i32 %v27, ptr %v30, align 4
  %v31 = getelementptr inbounds i32, ptr %arg0, i64 %p21
  store i32 %v27, ptr %v31, align 4
  %v32 = add nuw nsw i64 %p21, 1
  %v33 = icmp ult i64 %v32, 16
  br i1 %v33, label %bb4, label %bb5, !llvm.loop !2
bb5:
  %v34 = and i64 %p0, 15
  %v35 = getelementptr inbounds i8, ptr %v14, i64 %v34
  store i8 4, ptr %v35, align 1
  store i128 100, ptr @g.f64, align 16
  %v36 = getelementptr [128 x i8], ptr @g.i8, i64 0, i64 %p21
  ret void
}

define i32 @f1(ptr nocapture %arg0, float %arg1, ptr nocapture %arg2) minsize {
entry:
  %m0 = alloca [1 x i64], align 16
  %m1 = alloca [8 x double], align 16
  br label %bb1
bb1:
  %p2 = phi i32 [ 0, %entry ], [ %v11, %bb1 ]
  %p3 = phi i32 [ -1, %entry ], [ %v10, %bb1 ]
  %v4 = getelementptr inbounds i32, ptr %arg0, i32 %p2
  %v5 = load i32, ptr %v4, align 4
  %v6 = getelementptr inbounds i32, ptr null, i32 %p2
  %v7 = load i32, ptr %v6, align 4
  %v8 = sub nsw i32 %v7, %p2
  %v9 = xor i32 %v8, %v5
  %v10 = and i32 %p3, %v5
  %v11 = add nsw i32 %p2, 1
  %v12 = icmp slt i32 %v11, 2147483647
  br i1 %v12, label %bb1, label %bb2, !llvm.loop !6
bb2:
  store i32 %v10, ptr %arg0, align 4
  %v13 = fmul ninf nsz float %arg1, %arg1
  %v14 = getelementptr [16 x i64], ptr @g.i64, i64 0, i64 100
  store i64 100, ptr %v14, align 8
  %v15 = call i1 @more()
  %v16 = call i1 @more()
  call void @llvm.assume(i1 %v16)
  %v17 = sext i32 %p2 to i64
  %v18 = getelementptr inbounds double, ptr %m0, i64 %v17
  %v19 = load double, ptr %v18, align 8
  %v20 = sext i32 %p2 to i64
  %v21 = getelementptr inbounds double, ptr %m1, i64 %v20
  %v22 = load double, ptr %v21, align 8
  %v23 = sext i32 %p2 to i64
  %v24 = getelementptr inbounds double, ptr %v14, i64 %v23
  %v25 = load double, ptr %v24, align 8
  %v26 = sext i32 %p2 to i64
  %v27 = getelementptr inbounds double, ptr %v18, i64 %v26
  %v28 = load double, ptr %v27, align 8
  %v29 = getelementptr inbounds double, ptr %v21, i64 %v20
  %v30 = load double, ptr %v29, align 8
  %v31 = getelementptr inbounds double, ptr %v24, i64 %v20
  %v32 = load double, ptr %v31, align 8
  %v33 = zext i32 %v10 to i64
  %v34 = getelementptr inbounds <4 x i32>, ptr %v24, i64 %v33
  store <4 x i32> <i32 0, i32 1, i32 2, i32 3>, ptr %v34, align 16
  %v35 = call i1 @more()
  %v36 = call i1 @more()
  %v37 = call i1 @more()
  %v38 = call i1 @more()
  %v39 = call i1 @more()
  %v40 = call i1 @more()
  %v41 = call i1 @more()
  %v42 = call i1 @more()
  %v43 = call i1 @more()
  %v44 = call i1 @more()
  %v45 = call i1 @more()
  %v46 = call i1 @more()
  %v47 = call i1 @more()
  call void @sink.f64(double %v30)
  call void @llvm.memset.p0.i64(ptr %v31, i8 100, i64 64, i1 false)
  %v48 = load i64, ptr @g.i32, align 8
  %v49 = getelementptr inbounds [16 x i64], ptr @g.i64, i64 0, i64 %v23
  store i64 %v17, ptr %v49, align 8
  br label %bb3
bb3:
  %p50 = phi i64 [ %v48, %bb2 ], [ %v84, %bb17 ], [ %v87, %bb4 ]
  %p51 = phi i1 [ %v40, %bb2 ], [ %v38, %bb17 ], [ %v85, %bb4 ]
  %p52 = phi <4 x i32> [ <i32 0, i32 1, i32 2, i32 3>, %bb2 ], [ %p52, %bb17 ], [ %v86, %bb4 ]
  %p53 = phi ptr [ %v29, %bb2 ], [ @g.i8, %bb17 ], [ %p56, %bb4 ]
  %v58 = icmp ule i32 127, %v10
  %v59 = select i1 %v58, ptr %v34, ptr %v34
  %v60 = icmp ne i64 %p50, 17
  br i1 %v60, label %bb5, label %bb6
bb4:
  %p54 = phi i1 [ %v42, %bb7 ]
  %p55 = phi <4 x i32> [ %p52, %bb7 ]
  %p56 = phi ptr [ %p53, %bb7 ]
  %v85 = or i1 %p54, %p51
  %v86 = mul <4 x i32> %p55, %p52
  %v87 = add nuw nsw i64 %p50, 1
  br label %bb3, !llvm.loop !9
bb5:
  %p57 = phi half [ 0xH7C00, %bb3 ], [ 0xH7C00, %bb6 ], [ 0xH7E00, %bb13 ]
  ret i32 %p2
bb6:
  switch i16 32767, label %bb7 [
    i16 7, label %bb8
    i16 1, label %bb9
    i16 9, label %bb10
    i16 3, label %bb5
  ]
bb7:
  br label %bb4
bb8:
  %v61 = and i64 %v26, 15
  %v62 = getelementptr inbounds [64 x i32], ptr @g.i32, i64 0, i64 %v61
  %v63 = load i32, ptr %v62, align 4
  %v64 = or disjoint i32 %v11, %v10
  %v65 = select i1 %v58, i64 %v61, i64 %v33
  %v66 = icmp ne ptr %arg0, @g.s
  br i1 %v66, label %bb11, label %bb12
bb9:
  br label %bb14
bb10:
  br label %bb7
bb11:
  %v68 = and i32 %v10, 15
  %v69 = zext i32 %v68 to i64
  %v70 = getelementptr [64 x i32], ptr @g.i32, i64 0, i64 %v69
  store i32 %v10, ptr %v70, align 4
  br label %bb13
bb12:
  %v71 = shl i64 %p50, %v33
  unreachable
bb13:
  %p67 = phi i8 [ undef, %bb11 ]
  br label %bb5
bb14:
  br label %bb15
bb15:
  %p72 = phi i64 [ 1, %bb14 ], [ %v82, %bb15 ]
  %p73 = phi <4 x i32> [ %p52, %bb14 ], [ %p74, %bb15 ]
  %p74 = phi <4 x i32> [ %p52, %bb14 ], [ %p73, %bb15 ]
  %p75 = phi i16 [ 8, %bb14 ], [ %v81, %bb15 ]
  store i16 %p75, ptr %v34, align 1
  %v81 = xor i16 %p75, 2
  %v82 = add i64 %p72, 4
  %v83 = icmp ugt i32 %p2, %p2
  br i1 %v83, label %bb17, label %bb15, !llvm.loop !12
bb17:
  %p79 = phi half [ 5.000000e-01, %bb15 ]
  %p80 = phi i16 [ %p75, %bb15 ]
  %v84 = add i64 %p50, 1
  br label %bb3, !llvm.loop !9
}

define i32 @f2(ptr noalias %arg0, ptr noundef %arg1, i8 %arg2, double noundef %arg3, i8 %arg4) nounwind mustprogress minsize {
entry:
  br label %bb1
bb1:
  %p0 = phi i64 [ 1, %entry ], [ %v41, %bb7 ]
  %p1 = phi i128 [ -128, %entry ], [ %p1, %bb7 ]
  %p2 = phi <4 x i32> [ zeroinitializer, %entry ], [ %v14, %bb7 ]
  %v5 = icmp ule i64 %p0, 1000
  br i1 %v5, label %bb4, label %bb3
bb3:
  %v42 = fcmp ord double %arg3, %arg3
  call void @llvm.assume(i1 %v42)
  %v43 = fcmp ord double %arg3, %arg3
  call void @llvm.assume(i1 %v43)
  %v44 = fcmp ord double %arg3, %arg3
  call void @llvm.assume(i1 %v44)
  %v45 = fcmp ugt double -1.000000e+00, %arg3
  call void @llvm.assume(i1 %v45)
  switch i64 %p0, label %bb15 [
    i64 5, label %bb16
    i64 -1, label %bb17
    i64 0, label %bb18
  ]
bb4:
  %v6 = call double @llvm.fma.f64(double %arg3, double %arg3, double %arg3)
  br label %bb5
bb5:
  %p7 = phi i64 [ 0, %bb4 ], [ %v40, %bb11 ]
  %p8 = phi i8 [ %arg4, %bb4 ], [ -1, %bb11 ]
  %p9 = phi i1 [ %v5, %bb4 ], [ %v39, %bb11 ]
  %p10 = phi i16 [ 100, %bb4 ], [ %p10, %bb11 ]
  %v14 = shufflevector <4 x i32> zeroinitializer, <4 x i32> %p2, <4 x i32> <i32 3, i32 0, i32 5, i32 6>
  %v15 = fcmp ueq half -1.000000e+00, 0xH7C00
  %v16 = select i1 %v15, ptr @g.f64, ptr @g.i64
  %v17 = icmp slt i64 %p7, %p0
  br i1 %v17, label %bb8, label %bb7
bb7:
  %v41 = add nuw i64 %p0, 3
  br label %bb1
bb8:
  %v18 = icmp ne ptr @g.f64, @g.i8
  br i1 %v18, label %bb9, label %bb10
bb9:
  %v19 = load half, ptr @g.s, align 2
  %v20 = icmp ult ptr @g.i8, @g.i64
  %v21 = select i1 %v20, i1 %v5, i1 %v18
  br label %bb12
bb10:
  %v30 = and i128 %p1, 15
  %v31 = trunc i128 %v30 to i64
  %v32 = getelementptr inbounds [64 x i32], ptr @g.i32, i64 0, i64 %v31
  %v33 = load volatile i32, ptr %v32, align 1
  %v34 = lshr i64 %p0, %p0
  %v35 = fsub reassoc contract double %arg3, %arg3
  br label %bb11
bb11:
  %o36 = call { i64, i1 } @llvm.ssub.with.overflow.i64(i64 %p7, i64 %p0)
  %v37 = extractvalue { i64, i1 } %o36, 0
  %v38 = extractvalue { i64, i1 } %o36, 1
  %v39 = and i1 %v38, %v5
  %v40 = add nsw i64 %p7, 2
  br label %bb5, !llvm.loop !17
bb12:
  %p22 = phi i64 [ 0, %bb9 ], [ %v28, %bb12 ]
  %p23 = phi ptr [ %v16, %bb9 ], [ %p23, %bb12 ]
  %v27 = call double @llvm.fabs.f64(double %arg3)
  %v28 = add nuw nsw i64 %p22, 4
  %v29 = icmp ne i64 %p22, %p7
  br i1 %v29, label %bb14, label %bb12
bb14:
  %p25 = phi i8 [ %arg4, %bb12 ]
  %p26 = phi half [ %v19, %bb12 ]
  br label %bb7
bb15:
  %p46 = phi <4 x i32> [ %p2, %bb3 ], [ %p2, %bb22 ], [ %p2, %bb17 ], [ %p2, %bb18 ]
  ret i32 0
bb16:
  %v47 = urem i8 %arg2, 0
  %v48 = uitofp i8 %v47 to float
  br label %bb19
bb17:
  br label %bb15
bb18:
  br label %bb15
bb19:
  br label %bb20
bb20:
  %p49 = phi i16 [ 1, %bb19 ], [ %v80, %bb25 ]
  %p50 = phi i1 [ %v42, %bb19 ], [ %v5, %bb25 ]
  %p51 = phi i8 [ %arg4, %bb19 ], [ %arg2, %bb25 ]
  %v56 = icmp ne i16 %p49, 100
  br i1 %v56, label %bb22, label %bb23
bb22:
  %p54 = phi i8 [ %p51, %bb20 ]
  %p55 = phi i64 [ %p0, %bb20 ]
  %v81 = add i8 %arg2, %arg2
  br label %bb15
bb23:
  %v57 = icmp ne ptr getelementptr inbounds ([64 x i32], ptr @g.i32, i64 0, i64 17), @g.f64
  br i1 %v57, label %bb24, label %bb25
bb24:
  switch i8 %v47, label %bb27 [
    i8 5, label %bb28
  ]
bb25:
  %p58 = phi i64 [ %p0, %bb23 ], [ %p0, %bb26 ]
  %p59 = phi half [ 2.500000e+00, %bb23 ], [ 0.000000e+00, %bb26 ]
  %v77 = add i8 %arg2, %arg2
  %v78 = add i8 %arg2, %arg2
  %v79 = add i8 %arg2, %arg2
  %v80 = add i16 %p49, 1
  br label %bb20, !llvm.loop !20
bb26:
  %p60 = phi i128 [ %p1, %bb31 ], [ %p1, %bb28 ]
  %p61 = phi double [ %arg3, %bb31 ], [ %arg3, %bb28 ]
  %v75 = add i8 %arg2, %arg2
  %v76 = add i8 %arg2, %arg2
  br label %bb25
bb27:
  %v62 = fcmp ule double %arg3, %arg3
  %v63 = select i1 %v62, i1 %v45, i1 %v5
  store half -1.000000e+00, ptr getelementptr inbounds ([64 x i32], ptr @g.i32, i64 0, i64 33), align 2
  %v64 = load volatile i128, ptr @g.i32, align 16
  %v65 = icmp sge i64 %p0, %p0
  br i1 %v65, label %bb29, label %bb30
bb28:
  %v74 = add i8 %arg2, %arg2
  br label %bb26
bb29:
  %v67 = urem i16 %p49, 127
  %v68 = fcmp ueq double %arg3, -0.000000e+00
  br i1 %v68, label %bb32, label %bb33
bb30:
  %v70 = sext i8 %arg2 to i64
  %v71 = getelementptr [64 x i32], ptr @g.i32, i64 0, i64 %v70
  store i32 0, ptr %v71, align 4
  %v72 = add i8 %arg2, %arg2
  %v73 = add i8 %arg2, %arg2
  br label %bb31
bb31:
  %p66 = phi <4 x i32> [ %p2, %bb33 ], [ %p2, %bb30 ]
  br label %bb26
bb32:
  %v69 = bitcast i32 2147483647 to float
  br label %bb33
bb33:
  br label %bb31
}

declare double @llvm.fabs.f64(double)
declare double @llvm.fma.f64(double, double, double)
declare i1 @more()
declare i64 @llvm.umax.i64(i64, i64)
declare void @llvm.assume(i1 noundef)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)
declare void @sink.f64(double)
declare { i64, i1 } @llvm.ssub.with.overflow.i64(i64, i64)

!0 = distinct !{!0, !1, !{!"llvm.loop.isvectorized", i32 0}}
!1 = !{!"llvm.loop.vectorize.width", i32 -2147483648}
!2 = distinct !{!2, !3, !4, !5}
!3 = !{!"llvm.loop.vectorize.width", i32 16}
!4 = !{!"llvm.loop.vectorize.widht", i32 4}
!5 = !{!"llvm.loop.unroll.count", i32 16}
!6 = distinct !{!6, !7, !8}
!7 = !{!"llvm.loop.vectorize.width", i32 1048576}
!8 = !{!"llvm.loop.vectorize.followup_epilogue", !{!"llvm.loop.fuzz.unknown"}}
!9 = distinct !{!9, !10, !{!"llvm.loop.peeled.count"}, !{!"llvm.loop.unroll.count", i32 8}, !{!"llvm.loop.unroll.count", i32 32}, !11}
!10 = !{!"llvm.loop.unroll.count", i64 8589934592}
!11 = !{!"llvm.loop.isvectorized", i32 1}
!12 = distinct !{!12, !13, !{!"llvm.loop.mustprogress"}, !14, !15, !16}
!13 = !{!"llvm.loop.licm_versioning.disable"}
!14 = !{!"llvm.loop.isvectorized", i32 1}
!15 = !{!"llvm.loop.disable_nonforced"}
!16 = !{!"llvm.loop.peeled.count", i32 -1}
!17 = distinct !{!17, !{!"llvm.loop.mustprogress"}, !{!"llvm.loop.fuzz.unknown"}, !18, !19, !{!"llvm.loop.peeled.count", i32 1000001}}
!18 = !{!"llvm.loop.unroll.count", i32 -1}
!19 = !{!"llvm.loop.disable_nonforced"}
!20 = distinct !{!20, !21, !{!"llvm.loop.unroll.count", i32 2147483647}}
!21 = !{!"llvm.loop.licm_versioning.disable"}
