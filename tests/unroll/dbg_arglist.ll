; Debug records with !DIArgList locations in unrolled loops. Every copy of
; the body must keep its records, with the list entries remapped to the
; copy's values (regression: full and partial unrolling left the copies'
; lists naming the original loop's values, and full unrolling then dropped
; them as redundant; opt-19 keeps one remapped record per copy).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@data = private unnamed_addr constant [8 x i32] [i32 3, i32 1, i32 4, i32 1, i32 5, i32 9, i32 2, i32 6]
@.fmt = private unnamed_addr constant [7 x i8] c"%d %d\0A\00"

declare i32 @printf(ptr, ...)

; A constant trip count of 4: completely unrolled.
define i32 @sum4(ptr %p) !dbg !5 {
entry:
  br label %loop, !dbg !12

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %a = getelementptr inbounds i32, ptr %p, i64 %i, !dbg !12
  %v = load i32, ptr %a, align 4, !dbg !12
  %s.next = add i32 %s, %v, !dbg !12
    #dbg_value(!DIArgList(i32 %s.next, i64 %i), !10, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !12)
  %i.next = add nuw nsw i64 %i, 1, !dbg !12
  %c = icmp ult i64 %i.next, 4, !dbg !12
  br i1 %c, label %loop, label %exit, !dbg !12

exit:
  ret i32 %s.next, !dbg !12
}

; A trip count known only at run time: partially or runtime unrolled.
define i32 @sumn(ptr %p, i64 %n) !dbg !13 {
entry:
  %empty = icmp eq i64 %n, 0, !dbg !15
  br i1 %empty, label %exit, label %loop, !dbg !15

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
    #dbg_value(!DIArgList(i32 %s, i64 %i), !14, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_minus, DW_OP_stack_value), !15)
  %a = getelementptr inbounds i32, ptr %p, i64 %i, !dbg !15
  %v = load i32, ptr %a, align 4, !dbg !15
  %s.next = add i32 %s, %v, !dbg !15
  %i.next = add nuw nsw i64 %i, 1, !dbg !15
    #dbg_value(!DIArgList(i32 %s.next, i64 %i.next, i32 %v), !14, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_plus, DW_OP_stack_value), !15)
  %c = icmp ult i64 %i.next, %n, !dbg !15
  br i1 %c, label %loop, label %exit, !dbg !15

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r, !dbg !15
}

define i32 @main() {
entry:
  %a = call i32 @sum4(ptr @data)
  %b = call i32 @sumn(ptr @data, i64 7)
  %x = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %a, i32 %b)
  ret i32 0
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "dbg_arglist.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "sum4", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !9)
!6 = !DISubroutineType(types: !7)
!7 = !{!8}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !{!10}
!10 = !DILocalVariable(name: "t", scope: !5, file: !1, line: 2, type: !8)
!12 = !DILocation(line: 3, column: 5, scope: !5)
!13 = distinct !DISubprogram(name: "sumn", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!14 = !DILocalVariable(name: "u", scope: !13, file: !1, line: 11, type: !8)
!15 = !DILocation(line: 12, column: 5, scope: !13)
!16 = !{!14}
