; Loops that are not in loop-simplify form, with a main to run them:
; - @two_entries: the header is entered from two blocks (no preheader),
;   and the exit block is shared with code outside the loop;
; - @two_latches: two backedges, and header phis fed differently by them;
; - @dead_pred: an unreachable block branches into the loop body.
; Each prints nothing itself; main prints a checksum.

@.fmt = private unnamed_addr constant [5 x i8] c"%ld\0A\00"

declare i32 @printf(ptr, ...)

define i64 @two_entries(i64 %n, i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  %x = add i64 %n, 1
  br label %header

b:
  %y = mul i64 %n, 2
  %small = icmp ult i64 %y, 5
  br i1 %small, label %exit, label %header

header:
  %i = phi i64 [ 0, %a ], [ 3, %b ], [ %i.next, %body ]
  %s = phi i64 [ %x, %a ], [ %y, %b ], [ %s.next, %body ]
  %done = icmp uge i64 %i, %n
  br i1 %done, label %exit, label %body

body:
  %s.next = add i64 %s, %i
  %i.next = add i64 %i, 1
  br label %header

exit:
  %r = phi i64 [ %s, %header ], [ 77, %b ]
  ret i64 %r
}

define i64 @two_latches(i64 %n) {
entry:
  br label %header

header:
  %i = phi i64 [ 0, %entry ], [ %i1, %even ], [ %i2, %odd ]
  %s = phi i64 [ 0, %entry ], [ %s1, %even ], [ %s2, %odd ]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %body, label %exit

body:
  %bit = and i64 %i, 1
  %is.odd = icmp ne i64 %bit, 0
  br i1 %is.odd, label %odd, label %even

even:
  %s1 = add i64 %s, %i
  %i1 = add i64 %i, 1
  br label %header

odd:
  %t = mul i64 %i, 3
  %s2 = sub i64 %s, %t
  %i2 = add i64 %i, 1
  br label %header

exit:
  %r = add i64 %s, %i
  ret i64 %r
}

define i64 @dead_pred(i64 %n) {
entry:
  br label %header

header:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i64 [ 5, %entry ], [ %s.next, %latch ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %exit

body:
  %k = phi i64 [ %i, %header ], [ 100, %dead ]
  %s.next = add i64 %s, %k
  br label %latch

latch:
  %i.next = add i64 %i, 2
  br label %header

dead:
  br label %body

exit:
  ret i64 %s
}

define i32 @main() {
entry:
  br label %loop

loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc3, %loop ]
  %odd = trunc i64 %k to i1
  %r1 = call i64 @two_entries(i64 %k, i1 %odd)
  %r2 = call i64 @two_latches(i64 %k)
  %r3 = call i64 @dead_pred(i64 %k)
  %acc1 = add i64 %acc, %r1
  %acc2 = mul i64 %acc1, 3
  %acc2b = add i64 %acc2, %r2
  %acc3 = xor i64 %acc2b, %r3
  %k.next = add i64 %k, 1
  %again = icmp ult i64 %k.next, 20
  br i1 %again, label %loop, label %done

done:
  %p = call i32 (ptr, ...) @printf(ptr @.fmt, i64 %acc3)
  ret i32 0
}
