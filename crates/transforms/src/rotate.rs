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
    branch_only_to, constant_branch_target, fold_single_entry_phis, merge_block_into_predecessor,
    phi_add_incoming, phi_remove_incoming, phi_value_for, phis, split_edge_named,
};
use crate::FnAnalyses;
use loopwright_analysis::loops::may_access_memory;
use loopwright_analysis::update::RegionEdit;
use loopwright_analysis::Loop;
use loopwright_ir::{
    Block, Builder, ConstData, Function, Inst, InstData, MdKind, MdNode, Module, Opcode, Operand,
    TypeTable, Value, ValueDef,
};
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write as _;

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
///
/// The loops are visited in the loop pass manager's order, each once (by
/// header, the new header included), the first loop not yet visited in the
/// order of the current loop forest each time. The analyses are kept valid
/// across every rotation by updating the part of them the rotation
/// changed ([`FnAnalyses::finish_edit`]), so a rotation costs
/// O(loop and its surroundings) and not O(function): the whole pass is
/// linear in the number of loops for loops in sequence and for nests. The
/// walk over the order continues after the rotated loop; it starts again
/// when an update reordered loops (or had to compute the analyses
/// afresh), where the loops before it may have moved.
pub fn rotate_function(m: &mut Module, f: &mut Function, opts: RotateOptions) -> bool {
    rotate_function_logged(m, f, opts, None)
}

/// [`rotate_function`], appending to `log` (when given) one line per loop
/// considered, with the decision and its reason
/// (`-debug-only=loop-rotate`): `loop-rotate: loop %h in @f: rotated (new
/// header %body)`, `loop-rotate: loop %h in @f: not rotated:
/// HeaderTooLarge (...)`.
pub fn rotate_function_logged(
    m: &mut Module,
    f: &mut Function,
    opts: RotateOptions,
    log: Option<&mut String>,
) -> bool {
    rotate_loops_logged(m, f, opts, FnAnalyses::compute(f), |_, _| {}, log).0
}

/// [`rotate_function`] starting from the analyses `a` of `f`, calling
/// `after` with the function and the analyses the pass keeps after every
/// loop it changed; returns whether anything changed, and the analyses.
#[cfg(test)]
fn rotate_loops(
    m: &mut Module,
    f: &mut Function,
    opts: RotateOptions,
    a: FnAnalyses,
    after: impl FnMut(&Function, &FnAnalyses),
) -> (bool, FnAnalyses) {
    rotate_loops_logged(m, f, opts, a, after, None)
}

/// [`rotate_loops`] with the decision lines of [`rotate_function_logged`].
fn rotate_loops_logged(
    m: &mut Module,
    f: &mut Function,
    opts: RotateOptions,
    a: FnAnalyses,
    mut after: impl FnMut(&Function, &FnAnalyses),
    mut log: Option<&mut String>,
) -> (bool, FnAnalyses) {
    // As a loop pass, it runs after the adaptor's loop-simplify and lcssa.
    let recompute = a.recompute_edits;
    let (mut changed, mut a) = crate::simplify::simplify_function_with(m, f, a);
    a.recompute_edits = recompute;
    changed |= crate::lcssa::lcssa_function_with(m, f, &a);
    let mut done: FxHashSet<Block> = FxHashSet::default();
    let mut budget = 4 + 2 * f.num_block_ids();
    // Every loop before `cursor` in the order is done.
    let mut cursor = a.loops.first_innermost_first();
    while budget > 0 {
        budget -= 1;
        let mut next = cursor;
        while let Some(l) = next {
            if !done.contains(&a.loops.header(l)) {
                break;
            }
            next = a.loops.next_innermost_first(l);
        }
        let Some(l) = next else { break };
        let header = a.loops.header(l);
        done.insert(header);
        // (The header may be merged away by the rotation.)
        let hname = log
            .is_some()
            .then(|| f.block_name(header).unwrap_or("").to_owned());
        let r = process_loop(m, f, &mut a, l, opts);
        if let (Some(log), Some(hname)) = (log.as_deref_mut(), hname) {
            let fname = f.name().unwrap_or("");
            let _ = writeln!(
                log,
                "loop-rotate: loop %{hname} in @{fname}: {}",
                r.debug_text(f)
            );
        }
        if let Some(new_header) = r.new_header {
            done.insert(new_header);
            changed = true;
            after(f, &a);
        }
        cursor = if r.order_changed {
            a.loops.first_innermost_first()
        } else {
            a.loops.next_innermost_first(l)
        };
    }
    (changed, a)
}

/// What [`process_loop`] did.
struct Processed {
    /// The loop's header after it, when the function changed.
    new_header: Option<Block>,
    /// Whether the loops' order may have changed (or their ids, when the
    /// analyses were computed afresh).
    order_changed: bool,
    /// The latch was folded into the exiting block before it.
    latch_folded: bool,
    /// Why the loop was not rotated (`None`: rotated, or no loop left to
    /// rotate after folding its latch).
    rejection: Option<Rejection>,
}

impl Processed {
    /// The decision line's text.
    fn debug_text(&self, f: &Function) -> String {
        let folded = if self.latch_folded {
            "latch folded; "
        } else {
            ""
        };
        match (&self.rejection, self.new_header) {
            (Some(r), _) => format!("{folded}not rotated: {} ({})", r.name(), r.reason()),
            (None, Some(h)) => format!(
                "{folded}rotated (new header %{})",
                f.block_name(h).unwrap_or("")
            ),
            (None, None) => format!("{folded}no loop left to rotate"),
        }
    }
}

/// LLVM's `LoopRotate::processLoop`: folds the latch if it can, then
/// rotates. `a` stays valid for the function it leaves.
fn process_loop(
    m: &mut Module,
    f: &mut Function,
    a: &mut FnAnalyses,
    l: Loop,
    opts: RotateOptions,
) -> Processed {
    let loop_id = a.loops.loop_id(f, &m.md, &a.cfg, l);
    let header = a.loops.header(l);
    let mut order_changed = false;
    let simplified = simplify_loop_latch(m, f, a, l, &mut order_changed);
    let l = if simplified {
        match a
            .loops
            .loop_for(header)
            .filter(|&x| a.loops.header(x) == header)
        {
            Some(l) => l,
            None => {
                return Processed {
                    new_header: None,
                    order_changed,
                    latch_folded: true,
                    rejection: None,
                }
            }
        }
    } else {
        l
    };
    let (rotated, rejection) = match rotate_loop(m, f, a, l, simplified, opts, &mut order_changed) {
        Ok(h) => (Some(h), None),
        Err(r) => (None, Some(r)),
    };
    if rotated.is_none() && !simplified {
        return Processed {
            new_header: None,
            order_changed,
            latch_folded: false,
            rejection,
        };
    }
    // Restore the LoopID on the latch of the (possibly rotated) loop.
    if let Some(id) = loop_id {
        let h = rotated.unwrap_or(header);
        if let Some(l2) = a.loops.loop_for(h).filter(|&x| a.loops.header(x) == h) {
            for b in a.loops.latches(&a.cfg, l2) {
                if let Some(t) = f.terminator(b) {
                    f.inst_mut(t).md().set(MdKind::LOOP, id);
                }
            }
        }
    }
    Processed {
        new_header: Some(rotated.unwrap_or(header)),
        order_changed,
        latch_folded: simplified,
        rejection,
    }
}

/// LLVM's `simplifyLoopLatch`: a latch that ends in `br label %header` and
/// only computes one cheap increment (plus casts) is merged into its single
/// predecessor, when that predecessor exits the loop. Updates `a` for the
/// merge (an edit below the header).
fn simplify_loop_latch(
    m: &Module,
    f: &mut Function,
    a: &mut FnAnalyses,
    l: Loop,
    order_changed: &mut bool,
) -> bool {
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
    // The region: the loop below its header's immediate dominator (the
    // preheader, when there is one).
    let header = lf.header(l);
    let root = a.dt.idom(header).unwrap_or(header);
    let inner = lf.data(l).blocks().to_vec();
    let ed = a.begin_edit(root, &inner);
    let merged = merge_block_into_predecessor(m, f, &a.cfg, latch, true);
    if merged {
        *order_changed |= a.finish_edit(f, ed, None).order_may_have_changed();
    } else {
        a.abandon_edit(ed);
    }
    merged
}

/// Whether an instruction may not be duplicated.
fn not_duplicatable(m: &Module, f: &Function, header: Block, i: Inst) -> bool {
    let data = f.inst(i);
    if let Some(ci) = data.call_info() {
        let callee_attrs = m.called_function(data).map(|g| m.functions[g].fn_attrs);
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

/// Why `loop-rotate` does not rotate a loop (the checks of LLVM's
/// `rotateLoop` before its first edit; LLVM emits no remark for any).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The loop has one block: nothing to rotate.
    SingleBlock,
    /// The header does not end in a conditional `br`.
    HeaderNotConditionalBranch,
    /// The header does not exit the loop (rotated already, or not a loop
    /// rotation can shape).
    HeaderNotExiting,
    NoSingleLatch,
    /// The latch exits already (the loop is rotated), and rotating it
    /// again would not pay (`profitableToRotateLoopExitingLatch`).
    LatchExits,
    /// The header holds an instruction that may not be duplicated.
    NotDuplicatable,
    /// The header is larger than `-rotation-max-header-size` (the
    /// profitability check).
    HeaderTooLarge {
        size: usize,
        max: usize,
    },
    NoPreheader,
    NoDedicatedExits,
    /// The header's branch does not go to one block in the loop and one
    /// outside it.
    HeaderSuccessors,
    /// The header's successor in the loop has other predecessors.
    NewHeaderPredecessors,
}

impl Rejection {
    /// The variant's name, for `-debug-only=loop-rotate`.
    pub fn name(self) -> &'static str {
        match self {
            Rejection::SingleBlock => "SingleBlock",
            Rejection::HeaderNotConditionalBranch => "HeaderNotConditionalBranch",
            Rejection::HeaderNotExiting => "HeaderNotExiting",
            Rejection::NoSingleLatch => "NoSingleLatch",
            Rejection::LatchExits => "LatchExits",
            Rejection::NotDuplicatable => "NotDuplicatable",
            Rejection::HeaderTooLarge { .. } => "HeaderTooLarge",
            Rejection::NoPreheader => "NoPreheader",
            Rejection::NoDedicatedExits => "NoDedicatedExits",
            Rejection::HeaderSuccessors => "HeaderSuccessors",
            Rejection::NewHeaderPredecessors => "NewHeaderPredecessors",
        }
    }

    /// Why, in words (LLVM's debug message where it has one).
    pub fn reason(self) -> String {
        match self {
            Rejection::SingleBlock => "loop has a single block".into(),
            Rejection::HeaderNotConditionalBranch => {
                "header does not end in a conditional branch".into()
            }
            Rejection::HeaderNotExiting => "header does not exit the loop".into(),
            Rejection::NoSingleLatch => "loop has no single latch".into(),
            Rejection::LatchExits => {
                "latch exits the loop already, and rotating would not pay".into()
            }
            Rejection::NotDuplicatable => {
                "contains non-duplicatable or convergent instructions".into()
            }
            Rejection::HeaderTooLarge { size, max } => format!(
                "contains {size} instructions, which is more than the threshold \
                 ({max} instructions)"
            ),
            Rejection::NoPreheader => "loop has no preheader".into(),
            Rejection::NoDedicatedExits => "loop exits are not dedicated".into(),
            Rejection::HeaderSuccessors => {
                "header branch does not go to one block in the loop and one outside".into()
            }
            Rejection::NewHeaderPredecessors => {
                "the header's successor in the loop has other predecessors".into()
            }
        }
    }
}

/// The legality and profitability of rotating `l` (LLVM's `rotateLoop`
/// up to its first edit): reads the function only, and returns what
/// [`rotate_edits`] works on.
fn legality(
    m: &Module,
    f: &Function,
    a: &FnAnalyses,
    l: Loop,
    simplified_latch: bool,
    opts: RotateOptions,
) -> Result<Rotation, Rejection> {
    let lf = &a.loops;
    let cfg = &a.cfg;
    if lf.data(l).blocks().len() == 1 {
        return Err(Rejection::SingleBlock);
    }
    let header = lf.header(l);
    let latch = lf.latch(cfg, l).ok_or(Rejection::NoSingleLatch)?;
    let bi = f
        .terminator(header)
        .ok_or(Rejection::HeaderNotConditionalBranch)?;
    if f.inst(bi).opcode != Opcode::Br || f.inst(bi).operands().len() != 3 {
        return Err(Rejection::HeaderNotConditionalBranch);
    }
    if !lf.is_exiting(cfg, l, header) {
        return Err(Rejection::HeaderNotExiting);
    }
    if lf.is_exiting(cfg, l, latch)
        && !simplified_latch
        && !profitable_with_exiting_latch(f, a, l, header)
    {
        return Err(Rejection::LatchExits);
    }
    if f.layout
        .block_insts(header)
        .any(|i| not_duplicatable(m, f, header, i))
    {
        return Err(Rejection::NotDuplicatable);
    }
    let size = header_cost(f, header);
    if size > opts.max_header_size {
        return Err(Rejection::HeaderTooLarge {
            size,
            max: opts.max_header_size,
        });
    }
    let preheader = lf.preheader(f, cfg, l).ok_or(Rejection::NoPreheader)?;
    if f.terminator(preheader).is_none() {
        return Err(Rejection::NoPreheader);
    }
    if !lf.has_dedicated_exits(cfg, l) {
        return Err(Rejection::NoDedicatedExits);
    }
    let (Operand::Block(s0), Operand::Block(s1)) =
        (f.inst(bi).operands()[1], f.inst(bi).operands()[2])
    else {
        return Err(Rejection::HeaderSuccessors);
    };
    let (exit, new_header) = if lf.contains(l, s0) {
        (s1, s0)
    } else {
        (s0, s1)
    };
    if !lf.contains(l, new_header) || lf.contains(l, exit) {
        return Err(Rejection::HeaderSuccessors);
    }
    if cfg.preds(new_header) != [header] || cfg.num_pred_edges(new_header) != 1 {
        return Err(Rejection::NewHeaderPredecessors);
    }
    Ok(Rotation {
        l,
        header,
        preheader,
        exit,
        new_header,
    })
}

/// LLVM's `rotateLoop`: [`legality`], then [`rotate_edits`], which cannot
/// fail. Returns the new header, or why the loop was left as it was.
///
/// `a` is kept valid: the edits stay below the preheader (the blocks it
/// dominates, and the new ones), a region [`FnAnalyses::finish_edit`]
/// updates; `order_changed` is set when that reordered loops.
fn rotate_loop(
    m: &mut Module,
    f: &mut Function,
    a: &mut FnAnalyses,
    l: Loop,
    simplified_latch: bool,
    opts: RotateOptions,
    order_changed: &mut bool,
) -> Result<Block, Rejection> {
    let target = legality(m, f, a, l, simplified_latch, opts)?;
    let inner = a.loops.data(l).blocks().to_vec();
    let mut ed = Some(a.begin_edit(target.preheader, &inner));
    let mut rename = Some((target.header, target.new_header));
    let rotated = rotate_edits(m, f, a, &mut ed, target, &mut rename, order_changed);
    if let Some(ed) = ed {
        *order_changed |= a.finish_edit(f, ed, rename).order_may_have_changed();
    }
    Ok(rotated)
}

/// The loop a rotation works on: its header, preheader, the exit the
/// header branches to and the header's successor in the loop.
#[derive(Clone, Copy)]
struct Rotation {
    l: Loop,
    header: Block,
    preheader: Block,
    exit: Block,
    new_header: Block,
}

/// The edits of [`rotate_loop`] on a loop [`legality`] accepted, inside
/// the region edit `ed` (which it may finish and begin again when it needs
/// the loops midway; `rename` is the header change the edit in `ed` still
/// has to apply). Returns the new header; it cannot fail.
fn rotate_edits(
    m: &mut Module,
    f: &mut Function,
    a: &mut FnAnalyses,
    ed: &mut Option<RegionEdit>,
    target: Rotation,
    rename: &mut Option<(Block, Block)>,
    order_changed: &mut bool,
) -> Block {
    let Rotation {
        l,
        header,
        preheader,
        exit,
        new_header,
    } = target;
    let cfg = &a.cfg;
    fold_single_entry_phis(f, new_header);

    // Header phis take their preheader value in the copy.
    let mut map = ValueMap::default();
    for phi in phis(f, header) {
        if let (Some(r), Some(v)) = (f.inst_result(phi), phi_value_for(f, phi, preheader)) {
            map.vals.insert(r, v);
        }
    }
    let entry_br = f
        .terminator(preheader)
        .expect("checked: the preheader ends in a branch");
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
    // Repair uses of header values, with the graph brought up to date
    // for the preheader's new branch.
    if let Some(ed) = ed.as_mut() {
        a.sync_cfg(f, ed);
    }
    let cfg2 = &a.cfg;
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
                    ssa.value_in_middle(f, cfg2, ub)
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
                ssa.rewrite_use(f, cfg2, u, k);
            }
        }
        inserted_phis.extend(ssa.inserted_phis(f));
    }
    debug_values_for_phis(f, header, &inserted_phis);
    // The guard: fold it when it always enters the loop.
    if constant_branch_target(m, f, preheader) == Some(new_header) {
        branch_only_to(f, preheader, new_header);
    } else {
        // The preheader ends in the copy of the header's conditional `br`
        // (checked), which can be split.
        let new_ph = split_edge_named(f, preheader, new_header)
            .expect("checked: the copied header branch enters the loop");
        let nh_name = f.block_name(new_header).unwrap_or("").to_owned();
        f.set_block_name(new_ph, Some(&format!("{nh_name}.lr.ph")));
        // Keep the exits dedicated: split exit edges leaving loops. The
        // loops are needed as they are now: update the analyses (the loop
        // is headed by the new header from here on), and go on with a new
        // edit of the same region.
        if let Some(done) = ed.take() {
            *order_changed |= a
                .finish_edit(f, done, rename.take())
                .order_may_have_changed();
        }
        *rename = None;
        let now = a
            .loops
            .loop_for(new_header)
            .filter(|&x| a.loops.header(x) == new_header);
        let inner = now.map_or(Vec::new(), |x| a.loops.data(x).blocks().to_vec());
        *ed = Some(a.begin_edit(preheader, &inner));
        let a2 = &*a;
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
    if let Some(ed) = ed.as_mut() {
        a.sync_cfg(f, ed);
    }
    let cfg3 = &a.cfg;
    let pred = cfg3.preds(header).first().copied();
    if merge_block_into_predecessor(m, f, cfg3, header, false) {
        if let Some(p) = pred {
            remove_redundant_debug_records(&m.md, f, p);
        }
    }
    new_header
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
        let entries: Vec<Operand> = (0..edges.max(1))
            .flat_map(|_| [v, Operand::Block(pred)])
            .collect();
        let mut b = Builder::before(f, br);
        b.set_dbg(None);
        let nv = b.phi_with(ty, &entries, "split");
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

#[cfg(test)]
mod tests {
    //! The analyses rotation keeps (updated for each rotated loop's region,
    //! `FnAnalyses::finish_edit`) against analyses computed afresh, after
    //! every rotated loop, on the shapes whose updates differ: nests,
    //! loops with several exits, guards that fold, exit edges that are
    //! split, latches that are folded first, loops in a row, irreducible
    //! functions; and the output against the pass computing its analyses
    //! afresh after every edit, as it did before updates.

    use super::*;
    use crate::defined_functions;

    /// What rotating every function of a module did.
    struct Rotated {
        text: String,
        rotations: usize,
        /// Edits applied to the analyses, and how many were computed
        /// afresh instead.
        edits: u32,
        recomputed: u32,
    }

    /// Rotates every function of `src`, checking the kept analyses against
    /// recomputed ones after every rotated loop. With `recompute`, the
    /// analyses are computed afresh after every edit instead of updated.
    fn rotate(src: &str, recompute: bool) -> Rotated {
        let mut m = loopwright_parse::parse_module(src.as_bytes(), "t.ll").expect("parses");
        let mut r = Rotated {
            text: String::new(),
            rotations: 0,
            edits: 0,
            recomputed: 0,
        };
        for fid in defined_functions(&m) {
            crate::with_function(&mut m, fid, |m, f| {
                let mut a = FnAnalyses::compute(f);
                if recompute {
                    a.recompute_every_edit();
                }
                let mut rotations = 0;
                let (_, a) = rotate_loops(m, f, RotateOptions::default(), a, |f, a| {
                    rotations += 1;
                    if let Err(e) = a.check_against(&FnAnalyses::compute(f)) {
                        panic!("after rotation {rotations}: kept analyses differ: {e}");
                    }
                });
                let (edits, recomputed) = a.edit_counts();
                r.rotations += rotations;
                r.edits += edits;
                r.recomputed += recomputed;
            });
        }
        r.text = loopwright_ir::print::print_module(&m);
        r
    }

    /// Rotates `src` both ways: the kept analyses are updated locally
    /// (none computed afresh when `local`), and the output is the same as
    /// with analyses computed afresh after every edit.
    fn check(src: &str, rotations: usize, local: bool) -> Rotated {
        let updated = rotate(src, false);
        let reference = rotate(src, true);
        assert_eq!(updated.rotations, rotations, "{}", updated.text);
        assert_eq!(reference.recomputed, reference.edits);
        if local {
            assert_eq!(updated.recomputed, 0, "some edit was not kept local");
        }
        assert_eq!(updated.text, reference.text);
        updated
    }

    /// `loops` top-tested loops in a row, each behind a guard the copied
    /// header test implies (so it folds), as the hostile test makes them.
    fn guarded_in_a_row(loops: usize) -> String {
        let mut s = String::from("define void @f(ptr %p, i64 %n) {\nentry:\n  br label %g0\n");
        for k in 0..loops {
            let next = if k + 1 < loops {
                format!("g{}", k + 1)
            } else {
                "done".into()
            };
            s += &format!(
                "g{k}:\n  %gc{k} = icmp sgt i64 %n, {k}\n  br i1 %gc{k}, label %h{k}, label %j{k}\n\
                 h{k}:\n  %i{k} = phi i64 [ 0, %g{k} ], [ %in{k}, %b{k} ]\n  %c{k} = icmp ult i64 %i{k}, %n\n\
                 \x20 br i1 %c{k}, label %b{k}, label %j{k}\n\
                 b{k}:\n  %a{k} = getelementptr inbounds i32, ptr %p, i64 %i{k}\n  store i32 {k}, ptr %a{k}, align 4\n\
                 \x20 %in{k} = add nuw nsw i64 %i{k}, 1\n  br label %h{k}, !llvm.loop !0\n\
                 j{k}:\n  br label %{next}\n"
            );
        }
        s + "done:\n  ret void\n}\n!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.mustprogress\"}\n"
    }

    /// `loops` top-tested loops in a row without guards: the copied test
    /// does not fold, so each rotation makes a `.lr.ph` block and splits
    /// the exit edge from the new latch.
    fn unguarded_in_a_row(loops: usize) -> String {
        let mut s = String::from("define void @f(ptr %p, i64 %n) {\nentry:\n  br label %h0\n");
        for k in 0..loops {
            let prev = if k == 0 {
                "entry".into()
            } else {
                format!("h{}", k - 1)
            };
            let next = if k + 1 < loops {
                format!("h{}", k + 1)
            } else {
                "done".into()
            };
            s += &format!(
                "h{k}:\n  %i{k} = phi i64 [ 0, %{prev} ], [ %in{k}, %b{k} ]\n  %c{k} = icmp ult i64 %i{k}, %n\n\
                 \x20 br i1 %c{k}, label %b{k}, label %{next}\n\
                 b{k}:\n  %a{k} = getelementptr inbounds i32, ptr %p, i64 %i{k}\n  store i32 {k}, ptr %a{k}, align 4\n\
                 \x20 %in{k} = add nuw nsw i64 %i{k}, 1\n  br label %h{k}\n"
            );
        }
        s + "done:\n  ret void\n}\n"
    }

    /// A nest `depth` deep of top-tested loops, the innermost storing.
    fn nest(depth: usize, bound: &str) -> String {
        let mut s = String::from("define void @f(ptr %p, i64 %n) {\nentry:\n  br label %h0\n");
        for k in 0..depth {
            let pre = if k == 0 {
                "entry".into()
            } else {
                format!("body{}", k - 1)
            };
            let next = if k + 1 < depth {
                format!("h{}", k + 1)
            } else {
                format!("latch{k}")
            };
            s += &format!(
                "h{k}:\n  %i{k} = phi i64 [ 0, %{pre} ], [ %in{k}, %latch{k} ]\n  %c{k} = icmp ult i64 %i{k}, {bound}\n\
                 \x20 br i1 %c{k}, label %body{k}, label %exit{k}\nbody{k}:\n"
            );
            if k + 1 == depth {
                s += &format!("  %a = getelementptr inbounds i64, ptr %p, i64 %i{k}\n  store i64 %i0, ptr %a, align 8\n");
            }
            s += &format!("  br label %{next}\n");
        }
        for k in (0..depth).rev() {
            let after = if k == 0 {
                "  ret void\n".into()
            } else {
                format!("  br label %latch{}\n", k - 1)
            };
            s += &format!("latch{k}:\n  %in{k} = add nuw nsw i64 %i{k}, 1\n  br label %h{k}\nexit{k}:\n{after}");
        }
        s + "}\n"
    }

    #[test]
    fn loops_in_a_row_with_guards_that_fold() {
        // One edit per loop: the guard folds, so no block is split (and
        // one loop-simplify step per loop before, an edit too).
        let r = check(&guarded_in_a_row(40), 40, true);
        assert_eq!(r.edits, 40 + 40);
        assert!(!r.text.contains(".lr.ph"));
    }

    #[test]
    fn loops_in_a_row_whose_exit_edges_are_split() {
        // Two edits per loop: the new preheader, then the exit split and
        // the old header merged into the latch.
        let r = check(&unguarded_in_a_row(30), 30, true);
        assert_eq!(r.edits, 60);
        assert_eq!(r.text.matches(".lr.ph:").count(), 30);
        assert_eq!(r.text.matches("_crit_edge:").count(), 30);
    }

    #[test]
    fn nests() {
        // Inner loops first; each outer loop's blocks (and those of the
        // loops around it) change with every inner rotation.
        check(&nest(6, "%n"), 6, true);
        check(&nest(4, "3"), 4, true);
        check(SIBLINGS, 2, true);
    }

    /// Two loops side by side in an outer loop whose header is the first
    /// one's preheader (the region's root heads a loop).
    const SIBLINGS: &str = "
define void @f(ptr %p, i64 %n) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %a
a:
  %j = phi i64 [ 0, %outer ], [ %j.next, %a.body ]
  %ca = icmp ult i64 %j, %n
  br i1 %ca, label %a.body, label %mid
a.body:
  %pa = getelementptr inbounds i64, ptr %p, i64 %j
  store i64 %i, ptr %pa, align 8
  %j.next = add nuw nsw i64 %j, 1
  br label %a
mid:
  br label %b
b:
  %k = phi i64 [ 0, %mid ], [ %k.next, %b.body ]
  %cb = icmp ult i64 %k, %n
  br i1 %cb, label %b.body, label %outer.latch
b.body:
  %pb = getelementptr inbounds i64, ptr %p, i64 %k
  store i64 %k, ptr %pb, align 8
  %k.next = add nuw nsw i64 %k, 1
  br label %b
outer.latch:
  %i.next = add nuw nsw i64 %i, 1
  %co = icmp ult i64 %i.next, %n
  br i1 %co, label %outer, label %exit
exit:
  ret void
}
";

    const MULTI_EXIT: &str = "
define i32 @early_return(ptr %p, i32 %n) {
entry:
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %done
body:
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %a, align 4
  %z = icmp eq i32 %v, 0
  br i1 %z, label %found, label %latch
latch:
  %i.next = add nsw i32 %i, 1
  br label %h
found:
  ret i32 %i
done:
  ret i32 -1
}

define i32 @two_exits_joining(ptr %p, i32 %n) {
entry:
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %out.a
body:
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %a, align 4
  %z = icmp eq i32 %v, 0
  br i1 %z, label %out.b, label %latch
latch:
  %i.next = add nsw i32 %i, 1
  br label %h
out.a:
  br label %join
out.b:
  br label %join
join:
  %r = phi i32 [ 1, %out.a ], [ 2, %out.b ]
  br label %h2
h2:
  %j = phi i32 [ 0, %join ], [ %j.next, %h2.body ]
  %c2 = icmp slt i32 %j, %r
  br i1 %c2, label %h2.body, label %end
h2.body:
  %j.next = add nsw i32 %j, 1
  br label %h2
end:
  ret i32 %j
}
";

    #[test]
    fn loops_with_several_exits() {
        // In `early_return` the walk reaches the exits in another order
        // after rotation (the returns are separate subtrees): the update
        // may give up there and compute afresh; it must never be wrong.
        let r = check(MULTI_EXIT, 3, false);
        assert!(r.edits > r.recomputed, "{} of {}", r.recomputed, r.edits);
    }

    const LATCH: &str = "
define void @latch_only_increments(ptr %p, i64 %n) {
entry:
  br label %h
h:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %a = getelementptr inbounds i8, ptr %p, i64 %i
  %v = load i8, ptr %a, align 1
  %z = icmp eq i8 %v, 0
  br i1 %z, label %exit, label %latch
latch:
  %i.next = add i64 %i, 1
  br label %h
exit:
  ret void
}
";

    #[test]
    fn a_latch_folded_before_rotating() {
        // simplifyLoopLatch merges the latch into the header: the loop is
        // bottom-tested and is not rotated (one edit, the merge).
        let r = check(LATCH, 1, true);
        assert_eq!(r.edits, 1);
    }

    const IRREDUCIBLE: &str = "
define void @f(ptr %p, i64 %n, i1 %flag) {
entry:
  br label %h
h:
  %i = phi i64 [ 0, %entry ], [ %in, %b ]
  %c = icmp ult i64 %i, %n
  br i1 %c, label %b, label %x
b:
  %in = add i64 %i, 1
  br label %h
x:
  br i1 %flag, label %ia, label %ib
ia:
  br i1 %flag, label %ib, label %done
ib:
  br i1 %flag, label %ia, label %done
done:
  ret void
}
";

    #[test]
    fn irreducible_functions_are_computed_afresh() {
        let r = check(IRREDUCIBLE, 1, false);
        assert_eq!(r.recomputed, r.edits);
        assert!(r.edits > 0);
    }

    #[test]
    fn the_check_fails_on_analyses_not_updated() {
        // A deliberately wrong update: after a rotation, an edit the
        // analyses are not told about. The check that runs after every
        // rotation above must see it.
        let mut m = loopwright_parse::parse_module(unguarded_in_a_row(2).as_bytes(), "t.ll")
            .expect("parses");
        let fid = defined_functions(&m)[0];
        crate::with_function(&mut m, fid, |m, f| {
            let (_, a) = rotate_loops(
                m,
                f,
                RotateOptions::default(),
                FnAnalyses::compute(f),
                |_, _| {},
            );
            assert!(a.check_against(&FnAnalyses::compute(f)).is_ok());
            let first = f.layout.entry_block().unwrap();
            let t = f.terminator(first).unwrap();
            let last = f.layout.last_block().unwrap();
            let k = f
                .inst(t)
                .operands()
                .iter()
                .position(|o| matches!(o, Operand::Block(_)))
                .unwrap();
            f.set_operand(t, k, Operand::Block(last));
            let e = a.check_against(&FnAnalyses::compute(f)).unwrap_err();
            assert!(e.contains("differ"), "{e}");
        });
    }

    /// The decision lines: what was rotated, what was not and why (the
    /// `Rejection` variant), one line per loop, and the same output as
    /// without them.
    fn logged(src: &str, opts: RotateOptions) -> (String, String) {
        let mut m = loopwright_parse::parse_module(src.as_bytes(), "t.ll").expect("parses");
        let mut log = String::new();
        for fid in defined_functions(&m) {
            crate::with_function(&mut m, fid, |m, f| {
                rotate_function_logged(m, f, opts, Some(&mut log));
            });
        }
        (loopwright_ir::print::print_module(&m), log)
    }

    #[test]
    fn decisions_are_logged_with_their_reasons() {
        // (Top-level loops in the loop pass manager's order: the last
        // first.)
        let (text, log) = logged(&unguarded_in_a_row(2), RotateOptions::default());
        assert_eq!(
            log,
            "loop-rotate: loop %h1 in @f: rotated (new header %b1)\n\
             loop-rotate: loop %h0 in @f: rotated (new header %b0)\n"
        );
        assert_eq!(text, rotate(&unguarded_in_a_row(2), false).text);
        let small = RotateOptions { max_header_size: 1 };
        let (_, log) = logged(&unguarded_in_a_row(1), small);
        assert_eq!(
            log,
            "loop-rotate: loop %h0 in @f: not rotated: HeaderTooLarge (contains 2 \
             instructions, which is more than the threshold (1 instructions))\n"
        );
        let (_, log) = logged(LATCH, RotateOptions::default());
        assert_eq!(
            log,
            "loop-rotate: loop %h in @latch_only_increments: latch folded; not rotated: \
             SingleBlock (loop has a single block)\n"
        );
    }
}
