; EXPECT: 5:16: error: Instruction does not dominate all uses! (value %x)
; LLVM: broken module: Instruction does not dominate all uses!
; NOTE: LLVM reports verifier errors without a position; loopwright points at the offending use or instruction.
define i32 @f(i32 %a) {
  %y = add i32 %x, 1
  %x = add i32 %a, 1
  ret i32 %y
}
