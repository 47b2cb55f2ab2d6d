; RUN: loopwright -O3
; RUN: loopwright -passes='loop-vectorize'
; Found by the generator's vectorizer loops (fuzz_pipeline_replay's
; generated_loops_reach_the_vectorizer, reduced with llvm-reduce-19):
; loop-vectorize panicked with "entered unreachable code: checked by
; can_expand: the recurrence's loop is known" in the expander
; (utils/expand/addrec.rs). The loop %bb18 starts at %p44, the induction
; variable of the earlier loop %bb11, whose exit value scalar evolution
; cannot give (%bb11 never leaves): the wrap check of the later loop's
; induction variable expands that loop's recurrence {0,+,1}<%bb11>. The
; plan was checked with the function's loops (can_execute), but at top
; level the check blocks expanded it without them. Such values are now
; expanded in the preheader with the loops, as in a loop nest
; (vectorize/transform.rs); tests/vectorize/transform/after_search.c
; runs the same shape.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define double @f1(ptr %0, ptr %1) {
entry:
  br label %bb11

bb11:                                             ; preds = %bb14, %entry
  %p44 = phi i32 [ 0, %entry ], [ %v50, %bb14 ]
  br i1 true, label %bb14, label %bb11.bb18_crit_edge

bb11.bb18_crit_edge:                              ; preds = %bb11
  br label %bb18

bb14:                                             ; preds = %bb11
  %v50 = add i32 %p44, 1
  br label %bb11

bb18:                                             ; preds = %bb18, %bb11.bb18_crit_edge
  %p531 = phi i32 [ %v65, %bb18 ], [ %p44, %bb11.bb18_crit_edge ]
  %v58 = load i32, ptr %0, align 4
  %v64 = getelementptr i32, ptr %1, i32 %p531
  store i32 0, ptr %v64, align 4
  %v65 = add i32 %p531, 1
  %v66 = icmp ne i32 %p531, 0
  br i1 %v66, label %bb18, label %bb19

bb19:                                             ; preds = %bb18
  ret double 0.000000e+00
}
