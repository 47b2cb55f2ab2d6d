; EXPECT: 4:15: error: select condition must be i1 or <n x i1>
; LLVM: same
define i32 @f(i32 %a) {
  %s = select i32 %a, i32 1, i32 2
  ret i32 %s
}
