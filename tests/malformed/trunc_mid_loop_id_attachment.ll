; EXPECT: 5:29: error: expected metadata node
; LLVM: 5:29: error: expected '!' here
define void @f() {
entry:
  br label %exit, !llvm.loop