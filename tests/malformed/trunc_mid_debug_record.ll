; EXPECT: 5:24: error: expected metadata node
; LLVM: 5:24: error: expected '!' here
define void @f(i32 %a) {
entry:
    #dbg_value(i32 %a, 