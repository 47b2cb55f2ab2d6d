; EXPECT: 8:1: error: redefinition of label '%b'
; LLVM: broken module: Terminator found in the middle of a basic block!
define void @f() {
entry:
  br label %b
b:
  br label %c
b:
  ret void
c:
  ret void
}
