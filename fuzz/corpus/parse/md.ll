; Metadata: tuples, forward references, cycles and every specialized node.
define void @f(ptr %p) !dbg !20 {
entry:
  %v = load i32, ptr %p, align 4, !tbaa !30, !range !35, !noundef !34, !annotation !36
  br label %loop, !llvm.loop !40
loop:
  br label %loop, !llvm.loop !40
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4}
!llvm.ident = !{!5}
!llvm.named.empty = !{}
!named.with.inline = !{!DIExpression(), !6}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang version 19", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !7, retainedTypes: !7, globals: !8, imports: !9, macros: !50, splitDebugInlining: false, nameTableKind: GNU, sysroot: "/", sdk: "MacOSX.sdk", dwoId: 1234, debugInfoForProfiling: true, rangesBaseAddress: false)
!1 = !DIFile(filename: "a.cpp", directory: "/tmp", checksumkind: CSK_SHA1, checksum: "0123456789abcdef0123456789abcdef01234567", source: "int x;")
!2 = !{i32 7, !"Dwarf Version", i32 4}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{!"clang version 19.1.0"}
!6 = !{!6, null, i32 -1, !"s", !{}, !{!"nested", i64 5}, ptr @f, float 1.5}
!7 = !{!10, !11}
!8 = !{!15}
!9 = !{!18}
!10 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", scope: !1, file: !1, line: 3, baseType: !12, size: 32, elements: !13, identifier: "_ZTS1E", flags: DIFlagEnumClass)
!11 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !1, line: 5, size: 64, flags: DIFlagTypePassByValue | DIFlagNonTrivial, elements: !{!14}, vtableHolder: !11, templateParams: !{!44, !45}, identifier: "_ZTS1S", annotations: !{!{!"a", !"b"}})
!12 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned, flags: 0)
!13 = !{!DIEnumerator(name: "A", value: 0, isUnsigned: true), !DIEnumerator(name: "B", value: -1), !DIEnumerator(name: "C", value: 18446744073709551615, isUnsigned: true)}
!14 = !DIDerivedType(tag: DW_TAG_member, name: "m", scope: !11, file: !1, line: 6, baseType: !12, size: 32, offset: 32, flags: DIFlagPublic, extraData: i32 7, dwarfAddressSpace: 1)
!15 = !DIGlobalVariableExpression(var: !16, expr: !DIExpression(DW_OP_constu, 42, DW_OP_stack_value))
!16 = distinct !DIGlobalVariable(name: "g", linkageName: "_Z1g", scope: !17, file: !1, line: 9, type: !12, isLocal: true, isDefinition: true, templateParams: !{}, align: 32)
!17 = !DINamespace(name: "ns", scope: null, exportSymbols: true)
!18 = !DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !17, entity: !16, file: !1, line: 12, elements: !{})
!19 = !DIModule(scope: null, name: "M", configMacros: "-DX", includePath: "/inc", apinotes: "m.apinotes", file: !1, line: 1, isDecl: true)
!20 = distinct !DISubprogram(name: "f", linkageName: "_Z1fv", scope: !1, file: !1, line: 20, type: !21, scopeLine: 20, flags: DIFlagPrototyped | DIFlagArtificial, spFlags: DISPFlagDefinition | DISPFlagLocalToUnit | DISPFlagVirtual, unit: !0, retainedNodes: !{!22}, thrownTypes: !{!12}, virtualIndex: 2, containingType: !11, thisAdjustment: -8, templateParams: !{}, declaration: !23, targetFuncName: "tf", annotations: !{})
!21 = !DISubroutineType(cc: DW_CC_normal, types: !{null, !12})
!22 = !DILocalVariable(name: "p", arg: 1, scope: !20, file: !1, line: 20, type: !24, flags: DIFlagArtificial | DIFlagObjectPointer, align: 64)
!23 = !DISubprogram(name: "f", scope: !11, file: !1, line: 7, type: !21, spFlags: DISPFlagPureVirtual)
!24 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64)
!25 = distinct !DILexicalBlock(scope: !20, file: !1, line: 21, column: 3)
!26 = !DILexicalBlockFile(scope: !25, file: !1, discriminator: 2)
!27 = !DILocation(line: 22, column: 7, scope: !26, inlinedAt: !28, isImplicitCode: true)
!28 = distinct !DILocation(line: 1, scope: !20)
!29 = !DILabel(scope: !20, name: "L", file: !1, line: 23)
!30 = !{!31, !31, i64 0}
!31 = !{!"int", !32, i64 0}
!32 = !{!"omnipotent char", !33, i64 0}
!33 = !{!"Simple C++ TBAA"}
!34 = !{}
!35 = !{i32 0, i32 10}
!36 = !{!"auto-init"}
!40 = distinct !{!40, !41, !42, !43}
!41 = !{!"llvm.loop.mustprogress"}
!42 = !{!"llvm.loop.unroll.disable"}
!43 = !{!"llvm.loop.vectorize.width", i32 4}
!44 = !DITemplateTypeParameter(name: "T", type: !12, defaulted: true)
!45 = !DITemplateValueParameter(tag: DW_TAG_template_value_parameter, name: "N", type: !12, value: i32 3)
!46 = !DISubrange(count: 10, lowerBound: 0)
!47 = !DISubrange(count: !22)
!48 = !DIGenericSubrange(count: !DIExpression(DW_OP_push_object_address, DW_OP_deref), lowerBound: !DIExpression(), stride: !DIExpression())
!49 = !DIStringType(name: "character(*)", stringLength: !22, size: 32)
!50 = !{!51, !52}
!51 = !DIMacro(type: DW_MACINFO_define, line: 1, name: "X", value: "1")
!52 = !DIMacroFile(line: 2, file: !1, nodes: !{!53})
!53 = !DIMacro(type: DW_MACINFO_undef, line: 3, name: "X")
!54 = !DICommonBlock(scope: !20, declaration: null, name: "c", file: !1, line: 4)
!55 = !DIObjCProperty(name: "prop", file: !1, line: 5, setter: "set:", getter: "get", attributes: 7, type: !12)
!56 = !GenericDINode(tag: DW_TAG_entry_point, header: "x", operands: {!1, null})
!57 = !DICompositeType(tag: DW_TAG_array_type, baseType: !12, size: 320, elements: !{!46}, dataLocation: !DIExpression(DW_OP_push_object_address), rank: i32 2)
!58 = !DIDerivedType(tag: DW_TAG_ptr_to_member_type, baseType: !12, extraData: !11)
!59 = !DIBasicType(tag: DW_TAG_unspecified_type, name: "decltype(nullptr)")
