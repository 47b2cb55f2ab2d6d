; EXPECT: 8:21: error: '%v' is not a basic block
; LLVM: same
define i32 @f() {
entry:
  %v = add i32 1, 2
  br label %h
h:
  %p = phi i32 [ 0, %v ]
  ret i32 %p
}
