//! Vectorization legality against opt-19's loop vectorizer.
//!
//! opt-19 shows its decisions only through remarks:
//! `opt-19 -passes=loop-vectorize -pass-remarks-output=F.yaml` on the real
//! modules of `common::modules` (the corpus at every point of its build
//! matrix, the hand-written corpus modules, the bench kernels, the
//! conformance suites' pre-loop modules) and on the corpus sources
//! compiled at `-O3` without vectorization and unrolling ([`vcommon::PREVEC`], the
//! IR the vectorizer sees), [`vcommon::GENERATED_MODULES`] random modules of
//! `aa_gen` (aliasing shapes compiled code rarely shows),
//! [`vcommon::LEGALITY_MODULES`] modules of random loops built from what legality
//! decides on ([`vcommon::legality_module`]) and
//! `tests/vectorize/*.ll` (the unit tests' table of rejections and near
//! misses). Per innermost loop its
//! outcome is classified
//! ([`classify`]):
//! - *rejected by legality*: the first remark whose name is one of
//!   legality's ([`LEGALITY`]), with its text;
//! - *legal*: vectorized or interleaved, or rejected later by the cost
//!   model or the interleaving decision ([`LATER`]);
//! - *unknown* otherwise (no remark: `optnone` functions).
//!
//! Remarks are matched to loops per function: all of a function's
//! remarks when it has one innermost loop; otherwise by debug location (a
//! remark's location is the loop's start or an instruction of the loop).
//! Loops that get no remark this way are not compared.
//!
//! loopwright's verdict ([`loopwright_transforms::vectorize`]) must agree
//! on legal/illegal and on the reason (name and text) for at least 98% of
//! the compared loops inside the first increment's scope (loops it
//! rejects as a scope limit — if-conversion, exits other than at the latch
//! — are tallied apart: opt-19 may vectorize them). Every difference is
//! listed. **A loop loopwright calls legal where opt-19's legality rejects
//! it fails the test** unless it is a named exemption in [`UNSOUND`] with
//! its argument (there are none). The counts are floors
//! (`vlegal_llvm.*` in `tests/floors.toml`).
//!
//! `self_test_wrong_verdicts_fail` shows the comparison failing on
//! deliberately wrong verdicts.
//!
//! Environment: `VLEGAL_LLVM_FILTER` (only modules whose name contains it;
//! floors not checked), `VLEGAL_LLVM_JOBS` (worker threads, default 2),
//! `VLEGAL_LLVM_KEEP` (keep the work directory).

mod common;
#[path = "common/vectorize.rs"]
mod vcommon;

use common::modules::{self, Job};
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_testkit::tools::{CLANG, CLANGXX, OPT};
use loopwright_testkit::{floors, Allowlist};
use loopwright_transforms::vectorize::{analyze_function, VectorizeOptions};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use vcommon::{assign, parse_yaml, run_opt, LoopKey, Remark, LATER, LEGALITY};

/// The share of in-scope loops whose verdict and reason must agree.
const MIN_AGREEMENT: f64 = 0.98;

/// Loops loopwright calls legal where opt-19's legality rejects them,
/// each with the argument why vectorizing is still right:
/// `module function header`.
const UNSOUND: &[(&str, &str)] = &[];

/// opt-19's outcome for one loop.
#[derive(Clone, Debug, PartialEq)]
enum Theirs {
    Legal,
    Rejected { name: String, text: String },
    Unknown(String),
}

/// Classifies the remarks of one loop.
fn classify(remarks: &[&Remark]) -> Theirs {
    if remarks
        .iter()
        .any(|r| r.name == "Vectorized" || r.name == "Interleaved")
    {
        return Theirs::Legal;
    }
    if let Some(r) = remarks.iter().find(|r| LEGALITY.contains(&r.name.as_str())) {
        return Theirs::Rejected {
            name: r.name.clone(),
            text: r.message.clone(),
        };
    }
    if remarks.iter().any(|r| LATER.contains(&r.name.as_str())) {
        return Theirs::Legal;
    }
    // `MissedDetails` alone: vectorization only when forced.
    if let [r] = remarks {
        if r.name == "MissedDetails" {
            return Theirs::Rejected {
                name: r.name.clone(),
                text: r.message.clone(),
            };
        }
    }
    Theirs::Unknown(
        remarks
            .iter()
            .map(|r| r.name.as_str())
            .collect::<Vec<_>>()
            .join(","),
    )
}

/// loopwright's verdict for one loop.
#[derive(Clone, Debug, PartialEq)]
struct Ours {
    key: LoopKey,
    header: String,
    /// `None`: legal; else name, text, scope limit.
    rejected: Option<(String, String, bool)>,
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
        let src = |i: loopwright_ir::Inst| {
            f.inst(i)
                .md
                .get(loopwright_ir::MdKind::DBG)
                .and_then(|n| loopwright_transforms::remark::source_loc(&m.md, n))
                .map(|s| format!("{}:{}:{}", s.file, s.line, s.column))
        };
        for v in analyze_function(&m, f, &cfg, &dt, &lf, &opts) {
            let l = v.l;
            out.push(Ours {
                key: keys[&l].clone(),
                header: names.block(lf.header(l)),
                rejected: v
                    .result
                    .as_ref()
                    .err()
                    .map(|r| (r.name().to_string(), r.text(&src), r.is_scope_limit())),
            });
        }
    }
    Ok(out)
}

/// The comparison of one module.
#[derive(Default)]
struct Compared {
    loops: usize,
    compared: usize,
    in_scope: usize,
    same_verdict: usize,
    same_reason: usize,
    scope_theirs_legal: usize,
    scope_theirs_rejected: usize,
    /// Per reason name: (ours, theirs) counts over compared loops.
    tallies: BTreeMap<String, (usize, usize)>,
    differences: Vec<String>,
    /// (key, message) of loops called legal that opt-19 rejects.
    unsound: Vec<(String, String)>,
    unknown: Vec<String>,
}

fn compare(module: &str, ours: &[Ours], remarks: &[Remark]) -> Compared {
    let mut c = Compared {
        loops: ours.len(),
        ..Compared::default()
    };
    let keys: Vec<&LoopKey> = ours.iter().map(|o| &o.key).collect();
    let assigned = assign(&keys, remarks);
    for (k, o) in ours.iter().enumerate() {
        if assigned[k].is_empty() {
            continue;
        }
        let theirs = classify(&assigned[k]);
        let key = format!("{module} {} {}", o.key.function, o.header);
        if let Theirs::Unknown(names) = &theirs {
            c.unknown.push(format!("{key}: remarks {names}"));
            continue;
        }
        c.compared += 1;
        let ours_name = o.rejected.as_ref().map_or("legal", |r| r.0.as_str());
        let theirs_name = match &theirs {
            Theirs::Rejected { name, .. } => name.as_str(),
            _ => "legal",
        };
        c.tallies.entry(ours_name.to_string()).or_default().0 += 1;
        c.tallies.entry(theirs_name.to_string()).or_default().1 += 1;
        match (&o.rejected, &theirs) {
            (Some((_, _, true)), t) => {
                if *t == Theirs::Legal {
                    c.scope_theirs_legal += 1;
                } else {
                    c.scope_theirs_rejected += 1;
                }
            }
            (None, Theirs::Legal) => {
                c.in_scope += 1;
                c.same_verdict += 1;
                c.same_reason += 1;
            }
            (None, Theirs::Rejected { name, text }) => {
                c.in_scope += 1;
                let msg = format!("{key}: loopwright: legal, opt-19: {name}: {text}");
                c.differences.push(msg.clone());
                c.unsound.push((key, msg));
            }
            (Some((name, text, false)), Theirs::Legal) => {
                c.in_scope += 1;
                c.differences
                    .push(format!("{key}: loopwright: {name}: {text}, opt-19: legal"));
            }
            (Some((name, text, false)), Theirs::Rejected { name: tn, text: tt }) => {
                c.in_scope += 1;
                c.same_verdict += 1;
                if name == tn && text == tt {
                    c.same_reason += 1;
                } else {
                    c.differences.push(format!(
                        "{key}: loopwright: {name}: {text:?}, opt-19: {tn}: {tt:?}"
                    ));
                }
            }
            (_, Theirs::Unknown(_)) => unreachable!(),
        }
    }
    c
}

#[derive(Default)]
struct Totals {
    modules: usize,
    c: Compared,
    failures: Vec<String>,
}

fn add(t: &mut Compared, c: Compared) {
    t.loops += c.loops;
    t.compared += c.compared;
    t.in_scope += c.in_scope;
    t.same_verdict += c.same_verdict;
    t.same_reason += c.same_reason;
    t.scope_theirs_legal += c.scope_theirs_legal;
    t.scope_theirs_rejected += c.scope_theirs_rejected;
    for (k, (a, b)) in c.tallies {
        let e = t.tallies.entry(k).or_default();
        e.0 += a;
        e.1 += b;
    }
    t.differences.extend(c.differences);
    t.unsound.extend(c.unsound);
    t.unknown.extend(c.unknown);
}

#[test]
fn legality_matches_opt19() {
    if !loopwright_testkit::require(&[OPT, CLANG, CLANGXX]) {
        return;
    }
    let root = common::root();
    let filter = std::env::var("VLEGAL_LLVM_FILTER")
        .ok()
        .filter(|f| !f.is_empty());
    let jobs: Vec<Job> = vcommon::jobs(&root, filter.as_deref());
    let work = common::work_dir("vlegal-llvm");
    let threads: usize = std::env::var("VLEGAL_LLVM_JOBS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
        .max(1);
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
                let yaml = work.join(format!("{}.yaml", job.name.replace('/', "_")));
                let theirs = run_opt(&module, &yaml, &[]);
                let mine = ours(&module);
                let mut t = totals.lock().unwrap();
                match (theirs, mine) {
                    (Ok(theirs), Ok(mine)) => {
                        t.modules += 1;
                        let c = compare(&job.name, &mine, &theirs);
                        add(&mut t.c, c);
                    }
                    (Err(e), _) | (_, Err(e)) => t.failures.push(format!("{}: {e}", job.name)),
                }
            });
        }
    });
    let t = totals.into_inner().unwrap();
    let complete = filter.is_none();
    let mut failures = t.failures;
    let mut unsound = Allowlist::new("UNSOUND", UNSOUND);
    for (key, msg) in &t.c.unsound {
        if !unsound.check(key, true) {
            failures.push(format!("loopwright calls legal what opt-19 rejects: {msg}"));
        }
    }
    failures.extend(unsound.stale(complete));
    let c = &t.c;
    let share = |n: usize| {
        if c.in_scope == 0 {
            1.0
        } else {
            n as f64 / c.in_scope as f64
        }
    };
    let mut summary = String::new();
    let _ = writeln!(
        summary,
        "vlegal_llvm: {} modules, {} innermost loops, {} compared with opt-19's remarks; \
         {} in scope: {} with the same verdict ({:.2}%), {} with the same verdict and reason \
         ({:.2}%); scope limits: {} that opt-19 vectorizes, {} it rejects too; \
         {} loops called legal that opt-19 rejects; {} failures, {:.0} s",
        t.modules,
        c.loops,
        c.compared,
        c.in_scope,
        c.same_verdict,
        share(c.same_verdict) * 100.0,
        c.same_reason,
        share(c.same_reason) * 100.0,
        c.scope_theirs_legal,
        c.scope_theirs_rejected,
        c.unsound.len(),
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    let _ = writeln!(summary, "reasons (loopwright / opt-19):");
    for (k, (a, b)) in &c.tallies {
        let _ = writeln!(summary, "  {k}: {a} / {b}");
    }
    for d in &c.differences {
        let _ = writeln!(summary, "differs: {d}");
    }
    for u in c.unknown.iter().take(20) {
        let _ = writeln!(summary, "unclassified: {u}");
    }
    loopwright_testkit::notice(&summary);
    if std::env::var_os("VLEGAL_LLVM_KEEP").is_none() && failures.is_empty() {
        let _ = std::fs::remove_dir_all(&work);
    }
    assert!(failures.is_empty(), "{}\n{summary}", failures.join("\n"));
    assert!(
        share(c.same_reason) >= MIN_AGREEMENT,
        "only {:.2}% of the in-scope loops agree with opt-19 (at least {}% needed)\n{summary}",
        share(c.same_reason) * 100.0,
        MIN_AGREEMENT * 100.0
    );
    if complete {
        floors::check_all(&[
            ("vlegal_llvm.modules", t.modules),
            ("vlegal_llvm.compared", c.compared),
            ("vlegal_llvm.in_scope", c.in_scope),
            ("vlegal_llvm.same_verdict", c.same_verdict),
            ("vlegal_llvm.same_reason", c.same_reason),
        ]);
    }
}

/// The comparison fails on deliberately wrong verdicts: a legal loop
/// opt-19 rejects is unsound, a wrong reason is a difference, and remarks
/// are matched to loops by location.
#[test]
fn self_test_wrong_verdicts_fail() {
    let yaml = "--- !Analysis\nPass:            loop-vectorize\nName:            UnsafeDep\n\
        DebugLoc:        { File: a.c, Line: 3, Column: 5 }\nFunction:        f\nArgs:\n\
        \x20 - String:          'loop not vectorized: '\n\
        \x20 - String:          \"unsafe\\nBackward loop carried data dependence.\"\n...\n\
        --- !Missed\nPass:            loop-vectorize\nName:            MissedDetails\n\
        DebugLoc:        { File: a.c, Line: 3, Column: 5 }\nFunction:        f\nArgs:\n\
        \x20 - String:          loop not vectorized\n...\n\
        --- !Passed\nPass:            loop-vectorize\nName:            Vectorized\n\
        DebugLoc:        { File: a.c, Line: 9, Column: 5 }\nFunction:        f\nArgs:\n\
        \x20 - String:          'vectorized '\n...\n";
    let remarks = parse_yaml(yaml);
    assert_eq!(remarks.len(), 3);
    assert_eq!(
        remarks[0].message,
        "loop not vectorized: unsafe\nBackward loop carried data dependence."
    );
    let lp = |header: &str, line: u32, rejected: Option<(&str, &str)>| Ours {
        key: LoopKey {
            function: "f".into(),
            start: Some((line, 5)),
            locs: vec![(line, 5), (line + 1, 7)],
            // opt-19 visits the loop at line 3 first.
            order: if line == 3 { 0 } else { 1 },
        },
        header: header.into(),
        rejected: rejected.map(|(n, t)| (n.to_string(), t.to_string(), false)),
    };
    let right = [
        lp(
            "%a",
            3,
            Some((
                "UnsafeDep",
                "loop not vectorized: unsafe\nBackward loop carried data dependence.",
            )),
        ),
        lp("%b", 9, None),
    ];
    let c = compare("m", &right, &remarks);
    assert_eq!(
        (c.compared, c.in_scope, c.same_verdict, c.same_reason),
        (2, 2, 2, 2)
    );
    assert!(c.differences.is_empty() && c.unsound.is_empty());
    // Called legal where opt-19 rejects: unsound.
    let wrong = [lp("%a", 3, None), lp("%b", 9, None)];
    let c = compare("m", &wrong, &remarks);
    assert_eq!(c.unsound.len(), 1);
    assert_eq!(c.same_verdict, 1);
    // Rejected for another reason: a difference, same verdict.
    let wrong = [
        lp("%a", 3, Some(("CantIdentifyArrayBounds", "x"))),
        lp("%b", 9, None),
    ];
    let c = compare("m", &wrong, &remarks);
    assert_eq!(
        (c.same_verdict, c.same_reason, c.differences.len()),
        (2, 1, 1)
    );
    // Rejected where opt-19 vectorizes: a difference.
    let wrong = [
        right[0].clone(),
        lp("%b", 9, Some(("CantIdentifyArrayBounds", "x"))),
    ];
    let c = compare("m", &wrong, &remarks);
    assert_eq!((c.same_verdict, c.differences.len()), (1, 1));
    assert!(c.unsound.is_empty());
    // A scope limit is tallied apart.
    let mut scoped = right.clone();
    scoped[1].rejected = Some(("IfConversionDisabled".into(), "x".into(), true));
    let c = compare("m", &scoped, &remarks);
    assert_eq!((c.in_scope, c.scope_theirs_legal), (1, 1));
    // Remarks go to loops in opt-19's visiting order: swapped, both differ.
    let mut swapped = right.clone();
    swapped[0].key.order = 1;
    swapped[1].key.order = 0;
    let c = compare("m", &swapped, &remarks);
    assert_eq!((c.same_verdict, c.unsound.len()), (0, 1));
    // Without a run per loop, by location; unknown locations are not
    // compared.
    let mut moved = right.clone();
    moved[1].key.start = Some((20, 1));
    moved[1].key.locs.clear();
    let two_runs = &remarks[..2];
    assert_eq!(compare("m", &moved, two_runs).compared, 1);
}
