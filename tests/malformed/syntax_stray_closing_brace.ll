; EXPECT: 6:1: error: expected top-level entity
; LLVM: same
define void @f() {
  ret void
}
}
