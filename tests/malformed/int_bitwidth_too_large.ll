; EXPECT: 3:13: error: bitwidth for integer type out of range!
; LLVM: 3:13: error: expected type
@g = global i8388609 0
