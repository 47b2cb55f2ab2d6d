//! Runtime unrolling's remainder loop (LLVM 19's
//! `UnrollRuntimeLoopRemainder`, with `ConnectEpilog`, `ConnectProlog`
//! and `CloneLoopBlocks`).
//!
//! When the trip count `tc` is only known at run time, the loop is
//! prepared for unrolling by `count` by running `tc % count` iterations in
//! a copy of the loop, the *remainder*, either after the loop (epilogue)
//! or before it (prologue):
//!
//! ```text
//! epilogue                                  prologue
//! ph:  xtraiter = tc % count                ph:  xtraiter = tc % count
//!      br (tc-1 <u count-1), exit.unr-lcssa,     br (xtraiter != 0), h.prol.preheader,
//!         ph.new                                    h.prol.loopexit
//! ph.new: unroll_iter = tc - xtraiter       h.prol.preheader -> h.prol ... (xtraiter
//! h ... latch: niter.next == unroll_iter?        iterations, counted by prol.iter)
//!      -> exit.unr-lcssa(.loopexit)         h.prol.loopexit: br (tc-1 <u count-1),
//! exit.unr-lcssa: x.unr = phi ...                exit, ph.new
//!      br (xtraiter != 0), h.epil.preheader, ph.new -> h ... latch (the loop's own
//!         exit                                    exit test) -> exit.unr-lcssa
//! h.epil ... (xtraiter iterations,          exit
//!   counted by epil.iter) -> exit.epilog-lcssa
//! exit
//! ```
//!
//! The unrolled loop then runs a multiple of `count` iterations, so the
//! unroller drops its intermediate latch tests. The blocks, their order,
//! the names (`xtraiter`, `lcmp.mod`, `unroll_iter`, `niter`,
//! `epil.iter`/`prol.iter`, `.unr`, `.unr-lcssa`, `.epilog-lcssa`, ...),
//! the debug locations and the branch weights are LLVM's: every block is
//! created by the same sequence of `SplitBlock`, `SplitBlockPredecessors`
//! (in LCSSA mode) and `formDedicatedExitBlocks` edits ([`edit`]).
//!
//! Supported (as LLVM 19 does it):
//! - the epilogue and the prologue form; `-unroll-runtime-epilog` chooses,
//!   else LLVM's `isEpilogProfitable` (epilogue when a header phi starts
//!   from an integer constant);
//! - loops with other exiting blocks besides the latch, when
//!   `-unroll-runtime-multi-exit` is given, or by LLVM's default
//!   heuristic (`canProfitablyUnrollMultiExitLoop`): at most two exiting
//!   blocks and a single other exit block that ends in a call to
//!   `llvm.experimental.deoptimize` (or any block with
//!   `-unroll-runtime-other-exit-predictable`). The other exit tests stay in
//!   the unrolled body and in the remainder, whose exits get phi entries
//!   from every copy; both loops then get dedicated exits;
//! - freezing the trip count when a side exit or an instruction that may
//!   not return could keep the latch test from running and the count may
//!   be poison (`isGuaranteedNotToBeUndefOrPoison`, [`poison`]);
//! - with `count == 2` the remainder runs at most once: its backedge is
//!   removed, its code simplified and its latch merged into its exit
//!   (LLVM's loop-deletion-like clean-up);
//! - `-unroll-remainder`: the remainder is unrolled completely by
//!   `count - 1` (it runs fewer iterations), as LLVM's `UnrollLoop` on it
//!   does, without remarks;
//! - the remainder's LoopID: `llvm.loop.unroll.disable` alone, or the
//!   `followup_remainder` attributes ([`set_remainder_loop_id`]); none
//!   when it was unrolled or its backedge removed;
//! - branch weights (`!prof`) on the new branches when the latch has them.
//!
//! Legality ([`plan`], read-only, before any edit; [`add_remainder`] then
//! builds the remainder and cannot fail): a [`Rejection`] (its `Display`
//! is LLVM's debug message for LLVM's reasons; LLVM emits no remark)
//! unless the loop is in simplified
//! form with a conditional latch that exits, its preheader ends in an
//! unconditional branch, the latch's exit count is an integer scalar
//! evolution computes and this module can expand, cheaply (LLVM's
//! `isHighCostExpansion` with the target model's costs, [`expand::cost`]:
//! at most `-scev-cheap-expansion-budget`, 4) unless `-unroll-count` or a
//! pragma allows an expensive one, `log2(count)` fits its width, and,
//! with several exiting blocks, the heuristic above allows it.
//!
//! Deliberate differences from LLVM 19, all refusals:
//! - with several exiting blocks, the loop is left alone when an exiting
//!   block ends in something other than `br`/`switch` or an exit block is
//!   an EH pad (LLVM would build the remainder without dedicated exits);
//! - trip counts wider than 128 bits, or that [`expand::can_expand`]
//!   refuses (an add recurrence of a loop with a wider canonical induction
//!   variable, a loop value whose exit is not one dominating block), are
//!   not handled.

mod edit;
mod poison;

use super::cost::Prefs;
use super::UnrollOptions;
use crate::loopid::{self as followup, LoopIdAction};
use crate::utils::clone::{clone_blocks, Place, ValueMap};
use crate::utils::dead::{delete_dead_list, trivially_dead};
use crate::utils::expand::{self, Expr};
use crate::utils::fold::simplify;
use crate::utils::{
    merge_block_into_predecessor, phi_add_incoming, phi_remove_incoming, phi_value_for, phis,
    trivial_phi_value,
};
use crate::FnAnalyses;
use edit::{preds, split_block, split_predecessors};
use loopwright_analysis::loopmd::names;
use loopwright_analysis::scev::{NoWrap, ScalarEvolution, ScevData};
use loopwright_analysis::{ControlFlowGraph, Loop};
use loopwright_ir::{
    Block, Builder, ConstData, Flags, Function, InsertPoint, Inst, Md, MdBody, MdKind, MdNode,
    MdNodeData, Module, Opcode, Operand, Predicate, Type, Value, ValueDef,
};

/// `EpilogHeaderWeights` and `UnrolledLoopHeaderWeights`.
const ENTRY_WEIGHTS: [u32; 2] = [1, 127];

/// The remainder loop that is left after [`add_remainder`], for its
/// LoopID: `None` when the remainder runs at most once (count 2) or was
/// unrolled completely.
pub struct Remainder {
    pub header: Option<Block>,
}

/// What steers runtime unrolling: the unrolling preferences and LLVM's
/// `-unroll-runtime-*` options.
#[derive(Clone, Copy, Debug)]
pub struct RuntimeOptions {
    /// `AllowExpensiveTripCount`: expand the trip count whatever it costs.
    pub allow_expensive_trip_count: bool,
    /// `-unroll-runtime-epilog`; `None`: LLVM's `isEpilogProfitable`.
    pub epilog: Option<bool>,
    /// `-unroll-runtime-multi-exit`; `None`: LLVM's heuristic.
    pub multi_exit: Option<bool>,
    /// `-unroll-runtime-other-exit-predictable`.
    pub other_exit_predictable: bool,
    /// `-unroll-remainder` (`UnrollRemainder`).
    pub unroll_remainder: bool,
    /// `-scev-cheap-expansion-budget`.
    pub expansion_budget: u32,
}

impl Default for RuntimeOptions {
    fn default() -> Self {
        RuntimeOptions {
            allow_expensive_trip_count: false,
            epilog: None,
            multi_exit: None,
            other_exit_predictable: false,
            unroll_remainder: false,
            expansion_budget: expand::cost::CHEAP_EXPANSION_BUDGET,
        }
    }
}

impl RuntimeOptions {
    pub fn new(p: &Prefs, opts: &UnrollOptions) -> Self {
        RuntimeOptions {
            allow_expensive_trip_count: p.allow_expensive_trip_count,
            epilog: opts.runtime_epilog,
            multi_exit: opts.runtime_multi_exit,
            other_exit_predictable: opts.runtime_other_exit_predictable.unwrap_or(false),
            unroll_remainder: p.unroll_remainder,
            expansion_budget: opts
                .cheap_expansion_budget
                .unwrap_or(expand::cost::CHEAP_EXPANSION_BUDGET),
        }
    }
}

/// What the legality check learned, for the transformation.
struct Shape {
    header: Block,
    latch: Block,
    preheader: Block,
    latch_exit: Block,
    /// The latch branches to the header when its condition is true.
    header_on_true: bool,
    /// `getUniqueNonLatchExitBlocks`, in LLVM's order.
    other_exits: Vec<Block>,
    /// The loop's blocks in loop order.
    blocks: Vec<Block>,
    /// The blocks in `LoopBlocksDFS` reverse post-order.
    rpo: Vec<Block>,
    be: Expr,
    tc: Expr,
    width: u32,
    existing: expand::Existing,
    /// A side exit or an instruction that may not return: freeze the trip
    /// count unless it cannot be poison.
    may_skip_latch: bool,
    epilog: bool,
    /// The latch branch has `!prof` branch weights.
    weights: bool,
    /// The loop's LoopID (for the follow-up of a remainder that stays a
    /// loop after `-unroll-remainder`).
    loop_id: Option<MdNode>,
}

/// `Loop::getUniqueNonLatchExitBlocks`.
fn unique_non_latch_exits(f: &Function, a: &FnAnalyses, l: Loop, latch: Block) -> Vec<Block> {
    let mut out = Vec::new();
    for &b in a.loops.data(l).blocks() {
        if b == latch {
            continue;
        }
        for s in f.successors(b) {
            if !a.loops.contains(l, s) && !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// LLVM's `isEpilogProfitable`: a header phi starts from an integer
/// constant (which the epilogue keeps constant and a prologue would not).
fn epilog_profitable(m: &Module, f: &Function, header: Block, preheader: Block) -> bool {
    phis(f, header).iter().any(|&p| {
        matches!(
            phi_value_for(f, p, preheader),
            Some(Operand::Const(c)) if matches!(m.consts.data(c), ConstData::Int { .. })
        )
    })
}

/// Whether the latch's terminator has `!prof` branch weights.
fn has_branch_weights(m: &Module, f: &Function, t: Inst) -> bool {
    let Some(k) = m.md.find_kind("prof") else {
        return false;
    };
    let Some(n) = f.inst(t).md.get(k) else {
        return false;
    };
    matches!(
        m.md.tuple_ops(n).and_then(|ops| ops.first().copied().flatten()),
        Some(Md::Str(s)) if m.md.str_bytes(s) == b"branch_weights"
    )
}

/// `!prof !{!"branch_weights", i32 a, i32 b}`.
fn branch_weights(m: &mut Module, w: [u32; 2]) -> (MdKind, MdNode) {
    let ty = m.types.int(32);
    let s = m.md.string(b"branch_weights");
    let mut ops = vec![Some(Md::Str(s))];
    for x in w {
        let c = m.consts.int(ty, 32, i64::from(x));
        ops.push(Some(Md::Const(c)));
    }
    let n = m.md.uniqued(MdNodeData {
        distinct: false,
        body: MdBody::Tuple(ops),
    });
    (m.md.kind("prof"), n)
}

/// LLVM's `canProfitablyUnrollMultiExitLoop`.
fn multi_exit_allowed(
    m: &Module,
    f: &Function,
    exiting: usize,
    other_exits: &[Block],
    ro: &RuntimeOptions,
) -> bool {
    if let Some(b) = ro.multi_exit {
        return b;
    }
    if exiting > 2 {
        return false;
    }
    if other_exits.is_empty() {
        return true;
    }
    other_exits.len() == 1
        && (ro.other_exit_predictable
            || poison::has_postdominating_deoptimize(m, f, other_exits[0]))
}

/// Why runtime unrolling left a loop alone: LLVM's reasons (the text its
/// `-debug-only=loop-unroll` prints) and ours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// Fewer than two copies.
    CountTooSmall,
    /// Not in loop-simplify form.
    NotSimplified,
    /// The preheader does not end in an unconditional branch.
    PreheaderBranch,
    /// The latch does not end in a conditional branch that leaves the
    /// loop (to a block that is no EH pad).
    LatchBranch,
    /// Several exiting blocks or exits, and LLVM's heuristic (or
    /// `-unroll-runtime-multi-exit=false`) does not allow them.
    MultiExit,
    /// Our restriction: an exiting block ends in something other than
    /// `br`/`switch`, or an exit is an EH pad.
    UnsupportedExits,
    /// Scalar evolution has no exit count for the latch (or a pointer
    /// one).
    NoExitCount,
    /// The trip count costs more than the budget to expand.
    HighCostTripCount { cost: u64, budget: u64 },
    /// Our restriction: the trip count is wider than 128 bits, or the
    /// expander cannot expand it (as LLVM would) at the preheader.
    TripCountNotExpandable,
    /// `log2(count)` exceeds the width of the count.
    CountOverflow { count: u32, width: u32 },
}

impl Rejection {
    /// The variant's name, for `-debug-only=loop-unroll`.
    pub fn name(&self) -> &'static str {
        match self {
            Rejection::CountTooSmall => "CountTooSmall",
            Rejection::NotSimplified => "NotSimplified",
            Rejection::PreheaderBranch => "PreheaderBranch",
            Rejection::LatchBranch => "LatchBranch",
            Rejection::MultiExit => "MultiExit",
            Rejection::UnsupportedExits => "UnsupportedExits",
            Rejection::NoExitCount => "NoExitCount",
            Rejection::HighCostTripCount { .. } => "HighCostTripCount",
            Rejection::TripCountNotExpandable => "TripCountNotExpandable",
            Rejection::CountOverflow { .. } => "CountOverflow",
        }
    }
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rejection::CountTooSmall => write!(out, "Unroll count is less than 2"),
            Rejection::NotSimplified => write!(out, "Not in simplify form!"),
            Rejection::PreheaderBranch => {
                write!(out, "Preheader not terminated by an unconditional branch")
            }
            Rejection::LatchBranch => {
                write!(out, "Loop latch not terminated by a conditional branch.")
            }
            Rejection::MultiExit => write!(
                out,
                "Multiple exit/exiting blocks in loop and multi-exit unrolling not enabled!"
            ),
            Rejection::UnsupportedExits => write!(
                out,
                "Exiting block not ending in br/switch, or an exit is an EH pad (not supported)"
            ),
            Rejection::NoExitCount => write!(out, "Could not compute exit block SCEV"),
            Rejection::HighCostTripCount { cost, budget } => write!(
                out,
                "High cost for expanding trip count scev! (cost {cost} > budget {budget})"
            ),
            Rejection::TripCountNotExpandable => {
                write!(out, "Trip count cannot be expanded (not supported)")
            }
            Rejection::CountOverflow { count, width } => write!(
                out,
                "Count failed constraint on overflow calc: Count={count}, BEWidth={width}"
            ),
        }
    }
}

/// The checks of `UnrollRuntimeLoopRemainder` before it changes anything.
fn analyze(
    se: &mut ScalarEvolution<'_>,
    m: &Module,
    f: &Function,
    a: &FnAnalyses,
    l: Loop,
    count: u32,
    ro: &RuntimeOptions,
) -> Result<Shape, Rejection> {
    let lf = &a.loops;
    let cfg = &a.cfg;
    if count < 2 {
        return Err(Rejection::CountTooSmall);
    }
    if !lf.is_simplified(f, cfg, l) {
        return Err(Rejection::NotSimplified);
    }
    let header = lf.header(l);
    let latch = lf.latch(cfg, l).ok_or(Rejection::NotSimplified)?;
    let preheader = lf.preheader(f, cfg, l).ok_or(Rejection::NotSimplified)?;
    let pt = f.terminator(preheader).ok_or(Rejection::PreheaderBranch)?;
    if f.inst(pt).opcode != Opcode::Br || f.inst(pt).operands().len() != 1 {
        return Err(Rejection::PreheaderBranch);
    }
    let lt = f.terminator(latch).ok_or(Rejection::LatchBranch)?;
    if f.inst(lt).opcode != Opcode::Br || f.inst(lt).operands().len() != 3 {
        return Err(Rejection::LatchBranch);
    }
    let (Operand::Block(s0), Operand::Block(s1)) =
        (f.inst(lt).operands()[1], f.inst(lt).operands()[2])
    else {
        return Err(Rejection::LatchBranch);
    };
    let header_on_true = s0 == header;
    let latch_exit = if header_on_true { s1 } else { s0 };
    if lf.contains(l, latch_exit) || crate::utils::is_eh_pad(f, latch_exit) {
        return Err(Rejection::LatchBranch);
    }
    let exiting = lf.exiting_blocks(cfg, l);
    let other_exits = unique_non_latch_exits(f, a, l, latch);
    if exiting.len() != 1 || !other_exits.is_empty() {
        if !multi_exit_allowed(m, f, exiting.len(), &other_exits, ro) {
            return Err(Rejection::MultiExit);
        }
        // Our restriction: exits we can give dedicated blocks.
        let plain = exiting.iter().all(|&b| {
            f.terminator(b)
                .is_some_and(|t| matches!(f.inst(t).opcode, Opcode::Br | Opcode::Switch))
        });
        if !plain || other_exits.iter().any(|&b| crate::utils::is_eh_pad(f, b)) {
            return Err(Rejection::UnsupportedExits);
        }
    }
    // The trip count, through scalar evolution.
    let (be, tc, width, existing) = {
        let s = se.exit_count(l, latch).ok_or(Rejection::NoExitCount)?;
        let w = match se.ty(s) {
            loopwright_analysis::scev::Ty::Int(w) => w,
            loopwright_analysis::scev::Ty::Ptr(_) => return Err(Rejection::NoExitCount),
        };
        let existing = expand::existing_values_in_preheader(se, f, a, l, preheader);
        // `getAddExpr(BECount, 1)`, with the flags scalar evolution infers.
        let t = se.ty(s);
        let one = se.get_one(t);
        let tc = se.get_add2(s, one, NoWrap::ANY);
        let ctx = expand::ExpandCtx::new(a, existing);
        if !ro.allow_expensive_trip_count {
            let target = loopwright_target::TargetModel::for_function(m, f);
            let q = expand::cost::CostQuery {
                target: &target,
                code_size: m.attrs.has(f.fn_attrs, "minsize"),
                budget: ro.expansion_budget,
                at: pt,
                l,
            };
            let verdict = expand::cost::expansion_cost(m, f, se, &ctx, &[tc], &q);
            if verdict.high {
                return Err(Rejection::HighCostTripCount {
                    cost: verdict.cost,
                    budget: verdict.budget,
                });
            }
        }
        let be = expand::extract(se, s).ok_or(Rejection::TripCountNotExpandable)?;
        let tc = expand::extract(se, tc).ok_or(Rejection::TripCountNotExpandable)?;
        if !expand::can_expand(m, f, &ctx, &tc, pt) || !expand::can_expand(m, f, &ctx, &be, pt) {
            return Err(Rejection::TripCountNotExpandable);
        }
        (be, tc, w, ctx.existing)
    };
    if width > 128 {
        return Err(Rejection::TripCountNotExpandable);
    }
    if count.ilog2() > width {
        return Err(Rejection::CountOverflow { count, width });
    }
    let blocks = lf.data(l).blocks().to_vec();
    let may_skip_latch = !other_exits.is_empty() || !poison::no_abnormal_exits(m, f, &blocks);
    Ok(Shape {
        header,
        latch,
        preheader,
        latch_exit,
        header_on_true,
        other_exits,
        rpo: a.loops.blocks_rpo(&a.cfg, l),
        blocks,
        be,
        tc,
        width,
        existing,
        may_skip_latch,
        epilog: ro
            .epilog
            .unwrap_or_else(|| epilog_profitable(m, f, header, preheader)),
        weights: has_branch_weights(m, f, lt),
        loop_id: lf.loop_id(f, &m.md, cfg, l),
    })
}

/// A remainder loop proved buildable by [`plan`]: what [`add_remainder`]
/// needs, learned from the function before any edit.
pub struct RemainderPlan {
    shape: Shape,
    count: u32,
    ro: RuntimeOptions,
}

impl RemainderPlan {
    /// The remainder runs after the loop (an epilogue), not before it.
    pub fn epilog(&self) -> bool {
        self.shape.epilog
    }
}

/// The legality of a remainder loop for unrolling `l` by `count` (the
/// checks of `UnrollRuntimeLoopRemainder` before it changes anything):
/// reads the function only. Returns why not when the loop's shape or trip
/// count does not allow it (see the module docs).
pub fn plan(
    se: &mut ScalarEvolution<'_>,
    m: &Module,
    f: &Function,
    a: &FnAnalyses,
    l: Loop,
    count: u32,
    ro: &RuntimeOptions,
) -> Result<RemainderPlan, Rejection> {
    let shape = analyze(se, m, f, a, l, count, ro)?;
    Ok(RemainderPlan {
        shape,
        count,
        ro: *ro,
    })
}

/// Builds the remainder loop [`plan`] accepted, on the function `plan`
/// read (with its analyses `a`); it cannot fail.
pub fn add_remainder(
    m: &mut Module,
    f: &mut Function,
    a: &FnAnalyses,
    plan: &RemainderPlan,
) -> Remainder {
    build(m, f, a, &plan.shape, plan.count, &plan.ro)
}

/// A phi of type `ty` after the phis of `b` (LLVM's `getFirstNonPHIIt`,
/// before the debug records of the first instruction), without a debug
/// location, with `entries` (value, block pairs).
fn new_phi(f: &mut Function, b: Block, ty: Type, name: &str, entries: &[Operand]) -> Value {
    let mut bld = Builder::new(f, InsertPoint::AfterPhis(b));
    bld.set_dbg(None);
    bld.phi_with(ty, entries, name)
}

/// A binary operation without flags, inserted before `before` with
/// `before`'s `!dbg` (as an `IRBuilder` positioned there gives it).
#[allow(clippy::too_many_arguments)]
fn binop(
    m: &mut Module,
    f: &mut Function,
    before: Inst,
    op: Opcode,
    a: Operand,
    b: Operand,
    name: &str,
) -> Operand {
    Operand::Value(Builder::before(f, before).binop(m, op, a, b, Flags::NONE, name))
}

/// `icmp p a, b` before `before`, with `before`'s `!dbg`.
fn icmp(
    m: &mut Module,
    f: &mut Function,
    before: Inst,
    p: Predicate,
    a: Operand,
    b: Operand,
    name: &str,
) -> Operand {
    Operand::Value(Builder::before(f, before).icmp(m, p, a, b, name))
}

/// Replaces the terminator of `b` by `br cond, t, e`, keeping its `!dbg`.
fn set_cond_br(
    m: &Module,
    f: &mut Function,
    b: Block,
    cond: Operand,
    t: Block,
    e: Block,
    prof: Option<(MdKind, MdNode)>,
) {
    let old = f.terminator(b);
    let dbg = old.and_then(|o| f.inst(o).md.get(MdKind::DBG));
    if let Some(o) = old {
        f.delete_inst(o);
    }
    let mut bld = Builder::at_end(f, b);
    bld.set_dbg(dbg);
    bld.cond_br(m, cond, t, e);
    if let Some((k, p)) = prof {
        bld.set_metadata(k, p);
    }
}

fn build(
    m: &mut Module,
    f: &mut Function,
    a: &FnAnalyses,
    s: &Shape,
    count: u32,
    ro: &RuntimeOptions,
) -> Remainder {
    let (header, latch, preheader, latch_exit) = (s.header, s.latch, s.preheader, s.latch_exit);
    let hname = f.block_name(header).unwrap_or("").to_owned();
    let phname = f.block_name(preheader).unwrap_or("").to_owned();
    let ity = m.types.int(s.width);

    // The blocks around the remainder.
    let ph_term = f.terminator(preheader).expect("checked: preheader branch");
    let (new_ph, insert_top, insert_bot, new_exit) = if s.epilog {
        let new_ph = split_block(f, preheader, ph_term, &format!("{phname}.new"));
        let new_exit = split_predecessors(f, latch_exit, &[latch], ".unr-lcssa")
            .expect("checked: the latch exit can be split");
        let hdr_dbg = f
            .terminator(header)
            .and_then(|t| f.inst(t).md.get(MdKind::DBG));
        let ne_term = f.terminator(new_exit).expect("split block has a branch");
        {
            let mut im = f.inst_mut(ne_term);
            match hdr_dbg {
                Some(d) => im.md().set(MdKind::DBG, d),
                None => im.md().remove(MdKind::DBG),
            }
        }
        let epil_ph = split_block(f, new_exit, ne_term, &format!("{hname}.epil.preheader"));
        (new_ph, epil_ph, latch_exit, Some(new_exit))
    } else {
        let prol_ph = split_block(f, preheader, ph_term, &format!("{hname}.prol.preheader"));
        let t = f.terminator(prol_ph).expect("split block has a branch");
        let prol_exit = split_block(f, prol_ph, t, &format!("{hname}.prol.loopexit"));
        let t = f.terminator(prol_exit).expect("split block has a branch");
        let new_ph = split_block(f, prol_exit, t, &format!("{phname}.new"));
        (new_ph, prol_ph, prol_exit, None)
    };

    // The trip count and the number of extra iterations, in the preheader.
    let ph_br = f.terminator(preheader).expect("split block has a branch");
    let ctx = expand::ExpandCtx {
        dbg: f.inst(ph_br).md.get(MdKind::DBG),
        ..expand::ExpandCtx::new(a, s.existing.clone())
    };
    let mut tc_v = expand::expand_with(m, f, &s.tc, ph_br, &ctx);
    let be_v = if s.may_skip_latch && !poison::not_undef_or_poison(m, f, &a.dt, tc_v, preheader) {
        tc_v = Operand::Value(Builder::before(f, ph_br).freeze(m, tc_v, ""));
        let minus1 = Operand::Const(m.consts.int(ity, s.width, -1));
        binop(m, f, ph_br, Opcode::Add, tc_v, minus1, "")
    } else {
        expand::expand_with(m, f, &s.be, ph_br, &ctx)
    };
    let xtraiter = if count.is_power_of_two() {
        let mask = Operand::Const(m.consts.int(ity, s.width, i64::from(count - 1)));
        binop(m, f, ph_br, Opcode::And, tc_v, mask, "xtraiter")
    } else {
        let cc = Operand::Const(m.consts.int(ity, s.width, i64::from(count)));
        let one = Operand::Const(m.consts.int(ity, s.width, 1));
        let r = binop(m, f, ph_br, Opcode::URem, be_v, cc, "");
        let r1 = binop(m, f, ph_br, Opcode::Add, r, one, "");
        binop(m, f, ph_br, Opcode::URem, r1, cc, "xtraiter")
    };
    let zero = Operand::Const(m.consts.int(ity, s.width, 0));
    let one = Operand::Const(m.consts.int(ity, s.width, 1));
    let cm1 = Operand::Const(m.consts.int(ity, s.width, i64::from(count - 1)));
    let entry_prof = s.weights.then(|| branch_weights(m, ENTRY_WEIGHTS));
    if let Some(new_exit) = new_exit {
        let few = icmp(m, f, ph_br, Predicate::Ult, be_v, cm1, "");
        set_cond_br(m, f, preheader, few, new_exit, new_ph, entry_prof);
    } else {
        let lcmp = icmp(m, f, ph_br, Predicate::Ne, xtraiter, zero, "lcmp.mod");
        set_cond_br(m, f, preheader, lcmp, insert_top, insert_bot, entry_prof);
    }

    // CloneLoopBlocks: the remainder, before `insert_bot`.
    let suffix = if s.epilog { "epil" } else { "prol" };
    let mut map = ValueMap::default();
    let new_blocks = clone_blocks(
        f,
        &s.rpo,
        &format!(".{suffix}"),
        Place::Before(insert_bot),
        &[],
        &mut map,
    );
    let rem_header = map.blocks[&header];
    let rem_latch = map.blocks[&latch];
    if let Some(t) = f.terminator(insert_top) {
        f.set_operand(t, 0, Operand::Block(rem_header));
    }
    // The remainder's latch counts `<suffix>.iter` up to `xtraiter`.
    let rl_term = f.terminator(rem_latch).expect("the latch has a branch");
    let iter = new_phi(f, rem_header, ity, &format!("{suffix}.iter"), &[]);
    let next = binop(
        m,
        f,
        rl_term,
        Opcode::Add,
        Operand::Value(iter),
        one,
        &format!("{suffix}.iter.next"),
    );
    let cmp = icmp(
        m,
        f,
        rl_term,
        Predicate::Ne,
        next,
        xtraiter,
        &format!("{suffix}.iter.cmp"),
    );
    let latch_prof = has_branch_weights(m, f, rl_term).then(|| {
        let back = if count >= 3 { (count - 2) / 2 } else { 0 };
        branch_weights(m, [back, 1])
    });
    set_cond_br(m, f, rem_latch, cmp, rem_header, insert_bot, latch_prof);
    let mut b = Builder::at_end(f, rem_latch);
    b.add_incoming(iter, zero, insert_top);
    b.add_incoming(iter, next, rem_latch);
    // The copied header phis enter from `insert_top` and loop from the
    // remainder's latch.
    for phi in phis(f, header) {
        let Some(Operand::Value(cv)) = f.inst_result(phi).and_then(|r| map.vals.get(&r).copied())
        else {
            continue;
        };
        let ValueDef::Result(cp) = f.value_def(cv) else {
            continue;
        };
        let back = phi_value_for(f, phi, latch).map(|v| map.value(v));
        f.map_operands(cp, |ops| {
            for k in (1..ops.len()).step_by(2) {
                if ops[k] == Operand::Block(new_ph) {
                    ops[k] = Operand::Block(insert_top);
                } else if ops[k] == Operand::Block(latch) {
                    ops[k] = Operand::Block(rem_latch);
                    if let Some(b) = back {
                        ops[k - 1] = b;
                    }
                }
            }
        });
    }

    // The side exits' phis take the remainder's values.
    for &ob in &s.other_exits {
        for phi in phis(f, ob) {
            let entries: Vec<(Operand, Block)> = crate::utils::phi_incoming(f, phi).collect();
            for (v, pb) in entries {
                if pb == latch || !s.blocks.contains(&pb) {
                    continue;
                }
                phi_add_incoming(f, phi, map.value(v), map.blocks[&pb]);
            }
        }
    }
    map.remap_blocks(f, &new_blocks);

    if let Some(new_exit) = new_exit {
        connect_epilog(m, f, s, &map, count, new_exit, new_ph, insert_top, xtraiter);
        // The unrolled loop counts `niter` up to `unroll_iter`.
        let np_term = f.terminator(new_ph).expect("split block has a branch");
        let unroll_iter = binop(m, f, np_term, Opcode::Sub, tc_v, xtraiter, "unroll_iter");
        let niter = new_phi(f, header, ity, "niter", &[]);
        let lt = f.terminator(latch).expect("the latch has a branch");
        let nnext = binop(
            m,
            f,
            lt,
            Opcode::Add,
            Operand::Value(niter),
            one,
            "niter.next",
        );
        let pred = if s.header_on_true {
            Predicate::Ne
        } else {
            Predicate::Eq
        };
        let ncmp = icmp(m, f, lt, pred, nnext, unroll_iter, "niter.ncmp");
        f.set_operand(lt, 0, ncmp);
        let mut b = Builder::at_end(f, latch);
        b.add_incoming(niter, zero, new_ph);
        b.add_incoming(niter, nnext, latch);
    } else {
        connect_prolog(m, f, s, &map, count, insert_bot, new_ph, &new_blocks, be_v);
    }

    // With count 2 the remainder runs at most once: no backedge.
    let mut remainder = Some(rem_header);
    if count == 2 {
        break_backedge(m, f, rem_header, rem_latch, &new_blocks);
        remainder = None;
    }
    if !s.other_exits.is_empty() {
        edit::form_dedicated_exits(f, &s.blocks);
        if remainder.is_some() {
            edit::form_dedicated_exits(f, &new_blocks);
        }
    }
    if let (Some(rh), true) = (remainder, ro.unroll_remainder) {
        if unroll_remainder(m, f, rh, count - 1, s.loop_id) {
            remainder = None;
        }
    }
    Remainder { header: remainder }
}

/// `ConnectEpilog`.
#[allow(clippy::too_many_arguments)]
fn connect_epilog(
    m: &mut Module,
    f: &mut Function,
    s: &Shape,
    map: &ValueMap,
    count: u32,
    new_exit: Block,
    new_ph: Block,
    epil_ph: Block,
    xtraiter: Operand,
) {
    let (latch, preheader, exit) = (s.latch, s.preheader, s.latch_exit);
    let epil_latch = map.blocks[&latch];
    // The exit's phis: the main loop's value through `new_exit`, the
    // remainder's from its latch.
    for pn in phis(f, new_exit) {
        let Some(pv) = f.inst_result(pn) else {
            continue;
        };
        let ty = f.value_type(pv);
        let poison = Operand::Const(m.consts.intern(ConstData::Poison(ty)));
        phi_add_incoming(f, pn, poison, preheader);
        let Some(&user) = f.uses(pv).first() else {
            continue;
        };
        if f.inst(user).opcode != Opcode::Phi || f.layout.inst_block(user) != Some(exit) {
            continue;
        }
        if let Some(v) = phi_value_for(f, pn, latch) {
            phi_add_incoming(f, user, map.value(v), epil_latch);
        }
        f.map_operands(user, |ops| {
            for k in (1..ops.len()).step_by(2) {
                if ops[k] == Operand::Block(epil_ph) {
                    ops[k] = Operand::Block(new_exit);
                }
            }
        });
    }
    // The header phis' values after the main loop, into the remainder.
    for succ in f.successors(latch) {
        if succ != s.header {
            continue;
        }
        for pn in phis(f, succ) {
            let Some(pv) = f.inst_result(pn) else {
                continue;
            };
            let ty = f.value_type(pv);
            let (Some(init), Some(back)) =
                (phi_value_for(f, pn, new_ph), phi_value_for(f, pn, latch))
            else {
                continue;
            };
            let name = format!("{}.unr", f.value_name(pv).unwrap_or(""));
            let entries = [init, Operand::Block(preheader), back, Operand::Block(latch)];
            let nv = new_phi(f, new_exit, ty, &name, &entries);
            if let Some(Operand::Value(vpn)) = map.vals.get(&pv).copied() {
                if let ValueDef::Result(vpi) = f.value_def(vpn) {
                    f.map_operands(vpi, |ops| {
                        for k in (1..ops.len()).step_by(2) {
                            if ops[k] == Operand::Block(epil_ph) {
                                ops[k - 1] = Operand::Value(nv);
                            }
                        }
                    });
                }
            }
        }
    }
    let ne_term = f.terminator(new_exit).expect("split block has a branch");
    let zero = match xtraiter {
        Operand::Value(x) => {
            let ty = f.value_type(x);
            let w = m.types.int_width(ty).unwrap_or(64);
            Operand::Const(m.consts.int(ty, w, 0))
        }
        other => other,
    };
    let lcmp = icmp(m, f, ne_term, Predicate::Ne, xtraiter, zero, "lcmp.mod");
    let exit_preds = preds(f, exit);
    split_predecessors(f, exit, &exit_preds, ".epilog-lcssa");
    let prof = s.weights.then(|| branch_weights(m, [1, count - 1]));
    set_cond_br(m, f, new_exit, lcmp, epil_ph, exit, prof);
    split_predecessors(f, new_exit, &[latch], ".loopexit");
}

/// `ConnectProlog`.
#[allow(clippy::too_many_arguments)]
fn connect_prolog(
    m: &mut Module,
    f: &mut Function,
    s: &Shape,
    map: &ValueMap,
    count: u32,
    prol_exit: Block,
    new_ph: Block,
    new_blocks: &[Block],
    be_v: Operand,
) {
    let (latch, preheader, exit) = (s.latch, s.preheader, s.latch_exit);
    let prol_latch = map.blocks[&latch];
    for succ in f.successors(latch) {
        let in_loop = succ == s.header;
        for pn in phis(f, succ) {
            let Some(pv) = f.inst_result(pn) else {
                continue;
            };
            let ty = f.value_type(pv);
            let skip = if in_loop {
                phi_value_for(f, pn, new_ph)
            } else {
                Some(Operand::Const(m.consts.intern(ConstData::Poison(ty))))
            };
            let (Some(skip), Some(v)) = (skip, phi_value_for(f, pn, latch)) else {
                continue;
            };
            let name = format!("{}.unr", f.value_name(pv).unwrap_or(""));
            let entries = [
                skip,
                Operand::Block(preheader),
                map.value(v),
                Operand::Block(prol_latch),
            ];
            let nv = Operand::Value(new_phi(f, prol_exit, ty, &name, &entries));
            if in_loop {
                f.map_operands(pn, |ops| {
                    for k in (1..ops.len()).step_by(2) {
                        if ops[k] == Operand::Block(new_ph) {
                            ops[k - 1] = nv;
                        }
                    }
                });
            } else {
                phi_add_incoming(f, pn, nv, prol_exit);
            }
        }
    }
    let in_prolog: Vec<Block> = preds(f, prol_exit)
        .into_iter()
        .filter(|p| new_blocks.contains(p))
        .collect();
    split_predecessors(f, prol_exit, &in_prolog, ".unr-lcssa");
    let pe_term = f.terminator(prol_exit).expect("split block has a branch");
    let ity = f.operand_type(be_v, &m.consts);
    let w = m.types.int_width(ity).unwrap_or(64);
    let cm1 = Operand::Const(m.consts.int(ity, w, i64::from(count - 1)));
    let done = icmp(m, f, pe_term, Predicate::Ult, be_v, cm1, "");
    let exit_preds = preds(f, exit);
    split_predecessors(f, exit, &exit_preds, ".unr-lcssa");
    let prof = s.weights.then(|| branch_weights(m, ENTRY_WEIGHTS));
    set_cond_br(m, f, prol_exit, done, exit, new_ph, prof);
}

/// LLVM's `breakLoopBackedge` on the remainder, then the simplification
/// of its blocks and the merge of its latch into its exit, as
/// `UnrollRuntimeLoopRemainder` does for count 2.
fn break_backedge(m: &mut Module, f: &mut Function, header: Block, latch: Block, blocks: &[Block]) {
    let Some(t) = f.terminator(latch) else { return };
    let Some(exit) = f.inst(t).successors().find(|&s| s != header) else {
        return;
    };
    for phi in phis(f, header) {
        phi_remove_incoming(f, phi, latch);
    }
    let dbg = f.inst(t).md.get(MdKind::DBG);
    f.delete_inst(t);
    let mut b = Builder::at_end(f, latch);
    b.set_dbg(dbg);
    b.br(exit);
    // Simplify what became constant or redundant, keeping LCSSA form.
    let a = FnAnalyses::compute(f);
    for &bb in blocks {
        if !f.layout.is_block_inserted(bb) {
            continue;
        }
        let mut dead = Vec::new();
        for i in f.layout.block_insts(bb).collect::<Vec<_>>() {
            if f.layout.inst_block(i).is_none() {
                continue;
            }
            let data = f.inst(i).clone();
            let v = if data.opcode == Opcode::Phi {
                trivial_phi_value(f, i)
            } else if data.opcode.is_debug_record() {
                None
            } else {
                simplify(m, &data).or_else(|| super::transform::simplify_extra(m, f, &data))
            };
            if let (Some(v), Some(r)) = (v, f.inst_result(i)) {
                if v != Operand::Value(r) && keeps_lcssa(f, &a, bb, v) {
                    f.replace_all_uses(r, v);
                }
            }
            if trivially_dead(m, f, i) {
                dead.push(i);
            }
        }
        delete_dead_list(m, f, dead);
    }
    let cfg = ControlFlowGraph::compute(f);
    merge_block_into_predecessor(m, f, &cfg, exit, false);
}

/// `LoopInfo::replacementPreservesLCSSAForm` for a use in `from`.
fn keeps_lcssa(f: &Function, a: &FnAnalyses, from: Block, v: Operand) -> bool {
    let Operand::Value(x) = v else { return true };
    let ValueDef::Result(d) = f.value_def(x) else {
        return true;
    };
    let Some(db) = f.layout.inst_block(d) else {
        return true;
    };
    if db == from {
        return true;
    }
    let Some(to_loop) = a.loops.loop_for(db) else {
        return true;
    };
    a.loops
        .loop_for(from)
        .is_some_and(|fl| a.loops.contains_loop(to_loop, fl))
}

/// `UnrollLoop` on the remainder (headed by `header`) with `count`
/// (`count - 1` of the main loop), as `UnrollRuntimeLoopRemainder` calls
/// it for `-unroll-remainder`: completely when scalar evolution bounds the
/// remainder's trip count by `count` (it runs fewer iterations by
/// construction, but LLVM unrolls completely only when its analysis shows
/// it, which it does for the `and` of a power-of-two count), else
/// partially, keeping every exit test. Returns whether the remainder loop
/// is gone.
fn unroll_remainder(
    m: &mut Module,
    f: &mut Function,
    header: Block,
    count: u32,
    orig_id: Option<MdNode>,
) -> bool {
    let mut a = FnAnalyses::compute(f);
    let Some(l) = a
        .loops
        .loop_for(header)
        .filter(|&l| a.loops.header(l) == header)
    else {
        return false;
    };
    if super::legality::check(m, f, &a, l).is_err() || !a.loops.is_simplified(f, &a.cfg, l) {
        return false;
    }
    let (count, complete, max_or_zero, exits) = {
        let mut se = ScalarEvolution::new(m, f, &a.cfg, &a.dt, &a.loops);
        let btc = se.backedge_taken_count(l);
        let max_tc = btc
            .constant_max
            .filter(|c| c.active_bits() <= 32)
            .and_then(|c| u32::try_from(c.u()).ok())
            .and_then(|c| c.checked_add(1))
            .unwrap_or(0);
        let count = if max_tc != 0 && max_tc < count {
            max_tc
        } else {
            count
        };
        let complete = max_tc != 0 && count == max_tc;
        let max_or_zero = complete && se.is_btc_max_or_zero(l);
        let exiting = a.loops.exiting_blocks(&a.cfg, l);
        let single = exiting.len() == 1;
        let mut exits = Vec::new();
        for b in exiting {
            let is_br = f
                .terminator(b)
                .is_some_and(|t| f.inst(t).opcode == Opcode::Br);
            if !is_br {
                continue;
            }
            let tc = se
                .exit_count(l, b)
                .and_then(|s| match se.data(s) {
                    ScevData::Const(c) if c.active_bits() <= 32 => Some(c.u() as u32),
                    _ => None,
                })
                .and_then(|c| c.checked_add(1))
                .unwrap_or(0);
            let multiple = if tc != 0 {
                tc
            } else if single {
                se.trip_multiple(l)
            } else {
                1
            };
            exits.push(super::transform::ExitFacts {
                block: b,
                trip_count: tc,
                trip_multiple: multiple.max(1),
            });
        }
        (count, complete, max_or_zero, exits)
    };
    if count < 2 && !complete {
        return false;
    }
    let plan = super::transform::UnrollPlan {
        count,
        complete,
        max_or_zero,
        runtime: false,
        exits,
    };
    super::transform::unroll_loop(m, f, &mut a, l, &plan);
    if complete {
        return true;
    }
    // A remainder that is still a loop has no LoopID (its latch branch was
    // built without one), unless the original loop gave it a follow-up.
    let r = followup::make_followup_loop_id(
        &mut m.md,
        orig_id,
        &[names::UNROLL_FOLLOWUP_ALL, names::UNROLL_FOLLOWUP_REMAINDER],
        followup::Inherit::Nothing,
        false,
    );
    a.refresh(f);
    let a2 = &a;
    if let Some(l2) = a2
        .loops
        .loop_for(header)
        .filter(|&x| a2.loops.header(x) == header)
    {
        let latches = a2.loops.latches(&a2.cfg, l2);
        let action = match r {
            followup::FollowupResult::NotSpecified | followup::FollowupResult::Remove => {
                LoopIdAction::Remove
            }
            followup::FollowupResult::KeepOriginal => match orig_id {
                Some(n) => LoopIdAction::Set(n),
                None => LoopIdAction::Remove,
            },
            followup::FollowupResult::New(n) => LoopIdAction::Set(n),
        };
        action.apply(f, &latches);
    }
    true
}

/// Gives the remainder loop (headed by `header`) its LoopID.
pub fn set_remainder_loop_id(
    f: &mut Function,
    a: &FnAnalyses,
    header: Block,
    action: LoopIdAction,
) {
    let Some(l) = a
        .loops
        .loop_for(header)
        .filter(|&l| a.loops.header(l) == header)
    else {
        return;
    };
    let latches = a.loops.latches(&a.cfg, l);
    // The remainder's latch branch was built without a LoopID.
    for &b in &latches {
        if let Some(t) = f.terminator(b) {
            f.inst_mut(t).md().remove(MdKind::LOOP);
        }
    }
    action.apply(f, &latches);
}
