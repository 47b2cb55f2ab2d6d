; Globals with every modifier, aliases, ifuncs, comdats.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
module asm "  .globl foo"
module asm "foo: ret"

$any = comdat any
$exact = comdat exactmatch
$largest = comdat largest
$nodedup = comdat nodeduplicate
$same = comdat samesize
$"quoted comdat" = comdat any

%struct.S = type { i32, ptr, [4 x i8] }
%struct.P = type <{ i8, i32 }>
%struct.O = type opaque
%0 = type { i64 }
%struct.Rec = type { ptr, %struct.Rec* }

@a = global i32 1, align 4
@b = private unnamed_addr constant [6 x i8] c"hello\00", align 1
@c = internal global %struct.S { i32 1, ptr @a, [4 x i8] c"abc\00" }, section ".data.c", align 8
@d = linkonce_odr dso_local hidden global i32 0, comdat($any)
@any = weak_odr protected global i32 0, comdat
@e = external thread_local(initialexec) global i32
@f = thread_local(localdynamic) global i32 0
@g = thread_local(localexec) global i32 0
@h = thread_local global i32 0
@i = dso_local local_unnamed_addr addrspace(1) externally_initialized global i32 0, partition "part", code_model "large", no_sanitize_address, no_sanitize_hwaddress, sanitize_address_dyninit, sanitize_memtag, !dbg !0
@j = extern_weak global i32
@k = common global i64 0, align 8
@l = appending global [1 x ptr] [ptr @m]
@llvm.used = appending global [2 x ptr] [ptr @a, ptr @m], section "llvm.metadata"
@m = available_externally dllimport global i32 0
@n = weak dllexport global %struct.P <{ i8 1, i32 2 }>
@o = global %0 { i64 7 }
@p = global ptr getelementptr inbounds ([6 x i8], ptr @b, i64 0, i64 2)
@q = global i64 ptrtoint (ptr @a to i64)
@r = global ptr getelementptr inbounds nuw (i8, ptr @c, i64 add (i64 ptrtoint (ptr @a to i64), i64 sub (i64 0, i64 ptrtoint (ptr @b to i64))))
@s = global [3 x i32] zeroinitializer
@t = global { i32, float } { i32 undef, float poison }
@u = global <4 x i32> <i32 1, i32 2, i32 3, i32 4>
@w = global i1 true, align 1
@x = global ptr null
@y = global i128 -170141183460469231731687303715884105728
@z = global i256 u0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF
@wide = global i999 123456789012345678901234567890
@gep_inrange = global ptr getelementptr inbounds inrange(-16, 16) ({ [4 x ptr] }, ptr @vt, i32 0, i32 0, i32 2)
@vt = constant { [4 x ptr] } { [4 x ptr] [ptr null, ptr null, ptr @fn, ptr @fn] }
@tr = global i8 trunc (i64 ptrtoint (ptr @a to i64) to i8)
@ac = global ptr addrspace(1) addrspacecast (ptr @a to ptr addrspace(1))
@ee = global i32 extractelement (<4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 1)
@ie = global <2 x i32> insertelement (<2 x i32> zeroinitializer, i32 7, i32 0)
@sv = global <2 x i32> shufflevector (<2 x i32> <i32 1, i32 2>, <2 x i32> poison, <2 x i32> <i32 1, i32 poison>)
@sp = global <4 x i32> splat (i32 5)
@mx = global i64 mul nuw nsw (i64 ptrtoint (ptr @a to i64), i64 3)
@xr = global i64 xor (i64 ptrtoint (ptr @a to i64), i64 -1)
@it = global ptr inttoptr (i64 4096 to ptr)
@bc = global ptr bitcast (ptr @a to ptr)
@"quoted name" = global i32 0, comdat($"quoted comdat")
@0 = private constant i32 42
@1 = private constant ptr @0
@dle = global ptr dso_local_equivalent @fn
@nc = global ptr no_cfi @fn
@ptra = global ptr ptrauth (ptr @fn, i32 0)
@ptra2 = global ptr ptrauth (ptr @fn, i32 1, i64 1234, ptr @ptra2)
@attrs = global i32 0 #0
@tgt = global target("spirv.Event") zeroinitializer
@strct = global { i8, { i16, [2 x <2 x i8>] } } { i8 1, { i16, [2 x <2 x i8>] } { i16 2, [2 x <2 x i8>] [<2 x i8> <i8 1, i8 2>, <2 x i8> zeroinitializer] } }

@al = alias i32, ptr @a
@al2 = weak hidden alias i8, getelementptr (i8, ptr @a, i64 1)
@al3 = internal unnamed_addr alias i32, ptr @al, partition "p2"
@if = ifunc void (), ptr @resolver
@if2 = internal ifunc i32 (i32), ptr @resolver

define internal ptr @resolver() {
  ret ptr @fn
}

define void @fn() comdat($exact) {
  ret void
}

define void @fn2() section ".text.fn2" partition "px" comdat($largest) align 16 {
  ret void
}

declare void @dec() comdat($nodedup)
declare void @dec2() comdat($same)

attributes #0 = { "key"="value" }

!llvm.dbg.cu = !{}
!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "i", scope: null, file: null, line: 1, type: null, isLocal: false, isDefinition: true)
