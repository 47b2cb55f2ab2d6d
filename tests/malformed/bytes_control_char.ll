; EXPECT: 4:3: error: invalid character in input
; LLVM: 4:3: error: expected instruction opcode
define void @f() {
  ret void
}
