; Address spaces: globals, allocas and functions in non-zero address
; spaces, addrspacecast instructions and constant expressions, x86's
; 270/271/272 pointer sizes, and a loop over an addrspace(1) array.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128-A0-P0-G0"
target triple = "x86_64-unknown-linux-gnu"

@g1 = addrspace(1) global i32 7, align 4
@g3 = addrspace(3) global [16 x float] zeroinitializer
@ptr_to_g1 = global ptr addrspace(1) @g1
@generic = global ptr addrspacecast (ptr addrspace(1) @g1 to ptr)
@gs_base = external addrspace(256) global i64
@p32 = global ptr addrspace(270) null
@gep_ce = global ptr addrspace(3) getelementptr inbounds ([16 x float], ptr addrspace(3) @g3, i64 0, i64 4)

define i32 @load_as1(ptr addrspace(1) %p) {
  %v = load i32, ptr addrspace(1) %p, align 4
  %g = load i32, ptr addrspace(1) @g1, align 4
  %r = add i32 %v, %g
  ret i32 %r
}

define ptr @cast_back(ptr addrspace(1) %p) {
  %c = addrspacecast ptr addrspace(1) %p to ptr
  ret ptr %c
}

define i64 @read_gs() {
  %v = load volatile i64, ptr addrspace(256) @gs_base, align 8
  ret i64 %v
}

define ptr addrspace(270) @truncated_ptr(ptr %p) {
  %t = addrspacecast ptr %p to ptr addrspace(270)
  ret ptr addrspace(270) %t
}

define float @sum_as1(ptr addrspace(1) noalias %a, i64 %n) {
entry:
  %c0 = icmp eq i64 %n, 0
  br i1 %c0, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %gep = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %v = load float, ptr addrspace(1) %gep, align 4
  %s.next = fadd float %s, %v
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  ret float %r
}

define void @local_alloca() {
  %a = alloca i32, align 4, addrspace(5)
  store i32 1, ptr addrspace(5) %a, align 4
  %b = alloca [4 x i8], i32 3, align 1
  ret void
}

define void @fn_in_as() addrspace(1) {
  ret void
}

define void @call_as() {
  call addrspace(1) void @fn_in_as()
  ret void
}

define void @memcpy_as(ptr addrspace(1) %d, ptr addrspace(3) %s) {
  call void @llvm.memcpy.p1.p3.i64(ptr addrspace(1) align 4 %d, ptr addrspace(3) align 4 %s, i64 64, i1 false)
  ret void
}

declare void @llvm.memcpy.p1.p3.i64(ptr addrspace(1) noalias nocapture writeonly, ptr addrspace(3) noalias nocapture readonly, i64, i1 immarg)
