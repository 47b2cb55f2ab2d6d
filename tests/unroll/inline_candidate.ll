; A local function called once, from a loop of the function being unrolled: LLVM
; counts that call (hasOneLiveUse), sees an inline candidate and leaves the
; loop alone. The call sits in the function lent out of the module while the
; pass runs, and must be counted all the same.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define internal i32 @g(i32 %x) {
  %y = mul i32 %x, 7
  ret i32 %y
}

define i32 @f(ptr %p) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %a = getelementptr inbounds i32, ptr %p, i64 %i
  %x = load i32, ptr %a, align 4
  %c = call i32 @g(i32 %x)
  %s.next = add i32 %s, %c
  %i.next = add nuw nsw i64 %i, 1
  %cmp = icmp ult i64 %i.next, 4
  br i1 %cmp, label %loop, label %exit

exit:
  %r = phi i32 [ %s.next, %loop ]
  ret i32 %r
}
