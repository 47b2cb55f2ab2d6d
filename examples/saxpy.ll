; ModuleID = 'saxpy.c'
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
  br i1 %5, label %6, label %8, !dbg !45

6:                                                ; preds = %4
  %7 = zext nneg i32 %0 to i64, !dbg !43
  br label %9, !dbg !45

8:                                                ; preds = %9, %4
  ret void, !dbg !46

9:                                                ; preds = %6, %9
  %10 = phi i64 [ 0, %6 ], [ %16, %9 ]
    #dbg_value(i64 %10, !39, !DIExpression(), !42)
  %11 = getelementptr inbounds float, ptr %2, i64 %10, !dbg !47
  %12 = load float, ptr %11, align 4, !dbg !47, !tbaa !48
  %13 = getelementptr inbounds float, ptr %3, i64 %10, !dbg !52
  %14 = load float, ptr %13, align 4, !dbg !52, !tbaa !48
  %15 = tail call float @llvm.fmuladd.f32(float %1, float %12, float %14), !dbg !53
  store float %15, ptr %13, align 4, !dbg !54, !tbaa !48
  %16 = add nuw nsw i64 %10, 1, !dbg !55
    #dbg_value(i64 %16, !39, !DIExpression(), !42)
  %17 = icmp eq i64 %16, %7, !dbg !43
  br i1 %17, label %8, label %9, !dbg !45, !llvm.loop !56
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #1

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local float @dot(i32 noundef %0, ptr nocapture noundef readonly %1, ptr nocapture noundef readonly %2) local_unnamed_addr #2 !dbg !60 {
    #dbg_value(i32 %0, !64, !DIExpression(), !70)
    #dbg_value(ptr %1, !65, !DIExpression(), !70)
    #dbg_value(ptr %2, !66, !DIExpression(), !70)
    #dbg_value(float 0.000000e+00, !67, !DIExpression(), !70)
    #dbg_value(i32 0, !68, !DIExpression(), !71)
  %4 = icmp sgt i32 %0, 0, !dbg !72
  br i1 %4, label %5, label %7, !dbg !74

5:                                                ; preds = %3
  %6 = zext nneg i32 %0 to i64, !dbg !72
  br label %9, !dbg !74

7:                                                ; preds = %9, %3
  %8 = phi float [ 0.000000e+00, %3 ], [ %16, %9 ], !dbg !70
  ret float %8, !dbg !75

9:                                                ; preds = %5, %9
  %10 = phi i64 [ 0, %5 ], [ %17, %9 ]
  %11 = phi float [ 0.000000e+00, %5 ], [ %16, %9 ]
    #dbg_value(i64 %10, !68, !DIExpression(), !71)
    #dbg_value(float %11, !67, !DIExpression(), !70)
  %12 = getelementptr inbounds float, ptr %1, i64 %10, !dbg !76
  %13 = load float, ptr %12, align 4, !dbg !76, !tbaa !48
  %14 = getelementptr inbounds float, ptr %2, i64 %10, !dbg !77
  %15 = load float, ptr %14, align 4, !dbg !77, !tbaa !48
  %16 = tail call float @llvm.fmuladd.f32(float %13, float %15, float %11), !dbg !78
    #dbg_value(float %16, !67, !DIExpression(), !70)
  %17 = add nuw nsw i64 %10, 1, !dbg !79
    #dbg_value(i64 %17, !68, !DIExpression(), !71)
  %18 = icmp eq i64 %17, %6, !dbg !72
  br i1 %18, label %7, label %9, !dbg !74, !llvm.loop !80
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gemv(i32 noundef %0, ptr noalias nocapture noundef readonly %1, ptr noalias nocapture noundef readonly %2, ptr noalias nocapture noundef writeonly %3) local_unnamed_addr #0 !dbg !82 {
    #dbg_value(i32 %0, !86, !DIExpression(), !97)
    #dbg_value(ptr %1, !87, !DIExpression(), !97)
    #dbg_value(ptr %2, !88, !DIExpression(), !97)
    #dbg_value(ptr %3, !89, !DIExpression(), !97)
    #dbg_value(i32 0, !90, !DIExpression(), !98)
  %5 = icmp sgt i32 %0, 0, !dbg !99
  br i1 %5, label %6, label %14, !dbg !100

6:                                                ; preds = %4
  %7 = zext nneg i32 %0 to i64
  %8 = zext nneg i32 %0 to i64, !dbg !99
  %9 = zext nneg i32 %0 to i64
  br label %10, !dbg !100

10:                                               ; preds = %6, %15
  %11 = phi i64 [ 0, %6 ], [ %17, %15 ]
    #dbg_value(i64 %11, !90, !DIExpression(), !98)
    #dbg_value(i32 0, !95, !DIExpression(), !101)
    #dbg_value(float 0.000000e+00, !92, !DIExpression(), !102)
  %12 = mul nuw nsw i64 %11, %7
  %13 = getelementptr float, ptr %1, i64 %12
  br label %19, !dbg !103

14:                                               ; preds = %15, %4
  ret void, !dbg !104

15:                                               ; preds = %19
  %16 = getelementptr inbounds float, ptr %3, i64 %11, !dbg !105
  store float %26, ptr %16, align 4, !dbg !106, !tbaa !48
  %17 = add nuw nsw i64 %11, 1, !dbg !107
    #dbg_value(i64 %17, !90, !DIExpression(), !98)
  %18 = icmp eq i64 %17, %8, !dbg !99
  br i1 %18, label %14, label %10, !dbg !100, !llvm.loop !108

19:                                               ; preds = %10, %19
  %20 = phi i64 [ 0, %10 ], [ %27, %19 ]
  %21 = phi float [ 0.000000e+00, %10 ], [ %26, %19 ]
    #dbg_value(i64 %20, !95, !DIExpression(), !101)
    #dbg_value(float %21, !92, !DIExpression(), !102)
  %22 = getelementptr float, ptr %13, i64 %20, !dbg !111
  %23 = load float, ptr %22, align 4, !dbg !111, !tbaa !48
  %24 = getelementptr inbounds float, ptr %2, i64 %20, !dbg !113
  %25 = load float, ptr %24, align 4, !dbg !113, !tbaa !48
  %26 = tail call float @llvm.fmuladd.f32(float %23, float %25, float %21), !dbg !114
    #dbg_value(float %26, !92, !DIExpression(), !102)
  %27 = add nuw nsw i64 %20, 1, !dbg !115
    #dbg_value(i64 %27, !95, !DIExpression(), !101)
  %28 = icmp eq i64 %27, %9, !dbg !116
  br i1 %28, label %15, label %19, !dbg !103, !llvm.loop !117
}

; Function Attrs: nounwind uwtable
define dso_local range(i32 0, 2) i32 @main(i32 noundef %0, ptr nocapture noundef readonly %1) local_unnamed_addr #3 !dbg !119 {
    #dbg_value(i32 %0, !123, !DIExpression(), !135)
    #dbg_value(ptr %1, !124, !DIExpression(), !135)
  %3 = icmp sgt i32 %0, 1, !dbg !136
  br i1 %3, label %4, label %9, !dbg !137

4:                                                ; preds = %2
  %5 = getelementptr inbounds i8, ptr %1, i64 8, !dbg !138
  %6 = load ptr, ptr %5, align 8, !dbg !138, !tbaa !139
    #dbg_value(ptr %6, !141, !DIExpression(), !149)
  %7 = tail call i64 @strtol(ptr nocapture noundef nonnull %6, ptr noundef null, i32 noundef 10) #8, !dbg !151
  %8 = trunc i64 %7 to i32, !dbg !152
  br label %9, !dbg !137

9:                                                ; preds = %2, %4
  %10 = phi i32 [ %8, %4 ], [ 100, %2 ], !dbg !137
    #dbg_value(i32 %10, !125, !DIExpression(), !135)
  %11 = sext i32 %10 to i64, !dbg !153
  %12 = shl nsw i64 %11, 2, !dbg !154
  %13 = tail call noalias ptr @malloc(i64 noundef %12) #9, !dbg !155
    #dbg_value(ptr %13, !126, !DIExpression(), !135)
  %14 = tail call noalias ptr @malloc(i64 noundef %12) #9, !dbg !156
    #dbg_value(ptr %14, !127, !DIExpression(), !135)
  %15 = mul i64 %12, %11, !dbg !157
  %16 = tail call noalias ptr @malloc(i64 noundef %15) #9, !dbg !158
    #dbg_value(ptr %16, !128, !DIExpression(), !135)
  %17 = icmp ne ptr %13, null, !dbg !159
  %18 = icmp ne ptr %14, null
  %19 = and i1 %17, %18, !dbg !161
  %20 = icmp ne ptr %16, null
  %21 = and i1 %19, %20, !dbg !161
  br i1 %21, label %22, label %49, !dbg !161

22:                                               ; preds = %9
    #dbg_value(i32 0, !129, !DIExpression(), !162)
  %23 = icmp sgt i32 %10, 0, !dbg !163
  br i1 %23, label %24, label %27, !dbg !164

24:                                               ; preds = %22
  %25 = zext nneg i32 %10 to i64, !dbg !163
  %26 = zext nneg i32 %10 to i64
  br label %31, !dbg !164

27:                                               ; preds = %39, %22
  tail call void @saxpy(i32 noundef %10, float noundef 2.000000e+00, ptr noundef nonnull %13, ptr noundef nonnull %14), !dbg !165
  tail call void @gemv(i32 noundef %10, ptr noundef nonnull %16, ptr noundef nonnull %14, ptr noundef nonnull %13), !dbg !166
  %28 = tail call float @dot(i32 noundef %10, ptr noundef nonnull %13, ptr noundef nonnull %14), !dbg !167
  %29 = fpext float %28 to double, !dbg !167
  %30 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, double noundef %29), !dbg !168
  tail call void @free(ptr noundef %16) #8, !dbg !169
  tail call void @free(ptr noundef %13) #8, !dbg !170
  tail call void @free(ptr noundef %14) #8, !dbg !171
  br label %49, !dbg !172

31:                                               ; preds = %24, %39
  %32 = phi i64 [ 0, %24 ], [ %40, %39 ]
    #dbg_value(i64 %32, !129, !DIExpression(), !162)
  %33 = trunc nuw nsw i64 %32 to i32, !dbg !173
  %34 = uitofp nneg i32 %33 to float, !dbg !173
  %35 = getelementptr inbounds float, ptr %13, i64 %32, !dbg !174
  store float %34, ptr %35, align 4, !dbg !175, !tbaa !48
  %36 = getelementptr inbounds float, ptr %14, i64 %32, !dbg !176
  store float 1.000000e+00, ptr %36, align 4, !dbg !177, !tbaa !48
    #dbg_value(i32 0, !131, !DIExpression(), !178)
  %37 = mul nuw nsw i64 %32, %11
  %38 = getelementptr float, ptr %16, i64 %37
  br label %42, !dbg !179

39:                                               ; preds = %42
  %40 = add nuw nsw i64 %32, 1, !dbg !180
    #dbg_value(i64 %40, !129, !DIExpression(), !162)
  %41 = icmp eq i64 %40, %25, !dbg !163
  br i1 %41, label %27, label %31, !dbg !164, !llvm.loop !181

42:                                               ; preds = %31, %42
  %43 = phi i64 [ 0, %31 ], [ %47, %42 ]
    #dbg_value(i64 %43, !131, !DIExpression(), !178)
  %44 = icmp eq i64 %32, %43, !dbg !183
  %45 = uitofp i1 %44 to float, !dbg !185
  %46 = getelementptr float, ptr %38, i64 %43, !dbg !186
  store float %45, ptr %46, align 4, !dbg !187, !tbaa !48
  %47 = add nuw nsw i64 %43, 1, !dbg !188
    #dbg_value(i64 %47, !131, !DIExpression(), !178)
  %48 = icmp eq i64 %47, %26, !dbg !189
  br i1 %48, label %39, label %42, !dbg !179, !llvm.loop !190

49:                                               ; preds = %9, %27
  %50 = phi i32 [ 0, %27 ], [ 1, %9 ], !dbg !135
  ret i32 %50, !dbg !192
}

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare !dbg !193 noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #4

; Function Attrs: nofree nounwind
declare !dbg !196 noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #5

; Function Attrs: mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite)
declare !dbg !201 void @free(ptr allocptr nocapture noundef) local_unnamed_addr #6

; Function Attrs: mustprogress nofree nounwind willreturn
declare !dbg !204 i64 @strtol(ptr noundef readonly, ptr nocapture noundef, i32 noundef) local_unnamed_addr #7

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
!24 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!25 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!26 = distinct !DISubprogram(name: "saxpy", scope: !2, file: !2, line: 13, type: !27, scopeLine: 13, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !34)
!27 = !DISubroutineType(types: !28)
!28 = !{null, !13, !12, !29, !32}
!29 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !30)
!30 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !31, size: 64)
!31 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !12)
!32 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !33)
!33 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64)
!34 = !{!35, !36, !37, !38, !39}
!35 = !DILocalVariable(name: "n", arg: 1, scope: !26, file: !2, line: 13, type: !13)
!36 = !DILocalVariable(name: "a", arg: 2, scope: !26, file: !2, line: 13, type: !12)
!37 = !DILocalVariable(name: "x", arg: 3, scope: !26, file: !2, line: 13, type: !29)
!38 = !DILocalVariable(name: "y", arg: 4, scope: !26, file: !2, line: 13, type: !32)
!39 = !DILocalVariable(name: "i", scope: !40, file: !2, line: 14, type: !13)
!40 = distinct !DILexicalBlock(scope: !26, file: !2, line: 14, column: 3)
!41 = !DILocation(line: 0, scope: !26)
!42 = !DILocation(line: 0, scope: !40)
!43 = !DILocation(line: 14, column: 21, scope: !44)
!44 = distinct !DILexicalBlock(scope: !40, file: !2, line: 14, column: 3)
!45 = !DILocation(line: 14, column: 3, scope: !40)
!46 = !DILocation(line: 16, column: 1, scope: !26)
!47 = !DILocation(line: 15, column: 16, scope: !44)
!48 = !{!49, !49, i64 0}
!49 = !{!"float", !50, i64 0}
!50 = !{!"omnipotent char", !51, i64 0}
!51 = !{!"Simple C/C++ TBAA"}
!52 = !DILocation(line: 15, column: 23, scope: !44)
!53 = !DILocation(line: 15, column: 21, scope: !44)
!54 = !DILocation(line: 15, column: 10, scope: !44)
!55 = !DILocation(line: 14, column: 27, scope: !44)
!56 = distinct !{!56, !45, !57, !58, !59}
!57 = !DILocation(line: 15, column: 26, scope: !40)
!58 = !{!"llvm.loop.mustprogress"}
!59 = !{!"llvm.loop.unroll.disable"}
!60 = distinct !DISubprogram(name: "dot", scope: !2, file: !2, line: 18, type: !61, scopeLine: 18, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !63)
!61 = !DISubroutineType(types: !62)
!62 = !{!12, !13, !30, !30}
!63 = !{!64, !65, !66, !67, !68}
!64 = !DILocalVariable(name: "n", arg: 1, scope: !60, file: !2, line: 18, type: !13)
!65 = !DILocalVariable(name: "x", arg: 2, scope: !60, file: !2, line: 18, type: !30)
!66 = !DILocalVariable(name: "y", arg: 3, scope: !60, file: !2, line: 18, type: !30)
!67 = !DILocalVariable(name: "s", scope: !60, file: !2, line: 19, type: !12)
!68 = !DILocalVariable(name: "i", scope: !69, file: !2, line: 20, type: !13)
!69 = distinct !DILexicalBlock(scope: !60, file: !2, line: 20, column: 3)
!70 = !DILocation(line: 0, scope: !60)
!71 = !DILocation(line: 0, scope: !69)
!72 = !DILocation(line: 20, column: 21, scope: !73)
!73 = distinct !DILexicalBlock(scope: !69, file: !2, line: 20, column: 3)
!74 = !DILocation(line: 20, column: 3, scope: !69)
!75 = !DILocation(line: 22, column: 3, scope: !60)
!76 = !DILocation(line: 21, column: 10, scope: !73)
!77 = !DILocation(line: 21, column: 17, scope: !73)
!78 = !DILocation(line: 21, column: 7, scope: !73)
!79 = !DILocation(line: 20, column: 27, scope: !73)
!80 = distinct !{!80, !74, !81, !58, !59}
!81 = !DILocation(line: 21, column: 20, scope: !69)
!82 = distinct !DISubprogram(name: "gemv", scope: !2, file: !2, line: 26, type: !83, scopeLine: 27, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !85)
!83 = !DISubroutineType(types: !84)
!84 = !{null, !13, !29, !29, !32}
!85 = !{!86, !87, !88, !89, !90, !92, !95}
!86 = !DILocalVariable(name: "n", arg: 1, scope: !82, file: !2, line: 26, type: !13)
!87 = !DILocalVariable(name: "A", arg: 2, scope: !82, file: !2, line: 26, type: !29)
!88 = !DILocalVariable(name: "x", arg: 3, scope: !82, file: !2, line: 26, type: !29)
!89 = !DILocalVariable(name: "y", arg: 4, scope: !82, file: !2, line: 27, type: !32)
!90 = !DILocalVariable(name: "i", scope: !91, file: !2, line: 29, type: !13)
!91 = distinct !DILexicalBlock(scope: !82, file: !2, line: 29, column: 3)
!92 = !DILocalVariable(name: "s", scope: !93, file: !2, line: 30, type: !12)
!93 = distinct !DILexicalBlock(scope: !94, file: !2, line: 29, column: 31)
!94 = distinct !DILexicalBlock(scope: !91, file: !2, line: 29, column: 3)
!95 = !DILocalVariable(name: "j", scope: !96, file: !2, line: 31, type: !13)
!96 = distinct !DILexicalBlock(scope: !93, file: !2, line: 31, column: 5)
!97 = !DILocation(line: 0, scope: !82)
!98 = !DILocation(line: 0, scope: !91)
!99 = !DILocation(line: 29, column: 21, scope: !94)
!100 = !DILocation(line: 29, column: 3, scope: !91)
!101 = !DILocation(line: 0, scope: !96)
!102 = !DILocation(line: 0, scope: !93)
!103 = !DILocation(line: 31, column: 5, scope: !96)
!104 = !DILocation(line: 35, column: 1, scope: !82)
!105 = !DILocation(line: 33, column: 5, scope: !93)
!106 = !DILocation(line: 33, column: 10, scope: !93)
!107 = !DILocation(line: 29, column: 27, scope: !94)
!108 = distinct !{!108, !100, !109, !58, !59, !110}
!109 = !DILocation(line: 34, column: 3, scope: !91)
!110 = !{!"llvm.loop.unroll_and_jam.count", i32 2}
!111 = !DILocation(line: 32, column: 12, scope: !112)
!112 = distinct !DILexicalBlock(scope: !96, file: !2, line: 31, column: 5)
!113 = !DILocation(line: 32, column: 51, scope: !112)
!114 = !DILocation(line: 32, column: 9, scope: !112)
!115 = !DILocation(line: 31, column: 29, scope: !112)
!116 = !DILocation(line: 31, column: 23, scope: !112)
!117 = distinct !{!117, !103, !118, !59}
!118 = !DILocation(line: 32, column: 54, scope: !96)
!119 = distinct !DISubprogram(name: "main", scope: !2, file: !2, line: 37, type: !120, scopeLine: 37, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !122)
!120 = !DISubroutineType(types: !121)
!121 = !{!13, !13, !14}
!122 = !{!123, !124, !125, !126, !127, !128, !129, !131}
!123 = !DILocalVariable(name: "argc", arg: 1, scope: !119, file: !2, line: 37, type: !13)
!124 = !DILocalVariable(name: "argv", arg: 2, scope: !119, file: !2, line: 37, type: !14)
!125 = !DILocalVariable(name: "n", scope: !119, file: !2, line: 38, type: !13)
!126 = !DILocalVariable(name: "x", scope: !119, file: !2, line: 39, type: !33)
!127 = !DILocalVariable(name: "y", scope: !119, file: !2, line: 40, type: !33)
!128 = !DILocalVariable(name: "A", scope: !119, file: !2, line: 41, type: !33)
!129 = !DILocalVariable(name: "i", scope: !130, file: !2, line: 44, type: !13)
!130 = distinct !DILexicalBlock(scope: !119, file: !2, line: 44, column: 3)
!131 = !DILocalVariable(name: "j", scope: !132, file: !2, line: 47, type: !13)
!132 = distinct !DILexicalBlock(scope: !133, file: !2, line: 47, column: 5)
!133 = distinct !DILexicalBlock(scope: !134, file: !2, line: 44, column: 31)
!134 = distinct !DILexicalBlock(scope: !130, file: !2, line: 44, column: 3)
!135 = !DILocation(line: 0, scope: !119)
!136 = !DILocation(line: 38, column: 16, scope: !119)
!137 = !DILocation(line: 38, column: 11, scope: !119)
!138 = !DILocation(line: 38, column: 27, scope: !119)
!139 = !{!140, !140, i64 0}
!140 = !{!"any pointer", !50, i64 0}
!141 = !DILocalVariable(name: "__nptr", arg: 1, scope: !142, file: !143, line: 362, type: !146)
!142 = distinct !DISubprogram(name: "atoi", scope: !143, file: !143, line: 362, type: !144, scopeLine: 363, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !7, retainedNodes: !148)
!143 = !DIFile(filename: "/usr/include/stdlib.h", directory: "", checksumkind: CSK_MD5, checksum: "4b47dc81a92f1fe77a152c0aac236718")
!144 = !DISubroutineType(types: !145)
!145 = !{!13, !146}
!146 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !147, size: 64)
!147 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !4)
!148 = !{!141}
!149 = !DILocation(line: 0, scope: !142, inlinedAt: !150)
!150 = distinct !DILocation(line: 38, column: 22, scope: !119)
!151 = !DILocation(line: 364, column: 16, scope: !142, inlinedAt: !150)
!152 = !DILocation(line: 364, column: 10, scope: !142, inlinedAt: !150)
!153 = !DILocation(line: 39, column: 37, scope: !119)
!154 = !DILocation(line: 39, column: 35, scope: !119)
!155 = !DILocation(line: 39, column: 14, scope: !119)
!156 = !DILocation(line: 40, column: 14, scope: !119)
!157 = !DILocation(line: 41, column: 47, scope: !119)
!158 = !DILocation(line: 41, column: 14, scope: !119)
!159 = !DILocation(line: 42, column: 8, scope: !160)
!160 = distinct !DILexicalBlock(scope: !119, file: !2, line: 42, column: 7)
!161 = !DILocation(line: 42, column: 10, scope: !160)
!162 = !DILocation(line: 0, scope: !130)
!163 = !DILocation(line: 44, column: 21, scope: !134)
!164 = !DILocation(line: 44, column: 3, scope: !130)
!165 = !DILocation(line: 50, column: 3, scope: !119)
!166 = !DILocation(line: 51, column: 3, scope: !119)
!167 = !DILocation(line: 52, column: 24, scope: !119)
!168 = !DILocation(line: 52, column: 3, scope: !119)
!169 = !DILocation(line: 53, column: 3, scope: !119)
!170 = !DILocation(line: 54, column: 3, scope: !119)
!171 = !DILocation(line: 55, column: 3, scope: !119)
!172 = !DILocation(line: 56, column: 3, scope: !119)
!173 = !DILocation(line: 45, column: 12, scope: !133)
!174 = !DILocation(line: 45, column: 5, scope: !133)
!175 = !DILocation(line: 45, column: 10, scope: !133)
!176 = !DILocation(line: 46, column: 5, scope: !133)
!177 = !DILocation(line: 46, column: 10, scope: !133)
!178 = !DILocation(line: 0, scope: !132)
!179 = !DILocation(line: 47, column: 5, scope: !132)
!180 = !DILocation(line: 44, column: 27, scope: !134)
!181 = distinct !{!181, !164, !182, !58, !59}
!182 = !DILocation(line: 49, column: 3, scope: !130)
!183 = !DILocation(line: 48, column: 56, scope: !184)
!184 = distinct !DILexicalBlock(scope: !132, file: !2, line: 47, column: 5)
!185 = !DILocation(line: 48, column: 46, scope: !184)
!186 = !DILocation(line: 48, column: 7, scope: !184)
!187 = !DILocation(line: 48, column: 44, scope: !184)
!188 = !DILocation(line: 47, column: 29, scope: !184)
!189 = !DILocation(line: 47, column: 23, scope: !184)
!190 = distinct !{!190, !179, !191, !58, !59}
!191 = !DILocation(line: 48, column: 60, scope: !132)
!192 = !DILocation(line: 57, column: 1, scope: !119)
!193 = !DISubprogram(name: "malloc", scope: !143, file: !143, line: 553, type: !194, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!194 = !DISubroutineType(types: !195)
!195 = !{!16, !9}
!196 = !DISubprogram(name: "printf", scope: !197, file: !197, line: 356, type: !198, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!197 = !DIFile(filename: "/usr/include/stdio.h", directory: "", checksumkind: CSK_MD5, checksum: "b5a90985555f47bfb88eff5a8f0f5b72")
!198 = !DISubroutineType(types: !199)
!199 = !{!13, !200, null}
!200 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !146)
!201 = !DISubprogram(name: "free", scope: !143, file: !143, line: 568, type: !202, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!202 = !DISubroutineType(types: !203)
!203 = !{null, !16}
!204 = !DISubprogram(name: "strtol", scope: !143, file: !143, line: 177, type: !205, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!205 = !DISubroutineType(types: !206)
!206 = !{!207, !200, !208, !13}
!207 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!208 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !14)
