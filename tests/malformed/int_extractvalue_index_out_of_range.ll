; EXPECT: 4:33: error: expected 32-bit integer (too large)
; LLVM: same
define i32 @f({ i32 } %s) {
  %x = extractvalue { i32 } %s, 4294967296
  ret i32 %x
}
