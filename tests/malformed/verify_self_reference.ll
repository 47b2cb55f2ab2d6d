; EXPECT: 8:16: error: Only PHI nodes may reference their own value! (value %x)
; LLVM: broken module: Only PHI nodes may reference their own value!
; NOTE: LLVM reports verifier errors without a position; loopwright points at the offending use or instruction.
define i32 @f(i32 %a) {
entry:
  br label %l
l:
  %x = add i32 %x, 1
  br label %l
}
