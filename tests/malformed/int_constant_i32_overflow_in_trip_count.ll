; EXPECT: ok
; EXPECT-WARNING: 12:30: warning: integer constant 4294967300 does not fit in 'i32'; truncated to 4 (as LLVM does)
; LLVM: accepts
; NOTE: LLVM truncates 4294967300 to 4 silently (the loop runs 4 times); loopwright does the same and warns.
define void @f(ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  store i32 %i, ptr %p, align 4
  %i.next = add nuw i32 %i, 1
  %c = icmp ult i32 %i.next, 4294967300
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
