; EXPECT: 11:16: error: Instruction does not dominate all uses! (value %x)
; LLVM: broken module: Instruction does not dominate all uses!
; NOTE: LLVM reports verifier errors without a position; loopwright points at the offending use or instruction.
define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = add i32 1, 2
  br label %b
b:
  %y = add i32 %x, 1
  ret i32 %y
}
