; EXPECT: 7:16: error: expected '['
; LLVM: 7:16: error: expected instruction opcode
define i32 @f() {
entry:
  br label %h
h:
  %p = phi i32 0, %entry ]
  ret i32 %p
}
