; EXPECT: 4:24: error: '%b' defined with type 'i64' but expected 'i32'
; LLVM: same
define i1 @f(i32 %a, i64 %b) {
  %c = icmp eq i32 %a, %b
  ret i1 %c
}
