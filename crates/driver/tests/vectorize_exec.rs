//! `loop-vectorize` checked by execution: generated programs with `main`,
//! compiled for SSE2, AVX2 or AVX-512 (`skylake-avx512`) by seed, run through
//! `-passes=loop-vectorize` at the cost model's own choice and at random
//! forced widths (powers of
//! two from 2 to 64, now and then another width, which must be refused
//! cleanly, and width 1: interleaving only) and interleave counts (1 to
//! 8), and `lli-19` must print what
//! it prints for the unvectorized program. A miscompile is the worst bug,
//! so this is the vectorizer's main check.
//!
//! The programs: `loopwright_testkit::vloops` (reductions, recurrences,
//! reverse loops, live-outs, narrow inductions, strides, symbolic strides,
//! trip counts around VF·IC) and `loopwright_testkit::aliasing` (pointers
//! into one array at random distances: the run-time check shapes). Each is
//! compiled by clang-19 at -O2 without vectorization and unrolling, then
//! vectorized in process (`loopwright::optimize`, which verifies its
//! output), and each output module is checked with `opt-19 -passes=verify`
//! before it runs.
//!
//! `defects_are_caught` runs the same programs through the transform with
//! a deliberate defect (run-time checks that never fail, an epilogue that
//! never runs, a vectorized epilogue that starts over from iteration 0,
//! interleave groups whose members get each other's lanes)
//! and requires failures: the oracle sees miscompiles.
//!
//! Environment: `VECTORIZE_EXEC_PROGRAMS` (default 300 per generator),
//! `VECTORIZE_EXEC_CONFIGS` (forced width/interleave pairs per program,
//! default 2), `VECTORIZE_EXEC_SEED` (first seed, default 1),
//! `VECTORIZE_EXEC_JOBS` (default 2), `VECTORIZE_EXEC_KEEP` (keep the
//! work directory).

mod common;

use loopwright::pipeline;
use loopwright_testkit::tools::{CLANG, LLI};
use loopwright_testkit::{floors, run, Rng};
use loopwright_transforms::vectorize::transform::Defect;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

#[derive(Default, Debug)]
struct Tally {
    programs: usize,
    runs: usize,
    vectorized_loops: usize,
    interleaved_loops: usize,
    runs_with_vectorized_loops: usize,
    refused_widths: usize,
    /// Loops vectorized at the cost model's own choice (no forcing).
    cost_chosen_loops: usize,
    /// Of those, the loops whose epilogue was vectorized too.
    vector_epilogues: usize,
    /// Loops the planner refused, by reason.
    refused_plans: std::collections::BTreeMap<String, usize>,
    failures: Vec<String>,
    skipped: usize,
}

impl Tally {
    fn add(&mut self, o: Tally) {
        self.programs += o.programs;
        self.runs += o.runs;
        self.vectorized_loops += o.vectorized_loops;
        self.interleaved_loops += o.interleaved_loops;
        self.runs_with_vectorized_loops += o.runs_with_vectorized_loops;
        self.refused_widths += o.refused_widths;
        self.cost_chosen_loops += o.cost_chosen_loops;
        self.vector_epilogues += o.vector_epilogues;
        for (k, v) in o.refused_plans {
            *self.refused_plans.entry(k).or_default() += v;
        }
        self.failures.extend(o.failures);
        self.skipped += o.skipped;
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Gen {
    Vloops,
    Aliasing,
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn lli(path: &Path) -> Result<String, String> {
    let r = run::run(
        Command::new(LLI).args(common::LLI_ARGS).arg(path),
        Duration::from_secs(60),
    );
    if r.timed_out.is_some() {
        return Err("lli-19 timed out".into());
    }
    if !r.success() {
        return Err(format!("lli-19 failed: {}", r.stderr_text()));
    }
    Ok(r.stdout_text())
}

/// The configurations of one program: `n` forced width/interleave pairs,
/// then `None`, the cost model's own choice.
fn configs(seed: u64, n: usize) -> Vec<Option<(u32, u32)>> {
    let mut rng = Rng::new(seed ^ 0xfeed_beef);
    let mut v: Vec<Option<(u32, u32)>> = (0..n)
        .map(|_| {
            let w = if rng.chance(0.05) {
                2 + rng.below(63) as u32
            } else if rng.chance(0.08) {
                1
            } else {
                1u32 << (1 + rng.below(6))
            };
            let ic = if w == 1 {
                2 + rng.below(7) as u32
            } else {
                1 + rng.below(8) as u32
            };
            Some((w, ic))
        })
        .collect();
    v.push(None);
    v
}

/// The CPU a program is compiled for, which the cost model's choices
/// follow: SSE2, AVX2 or AVX-512, by seed. Not `znver4`: llc-19 uses AMD's
/// SSE4A there, which Intel CPUs lack (SIGILL under lli-19, for opt-19's
/// own vectorized code as for ours); the machines here are Zen 4 or
/// AVX-512 Xeons, which both run `skylake-avx512` code.
fn march(seed: u64) -> &'static str {
    ["x86-64", "x86-64-v3", "skylake-avx512"][(seed % 3) as usize]
}

fn one(seed: u64, gen: Gen, nconfigs: usize, defect: Option<Defect>, work: &Path) -> Tally {
    let mut t = Tally {
        programs: 1,
        ..Tally::default()
    };
    let name = format!("{gen:?} program {seed}");
    let (source, strict) = match gen {
        Gen::Vloops => (loopwright_testkit::vloops::program(seed), true),
        Gen::Aliasing => {
            let p = loopwright_testkit::aliasing::program(seed);
            (p.source, p.strict_aliasing)
        }
    };
    let dir = work.join(format!("{gen:?}{seed}"));
    let _ = std::fs::create_dir_all(&dir);
    let c = dir.join("p.c");
    let ll = dir.join("p.ll");
    std::fs::write(&c, &source).expect("write the program");
    let mut cc = Command::new(CLANG);
    cc.arg(format!("-march={}", march(seed)));
    cc.args([
        "-O2",
        "-fno-unroll-loops",
        "-fno-vectorize",
        "-fno-slp-vectorize",
        "-w",
    ]);
    if !strict {
        cc.arg("-fno-strict-aliasing");
    }
    cc.arg("-S").arg("-emit-llvm").arg("-o").arg(&ll).arg(&c);
    let r = run::run(&mut cc, Duration::from_secs(60));
    if !r.success() {
        t.failures
            .push(format!("{name}: clang failed: {}", r.stderr_text()));
        return t;
    }
    let expected = match lli(&ll) {
        Ok(s) => s,
        Err(e) => {
            // The unvectorized program itself does not run: not ours.
            eprintln!("{name}: skipped: {e}");
            t.skipped += 1;
            return t;
        }
    };
    let text = std::fs::read(&ll).expect("read clang's output");
    for (k, config) in configs(seed, nconfigs).into_iter().enumerate() {
        t.runs += 1;
        let mut opts = loopwright::Options {
            passes: Some(pipeline::parse("loop-vectorize").expect("a pipeline")),
            ..Default::default()
        };
        opts.vectorize.self_test_defect = defect;
        let what = match config {
            Some((w, ic)) => {
                opts.vectorize.force_vector_width = w;
                opts.vectorize.force_vector_interleave = Some(ic);
                opts.laa.forced_vf = u64::from(w);
                opts.laa.forced_interleave = u64::from(ic);
                format!(
                    "{name} (-march={}) at -force-vector-width={w} -force-vector-interleave={ic}",
                    march(seed)
                )
            }
            None => format!("{name} (-march={}) at the cost model's choice", march(seed)),
        };
        let res = std::panic::catch_unwind(|| {
            loopwright::optimize(&text, &ll.display().to_string(), &opts)
        });
        let out = match res {
            Err(_) => {
                t.failures.push(format!("{what}: loopwright panicked"));
                continue;
            }
            Ok(Err(e)) => {
                t.failures
                    .push(format!("{what}: loopwright failed: {}", e.0));
                continue;
            }
            Ok(Ok(o)) => o,
        };
        let mut vectorized = 0;
        for r in &out.remarks {
            match r.name.as_str() {
                "Vectorized" => vectorized += 1,
                "Interleaved" => t.interleaved_loops += 1,
                "UnsupportedWidth" => t.refused_widths += 1,
                "CantVectorizePlan" => {
                    let text = r.message();
                    let why = text.strip_prefix("loop not vectorized: ").unwrap_or(&text);
                    let why = why.split(" (").next().unwrap_or(why).to_string();
                    *t.refused_plans.entry(why).or_default() += 1;
                }
                _ => {}
            }
        }
        t.vectorized_loops += vectorized;
        if config.is_none() {
            t.cost_chosen_loops += vectorized;
            t.vector_epilogues += out
                .text
                .lines()
                .filter(|l| l.starts_with("vec.epilog.vector.body"))
                .count();
        }
        let vectorized = vectorized
            + out
                .remarks
                .iter()
                .filter(|r| r.name == "Interleaved")
                .count();
        if vectorized == 0 {
            continue;
        }
        t.runs_with_vectorized_loops += 1;
        let vl = dir.join(format!("v{k}.ll"));
        std::fs::write(&vl, &out.text).expect("write the output");
        if defect.is_none() {
            if let Some(p) = common::verify(&vl).problem() {
                t.failures.push(format!("{what}: {p}"));
                continue;
            }
        }
        match lli(&vl) {
            Ok(s) if s == expected => {}
            Ok(s) => t.failures.push(format!(
                "{what}: lli-19 prints\n{s}\ninstead of\n{expected}\n(kept in {})",
                vl.display()
            )),
            Err(e) => t.failures.push(format!("{what}: {e}")),
        }
    }
    if t.failures.is_empty() && std::env::var_os("VECTORIZE_EXEC_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    t
}

fn run_programs(
    gen: Gen,
    first: u64,
    n: usize,
    nconfigs: usize,
    defect: Option<Defect>,
    work: &Path,
) -> Tally {
    let jobs = env_usize("VECTORIZE_EXEC_JOBS", 2);
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Tally::default());
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= n {
                    break;
                }
                let t = one(first + k as u64, gen, nconfigs, defect, work);
                total.lock().unwrap_or_else(|e| e.into_inner()).add(t);
            });
        }
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

fn report(label: &str, t: &Tally) {
    eprintln!(
        "vectorize_exec {label}: {} programs, {} runs ({} with vectorized loops), {} loops vectorized ({} at the cost model's own choice, {} of them with a vectorized epilogue), {} interleaved only, {} widths refused, {} skipped, {} failures",
        t.programs,
        t.runs,
        t.runs_with_vectorized_loops,
        t.vectorized_loops,
        t.cost_chosen_loops,
        t.vector_epilogues,
        t.interleaved_loops,
        t.refused_widths,
        t.skipped,
        t.failures.len()
    );
    for (why, n) in &t.refused_plans {
        eprintln!("  refused by the planner {n}×: {why}");
    }
    for f in t.failures.iter().take(10) {
        eprintln!("  failure: {f}");
    }
}

#[test]
fn vectorized_programs_print_the_same() {
    if !loopwright_testkit::require(&[CLANG, LLI, "opt-19"]) {
        return;
    }
    let n = env_usize("VECTORIZE_EXEC_PROGRAMS", 300);
    let nconfigs = env_usize("VECTORIZE_EXEC_CONFIGS", 2);
    let first = env_usize("VECTORIZE_EXEC_SEED", 1) as u64;
    let work = common::work_dir("vectorize_exec");
    let mut total = Tally::default();
    for gen in [Gen::Vloops, Gen::Aliasing] {
        let t = run_programs(gen, first, n, nconfigs, None, &work);
        report(&format!("{gen:?}"), &t);
        total.add(t);
    }
    report("total", &total);
    assert!(
        total.failures.is_empty(),
        "{} failures (first: {})",
        total.failures.len(),
        total.failures[0]
    );
    if n == 300 && nconfigs == 2 && first == 1 {
        floors::check_all(&[
            (
                "vectorize_exec.runs_with_vectorized_loops",
                total.runs_with_vectorized_loops,
            ),
            ("vectorize_exec.vectorized_loops", total.vectorized_loops),
            ("vectorize_exec.interleaved_loops", total.interleaved_loops),
            ("vectorize_exec.cost_chosen_loops", total.cost_chosen_loops),
            ("vectorize_exec.vector_epilogues", total.vector_epilogues),
        ]);
    }
}

#[test]
fn defects_are_caught() {
    if !loopwright_testkit::require(&[CLANG, LLI, "opt-19"]) {
        return;
    }
    let work = common::work_dir("vectorize_exec_defects");
    for (defect, gen) in [
        (Defect::DropRuntimeChecks, Gen::Vloops),
        (Defect::DropRuntimeChecks, Gen::Aliasing),
        (Defect::SkipEpilogue, Gen::Vloops),
        (Defect::EpilogueFromZero, Gen::Vloops),
        (Defect::InterleaveMask, Gen::Vloops),
    ] {
        let t = run_programs(gen, 1, 40, 2, Some(defect), &work);
        report(&format!("{defect:?}"), &t);
        assert!(
            !t.failures.is_empty(),
            "the defect {defect:?} went unnoticed over {} runs with vectorized loops",
            t.runs_with_vectorized_loops
        );
    }
}
