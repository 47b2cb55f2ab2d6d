//! The CFG edits `UnrollRuntimeLoopRemainder` is built from, each with
//! the exact effect of its LLVM counterpart on blocks, phis, names and
//! debug locations:
//!
//! - [`split_block`] is `SplitBlock(Old, Old->getTerminator())`;
//! - [`split_predecessors`] is `SplitBlockPredecessors` with
//!   `PreserveLCSSA` on an edge that leaves a loop, which gives every phi
//!   of the split block a phi in the new block, even a single-entry one
//!   (LCSSA form is kept);
//! - [`form_dedicated_exits`] is `formDedicatedExitBlocks`.
//!
//! Predecessor lists follow [`pred_edges`], the order LLVM's use lists
//! give after a fresh parse; it only decides the order of phi entries.
//!
//! None of these edits can fail half way: each checks first and returns
//! `None` (changing nothing) when LLVM's would refuse.

use crate::utils::{phi_add_incoming, phis, phis_replace_pred, pred_edges, split_predecessors_cfg};
use loopwright_analysis::ControlFlowGraph;
use loopwright_ir::{Block, Function, Inst, InstData, MdKind, Opcode, Operand, TypeTable};
use rustc_hash::FxHashSet;
use smallvec::SmallVec;

/// An unconditional branch to `to`.
pub fn br(to: Block) -> InstData {
    InstData::new(Opcode::Br, TypeTable::VOID, [Operand::Block(to)])
}

/// LLVM's `SplitBlock(old, at)`: `at` and everything after it move to a
/// new block named `name`, placed right after `old`; `old` ends in a
/// branch to it that carries `at`'s `!dbg`; phis of the moved
/// terminator's successors now name the new block.
pub fn split_block(f: &mut Function, old: Block, at: Inst, name: &str) -> Block {
    let new = f.make_block(Some(name));
    f.layout.insert_block_after(new, old);
    f.layout.split_block_at(at, new);
    let mut b = br(new);
    if let Some(d) = f.inst(at).md.get(MdKind::DBG) {
        b.md.set(MdKind::DBG, d);
    }
    f.append(old, b, None);
    let mut succs: SmallVec<[Block; 2]> = f.successors(new);
    succs.dedup();
    for s in succs {
        phis_replace_pred(f, s, old, new);
    }
    new
}

/// The predecessors of `b`, one entry per distinct block, in LLVM's
/// use-list order.
pub fn preds(f: &Function, b: Block) -> Vec<Block> {
    let cfg = ControlFlowGraph::compute(f);
    let mut out: Vec<Block> = Vec::new();
    for p in pred_edges(&cfg, b) {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// LLVM's `SplitBlockPredecessors(bb, preds, suffix)` with `PreserveLCSSA`,
/// for a `bb` some of whose `preds` lie in a loop that does not contain
/// it: a block named `bb`'s name + `suffix` is placed right before `bb`,
/// `preds` branch to it, and every phi `p` of `bb` gets a phi `p.ph` in
/// the new block that takes over the entries of `preds` (moved last to
/// first, as LLVM walks them).
///
/// `None`, changing nothing, when `preds` is empty, `bb` is an EH pad or
/// a pred's terminator cannot be redirected.
pub fn split_predecessors(
    f: &mut Function,
    bb: Block,
    preds: &[Block],
    suffix: &str,
) -> Option<Block> {
    let (new, br_inst) = split_predecessors_cfg(f, bb, preds, suffix, None)?;
    let pred_set: FxHashSet<Block> = preds.iter().copied().collect();
    for phi in phis(f, bb) {
        let mut moved: SmallVec<[(Operand, Block); 4]> = SmallVec::new();
        f.map_operands(phi, |ops| {
            let mut k = ops.len();
            while k >= 2 {
                k -= 2;
                if let Operand::Block(b) = ops[k + 1] {
                    if pred_set.contains(&b) {
                        moved.push((ops[k], b));
                        ops.remove(k + 1);
                        ops.remove(k);
                    }
                }
            }
        });
        let ty = f.inst(phi).ty;
        let pname = f
            .inst_result(phi)
            .map(|v| format!("{}.ph", f.value_name(v).unwrap_or("")));
        let mut ops: SmallVec<[Operand; 8]> = SmallVec::new();
        for (v, b) in moved {
            ops.push(v);
            ops.push(Operand::Block(b));
        }
        let np = f.make_inst(InstData::new(Opcode::Phi, ty, ops));
        f.layout.insert_inst_before(np, br_inst);
        let nv = f.make_result(np, pname.as_deref());
        phi_add_incoming(f, phi, Operand::Value(nv), new);
    }
    Some(new)
}

/// LLVM's `formDedicatedExitBlocks` for the loop made of `blocks` (in
/// the loop's block order): every exit block that is also reached from
/// outside the loop gets a new block `<exit>.loopexit` for the loop's
/// edges (see [`split_predecessors`]). Exits reached through an
/// `indirectbr`, and EH pads, are left alone, as LLVM leaves them.
pub fn form_dedicated_exits(f: &mut Function, blocks: &[Block]) {
    let in_loop: FxHashSet<Block> = blocks.iter().copied().collect();
    let mut visited: FxHashSet<Block> = FxHashSet::default();
    for &b in blocks {
        for s in f.successors(b) {
            if in_loop.contains(&s) || !visited.insert(s) {
                continue;
            }
            let ps = preds(f, s);
            let inside: Vec<Block> = ps.iter().copied().filter(|p| in_loop.contains(p)).collect();
            if inside.len() == ps.len() {
                continue;
            }
            let indirect = inside.iter().any(|&p| {
                f.terminator(p)
                    .is_some_and(|t| f.inst(t).opcode == Opcode::IndirectBr)
            });
            if !indirect {
                split_predecessors(f, s, &inside, ".loopexit");
            }
        }
    }
}
