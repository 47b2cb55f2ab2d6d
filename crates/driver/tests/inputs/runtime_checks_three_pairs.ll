; Three run-time check pairs (a against b, c and d): the input of
; pipeline_opt::vectorizer_check_thresholds_as_opt19.
target triple = "x86_64-unknown-linux-gnu"
define void @f(ptr %a, ptr %b, ptr %c, ptr %d, i64 %n) {
entry:
  %g = icmp sgt i64 %n, 0
  br i1 %g, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %pc = getelementptr inbounds float, ptr %c, i64 %i
  %pd = getelementptr inbounds float, ptr %d, i64 %i
  %vb = load float, ptr %pb, align 4
  %vc = load float, ptr %pc, align 4
  %vd = load float, ptr %pd, align 4
  %s = fadd float %vb, %vc
  %t = fadd float %s, %vd
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  store float %t, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %x = icmp eq i64 %i.next, %n
  br i1 %x, label %exit, label %loop
exit:
  ret void
}
