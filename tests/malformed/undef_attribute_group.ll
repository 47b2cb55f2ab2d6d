; EXPECT: 4:18: error: unresolved attribute group reference '#3'
; LLVM: accepts
; NOTE: LLVM accepts a reference to an undefined attribute group and drops it silently; loopwright rejects it (a file cut before its `attributes` lines is the usual cause).
define void @f() #3 {
  ret void
}
