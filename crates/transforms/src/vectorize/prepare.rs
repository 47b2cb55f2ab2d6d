//! Before the loops are analyzed: branches on constants inside innermost
//! loops are folded.
//!
//! Peeling leaves them (`br i1 false, ...` where the peeled condition,
//! such as `i == 0`, is decided for the remaining iterations), as LLVM's
//! peeling does. LLVM's vectorizer if-converts such a loop, and its plan
//! folds the constant masks away: the vector code is that of the loop
//! with the branch folded. loopwright does not if-convert yet, so it
//! folds the branch first; where the fold would leave a block unreachable
//! whose removal needs more than dropping its phi entries, the branch is
//! left alone (and legality gives LLVM's if-conversion remark).

use crate::utils::{
    branch_only_to, constant_branch_target, fold_single_entry_phis, make_unreachable, pred_edges,
};
use crate::FnAnalyses;
use loopwright_ir::{Block, Function, Module, Opcode};

/// Folds the branches on constants whose both successors lie in the same
/// innermost loop of `f`; `a` describes `f` on entry, and describes it on
/// return (recomputed after a fold). Returns whether anything changed.
pub(super) fn fold_constant_branches(m: &Module, f: &mut Function, a: &mut FnAnalyses) -> bool {
    let mut changed = false;
    while fold_one(m, f, a) {
        *a = FnAnalyses::compute(f);
        changed = true;
    }
    changed
}

/// Folds the first foldable branch on a constant; `a` is stale afterwards
/// when it did.
fn fold_one(m: &Module, f: &mut Function, a: &FnAnalyses) -> bool {
    // The candidates, by a scan of the terminators.
    let candidates: Vec<Block> = f
        .layout
        .blocks()
        .filter(|&b| constant_branch_target(m, f, b).is_some())
        .collect();
    for b in candidates {
        let Some(l) = a.loops.loop_for(b).filter(|&l| a.loops.is_innermost(l)) else {
            continue;
        };
        let Some(to) = constant_branch_target(m, f, b) else {
            continue;
        };
        let header = a.loops.header(l);
        let inside = |s: Block| a.loops.loop_for(s) == Some(l);
        let succs = f.successors(b);
        if succs.len() != 2 || !succs.iter().all(|&s| inside(s)) {
            continue;
        }
        let dead = if succs[0] == to { succs[1] } else { succs[0] };
        if dead == to {
            continue;
        }
        // `dead` keeps another predecessor, or is removed whole: its
        // values used only in it and in its successors' phis, its
        // successors reached otherwise, and no edge back to the header.
        let keeps_pred = pred_edges(&a.cfg, dead).iter().any(|&p| p != b);
        if !keeps_pred && !removable(f, a, dead, header) {
            continue;
        }
        branch_only_to(f, b, to);
        if keeps_pred {
            fold_single_entry_phis(f, dead);
        } else if make_unreachable(f, dead) {
            let insts: Vec<_> = f.layout.block_insts(dead).collect();
            for i in insts.into_iter().rev() {
                f.delete_inst(i);
            }
            f.layout.remove_block(dead);
        }
        return true;
    }
    false
}

/// Whether `dead`, once its only predecessor stops branching to it, can
/// be deleted without leaving anything else unreachable or a use of its
/// values behind.
fn removable(f: &Function, a: &FnAnalyses, dead: Block, header: Block) -> bool {
    let succs = f.successors(dead);
    if f.terminator(dead)
        .is_none_or(|t| f.inst(t).opcode != Opcode::Br)
        || succs.contains(&header)
        || succs.contains(&dead)
        || !succs
            .iter()
            .all(|&s| pred_edges(&a.cfg, s).iter().any(|&p| p != dead))
    {
        return false;
    }
    f.layout.block_insts(dead).all(|i| {
        f.inst_result(i).is_none_or(|v| {
            f.uses(v).iter().all(|&u| {
                let ub = f.layout.inst_block(u);
                ub == Some(dead)
                    || (f.inst(u).opcode == Opcode::Phi && ub.is_some_and(|ub| succs.contains(&ub)))
            })
        })
    })
}
