; RUN: loopwright -passes='loop-simplify'
; RUN: loopwright -passes='loop-unroll-full'
; Found by mutate_ir: loopwright's output did not parse ("expected '['"
; at `%p31 = phi i1`). loop-simplify makes the unreachable %bb17, which
; branches into the loop at %bb2, end in `unreachable`; that removed the
; only predecessor of %bb18 and left its phi without entries, which
; prints as `phi i1` and does not parse. Such phis are now deleted (uses
; become poison), as LLVM's removePredecessor does.

define double @f1() {
entry:
  br label %bb5

bb2:
  br label %bb5

bb5:
  br label %bb2

bb11:
  br label %bb11

bb17:
  switch i8 0, label %bb23 [
    i8 0, label %bb18
    i8 1, label %bb18
    i8 7, label %bb11
    i8 -1, label %bb2
  ]

bb18:
  %p31 = phi i1 [ false, %bb17 ], [ false, %bb17 ]
  br label %bb38

bb23:
  ret double 0.000000e+00

bb38:
  br label %bb38
}
