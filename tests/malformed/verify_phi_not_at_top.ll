; EXPECT: 9:3: error: PHI nodes not grouped at top of basic block!
; LLVM: broken module: PHI nodes not grouped at top of basic block!
; NOTE: LLVM reports verifier errors without a position; loopwright points at the offending use or instruction.
define i32 @f() {
entry:
  br label %h
h:
  %x = add i32 1, 2
  %p = phi i32 [ 0, %entry ]
  ret i32 %p
}
