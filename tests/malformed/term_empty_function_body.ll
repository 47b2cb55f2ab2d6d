; EXPECT: 4:1: error: function body requires at least one basic block
; LLVM: same
define void @f() {
}
