; EXPECT: 5:6: error: branch condition must have 'i1' type
; LLVM: same
define void @f(i32 %a) {
entry:
  br i32 %a, label %x, label %x
x:
  ret void
}
