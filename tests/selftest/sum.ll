; The input of the suites' self-tests (`*_self_test` in crates/driver/tests
; and the comparator tests there): a runnable program whose stores, `add`
; and debug records all matter, so that a self-test can break each on
; purpose and show that the suite's comparator notices. It prints 88.
;
; @sum's loop has an unknown trip count (it is peeled, runtime-unrolled
; or left alone); @main's has 8 iterations (fully unrolled).

source_filename = "sum.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@a = internal global [8 x i32] zeroinitializer, align 16
@fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1

declare i32 @printf(ptr, ...)

define internal i32 @sum(ptr %p, i64 %n) #0 !dbg !10 {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %q = getelementptr inbounds i32, ptr %p, i64 %i
  %x = load i32, ptr %q, align 4, !dbg !15
  %s.next = add i32 %s, %x, !dbg !15
    #dbg_value(i32 %s.next, !14, !DIExpression(), !15)
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit, !dbg !15

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r, !dbg !17
}

define i32 @main() !dbg !20 {
entry:
  br label %fill

fill:
  %i = phi i64 [ 0, %entry ], [ %i.next, %fill ]
  %t = trunc i64 %i to i32
  %m = mul i32 %t, 3
  %v = or i32 %m, 1
  %p = getelementptr inbounds [8 x i32], ptr @a, i64 0, i64 %i
  store i32 %v, ptr %p, align 4, !dbg !21
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 8
  br i1 %c, label %done, label %fill, !dbg !21

done:
  %s = call i32 @sum(ptr @a, i64 8), !dbg !22
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %s), !dbg !22
  ret i32 0, !dbg !22
}

attributes #0 = { noinline nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "sum.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!10 = distinct !DISubprogram(name: "sum", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !13)
!11 = !DISubroutineType(types: !12)
!12 = !{!16}
!13 = !{!14}
!14 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 2, type: !16)
!15 = !DILocation(line: 4, column: 7, scope: !10)
!16 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!17 = !DILocation(line: 5, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 8, type: !11, scopeLine: 8, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!21 = !DILocation(line: 10, column: 5, scope: !20)
!22 = !DILocation(line: 11, column: 3, scope: !20)
