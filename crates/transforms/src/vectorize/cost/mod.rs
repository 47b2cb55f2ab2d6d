//! The loop vectorizer's cost model: LLVM 19's
//! `LoopVectorizationCostModel` and the choices `LoopVectorizePass::processLoop`
//! makes with it, for a loop legality accepted ([`super::Legal`]).
//!
//! [`decide`] answers one loop with a [`CostDecision`]: the candidate
//! widths with their decisions and costs, the chosen width and interleave
//! count ([`super::Selected`], the planner's input), the outcome and the
//! remarks LLVM emits for it, in LLVM's texts. In LLVM's order:
//!
//! 1. **The epilogue policy** (`getScalarEpilogueLowering`): `optsize`/
//!    `minsize` functions, the `vectorize.predicate.enable` hint, and
//!    loops whose best known trip count (exact, else constant maximum) is
//!    below `-vectorizer-min-trip-count` (16) and that are not forced:
//!    no scalar epilogue, so no run-time checks
//!    (`CantVersionLoopWithOptForSize`) and a tail folded by masking
//!    unless the trip count is a multiple of the width
//!    (`NoTailLoopWithOptForSize`, `UnknownLoopCountComplexCFG`).
//! 2. **The feasible widths** (`computeFeasibleMaxVF`,
//!    `getMaximizedVFForTarget`): the widest type of the loads, stores and
//!    reductions against the target's vector register width
//!    (`prefer-vector-width`, AVX-512 and `min-legal-vector-width` are in
//!    [`loopwright_target::Subtarget::register_bit_width`]), the maximum
//!    safe width of the dependences, a known small trip count, and
//!    `-vectorizer-maximize-bandwidth` (the smallest type instead, as long
//!    as the registers suffice). A user width above the safe width is
//!    clamped with LLVM's `VectorizationFactor` remark; a safe user width
//!    is taken as is, without costing.
//! 3. **Per width** ([`model`]): the widening of each load and store
//!    (consecutive: widen or widen-reverse; loop-invariant address:
//!    scalarize or gather by cost; otherwise gather/scatter or scalarize by
//!    cost), addresses kept scalar when the target does not prefer
//!    vectorized addressing, the uniforms and scalars after vectorization,
//!    and `expectedCost` through the target model.
//! 4. **The width** (`selectVectorizationFactor`, `isMoreProfitable`): the
//!    lowest cost per lane, compared by cross-multiplication, the smaller
//!    width winning ties; with a constant maximum trip count, the total
//!    cost of the iterations (vector iterations plus the scalar
//!    remainder); widths that generate no vector instruction are skipped;
//!    a forced loop never stays scalar.
//! 5. **The interleave count** (`selectInterleaveCount`): register
//!    pressure (`calculateRegisterUsage`), the target's maximum, the known
//!    trip count, reductions, small loops (`-small-loop-cost`, 20) and the
//!    load/store port rule.
//! 6. **Run-time checks** (`areRuntimeChecksProfitable`): without a
//!    forcing hint, a vector loop needs a trip count that pays for the
//!    checks (`CantReorderMemOps` otherwise); interleaving alone is
//!    refused above `-vectorize-memory-check-threshold`.
//! 7. **The remarks** of `processLoop`: `VectorizationNotBeneficial`,
//!    `InterleavingNotBeneficial`(`AndDisabled`),
//!    `InterleavingBeneficialButDisabled`, `InterleavingAvoided`,
//!    `Vectorized`, `Interleaved`.
//!
//! # Known differences from LLVM 19
//! - Deliberate: loopwright's calibrated costs
//!   ([`loopwright_target::calibrated`], off with
//!   `-vectorizer-calibrated-costs=false`). A scalarized access whose
//!   address depends on a value loaded in the iteration (`lut[in[i]]`)
//!   pays its index extracts at their measured cost where the target
//!   prefers vectorized addressing. Noted as `calibrated-index-extract`.
//! - Interleave groups (loop access analysis's
//!   [`loopwright_analysis::laa::interleave`]) are costed as LLVM 19 does
//!   (one decision per group: interleave, gather/scatter or scalarize),
//!   except that a tail folded by masking uses none (LLVM would mask the
//!   group) and groups the target model has no cost for (`BasicTTIImpl`'s
//!   estimate of a load group with gaps) are not offered.
//! - Minimal bit widths (`computeMinimumValueSizes`): LLVM narrows
//!   integer arithmetic whose result is truncated; this model costs it at
//!   its IR width. Noted as `narrow-types`.
//! - The cost of run-time checks is estimated (per check pair: a
//!   subtract and a compare for difference checks, two compares and an
//!   `and` otherwise, an `or` between pairs; per SCEV predicate one
//!   compare, or five for a wrap predicate) instead of costing the
//!   expanded check block.
//! - Tail folding is costed with masked memory operations; LLVM's
//!   predication of other instructions is not modelled. Noted as
//!   `tail-folding`.
//! - Calls: intrinsics the target model knows are costed as vector
//!   intrinsics or scalarized, whichever is cheaper; the others get
//!   LLVM's generic answers for the common ones (`model.rs`); a call with
//!   a vector library variant costs 10 per vector call.
//! - Integers wider than 64 bits: the target model's costs of `i128`
//!   casts and arithmetic differ from LLVM 19's. Noted as `wide-integers`.
//! - Modules without an x86 triple: opt-19 costs them without a target
//!   machine (LLVM's default answers); only the register width, count and
//!   interleave factor follow them here. Noted as `no-x86-target`.

pub mod model;

use super::legality::{Force, Hints, Legal};
use super::{MemWidening, Selected, VectorizeOptions, WidthDecisions};
use crate::remark::RemarkKind;
use loopwright_analysis::laa::InterleaveInfo;
use loopwright_analysis::loops::Loop;
use loopwright_analysis::scev::{ScalarEvolution, ScevData, ScevPredicate};
use loopwright_analysis::{ControlFlowGraph, LoopForest};
use loopwright_ir::{Function, Inst, Module, Opcode, Operand, ValueDef};
use loopwright_target::{RegisterKind, TargetModel};
use model::{LoopFacts, MemInfo, Model, Stride, WidthCost};
use rustc_hash::FxHashSet;
use std::fmt::Write as _;

/// LLVM's `InstructionCost::getMax()`.
const MAX_COST: u64 = i64::MAX as u64;

/// The cost model's options, with LLVM 19's defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostOptions {
    /// `-vectorizer-min-trip-count` (16): loops with a smaller known trip
    /// count are vectorized only without a scalar epilogue.
    pub min_trip_count: u64,
    /// `-vectorizer-maximize-bandwidth` (not given: the target's answer,
    /// false on x86).
    pub maximize_bandwidth: Option<bool>,
    /// `-small-loop-cost` (20).
    pub small_loop_cost: u64,
    /// `-force-target-num-vector-regs`.
    pub force_num_vector_regs: Option<u32>,
    /// `-force-target-max-vector-interleave`.
    pub force_max_vector_interleave: Option<u32>,
    /// `-enable-epilogue-vectorization` (true).
    pub epilogue_vectorization: bool,
    /// `-epilogue-vectorization-minimum-VF` (16): the smallest main width
    /// whose epilogue is vectorized.
    pub epilogue_min_vf: u32,
    /// `-print-vectorizer-cost`: the pass prints
    /// [`CostDecision::debug_text`] of every loop it decides to stderr.
    pub print: bool,
    /// `-vectorizer-calibrated-costs` (true): add loopwright's costs
    /// measured on the hardware ([`loopwright_target::calibrated`]) to
    /// LLVM 19's; `false` decides with LLVM's alone, as opt-19 does.
    pub calibrated: bool,
}

impl Default for CostOptions {
    fn default() -> Self {
        CostOptions {
            min_trip_count: 16,
            maximize_bandwidth: None,
            small_loop_cost: 20,
            force_num_vector_regs: None,
            force_max_vector_interleave: None,
            epilogue_vectorization: true,
            epilogue_min_vf: 16,
            print: false,
            calibrated: true,
        }
    }
}

/// LLVM's `ScalarEpilogueLowering`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Epilogue {
    Allowed,
    NotAllowedOptSize,
    NotAllowedLowTripLoop,
    NotNeededUsePredicate,
}

/// What happens to the loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Vectorized at `vf` and interleaved `ic` times.
    Vectorize { vf: u32, ic: u32 },
    /// Interleaved only.
    Interleave { ic: u32 },
    /// Neither (the cost model says it does not pay).
    NotBeneficial,
    /// The run-time checks do not pay (`CantReorderMemOps`).
    ChecksNotProfitable,
}

/// A remark of the cost model, in LLVM's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostRemark {
    pub kind: RemarkKind,
    /// `loop-vectorize`, or the empty name of LLVM's `AlwaysPrint` when
    /// hints asked for vectorization.
    pub pass: &'static str,
    pub name: &'static str,
    pub text: String,
}

/// One candidate width.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub vf: u32,
    /// `expectedCost` of one vector iteration.
    pub cost: u64,
    pub generates_vectors: bool,
    pub decisions: WidthDecisions,
    /// Per instruction costs, for the debug print.
    pub per_inst: Vec<(Inst, u64)>,
}

/// The cost model's answer for one loop.
#[derive(Clone, Debug)]
pub struct CostDecision {
    pub epilogue: Epilogue,
    pub fold_tail: bool,
    /// The widest feasible width (0: none, the loop is not vectorized nor
    /// interleaved).
    pub max_vf: u32,
    /// The user's width was taken without costing.
    pub user_vf_used: bool,
    pub scalar_cost: u64,
    /// The candidates, scalar first.
    pub candidates: Vec<Candidate>,
    /// The chosen width and the interleave count finally used.
    pub vf: u32,
    pub ic: u32,
    /// The interleave count the model chose (before the user's).
    pub model_ic: u32,
    /// The estimated cost of the run-time checks and the minimum trip
    /// count that pays for them.
    pub check_cost: u64,
    pub min_profitable_trip_count: Option<u64>,
    pub outcome: Outcome,
    /// What the planner reads: `None` when the loop is left alone.
    pub selected: Option<Selected>,
    pub remarks: Vec<CostRemark>,
    /// Why, in words (the debug print's last lines).
    pub why: Vec<String>,
    /// Shapes where this model is known to differ from LLVM 19's.
    pub notes: Vec<&'static str>,
}

impl CostDecision {
    /// The debug print: the candidates with their cost per lane, the
    /// choice and why.
    pub fn debug_text(&self, f: &Function, names: &dyn Fn(Inst) -> String) -> String {
        let _ = f;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "LV(cost): max width {}{}{}",
            self.max_vf,
            if self.fold_tail { ", tail folded" } else { "" },
            match self.epilogue {
                Epilogue::Allowed => "",
                Epilogue::NotAllowedOptSize => ", no scalar epilogue (optsize)",
                Epilogue::NotAllowedLowTripLoop => ", no scalar epilogue (low trip count)",
                Epilogue::NotNeededUsePredicate => ", predicated (hint)",
            }
        );
        for c in &self.candidates {
            let per_lane = c.cost as f64 / f64::from(c.vf.max(1));
            let _ = writeln!(
                s,
                "  width {:>2}: cost {:>6}, per lane {:>8.3}{}",
                c.vf,
                c.cost,
                per_lane,
                if c.vf > 1 && !c.generates_vectors {
                    " (no vector instructions)"
                } else {
                    ""
                }
            );
            for (i, w) in &c.decisions.memory {
                if c.vf > 1 {
                    let _ = writeln!(s, "    {}: {:?}", names(*i), w);
                }
            }
            if c.vf == 1 || c.vf == self.vf {
                let costs: Vec<String> = c
                    .per_inst
                    .iter()
                    .filter(|e| e.1 != 0)
                    .map(|(i, n)| format!("{} {n}", names(*i)))
                    .collect();
                let _ = writeln!(s, "    costs: {}", costs.join(", "));
            }
        }
        let _ = writeln!(
            s,
            "  chosen: width {}, interleave {} ({:?})",
            self.vf, self.ic, self.outcome
        );
        for w in &self.why {
            let _ = writeln!(s, "  why: {w}");
        }
        for n in &self.notes {
            let _ = writeln!(s, "  note: {n} (LLVM may differ)");
        }
        s
    }
}

/// Everything [`decide`] reads about a loop.
pub struct CostInput<'a> {
    pub m: &'a Module,
    pub f: &'a Function,
    pub cfg: &'a ControlFlowGraph,
    pub lf: &'a LoopForest,
    pub l: Loop,
    pub legal: &'a Legal,
    pub hints: &'a Hints,
    pub opts: &'a VectorizeOptions,
}

/// Whether `o` is computed in the loop from a value loaded in the loop,
/// through address arithmetic and casts (not through phis: an index
/// carried across iterations is not extracted from a vector).
fn loads_into(f: &Function, o: Operand, in_loop: &FxHashSet<Inst>) -> bool {
    let mut work = vec![o];
    let mut seen: FxHashSet<Inst> = FxHashSet::default();
    while let Some(o) = work.pop() {
        let Some(i) = def_of(f, o).filter(|i| in_loop.contains(i)) else {
            continue;
        };
        if !seen.insert(i) || seen.len() > 64 {
            continue;
        }
        let d = f.inst(i);
        match d.opcode {
            Opcode::Load => return true,
            Opcode::Phi | Opcode::Call | Opcode::Store => {}
            _ => work.extend(d.operands().iter().copied()),
        }
    }
    false
}

fn def_of(f: &Function, o: Operand) -> Option<Inst> {
    match o {
        Operand::Value(v) => match f.value_def(v) {
            ValueDef::Result(i) => Some(i),
            _ => None,
        },
        _ => None,
    }
}

/// Gathers the facts of the loop that need scalar evolution.
pub fn loop_facts(inp: &CostInput<'_>, se: &mut ScalarEvolution<'_>) -> LoopFacts {
    let (m, f, lf, l, legal) = (inp.m, inp.f, inp.lf, inp.l, inp.legal);
    let mut insts = Vec::new();
    for &b in lf.data(l).blocks() {
        for i in f.layout.block_insts(b) {
            if !f.inst(i).opcode.is_debug_record() {
                insts.push(i);
            }
        }
    }
    let in_loop: FxHashSet<Inst> = insts.iter().copied().collect();
    let latches = lf.latches(inp.cfg, l);
    let latch_branch = latches.first().and_then(|&b| f.layout.last_inst(b));
    let exit_cmp = latch_branch.and_then(|br| {
        let d = f.inst(br);
        if d.opcode != Opcode::Br || d.operands().len() != 3 {
            return None;
        }
        let c = def_of(f, d.operands()[0])?;
        let single = f.inst_result(c).is_some_and(|v| f.uses(v).len() == 1);
        (in_loop.contains(&c) && single).then_some(c)
    });
    let mut invariant = FxHashSet::default();
    for &i in &insts {
        let d = f.inst(i);
        if d.opcode == Opcode::Phi {
            continue;
        }
        let t = d.ty;
        if !(m.types.is_int(t) || m.types.is_ptr(t)) {
            continue;
        }
        let Some(v) = f.inst_result(i) else { continue };
        let s = se.get_scev(Operand::Value(v));
        if !se.is_cnc(s) && se.is_loop_invariant(s, l) {
            invariant.insert(i);
        }
    }
    let dl = loopwright_ir::DataLayout::of_module(m);
    let is_induction =
        |o: Operand| def_of(f, o).is_some_and(|i| legal.inductions.iter().any(|(p, _)| *p == i));
    let mut mems = Vec::new();
    let (mut num_loads, mut num_stores) = (0, 0);
    for &i in &insts {
        let d = f.inst(i);
        let (store, ptr, acc_ty) = match d.opcode {
            Opcode::Load => (false, d.operands()[0], d.ty),
            Opcode::Store => (
                true,
                d.operands()[1],
                f.operand_type(d.operands()[0], &m.consts),
            ),
            _ => continue,
        };
        if store {
            num_stores += 1;
        } else {
            num_loads += 1;
        }
        let Some(ty) = loopwright_target::ty_of(m, acc_ty) else {
            continue;
        };
        let align = match &d.extra {
            loopwright_ir::Extra::Mem { align, .. } => *align,
            _ => None,
        };
        let mut s = se.get_scev(ptr);
        if let Some(pi) = def_of(f, ptr) {
            if let Some((_, _, r)) = legal.memory.rewritten.iter().find(|(x, _, _)| *x == pi) {
                s = *r;
            }
        }
        // `isConsecutivePtr`: a symbolic stride is assumed to be 1.
        if let Some(&(_, u)) = legal
            .memory
            .unit_stride_exprs
            .iter()
            .find(|(p, _)| *p == ptr)
        {
            s = u;
        }
        let size = dl.alloc_size(&m.types, acc_ty) as i128;
        let stride = if legal.uniform_mem_ops.contains(&i) {
            Stride::Uniform
        } else {
            match se.data(s).clone() {
                ScevData::AddRec(ops, al) if al == l && ops.len() == 2 => {
                    match se.as_const(ops[1]) {
                        Some(c) if size > 0 && c.s() % size == 0 => {
                            let k = c.s() / size;
                            if k == 1 || k == -1 {
                                Stride::Consecutive(k as i8)
                            } else {
                                Stride::Strided(i64::try_from(k).unwrap_or(i64::MAX))
                            }
                        }
                        _ => Stride::Other,
                    }
                }
                _ => Stride::Other,
            }
        };
        let value_invariant = store && {
            let vo = d.operands()[0];
            match def_of(f, vo) {
                Some(x) if in_loop.contains(&x) => invariant.contains(&x),
                _ => true,
            }
        };
        // getAddressAccessSCEV.
        let addr_const_stride = def_of(f, ptr).and_then(|g| {
            let gd = f.inst(g);
            if gd.opcode != Opcode::GetElementPtr {
                return None;
            }
            for &o in &gd.operands()[1..] {
                let os = se.get_scev(o);
                let inv = !se.is_cnc(os) && se.is_loop_invariant(os, l);
                if !inv && !is_induction(o) {
                    return None;
                }
            }
            let ps = se.get_scev(ptr);
            match se.data(ps).clone() {
                ScevData::AddRec(ops, _) if ops.len() == 2 => Some(se.as_const(ops[1]).is_some()),
                _ => None,
            }
        });
        let index32 = def_of(f, ptr).is_some_and(|g| {
            let gd = f.inst(g);
            if gd.opcode != Opcode::GetElementPtr {
                return false;
            }
            let mut vars = 0;
            for &o in &gd.operands()[1..] {
                if matches!(o, Operand::Const(_)) {
                    continue;
                }
                vars += 1;
                let bits = match m.types.data(f.operand_type(o, &m.consts)) {
                    loopwright_ir::TypeData::Int(b) => *b,
                    _ => 64,
                };
                let sext = def_of(f, o).is_some_and(|x| f.inst(x).opcode == Opcode::SExt);
                if (bits == 64 && !sext) || vars > 1 {
                    return false;
                }
            }
            true
        });
        mems.push(MemInfo {
            inst: i,
            store,
            ty,
            align,
            ptr,
            stride,
            value_invariant,
            addr_const_stride,
            index32,
            indexed: loads_into(f, ptr, &in_loop),
        });
    }
    // Ephemeral values: `llvm.assume` and what only it uses.
    let mut ignore: FxHashSet<Inst> = FxHashSet::default();
    let mut work: Vec<Inst> = insts
        .iter()
        .copied()
        .filter(|&i| {
            loopwright_analysis::effects::intrinsic_name(m, f.inst(i)) == Some("llvm.assume")
        })
        .collect();
    while let Some(i) = work.pop() {
        if !ignore.insert(i) {
            continue;
        }
        for &o in f.inst(i).operands() {
            if let Some(d) = def_of(f, o) {
                if in_loop.contains(&d)
                    && !ignore.contains(&d)
                    && f.inst(d).opcode != Opcode::Phi
                    && f.inst_result(d)
                        .is_some_and(|v| f.uses(v).iter().all(|u| ignore.contains(u)))
                {
                    work.push(d);
                }
            }
        }
    }
    // Dead code: unused values without side effects, transitively.
    let mut dead: FxHashSet<Inst> = FxHashSet::default();
    loop {
        let mut changed = false;
        for &i in insts.iter().rev() {
            if dead.contains(&i) {
                continue;
            }
            let d = f.inst(i);
            if d.opcode == Opcode::Phi
                || d.opcode.is_terminator()
                || matches!(d.opcode, Opcode::Store)
                || (d.opcode != Opcode::Load
                    && loopwright_analysis::effects::may_have_side_effects(m, d))
                || (d.opcode == Opcode::Load && d.flags.contains(loopwright_ir::Flags::VOLATILE))
            {
                continue;
            }
            let unused = f
                .inst_result(i)
                .is_none_or(|v| f.uses(v).iter().all(|u| dead.contains(u)));
            if unused {
                dead.insert(i);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut vec_ignore = FxHashSet::default();
    let mut reductions = FxHashSet::default();
    for (p, r) in &legal.reductions {
        reductions.insert(*p);
        if let Some(s) = r.intermediate_store {
            ignore.insert(s);
        }
        vec_ignore.extend(r.casts.iter().copied());
    }
    let latch = latches.first().copied();
    let mut inductions = Vec::new();
    for (p, d) in &legal.inductions {
        vec_ignore.extend(d.casts.iter().copied());
        let ops = f.inst(*p).operands();
        let mut upd = None;
        for k in 0..ops.len() / 2 {
            if latch.is_some_and(|lb| ops[2 * k + 1] == Operand::Block(lb)) {
                upd = def_of(f, ops[2 * k]).filter(|x| in_loop.contains(x));
            }
        }
        inductions.push((*p, upd, model::is_ptr_induction(d.kind)));
    }
    LoopFacts {
        insts,
        in_loop,
        latch_branch,
        exit_cmp,
        mems,
        invariant,
        ignore,
        vec_ignore,
        dead,
        inductions,
        primary: legal.primary_induction,
        recurrences: legal.recurrences.iter().map(|(p, _)| *p).collect(),
        reductions,
        num_loads,
        num_stores,
    }
}

/// Trip count facts of the loop.
#[derive(Clone, Copy, Debug, Default)]
struct Trip {
    /// `getSmallConstantTripCount` (0: unknown).
    exact: u64,
    /// `getSmallConstantMaxTripCount` (0: unknown).
    max: u64,
    /// `getSmallConstantTripMultiple`.
    multiple: u64,
}

impl Trip {
    /// `getSmallBestKnownTC`.
    fn best(self) -> Option<u64> {
        if self.exact != 0 {
            Some(self.exact)
        } else if self.max != 0 {
            Some(self.max)
        } else {
            None
        }
    }
}

/// The vector register width: the target model's, or 32 bits (LLVM's
/// default `TargetTransformInfo`) for a module without an x86 triple,
/// which opt-19 costs without a target.
fn vector_register_bits(st: &loopwright_target::Subtarget) -> u32 {
    if st.is_x86 {
        st.register_bit_width(RegisterKind::FixedVector)
    } else {
        32
    }
}

/// The number of registers of a class (LLVM's default: 8 of each without
/// a target).
fn number_of_registers(st: &loopwright_target::Subtarget, vector: bool) -> u32 {
    if st.is_x86 {
        st.number_of_registers(vector)
    } else {
        8
    }
}

fn bit_floor(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        1u64 << (63 - x.leading_zeros())
    }
}

/// The cost model's run over one loop.
struct Run<'a> {
    inp: &'a CostInput<'a>,
    facts: &'a LoopFacts,
    target: TargetModel,
    trip: Trip,
    epilogue: Epilogue,
    fold_tail: bool,
    /// The interleave groups after the epilogue policy.
    interleave: InterleaveInfo,
    remarks: Vec<CostRemark>,
    why: Vec<String>,
}

impl<'a> Run<'a> {
    fn model(&self) -> Model<'_> {
        Model {
            m: self.inp.m,
            f: self.inp.f,
            st: self.target.subtarget(),
            facts: self.facts,
            fold_tail: self.fold_tail,
            groups: &self.interleave.groups,
            requires_scalar_epilogue: self.requires_scalar_epilogue(),
            calibrated: self.cost_opts().calibrated,
        }
    }

    /// `requiresScalarEpilogue(true)`: an interleave group reads past
    /// the last member's index.
    fn requires_scalar_epilogue(&self) -> bool {
        self.epilogue == Epilogue::Allowed && self.interleave.requires_scalar_epilogue
    }

    fn cost_opts(&self) -> &CostOptions {
        &self.inp.opts.cost
    }

    fn analysis(&mut self, name: &'static str, text: String) {
        self.remarks.push(CostRemark {
            kind: RemarkKind::Analysis,
            pass: "loop-vectorize",
            name,
            text,
        });
    }

    /// `getSmallestAndWidestTypes`.
    fn smallest_widest(&self) -> (u64, u64) {
        let m = self.inp.m;
        let mut types: Vec<u64> = Vec::new();
        for mi in &self.facts.mems {
            if self.facts.ignore.contains(&mi.inst) {
                continue;
            }
            types.push(u64::from(mi.ty.elem.bits()));
        }
        let mut red_types = Vec::new();
        for (p, r) in &self.inp.legal.reductions {
            let bits = r.narrowed_bits.map(u64::from).unwrap_or_else(|| {
                match loopwright_target::ty_of(m, self.inp.f.inst(*p).ty) {
                    Some(t) => u64::from(t.elem.bits()),
                    None => 64,
                }
            });
            if !r.ordered || self.inp.opts.force_ordered_reductions != Some(true) {
                red_types.push((bits, r.min_width_cast.map(u64::from)));
            }
        }
        if types.is_empty() && !red_types.is_empty() {
            let mut max = u64::MAX;
            for (b, min_cast) in red_types {
                max = max.min(min_cast.unwrap_or(u64::MAX).min(b));
            }
            return (u64::MAX, max);
        }
        types.extend(red_types.iter().map(|r| r.0));
        let mut min = u64::MAX;
        let mut max = 8;
        for t in types {
            min = min.min(t);
            max = max.max(t);
        }
        (min, max)
    }

    /// `computeFeasibleMaxVF`: the widest width and whether it is the
    /// user's.
    fn feasible_max_vf(&mut self, user_vf: u32, fold: bool) -> (u64, bool) {
        let (smallest, widest) = self.smallest_widest();
        let safe_bits = self
            .inp
            .legal
            .memory
            .max_safe_width_bits
            .unwrap_or(u64::from(u32::MAX));
        let max_safe = bit_floor(safe_bits / widest.max(1));
        if user_vf != 0 {
            if u64::from(user_vf) <= max_safe {
                return (u64::from(user_vf), true);
            }
            self.analysis(
                "VectorizationFactor",
                format!(
                    "User-specified vectorization factor {user_vf} is unsafe, clamping to \
                     maximum safe vectorization factor {max_safe}"
                ),
            );
            self.why.push(format!(
                "the user's width {user_vf} is unsafe: clamped to {max_safe}"
            ));
            return (max_safe, false);
        }
        (self.maximized_vf(smallest, widest, max_safe, fold), false)
    }

    /// `getMaximizedVFForTarget`.
    fn maximized_vf(&mut self, smallest: u64, widest: u64, max_safe: u64, fold: bool) -> u64 {
        let reg = u64::from(vector_register_bits(self.target.subtarget()));
        let max_elems = bit_floor(reg / widest.max(1)).min(max_safe);
        if max_elems == 0 {
            self.why
                .push("no vector register holds the widest type".to_string());
            return 1;
        }
        // At least one iteration is left to a required scalar epilogue:
        // no width may make the vector loop dead.
        let tc = if self.trip.max > 0 && self.requires_scalar_epilogue() {
            self.trip.max - 1
        } else {
            self.trip.max
        };
        if tc != 0 && tc <= max_elems && (!fold || tc.is_power_of_two()) {
            self.why
                .push(format!("the trip count {tc} bounds the width"));
            return bit_floor(tc);
        }
        let mut max_vf = max_elems;
        if self.cost_opts().maximize_bandwidth == Some(true) && smallest != u64::MAX {
            let bw_max = bit_floor(reg / smallest.max(1)).min(max_safe);
            let mut vfs = Vec::new();
            let mut v = max_elems * 2;
            while v <= bw_max {
                vfs.push(v);
                v *= 2;
            }
            let st = self.target.subtarget().clone();
            for &v in vfs.iter().rev() {
                let vf = u32::try_from(v).unwrap_or(u32::MAX);
                let model = self.model();
                let wc = model.width(vf, None);
                let ru = model.register_usage(vf, &wc);
                let ok = ru
                    .max_local
                    .iter()
                    .all(|&(class, n)| n <= number_of_registers(&st, class == 1));
                if ok {
                    max_vf = v;
                    break;
                }
            }
        }
        max_vf
    }

    /// Whether the trip count is a multiple of `n`.
    fn tc_multiple_of(&self, n: u64) -> bool {
        n != 0
            && ((self.trip.exact != 0 && self.trip.exact.is_multiple_of(n))
                || (self.trip.multiple != 0 && self.trip.multiple.is_multiple_of(n)))
    }

    /// `canFoldTailByMasking`: every value used after the loop is a
    /// reduction's.
    fn can_fold_tail(&self) -> bool {
        let legal = self.inp.legal;
        legal
            .live_outs
            .iter()
            .all(|i| legal.reductions.iter().any(|(_, r)| r.exit == *i))
    }

    /// `computeMaxVF`: `None` when the loop is neither vectorized nor
    /// interleaved.
    fn compute_max_vf(&mut self, user_vf: u32, user_ic: u32) -> Option<(u64, bool)> {
        match self.epilogue {
            Epilogue::Allowed => return Some(self.feasible_max_vf(user_vf, false)),
            Epilogue::NotNeededUsePredicate => {}
            Epilogue::NotAllowedOptSize | Epilogue::NotAllowedLowTripLoop => {
                let legal = self.inp.legal;
                let which = if legal.memory.runtime.need {
                    Some("runtime pointer checks needed. Enable vectorization of this loop with '#pragma clang loop vectorize(enable)' when compiling with -Os/-Oz")
                } else if !legal.predicates.is_empty() {
                    Some("runtime SCEV checks needed. Enable vectorization of this loop with '#pragma clang loop vectorize(enable)' when compiling with -Os/-Oz")
                } else if !legal.memory.symbolic_strides.is_empty() {
                    Some("runtime stride == 1 checks needed. Enable vectorization of this loop without such check by compiling with -Os/-Oz")
                } else {
                    None
                };
                if let Some(t) = which {
                    self.analysis(
                        "CantVersionLoopWithOptForSize",
                        format!("loop not vectorized: {t}"),
                    );
                    self.why
                        .push("no scalar epilogue allowed, and run-time checks are needed".into());
                    return None;
                }
            }
        }
        // Without a scalar epilogue, groups with a gap at the end cannot
        // be used (x86 has no masked interleaved accesses).
        self.interleave
            .invalidate_groups_requiring_scalar_epilogue();
        let (max, user) = self.feasible_max_vf(user_vf, true);
        let times = if user_ic > 0 {
            max * u64::from(user_ic)
        } else {
            max
        };
        if self.tc_multiple_of(times) {
            self.why.push(format!(
                "no tail remains for any width (trip count a multiple of {times})"
            ));
            return Some((max, user));
        }
        if self.can_fold_tail() {
            self.fold_tail = true;
            // A deliberate difference: LLVM 19 would mask the groups;
            // masked interleaved accesses are not implemented here, so a
            // folded tail uses none.
            self.interleave = InterleaveInfo::default();
            self.why.push("the tail is folded by masking".into());
            return Some((max, user));
        }
        if self.epilogue == Epilogue::NotNeededUsePredicate {
            self.epilogue = Epilogue::Allowed;
            return Some((max, user));
        }
        if self.trip.exact == 0 {
            self.analysis(
                "UnknownLoopCountComplexCFG",
                "loop not vectorized: unable to calculate the loop count due to complex control flow"
                    .into(),
            );
        } else {
            self.analysis(
                "NoTailLoopWithOptForSize",
                "loop not vectorized: cannot optimize for size and vectorize at the same time. \
                 Enable vectorization of this loop with '#pragma clang loop vectorize(enable)' \
                 when compiling with -Os/-Oz"
                    .into(),
            );
        }
        self.why
            .push("no scalar epilogue allowed and the tail cannot be folded".into());
        None
    }

    /// `isMoreProfitable(A, B)`: (width, cost, scalar cost).
    fn more_profitable(&self, a: (u64, u64, u64), b: (u64, u64, u64)) -> bool {
        let tc = self.trip.max;
        if tc == 0 {
            return a.1.saturating_mul(b.0) < b.1.saturating_mul(a.0);
        }
        let rt = |(vf, cost, scalar): (u64, u64, u64)| -> u64 {
            if self.fold_tail {
                cost.saturating_mul(tc.div_ceil(vf))
            } else {
                cost.saturating_mul(tc / vf)
                    .saturating_add(scalar.saturating_mul(tc % vf))
            }
        };
        rt(a) < rt(b)
    }

    /// `isCandidateForEpilogueVectorization`: no fixed-order recurrence,
    /// and no induction whose value or update is used after the loop
    /// (LLVM 19 does not resume those from a vectorized epilogue).
    fn epilogue_candidate(&self) -> bool {
        let (f, legal) = (self.inp.f, self.inp.legal);
        if !legal.recurrences.is_empty() {
            return false;
        }
        let Some(latch) = self.inp.lf.latch(self.inp.cfg, self.inp.l) else {
            return false;
        };
        // Debug records do not count: debug info must not change the code.
        let used_outside = |i: Inst| {
            f.inst_result(i).is_some_and(|v| {
                f.uses(v).iter().any(|&u| {
                    !self.facts.in_loop.contains(&u) && !f.inst(u).opcode.is_debug_record()
                })
            })
        };
        legal.inductions.iter().all(|(phi, _)| {
            let update = crate::utils::phi_value_for(f, *phi, latch).and_then(|o| def_of(f, o));
            !used_outside(*phi) && !update.is_some_and(used_outside)
        })
    }

    /// `selectEpilogueVectorizationFactor` for a loop vectorized at `vf`
    /// with `ic` by the cost model (a user's width has no candidates):
    /// with a scalar epilogue allowed, a main width of at least
    /// `-epilogue-vectorization-minimum-VF` and a target that interleaves, the most
    /// profitable width below `vf` among those cheaper per lane than the
    /// scalar loop that generate vector instructions, skipping widths above
    /// the iterations the main loop can leave (`tc urem vf·ic`, known from a
    /// constant trip count or its constant maximum).
    fn epilogue_width(
        &mut self,
        vf: u32,
        ic: u32,
        scalar_cost: u64,
        candidates: &[Candidate],
    ) -> Option<WidthDecisions> {
        let o = self.cost_opts();
        if !o.epilogue_vectorization
            || self.epilogue != Epilogue::Allowed
            || self.fold_tail
            || vf < o.epilogue_min_vf
        {
            return None;
        }
        if !self.target.subtarget().is_x86 || self.target.subtarget().max_interleave_factor(vf) <= 1
        {
            return None;
        }
        if !self.epilogue_candidate() {
            self.why
                .push("epilogue not vectorized: the loop is not a supported candidate".into());
            return None;
        }
        let step = u64::from(vf) * u64::from(ic.max(1));
        let remaining_max = if self.trip.exact != 0 {
            Some(self.trip.exact % step)
        } else if self.trip.max != 0 {
            Some(self.trip.max.min(step - 1))
        } else {
            None
        };
        let scalar = (1, scalar_cost, scalar_cost);
        let mut best: Option<&Candidate> = None;
        for c in candidates {
            let w = u64::from(c.vf);
            if c.vf <= 1 || c.vf >= vf || !c.generates_vectors {
                continue;
            }
            if !self.more_profitable((w, c.cost, scalar_cost), scalar) {
                continue;
            }
            if remaining_max.is_some_and(|r| w > r) {
                continue;
            }
            let better = match best {
                None => true,
                Some(b) => self.more_profitable(
                    (w, c.cost, scalar_cost),
                    (u64::from(b.vf), b.cost, scalar_cost),
                ),
            };
            if better {
                best = Some(c);
            }
        }
        let c = best?;
        self.why.push(format!(
            "epilogue vectorized at width {} (interleave count 1)",
            c.vf
        ));
        Some(WidthDecisions {
            vf: c.vf,
            ..c.decisions.clone()
        })
    }

    /// The estimated cost of the run-time checks (see the module docs).
    fn check_cost(&self) -> u64 {
        let legal = self.inp.legal;
        let rt = &legal.memory.runtime;
        let mut c = 0u64;
        if rt.need {
            let n = rt.checks.len() as u64;
            for &(a, b) in &rt.checks {
                let single = |g: usize| rt.groups.get(g).is_some_and(|g| g.members.len() == 1);
                c += if single(a) && single(b) { 2 } else { 3 };
            }
            c += n.saturating_sub(1);
        }
        for p in &legal.all_predicates() {
            c += match p {
                ScevPredicate::Equal(..) => 1,
                ScevPredicate::Wrap { .. } => 5,
            };
        }
        c
    }

    /// `areRuntimeChecksProfitable`.
    fn checks_profitable(&mut self, vf: u64, cost: u64, scalar_cost: u64) -> (bool, Option<u64>) {
        let rtc = self.check_cost();
        if vf == 1 {
            return (
                rtc <= self.inp.opts.vectorize_memory_check_threshold as u64,
                None,
            );
        }
        if scalar_cost == 0 {
            return (true, None);
        }
        let div = scalar_cost.wrapping_mul(vf).wrapping_sub(cost);
        let min1 = if div == 0 {
            0
        } else {
            rtc.saturating_mul(vf).div_ceil(div)
        };
        let min2 = rtc.saturating_mul(10).div_ceil(scalar_cost);
        let mut min = min1.max(min2);
        if self.epilogue == Epilogue::Allowed && !self.fold_tail {
            min = min.div_ceil(vf).saturating_mul(vf);
        }
        if let Some(tc) = self.trip.best() {
            if tc < min {
                self.why.push(format!(
                    "the run-time checks (cost {rtc}) need at least {min} iterations, the loop has {tc}"
                ));
                return (false, Some(min));
            }
        }
        (true, Some(min))
    }

    /// `selectInterleaveCount`.
    fn select_interleave(&mut self, vf: u32, loop_cost: u64, wc: &WidthCost) -> u32 {
        if self.epilogue != Epilogue::Allowed || self.fold_tail {
            return 1;
        }
        let legal = self.inp.legal;
        if legal.memory.max_safe_width_bits.is_some() {
            self.why
                .push("not interleaved: the dependence distance bounds the width".into());
            return 1;
        }
        let best_tc = self.trip.best();
        let has_reductions = !legal.reductions.is_empty();
        let model = self.model();
        let mut loop_cost = loop_cost;
        if loop_cost == 0 {
            loop_cost = model.width(vf, None).cost;
            if loop_cost == 0 {
                return 1;
            }
        }
        let ru = model.register_usage(vf, wc);
        let st = self.target.subtarget();
        let mut ic = u32::MAX;
        for &(class, n) in &ru.max_local {
            let users = n.max(1);
            let mut regs = number_of_registers(st, class == 1);
            // LLVM's override applies to every register class of a
            // vector loop.
            if vf > 1 {
                if let Some(r) = self.cost_opts().force_num_vector_regs {
                    regs = r;
                }
            }
            let inv = ru
                .invariant
                .iter()
                .find(|e| e.0 == class)
                .map_or(0, |e| e.1);
            let tmp = bit_floor(u64::from(
                regs.wrapping_sub(inv).wrapping_sub(1) / users.saturating_sub(1).max(1),
            ));
            ic = ic.min(u32::try_from(tmp).unwrap_or(u32::MAX));
        }
        let mut max_ic = if st.is_x86 {
            st.max_interleave_factor(vf)
        } else {
            1
        };
        if vf > 1 {
            if let Some(x) = self.cost_opts().force_max_vector_interleave {
                max_ic = x;
            }
        }
        if let Some(best) = best_tc {
            let evf = u64::from(vf);
            let known = self.trip.exact;
            let mic = u64::from(max_ic);
            if known > 0 {
                let ub = bit_floor((known / evf).min(mic).max(1));
                let lb = bit_floor((known / (evf * 2)).min(mic).max(1));
                let mut chosen = lb;
                if ub != lb && known % (evf * ub) == known % (evf * lb) {
                    chosen = ub;
                }
                max_ic = chosen as u32;
            } else {
                max_ic = bit_floor((best / (evf * 2)).min(mic).max(1)) as u32;
            }
        }
        let max_ic = max_ic.max(1);
        ic = if ic > max_ic { max_ic } else { ic.max(1) };
        if vf > 1 && has_reductions {
            self.why
                .push(format!("interleaved {ic} times because of reductions"));
            return ic;
        }
        let rt_check = vf == 1 && legal.memory.runtime.need;
        let small = self.cost_opts().small_loop_cost;
        if !rt_check && loop_cost < small {
            let mut small_ic = ic.min(bit_floor(small / loop_cost) as u32);
            let mut stores_ic = ic / (self.facts.num_stores.max(1) as u32);
            let mut loads_ic = ic / (self.facts.num_loads.max(1) as u32);
            let any_of = legal.reductions.iter().any(|(_, r)| {
                matches!(
                    r.kind,
                    loopwright_analysis::ivdesc::RecurKind::IAnyOf
                        | loopwright_analysis::ivdesc::RecurKind::FAnyOf
                )
            });
            if has_reductions && any_of {
                return 1;
            }
            if has_reductions && self.inp.lf.depth(self.inp.l) > 1 {
                if legal.reductions.iter().any(|(_, r)| r.ordered) {
                    return 1;
                }
                small_ic = small_ic.min(2);
                stores_ic = stores_ic.min(2);
                loads_ic = loads_ic.min(2);
            }
            if stores_ic.max(loads_ic) > small_ic {
                self.why.push(format!(
                    "interleaved {} times to saturate the load/store ports",
                    stores_ic.max(loads_ic)
                ));
                return stores_ic.max(loads_ic);
            }
            self.why.push(format!(
                "small loop (cost {loop_cost} < {small}): interleaved {small_ic} times"
            ));
            return small_ic;
        }
        1
    }

    fn notes(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        let f = self.inp.f;
        if self
            .facts
            .mems
            .iter()
            .any(|m| matches!(m.stride, Stride::Strided(s) if s.unsigned_abs() <= 8))
            && (self.fold_tail || self.interleave.groups.is_empty())
        {
            out.push("interleave-group");
        }
        let narrow = self.facts.insts.iter().any(|&i| {
            let d = f.inst(i);
            matches!(d.opcode, Opcode::Trunc | Opcode::ZExt | Opcode::SExt)
                && [d.ty, f.operand_type(d.operands()[0], &self.inp.m.consts)]
                    .iter()
                    .any(|&t| {
                        matches!(self.inp.m.types.data(t), loopwright_ir::TypeData::Int(b) if *b < 32)
                    })
        });
        if narrow {
            out.push("narrow-types");
        }
        if self.fold_tail {
            out.push("tail-folding");
        }
        let wide = self.facts.insts.iter().any(|&i| {
            let d = f.inst(i);
            std::iter::once(d.ty)
                .chain(d.operands().iter().map(|&o| f.operand_type(o, &self.inp.m.consts)))
                .any(|t| matches!(self.inp.m.types.data(t), loopwright_ir::TypeData::Int(b) if *b > 64))
        });
        if wide {
            out.push("wide-integers");
        }
        if !self.target.subtarget().is_x86 {
            out.push("no-x86-target");
        }
        if self
            .facts
            .mems
            .iter()
            .any(|m| matches!(m.stride, Stride::Other))
        {
            out.push("gather-scatter");
        }
        if self.cost_opts().calibrated
            && self.facts.mems.iter().any(|m| m.indexed)
            && self.model().vectorized_addressing()
        {
            out.push("calibrated-index-extract");
        }
        out
    }
}

/// Decides the width and interleave count of a legal loop (see the
/// module docs). `se` must be the scalar evolution `legal` was computed
/// with.
pub fn decide(inp: &CostInput<'_>, se: &mut ScalarEvolution<'_>) -> CostDecision {
    let facts = loop_facts(inp, se);
    let bt = se.backedge_taken_count(inp.l);
    let max = bt
        .constant_max
        .map(|c| c.u())
        .filter(|&c| c < u128::from(u32::MAX))
        .map_or(0, |c| (c + 1) as u64);
    let trip = Trip {
        exact: inp.legal.trip_count.unwrap_or(0),
        max,
        multiple: u64::from(se.trip_multiple(inp.l)),
    };
    decide_with(inp, &facts, trip)
}

fn decide_with(inp: &CostInput<'_>, facts: &LoopFacts, trip: Trip) -> CostDecision {
    let (m, f) = (inp.m, inp.f);
    let hints = inp.hints;
    let legal = inp.legal;
    let forced = hints.force() == Force::Enabled;
    let target = TargetModel::for_function(m, f);
    let optsize = m.attrs.has(f.fn_attrs, "optsize") || m.attrs.has(f.fn_attrs, "minsize");
    let mut epilogue = if optsize {
        Epilogue::NotAllowedOptSize
    } else {
        match hints.predicate {
            Some(true) => Epilogue::NotNeededUsePredicate,
            _ => Epilogue::Allowed,
        }
    };
    let mut run = Run {
        inp,
        facts,
        target,
        trip,
        epilogue,
        fold_tail: false,
        interleave: legal.memory.interleave.clone(),
        remarks: Vec::new(),
        why: Vec::new(),
    };
    if let Some(tc) = trip.best() {
        if tc < inp.opts.cost.min_trip_count
            && !forced
            && epilogue != Epilogue::NotNeededUsePredicate
        {
            epilogue = Epilogue::NotAllowedLowTripLoop;
            run.epilogue = epilogue;
            run.why.push(format!(
                "trip count {tc} below -vectorizer-min-trip-count={}: no scalar epilogue",
                inp.opts.cost.min_trip_count
            ));
        }
    }
    let mut user_vf = legal.user_width;
    let mut user_ic = legal.user_interleave;
    // A deliberate fix of LLVM 19: with dependences that limit the width,
    // a user's interleave count can put more lanes in flight than the
    // dependence distance allows (opt-19 vectorizes such a loop by 4 with a
    // forced count of 4 at a distance of 4 lanes and computes a wrong
    // result). Later LLVM ignores the count there, with this remark; so do
    // we.
    if user_ic > 1 && legal.memory.max_safe_width_bits.is_some() {
        run.analysis(
            "UnsafeInterleaveCount",
            "Ignoring user-specified interleave count due to possibly unsafe dependencies in the \
             loop."
                .to_string(),
        );
        run.why.push(format!(
            "the user's interleave count {user_ic} is ignored: the dependences limit the width"
        ));
        user_ic = 1;
    }
    // A scalable user width: x86 has no scalable vectors, LLVM ignores it.
    if user_vf != 0 && hints.scalable == Some(true) {
        run.analysis(
            "VectorizationFactor",
            format!(
                "User-specified vectorization factor vscale x {user_vf} is ignored because the \
                 target does not support scalable vectors. The compiler will pick a more \
                 suitable value."
            ),
        );
        run.why.push(format!(
            "the scalable user width vscale x {user_vf} is ignored"
        ));
        user_vf = 0;
    }
    let max = run.compute_max_vf(user_vf, user_ic);
    let mut candidates: Vec<Candidate> = Vec::new();
    let mut scalar_cost = 0;
    let mut chosen = (1u64, 0u64, 0u64);
    let mut user_vf_used = false;
    let mut chosen_wc: Option<WidthCost> = None;
    let max_vf = max.map_or(0, |(v, _)| v);
    if let Some((max_vf, user)) = max {
        let model = run.model();
        if user && user_vf > 1 {
            user_vf_used = true;
            let wc = model.width(user_vf, None);
            candidates.push(Candidate {
                vf: user_vf,
                cost: wc.cost,
                generates_vectors: wc.generates_vectors,
                decisions: wc.decisions.clone(),
                per_inst: wc.per_inst.clone(),
            });
            chosen = (u64::from(user_vf), 0, 0);
            chosen_wc = Some(wc);
            run.why.push(format!(
                "the user's width {user_vf} is used without costing"
            ));
        } else {
            let scalar = model.width(1, None);
            scalar_cost = scalar.cost;
            candidates.push(Candidate {
                vf: 1,
                cost: scalar.cost,
                generates_vectors: false,
                decisions: scalar.decisions.clone(),
                per_inst: scalar.per_inst.clone(),
            });
            chosen = (1, scalar_cost, scalar_cost);
            if forced && max_vf > 1 {
                chosen.1 = MAX_COST;
            }
            chosen_wc = Some(scalar);
            let mut prev: Option<FxHashSet<Inst>> = None;
            let mut vf = 2u64;
            while vf <= max_vf {
                let v = u32::try_from(vf).unwrap_or(u32::MAX);
                let wc = model.width(v, prev.as_ref());
                prev = Some(wc.uniforms.clone());
                candidates.push(Candidate {
                    vf: v,
                    cost: wc.cost,
                    generates_vectors: wc.generates_vectors,
                    decisions: wc.decisions.clone(),
                    per_inst: wc.per_inst.clone(),
                });
                let cand = (vf, wc.cost, scalar_cost);
                if (forced || wc.generates_vectors) && run.more_profitable(cand, chosen) {
                    chosen = cand;
                    chosen_wc = Some(wc);
                }
                vf *= 2;
            }
        }
    }
    let vf = u32::try_from(chosen.0).unwrap_or(1);
    let has_plan = max.is_some();
    let mut ic = 1;
    let mut check_cost = 0;
    let mut min_tc = None;
    if has_plan {
        let wc = match chosen_wc.take() {
            Some(w) => w,
            None => run.model().width(vf, None),
        };
        ic = run.select_interleave(vf, chosen.1.min(MAX_COST), &wc);
        chosen_wc = Some(wc);
        let selected_ic = ic.max(user_ic);
        let preds = if vf > 1 {
            legal.all_predicates()
        } else {
            legal.predicates.clone()
        };
        let needs_checks = legal.memory.runtime.need || !preds.is_empty();
        if (vf > 1 || selected_ic > 1) && needs_checks {
            check_cost = run.check_cost();
            if !forced {
                let (ok, min) = run.checks_profitable(u64::from(vf), chosen.1, chosen.2);
                min_tc = min;
                if !ok {
                    run.remarks.push(CostRemark {
                        kind: RemarkKind::AnalysisAliasing,
                        pass: "loop-vectorize",
                        name: "CantReorderMemOps",
                        text: "loop not vectorized: cannot prove it is safe to reorder memory \
                               operations"
                            .into(),
                    });
                    let (name, text) = hints.missed_remark();
                    run.remarks.push(CostRemark {
                        kind: RemarkKind::Missed,
                        pass: "loop-vectorize",
                        name: static_name(name),
                        text,
                    });
                    let notes = run.notes();
                    return CostDecision {
                        epilogue: run.epilogue,
                        fold_tail: run.fold_tail,
                        max_vf: u32::try_from(max_vf).unwrap_or(u32::MAX),
                        user_vf_used,
                        scalar_cost,
                        candidates,
                        vf,
                        ic: 1,
                        model_ic: ic,
                        check_cost,
                        min_profitable_trip_count: min_tc,
                        outcome: Outcome::ChecksNotProfitable,
                        selected: None,
                        remarks: run.remarks,
                        why: run.why,
                        notes,
                    };
                }
            }
        }
    }
    // processLoop's messages.
    let va_pass = hints.analysis_pass_name();
    let vectorize = vf > 1;
    let mut vec_msg = None;
    if !vectorize {
        vec_msg = Some((
            "VectorizationNotBeneficial",
            "the cost-model indicates that vectorization is not beneficial".to_string(),
        ));
        run.why
            .push("the cost per lane of every vector width is not below the scalar loop's".into());
    }
    let mut interleave = true;
    let mut int_msg = None;
    if !has_plan && user_ic > 1 {
        int_msg = Some((
            "InterleavingAvoided",
            "Ignoring UserIC, because interleaving was avoided up front".to_string(),
        ));
        interleave = false;
    } else if ic == 1 && user_ic <= 1 {
        let mut t = "the cost-model indicates that interleaving is not beneficial".to_string();
        let mut n = "InterleavingNotBeneficial";
        if user_ic == 1 {
            n = "InterleavingNotBeneficialAndDisabled";
            t.push_str(" and is explicitly disabled or interleave count is set to 1");
        }
        int_msg = Some((n, t));
        interleave = false;
    } else if ic > 1 && user_ic == 1 {
        int_msg = Some((
            "InterleavingBeneficialButDisabled",
            "the cost-model indicates that interleaving is beneficial but is explicitly disabled \
             or interleave count is set to 1"
                .to_string(),
        ));
        interleave = false;
    }
    let model_ic = ic;
    if user_ic > 0 {
        ic = user_ic;
    }
    let outcome;
    match (vectorize, interleave) {
        (false, false) => {
            if let Some((n, t)) = vec_msg {
                run.remarks.push(CostRemark {
                    kind: RemarkKind::Missed,
                    pass: va_pass,
                    name: n,
                    text: t,
                });
            }
            if let Some((n, t)) = int_msg {
                run.remarks.push(CostRemark {
                    kind: RemarkKind::Missed,
                    pass: "loop-vectorize",
                    name: n,
                    text: t,
                });
            }
            outcome = Outcome::NotBeneficial;
            ic = 1;
        }
        (false, true) => {
            if let Some((n, t)) = vec_msg {
                run.remarks.push(CostRemark {
                    kind: RemarkKind::Analysis,
                    pass: va_pass,
                    name: n,
                    text: t,
                });
            }
            run.remarks.push(CostRemark {
                kind: RemarkKind::Passed,
                pass: "loop-vectorize",
                name: "Interleaved",
                text: format!("interleaved loop (interleaved count: {ic})"),
            });
            outcome = Outcome::Interleave { ic };
        }
        (true, i) => {
            if !i {
                if let Some((n, t)) = int_msg {
                    run.remarks.push(CostRemark {
                        kind: RemarkKind::Analysis,
                        pass: "loop-vectorize",
                        name: n,
                        text: t,
                    });
                }
                ic = if user_ic > 0 { user_ic } else { 1 };
                if ic == 0 {
                    ic = 1;
                }
            }
            run.remarks.push(CostRemark {
                kind: RemarkKind::Passed,
                pass: "loop-vectorize",
                name: "Vectorized",
                text: format!(
                    "vectorized loop (vectorization width: {vf}, interleaved count: {ic})"
                ),
            });
            outcome = Outcome::Vectorize { vf, ic };
        }
    }
    let selected = match outcome {
        Outcome::Vectorize { .. } | Outcome::Interleave { .. } => {
            let decisions = chosen_wc.map(|w| w.decisions).unwrap_or_default();
            let epilogue = match outcome {
                Outcome::Vectorize { .. } if !user_vf_used => {
                    run.epilogue_width(vf, ic, scalar_cost, &candidates)
                }
                _ => None,
            };
            Some(Selected {
                decisions: WidthDecisions { vf, ..decisions },
                ic,
                epilogue,
            })
        }
        _ => None,
    };
    let notes = run.notes();
    CostDecision {
        epilogue: run.epilogue,
        fold_tail: run.fold_tail,
        max_vf: u32::try_from(max_vf).unwrap_or(u32::MAX),
        user_vf_used,
        scalar_cost,
        candidates,
        vf,
        ic,
        model_ic,
        check_cost,
        min_profitable_trip_count: min_tc,
        outcome,
        selected,
        remarks: run.remarks,
        why: run.why,
        notes,
    }
}

fn static_name(n: &str) -> &'static str {
    match n {
        "MissedExplicitlyDisabled" => "MissedExplicitlyDisabled",
        _ => "MissedDetails",
    }
}

/// The widening of memory operation `i` at the chosen width, if any.
pub fn memory_widening(d: &CostDecision, i: Inst) -> Option<MemWidening> {
    d.selected.as_ref()?.decisions.memory_of(i)
}

#[cfg(test)]
mod tests;
