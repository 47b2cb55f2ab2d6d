; Wide and odd-width integers: i1 through i1000, big constants, arithmetic,
; shifts, extensions, and a loop with an i1000 induction variable.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g1 = global i1 true
@g3 = global i3 -1
@g17 = global i17 65537
@g128 = global i128 170141183460469231731687303715884105727
@g128n = global i128 -170141183460469231731687303715884105728
@g256 = global i256 115792089237316195423570985008687907853269984665640564039457584007913129639935
@g1000 = global i1000 123456789012345678901234567890123456789012345678901234567890
@arr = global [3 x i7] [i7 1, i7 -64, i7 63]
@big.vec = global <2 x i256> <i256 1, i256 -1>
@neg1000 = global i1000 -1

define i1000 @wide_math(i1000 %a, i1000 %b) {
  %s = add nuw i1000 %a, %b
  %m = mul nsw i1000 %s, 99999999999999999999999999999999999999
  %d = udiv exact i1000 %m, 7
  %r = srem i1000 %d, %b
  %sh = shl nuw i1000 %r, 999
  %ls = lshr exact i1000 %sh, 500
  %as = ashr i1000 %ls, 3
  %x = xor i1000 %as, -1
  %o = or disjoint i1000 %x, 0
  ret i1000 %o
}

define i64 @narrowing(i1000 %a, i3 %b, i17 %c) {
  %t = trunc i1000 %a to i64
  %z = zext i3 %b to i64
  %s = sext i17 %c to i64
  %n = zext nneg i17 %c to i64
  %t2 = trunc nuw nsw i64 %n to i32
  %e = zext i32 %t2 to i64
  %r1 = add i64 %t, %z
  %r2 = add i64 %r1, %s
  %r3 = add i64 %r2, %e
  ret i64 %r3
}

define i1000 @wide_loop(i1000 %n) {
entry:
  br label %loop

loop:
  %i = phi i1000 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i1000 [ 1, %entry ], [ %acc.next, %loop ]
  %acc.next = mul i1000 %acc, 3
  %next = add nuw nsw i1000 %i, 1
  %done = icmp uge i1000 %next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i1000 %acc.next
}

define i128 @i128_ops(i128 %a, i128 %b) {
  %c = icmp sgt i128 %a, %b
  %m = select i1 %c, i128 %a, i128 %b
  %p = call i128 @llvm.ctpop.i128(i128 %m)
  %l = call i128 @llvm.ctlz.i128(i128 %m, i1 false)
  %bs = call i128 @llvm.bswap.i128(i128 %p)
  %ov = call { i128, i1 } @llvm.umul.with.overflow.i128(i128 %a, i128 %b)
  %v = extractvalue { i128, i1 } %ov, 0
  %sum = add i128 %bs, %l
  %sum2 = add i128 %sum, %v
  %ab = call i128 @llvm.abs.i128(i128 %sum2, i1 true)
  %sm = call i128 @llvm.smax.i128(i128 %ab, i128 0)
  %fs = call i128 @llvm.fshl.i128(i128 %sm, i128 %a, i128 7)
  ret i128 %fs
}

define i1 @bools(i1 %a, i1 %b) {
  %x = xor i1 %a, true
  %y = and i1 %x, %b
  %z = select i1 %y, i1 %a, i1 false
  ret i1 %z
}

declare i128 @llvm.ctpop.i128(i128)
declare i128 @llvm.ctlz.i128(i128, i1 immarg)
declare i128 @llvm.bswap.i128(i128)
declare { i128, i1 } @llvm.umul.with.overflow.i128(i128, i128)
declare i128 @llvm.abs.i128(i128, i1 immarg)
declare i128 @llvm.smax.i128(i128, i128)
declare i128 @llvm.fshl.i128(i128, i128, i128)
