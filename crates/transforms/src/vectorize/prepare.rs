//! Before the loops are analyzed: branches on constants inside innermost
//! loops are folded, and values an iteration computes twice are computed
//! once ([`forward_redundant_values`]).
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
use loopwright_analysis::aa::AliasAnalysis;
use loopwright_analysis::effects::may_write_memory;
use loopwright_ir::{
    Block, Extra, Flags, Function, Inst, InstData, MdNode, Module, Opcode, Operand, Type, Value,
};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

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

/// What [`forward_redundant_values`] keys a pure instruction by: everything
/// that decides its result (metadata aside).
type PureKey = (Opcode, Type, Flags, Extra, SmallVec<[Operand; 3]>);

/// Replaces, in each innermost loop whose body is a straight chain of
/// blocks (every block but the header entered only from the block before
/// it, which branches only to it), an instruction that repeats an earlier
/// one of the same iteration by that earlier one: a pure instruction with
/// the same opcode, type, flags and operands, or a load of the same type
/// from the same address when nothing in between may write there (alias
/// analysis decides; a call that may write memory anywhere stops it).
///
/// This is what GVN does in LLVM's `-O3` pipeline between the full
/// unrolling of inner loops and the vectorizer: loopwright's full unroll
/// runs at the vectorizer's doorstep, so the copies of an unrolled inner
/// loop reach it with their repeated loads (eight identical interleave
/// groups where LLVM has one, in `short_dct8_i32`). Loads are not merged
/// when they are volatile or atomic, or when their value-constraining
/// metadata (`!range`, `!nonnull`, `!noundef`, `!align`,
/// `!dereferenceable`, `!dereferenceable_or_null`) differs, since the later
/// load's users would see the earlier one's constraints.
///
/// `a` describes `f` on entry and on return. Returns whether anything
/// changed.
pub(super) fn forward_redundant_values(m: &Module, f: &mut Function, a: &mut FnAnalyses) -> bool {
    let mut replace: Vec<(Inst, Inst)> = Vec::new();
    {
        let fr: &Function = f;
        let mut aa = AliasAnalysis::new(m, fr, &a.cfg, &a.dt, &a.loops);
        for l in a.loops.loops().filter(|&l| a.loops.is_innermost(l)) {
            let blocks = a.loops.blocks_rpo(&a.cfg, l);
            if !is_chain(fr, a, &blocks) {
                continue;
            }
            redundant_in(m, fr, &mut aa, &blocks, &mut replace);
        }
    }
    if replace.is_empty() {
        return false;
    }
    for &(later, earlier) in &replace {
        let (Some(from), Some(to)) = (f.inst_result(later), f.inst_result(earlier)) else {
            continue;
        };
        f.replace_all_uses(from, Operand::Value(to));
        f.delete_inst(later);
    }
    *a = FnAnalyses::compute(f);
    true
}

/// Whether `blocks` (a loop's blocks in reverse post-order) run one after
/// the other on every iteration.
fn is_chain(f: &Function, a: &FnAnalyses, blocks: &[Block]) -> bool {
    blocks.windows(2).all(|w| {
        f.successors(w[0]).as_slice() == [w[1]] && pred_edges(&a.cfg, w[1]).as_slice() == [w[0]]
    })
}

/// The value-constraining metadata of a load, by kind.
fn load_constraints(m: &Module, d: &InstData) -> SmallVec<[Option<MdNode>; 6]> {
    [
        "range",
        "nonnull",
        "noundef",
        "align",
        "dereferenceable",
        "dereferenceable_or_null",
    ]
    .iter()
    .map(|k| m.md.find_kind(k).and_then(|k| d.md.get(k)))
    .collect()
}

/// How many instructions that may write memory a load is checked against
/// before it is left alone (LLVM's memory-dependence scan limit is 100
/// instructions per block); it keeps the pass linear on hostile bodies.
const SCAN_LIMIT: usize = 100;

/// Collects `(later, earlier)` pairs for one chain of blocks.
fn redundant_in(
    m: &Module,
    f: &Function,
    aa: &mut AliasAnalysis<'_>,
    blocks: &[Block],
    replace: &mut Vec<(Inst, Inst)>,
) {
    // The values replaced so far, so that the keys of later instructions
    // see the earlier values their operands will become.
    let mut now: FxHashMap<Value, Value> = FxHashMap::default();
    let canon = |now: &FxHashMap<Value, Value>, op: Operand| match op {
        Operand::Value(v) => Operand::Value(*now.get(&v).unwrap_or(&v)),
        other => other,
    };
    let mut pure: FxHashMap<PureKey, Inst> = FxHashMap::default();
    // Earlier loads by (address, type): the load and its position.
    let mut loads: FxHashMap<(Operand, Type), (Inst, usize)> = FxHashMap::default();
    // Positions of the instructions that may write memory.
    let mut writers: Vec<(usize, Inst)> = Vec::new();
    let insts: Vec<Inst> = blocks
        .iter()
        .flat_map(|&b| f.layout.block_insts(b))
        .filter(|&i| !f.inst(i).opcode.is_debug_record())
        .collect();
    for (pos, &i) in insts.iter().enumerate() {
        let d = f.inst(i);
        // Volatile and atomic loads count as writers too.
        if may_write_memory(m, d) {
            writers.push((pos, i));
            continue;
        }
        let Some(v) = f.inst_result(i) else {
            continue;
        };
        let found = if d.opcode == Opcode::Load {
            let key = (canon(&now, d.operands()[0]), d.ty);
            let earlier = loads.get(&key).copied().filter(|&(e, epos)| {
                // The writers after the earlier load (all are before this one).
                let between = &writers[writers.partition_point(|&(wpos, _)| wpos < epos)..];
                between.len() <= SCAN_LIMIT
                    && load_constraints(m, f.inst(e)) == load_constraints(m, d)
                    && aa.location_of(i).is_some_and(|loc| {
                        between.iter().all(|&(_, w)| !aa.mod_ref(w, &loc).is_mod())
                    })
            });
            if earlier.is_none() {
                loads.insert(key, (i, pos));
            }
            earlier.map(|(e, _)| e)
        } else if is_pure(m, d) {
            let key: PureKey = (
                d.opcode,
                d.ty,
                d.flags,
                d.extra.clone(),
                d.operands().iter().map(|&op| canon(&now, op)).collect(),
            );
            let earlier = pure.get(&key).copied();
            if earlier.is_none() {
                pure.insert(key, i);
            }
            earlier
        } else {
            continue;
        };
        if let Some((e, ev)) = found.and_then(|e| f.inst_result(e).map(|ev| (e, ev))) {
            now.insert(v, ev);
            replace.push((i, e));
        }
    }
}

/// Whether `d` computes its result from its operands alone (divisions and
/// remainders are left out).
fn is_pure(m: &Module, d: &InstData) -> bool {
    use Opcode::*;
    let op = d.opcode;
    let plain = (op.is_binary() && !matches!(op, UDiv | SDiv | URem | SRem))
        || op.is_cast()
        || matches!(
            op,
            FNeg | GetElementPtr
                | ICmp
                | FCmp
                | Select
                | ExtractElement
                | InsertElement
                | ShuffleVector
                | ExtractValue
                | InsertValue
        );
    plain && !loopwright_analysis::effects::may_have_side_effects(m, d)
}
