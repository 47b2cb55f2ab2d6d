; RUN: loopwright -passes='loop-vectorize'
; RUN: loopwright -passes='loop-vectorize,lcssa,loop(loop-unroll-full),loop-vectorize' -unroll-partial-threshold=0 -unroll-max-count=0 -unroll-runtime=false -unroll-allow-remainder=true -vectorizer-min-trip-count=4 -force-target-num-vector-regs=32
; Found by pipeline (reduced with llvm-reduce-19): loop-vectorize
; panicked with "no entry found for key" in the transform
; (vectorize/transform.rs, the recurrence splice): %p3 is a first-order
; recurrence that nothing uses, so the planner made no recipe for its phi
; (only values something needs got one) but still spliced after its
; previous value %v17. The planner now keeps a recurrence's phi with its
; previous value, as LLVM's plan does (vectorize/plan.rs;
; plan_tests::an_unused_recurrence_is_vectorized).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define double @f0() {
entry:
  br label %bb1

bb1:                                              ; preds = %bb1, %entry
  %p2 = phi i8 [ 0, %entry ], [ %v18, %bb1 ]
  %p3 = phi i16 [ 0, %entry ], [ %v17, %bb1 ]
  %v17 = sub i16 0, 0
  %v18 = add i8 %p2, 1
  %v19 = icmp ne i8 %v18, 0
  br i1 %v19, label %bb1, label %bb3

bb3:                                              ; preds = %bb1
  ret double 0.000000e+00
}
