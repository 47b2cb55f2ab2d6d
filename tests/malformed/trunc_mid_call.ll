; EXPECT: 6:23: error: expected type
; LLVM: same
declare void @g(i32, i32)

define void @f() {
  call void @g(i32 1, 