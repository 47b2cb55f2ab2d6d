; EXPECT: 7:33: error: use of undefined value '%i.next'
; LLVM: same
define void @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %c = icmp ult i32 %i, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
