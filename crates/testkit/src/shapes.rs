//! Generated modules whose size the caller chooses, for tests and
//! benchmarks of how the passes scale.

/// `loops` top-tested loops one after the other, each behind a guard and
/// followed by a join block (four blocks per loop, six once in
/// loop-simplify form), each with `llvm.loop.mustprogress` as clang gives
/// C++ loops. The guard implies the loop's first test, so rotation folds
/// the copied test.
pub fn sequential_loops(loops: usize) -> String {
    let mut s = String::from("define void @f(ptr %p, i64 %n) {\nentry:\n  br label %g0\n");
    for k in 0..loops {
        let next = if k + 1 < loops {
            format!("g{}", k + 1)
        } else {
            "done".to_string()
        };
        s += &format!(
            "g{k}:
  %gc{k} = icmp sgt i64 %n, {k}
  br i1 %gc{k}, label %h{k}, label %j{k}
h{k}:
  %i{k} = phi i64 [ 0, %g{k} ], [ %in{k}, %b{k} ]
  %c{k} = icmp ult i64 %i{k}, %n
  br i1 %c{k}, label %b{k}, label %j{k}
b{k}:
  %a{k} = getelementptr inbounds i32, ptr %p, i64 %i{k}
  store i32 {k}, ptr %a{k}, align 4
  %in{k} = add nuw nsw i64 %i{k}, 1
  br label %h{k}, !llvm.loop !0
j{k}:
  br label %{next}
"
        );
    }
    s += "done:\n  ret void\n}\n\n!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.mustprogress\"}\n";
    s
}

/// A function `@f` with one loop whose latch branch carries
/// `!llvm.loop !0`: the loop-metadata tests append `!0` and its attributes.
pub const ONE_LOOP_FN: &str = "\
define void @f(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %v2 = add i32 %v, 1
  store i32 %v2, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}
";

/// Debug-info scaffolding for `!DILocation(..., scope: !90)` in
/// [`ONE_LOOP_FN`]'s function (nodes `!90` to `!93`).
pub const DEBUG_INFO_90: &str = "\
!llvm.dbg.cu = !{!92}
!llvm.module.flags = !{!93}
!90 = distinct !DISubprogram(name: \"f\", scope: !91, file: !91, line: 1, spFlags: DISPFlagDefinition, unit: !92)
!91 = !DIFile(filename: \"g.c\", directory: \"/\")
!92 = distinct !DICompileUnit(language: DW_LANG_C11, file: !91, emissionKind: FullDebug)
!93 = !{i32 2, !\"Debug Info Version\", i32 3}
";

#[cfg(test)]
mod tests {
    #[test]
    fn four_blocks_per_loop() {
        let s = super::sequential_loops(3);
        assert_eq!(s.matches(":\n").count(), 1 + 4 * 3 + 1);
        assert!(s.contains("br label %done"));
    }
}
