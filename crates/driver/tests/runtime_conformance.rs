//! Runtime unrolling conformance against opt-19.
//!
//! Every C program in `tests/runtime/` is compiled the way LLVM's `-O3`
//! pipeline would hand it to its loop transformations (clang-19 without
//! LLVM passes, then the simplification passes that precede the loop
//! transformations; a first line `// cflags: ...` adds clang flags; a
//! program whose flags do not include `-g` is also compiled with `-g`,
//! `common::programs`); every `.ll` there is used as it is. Each input then goes through
//! loopwright and through `opt-19` with the same pipeline and options
//! (prologue and epilogue remainders, multi-exit loops, `-unroll-remainder`,
//! forced counts 2, 3, 4, 5 and 8, and the defaults), and for each run:
//! 1. loopwright succeeds and `opt-19 -passes=verify` accepts its output
//!    without complaint (invalid debug info counts as a failure);
//! 2. `lli-19` prints the same as for the input (inputs with a `main`);
//! 3. the remarks printed are the same text;
//! 4. every function has the same multiset of `llvm.loop` attribute sets
//!    on its loops, and the same debug records (`debug_record_multisets`).
//!
//! The runs of [`DEBUG_RECORDS_DIFFER`] may differ in their debug records
//! only (named, with the reason; one that matches fails the test).
//!
//! How many functions are the same as opt-19's up to value names (with
//! phi entries in block order and metadata numbers ignored) is counted, not
//! required of each function: LLVM's `simplifyLoopIVs` after partial
//! unrolling adds `nuw`/`nsw` flags loopwright does not infer. The count
//! is a floor (`runtime_conformance.same_functions` in
//! `tests/floors.toml`), as are the numbers of runs and functions, the runs
//! on inputs with debug info and the debug records equal to opt-19's. The test
//! ends with `N passed, M failed`. Skipped with a notice when LLVM 19 is
//! not installed (an error under CI). `RUNTIME_CONFORMANCE_VERBOSE=1`
//! lists the functions that differ. `self_test_wrong_outputs_fail` shows
//! that the comparison fails on deliberately wrong outputs.

mod common;

use common::Tally;
use loopwright_testkit::standin::Wrong;
use loopwright_testkit::Allowlist;
use std::collections::BTreeMap;
use std::path::Path;

const RT: &str = "-unroll-runtime";

/// Runs whose debug records are known to differ from opt-19's (and only
/// they), as `PROGRAM [PIPELINE OPTIONS]`, with the reason. An entry whose
/// run matches fails the test until it is removed.
const DEBUG_RECORDS_DIFFER: &[(&str, &str)] = &[];

/// (pipeline, extra options) pairs run on every input.
const RUNS: &[(&str, &[&str])] = &[
    ("loop-unroll", &[]),
    // A forced count the remainder restriction lowers: the
    // DifferentUnrollCountFromDirected remark, from both passes.
    ("loop-unroll<O3>", &["-unroll-allow-remainder=false"]),
    (
        "function(loop(loop-unroll-full),loop-unroll<O3>)",
        &["-unroll-allow-remainder=false"],
    ),
    ("loop-unroll<O3>", &[]),
    ("loop-unroll<O3>", &[RT, "-unroll-runtime-epilog=false"]),
    ("loop-unroll<O3>", &[RT, "-unroll-runtime-epilog=true"]),
    ("loop-unroll<O3>", &[RT, "-unroll-runtime-multi-exit"]),
    ("loop-unroll<O3>", &[RT, "-unroll-runtime-multi-exit=false"]),
    (
        "loop-unroll<O3>",
        &[RT, "-unroll-runtime-other-exit-predictable"],
    ),
    ("loop-unroll<O3>", &[RT, "-unroll-remainder"]),
    ("loop-unroll<O3>", &[RT, "-unroll-count=2"]),
    (
        "loop-unroll<O3>",
        &[RT, "-unroll-count=3", "-unroll-runtime-epilog=false"],
    ),
    (
        "loop-unroll<O3>",
        &[RT, "-unroll-count=4", "-unroll-runtime-multi-exit"],
    ),
    (
        "loop-unroll<O3>",
        &[RT, "-unroll-count=8", "-unroll-remainder"],
    ),
    (
        "loop-unroll<O3>",
        &[
            RT,
            "-unroll-count=2",
            "-unroll-runtime-epilog=false",
            "-unroll-runtime-multi-exit",
        ],
    ),
    (
        "loop-unroll<O3>",
        &[
            RT,
            "-unroll-count=3",
            "-unroll-remainder",
            "-unroll-runtime-multi-exit",
        ],
    ),
    (
        "loop-unroll<O3>",
        &[
            RT,
            "-unroll-count=4",
            "-unroll-remainder",
            "-unroll-runtime-epilog=false",
        ],
    ),
    (
        "loop-unroll<O3>",
        &[
            RT,
            "-unroll-count=8",
            "-unroll-runtime-multi-exit",
            "-unroll-runtime-epilog=false",
            "-unroll-remainder",
        ],
    ),
    (
        "loop-unroll<O3>",
        &[RT, "-unroll-count=5", "-unroll-runtime-multi-exit"],
    ),
    (
        "function(loop(loop-unroll-full),loop-unroll<O3>,transform-warning)",
        &[RT, "-unroll-runtime-multi-exit"],
    ),
];

/// Each defined function's text with local names dropped, phi entries in
/// block order and metadata numbers erased (after a pass through
/// `opt-19 -S`, which normalizes what LLVM normalizes).
fn structural(path: &Path) -> BTreeMap<String, String> {
    let m = common::anonymized(path);
    let names: Vec<String> = m
        .functions
        .iter()
        .filter(|(_, f)| !f.is_declaration())
        .map(|(_, f)| f.name().unwrap_or("").to_owned())
        .collect();
    let printed = loopwright_ir::print::print_module(&m);
    let mut out = BTreeMap::new();
    let mut cur: Option<(String, String)> = None;
    for line in printed.lines() {
        if line.starts_with("define ") {
            let name = names
                .iter()
                .find(|n| line.contains(&format!("@{n}(")))
                .cloned()
                .unwrap_or_default();
            cur = Some((name, String::new()));
        }
        if let Some((_, body)) = cur.as_mut() {
            let code = line.split(" ; ").next().unwrap_or(line).trim_end();
            if !code.starts_with(';') {
                body.push_str(&erase_md_numbers(code));
                body.push('\n');
            }
        }
        if line == "}" {
            if let Some((name, body)) = cur.take() {
                out.insert(name, body);
            }
        }
    }
    out
}

/// `!123` becomes `!N` (metadata numbering depends on the whole module).
fn erase_md_numbers(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '!' && chars.peek().is_some_and(|d| d.is_ascii_digit()) {
            while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                chars.next();
            }
            out.push('N');
        }
    }
    out
}

#[test]
fn runtime_unrolling_matches_opt() {
    if !common::have_conformance_tools("runtime_conformance") {
        return;
    }
    let work = common::work_dir("runtime");
    let bin = env!("CARGO_BIN_EXE_loopwright");
    let verbose = std::env::var_os("RUNTIME_CONFORMANCE_VERBOSE").is_some();
    let mut tally = Tally::default();
    let (mut same_fns, mut total_fns) = (0, 0);
    let (mut debug_runs, mut debug_records) = (0, 0);
    let mut known = Allowlist::new("DEBUG_RECORDS_DIFFER", DEBUG_RECORDS_DIFFER);
    let mut differing = Vec::new();
    for program in common::programs("runtime", &work, common::source_cflags) {
        let expected = program.runnable().then(|| common::lli(&program.path));
        if let Some(e) = &expected {
            assert_eq!(
                e.code,
                Some(0),
                "lli-19 fails on the input {}",
                program.name
            );
        }
        for (k, &run) in RUNS.iter().enumerate() {
            let mut c = common::compare_with_opt(bin, &work, &program, expected.as_ref(), k, run);
            common::exempt_record_difference(&mut known, &c.tag, &mut c.problems);
            debug_records += c.debug_records;
            if c.problems.is_empty() && program.debug {
                debug_runs += 1;
            }
            if c.problems.is_empty() {
                let (a, b) = (structural(&c.ours), structural(&c.theirs));
                for (fname, text) in &b {
                    total_fns += 1;
                    if a.get(fname) == Some(text) {
                        same_fns += 1;
                    } else {
                        differing.push(format!("{} @{fname}", c.tag));
                    }
                }
            }
            tally.record(&c.tag, &c.problems);
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    if verbose {
        for d in &differing {
            eprintln!("differs from opt-19: {d}");
        }
    }
    tally.print_failures();
    eprintln!(
        "runtime_conformance: {same_fns} of {total_fns} functions in passing runs \
         are the same as opt-19's up to names; {debug_runs} runs on inputs with debug \
         info, {debug_records} debug records equal to opt-19's"
    );
    let stale = known.stale(true);
    assert!(stale.is_empty(), "{}", stale.join("\n"));
    tally.finish(RUNS.len());
    loopwright_testkit::floors::check_all(&[
        ("runtime_conformance.runs", tally.passed),
        ("runtime_conformance.functions", total_fns),
        ("runtime_conformance.same_functions", same_fns),
        ("runtime_conformance.debug_runs", debug_runs),
        ("runtime_conformance.debug_records", debug_records),
    ]);
}

/// The comparison above fed deliberately wrong outputs of
/// `tests/selftest/sum.ll` under runtime unrolling (by a stand-in for
/// loopwright: opt-19 with its output replaced). Right output passes; an
/// `add` turned into `sub` and a dropped store fail the run; all three, a
/// dropped debug record included, make a function differ from opt-19's
/// (the floored count).
#[test]
fn self_test_wrong_outputs_fail() {
    if !common::have_conformance_tools("runtime_conformance") {
        return;
    }
    let work = common::work_dir("runtime-self-test");
    let program = common::self_test_program();
    let expected = common::lli(&program.path);
    let run = ("loop-unroll<O3>", &[RT, "-unroll-runtime-epilog=false"][..]);
    let right = common::stand_in(&work, "right", &Wrong::default());
    let c = common::compare_with_opt(&right, &work, &program, Some(&expected), 0, run);
    assert!(c.problems.is_empty(), "opt-19 itself: {:?}", c.problems);
    assert_eq!(structural(&c.ours), structural(&c.theirs));
    for (k, (what, wrong)) in common::wrong_outputs(&c.theirs).into_iter().enumerate() {
        let w = Wrong {
            output: Some(wrong),
            ..Wrong::default()
        };
        let bin = common::stand_in(&work, what, &w);
        let c = common::compare_with_opt(&bin, &work, &program, Some(&expected), k + 1, run);
        assert_ne!(
            structural(&c.ours),
            structural(&c.theirs),
            "{what}: the code comparison does not notice"
        );
        assert!(!c.problems.is_empty(), "{what}: the run passes");
    }
    let _ = std::fs::remove_dir_all(&work);
}
