; RUN: loopwright -O3
; RUN: loopwright -passes='loop-unroll' -unroll-max-count=2 -unroll-peel-count=2 -unroll-runtime-multi-exit=false
; Found by pipeline (reduced with llvm-reduce-19): scalar evolution
; panicked with "attempt to add with overflow" in num_sign_bits
; (crates/analysis/src/scev/known.rs), for `ashr i128 0, -1`: the sign
; bits of the operand plus the shift amount, which as an i128 is
; 2^128 - 1, overflowed u128 (a release build wrapped to a too small
; count). The sum now saturates before it is capped at the width. Only a
; debug build panics on this module.

define void @f1() {
entry:
  br label %bb1

bb1:
  %p2 = phi i128 [ 0, %entry ], [ %v55, %bb1 ]
  %p3 = phi i128 [ 0, %entry ], [ %p2, %bb1 ]
  %v33 = icmp ugt i128 1, %p3
  call void @llvm.assume(i1 %v33)
  %v55 = ashr i128 0, -1
  br label %bb1
}

declare void @llvm.assume(i1 noundef)
