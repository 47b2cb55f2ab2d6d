//! How long alias analysis takes on a large module, asked what loop access
//! analysis will ask: for every innermost loop, every pair of its loads and
//! stores (a store involved), as locations of unknown extent around their
//! pointers with their metadata, and the underlying objects of each
//! pointer. A measurement, not a check: run it by hand on
//! `cargo xtask bench-compile`'s `big.loops.ll`:
//!
//! ```sh
//! AA_SPEED_MODULE=target/bench-compile/big.loops.ll \
//!   cargo test --release -p loopwright-analysis --test aa_speed -- --ignored --nocapture
//! ```
//!
//! It prints the time to parse the module, to compute each function's CFG,
//! dominators and loops, and to answer the queries (wall time, and on Linux
//! the thread's CPU time, which a loaded machine does not inflate), with
//! their numbers.

use loopwright_analysis::aa::{AliasAnalysis, AliasResult, LocationSize};
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_ir::Opcode;
use std::time::Instant;

/// The CPU time of the calling thread in seconds (Linux's
/// `/proc/thread-self/schedstat`), when known.
fn thread_cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

#[test]
#[ignore = "a measurement: needs AA_SPEED_MODULE"]
fn alias_queries_of_innermost_loops() {
    let Ok(path) = std::env::var("AA_SPEED_MODULE") else {
        eprintln!("aa_speed: set AA_SPEED_MODULE to a module (big.loops.ll)");
        return;
    };
    let text = std::fs::read(&path).expect("read the module");
    let t0 = Instant::now();
    let m = loopwright_parse::parse_module(&text, &path).expect("parse");
    let parse = t0.elapsed();
    let (mut analyses, mut queries_time) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    let mut queries_cpu = 0.0;
    let (mut loops, mut queries, mut objects) = (0usize, 0usize, 0usize);
    let mut answers = [0usize; 4];
    for (_, f) in m.functions.iter() {
        if f.is_declaration() {
            continue;
        }
        let t = Instant::now();
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        analyses += t.elapsed();
        let t = Instant::now();
        let c = thread_cpu();
        let mut aa = AliasAnalysis::new(&m, f, &cfg, &dt, &lf);
        for l in lf.loops() {
            if !lf.is_innermost(l) {
                continue;
            }
            loops += 1;
            let mut accesses = Vec::new();
            for &b in lf.data(l).blocks() {
                for i in f.layout.block_insts(b) {
                    let d = f.inst(i);
                    if matches!(d.opcode, Opcode::Load | Opcode::Store) {
                        if let Some(mut loc) = aa.location_of(i) {
                            loc.size = LocationSize::BeforeOrAfterPointer;
                            accesses.push((loc, d.opcode == Opcode::Store));
                        }
                    }
                }
            }
            for (k, (a, a_store)) in accesses.iter().enumerate() {
                objects += aa.underlying_objects(a.ptr).len();
                for (b, b_store) in &accesses[..k] {
                    if !a_store && !b_store {
                        continue;
                    }
                    queries += 1;
                    answers[match aa.alias(a, b) {
                        AliasResult::NoAlias => 0,
                        AliasResult::MayAlias => 1,
                        AliasResult::PartialAlias(_) => 2,
                        AliasResult::MustAlias => 3,
                    }] += 1;
                }
            }
        }
        queries_time += t.elapsed();
        if let (Some(a), Some(b)) = (c, thread_cpu()) {
            queries_cpu += b - a;
        }
    }
    eprintln!(
        "aa_speed: {path}: parse {:.3} s; CFG, dominators and loops {:.3} s; {loops} innermost \
         loops, {queries} alias queries ({} no, {} may, {} partial, {} must) and {objects} \
         underlying objects in {:.3} s ({:.3} s CPU)",
        parse.as_secs_f64(),
        analyses.as_secs_f64(),
        answers[0],
        answers[1],
        answers[2],
        answers[3],
        queries_time.as_secs_f64(),
        queries_cpu
    );
}
