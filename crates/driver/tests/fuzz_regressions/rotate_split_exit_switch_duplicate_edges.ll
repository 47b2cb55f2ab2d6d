; RUN: loopwright -passes='loop-rotate'
; RUN: loopwright -passes='loop(loop-rotate),loop-unroll<O3;runtime;peeling;upperbound>'
; Found by mutate_ir: loopwright's output did not verify ("PHINode should
; have one entry for each predecessor" at `%split = phi` in
; %body.exit_crit_edge). After rotation, loop-rotate splits the exit edges
; leaving the loop (LLVM's SplitCriticalEdge with PreserveLCSSA) and gives
; each split block a phi per exit phi (createPHIsForSplitLoopExit). The
; switch of %body reaches %exit by two edges; the split takes both, so the
; new phi needs two entries for %body, not one. opt-19 splits each edge on
; its own (two blocks); loopwright moves both edges to one block.

define i32 @f(i32 %n) {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %c = icmp ult i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  switch i32 %i, label %latch [
    i32 3, label %exit
    i32 7, label %exit
  ]

latch:
  %i1 = add i32 %i, 1
  br label %h

exit:
  %r = phi i32 [ -1, %h ], [ %i, %body ], [ %i, %body ]
  ret i32 %r
}
