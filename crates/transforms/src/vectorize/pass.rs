//! The pass `loop-vectorize` (LLVM 19's `LoopVectorizePass::runImpl` and
//! `processLoop`): loop-simplify on every loop, then each innermost loop in
//! LLVM's worklist order: LCSSA, legality, the cost model (`cost::decide`:
//! the width, the interleave count and each memory operation's widening,
//! the user's forced width and count taken as LLVM takes them), the plan
//! built from those decisions, the transform, the remark.
//!
//! The cost model's remarks (not beneficial, run-time checks not
//! profitable, interleaving avoided, ...) are emitted as it gives them;
//! its success remark is replaced by the pass's own, with LLVM's
//! arguments, once the plan is executed. What the planner cannot execute
//! (gathers, interleave groups, tail folding by masking, ...) is refused
//! before any edit with the analysis remark `CantVectorizePlan` (or
//! `TailFoldingUnsupported`), where LLVM would vectorize.
//!
//! Width and interleave count are bounded before planning: a width that
//! is not a power of two or above [`MAX_VF`], or an interleave count above
//! [`MAX_IC`], is refused with a remark (`UnsupportedWidth`), as is a
//! width the dependences do not allow (the planner's refusal, remark
//! `CantVectorizePlan`), where LLVM clamps the width.

use super::cost::{self, CostInput};
use super::legality::{LegalityAnalysis, RemarkKind};
use super::plan::{self, VPlan};
use super::{transform, VectorizeOptions};
use crate::remark::{Remark, Remarks, SourceLoc};
use crate::utils::expand::{self, Existing, ExpandCtx};
use crate::{FnAnalyses, FnMemo};
use loopwright_analysis::ivdesc::PhiDescriptors;
use loopwright_ir::{Block, Func, Function, Module};
use std::fmt::Write as _;

/// The widest width accepted.
pub const MAX_VF: u32 = 64;
/// The largest interleave count accepted.
pub const MAX_IC: u32 = 16;

/// What the pass printed and did on one function.
#[derive(Default, Debug)]
pub struct PassOutput {
    /// `-print-vplan` text (the plans, and a debug line per loop).
    pub printed: String,
    /// Loops vectorized or interleaved.
    pub vectorized: usize,
}

enum Decision {
    Reject(Vec<Remark>, String),
    /// The plan, the vectorized epilogue's plan if any, the cost model's
    /// remarks that come before the success, and the loop's location.
    /// The values the expander may reuse come last.
    Plan(
        Box<VPlan>,
        Option<Box<VPlan>>,
        Vec<Remark>,
        Option<SourceLoc>,
        Existing,
    ),
}

/// Runs `loop-vectorize` on `f` (function `fid` of `m`, lent out).
pub fn vectorize_function(
    m: &mut Module,
    f: &mut Function,
    fid: Option<Func>,
    opts: &VectorizeOptions,
    remarks: &mut Remarks,
    print_vplan: bool,
) -> PassOutput {
    vectorize_function_memo(
        m,
        f,
        fid,
        opts,
        remarks,
        print_vplan,
        &mut FnMemo::default(),
    )
}

/// [`vectorize_function`] with what earlier passes learned about `f`,
/// which must still describe it; `memo` is kept up to date (cleared when
/// the pass changes `f`, LCSSA phis included; the analyses it ends with
/// kept), so that a function the pass leaves alone reaches `loop-unroll`
/// with what `loop-unroll-full` knew about it.
pub fn vectorize_function_memo(
    m: &mut Module,
    f: &mut Function,
    fid: Option<Func>,
    opts: &VectorizeOptions,
    remarks: &mut Remarks,
    print_vplan: bool,
    memo: &mut FnMemo,
) -> PassOutput {
    let mut out = PassOutput::default();
    if f.is_declaration() {
        return out;
    }
    let a = memo.take_analyses(f);
    if a.loops.is_empty() {
        memo.keep_analyses(f, a);
        return out;
    }
    let (mut changed, mut a) = crate::simplify::simplify_function_with(m, f, a);
    // The loops are walked by id below, in a computed forest's order,
    // which loop-simplify's updates need not keep.
    if !a.numbered_as_computed() {
        a = FnAnalyses::compute(f);
    }
    changed |= super::prepare::fold_constant_branches(m, f, &mut a);
    changed |= super::prepare::forward_redundant_values(m, f, &mut a);
    let fname = f.name().unwrap_or("").to_owned();
    let headers: Vec<Block> = {
        let mut hs: Vec<Block> = a
            .loops
            .loops()
            .filter(|&l| a.loops.is_innermost(l))
            .map(|l| a.loops.header(l))
            .collect();
        // LLVM pops its worklist from the back.
        hs.reverse();
        hs
    };
    // The analyses are recomputed only after a loop was transformed (a
    // rejected loop changes nothing but LCSSA phis), so that the pass is
    // linear in the loops it leaves alone.
    let mut analyses: Option<FnAnalyses> = Some(a);
    // Likewise the phi analysis's preparation of the function, which an
    // LCSSA phi or a transformation makes stale.
    let mut phis: Option<PhiDescriptors> = None;
    for h in headers {
        // What scalar evolution learned on the loops decided before (or in
        // `loop-unroll-full`), while the function has not changed since.
        let scev = analyses.as_mut().and_then(FnAnalyses::take_scev);
        let a: &FnAnalyses = analyses.get_or_insert_with(|| FnAnalyses::compute(f));
        let Some(l) = a
            .loops
            .loops()
            .find(|&l| a.loops.header(l) == h && a.loops.is_innermost(l))
        else {
            continue;
        };
        if crate::lcssa::form_lcssa(m, f, a, l) {
            phis = None;
            changed = true;
        }
        let decision = {
            let (mr, fr): (&Module, &Function) = (m, f);
            let se = a.scalar_evolution(mr, fr, scev);
            let mut la = LegalityAnalysis::with_scev(mr, fr, &a.cfg, &a.dt, &a.loops, opts, se);
            la.set_phis(phis.take());
            let v = la.analyze(l);
            let loc = la.location(l, None);
            let d = match &v.result {
                Err(r) => {
                    let mut rs = Vec::new();
                    let at = la.location(l, Some(r));
                    let text = r.text(&|i| {
                        let n = fr.inst(i).md.get(loopwright_ir::MdKind::DBG)?;
                        let s = crate::remark::source_loc(&mr.md, n)?;
                        Some(format!("{}:{}:{}", s.file, s.line, s.column))
                    });
                    match r {
                        super::Rejection::ExplicitlyDisabled | super::Rejection::NotForced => {}
                        _ => rs.push(
                            Remark::new(
                                r.kind(),
                                v.hints.analysis_pass_name(),
                                r.name(),
                                at,
                                &fname,
                            )
                            .text(text),
                        ),
                    }
                    if !matches!(r, super::Rejection::AllDisabled) {
                        let (name, text) = v.hints.missed_remark();
                        rs.push(
                            Remark::new(RemarkKind::Missed, "loop-vectorize", name, loc, &fname)
                                .text(text),
                        );
                    }
                    Decision::Reject(rs, v.debug_line().to_string())
                }
                Ok(legal) => {
                    let refusal = |name: &str, text: String, mut rs: Vec<Remark>| {
                        rs.push(
                            Remark::new(
                                RemarkKind::Analysis,
                                v.hints.analysis_pass_name(),
                                name,
                                loc.clone(),
                                &fname,
                            )
                            .text(format!("loop not vectorized: {text}")),
                        );
                        let (n, t) = v.hints.missed_remark();
                        rs.push(
                            Remark::new(
                                RemarkKind::Missed,
                                "loop-vectorize",
                                n,
                                loc.clone(),
                                &fname,
                            )
                            .text(t),
                        );
                        Decision::Reject(rs, format!("LV: Not vectorizing: {text}."))
                    };
                    let se = la.scalar_evolution();
                    let inp = CostInput {
                        m: mr,
                        f: fr,
                        cfg: &a.cfg,
                        lf: &a.loops,
                        l,
                        legal,
                        hints: &v.hints,
                        opts,
                    };
                    let d = cost::decide(&inp, se);
                    if print_vplan || opts.cost.print {
                        let _ = write!(
                            out.printed,
                            "LV(cost): @{fname} loop %{}\n{}",
                            fr.block_name(h).unwrap_or(""),
                            d.debug_text(fr, &|i| format!("{i:?}"))
                        );
                    }
                    // The cost model's remarks, except the success it
                    // reports (emitted once the plan is executed, with
                    // its arguments).
                    let cost_remarks: Vec<Remark> = d
                        .remarks
                        .iter()
                        .filter(|r| r.kind != RemarkKind::Passed)
                        .map(|r| {
                            Remark::new(r.kind, r.pass, r.name, loc.clone(), &fname)
                                .text(r.text.clone())
                        })
                        .collect();
                    match d.selected {
                        None => Decision::Reject(
                            cost_remarks,
                            format!("LV: Not vectorizing: {:?}.", d.outcome),
                        ),
                        Some(_) if d.fold_tail => refusal(
                            "TailFoldingUnsupported",
                            "folding the tail by masking is not implemented yet".into(),
                            cost_remarks,
                        ),
                        Some(sel) => {
                            let (width, ic) = (sel.decisions.vf, sel.ic.max(1));
                            if !width.is_power_of_two() || width > MAX_VF || ic > MAX_IC {
                                refusal(
                                    "UnsupportedWidth",
                                    format!(
                                        "vectorization width {width} or interleave count {ic} is not supported (widths are powers of two up to {MAX_VF}, interleave counts up to {MAX_IC})"
                                    ),
                                    cost_remarks,
                                )
                            } else {
                                match plan::build(
                                    mr,
                                    fr,
                                    &a.cfg,
                                    &a.loops,
                                    se,
                                    l,
                                    legal,
                                    &sel.decisions,
                                    ic,
                                ) {
                                    Ok(p) => {
                                        // The vectorized epilogue's plan, at
                                        // its width with interleave count 1;
                                        // without one, a scalar epilogue.
                                        let epi = sel.epilogue.as_ref().and_then(|ed| {
                                            plan::build(
                                                mr, fr, &a.cfg, &a.loops, se, l, legal, ed, 1,
                                            )
                                            .ok()
                                            .filter(|e| transform::epilogue_fits(&p, e))
                                            .map(Box::new)
                                        });
                                        let existing = expand::existing_values_in_preheader(
                                            se,
                                            fr,
                                            a,
                                            l,
                                            p.preheader,
                                        );
                                        let ctx = ExpandCtx::new(a, existing.clone());
                                        if transform::can_execute(mr, fr, &p, &ctx) {
                                            Decision::Plan(
                                                Box::new(p),
                                                epi,
                                                cost_remarks,
                                                loc,
                                                existing,
                                            )
                                        } else {
                                            refusal(
                                                "CantVectorizePlan",
                                                "a run-time value of the plan cannot be expanded"
                                                    .into(),
                                                cost_remarks,
                                            )
                                        }
                                    }
                                    Err(e) => refusal("CantVectorizePlan", e.0, cost_remarks),
                                }
                            }
                        }
                    }
                }
            };
            phis = la.take_phis();
            (d, la.into_scev().into_state())
        };
        let (decision, scev) = decision;
        match decision {
            Decision::Reject(rs, debug) => {
                // Nothing changed: what scalar evolution learned serves the
                // next loop (and pass).
                if let Some(a) = analyses.as_mut() {
                    a.keep_scev(scev);
                }
                for r in rs {
                    remarks.emit(r);
                }
                if print_vplan {
                    let _ = writeln!(
                        out.printed,
                        "LV: loop %{} in @{fname}: {debug}",
                        f.block_name(h).unwrap_or("")
                    );
                }
            }
            Decision::Plan(p, epi, rs, loc, existing) => {
                for r in rs {
                    remarks.emit(r);
                }
                if print_vplan {
                    out.printed.push_str(&print_plan(m, f, fid, &p));
                    if let Some(e) = &epi {
                        out.printed.push_str("epilogue ");
                        out.printed.push_str(&print_plan(m, f, fid, e));
                    }
                }
                let ctx = ExpandCtx::new(a, existing);
                transform::execute_with(m, f, &p, epi.as_deref(), &ctx, opts.self_test_defect);
                out.vectorized += 1;
                changed = true;
                analyses = None;
                phis = None;
                let r = if p.vf == 1 {
                    Remark::new(
                        RemarkKind::Passed,
                        "loop-vectorize",
                        "Interleaved",
                        loc,
                        &fname,
                    )
                    .text("interleaved loop (interleaved count: ")
                    .arg("InterleaveCount", p.ic)
                    .text(")")
                } else {
                    Remark::new(
                        RemarkKind::Passed,
                        "loop-vectorize",
                        "Vectorized",
                        loc,
                        &fname,
                    )
                    .text("vectorized loop (vectorization width: ")
                    .arg("VectorizationFactor", p.vf)
                    .text(", interleaved count: ")
                    .arg("InterleaveCount", p.ic)
                    .text(")")
                };
                remarks.emit(r);
            }
        }
    }
    if changed {
        memo.clear();
    }
    if let Some(a) = analyses {
        memo.keep_analyses(f, a);
    }
    out
}

/// The plan as text, with the function's instructions as LLVM prints them.
fn print_plan(m: &Module, f: &Function, fid: Option<Func>, p: &VPlan) -> String {
    let name = f.block_name(p.header).unwrap_or("").to_owned();
    let Some(fid) = fid else {
        return p.print(&name, &mut |i| format!("{i:?}"));
    };
    let fn_attrs = |_| None;
    let implied_align = |_: &loopwright_ir::InstData| None;
    let hooks = loopwright_ir::print::PrintHooks {
        fn_attrs: &fn_attrs,
        implied_align: &implied_align,
    };
    loopwright_ir::print::with_function_printer(m, fid, f, &hooks, |pr| {
        p.print(&name, &mut |i| pr.inst(i).trim().to_string())
    })
}
