; EXPECT: 4:3: error: invalid value number (too large)!
; LLVM: 4:3: error: instruction expected to be numbered '%1' or greater
define void @f() {
  %99999999999999999999 = add i32 1, 2
  ret void
}
