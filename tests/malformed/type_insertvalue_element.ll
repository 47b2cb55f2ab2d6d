; EXPECT: 4:32: error: insertvalue operand and field disagree in type: 'i64' instead of 'i32'
; LLVM: same
define { i32 } @f({ i32 } %s) {
  %t = insertvalue { i32 } %s, i64 1, 0
  ret { i32 } %t
}
