//! `print<access-info>`: loop access analysis of every loop of a function
//! in opt-19's text (`LoopAccessInfoPrinterPass`), loops in the loop pass
//! manager's order. Checking groups are named by addresses in opt's text;
//! here they print as `0x` and a number unique within the function.

use super::{LaaOptions, LoopAccessAnalysis, LoopAccessInfo};
use crate::cfg::ControlFlowGraph;
use crate::domtree::DominatorTree;
use crate::loops::LoopForest;
use crate::scev::print::expr_to_string_named;
use crate::scev::ScalarEvolution;
use loopwright_ir::print::{FunctionPrinter, LocalNames};
use loopwright_ir::{Func, Function, Inst, Module};
use std::fmt::Write;

/// Appends what `print<access-info>` prints for `func` (function `f` of
/// `m`, possibly lent out) to `out`. `loc` gives an instruction's source
/// location (`file:line:col`) for dependence reports.
pub fn print_function(
    m: &Module,
    f: Func,
    func: &Function,
    opts: &LaaOptions,
    loc: &dyn Fn(Inst) -> Option<String>,
    out: &mut String,
) {
    if func.is_declaration() {
        return;
    }
    let _ = writeln!(
        out,
        "Printing analysis 'Loop Access Analysis' for function '{}':",
        func.name().unwrap_or("")
    );
    let cfg = ControlFlowGraph::compute(func);
    let dt = DominatorTree::compute(&cfg);
    let lf = LoopForest::compute(&cfg, &dt);
    if lf.is_empty() {
        return;
    }
    let mut laa = LoopAccessAnalysis::new(m, func, &cfg, &dt, &lf, opts.clone());
    let names = LocalNames::compute(func);
    let mut group_base = 0usize;
    crate::aa::eval::with_llvm_printer(m, f, func, |fp| {
        for l in printer_order(&lf) {
            let info = laa.analyze(l);
            let header = lf.header(l);
            let hname = block_raw_name(func, &names, header);
            let _ = writeln!(out, "  {hname}:");
            print_info(
                &info,
                laa.scalar_evolution(),
                &names,
                fp,
                loc,
                group_base,
                out,
            );
            group_base += info.runtime.groups.len();
        }
    });
}

/// The order `print<access-info>` visits loops in: LLVM's worklist of
/// the loop forest (`appendLoopsToWorklist`) popped from the back, which
/// is the last top-level loop's nest first, each nest innermost first.
pub fn printer_order(lf: &LoopForest) -> Vec<crate::loops::Loop> {
    let all = lf.innermost_first();
    let mut out = Vec::with_capacity(all.len());
    for &top in lf.top_level().iter().rev() {
        out.extend(all.iter().copied().filter(|&l| lf.contains_loop(top, l)));
    }
    out
}

/// The raw name of a block (`getName`: empty for an unnamed block).
fn block_raw_name(f: &Function, names: &LocalNames<'_>, b: loopwright_ir::Block) -> String {
    if f.block_name(b).is_none_or(str::is_empty) {
        return String::new();
    }
    let s = names.block(b);
    let s = s.strip_prefix('%').unwrap_or(&s);
    match s.strip_prefix('"').and_then(|x| x.strip_suffix('"')) {
        Some(q) => q.to_string(),
        None => s.to_string(),
    }
}

/// `LoopAccessInfo::print` at depth 4.
pub fn print_info(
    info: &LoopAccessInfo,
    se: &mut ScalarEvolution<'_>,
    names: &LocalNames<'_>,
    fp: &mut FunctionPrinter<'_, '_>,
    loc: &dyn Fn(Inst) -> Option<String>,
    group_base: usize,
    out: &mut String,
) {
    let ind = "    ";
    let e = |se: &ScalarEvolution<'_>, s| expr_to_string_named(se, names, s);
    if info.can_vectorize_memory {
        out.push_str(ind);
        out.push_str("Memory dependences are safe");
        if let Some(w) = info.max_safe_width_bits {
            let _ = write!(out, " with a maximum safe vector width of {w} bits");
        }
        if info.runtime.need {
            out.push_str(" with run-time checks");
        }
        out.push('\n');
    }
    if info.has_convergent_op {
        let _ = writeln!(out, "{ind}Has convergent operation in loop");
    }
    if let Some(r) = &info.report {
        let _ = writeln!(out, "{ind}Report: {}", r.text(loc));
    }
    match &info.dependences {
        Some(deps) => {
            let _ = writeln!(out, "{ind}Dependences:");
            for d in deps {
                let _ = writeln!(out, "{ind}  {}:", d.kind.name());
                let _ = writeln!(out, "{ind}    {} -> ", fp.inst(info.mem_insts[d.source]));
                let _ = writeln!(out, "{ind}    {}", fp.inst(info.mem_insts[d.destination]));
                out.push('\n');
            }
        }
        None => {
            let _ = writeln!(out, "{ind}Too many dependences, not recorded");
        }
    }
    let rt = &info.runtime;
    let _ = writeln!(out, "{ind}Run-time memory checks:");
    let gname = |k: usize| format!("0x{:x}", 0x1000 + 0x30 * (group_base + k));
    for (n, &(a, b)) in rt.checks.iter().enumerate() {
        let _ = writeln!(out, "{ind}Check {n}:");
        let _ = writeln!(out, "{ind}  Comparing group ({}):", gname(a));
        for &k in &rt.groups[a].members {
            let _ = writeln!(out, "{ind}  {}", fp.value(rt.pointers[k].ptr));
        }
        let _ = writeln!(out, "{ind}  Against group ({}):", gname(b));
        for &k in &rt.groups[b].members {
            let _ = writeln!(out, "{ind}  {}", fp.value(rt.pointers[k].ptr));
        }
    }
    let _ = writeln!(out, "{ind}Grouped accesses:");
    for (k, g) in rt.groups.iter().enumerate() {
        let _ = writeln!(out, "{ind}  Group {}:", gname(k));
        let _ = writeln!(
            out,
            "{ind}    (Low: {} High: {})",
            e(se, g.low),
            e(se, g.high)
        );
        for &mi in &g.members {
            let _ = writeln!(out, "{ind}      Member: {}", e(se, rt.pointers[mi].expr));
        }
    }
    out.push('\n');
    let _ = writeln!(
        out,
        "{ind}Non vectorizable stores to invariant address were {}found in loop.",
        if info.has_invariant_address_dependence() {
            ""
        } else {
            "not "
        }
    );
    let _ = writeln!(out, "{ind}SCEV assumptions:");
    for p in &info.predicates {
        let _ = writeln!(out, "{ind}{}", se.predicate_to_string(Some(names), *p));
    }
    out.push('\n');
    let _ = writeln!(out, "{ind}Expressions re-written:");
    for &(i, s, r) in &info.rewritten {
        let _ = writeln!(out, "{ind}[PSE]{}:", fp.inst(i));
        let _ = writeln!(out, "{ind}  {}", e(se, s));
        let _ = writeln!(out, "{ind}  --> {}", e(se, r));
    }
}
