; EXPECT: 4:1: error: name or string is not valid UTF-8 (not supported)
; LLVM: accepts
; NOTE: LLVM accepts names that are not UTF-8; loopwright does not support them yet (names are UTF-8 strings in its IR).
@"gÿ" = global i32 0
