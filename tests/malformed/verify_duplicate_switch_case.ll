; EXPECT: 8:5: error: duplicate case value in switch
; LLVM: same
; NOTE: LLVM reports verifier errors without a position; loopwright points at the offending use or instruction.
define void @f(i32 %a) {
entry:
  switch i32 %a, label %d [
    i32 1, label %d
    i32 1, label %d
  ]
d:
  ret void
}
