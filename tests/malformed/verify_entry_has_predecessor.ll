; EXPECT: 5:1: error: Entry block to function must not have predecessors!
; LLVM: broken module: Entry block to function must not have predecessors!
; NOTE: LLVM reports verifier errors without a position; loopwright points at the offending use or instruction.
define void @f() {
entry:
  br label %entry
}
