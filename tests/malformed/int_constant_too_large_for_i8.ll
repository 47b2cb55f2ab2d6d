; EXPECT: ok
; EXPECT-WARNING: 6:19: warning: integer constant 256 does not fit in 'i8'; truncated to 0 (as LLVM does)
; LLVM: accepts
; NOTE: LLVM truncates integer constants to their type silently; loopwright does the same and warns.
define i8 @f(i8 %a) {
  %x = add i8 %a, 256
  ret i8 %x
}
