; Constants and constant expressions: blockaddress with indirectbr,
; dso_local_equivalent, no_cfi, ptrauth-free relative pointers via
; sub/ptrtoint/trunc, getelementptr constant expressions (inbounds, inrange),
; aggregates, strings, poison/undef/zeroinitializer, splat, and null/none.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.rec = type { i32, [2 x i16], ptr, { i8, double } }
%packed = type <{ i8, i32, i8 }>
%opaque = type opaque
%recursive = type { ptr, %struct.rec }

@str = private unnamed_addr constant [14 x i8] c"hello \22w\\r\0Ald\00", align 1
@str2 = internal constant [3 x i8] c"\FF\00\7F"
@rec = global %struct.rec { i32 1, [2 x i16] [i16 2, i16 3], ptr @str, { i8, double } { i8 4, double 5.0 } }
@packed = global %packed <{ i8 1, i32 2, i8 3 }>
@zero = global %struct.rec zeroinitializer
@undef_g = global i32 undef
@poison_g = global [2 x i64] poison
@mixed_arr = global [3 x { i32, ptr }] [{ i32, ptr } { i32 1, ptr null }, { i32, ptr } zeroinitializer, { i32, ptr } { i32 3, ptr @rec }]
@gep_ce = global ptr getelementptr inbounds (%struct.rec, ptr @rec, i64 0, i32 1, i64 1)
@gep_inrange = global ptr getelementptr inbounds inrange(-8, 16) (i8, ptr @rec, i64 8)
@gep_plain = global ptr getelementptr (i8, ptr @str, i64 3)
@ptr_int = global i64 ptrtoint (ptr @rec to i64)
@int_ptr = global ptr inttoptr (i64 4096 to ptr)
@rel = global i32 trunc (i64 sub (i64 ptrtoint (ptr @target to i64), i64 ptrtoint (ptr @rel to i64)) to i32)
@dso_eq = global ptr dso_local_equivalent @target
@dso_eq_ext = global ptr dso_local_equivalent @external_fn
@nocfi = global ptr no_cfi @target
@labels = global [2 x ptr] [ptr blockaddress(@dispatch, %one), ptr blockaddress(@dispatch, %two)]
@vec_ce = global <2 x i64> <i64 ptrtoint (ptr @rec to i64), i64 0>
@splat_f = global <4 x float> splat (float 2.5)
@xor_ce = global i64 xor (i64 ptrtoint (ptr @rec to i64), i64 -1)
@add_ce = global i64 add nuw (i64 ptrtoint (ptr @rec to i64), i64 8)
@opaque_ext = external global %opaque
@recursive_g = global %recursive zeroinitializer
@nested_struct = global { { { i32 } } } { { { i32 } } { { i32 } { i32 9 } } }
@empty = global {} {}
@empty_arr = global [0 x i32] zeroinitializer
@bool_arr = global [4 x i1] [i1 true, i1 false, i1 true, i1 true]
@none_tok = global ptr null

declare void @external_fn()

define void @target() {
  ret void
}

define i32 @dispatch(i32 %i) {
entry:
  %slot = getelementptr inbounds [2 x ptr], ptr @labels, i64 0, i32 %i
  %dest = load ptr, ptr %slot, align 8
  indirectbr ptr %dest, [label %one, label %two]

one:
  ret i32 1

two:
  ret i32 2
}

define ptr @use_ce() {
  %p = getelementptr inbounds i8, ptr getelementptr inbounds (%struct.rec, ptr @rec, i64 0, i32 3), i64 1
  %c = icmp eq ptr @rec, null
  %q = select i1 %c, ptr %p, ptr getelementptr (i8, ptr @str, i64 1)
  ret ptr %q
}

define void @use_funcs() {
  call void dso_local_equivalent @target()
  call void no_cfi @target()
  ret void
}

define ptr @self_block() {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, 1
  %c = icmp ult i32 %n, 10
  br i1 %c, label %loop, label %done

done:
  ret ptr blockaddress(@self_block, %loop)
}

define { i32, ptr } @aggregate_ops({ i32, ptr } %in, [2 x i8] %arr) {
  %a = extractvalue { i32, ptr } %in, 0
  %b = extractvalue [2 x i8] %arr, 1
  %bz = zext i8 %b to i32
  %s = add i32 %a, %bz
  %r = insertvalue { i32, ptr } %in, i32 %s, 0
  %r2 = insertvalue { i32, ptr } %r, ptr @rec, 1
  %n = insertvalue { i32, { i8, i8 } } poison, i8 1, 1, 0
  ret { i32, ptr } %r2
}
