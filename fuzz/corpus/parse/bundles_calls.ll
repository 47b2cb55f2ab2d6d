; Calls in all their forms: operand bundles (deopt, funclet-free ones,
; gc-transition, clang.arc.attachedcall, kcfi, align/nonnull assume
; bundles, ptrauth, convergencectrl), tail/musttail/notail, calling
; conventions, parameter and return attributes, inline asm calls, and
; invoke with landingpad/resume.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.big = type { [8 x i64] }

declare void @f(i32)
declare ptr @objc_retainAutoreleasedReturnValue(ptr)
declare ptr @make_obj()
declare void @llvm.assume(i1 noundef)
declare void @g(ptr sret(%struct.big) align 8, ptr byval(%struct.big) align 8, ptr inalloca(i32))
declare void @g2(i32, ptr preallocated(i32))
declare noalias nonnull dereferenceable(16) ptr @alloc(i64 allocalign, i64 noundef) allockind("alloc,uninitialized,aligned") allocsize(1)
declare fastcc i32 @fast(i32 inreg, i8 signext, i16 zeroext)
declare coldcc void @cold()
declare x86_regcallcc i32 @regcall(i32)
declare swiftcc void @swift(ptr swiftself, ptr swifterror)
declare cc 42 void @numbered_cc()
declare ghccc void @ghc()
declare preserve_allcc void @pall()
declare tailcc i32 @tail_callee(i32)
declare i32 @__gxx_personality_v0(...)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()
declare i32 @llvm.eh.typeid.for.p0(ptr)
declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.anchor()
declare token @llvm.experimental.convergence.loop()
@typeinfo = external constant ptr

define void @bundles(ptr %p, i32 %x) {
  call void @f(i32 %x) [ "deopt"(i32 1, i64 2, ptr %p) ]
  call void @f(i32 %x) [ "deopt"(), "gc-transition"(i32 0) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 16), "nonnull"(ptr %p), "dereferenceable"(ptr %p, i64 8), "noundef"(ptr %p) ]
  %o = call ptr @make_obj() [ "clang.arc.attachedcall"(ptr @objc_retainAutoreleasedReturnValue) ]
  call void %p(i32 %x) [ "kcfi"(i32 12345678) ]
  call void %p(i32 %x) [ "ptrauth"(i32 0, i64 99) ]
  ret void
}

define void @convergent_loop(i32 %n) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %lt = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %t) ]
  call void @f(i32 %i) #2 [ "convergencectrl"(token %lt) ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define i32 @tails(i32 %x) {
  %a = tail call fastcc i32 @fast(i32 inreg %x, i8 signext 1, i16 zeroext 2)
  %b = notail call x86_regcallcc i32 @regcall(i32 %a)
  call coldcc void @cold() #1
  call cc 42 void @numbered_cc()
  call ghccc void @ghc()
  call preserve_allcc void @pall()
  %c = call i32 asm sideeffect inteldialect "mov $0, $1", "=r,r,~{dirflag}"(i32 %b)
  %d = call i32 asm "add $0, $1", "=r,0,~{flags}"(i32 %c)
  ret i32 %d
}

define tailcc i32 @musttail_caller(i32 %x) {
  %r = musttail call tailcc i32 @tail_callee(i32 %x)
  ret i32 %r
}

define i64 @param_attrs(ptr noalias nocapture readonly align 8 dereferenceable(64) %a, ptr nonnull writeonly dereferenceable_or_null(8) %b, i32 range(i32 0, 10) %r, ptr nofree noundef %c, i64 returned %ret) {
  %big = alloca %struct.big, align 8
  %sret = alloca %struct.big, align 8
  %ia = alloca inalloca i32, align 4
  %tok = call token @llvm.call.preallocated.setup(i32 1)
  %pa = call ptr @llvm.call.preallocated.arg(token %tok, i32 0) preallocated(i32)
  call void @g(ptr sret(%struct.big) align 8 %sret, ptr byval(%struct.big) align 8 %big, ptr inalloca(i32) %ia)
  call void @g2(i32 %r, ptr preallocated(i32) %pa) [ "preallocated"(token %tok) ]
  %m = call ptr @alloc(i64 16, i64 32)
  %e = call ptr @llvm.ptrmask.p0.i64(ptr %m, i64 -16)
  ret i64 %ret
}

declare token @llvm.call.preallocated.setup(i32)
declare ptr @llvm.call.preallocated.arg(token, i32)
declare ptr @llvm.ptrmask.p0.i64(ptr, i64)

define i32 @eh(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @f(i32 %x)
          to label %ok unwind label %lpad

ok:
  %r = invoke fastcc i32 @fast(i32 inreg %x, i8 signext 0, i16 zeroext 0)
          to label %done unwind label %lpad

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
          catch ptr @typeinfo
          catch ptr null
          filter [1 x ptr] [ptr @typeinfo]
  %sel = extractvalue { ptr, i32 } %lp, 1
  %tid = call i32 @llvm.eh.typeid.for.p0(ptr @typeinfo)
  %match = icmp eq i32 %sel, %tid
  br i1 %match, label %catch, label %rethrow

catch:
  %exn = extractvalue { ptr, i32 } %lp, 0
  %obj = call ptr @__cxa_begin_catch(ptr %exn)
  call void @__cxa_end_catch()
  br label %done

rethrow:
  resume { ptr, i32 } %lp

done:
  %v = phi i32 [ %r, %ok ], [ -1, %catch ]
  ret i32 %v
}

define void @swifty(ptr swiftself %s, ptr swifterror %e) {
  %err = alloca swifterror ptr, align 8
  call swiftcc void @swift(ptr swiftself %s, ptr swifterror %err)
  ret void
}

attributes #1 = { cold noinline }
attributes #2 = { convergent }
