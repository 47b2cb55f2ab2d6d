; EXPECT: 7:13: error: invalid redefinition of function 'f'
; LLVM: same
define void @f() {
  ret void
}

define void @f() {
  ret void
}
