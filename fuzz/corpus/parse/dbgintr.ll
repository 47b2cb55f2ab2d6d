; Old-style debug intrinsics with metadata arguments.
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)

define void @f(i32 %a, i32 %b, ptr %p) !dbg !9 {
entry:
  call void @llvm.dbg.value(metadata i32 %a, metadata !5, metadata !DIExpression()), !dbg !7
  call void @llvm.dbg.value(metadata !DIArgList(i32 %a, i32 %b), metadata !5, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !7
  call void @llvm.dbg.value(metadata i32 0, metadata !5, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 16)), !dbg !7
  call void @llvm.dbg.declare(metadata ptr %p, metadata !5, metadata !DIExpression()), !dbg !7
  call void @llvm.dbg.value(metadata !{}, metadata !5, metadata !DIExpression()), !dbg !7
  ret void, !dbg !7
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !DILocalVariable(name: "x", arg: 1, scope: !9, file: !1, line: 1, type: !6)
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!7 = !DILocation(line: 1, column: 5, scope: !9)
!9 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !10, unit: !0, spFlags: DISPFlagDefinition)
!10 = !DISubroutineType(types: !{null})
