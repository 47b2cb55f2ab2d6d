; loop-rotate on a header with #dbg_value(!DIArgList(...)) records. The
; header is copied into the entry block: the copy of a record must describe
; the values on entry (opt-19 writes `!DIArgList(i32 0, i32 0)` here), and
; the phis the rotation inserts get records of their own (LLVM's
; insertDebugValuesForPHIs, which also reads list entries). Regression: the
; copy kept the list of the original record, which then named %s.next and
; %i.next, values defined inside the loop, in the entry block.
; main prints a checksum.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@data = private unnamed_addr constant [6 x i32] [i32 2, i32 7, i32 1, i32 8, i32 2, i32 8]
@.fmt = private unnamed_addr constant [7 x i8] c"%d %d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @sum(ptr %p, i32 %n) !dbg !5 {
entry:
  br label %header, !dbg !12

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %body ]
    #dbg_value(!DIArgList(i32 %s, i32 %i), !10, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !12)
  %c = icmp slt i32 %i, %n, !dbg !12
  br i1 %c, label %body, label %exit, !dbg !12

body:
  %idx = sext i32 %i to i64, !dbg !12
  %a = getelementptr inbounds i32, ptr %p, i64 %idx, !dbg !12
  %v = load i32, ptr %a, align 4, !dbg !12
  %s.next = add i32 %s, %v, !dbg !12
  %i.next = add nsw i32 %i, 1, !dbg !12
  br label %header, !dbg !12

exit:
  ret i32 %s, !dbg !12
}

; The header computes a value (%t) that records in the exit block name, in
; a list and alone. The header's record is attached to its second
; instruction, which LLVM 19 does not copy into the entry block (only the
; records of the first instruction, and of one that follows a hoisted
; instruction, are copied). In the exit block, where no value of %t is
; available without a new phi, opt-19 writes `undef` (not `poison`).
define i32 @last(ptr %p, i32 %n) !dbg !13 {
entry:
  br label %header, !dbg !15

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %m = phi i32 [ 1, %entry ], [ %m.next, %body ]
  %t = mul i32 %m, 3, !dbg !15
    #dbg_value(!DIArgList(i32 %t, i32 %i), !14, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_minus, DW_OP_stack_value), !15)
  %c = icmp slt i32 %i, %n, !dbg !15
  br i1 %c, label %body, label %exit, !dbg !15

body:
  %idx = sext i32 %i to i64, !dbg !15
  %a = getelementptr inbounds i32, ptr %p, i64 %idx, !dbg !15
  %v = load i32, ptr %a, align 4, !dbg !15
  %m.next = add i32 %t, %v, !dbg !15
  %i.next = add nsw i32 %i, 1, !dbg !15
  br label %header, !dbg !15

exit:
  %r = phi i32 [ %t, %header ]
    #dbg_value(!DIArgList(i32 %t, i32 %n), !14, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !15)
    #dbg_value(i32 %t, !14, !DIExpression(), !15)
  ret i32 %r, !dbg !15
}

define i32 @main() {
entry:
  %a = call i32 @sum(ptr @data, i32 6)
  %b = call i32 @last(ptr @data, i32 5)
  %x = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %a, i32 %b)
  ret i32 0
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "dbg_arglist_rotate.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "sum", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !9)
!6 = !DISubroutineType(types: !7)
!7 = !{!8}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !{!10}
!10 = !DILocalVariable(name: "t", scope: !5, file: !1, line: 2, type: !8)
!12 = !DILocation(line: 3, column: 5, scope: !5)
!13 = distinct !DISubprogram(name: "last", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!14 = !DILocalVariable(name: "u", scope: !13, file: !1, line: 11, type: !8)
!15 = !DILocation(line: 12, column: 5, scope: !13)
!16 = !{!14}
