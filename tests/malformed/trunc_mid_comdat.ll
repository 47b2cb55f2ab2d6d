; EXPECT: 3:12: error: unknown selection kind
; LLVM: same
$c = comdat