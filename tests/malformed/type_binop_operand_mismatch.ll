; EXPECT: 4:20: error: '%b' defined with type 'i64' but expected 'i32'
; LLVM: same
define i32 @f(i32 %a, i64 %b) {
  %x = add i32 %a, %b
  ret i32 %x
}
