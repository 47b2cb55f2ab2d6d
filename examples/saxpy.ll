; ModuleID = 'saxpy.pre.bc'
source_filename = "saxpy.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [10 x i8] c"dot = %g\0A\00", align 1, !dbg !0

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @saxpy(i32 noundef %0, float noundef %1, ptr noalias nocapture noundef readonly %2, ptr noalias nocapture noundef %3) local_unnamed_addr #0 !dbg !26 {
    #dbg_value(i32 %0, !35, !DIExpression(), !41)
    #dbg_value(float %1, !36, !DIExpression(), !41)
    #dbg_value(ptr %2, !37, !DIExpression(), !41)
    #dbg_value(ptr %3, !38, !DIExpression(), !41)
    #dbg_value(i32 0, !39, !DIExpression(), !42)
  %5 = icmp sgt i32 %0, 0, !dbg !43
  br i1 %5, label %.lr.ph.preheader, label %._crit_edge, !dbg !45

.lr.ph.preheader:                                 ; preds = %4
  %wide.trip.count = zext nneg i32 %0 to i64, !dbg !43
  br label %.lr.ph, !dbg !45

._crit_edge.loopexit:                             ; preds = %.lr.ph
  br label %._crit_edge, !dbg !46

._crit_edge:                                      ; preds = %._crit_edge.loopexit, %4
  ret void, !dbg !46

.lr.ph:                                           ; preds = %.lr.ph.preheader, %.lr.ph
  %indvars.iv = phi i64 [ 0, %.lr.ph.preheader ], [ %indvars.iv.next, %.lr.ph ]
    #dbg_value(i64 %indvars.iv, !39, !DIExpression(), !42)
  %6 = getelementptr inbounds float, ptr %2, i64 %indvars.iv, !dbg !47
  %7 = load float, ptr %6, align 4, !dbg !47, !tbaa !48
  %8 = getelementptr inbounds float, ptr %3, i64 %indvars.iv, !dbg !52
  %9 = load float, ptr %8, align 4, !dbg !52, !tbaa !48
  %10 = tail call float @llvm.fmuladd.f32(float %1, float %7, float %9), !dbg !53
  store float %10, ptr %8, align 4, !dbg !54, !tbaa !48
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1, !dbg !55
    #dbg_value(i64 %indvars.iv.next, !39, !DIExpression(), !42)
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count, !dbg !43
  br i1 %exitcond.not, label %._crit_edge.loopexit, label %.lr.ph, !dbg !45, !llvm.loop !56
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #1

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local float @dot(i32 noundef %0, ptr nocapture noundef readonly %1, ptr nocapture noundef readonly %2) local_unnamed_addr #2 !dbg !59 {
    #dbg_value(i32 %0, !63, !DIExpression(), !69)
    #dbg_value(ptr %1, !64, !DIExpression(), !69)
    #dbg_value(ptr %2, !65, !DIExpression(), !69)
    #dbg_value(float 0.000000e+00, !66, !DIExpression(), !69)
    #dbg_value(i32 0, !67, !DIExpression(), !70)
  %4 = icmp sgt i32 %0, 0, !dbg !71
  br i1 %4, label %.lr.ph.preheader, label %._crit_edge, !dbg !73

.lr.ph.preheader:                                 ; preds = %3
  %wide.trip.count = zext nneg i32 %0 to i64, !dbg !71
  br label %.lr.ph, !dbg !73

._crit_edge.loopexit:                             ; preds = %.lr.ph
  %.lcssa = phi float [ %9, %.lr.ph ], !dbg !74
  br label %._crit_edge, !dbg !75

._crit_edge:                                      ; preds = %._crit_edge.loopexit, %3
  %.08.lcssa = phi float [ 0.000000e+00, %3 ], [ %.lcssa, %._crit_edge.loopexit ], !dbg !69
  ret float %.08.lcssa, !dbg !75

.lr.ph:                                           ; preds = %.lr.ph.preheader, %.lr.ph
  %indvars.iv = phi i64 [ 0, %.lr.ph.preheader ], [ %indvars.iv.next, %.lr.ph ]
  %.089 = phi float [ 0.000000e+00, %.lr.ph.preheader ], [ %9, %.lr.ph ]
    #dbg_value(i64 %indvars.iv, !67, !DIExpression(), !70)
    #dbg_value(float %.089, !66, !DIExpression(), !69)
  %5 = getelementptr inbounds float, ptr %1, i64 %indvars.iv, !dbg !76
  %6 = load float, ptr %5, align 4, !dbg !76, !tbaa !48
  %7 = getelementptr inbounds float, ptr %2, i64 %indvars.iv, !dbg !77
  %8 = load float, ptr %7, align 4, !dbg !77, !tbaa !48
  %9 = tail call float @llvm.fmuladd.f32(float %6, float %8, float %.089), !dbg !74
    #dbg_value(float %9, !66, !DIExpression(), !69)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1, !dbg !78
    #dbg_value(i64 %indvars.iv.next, !67, !DIExpression(), !70)
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count, !dbg !71
  br i1 %exitcond.not, label %._crit_edge.loopexit, label %.lr.ph, !dbg !73, !llvm.loop !79
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gemv(i32 noundef %0, ptr noalias nocapture noundef readonly %1, ptr noalias nocapture noundef readonly %2, ptr noalias nocapture noundef writeonly %3) local_unnamed_addr #0 !dbg !81 {
    #dbg_value(i32 %0, !85, !DIExpression(), !96)
    #dbg_value(ptr %1, !86, !DIExpression(), !96)
    #dbg_value(ptr %2, !87, !DIExpression(), !96)
    #dbg_value(ptr %3, !88, !DIExpression(), !96)
    #dbg_value(i32 0, !89, !DIExpression(), !97)
  %5 = icmp sgt i32 %0, 0, !dbg !98
  br i1 %5, label %.preheader.lr.ph, label %._crit_edge21, !dbg !99

.preheader.lr.ph:                                 ; preds = %4
  %6 = zext nneg i32 %0 to i64
  br label %.preheader.us, !dbg !99

.preheader.us:                                    ; preds = %._crit_edge.us, %.preheader.lr.ph
  %indvars.iv23 = phi i64 [ %indvars.iv.next24, %._crit_edge.us ], [ 0, %.preheader.lr.ph ]
    #dbg_value(i64 %indvars.iv23, !89, !DIExpression(), !97)
    #dbg_value(i32 0, !94, !DIExpression(), !100)
    #dbg_value(float 0.000000e+00, !91, !DIExpression(), !101)
  %7 = mul nuw nsw i64 %indvars.iv23, %6
  %8 = getelementptr float, ptr %1, i64 %7
  br label %9, !dbg !102

9:                                                ; preds = %.preheader.us, %9
  %indvars.iv = phi i64 [ 0, %.preheader.us ], [ %indvars.iv.next, %9 ]
  %.01518.us = phi float [ 0.000000e+00, %.preheader.us ], [ %14, %9 ]
    #dbg_value(i64 %indvars.iv, !94, !DIExpression(), !100)
    #dbg_value(float %.01518.us, !91, !DIExpression(), !101)
  %10 = getelementptr float, ptr %8, i64 %indvars.iv, !dbg !103
  %11 = load float, ptr %10, align 4, !dbg !103, !tbaa !48
  %12 = getelementptr inbounds float, ptr %2, i64 %indvars.iv, !dbg !105
  %13 = load float, ptr %12, align 4, !dbg !105, !tbaa !48
  %14 = tail call float @llvm.fmuladd.f32(float %11, float %13, float %.01518.us), !dbg !106
    #dbg_value(float %14, !91, !DIExpression(), !101)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1, !dbg !107
    #dbg_value(i64 %indvars.iv.next, !94, !DIExpression(), !100)
  %exitcond.not = icmp eq i64 %indvars.iv.next, %6, !dbg !108
  br i1 %exitcond.not, label %._crit_edge.us, label %9, !dbg !102, !llvm.loop !109

._crit_edge.us:                                   ; preds = %9
  %.lcssa = phi float [ %14, %9 ], !dbg !106
  %15 = getelementptr inbounds float, ptr %3, i64 %indvars.iv23, !dbg !111
  store float %.lcssa, ptr %15, align 4, !dbg !112, !tbaa !48
  %indvars.iv.next24 = add nuw nsw i64 %indvars.iv23, 1, !dbg !113
    #dbg_value(i64 %indvars.iv.next24, !89, !DIExpression(), !97)
  %exitcond27.not = icmp eq i64 %indvars.iv.next24, %6, !dbg !98
  br i1 %exitcond27.not, label %._crit_edge21.loopexit, label %.preheader.us, !dbg !99, !llvm.loop !114

._crit_edge21.loopexit:                           ; preds = %._crit_edge.us
  br label %._crit_edge21, !dbg !117

._crit_edge21:                                    ; preds = %._crit_edge21.loopexit, %4
  ret void, !dbg !117
}

; Function Attrs: nounwind uwtable
define dso_local range(i32 0, 2) i32 @main(i32 noundef %0, ptr nocapture noundef readonly %1) local_unnamed_addr #3 !dbg !118 {
    #dbg_value(i32 %0, !122, !DIExpression(), !134)
    #dbg_value(ptr %1, !123, !DIExpression(), !134)
  %3 = icmp sgt i32 %0, 1, !dbg !135
  br i1 %3, label %4, label %9, !dbg !136

4:                                                ; preds = %2
  %5 = getelementptr inbounds i8, ptr %1, i64 8, !dbg !137
  %6 = load ptr, ptr %5, align 8, !dbg !137, !tbaa !138
    #dbg_value(ptr %6, !140, !DIExpression(), !148)
  %7 = tail call i64 @strtol(ptr nocapture noundef nonnull %6, ptr noundef null, i32 noundef 10) #8, !dbg !150
  %8 = trunc i64 %7 to i32, !dbg !151
  br label %9, !dbg !136

9:                                                ; preds = %2, %4
  %10 = phi i32 [ %8, %4 ], [ 100, %2 ], !dbg !136
    #dbg_value(i32 %10, !124, !DIExpression(), !134)
  %11 = sext i32 %10 to i64, !dbg !152
  %12 = shl nsw i64 %11, 2, !dbg !153
  %13 = tail call noalias ptr @malloc(i64 noundef %12) #9, !dbg !154
    #dbg_value(ptr %13, !125, !DIExpression(), !134)
  %14 = tail call noalias ptr @malloc(i64 noundef %12) #9, !dbg !155
    #dbg_value(ptr %14, !126, !DIExpression(), !134)
  %15 = mul i64 %12, %11, !dbg !156
  %16 = tail call noalias ptr @malloc(i64 noundef %15) #9, !dbg !157
    #dbg_value(ptr %16, !127, !DIExpression(), !134)
  %17 = icmp ne ptr %13, null, !dbg !158
  %18 = icmp ne ptr %14, null
  %or.cond = and i1 %17, %18, !dbg !160
  %19 = icmp ne ptr %16, null
  %or.cond3 = and i1 %or.cond, %19, !dbg !160
  br i1 %or.cond3, label %.preheader, label %34, !dbg !160

.preheader:                                       ; preds = %9
    #dbg_value(i32 0, !128, !DIExpression(), !161)
  %20 = icmp sgt i32 %10, 0, !dbg !162
  br i1 %20, label %.lr.ph.us.preheader, label %._crit_edge51, !dbg !163

.lr.ph.us.preheader:                              ; preds = %.preheader
  %wide.trip.count56 = zext nneg i32 %10 to i64, !dbg !162
  br label %.lr.ph.us, !dbg !163

.lr.ph.us:                                        ; preds = %.lr.ph.us.preheader, %._crit_edge.us
  %indvars.iv53 = phi i64 [ 0, %.lr.ph.us.preheader ], [ %indvars.iv.next54, %._crit_edge.us ]
    #dbg_value(i64 %indvars.iv53, !128, !DIExpression(), !161)
  %21 = trunc nuw nsw i64 %indvars.iv53 to i32, !dbg !164
  %22 = uitofp nneg i32 %21 to float, !dbg !164
  %23 = getelementptr inbounds float, ptr %13, i64 %indvars.iv53, !dbg !165
  store float %22, ptr %23, align 4, !dbg !166, !tbaa !48
  %24 = getelementptr inbounds float, ptr %14, i64 %indvars.iv53, !dbg !167
  store float 1.000000e+00, ptr %24, align 4, !dbg !168, !tbaa !48
    #dbg_value(i32 0, !130, !DIExpression(), !169)
  %25 = mul nuw nsw i64 %indvars.iv53, %11
  %26 = getelementptr float, ptr %16, i64 %25
  br label %27, !dbg !170

27:                                               ; preds = %.lr.ph.us, %27
  %indvars.iv = phi i64 [ 0, %.lr.ph.us ], [ %indvars.iv.next, %27 ]
    #dbg_value(i64 %indvars.iv, !130, !DIExpression(), !169)
  %28 = icmp eq i64 %indvars.iv53, %indvars.iv, !dbg !171
  %29 = uitofp i1 %28 to float, !dbg !173
  %30 = getelementptr float, ptr %26, i64 %indvars.iv, !dbg !174
  store float %29, ptr %30, align 4, !dbg !175, !tbaa !48
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1, !dbg !176
    #dbg_value(i64 %indvars.iv.next, !130, !DIExpression(), !169)
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count56, !dbg !177
  br i1 %exitcond.not, label %._crit_edge.us, label %27, !dbg !170, !llvm.loop !178

._crit_edge.us:                                   ; preds = %27
  %indvars.iv.next54 = add nuw nsw i64 %indvars.iv53, 1, !dbg !180
    #dbg_value(i64 %indvars.iv.next54, !128, !DIExpression(), !161)
  %exitcond57.not = icmp eq i64 %indvars.iv.next54, %wide.trip.count56, !dbg !162
  br i1 %exitcond57.not, label %._crit_edge51.loopexit, label %.lr.ph.us, !dbg !163, !llvm.loop !181

._crit_edge51.loopexit:                           ; preds = %._crit_edge.us
  br label %._crit_edge51, !dbg !183

._crit_edge51:                                    ; preds = %._crit_edge51.loopexit, %.preheader
  tail call void @saxpy(i32 noundef %10, float noundef 2.000000e+00, ptr noundef nonnull %13, ptr noundef nonnull %14), !dbg !183
  tail call void @gemv(i32 noundef %10, ptr noundef nonnull %16, ptr noundef nonnull %14, ptr noundef nonnull %13), !dbg !184
  %31 = tail call float @dot(i32 noundef %10, ptr noundef nonnull %13, ptr noundef nonnull %14), !dbg !185
  %32 = fpext float %31 to double, !dbg !185
  %33 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, double noundef %32), !dbg !186
  tail call void @free(ptr noundef nonnull %16) #8, !dbg !187
  tail call void @free(ptr noundef %13) #8, !dbg !188
  tail call void @free(ptr noundef %14) #8, !dbg !189
  br label %34, !dbg !190

34:                                               ; preds = %9, %._crit_edge51
  %.043 = phi i32 [ 0, %._crit_edge51 ], [ 1, %9 ], !dbg !134
  ret i32 %.043, !dbg !191
}

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare !dbg !192 noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #4

; Function Attrs: nofree nounwind
declare !dbg !195 noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #5

; Function Attrs: mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite)
declare !dbg !200 void @free(ptr allocptr nocapture noundef) local_unnamed_addr #6

; Function Attrs: mustprogress nofree nounwind willreturn
declare !dbg !203 i64 @strtol(ptr noundef readonly, ptr nocapture noundef, i32 noundef) local_unnamed_addr #7

attributes #0 = { nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nofree noinline norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree nounwind willreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nounwind }
attributes #9 = { nounwind allocsize(0) }

!llvm.dbg.cu = !{!7}
!llvm.module.flags = !{!18, !19, !20, !21, !22, !23, !24}
!llvm.ident = !{!25}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(scope: null, file: !2, line: 57, type: !3, isLocal: true, isDefinition: true)
!2 = !DIFile(filename: "saxpy.c", directory: ".", checksumkind: CSK_MD5, checksum: "f105a18823ea5bb7463d22fb450196c1")
!3 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 80, elements: !5)
!4 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!5 = !{!6}
!6 = !DISubrange(count: 10)
!7 = distinct !DICompileUnit(language: DW_LANG_C11, file: !2, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !8, globals: !17, splitDebugInlining: false, nameTableKind: None)
!8 = !{!9, !12, !13, !14, !16}
!9 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !10, line: 18, baseType: !11)
!10 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/__stddef_size_t.h", directory: "", checksumkind: CSK_MD5, checksum: "2c44e821a2b1951cde2eb0fb2e656867")
!11 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!12 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, size: 64)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!17 = !{!0}
!18 = !{i32 7, !"Dwarf Version", i32 5}
!19 = !{i32 2, !"Debug Info Version", i32 3}
!20 = !{i32 1, !"wchar_size", i32 4}
!21 = !{i32 8, !"PIC Level", i32 2}
!22 = !{i32 7, !"PIE Level", i32 2}
!23 = !{i32 7, !"uwtable", i32 2}
!24 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!25 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!26 = distinct !DISubprogram(name: "saxpy", scope: !2, file: !2, line: 18, type: !27, scopeLine: 18, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !34)
!27 = !DISubroutineType(types: !28)
!28 = !{null, !13, !12, !29, !32}
!29 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !30)
!30 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !31, size: 64)
!31 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !12)
!32 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !33)
!33 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64)
!34 = !{!35, !36, !37, !38, !39}
!35 = !DILocalVariable(name: "n", arg: 1, scope: !26, file: !2, line: 18, type: !13)
!36 = !DILocalVariable(name: "a", arg: 2, scope: !26, file: !2, line: 18, type: !12)
!37 = !DILocalVariable(name: "x", arg: 3, scope: !26, file: !2, line: 18, type: !29)
!38 = !DILocalVariable(name: "y", arg: 4, scope: !26, file: !2, line: 18, type: !32)
!39 = !DILocalVariable(name: "i", scope: !40, file: !2, line: 19, type: !13)
!40 = distinct !DILexicalBlock(scope: !26, file: !2, line: 19, column: 3)
!41 = !DILocation(line: 0, scope: !26)
!42 = !DILocation(line: 0, scope: !40)
!43 = !DILocation(line: 19, column: 21, scope: !44)
!44 = distinct !DILexicalBlock(scope: !40, file: !2, line: 19, column: 3)
!45 = !DILocation(line: 19, column: 3, scope: !40)
!46 = !DILocation(line: 21, column: 1, scope: !26)
!47 = !DILocation(line: 20, column: 16, scope: !44)
!48 = !{!49, !49, i64 0}
!49 = !{!"float", !50, i64 0}
!50 = !{!"omnipotent char", !51, i64 0}
!51 = !{!"Simple C/C++ TBAA"}
!52 = !DILocation(line: 20, column: 23, scope: !44)
!53 = !DILocation(line: 20, column: 21, scope: !44)
!54 = !DILocation(line: 20, column: 10, scope: !44)
!55 = !DILocation(line: 19, column: 27, scope: !44)
!56 = distinct !{!56, !45, !57, !58}
!57 = !DILocation(line: 20, column: 26, scope: !40)
!58 = !{!"llvm.loop.mustprogress"}
!59 = distinct !DISubprogram(name: "dot", scope: !2, file: !2, line: 23, type: !60, scopeLine: 23, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !62)
!60 = !DISubroutineType(types: !61)
!61 = !{!12, !13, !30, !30}
!62 = !{!63, !64, !65, !66, !67}
!63 = !DILocalVariable(name: "n", arg: 1, scope: !59, file: !2, line: 23, type: !13)
!64 = !DILocalVariable(name: "x", arg: 2, scope: !59, file: !2, line: 23, type: !30)
!65 = !DILocalVariable(name: "y", arg: 3, scope: !59, file: !2, line: 23, type: !30)
!66 = !DILocalVariable(name: "s", scope: !59, file: !2, line: 24, type: !12)
!67 = !DILocalVariable(name: "i", scope: !68, file: !2, line: 25, type: !13)
!68 = distinct !DILexicalBlock(scope: !59, file: !2, line: 25, column: 3)
!69 = !DILocation(line: 0, scope: !59)
!70 = !DILocation(line: 0, scope: !68)
!71 = !DILocation(line: 25, column: 21, scope: !72)
!72 = distinct !DILexicalBlock(scope: !68, file: !2, line: 25, column: 3)
!73 = !DILocation(line: 25, column: 3, scope: !68)
!74 = !DILocation(line: 26, column: 7, scope: !72)
!75 = !DILocation(line: 27, column: 3, scope: !59)
!76 = !DILocation(line: 26, column: 10, scope: !72)
!77 = !DILocation(line: 26, column: 17, scope: !72)
!78 = !DILocation(line: 25, column: 27, scope: !72)
!79 = distinct !{!79, !73, !80, !58}
!80 = !DILocation(line: 26, column: 20, scope: !68)
!81 = distinct !DISubprogram(name: "gemv", scope: !2, file: !2, line: 31, type: !82, scopeLine: 32, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !84)
!82 = !DISubroutineType(types: !83)
!83 = !{null, !13, !29, !29, !32}
!84 = !{!85, !86, !87, !88, !89, !91, !94}
!85 = !DILocalVariable(name: "n", arg: 1, scope: !81, file: !2, line: 31, type: !13)
!86 = !DILocalVariable(name: "A", arg: 2, scope: !81, file: !2, line: 31, type: !29)
!87 = !DILocalVariable(name: "x", arg: 3, scope: !81, file: !2, line: 31, type: !29)
!88 = !DILocalVariable(name: "y", arg: 4, scope: !81, file: !2, line: 32, type: !32)
!89 = !DILocalVariable(name: "i", scope: !90, file: !2, line: 34, type: !13)
!90 = distinct !DILexicalBlock(scope: !81, file: !2, line: 34, column: 3)
!91 = !DILocalVariable(name: "s", scope: !92, file: !2, line: 35, type: !12)
!92 = distinct !DILexicalBlock(scope: !93, file: !2, line: 34, column: 31)
!93 = distinct !DILexicalBlock(scope: !90, file: !2, line: 34, column: 3)
!94 = !DILocalVariable(name: "j", scope: !95, file: !2, line: 36, type: !13)
!95 = distinct !DILexicalBlock(scope: !92, file: !2, line: 36, column: 5)
!96 = !DILocation(line: 0, scope: !81)
!97 = !DILocation(line: 0, scope: !90)
!98 = !DILocation(line: 34, column: 21, scope: !93)
!99 = !DILocation(line: 34, column: 3, scope: !90)
!100 = !DILocation(line: 0, scope: !95)
!101 = !DILocation(line: 0, scope: !92)
!102 = !DILocation(line: 36, column: 5, scope: !95)
!103 = !DILocation(line: 37, column: 12, scope: !104)
!104 = distinct !DILexicalBlock(scope: !95, file: !2, line: 36, column: 5)
!105 = !DILocation(line: 37, column: 51, scope: !104)
!106 = !DILocation(line: 37, column: 9, scope: !104)
!107 = !DILocation(line: 36, column: 29, scope: !104)
!108 = !DILocation(line: 36, column: 23, scope: !104)
!109 = distinct !{!109, !102, !110}
!110 = !DILocation(line: 37, column: 54, scope: !95)
!111 = !DILocation(line: 38, column: 5, scope: !92)
!112 = !DILocation(line: 38, column: 10, scope: !92)
!113 = !DILocation(line: 34, column: 27, scope: !93)
!114 = distinct !{!114, !99, !115, !58, !116}
!115 = !DILocation(line: 39, column: 3, scope: !90)
!116 = !{!"llvm.loop.unroll_and_jam.count", i32 2}
!117 = !DILocation(line: 40, column: 1, scope: !81)
!118 = distinct !DISubprogram(name: "main", scope: !2, file: !2, line: 42, type: !119, scopeLine: 42, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !121)
!119 = !DISubroutineType(types: !120)
!120 = !{!13, !13, !14}
!121 = !{!122, !123, !124, !125, !126, !127, !128, !130}
!122 = !DILocalVariable(name: "argc", arg: 1, scope: !118, file: !2, line: 42, type: !13)
!123 = !DILocalVariable(name: "argv", arg: 2, scope: !118, file: !2, line: 42, type: !14)
!124 = !DILocalVariable(name: "n", scope: !118, file: !2, line: 43, type: !13)
!125 = !DILocalVariable(name: "x", scope: !118, file: !2, line: 44, type: !33)
!126 = !DILocalVariable(name: "y", scope: !118, file: !2, line: 45, type: !33)
!127 = !DILocalVariable(name: "A", scope: !118, file: !2, line: 46, type: !33)
!128 = !DILocalVariable(name: "i", scope: !129, file: !2, line: 49, type: !13)
!129 = distinct !DILexicalBlock(scope: !118, file: !2, line: 49, column: 3)
!130 = !DILocalVariable(name: "j", scope: !131, file: !2, line: 52, type: !13)
!131 = distinct !DILexicalBlock(scope: !132, file: !2, line: 52, column: 5)
!132 = distinct !DILexicalBlock(scope: !133, file: !2, line: 49, column: 31)
!133 = distinct !DILexicalBlock(scope: !129, file: !2, line: 49, column: 3)
!134 = !DILocation(line: 0, scope: !118)
!135 = !DILocation(line: 43, column: 16, scope: !118)
!136 = !DILocation(line: 43, column: 11, scope: !118)
!137 = !DILocation(line: 43, column: 27, scope: !118)
!138 = !{!139, !139, i64 0}
!139 = !{!"any pointer", !50, i64 0}
!140 = !DILocalVariable(name: "__nptr", arg: 1, scope: !141, file: !142, line: 362, type: !145)
!141 = distinct !DISubprogram(name: "atoi", scope: !142, file: !142, line: 362, type: !143, scopeLine: 363, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !147)
!142 = !DIFile(filename: "/usr/include/stdlib.h", directory: "", checksumkind: CSK_MD5, checksum: "4b47dc81a92f1fe77a152c0aac236718")
!143 = !DISubroutineType(types: !144)
!144 = !{!13, !145}
!145 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !146, size: 64)
!146 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !4)
!147 = !{!140}
!148 = !DILocation(line: 0, scope: !141, inlinedAt: !149)
!149 = distinct !DILocation(line: 43, column: 22, scope: !118)
!150 = !DILocation(line: 364, column: 16, scope: !141, inlinedAt: !149)
!151 = !DILocation(line: 364, column: 10, scope: !141, inlinedAt: !149)
!152 = !DILocation(line: 44, column: 37, scope: !118)
!153 = !DILocation(line: 44, column: 35, scope: !118)
!154 = !DILocation(line: 44, column: 14, scope: !118)
!155 = !DILocation(line: 45, column: 14, scope: !118)
!156 = !DILocation(line: 46, column: 47, scope: !118)
!157 = !DILocation(line: 46, column: 14, scope: !118)
!158 = !DILocation(line: 47, column: 8, scope: !159)
!159 = distinct !DILexicalBlock(scope: !118, file: !2, line: 47, column: 7)
!160 = !DILocation(line: 47, column: 10, scope: !159)
!161 = !DILocation(line: 0, scope: !129)
!162 = !DILocation(line: 49, column: 21, scope: !133)
!163 = !DILocation(line: 49, column: 3, scope: !129)
!164 = !DILocation(line: 50, column: 12, scope: !132)
!165 = !DILocation(line: 50, column: 5, scope: !132)
!166 = !DILocation(line: 50, column: 10, scope: !132)
!167 = !DILocation(line: 51, column: 5, scope: !132)
!168 = !DILocation(line: 51, column: 10, scope: !132)
!169 = !DILocation(line: 0, scope: !131)
!170 = !DILocation(line: 52, column: 5, scope: !131)
!171 = !DILocation(line: 53, column: 56, scope: !172)
!172 = distinct !DILexicalBlock(scope: !131, file: !2, line: 52, column: 5)
!173 = !DILocation(line: 53, column: 46, scope: !172)
!174 = !DILocation(line: 53, column: 7, scope: !172)
!175 = !DILocation(line: 53, column: 44, scope: !172)
!176 = !DILocation(line: 52, column: 29, scope: !172)
!177 = !DILocation(line: 52, column: 23, scope: !172)
!178 = distinct !{!178, !170, !179, !58}
!179 = !DILocation(line: 53, column: 60, scope: !131)
!180 = !DILocation(line: 49, column: 27, scope: !133)
!181 = distinct !{!181, !163, !182, !58}
!182 = !DILocation(line: 54, column: 3, scope: !129)
!183 = !DILocation(line: 55, column: 3, scope: !118)
!184 = !DILocation(line: 56, column: 3, scope: !118)
!185 = !DILocation(line: 57, column: 24, scope: !118)
!186 = !DILocation(line: 57, column: 3, scope: !118)
!187 = !DILocation(line: 58, column: 3, scope: !118)
!188 = !DILocation(line: 59, column: 3, scope: !118)
!189 = !DILocation(line: 60, column: 3, scope: !118)
!190 = !DILocation(line: 61, column: 3, scope: !118)
!191 = !DILocation(line: 62, column: 1, scope: !118)
!192 = !DISubprogram(name: "malloc", scope: !142, file: !142, line: 553, type: !193, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!193 = !DISubroutineType(types: !194)
!194 = !{!16, !9}
!195 = !DISubprogram(name: "printf", scope: !196, file: !196, line: 356, type: !197, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!196 = !DIFile(filename: "/usr/include/stdio.h", directory: "", checksumkind: CSK_MD5, checksum: "b5a90985555f47bfb88eff5a8f0f5b72")
!197 = !DISubroutineType(types: !198)
!198 = !{!13, !199, null}
!199 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !145)
!200 = !DISubprogram(name: "free", scope: !142, file: !142, line: 568, type: !201, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!201 = !DISubroutineType(types: !202)
!202 = !{null, !16}
!203 = !DISubprogram(name: "strtol", scope: !142, file: !142, line: 177, type: !204, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!204 = !DISubroutineType(types: !205)
!205 = !{!206, !199, !207, !13}
!206 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!207 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !14)
