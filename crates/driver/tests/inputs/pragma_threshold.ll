; A loop with `unroll(enable)` and a constant trip count of 300: its
; unrolled size (about 2,100 instructions) is below the default
; -pragma-unroll-threshold (16384), so it is fully unrolled; with the
; threshold at 10 it is not, and LLVM falls back to a partial count of 15.
target triple = "x86_64-unknown-linux-gnu"

define void @f(ptr %p) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = getelementptr inbounds i32, ptr %p, i64 %i
  %v = load i32, ptr %a, align 4
  %m1 = mul i32 %v, %v
  %m2 = mul i32 %m1, %v
  %m3 = xor i32 %m2, 17
  %m4 = mul i32 %m3, %m1
  store i32 %m4, ptr %a, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 300
  br i1 %c, label %loop, label %exit, !llvm.loop !0

exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.enable"}
