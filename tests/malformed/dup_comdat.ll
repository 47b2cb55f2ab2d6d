; EXPECT: 4:1: error: redefinition of comdat '$c'
; LLVM: same
$c = comdat any
$c = comdat any
