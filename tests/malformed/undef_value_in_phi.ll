; EXPECT: 7:18: error: use of undefined value '%ghost'
; LLVM: same
define i32 @f() {
entry:
  br label %h
h:
  %p = phi i32 [ %ghost, %entry ]
  ret i32 %p
}
