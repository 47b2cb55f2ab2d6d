; EXPECT: 7:25: error: missing required field 'scope'
; LLVM: same
define void @f() !dbg !3 {
  ret void, !dbg !4
}

!4 = !DILocation(line: 1)
