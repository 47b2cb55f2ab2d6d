; RUN: loopwright -O3
; RUN: loopwright -passes='loop(loop-rotate),loop-unroll<O3;runtime;peeling;upperbound>'
; Found by mutate_ir (reduced with llvm-reduce-19): scalar evolution
; panicked with "attempt to add with overflow" in ConstantRange::sadd_sat
; (crates/analysis/src/scev/range.rs), reached through add_with_no_wrap
; with nsw while computing the range of the i128 phi %p (the `or disjoint`
; is an add with no wrap). The signed bounds of an i128 range fill i128,
; so adding them overflowed; a release build wrapped and clamped to the
; wrong end, making the range wrong. The sum now saturates. Only a debug
; build panics on this module; crates/analysis/tests/scev_range_overflow.rs
; checks the range itself.

define void @f0(i128 %a) {
entry:
  br label %bb10

bb10:
  %p = phi i128 [ 0, %entry ], [ %or, %bb11 ]
  br i1 false, label %bb17, label %bb11

bb11:
  %q = phi i128 [ 0, %bb10 ], [ -128, %bb18 ]
  %or = or disjoint i128 %q, 1
  br label %bb10

bb17:
  %gt = icmp sgt i128 %a, %p
  call void @llvm.assume(i1 %gt)
  br label %bb18

bb18:
  %i = phi i32 [ 0, %bb17 ], [ %dec, %bb32 ]
  br i1 false, label %bb32, label %bb11

bb20:
  ret void

bb32:
  %dec = add i32 %i, -1
  %more = icmp ugt i32 %dec, 0
  br i1 %more, label %bb18, label %bb20
}

declare void @llvm.assume(i1 noundef)
