; Itanium and funclet-based exception handling.
@_ZTIi = external constant ptr
declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)
declare void @may_throw(i32)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()

define i32 @itanium(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %x)
          to label %ok unwind label %lpad
ok:
  ret i32 0
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
          catch ptr @_ZTIi
          filter [1 x ptr] [ptr @_ZTIi]
  %sel = extractvalue { ptr, i32 } %lp, 1
  %is = icmp eq i32 %sel, 1
  br i1 %is, label %catch, label %resume
catch:
  %p = extractvalue { ptr, i32 } %lp, 0
  %b = call ptr @__cxa_begin_catch(ptr %p)
  call void @__cxa_end_catch()
  ret i32 1
resume:
  %agg = insertvalue { ptr, i32 } undef, ptr null, 0
  resume { ptr, i32 } %lp
}

define void @funclets(i32 %x) personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw(i32 %x)
          to label %done unwind label %dispatch
dispatch:
  %cs = catchswitch within none [label %handler, label %handler2] unwind label %cleanup
handler:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  call void @may_throw(i32 1) [ "funclet"(token %cp) ]
  catchret from %cp to label %done
handler2:
  %cp2 = catchpad within %cs []
  catchret from %cp2 to label %done
cleanup:
  %cl = cleanuppad within none []
  call void @may_throw(i32 2) [ "funclet"(token %cl) ]
  cleanupret from %cl unwind to caller
done:
  ret void
}

define void @nested() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw(i32 0)
          to label %done unwind label %outer
outer:
  %cs = catchswitch within none [label %h] unwind to caller
h:
  %cp = catchpad within %cs [ptr null, i32 0, ptr null]
  invoke void @may_throw(i32 1) [ "funclet"(token %cp) ]
          to label %cont unwind label %inner
inner:
  %cl = cleanuppad within %cp []
  cleanupret from %cl unwind to caller
cont:
  catchret from %cp to label %done
done:
  ret void
}
