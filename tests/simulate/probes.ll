; Full-unroll simulation conformance: hand-written loops with small constant
; (or bounded) trip counts. Each function probes one rule of LLVM 19's
; analyzeLoopUnrollCost: folded table loads (integer, float, double, i8
; bytes), zeroinitializer and struct initializers that do not fold, loads of
; another type, invariant values, branches and switches on the induction
; variable, early exits, calls (math library vs. opaque), pointer induction,
; nested and bounded loops, min/max and select, minsize/optsize costs.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"



@zero.t = dso_local constant [8 x i32] zeroinitializer
define i32 @zero() #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds [8 x i32], ptr @zero.t, i64 0, i64 %i
  %v = load i32, ptr %p
  %acc.next = add i32 %acc, %v
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 8
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %acc.next
}

@store.t = internal constant [6 x i16] [i16 3, i16 -1, i16 4, i16 1, i16 -5, i16 9]
define void @store(ptr %out, i32 %k) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds [6 x i16], ptr @store.t, i64 0, i64 %idx
  %v = load i16, ptr %p
  %w = sext i16 %v to i32
  %m = mul nsw i32 %w, %k
  %q = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 %m, ptr %q
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 6
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define i32 @ivbranch(ptr %a, i32 %k) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %is3 = icmp eq i32 %i, 3
  br i1 %is3, label %then, label %else
then:
  %x = load i32, ptr %a
  %x2 = mul i32 %x, %k
  %x3 = xor i32 %x2, %s
  %x4 = add i32 %x3, 17
  %x5 = shl i32 %x4, 2
  br label %latch
else:
  %y = add i32 %s, %k
  br label %latch
latch:
  %s.next = phi i32 [ %x5, %then ], [ %y, %else ]
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, 9
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}

define i32 @switch(ptr %a) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  switch i32 %i, label %def [ i32 0, label %c0
                              i32 2, label %c2
                              i32 4, label %c4 ]
c0:
  %l0 = load i32, ptr %a
  %r0 = mul i32 %l0, 3
  br label %latch
c2:
  %g2 = getelementptr inbounds i32, ptr %a, i64 1
  %l2 = load i32, ptr %g2
  %r2 = sub i32 %s, %l2
  br label %latch
c4:
  %g4 = getelementptr inbounds i32, ptr %a, i64 2
  %l4 = load i32, ptr %g4
  %r4 = shl i32 %l4, 2
  %r4b = xor i32 %r4, %s
  br label %latch
def:
  %rd = add i32 %s, 1
  br label %latch
latch:
  %s.next = phi i32 [ %r0, %c0 ], [ %r2, %c2 ], [ %r4b, %c4 ], [ %rd, %def ]
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, 6
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}

@dot.d = internal constant [5 x double] [double 5.000000e-01, double 1.250000e+00, double -2.000000e+00, double 3.750000e+00, double 1.250000e-01]
define double @dot(ptr %x) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.000000e+00, %entry ], [ %s.next, %loop ]
  %pd = getelementptr inbounds double, ptr @dot.d, i64 %i
  %dv = load double, ptr %pd
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %xv = load double, ptr %px
  %m = fmul double %dv, %xv
  %s.next = fadd double %s, %m
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 5
  br i1 %c, label %exit, label %loop
exit:
  ret double %s.next
}

@fsum.d = internal constant [7 x float] [float 5.000000e-01, float 1.250000e+00, float -2.000000e+00, float 3.750000e+00, float 1.250000e-01, float 2.0, float 3.0]
define float @fsum(float %y) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.000000e+00, %entry ], [ %s.next, %loop ]
  %pd = getelementptr inbounds float, ptr @fsum.d, i64 %i
  %dv = load float, ptr %pd
  %m = fmul float %dv, %dv
  %s.next = fadd float %s, %m
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 7
  br i1 %c, label %exit, label %loop
exit:
  %r = fadd float %s.next, %y
  ret float %r
}

@early.t = internal constant [10 x i8] c"\01\02\03\05\08\0D\15\22\37\59"
define i32 @early(i8 %key) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i8, ptr @early.t, i64 %i
  %v = load i8, ptr %p
  %eq = icmp eq i8 %v, %key
  br i1 %eq, label %found, label %latch
latch:
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 10
  br i1 %c, label %exit, label %loop
found:
  %r = trunc i64 %i to i32
  ret i32 %r
exit:
  ret i32 -1
}

@callsin.d = internal constant [4 x double] [double 1.0, double 2.0, double 3.0, double 4.0]
define double @callsin(double %y) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ %y, %entry ], [ %s.next, %loop ]
  %pd = getelementptr inbounds double, ptr @callsin.d, i64 %i
  %dv = load double, ptr %pd
  %sn = call double @sin(double %s) #1
  %m = fmul double %dv, %sn
  %s.next = fadd double %s, %m
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 4
  br i1 %c, label %exit, label %loop
exit:
  ret double %s.next
}

@callext.d = internal constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
define i32 @callext(i32 %y) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ %y, %entry ], [ %s.next, %loop ]
  %pd = getelementptr inbounds i32, ptr @callext.d, i64 %i
  %dv = load i32, ptr %pd
  %m = call i32 @ext(i32 %dv)
  %s.next = add i32 %s, %m
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 4
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}

define i64 @arith(ptr %a, i64 %k) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %v = load i64, ptr %p
  %m = mul i64 %v, %k
  %r = srem i64 %m, 16
  %i.next = add nuw nsw i64 %i, 1
  %d = udiv i64 %r, %i.next
  %q = mul i64 %v, %i
  %s1 = add i64 %s, %d
  %s.next = add i64 %s1, %q
  %c = icmp eq i64 %i.next, 7
  br i1 %c, label %exit, label %loop
exit:
  ret i64 %s.next
}

define void @ptriv(ptr %out, i32 %v) #0 {
entry:
  %end = getelementptr inbounds i8, ptr %out, i64 24
  br label %loop
loop:
  %p = phi ptr [ %out, %entry ], [ %p.next, %loop ]
  %x = load i32, ptr %p
  %y = add i32 %x, %v
  store i32 %y, ptr %p
  %p.next = getelementptr inbounds i8, ptr %p, i64 4
  %c = icmp eq ptr %p.next, %end
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

@nest.t = internal constant [4 x i32] [i32 7, i32 1, i32 8, i32 2]
define i32 @nest(ptr %a) #0 {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %olatch ]
  %so = phi i32 [ 0, %entry ], [ %s.lcssa, %olatch ]
  br label %inner
inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %s = phi i32 [ %so, %outer ], [ %s.next, %inner ]
  %pt = getelementptr inbounds i32, ptr @nest.t, i64 %i
  %tv = load i32, ptr %pt
  %ij = add i64 %i, %j
  %pa = getelementptr inbounds i32, ptr %a, i64 %ij
  %av = load i32, ptr %pa
  %m = mul i32 %tv, %av
  %s.next = add i32 %s, %m
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 4
  br i1 %c, label %olatch, label %inner
olatch:
  %s.lcssa = phi i32 [ %s.next, %inner ]
  %j.next = add nuw nsw i64 %j, 1
  %oc = icmp eq i64 %j.next, 3
  br i1 %oc, label %exit, label %outer
exit:
  ret i32 %s.lcssa
}

@bounded.t = internal constant [4 x i32] [i32 7, i32 1, i32 8, i32 2]
define i32 @bounded(i32 %n) #0 {
entry:
  %m = and i32 %n, 3
  %g = icmp eq i32 %m, 0
  br i1 %g, label %exit, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %idx = zext i32 %i to i64
  %pt = getelementptr inbounds i32, ptr @bounded.t, i64 %idx
  %tv = load i32, ptr %pt
  %sq = mul i32 %tv, %tv
  %s.next = add i32 %s, %sq
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, %m
  br i1 %c, label %loop, label %exit
exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}

define void @inv(ptr %out, ptr %src, i64 %a) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %ld = load i64, ptr %src
  %inv = mul i64 %a, 12345
  %inv2 = xor i64 %inv, %a
  %x = add i64 %ld, %inv2
  %p = getelementptr inbounds i64, ptr %out, i64 %i
  store i64 %x, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 5
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

@select.t = internal constant [8 x i32] [i32 3, i32 1, i32 4, i32 1, i32 5, i32 9, i32 2, i32 6]
define i32 @select(i32 %k) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %pt = getelementptr inbounds i32, ptr @select.t, i64 %i
  %tv = load i32, ptr %pt
  %big = icmp sgt i32 %tv, 3
  %pick = select i1 %big, i32 %tv, i32 %k
  %mx = call i32 @llvm.smax.i32(i32 %pick, i32 %s)
  %s.next = add i32 %mx, 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 8
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}

@mismatch.t = internal constant [8 x i8] c"\01\02\03\04\05\06\07\08"
define i32 @mismatch() #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %pt = getelementptr inbounds i32, ptr @mismatch.t, i64 %i
  %off = and i64 %i, 1
  %pt2 = getelementptr inbounds i8, ptr @mismatch.t, i64 %off
  %tv = load i32, ptr %pt2
  %s.next = add i32 %s, %tv
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 2
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}

@structinit.t = internal constant <{ i32, i32, [6 x i32] }> <{ i32 5, i32 6, [6 x i32] zeroinitializer }>
define i32 @structinit(i32 %k) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %pt = getelementptr inbounds i32, ptr @structinit.t, i64 %i
  %tv = load i32, ptr %pt
  %x = mul i32 %tv, %k
  %s.next = add i32 %s, %x
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 8
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}

@ten.t = internal constant [10 x i64] [i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10]
define void @ten(ptr %o, i64 %k) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pt = getelementptr inbounds i64, ptr @ten.t, i64 %i
  %tv = load i64, ptr %pt
  %x = mul i64 %tv, %k
  %y = sdiv i64 %x, 8
  %po = getelementptr inbounds i64, ptr %o, i64 %tv
  store i64 %y, ptr %po
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 10
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

@eleven.t = internal constant [11 x i64] [i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10]
define void @eleven(ptr %o, i64 %k) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pt = getelementptr inbounds i64, ptr @eleven.t, i64 %i
  %tv = load i64, ptr %pt
  %x = mul i64 %tv, %k
  %y = sdiv i64 %x, 8
  %po = getelementptr inbounds i64, ptr %o, i64 %tv
  store i64 %y, ptr %po
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 11
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

@minsize.t = internal constant [6 x i16] [i16 3, i16 -1, i16 4, i16 1, i16 -5, i16 9]
define void @minsize(ptr %out, i32 %k) #2 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds [6 x i16], ptr @minsize.t, i64 0, i64 %idx
  %v = load i16, ptr %p
  %w = sext i16 %v to i32
  %m = mul nsw i32 %w, %k
  %q = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 %m, ptr %q
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 6
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

@optsize.t = internal constant [6 x i16] [i16 3, i16 -1, i16 4, i16 1, i16 -5, i16 9]
define void @optsize(ptr %out, i32 %k) #3 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds [6 x i16], ptr @optsize.t, i64 0, i64 %idx
  %v = load i16, ptr %p
  %w = sext i16 %v to i32
  %m = mul nsw i32 %w, %k
  %q = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 %m, ptr %q
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 6
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define i32 @ext(i32 %x) #4 {
  %r = mul i32 %x, 3
  ret i32 %r
}

@buf = global [64 x i64] zeroinitializer
@fmt = private constant [5 x i8] c"%ld\0A\00"

define i32 @main() {
entry:
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i.next, %fill ]
  %p = getelementptr inbounds i64, ptr @buf, i64 %i
  %v = mul i64 %i, 7
  %w = sub i64 %v, 100
  store i64 %w, ptr %p
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, 64
  br i1 %c, label %run, label %fill
run:
  %r1 = call i32 @zero()
  call void @store(ptr @buf, i32 5)
  %r2 = call i32 @ivbranch(ptr @buf, i32 3)
  %r3 = call i32 @switch(ptr @buf)
  %r4 = call double @dot(ptr @buf)
  %r5 = call float @fsum(float 2.0)
  %r6 = call i32 @early(i8 21)
  %r7 = call double @callsin(double 0.5)
  %r8 = call i32 @callext(i32 4)
  %r9 = call i64 @arith(ptr @buf, i64 9)
  call void @ptriv(ptr @buf, i32 2)
  %r10 = call i32 @nest(ptr @buf)
  %r11 = call i32 @bounded(i32 7)
  call void @inv(ptr @buf, ptr @buf, i64 3)
  %r12 = call i32 @select(i32 2)
  %r13 = call i32 @mismatch()
  %r14 = call i32 @structinit(i32 3)
  call void @ten(ptr getelementptr (i8, ptr @buf, i64 128), i64 3)
  call void @eleven(ptr getelementptr (i8, ptr @buf, i64 256), i64 5)
  call void @minsize(ptr @buf, i32 7)
  call void @optsize(ptr @buf, i32 11)
  %a1 = add i32 %r1, %r2
  %a2 = xor i32 %a1, %r3
  %a3 = add i32 %a2, %r6
  %a4 = mul i32 %a3, 31
  %a5 = add i32 %a4, %r8
  %a6 = xor i32 %a5, %r10
  %a7 = add i32 %a6, %r11
  %a8 = add i32 %a7, %r12
  %a9 = xor i32 %a8, %r13
  %a10 = add i32 %a9, %r14
  %f1 = fmul double %r4, 1.000000e+03
  %f2 = fadd double %f1, %r7
  %g1 = fptosi double %f2 to i64
  %h1 = fpext float %r5 to double
  %h2 = fmul double %h1, 1.000000e+03
  %g2 = fptosi double %h2 to i64
  %b1 = sext i32 %a10 to i64
  %b2 = add i64 %b1, %g1
  %b3 = add i64 %b2, %g2
  %b4 = add i64 %b3, %r9
  br label %sum
sum:
  %j = phi i64 [ 0, %run ], [ %j.next, %sum ]
  %acc = phi i64 [ %b4, %run ], [ %acc.next, %sum ]
  %q = getelementptr inbounds i64, ptr @buf, i64 %j
  %x = load i64, ptr %q
  %acc.m = mul i64 %acc, 3
  %acc.next = xor i64 %acc.m, %x
  %j.next = add i64 %j, 1
  %d = icmp eq i64 %j.next, 64
  br i1 %d, label %done, label %sum
done:
  %pr = call i32 (ptr, ...) @printf(ptr @fmt, i64 %acc.next)
  ret i32 0
}
declare i32 @printf(ptr, ...)

declare double @sin(double) #1

declare i32 @llvm.smax.i32(i32, i32) #1

attributes #0 = { nounwind "target-cpu"="x86-64" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

attributes #2 = { minsize optsize nounwind "target-cpu"="x86-64" }

attributes #3 = { optsize nounwind "target-cpu"="x86-64" }

attributes #4 = { noinline nounwind "target-cpu"="x86-64" }
