; EXPECT: 4:15: error: void type only allowed for function results
; LLVM: same
define void @f() {
  %x = alloca void
  ret void
}
