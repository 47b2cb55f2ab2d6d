; EXPECT: 4:3: error: instruction expected to be numbered '%1' or greater
; LLVM: same
define void @f() {
  %0 = add i32 1, 2
  %0 = add i32 1, 2
  ret void
}
