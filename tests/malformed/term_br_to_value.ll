; EXPECT: 6:12: error: '%x' is not a basic block
; LLVM: same
define void @f() {
entry:
  %x = add i32 1, 2
  br label %x
}
