; A loop with several exits to unreachable blocks, no stores, and an
; exit condition reading an invariant pointer not known to be
; dereferenceable: LLVM peels one iteration so the load can be hoisted.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1
@g = global i32 9, align 4

declare i32 @printf(ptr, ...)
declare void @abort() noreturn nounwind

define i32 @count(ptr %lim, ptr %q, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %bad = icmp sgt i32 %i, 1000
  br i1 %bad, label %trap, label %body

body:
  %l = load i32, ptr %lim, align 4
  %over = icmp sge i32 %i, %l
  br i1 %over, label %trap, label %latch

latch:
  %v = load i32, ptr %q, align 4
  %s.next = add i32 %s, %v
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

trap:
  call void @abort()
  unreachable

exit:
  ret i32 %s.next
}

; The same with a dereferenceable limit: no peeling.
define i32 @count_deref(ptr dereferenceable(4) %lim, ptr %q, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %bad = icmp sgt i32 %i, 1000
  br i1 %bad, label %trap, label %body

body:
  %l = load i32, ptr %lim, align 4
  %over = icmp sge i32 %i, %l
  br i1 %over, label %trap, label %latch

latch:
  %v = load i32, ptr %q, align 4
  %s.next = add i32 %s, %v
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

trap:
  call void @abort()
  unreachable

exit:
  ret i32 %s.next
}

define i32 @main() {
entry:
  %a = call i32 @count(ptr @g, ptr @g, i32 5)
  %b = call i32 @count_deref(ptr @g, ptr @g, i32 3)
  %s = add i32 %a, %b
  %d = call i32 (ptr, ...) @printf(ptr @.str, i32 %s)
  ret i32 0
}
