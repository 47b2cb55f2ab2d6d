; Comdats of every selection kind, functions and globals sharing a comdat,
; a comdat with a quoted name, and linkonce/weak ODR members.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$any_c = comdat any
$exact_c = comdat exactmatch
$largest_c = comdat largest
$nodedup_c = comdat nodeduplicate
$samesize_c = comdat samesize
$"quoted comdat" = comdat any
$inline_fn = comdat any
$shared_var = comdat any

@any_v = linkonce_odr global i32 1, comdat($any_c)
@exact_v = weak_odr global i64 2, comdat($exact_c)
@largest_v = linkonce global [8 x i8] zeroinitializer, comdat($largest_c)
@nodedup_v = global i16 3, comdat($nodedup_c)
@samesize_v = weak global i32 4, comdat($samesize_c)
@quoted_v = linkonce_odr global i8 5, comdat($"quoted comdat")
@shared_var = linkonce_odr global i32 0, comdat
@shared_guard = linkonce_odr global i64 0, comdat($shared_var)

define linkonce_odr i32 @inline_fn(i32 %x) comdat {
  %v = load i32, ptr @shared_var, align 4
  %r = add i32 %x, %v
  ret i32 %r
}

define weak_odr void @any_fn() comdat($any_c) {
  ret void
}

define internal void @internal_in_comdat() comdat($any_c) {
  ret void
}

define linkonce_odr hidden void @hidden_linkonce() {
  ret void
}

define available_externally i32 @avail(i32 %x) {
  ret i32 %x
}

define i32 @user() {
  %a = call i32 @inline_fn(i32 1)
  %b = call i32 @avail(i32 2)
  call void @any_fn()
  call void @internal_in_comdat()
  call void @hidden_linkonce()
  %s = add i32 %a, %b
  ret i32 %s
}
