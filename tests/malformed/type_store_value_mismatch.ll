; EXPECT: 4:13: error: '%w' defined with type 'i64' but expected 'i32'
; LLVM: same
define void @f(ptr %p, i64 %w) {
  store i32 %w, ptr %p
  ret void
}
