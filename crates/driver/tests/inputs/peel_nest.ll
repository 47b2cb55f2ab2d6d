; A two-deep nest for the forced-peel size bound (pipeline_opt.rs,
; forced_peel_is_bounded): the inner loop is small, the outer one holds it.
; Also for unroll_conformance.rs, peeled_copies_of_child_loops_are_revisited:
; peeling the outer loop copies the inner one, which loop-unroll-full then
; peels too.
@a = global [64 x i32] zeroinitializer

define i32 @main() {
entry:
  br label %outer
outer:
  %j = phi i32 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %inner
inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
  %k = add i32 %i, %j
  %idx = and i32 %k, 63
  %p = getelementptr inbounds [64 x i32], ptr @a, i32 0, i32 %idx
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, %i
  store i32 %w, ptr %p, align 4
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 37
  br i1 %c, label %inner, label %outer.latch
outer.latch:
  %j.next = add nuw nsw i32 %j, 1
  %d = icmp ult i32 %j.next, 11
  br i1 %d, label %outer, label %exit
exit:
  %q = getelementptr inbounds [64 x i32], ptr @a, i32 0, i32 5
  %r = load i32, ptr %q, align 4
  ret i32 %r
}
