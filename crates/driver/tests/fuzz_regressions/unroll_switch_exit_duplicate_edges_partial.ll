; RUN: loopwright -passes='loop-unroll-full'
; RUN: loopwright -O3
; RUN: loopwright -passes='loop-unroll<O3>'
; Found by mutate_ir: loopwright's output did not verify ("PHINode should
; have one entry for each predecessor of its parent basic block!"). The
; exiting block's switch reaches %bb6 by two edges. Unrolling by the
; pragma count 3 added to the exit phi one entry per copy of the exiting
; block instead of one per edge: unroll_loop
; (crates/transforms/src/unroll/transform.rs) walked a.cfg.succs(bb),
; which lists each successor once; it now adds one entry per edge
; (cfg.succ_edge_counts).

define double @f1() {
entry:
  br label %bb4

bb2:
  br label %bb4, !llvm.loop !0

bb4:
  %p1 = phi half [ 0xH3C00, %entry ], [ 0xH0000, %bb2 ]
  switch i64 0, label %bb2 [
    i64 1, label %bb6
    i64 0, label %bb6
  ]

bb6:
  %v7 = fneg half %p1
  ret double 0.000000e+00
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.count", i32 3}
