; Target extension types and other rare first-class types: target("...")
; with type and integer parameters, x86_amx, token, metadata arguments,
; label-typed values, and opaque structs.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%opaque.t = type opaque
%holder = type { target("spirv.Event"), i32 }

@zero_ext = global target("spirv.DeviceEvent") zeroinitializer
@te_param = external global target("spirv.Image", void, 0, 0, 0, 0, 0, 0, 0)

declare void @takes_ext(target("spirv.Sampler"))
declare target("spirv.Queue") @make_queue()
declare x86_amx @llvm.x86.tileloadd64.internal(i16, i16, ptr, i64)
declare void @llvm.x86.tilestored64.internal(i16, i16, ptr, i64, x86_amx)
declare i64 @llvm.read_register.i64(metadata)
declare i1 @llvm.type.test(ptr, metadata)
declare void @llvm.write_register.i64(metadata, i64)

define target("spirv.Event") @pass_through(target("spirv.Event") %e) {
  ret target("spirv.Event") %e
}

define void @use_ext() {
  %q = call target("spirv.Queue") @make_queue()
  call void @takes_ext(target("spirv.Sampler") zeroinitializer)
  %a = alloca target("spirv.Event"), align 8
  %b = alloca %holder, align 8
  %sel = select i1 true, target("spirv.Queue") %q, target("spirv.Queue") zeroinitializer
  %poison = freeze target("spirv.Event") poison
  ret void
}

define void @amx(ptr %buf) {
  %t = call x86_amx @llvm.x86.tileloadd64.internal(i16 8, i16 8, ptr %buf, i64 32)
  call void @llvm.x86.tilestored64.internal(i16 8, i16 8, ptr %buf, i64 32, x86_amx %t)
  ret void
}

define i1 @meta_args() {
  %sp = call i64 @llvm.read_register.i64(metadata !1)
  call void @llvm.write_register.i64(metadata !1, i64 %sp)
  %t1 = call i1 @llvm.type.test(ptr @use_ext, metadata !"typeid")
  %t2 = call i1 @llvm.type.test(ptr @amx, metadata !0)
  %r = and i1 %t1, %t2
  ret i1 %r
}

define ptr @opaque_ptr(ptr %p) {
  %g = getelementptr i8, ptr %p, i64 8
  ret ptr %g
}

!0 = !{i32 1, !"x", float 2.0, ptr @use_ext}
!1 = !{!"rsp"}
