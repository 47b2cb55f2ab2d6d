; Global variables with every linkage, preemption, visibility, DLL storage,
; thread-local model, unnamed_addr, address space, section, partition,
; alignment, code model, sanitizer and metadata attachments; plus function
; attributes and attribute groups of many kinds.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@private_g = private global i32 1
@internal_g = internal global i32 2
@available = available_externally global i32 3
@linkonce_g = linkonce global i32 4
@weak_g = weak global i32 5
@common_g = common global i32 0, align 4
@appending_g = appending global [1 x ptr] [ptr @internal_g]
@extern_weak_g = extern_weak global i32
@linkonce_odr_g = linkonce_odr global i32 6
@weak_odr_g = weak_odr global i32 7
@external_g = external global i32
@dso_local_g = dso_local global i32 8
@dso_preemptable_g = dso_preemptable global i32 9
@hidden_g = hidden global i32 10
@protected_g = protected global i32 11
@dllimport_g = external dllimport global i32
@dllexport_g = dllexport global i32 12
@tls_gd = thread_local global i32 0
@tls_ld = thread_local(localdynamic) global i32 0
@tls_ie = thread_local(initialexec) global i32 0
@tls_le = thread_local(localexec) global i32 0
@unnamed = private unnamed_addr constant [4 x i8] c"abc\00"
@local_unnamed = internal local_unnamed_addr constant i64 13
@ext_init = externally_initialized global i32 14
@sectioned = global i32 15, section ".mydata", align 64
@partitioned = global i32 16, partition "part2"
@code_model = global i32 17, code_model "large"
@with_md = global i32 18, !type !0, !custom !1
@no_asan = global i32 19, no_sanitize_address
@no_hwasan = global i32 20, no_sanitize_hwaddress
@memtag = global i32 21, sanitize_memtag
@dyn_init = global i32 22, sanitize_address_dyninit
@const_aligned = constant [2 x double] [double 1.0, double 2.0], align 32
@llvm.used = appending global [2 x ptr] [ptr @private_g, ptr @used_fn], section "llvm.metadata"
@llvm.compiler.used = appending global [1 x ptr] [ptr @internal_g], section "llvm.metadata"
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @dtor, ptr @internal_g }]

define internal void @ctor() {
  store i32 1, ptr @internal_g, align 4
  ret void
}
define internal void @dtor() {
  ret void
}
define void @used_fn() #0 {
  ret void
}

define i32 @attrs_fn(ptr %p) #1 {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

define void @more_attrs() #2 {
  ret void
}

define hidden fastcc void @vis_fn() unnamed_addr #3 {
  ret void
}

define private void @private_fn() {
  ret void
}

define internal void @mem_attrs(ptr %p) memory(argmem: readwrite, inaccessiblemem: read) {
  ret void
}

define void @inline_attrs() nounwind willreturn mustprogress nofree nosync norecurse "frame-pointer"="all" "target-cpu"="x86-64-v3" "custom-attr" {
  ret void
}

declare extern_weak void @weak_decl()
declare dllimport void @dllimport_fn()
declare !dbg_missing !1 void @decl_with_md()

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" }
attributes #1 = { alwaysinline memory(read) nounwind speculatable willreturn "no-trapping-math"="true" }
attributes #2 = { cold minsize optsize nounwind sanitize_address sanitize_thread sanitize_memory ssp sspstrong sspreq safestack shadowcallstack nocf_check noduplicate noimplicitfloat nomerge null_pointer_is_valid returns_twice hot noredzone nocallback uwtable(async) vscale_range(1,16) fn_ret_thunk_extern "probe-stack"="inline-asm" "stack-probe-size"="4096" }
attributes #3 = { naked noreturn nounwind presplitcoroutine disable_sanitizer_instrumentation memory(none) }

!0 = !{i64 0, !"typeid"}
!1 = !{!"custom"}

define ptr @allocator(i64 %n, i64 %m) allockind("alloc,zeroed") allocsize(0,1) "alloc-family"="myalloc" {
  ret ptr null
}
