; EXPECT: 7:21: error: use of undefined value '%nope'
; LLVM: same
define i32 @f() {
entry:
  br label %h
h:
  %p = phi i32 [ 0, %nope ]
  ret i32 %p
}
