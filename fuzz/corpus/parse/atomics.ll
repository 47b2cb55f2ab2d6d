; Atomic instructions: atomicrmw with every operation, ordering, syncscope,
; volatile and alignment; cmpxchg weak/volatile with success/failure
; orderings; atomic loads and stores; fences with syncscopes.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @rmw_int(ptr %p, i32 %v) {
  %1 = atomicrmw xchg ptr %p, i32 %v monotonic, align 4
  %2 = atomicrmw add ptr %p, i32 %v acquire, align 4
  %3 = atomicrmw sub ptr %p, i32 %v release, align 4
  %4 = atomicrmw and ptr %p, i32 %v acq_rel, align 4
  %5 = atomicrmw nand ptr %p, i32 %v seq_cst, align 4
  %6 = atomicrmw or ptr %p, i32 %v monotonic, align 4
  %7 = atomicrmw xor ptr %p, i32 %v monotonic, align 4
  %8 = atomicrmw max ptr %p, i32 %v monotonic, align 4
  %9 = atomicrmw min ptr %p, i32 %v monotonic, align 4
  %10 = atomicrmw umax ptr %p, i32 %v monotonic, align 4
  %11 = atomicrmw umin ptr %p, i32 %v monotonic, align 4
  %12 = atomicrmw uinc_wrap ptr %p, i32 %v monotonic, align 4
  %13 = atomicrmw udec_wrap ptr %p, i32 %v monotonic, align 4
  %14 = atomicrmw volatile add ptr %p, i32 1 syncscope("singlethread") seq_cst, align 4
  %15 = atomicrmw add ptr %p, i32 1 syncscope("agent") acquire, align 8
  %16 = atomicrmw xchg ptr %p, i32 0 seq_cst
  ret void
}

define void @rmw_fp(ptr %p, float %f, double %d, half %h, <2 x half> %vh) {
  %1 = atomicrmw fadd ptr %p, float %f seq_cst, align 4
  %2 = atomicrmw fsub ptr %p, float %f monotonic, align 4
  %3 = atomicrmw fmax ptr %p, double %d acquire, align 8
  %4 = atomicrmw fmin ptr %p, double %d release, align 8
  %5 = atomicrmw fadd ptr %p, half %h acq_rel, align 2
  %6 = atomicrmw xchg ptr %p, float %f monotonic, align 4
  %7 = atomicrmw fadd ptr %p, <2 x half> %vh monotonic, align 4
  ret void
}

define void @rmw_ptr_and_wide(ptr %p, ptr %q, i128 %w, i8 %b) {
  %1 = atomicrmw xchg ptr %p, ptr %q seq_cst, align 8
  %2 = atomicrmw add ptr %p, i128 %w seq_cst, align 16
  %3 = atomicrmw or ptr %p, i8 %b monotonic, align 1
  %4 = atomicrmw add ptr addrspace(1) null, i64 1 monotonic, align 8
  ret void
}

define i1 @cmpxchgs(ptr %p, i32 %old, i32 %new) {
  %a = cmpxchg ptr %p, i32 %old, i32 %new seq_cst seq_cst, align 4
  %b = cmpxchg weak ptr %p, i32 %old, i32 %new acq_rel acquire, align 4
  %c = cmpxchg volatile ptr %p, i32 %old, i32 %new release monotonic, align 4
  %d = cmpxchg weak volatile ptr %p, i32 %old, i32 %new syncscope("singlethread") monotonic monotonic, align 4
  %e = cmpxchg ptr %p, i32 %old, i32 %new acquire acquire
  %f = cmpxchg ptr %p, ptr null, ptr %p seq_cst acquire, align 8
  %a1 = extractvalue { i32, i1 } %a, 1
  %b1 = extractvalue { i32, i1 } %b, 1
  %c0 = extractvalue { i32, i1 } %c, 0
  %c1 = icmp eq i32 %c0, %old
  %r1 = and i1 %a1, %b1
  %r2 = and i1 %r1, %c1
  ret i1 %r2
}

define i64 @loads_stores(ptr %p, i64 %v) {
  %a = load atomic i64, ptr %p unordered, align 8
  %b = load atomic i64, ptr %p monotonic, align 8
  %c = load atomic i64, ptr %p acquire, align 8
  %d = load atomic volatile i64, ptr %p seq_cst, align 8
  %e = load atomic i64, ptr %p syncscope("singlethread") acquire, align 8
  %f = load atomic float, ptr %p acquire, align 4
  %g = load atomic ptr, ptr %p monotonic, align 8
  store atomic i64 %v, ptr %p unordered, align 8
  store atomic i64 %v, ptr %p monotonic, align 8
  store atomic i64 %v, ptr %p release, align 8
  store atomic volatile i64 %v, ptr %p seq_cst, align 8
  store atomic i64 %v, ptr %p syncscope("workgroup") release, align 8
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %c
  %s3 = add i64 %s2, %d
  %s4 = add i64 %s3, %e
  ret i64 %s4
}

define void @fences() {
  fence acquire
  fence release
  fence acq_rel
  fence seq_cst
  fence syncscope("singlethread") seq_cst
  fence syncscope("agent") acquire
  ret void
}

define i32 @cas_loop(ptr %p, i32 %v) {
entry:
  %init = load atomic i32, ptr %p monotonic, align 4
  br label %loop

loop:
  %cur = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %max = call i32 @llvm.smax.i32(i32 %cur, i32 %v)
  %pair = cmpxchg weak ptr %p, i32 %cur, i32 %max acq_rel monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop

done:
  ret i32 %seen
}

declare i32 @llvm.smax.i32(i32, i32)
