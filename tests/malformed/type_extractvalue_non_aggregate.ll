; EXPECT: 4:21: error: extractvalue operand must be aggregate type
; LLVM: same
define i32 @f(i32 %a) {
  %x = extractvalue i32 %a, 0
  ret i32 %x
}
