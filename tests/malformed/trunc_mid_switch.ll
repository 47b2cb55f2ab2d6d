; EXPECT: 7:1: error: expected type
; LLVM: same
define void @f(i32 %a) {
entry:
  switch i32 %a, label %d [
    i32 1, label %b
