//! Malformed loop attributes are reported as warnings (LLVM ignores them
//! silently), once per problem, before any loop transformation runs; the
//! attributes are then ignored as LLVM ignores them, and the run succeeds.

use std::process::Command;

const INPUT: &str = r#"define void @f(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}
!0 = distinct !{!0, !1, !2, !3}
!1 = !{!"llvm.loop.unroll.count", !"four"}
!2 = !{!"llvm.loop.vectorize.width", i32 3}
!3 = !{!"llvm.loop.unroll.count", i32 -2}
"#;

fn run(args: &[&str]) -> (bool, String, String) {
    run_input(INPUT, args)
}

fn run_input(text: &str, args: &[&str]) -> (bool, String, String) {
    // One input file per call: the tests run in parallel, and rewriting a
    // shared file let one test read it while another had just truncated it.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("loopwright-md-lint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join(format!("bad_md{k}.ll"));
    std::fs::write(&input, text).unwrap();
    let out = loopwright_testkit::run(
        Command::new(env!("CARGO_BIN_EXE_loopwright"))
            .args(args)
            .arg(&input),
        loopwright_testkit::run::TIMEOUT,
    );
    (out.success(), out.stdout_text(), out.stderr_text())
}

#[test]
fn malformed_attributes_warn_once_each() {
    let (ok, stdout, stderr) = run(&[]);
    assert!(ok, "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines,
        [
            "warning: <unknown>:0:0: loop metadata in function 'f': llvm.loop.unroll.count: value is not an integer (ignored)",
            "warning: <unknown>:0:0: loop metadata in function 'f': llvm.loop.vectorize.width: width 3 is not a power of two up to 64 (ignored)",
            "warning: <unknown>:0:0: loop metadata in function 'f': llvm.loop.unroll.count: duplicate: LLVM reads only the first one (ignored)",
        ],
        "{stderr}"
    );
    // The metadata is kept as written.
    assert!(
        stdout.contains(r#"!{!"llvm.loop.unroll.count", !"four"}"#),
        "{stdout}"
    );
}

/// A misspelled hint gets a did-you-mean, and hints another hint
/// overrides are named, at the loop's source location.
#[test]
fn misspelled_and_overridden_hints_point_at_the_loop() {
    let text = r#"define void @f(ptr %p, i32 %n) !dbg !10 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}
!llvm.dbg.cu = !{!12}
!llvm.module.flags = !{!13}
!0 = distinct !{!0, !14, !1, !2, !3}
!1 = !{!"llvm.loop.vectorize.widht", i32 8}
!2 = !{!"llvm.loop.vectorize.enable", i1 false}
!3 = !{!"llvm.loop.interleave.count", i32 4}
!10 = distinct !DISubprogram(name: "f", scope: !11, file: !11, line: 1, spFlags: DISPFlagDefinition, unit: !12)
!11 = !DIFile(filename: "k.c", directory: "/src")
!12 = distinct !DICompileUnit(language: DW_LANG_C11, file: !11, emissionKind: FullDebug)
!13 = !{i32 2, !"Debug Info Version", i32 3}
!14 = !DILocation(line: 3, column: 5, scope: !10)
"#;
    let (ok, _, stderr) = run_input(text, &[]);
    assert!(ok, "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines,
        [
            "warning: k.c:3:5: loop metadata in function 'f': llvm.loop.vectorize.widht: unknown loop attribute; did you mean 'llvm.loop.vectorize.width'? (ignored)",
            "warning: k.c:3:5: loop metadata in function 'f': llvm.loop.interleave.count: interleave count 4 conflicts with 'llvm.loop.vectorize.enable' false, which disables the loop vectorizer for this loop (ignored)",
        ],
        "{stderr}"
    );
}

#[test]
fn yaml_records_them() {
    let dir = std::env::temp_dir().join(format!("loopwright-md-lint-yaml-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let yaml = dir.join("r.yaml");
    let (ok, _, stderr) = run(&["-pass-remarks-output", yaml.to_str().unwrap()]);
    assert!(ok, "{stderr}");
    let text = std::fs::read_to_string(&yaml).unwrap();
    assert_eq!(text.matches("--- !Failure").count(), 3, "{text}");
    assert!(text.contains("Pass:            loop-metadata"), "{text}");
    assert!(
        text.contains("Name:            MalformedLoopMetadata"),
        "{text}"
    );
}

#[test]
fn passes_without_loop_transformations_stay_quiet() {
    let (ok, _, stderr) = run(&["--passes=loop-simplify,lcssa"]);
    assert!(ok, "{stderr}");
    assert_eq!(stderr, "");
}
