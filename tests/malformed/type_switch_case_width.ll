; EXPECT: 7:5: error: case value is not a constant integer
; LLVM: broken module: Switch constants must all be same type as switch value!
; NOTE: LLVM parses the case and rejects it in the verifier (Switch constants must all be same type as switch value!).
define void @f(i32 %a) {
entry:
  switch i32 %a, label %d [
    i64 1, label %d
  ]
d:
  ret void
}
