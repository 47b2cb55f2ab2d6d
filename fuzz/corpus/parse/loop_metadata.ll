; LLVM's loop-transformation metadata model in full: loop IDs (distinct
; self-referential nodes) carrying unroll, unroll-and-jam, vectorize,
; interleave, distribute, pipeline, licm-versioning, mustprogress and
; disable_nonforced properties, followup attributes naming further loop
; IDs, parallel_accesses with access groups, and DILocation ranges; on
; loops of several shapes (nested, multi-latch, multi-exit, rotated,
; unrotated, and an irreducible cycle that is not a natural loop).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @unroll_variants(ptr %a, i64 %n) {
entry:
  br label %l1

l1:
  %i1 = phi i64 [ 0, %entry ], [ %i1.n, %l1 ]
  %g1 = getelementptr inbounds i32, ptr %a, i64 %i1
  store i32 1, ptr %g1, align 4
  %i1.n = add nuw nsw i64 %i1, 1
  %c1 = icmp ult i64 %i1.n, %n
  br i1 %c1, label %l1, label %l2.pre, !llvm.loop !0

l2.pre:
  br label %l2

l2:
  %i2 = phi i64 [ 0, %l2.pre ], [ %i2.n, %l2 ]
  %g2 = getelementptr inbounds i32, ptr %a, i64 %i2
  store i32 2, ptr %g2, align 4
  %i2.n = add nuw nsw i64 %i2, 1
  %c2 = icmp ult i64 %i2.n, 16
  br i1 %c2, label %l2, label %l3.pre, !llvm.loop !3

l3.pre:
  br label %l3

l3:
  %i3 = phi i64 [ 0, %l3.pre ], [ %i3.n, %l3 ]
  %g3 = getelementptr inbounds i32, ptr %a, i64 %i3
  store i32 3, ptr %g3, align 4
  %i3.n = add nuw nsw i64 %i3, 1
  %c3 = icmp ult i64 %i3.n, %n
  br i1 %c3, label %l3, label %l4.pre, !llvm.loop !5

l4.pre:
  br label %l4

l4:
  %i4 = phi i64 [ 0, %l4.pre ], [ %i4.n, %l4 ]
  %g4 = getelementptr inbounds i32, ptr %a, i64 %i4
  store i32 4, ptr %g4, align 4
  %i4.n = add nuw nsw i64 %i4, 1
  %c4 = icmp ult i64 %i4.n, %n
  br i1 %c4, label %l4, label %exit, !llvm.loop !10

exit:
  ret void
}

define void @vectorize_variants(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %v1

v1:
  %i = phi i64 [ 0, %entry ], [ %i.n, %v1 ]
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %x = load float, ptr %pb, align 4, !llvm.access.group !20
  %y = fmul float %x, 2.0
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  store float %y, ptr %pa, align 4, !llvm.access.group !20
  %i.n = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.n, %n
  br i1 %c, label %v1, label %v2.pre, !llvm.loop !21

v2.pre:
  br label %v2

v2:
  %j = phi i64 [ 0, %v2.pre ], [ %j.n, %v2 ]
  %s = phi float [ 0.0, %v2.pre ], [ %s.n, %v2 ]
  %pj = getelementptr inbounds float, ptr %a, i64 %j
  %xj = load float, ptr %pj, align 4
  %s.n = fadd reassoc float %s, %xj
  %j.n = add nuw nsw i64 %j, 1
  %cj = icmp ult i64 %j.n, %n
  br i1 %cj, label %v2, label %v3.pre, !llvm.loop !30

v3.pre:
  store float %s.n, ptr %b, align 4
  br label %v3

v3:
  %k = phi i64 [ 0, %v3.pre ], [ %k.n, %v3 ]
  %pk = getelementptr inbounds float, ptr %b, i64 %k
  store float 0.0, ptr %pk, align 4
  %k.n = add nuw nsw i64 %k, 1
  %ck = icmp ult i64 %k.n, %n
  br i1 %ck, label %v3, label %exit, !llvm.loop !40

exit:
  ret void
}

define void @unroll_and_jam(ptr %m, i64 %n) {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.n, %outer.latch ]
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.n, %inner ]
  %idx = mul nuw nsw i64 %i, %n
  %off = add nuw nsw i64 %idx, %j
  %p = getelementptr inbounds double, ptr %m, i64 %off
  %v = load double, ptr %p, align 8
  %v2 = fadd double %v, 1.0
  store double %v2, ptr %p, align 8
  %j.n = add nuw nsw i64 %j, 1
  %cj = icmp ult i64 %j.n, %n
  br i1 %cj, label %inner, label %outer.latch, !llvm.loop !50

outer.latch:
  %i.n = add nuw nsw i64 %i, 1
  %ci = icmp ult i64 %i.n, %n
  br i1 %ci, label %outer, label %exit, !llvm.loop !51

exit:
  ret void
}

define void @distribute(ptr noalias %a, ptr noalias %b, ptr noalias %c, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 1, %entry ], [ %i.n, %loop ]
  %im1 = add nsw i64 %i, -1
  %pb = getelementptr inbounds i32, ptr %b, i64 %im1
  %vb = load i32, ptr %pb, align 4
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %vb, ptr %pa, align 4
  %pa1 = getelementptr inbounds i32, ptr %a, i64 %im1
  %va = load i32, ptr %pa1, align 4
  %pc = getelementptr inbounds i32, ptr %c, i64 %i
  store i32 %va, ptr %pc, align 4
  %i.n = add nuw nsw i64 %i, 1
  %cmp = icmp ult i64 %i.n, %n
  br i1 %cmp, label %loop, label %exit, !llvm.loop !60

exit:
  ret void
}

define i32 @shapes(ptr %a, i32 %n, i1 %flag) {
entry:
  br label %header

header:                                           ; two latches
  %i = phi i32 [ 0, %entry ], [ %i.a, %latch.a ], [ %i.b, %latch.b ]
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  %v = load i32, ptr %p, align 4
  %neg = icmp slt i32 %v, 0
  br i1 %neg, label %early.exit, label %body

body:
  %odd = and i32 %v, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %latch.a, label %latch.b

latch.a:
  %i.a = add nsw i32 %i, 1
  %ca = icmp slt i32 %i.a, %n
  br i1 %ca, label %header, label %exit, !llvm.loop !70

latch.b:
  %i.b = add nsw i32 %i, 2
  %cb = icmp slt i32 %i.b, %n
  br i1 %cb, label %header, label %exit, !llvm.loop !70

early.exit:
  ret i32 -1

exit:
  %r = phi i32 [ %i.a, %latch.a ], [ %i.b, %latch.b ]
  br i1 %flag, label %irr.a, label %irr.b

irr.a:                                            ; irreducible cycle
  %x = phi i32 [ 0, %exit ], [ %y.n, %irr.b ]
  %x.n = add i32 %x, 1
  %xc = icmp slt i32 %x.n, 10
  br i1 %xc, label %irr.b, label %done

irr.b:
  %y = phi i32 [ 0, %exit ], [ %x.n, %irr.a ]
  %y.n = add i32 %y, 2
  %yc = icmp slt i32 %y.n, 10
  br i1 %yc, label %irr.a, label %done

done:
  %z = phi i32 [ %x.n, %irr.a ], [ %y.n, %irr.b ]
  %s = add i32 %r, %z
  ret i32 %s
}

define void @unrotated(ptr %a, i32 %n) {
entry:
  br label %cond

cond:
  %i = phi i32 [ 0, %entry ], [ %i.n, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  store i32 %i, ptr %p, align 4
  %i.n = add nsw i32 %i, 1
  br label %cond, !llvm.loop !80

exit:
  ret void
}

define void @infinite(ptr %a) {
entry:
  br label %loop

loop:
  %v = load volatile i32, ptr %a, align 4
  br label %loop, !llvm.loop !90
}

; Plain unroll properties, plus a mustprogress marker.
!0 = distinct !{!0, !1, !2}
!1 = !{!"llvm.loop.mustprogress"}
!2 = !{!"llvm.loop.unroll.count", i32 4}
!3 = distinct !{!3, !4}
!4 = !{!"llvm.loop.unroll.full"}
!5 = distinct !{!5, !6, !7, !8}
!6 = !{!"llvm.loop.unroll.enable"}
!7 = !{!"llvm.loop.unroll.followup_unrolled", !1, !9}
!8 = !{!"llvm.loop.unroll.followup_remainder", !9}
!9 = !{!"llvm.loop.unroll.disable"}
!10 = distinct !{!10, !9, !11, !12}
!11 = !{!"llvm.loop.unroll.runtime.disable"}
!12 = !{!"llvm.loop.licm_versioning.disable"}
; Vectorisation with parallel accesses and followups.
!20 = distinct !{}
!21 = distinct !{!21, !22, !23, !24, !25, !26, !27, !28, !29}
!22 = !{!"llvm.loop.parallel_accesses", !20}
!23 = !{!"llvm.loop.vectorize.enable", i1 true}
!24 = !{!"llvm.loop.vectorize.width", i32 8}
!25 = !{!"llvm.loop.vectorize.scalable.enable", i1 false}
!26 = !{!"llvm.loop.interleave.count", i32 2}
!27 = !{!"llvm.loop.vectorize.followup_vectorized", !1, !6}
!28 = !{!"llvm.loop.vectorize.followup_epilogue", !9}
!29 = !{!"llvm.loop.vectorize.predicate.enable", i1 true}
!30 = distinct !{!30, !31, !32, !33}
!31 = !{!"llvm.loop.vectorize.width", i32 4}
!32 = !{!"llvm.loop.vectorize.scalable.enable", i1 true}
!33 = !{!"llvm.loop.vectorize.followup_all", !34}
!34 = !{!"llvm.loop.isvectorized", i32 1}
!40 = distinct !{!40, !41, !42, !43}
!41 = !{!"llvm.loop.vectorize.enable", i1 false}
!42 = !{!"llvm.loop.interleave.count", i32 1}
!43 = !{!"llvm.loop.disable_nonforced"}
; Unroll-and-jam on the outer loop, with followups for each piece.
!50 = distinct !{!50, !1, !9}
!51 = distinct !{!51, !52, !53, !54, !55, !56, !57, !58}
!52 = !{!"llvm.loop.unroll_and_jam.enable"}
!53 = !{!"llvm.loop.unroll_and_jam.count", i32 4}
!54 = !{!"llvm.loop.unroll_and_jam.followup_outer", !9}
!55 = !{!"llvm.loop.unroll_and_jam.followup_inner", !1}
!56 = !{!"llvm.loop.unroll_and_jam.followup_remainder_outer", !9}
!57 = !{!"llvm.loop.unroll_and_jam.followup_remainder_inner", !9}
!58 = !{!"llvm.loop.unroll_and_jam.followup_all", !1}
; Distribution with followups.
!60 = distinct !{!60, !61, !62, !63, !64, !65}
!61 = !{!"llvm.loop.distribute.enable", i1 true}
!62 = !{!"llvm.loop.distribute.followup_coincident", !23}
!63 = !{!"llvm.loop.distribute.followup_sequential", !41}
!64 = !{!"llvm.loop.distribute.followup_fallback", !9}
!65 = !{!"llvm.loop.distribute.followup_all", !1}
; Shared loop ID on two latches; pipelining hints.
!70 = distinct !{!70, !71, !72}
!71 = !{!"llvm.loop.pipeline.disable", i1 true}
!72 = !{!"llvm.loop.pipeline.initiationinterval", i32 3}
!80 = distinct !{!80, !81, !82, !83}
!81 = !{!"llvm.loop.unroll_and_jam.disable"}
!82 = !{!"llvm.loop.distribute.enable", i1 false}
!83 = !{!"llvm.loop.unroll.count", i32 2}
; A loop ID whose first operand is not itself (ignored, but preserved).
!90 = !{!91, !1}
!91 = !{!"not-a-self-reference"}
