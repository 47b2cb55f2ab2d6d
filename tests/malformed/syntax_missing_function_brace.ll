; EXPECT: 4:3: error: expected '{' in function body
; LLVM: same
define void @f()
  ret void
}
