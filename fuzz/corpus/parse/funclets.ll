; Windows-style EH funclets: catchswitch, catchpad, catchret, cleanuppad,
; cleanupret, funclet operand bundles, and a terminatepad-like cleanup.
; They verify on any triple.
target datalayout = "e-m:w-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-windows-msvc19.39.0"

%rtti.TypeDescriptor2 = type { ptr, ptr, [3 x i8] }
%struct.S = type { i32 }

@"??_7type_info@@6B@" = external constant ptr
@"??_R0H@8" = linkonce_odr global %rtti.TypeDescriptor2 { ptr @"??_7type_info@@6B@", ptr null, [3 x i8] c".H\00" }, comdat
$"??_R0H@8" = comdat any

declare void @may_throw(i32)
declare void @cleanup_fn(ptr)
declare i32 @__CxxFrameHandler3(...)
declare void @llvm.trap()

define i32 @catch_int(i32 %x) personality ptr @__CxxFrameHandler3 {
entry:
  %e = alloca i32, align 4
  invoke void @may_throw(i32 %x)
          to label %invoke.cont unwind label %catch.dispatch

catch.dispatch:
  %cs = catchswitch within none [label %catch.int, label %catch.all] unwind to caller

catch.int:
  %cp = catchpad within %cs [ptr @"??_R0H@8", i32 0, ptr %e]
  %v = load i32, ptr %e, align 4
  call void @cleanup_fn(ptr %e) [ "funclet"(token %cp) ]
  catchret from %cp to label %catch.cont

catch.all:
  %cp2 = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp2 to label %catch.cont2

catch.cont:
  ret i32 %v

catch.cont2:
  ret i32 -1

invoke.cont:
  ret i32 0
}

define void @with_cleanup(i32 %x) personality ptr @__CxxFrameHandler3 {
entry:
  %s = alloca %struct.S, align 4
  invoke void @may_throw(i32 %x)
          to label %cont unwind label %ehcleanup

cont:
  call void @cleanup_fn(ptr %s)
  ret void

ehcleanup:
  %pad = cleanuppad within none []
  call void @cleanup_fn(ptr %s) [ "funclet"(token %pad) ]
  cleanupret from %pad unwind to caller
}

define void @nested(i32 %x) personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw(i32 %x)
          to label %done unwind label %outer.dispatch

outer.dispatch:
  %outer = catchswitch within none [label %outer.catch] unwind to caller

outer.catch:
  %ocp = catchpad within %outer [ptr null, i32 64, ptr null]
  invoke void @may_throw(i32 1) [ "funclet"(token %ocp) ]
          to label %outer.ret unwind label %inner.cleanup

inner.cleanup:
  %icp = cleanuppad within %ocp []
  invoke void @may_throw(i32 2) [ "funclet"(token %icp) ]
          to label %inner.done unwind label %term

inner.done:
  cleanupret from %icp unwind to caller

term:
  %tp = cleanuppad within %icp []
  call void @llvm.trap() [ "funclet"(token %tp) ]
  unreachable

outer.ret:
  catchret from %ocp to label %done

done:
  ret void
}

define i32 @loop_with_catch(ptr %a, i32 %n) personality ptr @__CxxFrameHandler3 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %gep = getelementptr i32, ptr %a, i32 %i
  %v = load i32, ptr %gep, align 4
  invoke void @may_throw(i32 %v)
          to label %ok unwind label %dispatch

ok:
  br label %latch

dispatch:
  %cs = catchswitch within none [label %handler] unwind to caller

handler:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp to label %caught

caught:
  br label %latch

latch:
  %add = phi i32 [ %v, %ok ], [ 0, %caught ]
  %s.next = add i32 %s, %add
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}
