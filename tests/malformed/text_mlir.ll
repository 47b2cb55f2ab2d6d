; EXPECT: 3:8: error: expected 'module asm'
; LLVM: same
module {
  func.func @f() {
    return
  }
}
