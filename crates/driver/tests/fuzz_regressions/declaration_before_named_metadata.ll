; RUN: loopwright -passes='verify'
; RUN: loopwright -O3
; Found by mutate_ir: a declaration followed by named metadata did not
; parse ("expected metadata node"). The parser read `!llvm.module.flags`
; as an attachment of the declaration; LLVM writes a declaration's
; attachments before its header (`declare !dbg !0 void @g()`), so a `!name`
; after the header starts the next top-level entity.

define void @f() {
entry:
  call void @g(i32 0)
  ret void
}

declare void @g(i32)
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
