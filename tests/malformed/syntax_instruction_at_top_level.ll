; EXPECT: 3:6: error: expected 'type' after name
; LLVM: same
%x = add i32 1, 2
