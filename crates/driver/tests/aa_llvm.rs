//! Alias analysis against opt-19: `loopwright -passes=aa-eval
//! -print-all-alias-modref-info -evaluate-aa-metadata` and the same
//! `opt-19` command, on real modules:
//! - the C/C++ corpus (`tests/corpus/src`) at every point of the build
//!   matrix (`tests/corpus/matrix.rs`: `-O0`..`-O3`, each with and without
//!   `-g`, and `-O2` with value names; the `-O0` functions are `optnone`,
//!   which aa-eval skips in both), and the hand-written `tests/corpus/ll`;
//! - the bench kernels (`bench/kernels`), at `-O3` with vectorization and
//!   unrolling off (their loops as the loop passes get them);
//! - the conformance suites' modules (`tests/{unroll,peel,runtime,simulate,
//!   programs}`: the `.ll` files as they are, the C programs prepared as the
//!   suites prepare them; `tests/phis`);
//! - [`GENERATED_MODULES`] random modules of `aa_gen` (the generator of the
//!   analysis crate's `aa_props.rs`: GEP chains with constant and variable
//!   indices over scalar, array and struct types, selects, loops with
//!   pointer phis, allocas that escape or not, `!tbaa`, scopes, calls with
//!   memory attributes and memory intrinsics), which reach the rules in
//!   combinations compiled code rarely shows.
//!
//! Every line is compared. The answers (alias results with their offsets,
//! mod/ref results) must agree on at least 98% of the pairs; every
//! difference is listed. A pair where loopwright claims more than opt-19
//! (NoAlias, MustAlias or PartialAlias where opt-19 says MayAlias, or a
//! partial overlap's offset it does not know; fewer mod/ref bits) fails the
//! test unless it is a named exemption in [`SMARTER`] with the argument
//! why it holds; an answer that contradicts opt-19's (NoAlias where it says
//! MustAlias or PartialAlias, ...) always fails. Lines with the same answer
//! must be the same text (the printer's format, names, metadata and
//! attribute-group numbers), except for the modules of [`TEXT_DIFFERENCES`].
//!
//! aa-eval's work grows with the square of a function's pointers and
//! calls; to keep the run short, functions where it would answer more than
//! [`MAX_QUERIES`] queries (or, with debug information, print more than
//! [`MAX_PRINTED_WITH_DEBUG_INFO`] instructions) are marked `optnone
//! noinline` in the input both tools read, so both skip them.
//!
//! The counts are floors (`aa_llvm.*` in `tests/floors.toml`).
//! `self_test_wrong_answers_fail` shows the comparator failing on
//! deliberately wrong answers.
//!
//! Environment: `AA_LLVM_FILTER` (only modules whose name contains it; the
//! floors are then not checked), `AA_LLVM_JOBS` (worker threads, default
//! 2), `AA_LLVM_KEEP` (keep the work directory).

mod common;

#[path = "../../analysis/tests/aa_gen/mod.rs"]
mod aa_gen;

use common::modules::{self, Job, Source};
use loopwright_testkit::tools::{CLANG, CLANGXX, OPT};
use loopwright_testkit::{floors, run, Allowlist};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Functions where aa-eval would answer more queries than this are skipped
/// by both tools (opt-19 needs minutes for the largest corpus functions).
const MAX_QUERIES: usize = 3000;
/// In a module with debug information, functions where aa-eval would print
/// more instructions than this are skipped: opt-19 numbers the module's
/// metadata afresh for every instruction it prints (70 s for
/// `cxx_containers.O1g` with the bound above, 1 s without `-g`).
const MAX_PRINTED_WITH_DEBUG_INFO: usize = 200;
/// Modules of `aa_gen` compared, and functions in each.
const GENERATED_MODULES: u64 = 60;
const GENERATED_FUNCTIONS: usize = 40;
/// The share of pairs whose answers must agree.
const MIN_AGREEMENT: f64 = 0.98;

/// Pairs where loopwright answers more precisely than opt-19, each with the
/// argument why the answer holds: `module: opt-19's line`.
const SMARTER: &[(&str, &str)] = &[];

/// Modules whose lines may differ in text (with equal answers), and why.
const TEXT_DIFFERENCES: &[(&str, &str)] = &[(
    "ll/prefix_gc.ll",
    "opt-19 follows a gc.relocate call with the comment `; (%base, %derived)`; \
     loopwright's printer writes no comments after instructions",
)];

/// The module at `path` with every function over the size bounds marked
/// `optnone noinline`, written to `work` (or `path` itself when none is).
/// Returns the path and the number of functions marked.
fn bounded(path: &Path, stem: &str, work: &Path) -> (PathBuf, usize) {
    let text = std::fs::read(path).expect("module");
    let Ok(mut m) = loopwright_parse::parse_module(&text, &path.display().to_string()) else {
        return (path.to_path_buf(), 0);
    };
    let debug_info = m.named_md("llvm.dbg.cu").is_some();
    let big: Vec<_> = m
        .functions
        .iter()
        .filter(|(_, f)| {
            let (p, c, l, s) = loopwright_analysis::aa::eval::size(&m, f);
            let queries = p * p.saturating_sub(1) / 2 + p * c + c * c + l * s + s * s / 2;
            let printed = 2 * (l * s + s * s.saturating_sub(1) / 2) + p * c + 2 * c * c;
            !f.is_declaration()
                && (queries > MAX_QUERIES || (debug_info && printed > MAX_PRINTED_WITH_DEBUG_INFO))
        })
        .map(|(k, _)| k)
        .collect();
    if big.is_empty() {
        return (path.to_path_buf(), 0);
    }
    for &k in &big {
        let mut attrs: Vec<loopwright_ir::Attr> = m.attrs.get(m.functions[k].fn_attrs).to_vec();
        for flag in ["optnone", "noinline"] {
            if !attrs.iter().any(|a| a.name() == flag) {
                attrs.push(loopwright_ir::Attr::Flag(flag.into()));
            }
        }
        attrs.retain(|a| a.name() != "alwaysinline");
        m.functions[k].fn_attrs = m.attrs.intern(attrs);
    }
    let out = work.join(format!("{stem}.bounded.ll"));
    std::fs::write(&out, loopwright_ir::print::print_module(&m)).expect("write");
    (out, big.len())
}

/// The arguments both tools are given.
const ARGS: [&str; 4] = [
    "-passes=aa-eval",
    "-print-all-alias-modref-info",
    "-evaluate-aa-metadata",
    "-disable-output",
];

/// What one line of aa-eval's output answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Alias,
    ModRef,
}

/// A line's answer: (kind, answer text, the rest of the line).
fn answer(line: &str) -> Option<(Kind, &str, &str)> {
    let body = line.strip_prefix("  ")?;
    for mr in ["NoModRef", "Just Mod", "Just Ref", "Both ModRef"] {
        if let Some(rest) = body.strip_prefix(mr).and_then(|r| r.strip_prefix(':')) {
            return Some((Kind::ModRef, mr, rest));
        }
    }
    for al in ["NoAlias", "MayAlias", "PartialAlias", "MustAlias"] {
        if body.starts_with(al) {
            let colon = body.find(':')?;
            return Some((Kind::Alias, &body[..colon], &body[colon + 1..]));
        }
    }
    None
}

/// The mod/ref bits of an answer (`Ref` 1, `Mod` 2).
fn mod_ref_bits(a: &str) -> u8 {
    match a {
        "NoModRef" => 0,
        "Just Ref" => 1,
        "Just Mod" => 2,
        _ => 3,
    }
}

/// How loopwright's answer relates to opt-19's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Relation {
    Same,
    /// Less precise (sound).
    Weaker,
    /// More precise than opt-19: needs an argument.
    Stronger,
    /// Contradicts opt-19.
    Contradicts,
}

fn relation(kind: Kind, ours: &str, theirs: &str) -> Relation {
    if ours == theirs {
        return Relation::Same;
    }
    match kind {
        Kind::ModRef => {
            let (o, t) = (mod_ref_bits(ours), mod_ref_bits(theirs));
            if o & t == o {
                Relation::Stronger
            } else if o & t == t {
                Relation::Weaker
            } else {
                Relation::Contradicts
            }
        }
        Kind::Alias => {
            let partial = |a: &str| a.starts_with("PartialAlias");
            if ours == "MayAlias" {
                Relation::Weaker
            } else if theirs == "MayAlias" {
                Relation::Stronger
            } else if partial(ours) && partial(theirs) {
                // One knows the offset and the other does not, or the
                // offsets differ.
                if theirs == "PartialAlias" {
                    Relation::Stronger
                } else if ours == "PartialAlias" {
                    Relation::Weaker
                } else {
                    Relation::Contradicts
                }
            } else {
                Relation::Contradicts
            }
        }
    }
}

/// The comparison of one module's output.
#[derive(Default)]
struct Compared {
    /// Functions evaluated (a `Function:` header).
    functions: usize,
    pairs: usize,
    same_answers: usize,
    same_lines: usize,
    lines: usize,
    /// Sound differences (loopwright less precise).
    weaker: Vec<String>,
    /// Claims beyond opt-19's: (exemption key, message).
    stronger: Vec<(String, String)>,
    /// Contradictions and structural problems.
    failures: Vec<String>,
    /// Lines with the same answer but other text.
    text: Vec<String>,
}

/// Compares loopwright's output `ours` with opt-19's `theirs` for module
/// `name`.
fn compare(name: &str, ours: &str, theirs: &str) -> Compared {
    let mut c = Compared::default();
    let (o, t) = (records(ours), records(theirs));
    let (o, t): (Vec<&str>, Vec<&str>) = (
        o.iter().map(String::as_str).collect(),
        t.iter().map(String::as_str).collect(),
    );
    let report = |ls: &[&str]| {
        ls.iter()
            .position(|l| l.starts_with("===== Alias Analysis Evaluator Report"))
            .unwrap_or(ls.len())
    };
    let (ro, rt) = (report(&o), report(&t));
    if ro != rt {
        c.failures.push(format!(
            "{name}: {ro} lines before the report, opt-19 prints {rt}; first difference:\n  ours:   {}\n  opt-19: {}",
            first_difference(&o, &t).0,
            first_difference(&o, &t).1
        ));
        return c;
    }
    let mut function = "";
    for (lo, lt) in o[..ro].iter().zip(&t[..rt]) {
        c.lines += 1;
        if lt.starts_with("Function: ") {
            function = lt;
            c.functions += 1;
            if lo == lt {
                c.same_lines += 1;
            } else {
                c.failures
                    .push(format!("{name}: header {lo:?}, opt-19 {lt:?}"));
            }
            continue;
        }
        let (Some((ko, ao, rest_o)), Some((kt, at, rest_t))) = (answer(lo), answer(lt)) else {
            c.failures
                .push(format!("{name}: unexpected line {lo:?} (opt-19: {lt:?})"));
            continue;
        };
        if ko != kt {
            c.failures
                .push(format!("{name}: {lo:?} against opt-19's {lt:?}"));
            continue;
        }
        c.pairs += 1;
        if lo == lt {
            c.same_lines += 1;
        } else if ao == at {
            c.text
                .push(format!("{name}:\n  ours:   {lo}\n  opt-19: {lt}"));
        }
        if rest_o != rest_t && ao != at {
            c.text
                .push(format!("{name}:\n  ours:   {lo}\n  opt-19: {lt}"));
        }
        match relation(ko, ao, at) {
            Relation::Same => c.same_answers += 1,
            Relation::Weaker => c
                .weaker
                .push(format!("{name}: {function}\n  ours {ao}, opt-19{lt}")),
            Relation::Stronger => c.stronger.push((
                format!("{name}: {lt}"),
                format!("{name}: {function}\n  ours {ao}, opt-19{lt}"),
            )),
            Relation::Contradicts => c.failures.push(format!(
                "{name}: {function}\n  ours {ao} contradicts opt-19{lt}"
            )),
        }
    }
    // With the same answers, the reports must be the same too.
    if c.same_answers == c.pairs && o[ro..] != t[rt..] {
        c.failures.push(format!(
            "{name}: the report differs:\n{}\nopt-19:\n{}",
            o[ro..].join("\n"),
            t[rt..].join("\n")
        ));
    }
    c
}

/// The output's records: a line that starts neither a function, an
/// answer nor the report continues the record before it (an `invoke` or
/// `callbr` prints its destinations on a line of their own).
fn records(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut in_report = false;
    for line in text.lines() {
        if line.starts_with("===== Alias Analysis Evaluator Report") {
            in_report = true;
        }
        let starts = in_report || line.starts_with("Function: ") || answer(line).is_some();
        match out.last_mut() {
            Some(last) if !starts => {
                last.push('\n');
                last.push_str(line);
            }
            _ => out.push(line.to_string()),
        }
    }
    out
}

fn first_difference<'a>(o: &[&'a str], t: &[&'a str]) -> (&'a str, &'a str) {
    let n = o.len().max(t.len());
    for k in 0..n {
        let (a, b) = (
            o.get(k).copied().unwrap_or(""),
            t.get(k).copied().unwrap_or(""),
        );
        if a != b {
            return (a, b);
        }
    }
    ("", "")
}

/// Runs both tools on `module` and compares their outputs.
fn run_both(name: &str, module: &Path, loopwright: &Path) -> Compared {
    let theirs = run(Command::new(OPT).args(ARGS).arg(module), run::TIMEOUT);
    let ours = run(
        Command::new(loopwright).args(ARGS).arg(module),
        run::TIMEOUT,
    );
    let mut c;
    if !theirs.success() {
        c = Compared::default();
        c.failures
            .push(format!("{name}: opt-19 failed: {}", theirs.stderr_text()));
    } else if !ours.success() {
        c = Compared::default();
        c.failures
            .push(format!("{name}: loopwright failed: {}", ours.stderr_text()));
    } else {
        c = compare(name, &ours.stderr_text(), &theirs.stderr_text());
    }
    c
}

/// Totals over all modules.
#[derive(Default)]
struct Totals {
    modules: usize,
    functions: usize,
    skipped_functions: usize,
    pairs: usize,
    same_answers: usize,
    same_lines: usize,
    lines: usize,
    weaker: Vec<String>,
    failures: Vec<String>,
}

fn loopwright_bin() -> PathBuf {
    match std::env::var_os("LOOPWRIGHT_BIN") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from(env!("CARGO_BIN_EXE_loopwright")),
    }
}

#[test]
fn aa_eval_matches_opt19() {
    if !loopwright_testkit::require(&[OPT, CLANG, CLANGXX]) {
        return;
    }
    let root = common::root();
    let filter = std::env::var("AA_LLVM_FILTER")
        .ok()
        .filter(|f| !f.is_empty());
    let mut all = modules::jobs(&root);
    for seed in 0..GENERATED_MODULES {
        all.push(Job {
            name: format!("aa_gen/{seed}"),
            source: Source::Generated(seed),
        });
    }
    let jobs: Vec<Job> = all
        .into_iter()
        .filter(|j| filter.as_ref().is_none_or(|f| j.name.contains(f.as_str())))
        .collect();
    let work = common::work_dir("aa-llvm");
    let threads: usize = std::env::var("AA_LLVM_JOBS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
        .max(1);
    let bin = loopwright_bin();
    let generated = |seed: u64| aa_gen::module(seed, GENERATED_FUNCTIONS).0;
    let next = AtomicUsize::new(0);
    let totals = Mutex::new(Totals::default());
    let smarter = Mutex::new(Allowlist::new("SMARTER", SMARTER));
    let text_ok = Mutex::new(Allowlist::new("TEXT_DIFFERENCES", TEXT_DIFFERENCES));
    let started = std::time::Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(k) else { break };
                let stem = job.name.replace('/', "_");
                let module = match modules::build(job, &work, &generated) {
                    Ok(p) => p,
                    Err(e) => {
                        totals.lock().unwrap().failures.push(e);
                        continue;
                    }
                };
                let (module, skipped) = bounded(&module, &stem, &work);
                let c = run_both(&job.name, &module, &bin);
                let mut t = totals.lock().unwrap();
                t.modules += 1;
                t.functions += c.functions;
                t.skipped_functions += skipped;
                t.pairs += c.pairs;
                t.same_answers += c.same_answers;
                t.same_lines += c.same_lines;
                t.lines += c.lines;
                t.weaker.extend(c.weaker);
                t.failures.extend(c.failures);
                {
                    let mut list = smarter.lock().unwrap();
                    for (key, msg) in c.stronger {
                        if !list.check(&key, true) {
                            t.failures
                                .push(format!("loopwright claims more than opt-19: {msg}"));
                        }
                    }
                }
                let mut list = text_ok.lock().unwrap();
                let differs = !c.text.is_empty();
                if !list.check(&job.name, differs) {
                    t.failures.extend(c.text);
                }
            });
        }
    });
    let t = totals.into_inner().unwrap();
    let complete = filter.is_none();
    let mut failures = t.failures;
    failures.extend(smarter.into_inner().unwrap().stale(complete));
    failures.extend(text_ok.into_inner().unwrap().stale(complete));
    let share = if t.pairs == 0 {
        1.0
    } else {
        t.same_answers as f64 / t.pairs as f64
    };
    let mut summary = String::new();
    let _ = writeln!(
        summary,
        "aa_llvm: {} modules, {} functions ({} large functions skipped by both), {} of {} answers \
         equal to opt-19's \
         ({:.3}%), {} of {} lines identical, {} less precise, {} failures, {:.0} s",
        t.modules,
        t.functions,
        t.skipped_functions,
        t.same_answers,
        t.pairs,
        share * 100.0,
        t.same_lines,
        t.lines,
        t.weaker.len(),
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    for w in &t.weaker {
        let _ = writeln!(summary, "less precise: {w}");
    }
    loopwright_testkit::notice(&summary);
    if std::env::var_os("AA_LLVM_KEEP").is_none() && failures.is_empty() {
        let _ = std::fs::remove_dir_all(&work);
    }
    assert!(failures.is_empty(), "{}\n{summary}", failures.join("\n"));
    assert!(
        share >= MIN_AGREEMENT,
        "only {:.3}% of the answers agree with opt-19 (at least {}% needed)",
        share * 100.0,
        MIN_AGREEMENT * 100.0
    );
    if complete {
        floors::check_all(&[
            ("aa_llvm.modules", t.modules),
            ("aa_llvm.functions", t.functions),
            ("aa_llvm.pairs", t.pairs),
            ("aa_llvm.same_answers", t.same_answers),
            ("aa_llvm.same_lines", t.same_lines),
        ]);
    }
}

/// The comparator fails on deliberately wrong answers: opt-19's own output
/// with one answer changed, for each way an answer can be wrong.
#[test]
fn self_test_wrong_answers_fail() {
    let theirs = "Function: f: 3 pointers, 1 call sites\n\
        \x20 MayAlias:\ti32* %a, i32* %b\n\
        \x20 MustAlias:\ti32* %a, i32* %c\n\
        \x20 PartialAlias (off 4):\ti64* %a, i32* %d\n\
        \x20 Just Ref:  Ptr: i32* %a\t<->  call void @g()\n\
        ===== Alias Analysis Evaluator Report =====\n";
    type Caught = fn(&Compared) -> bool;
    let cases: [(&str, &str, Caught); 6] = [
        // NoAlias where opt-19 says MayAlias: a claim that needs an argument.
        (
            "MayAlias:\ti32* %a, i32* %b",
            "NoAlias:\ti32* %a, i32* %b",
            |c| !c.stronger.is_empty(),
        ),
        // NoAlias where opt-19 says MustAlias or PartialAlias: unsound.
        (
            "MustAlias:\ti32* %a, i32* %c",
            "NoAlias:\ti32* %a, i32* %c",
            |c| !c.failures.is_empty(),
        ),
        ("PartialAlias (off 4):\ti64* %a", "NoAlias:\ti64* %a", |c| {
            !c.failures.is_empty()
        }),
        // A wrong offset.
        ("(off 4)", "(off 8)", |c| !c.failures.is_empty()),
        // NoModRef where opt-19 says Ref.
        ("Just Ref:", "NoModRef:", |c| !c.stronger.is_empty()),
        // The same answer, printed differently.
        ("i32* %b", "i32* %bb", |c| !c.text.is_empty()),
    ];
    let clean = compare("selftest", theirs, theirs);
    assert!(
        clean.failures.is_empty() && clean.stronger.is_empty() && clean.text.is_empty(),
        "the comparator reports a difference in identical outputs"
    );
    assert_eq!((clean.pairs, clean.same_answers), (4, 4));
    for (from, to, caught) in cases {
        let wrong = theirs.replacen(from, to, 1);
        assert_ne!(wrong, theirs, "{from} not found");
        let c = compare("selftest", &wrong, theirs);
        assert!(caught(&c), "the comparator misses {from:?} -> {to:?}");
        assert!(
            c.same_answers < c.pairs || !c.text.is_empty(),
            "{from:?} -> {to:?}"
        );
    }
    // Less precise answers are differences, not failures.
    let weaker = theirs.replacen(
        "MustAlias:\ti32* %a, i32* %c",
        "MayAlias:\ti32* %a, i32* %c",
        1,
    );
    let c = compare("selftest", &weaker, theirs);
    assert!(c.failures.is_empty() && c.stronger.is_empty() && c.weaker.len() == 1);
}
