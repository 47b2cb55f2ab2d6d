; EXPECT: 12:3: error: LandingPadInst needs to be in a function with a personality.
; LLVM: broken module: LandingPadInst needs to be in a function with a personality.
; NOTE: LLVM reports verifier errors without a position; loopwright points at the offending use or instruction.
declare void @g()

define void @f() {
entry:
  invoke void @g() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}
