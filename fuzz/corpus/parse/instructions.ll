; One of (nearly) every instruction with its optional flags: integer
; flags (nuw/nsw/exact/disjoint/nneg), trunc nuw/nsw, gep inbounds and
; nusw/nuw, icmp predicates, switch, select, freeze, va_arg, alloca
; variants, volatile and aligned memory ops with !nontemporal, !range,
; !noundef, !nonnull, !invariant.load, !align, !tbaa, and unreachable.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.s = type { i32, [4 x i64], { i8, ptr } }

define i32 @int_ops(i32 %a, i32 %b) {
  %1 = add nuw nsw i32 %a, %b
  %2 = sub nsw i32 %1, %a
  %3 = mul nuw i32 %2, 3
  %4 = udiv exact i32 %3, 3
  %5 = sdiv i32 %4, %b
  %6 = urem i32 %5, 7
  %7 = srem i32 %6, -7
  %8 = shl nuw nsw i32 %7, 2
  %9 = lshr exact i32 %8, 1
  %10 = ashr exact i32 %9, 1
  %11 = and i32 %10, 255
  %12 = or disjoint i32 %11, 256
  %13 = xor i32 %12, -1
  %14 = zext nneg i32 %13 to i64
  %15 = trunc nuw nsw i64 %14 to i32
  %16 = trunc nsw i64 %14 to i16
  %17 = sext i16 %16 to i32
  %18 = uitofp nneg i32 %17 to float
  %19 = fptoui float %18 to i32
  %r = add i32 %19, %15
  ret i32 %r
}

define i1 @compares(i32 %a, i32 %b, ptr %p, ptr %q) {
  %c0 = icmp eq i32 %a, %b
  %c1 = icmp ne i32 %a, %b
  %c2 = icmp ugt i32 %a, %b
  %c3 = icmp uge i32 %a, %b
  %c4 = icmp ult i32 %a, %b
  %c5 = icmp ule i32 %a, %b
  %c6 = icmp sgt i32 %a, %b
  %c7 = icmp sge i32 %a, %b
  %c8 = icmp slt i32 %a, %b
  %c9 = icmp sle i32 %a, %b
  %cp = icmp eq ptr %p, %q
  %x1 = xor i1 %c0, %c1
  %x2 = xor i1 %c2, %c3
  %x3 = xor i1 %c4, %c5
  %x4 = xor i1 %c6, %c7
  %x5 = xor i1 %c8, %c9
  %y1 = or i1 %x1, %x2
  %y2 = or i1 %x3, %x4
  %y3 = or i1 %x5, %cp
  %z = and i1 %y1, %y2
  %r = select i1 %z, i1 %y3, i1 false
  ret i1 %r
}

define ptr @geps(ptr %p, i64 %i, i32 %j) {
  %g1 = getelementptr %struct.s, ptr %p, i64 %i
  %g2 = getelementptr inbounds %struct.s, ptr %g1, i64 0, i32 1, i64 2
  %g3 = getelementptr nusw i8, ptr %g2, i64 -4
  %g4 = getelementptr nuw i8, ptr %g3, i64 4
  %g5 = getelementptr inbounds nuw %struct.s, ptr %g4, i32 %j, i32 2, i32 1
  %g6 = getelementptr [10 x [10 x i32]], ptr %g5, i64 0, i64 %i, i32 %j
  %g7 = getelementptr i8, ptr %g6
  ret ptr %g7
}

define i32 @memory(ptr %p, ptr %q) {
  %a = alloca i32, align 4
  %arr = alloca i64, i32 8, align 16
  %dyn = alloca i8, i64 100
  %v = load volatile i32, ptr %p, align 1
  %w = load i32, ptr %q, align 4, !range !0, !noundef !1
  %np = load ptr, ptr %q, align 8, !nonnull !1, !align !2, !dereferenceable !3
  %inv = load i32, ptr %np, align 4, !invariant.load !1, !tbaa !4
  store volatile i32 %v, ptr %a, align 4
  store i32 %w, ptr %arr, align 16, !nontemporal !8
  store i8 0, ptr %dyn
  %s = add i32 %v, %w
  %t = add i32 %s, %inv
  ret i32 %t
}

define i32 @control(i32 %x, ptr %p) {
entry:
  switch i32 %x, label %default [
    i32 0, label %zero
    i32 1, label %one
    i32 -2147483648, label %one
    i32 2147483647, label %zero
  ]

zero:
  br label %merge

one:
  %fr = freeze i32 %x
  br label %merge

default:
  %c = icmp sgt i32 %x, 100
  br i1 %c, label %merge, label %bad, !prof !9

bad:
  call void @abort()
  unreachable

merge:
  %r = phi i32 [ 0, %zero ], [ %fr, %one ], [ 100, %default ]
  switch i32 %r, label %out []

out:
  ret i32 %r
}

define i32 @varargs(i32 %n, ...) {
  %ap = alloca [1 x { i32, i32, ptr, ptr }], align 16
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  %ap2 = alloca [1 x { i32, i32, ptr, ptr }], align 16
  call void @llvm.va_copy.p0(ptr %ap2, ptr %ap)
  call void @llvm.va_end.p0(ptr %ap2)
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %v
}

define void @call_varargs() {
  %r = call i32 (i32, ...) @varargs(i32 2, i32 3, double 4.0, ptr null)
  ret void
}

define void @lifetimes() {
  %a = alloca [64 x i8], align 16
  call void @llvm.lifetime.start.p0(i64 64, ptr %a)
  call void @llvm.memset.p0.i64(ptr align 16 %a, i8 0, i64 64, i1 false)
  call void @llvm.memcpy.inline.p0.p0.i64(ptr %a, ptr %a, i64 0, i1 true)
  call void @llvm.lifetime.end.p0(i64 64, ptr %a)
  %st = call ptr @llvm.stacksave.p0()
  call void @llvm.stackrestore.p0(ptr %st)
  ret void
}

declare void @abort() noreturn nounwind
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_copy.p0(ptr, ptr)
declare void @llvm.va_end.p0(ptr)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg)
declare void @llvm.memcpy.inline.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64 immarg, i1 immarg)
declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)

!0 = !{i32 0, i32 10, i32 20, i32 30}
!1 = !{}
!2 = !{i64 8}
!3 = !{i64 4}
!4 = !{!5, !5, i64 0}
!5 = !{!"int", !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C/C++ TBAA"}
!8 = !{i32 1}
!9 = !{!"branch_weights", i32 2000, i32 1}
