; Aliases and ifuncs: aliases of functions, globals and constant
; expressions, with linkages, visibilities, thread-local and unnamed_addr;
; ifuncs with resolvers, and aliases of aliases.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@data = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@tls_data = thread_local global i32 0

@data_alias = alias [4 x i32], ptr @data
@elem2 = alias i32, getelementptr inbounds ([4 x i32], ptr @data, i64 0, i64 2)
@weak_alias = weak alias i32 (i32), ptr @impl
@hidden_alias = hidden alias i32 (i32), ptr @impl
@protected_alias = protected alias i32 (i32), ptr @impl
@internal_alias = internal alias i32 (i32), ptr @impl
@linkonce_alias = linkonce_odr alias i32 (i32), ptr @impl
@alias_of_alias = alias i32 (i32), ptr @hidden_alias
@unnamed_alias = dso_local unnamed_addr alias i32 (i32), ptr @impl
@tls_alias = thread_local(localdynamic) alias i32, ptr @tls_data
@local_unnamed = local_unnamed_addr alias [4 x i32], ptr @data
@part_alias = alias i32 (i32), ptr @impl, partition "p1"

@dispatch = ifunc i32 (i32), ptr @resolver
@dispatch_hidden = hidden ifunc i32 (i32), ptr @resolver
@dispatch_weak = weak ifunc i32 (i32), ptr @resolver
@dispatch_local = internal ifunc i32 (i32), ptr @resolver

define i32 @impl(i32 %x) {
  %r = shl i32 %x, 1
  ret i32 %r
}

define i32 @impl_fast(i32 %x) {
  %r = add i32 %x, %x
  ret i32 %r
}

define internal ptr @resolver() {
  %f = load i32, ptr @data, align 4
  %c = icmp eq i32 %f, 0
  %p = select i1 %c, ptr @impl, ptr @impl_fast
  ret ptr %p
}

define i32 @use_all(i32 %x) {
  %a = call i32 @dispatch(i32 %x)
  %b = call i32 @dispatch_hidden(i32 %a)
  %c = call i32 @dispatch_weak(i32 %b)
  %d = call i32 @dispatch_local(i32 %c)
  %e = call i32 @alias_of_alias(i32 %d)
  %f = call i32 @internal_alias(i32 %e)
  %g = load i32, ptr @elem2, align 4
  %h = load i32, ptr @tls_alias, align 4
  %s = add i32 %f, %g
  %t = add i32 %s, %h
  ret i32 %t
}
