; EXPECT: 8:3: error: PHI node has multiple entries for the same basic block with different incoming values!
; LLVM: broken module: PHI node has multiple entries for the same basic block with different incoming values!
; NOTE: LLVM reports verifier errors without a position; loopwright points at the offending use or instruction.
define i32 @f(i1 %c) {
entry:
  br i1 %c, label %h, label %h
h:
  %p = phi i32 [ 0, %entry ], [ 1, %entry ]
  ret i32 %p
}
