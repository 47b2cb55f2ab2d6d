//! Unrolling conformance against opt-19.
//!
//! Every C program in `tests/unroll/` is compiled the way LLVM's `-O3`
//! pipeline would hand it to its loop transformations (clang-19 without
//! LLVM passes, then the simplification passes that precede the loop
//! transformations; a first line `// cflags: ...` adds clang flags), once
//! as it is and once with `-g` (`common::programs`);
//! every `.ll` there is used as it is. Each input then
//! goes through loopwright and through `opt-19` with the same pipeline and
//! options, and for each run:
//! 1. loopwright succeeds and `opt-19 -passes=verify` accepts its output
//!    without complaint (invalid debug info counts as a failure);
//! 2. `lli-19` prints the same as for the input (programs with a `main`);
//! 3. the remarks and warnings printed are the same text;
//! 4. every function has the same multiset of `llvm.loop` attribute sets on
//!    its loops, and the same debug records (`debug_record_multisets`).
//!
//! The runs of [`DEBUG_RECORDS_DIFFER`] may differ in their debug records
//! only (named, with the reason; one that matches fails the test).
//!
//! Whether the code itself is the same up to value names is counted, not
//! required of each run (after partial unrolling both run `simplifyLoopIVs`,
//! and LLVM's scalar evolution can prove `nuw`/`nsw` flags from what it
//! kept of its analysis of the loop before unrolling, which loopwright's
//! analysis of the unrolled loop does not have); the count is a
//! floor (`unroll_conformance.same_code` in `tests/floors.toml`), as are the
//! number of runs, the runs on inputs with debug info and the debug records
//! found equal to opt-19's. The test ends with a line `N passed, M failed`. Skipped
//! with a notice when LLVM 19 is not installed (an error under CI).
//!
//! `UNROLL_CONFORMANCE_VERBOSE=1` lists the runs whose code differs, with
//! the first differing line.
//!
//! `self_test_wrong_outputs_fail` runs the same comparison on deliberately
//! wrong outputs and shows that it fails.

mod common;

use common::Tally;
use loopwright_testkit::standin::Wrong;
use loopwright_testkit::Allowlist;

/// Runs whose debug records are known to differ from opt-19's (and only
/// they), as `PROGRAM [PIPELINE OPTIONS]`, with the reason. An entry whose
/// run matches fails the test until it is removed.
const DEBUG_RECORDS_DIFFER: &[(&str, &str)] = &[];

/// (pipeline, extra options) pairs run on every input.
const RUNS: &[(&str, &[&str])] = &[
    ("loop-unroll-full", &[]),
    ("loop-unroll", &[]),
    ("loop-unroll<O3>", &[]),
    (
        "function(loop(loop-unroll-full),loop-unroll<O3>,transform-warning)",
        &[],
    ),
    ("loop-unroll<O3>", &["-unroll-runtime", "-unroll-count=3"]),
    (
        "loop-unroll<O3>",
        &["-unroll-threshold=50", "-unroll-partial-threshold=40"],
    ),
    ("loop-unroll<O3>", &["-unroll-max-count=2"]),
    ("loop-unroll<O3;no-runtime>", &[]),
    // The relocation model decides which global addresses fold into
    // addressing modes (`tables.c`): at -O3's full-unroll threshold, opt's
    // default `static` and clang's `pic` unroll different loops.
    (
        "function(loop(loop-unroll-full),loop-unroll<O3>,transform-warning)",
        &["-unroll-threshold=300"],
    ),
    (
        "function(loop(loop-unroll-full),loop-unroll<O3>,transform-warning)",
        &["-unroll-threshold=300", "-relocation-model=pic"],
    ),
    ("loop-unroll<O3>", &["-relocation-model=pic"]),
];

#[test]
fn unrolling_matches_opt() {
    if !common::have_conformance_tools("unroll_conformance") {
        return;
    }
    let work = common::work_dir("unroll");
    let bin = env!("CARGO_BIN_EXE_loopwright");
    let mut tally = Tally::default();
    let (mut same_code, mut debug_runs, mut debug_records) = (0, 0, 0);
    let mut known = Allowlist::new("DEBUG_RECORDS_DIFFER", DEBUG_RECORDS_DIFFER);
    let verbose = std::env::var_os("UNROLL_CONFORMANCE_VERBOSE").is_some();
    for program in common::programs("unroll", &work, common::source_cflags) {
        let expected = program.runnable().then(|| common::lli(&program.path));
        for (k, &run) in RUNS.iter().enumerate() {
            let mut c = common::compare_with_opt(bin, &work, &program, expected.as_ref(), k, run);
            common::exempt_record_difference(&mut known, &c.tag, &mut c.problems);
            if c.problems.is_empty() {
                let (a, b) = (
                    common::structural_text(&c.ours),
                    common::structural_text(&c.theirs),
                );
                if a == b {
                    same_code += 1;
                } else if verbose {
                    let first = a
                        .lines()
                        .zip(b.lines())
                        .find(|(x, y)| x != y)
                        .map(|(x, y)| format!("\n  ours:   {x}\n  opt-19: {y}"))
                        .unwrap_or_default();
                    eprintln!("code differs from opt-19: {}{first}", c.tag);
                }
            }
            if c.problems.is_empty() && program.debug {
                debug_runs += 1;
            }
            debug_records += c.debug_records;
            tally.record(&c.tag, &c.problems);
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    tally.print_failures();
    eprintln!(
        "unroll_conformance: {same_code} of {} passing runs produce the same code as opt-19 up to names; \
         {debug_runs} runs on inputs with debug info, {debug_records} debug records equal to opt-19's",
        tally.passed
    );
    let stale = known.stale(true);
    assert!(stale.is_empty(), "{}", stale.join("\n"));
    tally.finish(8);
    loopwright_testkit::floors::check_all(&[
        ("unroll_conformance.runs", tally.passed),
        ("unroll_conformance.same_code", same_code),
        ("unroll_conformance.debug_runs", debug_runs),
        ("unroll_conformance.debug_records", debug_records),
    ]);
}

/// The comparison above fed deliberately wrong outputs of
/// `tests/selftest/sum.ll` (by a stand-in for loopwright: opt-19 with its
/// output replaced). Right output passes; an `add` turned into `sub` and a
/// dropped store fail the run; all three, a dropped debug record
/// included, make the code differ from opt-19's (the floored count).
#[test]
fn self_test_wrong_outputs_fail() {
    if !common::have_conformance_tools("unroll_conformance") {
        return;
    }
    let work = common::work_dir("unroll-self-test");
    let program = common::self_test_program();
    let expected = common::lli(&program.path);
    let run = RUNS[0];
    let right = common::stand_in(&work, "right", &Wrong::default());
    let c = common::compare_with_opt(&right, &work, &program, Some(&expected), 0, run);
    assert!(c.problems.is_empty(), "opt-19 itself: {:?}", c.problems);
    assert_eq!(
        common::structural_text(&c.ours),
        common::structural_text(&c.theirs)
    );
    for (k, (what, wrong)) in common::wrong_outputs(&c.theirs).into_iter().enumerate() {
        let w = Wrong {
            output: Some(wrong),
            ..Wrong::default()
        };
        let bin = common::stand_in(&work, what, &w);
        let c = common::compare_with_opt(&bin, &work, &program, Some(&expected), k + 1, run);
        assert_ne!(
            common::structural_text(&c.ours),
            common::structural_text(&c.theirs),
            "{what}: the code comparison does not notice"
        );
        assert!(!c.problems.is_empty(), "{what}: the run passes");
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// A dropped debug record must fail the run itself, not only the code
/// count (the debug-record comparison of `common::compare_with_opt`).
#[test]
fn self_test_dropped_debug_record_fails_the_run() {
    if !common::have_conformance_tools("unroll_conformance") {
        return;
    }
    let work = common::work_dir("unroll-self-test-dbg");
    let program = common::self_test_program();
    let expected = common::lli(&program.path);
    let run = RUNS[0];
    let right = common::stand_in(&work, "right", &Wrong::default());
    let c = common::compare_with_opt(&right, &work, &program, Some(&expected), 0, run);
    let wrong = common::wrong_outputs(&c.theirs)
        .into_iter()
        .find(|(what, _)| *what == common::DROPPED_DEBUG_RECORD)
        .map(|(_, p)| p);
    let w = Wrong {
        output: wrong,
        ..Wrong::default()
    };
    let bin = common::stand_in(&work, "dbg", &w);
    let c = common::compare_with_opt(&bin, &work, &program, Some(&expected), 1, run);
    let _ = std::fs::remove_dir_all(&work);
    assert!(!c.problems.is_empty(), "a dropped debug record passes");
}

/// Fully unrolling a loop puts its child loops, the original ones and the
/// copies, at its level, and `loop-unroll-full` under LLVM's loop pass
/// manager visits them next (`LPMUpdater::addSiblingLoops`). On
/// `crates/driver/tests/inputs/sibling_copies.ll` (outside `tests/`, so the
/// suites that gather every module there keep their counts) the copies, whose
/// trip counts the unrolled loop's induction variable fixed, are then fully
/// unrolled too, at the top level and inside a loop, in opt-19's order (the
/// remarks): the run conforms and the code is opt-19's up to names.
#[test]
fn copies_of_child_loops_are_revisited() {
    if !common::have_conformance_tools("unroll_conformance") {
        return;
    }
    let work = common::work_dir("unroll-siblings");
    let program = input_program("sibling_copies");
    let expected = common::lli(&program.path);
    let bin = env!("CARGO_BIN_EXE_loopwright");
    for (k, pipeline) in ["loop(loop-unroll-full)", "loop-unroll-full"]
        .into_iter()
        .enumerate()
    {
        let c = common::compare_with_opt(bin, &work, &program, Some(&expected), k, (pipeline, &[]));
        assert!(
            c.problems.is_empty(),
            "{}: {}",
            c.tag,
            c.problems.join("; ")
        );
        assert_eq!(
            common::structural_text(&c.ours),
            common::structural_text(&c.theirs),
            "{}: the code differs from opt-19's",
            c.tag
        );
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// Peeling a loop by a count `-unroll-peel-count` forces leaves copies of
/// its child loops beside it, which `loop-unroll-full` visits next and
/// peels too; LLVM marks the peeled loops as unrolled only in `loop-unroll`
/// with `profile-peeling` (its default). On
/// `crates/driver/tests/inputs/peel_nest.ll` the remarks (4 peels under
/// `loop-unroll-full`) and the loops' attribute sets are opt-19's. (The code
/// is not: loopwright's IV simplification after peeling is partial.)
#[test]
fn peeled_copies_of_child_loops_are_revisited() {
    if !common::have_conformance_tools("unroll_conformance") {
        return;
    }
    let work = common::work_dir("unroll-peeled-siblings");
    let program = input_program("peel_nest");
    let expected = common::lli(&program.path);
    let bin = env!("CARGO_BIN_EXE_loopwright");
    let peel: &[&str] = &["-unroll-peel-count=2"];
    for (k, pipeline) in [
        "loop(loop-unroll-full)",
        "loop-unroll-full",
        "loop-unroll",
        "loop-unroll<no-profile-peeling>",
    ]
    .into_iter()
    .enumerate()
    {
        let c =
            common::compare_with_opt(bin, &work, &program, Some(&expected), k, (pipeline, peel));
        assert!(
            c.problems.is_empty(),
            "{}: {}",
            c.tag,
            c.problems.join("; ")
        );
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// The pipeline fuzz finding `tests/fuzz_regressions/
/// unroll_count2_remainder_nest.ll`: copies of an inner loop compare two
/// distinct globals, which opt-19 folds (`icmp ne ptr @g.f64, @g.i8` is
/// true) so that each copy exits in its first iteration; without the fold
/// loopwright fully unrolled every copy by hundreds of iterations (a
/// million lines against opt-19's 15,410). The output verifies, the loops'
/// attribute sets are opt-19's and the output is within 1% of opt-19's
/// size (the remarks differ by design, see below).
#[test]
fn a_compare_of_two_globals_decides_unrolled_exits() {
    if !common::have_conformance_tools("unroll_conformance") {
        return;
    }
    let work = common::work_dir("unroll-global-compare");
    let name = "unroll_count2_remainder_nest";
    let path = common::root().join(format!("crates/driver/tests/fuzz_regressions/{name}.ll"));
    let source = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let program = common::Program {
        name: name.into(),
        path,
        source,
        from_c: false,
        debug: false,
    };
    let options: &[&str] = &[
        "-unroll-threshold=4000",
        "-unroll-count=2",
        "-unroll-allow-remainder=false",
        "-unroll-allow-peeling=false",
        "-unroll-remainder=true",
    ];
    let bin = env!("CARGO_BIN_EXE_loopwright");
    let pipeline = "function(loop(loop-unroll-full),loop-unroll<O3>)";
    let c = common::compare_with_opt(bin, &work, &program, None, 0, (pipeline, options));
    // The remarks and warnings differ by design: loopwright warns about the
    // module's hostile loop metadata and ignores the unroll count -1 that
    // LLVM reads as 4294967295 (unroll/mod.rs).
    let problems: Vec<&String> = c
        .problems
        .iter()
        .filter(|p| !p.starts_with("remarks differ"))
        .collect();
    assert!(problems.is_empty(), "{}: {problems:?}", c.tag);
    let lines = |p: &std::path::Path| std::fs::read_to_string(p).map_or(0, |t| t.lines().count());
    let (ours, theirs) = (lines(&c.ours), lines(&c.theirs));
    assert!(
        theirs > 1000 && ours * 100 <= theirs * 101,
        "{}: loopwright's output has {ours} lines, opt-19's {theirs}",
        c.tag
    );
    let _ = std::fs::remove_dir_all(&work);
}

/// `crates/driver/tests/inputs/<name>.ll` as a program to compare.
fn input_program(name: &str) -> common::Program {
    let path = common::root().join(format!("crates/driver/tests/inputs/{name}.ll"));
    let source = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    common::Program {
        name: name.into(),
        path,
        source,
        from_c: false,
        debug: false,
    }
}
