; RUN: loopwright -passes='loop-unroll-full'
; RUN: loopwright -O3
; Found by mutate_ir (fixed in crates/transforms/src/unroll/transform.rs).
; The same cause as unroll_switch_exit_duplicate_edges_partial.ll, in a
; full unroll (2 iterations): the copy of %bb22's switch reaches %bb21 by
; two edges and the phi in %bb21 got one entry for it.

define void @f0() {
entry:
  br label %bb11

bb11:
  br label %bb22

bb21:
  %p54 = phi ptr [ null, %bb22 ], [ null, %bb22 ], [ null, %bb25 ]
  br label %bb11

bb22:
  %p47 = phi i32 [ 0, %bb11 ], [ 1, %bb25 ]
  switch i32 0, label %bb21 [
    i32 0, label %bb21
    i32 1, label %bb25
  ]

bb25:
  %v99 = icmp sle i32 %p47, 0
  br i1 %v99, label %bb22, label %bb21
}
