; EXPECT: 5:12: error: expected basic block name
; LLVM: 5:12: error: integer constant must have integer type
define void @f() {
entry:
  br label 5
}
