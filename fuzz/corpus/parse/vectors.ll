; Vector operations: fixed and scalable vectors, shufflevector masks
; (including poison lanes and zeroinitializer splats), insert/extract,
; vector GEPs, masked/gather intrinsics, vector reductions, vector
; compares and selects, and vector-predicated intrinsics.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@cv = global <4 x i32> <i32 1, i32 2, i32 3, i32 4>
@cz = global <8 x i16> zeroinitializer
@cs = global <4 x ptr> <ptr @cv, ptr null, ptr @cz, ptr @cv>
@cb = global <8 x i1> <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>
@splat = global <4 x i32> splat (i32 7)

define <4 x float> @shuffles(<4 x float> %a, <4 x float> %b) {
  %rev = shufflevector <4 x float> %a, <4 x float> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %mix = shufflevector <4 x float> %rev, <4 x float> %b, <4 x i32> <i32 0, i32 4, i32 poison, i32 7>
  %wide = shufflevector <4 x float> %mix, <4 x float> %a, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %narrow = shufflevector <8 x float> %wide, <8 x float> undef, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  %splat = shufflevector <4 x float> %narrow, <4 x float> poison, <4 x i32> zeroinitializer
  ret <4 x float> %splat
}

define i32 @elements(<4 x i32> %v, i32 %x, i64 %idx) {
  %ins = insertelement <4 x i32> %v, i32 %x, i64 %idx
  %ins2 = insertelement <4 x i32> %ins, i32 5, i32 0
  %e = extractelement <4 x i32> %ins2, i64 2
  %e2 = extractelement <4 x i32> <i32 9, i32 8, i32 7, i32 6>, i32 %x
  %r = add i32 %e, %e2
  ret i32 %r
}

define <4 x i32> @arith(<4 x i32> %a, <4 x i32> %b) {
  %add = add nsw <4 x i32> %a, %b
  %mul = mul <4 x i32> %add, splat (i32 3)
  %shl = shl <4 x i32> %mul, <i32 1, i32 2, i32 3, i32 4>
  %cmp = icmp slt <4 x i32> %shl, %b
  %sel = select <4 x i1> %cmp, <4 x i32> %a, <4 x i32> %shl
  %ext = sext <4 x i1> %cmp to <4 x i32>
  %xor = xor <4 x i32> %sel, %ext
  ret <4 x i32> %xor
}

define <vscale x 4 x i32> @scalable(<vscale x 4 x i32> %a, i32 %s) {
  %ins = insertelement <vscale x 4 x i32> poison, i32 %s, i64 0
  %splat = shufflevector <vscale x 4 x i32> %ins, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer
  %add = add <vscale x 4 x i32> %a, %splat
  %z = add <vscale x 4 x i32> %add, zeroinitializer
  %vs = call i64 @llvm.vscale.i64()
  %step = call <vscale x 4 x i32> @llvm.stepvector.nxv4i32()
  %r = mul <vscale x 4 x i32> %z, %step
  ret <vscale x 4 x i32> %r
}

define void @scalable_mem(ptr %p, <vscale x 2 x double> %v) {
  %g = getelementptr <vscale x 2 x double>, ptr %p, i64 1
  store <vscale x 2 x double> %v, ptr %g, align 16
  %a = alloca <vscale x 2 x double>, align 16
  store <vscale x 2 x double> %v, ptr %a, align 16
  ret void
}

define <4 x ptr> @vector_gep(ptr %base, <4 x i64> %idx) {
  %g = getelementptr inbounds i32, ptr %base, <4 x i64> %idx
  %g2 = getelementptr i8, <4 x ptr> %g, i64 4
  %g3 = getelementptr [4 x i32], <4 x ptr> %g2, <4 x i64> zeroinitializer, <4 x i64> %idx
  ret <4 x ptr> %g3
}

define <4 x float> @masked(ptr %p, <4 x ptr> %ptrs, <4 x i1> %m, <4 x float> %pt) {
  %l = call <4 x float> @llvm.masked.load.v4f32.p0(ptr %p, i32 4, <4 x i1> %m, <4 x float> %pt)
  %g = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> %ptrs, i32 4, <4 x i1> %m, <4 x float> poison)
  %s = fadd <4 x float> %l, %g
  call void @llvm.masked.store.v4f32.p0(<4 x float> %s, ptr %p, i32 4, <4 x i1> %m)
  call void @llvm.masked.scatter.v4f32.v4p0(<4 x float> %s, <4 x ptr> %ptrs, i32 4, <4 x i1> %m)
  ret <4 x float> %s
}

define i32 @reductions(<8 x i32> %v, <4 x float> %f) {
  %a = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %v)
  %m = call i32 @llvm.vector.reduce.smax.v8i32(<8 x i32> %v)
  %x = call i32 @llvm.vector.reduce.xor.v8i32(<8 x i32> %v)
  %fs = call reassoc float @llvm.vector.reduce.fadd.v4f32(float 0.0, <4 x float> %f)
  %fi = fptosi float %fs to i32
  %s1 = add i32 %a, %m
  %s2 = add i32 %s1, %x
  %s3 = add i32 %s2, %fi
  ret i32 %s3
}

define <8 x i32> @vp(<8 x i32> %a, <8 x i32> %b, <8 x i1> %m, i32 %evl) {
  %r = call <8 x i32> @llvm.vp.add.v8i32(<8 x i32> %a, <8 x i32> %b, <8 x i1> %m, i32 %evl)
  ret <8 x i32> %r
}

define <2 x i64> @vec_casts(<4 x i32> %a, <2 x double> %d) {
  %b = bitcast <4 x i32> %a to <2 x i64>
  %t = fptosi <2 x double> %d to <2 x i64>
  %p = inttoptr <2 x i64> %t to <2 x ptr>
  %q = ptrtoint <2 x ptr> %p to <2 x i64>
  %r = add <2 x i64> %b, %q
  %fr = freeze <2 x i64> %r
  ret <2 x i64> %fr
}

define <4 x i32> @vec_loop(ptr %p, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <4 x i32> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %gep = getelementptr inbounds <4 x i32>, ptr %p, i64 %i
  %v = load <4 x i32>, ptr %gep, align 16
  %acc.next = add <4 x i32> %acc, %v
  %i.next = add nuw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !0

exit:
  ret <4 x i32> %acc.next
}

declare i64 @llvm.vscale.i64()
declare <vscale x 4 x i32> @llvm.stepvector.nxv4i32()
declare <4 x float> @llvm.masked.load.v4f32.p0(ptr, i32 immarg, <4 x i1>, <4 x float>)
declare <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr>, i32 immarg, <4 x i1>, <4 x float>)
declare void @llvm.masked.store.v4f32.p0(<4 x float>, ptr, i32 immarg, <4 x i1>)
declare void @llvm.masked.scatter.v4f32.v4p0(<4 x float>, <4 x ptr>, i32 immarg, <4 x i1>)
declare i32 @llvm.vector.reduce.add.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.smax.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.xor.v8i32(<8 x i32>)
declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)
declare <8 x i32> @llvm.vp.add.v8i32(<8 x i32>, <8 x i32>, <8 x i1>, i32)

!0 = distinct !{!0, !1, !2}
!1 = !{!"llvm.loop.isvectorized", i32 1}
!2 = !{!"llvm.loop.unroll.runtime.disable"}
