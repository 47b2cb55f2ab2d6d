; EXPECT: 4:13: error: expected icmp predicate (e.g. 'eq')
; LLVM: same
define i1 @f(i32 %a) {
  %c = icmp equal i32 %a, 0
  ret i1 %c
}
