; EXPECT: 7:18: error: '%w' defined with type 'i64' but expected 'i32'
; LLVM: same
define i32 @f(i1 %c, i64 %w) {
entry:
  br label %h
h:
  %p = phi i32 [ %w, %entry ]
  ret i32 %p
}
