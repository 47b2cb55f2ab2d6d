; A forced interleave count of 4 with width 4 on a loop whose dependence
; distance is 4 lanes (pipeline_opt.rs, unsafe_forced_interleave_is_ignored):
; opt-19 vectorizes it by 4x4 and main prints -368185690 instead of
; 279880040; loopwright ignores the count, as LLVM after 19 does.
define void @f(ptr %a, ptr %b) {
entry:
  br label %loop
loop:
  %iv = phi i64 [ 4, %entry ], [ %iv.next, %loop ]
  %p = getelementptr i32, ptr %b, i64 %iv
  %q = getelementptr i8, ptr %p, i64 -16
  %x = load i32, ptr %q, align 4
  %r = getelementptr inbounds i32, ptr %a, i64 %iv
  %y = load i32, ptr %r, align 4
  %s = add nsw i32 %y, %x
  store i32 %s, ptr %p, align 4
  %iv.next = add nuw nsw i64 %iv, 1
  %c = icmp eq i64 %iv.next, 64
  br i1 %c, label %exit, label %loop, !llvm.loop !1
exit:
  ret void
}
!1 = distinct !{!1, !2, !3}
!2 = !{!"llvm.loop.interleave.count", i32 4}
!3 = !{!"llvm.loop.vectorize.width", i32 4}
@A = global [80 x i32] zeroinitializer
@B = global [80 x i32] zeroinitializer
declare i32 @printf(ptr, ...)
@fmt = constant [4 x i8] c"%d\0A\00"
define i32 @main() {
entry:
  br label %init
init:
  %i = phi i64 [ 0, %entry ], [ %i.next, %init ]
  %pa = getelementptr [80 x i32], ptr @A, i64 0, i64 %i
  %pb = getelementptr [80 x i32], ptr @B, i64 0, i64 %i
  %t = trunc i64 %i to i32
  store i32 %t, ptr %pa
  %t2 = mul i32 %t, 3
  store i32 %t2, ptr %pb
  %i.next = add i64 %i, 1
  %d = icmp eq i64 %i.next, 80
  br i1 %d, label %run, label %init
run:
  call void @f(ptr @A, ptr @B)
  br label %sum
sum:
  %j = phi i64 [ 0, %run ], [ %j.next, %sum ]
  %h = phi i32 [ 0, %run ], [ %h2, %sum ]
  %pj = getelementptr [80 x i32], ptr @B, i64 0, i64 %j
  %v = load i32, ptr %pj
  %hm = mul i32 %h, 31
  %h2 = add i32 %hm, %v
  %j.next = add i64 %j, 1
  %e = icmp eq i64 %j.next, 80
  br i1 %e, label %done, label %sum
done:
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %h2)
  ret i32 0
}
