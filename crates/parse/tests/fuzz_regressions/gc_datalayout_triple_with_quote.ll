; Round-trip failure (found by a hand-written probe of the roundtrip
; property): the datalayout, the triple and gc names were printed
; unescaped, as LLVM 19 does, so a '"' in them made the print unparseable.
target datalayout = "e-\22"
target triple = "a\22b\5C"

define void @f() gc "a\22" {
  ret void
}
