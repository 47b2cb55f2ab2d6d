//! `transform-warning` against opt-19: for loops carrying every kind of
//! forced, hinted, suppressed and hidden (follow-up) transformation
//! attribute, with and without debug locations, loopwright and
//! `opt-19 -passes=transform-warning` must print the same warnings and
//! write byte-identical YAML remark files, which `llvm-remarkutil-19` must
//! read. Skipped with a notice when LLVM 19 is not installed (an error
//! under CI).

mod common;

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

#[test]
fn warnings_and_yaml_match_opt() {
    if !common::have_llvm(
        &["opt-19", "llvm-remarkutil-19"],
        "transform_warning: LLVM 19 not found, skipping",
    ) {
        return;
    }
    let dir = common::work_dir("tw");
    let bin = env!("CARGO_BIN_EXE_loopwright");
    for with_dbg in [false, true] {
        let input = dir.join(format!("in{with_dbg}.ll"));
        std::fs::write(&input, module(CASES, with_dbg)).expect("write input");
        let ours_yaml = dir.join("ours.yaml");
        let theirs_yaml = dir.join("theirs.yaml");
        let (ours, ok) = run(Command::new(bin)
            .args(["-passes=transform-warning", "-disable-output"])
            .arg(format!("-pass-remarks-output={}", ours_yaml.display()))
            .arg(&input));
        assert!(ok, "loopwright failed: {ours}");
        let (theirs, ok) = run(Command::new("opt-19")
            .args(["-passes=transform-warning", "-disable-output"])
            .arg(format!("-pass-remarks-output={}", theirs_yaml.display()))
            .arg(&input));
        assert!(ok, "opt-19 failed: {theirs}");
        assert_eq!(ours, theirs, "warnings differ (debug info: {with_dbg})");
        let (y1, y2) = (
            std::fs::read_to_string(&ours_yaml).expect("our yaml"),
            std::fs::read_to_string(&theirs_yaml).expect("opt yaml"),
        );
        assert_eq!(y1, y2, "YAML differs (debug info: {with_dbg})");
        // Sanity: the test exercises several warning kinds.
        for kind in [
            "FailedRequestedUnrolling",
            "FailedRequestedVectorization",
            "FailedRequestedInterleaving",
            "FailedRequestedUnrollAndJamming",
            "FailedRequestedDistribution",
        ] {
            assert!(y1.contains(kind), "no {kind} remark");
        }
        let count = Command::new("llvm-remarkutil-19")
            .args(["count", "--parser=yaml"])
            .arg(&ours_yaml)
            .output()
            .expect("run llvm-remarkutil-19");
        assert!(
            count.status.success(),
            "llvm-remarkutil-19 rejects our YAML"
        );
        let _ = Path::new(&ours_yaml);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
