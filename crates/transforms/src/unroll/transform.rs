//! The unrolling transformation itself (LLVM's `UnrollLoop`): copies the
//! loop body `count - 1` times after the latch, chains the copies, and
//! folds the exit branches whose outcome is known in each copy.
//!
//! The plan is decided before this runs (count, trip facts per exit,
//! whether a runtime remainder guards the loop); the transform does not
//! give up half way. Copies are named as LLVM names them: a value or block
//! `x` of copy `k` is `x.k`.
//!
//! After the copies are wired, the code is cleaned up as
//! `simplifyLoopAfterUnroll` does: redundant debug records are removed,
//! instructions fold (the induction variable becomes constants in a full
//! unroll), `(x + c1) + c2` chains become `x + (c1 + c2)`, and dead
//! instructions go. Latches that now branch unconditionally to a block
//! with no other predecessor are merged with it.
//!
//! The transform's own edits are linear in the count, which a pragma may
//! set to tens of thousands: each exit phi gets all its new entries, and
//! loses the entries of folded exits, in one edit, and one CFG serves
//! every latch merge.

use crate::utils::clone::{
    clone_blocks, clone_noalias_scopes, declared_scopes, insts_of, ExitPhiEntries, Place, ValueMap,
};
use crate::utils::dead::{delete_dead_list, trivially_dead};
use crate::utils::debug::remove_redundant_debug_records;
use crate::utils::fold::simplify;
use crate::utils::{
    fold_single_entry_phis, is_eh_pad, make_unreachable, phi_add_incoming, phi_remove_incoming,
    phi_value_for, phis, phis_replace_pred, pred_edges, replace_successor,
};
use crate::FnAnalyses;
use loopwright_analysis::{ControlFlowGraph, Loop};
use loopwright_ir::{
    Block, Builder, ConstData, Flags, Function, Inst, InstData, MdKind, Module, Opcode, Operand,
    Value,
};
use rustc_hash::FxHashMap;

/// What is known about one exiting block.
#[derive(Clone, Debug)]
pub struct ExitFacts {
    pub block: Block,
    /// Constant trip count of this exit (0: unknown).
    pub trip_count: u32,
    /// Known multiple of this exit's trip count.
    pub trip_multiple: u32,
}

/// A decided unrolling.
#[derive(Clone, Debug)]
pub struct UnrollPlan {
    pub count: u32,
    /// The loop is unrolled completely (`count` equals the maximum trip
    /// count): no backedge remains.
    pub complete: bool,
    /// The backedge-taken count is either the maximum or zero.
    pub max_or_zero: bool,
    /// A runtime remainder loop was created before unrolling: the latch
    /// copies other than the last never exit.
    pub runtime: bool,
    pub exits: Vec<ExitFacts>,
}

/// Applies `plan` to loop `l` (in loop-simplify and LCSSA form, with a
/// single latch that is exiting or ends in an unconditional branch).
/// Returns the blocks of the unrolled loop (original and copies) that
/// still exist. The analyses `a` are kept up to date: the unrolling is an
/// edit of the region of the loop's preheader (`analysis::update`).
pub fn unroll_loop(
    m: &mut Module,
    f: &mut Function,
    a: &mut FnAnalyses,
    l: Loop,
    plan: &UnrollPlan,
) -> Vec<Block> {
    let lf = &a.loops;
    let header = lf.header(l);
    let Some(latch) = lf.latch(&a.cfg, l) else {
        return Vec::new();
    };
    let Some(preheader) = lf.preheader(f, &a.cfg, l) else {
        return Vec::new();
    };
    let latch_exiting = lf.is_exiting(&a.cfg, l, latch);
    let rpo = a.loops.blocks_rpo(&a.cfg, l);
    let orig_phis: Vec<Inst> = phis(f, header).to_vec();
    // The exit edges of each block, in the order of its successors.
    let exit_edges: Vec<(Block, Vec<(Block, u32)>)> = rpo
        .iter()
        .map(|&bb| {
            let succs = a.cfg.succs(bb).iter().copied();
            let edges = succs
                .zip(a.cfg.succ_edge_counts(bb).iter().copied())
                .filter(|&(s, _)| !lf.contains(l, s))
                .collect();
            (bb, edges)
        })
        .collect();
    let blocks = lf.data(l).blocks().to_vec();
    let mut ed = a.begin_edit(preheader, &blocks);

    // Running map from original values/blocks to their newest copies.
    let mut last = ValueMap::default();
    let mut headers = vec![header];
    let mut latches = vec![latch];
    let mut exiting_copies: FxHashMap<Block, Vec<Block>> = plan
        .exits
        .iter()
        .map(|e| (e.block, vec![e.block]))
        .collect();
    let mut all_blocks: Vec<Block> = blocks.clone();
    let mut insert_after = latch;
    // Scopes declared in the body are cloned for each copy.
    let scopes = declared_scopes(m, f, &blocks);
    // Entries for the exit phis, added once all copies exist: a phi grows
    // by one edit, not one per copy (a pragma may ask for 65,536 copies).
    let mut exit_entries = ExitPhiEntries::default();

    for it in 1..plan.count {
        // The copy's header phis are the previous copy's latch values, all
        // read from the map as it stood after the previous copy: a phi fed
        // by another header phi must see that phi's previous value, not
        // the one this copy gives it. They are not copied.
        let phi_values: Vec<(Value, Operand)> = orig_phis
            .iter()
            .filter_map(|&i| {
                let res = f.inst_result(i)?;
                let inval = phi_value_for(f, i, latch).unwrap_or(Operand::Value(res));
                Some((res, if it > 1 { last.value(inval) } else { inval }))
            })
            .collect();
        last.vals.extend(phi_values);
        let suffix = format!(".{it}");
        let new_blocks = clone_blocks(
            f,
            &rpo,
            &suffix,
            Place::After(insert_after),
            &orig_phis,
            &mut last,
        );
        for (&bb, &nb) in rpo.iter().zip(&new_blocks) {
            if bb == header {
                headers.push(nb);
            }
            if bb == latch {
                latches.push(nb);
            }
            if let Some(v) = exiting_copies.get_mut(&bb) {
                v.push(nb);
            }
            all_blocks.push(nb);
        }
        insert_after = *new_blocks.last().unwrap_or(&insert_after);
        // Remap the copies of this iteration.
        last.remap_blocks(f, &new_blocks);
        if !scopes.is_empty() {
            let insts = insts_of(f, &new_blocks);
            clone_noalias_scopes(m, f, &scopes, &insts, &format!("It{it}"));
        }
        // Exit phis get an entry for each edge from a copy of an exiting
        // block: a switch that reaches the exit by several cases needs as
        // many entries as it has edges there.
        for (bb, edges) in &exit_edges {
            for &(s, k) in edges {
                exit_entries.record(f, &last, *bb, s, k);
            }
        }
    }
    exit_entries.apply(f);

    // The original header phis.
    let last_latch = *latches.last().unwrap_or(&latch);
    for &phi in &orig_phis {
        let Some(res) = f.inst_result(phi) else {
            continue;
        };
        if plan.complete {
            let v = phi_value_for(f, phi, preheader).unwrap_or(Operand::Value(res));
            f.replace_all_uses(res, v);
            f.delete_inst(phi);
        } else if plan.count > 1 {
            let inval = phi_value_for(f, phi, latch).unwrap_or(Operand::Value(res));
            phi_remove_incoming(f, phi, latch);
            let inval = last.value(inval);
            phi_add_incoming(f, phi, inval, last_latch);
        }
    }
    // Each latch goes to the next copy's header.
    for k in 0..latches.len() {
        let next = headers[(k + 1) % headers.len()];
        replace_successor(f, latches[k], headers[k], next);
    }

    // Fold exits whose outcome is known in a copy. The phis of the
    // successors no longer taken lose their entries afterwards, in one
    // edit per phi.
    let loop_blocks: rustc_hash::FxHashSet<Block> = all_blocks.iter().copied().collect();
    let in_loop = |b: Block| loop_blocks.contains(&b);
    let mut dead_edges: FxHashMap<Block, rustc_hash::FxHashSet<Block>> = FxHashMap::default();
    for e in &plan.exits {
        let Some(copies) = exiting_copies.get(&e.block).cloned() else {
            continue;
        };
        let is_latch = e.block == latch;
        let (breakout, multiple) = if e.trip_count != 0 {
            (e.trip_count % plan.count, 0)
        } else {
            let g = gcd(plan.count, e.trip_multiple);
            (g, g)
        };
        let n = copies.len();
        for (i, &src) in copies.iter().enumerate() {
            let j = (i + 1) % n;
            let will_exit: Option<bool> = if plan.complete {
                if plan.max_or_zero {
                    if i == 0 {
                        None
                    } else {
                        Some(j == 0)
                    }
                } else if j == 0 {
                    Some(true)
                } else if e.trip_count != 0 && j as u32 != e.trip_count {
                    Some(false)
                } else {
                    None
                }
            } else if plan.runtime {
                if is_latch && j != 0 {
                    Some(false)
                } else {
                    None
                }
            } else if j as u32 != breakout
                && (multiple == 0 || !(j as u32).is_multiple_of(multiple))
            {
                Some(false)
            } else {
                None
            };
            let Some(will_exit) = will_exit else { continue };
            if will_exit && !is_latch {
                continue;
            }
            if let Some(dead) = set_dest(f, src, will_exit, &in_loop) {
                dead_edges.entry(dead).or_default().insert(src);
            }
        }
    }
    let mut dead_succs: Vec<Block> = dead_edges.keys().copied().collect();
    dead_succs.sort_unstable();
    for dead in dead_succs {
        let srcs = &dead_edges[&dead];
        for phi in phis(f, dead) {
            f.map_operands(phi, |ops| {
                let mut k = 0;
                let mut keep = Vec::with_capacity(ops.len());
                while k + 1 < ops.len() {
                    let gone = matches!(ops[k + 1], Operand::Block(b) if srcs.contains(&b));
                    if !gone {
                        keep.extend([ops[k], ops[k + 1]]);
                    }
                    k += 2;
                }
                *ops = keep.into_iter().collect();
            });
        }
    }
    // A complete unroll of a loop whose latch does not exit ends in an
    // unreachable latch.
    if !latch_exiting && plan.complete {
        make_unreachable(f, last_latch);
    }
    // The merges read the graph as it is now: the region's, brought up to
    // date, or one computed afresh when the edit left the region.
    a.sync_cfg(f, &mut ed);
    let merged = if ed.confined_so_far() {
        merge_latches(m, f, &a.cfg, &latches)
    } else {
        merge_latches(m, f, &ControlFlowGraph::compute(f), &latches)
    };
    a.finish_edit(f, ed, None);
    let merged: rustc_hash::FxHashSet<Block> = merged.into_iter().collect();
    all_blocks.retain(|b| !merged.contains(b) && f.layout.is_block_inserted(*b));
    // LLVM's `simplifyLoopAfterUnroll` runs `simplifyLoopIVs` on the loop
    // that remains after a partial unroll, which strengthens the copies'
    // induction steps (`add nuw nsw`) and decides their compares.
    if !plan.complete && plan.count > 1 {
        super::peel::simplify_loop_ivs_with(m, f, header, a);
        all_blocks.retain(|b| f.layout.is_block_inserted(*b));
    }
    simplify_after_unroll(m, f, &all_blocks);
    all_blocks
}

/// Merges each latch that ends in `br label %dest` with `dest` when the
/// latch is `dest`'s only predecessor (LLVM's `MergeBlockIntoPredecessor`
/// on each latch's successor, in order); a latch merged into its
/// predecessor stands for it from then on (`std::replace(Latches, Dest,
/// Fold)`). Returns the blocks merged away.
///
/// This is [`crate::utils::merge_block_into_predecessor`]'s
/// single-successor case with
/// one CFG for all merges instead of one per latch, which was quadratic in
/// the count (a pragma may ask for 65,536 copies). The CFG goes stale only
/// in the predecessors of a merged block's successors, which now come from
/// the block it went into: `into` records that, and each predecessor the
/// CFG gives is followed through it.
fn merge_latches(
    m: &Module,
    f: &mut Function,
    cfg: &ControlFlowGraph,
    latches: &[Block],
) -> Vec<Block> {
    let address_taken: rustc_hash::FxHashSet<Block> = m
        .consts
        .block_addresses()
        .filter_map(|(_, c)| match c {
            ConstData::BlockAddress { block, .. } => Some(*block),
            _ => None,
        })
        .collect();
    let mut into: FxHashMap<Block, Block> = FxHashMap::default();
    let resolve = |into: &FxHashMap<Block, Block>, mut b: Block| {
        while let Some(&n) = into.get(&b) {
            b = n;
        }
        b
    };
    let mut merged = Vec::new();
    for &latch in latches {
        // A latch merged away stands for the block it went into.
        let lb = resolve(&into, latch);
        let Some(pt) = f.terminator(lb) else { continue };
        let data = f.inst(pt);
        if data.opcode != Opcode::Br || data.operands().len() != 1 {
            continue;
        }
        let Some(Operand::Block(dest)) = data.operands().first().copied() else {
            continue;
        };
        let [p] = pred_edges(cfg, dest)[..] else {
            continue;
        };
        if dest == lb
            || resolve(&into, p) != lb
            || is_eh_pad(f, dest)
            || address_taken.contains(&dest)
        {
            continue;
        }
        let Some(bt) = f.terminator(dest) else {
            continue;
        };
        fold_single_entry_phis(f, dest);
        let loop_md = f.inst(pt).md.get(MdKind::LOOP);
        f.delete_inst(pt);
        let moved: Vec<Inst> = f.layout.block_insts(dest).collect();
        for i in moved {
            f.layout.remove_inst(i);
            f.layout.append_inst(i, lb);
        }
        let succs: Vec<Block> = f.inst(bt).successors().collect();
        for s in succs {
            phis_replace_pred(f, s, dest, lb);
        }
        if let Some(n) = loop_md {
            if f.inst(bt).md.get(MdKind::LOOP).is_none() {
                f.inst_mut(bt).md().set(MdKind::LOOP, n);
            }
        }
        // LLVM: an unnamed predecessor takes the merged block's name.
        take_name_if_unnamed(f, lb, dest);
        f.layout.remove_block(dest);
        into.insert(dest, lb);
        merged.push(dest);
    }
    merged
}

use crate::utils::take_name_if_unnamed;

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Replaces the conditional exit branch of `src` by a branch to the
/// successor taken when the loop exits (`will_exit`) or stays. Returns
/// the successor no longer taken, whose phis must lose their entries for
/// `src` (`removePredecessor` with KeepOneInputPHIs; the caller does it
/// for all copies at once), or `None`.
fn set_dest(
    f: &mut Function,
    src: Block,
    will_exit: bool,
    in_loop: &impl Fn(Block) -> bool,
) -> Option<Block> {
    let t = f.terminator(src)?;
    let data = f.inst(t);
    if data.opcode != Opcode::Br || data.operands().len() != 3 {
        return None;
    }
    let (Some(Operand::Block(s0)), Some(Operand::Block(s1))) = (
        data.operands().get(1).copied(),
        data.operands().get(2).copied(),
    ) else {
        return None;
    };
    let exit_on_true = !in_loop(s0);
    let (dest, dead) = if exit_on_true == will_exit {
        (s0, s1)
    } else {
        (s1, s0)
    };
    // LLVM's `BranchInst::Create` here carries no metadata, not even the
    // old branch's `!dbg`.
    f.delete_inst(t);
    Builder::at_end(f, src).br(dest);
    (dest != dead).then_some(dead)
}

/// `simplifyLoopAfterUnroll` without the induction-variable
/// simplification: per block, redundant debug records go, instructions
/// fold, add chains with constants combine, dead instructions go.
pub fn simplify_after_unroll(m: &mut Module, f: &mut Function, blocks: &[Block]) {
    for &b in blocks {
        if !f.layout.is_block_inserted(b) {
            continue;
        }
        remove_redundant_debug_records(&m.md, f, b);
        let insts: Vec<Inst> = f.layout.block_insts(b).collect();
        let mut dead: Vec<Inst> = Vec::new();
        for i in insts {
            if f.layout.inst_block(i).is_none() {
                continue;
            }
            let data = f.inst(i).clone();
            if !data.opcode.is_debug_record() && data.opcode != Opcode::Phi {
                let v = simplify(m, &data).or_else(|| simplify_extra(m, f, &data));
                if let (Some(v), Some(r)) = (v, f.inst_result(i)) {
                    if v != Operand::Value(r) {
                        f.replace_all_uses(r, v);
                    }
                }
            }
            fold_add_chain(m, f, i, &mut dead);
            if trivially_dead(m, f, i) {
                dead.push(i);
            }
        }
        delete_dead_list(m, f, dead);
    }
}

/// Cases of LLVM's `simplifyInstruction` that [`simplify`] lacks:
/// `getelementptr T, P, 0, ...` with only zero indices is `P` when it
/// has `P`'s type (`simplifyGEPInst`), `trunc (zext|sext X)` back to
/// `X`'s type is `X` (an eliminable cast pair, `simplifyCastInst`), and
/// integer min/max intrinsics of equal operands, of constants, or with a
/// limit value (`simplifyBinaryIntrinsic`).
pub(crate) fn simplify_extra(m: &mut Module, f: &Function, data: &InstData) -> Option<Operand> {
    if data.opcode == Opcode::Call {
        return simplify_min_max(m, data);
    }
    if data.opcode == Opcode::Trunc {
        let Some(&Operand::Value(x)) = data.operands().first() else {
            return None;
        };
        let loopwright_ir::ValueDef::Result(d) = f.value_def(x) else {
            return None;
        };
        let inner = f.inst(d);
        if !matches!(inner.opcode, Opcode::ZExt | Opcode::SExt) {
            return None;
        }
        let src = *inner.operands().first()?;
        return (f.operand_type(src, &m.consts) == data.ty).then_some(src);
    }
    if data.opcode != Opcode::GetElementPtr {
        return None;
    }
    let (&base, indices) = data.operands().split_first()?;
    if f.operand_type(base, &m.consts) != data.ty {
        return None;
    }
    let zero = |op: &Operand| match op {
        Operand::Const(c) => match m.consts.data(*c) {
            ConstData::Int { val, .. } => val.is_zero(),
            ConstData::Zero(_) => true,
            _ => false,
        },
        _ => false,
    };
    indices.iter().all(zero).then_some(base)
}

/// `llvm.{u,s}{min,max}` on integers of at most 64 bits.
fn simplify_min_max(m: &mut Module, data: &InstData) -> Option<Operand> {
    let name = crate::utils::callee_name(m, data)?;
    let kind = ["umin", "umax", "smin", "smax"]
        .into_iter()
        .find(|k| name.starts_with(&format!("llvm.{k}.")))?;
    let w = m
        .types
        .int_width(data.ty)
        .filter(|&w| (1..=64).contains(&w))?;
    let [a, b] = data.call_args() else {
        return None;
    };
    let (a, b) = (*a, *b);
    if a == b {
        return Some(a);
    }
    let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
    let val = |op: Operand| match op {
        Operand::Const(c) => match m.consts.data(c) {
            ConstData::Int { val, .. } => val.as_u64().map(|v| v & mask),
            _ => None,
        },
        _ => None,
    };
    let sext = |v: u64| -> i64 {
        if w == 64 {
            v as i64
        } else {
            ((v << (64 - w)) as i64) >> (64 - w)
        }
    };
    let signed = kind.starts_with('s');
    let less = |x: u64, y: u64| if signed { sext(x) < sext(y) } else { x < y };
    let is_min = kind.ends_with("min");
    let (va, vb) = (val(a), val(b));
    if let (Some(x), Some(y)) = (va, vb) {
        let r = if less(x, y) == is_min { x } else { y };
        return Some(Operand::Const(m.consts.int(data.ty, w, sext(r))));
    }
    // A constant operand: the identity gives the other, the limit itself.
    let (other, c) = match (va, vb) {
        (None, Some(c)) => (a, c),
        (Some(c), None) => (b, c),
        _ => return None,
    };
    let (smallest, largest) = if signed {
        (1u64 << (w - 1), mask >> 1)
    } else {
        (0, mask)
    };
    let konst = Operand::Const(m.consts.int(data.ty, w, sext(c)));
    match (is_min, c) {
        (true, c) if c == largest => Some(other),
        (true, c) if c == smallest => Some(konst),
        (false, c) if c == smallest => Some(other),
        (false, c) if c == largest => Some(konst),
        _ => None,
    }
}

/// `(add (add X, C1), C2)` becomes `(add X, C1 + C2)`, keeping `nuw`/`nsw`
/// only when both adds had them (and, for `nsw`, the constants' sum does
/// not overflow).
fn fold_add_chain(m: &mut Module, f: &mut Function, i: Inst, dead: &mut Vec<Inst>) {
    let data = f.inst(i);
    if data.opcode != Opcode::Add || f.layout.inst_block(i).is_none() {
        return;
    }
    let (Operand::Value(inner_v), Operand::Const(c2)) = (data.operands()[0], data.operands()[1])
    else {
        return;
    };
    let loopwright_ir::ValueDef::Result(inner) = f.value_def(inner_v) else {
        return;
    };
    let idata = f.inst(inner);
    if idata.opcode != Opcode::Add {
        return;
    }
    let (x, Operand::Const(c1)) = (idata.operands()[0], idata.operands()[1]) else {
        return;
    };
    let (Some(a), Some(b)) = (m.consts.as_apint(c1), m.consts.as_apint(c2)) else {
        return;
    };
    let w = a.bits();
    if w > 64 {
        return;
    }
    let (av, bv) = (a.as_i64().unwrap_or(0), b.as_i64().unwrap_or(0));
    let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
    let sum = (av as u64).wrapping_add(bv as u64) & mask;
    let sext = |v: u64| -> i64 {
        if w == 64 {
            v as i64
        } else {
            ((v << (64 - w)) as i64) >> (64 - w)
        }
    };
    let signed_overflow = i128::from(sext(av as u64 & mask)) + i128::from(sext(bv as u64 & mask))
        != i128::from(sext(sum));
    let ty = data.ty;
    let new_c = m.consts.int(ty, w, sext(sum));
    let outer_flags = data.flags;
    let inner_flags = idata.flags;
    f.map_operands(i, |ops| {
        ops[0] = x;
        ops[1] = Operand::Const(new_c);
    });
    let mut fl = Flags::NONE;
    if outer_flags.contains(Flags::NUW) && inner_flags.contains(Flags::NUW) {
        fl.insert(Flags::NUW);
    }
    if outer_flags.contains(Flags::NSW) && inner_flags.contains(Flags::NSW) && !signed_overflow {
        fl.insert(Flags::NSW);
    }
    *f.inst_mut(i).flags() = fl;
    if trivially_dead(m, f, inner) {
        dead.push(inner);
    }
}
