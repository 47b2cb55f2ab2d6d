; EXPECT: 6:3: error: instructions returning void cannot have a name
; LLVM: same
declare void @g()

define void @f() {
  %r = call void @g()
  ret void
}
