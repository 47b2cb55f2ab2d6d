; RUN: loopwright -O3
; RUN: loopwright -passes='loop-unroll-full'
; Found by mutate_ir: scalar evolution panicked ("index out of bounds")
; in get_min_max (crates/analysis/src/scev/expr.rs) on a min/max whose
; operands all fold to one constant equal to the kind's identity: the
; identity was stripped, leaving no operand. LLVM's getMinMaxExpr returns
; the folded constant first.

define i32 @f0() {
entry:
  br label %bb28

bb28:
  %p58 = phi i32 [ 0, %entry ], [ %spec.select, %bb28 ]
  %cond = icmp eq i32 %p58, 0
  %v117 = add i32 %p58, -1
  %spec.select = select i1 %cond, i32 -1, i32 %v117
  br label %bb28
}
