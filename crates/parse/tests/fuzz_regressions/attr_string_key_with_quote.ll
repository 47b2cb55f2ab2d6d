; Round-trip failure (found by a hand-written probe of the roundtrip
; property): a string attribute key holding '"' was printed unescaped, as
; LLVM 19 does, so the print did not parse. The printer now escapes keys.
define void @f() "a\22b"="c\00d" {
  ret void
}
