//! Plans as data: LLVM 19's VPlan for one loop at one width and
//! interleave count, built from legality's [`Legal`] and a
//! [`WidthDecisions`] (the cost model's; [`legal_decisions`] in unit
//! tests), read by [`super::transform`], which executes it and decides
//! nothing.
//!
//! A [`VPlan`] has VPlan's shape: the vector preheader (the trip count,
//! the minimum-iteration check, the SCEV predicate checks and the run-time
//! memory checks, every expression already copied out of scalar
//! evolution as an owned [`Expr`]), the loop region as a list of
//! [`Recipe`]s in execution order (the canonical induction, widened
//! inductions, reduction and recurrence phis, widened and replicated
//! instructions, the recurrence splices, the branch on the count) and the
//! middle block's [`LiveOut`] computations for the exit's LCSSA phis and
//! the scalar loop's resume values.
//!
//! The planner builds recipes from the decisions; where a decision would
//! give wrong code (an instruction kept for the first lane only whose
//! other lanes are needed), it keeps the instruction scalar for every lane
//! instead, which is always correct. Everything the transform cannot do is
//! refused here, before any edit, with a reason ([`PlanError`]).
//!
//! `-print-vplan` prints each plan ([`VPlan::print`]).

use super::decision::{MemWidening, WidthDecisions};
use super::legality::Legal;
use crate::utils::expand::{self, pred, Expr};
use loopwright_analysis::ivdesc::{InductionKind, InductionStep, RecurKind};
use loopwright_analysis::laa::InterleaveGroup;
use loopwright_analysis::loops::Loop;
use loopwright_analysis::scev::ScalarEvolution;
use loopwright_analysis::{ControlFlowGraph, LoopForest};
use loopwright_ir::{Block, Extra, Flags, Function, Inst, Module, Opcode, Operand, Type, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write as _;

/// Which lanes of a replicated (scalar) instruction are computed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lanes {
    /// Every lane of every part (LLVM's `VPReplicateRecipe`).
    All,
    /// Lane 0 of every part only: its users need no other lane (address
    /// computations of consecutive accesses; LLVM's uniform-per-part
    /// values).
    First,
    /// One value per part, the same in every lane (operands loop
    /// invariant, or a load from a loop-invariant address).
    Uniform,
}

/// One step of the vector loop's body, in execution order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recipe {
    /// `%index`: 0, +VF·IC, in the trip count's type (`CANONICAL-INDUCTION`).
    CanonicalIv,
    /// An induction phi (`WIDEN-INDUCTION`); `vector`: a vector of its
    /// lanes is needed (else only scalar steps, `SCALAR-STEPS`).
    Induction { phi: Inst, vector: bool },
    /// A reduction phi with a vector phi per part (`WIDEN-REDUCTION-PHI`).
    ReductionPhi { phi: Inst },
    /// A first-order recurrence phi (`FIRST-ORDER-RECURRENCE-PHI`).
    RecurrencePhi { phi: Inst },
    /// An instruction on vectors (`WIDEN`, `WIDEN-CAST`, `WIDEN-GEP`,
    /// `WIDEN-SELECT`); `drop_wrap`: a reassociated reduction operation
    /// (its `nsw`/`nuw` are dropped).
    Widen { inst: Inst, drop_wrap: bool },
    /// A call of an intrinsic with a vector form (`WIDEN-CALL`).
    WidenCall { inst: Inst, vector_name: String },
    /// A load of consecutive lanes (`WIDEN load`); `reverse`: decreasing
    /// addresses.
    WidenLoad { inst: Inst, reverse: bool },
    /// A store of consecutive lanes (`WIDEN store`).
    WidenStore { inst: Inst, reverse: bool },
    /// A scalar copy per lane (`REPLICATE`/`CLONE`).
    Replicate { inst: Inst, lanes: Lanes },
    /// A load or store of one lane per address of a vector of pointers
    /// (`WIDEN` through `llvm.masked.gather`/`llvm.masked.scatter`, all
    /// lanes enabled).
    GatherScatter { inst: Inst },
    /// An interleave group (`INTERLEAVE-GROUP`): at the group's insert
    /// position, one wide load per part split into the members by
    /// shuffles, or the members' vectors interleaved into one wide store.
    Interleave { group: InterleaveGroup },
    /// The recurrence's value in this iteration: the last lane of the
    /// previous part spliced with the new one (`EMIT splice`), emitted
    /// right after the recurrence's previous value.
    RecurrenceSplice { phi: Inst },
    /// `%index.next` and the branch on `%index.next == n.vec`.
    BranchOnCount,
}

/// What the middle block gives an exit phi (for the edge from the middle
/// block), or the scalar loop's resume value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LiveOut {
    /// A value from outside the loop, unchanged.
    Invariant(Operand),
    /// The finished reduction (`compute-reduction-result`).
    Reduction(Inst),
    /// The induction's value after the last vector iteration
    /// (`start + n.vec·step`): its update's value in the last iteration.
    InductionEnd(Inst),
    /// The induction phi's value in the last iteration
    /// (`start + (n.vec - 1)·step`).
    InductionLast(Inst),
    /// The recurrence phi's value in the last iteration (the
    /// penultimate lane of its previous value).
    RecurrencePenultimate(Inst),
    /// The last lane of the last part of an instruction of the loop.
    LastLane(Inst),
}

/// An induction as the transform needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InductionPlan {
    pub phi: Inst,
    pub kind: InductionKind,
    pub start: Operand,
    /// The step: an integer expression (for pointers, in bytes), or the
    /// floating-point step operand.
    pub step: StepPlan,
    /// The induction's update (`bin_op`), if it has one in the loop.
    pub update: Option<Inst>,
    /// The update's fast-math flags (floating-point inductions).
    pub fast_math: Flags,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepPlan {
    Int(Expr),
    Fp(Operand),
}

/// A reduction as the transform needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReductionPlan {
    pub phi: Inst,
    pub kind: RecurKind,
    pub start: Operand,
    pub exit: Inst,
    pub fast_math: Flags,
}

/// A first-order recurrence as the transform needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecurrencePlan {
    pub phi: Inst,
    pub start: Operand,
    pub previous: Inst,
}

/// One run-time check group: its bounds and whether they are frozen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupPlan {
    pub low: Expr,
    pub high: Expr,
    pub freeze: bool,
}

/// The vector preheader's checks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChecksPlan {
    /// The SCEV predicates' checks (`vector.scevcheck`).
    pub predicates: Vec<pred::Check>,
    /// The run-time check groups and the pairs that must not overlap
    /// (`vector.memcheck`).
    pub groups: Vec<GroupPlan>,
    pub pairs: Vec<(usize, usize)>,
}

/// A plan for one loop at one width and interleave count.
#[derive(Clone, Debug)]
pub struct VPlan {
    pub vf: u32,
    pub ic: u32,
    pub header: Block,
    pub latch: Block,
    pub preheader: Block,
    pub exit: Block,
    /// The loop's blocks in layout order (a chain: each dominates the
    /// latch).
    pub blocks: Vec<Block>,
    /// The trip count (backedge-taken count + 1) in its type.
    pub trip_count: Expr,
    /// The trip count as scalar evolution prints it (for the printer).
    pub trip_count_text: String,
    pub trip_count_bits: u32,
    pub checks: ChecksPlan,
    pub inductions: Vec<InductionPlan>,
    pub reductions: Vec<ReductionPlan>,
    pub recurrences: Vec<RecurrencePlan>,
    pub body: Vec<Recipe>,
    /// Each exit phi with what the middle block gives it.
    pub exit_phis: Vec<(Inst, LiveOut)>,
    /// The memory widening of each load and store (for the printer).
    pub decisions: WidthDecisions,
}

impl VPlan {
    /// The plan of induction `phi` (a header phi the plan widens).
    pub fn induction(&self, phi: Inst) -> &InductionPlan {
        self.inductions
            .iter()
            .find(|d| d.phi == phi)
            .expect("an induction of the plan")
    }

    /// The plan of reduction `phi`.
    pub fn reduction(&self, phi: Inst) -> &ReductionPlan {
        self.reductions
            .iter()
            .find(|d| d.phi == phi)
            .expect("a reduction of the plan")
    }

    /// The plan of fixed-order recurrence `phi`.
    pub fn recurrence(&self, phi: Inst) -> &RecurrencePlan {
        self.recurrences
            .iter()
            .find(|d| d.phi == phi)
            .expect("a recurrence of the plan")
    }
}

/// Why a loop has no plan (the transform cannot execute one for it yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanError(pub String);

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn refuse<T>(s: impl Into<String>) -> Result<T, PlanError> {
    Err(PlanError(s.into()))
}

/// The pointer operand and the accessed type of a load or store.
pub fn access(m: &Module, f: &Function, i: Inst) -> Option<(Operand, Type)> {
    let d = f.inst(i);
    match d.opcode {
        Opcode::Load => Some((d.operands()[0], d.ty)),
        Opcode::Store => Some((d.operands()[1], f.operand_type(d.operands()[0], &m.consts))),
        _ => None,
    }
}

/// The loop's instructions in block order (debug records left out).
fn loop_insts(f: &Function, blocks: &[Block]) -> Vec<Inst> {
    blocks
        .iter()
        .flat_map(|&b| f.layout.block_insts(b))
        .filter(|&i| !f.inst(i).opcode.is_debug_record())
        .collect()
}

/// The users of `v` that are instructions (debug records left out: debug
/// info must not change the code).
fn users(f: &Function, v: loopwright_ir::Value) -> impl Iterator<Item = Inst> + '_ {
    f.uses(v)
        .iter()
        .copied()
        .filter(move |&u| !f.inst(u).opcode.is_debug_record())
}

fn inst_of(f: &Function, op: Operand) -> Option<Inst> {
    match op {
        Operand::Value(v) => match f.value_def(v) {
            ValueDef::Result(i) => Some(i),
            _ => None,
        },
        _ => None,
    }
}

/// The decisions legality alone implies at width `vf` (the planner's unit
/// tests use them; the pass uses the cost model's): a load or store whose address advances by its size
/// each iteration is widened, by minus its size widened in reverse; one
/// at a loop-invariant address is scalarized once for all lanes (uniform);
/// any other is scalarized per lane. Address computations that only feed
/// widened accesses are uniform (first lane only); those that only feed
/// per-lane accesses stay scalar.
pub fn legal_decisions(
    m: &Module,
    f: &Function,
    lf: &LoopForest,
    se: &mut ScalarEvolution,
    l: Loop,
    legal: &Legal,
    vf: u32,
) -> WidthDecisions {
    let dl = loopwright_ir::datalayout::DataLayout::of_module(m);
    let blocks: Vec<Block> = lf.data(l).blocks().to_vec();
    let insts = loop_insts(f, &blocks);
    let in_loop: FxHashSet<Inst> = insts.iter().copied().collect();
    let mut memory = Vec::new();
    for &i in &insts {
        let Some((ptr, ty)) = access(m, f, i) else {
            continue;
        };
        let size = dl.alloc_size(&m.types, ty);
        let w = if legal.uniform_mem_ops.contains(&i) {
            MemWidening::Scalarize
        } else {
            let s = se.get_scev(ptr);
            let step = se
                .as_add_rec(s)
                .filter(|&(ops, al)| al == l && ops.len() == 2)
                .map(|(ops, _)| ops[1]);
            let step = step.and_then(|st| se.as_const(st)).map(|c| c.s());
            let same = size == dl.store_size(&m.types, ty) && size > 0;
            match step {
                Some(st) if same && st == i128::from(size) => MemWidening::Widen,
                Some(st) if same && st == -i128::from(size) => MemWidening::WidenReverse,
                _ => MemWidening::Scalarize,
            }
        };
        memory.push((i, w));
    }
    let widened = |i: Inst| {
        memory
            .iter()
            .any(|&(x, w)| x == i && matches!(w, MemWidening::Widen | MemWidening::WidenReverse))
    };
    let scalarized = |i: Inst| {
        memory
            .iter()
            .any(|&(x, w)| x == i && w == MemWidening::Scalarize)
    };
    // Values a user needs for lane 0 only, or per lane as scalars: the
    // pointer operand of a widened (resp. scalarized) access.
    let uses_as_ptr = |u: Inst, i: Inst| {
        let d = f.inst(u);
        let ops = d.operands();
        let target = f.inst_result(i).map(Operand::Value);
        match d.opcode {
            Opcode::Load => Some(ops[0]) == target,
            Opcode::Store => Some(ops[1]) == target && Some(ops[0]) != target,
            _ => false,
        }
    };
    let candidates: Vec<Inst> = insts
        .iter()
        .copied()
        .filter(|&i| {
            let d = f.inst(i);
            f.inst_result(i).is_some()
                && !matches!(d.opcode, Opcode::Phi | Opcode::Load | Opcode::Call)
                && !legal.live_outs.contains(&i)
        })
        .collect();
    let fixed_point = |ok_user: &dyn Fn(Inst, Inst) -> bool| -> Vec<Inst> {
        let mut set: FxHashSet<Inst> = candidates.iter().copied().collect();
        loop {
            let mut changed = false;
            for &i in &candidates {
                if !set.contains(&i) {
                    continue;
                }
                let v = f.inst_result(i).expect("candidates have results");
                let good = users(f, v).all(|u| {
                    in_loop.contains(&u)
                        && f.inst(u).opcode != Opcode::Phi
                        && (ok_user(u, i) || set.contains(&u))
                });
                if !good {
                    set.remove(&i);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        candidates
            .iter()
            .copied()
            .filter(|i| set.contains(i))
            .collect()
    };
    let uniforms = fixed_point(&|u, i| widened(u) && uses_as_ptr(u, i));
    let mut scalars = fixed_point(&|u, i| scalarized(u) && uses_as_ptr(u, i));
    for &u in &uniforms {
        if !scalars.contains(&u) {
            scalars.push(u);
        }
    }
    WidthDecisions {
        vf,
        memory,
        scalars,
        uniforms,
        ..WidthDecisions::default()
    }
}

/// Trivially vectorizable intrinsics (LLVM's `isTriviallyVectorizable`,
/// those whose vector form is the same name on vector types).
fn vectorizable_intrinsic(name: &str) -> bool {
    const BASES: &[&str] = &[
        "abs",
        "smin",
        "smax",
        "umin",
        "umax",
        "fshl",
        "fshr",
        "sqrt",
        "sin",
        "cos",
        "exp",
        "exp2",
        "log",
        "log10",
        "log2",
        "fabs",
        "minnum",
        "maxnum",
        "minimum",
        "maximum",
        "copysign",
        "floor",
        "ceil",
        "trunc",
        "rint",
        "nearbyint",
        "round",
        "roundeven",
        "pow",
        "fma",
        "fmuladd",
        "ctlz",
        "cttz",
        "ctpop",
        "bswap",
        "bitreverse",
        "sadd.sat",
        "uadd.sat",
        "ssub.sat",
        "usub.sat",
    ];
    let Some(rest) = name.strip_prefix("llvm.") else {
        return false;
    };
    BASES.iter().any(|b| {
        rest.strip_prefix(b)
            .and_then(|r| r.strip_prefix('.'))
            .is_some_and(|suffix| !suffix.contains('.'))
    })
}

/// Operand `k` of intrinsic `name` stays scalar in the vector form.
pub fn scalar_intrinsic_operand(name: &str, k: usize) -> bool {
    let rest = name.strip_prefix("llvm.").unwrap_or(name);
    let base = |b: &str| rest.strip_prefix(b).is_some_and(|r| r.starts_with('.'));
    k == 1 && (base("abs") || base("ctlz") || base("cttz"))
}

/// The mangled type suffix LLVM gives a scalar type (`i32`, `f64`).
fn type_suffix(m: &Module, t: Type) -> Option<String> {
    if let Some(bits) = m.types.int_width(t) {
        return Some(format!("i{bits}"));
    }
    match m.types.float_bits(t) {
        Some(16) => Some("f16".into()),
        Some(32) => Some("f32".into()),
        Some(64) => Some("f64".into()),
        _ => None,
    }
}

/// The vector form's name of intrinsic call `i` at `vf` lanes.
fn vector_intrinsic_name(m: &Module, f: &Function, i: Inst, vf: u32) -> Option<String> {
    let d = f.inst(i);
    let name = crate::utils::callee_name(m, d)?;
    if !vectorizable_intrinsic(name) {
        return None;
    }
    let suffix = type_suffix(m, d.ty)?;
    let (base, last) = name.rsplit_once('.')?;
    if last != suffix {
        return None;
    }
    Some(if vf == 1 {
        name.to_owned()
    } else {
        format!("{base}.v{vf}{suffix}")
    })
}

/// Builds the plan of loop `l` at width `vf` (1: interleaving only) and
/// interleave count `ic` from `legal` and `decisions`.
#[allow(clippy::too_many_arguments)]
pub fn build(
    m: &Module,
    f: &Function,
    cfg: &ControlFlowGraph,
    lf: &LoopForest,
    se: &mut ScalarEvolution,
    l: Loop,
    legal: &Legal,
    decisions: &WidthDecisions,
    ic: u32,
) -> Result<VPlan, PlanError> {
    let vf = decisions.vf.max(1);
    let ic = ic.max(1);
    if vf * ic < 2 {
        return refuse("width and interleave count 1");
    }
    let header = lf.header(l);
    let latches = lf.latches(cfg, l);
    let [latch] = latches[..] else {
        return refuse("several latches");
    };
    let Some(preheader) = lf.preheader(f, cfg, l) else {
        return refuse("no preheader");
    };
    // In execution order (the layout may put a block of a straight-line
    // body before the block that leads to it, as full unrolling of an inner
    // loop does), so that every operand is defined before its use.
    let blocks: Vec<Block> = lf.blocks_rpo(cfg, l);
    let term = f.terminator(latch).expect("a latch ends in a branch");
    let td = f.inst(term);
    if td.opcode != Opcode::Br || td.operands().len() != 3 {
        return refuse("the latch does not end in a conditional branch");
    }
    let (t, e) = match (td.operands()[1], td.operands()[2]) {
        (Operand::Block(t), Operand::Block(e)) => (t, e),
        _ => return refuse("malformed latch branch"),
    };
    let exit = if t == header {
        e
    } else if e == header {
        t
    } else {
        return refuse("the latch does not branch to the header");
    };
    if exit == header {
        return refuse("the latch branches to the header twice");
    }
    for &b in &blocks {
        if b != header && !crate::utils::phis(f, b).is_empty() {
            return refuse("phis in a block other than the header");
        }
        if b != latch {
            let bt = f.terminator(b).expect("blocks end in terminators");
            if f.inst(bt).opcode != Opcode::Br || f.inst(bt).operands().len() != 1 {
                return refuse("a block other than the latch branches conditionally");
            }
        }
    }
    // The trip count and its type.
    let btc = se
        .backedge_taken_count(l)
        .exact
        .ok_or_else(|| PlanError("no exact backedge-taken count".into()))?;
    let ty = se.ty(btc);
    let bits = se.type_bits(ty);
    if bits > 64 || (u64::from(vf) * u64::from(ic)) >= (1u64 << (bits.min(63) - 1)) {
        return refuse(format!(
            "VF·IC = {} does not fit the trip count's type (i{bits})",
            vf * ic
        ));
    }
    let one = se.get_one(ty);
    let tc = se.get_add2(btc, one, Default::default());
    let Some(trip_count) = expand::extract(se, tc) else {
        return refuse("the trip count cannot be expanded");
    };
    let trip_count_text = se.expr_to_string(tc);
    // Checks.
    let mut checks = ChecksPlan::default();
    // The stride predicates come from asking whether accesses are
    // consecutive, which only vector widths do.
    let predicates = if vf > 1 {
        legal.all_predicates()
    } else {
        legal.predicates.clone()
    };
    for p in predicates {
        match pred::plan(se, p, btc) {
            Some(c) => checks.predicates.push(c),
            None => return refuse("a SCEV predicate has no run-time check"),
        }
    }
    let rt = &legal.memory.runtime;
    if rt.need {
        let used: FxHashSet<usize> = rt.checks.iter().flat_map(|&(a, b)| [a, b]).collect();
        let mut index = FxHashMap::default();
        for (k, g) in rt.groups.iter().enumerate() {
            if !used.contains(&k) {
                continue;
            }
            let (Some(low), Some(high)) = (expand::extract(se, g.low), expand::extract(se, g.high))
            else {
                return refuse("a check group's bounds cannot be expanded");
            };
            index.insert(k, checks.groups.len());
            checks.groups.push(GroupPlan {
                low,
                high,
                freeze: g.needs_freeze,
            });
        }
        checks.pairs = rt
            .checks
            .iter()
            .map(|(a, b)| (index[a], index[b]))
            .collect();
    }
    if let Some(bits) = legal.memory.max_safe_width_bits {
        let dl = loopwright_ir::datalayout::DataLayout::of_module(m);
        let widest = legal
            .memory
            .mem_insts
            .iter()
            .filter_map(|&i| access(m, f, i))
            .map(|(_, t)| dl.alloc_size(&m.types, t))
            .max()
            .unwrap_or(1)
            .max(1);
        let lanes = bits / (8 * widest);
        if u64::from(vf) * u64::from(ic) > lanes {
            return refuse(format!(
                "VF·IC = {} exceeds the maximum safe number of lanes ({lanes})",
                vf * ic
            ));
        }
    }
    // Inductions, reductions, recurrences.
    let mut inductions = Vec::new();
    for (phi, d) in &legal.inductions {
        if !d.casts.is_empty() || !d.predicates.is_empty() {
            return refuse("an induction needs predicates or casts");
        }
        let step = match d.step {
            InductionStep::Scev(s) => match expand::extract(se, s) {
                Some(e) => StepPlan::Int(e),
                None => return refuse("an induction step cannot be expanded"),
            },
            InductionStep::Fp(op) => StepPlan::Fp(op),
        };
        inductions.push(InductionPlan {
            phi: *phi,
            kind: d.kind,
            start: d.start,
            step,
            update: d.bin_op,
            fast_math: d
                .bin_op
                .map_or(Flags::NONE, |b| Flags(f.inst(b).flags.0 & Flags::FAST.0)),
        });
    }
    let mut reductions = Vec::new();
    for (phi, r) in &legal.reductions {
        use RecurKind::*;
        if !matches!(
            r.kind,
            Add | Mul
                | Or
                | And
                | Xor
                | SMin
                | SMax
                | UMin
                | UMax
                | FAdd
                | FMul
                | FMin
                | FMax
                | FMulAdd
        ) {
            return refuse(format!("{:?} reductions are not implemented yet", r.kind));
        }
        if r.intermediate_store.is_some() {
            return refuse("reductions stored to an invariant address are not implemented yet");
        }
        if r.narrowed_bits.is_some() {
            return refuse("narrowed reductions are not implemented yet");
        }
        // LLVM's `useOrderedReductions`: in order only when the hints do
        // not allow reordering (x86 has no in-order reductions, so
        // legality has refused those loops unless forced otherwise).
        if r.ordered && !legal.allow_reordering {
            return refuse("in-order reductions are not implemented yet");
        }
        let fty = f.inst(*phi).ty;
        if m.types.is_float(fty) && !matches!(m.types.float_bits(fty), Some(32 | 64)) {
            return refuse("reductions of this floating-point type are not implemented yet");
        }
        reductions.push(ReductionPlan {
            phi: *phi,
            kind: r.kind,
            start: r.start,
            exit: r.exit,
            fast_math: r.fast_math,
        });
    }
    let mut recurrences = Vec::new();
    for (phi, r) in &legal.recurrences {
        if r.order != 1 {
            return refuse("recurrences of order above 1 are not implemented yet");
        }
        recurrences.push(RecurrencePlan {
            phi: *phi,
            start: r.start,
            previous: r.previous,
        });
    }
    // Which instructions the vector loop needs.
    let insts = loop_insts(f, &blocks);
    let in_loop: FxHashSet<Inst> = insts.iter().copied().collect();
    let mut exit_phis = Vec::new();
    let mut live_insts = Vec::new();
    for phi in crate::utils::phis(f, exit) {
        let Some(v) = crate::utils::phi_value_for(f, phi, latch) else {
            return refuse("an exit phi without an entry for the latch");
        };
        let lo = match inst_of(f, v).filter(|i| in_loop.contains(i)) {
            None => LiveOut::Invariant(v),
            Some(i) => {
                live_insts.push(i);
                if let Some(r) = reductions.iter().find(|r| r.exit == i) {
                    LiveOut::Reduction(r.phi)
                } else if inductions.iter().any(|d| d.phi == i) {
                    LiveOut::InductionLast(i)
                } else if let Some(d) = inductions.iter().find(|d| d.update == Some(i)) {
                    LiveOut::InductionEnd(d.phi)
                } else if recurrences.iter().any(|r| r.phi == i) {
                    LiveOut::RecurrencePenultimate(i)
                } else if f.inst(i).opcode == Opcode::Phi {
                    return refuse("a header phi used after the loop");
                } else {
                    LiveOut::LastLane(i)
                }
            }
        };
        exit_phis.push((phi, lo));
    }
    // Every use outside the loop must be an exit phi's (LCSSA).
    for &i in &insts {
        if let Some(v) = f.inst_result(i) {
            for &u in f.uses(v) {
                let ub = f.layout.inst_block(u);
                if ub.is_some_and(|b| blocks.contains(&b)) {
                    continue;
                }
                let ok = ub == Some(exit) && f.inst(u).opcode == Opcode::Phi;
                if !ok {
                    return refuse(
                        "a value of the loop is used outside it other than by an exit phi",
                    );
                }
            }
        }
    }
    let mut needed: FxHashSet<Inst> = FxHashSet::default();
    let mut work: Vec<Inst> = Vec::new();
    for &i in &insts {
        let d = f.inst(i);
        match d.opcode {
            Opcode::Store => work.push(i),
            Opcode::Call => {
                let name = crate::utils::callee_name(m, d).unwrap_or("");
                if vector_intrinsic_name(m, f, i, vf).is_none() {
                    return refuse(format!("a call ({name}) that has no vector form here"));
                }
                work.push(i);
            }
            Opcode::Load => {
                if let Extra::Mem { atomic, .. } = &d.extra {
                    if atomic.is_some() {
                        return refuse("an atomic access");
                    }
                }
                if d.flags.contains(Flags::VOLATILE) {
                    return refuse("a volatile access");
                }
            }
            _ => {}
        }
        if d.opcode == Opcode::Store && d.flags.contains(Flags::VOLATILE) {
            return refuse("a volatile access");
        }
    }
    work.extend(live_insts.iter().copied());
    for r in &reductions {
        work.push(r.exit);
    }
    // A recurrence's phi too, used or not: the splice after its previous
    // value needs the phi's recipe (an unused recurrence panicked in the
    // transform; found by fuzzing), and LLVM's plan has both.
    for r in &recurrences {
        work.push(r.previous);
        work.push(r.phi);
    }
    // Interleave groups: a member's address is not needed (the group's
    // comes from its insert position), and a needed load member needs the
    // group's insert position.
    let groups: Vec<&InterleaveGroup> = decisions
        .groups
        .iter()
        .filter(|g| {
            g.members
                .iter()
                .all(|&(_, x)| decisions.memory_of(x) == Some(MemWidening::Interleave))
        })
        .collect();
    let group_of: FxHashMap<Inst, usize> = groups
        .iter()
        .enumerate()
        .flat_map(|(k, g)| g.members.iter().map(move |&(_, x)| (x, k)))
        .collect();
    for g in &groups {
        if g.store && !g.is_full() {
            return refuse("an interleaved store group with gaps");
        }
    }
    while let Some(i) = work.pop() {
        if !needed.insert(i) {
            continue;
        }
        let d = f.inst(i);
        if d.opcode == Opcode::Phi {
            continue;
        }
        let mut ops: Vec<Operand> = d.operands().to_vec();
        if let Some(&k) = group_of.get(&i) {
            let g = groups[k];
            ops = Vec::new();
            if d.opcode == Opcode::Store {
                ops.push(d.operands()[0]);
            }
            if i == g.insert_pos {
                ops.push(access(m, f, i).expect("a memory access").0);
            } else {
                work.push(g.insert_pos);
            }
        }
        for op in ops {
            if let Some(j) = inst_of(f, op).filter(|j| in_loop.contains(j)) {
                work.push(j);
            }
        }
    }
    // Reduction chains: operations between the phi and its exit value,
    // which the vector loop reassociates.
    let mut chain: FxHashSet<Inst> = FxHashSet::default();
    for r in &reductions {
        let mut fwd: FxHashSet<Inst> = FxHashSet::default();
        let mut w = vec![r.phi];
        while let Some(i) = w.pop() {
            if !fwd.insert(i) {
                continue;
            }
            if let Some(v) = f.inst_result(i) {
                for u in users(f, v) {
                    if in_loop.contains(&u) && f.inst(u).opcode != Opcode::Phi {
                        w.push(u);
                    }
                }
            }
        }
        let mut w = vec![r.exit];
        let mut back: FxHashSet<Inst> = FxHashSet::default();
        while let Some(i) = w.pop() {
            if !back.insert(i) || f.inst(i).opcode == Opcode::Phi {
                continue;
            }
            for &op in f.inst(i).operands() {
                if let Some(j) = inst_of(f, op).filter(|j| in_loop.contains(j)) {
                    w.push(j);
                }
            }
        }
        for i in fwd.intersection(&back) {
            if *i != r.phi {
                chain.insert(*i);
            }
        }
        // The chain's values must not be used by anything but the chain
        // (legality's reduction descriptor guarantees it).
    }
    // Uniform values: the same in every lane.
    let mut uniform_value: FxHashSet<Inst> = FxHashSet::default();
    for &i in &insts {
        let d = f.inst(i);
        let ok = match d.opcode {
            Opcode::Phi | Opcode::Store | Opcode::Call | Opcode::Br => false,
            Opcode::Load => legal.uniform_mem_ops.contains(&i),
            _ => d.operands().iter().all(|&op| match inst_of(f, op) {
                Some(j) if in_loop.contains(&j) => uniform_value.contains(&j),
                _ => true,
            }),
        };
        if ok && f.inst_result(i).is_some() {
            uniform_value.insert(i);
        }
    }
    // The recipes.
    let mut kinds: FxHashMap<Inst, Recipe> = FxHashMap::default();
    for &i in &insts {
        if !needed.contains(&i) {
            continue;
        }
        let d = f.inst(i);
        let r = match d.opcode {
            Opcode::Phi => {
                if inductions.iter().any(|x| x.phi == i) {
                    Recipe::Induction {
                        phi: i,
                        vector: true,
                    }
                } else if reductions.iter().any(|x| x.phi == i) {
                    Recipe::ReductionPhi { phi: i }
                } else if recurrences.iter().any(|x| x.phi == i) {
                    Recipe::RecurrencePhi { phi: i }
                } else {
                    return refuse("a header phi that is no induction, reduction or recurrence");
                }
            }
            Opcode::Load | Opcode::Store if group_of.contains_key(&i) => {
                let g = groups[group_of[&i]];
                if i != g.insert_pos {
                    continue;
                }
                Recipe::Interleave { group: g.clone() }
            }
            Opcode::Load | Opcode::Store => {
                let load = d.opcode == Opcode::Load;
                match decisions.memory_of(i) {
                    Some(MemWidening::Widen) if load => Recipe::WidenLoad {
                        inst: i,
                        reverse: false,
                    },
                    Some(MemWidening::WidenReverse) if load => Recipe::WidenLoad {
                        inst: i,
                        reverse: true,
                    },
                    Some(MemWidening::Widen) => Recipe::WidenStore {
                        inst: i,
                        reverse: false,
                    },
                    Some(MemWidening::WidenReverse) => Recipe::WidenStore {
                        inst: i,
                        reverse: true,
                    },
                    Some(MemWidening::Scalarize) => Recipe::Replicate {
                        inst: i,
                        lanes: if load && uniform_value.contains(&i) {
                            Lanes::Uniform
                        } else {
                            Lanes::All
                        },
                    },
                    Some(MemWidening::GatherScatter) => Recipe::GatherScatter { inst: i },
                    Some(w) => return refuse(format!("{w:?} accesses are not implemented yet")),
                    None => return refuse("a memory operation without a decision"),
                }
            }
            Opcode::Call => Recipe::WidenCall {
                inst: i,
                vector_name: vector_intrinsic_name(m, f, i, vf)
                    .expect("checked when collecting roots"),
            },
            _ if uniform_value.contains(&i) && !chain.contains(&i) => Recipe::Replicate {
                inst: i,
                lanes: Lanes::Uniform,
            },
            _ if decisions.uniforms.contains(&i) => Recipe::Replicate {
                inst: i,
                lanes: Lanes::First,
            },
            _ if decisions.scalars.contains(&i) => Recipe::Replicate {
                inst: i,
                lanes: Lanes::All,
            },
            op if widenable(op) => Recipe::Widen {
                inst: i,
                drop_wrap: chain.contains(&i),
            },
            _ => Recipe::Replicate {
                inst: i,
                lanes: Lanes::All,
            },
        };
        kinds.insert(i, r);
    }
    // A value kept for its first lane only must feed only users that read
    // nothing else (the pointer of a widened access, or another such
    // value); otherwise all its lanes are computed.
    loop {
        let mut changed = false;
        for &i in &insts {
            let first = matches!(
                kinds.get(&i),
                Some(Recipe::Replicate {
                    lanes: Lanes::First,
                    ..
                })
            );
            if !first {
                continue;
            }
            let v = f.inst_result(i).expect("replicated values have results");
            let ok = users(f, v).all(|u| match kinds.get(&u) {
                _ if group_of.contains_key(&u) => {
                    f.inst(u).opcode != Opcode::Store
                        || f.inst(u).operands()[0] != Operand::Value(v)
                }
                None => in_loop.contains(&u),
                Some(Recipe::WidenLoad { .. }) => true,
                Some(Recipe::WidenStore { .. }) => f.inst(u).operands()[0] != Operand::Value(v),
                Some(Recipe::Replicate {
                    lanes: Lanes::First,
                    ..
                }) => true,
                _ => false,
            });
            if !ok || live_insts.contains(&i) || chain.contains(&i) {
                kinds.insert(
                    i,
                    Recipe::Replicate {
                        inst: i,
                        lanes: Lanes::All,
                    },
                );
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Inductions only read through their first lanes need no vector.
    for x in &inductions {
        let Some(v) = f.inst_result(x.phi) else {
            continue;
        };
        let first_only = users(f, v).all(|u| match kinds.get(&u) {
            _ if group_of.contains_key(&u) => {
                f.inst(u).opcode != Opcode::Store || f.inst(u).operands()[0] != Operand::Value(v)
            }
            None => true,
            Some(Recipe::Replicate {
                lanes: Lanes::First | Lanes::All,
                ..
            }) => true,
            Some(Recipe::WidenLoad { .. }) => true,
            Some(Recipe::WidenStore { .. }) => f.inst(u).operands()[0] != Operand::Value(v),
            _ => false,
        });
        if let Some(Recipe::Induction { vector, .. }) = kinds.get_mut(&x.phi) {
            *vector = !first_only || vf == 1;
        }
    }
    // The body in order: phis first (canonical induction, then header
    // phis), then the instructions, with each recurrence's users sunk
    // after its previous value and the splice right after that value.
    let mut body = vec![Recipe::CanonicalIv];
    let mut deferred: FxHashMap<Inst, Vec<Inst>> = FxHashMap::default();
    let mut sunk: FxHashSet<Inst> = FxHashSet::default();
    for (phi, r) in &legal.recurrences {
        for &s in &r.sink {
            sunk.insert(s);
            deferred.entry(*phi).or_default().push(s);
        }
    }
    let mut emitted: FxHashSet<Inst> = FxHashSet::default();
    let mut splice_done: FxHashSet<Inst> = FxHashSet::default();
    let ordered: Vec<Inst> = insts
        .iter()
        .copied()
        .filter(|i| kinds.contains_key(i) && f.inst(*i).opcode == Opcode::Phi)
        .chain(
            insts
                .iter()
                .copied()
                .filter(|i| kinds.contains_key(i) && f.inst(*i).opcode != Opcode::Phi),
        )
        .collect();
    fn emit_one(
        i: Inst,
        kinds: &FxHashMap<Inst, Recipe>,
        recurrences: &[RecurrencePlan],
        deferred: &FxHashMap<Inst, Vec<Inst>>,
        body: &mut Vec<Recipe>,
        emitted: &mut FxHashSet<Inst>,
        splice_done: &mut FxHashSet<Inst>,
    ) {
        if !emitted.insert(i) {
            return;
        }
        body.push(kinds[&i].clone());
        for r in recurrences.iter().filter(|r| r.previous == i) {
            if splice_done.insert(r.phi) {
                body.push(Recipe::RecurrenceSplice { phi: r.phi });
                for &s in deferred.get(&r.phi).into_iter().flatten() {
                    if kinds.contains_key(&s) {
                        emit_one(s, kinds, recurrences, deferred, body, emitted, splice_done);
                    }
                }
            }
        }
    }
    for &i in &ordered {
        if sunk.contains(&i) {
            continue;
        }
        emit_one(
            i,
            &kinds,
            &recurrences,
            &deferred,
            &mut body,
            &mut emitted,
            &mut splice_done,
        );
    }
    for r in &recurrences {
        if !splice_done.contains(&r.phi) {
            return refuse("a recurrence's previous value is not computed in the loop");
        }
    }
    if ordered.iter().any(|i| !emitted.contains(i)) {
        return refuse("a sunk recurrence user could not be placed");
    }
    body.push(Recipe::BranchOnCount);
    // Every operand is defined before its use in the new order.
    {
        let mut defined: FxHashSet<Inst> = FxHashSet::default();
        let mut splices: FxHashSet<Inst> = FxHashSet::default();
        for r in &body {
            if let Recipe::Interleave { group } = r {
                let mut ops = Vec::new();
                for &(_, x) in &group.members {
                    let d = f.inst(x);
                    if d.opcode == Opcode::Store {
                        ops.push(d.operands()[0]);
                    }
                }
                ops.push(access(m, f, group.insert_pos).expect("a memory access").0);
                for op in ops {
                    if let Some(j) = inst_of(f, op).filter(|j| in_loop.contains(j)) {
                        let ok = defined.contains(&j)
                            && (!recurrences.iter().any(|r| r.phi == j) || splices.contains(&j));
                        if !ok {
                            return refuse("an operand is not computed before its use");
                        }
                    }
                }
                for &(_, x) in &group.members {
                    defined.insert(x);
                }
                continue;
            }
            let inst = match r {
                Recipe::Widen { inst, .. }
                | Recipe::WidenCall { inst, .. }
                | Recipe::WidenLoad { inst, .. }
                | Recipe::WidenStore { inst, .. }
                | Recipe::GatherScatter { inst }
                | Recipe::Replicate { inst, .. } => *inst,
                Recipe::Induction { phi, .. }
                | Recipe::ReductionPhi { phi }
                | Recipe::RecurrencePhi { phi } => {
                    defined.insert(*phi);
                    continue;
                }
                Recipe::RecurrenceSplice { phi } => {
                    splices.insert(*phi);
                    continue;
                }
                _ => continue,
            };
            for &op in f.inst(inst).operands() {
                if let Some(j) = inst_of(f, op).filter(|j| in_loop.contains(j)) {
                    let ok = defined.contains(&j)
                        && (!recurrences.iter().any(|r| r.phi == j) || splices.contains(&j));
                    if !ok {
                        return refuse("an operand is not computed before its use");
                    }
                }
            }
            defined.insert(inst);
        }
    }
    Ok(VPlan {
        vf,
        ic,
        header,
        latch,
        preheader,
        exit,
        blocks,
        trip_count,
        trip_count_text,
        trip_count_bits: bits,
        checks,
        inductions,
        reductions,
        recurrences,
        body,
        exit_phis,
        decisions: decisions.clone(),
    })
}

/// Opcodes a [`Recipe::Widen`] applies to vectors.
fn widenable(op: Opcode) -> bool {
    use Opcode::*;
    op.is_binary()
        || op.is_cast()
        || matches!(op, ICmp | FCmp | Select | FNeg | Freeze | GetElementPtr)
}

impl VPlan {
    /// The plan as `-print-vplan` prints it: `inst` prints an instruction
    /// of the function.
    pub fn print(&self, loop_name: &str, inst: &mut dyn FnMut(Inst) -> String) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "VPlan for loop %{loop_name}: VF={}, IC={} {{",
            self.vf, self.ic
        );
        let _ = writeln!(s, "vector.ph:");
        let _ = writeln!(s, "  EMIT vp<%tc> = trip-count {}", self.trip_count_text);
        let _ = writeln!(s, "  EMIT min-iters-check vp<%tc> < {}", self.vf * self.ic);
        if !self.checks.predicates.is_empty() {
            let _ = writeln!(
                s,
                "  EMIT scev-checks ({} predicates)",
                self.checks.predicates.len()
            );
        }
        if !self.checks.pairs.is_empty() {
            let _ = writeln!(
                s,
                "  EMIT memchecks ({} pairs over {} groups{})",
                self.checks.pairs.len(),
                self.checks.groups.len(),
                if self.checks.groups.iter().any(|g| g.freeze) {
                    ", frozen bounds"
                } else {
                    ""
                }
            );
        }
        let _ = writeln!(s, "vector.body:");
        for r in &self.body {
            let line = match r {
                Recipe::CanonicalIv => "EMIT vp<%index> = CANONICAL-INDUCTION 0, +VF*IC".into(),
                Recipe::Induction { phi, vector } => format!(
                    "{} {}",
                    if *vector {
                        "WIDEN-INDUCTION"
                    } else {
                        "SCALAR-STEPS"
                    },
                    inst(*phi)
                ),
                Recipe::ReductionPhi { phi } => {
                    let k = self
                        .reductions
                        .iter()
                        .find(|x| x.phi == *phi)
                        .map(|x| x.kind);
                    format!("WIDEN-REDUCTION-PHI ({k:?}) {}", inst(*phi))
                }
                Recipe::RecurrencePhi { phi } => {
                    format!("FIRST-ORDER-RECURRENCE-PHI {}", inst(*phi))
                }
                Recipe::Widen { inst: i, drop_wrap } => format!(
                    "WIDEN {}{}",
                    inst(*i),
                    if *drop_wrap { " (no wrap flags)" } else { "" }
                ),
                Recipe::WidenCall {
                    inst: i,
                    vector_name,
                } => format!("WIDEN-CALL {} (@{vector_name})", inst(*i)),
                Recipe::WidenLoad { inst: i, reverse } | Recipe::WidenStore { inst: i, reverse } => {
                    format!(
                        "WIDEN {}{}",
                        inst(*i),
                        if *reverse { " (reverse)" } else { "" }
                    )
                }
                Recipe::GatherScatter { inst: i } => {
                    format!("WIDEN {} (gather/scatter)", inst(*i))
                }
                Recipe::Replicate { inst: i, lanes } => format!(
                    "{} {}",
                    match lanes {
                        Lanes::All => "REPLICATE",
                        Lanes::First => "CLONE (first lane)",
                        Lanes::Uniform => "CLONE (uniform)",
                    },
                    inst(*i)
                ),
                Recipe::RecurrenceSplice { phi } => {
                    format!("EMIT splice of {}", inst(*phi))
                }
                Recipe::Interleave { group } => {
                    let mut t = format!(
                        "INTERLEAVE-GROUP factor {}{} at {}",
                        group.factor,
                        if group.reverse { " (reverse)" } else { "" },
                        inst(group.insert_pos)
                    );
                    for (k, x) in &group.members {
                        let _ = write!(t, "; {k}: {}", inst(*x));
                    }
                    t
                }
                Recipe::BranchOnCount => {
                    "EMIT vp<%index.next> = add vp<%index>, VF*IC; branch-on-count vp<%index.next>, n.vec"
                        .into()
                }
            };
            let _ = writeln!(s, "  {}", line.trim());
        }
        let _ = writeln!(s, "middle.block:");
        for r in &self.reductions {
            let _ = writeln!(
                s,
                "  EMIT compute-reduction-result ({:?}) {}",
                r.kind,
                inst(r.phi)
            );
        }
        for (phi, lo) in &self.exit_phis {
            let what = match lo {
                LiveOut::Invariant(_) => "unchanged".to_string(),
                LiveOut::Reduction(p) => format!("reduction result of {}", inst(*p)),
                LiveOut::InductionEnd(p) => format!("end value of {}", inst(*p)),
                LiveOut::InductionLast(p) => format!("last value of {}", inst(*p)),
                LiveOut::RecurrencePenultimate(p) => format!("penultimate lane for {}", inst(*p)),
                LiveOut::LastLane(i) => format!("last lane of {}", inst(*i)),
            };
            let _ = writeln!(s, "  LIVE-OUT {} = {}", inst(*phi).trim(), what);
        }
        let _ = writeln!(s, "  EMIT branch-on-cond vp<%tc> == n.vec");
        s.push_str("}\n");
        s
    }
}
