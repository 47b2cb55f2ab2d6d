; EXPECT: 4:13: error: invalid cast opcode for cast from 'i64' to 'i32'
; LLVM: same
define i32 @f(i64 %a) {
  %x = zext i64 %a to i32
  ret i32 %x
}
