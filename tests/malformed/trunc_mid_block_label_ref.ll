; EXPECT: 5:15: error: found end of file when expecting more instructions
; LLVM: same
define void @f() {
entry:
  br label %lo