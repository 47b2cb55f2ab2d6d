; Function prefix and prologue data, gc strategies, statepoints with
; gc-live/deopt bundles, gc.relocate/gc.result, and personality/section/
; alignment/partition/comdat on functions.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$grouped = comdat any
$own_comdat = comdat largest

define void @with_prefix() prefix i32 123456 {
  ret void
}

define void @with_prologue() prologue { i8, i8, [2 x i8] } { i8 235, i8 8, [2 x i8] c"ok" } {
  ret void
}

define i32 @with_both(i32 %x) section ".text.special" partition "part1" align 32 prefix [4 x i8] c"LWPF" prologue i8 144 {
  ret i32 %x
}

define void @in_comdat() comdat($grouped) {
  ret void
}

define void @own_comdat() comdat {
  ret void
}

declare void @callee(ptr addrspace(1))
declare i32 @callee_i32(i32)
declare token @llvm.experimental.gc.statepoint.p0(i64 immarg, i32 immarg, ptr, i32 immarg, i32 immarg, ...)
declare ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token, i32 immarg, i32 immarg)
declare i32 @llvm.experimental.gc.result.i32(token)

define ptr addrspace(1) @statepoint(ptr addrspace(1) %obj) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 0, i32 0, ptr elementtype(void (ptr addrspace(1))) @callee, i32 1, i32 0, ptr addrspace(1) %obj, i32 0, i32 0) [ "gc-live"(ptr addrspace(1) %obj), "deopt"(i32 7, i64 42) ]
  %rel = call coldcc ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

define i32 @statepoint_result(i32 %x) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 2882400000, i32 5, ptr elementtype(i32 (i32)) @callee_i32, i32 1, i32 0, i32 %x, i32 0, i32 0)
  %r = call i32 @llvm.experimental.gc.result.i32(token %tok)
  ret i32 %r
}

define void @shadow_stack_gc(ptr %p) gc "shadow-stack" {
  %root = alloca ptr, align 8
  call void @llvm.gcroot(ptr %root, ptr null)
  store ptr %p, ptr %root, align 8
  ret void
}

define void @erlang_gc() gc "erlang" {
  ret void
}

declare void @llvm.gcroot(ptr, ptr)
