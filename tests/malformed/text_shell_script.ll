; EXPECT: 3:1: error: expected top-level entity
; LLVM: same
#!/bin/sh
opt-19 -S in.ll -o out.ll
