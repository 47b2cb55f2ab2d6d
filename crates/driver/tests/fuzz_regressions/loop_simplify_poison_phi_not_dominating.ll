; RUN: loopwright -passes='loop-simplify'
; RUN: loopwright -O3
; Found by mutate_ir: loop-simplify's header-phi folding replaced
; `%p5 = phi [poison, %entry], [%v70, %bb14]` by %v70, which is defined in
; the loop and does not dominate the use in %bb13 ("Instruction does not
; dominate all uses"). Like undef, a poison entry allows folding to the
; other value only where that value dominates the header (LLVM's
; simplifyPHINode); opt-19 keeps the phi.

define double @f0() {
entry:
  br label %bb1

bb1:
  %p5 = phi i128 [ poison, %entry ], [ %v70, %bb14 ]
  br i1 false, label %bb14, label %bb13

bb13:
  %v54 = call i128 @llvm.ctpop.i128(i128 %p5)
  ret double 0.000000e+00

bb14:
  %v70 = xor i128 0, 0
  br label %bb1
}

declare i128 @llvm.ctpop.i128(i128)
