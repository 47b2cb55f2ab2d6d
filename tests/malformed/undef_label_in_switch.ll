; EXPECT: 6:18: error: use of undefined value '%nowhere'
; LLVM: same
define void @f(i32 %a) {
entry:
  switch i32 %a, label %d [
    i32 1, label %nowhere
  ]
d:
  ret void
}
