; Debug info in the LLVM 19 record format: #dbg_value, #dbg_declare,
; #dbg_assign (with DIAssignID), #dbg_label, DIArgList, inlinedAt chains,
; fragments and complex DIExpressions, plus a broad set of DI nodes
; (composite/derived/subroutine types, enumerators, subranges, templates,
; namespaces, imported entities, global variable expressions, macros,
; modules, common blocks, string types, generic subranges) and loop IDs
; carrying DILocation ranges.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@gv = dso_local global i32 7, align 4, !dbg !40
@gv2 = dso_local global i64 0, align 8, !dbg !43

define dso_local i32 @sum(ptr noundef %a, i32 noundef %n) !dbg !10 {
entry:
  %local = alloca i32, align 4, !DIAssignID !60
    #dbg_assign(i32 undef, !18, !DIExpression(), !60, ptr %local, !DIExpression(), !21)
    #dbg_declare(ptr %local, !19, !DIExpression(DW_OP_deref), !21)
    #dbg_value(ptr %a, !16, !DIExpression(), !21)
    #dbg_value(i32 %n, !17, !DIExpression(), !21)
  store i32 0, ptr %local, align 4, !DIAssignID !61
    #dbg_assign(i32 0, !18, !DIExpression(), !61, ptr %local, !DIExpression(), !21)
  %cmp0 = icmp sgt i32 %n, 0, !dbg !22
  br i1 %cmp0, label %loop, label %exit, !dbg !22

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ], !dbg !23
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
    #dbg_value(!DIArgList(i32 %i, i32 %s), !19, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !23)
  %idx = zext nneg i32 %i to i64, !dbg !24
  %p = getelementptr inbounds i32, ptr %a, i64 %idx, !dbg !24
  %v = load i32, ptr %p, align 4, !dbg !24
  %s.next = add nsw i32 %v, %s, !dbg !25
    #dbg_value(i32 %s.next, !18, !DIExpression(), !21)
  %i.next = add nuw nsw i32 %i, 1, !dbg !26
    #dbg_value(i32 %i.next, !20, !DIExpression(DW_OP_LLVM_fragment, 0, 16), !23)
    #dbg_value(i32 poison, !20, !DIExpression(DW_OP_LLVM_fragment, 16, 16), !23)
  %done = icmp eq i32 %i.next, %n, !dbg !22
  br i1 %done, label %exit, label %loop, !dbg !22, !llvm.loop !30

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ], !dbg !27
    #dbg_label(!35, !27)
  %inl = add i32 %r, 1, !dbg !36
    #dbg_value(i32 %inl, !38, !DIExpression(DW_OP_plus_uconst, 4, DW_OP_constu, 2, DW_OP_mul, DW_OP_stack_value), !36)
  ret i32 %inl, !dbg !28
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !50, retainedTypes: !54, globals: !45, imports: !56, macros: !70, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "debuginfo.c", directory: "/tmp/corpus", checksumkind: CSK_MD5, checksum: "0123456789abcdef0123456789abcdef")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"hand-written"}
!10 = distinct !DISubprogram(name: "sum", scope: !1, file: !1, line: 3, type: !11, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !15, templateParams: !57)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14, !13}
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64)
!15 = !{!16, !17, !18, !19, !20, !35}
!16 = !DILocalVariable(name: "a", arg: 1, scope: !10, file: !1, line: 3, type: !14)
!17 = !DILocalVariable(name: "n", arg: 2, scope: !10, file: !1, line: 3, type: !13)
!18 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 4, type: !13)
!19 = !DILocalVariable(name: "tmp", scope: !29, file: !1, line: 5, type: !13, flags: DIFlagArtificial, align: 32)
!20 = !DILocalVariable(name: "i", scope: !29, file: !1, line: 5, type: !13)
!21 = !DILocation(line: 0, scope: !10)
!22 = !DILocation(line: 5, column: 3, scope: !29)
!23 = !DILocation(line: 5, column: 12, scope: !29)
!24 = !DILocation(line: 6, column: 10, scope: !29)
!25 = !DILocation(line: 6, column: 7, scope: !29)
!26 = !DILocation(line: 5, column: 25, scope: !29, isImplicitCode: true)
!27 = !DILocation(line: 7, column: 3, scope: !10)
!28 = !DILocation(line: 8, column: 1, scope: !10)
!29 = distinct !DILexicalBlock(scope: !10, file: !1, line: 5, column: 3)
!30 = distinct !{!30, !22, !31, !32}
!31 = !DILocation(line: 6, column: 12, scope: !29)
!32 = !{!"llvm.loop.mustprogress"}
!35 = !DILabel(scope: !10, name: "done", file: !1, line: 7)
!36 = !DILocation(line: 2, column: 5, scope: !37, inlinedAt: !28)
!37 = distinct !DISubprogram(name: "helper", linkageName: "_helper", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!38 = !DILocalVariable(name: "h", scope: !37, file: !1, line: 2, type: !13)
!40 = !DIGlobalVariableExpression(var: !41, expr: !DIExpression())
!41 = distinct !DIGlobalVariable(name: "gv", scope: !0, file: !1, line: 1, type: !42, isLocal: false, isDefinition: true)
!42 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!43 = !DIGlobalVariableExpression(var: !44, expr: !DIExpression(DW_OP_constu, 3, DW_OP_stack_value))
!44 = distinct !DIGlobalVariable(name: "gv2", linkageName: "_gv2", scope: !58, file: !1, line: 2, type: !51, isLocal: true, isDefinition: true)
!45 = !{!40, !43}
!50 = !{!51}
!51 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "color", file: !1, line: 9, baseType: !64, size: 32, elements: !52, identifier: "_color")
!52 = !{!53, !63}
!53 = !DIEnumerator(name: "RED", value: 0, isUnsigned: true)
!54 = !{!55, !65}
!55 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "point", file: !1, line: 10, size: 64, flags: DIFlagTypePassByValue, elements: !66, identifier: "_point")
!56 = !{!59}
!57 = !{!62}
!58 = !DINamespace(name: "ns", scope: null, exportSymbols: true)
!59 = !DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !0, entity: !41, file: !1, line: 11)
!60 = distinct !DIAssignID()
!61 = distinct !DIAssignID()
!62 = !DITemplateTypeParameter(name: "T", type: !13)
!63 = !DIEnumerator(name: "BIG", value: 4294967295, isUnsigned: true)
!64 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!65 = !DICompositeType(tag: DW_TAG_array_type, baseType: !13, size: 320, elements: !68)
!66 = !{!67, !69}
!67 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !55, file: !1, line: 10, baseType: !13, size: 32)
!68 = !{!DISubrange(count: 10), !DISubrange(lowerBound: -1, upperBound: 5), !DIGenericSubrange(lowerBound: !DIExpression(DW_OP_constu, 0), upperBound: !DIExpression(DW_OP_constu, 9), stride: !DIExpression(DW_OP_constu, 4))}
!69 = !DIDerivedType(tag: DW_TAG_member, name: "flags", scope: !55, file: !1, line: 10, baseType: !64, size: 3, offset: 32, flags: DIFlagBitField, extraData: i64 32)
!70 = !{!71, !72}
!71 = !DIMacro(type: DW_MACINFO_define, line: 1, name: "N", value: "10")
!72 = !DIMacroFile(file: !1, nodes: !73)
!73 = !{!74}
!74 = !DIMacro(type: DW_MACINFO_undef, line: 2, name: "M")
!75 = !DIModule(scope: null, name: "M", configMacros: "-DX=1", includePath: "/inc")
!76 = !DICommonBlock(scope: !10, declaration: null, name: "blk", file: !1, line: 3)
!77 = !DIStringType(name: "character(*)", size: 80)
!78 = !{!75, !76, !77}
!named = !{!78}
