; Every instruction with its flags.
%pair = type { i32, i64 }
@g = global i32 0
@tbl = constant [2 x ptr] [ptr blockaddress(@insts, %bb1), ptr blockaddress(@later, %target)]

declare void @llvm.dbg.value(metadata, metadata, metadata)
declare i32 @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)
declare void @callee(i32, ...)
declare ptr @llvm.stacksave.p0()
declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)

define i32 @insts(i32 %a, i32 %b, ptr %p, <4 x i32> %v, float %f, i1 %c, i64 %w, ...) {
entry:
  %0 = add i32 %a, %b
  %1 = add nuw i32 %a, %b
  %2 = add nsw i32 %a, %b
  %3 = add nuw nsw i32 %a, %b
  %4 = sub nsw nuw i32 %a, %b
  %5 = mul nuw i32 %a, 3
  %6 = shl nuw nsw i32 %a, 2
  %7 = udiv exact i32 %a, 4
  %8 = sdiv exact i32 %a, 4
  %9 = lshr exact i32 %a, 1
  %10 = ashr exact i32 %a, 1
  %11 = urem i32 %a, 7
  %12 = srem i32 %a, 7
  %13 = and i32 %a, 255
  %14 = or disjoint i32 %a, 256
  %15 = xor i32 %a, -1
  %16 = icmp eq i32 %a, %b
  %17 = icmp ne ptr %p, null
  %18 = icmp uge <4 x i32> %v, zeroinitializer
  %19 = fcmp fast oeq float %f, 0.0
  %20 = fcmp true float %f, %f
  %21 = trunc nuw nsw i64 %w to i32
  %22 = zext nneg i32 %a to i64
  %23 = sext i32 %a to i64
  %24 = uitofp nneg i32 %a to float
  %25 = sitofp i32 %a to double
  %26 = fptoui float %f to i32
  %27 = fptosi float %f to i64
  %28 = ptrtoint ptr %p to i64
  %29 = inttoptr i64 %w to ptr
  %30 = bitcast <4 x i32> %v to <2 x i64>
  %31 = addrspacecast ptr %p to ptr addrspace(3)
  %32 = select i1 %c, i32 %a, i32 %b
  %33 = select <4 x i1> %18, <4 x i32> %v, <4 x i32> zeroinitializer
  %34 = freeze i32 %a
  %35 = extractelement <4 x i32> %v, i64 0
  %36 = insertelement <4 x i32> %v, i32 %a, i32 1
  %37 = shufflevector <4 x i32> %v, <4 x i32> poison, <8 x i32> <i32 0, i32 1, i32 poison, i32 3, i32 4, i32 undef, i32 6, i32 7>
  %38 = shufflevector <4 x i32> %v, <4 x i32> %v, <4 x i32> zeroinitializer
  %39 = insertvalue %pair undef, i32 %a, 0
  %40 = extractvalue %pair %39, 0
  %41 = insertvalue { i32, { i8, [2 x i16] } } zeroinitializer, i16 3, 1, 1, 0
  %42 = alloca i32, align 4
  %43 = alloca i32, i32 %a, align 16
  %44 = alloca inalloca i64, align 8
  %45 = alloca [4 x i8], align 1, addrspace(5)
  %46 = alloca ptr
  %47 = alloca i8, i64 %w
  %48 = load i32, ptr %p, align 4
  %49 = load volatile i32, ptr %p
  %50 = load atomic i32, ptr %p seq_cst, align 4
  %51 = load atomic volatile i64, ptr %p syncscope("singlethread") acquire, align 8
  store i32 %a, ptr %p, align 4
  store volatile i32 %a, ptr %p
  store atomic i32 %a, ptr %p release, align 4
  store atomic volatile i32 %a, ptr %p syncscope("agent") monotonic, align 4
  fence acquire
  fence syncscope("singlethread") seq_cst
  %52 = cmpxchg ptr %p, i32 %a, i32 %b seq_cst seq_cst
  %53 = cmpxchg weak volatile ptr %p, i32 %a, i32 %b syncscope("agent") acq_rel monotonic, align 4
  %54 = atomicrmw add ptr %p, i32 1 seq_cst
  %55 = atomicrmw volatile xchg ptr %p, i32 1 syncscope("singlethread") monotonic, align 4
  %56 = atomicrmw fadd ptr %p, float 1.0 seq_cst
  %57 = atomicrmw fmax ptr %p, double 1.0 acquire
  %58 = atomicrmw uinc_wrap ptr %p, i32 1 release
  %59 = atomicrmw udec_wrap ptr %p, i32 1 acq_rel
  %60 = atomicrmw nand ptr %p, i32 1 monotonic
  %61 = atomicrmw umin ptr %p, i64 1 seq_cst
  %62 = atomicrmw fmin ptr %p, half 1.0 seq_cst
  %63 = atomicrmw fsub ptr %p, float 1.0 seq_cst
  %64 = getelementptr i32, ptr %p, i64 1
  %65 = getelementptr inbounds %pair, ptr %p, i64 0, i32 1
  %66 = getelementptr nusw nuw [4 x i32], ptr %p, i32 0, i64 %w
  %67 = getelementptr inbounds nuw i8, ptr %p, <2 x i64> <i64 1, i64 2>
  %68 = getelementptr i8, <2 x ptr> zeroinitializer, i64 1
  %69 = va_arg ptr %p, i32
  %70 = fneg nnan float %f
  %71 = fadd float %f, %f
  %72 = fsub reassoc float %f, %f
  %73 = fdiv arcp float %f, %f
  %74 = tail call fast float @fabsf(float %f)
  %75 = tail call i32 @self(i32 %a)
  %76 = notail call i32 @self(i32 %a)
  call void (i32, ...) @callee(i32 1, i32 2, double 3.0)
  call fastcc void @fc()
  call cc 10 void @fc()
  %77 = call noundef nonnull ptr @llvm.stacksave.p0() #0
  call void @callee(i32 signext 1) [ "deopt"(i32 1, i64 2), "gc-live"(ptr %p) ]
  %78 = call i32 @llvm.experimental.constrained.fadd.f32(float %f, float %f, metadata !"round.dynamic", metadata !"fpexcept.strict") #0
  call void asm sideeffect "nop", "~{dirflag},~{fpsr},~{flags}"()
  %79 = call i32 asm "movl $1, $0", "=r,r"(i32 %a)
  %80 = call i32 asm sideeffect alignstack inteldialect "mov eax, eax", "=r"()
  %81 = call addrspace(0) i32 @self(i32 %a)
  %82 = load <vscale x 4 x i32>, ptr %p
  %83 = add <vscale x 4 x i32> %82, %82
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 0, i32 0, ptr elementtype(void ()) @fc, i32 0, i32 0, i32 0, i32 0)
  %s = add i32 %0, %later_def
  br i1 %c, label %bb1, label %bb2, !prof !8

bb1:
  %later_def = add i32 %a, 1
  %phi = phi i32 [ %a, %bb2 ], [ %later_def, %bb1 ], [ 0, %entry ]
  %phif = phi fast float [ %f, %entry ], [ %f, %bb1 ], [ %f, %bb2 ]
  switch i32 %phi, label %bb2 [
    i32 0, label %bb1
    i32 1, label %bb3
    i32 -5, label %bb3
  ]

bb2:
  indirectbr ptr %p, [label %bb1, label %bb3]

bb3:
  callbr void asm "", "r,!i"(i32 %a) to label %bb4 [label %bb5]

bb4:
  %cb = callbr i32 asm "", "=r,!i"() to label %bb5 [label %bb1]

bb5:
  br label %84

84:
  unreachable
}

define i32 @self(i32 %x) {
  ret i32 %x
}

define void @fc() {
  ret void
}

define void @later() {
entry:
  br label %target
target:
  ret void
}

declare float @fabsf(float)

define void @debug_records(i32 %x, ptr %p) !dbg !9 {
entry:
    #dbg_value(i32 %x, !5, !DIExpression(), !7)
    #dbg_declare(ptr %p, !5, !DIExpression(DW_OP_deref), !7)
    #dbg_assign(i32 %x, !5, !DIExpression(), !11, ptr %p, !DIExpression(), !7)
    #dbg_value(!DIArgList(i32 %x, i32 1), !5, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !7)
    #dbg_value(i32 poison, !5, !DIExpression(), !7)
    #dbg_value(!{}, !5, !DIExpression(), !7)
    #dbg_label(!12, !7)
  store i32 %x, ptr %p, align 4, !DIAssignID !11
  ret void, !dbg !7
}

define void @uselists(i32 %x) {
entry:
  %a = add i32 %x, 1
  %b = add i32 %x, 2
  %c = add i32 %x, 3
  ret void
  uselistorder i32 %x, { 2, 0, 1 }
}


define void @usesg() {
  store i32 1, ptr @g
  store i32 2, ptr @g
  ret void
}

uselistorder ptr @g, { 1, 0 }
uselistorder_bb @later, %target, { 1, 0 }

attributes #0 = { strictfp }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "a.c", directory: "/tmp", checksumkind: CSK_MD5, checksum: "0123456789abcdef0123456789abcdef")
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !DILocalVariable(name: "x", arg: 1, scope: !9, file: !1, line: 1, type: !6)
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!7 = !DILocation(line: 1, column: 5, scope: !9)
!8 = !{!"branch_weights", i32 10, i32 20}
!9 = distinct !DISubprogram(name: "debug_records", scope: !1, file: !1, line: 1, type: !10, scopeLine: 1, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{})
!10 = !DISubroutineType(types: !{null})
!11 = distinct !DIAssignID()
!12 = !DILabel(scope: !9, name: "lbl", file: !1, line: 2)
