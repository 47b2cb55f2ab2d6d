; EXPECT: 7:1: error: expected instruction opcode
; LLVM: same
define void @f() {
entry:
  %x = add i32 1, 2

define void @g() {
  ret void
}
