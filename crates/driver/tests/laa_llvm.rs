//! Loop access analysis against opt-19: `loopwright
//! -passes='print<access-info>'` and the same `opt-19` command on the real
//! modules of `common::modules` (the corpus at every point of its build
//! matrix, the hand-written corpus modules, the bench kernels, the
//! conformance suites' modules) and [`GENERATED_MODULES`] random modules of
//! `aa_gen` (the alias-analysis generator: aliasing shapes compiled code
//! rarely shows, loops with pointer phis among them).
//!
//! Per loop, the facts a vectorizer decides on must agree on at least 98%
//! of the loops, every difference listed: the verdict (safe, safe with
//! run-time checks, or unsafe with the report's first line), the maximum
//! safe width, the dependence kinds in order and the number of run-time
//! checks. Loops whose whole text is identical (with opt's group addresses
//! renamed by first appearance) are counted too. Both counts are floors
//! (`laa_llvm.*` in `tests/floors.toml`).
//!
//! Soundness: a loop where loopwright says "safe" without checks (or
//! allows a wider vector than opt-19) while opt-19 needs checks or says
//! unsafe fails the test, unless it is a named exemption in [`UNSOUND`]
//! with the argument why loopwright's answer holds.
//!
//! `self_test_wrong_answers_fail` shows the comparator failing on
//! deliberately wrong answers.
//!
//! Environment: `LAA_LLVM_FILTER` (only modules whose name contains it;
//! floors not checked), `LAA_LLVM_JOBS` (worker threads, default 2),
//! `LAA_LLVM_KEEP` (keep the work directory), `LAA_LLVM_SHOW` (print every
//! differing loop's two texts).

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

/// Modules of `aa_gen` compared (random aliasing shapes: GEP chains, pointer
/// phis, selects, escapes, `!tbaa`, scopes, calls), and functions in each.
const GENERATED_MODULES: u64 = 60;
const GENERATED_FUNCTIONS: usize = 40;

/// The share of loops whose facts must agree.
const MIN_AGREEMENT: f64 = 0.98;

/// Loops where loopwright claims more than opt-19 (safe without checks, or
/// a wider safe vector), each with the argument why it holds:
/// `module function header`.
const UNSOUND: &[(&str, &str)] = &[];

/// The arguments both tools are given. The alias-set saturation threshold
/// is raised from 250 to 1000 for both: at 250 one loop of `c_kernels` at
/// `-O2`/`-O3` saturates, and opt-19 then needs 13 s per module to print its
/// 56,600 run-time checks (saturation itself is a unit test,
/// `laa::tests::alias_sets_saturate`).
const ARGS: [&str; 3] = [
    "-passes=print<access-info>",
    "-disable-output",
    "-alias-set-saturation-threshold=1000",
];

/// What one loop's text says.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Facts {
    verdict: Verdict,
    width: Option<u64>,
    deps: Vec<String>,
    checks: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    Safe,
    SafeWithChecks,
    Unsafe(String),
}

/// One loop: its function, header and text.
#[derive(Clone, Debug)]
struct LoopText {
    key: String,
    text: String,
}

/// Splits printer output into loops (function name and header as key).
fn loops(out: &str) -> Vec<LoopText> {
    let mut v: Vec<LoopText> = Vec::new();
    let mut func = String::new();
    for line in out.lines() {
        if let Some(rest) =
            line.strip_prefix("Printing analysis 'Loop Access Analysis' for function '")
        {
            func = rest.trim_end_matches("':").to_string();
            continue;
        }
        if line.starts_with("  ") && !line.starts_with("   ") && line.ends_with(':') {
            let n = v
                .iter()
                .filter(|l| l.key.starts_with(&format!("{func} ")))
                .count();
            v.push(LoopText {
                key: format!("{func} {}#{n}", &line[2..line.len() - 1]),
                text: String::new(),
            });
            continue;
        }
        if let Some(l) = v.last_mut() {
            l.text.push_str(line);
            l.text.push('\n');
        }
    }
    v
}

fn facts(text: &str) -> Facts {
    let mut verdict = None;
    let mut width = None;
    let mut deps = Vec::new();
    let mut checks = 0;
    let mut in_deps = false;
    for line in text.lines() {
        let t = line.trim_start();
        let indent = line.len() - t.len();
        if indent == 4 {
            in_deps = t == "Dependences:";
            if let Some(rest) = t.strip_prefix("Memory dependences are safe") {
                verdict = Some(if rest.contains("with run-time checks") {
                    Verdict::SafeWithChecks
                } else {
                    Verdict::Safe
                });
                if let Some(w) = rest.split("maximum safe vector width of ").nth(1) {
                    width = w.split(' ').next().and_then(|n| n.parse().ok());
                }
            } else if let Some(r) = t.strip_prefix("Report: ") {
                if verdict.is_none() {
                    verdict = Some(Verdict::Unsafe(r.to_string()));
                }
            } else if t.starts_with("Check ") && t.ends_with(':') {
                checks += 1;
            } else if t == "Too many dependences, not recorded" {
                deps.push("TooMany".to_string());
            }
        } else if indent == 6 && in_deps && t.ends_with(':') {
            deps.push(t.trim_end_matches(':').to_string());
        }
    }
    Facts {
        verdict: verdict.unwrap_or(Verdict::Unsafe(String::new())),
        width,
        deps,
        checks,
    }
}

/// opt's group addresses renamed in order of appearance.
fn normalized(text: &str) -> String {
    let mut names: Vec<String> = Vec::new();
    let mut out = String::new();
    let mut rest = text;
    while let Some(k) = rest.find("0x") {
        out.push_str(&rest[..k]);
        let tail = &rest[k + 2..];
        let n = tail
            .find(|c: char| !c.is_ascii_hexdigit())
            .unwrap_or(tail.len());
        let addr = &tail[..n];
        let idx = match names.iter().position(|a| a == addr) {
            Some(i) => i,
            None => {
                names.push(addr.to_string());
                names.len() - 1
            }
        };
        let _ = write!(out, "GRP{idx}");
        rest = &tail[n..];
    }
    out.push_str(rest);
    out
}

/// The comparison of one module.
#[derive(Default)]
struct Compared {
    loops: usize,
    same_facts: usize,
    same_text: usize,
    differences: Vec<String>,
    unsound: Vec<(String, String)>,
    failures: Vec<String>,
    shown: Vec<String>,
}

/// Whether `ours` claims more than `theirs`: safe without checks where
/// opt-19 needs checks or says unsafe, or a wider safe vector.
fn claims_more(ours: &Facts, theirs: &Facts) -> bool {
    match (&ours.verdict, &theirs.verdict) {
        (Verdict::Safe, Verdict::SafeWithChecks | Verdict::Unsafe(_)) => true,
        (Verdict::SafeWithChecks, Verdict::Unsafe(_)) => true,
        (Verdict::Safe | Verdict::SafeWithChecks, Verdict::Safe | Verdict::SafeWithChecks) => {
            match (ours.width, theirs.width) {
                (None, Some(_)) => true,
                (Some(a), Some(b)) => a > b,
                _ => false,
            }
        }
        _ => false,
    }
}

fn compare(name: &str, ours: &str, theirs: &str) -> Compared {
    let mut c = Compared::default();
    let (o, t) = (loops(ours), loops(theirs));
    c.loops = t.len();
    if o.len() != t.len() || o.iter().zip(&t).any(|(a, b)| a.key != b.key) {
        c.failures.push(format!(
            "{name}: loops differ: loopwright {:?}, opt-19 {:?}",
            o.iter().map(|l| &l.key).collect::<Vec<_>>(),
            t.iter().map(|l| &l.key).collect::<Vec<_>>()
        ));
        return c;
    }
    let show = std::env::var_os("LAA_LLVM_SHOW").is_some();
    for (a, b) in o.iter().zip(&t) {
        let (fa, fb) = (facts(&a.text), facts(&b.text));
        if normalized(&a.text) == normalized(&b.text) {
            c.same_text += 1;
        } else if show {
            c.shown.push(format!(
                "=== {name} {}\n--- loopwright\n{}--- opt-19\n{}",
                a.key, a.text, b.text
            ));
        }
        if fa == fb {
            c.same_facts += 1;
        } else {
            c.differences.push(format!(
                "{name} {}: loopwright {fa:?}, opt-19 {fb:?}",
                a.key
            ));
        }
        if claims_more(&fa, &fb) {
            c.unsound.push((
                format!("{name} {}", a.key),
                format!("{name} {}: loopwright {fa:?}, opt-19 {fb:?}", a.key),
            ));
        }
    }
    c
}

fn run_both(name: &str, module: &Path, loopwright: &Path) -> Compared {
    let theirs = run(Command::new(OPT).args(ARGS).arg(module), run::TIMEOUT);
    let ours = run(
        Command::new(loopwright).args(ARGS).arg(module),
        run::TIMEOUT,
    );
    if !theirs.success() {
        let mut c = Compared::default();
        c.failures
            .push(format!("{name}: opt-19 failed: {}", theirs.stderr_text()));
        return c;
    }
    if !ours.success() {
        let mut c = Compared::default();
        c.failures
            .push(format!("{name}: loopwright failed: {}", ours.stderr_text()));
        return c;
    }
    compare(name, &ours.stderr_text(), &theirs.stderr_text())
}

fn loopwright_bin() -> PathBuf {
    match std::env::var_os("LOOPWRIGHT_BIN") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from(env!("CARGO_BIN_EXE_loopwright")),
    }
}

#[derive(Default)]
struct Totals {
    modules: usize,
    loops: usize,
    same_facts: usize,
    same_text: usize,
    differences: Vec<String>,
    failures: Vec<String>,
    shown: Vec<String>,
}

#[test]
fn access_info_matches_opt19() {
    if !loopwright_testkit::require(&[OPT, CLANG, CLANGXX]) {
        return;
    }
    let root = common::root();
    let filter = std::env::var("LAA_LLVM_FILTER")
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
    let work = common::work_dir("laa-llvm");
    let threads: usize = std::env::var("LAA_LLVM_JOBS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
        .max(1);
    let bin = loopwright_bin();
    let generated = |seed: u64| aa_gen::module(seed, GENERATED_FUNCTIONS).0;
    let next = AtomicUsize::new(0);
    let totals = Mutex::new(Totals::default());
    let unsound = Mutex::new(Allowlist::new("UNSOUND", UNSOUND));
    let started = std::time::Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(k) else { break };
                let module = match modules::build(job, &work, &generated) {
                    Ok(p) => p,
                    Err(e) => {
                        totals.lock().unwrap().failures.push(e);
                        continue;
                    }
                };
                let c = run_both(&job.name, &module, &bin);
                let mut t = totals.lock().unwrap();
                t.modules += 1;
                t.loops += c.loops;
                t.same_facts += c.same_facts;
                t.same_text += c.same_text;
                t.differences.extend(c.differences);
                t.failures.extend(c.failures);
                t.shown.extend(c.shown);
                let mut list = unsound.lock().unwrap();
                for (key, msg) in c.unsound {
                    if !list.check(&key, true) {
                        t.failures
                            .push(format!("loopwright claims more than opt-19: {msg}"));
                    }
                }
            });
        }
    });
    let t = totals.into_inner().unwrap();
    let complete = filter.is_none();
    let mut failures = t.failures;
    failures.extend(unsound.into_inner().unwrap().stale(complete));
    let share = if t.loops == 0 {
        1.0
    } else {
        t.same_facts as f64 / t.loops as f64
    };
    let mut summary = String::new();
    let _ = writeln!(
        summary,
        "laa_llvm: {} modules, {} loops, {} with the same verdict, width, dependence kinds and \
         checks as opt-19 ({:.2}%), {} printed identically, {} failures, {:.0} s",
        t.modules,
        t.loops,
        t.same_facts,
        share * 100.0,
        t.same_text,
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    for d in &t.differences {
        let _ = writeln!(summary, "differs: {d}");
    }
    for s in &t.shown {
        summary.push_str(s);
    }
    loopwright_testkit::notice(&summary);
    if std::env::var_os("LAA_LLVM_KEEP").is_none() && failures.is_empty() {
        let _ = std::fs::remove_dir_all(&work);
    }
    assert!(failures.is_empty(), "{}\n{summary}", failures.join("\n"));
    assert!(
        share >= MIN_AGREEMENT,
        "only {:.2}% of the loops agree with opt-19 (at least {}% needed)\n{summary}",
        share * 100.0,
        MIN_AGREEMENT * 100.0
    );
    if complete {
        floors::check_all(&[
            ("laa_llvm.modules", t.modules),
            ("laa_llvm.loops", t.loops),
            ("laa_llvm.same_facts", t.same_facts),
            ("laa_llvm.same_text", t.same_text),
        ]);
    }
}

/// The comparator fails on deliberately wrong answers: opt-19's text with
/// one fact changed, for each fact.
#[test]
fn self_test_wrong_answers_fail() {
    let theirs = "Printing analysis 'Loop Access Analysis' for function 'f':\n\
        \x20 loop:\n\
        \x20   Memory dependences are safe with a maximum safe vector width of 64 bits\n\
        \x20   Dependences:\n\
        \x20     BackwardVectorizable:\n\
        \x20         %l = load i32, ptr %p, align 4 -> \n\
        \x20         store i32 %v, ptr %q, align 4\n\
        \n\
        \x20   Run-time memory checks:\n\
        \x20   Grouped accesses:\n\
        \n\
        \x20   Non vectorizable stores to invariant address were not found in loop.\n\
        \x20   SCEV assumptions:\n\
        \n\
        \x20   Expressions re-written:\n\
        \x20 loop2:\n\
        \x20   Memory dependences are safe with run-time checks\n\
        \x20   Dependences:\n\
        \x20   Run-time memory checks:\n\
        \x20   Check 0:\n\
        \x20     Comparing group (0x55d0):\n\
        \x20       ptr %a\n\
        \x20     Against group (0x55f0):\n\
        \x20       ptr %b\n\
        \x20   Grouped accesses:\n\
        \x20     Group 0x55d0:\n\
        \x20       (Low: %a High: (4 + %a))\n\
        \x20         Member: %a\n\
        \x20     Group 0x55f0:\n\
        \x20       (Low: %b High: (4 + %b))\n\
        \x20         Member: %b\n\
        \n\
        \x20   Non vectorizable stores to invariant address were not found in loop.\n\
        \x20   SCEV assumptions:\n\
        \n\
        \x20   Expressions re-written:\n";
    let clean = compare("selftest", theirs, theirs);
    assert!(clean.failures.is_empty() && clean.unsound.is_empty() && clean.differences.is_empty());
    assert_eq!((clean.loops, clean.same_facts, clean.same_text), (2, 2, 2));
    // Group addresses differ between runs of opt; they are not a difference.
    let renamed = theirs
        .replace("0x55d0", "0x9990")
        .replace("0x55f0", "0x9a10");
    assert_eq!(compare("selftest", &renamed, theirs).same_text, 2);
    // (from, to, must be reported as unsound)
    let cases: [(&str, &str, bool); 6] = [
        ("64 bits", "128 bits", true),
        (
            "Memory dependences are safe with a maximum safe vector width of 64 bits\n",
            "Memory dependences are safe\n",
            true,
        ),
        ("safe with run-time checks", "safe", true),
        ("BackwardVectorizable:", "Forward:", false),
        ("    Check 0:\n", "    Check 0:\n    Check 1:\n", false),
        (
            "Memory dependences are safe with run-time checks\n",
            "Report: cannot identify array bounds\n",
            false,
        ),
    ];
    for (from, to, unsound) in cases {
        let wrong = theirs.replacen(from, to, 1);
        assert_ne!(wrong, theirs, "{from} not found");
        let c = compare("selftest", &wrong, theirs);
        assert_eq!(c.same_facts, 1, "the comparator misses {from:?} -> {to:?}");
        assert_eq!(c.differences.len(), 1, "{from:?} -> {to:?}");
        assert_eq!(!c.unsound.is_empty(), unsound, "{from:?} -> {to:?}");
    }
    // A missing loop fails.
    let cut = &theirs[..theirs.find("  loop2:").unwrap()];
    assert!(!compare("selftest", cut, theirs).failures.is_empty());
}
