; EXPECT: 6:3: error: PHI nodes are not allowed in the entry block!
; LLVM: broken module: PHINode should have one entry for each predecessor of its parent basic block!
; NOTE: LLVM reports verifier errors without a position; loopwright points at the offending use or instruction.
define i32 @f() {
entry:
  %p = phi i32 [ 0, %entry ]
  ret i32 %p
}
