; EXPECT: 5:30: error: expected metadata node
; LLVM: 5:31: error: expected integer
define void @f() {
entry:
  br label %exit, !llvm.loop !"x"
exit:
  ret void
}
