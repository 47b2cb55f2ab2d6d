; EXPECT: 5:15: error: use of undefined type named 'Missing'
; LLVM: 5:15: error: Cannot allocate unsized type
; NOTE: LLVM reports the alloca of the undefined (opaque) type first: 'Cannot allocate unsized type'.
define void @f() {
  %x = alloca %Missing
  ret void
}
