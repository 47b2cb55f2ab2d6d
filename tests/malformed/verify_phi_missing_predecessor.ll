; EXPECT: 10:3: error: PHINode should have one entry for each predecessor of its parent basic block!
; LLVM: broken module: PHINode should have one entry for each predecessor of its parent basic block!
; NOTE: LLVM reports verifier errors without a position; loopwright points at the offending use or instruction.
define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %h
a:
  br label %h
h:
  %p = phi i32 [ 0, %entry ]
  ret i32 %p
}
