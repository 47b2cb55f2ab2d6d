//! `loop-rotate`: turns a top-tested loop into a guarded bottom-tested one,
//! as LLVM's `LoopRotation` does.
//!
//! ```text
//!  preheader:  br %header             preheader: <header copy>; br c0, %body.lr.ph, %exit
//!  header:     c = ...; br c, %body, %exit    body.lr.ph: br %body
//!  body: ...   br %latch                      body: ...
//!  latch: ...  br %header                     latch: ...; c = ...; br c, %body, %exit
//! ```
//!
//! Legality: the loop is in loop-simplify form, has more than one block,
//! its header ends in a conditional `br` that exits, its latch does not
//! exit (or just became exiting by folding the latch, below), the header's
//! other successor has the header as its only predecessor, and the header
//! holds no instruction that may not be duplicated (`noduplicate` or
//! `convergent` calls, tokens used elsewhere).
//!
//! Cost: the header may hold at most `max_header_size` instructions
//! (LLVM's `-rotation-max-header-size`, 16), except for loops whose
//! vectorization is forced.
//!
//! Transform: header instructions with loop-invariant operands that do
//! not touch memory are hoisted to the preheader; the others are cloned
//! there with header phis replaced by their preheader values and folded
//! when that makes them constant. Uses of header values after the loop are
//! repaired with the SSA updater. The copied branch becomes the loop guard:
//! it is folded away when its condition is known to enter the loop;
//! otherwise the edge into the loop gets a new preheader
//! `<body>.lr.ph`, and exit edges from the loop are split to keep exits
//! dedicated. The old header is then merged into the old latch when that
//! is possible. The loop's `!llvm.loop` node moves to the new latch.
//!
//! Debug records and scopes, as LLVM 19 treats them:
//! - the copies (instructions and records) are remapped with the
//!   [`ValueMap`] of `utils::clone`, `!DIArgList` entries included;
//! - only the records attached to the header's first instruction, and to
//!   an instruction that follows a hoisted one, are copied (LLVM's
//!   `NextDbgInsts`), and not when the preheader's branch carries the same
//!   record already;
//! - a record outside the header that names a header value gets the value
//!   the SSA repair has in its block, or `undef` where none is available;
//! - the phis the repair inserts get copies of the header's records that
//!   name the phis they merge (`insertDebugValuesForPHIs`, list entries
//!   included);
//! - `llvm.experimental.noalias.scope.decl` calls of the header are cloned
//!   again at the top of the new header, and the scopes they declare get
//!   new copies in the old header (`:h.rot`) and in the code copied into
//!   the preheader (`:pre.rot`).
//!
//! Before rotating, a latch that only increments an induction variable is
//! folded into the exiting block before it (LLVM's `simplifyLoopLatch`),
//! which makes the loop bottom-tested without copying the header.

use crate::utils::clone::{clone_noalias_scopes, insts_of, scope_decl, ValueMap};
use crate::utils::debug::{location_ops, remove_redundant_debug_records};
use crate::utils::fold::simplify_in_context;
use crate::utils::ssa::SsaUpdater;
use crate::utils::{
    fold_single_entry_phis, merge_block_into_predecessor, phi_add_incoming, phi_remove_incoming,
    phi_value_for, phis, split_edge_named,
};
use crate::FnAnalyses;
use loopwright_analysis::loops::may_access_memory;
use loopwright_analysis::{ControlFlowGraph, Loop};
use loopwright_ir::{
    Block, ConstData, Function, Inst, InstData, MdKind, MdNode, Module, Opcode, Operand, TypeTable,
    Value, ValueDef,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// Options of the rotation pass.
#[derive(Clone, Copy, Debug)]
pub struct RotateOptions {
    /// Largest header (in instructions) that is duplicated.
    pub max_header_size: usize,
}

impl Default for RotateOptions {
    fn default() -> Self {
        RotateOptions {
            max_header_size: 16,
        }
    }
}

/// Rotates every loop of `f` that can be rotated, innermost first; returns
/// whether anything changed.
pub fn rotate_function(m: &mut Module, f: &mut Function, opts: RotateOptions) -> bool {
    // As a loop pass, it runs after the adaptor's loop-simplify and lcssa.
    let (mut changed, a) = crate::simplify::simplify_function_with(m, f, FnAnalyses::compute(f));
    changed |= crate::lcssa::lcssa_function_with(m, f, &a);
    let mut done: FxHashSet<Block> = FxHashSet::default();
    // One loop per round: analyses are recomputed after each rotation (and
    // only then: a loop left alone changes nothing, and recomputing for
    // every loop of a deep nest is cubic).
    let mut budget = 4 + 2 * f.num_block_ids();
    let mut a = a;
    while budget > 0 {
        budget -= 1;
        let next = a
            .loops
            .innermost_first()
            .into_iter()
            .find(|&l| !done.contains(&a.loops.header(l)));
        let Some(l) = next else { break };
        let header = a.loops.header(l);
        done.insert(header);
        if let Some(new_header) = process_loop(m, f, &a, l, opts) {
            done.insert(new_header);
            changed = true;
            a = FnAnalyses::compute(f);
        }
    }
    changed
}

/// LLVM's `LoopRotate::processLoop`: folds the latch if it can, then
/// rotates. Returns the new header when the function changed.
fn process_loop(
    m: &mut Module,
    f: &mut Function,
    a: &FnAnalyses,
    l: Loop,
    opts: RotateOptions,
) -> Option<Block> {
    let loop_id = a.loops.loop_id(f, &m.md, &a.cfg, l);
    let header = a.loops.header(l);
    let simplified = simplify_loop_latch(m, f, a, l);
    let fresh;
    let a = if simplified {
        fresh = FnAnalyses::compute(f);
        &fresh
    } else {
        a
    };
    let l = if simplified {
        a.loops
            .loop_for(header)
            .filter(|&x| a.loops.header(x) == header)?
    } else {
        l
    };
    let rotated = rotate_loop(m, f, a, l, simplified, opts);
    if rotated.is_none() && !simplified {
        return None;
    }
    // Restore the LoopID on the latch of the (possibly rotated) loop.
    if let Some(id) = loop_id {
        let a2 = FnAnalyses::compute(f);
        let h = rotated.unwrap_or(header);
        if let Some(l2) = a2.loops.loop_for(h).filter(|&x| a2.loops.header(x) == h) {
            for b in a2.loops.latches(&a2.cfg, l2) {
                if let Some(t) = f.terminator(b) {
                    f.inst_mut(t).md().set(MdKind::LOOP, id);
                }
            }
        }
    }
    Some(rotated.unwrap_or(header))
}

/// LLVM's `simplifyLoopLatch`: a latch that ends in `br label %header` and
/// only computes one cheap increment (plus casts) is merged into its single
/// predecessor, when that predecessor exits the loop.
fn simplify_loop_latch(m: &Module, f: &mut Function, a: &FnAnalyses, l: Loop) -> bool {
    let lf = &a.loops;
    let cfg = &a.cfg;
    let Some(latch) = lf.latch(cfg, l) else {
        return false;
    };
    let Some(t) = f.terminator(latch) else {
        return false;
    };
    if f.inst(t).opcode != Opcode::Br || f.inst(t).operands().len() != 1 {
        return false;
    }
    let [last_exit] = cfg.preds(latch) else {
        return false;
    };
    let last_exit = *last_exit;
    if !lf.is_exiting(cfg, l, last_exit) {
        return false;
    }
    match f.terminator(last_exit) {
        Some(bt) if f.inst(bt).opcode == Opcode::Br => {}
        _ => return false,
    }
    let multi_exit = lf.exiting_block(cfg, l).is_none();
    let mut seen_increment = false;
    for i in f.layout.block_insts(latch) {
        if i == t {
            break;
        }
        let data = f.inst(i);
        match data.opcode {
            op if op.is_debug_record() => {}
            Opcode::Trunc | Opcode::ZExt | Opcode::SExt => {}
            Opcode::GetElementPtr
            | Opcode::Add
            | Opcode::Sub
            | Opcode::And
            | Opcode::Or
            | Opcode::Xor
            | Opcode::Shl
            | Opcode::LShr
            | Opcode::AShr => {
                let ops = data.operands();
                if data.opcode == Opcode::GetElementPtr
                    && !ops[1..].iter().all(|o| matches!(o, Operand::Const(_)))
                {
                    return false;
                }
                let iv = ops.iter().take(2).find(|o| !matches!(o, Operand::Const(_)));
                let Some(&Operand::Value(iv)) = iv else {
                    return false;
                };
                if multi_exit
                    && f.uses(iv)
                        .iter()
                        .any(|&u| f.layout.inst_block(u).is_some_and(|b| !lf.contains(l, b)))
                {
                    return false;
                }
                if seen_increment {
                    return false;
                }
                seen_increment = true;
            }
            _ => return false,
        }
    }
    merge_block_into_predecessor(m, f, cfg, latch, true)
}

/// Whether an instruction may not be duplicated.
fn not_duplicatable(m: &Module, f: &Function, header: Block, i: Inst) -> bool {
    let data = f.inst(i);
    if let Some(ci) = data.call_info() {
        let callee_attrs = crate::utils::direct_callee(m, data).map(|g| m.functions[g].fn_attrs);
        for set in std::iter::once(ci.fn_attrs).chain(callee_attrs) {
            if m.attrs.has(set, "noduplicate") || m.attrs.has(set, "convergent") {
                return true;
            }
        }
    }
    // A token used outside its block cannot be given a second definition.
    if let Some(v) = f.inst_result(i) {
        if f.value_type(v) == TypeTable::TOKEN
            && f.uses(v)
                .iter()
                .any(|&u| f.layout.inst_block(u) != Some(header))
        {
            return true;
        }
    }
    matches!(
        data.opcode,
        Opcode::IndirectBr | Opcode::CallBr | Opcode::Invoke
    )
}

/// Instructions counted against the header size limit.
fn header_cost(f: &Function, header: Block) -> usize {
    f.layout
        .block_insts(header)
        .filter(|&i| {
            let op = f.inst(i).opcode;
            !op.is_debug_record() && op != Opcode::Phi
        })
        .count()
}

/// LLVM's `profitableToRotateLoopExitingLatch`: some header phi is used
/// only in the header's exit block.
fn profitable_with_exiting_latch(f: &Function, a: &FnAnalyses, l: Loop, header: Block) -> bool {
    let Some(t) = f.terminator(header) else {
        return false;
    };
    let exit = f.inst(t).successors().find(|&s| !a.loops.contains(l, s));
    let Some(exit) = exit else { return false };
    phis(f, header).into_iter().any(|phi| {
        f.inst_result(phi).is_some_and(|v| {
            f.uses(v)
                .iter()
                .all(|&u| f.layout.inst_block(u) == Some(exit))
        })
    })
}

/// LLVM's `rotateLoop`. Returns the new header on success.
fn rotate_loop(
    m: &mut Module,
    f: &mut Function,
    a: &FnAnalyses,
    l: Loop,
    simplified_latch: bool,
    opts: RotateOptions,
) -> Option<Block> {
    let lf = &a.loops;
    let cfg = &a.cfg;
    if lf.data(l).blocks().len() == 1 {
        return None;
    }
    let header = lf.header(l);
    let latch = lf.latch(cfg, l)?;
    let bi = f.terminator(header)?;
    if f.inst(bi).opcode != Opcode::Br || f.inst(bi).operands().len() != 3 {
        return None;
    }
    if !lf.is_exiting(cfg, l, header) {
        return None;
    }
    if lf.is_exiting(cfg, l, latch)
        && !simplified_latch
        && !profitable_with_exiting_latch(f, a, l, header)
    {
        return None;
    }
    if header_cost(f, header) > opts.max_header_size {
        return None;
    }
    let insts: Vec<Inst> = f.layout.block_insts(header).collect();
    if insts.iter().any(|&i| not_duplicatable(m, f, header, i)) {
        return None;
    }
    let preheader = lf.preheader(f, cfg, l)?;
    if !lf.has_dedicated_exits(cfg, l) {
        return None;
    }
    let (Operand::Block(s0), Operand::Block(s1)) =
        (f.inst(bi).operands()[1], f.inst(bi).operands()[2])
    else {
        return None;
    };
    let (exit, new_header) = if lf.contains(l, s0) {
        (s1, s0)
    } else {
        (s0, s1)
    };
    if !lf.contains(l, new_header) || lf.contains(l, exit) {
        return None;
    }
    if cfg.preds(new_header) != [header] || cfg.num_pred_edges(new_header) != 1 {
        return None;
    }
    fold_single_entry_phis(f, new_header);

    // Header phis take their preheader value in the copy.
    let mut map = ValueMap::default();
    for phi in phis(f, header) {
        if let (Some(r), Some(v)) = (f.inst_result(phi), phi_value_for(f, phi, preheader)) {
            map.vals.insert(r, v);
        }
    }
    let entry_br = f.terminator(preheader)?;
    // Variable records attached to the preheader's branch are not copied
    // again (LLVM hashes the records of the branch only).
    let pre_records: FxHashSet<RecordKey> = records_before(f, entry_br)
        .into_iter()
        .filter_map(|i| record_key(f, i))
        .collect();
    // The noalias scope declarations of the header, cloned again below.
    let decls: Vec<Inst> = f
        .layout
        .block_insts(header)
        .filter(|&i| scope_decl(m, f, i).is_some())
        .collect();
    let mut first_decl_copy: Option<Inst> = None;
    let body: Vec<Inst> = f
        .layout
        .block_insts(header)
        .filter(|&i| f.inst(i).opcode != Opcode::Phi)
        .collect();
    // LLVM 19 copies the records attached to the first instruction, and
    // those attached to an instruction that follows a hoisted one; the
    // records of the others stay behind (its `NextDbgInsts`).
    let mut copy_records = true;
    for i in body {
        let data = f.inst(i);
        let is_term = data.opcode.is_terminator();
        if data.opcode.is_debug_record() {
            if !copy_records {
                continue;
            }
            // Copy the record next to the copied code, following the map,
            // unless the preheader's branch already says the same.
            let (c, _) = f.clone_inst(i);
            map.remap_inst(f, c);
            if record_key(f, c).is_some_and(|k| pre_records.contains(&k)) {
                f.delete_inst(c);
            } else {
                f.layout.insert_inst_before(c, entry_br);
            }
            continue;
        }
        let hoistable = !is_term
            && data.opcode != Opcode::Alloca
            && !may_access_memory(m, data)
            && data
                .operands()
                .iter()
                .all(|&o| a.loops.is_invariant(f, l, o));
        if hoistable {
            f.layout.remove_inst(i);
            f.layout.insert_inst_before(i, entry_br);
            copy_records = true;
            continue;
        }
        copy_records = false;
        let (c, cv) = f.clone_inst(i);
        map.remap_inst(f, c);
        f.layout.insert_inst_before(c, entry_br);
        if decls.first() == Some(&i) {
            first_decl_copy = Some(c);
        }
        let folded = if is_term {
            None
        } else {
            let data = f.inst(c).clone();
            simplify_in_context(m, f, cfg, &data, preheader)
        };
        match (folded, cv, f.inst_result(i)) {
            (Some(v), Some(cv), Some(orig)) if !has_side_effects(m, f.inst(c)) => {
                map.vals.insert(orig, v);
                debug_assert!(!f.has_uses(cv));
                f.delete_inst(c);
            }
            (Some(v), _, Some(orig)) => {
                map.vals.insert(orig, v);
            }
            (_, Some(cv), Some(orig)) => {
                map.vals.insert(orig, Operand::Value(cv));
            }
            _ => {}
        }
    }
    if !decls.is_empty() {
        // The declarations are cloned again at the top of the new header,
        // and the scopes they declare get new copies in the old header
        // (`h.rot`) and in the code copied into the preheader (`pre.rot`),
        // so that iterations do not claim noalias across the rotation.
        let mut after = crate::utils::phis(f, new_header).last().copied();
        for &d in &decls {
            let (c, _) = f.clone_inst(d);
            match after {
                Some(p) => f.layout.insert_inst_after(c, p),
                None => f.layout.prepend_inst(c, new_header),
            }
            after = Some(c);
        }
        let lists: Vec<MdNode> = decls.iter().filter_map(|&d| scope_decl(m, f, d)).collect();
        let in_header = insts_of(f, &[header]);
        clone_noalias_scopes(m, f, &lists, &in_header, "h.rot");
        if let Some(first) = first_decl_copy {
            let copied: Vec<Inst> = f
                .layout
                .block_insts(preheader)
                .skip_while(|&x| x != first)
                .collect();
            clone_noalias_scopes(m, f, &lists, &copied, "pre.rot");
        }
    }
    // The copied branch now ends the preheader: the header's successors
    // get an entry from it.
    let succs = [new_header, exit];
    for s in succs {
        for phi in phis(f, s) {
            if let Some(v) = phi_value_for(f, phi, header) {
                phi_add_incoming(f, phi, v, preheader);
            }
        }
    }
    f.delete_inst(entry_br);
    for phi in phis(f, header) {
        phi_remove_incoming(f, phi, preheader);
    }
    // Repair uses of header values.
    let cfg2 = ControlFlowGraph::compute(f);
    let mut inserted_phis: Vec<Inst> = Vec::new();
    let header_vals: Vec<Value> = f
        .layout
        .block_insts(header)
        .filter_map(|i| f.inst_result(i))
        .collect();
    for hv in header_vals {
        if !f.has_uses(hv) {
            continue;
        }
        let Some(&pre_val) = map.vals.get(&hv) else {
            continue;
        };
        let ty = f.value_type(hv);
        let poison = m.consts.intern(ConstData::Poison(ty));
        // Where no value is available without a new phi, a debug record
        // gets `undef` (LLVM 19's `RewriteUsesOfClonedInstructions`).
        let undef = m.consts.intern(ConstData::Undef(ty));
        let name = f.value_name(hv).map(str::to_owned);
        let mut ssa = SsaUpdater::new(ty, name.as_deref(), poison);
        ssa.add_available(header, Operand::Value(hv));
        ssa.add_available(preheader, pre_val);
        let mut users: Vec<Inst> = f.uses(hv).to_vec();
        users.sort_unstable();
        users.dedup();
        // Debug records last, so that they can use the phis the other uses
        // needed (LLVM never inserts phis for debug records).
        users.sort_by_key(|&u| f.inst(u).opcode.is_debug_record());
        for u in users {
            let Some(ub) = f.layout.inst_block(u) else {
                continue;
            };
            let udata = f.inst(u);
            if udata.opcode.is_debug_record() {
                let nv = if ub == header {
                    continue;
                } else if ub == preheader {
                    pre_val
                } else if ssa.has_value_for(ub) {
                    ssa.value_in_middle(f, &cfg2, ub)
                } else {
                    Operand::Const(undef)
                };
                replace_location(f, u, hv, nv);
                continue;
            }
            let is_phi = udata.opcode == Opcode::Phi;
            let idxs: Vec<usize> = udata
                .operands()
                .iter()
                .enumerate()
                .filter(|(_, &o)| o == Operand::Value(hv))
                .map(|(k, _)| k)
                .collect();
            for k in idxs {
                if !is_phi {
                    if ub == header {
                        continue;
                    }
                    if ub == preheader {
                        f.set_operand(u, k, pre_val);
                        continue;
                    }
                }
                ssa.rewrite_use(f, &cfg2, u, k);
            }
        }
        inserted_phis.extend(ssa.inserted_phis(f));
    }
    debug_values_for_phis(f, header, &inserted_phis);
    // The guard: fold it when it always enters the loop.
    let guard = f.terminator(preheader)?;
    let cond = f.inst(guard).operands()[0];
    let enters = match cond {
        Operand::Const(c) => match m.consts.data(c) {
            ConstData::Int { val, .. } => {
                let taken = if val.is_zero() {
                    f.inst(guard).operands()[2]
                } else {
                    f.inst(guard).operands()[1]
                };
                Some(taken == Operand::Block(new_header))
            }
            _ => None,
        },
        _ => None,
    };
    if enters == Some(true) {
        for phi in phis(f, exit) {
            phi_remove_incoming(f, phi, preheader);
        }
        let dbg = f.inst(guard).md.get(MdKind::DBG);
        f.delete_inst(guard);
        let mut br = InstData::new(Opcode::Br, TypeTable::VOID, [Operand::Block(new_header)]);
        if let Some(d) = dbg {
            br.md.set(MdKind::DBG, d);
        }
        f.append(preheader, br, None);
    } else {
        let new_ph = split_edge_named(f, preheader, new_header)?;
        let nh_name = f.block_name(new_header).unwrap_or("").to_owned();
        f.set_block_name(new_ph, Some(&format!("{nh_name}.lr.ph")));
        // Keep the exits dedicated: split exit edges leaving loops.
        let a2 = FnAnalyses::compute(f);
        let exit_preds: Vec<Block> = a2.cfg.preds(exit).to_vec();
        for p in exit_preds {
            let Some(pl) = a2.loops.loop_for(p) else {
                continue;
            };
            if a2.loops.contains(pl, exit) {
                continue;
            }
            if f.terminator(p)
                .is_some_and(|t| f.inst(t).opcode == Opcode::IndirectBr)
            {
                continue;
            }
            if a2.cfg.num_succ_edges(p) < 2 {
                continue;
            }
            if let Some(nb) = split_edge_named(f, p, exit) {
                f.layout.remove_block(nb);
                f.layout.insert_block_before(nb, exit);
                create_split_phis(f, nb, p, exit);
            }
        }
    }
    // Clean up: merge the old header into the old latch.
    let cfg3 = ControlFlowGraph::compute(f);
    let pred = cfg3.preds(header).first().copied();
    if merge_block_into_predecessor(m, f, &cfg3, header, false) {
        if let Some(p) = pred {
            remove_redundant_debug_records(&m.md, f, p);
        }
    }
    Some(new_header)
}

/// What identifies a variable record for deduplication: its location
/// values, variable and expression (not its `DILocation`), as LLVM's
/// `makeHash`.
type RecordKey = (Vec<Operand>, Operand, Operand);

fn record_key(f: &Function, i: Inst) -> Option<RecordKey> {
    let data = f.inst(i);
    if !data.opcode.is_debug_record() || data.opcode == Opcode::DbgLabel {
        return None;
    }
    let ops = data.operands();
    Some((location_ops(f, *ops.first()?), *ops.get(1)?, *ops.get(2)?))
}

/// The debug records directly before `i` (those LLVM attaches to it).
fn records_before(f: &Function, i: Inst) -> Vec<Inst> {
    let Some(b) = f.layout.inst_block(i) else {
        return Vec::new();
    };
    let insts: Vec<Inst> = f.layout.block_insts(b).collect();
    let Some(pos) = insts.iter().position(|&x| x == i) else {
        return Vec::new();
    };
    let start = insts[..pos]
        .iter()
        .rposition(|&x| !f.inst(x).opcode.is_debug_record())
        .map_or(0, |p| p + 1);
    insts[start..pos].to_vec()
}

/// LLVM's `replaceVariableLocationOp(old, new)` on the debug record `u`:
/// every place its location (or a `#dbg_assign`'s address) names `old`
/// names `new` instead, in a new list for a `!DIArgList`.
fn replace_location(f: &mut Function, u: Inst, old: Value, new: Operand) {
    let mut map = ValueMap::default();
    map.vals.insert(old, new);
    map.remap_inst(f, u);
}

/// LLVM's `insertDebugValuesForPHIs`: a phi inserted by SSA repair that
/// merges a phi named by a variable record of `header` (as its location
/// or an entry of its `!DIArgList`) gets a copy of that record, naming the
/// new phi instead, at the top of its block. A record naming several such
/// phis merged into phis of one block becomes one copy naming them all.
fn debug_values_for_phis(f: &mut Function, header: Block, inserted: &[Inst]) {
    // The first record of `header` naming each phi.
    let mut described: FxHashMap<Value, Inst> = FxHashMap::default();
    for i in f.layout.block_insts(header) {
        let data = f.inst(i);
        if !data.opcode.is_debug_record() || data.opcode == Opcode::DbgLabel {
            continue;
        }
        let Some(&loc) = data.operands().first() else {
            continue;
        };
        for op in location_ops(f, loc) {
            if let Operand::Value(v) = op {
                if let ValueDef::Result(d) = f.value_def(v) {
                    if f.inst(d).opcode == Opcode::Phi {
                        described.entry(v).or_insert(i);
                    }
                }
            }
        }
    }
    if described.is_empty() {
        return;
    }
    // One new record per (block, old record), in order.
    let mut new_records: Vec<((Block, Inst), Inst)> = Vec::new();
    for &phi in inserted {
        let (Some(b), Some(pv)) = (f.layout.inst_block(phi), f.inst_result(phi)) else {
            continue;
        };
        if crate::utils::is_eh_pad(f, b) {
            continue;
        }
        let vals: Vec<Operand> = crate::utils::phi_incoming(f, phi).map(|(v, _)| v).collect();
        for vi in vals {
            let Operand::Value(vi) = vi else { continue };
            let Some(&rec) = described.get(&vi) else {
                continue;
            };
            let copy = match new_records.iter().find(|(k, _)| *k == (b, rec)) {
                Some(&(_, c)) => c,
                None => {
                    let (c, _) = f.clone_inst(rec);
                    new_records.push(((b, rec), c));
                    c
                }
            };
            replace_location(f, copy, vi, Operand::Value(pv));
        }
    }
    // Each goes to the head of the block's records (LLVM inserts at
    // `getFirstInsertionPt`, which includes the records there).
    for ((b, _), c) in new_records {
        let phis = phis(f, b);
        match phis.last() {
            Some(&p) => f.layout.insert_inst_after(c, p),
            None => f.layout.prepend_inst(c, b),
        }
    }
}

/// LLVM's `createPHIsForSplitLoopExit`: after splitting the exit edge
/// `pred -> exit` at `split`, each phi of `exit` gets its value through a
/// new phi `%split` in `split`, which keeps the loop in LCSSA form. The
/// split takes every edge `pred -> exit` (a switch may have several), so
/// the new phi has one entry per edge.
fn create_split_phis(f: &mut Function, split: Block, pred: Block, exit: Block) {
    let Some(br) = f.terminator(split) else {
        return;
    };
    let edges = f.terminator(pred).map_or(0, |t| {
        f.inst(t).successors().filter(|&s| s == split).count()
    });
    for phi in phis(f, exit) {
        let Some(v) = phi_value_for(f, phi, split) else {
            continue;
        };
        if let Operand::Value(x) = v {
            if let ValueDef::Result(d) = f.value_def(x) {
                if f.inst(d).opcode == Opcode::Phi && f.layout.inst_block(d) == Some(split) {
                    continue;
                }
            }
        }
        let ty = f.inst(phi).ty;
        let entries = (0..edges.max(1)).flat_map(|_| [v, Operand::Block(pred)]);
        let np = f.make_inst(InstData::new(Opcode::Phi, ty, entries));
        f.layout.insert_inst_before(np, br);
        let nv = f.make_result(np, Some("split"));
        f.map_operands(phi, |ops| {
            for k in (1..ops.len()).step_by(2) {
                if ops[k] == Operand::Block(split) {
                    ops[k - 1] = Operand::Value(nv);
                }
            }
        });
    }
}

/// Whether deleting an unused copy of `data` could change behaviour.
fn has_side_effects(m: &Module, data: &InstData) -> bool {
    match data.opcode {
        Opcode::Store
        | Opcode::Fence
        | Opcode::AtomicCmpXchg
        | Opcode::AtomicRmw
        | Opcode::VAArg => true,
        Opcode::Load => data.flags.contains(loopwright_ir::Flags::VOLATILE),
        op if op.is_call_like() => {
            may_access_memory(m, data) || !m.attrs.has(call_attrs(data), "willreturn")
        }
        op => op.is_terminator(),
    }
}

fn call_attrs(data: &InstData) -> loopwright_ir::AttrSet {
    data.call_info()
        .map_or(loopwright_ir::AttrSet::EMPTY, |c| c.fn_attrs)
}
