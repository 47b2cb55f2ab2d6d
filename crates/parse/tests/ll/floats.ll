; Every floating-point format and literal form.
@h = global half 0xH3C00
@h2 = global half 1.5
@h3 = global half 0xH7C01
@bf = global bfloat 0xR3F80
@bf2 = global bfloat -2.0
@f = global float 1.000000e+00
@f2 = global float 0x3FB99999A0000000
@f3 = global float 0x7FF8000000000000
@f4 = global float -0.0
@d = global double -1.0e+10
@d2 = global double 0x7FF0000000000000
@d3 = global double 4.940656e-324
@x = global x86_fp80 0xK3FFF8000000000000000
@q = global fp128 0xL00000000000000003FFF000000000000
@p = global ppc_fp128 0xM3FF00000000000000000000000000000
@v = global <2 x float> <float 1.5, float 0x36A0000000000000>
@pos = global double +2.5

define float @fops(float %a, double %b) {
  %c = fadd fast float %a, 1.000000e+00
  %d = fmul nnan ninf nsz arcp contract afn reassoc float %c, %a
  %e = fneg float %d
  %f = fptrunc double %b to float
  %g = fpext float %e to double
  %h = fcmp olt double %g, 0x3FF0000000000000
  %i = select nnan i1 %h, float %f, float %e
  %j = frem float %i, 2.0
  ret float %j
}
