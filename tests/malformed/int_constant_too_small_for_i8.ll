; EXPECT: ok
; EXPECT-WARNING: 5:16: warning: integer constant -129 does not fit in 'i8'; truncated to 127 (as LLVM does)
; LLVM: accepts
; NOTE: LLVM truncates integer constants to their type silently; loopwright does the same and warns.
@g = global i8 -129
