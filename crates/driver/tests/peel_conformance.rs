//! Loop peeling (`loop-unroll`'s peeling) against opt-19 on the programs
//! in `tests/peel/`.
//!
//! C programs are compiled as LLVM's -O3 pipeline would hand them to the
//! unroller (`clang-19 -O3 -Xclang -disable-llvm-passes`, then the
//! simplification passes that run before `loop-unroll`), also with `-g`
//! when their flags do not ask for it (`common::programs`); `.ll` files are
//! used as they are. A line `// peel-test-cflags: ...` (or `; ...` in `.ll`)
//! adds compiler flags; each `peel-test-options: ...` line adds a run with
//! those options (`-passes=loop-unroll` unless they name the passes)
//! besides the run with none.
//!
//! For each program and options, `loopwright --passes=loop-unroll` and
//! `opt-19 -passes=loop-unroll` must:
//! 1. produce output `opt-19 -passes=verify` accepts without a word
//!    (`common::verify_problem`: invalid debug info fails);
//! 2. run identically under `lli-19` (output and exit status, also equal to
//!    the input's);
//! 3. write the same YAML remarks (`-pass-remarks-output`);
//! 4. leave the same `!llvm.loop` attribute sets on the loops of each
//!    function (rendered, in loop order), and the same debug records in
//!    each function (`common::debug_record_multisets`).
//!
//! 5. The code is compared function by function up to names (both outputs
//!    through `opt-19 -S`, local names cleared, phi entries sorted), and the
//!    rates are printed. A function in which either tool peeled a loop must
//!    be equal unless [`KNOWN_DIFFERENT`] lists it (with the reason; a
//!    listed function that is equal fails the test until it is removed);
//!    the other functions only count (their loops are fully or partially
//!    unrolled, which other tests check).
//!
//! The counts are floors (`peel_conformance.*` in `tests/floors.toml`),
//! with the runs on inputs with debug info and the debug records equal to
//! opt-19's.
//! Skipped with a notice when LLVM 19 is not installed (an error under CI).
//! `self_test_wrong_outputs_fail` shows that the comparison fails on
//! deliberately wrong outputs.

mod common;

use common::run;
use loopwright_testkit::standin::Wrong;
use loopwright_testkit::Allowlist;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Functions whose code is known to differ from opt-19's, as
/// `PROGRAM [OPTIONS] @FUNCTION`, and runs whose debug records are known to
/// differ, as `PROGRAM [OPTIONS] debug records`, with the reason. An entry
/// whose case equals opt-19's fails the test until it is removed.
const KNOWN_DIFFERENT: &[(&str, &str)] = &[
    (
        "metadata [-unroll-peel-count=2] @full",
        "scalar evolution does not see a phi joining a branch on a constant \
         condition as the value selected (createNodeFromSelectLikePHI), so \
         eliminateIdentitySCEV does not remove it",
    ),
    ("phis.g [] @chain", common::NO_IV_SIMPLIFICATION),
    ("eq_nowrap [] @nsw", IDENTITY_SCEV_FLAGS),
    ("eq_nowrap [] @nuw", IDENTITY_SCEV_FLAGS),
    ("eq_nowrap [] @ne_step2_nuw", IDENTITY_SCEV_FLAGS),
    ("phis.g [] debug records", common::NO_IV_SIMPLIFICATION),
];

/// Why the flagged variants of `tests/peel/eq_nowrap.ll` differ: the peeled
/// loop and decisions are opt-19's, the increments' flags are not.
const IDENTITY_SCEV_FLAGS: &str = "after peeling, LLVM's simplifyLoopIVs \
     (SimplifyIndvar::eliminateIdentitySCEV) replaces `select %first, C, %i` by \
     the IV it equals in the remaining iterations and, as the IV is more \
     poisonous than the select, drops the nuw/nsw of the increments it reaches \
     through the header phi (the peeled copy's included, canReuseInstruction); \
     loopwright keeps the input's flags (sound: a poison `%i` makes the \
     compare, and so the select, poison too)";

/// Values of the `peel-test-<key>:` lines of a source.
fn directives(src: &str, key: &str) -> Vec<String> {
    let tag = format!("peel-test-{key}:");
    src.lines()
        .filter_map(|l| l.split_once(&tag).map(|(_, v)| v.trim().to_owned()))
        .collect()
}

struct Case {
    name: String,
    input: PathBuf,
    /// The input carries debug info.
    debug: bool,
    /// Option sets, the empty one first.
    options: Vec<String>,
}

fn cases(work: &Path) -> Vec<Case> {
    let cflags = |src: &str| {
        directives(src, "cflags")
            .iter()
            .flat_map(|l| l.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
            .collect()
    };
    common::programs("peel", work, cflags)
        .into_iter()
        .map(|p| {
            let mut options = vec![String::new()];
            options.extend(directives(&p.source, "options"));
            Case {
                name: p.name,
                input: p.path,
                debug: p.debug,
                options,
            }
        })
        .collect()
}

/// The functions named by `Peeled` remarks in a YAML remark file.
fn peeled_functions(yaml: &str) -> Vec<String> {
    yaml.split("\n...")
        .filter(|doc| doc.contains("Name:            Peeled"))
        .filter_map(|doc| {
            doc.lines()
                .find_map(|l| l.strip_prefix("Function:"))
                .map(|f| f.trim().trim_matches('\'').to_owned())
        })
        .collect()
}

/// Per function: its text with local names cleared and phi entries
/// sorted by block position, after a trip through `opt-19 -S`.
fn structural(path: &Path) -> BTreeMap<String, String> {
    let m = common::anonymized(path);
    let names: Vec<(loopwright_ir::Func, String)> = m
        .functions
        .iter()
        .filter(|(_, f)| !f.is_declaration())
        .map(|(k, f)| (k, f.name().unwrap_or("?").to_owned()))
        .collect();
    // Print each function alone: keep one definition, make the others
    // declarations, so metadata numbering depends on that function only.
    let mut out = BTreeMap::new();
    for (k, name) in names {
        let mut single = m.clone();
        for (j, f) in single.functions.iter_mut() {
            if j != k {
                f.layout = loopwright_ir::function::FnLayout::default();
                f.common.md = loopwright_ir::Attachments::default();
            }
        }
        let text = loopwright_ir::print::print_module(&single);
        let body: String = text
            .lines()
            .filter(|l| !l.starts_with(';') && !l.starts_with("declare") && !l.is_empty())
            .map(|l| l.split(" ; ").next().unwrap_or(l).trim_end())
            .collect::<Vec<_>>()
            .join("\n");
        out.insert(name, body);
    }
    out
}

/// What the runs measured: functions equal to opt-19's up to names (with a
/// peeled loop, and in all), loops peeled, and debug records equal to
/// opt-19's.
#[derive(Default)]
struct Counts {
    same: usize,
    total: usize,
    same_peeled: usize,
    total_peeled: usize,
    peeled: usize,
    debug_records: usize,
}

/// One run of `case` with the options `opts` (run `k` of the case) through
/// opt-19 and loopwright (`lw`), compared as the module docs say; returns
/// the problems. `known` records the functions of [`KNOWN_DIFFERENT`].
#[allow(clippy::too_many_arguments)]
fn check_run(
    lw: &str,
    work: &Path,
    case: &str,
    input: &Path,
    (k, opts): (usize, &str),
    expected: Option<&common::Execution>,
    known: &mut Allowlist,
    counts: &mut Counts,
) -> Vec<String> {
    let mut failures = Vec::new();
    let tag = format!("{case}#{k}");
    let mut args: Vec<&str> = opts.split_whitespace().collect();
    if !args.iter().any(|a| a.starts_with("-passes=")) {
        args.insert(0, "-passes=loop-unroll");
    }
    let o_out = work.join(format!("{tag}.opt.ll"));
    let l_out = work.join(format!("{tag}.lw.ll"));
    let o_yaml = work.join(format!("{tag}.opt.yaml"));
    let l_yaml = work.join(format!("{tag}.lw.yaml"));
    run(Command::new("opt-19")
        .arg("-S")
        .args(&args)
        .arg(format!("-pass-remarks-output={}", o_yaml.display()))
        .arg(input)
        .arg("-o")
        .arg(&o_out));
    run(Command::new(lw)
        .arg("-S")
        .args(&args)
        .arg(format!("--pass-remarks-output={}", l_yaml.display()))
        .arg(input)
        .arg("-o")
        .arg(&l_out));
    if let Some(p) = common::verify_problem(&l_out) {
        failures.push(format!("{tag} [{opts}]: {p}"));
        return failures;
    }
    if let Some(exp) = expected {
        for out in [&o_out, &l_out] {
            if let Some(p) = common::lli_problem(exp, &common::lli(out)) {
                failures.push(format!("{tag} [{opts}]: {}: {p}", out.display()));
            }
        }
    }
    let (oy, ly) = (
        std::fs::read_to_string(&o_yaml).unwrap_or_default(),
        std::fs::read_to_string(&l_yaml).unwrap_or_default(),
    );
    counts.peeled += ly.matches("Name:            Peeled").count();
    if oy != ly {
        failures.push(format!(
            "{tag} [{opts}]: remarks differ:\n--- opt-19\n{oy}\n--- loopwright\n{ly}"
        ));
    }
    let (oa, la) = (
        common::loop_attr_sets(&o_out),
        common::loop_attr_sets(&l_out),
    );
    if oa != la {
        failures.push(format!(
            "{tag} [{opts}]: loop attributes differ:\n  opt-19:     {oa:?}\n  loopwright: {la:?}"
        ));
    }
    let records = format!("{case} [{opts}] debug records");
    match common::compare_debug_records(&l_out, &o_out) {
        Ok(n) => {
            counts.debug_records += n;
            known.check(&records, false);
        }
        Err(p) => {
            if !known.check(&records, true) {
                failures.push(format!("{tag} [{opts}]: {p}"));
            }
        }
    }
    let mut with_peeling = peeled_functions(&oy);
    with_peeling.extend(peeled_functions(&ly));
    let (os, ls) = (structural(&o_out), structural(&l_out));
    for (name, otext) in &os {
        let strict = with_peeling.contains(name);
        counts.total += 1;
        counts.total_peeled += usize::from(strict);
        let ltext = ls.get(name).map(String::as_str).unwrap_or("");
        let differs = otext != ltext;
        if !differs {
            counts.same += 1;
            counts.same_peeled += usize::from(strict);
        } else {
            let dump = work.join(format!("{tag}.{name}"));
            let _ = std::fs::write(format!("{}.opt.txt", dump.display()), otext);
            let _ = std::fs::write(format!("{}.lw.txt", dump.display()), ltext);
        }
        let exempt = known.check(&format!("{case} [{opts}] @{name}"), differs);
        if differs && strict && !exempt {
            failures.push(format!(
                "{tag} [{opts}]: @{name} differs from opt-19's (see {}.*.txt)",
                work.join(format!("{tag}.{name}")).display()
            ));
        }
    }
    failures
}

#[test]
fn peeling_matches_opt19() {
    if !common::have_conformance_tools("peel_conformance") {
        return;
    }
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("peel-conformance");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("work dir");
    let lw = env!("CARGO_BIN_EXE_loopwright");
    let mut failures: Vec<String> = Vec::new();
    let mut counts = Counts::default();
    let mut known = Allowlist::new("KNOWN_DIFFERENT", KNOWN_DIFFERENT);
    let (mut runs, mut debug_runs) = (0, 0);
    for case in cases(&work) {
        let expected = common::has_main(&case.input).then(|| common::lli(&case.input));
        for (k, opts) in case.options.iter().enumerate() {
            runs += 1;
            debug_runs += usize::from(case.debug);
            failures.extend(check_run(
                lw,
                &work,
                &case.name,
                &case.input,
                (k, opts),
                expected.as_ref(),
                &mut known,
                &mut counts,
            ));
        }
    }
    let Counts {
        same,
        total,
        same_peeled,
        total_peeled,
        peeled,
        debug_records,
    } = counts;
    eprintln!(
        "peel_conformance: {same_peeled}/{total_peeled} functions with peeled loops and \
         {same}/{total} functions in all equal to opt-19's up to names; {peeled} loops peeled; \
         {debug_runs} runs on inputs with debug info, {debug_records} debug records equal to \
         opt-19's"
    );
    failures.extend(known.stale(true));
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    loopwright_testkit::floors::check_all(&[
        ("peel_conformance.runs", runs),
        ("peel_conformance.peeled_loops", peeled),
        ("peel_conformance.functions", total),
        ("peel_conformance.same_functions", same),
        ("peel_conformance.peeled_functions", total_peeled),
        ("peel_conformance.same_peeled_functions", same_peeled),
        ("peel_conformance.debug_runs", debug_runs),
        ("peel_conformance.debug_records", debug_records),
    ]);
}

/// The comparison above fed deliberately wrong outputs of
/// `tests/selftest/sum.ll` with `-unroll-peel-count=1` (by a stand-in for
/// loopwright: opt-19 with its output replaced). Right output passes; an
/// `add` turned into `sub`, a dropped store and a dropped debug record
/// each fail the run (the functions with a peeled loop must be equal).
#[test]
fn self_test_wrong_outputs_fail() {
    if !common::have_conformance_tools("peel_conformance") {
        return;
    }
    let work = common::work_dir("peel-self-test");
    let program = common::self_test_program();
    let expected = common::lli(&program.path);
    let opts = "-unroll-peel-count=1";
    let mut known = Allowlist::new("none", &[]);
    let right = common::stand_in(&work, "right", &Wrong::default());
    let mut counts = Counts::default();
    let problems = check_run(
        &right,
        &work,
        "selftest",
        &program.path,
        (0, opts),
        Some(&expected),
        &mut known,
        &mut counts,
    );
    assert!(problems.is_empty(), "opt-19 itself: {problems:?}");
    assert!(counts.peeled > 0 && counts.same_peeled == counts.total_peeled);
    let reference = work.join("selftest#0.opt.ll");
    for (k, (what, wrong)) in common::wrong_outputs(&reference).into_iter().enumerate() {
        let w = Wrong {
            output: Some(wrong),
            ..Wrong::default()
        };
        let bin = common::stand_in(&work, what, &w);
        let problems = check_run(
            &bin,
            &work,
            "selftest",
            &program.path,
            (k + 1, opts),
            Some(&expected),
            &mut known,
            &mut Counts::default(),
        );
        assert!(!problems.is_empty(), "{what}: the run passes");
    }
    let _ = std::fs::remove_dir_all(&work);
}
