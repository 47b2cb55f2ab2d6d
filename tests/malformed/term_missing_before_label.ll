; EXPECT: 6:1: error: expected instruction opcode
; LLVM: same
define void @f() {
entry:
  %x = add i32 1, 2
next:
  ret void
}
