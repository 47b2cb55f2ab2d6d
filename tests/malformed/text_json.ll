; EXPECT: 3:1: error: expected top-level entity
; LLVM: same
{"version": 1, "loops": []}
