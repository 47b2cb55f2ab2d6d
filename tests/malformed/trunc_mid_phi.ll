; EXPECT: 7:32: error: expected value token
; LLVM: same
define i32 @f(i1 %c) {
entry:
  br label %h
h:
  %p = phi i32 [ 0, %entry ], [