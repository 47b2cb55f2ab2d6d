; callbr (asm goto) with and without outputs, multiple indirect targets,
; and a loop whose latch is a callbr.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @asm_goto(i32 %x) {
entry:
  callbr void asm sideeffect "testl $0, $0; jz ${1:l}", "r,!i,~{dirflag},~{fpsr},~{flags}"(i32 %x)
          to label %fallthrough [label %zero]

fallthrough:
  ret i32 1

zero:
  ret i32 0
}

define i32 @asm_goto_outputs(i32 %x) {
entry:
  %r = callbr i32 asm "movl $1, $0; cmpl $$10, $1; jg ${2:l}; jl ${3:l}", "=r,r,!i,!i,~{dirflag},~{fpsr},~{flags}"(i32 %x)
          to label %normal [label %big, label %small]

normal:
  ret i32 %r

big:
  %neg = sub i32 0, %r
  ret i32 %neg

small:
  %p = phi i32 [ %r, %entry ]
  ret i32 %p
}

define i64 @callbr_loop(ptr %p, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %check ], [ %i.next, %retry ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %check ], [ %acc.next, %retry ]
  %gep = getelementptr inbounds i64, ptr %p, i64 %i
  %v = load i64, ptr %gep, align 8
  %acc.next = add i64 %acc, %v
  %i.next = add nuw i64 %i, 1
  br label %latch

latch:
  %cmp = icmp ult i64 %i.next, %n
  callbr void asm "", "r,!i"(i1 %cmp) to label %check [label %retry]

check:
  br i1 %cmp, label %loop, label %exit

retry:
  br label %loop

exit:
  ret i64 %acc.next
}
