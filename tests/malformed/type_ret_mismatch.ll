; EXPECT: 4:7: error: value doesn't match function result type 'i32'
; LLVM: same
define i32 @f(i64 %b) {
  ret i64 %b
}
