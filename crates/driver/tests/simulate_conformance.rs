//! Full-unroll decisions against opt-19, around the thresholds where LLVM's
//! cost simulation (`analyzeLoopUnrollCost`) decides.
//!
//! Inputs: every C program in `tests/simulate/` (compiled with `-g`, so that
//! each remark names its loop, the way `unroll_conformance.rs` prepares
//! them: clang-19 without LLVM passes, then the simplification passes that
//! precede LLVM's loop transformations), every `.ll` there as it is, and
//! loops generated here with an `llvm.loop.unroll.enable` pragma whose
//! bodies are too large for the plain estimate under the pragma threshold
//! (the `FullUnrollAsDirectedTooLarge` cases).
//!
//! Each input goes through `loop-unroll-full` and `loop-unroll` at a sweep
//! of `-unroll-threshold` values (and with the simulation's own options),
//! through loopwright and through opt-19. For each run:
//! 1. loopwright succeeds and `opt-19 -passes=verify` accepts its output
//!    without a word (invalid debug info fails);
//! 2. `lli-19` prints the same as for the input (inputs with a `main`);
//! 3. the remarks are the same text (the decisions match);
//! 4. every function has the same debug records as in opt-19's output
//!    (`common::debug_record_multisets`).
//!
//! The test reports how many remark lines (one per unrolling decision)
//! agree and how many runs are identical, then `N passed, M failed`; the
//! counts are floors (`simulate_conformance.*` in `tests/floors.toml`), as
//! is the number of debug records found equal to opt-19's.
//! `LOOPWRIGHT_BIN=path` tests another binary (e.g. one without the
//! simulation, to measure the difference it makes); `SIM_FILTER=substring`
//! runs some inputs only (neither checks the floors). Skipped with a
//! notice when LLVM 19 is not installed (an error under CI).
//! `self_test_wrong_outputs_fail` shows that the comparison fails on
//! deliberately wrong outputs and remarks.

mod common;

use common::Tally;
use loopwright_testkit::standin::Wrong;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The `-unroll-threshold` sweep (`None`: the pass default).
const THRESHOLDS: &[Option<u32>] = &[
    None,
    Some(1),
    Some(2),
    Some(3),
    Some(4),
    Some(5),
    Some(6),
    Some(8),
    Some(10),
    Some(12),
    Some(15),
    Some(20),
    Some(25),
    Some(30),
    Some(40),
    Some(50),
    Some(70),
    Some(100),
];

/// Runs with the simulation's own options.
const EXTRA: &[(&str, &[&str])] = &[
    (
        "loop-unroll-full",
        &[
            "-unroll-threshold=10",
            "-unroll-max-percent-threshold-boost=150",
        ],
    ),
    (
        "loop-unroll-full",
        &[
            "-unroll-threshold=10",
            "-unroll-max-percent-threshold-boost=1000",
        ],
    ),
    (
        "loop-unroll-full",
        &[
            "-unroll-threshold=10",
            "-unroll-max-iteration-count-to-analyze=5",
        ],
    ),
    ("loop-unroll<O3>", &["-unroll-threshold=20"]),
];

/// One input: name, path, whether it has a `main`, and whether it gets the
/// whole sweep (generated inputs are large and get the default runs).
struct Input {
    name: String,
    path: PathBuf,
    runnable: bool,
    sweep: bool,
}

/// The programs of `tests/simulate/` (C compiled with `-g`), then the
/// generated [`pragma_loops`].
fn inputs(work: &Path) -> Vec<Input> {
    let mut out: Vec<Input> = common::programs("simulate", work, |_| vec!["-g".to_owned()])
        .into_iter()
        .map(|p| Input {
            runnable: p.runnable(),
            name: p.name,
            path: p.path,
            sweep: true,
        })
        .collect();
    for (name, text) in pragma_loops() {
        let path = work.join(format!("{name}.ll"));
        std::fs::write(&path, text).expect("write generated input");
        out.push(Input {
            name,
            path,
            runnable: false,
            sweep: false,
        });
    }
    out
}

/// Loops of 10 iterations with `llvm.loop.unroll.enable` and a chain of
/// `ops` operations on a table value: too large for the plain estimate
/// under the pragma threshold (16384). When the chain starts from a
/// constant everything folds and the simulation unrolls; from an argument
/// it is decided by the dynamic-cost boost (1700 operations) or refused
/// with `FullUnrollAsDirectedTooLarge` (2000).
fn pragma_loops() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (kind, start) in [("fold", "0"), ("nofold", "%k")] {
        for ops in [1700, 2000] {
            let mut t = String::from(
                "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n\
                 target triple = \"x86_64-pc-linux-gnu\"\n\
                 @tab = internal constant [10 x i32] [i32 3, i32 1, i32 4, i32 1, i32 5, i32 9, i32 2, i32 6, i32 5, i32 3]\n\
                 define i32 @f(i32 %k) #0 {\nentry:\n  br label %loop\nloop:\n\
                 \x20 %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]\n",
            );
            t += &format!("  %acc = phi i32 [ {start}, %entry ], [ %x{ops}, %loop ]\n");
            t += "  %p = getelementptr inbounds [10 x i32], ptr @tab, i64 0, i64 %i\n";
            t += "  %v = load i32, ptr %p\n  %x0 = add i32 %acc, %v\n";
            for j in 0..ops {
                let op = ["mul", "add", "xor", "sub"][j % 4];
                let rhs = if j % 3 == 0 {
                    "%v".to_owned()
                } else {
                    (j % 7 + 1).to_string()
                };
                t += &format!("  %x{} = {op} i32 %x{j}, {rhs}\n", j + 1);
            }
            t += "  %i.next = add nuw nsw i64 %i, 1\n  %c = icmp eq i64 %i.next, 10\n";
            t += "  br i1 %c, label %exit, label %loop, !llvm.loop !0\nexit:\n";
            t += &format!("  %r = phi i32 [ %x{ops}, %loop ]\n  ret i32 %r\n}}\n");
            t += "attributes #0 = { nounwind \"target-cpu\"=\"x86-64\" }\n";
            t += "!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.unroll.enable\"}\n";
            out.push((format!("pragma_{kind}_{ops}"), t));
        }
    }
    out
}

/// The lines of a remark output, counted.
fn lines(b: &[u8]) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for l in String::from_utf8_lossy(b).lines() {
        *m.entry(l.to_owned()).or_insert(0) += 1;
    }
    m
}

/// One run of `pipeline` with the options `extra` on the input `path`
/// (named `name`, run `k`) through `bin` and opt-19: the problems
/// (`common::run_problems`, then `common::compare_debug_records`), how many
/// of the remark lines agree, of how many, and the debug records equal to
/// opt-19's.
#[allow(clippy::too_many_arguments)]
fn compare_run(
    bin: &str,
    work: &Path,
    name: &str,
    path: &Path,
    k: usize,
    (pipeline, extra): (&str, &[String]),
    expected: Option<&common::Execution>,
) -> (Vec<String>, usize, usize, usize) {
    let ours = work.join(format!("{name}.{k}.lw.ll"));
    let theirs = work.join(format!("{name}.{k}.opt.ll"));
    let (o, t) = common::run_both(bin, pipeline, extra, path, &ours, Some(&theirs));
    let (mut same_lines, mut all_lines) = (0, 0);
    if o.status.success() && t.status.success() {
        let (a, b) = (lines(&o.stderr), lines(&t.stderr));
        for (line, &n) in &b {
            let m = a.get(line).copied().unwrap_or(0);
            same_lines += n.min(m);
            all_lines += n.max(m);
        }
        all_lines += a
            .iter()
            .filter(|(l, _)| !b.contains_key(*l))
            .map(|(_, &n)| n)
            .sum::<usize>();
    }
    let mut problems = common::run_problems(&o, &t, &ours, expected);
    let mut records = 0;
    if problems.is_empty() {
        match common::compare_debug_records(&ours, &theirs) {
            Ok(n) => records = n,
            Err(p) => problems.push(p),
        }
    }
    (problems, same_lines, all_lines, records)
}

#[test]
fn full_unroll_decisions_match_opt() {
    if !common::have_conformance_tools("simulate_conformance") {
        return;
    }
    let work = common::work_dir("simulate");
    let other_bin = std::env::var("LOOPWRIGHT_BIN").ok();
    let bin = other_bin
        .clone()
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_loopwright").to_owned());
    let filter = std::env::var("SIM_FILTER").unwrap_or_default();
    let mut tally = Tally::default();
    let (mut same_lines, mut all_lines, mut debug_records) = (0, 0, 0);
    for input in inputs(&work) {
        if !input.name.contains(&filter) {
            continue;
        }
        let expected = input.runnable.then(|| common::lli(&input.path));
        let mut runs: Vec<(&str, Vec<String>)> = Vec::new();
        if input.sweep {
            for pass in ["loop-unroll-full", "loop-unroll"] {
                for t in THRESHOLDS {
                    let opts = t.map(|t| format!("-unroll-threshold={t}"));
                    runs.push((pass, opts.into_iter().collect()));
                }
            }
            for (pass, extra) in EXTRA {
                runs.push((pass, extra.iter().map(|s| s.to_string()).collect()));
            }
        } else {
            for pass in ["loop-unroll-full", "loop-unroll", "loop-unroll<O3>"] {
                runs.push((pass, Vec::new()));
            }
        }
        for (k, (pipeline, extra)) in runs.iter().enumerate() {
            let tag = format!("{} [{pipeline} {}]", input.name, extra.join(" "));
            let (problems, same, all, records) = compare_run(
                &bin,
                &work,
                &input.name,
                &input.path,
                k,
                (pipeline, extra),
                expected.as_ref(),
            );
            same_lines += same;
            all_lines += all;
            debug_records += records;
            tally.record(&tag, &problems);
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    tally.print_failures();
    eprintln!(
        "simulate_conformance: {same_lines} of {all_lines} remark lines (unrolling decisions) match opt-19; \
         {debug_records} debug records equal to opt-19's"
    );
    tally.finish(if filter.is_empty() { 8 } else { 0 });
    if filter.is_empty() && other_bin.is_none() {
        loopwright_testkit::floors::check_all(&[
            ("simulate_conformance.runs", tally.passed),
            ("simulate_conformance.remark_lines", all_lines),
            ("simulate_conformance.same_remark_lines", same_lines),
            ("simulate_conformance.debug_records", debug_records),
        ]);
    } else {
        eprintln!("simulate_conformance: SIM_FILTER or LOOPWRIGHT_BIN is set, floors not checked");
    }
}

/// The comparison above fed deliberately wrong outputs and remarks for
/// `tests/selftest/sum.ll` (by a stand-in for loopwright: opt-19 with its
/// output or its printed remarks replaced). Right output passes; an `add`
/// turned into `sub`, a dropped store and a dropped remark fail the run,
/// and a dropped remark lowers the count of agreeing remark lines.
#[test]
fn self_test_wrong_outputs_fail() {
    if !common::have_conformance_tools("simulate_conformance") {
        return;
    }
    let work = common::work_dir("simulate-self-test");
    let program = common::self_test_program();
    let expected = common::lli(&program.path);
    let run = ("loop-unroll-full", &[][..]);
    let right = common::stand_in(&work, "right", &Wrong::default());
    let (problems, same, all, _) =
        compare_run(&right, &work, "st", &program.path, 0, run, Some(&expected));
    assert!(problems.is_empty(), "opt-19 itself: {problems:?}");
    assert!(same == all && all > 0, "{same} of {all}");
    // opt-19's output, to break.
    let reference = work.join("reference.ll");
    common::run(
        std::process::Command::new("opt-19")
            .args(["-S", "-passes=loop-unroll-full"])
            .arg(&program.path)
            .arg("-o")
            .arg(&reference),
    );
    for (k, (what, wrong)) in common::wrong_outputs(&reference).into_iter().enumerate() {
        let w = Wrong {
            output: Some(wrong),
            ..Wrong::default()
        };
        let bin = common::stand_in(&work, what, &w);
        let (problems, ..) = compare_run(
            &bin,
            &work,
            "st",
            &program.path,
            k + 1,
            run,
            Some(&expected),
        );
        assert!(!problems.is_empty(), "{what}: the run passes");
    }
    // The remark of the unrolled loop dropped.
    let no_remarks = work.join("no-remarks.txt");
    std::fs::write(&no_remarks, "").expect("write");
    let w = Wrong {
        stderr: Some(no_remarks),
        ..Wrong::default()
    };
    let bin = common::stand_in(&work, "no-remarks", &w);
    let (problems, same2, all2, _) =
        compare_run(&bin, &work, "st", &program.path, 9, run, Some(&expected));
    assert!(!problems.is_empty(), "a dropped remark passes");
    assert!(same2 < same && all2 == all, "{same2} of {all2}");
    let _ = std::fs::remove_dir_all(&work);
}
