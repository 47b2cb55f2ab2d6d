; EXPECT: 12:16: error: Instruction does not dominate all uses! (value %x)
; LLVM: broken module: Instruction does not dominate all uses!
; NOTE: LLVM reports verifier errors without a position; loopwright points at the offending use or instruction.
define i32 @f(i1 %c) {
entry:
  br i1 %c, label %l, label %e
l:
  %x = add i32 1, 2
  br i1 %c, label %l, label %e
e:
  %p = phi i32 [ 0, %entry ], [ %x, %l ]
  %q = add i32 %x, %p
  ret i32 %q
}
