; loop-rotate on a header that declares a noalias scope. As LLVM 19 does,
; the declaration is cloned again at the top of the new header, and the
; scope gets new copies for the rotated header (`!"<scope>:h.rot"`) and for
; the code copied into the entry block (`:pre.rot`), so that the copy in
; the entry block and the iterations do not claim noalias across the
; rotation (regression: the scope was shared and the new header declared
; nothing). main prints a checksum.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@src = private unnamed_addr constant [6 x i32] [i32 5, i32 9, i32 1, i32 7, i32 200, i32 4]
@.fmt = private unnamed_addr constant [7 x i8] c"%d %d\0A\00"

declare i32 @printf(ptr, ...)
declare void @llvm.experimental.noalias.scope.decl(metadata)

; Copies values below 100 until the first that is not.
define i32 @copy_small(ptr %a, ptr %b) {
entry:
  br label %header

header:
  %p = phi ptr [ %a, %entry ], [ %p.next, %body ]
  %q = phi ptr [ %b, %entry ], [ %q.next, %body ]
  %n = phi i32 [ 0, %entry ], [ %n.next, %body ]
  call void @llvm.experimental.noalias.scope.decl(metadata !0)
  %v = load i32, ptr %p, align 4, !alias.scope !0
  %c = icmp slt i32 %v, 100
  br i1 %c, label %body, label %exit

body:
  store i32 %v, ptr %q, align 4, !noalias !0
  %p.next = getelementptr inbounds i32, ptr %p, i64 1
  %q.next = getelementptr inbounds i32, ptr %q, i64 1
  %n.next = add nuw nsw i32 %n, 1
  br label %header

exit:
  ret i32 %n
}

define i32 @main() {
entry:
  %b = alloca [6 x i32], align 4
  %n = call i32 @copy_small(ptr @src, ptr %b)
  %b3 = getelementptr inbounds i32, ptr %b, i64 3
  %x = load i32, ptr %b3, align 4
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %n, i32 %x)
  ret i32 0
}

!0 = !{!1}
!1 = distinct !{!1, !2, !"copy_small: %a"}
!2 = distinct !{!2, !"copy_small"}
