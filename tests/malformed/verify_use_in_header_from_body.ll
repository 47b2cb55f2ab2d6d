; EXPECT: 8:21: error: Instruction does not dominate all uses! (value %i.next)
; LLVM: broken module: Instruction does not dominate all uses!
; NOTE: LLVM reports verifier errors without a position; loopwright points at the offending use or instruction.
define void @f(i32 %n) {
entry:
  br label %h
h:
  %c = icmp ult i32 %i.next, %n
  br i1 %c, label %body, label %exit
body:
  %i.next = add i32 %n, 1
  br label %h
exit:
  ret void
}
