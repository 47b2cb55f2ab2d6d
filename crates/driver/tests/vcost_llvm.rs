//! The loop vectorizer's cost model against opt-19's choices.
//!
//! opt-19 names what it chose in its remarks: `vectorized loop
//! (vectorization width: W, interleaved count: I)`, `interleaved loop
//! (interleaved count: I)`, or why it did neither
//! (`VectorizationNotBeneficial`, `CantReorderMemOps`,
//! `CantVersionLoopWithOptForSize`, ...). On the modules `vlegal_llvm.rs`
//! uses (`tests/common/vectorize.rs`) and the cost model's unit-test table
//! (`crates/transforms/src/vectorize/cost/table.ll`), for every innermost
//! loop that
//! loopwright's legality calls legal and that opt-19 also got past
//! legality, loopwright's choice ([`loopwright_transforms::vectorize::cost`])
//! must be opt-19's: the same width and interleave count, or the same
//! reason for doing neither.
//!
//! Every module is compared for five targets ([`TARGETS`]): as it is
//! (the corpus is compiled for clang's default `x86-64`; generated modules
//! have no target attributes), and with every function's `target-cpu`
//! set to `x86-64-v2`, `x86-64-v3` (AVX2), `skylake-avx512` and `znver4`
//! (`target-features` and `tune-cpu` removed, so the CPU decides; other
//! attributes such as `min-legal-vector-width` kept), written by
//! loopwright's printer and given to both tools.
//!
//! Agreement is reported per target. Loops whose shape the cost model
//! knows it models differently from LLVM 19
//! ([`loopwright_transforms::vectorize::CostDecision::notes`]: interleave
//! groups, narrow integer types, tail folding, gathers, integers wider
//! than 64 bits, modules without an x86 triple) are tallied apart
//! as *known differences*; the others are *in scope*, where at least
//! [`MIN_AGREEMENT`] of the loops must agree for every target. Every
//! difference is counted by cause. The counts are floors (`vcost_llvm.*`
//! in `tests/floors.toml`).
//!
//! `self_test_wrong_choices_fail` shows the comparison failing on
//! deliberately wrong choices.
//!
//! Environment: `VCOST_LLVM_FILTER` (only modules whose name contains it;
//! floors not checked), `VCOST_LLVM_TARGETS` (comma-separated target
//! names; floors not checked), `VCOST_LLVM_JOBS` (worker threads, default
//! 2), `VCOST_LLVM_KEEP` (keep the work directory), `VCOST_LLVM_SHOW`
//! (print at most this many differences per target, default 40).

mod common;
#[path = "common/vectorize.rs"]
mod vcommon;

use common::modules::{self, Job};
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_ir::Attr;
use loopwright_testkit::floors;
use loopwright_testkit::tools::{CLANG, CLANGXX, OPT};
use loopwright_transforms::vectorize::cost::{self, CostInput};
use loopwright_transforms::vectorize::{LegalityAnalysis, Outcome, VectorizeOptions};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use vcommon::{assign, parse_yaml, run_opt, LoopKey, Remark, LATER, LEGALITY};

/// The share of in-scope loops whose choice must be opt-19's, per target.
const MIN_AGREEMENT: f64 = 0.90;

/// The targets: a name and the `target-cpu` every function gets (`None`:
/// the module as it is).
const TARGETS: &[(&str, Option<&str>)] = &[
    ("default", None),
    ("x86-64-v2", Some("x86-64-v2")),
    ("x86-64-v3", Some("x86-64-v3")),
    ("skylake-avx512", Some("skylake-avx512")),
    ("znver4", Some("znver4")),
];

/// A choice: vectorized (width, interleave count), interleaved only
/// (width 1), or neither with the reason's remark name.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Choice {
    Chosen { vf: u32, ic: u32 },
    Neither(String),
}

impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Choice::Chosen { vf, ic } => write!(f, "width {vf}, interleave {ic}"),
            Choice::Neither(r) => write!(f, "neither ({r})"),
        }
    }
}

/// The reasons for doing neither, in the order they decide.
const NEITHER: &[&str] = &[
    "CantReorderMemOps",
    "CantVersionLoopWithOptForSize",
    "NoTailLoopWithOptForSize",
    "UnknownLoopCountComplexCFG",
    "VectorizationNotBeneficial",
];

fn number_after(text: &str, key: &str) -> Option<u32> {
    let rest = &text[text.find(key)? + key.len()..];
    rest.trim_start()
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// opt-19's choice from a loop's remarks; `None`: stopped by legality or
/// not known.
fn theirs(remarks: &[&Remark]) -> Option<Choice> {
    if let Some(r) = remarks.iter().find(|r| r.name == "Vectorized") {
        return Some(Choice::Chosen {
            vf: number_after(&r.message, "vectorization width:")?,
            ic: number_after(&r.message, "interleaved count:")?,
        });
    }
    if let Some(r) = remarks.iter().find(|r| r.name == "Interleaved") {
        return Some(Choice::Chosen {
            vf: 1,
            ic: number_after(&r.message, "interleaved count:")?,
        });
    }
    if remarks.iter().any(|r| LEGALITY.contains(&r.name.as_str())) {
        return None;
    }
    for n in NEITHER {
        if remarks.iter().any(|r| r.name == *n) {
            return Some(Choice::Neither((*n).to_string()));
        }
    }
    if remarks.iter().any(|r| LATER.contains(&r.name.as_str())) {
        return Some(Choice::Neither(
            remarks
                .iter()
                .find(|r| LATER.contains(&r.name.as_str()))
                .map(|r| r.name.clone())
                .unwrap_or_default(),
        ));
    }
    None
}

/// loopwright's choice for one legal loop.
#[derive(Clone, Debug)]
struct Ours {
    key: LoopKey,
    header: String,
    /// `None`: rejected by legality.
    choice: Option<Choice>,
    notes: Vec<&'static str>,
    /// The debug print of the decision.
    debug: String,
}

fn choice_of(d: &loopwright_transforms::vectorize::CostDecision) -> Choice {
    match d.outcome {
        Outcome::Vectorize { vf, ic } => Choice::Chosen { vf, ic },
        Outcome::Interleave { ic } => Choice::Chosen { vf: 1, ic },
        Outcome::ChecksNotProfitable => Choice::Neither("CantReorderMemOps".into()),
        Outcome::NotBeneficial => {
            let name = NEITHER
                .iter()
                .find(|n| d.remarks.iter().any(|r| r.name == **n))
                .copied()
                .unwrap_or("VectorizationNotBeneficial");
            Choice::Neither(name.into())
        }
    }
}

fn ours(path: &Path) -> Result<Vec<Ours>, String> {
    let text = std::fs::read(path).map_err(|e| e.to_string())?;
    let m = loopwright_parse::parse_module(&text, "m.ll").map_err(|e| format!("{e:?}"))?;
    let opts = VectorizeOptions::default();
    let mut out = Vec::new();
    for (_, f) in m.functions.iter().filter(|(_, f)| !f.is_declaration()) {
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        if lf.is_empty() {
            continue;
        }
        let names = loopwright_ir::print::LocalNames::compute(f);
        let keys = vcommon::loop_keys(&m, f, &cfg, &lf);
        let mut la = LegalityAnalysis::new(&m, f, &cfg, &dt, &lf, &opts);
        for l in lf.loops().filter(|&l| lf.is_innermost(l)) {
            let v = la.analyze(l);
            let (choice, notes, debug) = match &v.result {
                Ok(legal) => {
                    let inp = CostInput {
                        m: &m,
                        f,
                        cfg: &cfg,
                        lf: &lf,
                        l,
                        legal,
                        hints: &v.hints,
                        opts: &opts,
                    };
                    let d = cost::decide(&inp, la.scalar_evolution());
                    let name = |i: loopwright_ir::Inst| {
                        f.inst_result(i)
                            .map_or_else(|| "(store)".to_string(), |r| names.value(r))
                    };
                    (Some(choice_of(&d)), d.notes.clone(), d.debug_text(f, &name))
                }
                Err(_) => (None, Vec::new(), String::new()),
            };
            out.push(Ours {
                key: keys[&l].clone(),
                header: names.block(lf.header(l)),
                choice,
                notes,
                debug,
            });
        }
    }
    Ok(out)
}

/// The comparison of one module for one target.
#[derive(Default)]
struct Compared {
    compared: usize,
    same: usize,
    in_scope: usize,
    in_scope_same: usize,
    /// Per cause: loops that differ.
    causes: BTreeMap<String, usize>,
    differences: Vec<String>,
    /// Differences on loops with a known difference.
    known: Vec<String>,
}

/// The cause of a difference: the known difference noted first, else
/// which part of the choice differs.
fn cause(o: &Ours, ours: &Choice, theirs: &Choice) -> String {
    if let Some(n) = o.notes.first() {
        return format!("known: {n}");
    }
    match (ours, theirs) {
        (Choice::Chosen { vf: a, ic: x }, Choice::Chosen { vf: b, ic: y }) => {
            if a == b {
                format!("interleave count ({x} vs {y})")
            } else if *a == 1 || *b == 1 {
                "vectorized vs interleaved only".into()
            } else if x == y {
                "width".into()
            } else {
                "width and interleave count".into()
            }
        }
        (Choice::Neither(a), Choice::Neither(b)) => format!("reason ({a} vs {b})"),
        (Choice::Neither(a), _) => format!("loopwright: neither ({a})"),
        (_, Choice::Neither(b)) => format!("opt-19: neither ({b})"),
    }
}

fn compare(module: &str, ours: &[Ours], remarks: &[Remark]) -> Compared {
    let keys: Vec<&LoopKey> = ours.iter().map(|o| &o.key).collect();
    let assigned = assign(&keys, remarks);
    let mut c = Compared::default();
    for (k, o) in ours.iter().enumerate() {
        let Some(mine) = &o.choice else { continue };
        if assigned[k].is_empty() {
            continue;
        }
        let Some(t) = theirs(&assigned[k]) else {
            continue;
        };
        c.compared += 1;
        let scope = o.notes.is_empty();
        if scope {
            c.in_scope += 1;
        }
        if *mine == t {
            c.same += 1;
            if scope {
                c.in_scope_same += 1;
            }
            continue;
        }
        let why = cause(o, mine, &t);
        *c.causes.entry(why.clone()).or_default() += 1;
        // In-scope differences are listed first.
        let list = if scope {
            &mut c.differences
        } else {
            &mut c.known
        };
        list.push(format!(
            "{module} {} {}: loopwright: {mine}, opt-19: {t} [{why}]\n{}",
            o.key.function, o.header, o.debug
        ));
    }
    c
}

fn add(t: &mut Compared, c: Compared) {
    t.compared += c.compared;
    t.same += c.same;
    t.in_scope += c.in_scope;
    t.in_scope_same += c.in_scope_same;
    for (k, n) in c.causes {
        *t.causes.entry(k).or_default() += n;
    }
    t.differences.extend(c.differences);
    t.known.extend(c.known);
}

/// `m` with every function's `target-cpu` set to `cpu` (and its
/// `target-features` and `tune-cpu` removed).
fn retarget(path: &Path, cpu: &str, out: &Path) -> Result<(), String> {
    let text = std::fs::read(path).map_err(|e| e.to_string())?;
    let mut m = loopwright_parse::parse_module(&text, "m.ll").map_err(|e| format!("{e:?}"))?;
    let ids: Vec<_> = m.functions.keys().collect();
    for id in ids {
        if m.functions[id].is_declaration() {
            continue;
        }
        let mut attrs: Vec<Attr> = m
            .attrs
            .get(m.functions[id].fn_attrs)
            .iter()
            .filter(|a| !matches!(a.name(), "target-cpu" | "target-features" | "tune-cpu"))
            .cloned()
            .collect();
        attrs.push(Attr::Str("target-cpu".into(), Some(cpu.into())));
        let set = m.attrs.intern(attrs);
        m.functions[id].fn_attrs = set;
    }
    std::fs::write(out, loopwright_ir::print::print_module(&m)).map_err(|e| e.to_string())
}

#[derive(Default)]
struct Totals {
    modules: usize,
    per_target: BTreeMap<usize, Compared>,
    failures: Vec<String>,
}

#[test]
fn cost_model_matches_opt19() {
    if !loopwright_testkit::require(&[OPT, CLANG, CLANGXX]) {
        return;
    }
    let root = common::root();
    let filter = std::env::var("VCOST_LLVM_FILTER")
        .ok()
        .filter(|f| !f.is_empty());
    let target_filter = std::env::var("VCOST_LLVM_TARGETS")
        .ok()
        .filter(|f| !f.is_empty());
    let targets: Vec<usize> = (0..TARGETS.len())
        .filter(|&k| {
            target_filter
                .as_ref()
                .is_none_or(|f| f.split(',').any(|t| t == TARGETS[k].0))
        })
        .collect();
    let mut jobs: Vec<Job> = vcommon::jobs(&root, filter.as_deref());
    // The cost model's unit-test table, compared with opt-19 again.
    let table = root.join("crates/transforms/src/vectorize/cost/table.ll");
    if filter.as_deref().is_none_or(|f| "cost_table".contains(f)) {
        jobs.push(Job {
            name: "cost_table".into(),
            source: modules::Source::Ll(table),
        });
    }
    let work = common::work_dir("vcost-llvm");
    let threads: usize = std::env::var("VCOST_LLVM_JOBS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
        .max(1);
    let show: usize = std::env::var("VCOST_LLVM_SHOW")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(40);
    let next = AtomicUsize::new(0);
    let totals = Mutex::new(Totals::default());
    let started = std::time::Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(k) else { break };
                let module = match modules::build(job, &work, &vcommon::generated) {
                    Ok(p) => p,
                    Err(e) => {
                        totals.lock().unwrap().failures.push(e);
                        continue;
                    }
                };
                let base = job.name.replace('/', "_");
                let mut results = Vec::new();
                for &t in &targets {
                    let path = match TARGETS[t].1 {
                        None => module.clone(),
                        Some(cpu) => {
                            let p = work.join(format!("{base}.{}.ll", TARGETS[t].0));
                            if let Err(e) = retarget(&module, cpu, &p) {
                                results.push(Err(format!("{}: {e}", job.name)));
                                continue;
                            }
                            p
                        }
                    };
                    let yaml = work.join(format!("{base}.{}.yaml", TARGETS[t].0));
                    let r = match (run_opt(&path, &yaml, &[]), ours(&path)) {
                        (Ok(theirs), Ok(mine)) => Ok((t, compare(&job.name, &mine, &theirs))),
                        (Err(e), _) | (_, Err(e)) => {
                            Err(format!("{} {}: {e}", job.name, TARGETS[t].0))
                        }
                    };
                    if TARGETS[t].1.is_some() {
                        let _ = std::fs::remove_file(&path);
                    }
                    results.push(r);
                }
                let mut tot = totals.lock().unwrap();
                tot.modules += 1;
                for r in results {
                    match r {
                        Ok((t, c)) => add(tot.per_target.entry(t).or_default(), c),
                        Err(e) => tot.failures.push(e),
                    }
                }
            });
        }
    });
    let t = totals.into_inner().unwrap();
    let complete = filter.is_none() && target_filter.is_none();
    let mut summary = String::new();
    let _ = writeln!(
        summary,
        "vcost_llvm: {} modules, {} failures, {:.0} s",
        t.modules,
        t.failures.len(),
        started.elapsed().as_secs_f64()
    );
    let share = |a: usize, b: usize| if b == 0 { 1.0 } else { a as f64 / b as f64 };
    let mut low = Vec::new();
    let mut counts = Vec::new();
    for (&k, c) in &t.per_target {
        let name = TARGETS[k].0;
        let _ = writeln!(
            summary,
            "{name}: {} legal loops compared, {} with opt-19's choice ({:.2}%); in scope {}: {} \
             ({:.2}%); known differences {}: {}",
            c.compared,
            c.same,
            share(c.same, c.compared) * 100.0,
            c.in_scope,
            c.in_scope_same,
            share(c.in_scope_same, c.in_scope) * 100.0,
            c.compared - c.in_scope,
            (c.same - c.in_scope_same),
        );
        for (why, n) in &c.causes {
            let _ = writeln!(summary, "  differs: {n:>5}  {why}");
        }
        if share(c.in_scope_same, c.in_scope) < MIN_AGREEMENT {
            low.push(name);
        }
        counts.push((format!("vcost_llvm.{name}.compared"), c.compared));
        counts.push((format!("vcost_llvm.{name}.same"), c.same));
        counts.push((format!("vcost_llvm.{name}.in_scope_same"), c.in_scope_same));
    }
    for (&k, c) in &t.per_target {
        for d in c.differences.iter().chain(&c.known).take(show) {
            let _ = writeln!(summary, "[{}] {d}", TARGETS[k].0);
        }
    }
    loopwright_testkit::notice(&summary);
    if std::env::var_os("VCOST_LLVM_KEEP").is_none() && t.failures.is_empty() {
        let _ = std::fs::remove_dir_all(&work);
    }
    assert!(
        t.failures.is_empty(),
        "{}\n{summary}",
        t.failures.join("\n")
    );
    assert!(
        low.is_empty(),
        "fewer than {}% of the in-scope loops agree with opt-19 for {}\n{summary}",
        MIN_AGREEMENT * 100.0,
        low.join(", ")
    );
    if complete {
        let refs: Vec<(&str, usize)> = counts.iter().map(|(k, n)| (k.as_str(), *n)).collect();
        floors::check_all(&refs);
    }
}

/// The comparison fails on deliberately wrong choices: another width,
/// another interleave count, vectorizing what opt-19 leaves alone; loops
/// rejected by either legality are not compared.
#[test]
fn self_test_wrong_choices_fail() {
    let doc = |kind: &str, name: &str, line: u32, msg: &str| {
        format!(
            "--- !{kind}\nPass:            loop-vectorize\nName:            {name}\n\
             DebugLoc:        {{ File: a.c, Line: {line}, Column: 5 }}\nFunction:        f\n\
             Args:\n  - String:          '{msg}'\n...\n"
        )
    };
    let yaml = [
        doc(
            "Passed",
            "Vectorized",
            3,
            "vectorized loop (vectorization width: 8, interleaved count: 4)",
        ),
        doc(
            "Missed",
            "VectorizationNotBeneficial",
            9,
            "the cost-model indicates that vectorization is not beneficial",
        ),
        doc(
            "Missed",
            "InterleavingNotBeneficial",
            9,
            "the cost-model indicates that interleaving is not beneficial",
        ),
        doc(
            "Analysis",
            "UnsafeDep",
            15,
            "loop not vectorized: unsafe dependent memory operations in loop",
        ),
        doc("Missed", "MissedDetails", 15, "loop not vectorized"),
    ]
    .concat();
    let remarks = parse_yaml(&yaml);
    assert_eq!(remarks.len(), 5);
    let lp = |line: u32, order: usize, choice: Option<Choice>| Ours {
        key: LoopKey {
            function: "f".into(),
            start: Some((line, 5)),
            locs: vec![(line, 5)],
            order,
        },
        header: format!("%l{line}"),
        choice,
        notes: Vec::new(),
        debug: String::new(),
    };
    let v = |vf, ic| Some(Choice::Chosen { vf, ic });
    let neither = Some(Choice::Neither("VectorizationNotBeneficial".into()));
    let right = [
        lp(3, 0, v(8, 4)),
        lp(9, 1, neither.clone()),
        lp(15, 2, v(4, 1)),
    ];
    let c = compare("m", &right, &remarks);
    // The third loop: opt-19's legality rejects it, not compared.
    assert_eq!((c.compared, c.same, c.in_scope_same), (2, 2, 2));
    for wrong in [
        [lp(3, 0, v(4, 4)), lp(9, 1, neither.clone())],
        [lp(3, 0, v(8, 2)), lp(9, 1, neither.clone())],
        [lp(3, 0, v(8, 4)), lp(9, 1, v(1, 2))],
        [
            lp(3, 0, Some(Choice::Neither("CantReorderMemOps".into()))),
            lp(9, 1, neither.clone()),
        ],
    ] {
        let c = compare("m", &wrong, &remarks);
        assert_eq!((c.compared, c.same), (2, 1), "{:?}", c.differences);
        assert_eq!(c.differences.len(), 1);
    }
    // A loop loopwright's legality rejects is not compared.
    let c = compare("m", &[lp(3, 0, None), lp(9, 1, neither)], &remarks);
    assert_eq!(c.compared, 1);
    // A known difference is tallied apart, by its cause.
    let mut noted = right.clone();
    noted[0].choice = v(4, 4);
    noted[0].notes = vec!["interleave-group"];
    let c = compare("m", &noted, &remarks);
    assert_eq!((c.compared, c.in_scope, c.in_scope_same), (2, 1, 1));
    assert_eq!(c.causes.get("known: interleave-group"), Some(&1));
}
