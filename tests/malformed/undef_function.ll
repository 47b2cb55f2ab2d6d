; EXPECT: 4:13: error: use of undefined value '@missing'
; LLVM: same
define void @f() {
  call void @missing(i32 1)
  ret void
}
