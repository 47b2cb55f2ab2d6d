; The CPU LLVM tunes for decides partial and runtime unrolling: the
; "tune-cpu" attribute, else "target-cpu", else none (i586: no loop buffer,
; no partial or runtime unrolling, and no call remark). The loop buffer
; sizes differ per CPU (28 generic, 50 Haswell, 72 Golden Cove, 96 Zen 3,
; 10 Atom, 0 Zen 1/2).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)
declare i32 @abs(i32)
define i32 @none(i32 %n) #0 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 1, %entry ], [ %z, %loop ]
  %v1 = xor i32 %acc, %i
  %v2 = mul i32 %v1, 3
  %v0 = add i32 %v2, 5
  %z = add i32 %v0, 0
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %z, %loop ]
  ret i32 %r
}
define i32 @tune_generic(i32 %n) #1 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 2, %entry ], [ %z, %loop ]
  %v1 = xor i32 %acc, %i
  %v2 = mul i32 %v1, 3
  %v0 = add i32 %v2, 5
  %z = add i32 %v0, 0
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %z, %loop ]
  ret i32 %r
}
define i32 @haswell_tuned_generic(i32 %n) #2 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 3, %entry ], [ %z, %loop ]
  %v1 = xor i32 %acc, %i
  %v2 = mul i32 %v1, 3
  %v0 = add i32 %v2, 5
  %z = add i32 %v0, 0
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %z, %loop ]
  ret i32 %r
}
define i32 @tuned_haswell(i32 %n) #3 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 4, %entry ], [ %z, %loop ]
  %v1 = xor i32 %acc, %i
  %v2 = mul i32 %v1, 3
  %v0 = add i32 %v2, 5
  %z = add i32 %v0, 0
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %z, %loop ]
  ret i32 %r
}
define i32 @znver1(i32 %n) #4 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 5, %entry ], [ %z, %loop ]
  %v1 = xor i32 %acc, %i
  %v2 = mul i32 %v1, 3
  %v0 = add i32 %v2, 5
  %z = add i32 %v0, 0
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %z, %loop ]
  ret i32 %r
}
define i32 @znver3(i32 %n) #5 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 6, %entry ], [ %z, %loop ]
  %v1 = xor i32 %acc, %i
  %v2 = mul i32 %v1, 3
  %v0 = add i32 %v2, 5
  %z = add i32 %v0, 0
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %z, %loop ]
  ret i32 %r
}
define i32 @atom(i32 %n) #6 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 7, %entry ], [ %z, %loop ]
  %v1 = xor i32 %acc, %i
  %v2 = mul i32 %v1, 3
  %v0 = add i32 %v2, 5
  %z = add i32 %v0, 0
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %z, %loop ]
  ret i32 %r
}
define i32 @alderlake(i32 %n) #7 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 8, %entry ], [ %z, %loop ]
  %v1 = xor i32 %acc, %i
  %v2 = mul i32 %v1, 3
  %v0 = add i32 %v2, 5
  %z = add i32 %v0, 0
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %z, %loop ]
  ret i32 %r
}
define i32 @znver4_call(i32 %n) #8 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 9, %entry ], [ %z, %loop ]
  %v1 = xor i32 %acc, %i
  %v2 = mul i32 %v1, 3
  %v0 = add i32 %v2, 5
  %z = call i32 @ext(i32 %v0)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %z, %loop ]
  ret i32 %r
}
define internal i32 @ext(i32 %x) noinline {
  %y = xor i32 %x, 1
  ret i32 %y
}

define i32 @main() {
entry:
  br label %loop

loop:
  %n = phi i32 [ 0, %entry ], [ %n.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s9, %loop ]
  %r0 = call i32 @none(i32 %n)
  %s1 = add i32 %s, %r0
  %r1 = call i32 @tune_generic(i32 %n)
  %s2 = add i32 %s1, %r1
  %r2 = call i32 @haswell_tuned_generic(i32 %n)
  %s3 = add i32 %s2, %r2
  %r3 = call i32 @tuned_haswell(i32 %n)
  %s4 = add i32 %s3, %r3
  %r4 = call i32 @znver1(i32 %n)
  %s5 = add i32 %s4, %r4
  %r5 = call i32 @znver3(i32 %n)
  %s6 = add i32 %s5, %r5
  %r6 = call i32 @atom(i32 %n)
  %s7 = add i32 %s6, %r6
  %r7 = call i32 @alderlake(i32 %n)
  %s8 = add i32 %s7, %r7
  %r8 = call i32 @znver4_call(i32 %n)
  %s9 = add i32 %s8, %r8
  %n.next = add nuw nsw i32 %n, 1
  %done = icmp eq i32 %n.next, 40
  br i1 %done, label %exit, label %loop

exit:
  %p = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %s9)
  ret i32 0
}

attributes #0 = { nounwind  }
attributes #1 = { nounwind "tune-cpu"="generic" }
attributes #2 = { nounwind "target-cpu"="haswell" "tune-cpu"="generic" }
attributes #3 = { nounwind "target-cpu"="x86-64" "tune-cpu"="haswell" }
attributes #4 = { nounwind "target-cpu"="znver1" }
attributes #5 = { nounwind "target-cpu"="znver3" }
attributes #6 = { nounwind "target-cpu"="atom" }
attributes #7 = { nounwind "target-cpu"="alderlake" }
attributes #8 = { nounwind "target-cpu"="znver4" }
