; Function headers: every part.
declare i32 @printf(ptr nocapture noundef readonly, ...)
declare ccc void @c1()
declare fastcc void @c2()
declare coldcc void @c3()
declare cc 10 void @c4()
declare ghccc void @c5()
declare swiftcc void @c6(ptr swiftself, ptr swifterror)
declare x86_stdcallcc void @c7()
declare preserve_mostcc void @c8()
declare tailcc void @c9()
declare cc 1023 void @c10()
declare noalias nonnull align 16 dereferenceable(32) ptr @mk(i64 noundef) #1
declare zeroext i8 @ze(i8 signext, i16 zeroext, i32 inreg)
declare void @tys(ptr byval(i32) align 4, ptr sret({ i32, i32 }) align 8, ptr byref(i64), ptr inalloca(i8), ptr preallocated(i32), ptr elementtype(i32), ptr nocapture readnone, ptr writeonly, ptr nest, ptr returned, ptr noundef nonnull dereferenceable_or_null(8))
declare void @more(ptr immarg, i32 range(i32 0, 10), float nofpclass(nan inf), ptr initializes((0, 4), (8, 12)) dead_on_unwind writable, ptr allocalign, ptr allocptr, ptr swiftasync, i32 noundef)
declare range(i8 -1, 5) i8 @rng()
declare nofpclass(nan) float @nfp()
declare void @gcd() gc "statepoint-example"
declare !dbg !1 void @withdbg()
declare dso_local void @dl()
declare hidden void @hd()
declare protected void @pd()
declare dllimport void @di()
declare extern_weak void @ew()
declare void @uaddr() unnamed_addr
declare void @luaddr() local_unnamed_addr
declare void @asp() addrspace(1)
declare void @falign() align 32
declare void @fattrs() #0
declare void @inline_attrs() nounwind readnone willreturn "foo" "bar"="baz" alignstack(16)

define dso_local i32 @main(i32 noundef %argc, ptr noundef %argv) #0 {
entry:
  %r = call i32 (ptr, ...) @printf(ptr @str, i32 %argc)
  ret i32 0
}

@str = private unnamed_addr constant [4 x i8] c"%d\0A\00"

define i32 @prefixed() prefix i32 123 {
  ret i32 0
}

define void @prologued() prologue { i8, i8 } { i8 -21, i8 1 } {
  ret void
}

define void @both() prefix i64 1 prologue i8 2 {
  ret void
}

define weak_odr hidden void @lots(i32 %0, i32 %named, i32 %2) unnamed_addr #2 section ".text.lots" comdat align 8 gc "shadow-stack" !dbg !1 !prof !2 {
  ret void
}
$lots = comdat any

define void @unnamed_args(i32, i32) {
  %3 = add i32 %0, %1
  ret void
}

define void @"quoted fn"(i32 %"quoted arg") {
"quoted label":
  br label %"quoted label 2"
"quoted label 2":
  ret void
}

define void @0() {
  ret void
}

define void @1() {
  call void @0()
  ret void
}

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) uwtable(sync) vscale_range(1,16) alignstack=8 cold hot minsize optsize allocsize(0,1) memory(argmem: readwrite, inaccessiblemem: read) "less-precise-fpmad"="false" }

!1 = distinct !{}
!2 = !{!"function_entry_count", i64 10}
