; EXPECT: 3:47: error: invalid field 'colour'
; LLVM: same
!0 = !DIFile(filename: "a.c", directory: "/", colour: 3)
