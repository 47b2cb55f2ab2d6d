; EXPECT: 3:1: error: expected top-level entity
; LLVM: same
--- |
  ; ModuleID = 'x'
...
---
name: f
body: |
  bb.0:
    RET 0
...
