; EXPECT: 4:7: error: value doesn't match function result type 'void'
; LLVM: same
define void @f() {
  ret i32 0
}
