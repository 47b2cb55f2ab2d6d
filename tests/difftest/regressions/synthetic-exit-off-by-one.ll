; difftest regression synthetic-exit-off-by-one: miscompile
; found by: LOOPWRIGHT_BIN=<broken wrapper> cargo xtask difftest --seed 5 --force random
; (program 7, clang-19 -O1), reduced by --reduce
; passes: default
; The bug was synthetic: LOOPWRIGHT_BIN was a wrapper that made the first
; counted loop's exit test use the old induction variable (an extra iteration),
; to exercise the harness, the reducer and this replay end to end.
; replay: loopwright on this file, opt-19 -passes=verify on the result, and
; lli-19 on both must agree (stdout and exit code).
source_filename = "prog.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@A2 = internal global [140 x i16] zeroinitializer, align 16
@A6 = internal global [1185 x i16] zeroinitializer, align 16
@.str.5 = private unnamed_addr constant [18 x i8] c"checksum %016llx\0A\00", align 1

; Function Attrs: nofree noinline norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable
define internal void @k0(ptr noalias nocapture noundef %p0, ptr nocapture noundef %p1, ptr nocapture noundef %p2, i32 noundef %n0, i32 noundef %n1) local_unnamed_addr #0 {
entry:
  %0 = zext i32 %n0 to i64
  br label %for.body156

for.body156:                                      ; preds = %for.body156, %entry
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next, %for.body156 ]
  %s1.4560 = phi double [ 0.000000e+00, %entry ], [ %3, %for.body156 ]
  %add160 = fadd double %s1.4560, 0.000000e+00
  %mul186 = mul nuw nsw i64 %indvars.iv, 33
  %1 = tail call double @llvm.fmuladd.f64(double 0.000000e+00, double 1.250000e-01, double %add160)
  %rem190 = and i64 %mul186, 127
  %arrayidx191 = getelementptr inbounds i16, ptr %p2, i64 %rem190
  %mul193 = fmul double %1, 1.562500e-02
  %conv194 = fptosi double %mul193 to i32
  %conv192.conv194 = tail call i32 @llvm.smax.i32(i32 0, i32 %conv194)
  %conv211 = trunc i32 %conv192.conv194 to i16
  store i16 %conv211, ptr %arrayidx191, align 2
  %2 = load i16, ptr %p1, align 2
  %conv229 = uitofp i16 %2 to double
  %3 = tail call double @llvm.fmuladd.f64(double %conv229, double 2.500000e-01, double 0.000000e+00)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %cmp153.not = icmp eq i64 %indvars.iv.next, %0
  br i1 %cmp153.not, label %while.end373, label %for.body156

while.end373:                                     ; preds = %for.body156
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #1

; Function Attrs: nofree nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr #2 {
entry:
  br label %for.body75

for.cond.cleanup74:                               ; preds = %for.body75
  tail call void @k0(ptr noundef nonnull getelementptr inbounds (i8, ptr @A6, i64 756), ptr noundef nonnull getelementptr inbounds (i8, ptr @A6, i64 1282), ptr noundef nonnull getelementptr inbounds (i8, ptr @A2, i64 10), i32 noundef 8, i32 noundef 3)
  %call100 = tail call fastcc i64 @state_hash()
  %call101 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.5, i64 noundef %call100)
  ret i32 0

for.body75:                                       ; preds = %for.body75, %entry
  %indvars.iv164 = phi i64 [ 0, %entry ], [ %indvars.iv.next165, %for.body75 ]
  %arrayidx80 = getelementptr inbounds [1185 x i16], ptr @A6, i64 0, i64 %indvars.iv164
  store i16 -3, ptr %arrayidx80, align 2
  %indvars.iv.next165 = add nuw nsw i64 %indvars.iv164, 1
  %exitcond167.not = icmp eq i64 %indvars.iv.next165, 1185
  br i1 %exitcond167.not, label %for.cond.cleanup74, label %for.body75
}

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #3

; Function Attrs: nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none) uwtable
define internal fastcc i64 @state_hash() unnamed_addr #4 {
entry:
  br label %for.body20

for.body20:                                       ; preds = %for.body20, %entry
  %indvars.iv133 = phi i64 [ %indvars.iv.next134, %for.body20 ], [ 0, %entry ]
  %h.2118 = phi i64 [ %mul25, %for.body20 ], [ 0, %entry ]
  %arrayidx22 = getelementptr inbounds [140 x i16], ptr @A2, i64 0, i64 %indvars.iv133
  %0 = load i16, ptr %arrayidx22, align 2
  %conv23 = sext i16 %0 to i64
  %xor24 = xor i64 %h.2118, %conv23
  %mul25 = mul i64 %xor24, 1099511628211
  %indvars.iv.next134 = add nuw nsw i64 %indvars.iv133, 1
  %exitcond136.not = icmp eq i64 %indvars.iv.next134, 140
  br i1 %exitcond136.not, label %for.body34, label %for.body20

for.body34:                                       ; preds = %for.body20
  %mul39 = mul i64 %mul25, 1099511628211
  %mul53 = mul i64 %mul39, 1099511628211
  %mul67 = mul i64 %mul53, 1099511628211
  %mul81 = mul i64 %mul67, 1099511628211
  %mul87 = mul i64 %mul81, 1099511628211
  %mul89 = mul i64 %mul87, 1099511628211
  ret i64 %mul89
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #1

attributes #0 = { nofree noinline norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
