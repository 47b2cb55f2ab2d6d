//! `transform-warning` against opt-19: for loops carrying every kind of
//! forced, hinted, suppressed and hidden (follow-up) transformation
//! attribute, with and without debug locations, loopwright and
//! `opt-19 -passes=transform-warning` must print the same warnings and
//! write byte-identical YAML remark files, which `llvm-remarkutil-19` must
//! read. Skipped with a notice when LLVM 19 is not installed (an error
//! under CI). `self_test_wrong_warnings_fail` shows that the comparison
//! fails on deliberately wrong warnings and remarks.

mod common;

use loopwright_testkit::standin::Wrong;
use std::path::Path;
use std::process::Command;

/// A function with one counted loop whose latch carries `!llvm.loop !L`,
/// with the loop attributes `attrs` (metadata text of the operands after
/// the self reference, which may refer to `!loc`).
fn module(cases: &[(&str, &str)], with_dbg: bool) -> String {
    let mut out = String::from("target triple = \"x86_64-pc-linux-gnu\"\n\n");
    let mut md = String::new();
    for (k, (name, attrs)) in cases.iter().enumerate() {
        let next = 100 + k;
        let dbg = if with_dbg {
            format!(", !dbg !{}", 10 + k)
        } else {
            String::new()
        };
        let sp = if with_dbg {
            format!(" !dbg !{}", 50 + k)
        } else {
            String::new()
        };
        out.push_str(&format!(
            "define void @{name}(ptr %a, i64 %n){sp} {{\n\
             entry:\n  br label %loop\n\n\
             loop:\n  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]\n\
             \x20 %p = getelementptr inbounds i32, ptr %a, i64 %i\n\
             \x20 store i32 1, ptr %p, align 4{dbg}\n\
             \x20 %i.next = add nuw i64 %i, 1\n\
             \x20 %c = icmp ult i64 %i.next, %n\n\
             \x20 br i1 %c, label %loop, label %exit{dbg}, !llvm.loop !{next}\n\n\
             exit:\n  ret void\n}}\n\n"
        ));
        let attrs = if with_dbg {
            attrs.replace("!loc", &format!("!{}", 10 + k))
        } else {
            attrs.replace("!loc, ", "")
        };
        md.push_str(&format!("!{next} = distinct !{{!{next}{attrs}}}\n"));
        if with_dbg {
            md.push_str(&format!(
                "!{} = !DILocation(line: {}, column: 3, scope: !{})\n",
                10 + k,
                k + 2,
                50 + k
            ));
            md.push_str(&format!(
                "!{} = distinct !DISubprogram(name: \"{name}\", scope: !2, file: !2, line: {}, type: !3, unit: !1)\n",
                50 + k,
                k + 1
            ));
        }
    }
    if with_dbg {
        out.push_str("!llvm.dbg.cu = !{!1}\n!llvm.module.flags = !{!0}\n");
        md.push_str("!0 = !{i32 2, !\"Debug Info Version\", i32 3}\n");
        md.push_str("!1 = distinct !DICompileUnit(language: DW_LANG_C11, file: !2, emissionKind: FullDebug)\n");
        md.push_str("!2 = !DIFile(filename: \"src/loops.c\", directory: \"/tmp\")\n");
        md.push_str("!3 = !DISubroutineType(types: !{})\n");
    }
    out.push_str(&md);
    // Attribute nodes shared by the cases.
    out.push_str(
        "!200 = !{!\"llvm.loop.unroll.full\"}\n\
         !201 = !{!\"llvm.loop.unroll.count\", i32 4}\n\
         !202 = !{!\"llvm.loop.unroll.disable\"}\n\
         !203 = !{!\"llvm.loop.vectorize.enable\", i1 true}\n\
         !204 = !{!\"llvm.loop.vectorize.width\", i32 1}\n\
         !205 = !{!\"llvm.loop.interleave.count\", i32 4}\n\
         !206 = !{!\"llvm.loop.interleave.count\", i32 1}\n\
         !207 = !{!\"llvm.loop.unroll_and_jam.enable\"}\n\
         !208 = !{!\"llvm.loop.distribute.enable\", i1 true}\n\
         !209 = !{!\"llvm.loop.disable_nonforced\"}\n\
         !210 = !{!\"llvm.loop.vectorize.width\", i32 8}\n\
         !211 = !{!\"llvm.loop.vectorize.followup_all\", !200}\n\
         !212 = !{!\"llvm.loop.unroll.count\", i32 1}\n\
         !213 = !{!\"llvm.loop.vectorize.enable\", i1 false}\n\
         !214 = !{!\"llvm.loop.isvectorized\", i32 1}\n\
         !215 = !{!\"llvm.loop.unroll.enable\"}\n\
         !216 = !{!\"llvm.loop.mustprogress\"}\n",
    );
    out
}

const CASES: &[(&str, &str)] = &[
    ("unroll_full", ", !loc, !200"),
    ("unroll_count", ", !loc, !201"),
    ("unroll_disable", ", !loc, !202"),
    ("unroll_count_one", ", !loc, !212"),
    ("unroll_enable", ", !loc, !215"),
    ("vectorize_forced", ", !loc, !203"),
    ("vectorize_width8", ", !loc, !210"),
    ("vectorize_width8_forced", ", !loc, !203, !210"),
    ("interleave_only", ", !loc, !203, !204, !205"),
    ("interleave_one", ", !loc, !203, !204, !206"),
    ("vectorize_disabled", ", !loc, !213"),
    ("already_vectorized", ", !loc, !203, !214"),
    ("unroll_and_jam", ", !loc, !207"),
    ("distribute", ", !loc, !208"),
    ("nonforced_only", ", !loc, !209"),
    ("nonforced_and_forced", ", !loc, !209, !201, !203"),
    ("hidden_in_followup", ", !loc, !211"),
    ("everything", ", !loc, !200, !203, !207, !208, !216"),
    ("no_attributes", ", !loc, !216"),
];

/// Runs `cmd`: its standard error, and whether it succeeded.
fn run(cmd: &mut Command) -> (String, bool) {
    let out = common::execute(cmd);
    (
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

/// Runs `transform-warning` on `input` through `bin` and opt-19 (their
/// YAML remarks go to `dir`) and compares them: the same warnings, the
/// same YAML, which has every kind of warning and which
/// `llvm-remarkutil-19` reads. Returns the problems.
fn compare(bin: &str, input: &Path, dir: &Path) -> Vec<String> {
    let ours_yaml = dir.join("ours.yaml");
    let theirs_yaml = dir.join("theirs.yaml");
    let _ = std::fs::remove_file(&ours_yaml);
    let (ours, ok) = run(Command::new(bin)
        .args(["-passes=transform-warning", "-disable-output"])
        .arg(format!("-pass-remarks-output={}", ours_yaml.display()))
        .arg(input));
    if !ok {
        return vec![format!("loopwright failed: {ours}")];
    }
    let (theirs, ok) = run(Command::new("opt-19")
        .args(["-passes=transform-warning", "-disable-output"])
        .arg(format!("-pass-remarks-output={}", theirs_yaml.display()))
        .arg(input));
    assert!(ok, "opt-19 failed: {theirs}");
    let mut problems = Vec::new();
    if ours != theirs {
        problems.push(format!(
            "warnings differ:\n--- loopwright\n{ours}--- opt-19\n{theirs}"
        ));
    }
    let y1 = std::fs::read_to_string(&ours_yaml).unwrap_or_default();
    let y2 = std::fs::read_to_string(&theirs_yaml).expect("opt yaml");
    if y1 != y2 {
        problems.push(format!(
            "YAML differs:\n--- loopwright\n{y1}--- opt-19\n{y2}"
        ));
    }
    // Sanity: the test exercises several warning kinds.
    for kind in [
        "FailedRequestedUnrolling",
        "FailedRequestedVectorization",
        "FailedRequestedInterleaving",
        "FailedRequestedUnrollAndJamming",
        "FailedRequestedDistribution",
    ] {
        if !y1.contains(kind) {
            problems.push(format!("no {kind} remark"));
        }
    }
    let count = common::execute(
        Command::new("llvm-remarkutil-19")
            .args(["count", "--parser=yaml"])
            .arg(&ours_yaml),
    );
    if !count.status.success() {
        problems.push(format!(
            "llvm-remarkutil-19 rejects our YAML: {}",
            String::from_utf8_lossy(&count.stderr)
        ));
    }
    problems
}

#[test]
fn warnings_and_yaml_match_opt() {
    if !loopwright_testkit::require(&["opt-19", "llvm-remarkutil-19"]) {
        return;
    }
    let dir = common::work_dir("tw");
    let bin = env!("CARGO_BIN_EXE_loopwright");
    for with_dbg in [false, true] {
        let input = dir.join(format!("in{with_dbg}.ll"));
        std::fs::write(&input, module(CASES, with_dbg)).expect("write input");
        let problems = compare(bin, &input, &dir);
        assert!(
            problems.is_empty(),
            "debug info: {with_dbg}:\n{}",
            problems.join("\n")
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The comparison above fed deliberately wrong warnings and remarks (by a
/// stand-in for loopwright: opt-19 with its standard error or its YAML file
/// replaced). opt-19 itself passes; a dropped warning, a dropped YAML
/// remark, a wrong line in a remark's location and YAML that is not YAML
/// each fail.
#[test]
fn self_test_wrong_warnings_fail() {
    if !loopwright_testkit::require(&["opt-19", "llvm-remarkutil-19"]) {
        return;
    }
    let dir = common::work_dir("tw-self-test");
    let input = dir.join("in.ll");
    std::fs::write(&input, module(CASES, true)).expect("write input");
    let right = common::stand_in(&dir, "right", &Wrong::default());
    let problems = compare(&right, &input, &dir);
    assert!(problems.is_empty(), "opt-19 itself: {problems:?}");
    let warnings = std::fs::read_to_string(dir.join("theirs.yaml")).expect("yaml");
    let (stderr, _) = run(Command::new("opt-19")
        .args(["-passes=transform-warning", "-disable-output"])
        .arg(&input));
    let write = |name: &str, text: String| {
        let p = dir.join(name);
        std::fs::write(&p, text).expect("write");
        Some(p)
    };
    let first_line_dropped = stderr.lines().skip(1).map(|l| format!("{l}\n")).collect();
    let (_, first_doc_dropped) = warnings.split_once("\n...\n").expect("a YAML document");
    let wrong: [(&str, Wrong); 4] = [
        (
            "dropped warning",
            Wrong {
                stderr: write("w1.txt", first_line_dropped),
                ..Wrong::default()
            },
        ),
        (
            "dropped remark",
            Wrong {
                yaml: write("w2.yaml", first_doc_dropped.to_owned()),
                ..Wrong::default()
            },
        ),
        (
            "wrong location",
            Wrong {
                yaml: write("w3.yaml", warnings.replacen("Line: 2,", "Line: 3,", 1)),
                ..Wrong::default()
            },
        ),
        (
            "not YAML",
            Wrong {
                yaml: write("w4.yaml", "--- !Failure\nPass: [\n".to_owned()),
                ..Wrong::default()
            },
        ),
    ];
    for (k, (what, w)) in wrong.iter().enumerate() {
        assert_ne!(w.yaml.is_some(), w.stderr.is_some());
        let bin = common::stand_in(&dir, &format!("wrong{k}"), w);
        let problems = compare(&bin, &input, &dir);
        assert!(!problems.is_empty(), "{what}: the comparison passes");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
