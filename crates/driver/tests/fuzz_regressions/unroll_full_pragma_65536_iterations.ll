; RUN: loopwright -passes='loop-unroll<O3>'
; RUN: loopwright -passes='loop(loop-rotate),loop-unroll<O3;runtime;peeling;upperbound>'
; Found by mutate_ir: a timeout (over 20 s; 107 s for the original
; module). A full-unroll pragma on a loop whose body folds away unrolls
; it whatever its trip count, here 65,536 iterations (the unrolled size
; stays below the pragma threshold; opt-19 does the same, in 90 s).
; unroll_loop (crates/transforms/src/unroll/transform.rs) was quadratic in
; the count: it added each copy's exit-phi entries one by one and removed
; the folded exits' entries one by one (each edit rewrites the phi's use
; lists), and recomputed the CFG before merging each latch. It now edits
; each phi once and merges all latches with one CFG: 1.8 s for this loop.

define i16 @f() {
entry:
  br label %loop

loop:
  %i = phi i16 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i16 %i, 1
  %c = icmp ne i16 %i.next, 0
  br i1 %c, label %loop, label %exit, !llvm.loop !0

exit:
  %r = phi i16 [ %i, %loop ]
  ret i16 %r
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.full"}
