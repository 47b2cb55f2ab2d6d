//! Loop access analysis, checked by execution: on programs whose loops
//! alias at random (`loopwright_testkit::aliasing`, no undefined
//! behaviour), every answer the analysis gives that a vectorizer would
//! trust is held against the addresses the program really touches.
//!
//! For each program: clang-19 compiles it at -O2 without unrolling and
//! vectorization (the IR loop vectorization sees); loopwright parses it
//! and runs loop access analysis on every innermost loop; the claims are
//! collected; calls to the program's trace functions are inserted into
//! the IR (the loop's entry in its preheader, each access with its
//! address, and each run-time check group's bounds, expanded by the SCEV
//! expander in the preheader); `lli-19` runs the instrumented module; the
//! trace is checked, per execution of each loop:
//! - **independence**: two accesses (one of them a store, through
//!   different pointers) that the analysis calls independent (in a loop
//!   it finds safe, they have no recorded dependence; in a loop it finds
//!   safe with run-time checks, they lie in different alias sets) never
//!   touch the same byte in one execution of the loop;
//! - **bounds**: every access through a pointer of a run-time check group
//!   lies in the group's `[low, high)`, the range the checks compare (so
//!   checks that pass prove the groups disjoint).
//!
//! Loops whose answers hold only under SCEV predicates (a symbolic stride
//! == 1, no wrap) get the predicates' checks expanded in the preheader as
//! the vectorizer's versioning expands them (`pred::plan`, `emit_all`):
//! where the check passes, every claim must hold; where it fails, only the
//! alias-set claims. Unsafe loops get the alias-set claims too.
//!
//! `wrong_claims_are_caught` shows the oracle failing: claiming every pair
//! independent, shrinking every group's range by one byte, and keeping the
//! claims made under predicates where their check failed must each produce
//! violations.
//!
//! Environment: `LAA_EXEC_PROGRAMS` (default 1,000), `LAA_EXEC_SEED` (the
//! first program's seed, default 1), `LAA_EXEC_JOBS` (default 2),
//! `LAA_EXEC_KEEP` (keep the work directory).

mod common;

use loopwright_analysis::cfg::ControlFlowGraph;
use loopwright_analysis::domtree::DominatorTree;
use loopwright_analysis::laa::LoopAccessAnalysis;
use loopwright_analysis::loops::LoopForest;
use loopwright_ir::{Builder, Func, Inst, Module, Opcode, Operand, TypeTable};
use loopwright_testkit::tools::{CLANG, LLI};
use loopwright_testkit::{floors, run};
use loopwright_transforms::utils::expand::{self, pred, ExpandCtx, Expr};
use std::collections::HashMap;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// One access the trace records: its instruction and the bytes it touches.
#[derive(Clone, Debug)]
struct Access {
    inst: Inst,
    ptr: Operand,
    size: u64,
    store: bool,
}

/// A run-time check group: the accesses through its pointers and its
/// bounds, expanded before the loop.
#[derive(Clone, Debug)]
struct Group {
    members: Vec<usize>,
    low: Expr,
    high: Expr,
    /// `[low, high)` shrunk by this many bytes at the top (the self-test's
    /// wrong bounds; 0 otherwise).
    shrink: u64,
}

/// Pairs of indices into [`Claims::accesses`].
type Pairs = Vec<(usize, usize)>;

/// What the analysis claims about one loop.
#[derive(Clone, Debug)]
struct Claims {
    accesses: Vec<Access>,
    /// Pairs of indices into `accesses` claimed independent.
    independent: Vec<(usize, usize)>,
    groups: Vec<Group>,
    /// The loop is safe without checks: overlapping accesses of a pair
    /// must keep their order under vectorization by this many lanes (the
    /// maximum safe width over the widest access; `None`: any width).
    order: Option<Option<u64>>,
    /// The loop's claims hold under SCEV predicates: their checks, and the
    /// pairs independent when a check fails (different alias sets).
    predicates: Option<(Vec<pred::Check>, Pairs)>,
    header: loopwright_ir::Block,
}

/// How claims are made: as the analysis answers, or deliberately wrong.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Mode {
    Analysis,
    /// Every pair with a store is claimed independent.
    AllPairs,
    /// Every group's high bound is one byte lower.
    ShrunkBounds,
    /// Claims made under SCEV predicates hold even where a check fails.
    IgnorePredicates,
}

#[derive(Debug, Default)]
struct Tally {
    programs: usize,
    loops: usize,
    safe_loops: usize,
    checked_loops: usize,
    predicated_loops: usize,
    unplanned_predicates: usize,
    predicate_failures: usize,
    unsafe_loops: usize,
    no_preheader: usize,
    unsafe_reasons: std::collections::BTreeMap<String, usize>,
    claimed_pairs: usize,
    claimed_groups: usize,
    executions: usize,
    pair_checks: usize,
    order_checks: usize,
    bound_checks: usize,
    violations: Vec<String>,
    failures: Vec<String>,
}

impl Tally {
    fn add(&mut self, o: Tally) {
        self.programs += o.programs;
        self.loops += o.loops;
        self.safe_loops += o.safe_loops;
        self.checked_loops += o.checked_loops;
        self.predicated_loops += o.predicated_loops;
        self.unplanned_predicates += o.unplanned_predicates;
        self.predicate_failures += o.predicate_failures;
        self.unsafe_loops += o.unsafe_loops;
        self.no_preheader += o.no_preheader;
        for (k, v) in o.unsafe_reasons {
            *self.unsafe_reasons.entry(k).or_default() += v;
        }
        self.claimed_pairs += o.claimed_pairs;
        self.claimed_groups += o.claimed_groups;
        self.executions += o.executions;
        self.pair_checks += o.pair_checks;
        self.order_checks += o.order_checks;
        self.bound_checks += o.bound_checks;
        self.violations.extend(o.violations);
        self.failures.extend(o.failures);
    }
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The claims of every innermost loop of `m`, per function.
fn claims(m: &Module, mode: Mode, tally: &mut Tally) -> Vec<(Func, loopwright_ir::Block, Claims)> {
    let dl = loopwright_ir::datalayout::DataLayout::of_module(m);
    let mut out = Vec::new();
    for (fid, f) in m.functions.iter() {
        if f.is_declaration() || f.name().is_some_and(|n| n.starts_with("lw_trace")) {
            continue;
        }
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        let opts = loopwright_transforms::vectorize::laa_options(m, f, &Default::default());
        let mut laa = LoopAccessAnalysis::new(m, f, &cfg, &dt, &lf, opts);
        for l in lf.loops().filter(|&l| lf.is_innermost(l)) {
            tally.loops += 1;
            let Some(pre) = lf.preheader(f, &cfg, l) else {
                tally.no_preheader += 1;
                continue;
            };
            let info = laa.analyze(l);
            let mut c = Claims {
                accesses: Vec::new(),
                independent: Vec::new(),
                groups: Vec::new(),
                order: None,
                predicates: None,
                header: lf.header(l),
            };
            // One trace entry per instruction (a forked pointer's
            // instruction appears once per fork in `mem_insts`).
            let mut index: HashMap<Inst, usize> = HashMap::new();
            for &i in &info.mem_insts {
                index.entry(i).or_insert_with(|| {
                    let d = f.inst(i);
                    let (ptr, ty) = if d.opcode == Opcode::Store {
                        (d.operands()[1], f.operand_type(d.operands()[0], &m.consts))
                    } else {
                        (d.operands()[0], d.ty)
                    };
                    c.accesses.push(Access {
                        inst: i,
                        ptr,
                        store: d.opcode == Opcode::Store,
                        size: dl.store_size(&m.types, ty),
                    });
                    c.accesses.len() - 1
                });
            }
            let candidate_pairs = || {
                let n = c.accesses.len();
                (0..n)
                    .flat_map(move |x| (x + 1..n).map(move |y| (x, y)))
                    .collect::<Vec<_>>()
            };
            let pairs: Vec<(usize, usize)> = candidate_pairs()
                .into_iter()
                .filter(|&(x, y)| {
                    let (a, b) = (&c.accesses[x], &c.accesses[y]);
                    // Two accesses through one pointer touch the same
                    // address in the same iteration, which vectorizing
                    // keeps in order: no claim is made about them.
                    (a.store || b.store) && a.ptr != b.ptr
                })
                .collect();
            if mode == Mode::AllPairs {
                c.independent = pairs;
                tally.claimed_pairs += c.independent.len();
                out.push((fid, pre, c));
                continue;
            }
            let rt = &info.runtime;
            // Pairs in different alias sets: alias analysis found them
            // independent over the whole loop, whatever else holds.
            let alias_set = |p: Operand| -> Option<u32> {
                rt.pointers
                    .iter()
                    .find(|cp| cp.ptr == p)
                    .map(|cp| cp.alias_set)
            };
            let alias_pairs: Vec<(usize, usize)> = pairs
                .iter()
                .copied()
                .filter(|&(x, y)| {
                    match (alias_set(c.accesses[x].ptr), alias_set(c.accesses[y].ptr)) {
                        (Some(s), Some(t)) => s != t,
                        _ => false,
                    }
                })
                .collect();
            let deps = info.dependences.as_deref().unwrap_or(&[]);
            let recorded = |x: Inst, y: Inst| {
                deps.iter().any(|d| {
                    let (s, t) = (info.mem_insts[d.source], info.mem_insts[d.destination]);
                    (s == x && t == y) || (s == y && t == x)
                })
            };
            let mut planned = true;
            if !info.can_vectorize_memory || info.dependences.is_none() {
                tally.unsafe_loops += 1;
                let why = info
                    .report
                    .as_ref()
                    .map_or("none".to_string(), |r| format!("{r:?}"));
                let why = why.split(['(', ' ']).next().unwrap_or("").to_string();
                *tally.unsafe_reasons.entry(why).or_default() += 1;
                c.independent = alias_pairs.clone();
                planned = false;
            } else if !info.predicates.is_empty() {
                // The rest holds where the predicates hold: their checks,
                // as the vectorizer's versioning expands them, decide per
                // execution.
                tally.predicated_loops += 1;
                let se = laa.scalar_evolution();
                let checks: Option<Vec<pred::Check>> =
                    se.backedge_taken_count(l).exact.and_then(|btc| {
                        info.predicates
                            .iter()
                            .map(|&p| pred::plan(se, p, btc))
                            .collect()
                    });
                match checks {
                    Some(checks) => {
                        c.predicates = Some((checks, alias_pairs.clone()));
                    }
                    None => {
                        tally.unplanned_predicates += 1;
                        c.independent = alias_pairs.clone();
                        planned = false;
                    }
                }
            }
            if !planned {
                // Only the alias-set claims.
            } else if !rt.need {
                tally.safe_loops += 1;
                let widest = c.accesses.iter().map(|a| a.size).max().unwrap_or(1).max(1);
                c.order = Some(info.max_safe_width_bits.map(|b| b / (8 * widest)));
                c.independent = pairs
                    .into_iter()
                    .filter(|&(x, y)| !recorded(c.accesses[x].inst, c.accesses[y].inst))
                    .collect();
            } else {
                tally.checked_loops += 1;
                c.independent = alias_pairs;
                for g in &rt.groups {
                    let se = laa.scalar_evolution();
                    let (Some(low), Some(high)) =
                        (expand::extract(se, g.low), expand::extract(se, g.high))
                    else {
                        continue;
                    };
                    if g.needs_freeze {
                        continue;
                    }
                    let members: Vec<usize> = c
                        .accesses
                        .iter()
                        .enumerate()
                        .filter(|(_, a)| g.members.iter().any(|&k| rt.pointers[k].ptr == a.ptr))
                        .map(|(k, _)| k)
                        .collect();
                    c.groups.push(Group {
                        members,
                        low,
                        high,
                        shrink: u64::from(mode == Mode::ShrunkBounds),
                    });
                }
            }
            if mode == Mode::IgnorePredicates {
                c.predicates = None;
            }
            if c.independent.is_empty() && c.groups.is_empty() && c.order.is_none() {
                continue;
            }
            tally.claimed_pairs += c.independent.len();
            tally.claimed_groups += c.groups.len();
            out.push((fid, pre, c));
        }
    }
    out
}

/// A call of `callee` (a function of the program) with `args`, before `at`.
fn call_before(m: &mut Module, fid: Func, callee: &str, args: Vec<Operand>, at: Inst) {
    let callee = m
        .function_by_name(callee)
        .expect("the program defines its trace functions");
    loopwright_transforms::with_function(m, fid, |m, f| {
        // The trace calls carry no debug location: the programs have none.
        let mut b = Builder::before(f, at);
        b.set_dbg(None);
        b.call(m, callee, &args, "");
    });
}

fn i32c(m: &mut Module, v: usize) -> Operand {
    Operand::Const(m.consts.int(TypeTable::I32, 32, v as i64))
}

/// Inserts the trace calls for `loops` (loop ids are their indices).
fn instrument(m: &mut Module, loops: &[(Func, loopwright_ir::Block, Claims)]) {
    for (id, (fid, pre, c)) in loops.iter().enumerate() {
        let term = m.functions[*fid]
            .terminator(*pre)
            .expect("a preheader ends in a branch");
        let lid = i32c(m, id);
        call_before(m, *fid, "lw_trace_enter", vec![lid], term);
        if let Some((checks, _)) = &c.predicates {
            let fails = loopwright_transforms::with_function(m, *fid, |m, f| {
                pred::emit_all(m, f, &ExpandCtx::default(), checks, term)
            });
            call_before(m, *fid, "lw_trace_predicates", vec![lid, fails], term);
        }
        for (gi, g) in c.groups.iter().enumerate() {
            let (lo, hi) = loopwright_transforms::with_function(m, *fid, |m, f| {
                (
                    expand::expand(m, f, &g.low, term),
                    expand::expand(m, f, &g.high, term),
                )
            });
            let gid = i32c(m, gi);
            call_before(m, *fid, "lw_trace_bounds", vec![lid, gid, lo, hi], term);
        }
        let first = {
            let f = &m.functions[*fid];
            f.layout
                .block_insts(c.header)
                .find(|&i| f.inst(i).opcode != Opcode::Phi)
                .expect("a header has a terminator")
        };
        call_before(m, *fid, "lw_trace_iteration", vec![lid], first);
        for (ai, a) in c.accesses.iter().enumerate() {
            let aid = i32c(m, ai);
            call_before(m, *fid, "lw_trace_access", vec![lid, aid, a.ptr], a.inst);
        }
    }
}

/// One execution of a loop: each access's addresses, each group's bounds.
#[derive(Default)]
struct Execution {
    iteration: u64,
    /// The loop's predicate checks failed on entry.
    predicates_failed: bool,
    /// Per access: (iteration, address).
    addrs: Vec<Vec<(u64, u64)>>,
    bounds: Vec<Option<(u64, u64)>>,
}

fn check_execution(name: &str, lid: usize, c: &Claims, e: &Execution, tally: &mut Tally) {
    tally.executions += 1;
    if e.predicates_failed {
        tally.predicate_failures += 1;
    }
    let fallback;
    let (independent, order, groups): (&[(usize, usize)], _, &[Group]) = match &c.predicates {
        Some((_, alias_pairs)) if e.predicates_failed => {
            fallback = alias_pairs;
            (fallback, None, &[])
        }
        _ => (&c.independent, c.order, &c.groups),
    };
    let overlaps = |x: usize, y: usize| {
        let (sa, sb) = (c.accesses[x].size, c.accesses[y].size);
        let ys = &e.addrs[y];
        e.addrs[x].iter().flat_map(move |&(ix, p)| {
            ys.iter()
                .filter(move |&&(_, q)| p < q + sb && q < p + sa)
                .map(move |&(iy, q)| (ix, p, iy, q))
        })
    };
    for &(x, y) in independent {
        if e.addrs[x].is_empty() || e.addrs[y].is_empty() {
            continue;
        }
        tally.pair_checks += 1;
        if let Some((ix, p, iy, q)) = overlaps(x, y).next() {
            tally.violations.push(format!(
                "{name}: loop {lid}: accesses {x} and {y} are called independent, but touch \
                 {p:#x} (iteration {ix}) and {q:#x} (iteration {iy}) in one execution"
            ));
        }
    }
    // In a loop safe without checks, an access (x) and a later one in
    // program order (y) that touch the same bytes from an earlier
    // iteration of y must be at least the maximum safe width apart.
    if let Some(lanes) = order {
        let n = c.accesses.len();
        for x in 0..n {
            for y in x + 1..n {
                if !(c.accesses[x].store || c.accesses[y].store)
                    || e.addrs[x].is_empty()
                    || e.addrs[y].is_empty()
                {
                    continue;
                }
                tally.order_checks += 1;
                let bad = overlaps(x, y)
                    .find(|&(ix, _, iy, _)| iy < ix && lanes.is_none_or(|w| ix - iy < w));
                if let Some((ix, p, iy, q)) = bad {
                    tally.violations.push(format!(
                        "{name}: loop {lid}: access {y} (iteration {iy}, {q:#x}) touches what \
                         the earlier access {x} touches in iteration {ix} ({p:#x}), closer \
                         than the maximum safe width ({lanes:?} lanes)"
                    ));
                }
            }
        }
    }
    for (gi, g) in groups.iter().enumerate() {
        let Some((lo, hi)) = e.bounds[gi] else {
            continue;
        };
        let hi = hi.wrapping_sub(g.shrink);
        for &k in &g.members {
            let size = c.accesses[k].size;
            for &(_, p) in &e.addrs[k] {
                tally.bound_checks += 1;
                if p < lo || p + size > hi {
                    tally.violations.push(format!(
                        "{name}: loop {lid}: access {k} touches [{p:#x}, +{size}) outside its \
                         check group {gi}'s [{lo:#x}, {hi:#x})"
                    ));
                }
            }
        }
    }
}

/// Checks the trace `out` of the instrumented program against `loops`.
fn check_trace(
    name: &str,
    out: &str,
    loops: &[(Func, loopwright_ir::Block, Claims)],
    tally: &mut Tally,
) {
    let mut open: HashMap<usize, Execution> = HashMap::new();
    for line in out.lines() {
        let Some(rest) = line.strip_prefix("@@") else {
            continue;
        };
        let f: Vec<&str> = rest.split_whitespace().collect();
        let num = |k: usize| f.get(k).and_then(|s| s.parse::<u64>().ok()).unwrap_or(0);
        let lid = num(1) as usize;
        let Some((_, _, c)) = loops.get(lid) else {
            tally
                .failures
                .push(format!("{name}: trace names unknown loop {lid}"));
            return;
        };
        match f.first() {
            Some(&"E") => {
                if let Some(e) = open.remove(&lid) {
                    check_execution(name, lid, c, &e, tally);
                }
                open.insert(
                    lid,
                    Execution {
                        iteration: 0,
                        predicates_failed: false,
                        addrs: vec![Vec::new(); c.accesses.len()],
                        bounds: vec![None; c.groups.len()],
                    },
                );
            }
            Some(&"P") => {
                if let Some(e) = open.get_mut(&lid) {
                    e.predicates_failed = num(2) != 0;
                }
            }
            Some(&"I") => {
                if let Some(e) = open.get_mut(&lid) {
                    e.iteration += 1;
                }
            }
            Some(&"A") => {
                if let Some(e) = open.get_mut(&lid) {
                    let it = e.iteration;
                    if let Some(v) = e.addrs.get_mut(num(2) as usize) {
                        v.push((it, num(3)));
                    }
                }
            }
            Some(&"B") => {
                if let Some(e) = open.get_mut(&lid) {
                    if let Some(b) = e.bounds.get_mut(num(2) as usize) {
                        *b = Some((num(3), num(4)));
                    }
                }
            }
            _ => {}
        }
    }
    let mut rest: Vec<_> = open.into_iter().collect();
    rest.sort_by_key(|(k, _)| *k);
    for (lid, e) in rest {
        check_execution(name, lid, &loops[lid].2, &e, tally);
    }
}

/// Compiles, analyzes, instruments and runs program `seed` in `work`.
fn one(seed: u64, work: &Path, mode: Mode) -> Tally {
    let mut tally = Tally {
        programs: 1,
        ..Tally::default()
    };
    let name = format!("program {seed}");
    let p = loopwright_testkit::aliasing::program(seed);
    let dir = work.join(format!("p{seed}"));
    let _ = std::fs::create_dir_all(&dir);
    let c = dir.join("p.c");
    let ll = dir.join("p.ll");
    let inst = dir.join("p.inst.ll");
    std::fs::write(&c, &p.source).expect("write the program");
    let mut cc = Command::new(CLANG);
    cc.args([
        "-O2",
        "-fno-unroll-loops",
        "-fno-vectorize",
        "-fno-slp-vectorize",
        "-w",
    ]);
    if !p.strict_aliasing {
        cc.arg("-fno-strict-aliasing");
    }
    cc.arg("-S").arg("-emit-llvm").arg("-o").arg(&ll).arg(&c);
    let r = run::run(&mut cc, Duration::from_secs(60));
    if !r.success() {
        tally
            .failures
            .push(format!("{name}: clang failed: {}", r.stderr_text()));
        return tally;
    }
    // Loop-simplify form, as the vectorizer sees loops: every loop gets the
    // preheader the trace's entry marker needs.
    let simple = dir.join("p.simple.ll");
    let mut opt = Command::new(loopwright_testkit::tools::OPT);
    opt.args(["-passes=loop-simplify", "-S", "-o"])
        .arg(&simple)
        .arg(&ll);
    let r = run::run(&mut opt, Duration::from_secs(60));
    if !r.success() {
        tally.failures.push(format!(
            "{name}: opt-19 loop-simplify failed: {}",
            r.stderr_text()
        ));
        return tally;
    }
    let ll = simple;
    let text = std::fs::read(&ll).expect("read clang's output");
    let mut m = match loopwright_parse::parse_module(&text, &ll.display().to_string()) {
        Ok(m) => m,
        Err(e) => {
            tally.failures.push(format!("{name}: parse: {e}"));
            return tally;
        }
    };
    let loops = claims(&m, mode, &mut tally);
    instrument(&mut m, &loops);
    std::fs::write(&inst, loopwright_ir::print::print_module(&m)).expect("write");
    if let Some(problem) = common::verify_problem(&inst) {
        tally
            .failures
            .push(format!("{name}: instrumented module: {problem}"));
        return tally;
    }
    let mut lli = Command::new(LLI);
    lli.args(common::LLI_ARGS).arg(&inst);
    let r = run::run(&mut lli, Duration::from_secs(60));
    if !r.success() {
        tally
            .failures
            .push(format!("{name}: lli-19 failed: {}", r.stderr_text()));
        return tally;
    }
    check_trace(&name, &r.stdout_text(), &loops, &mut tally);
    if std::env::var_os("LAA_EXEC_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    tally
}

/// Runs programs `first..first + n` on `jobs` threads.
fn run_programs(first: u64, n: usize, jobs: usize, mode: Mode, work: &Path) -> Tally {
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Tally::default());
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= n {
                    break;
                }
                let t = one(first + k as u64, work, mode);
                total.lock().unwrap_or_else(|e| e.into_inner()).add(t);
            });
        }
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

fn report(t: &Tally) {
    eprintln!(
        "laa_exec: {} programs, {} innermost loops: {} safe, {} safe with run-time checks, {} \
         under predicates ({} not planned, {} executions with a failed check), {} unsafe, {} without preheader; {} pairs and {} groups claimed; {} loop \
         executions, {} pair checks, {} order checks, {} bound checks; {} violations, {} failures",
        t.programs,
        t.loops,
        t.safe_loops,
        t.checked_loops,
        t.predicated_loops,
        t.unplanned_predicates,
        t.predicate_failures,
        t.unsafe_loops,
        t.no_preheader,
        t.claimed_pairs,
        t.claimed_groups,
        t.executions,
        t.pair_checks,
        t.order_checks,
        t.bound_checks,
        t.violations.len(),
        t.failures.len()
    );
    eprintln!("  unsafe loops by report: {:?}", t.unsafe_reasons);
    for v in t.violations.iter().take(40) {
        eprintln!("  violation: {v}");
    }
    for v in t.failures.iter().take(20) {
        eprintln!("  failure: {v}");
    }
}

#[test]
fn access_analysis_claims_hold_in_execution() {
    if !loopwright_testkit::require(&[CLANG, LLI, loopwright_testkit::tools::OPT]) {
        return;
    }
    let n = env_usize("LAA_EXEC_PROGRAMS", 1000);
    let first = env_usize("LAA_EXEC_SEED", 1) as u64;
    let work = common::work_dir("laa_exec");
    let t = run_programs(
        first,
        n,
        env_usize("LAA_EXEC_JOBS", 2),
        Mode::Analysis,
        &work,
    );
    report(&t);
    assert!(
        t.failures.is_empty(),
        "{} programs could not be checked",
        t.failures.len()
    );
    assert!(
        t.violations.is_empty(),
        "{} violations of the analysis's claims",
        t.violations.len()
    );
    if n == 1000 && first == 1 {
        floors::check_all(&[
            ("laa_exec.safe_loops", t.safe_loops),
            ("laa_exec.checked_loops", t.checked_loops),
            (
                "laa_exec.predicated_loops",
                t.predicated_loops - t.unplanned_predicates,
            ),
            ("laa_exec.pair_checks", t.pair_checks),
            ("laa_exec.order_checks", t.order_checks),
            ("laa_exec.bound_checks", t.bound_checks),
        ]);
    }
}

#[test]
fn wrong_claims_are_caught() {
    if !loopwright_testkit::require(&[CLANG, LLI, loopwright_testkit::tools::OPT]) {
        return;
    }
    let work = common::work_dir("laa_exec_wrong");
    let all = run_programs(1, 40, 2, Mode::AllPairs, &work);
    assert!(all.failures.is_empty(), "{:?}", all.failures);
    assert!(
        all.violations.len() >= 10,
        "claiming every pair independent gave only {} violations",
        all.violations.len()
    );
    let shrunk = run_programs(1, 60, 2, Mode::ShrunkBounds, &work);
    assert!(shrunk.failures.is_empty(), "{:?}", shrunk.failures);
    assert!(
        !shrunk.violations.is_empty(),
        "groups shrunk by a byte gave no violation ({} bound checks)",
        shrunk.bound_checks
    );
    let ignored = run_programs(1, 300, 2, Mode::IgnorePredicates, &work);
    assert!(ignored.failures.is_empty(), "{:?}", ignored.failures);
    assert!(
        !ignored.violations.is_empty(),
        "claims kept where a predicate check failed gave no violation"
    );
}
