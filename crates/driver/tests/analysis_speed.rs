//! How much the vectorizer's analyses cost against the default pipeline:
//! alias analysis, loop access analysis and the phi descriptors (with the
//! scalar evolution under them) on every innermost loop of a module, timed
//! in process (the CFG, dominators and loops they stand on, which the
//! pipeline computes anyway, timed apart), against `loopwright IN -o OUT` (the default pipeline, whole
//! run) in the same run. Issue 14 asks for at most 15% on
//! `cargo xtask bench-compile`'s `big.loops.ll`. A measurement, not a
//! check: run it by hand, in release mode.
//!
//! ```sh
//! cargo xtask bench-compile --runs 1   # makes target/bench-compile/big.loops.ll
//! cargo test --release -p loopwright --test analysis_speed -- --ignored --nocapture
//! ```
//!
//! `ANALYSIS_SPEED_MODULE` names another module; `ANALYSIS_SPEED_RUNS`
//! (default 5) the runs of each side, medians reported.

use loopwright_analysis::cfg::ControlFlowGraph;
use loopwright_analysis::domtree::DominatorTree;
use loopwright_analysis::ivdesc::PhiDescriptors;
use loopwright_analysis::laa::LoopAccessAnalysis;
use loopwright_analysis::loops::LoopForest;
use std::process::Command;
use std::time::Instant;

/// The CPU time of the calling thread in seconds (Linux's
/// `/proc/thread-self/schedstat`), when known.
fn thread_cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[test]
#[ignore = "a measurement: run by hand in release mode"]
fn vectorizer_analyses_against_the_default_pipeline() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = std::env::var("ANALYSIS_SPEED_MODULE").map_or_else(
        |_| root.join("target/bench-compile/big.loops.ll"),
        std::path::PathBuf::from,
    );
    let runs: usize = std::env::var("ANALYSIS_SPEED_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5)
        .max(1);
    let Ok(text) = std::fs::read(&path) else {
        eprintln!(
            "analysis_speed: no {} (run cargo xtask bench-compile first)",
            path.display()
        );
        return;
    };
    let m = loopwright_parse::parse_module(&text, &path.display().to_string()).expect("parse");
    // The function analyses the pipeline computes anyway (CFG, dominators,
    // loops) are timed apart: what the vectorizer adds is the rest.
    let functions: Vec<_> = m
        .functions
        .iter()
        .filter(|(_, f)| !f.is_declaration())
        .map(|(_, f)| f)
        .collect();
    let base = || {
        let t = Instant::now();
        let shared: Vec<_> = functions
            .iter()
            .map(|f| {
                let cfg = ControlFlowGraph::compute(f);
                let dt = DominatorTree::compute(&cfg);
                let lf = LoopForest::compute(&cfg, &dt);
                (cfg, dt, lf)
            })
            .collect();
        (t.elapsed().as_secs_f64(), shared)
    };
    let (_, shared) = base();
    let once = || {
        let (w0, c0) = (Instant::now(), thread_cpu());
        let mut loops = 0usize;
        for (f, (cfg, dt, lf)) in functions.iter().zip(&shared) {
            if lf.is_empty() {
                continue;
            }
            let opts = loopwright_transforms::vectorize::laa_options(&m, f, &Default::default());
            let mut laa = LoopAccessAnalysis::new(&m, f, cfg, dt, lf, opts);
            let phis = PhiDescriptors::compute(&m, f);
            for l in lf.loops().filter(|&l| lf.is_innermost(l)) {
                loops += 1;
                std::hint::black_box(laa.analyze(l));
                std::hint::black_box(phis.loop_phis(laa.scalar_evolution(), l));
            }
        }
        let wall = w0.elapsed().as_secs_f64();
        let cpu = c0.zip(thread_cpu()).map_or(wall, |(a, b)| b - a);
        (wall, cpu, loops)
    };
    once();
    let (mut aw, mut ac, mut bw, mut loops) = (Vec::new(), Vec::new(), Vec::new(), 0);
    for _ in 0..runs {
        let (w, c, n) = once();
        aw.push(w);
        ac.push(c);
        loops = n;
        bw.push(base().0);
    }
    let out = std::env::temp_dir().join(format!("analysis_speed.{}.ll", std::process::id()));
    let mut pw = Vec::new();
    for _ in 0..runs + 1 {
        let t = Instant::now();
        let st = Command::new(env!("CARGO_BIN_EXE_loopwright"))
            .arg(&path)
            .arg("-o")
            .arg(&out)
            .status()
            .expect("run loopwright");
        assert!(st.success());
        pw.push(t.elapsed().as_secs_f64());
    }
    pw.remove(0);
    let _ = std::fs::remove_file(&out);
    let (aw, ac, bw, pw) = (median(aw), median(ac), median(bw), median(pw));
    eprintln!(
        "analysis_speed: {loops} innermost loops of {}: the vectorizer's analyses (alias, loop \
         access, phi descriptors, scalar evolution) take {aw:.4} s wall ({ac:.4} s CPU), \
         {:.1}% of the default pipeline's {pw:.3} s wall; CFG, dominators and loops, which the \
         pipeline computes anyway, {bw:.4} s more ({:.1}% with them; medians of {runs})",
        path.display(),
        100.0 * aw / pw,
        100.0 * (aw + bw) / pw
    );
}
