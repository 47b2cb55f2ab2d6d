; EXPECT: ok
; EXPECT-WARNING: 6:10: warning: integer constant 2 does not fit in 'i1'; truncated to false (as LLVM does)
; LLVM: accepts
; NOTE: LLVM truncates integer constants to their type silently; loopwright does the same and warns.
define i1 @f() {
  ret i1 2
}
