; Identifier spelling: quoted global and local names with escapes and
; spaces, names that look like numbers, unnamed values and blocks with
; numeric labels, dotted/dollar names, \01-prefixed symbols, unicode bytes,
; module asm, source_filename with escapes, named metadata and module flags.
source_filename = "dir with spaces/na\22me.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm ".globl asm_symbol"
module asm "asm_symbol:"
module asm "  .quad 0 # \22quoted\22 \5C"

%"struct.with space" = type { i32 }
%struct.A.B = type { %"struct.with space", i8 }
%0 = type { i64 }
%"1" = type { i16 }

@"global with space" = global i32 1
@"\01mangled_asm_name" = global i32 2
@"quote\22inside" = global i32 3
@"\E2\82\AC" = global i32 4
@a.b.c = global i32 5
@"$dollar" = global i32 6
@_Z3fooi = global i32 7
@0 = private constant [2 x i8] c"x\00"
@1 = internal global %0 zeroinitializer
@"2" = global %"1" zeroinitializer
@-1 = global i8 0
@.dot = global i8 1

define i32 @"function with space"(i32 %"arg with space", i32 %0) {
"entry block":
  %"value.1" = add i32 %"arg with space", %0
  %2 = mul i32 %"value.1", 2
  %"3" = sub i32 %2, 1
  br label %"4"

"4":
  %5 = add i32 %"3", 1
  br label %6

6:
  %.dotted = add i32 %5, 1
  %-neg = add i32 %.dotted, 1
  %"\22q" = add i32 %-neg, 1
  ret i32 %"\22q"
}

define void @numbered_blocks(i1 %c) {
  br i1 %c, label %2, label %3

2:
  br label %3

3:
  %4 = phi i32 [ 0, %0 ], [ 1, %2 ]
  ret void
}

define void @"\01_weird"() {
  call void @numbered_blocks(i1 false)
  %1 = call i32 @"function with space"(i32 1, i32 2)
  %2 = load i32, ptr @"\E2\82\AC", align 4
  %3 = load i32, ptr @"\01mangled_asm_name", align 4
  %4 = load i8, ptr @-1, align 1
  ret void
}

!llvm.module.flags = !{!0, !1, !2, !3, !4, !5}
!llvm.ident = !{!6}
!named.with.dots = !{!7, !8}
!llvm.linker.options = !{!9}
!llvm.dependent-libraries = !{!10}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 5, !"appended", !{!"a"}}
!5 = !{i32 6, !"append-unique", !{!"b", !"c"}}
!6 = !{!"hand-written \22corpus\22 \E2\82\AC"}
!7 = !{!"a", i32 1, null, i64 -1, i1 true, !{}, !7}
!8 = distinct !{!8}
!9 = !{!"-lm"}
!10 = !{!"pthread"}
