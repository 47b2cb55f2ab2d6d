; Loops whose bodies declare noalias scopes (what inlining a function with
; `noalias` parameters leaves in a loop). Every peeled copy of the body
; gets its own copies of the declared scopes (`!"<scope>:Peel0"`,
; `:Peel1`, ...), and every unrolled copy too (`:It1`, `:It2`, ...), so
; that the copies do not claim `noalias` across iterations (regression:
; such loops were not peeled at all, and unrolling shared the scopes
; between the copies).
; peel-test-options: -unroll-peel-count=2
; peel-test-options: -passes=loop-unroll-full
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

@.str = private unnamed_addr constant [7 x i8] c"%d %d\0A\00", align 1

declare i32 @printf(ptr, ...)
declare void @llvm.experimental.noalias.scope.decl(metadata)

; %prev is invariant after one iteration: peeled once.
define void @copy_first(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %prev = phi i32 [ 100, %entry ], [ 7, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !0)
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %pb = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %pa, align 4, !alias.scope !0
  %w = add i32 %v, %prev
  store i32 %w, ptr %pb, align 4, !noalias !0
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

; Three iterations: completely unrolled.
define void @copy3(ptr %a, ptr %b) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %pb = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %pa, align 4, !alias.scope !3, !noalias !0
  %v2 = shl i32 %v, 1
  store i32 %v2, ptr %pb, align 4, !noalias !5
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 3
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define i32 @main() {
entry:
  %a = alloca [6 x i32], align 4
  %b = alloca [6 x i32], align 4
  store i32 1, ptr %a, align 4
  %a1 = getelementptr inbounds i32, ptr %a, i64 1
  store i32 2, ptr %a1, align 4
  %a2 = getelementptr inbounds i32, ptr %a, i64 2
  store i32 3, ptr %a2, align 4
  %a3 = getelementptr inbounds i32, ptr %a, i64 3
  store i32 4, ptr %a3, align 4
  call void @copy_first(ptr %a, ptr %b, i64 4)
  call void @copy3(ptr %b, ptr %a)
  %x = load i32, ptr %a1, align 4
  %b3 = getelementptr inbounds i32, ptr %b, i64 3
  %y = load i32, ptr %b3, align 4
  %r = call i32 (ptr, ...) @printf(ptr @.str, i32 %x, i32 %y)
  ret i32 0
}

!0 = !{!1}
!1 = distinct !{!1, !2, !"copy: %a"}
!2 = distinct !{!2, !"copy"}
!3 = !{!4}
!4 = distinct !{!4, !2, !"copy3: %a"}
!5 = !{!4, !1}
