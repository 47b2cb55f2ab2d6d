; EXPECT: 6:12: error: '%b' is not a basic block
; LLVM: same
define void @f() {
entry:
  %b = add i32 1, 2
  br label %b
b:
  ret void
}
