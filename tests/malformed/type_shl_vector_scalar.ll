; EXPECT: 4:26: error: expected value token
; LLVM: same
define <2 x i32> @f(<2 x i32> %v) {
  %x = shl <2 x i32> %v, i32 1
  ret <2 x i32> %x
}
