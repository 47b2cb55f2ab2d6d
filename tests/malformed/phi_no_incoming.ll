; EXPECT: 9:3: error: expected '['
; LLVM: broken module: PHINode should have one entry for each predecessor of its parent basic block!
; NOTE: LLVM parses a phi without incoming values and rejects it in the verifier.
define i32 @f() {
entry:
  br label %h
h:
  %p = phi i32
  ret i32 %p
}
