; EXPECT: 6:13: error: integer constant must have integer type
; LLVM: same
@g = global i32 0

define void @f() {
  call void 5()
  ret void
}
