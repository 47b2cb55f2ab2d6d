; Every floating-point format with decimal and hex literals: half (0xH),
; bfloat (0xR), float/double (0x), x86_fp80 (0xK), fp128 (0xL),
; ppc_fp128 (0xM); special values, fast-math flags, constrained intrinsics,
; and conversions between all of them.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@h = global half 0xH3C00
@h.nan = global half 0xH7E00
@h.inf = global half 0xHFC00
@h.denorm = global half 0xH0001
@bf = global bfloat 0xR3F80
@bf.neg = global bfloat 0xRBFC0
@f = global float 1.500000e+00
@f.hex = global float 0x3FB99999A0000000
@f.nan = global float 0x7FF8000000000000
@f.snan = global float 0x7FF4000000000000
@f.negzero = global float -0.000000e+00
@f.inf = global float 0x7FF0000000000000
@d = global double 0x400921FB54442D18
@d.small = global double 4.940656e-324
@d.big = global double 1.797693e+308
@d.dec = global double 1.000000e-01
@x = global x86_fp80 0xK3FFF8000000000000000
@x.pi = global x86_fp80 0xK4000C90FDAA22168C235
@x.neg = global x86_fp80 0xKBFFF8000000000000000
@q = global fp128 0xL00000000000000003FFF000000000000
@q.pi = global fp128 0xL8469898CC51701B84000921FB54442D1
@p = global ppc_fp128 0xM3FF00000000000000000000000000000
@p.two = global ppc_fp128 0xM40000000000000000000000000000000
@arr = global [4 x half] [half 0xH0000, half 0xH3C00, half 0xH4000, half 0xH7BFF]
@vec = global <4 x float> <float 1.000000e+00, float 2.000000e+00, float 0x7FF8000000000000, float -0.000000e+00>
@bvec = global <2 x bfloat> <bfloat 0xR3F80, bfloat 0xR4000>
@mix = global { half, bfloat, float, double, x86_fp80, fp128, ppc_fp128 } { half 0xH3C00, bfloat 0xR3F80, float 1.0, double 1.0, x86_fp80 0xK3FFF8000000000000000, fp128 0xL00000000000000003FFF000000000000, ppc_fp128 0xM3FF00000000000000000000000000000 }

define half @half_ops(half %a, half %b) {
  %m = fmul half %a, %b
  %s = fadd nnan half %m, 0xH3C00
  %n = fneg half %s
  %d = fdiv arcp half %n, 0xH4000
  %r = frem half %d, %b
  ret half %r
}

define bfloat @bf_ops(bfloat %a) {
  %m = fmul bfloat %a, 0xR4040
  %e = fpext bfloat %m to float
  %t = fptrunc float %e to bfloat
  ret bfloat %t
}

define x86_fp80 @x87_ops(x86_fp80 %a, double %b) {
  %e = fpext double %b to x86_fp80
  %s = fadd x86_fp80 %a, %e
  %m = fmul fast x86_fp80 %s, 0xK4000C90FDAA22168C235
  ret x86_fp80 %m
}

define fp128 @quad_ops(fp128 %a, i64 %i) {
  %c = sitofp i64 %i to fp128
  %s = fsub fp128 %a, %c
  %m = call fp128 @llvm.fma.f128(fp128 %s, fp128 %s, fp128 0xL00000000000000003FFF000000000000)
  ret fp128 %m
}

define ppc_fp128 @ppc_ops(ppc_fp128 %a) {
  %s = fadd ppc_fp128 %a, 0xM3FF00000000000000000000000000000
  ret ppc_fp128 %s
}

define i1 @compares(float %a, double %b) {
  %c1 = fcmp oeq float %a, 0x7FF8000000000000
  %c2 = fcmp uno double %b, 0.0
  %c3 = fcmp nnan ninf ole float %a, 1.0
  %c4 = fcmp true float %a, %a
  %c5 = fcmp false double %b, %b
  %c6 = fcmp fast ugt double %b, 1.0e10
  %o1 = or i1 %c1, %c2
  %o2 = or i1 %c3, %c4
  %o3 = or i1 %c5, %c6
  %o4 = or i1 %o1, %o2
  %o5 = or i1 %o4, %o3
  ret i1 %o5
}

define float @flags(float %a, float %b) {
  %1 = fadd reassoc float %a, %b
  %2 = fsub nsz float %1, %a
  %3 = fmul contract float %2, %b
  %4 = fdiv afn float %3, %a
  %5 = fadd ninf nnan float %4, %1
  %6 = fmul fast float %5, %5
  %7 = fneg nsz float %6
  %8 = select nnan i1 true, float %7, float %a
  %9 = call reassoc nsz float @llvm.sqrt.f32(float %8)
  ret float %9
}

define double @constrained(double %a, double %b) strictfp {
  %s = call double @llvm.experimental.constrained.fadd.f64(double %a, double %b, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  %m = call double @llvm.experimental.constrained.fmul.f64(double %s, double %b, metadata !"round.tonearest", metadata !"fpexcept.ignore") strictfp
  %c = call i1 @llvm.experimental.constrained.fcmp.f64(double %m, double %a, metadata !"olt", metadata !"fpexcept.maytrap") strictfp
  %r = select i1 %c, double %m, double %a
  ret double %r
}

define void @conversions(half %h, ptr %out) {
  %f = fpext half %h to float
  %d = fpext float %f to double
  %x = fpext double %d to x86_fp80
  %q = fpext double %d to fp128
  %xi = fptosi x86_fp80 %x to i64
  %qi = fptoui fp128 %q to i128
  %bi = bitcast half %h to i16
  %bb = bitcast i16 %bi to bfloat
  %sat = call i8 @llvm.fptosi.sat.i8.f32(float %f)
  %cls = call i1 @llvm.is.fpclass.f64(double %d, i32 3)
  store i64 %xi, ptr %out, align 8
  %o2 = getelementptr i8, ptr %out, i64 16
  store i128 %qi, ptr %o2, align 16
  %o3 = getelementptr i8, ptr %out, i64 32
  store bfloat %bb, ptr %o3, align 2
  %o4 = getelementptr i8, ptr %out, i64 34
  store i8 %sat, ptr %o4, align 1
  %o5 = getelementptr i8, ptr %out, i64 35
  store i1 %cls, ptr %o5, align 1
  ret void
}

declare fp128 @llvm.fma.f128(fp128, fp128, fp128)
declare float @llvm.sqrt.f32(float)
declare double @llvm.experimental.constrained.fadd.f64(double, double, metadata, metadata)
declare double @llvm.experimental.constrained.fmul.f64(double, double, metadata, metadata)
declare i1 @llvm.experimental.constrained.fcmp.f64(double, double, metadata, metadata)
declare i8 @llvm.fptosi.sat.i8.f32(float)
declare i1 @llvm.is.fpclass.f64(double, i32 immarg)
