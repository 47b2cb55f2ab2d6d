; Loads and stores written without `align` (LLVM reads the ABI alignment of
; their scalar type): the input of
; pipeline_opt::vector_accesses_keep_the_scalar_alignment.
target triple = "x86_64-unknown-linux-gnu"
define void @f(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %v = load float, ptr %pb
  %w = fadd float %v, 1.0
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  store float %w, ptr %pa
  %i.next = add nuw nsw i64 %i, 1
  %x = icmp eq i64 %i.next, %n
  br i1 %x, label %exit, label %loop
exit:
  ret void
}
