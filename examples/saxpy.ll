; ModuleID = '<stdin>'
source_filename = "saxpy.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [10 x i8] c"dot = %g\0A\00", align 1, !dbg !0

; Function Attrs: noinline nounwind uwtable
define dso_local void @saxpy(i32 noundef %0, float noundef %1, ptr noalias noundef %2, ptr noalias noundef %3) #0 !dbg !25 {
    #dbg_value(i32 %0, !34, !DIExpression(), !40)
    #dbg_value(float %1, !35, !DIExpression(), !40)
    #dbg_value(ptr %2, !36, !DIExpression(), !40)
    #dbg_value(ptr %3, !37, !DIExpression(), !40)
    #dbg_value(i32 0, !38, !DIExpression(), !41)
  %5 = icmp sgt i32 %0, 0, !dbg !42
  br i1 %5, label %.lr.ph.preheader, label %._crit_edge, !dbg !44

.lr.ph.preheader:                                 ; preds = %4
  %wide.trip.count = zext nneg i32 %0 to i64, !dbg !42
  br label %.lr.ph, !dbg !44

.lr.ph:                                           ; preds = %.lr.ph.preheader, %.lr.ph
  %indvars.iv = phi i64 [ 0, %.lr.ph.preheader ], [ %indvars.iv.next, %.lr.ph ]
    #dbg_value(i64 %indvars.iv, !38, !DIExpression(), !41)
  %6 = getelementptr inbounds float, ptr %2, i64 %indvars.iv, !dbg !45
  %7 = load float, ptr %6, align 4, !dbg !45, !tbaa !46
  %8 = getelementptr inbounds float, ptr %3, i64 %indvars.iv, !dbg !50
  %9 = load float, ptr %8, align 4, !dbg !50, !tbaa !46
  %10 = call float @llvm.fmuladd.f32(float %1, float %7, float %9), !dbg !51
  store float %10, ptr %8, align 4, !dbg !52, !tbaa !46
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1, !dbg !53
    #dbg_value(i64 %indvars.iv.next, !38, !DIExpression(), !41)
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count, !dbg !42
  br i1 %exitcond.not, label %._crit_edge.loopexit, label %.lr.ph, !dbg !44, !llvm.loop !54

._crit_edge.loopexit:                             ; preds = %.lr.ph
  br label %._crit_edge, !dbg !57

._crit_edge:                                      ; preds = %._crit_edge.loopexit, %4
  ret void, !dbg !57
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: noinline nounwind uwtable
define dso_local float @dot(i32 noundef %0, ptr noundef %1, ptr noundef %2) #0 !dbg !58 {
    #dbg_value(i32 %0, !62, !DIExpression(), !68)
    #dbg_value(ptr %1, !63, !DIExpression(), !68)
    #dbg_value(ptr %2, !64, !DIExpression(), !68)
    #dbg_value(float 0.000000e+00, !65, !DIExpression(), !68)
    #dbg_value(i32 0, !66, !DIExpression(), !69)
  %4 = icmp sgt i32 %0, 0, !dbg !70
  br i1 %4, label %.lr.ph.preheader, label %._crit_edge, !dbg !72

.lr.ph.preheader:                                 ; preds = %3
  %wide.trip.count = zext nneg i32 %0 to i64, !dbg !70
  br label %.lr.ph, !dbg !72

.lr.ph:                                           ; preds = %.lr.ph.preheader, %.lr.ph
  %indvars.iv = phi i64 [ 0, %.lr.ph.preheader ], [ %indvars.iv.next, %.lr.ph ]
  %.089 = phi float [ 0.000000e+00, %.lr.ph.preheader ], [ %9, %.lr.ph ]
    #dbg_value(i64 %indvars.iv, !66, !DIExpression(), !69)
    #dbg_value(float %.089, !65, !DIExpression(), !68)
  %5 = getelementptr inbounds float, ptr %1, i64 %indvars.iv, !dbg !73
  %6 = load float, ptr %5, align 4, !dbg !73, !tbaa !46
  %7 = getelementptr inbounds float, ptr %2, i64 %indvars.iv, !dbg !74
  %8 = load float, ptr %7, align 4, !dbg !74, !tbaa !46
  %9 = call float @llvm.fmuladd.f32(float %6, float %8, float %.089), !dbg !75
    #dbg_value(float %9, !65, !DIExpression(), !68)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1, !dbg !76
    #dbg_value(i64 %indvars.iv.next, !66, !DIExpression(), !69)
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count, !dbg !70
  br i1 %exitcond.not, label %._crit_edge.loopexit, label %.lr.ph, !dbg !72, !llvm.loop !77

._crit_edge.loopexit:                             ; preds = %.lr.ph
  br label %._crit_edge, !dbg !79

._crit_edge:                                      ; preds = %._crit_edge.loopexit, %3
  %.08.lcssa = phi float [ 0.000000e+00, %3 ], [ %9, %._crit_edge.loopexit ], !dbg !68
  ret float %.08.lcssa, !dbg !79
}

; Function Attrs: noinline nounwind uwtable
define dso_local void @gemv(i32 noundef %0, ptr noalias noundef %1, ptr noalias noundef %2, ptr noalias noundef %3) #0 !dbg !80 {
    #dbg_value(i32 %0, !84, !DIExpression(), !95)
    #dbg_value(ptr %1, !85, !DIExpression(), !95)
    #dbg_value(ptr %2, !86, !DIExpression(), !95)
    #dbg_value(ptr %3, !87, !DIExpression(), !95)
    #dbg_value(i32 0, !88, !DIExpression(), !96)
  %5 = sext i32 %0 to i64
  %6 = icmp sgt i32 %0, 0
    #dbg_value(i32 0, !88, !DIExpression(), !96)
  br i1 %6, label %.preheader.preheader, label %._crit_edge20, !dbg !97

.preheader.preheader:                             ; preds = %4
  %wide.trip.count25 = zext nneg i32 %0 to i64, !dbg !98
  br label %.preheader, !dbg !97

.preheader:                                       ; preds = %.preheader.preheader, %._crit_edge
  %indvars.iv22 = phi i64 [ 0, %.preheader.preheader ], [ %indvars.iv.next23, %._crit_edge ]
    #dbg_value(i64 %indvars.iv22, !88, !DIExpression(), !96)
  %7 = mul nuw nsw i64 %indvars.iv22, %5
  %8 = getelementptr float, ptr %1, i64 %7
    #dbg_value(i32 0, !93, !DIExpression(), !99)
    #dbg_value(float 0.000000e+00, !90, !DIExpression(), !100)
  br i1 true, label %.lr.ph.preheader, label %.preheader.._crit_edge_crit_edge, !dbg !101

.preheader.._crit_edge_crit_edge:                 ; preds = %.preheader
  br label %._crit_edge, !dbg !101

.lr.ph.preheader:                                 ; preds = %.preheader
  br label %.lr.ph, !dbg !101

.lr.ph:                                           ; preds = %.lr.ph.preheader, %.lr.ph
  %indvars.iv = phi i64 [ 0, %.lr.ph.preheader ], [ %indvars.iv.next, %.lr.ph ]
  %.01517 = phi float [ 0.000000e+00, %.lr.ph.preheader ], [ %13, %.lr.ph ]
    #dbg_value(i64 %indvars.iv, !93, !DIExpression(), !99)
    #dbg_value(float %.01517, !90, !DIExpression(), !100)
  %9 = getelementptr float, ptr %8, i64 %indvars.iv, !dbg !102
  %10 = load float, ptr %9, align 4, !dbg !102, !tbaa !46
  %11 = getelementptr inbounds float, ptr %2, i64 %indvars.iv, !dbg !104
  %12 = load float, ptr %11, align 4, !dbg !104, !tbaa !46
  %13 = call float @llvm.fmuladd.f32(float %10, float %12, float %.01517), !dbg !105
    #dbg_value(float %13, !90, !DIExpression(), !100)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1, !dbg !106
    #dbg_value(i64 %indvars.iv.next, !93, !DIExpression(), !99)
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count25, !dbg !107
  br i1 %exitcond.not, label %._crit_edge.loopexit, label %.lr.ph, !dbg !101, !llvm.loop !108

._crit_edge.loopexit:                             ; preds = %.lr.ph
  br label %._crit_edge, !dbg !110

._crit_edge:                                      ; preds = %.preheader.._crit_edge_crit_edge, %._crit_edge.loopexit
  %.015.lcssa = phi float [ poison, %.preheader.._crit_edge_crit_edge ], [ %13, %._crit_edge.loopexit ], !dbg !100
  %14 = getelementptr inbounds float, ptr %3, i64 %indvars.iv22, !dbg !110
  store float %.015.lcssa, ptr %14, align 4, !dbg !111, !tbaa !46
  %indvars.iv.next23 = add nuw nsw i64 %indvars.iv22, 1, !dbg !112
    #dbg_value(i64 %indvars.iv.next23, !88, !DIExpression(), !96)
  %exitcond26.not = icmp eq i64 %indvars.iv.next23, %wide.trip.count25, !dbg !98
  br i1 %exitcond26.not, label %._crit_edge20.loopexit, label %.preheader, !dbg !97, !llvm.loop !113

._crit_edge20.loopexit:                           ; preds = %._crit_edge
  br label %._crit_edge20, !dbg !116

._crit_edge20:                                    ; preds = %._crit_edge20.loopexit, %4
  ret void, !dbg !116
}

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr noundef %1) #3 !dbg !117 {
    #dbg_value(i32 %0, !121, !DIExpression(), !133)
    #dbg_value(ptr %1, !122, !DIExpression(), !133)
  %3 = icmp sgt i32 %0, 1, !dbg !134
  br i1 %3, label %4, label %8, !dbg !135

4:                                                ; preds = %2
  %5 = getelementptr inbounds i8, ptr %1, i64 8, !dbg !136
  %6 = load ptr, ptr %5, align 8, !dbg !136, !tbaa !137
  %7 = call i32 @atoi(ptr nocapture noundef %6) #8, !dbg !139
  br label %8, !dbg !135

8:                                                ; preds = %2, %4
  %9 = phi i32 [ %7, %4 ], [ 100, %2 ], !dbg !135
    #dbg_value(i32 %9, !123, !DIExpression(), !133)
  %10 = sext i32 %9 to i64, !dbg !140
  %11 = shl nsw i64 %10, 2, !dbg !141
  %12 = call noalias ptr @malloc(i64 noundef %11) #9, !dbg !142
    #dbg_value(ptr %12, !124, !DIExpression(), !133)
  %13 = call noalias ptr @malloc(i64 noundef %11) #9, !dbg !143
    #dbg_value(ptr %13, !125, !DIExpression(), !133)
  %14 = mul i64 %11, %10, !dbg !144
  %15 = call noalias ptr @malloc(i64 noundef %14) #9, !dbg !145
    #dbg_value(ptr %15, !126, !DIExpression(), !133)
  %16 = icmp ne ptr %12, null, !dbg !146
  %17 = icmp ne ptr %13, null
  %or.cond = select i1 %16, i1 %17, i1 false, !dbg !148
  %18 = icmp ne ptr %15, null
  %or.cond41 = select i1 %or.cond, i1 %18, i1 false, !dbg !148
  br i1 %or.cond41, label %.preheader, label %32, !dbg !148

.preheader:                                       ; preds = %8
  %19 = icmp sgt i32 %9, 0
    #dbg_value(i32 0, !127, !DIExpression(), !149)
  br i1 %19, label %.lr.ph44.preheader, label %._crit_edge45, !dbg !150

.lr.ph44.preheader:                               ; preds = %.preheader
  %wide.trip.count50 = zext nneg i32 %9 to i64, !dbg !151
  br label %.lr.ph44, !dbg !150

.lr.ph44:                                         ; preds = %.lr.ph44.preheader, %._crit_edge
  %indvars.iv47 = phi i64 [ 0, %.lr.ph44.preheader ], [ %indvars.iv.next48, %._crit_edge ]
    #dbg_value(i64 %indvars.iv47, !127, !DIExpression(), !149)
  %20 = trunc nuw nsw i64 %indvars.iv47 to i32, !dbg !152
  %21 = uitofp nneg i32 %20 to float, !dbg !152
  %22 = getelementptr inbounds float, ptr %12, i64 %indvars.iv47, !dbg !153
  store float %21, ptr %22, align 4, !dbg !154, !tbaa !46
  %23 = getelementptr inbounds float, ptr %13, i64 %indvars.iv47, !dbg !155
  store float 1.000000e+00, ptr %23, align 4, !dbg !156, !tbaa !46
    #dbg_value(i32 0, !129, !DIExpression(), !157)
  %24 = mul nuw nsw i64 %indvars.iv47, %10
  %25 = getelementptr float, ptr %15, i64 %24
    #dbg_value(i32 0, !129, !DIExpression(), !157)
  br i1 true, label %.lr.ph.preheader, label %.lr.ph44.._crit_edge_crit_edge, !dbg !158

.lr.ph44.._crit_edge_crit_edge:                   ; preds = %.lr.ph44
  br label %._crit_edge, !dbg !158

.lr.ph.preheader:                                 ; preds = %.lr.ph44
  br label %.lr.ph, !dbg !158

.lr.ph:                                           ; preds = %.lr.ph.preheader, %.lr.ph
  %indvars.iv = phi i64 [ 0, %.lr.ph.preheader ], [ %indvars.iv.next, %.lr.ph ]
    #dbg_value(i64 %indvars.iv, !129, !DIExpression(), !157)
  %26 = icmp eq i64 %indvars.iv47, %indvars.iv, !dbg !159
  %27 = uitofp i1 %26 to float, !dbg !161
  %28 = getelementptr float, ptr %25, i64 %indvars.iv, !dbg !162
  store float %27, ptr %28, align 4, !dbg !163, !tbaa !46
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1, !dbg !164
    #dbg_value(i64 %indvars.iv.next, !129, !DIExpression(), !157)
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count50, !dbg !165
  br i1 %exitcond.not, label %._crit_edge.loopexit, label %.lr.ph, !dbg !158, !llvm.loop !166

._crit_edge.loopexit:                             ; preds = %.lr.ph
  br label %._crit_edge, !dbg !168

._crit_edge:                                      ; preds = %.lr.ph44.._crit_edge_crit_edge, %._crit_edge.loopexit
  %indvars.iv.next48 = add nuw nsw i64 %indvars.iv47, 1, !dbg !168
    #dbg_value(i64 %indvars.iv.next48, !127, !DIExpression(), !149)
  %exitcond51.not = icmp eq i64 %indvars.iv.next48, %wide.trip.count50, !dbg !151
  br i1 %exitcond51.not, label %._crit_edge45.loopexit, label %.lr.ph44, !dbg !150, !llvm.loop !169

._crit_edge45.loopexit:                           ; preds = %._crit_edge
  br label %._crit_edge45, !dbg !171

._crit_edge45:                                    ; preds = %._crit_edge45.loopexit, %.preheader
  call void @saxpy(i32 noundef %9, float noundef 2.000000e+00, ptr noundef nonnull %12, ptr noundef nonnull %13), !dbg !171
  call void @gemv(i32 noundef %9, ptr noundef nonnull %15, ptr noundef nonnull %13, ptr noundef nonnull %12), !dbg !172
  %29 = call float @dot(i32 noundef %9, ptr noundef nonnull %12, ptr noundef nonnull %13), !dbg !173
  %30 = fpext float %29 to double, !dbg !173
  %31 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, double noundef %30) #10, !dbg !174
  call void @free(ptr noundef nonnull %15) #10, !dbg !175
  call void @free(ptr noundef nonnull %12) #10, !dbg !176
  call void @free(ptr noundef nonnull %13) #10, !dbg !177
  br label %32, !dbg !178

32:                                               ; preds = %8, %._crit_edge45
  %.040 = phi i32 [ 0, %._crit_edge45 ], [ 1, %8 ], !dbg !133
  ret i32 %.040, !dbg !179
}

; Function Attrs: inlinehint nounwind willreturn memory(read) uwtable
define available_externally i32 @atoi(ptr noundef nonnull %0) #4 !dbg !180 {
    #dbg_value(ptr %0, !187, !DIExpression(), !188)
  %2 = call i64 @strtol(ptr nocapture noundef nonnull %0, ptr noundef null, i32 noundef 10) #10, !dbg !189
  %3 = trunc i64 %2 to i32, !dbg !190
  ret i32 %3, !dbg !191
}

; Function Attrs: nounwind allocsize(0)
declare !dbg !192 noalias ptr @malloc(i64 noundef) #5

declare !dbg !195 i32 @printf(ptr noundef, ...) #6

; Function Attrs: nounwind
declare !dbg !200 void @free(ptr noundef) #7

; Function Attrs: nounwind
declare !dbg !203 i64 @strtol(ptr noundef, ptr noundef, i32 noundef) #7

attributes #0 = { noinline nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { inlinehint nounwind willreturn memory(read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind allocsize(0) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nounwind willreturn memory(read) }
attributes #9 = { nounwind allocsize(0) }
attributes #10 = { nounwind }

!llvm.dbg.cu = !{!7}
!llvm.module.flags = !{!18, !19, !20, !21, !22, !23}
!llvm.ident = !{!24}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(scope: null, file: !2, line: 52, type: !3, isLocal: true, isDefinition: true)
!2 = !DIFile(filename: "saxpy.c", directory: ".", checksumkind: CSK_MD5, checksum: "d36fda810cd269b168607b6df26d22bb")
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
!24 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!25 = distinct !DISubprogram(name: "saxpy", scope: !2, file: !2, line: 13, type: !26, scopeLine: 13, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !33)
!26 = !DISubroutineType(types: !27)
!27 = !{null, !13, !12, !28, !31}
!28 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !29)
!29 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !30, size: 64)
!30 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !12)
!31 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !32)
!32 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64)
!33 = !{!34, !35, !36, !37, !38}
!34 = !DILocalVariable(name: "n", arg: 1, scope: !25, file: !2, line: 13, type: !13)
!35 = !DILocalVariable(name: "a", arg: 2, scope: !25, file: !2, line: 13, type: !12)
!36 = !DILocalVariable(name: "x", arg: 3, scope: !25, file: !2, line: 13, type: !28)
!37 = !DILocalVariable(name: "y", arg: 4, scope: !25, file: !2, line: 13, type: !31)
!38 = !DILocalVariable(name: "i", scope: !39, file: !2, line: 14, type: !13)
!39 = distinct !DILexicalBlock(scope: !25, file: !2, line: 14, column: 3)
!40 = !DILocation(line: 0, scope: !25)
!41 = !DILocation(line: 0, scope: !39)
!42 = !DILocation(line: 14, column: 21, scope: !43)
!43 = distinct !DILexicalBlock(scope: !39, file: !2, line: 14, column: 3)
!44 = !DILocation(line: 14, column: 3, scope: !39)
!45 = !DILocation(line: 15, column: 16, scope: !43)
!46 = !{!47, !47, i64 0}
!47 = !{!"float", !48, i64 0}
!48 = !{!"omnipotent char", !49, i64 0}
!49 = !{!"Simple C/C++ TBAA"}
!50 = !DILocation(line: 15, column: 23, scope: !43)
!51 = !DILocation(line: 15, column: 21, scope: !43)
!52 = !DILocation(line: 15, column: 10, scope: !43)
!53 = !DILocation(line: 14, column: 27, scope: !43)
!54 = distinct !{!54, !44, !55, !56}
!55 = !DILocation(line: 15, column: 26, scope: !39)
!56 = !{!"llvm.loop.mustprogress"}
!57 = !DILocation(line: 16, column: 1, scope: !25)
!58 = distinct !DISubprogram(name: "dot", scope: !2, file: !2, line: 18, type: !59, scopeLine: 18, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !61)
!59 = !DISubroutineType(types: !60)
!60 = !{!12, !13, !29, !29}
!61 = !{!62, !63, !64, !65, !66}
!62 = !DILocalVariable(name: "n", arg: 1, scope: !58, file: !2, line: 18, type: !13)
!63 = !DILocalVariable(name: "x", arg: 2, scope: !58, file: !2, line: 18, type: !29)
!64 = !DILocalVariable(name: "y", arg: 3, scope: !58, file: !2, line: 18, type: !29)
!65 = !DILocalVariable(name: "s", scope: !58, file: !2, line: 19, type: !12)
!66 = !DILocalVariable(name: "i", scope: !67, file: !2, line: 20, type: !13)
!67 = distinct !DILexicalBlock(scope: !58, file: !2, line: 20, column: 3)
!68 = !DILocation(line: 0, scope: !58)
!69 = !DILocation(line: 0, scope: !67)
!70 = !DILocation(line: 20, column: 21, scope: !71)
!71 = distinct !DILexicalBlock(scope: !67, file: !2, line: 20, column: 3)
!72 = !DILocation(line: 20, column: 3, scope: !67)
!73 = !DILocation(line: 21, column: 10, scope: !71)
!74 = !DILocation(line: 21, column: 17, scope: !71)
!75 = !DILocation(line: 21, column: 7, scope: !71)
!76 = !DILocation(line: 20, column: 27, scope: !71)
!77 = distinct !{!77, !72, !78, !56}
!78 = !DILocation(line: 21, column: 20, scope: !67)
!79 = !DILocation(line: 22, column: 3, scope: !58)
!80 = distinct !DISubprogram(name: "gemv", scope: !2, file: !2, line: 26, type: !81, scopeLine: 27, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !83)
!81 = !DISubroutineType(types: !82)
!82 = !{null, !13, !28, !28, !31}
!83 = !{!84, !85, !86, !87, !88, !90, !93}
!84 = !DILocalVariable(name: "n", arg: 1, scope: !80, file: !2, line: 26, type: !13)
!85 = !DILocalVariable(name: "A", arg: 2, scope: !80, file: !2, line: 26, type: !28)
!86 = !DILocalVariable(name: "x", arg: 3, scope: !80, file: !2, line: 26, type: !28)
!87 = !DILocalVariable(name: "y", arg: 4, scope: !80, file: !2, line: 27, type: !31)
!88 = !DILocalVariable(name: "i", scope: !89, file: !2, line: 29, type: !13)
!89 = distinct !DILexicalBlock(scope: !80, file: !2, line: 29, column: 3)
!90 = !DILocalVariable(name: "s", scope: !91, file: !2, line: 30, type: !12)
!91 = distinct !DILexicalBlock(scope: !92, file: !2, line: 29, column: 31)
!92 = distinct !DILexicalBlock(scope: !89, file: !2, line: 29, column: 3)
!93 = !DILocalVariable(name: "j", scope: !94, file: !2, line: 31, type: !13)
!94 = distinct !DILexicalBlock(scope: !91, file: !2, line: 31, column: 5)
!95 = !DILocation(line: 0, scope: !80)
!96 = !DILocation(line: 0, scope: !89)
!97 = !DILocation(line: 29, column: 3, scope: !89)
!98 = !DILocation(line: 29, column: 21, scope: !92)
!99 = !DILocation(line: 0, scope: !94)
!100 = !DILocation(line: 0, scope: !91)
!101 = !DILocation(line: 31, column: 5, scope: !94)
!102 = !DILocation(line: 32, column: 12, scope: !103)
!103 = distinct !DILexicalBlock(scope: !94, file: !2, line: 31, column: 5)
!104 = !DILocation(line: 32, column: 51, scope: !103)
!105 = !DILocation(line: 32, column: 9, scope: !103)
!106 = !DILocation(line: 31, column: 29, scope: !103)
!107 = !DILocation(line: 31, column: 23, scope: !103)
!108 = distinct !{!108, !101, !109}
!109 = !DILocation(line: 32, column: 54, scope: !94)
!110 = !DILocation(line: 33, column: 5, scope: !91)
!111 = !DILocation(line: 33, column: 10, scope: !91)
!112 = !DILocation(line: 29, column: 27, scope: !92)
!113 = distinct !{!113, !97, !114, !56, !115}
!114 = !DILocation(line: 34, column: 3, scope: !89)
!115 = !{!"llvm.loop.unroll_and_jam.count", i32 2}
!116 = !DILocation(line: 35, column: 1, scope: !80)
!117 = distinct !DISubprogram(name: "main", scope: !2, file: !2, line: 37, type: !118, scopeLine: 37, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !120)
!118 = !DISubroutineType(types: !119)
!119 = !{!13, !13, !14}
!120 = !{!121, !122, !123, !124, !125, !126, !127, !129}
!121 = !DILocalVariable(name: "argc", arg: 1, scope: !117, file: !2, line: 37, type: !13)
!122 = !DILocalVariable(name: "argv", arg: 2, scope: !117, file: !2, line: 37, type: !14)
!123 = !DILocalVariable(name: "n", scope: !117, file: !2, line: 38, type: !13)
!124 = !DILocalVariable(name: "x", scope: !117, file: !2, line: 39, type: !32)
!125 = !DILocalVariable(name: "y", scope: !117, file: !2, line: 40, type: !32)
!126 = !DILocalVariable(name: "A", scope: !117, file: !2, line: 41, type: !32)
!127 = !DILocalVariable(name: "i", scope: !128, file: !2, line: 44, type: !13)
!128 = distinct !DILexicalBlock(scope: !117, file: !2, line: 44, column: 3)
!129 = !DILocalVariable(name: "j", scope: !130, file: !2, line: 47, type: !13)
!130 = distinct !DILexicalBlock(scope: !131, file: !2, line: 47, column: 5)
!131 = distinct !DILexicalBlock(scope: !132, file: !2, line: 44, column: 31)
!132 = distinct !DILexicalBlock(scope: !128, file: !2, line: 44, column: 3)
!133 = !DILocation(line: 0, scope: !117)
!134 = !DILocation(line: 38, column: 16, scope: !117)
!135 = !DILocation(line: 38, column: 11, scope: !117)
!136 = !DILocation(line: 38, column: 27, scope: !117)
!137 = !{!138, !138, i64 0}
!138 = !{!"any pointer", !48, i64 0}
!139 = !DILocation(line: 38, column: 22, scope: !117)
!140 = !DILocation(line: 39, column: 37, scope: !117)
!141 = !DILocation(line: 39, column: 35, scope: !117)
!142 = !DILocation(line: 39, column: 14, scope: !117)
!143 = !DILocation(line: 40, column: 14, scope: !117)
!144 = !DILocation(line: 41, column: 47, scope: !117)
!145 = !DILocation(line: 41, column: 14, scope: !117)
!146 = !DILocation(line: 42, column: 8, scope: !147)
!147 = distinct !DILexicalBlock(scope: !117, file: !2, line: 42, column: 7)
!148 = !DILocation(line: 42, column: 10, scope: !147)
!149 = !DILocation(line: 0, scope: !128)
!150 = !DILocation(line: 44, column: 3, scope: !128)
!151 = !DILocation(line: 44, column: 21, scope: !132)
!152 = !DILocation(line: 45, column: 12, scope: !131)
!153 = !DILocation(line: 45, column: 5, scope: !131)
!154 = !DILocation(line: 45, column: 10, scope: !131)
!155 = !DILocation(line: 46, column: 5, scope: !131)
!156 = !DILocation(line: 46, column: 10, scope: !131)
!157 = !DILocation(line: 0, scope: !130)
!158 = !DILocation(line: 47, column: 5, scope: !130)
!159 = !DILocation(line: 48, column: 56, scope: !160)
!160 = distinct !DILexicalBlock(scope: !130, file: !2, line: 47, column: 5)
!161 = !DILocation(line: 48, column: 46, scope: !160)
!162 = !DILocation(line: 48, column: 7, scope: !160)
!163 = !DILocation(line: 48, column: 44, scope: !160)
!164 = !DILocation(line: 47, column: 29, scope: !160)
!165 = !DILocation(line: 47, column: 23, scope: !160)
!166 = distinct !{!166, !158, !167, !56}
!167 = !DILocation(line: 48, column: 60, scope: !130)
!168 = !DILocation(line: 44, column: 27, scope: !132)
!169 = distinct !{!169, !150, !170, !56}
!170 = !DILocation(line: 49, column: 3, scope: !128)
!171 = !DILocation(line: 50, column: 3, scope: !117)
!172 = !DILocation(line: 51, column: 3, scope: !117)
!173 = !DILocation(line: 52, column: 24, scope: !117)
!174 = !DILocation(line: 52, column: 3, scope: !117)
!175 = !DILocation(line: 53, column: 3, scope: !117)
!176 = !DILocation(line: 54, column: 3, scope: !117)
!177 = !DILocation(line: 55, column: 3, scope: !117)
!178 = !DILocation(line: 56, column: 3, scope: !117)
!179 = !DILocation(line: 57, column: 1, scope: !117)
!180 = distinct !DISubprogram(name: "atoi", scope: !181, file: !181, line: 362, type: !182, scopeLine: 363, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !186)
!181 = !DIFile(filename: "/usr/include/stdlib.h", directory: "", checksumkind: CSK_MD5, checksum: "4b47dc81a92f1fe77a152c0aac236718")
!182 = !DISubroutineType(types: !183)
!183 = !{!13, !184}
!184 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !185, size: 64)
!185 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !4)
!186 = !{!187}
!187 = !DILocalVariable(name: "__nptr", arg: 1, scope: !180, file: !181, line: 362, type: !184)
!188 = !DILocation(line: 0, scope: !180)
!189 = !DILocation(line: 364, column: 16, scope: !180)
!190 = !DILocation(line: 364, column: 10, scope: !180)
!191 = !DILocation(line: 364, column: 3, scope: !180)
!192 = !DISubprogram(name: "malloc", scope: !181, file: !181, line: 553, type: !193, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!193 = !DISubroutineType(types: !194)
!194 = !{!16, !9}
!195 = !DISubprogram(name: "printf", scope: !196, file: !196, line: 356, type: !197, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!196 = !DIFile(filename: "/usr/include/stdio.h", directory: "", checksumkind: CSK_MD5, checksum: "b5a90985555f47bfb88eff5a8f0f5b72")
!197 = !DISubroutineType(types: !198)
!198 = !{!13, !199, null}
!199 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !184)
!200 = !DISubprogram(name: "free", scope: !181, file: !181, line: 568, type: !201, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!201 = !DISubroutineType(types: !202)
!202 = !{null, !16}
!203 = !DISubprogram(name: "strtol", scope: !181, file: !181, line: 177, type: !204, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!204 = !DISubroutineType(types: !205)
!205 = !{!206, !199, !207, !13}
!206 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!207 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !14)
