//! Utilities every transformation shares: phi editing, edge redirection,
//! block splitting ([`split_block_predecessors`]), copying code
//! ([`clone`]: blocks, value maps, remapping, exit phis, noalias scopes),
//! direct callees (`Module::called_function`, via [`callee_name`]) and SSA repair ([`ssa::SsaUpdater`]).
//!
//! All of them keep the function valid SSA (given valid input) and leave
//! analyses stale: callers recompute the CFG, dominators and loops after
//! editing.

pub mod clone;
pub mod constload;
pub mod dead;
pub mod debug;
pub(crate) mod diexpr;
pub mod expand;
pub mod fold;
pub mod func_uses;
pub mod ssa;

use loopwright_analysis::ControlFlowGraph;
use loopwright_ir::{
    Block, Builder, ConstData, Function, Inst, InstData, MdKind, MdNode, Module, Opcode, Operand,
};
use smallvec::SmallVec;

/// The phis at the top of `b` (debug records skipped), in order.
pub fn phis(f: &Function, b: Block) -> SmallVec<[Inst; 4]> {
    let mut out = SmallVec::new();
    for i in f.layout.block_insts(b) {
        match f.inst(i).opcode {
            Opcode::Phi => out.push(i),
            op if op.is_debug_record() => {}
            _ => break,
        }
    }
    out
}

/// The first instruction of `b` that is not a phi or a debug record.
pub fn first_non_phi(f: &Function, b: Block) -> Option<Inst> {
    f.layout.block_insts(b).find(|&i| {
        let op = f.inst(i).opcode;
        op != Opcode::Phi && !op.is_debug_record()
    })
}

/// The incoming `(value, block)` pairs of a phi.
pub fn phi_incoming(f: &Function, phi: Inst) -> impl Iterator<Item = (Operand, Block)> + '_ {
    f.inst(phi).operands().chunks(2).filter_map(|c| match c {
        [v, Operand::Block(b)] => Some((*v, *b)),
        _ => None,
    })
}

/// The value a phi receives from `pred` (the first entry for it).
pub fn phi_value_for(f: &Function, phi: Inst, pred: Block) -> Option<Operand> {
    phi_incoming(f, phi)
        .find(|&(_, b)| b == pred)
        .map(|(v, _)| v)
}

/// Appends the entry `[v, pred]` to a phi.
pub fn phi_add_incoming(f: &mut Function, phi: Inst, v: Operand, pred: Block) {
    loopwright_ir::builder::add_incoming(f, phi, v, pred);
}

/// Removes every entry for `pred` from a phi.
pub fn phi_remove_incoming(f: &mut Function, phi: Inst, pred: Block) {
    f.map_operands(phi, |ops| {
        let mut k = 0;
        while k + 1 < ops.len() {
            if ops[k + 1] == Operand::Block(pred) {
                ops.remove(k + 1);
                ops.remove(k);
            } else {
                k += 2;
            }
        }
    });
}

/// Renames the incoming block `old` to `new` in every phi of `b`.
pub fn phis_replace_pred(f: &mut Function, b: Block, old: Block, new: Block) {
    for phi in phis(f, b) {
        f.map_operands(phi, |ops| {
            for k in (1..ops.len()).step_by(2) {
                if ops[k] == Operand::Block(old) {
                    ops[k] = Operand::Block(new);
                }
            }
        });
    }
}

/// Makes the terminator of `from` branch to `new` wherever it branched to
/// `old`. Phis are not touched.
pub fn replace_successor(f: &mut Function, from: Block, old: Block, new: Block) {
    let Some(t) = f.terminator(from) else { return };
    f.map_operands(t, |ops| {
        for op in ops.iter_mut() {
            if *op == Operand::Block(old) {
                *op = Operand::Block(new);
            }
        }
    });
}

/// The successor the conditional `br` ending `b` always takes, when its
/// condition is an integer constant (the branch part of LLVM's
/// `ConstantFoldTerminator`); `None` for any other terminator, including
/// a branch on `undef` or `poison`.
pub fn constant_branch_target(m: &Module, f: &Function, b: Block) -> Option<Block> {
    let t = f.terminator(b)?;
    let d = f.inst(t);
    if d.opcode != Opcode::Br || d.operands().len() != 3 {
        return None;
    }
    let Operand::Const(c) = d.operands()[0] else {
        return None;
    };
    let ConstData::Int { val, .. } = m.consts.data(c) else {
        return None;
    };
    // `br i1 %c, label %true, label %false`.
    match d.operands()[if val.is_zero() { 2 } else { 1 }] {
        Operand::Block(s) => Some(s),
        _ => None,
    }
}

/// Replaces the terminator of `b` by `br label %to` (its `!dbg` and
/// `!llvm.loop` kept), removing `b`'s entries from the phis of its other
/// successors. `to` must be a successor of `b`.
pub fn branch_only_to(f: &mut Function, b: Block, to: Block) {
    let Some(t) = f.terminator(b) else { return };
    let mut others: SmallVec<[Block; 2]> = f.inst(t).successors().filter(|&s| s != to).collect();
    others.sort_unstable();
    others.dedup();
    for s in others {
        for phi in phis(f, s) {
            phi_remove_incoming(f, phi, b);
        }
    }
    let (dbg, loop_md) = {
        let md = &f.inst(t).md;
        (md.get(MdKind::DBG), md.get(MdKind::LOOP))
    };
    f.delete_inst(t);
    let mut bld = Builder::at_end(f, b);
    bld.set_dbg(dbg);
    let br = bld.br(to);
    if let Some(n) = loop_md {
        f.inst_mut(br).md().set(MdKind::LOOP, n);
    }
}

/// Whether the terminator of `b` can have its successors redirected to a
/// new block (not `indirectbr`, `callbr`, `catchswitch` or another
/// terminator with special edges).
pub fn has_redirectable_terminator(f: &Function, b: Block) -> bool {
    f.terminator(b).is_some_and(|t| {
        matches!(
            f.inst(t).opcode,
            Opcode::Br | Opcode::Switch | Opcode::Invoke | Opcode::CleanupRet | Opcode::CatchRet
        )
    })
}

/// Whether `b` begins with an EH pad, whose incoming edges cannot be split.
pub fn is_eh_pad(f: &Function, b: Block) -> bool {
    first_non_phi(f, b).is_some_and(|i| {
        matches!(
            f.inst(i).opcode,
            Opcode::LandingPad | Opcode::CatchPad | Opcode::CleanupPad | Opcode::CatchSwitch
        )
    })
}

/// Where the branch of a block split off by [`split_block_predecessors`]
/// takes its `!dbg` from, as in LLVM's `SplitBlockPredecessors`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitLoc {
    /// `bb` is a loop header: the loop's start location
    /// (`LoopForest::start_loc`, LLVM's `Loop::getStartLoc`), or no
    /// location when the loop has none.
    LoopStart(Option<MdNode>),
    /// `bb` heads no loop: the location of its first instruction that is
    /// neither a phi nor a debug record (`getFirstNonPHIOrDbg`).
    FirstInst,
}

/// The CFG half of LLVM's `SplitBlockPredecessors(bb, preds, suffix)`,
/// shared by the variants that differ in how they update phis: a new block
/// named `bb`'s name followed by `suffix` is inserted just before `bb`,
/// holding `br label %bb`, and each of `preds` now branches to it. The
/// branch's location comes from `loc` ([`SplitLoc`]). The phis of `bb` are
/// left to the caller: they still name `preds`, whose entries must move to
/// the new block.
///
/// Returns the new block and its branch, or `None`, changing nothing, when
/// the split is impossible: `preds` is empty, `bb` is an EH pad, or some
/// pred's terminator cannot be redirected (`indirectbr`, `callbr`, ...).
pub fn split_predecessors_cfg(
    f: &mut Function,
    bb: Block,
    preds: &[Block],
    suffix: &str,
    loc: SplitLoc,
) -> Option<(Block, Inst)> {
    if preds.is_empty() || is_eh_pad(f, bb) {
        return None;
    }
    if preds.iter().any(|&p| !has_redirectable_terminator(f, p)) {
        return None;
    }
    let name = format!("{}{suffix}", f.block_name(bb).unwrap_or(""));
    let new = f.make_block(Some(&name));
    f.layout.insert_block_before(new, bb);
    let dbg = match loc {
        SplitLoc::LoopStart(start) => start,
        SplitLoc::FirstInst => first_non_phi(f, bb).and_then(|i| f.inst(i).md.get(MdKind::DBG)),
    };
    let mut b = Builder::at_end(f, new);
    b.set_dbg(dbg);
    let br_inst = b.br(bb);
    for &p in preds {
        replace_successor(f, p, bb, new);
    }
    Some((new, br_inst))
}

/// Splits off the edges from `preds` into `bb` (LLVM's
/// `SplitBlockPredecessors`): a new block named `bb`'s name followed by
/// `suffix` (LLVM's naming, so an unnamed block gives `.preheader`) is
/// inserted just before `bb`, holding `br label %bb`; each of `preds` now
/// branches to it; the phis of `bb` take one entry from the new block: the
/// common incoming value of `preds`, or a new phi (named `<phi>.ph`) in the
/// new block when they differ ([`update_phis_for_split`]).
///
/// The new branch's location comes from `loc` (LLVM gives the new block of
/// a split loop header the loop's start location, whichever loop the split
/// is for; [`SplitLoc`]).
///
/// Returns `None`, changing nothing, when the split is impossible: `bb`
/// is an EH pad, some pred's terminator cannot be redirected (`indirectbr`,
/// `callbr`, ...), or `preds` is empty.
pub fn split_block_predecessors(
    f: &mut Function,
    bb: Block,
    preds: &[Block],
    suffix: &str,
    loc: SplitLoc,
) -> Option<Block> {
    let (new, br_inst) = split_predecessors_cfg(f, bb, preds, suffix, loc)?;
    update_phis_for_split(f, bb, new, br_inst, preds, false);
    Some(new)
}

/// [`split_block_predecessors`] with `PreserveLCSSA`, for a `bb` some of
/// whose `preds` lie in a loop that does not contain it: every phi of `bb`
/// gets a phi `<phi>.ph` in the new block, even where the entries agree,
/// so that the loop stays in LCSSA form.
pub fn split_block_predecessors_lcssa(
    f: &mut Function,
    bb: Block,
    preds: &[Block],
    suffix: &str,
) -> Option<Block> {
    let (new, br_inst) = split_predecessors_cfg(f, bb, preds, suffix, SplitLoc::FirstInst)?;
    update_phis_for_split(f, bb, new, br_inst, preds, true);
    Some(new)
}

/// LLVM's `UpdatePHINodes` after `preds` were redirected from `bb` to the
/// new block `new` (ending in `br_inst`): each phi of `bb` loses its
/// entries for `preds` and gets one entry from `new`: their common value,
/// unless they differ or `lcssa` (a loop exit) asks for a phi anyway; then
/// a new phi `<phi>.ph` before `br_inst` takes the entries, moved last to
/// first (LLVM walks them backwards).
pub fn update_phis_for_split(
    f: &mut Function,
    bb: Block,
    new: Block,
    br_inst: Inst,
    preds: &[Block],
    lcssa: bool,
) {
    for phi in phis(f, bb) {
        let mut taken: SmallVec<[(Operand, Block); 4]> = SmallVec::new();
        f.map_operands(phi, |ops| {
            let mut k = 0;
            while k + 1 < ops.len() {
                match ops[k + 1] {
                    Operand::Block(b) if preds.contains(&b) => {
                        taken.push((ops[k], b));
                        ops.remove(k + 1);
                        ops.remove(k);
                    }
                    _ => k += 2,
                }
            }
        });
        let Some(&(first, _)) = taken.first() else {
            continue;
        };
        let value = if !lcssa && taken.iter().all(|&(v, _)| v == first) {
            first
        } else {
            let ty = f.inst(phi).ty;
            let pname = f
                .inst_result(phi)
                .map(|v| format!("{}.ph", f.value_name(v).unwrap_or("")));
            let mut ops: SmallVec<[Operand; 8]> = SmallVec::new();
            // One entry per predecessor edge, as the phi had, last first.
            for &(v, b) in taken.iter().rev() {
                ops.push(v);
                ops.push(Operand::Block(b));
            }
            let mut b = Builder::before(f, br_inst);
            b.set_dbg(None);
            Operand::Value(b.phi_with(ty, &ops, pname.as_deref().unwrap_or("")))
        };
        phi_add_incoming(f, phi, value, new);
    }
}

/// LLVM's `SplitBlock(old, at)`: `at` and everything after it move to a
/// new block named `name`, placed right after `old`; `old` ends in a
/// branch to it that carries `at`'s `!dbg`; phis of the moved
/// terminator's successors now name the new block.
pub fn split_block(f: &mut Function, old: Block, at: Inst, name: &str) -> Block {
    let new = f.make_block(Some(name));
    f.layout.insert_block_after(new, old);
    f.layout.split_block_at(at, new);
    let dbg = f.inst(at).md.get(MdKind::DBG);
    let mut b = Builder::at_end(f, old);
    b.set_dbg(dbg);
    b.br(new);
    let mut succs: SmallVec<[Block; 2]> = f.successors(new);
    succs.dedup();
    for s in succs {
        phis_replace_pred(f, s, old, new);
    }
    new
}

/// LLVM's `formDedicatedExitBlocks` with LCSSA preserved, for the loop
/// made of `blocks` (in the loop's block order): every exit block that is
/// also reached from outside the loop gets a new block `<exit>.loopexit`
/// for the loop's edges ([`split_block_predecessors_lcssa`]). Exits
/// reached through an `indirectbr`, and EH pads, are left alone, as LLVM
/// leaves them.
pub fn form_dedicated_exits(f: &mut Function, blocks: &[Block]) {
    let in_loop: rustc_hash::FxHashSet<Block> = blocks.iter().copied().collect();
    let mut visited: rustc_hash::FxHashSet<Block> = rustc_hash::FxHashSet::default();
    for &b in blocks {
        for s in f.successors(b) {
            if in_loop.contains(&s) || !visited.insert(s) {
                continue;
            }
            let ps = distinct_pred_edges(f, s);
            let inside: Vec<Block> = ps.iter().copied().filter(|p| in_loop.contains(p)).collect();
            if inside.len() == ps.len() {
                continue;
            }
            let indirect = inside.iter().any(|&p| {
                f.terminator(p)
                    .is_some_and(|t| f.inst(t).opcode == Opcode::IndirectBr)
            });
            if !indirect {
                split_block_predecessors_lcssa(f, s, &inside, ".loopexit");
            }
        }
    }
}

/// The predecessors of `b`, one entry per distinct block, in LLVM's
/// use-list order ([`pred_edges`] on a fresh CFG).
pub fn distinct_pred_edges(f: &Function, b: Block) -> Vec<Block> {
    let cfg = ControlFlowGraph::compute(f);
    let mut out: Vec<Block> = Vec::new();
    for p in pred_edges(&cfg, b) {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// Replaces the terminator of an unreachable block with `unreachable`,
/// removing its entries from the phis of its former successors (LLVM's
/// `changeToUnreachable`, used by loop-simplify on unreachable blocks that
/// branch into a loop). Does nothing and returns false when the terminator
/// is an `invoke` or `callbr` whose result is still used.
pub fn make_unreachable(f: &mut Function, b: Block) -> bool {
    let Some(t) = f.terminator(b) else {
        return false;
    };
    if f.inst_result(t).is_some_and(|v| f.has_uses(v)) {
        return false;
    }
    let mut succs: SmallVec<[Block; 4]> = f.inst(t).successors().collect();
    succs.dedup();
    for &s in &succs {
        for phi in phis(f, s) {
            phi_remove_incoming(f, phi, b);
        }
    }
    let dbg = f.inst(t).md.get(MdKind::DBG);
    f.delete_inst(t);
    let mut bld = Builder::at_end(f, b);
    bld.set_dbg(dbg);
    bld.unreachable();
    // Phis left with a single value fold away (LLVM's `removePredecessor`).
    for s in succs {
        remove_trivial_phis(f, s);
    }
    true
}

/// The predecessors of `b` with one entry per edge, in an approximation of
/// the order LLVM lists them (its use-list order, newest edge first): by
/// decreasing block id. Blocks are numbered in layout order when a module
/// is parsed, and blocks created later get larger ids, so this is LLVM's
/// order after a fresh parse and usually after edits.
pub fn pred_edges(cfg: &ControlFlowGraph, b: Block) -> SmallVec<[Block; 4]> {
    let mut pairs: SmallVec<[(Block, u32); 4]> = cfg
        .preds(b)
        .iter()
        .copied()
        .zip(cfg.pred_edge_counts(b).iter().copied())
        .collect();
    pairs.sort_by_key(|x| std::cmp::Reverse(x.0));
    let mut out = SmallVec::new();
    for (p, k) in pairs {
        for _ in 0..k {
            out.push(p);
        }
    }
    out
}

/// Removes phis that are trivially redundant in `b`: all incoming values
/// are the same value (or the phi itself). Returns whether any was removed.
pub fn remove_trivial_phis(f: &mut Function, b: Block) -> bool {
    let mut changed = false;
    loop {
        let mut again = false;
        for phi in phis(f, b) {
            let Some(res) = f.inst_result(phi) else {
                continue;
            };
            if let Some(v) = trivial_phi_value(f, phi) {
                f.replace_all_uses(res, v);
                f.delete_inst(phi);
                again = true;
                changed = true;
            }
        }
        if !again {
            return changed;
        }
    }
}

/// The single value a phi merges, ignoring self references, if there is
/// one (LLVM's `PHINode::hasConstantValue`). A phi with no entries, or only
/// self references, has none.
pub fn trivial_phi_value(f: &Function, phi: Inst) -> Option<Operand> {
    let me = f.inst_result(phi).map(Operand::Value);
    let mut val = None;
    for (v, _) in phi_incoming(f, phi) {
        if Some(v) == me {
            continue;
        }
        match val {
            None => val = Some(v),
            Some(x) if x == v => {}
            Some(_) => return None,
        }
    }
    val
}

/// Whether a `blockaddress` constant names a block with `b`'s id (in any
/// function: a conservative answer for "may `b`'s address be taken").
pub fn address_taken(m: &loopwright_ir::Module, b: Block) -> bool {
    m.consts.block_addresses().any(
        |(_, c)| matches!(c, loopwright_ir::ConstData::BlockAddress { block, .. } if *block == b),
    )
}

/// Replaces every single-entry phi of `b` by its incoming value.
pub fn fold_single_entry_phis(f: &mut Function, b: Block) {
    for phi in phis(f, b) {
        let entries: SmallVec<[(Operand, Block); 2]> = phi_incoming(f, phi).collect();
        let Some(res) = f.inst_result(phi) else {
            continue;
        };
        if entries.len() == 1 && entries[0].0 != Operand::Value(res) {
            f.replace_all_uses(res, entries[0].0);
            f.delete_inst(phi);
        }
    }
}

/// LLVM's `MergeBlockIntoPredecessor`: folds `b` into its only predecessor
/// `p`. Normally `p` must branch only to `b`; with `pred_two_succs`, `p`
/// may end in a conditional `br` and `b` must end in an unconditional one
/// (its instructions then run before `p`'s branch, which goes straight to
/// `b`'s successor). Refused (returning false) when `b` has several
/// predecessor edges, is `p` itself, starts with an EH pad, or may have
/// its address taken. The `!llvm.loop` attachment of `p`'s terminator is
/// kept on the merged terminator.
pub fn merge_block_into_predecessor(
    m: &loopwright_ir::Module,
    f: &mut Function,
    cfg: &ControlFlowGraph,
    b: Block,
    pred_two_succs: bool,
) -> bool {
    let preds = pred_edges(cfg, b);
    let [p] = preds.as_slice() else { return false };
    let p = *p;
    if p == b || is_eh_pad(f, b) || address_taken(m, b) {
        return false;
    }
    let (Some(pt), Some(bt)) = (f.terminator(p), f.terminator(b)) else {
        return false;
    };
    if f.inst(pt).opcode != Opcode::Br {
        return false;
    }
    let single_succ = cfg.succs(p) == [b] && cfg.num_succ_edges(p) == 1;
    if !single_succ {
        if !pred_two_succs || f.inst(bt).opcode != Opcode::Br || f.inst(bt).operands().len() != 1 {
            return false;
        }
        let Some(Operand::Block(next)) = f.inst(bt).operands().first().copied() else {
            return false;
        };
        if cfg.succs(p).contains(&next) || next == b {
            return false;
        }
        fold_single_entry_phis(f, b);
        let moved: Vec<Inst> = f.layout.block_insts(b).filter(|&i| i != bt).collect();
        for i in moved {
            f.layout.remove_inst(i);
            f.layout.insert_inst_before(i, pt);
        }
        replace_successor(f, p, b, next);
        phis_replace_pred(f, next, b, p);
        f.delete_inst(bt);
        take_name_if_unnamed(f, p, b);
        f.layout.remove_block(b);
        return true;
    }
    fold_single_entry_phis(f, b);
    let loop_md = f.inst(pt).md.get(MdKind::LOOP);
    f.delete_inst(pt);
    let moved: Vec<Inst> = f.layout.block_insts(b).collect();
    for i in moved {
        f.layout.remove_inst(i);
        f.layout.append_inst(i, p);
    }
    let succs: SmallVec<[Block; 4]> = f.inst(bt).successors().collect();
    for s in succs {
        phis_replace_pred(f, s, b, p);
    }
    if let Some(n) = loop_md {
        if f.inst(bt).md.get(MdKind::LOOP).is_none() {
            f.inst_mut(bt).md().set(MdKind::LOOP, n);
        }
    }
    take_name_if_unnamed(f, p, b);
    f.layout.remove_block(b);
    true
}

/// What `MergeBlockIntoPredecessor` does with names: an unnamed `into`
/// takes the name of `gone`, the block merged into it (which is removed
/// right after, so the name stays unique).
pub fn take_name_if_unnamed(f: &mut Function, into: Block, gone: Block) {
    if f.block_name(into).is_some() {
        return;
    }
    if let Some(name) = f.block_name(gone).map(str::to_owned) {
        f.set_block_name(gone, None);
        f.set_block_name(into, Some(&name));
    }
}

/// Splits the edge `from -> to`: creates a new (unnamed) block placed just
/// after `from` in the layout, holding `br label %to`, redirects the
/// terminator of `from` to it and updates the phis of `to`. Returns the new
/// block.
///
/// All parallel edges `from -> to` (several `switch` cases, or both arms of
/// a `br`) are redirected together, so afterwards there is exactly one edge
/// `new -> to`: in each phi of `to`, the first entry for `from` now names
/// the new block and the other entries for `from` (which carry the same
/// value in valid IR) are removed. The new `br` copies the `!dbg`
/// attachment of the old terminator, as LLVM does.
///
/// Any [`ControlFlowGraph`] or dominator tree of `func` is stale afterwards.
///
/// # Panics
/// If [`loopwright_analysis::can_split_edge`] is false for this edge.
pub fn split_edge(func: &mut Function, from: Block, to: Block) -> Block {
    assert!(
        loopwright_analysis::can_split_edge(func, from, to),
        "split_edge: the edge {from} -> {to} does not exist or cannot be split"
    );
    let term = func.terminator(from).expect("checked by can_split_edge");
    let new = func.make_block(None);
    func.layout.insert_block_after(new, from);
    let dbg = func.inst(term).md.get(MdKind::DBG);
    let mut b = loopwright_ir::Builder::at_end(func, new);
    b.set_dbg(dbg);
    b.br(to);
    func.map_operands(term, |ops| {
        for op in ops.iter_mut() {
            if *op == Operand::Block(to) {
                *op = Operand::Block(new);
            }
        }
    });
    let mut cur = func.layout.first_inst(to);
    while let Some(i) = cur {
        cur = func.layout.next_inst(i);
        let opcode = func.inst(i).opcode;
        if opcode.is_debug_record() {
            continue;
        }
        if opcode != Opcode::Phi {
            break;
        }
        func.map_operands(i, |ops| {
            let mut found = false;
            let mut k = 0;
            while k + 1 < ops.len() {
                if ops[k + 1] == Operand::Block(from) {
                    if found {
                        ops.remove(k + 1);
                        ops.remove(k);
                        continue;
                    }
                    ops[k + 1] = Operand::Block(new);
                    found = true;
                }
                k += 2;
            }
        });
    }
    new
}

/// Splits every critical edge of `func` that [`loopwright_analysis::can_split_edge`] allows and
/// returns the new blocks. The CFG of `func` is recomputed internally.
pub fn split_critical_edges(func: &mut Function) -> Vec<Block> {
    let cfg = ControlFlowGraph::compute(func);
    let mut out = Vec::new();
    for (from, to) in cfg.critical_edges() {
        if loopwright_analysis::can_split_edge(func, from, to) {
            out.push(split_edge(func, from, to));
        }
    }
    out
}

/// Splits the edge `from -> to` like LLVM's `SplitCriticalEdge`, naming
/// the new block `<from>.<to>_crit_edge`; returns it, or `None` when the
/// edge cannot be split.
pub fn split_edge_named(f: &mut Function, from: Block, to: Block) -> Option<Block> {
    if !loopwright_analysis::can_split_edge(f, from, to) {
        return None;
    }
    let name = format!(
        "{}.{}_crit_edge",
        f.block_name(from).unwrap_or(""),
        f.block_name(to).unwrap_or("")
    );
    let nb = split_edge(f, from, to);
    f.set_block_name(nb, Some(&name));
    Some(nb)
}

/// The name of the function a call-like instruction calls directly.
pub fn callee_name<'m>(m: &'m Module, d: &InstData) -> Option<&'m str> {
    m.called_function(d).and_then(|g| m.functions[g].name())
}
