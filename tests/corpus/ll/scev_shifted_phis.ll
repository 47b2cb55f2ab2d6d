; Header phis whose next value, shifted back one iteration, starts where the
; phi starts (ScalarEvolution's shift and init rewriters): they are that
; shifted expression, or the common invariant value.
define i32 @same_invariant(i32 %a, i32 %n) {
entry:
  %a6 = add i32 %a, 6
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %y = phi i32 [ %a6, %entry ], [ %b6, %loop ]
  %x = phi i32 [ %a6, %entry ], [ %y, %loop ]
  %b6 = add i32 %a, 6
  %t = add i32 %x, %y
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  ret i32 %t
}

define i64 @lagging_iv(i64 %n) {
entry:
  br label %loop

loop:
  %j = phi i64 [ 1, %entry ], [ %j.next, %loop ]
  %i = phi i64 [ 0, %entry ], [ %j, %loop ]
  %k = phi i64 [ 10, %entry ], [ %j10, %loop ]
  %j10 = add i64 %j, 10
  %j.next = add nuw nsw i64 %j, 1
  %c = icmp eq i64 %j.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = add i64 %i, %k
  ret i64 %r
}

define i32 @constant_after_peel(i32 %n) {
entry:
  %five = add i32 5, 0
  %six = add i32 %five, 1
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %y = phi i32 [ %six, %entry ], [ 6, %loop ]
  %x = phi i32 [ %six, %entry ], [ %y, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %t = add i32 %x, 5
  %s.next = add i32 %s, %t
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  ret i32 %s.next
}
