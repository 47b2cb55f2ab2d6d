; EXPECT: 7:12: error: void type only allowed for function results
; LLVM: same
define void @f() {
entry:
  br label %h
h:
  %p = phi void [ undef, %entry ]
  ret void
}
