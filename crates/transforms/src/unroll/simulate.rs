//! Full-unroll cost simulation: LLVM 19's `analyzeLoopUnrollCost` (with its
//! `UnrolledInstAnalyzer`) and the part of `shouldFullUnroll` that uses it.
//!
//! When the plain estimate `(LoopSize - BEInsns) * TripCount + BEInsns` of a
//! fully unrolled loop is not under the threshold, LLVM still unrolls a small
//! innermost loop (trip count at most `-unroll-max-iteration-count-to-analyze`,
//! 10) if unrolling makes enough code go away. It simulates the iterations one
//! by one, in order:
//! - the header phis take their value from the preheader (iteration 0) or
//!   from the latch value of the previous iteration;
//! - each instruction of a reached block is *visited*: scalar evolution gives
//!   induction values at the iteration (a constant, or a constant offset from
//!   a base pointer), loads from constant global arrays at a known offset fold
//!   to the element, binary operators, casts and compares fold on known
//!   operands, loop-invariant expressions are free after the first iteration,
//!   header phis are always free;
//! - a conditional branch or switch on a folded condition reaches only the
//!   taken successor, so code behind folded branches is never visited;
//! - the cost of an iteration is what stays live: instructions with side
//!   effects, unfolded terminators and the values leaving the loop are roots,
//!   and each root adds its cost and, recursively, the cost of the in-loop
//!   instructions it uses (through header phis into earlier iterations), each
//!   `(instruction, iteration)` at most once and folded ones at cost 0.
//!
//! The simulation gives the unrolled cost and the rolled dynamic cost (every
//! visited instruction at full price). The loop is fully unrolled when
//! `UnrolledCost < Threshold * Boost / 100`, where the boost is the ratio of
//! the two costs in percent, capped by `-unroll-max-percent-threshold-boost`
//! (400; 100 for functions optimized for size). The simulation gives up
//! (no unrolling) on a nested loop, a call that is lowered to a real call, an
//! unrolled cost above `Threshold * MaxBoost / 100`, or an iteration that
//! found nothing to fold.
//!
//! # Costs
//! LLVM prices instructions with `TCK_SizeAndLatency` here (`TCK_CodeSize`
//! in `minsize` functions), with the operands replaced by their simplified
//! values. The code-size model is [`super::cost`]'s; for x86-64 the two kinds
//! differ only where this module overrides it (measured with opt-19's
//! `print<cost-model>` under both kinds): `mul` (`i64` costs 2, a multiply by
//! a power of two is a shift), division and remainder by a power of two,
//! min/max intrinsics (3, or 4 below 32 bits), the floating-point intrinsics
//! x86-64 lowers to library calls (10) and `sqrt.f32` (2). With simplified
//! operands, a `getelementptr` whose indices all became constants folds into
//! the addressing mode.
//!
//! # Invariants
//! The simulation only reads the IR. It never panics: unknown shapes and
//! values it does not model count as not simplified, which can only make the
//! estimate more expensive.
//!
//! # Deliberate differences from LLVM 19
//! InstructionSimplify is modelled for what the simulation meets in practice
//! (constant folding of integer, `float` and `double` arithmetic, compares
//! and casts, and the algebraic identities with a constant or two equal
//! operands); simplifications that need known bits or value ranges are not.

use super::cost::{self, Decision, Prefs, TripFacts};
use super::UnrollOptions;
use crate::FnAnalyses;
use loopwright_analysis::scev::range::ConstantRange;
use loopwright_analysis::scev::{CInt, ScalarEvolution, ScevData, UnkRef};
use loopwright_analysis::Loop;
use loopwright_ir::constfold::{self, Fold, Fp, FpEnv, FpFormat, Lane};
use loopwright_ir::{
    ApInt, Block, Const, ConstData, Flags, Function, GlobalRef, Inst, InstData, Module, Opcode,
    Operand, Ordering, Predicate, Type, TypeData, Value, ValueDef,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// `-unroll-max-iteration-count-to-analyze`.
pub const MAX_ITERATIONS_TO_ANALYZE: u32 = 10;

/// LLVM's `EstimatedUnrollCost`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EstimatedUnrollCost {
    /// The cost of the fully unrolled loop after folding.
    pub unrolled_cost: u32,
    /// The cost of the instructions the rolled loop executes.
    pub rolled_dynamic_cost: u32,
}

/// `getFullUnrollBoostingFactor`: how much (in percent) the threshold grows
/// for a loop whose unrolling saves dynamic work.
pub fn boosting_factor(c: &EstimatedUnrollCost, max_percent_boost: u32) -> u32 {
    if c.rolled_dynamic_cost >= u32::MAX / 100 {
        100
    } else {
        (100 * c.rolled_dynamic_cost)
            .checked_div(c.unrolled_cost)
            .map_or(max_percent_boost, |b| b.min(max_percent_boost))
    }
}

/// The limits of the full-unroll decision.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// `UP.Threshold`.
    pub threshold: u32,
    /// `UP.MaxPercentThresholdBoost`.
    pub max_percent_boost: u32,
    /// `UP.MaxIterationsCountToAnalyze`.
    pub max_iterations: u32,
}

/// The second half of `shouldFullUnroll`: whether the simulation of
/// `trip_count` iterations finds the fully unrolled loop cheap enough.
pub fn full_unroll_is_profitable(
    m: &Module,
    f: &Function,
    a: &FnAnalyses,
    l: Loop,
    trip_count: u32,
    lim: Limits,
) -> bool {
    let mut se = ScalarEvolution::new(m, f, &a.cfg, &a.dt, &a.loops);
    profitable_with(&mut se, m, f, a, l, trip_count, lim)
}

/// [`full_unroll_is_profitable`] with the caller's scalar evolution of `f`.
fn profitable_with(
    se: &mut ScalarEvolution<'_>,
    m: &Module,
    f: &Function,
    a: &FnAnalyses,
    l: Loop,
    trip_count: u32,
    lim: Limits,
) -> bool {
    // LLVM computes these in `unsigned` arithmetic.
    let max_size = lim.threshold.wrapping_mul(lim.max_percent_boost) / 100;
    let Some(c) = analyze_with(se, m, f, a, l, trip_count, max_size, lim.max_iterations) else {
        return false;
    };
    let boost = boosting_factor(&c, lim.max_percent_boost);
    c.unrolled_cost < lim.threshold.wrapping_mul(boost) / 100
}

/// Where the unroller asks the simulation: after `computeUnrollCount` found
/// neither a pragma count nor a plain full (or bounded) unroll under the
/// threshold, and before peeling. Mirrors the two `shouldFullUnroll` calls
/// of LLVM (exact trip count, then bounded by the maximum trip count) and
/// sets the decision when the simulation says yes.
#[allow(clippy::too_many_arguments)]
pub fn full_unroll_after_estimate(
    se: &mut ScalarEvolution<'_>,
    m: &Module,
    f: &Function,
    a: &FnAnalyses,
    l: Loop,
    t: &TripFacts,
    p: &Prefs,
    opts: &UnrollOptions,
    d: &mut Decision,
) -> bool {
    let (count, upper) = if t.trip_count != 0 {
        (t.trip_count, false)
    } else if t.max_trip_count != 0
        && (p.upper_bound || t.max_or_zero)
        && t.max_trip_count <= p.max_upper_bound
    {
        (t.max_trip_count, true)
    } else {
        return false;
    };
    if count > p.full_unroll_max_count {
        return false;
    }
    let lim = Limits {
        threshold: p.threshold,
        max_percent_boost: opts
            .max_percent_threshold_boost
            .unwrap_or(p.max_percent_threshold_boost),
        max_iterations: opts
            .max_iterations_to_analyze
            .unwrap_or(MAX_ITERATIONS_TO_ANALYZE),
    };
    if !profitable_with(se, m, f, a, l, count, lim) {
        return false;
    }
    d.count = count;
    d.use_upper_bound = upper;
    true
}

/// `analyzeLoopUnrollCost`: simulates `trip_count` iterations of `l`.
/// `None` when the loop is not analyzable, unrolling saves nothing, or the
/// unrolled cost exceeds `max_unrolled_size`.
pub fn analyze_loop_unroll_cost(
    m: &Module,
    f: &Function,
    a: &FnAnalyses,
    l: Loop,
    trip_count: u32,
    max_unrolled_size: u32,
    max_iterations: u32,
) -> Option<EstimatedUnrollCost> {
    let mut se = ScalarEvolution::new(m, f, &a.cfg, &a.dt, &a.loops);
    analyze_with(
        &mut se,
        m,
        f,
        a,
        l,
        trip_count,
        max_unrolled_size,
        max_iterations,
    )
}

/// [`analyze_loop_unroll_cost`] with the caller's scalar evolution of `f`
/// (the simulation only reads it, as LLVM's reads the pass's).
#[allow(clippy::too_many_arguments)]
fn analyze_with(
    se: &mut ScalarEvolution<'_>,
    m: &Module,
    f: &Function,
    a: &FnAnalyses,
    l: Loop,
    trip_count: u32,
    max_unrolled_size: u32,
    max_iterations: u32,
) -> Option<EstimatedUnrollCost> {
    if !a.loops.is_innermost(l) || trip_count == 0 || trip_count > max_iterations {
        return None;
    }
    let header = a.loops.header(l);
    let latch = a.loops.latch(&a.cfg, l)?;
    let preheader = a.loops.preheader(f, &a.cfg, l)?;
    let mut sim = Sim {
        m,
        f,
        a,
        l,
        header,
        latch,
        se,
        env: FpEnv::for_function(m, f),
        kind: if m.attrs.has(f.fn_attrs, "minsize") {
            CostKind::CodeSize
        } else {
            CostKind::SizeAndLatency
        },
        simplified: FxHashMap::default(),
        addresses: FxHashMap::default(),
        states: FxHashMap::default(),
        unrolled: 0,
        rolled: 0,
    };
    let ephemeral = ephemeral_values(m, f, a, l);
    let mut exits: Vec<(Block, Block)> = Vec::new();
    let mut exit_set: FxHashSet<(Block, Block)> = FxHashSet::default();
    let header_phis: Vec<Inst> = f
        .layout
        .block_insts(header)
        .filter(|&i| !f.inst(i).opcode.is_debug_record())
        .take_while(|&i| f.inst(i).opcode == Opcode::Phi)
        .collect();
    for iteration in 0..trip_count {
        // The header phis start from the preheader, then from the latch
        // values of the previous iteration.
        let from = if iteration == 0 { preheader } else { latch };
        let mut inputs = Vec::with_capacity(header_phis.len());
        for &phi in &header_phis {
            let Some(op) = incoming(f, phi, from) else {
                continue;
            };
            let v = match op {
                Operand::Value(v) if iteration != 0 => {
                    sim.simplified.get(&v).copied().unwrap_or(SVal::Value(v))
                }
                _ => sim.operand_sval(op),
            };
            if let Some(r) = f.inst_result(phi) {
                inputs.push((r, v));
            }
        }
        sim.simplified.clear();
        sim.simplified.extend(inputs);
        sim.addresses.clear();

        let mut blocks = vec![header];
        let mut block_set: FxHashSet<Block> = FxHashSet::default();
        block_set.insert(header);
        let mut idx = 0;
        while idx < blocks.len() {
            let bb = blocks[idx];
            idx += 1;
            for i in f.layout.block_insts(bb) {
                let data = f.inst(i);
                if data.opcode.is_debug_record() || is_dbg_call(m, data) || ephemeral.contains(&i) {
                    continue;
                }
                sim.rolled += u64::from(sim.cost(i, false));
                let free = sim.visit(i, iteration);
                sim.states.insert(
                    (i, iteration),
                    State {
                        free,
                        counted: false,
                    },
                );
                if free {
                    continue;
                }
                if data.opcode == Opcode::Call && call_is_opaque(m, data) {
                    return None;
                }
                if may_have_side_effects(m, data) {
                    sim.add_cost_recursively(i, iteration);
                }
                if sim.unrolled > u64::from(max_unrolled_size) {
                    return None;
                }
            }
            let Some(term) = f.terminator(bb) else {
                continue;
            };
            // A branch on a folded condition reaches only the taken successor
            // and costs nothing; any other terminator stays.
            let known = sim.known_successor(term);
            let succs: Vec<Block> = match known {
                Some(s) => vec![s],
                None => f.inst(term).successors().collect(),
            };
            for s in succs {
                if a.loops.contains(l, s) {
                    if block_set.insert(s) {
                        blocks.push(s);
                    }
                } else if exit_set.insert((bb, s)) {
                    exits.push((bb, s));
                }
            }
            if known.is_none() {
                sim.add_cost_recursively(term, iteration);
            }
        }
        // Nothing folded in this iteration: nothing will later either.
        if sim.unrolled == sim.rolled {
            return None;
        }
    }
    // The values leaving the loop are live after the last iteration.
    while let Some((exiting, exit)) = exits.pop() {
        for phi in f.layout.block_insts(exit) {
            let data = f.inst(phi);
            if data.opcode.is_debug_record() {
                continue;
            }
            if data.opcode != Opcode::Phi {
                break;
            }
            if let Some(Operand::Value(v)) = incoming(f, phi, exiting) {
                if let Some(def) = sim.in_loop_inst(v) {
                    sim.add_cost_recursively(def, trip_count - 1);
                }
            }
        }
    }
    Some(EstimatedUnrollCost {
        unrolled_cost: u32::try_from(sim.unrolled).unwrap_or(u32::MAX),
        rolled_dynamic_cost: u32::try_from(sim.rolled).unwrap_or(u32::MAX),
    })
}

/// The incoming value of `phi` from `block`.
fn incoming(f: &Function, phi: Inst, block: Block) -> Option<Operand> {
    f.inst(phi)
        .operands()
        .chunks(2)
        .find(|c| c.get(1) == Some(&Operand::Block(block)))
        .map(|c| c[0])
}

/// A value as the simulation knows it (LLVM's `SimplifiedValues` entries).
#[derive(Copy, Clone, PartialEq, Debug)]
enum SVal {
    /// An integer constant of at most 128 bits.
    Int(CInt),
    /// A floating-point constant of an IEEE format.
    Float(Fp),
    Undef,
    Poison,
    /// Another module constant (a global's address, `null`, a constant
    /// expression, a float of another format, a wide integer).
    Const(Const),
    /// A constant the folding produced but does not model.
    Folded,
    /// An SSA value.
    Value(Value),
}

impl SVal {
    fn is_constant(self) -> bool {
        !matches!(self, SVal::Value(_))
    }
    fn is_undef(self) -> bool {
        matches!(self, SVal::Undef | SVal::Poison)
    }
    fn int(self) -> Option<CInt> {
        match self {
            SVal::Int(c) => Some(c),
            _ => None,
        }
    }
    /// A float constant.
    fn float(self) -> Option<Fp> {
        match self {
            SVal::Float(f) => Some(f),
            _ => None,
        }
    }
    /// Whether both are the same LLVM value (pointer identity for values,
    /// uniqued constants).
    fn same(self, o: SVal) -> bool {
        match (self, o) {
            (SVal::Folded, _) | (_, SVal::Folded) => false,
            _ => self == o,
        }
    }
}

/// An address known as a constant offset from a base (LLVM's
/// `SimplifiedAddress`).
#[derive(Copy, Clone, Debug)]
struct Address {
    base: UnkRef,
    offset: CInt,
}

/// Per `(instruction, iteration)`: folded, and already counted.
#[derive(Copy, Clone, Debug)]
struct State {
    free: bool,
    counted: bool,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum CostKind {
    CodeSize,
    SizeAndLatency,
}

/// The simulation state.
struct Sim<'a, 's, 'e> {
    m: &'a Module,
    f: &'a Function,
    a: &'a FnAnalyses,
    l: Loop,
    header: Block,
    latch: Block,
    se: &'s mut ScalarEvolution<'e>,
    kind: CostKind,
    /// The function's denormal modes, for folding floats.
    env: FpEnv,
    /// The values known in the current iteration.
    simplified: FxHashMap<Value, SVal>,
    /// The addresses known in the current iteration.
    addresses: FxHashMap<Value, Address>,
    states: FxHashMap<(Inst, u32), State>,
    unrolled: u64,
    rolled: u64,
}

impl Sim<'_, '_, '_> {
    fn operand_sval(&self, op: Operand) -> SVal {
        match op {
            Operand::Value(v) => SVal::Value(v),
            Operand::Const(c) => const_sval(self.m, c),
            _ => SVal::Folded,
        }
    }

    /// An operand with its simplified value substituted.
    fn resolve(&self, op: Operand) -> SVal {
        match op {
            Operand::Value(v) => self.simplified.get(&v).copied().unwrap_or(SVal::Value(v)),
            _ => self.operand_sval(op),
        }
    }

    /// The instruction defining `v`, if it is in the loop.
    fn in_loop_inst(&self, v: Value) -> Option<Inst> {
        let ValueDef::Result(i) = self.f.value_def(v) else {
            return None;
        };
        let b = self.f.layout.inst_block(i)?;
        self.a.loops.contains(self.l, b).then_some(i)
    }

    fn record(&mut self, i: Inst, v: SVal) {
        if let Some(r) = self.f.inst_result(i) {
            self.simplified.insert(r, v);
        }
    }

    /// `UnrolledInstAnalyzer::visit`: whether `i` folds away in this
    /// iteration.
    fn visit(&mut self, i: Inst, iteration: u32) -> bool {
        let data = self.f.inst(i);
        let ops = data.operands();
        use Opcode::*;
        match (data.opcode, ops) {
            (
                Add | FAdd | Sub | FSub | Mul | FMul | UDiv | SDiv | FDiv | URem | SRem | FRem
                | Shl | LShr | AShr | And | Or | Xor,
                &[a, b],
            ) => {
                let (x, y) = (self.resolve(a), self.resolve(b));
                let ty = data.ty;
                match simplify_binop(self.m, &self.env, data.opcode, data.flags, ty, x, y) {
                    Some(v) => {
                        self.record(i, v);
                        true
                    }
                    None => self.simplify_with_scev(i, iteration),
                }
            }
            (Load, _) => self.visit_load(i),
            (
                Trunc | ZExt | SExt | FPToUI | FPToSI | UIToFP | SIToFP | FPTrunc | FPExt
                | PtrToInt | IntToPtr | BitCast | AddrSpaceCast,
                &[a],
            ) => {
                let op = self.resolve(a);
                let src_ty = self.f.operand_type(a, &self.m.consts);
                match simplify_cast(self.m, self.f, data.opcode, op, src_ty, data.ty) {
                    Some(v) => {
                        self.record(i, v);
                        true
                    }
                    None => self.simplify_with_scev(i, iteration),
                }
            }
            (ICmp | FCmp, &[a, b]) => {
                let (mut x, mut y) = (self.resolve(a), self.resolve(b));
                if let (SVal::Value(xv), SVal::Value(yv)) = (x, y) {
                    if let (Some(xa), Some(ya)) = (self.addresses.get(&xv), self.addresses.get(&yv))
                    {
                        if xa.base == ya.base && xa.offset.bits() == ya.offset.bits() {
                            x = SVal::Int(xa.offset);
                            y = SVal::Int(ya.offset);
                        }
                    }
                }
                let Some(p) = data.predicate() else {
                    return self.simplify_with_scev(i, iteration);
                };
                match simplify_cmp(Some((self.m, self.f)), &self.env, p, x, y) {
                    Some(v) => {
                        self.record(i, v);
                        true
                    }
                    None => self.simplify_with_scev(i, iteration),
                }
            }
            (Phi, _) => {
                self.simplify_with_scev(i, iteration)
                    || self.f.layout.inst_block(i) == Some(self.header)
            }
            _ => self.simplify_with_scev(i, iteration),
        }
    }

    /// `simplifyInstWithSCEV`.
    fn simplify_with_scev(&mut self, i: Inst, iteration: u32) -> bool {
        let Some(v) = self.f.inst_result(i) else {
            return false;
        };
        if !scevable(self.m, self.f.value_type(v)) {
            return false;
        }
        let s = self.se.scev_of(v);
        if let Some(c) = self.se.as_const(s) {
            self.record(i, SVal::Int(c));
            return true;
        }
        if iteration != 0 && self.se.is_loop_invariant(s, self.l) {
            return true;
        }
        if self.se.as_add_rec(s).map(|(_, al)| al) != Some(self.l) {
            return false;
        }
        let ty = self.se.effective_ty(self.se.ty(s));
        let it = self.se.get_const_ty(ty, i128::from(iteration));
        let at = self.se.evaluate_at_iteration(s, it);
        if let Some(c) = self.se.as_const(at) {
            self.record(i, SVal::Int(c));
            return true;
        }
        let base = self.se.pointer_base(s);
        let ScevData::Unknown(u) = *self.se.data(base) else {
            return false;
        };
        let diff = self
            .se
            .get_minus(at, base, loopwright_analysis::scev::NoWrap::ANY);
        if let Some(offset) = self.se.as_const(diff) {
            self.addresses.insert(v, Address { base: u, offset });
        }
        false
    }

    /// `visitLoad`: a load from a constant global array at a known offset.
    fn visit_load(&mut self, i: Inst) -> bool {
        let data = self.f.inst(i);
        let Some(&Operand::Value(p)) = data.operands().first() else {
            return false;
        };
        let Some(addr) = self.addresses.get(&p).copied() else {
            return false;
        };
        let UnkRef::Const(c) = addr.base else {
            return false;
        };
        let Some(elem) = constant_array_element(self.m, c, data.ty, addr.offset) else {
            return false;
        };
        self.record(i, elem);
        true
    }

    /// The successor a branch or switch takes when its condition is known.
    fn known_successor(&self, term: Inst) -> Option<Block> {
        let data = self.f.inst(term);
        let ops = data.operands();
        match data.opcode {
            Opcode::Br if ops.len() == 3 => {
                let c = self.resolve(ops[0]);
                let pick = if c.is_undef() {
                    1
                } else {
                    match c.int() {
                        Some(v) if v.is_zero() => 2,
                        Some(_) => 1,
                        None => return None,
                    }
                };
                ops[pick].as_block()
            }
            Opcode::Switch if ops.len() >= 2 => {
                let c = self.resolve(ops[0]);
                if c.is_undef() {
                    return ops[1].as_block();
                }
                let v = c.int()?;
                for case in ops[2..].chunks(2) {
                    if let [Operand::Const(k), Operand::Block(dest)] = case {
                        if const_sval(self.m, *k).int() == Some(v) {
                            return Some(*dest);
                        }
                    }
                }
                ops[1].as_block()
            }
            _ => None,
        }
    }

    /// The `AddCostRecursively` helper: counts `root` in `iteration` and,
    /// recursively, the in-loop instructions it uses, following header phis
    /// into earlier iterations.
    fn add_cost_recursively(&mut self, root: Inst, iteration: u32) {
        let mut work = vec![root];
        let mut phi_used: Vec<Inst> = Vec::new();
        let mut it = iteration;
        loop {
            while let Some(i) = work.pop() {
                let Some(st) = self.states.get_mut(&(i, it)) else {
                    // Not visited in this iteration (a dead path): free.
                    continue;
                };
                if st.counted {
                    continue;
                }
                st.counted = true;
                let free = st.free;
                let data = self.f.inst(i);
                if data.opcode == Opcode::Phi && self.f.layout.inst_block(i) == Some(self.header) {
                    if it == 0 {
                        continue;
                    }
                    if let Some(Operand::Value(v)) = incoming(self.f, i, self.latch) {
                        if let Some(d) = self.in_loop_inst(v) {
                            phi_used.push(d);
                        }
                    }
                    continue;
                }
                if !free {
                    self.unrolled += u64::from(self.cost(i, true));
                }
                for &op in self.f.inst(i).operands() {
                    if let Operand::Value(v) = op {
                        if let Some(d) = self.in_loop_inst(v) {
                            work.push(d);
                        }
                    }
                }
            }
            if phi_used.is_empty() || it == 0 {
                break;
            }
            it -= 1;
            work.append(&mut phi_used);
        }
    }

    /// The cost of `i` (`TTI::getInstructionCost`), with the simplified
    /// operands when `simplified`.
    fn cost(&self, i: Inst, simplified: bool) -> u32 {
        let (m, f) = (self.m, self.f);
        let data = f.inst(i);
        let op = |k: usize| -> SVal {
            let o = data.operands()[k];
            if simplified {
                self.resolve(o)
            } else {
                self.operand_sval(o)
            }
        };
        let sl = self.kind == CostKind::SizeAndLatency;
        match data.opcode {
            Opcode::Mul | Opcode::UDiv | Opcode::URem | Opcode::SDiv | Opcode::SRem => {
                match m.types.int_width(data.ty) {
                    Some(w) if data.operands().len() == 2 => arith_cost(data.opcode, w, op(1), sl),
                    _ => cost::inst_cost(m, f, data),
                }
            }
            Opcode::GetElementPtr if simplified => self.gep_cost(data),
            Opcode::Call if sl => {
                intrinsic_size_latency(m, data).unwrap_or_else(|| cost::inst_cost(m, f, data))
            }
            _ => cost::inst_cost(m, f, data),
        }
    }

    /// `getGEPCost` with the simplified operands: a `getelementptr` whose
    /// indices all became constants folds into an addressing mode when the
    /// target model says so (not on a global that needs a GOT load, nor on
    /// a global with a displacement under the `pic` relocation model).
    fn gep_cost(&self, data: &InstData) -> u32 {
        let ops = data.operands();
        let base = ops.first().map_or(SVal::Folded, |&o| self.resolve(o));
        let newly_const = ops
            .iter()
            .skip(1)
            .any(|&o| matches!(o, Operand::Value(_)) && matches!(self.resolve(o), SVal::Int(_)));
        let base_changed = matches!(ops.first(), Some(Operand::Value(_))) && base.is_constant();
        if !newly_const && !base_changed {
            return cost::inst_cost(self.m, self.f, data);
        }
        let indices: Option<smallvec::SmallVec<[Option<i64>; 4]>> = ops
            .iter()
            .skip(1)
            .map(|&o| match self.resolve(o) {
                SVal::Int(c) => Some(i64::try_from(c.s()).ok()),
                _ => None,
            })
            .collect();
        let Some(indices) = indices else {
            return cost::inst_cost(self.m, self.f, data);
        };
        let SVal::Const(c) = base else {
            return 0;
        };
        let loopwright_ir::Extra::Gep { source_ty } = data.extra else {
            return cost::inst_cost(self.m, self.f, data);
        };
        let folds =
            loopwright_target::size::gep_folds_with(self.m, Operand::Const(c), source_ty, &indices);
        u32::from(!folds)
    }
}

/// x86-64's cost of an integer multiply, division or remainder, given the
/// second operand (constant powers of two become shifts and masks).
fn arith_cost(op: Opcode, width: u32, rhs: SVal, size_latency: bool) -> u32 {
    let c = rhs.int().filter(|c| !c.is_zero());
    let pow2 = c.is_some_and(|c| c.is_power_of_two());
    let neg_pow2 = c.is_some_and(|c| c.is_negative() && c.neg().is_power_of_two());
    let mul = match (size_latency, width) {
        (true, 64) => 2,
        (_, 128) if size_latency => 4,
        (_, 128) => 2,
        _ => 1,
    };
    match op {
        Opcode::Mul if pow2 => 1,
        Opcode::Mul if neg_pow2 => 2,
        Opcode::Mul => mul,
        Opcode::UDiv | Opcode::URem if pow2 => 1,
        // sra, srl, add, sra; a remainder also multiplies back and subtracts.
        Opcode::SRem if pow2 => 4 + mul.min(2) + 1,
        _ => 4,
    }
}

/// The `TCK_SizeAndLatency` cost of an intrinsic call where it differs from
/// the code size, as opt-19 reports it for x86-64.
fn intrinsic_size_latency(m: &Module, data: &InstData) -> Option<u32> {
    let g = m.called_function(data)?;
    let name = m.functions[g].name()?.strip_prefix("llvm.")?;
    let mut parts = name.split('.');
    let base = parts.next()?;
    let width = m.types.int_width(data.ty);
    let fp = matches!(m.types.data(data.ty), TypeData::Float | TypeData::Double);
    match base {
        "smax" | "smin" | "umax" | "umin" => match width? {
            8 | 16 => Some(4),
            32 | 64 => Some(3),
            _ => None,
        },
        "floor" | "ceil" | "trunc" | "rint" | "nearbyint" | "round" | "roundeven" | "exp"
        | "exp2" | "log" | "log2" | "log10" | "pow" | "sin" | "cos" | "fma"
            if fp =>
        {
            Some(10)
        }
        "sqrt" if matches!(m.types.data(data.ty), TypeData::Float) => Some(2),
        _ => None,
    }
}

/// Whether `data` calls `llvm.dbg.*` (old-style debug info).
fn is_dbg_call(m: &Module, data: &InstData) -> bool {
    data.opcode == Opcode::Call
        && m.called_function(data)
            .and_then(|g| m.functions[g].name())
            .is_some_and(|n| n.starts_with("llvm.dbg."))
}

/// A call whose cost the simulation cannot model: indirect, or to a
/// function that is lowered to a real call (`TTI::isLoweredToCall`).
fn call_is_opaque(m: &Module, data: &InstData) -> bool {
    let Some(g) = m.called_function(data) else {
        return true;
    };
    let func = &m.functions[g];
    match func.name() {
        Some(n) if n.starts_with("llvm.") => false,
        Some(_) if func.common.linkage.is_local() => true,
        Some(n) => cost::lowered_to_call(n),
        None => true,
    }
}

/// Intrinsics that write memory, may not return or have other effects
/// (their LLVM attributes are not `memory(none|read) nounwind willreturn`).
fn intrinsic_has_side_effects(name: &str) -> bool {
    const EFFECTS: &[&str] = &[
        "memcpy",
        "memmove",
        "memset",
        "lifetime.",
        "assume",
        "experimental.",
        "invariant.",
        "launder.invariant.group",
        "sideeffect",
        "prefetch",
        "trap",
        "debugtrap",
        "ubsantrap",
        "stacksave",
        "stackrestore",
        "va_start",
        "va_end",
        "va_copy",
        "instrprof.",
        "pseudoprobe",
        "var.annotation",
        "ptr.annotation",
        "annotation",
        "eh.",
        "init.trampoline",
        "clear_cache",
        "write_register",
        "coro.",
        "masked.store",
        "masked.scatter",
        "masked.compressstore",
        "vp.store",
        "vp.scatter",
        "seh.",
        "localescape",
        "gcroot",
        "gcwrite",
        "gcread",
    ];
    EFFECTS.iter().any(|p| name.starts_with(p))
}

/// `Instruction::mayHaveSideEffects`: may write memory, may throw, or may
/// not return.
fn may_have_side_effects(m: &Module, data: &InstData) -> bool {
    use Opcode::*;
    match data.opcode {
        Store | Fence | AtomicCmpXchg | AtomicRmw | VAArg | Resume | CatchPad | CleanupPad
        | CatchRet | CleanupRet => true,
        Load => {
            data.flags.contains(Flags::VOLATILE)
                || matches!(&data.extra, loopwright_ir::Extra::Mem { atomic: Some(a), .. }
                    if a.ordering != Ordering::Unordered)
        }
        Call | Invoke | CallBr => {
            let callee = m.called_function(data);
            if let Some(n) = callee
                .and_then(|g| m.functions[g].name())
                .and_then(|n| n.strip_prefix("llvm."))
            {
                return intrinsic_has_side_effects(n);
            }
            let site = data.call_info().map(|c| c.fn_attrs);
            let decl = callee.map(|g| m.functions[g].fn_attrs);
            let has = |pred: &dyn Fn(&loopwright_ir::Attr) -> bool| {
                site.is_some_and(|s| m.attrs.get(s).iter().any(pred))
                    || decl.is_some_and(|s| m.attrs.get(s).iter().any(pred))
            };
            let only_reads = has(&|a| match a {
                loopwright_ir::Attr::Raw(k, v) => &**k == "memory" && !v.contains("write"),
                loopwright_ir::Attr::Flag(k) => &**k == "readnone" || &**k == "readonly",
                _ => false,
            });
            let flag = |name: &'static str| {
                has(
                    &move |a: &loopwright_ir::Attr| matches!(a, loopwright_ir::Attr::Flag(k) if &**k == name),
                )
            };
            !(only_reads && flag("nounwind") && flag("willreturn"))
        }
        _ => false,
    }
}

/// `CodeMetrics::collectEphemeralValues` for the loop: the `llvm.assume`
/// calls in it and the side-effect-free values only they use.
fn ephemeral_values(m: &Module, f: &Function, a: &FnAnalyses, l: Loop) -> FxHashSet<Inst> {
    let mut eph: FxHashSet<Inst> = FxHashSet::default();
    let mut visited: FxHashSet<Value> = FxHashSet::default();
    let mut work: Vec<Inst> = Vec::new();
    let append = |i: Inst, visited: &mut FxHashSet<Value>, work: &mut Vec<Inst>| {
        for &op in f.inst(i).operands() {
            let Operand::Value(v) = op else { continue };
            if !visited.insert(v) {
                continue;
            }
            if let ValueDef::Result(d) = f.value_def(v) {
                let dd = f.inst(d);
                if !may_have_side_effects(m, dd) && !dd.opcode.is_terminator() {
                    work.push(d);
                }
            }
        }
    };
    for &b in a.loops.data(l).blocks() {
        for i in f.layout.block_insts(b) {
            let data = f.inst(i);
            let is_assume = data.opcode == Opcode::Call
                && m.called_function(data).and_then(|g| m.functions[g].name())
                    == Some("llvm.assume");
            if is_assume && eph.insert(i) {
                append(i, &mut visited, &mut work);
            }
        }
    }
    let mut k = 0;
    while k < work.len() {
        let i = work[k];
        k += 1;
        let Some(v) = f.inst_result(i) else { continue };
        let all_eph = f
            .uses(v)
            .iter()
            .filter(|&&u| !f.inst(u).opcode.is_debug_record())
            .all(|u| eph.contains(u));
        if !all_eph {
            continue;
        }
        eph.insert(i);
        append(i, &mut visited, &mut work);
    }
    eph
}

/// Whether scalar evolution models values of type `t` (LLVM's
/// `isSCEVable`; integers wider than 128 bits are opaque here).
fn scevable(m: &Module, t: Type) -> bool {
    match m.types.data(t) {
        TypeData::Int(w) => *w <= 128,
        TypeData::Ptr(_) => true,
        _ => false,
    }
}

/// A module constant as the simulation sees it.
fn const_sval(m: &Module, c: Const) -> SVal {
    match m.consts.data(c) {
        ConstData::Int { val, .. } if (1..=128).contains(&val.bits()) => {
            let w = val.words();
            let lo = u128::from(w.first().copied().unwrap_or(0));
            let hi = u128::from(w.get(1).copied().unwrap_or(0));
            SVal::Int(CInt::new(val.bits(), lo | (hi << 64)))
        }
        ConstData::Float { ty, bits } => match FpFormat::of(m.types.data(*ty)) {
            Some(f) if f != FpFormat::PpcDouble => SVal::Float(Fp::new(f, *bits)),
            _ => SVal::Const(c),
        },
        ConstData::Undef(_) => SVal::Undef,
        ConstData::Poison(_) => SVal::Poison,
        _ => SVal::Const(c),
    }
}

/// `visitLoad`'s folding: the element at byte `offset` of the initializer
/// of global `c`, when it is a `constant` with a definitive initializer
/// that is a `ConstantDataSequential` (an array or vector of 8/16/32/64-bit
/// integers or of half/bfloat/float/double, not all zero) whose element
/// type is the loaded type.
fn constant_array_element(m: &Module, c: Const, load_ty: Type, offset: CInt) -> Option<SVal> {
    let ConstData::Global {
        global: GlobalRef::Var(g),
        ..
    } = m.consts.data(c)
    else {
        return None;
    };
    let init = crate::utils::constload::definitive_initializer(m, *g)?;
    let elem_bits = match m.types.data(load_ty) {
        TypeData::Int(w @ (8 | 16 | 32 | 64)) => *w,
        TypeData::Half | TypeData::BFloat => 16,
        TypeData::Float => 32,
        TypeData::Double => 64,
        _ => return None,
    };
    // Out-of-bounds accesses are not folded (a LLVM FIXME).
    if offset.active_bits() > 64 || offset.s() < 0 {
        return None;
    }
    let off = u64::try_from(offset.u()).ok()?;
    let index = usize::try_from(off / u64::from(elem_bits / 8)).ok()?;
    match m.consts.data(init) {
        ConstData::Bytes { data, .. } => {
            if m.types.int_width(load_ty) != Some(8) || data.iter().all(|&b| b == 0) {
                return None;
            }
            let b = *data.get(index)?;
            Some(SVal::Int(CInt::new(8, u128::from(b))))
        }
        ConstData::Array { ty, elems } | ConstData::Vector { ty, elems } => {
            let elem_ty = match m.types.data(*ty) {
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                _ => return None,
            };
            if elem_ty != load_ty {
                return None;
            }
            // A ConstantDataSequential holds plain numbers only, and an
            // all-zero one is a ConstantAggregateZero instead.
            let mut all_zero = true;
            for &e in elems {
                match m.consts.data(e) {
                    ConstData::Int { val, .. } => all_zero &= val.is_zero(),
                    ConstData::Float { bits, .. } => all_zero &= *bits == 0,
                    _ => return None,
                }
            }
            if all_zero {
                return None;
            }
            Some(const_sval(m, *elems.get(index)?))
        }
        _ => None,
    }
}

/// `simplifyBinOp` on simplified operands (without the instruction's
/// wrap flags, as LLVM calls it), for what the simulation needs.
fn simplify_binop(
    m: &Module,
    env: &FpEnv,
    op: Opcode,
    flags: Flags,
    ty: Type,
    x: SVal,
    y: SVal,
) -> Option<SVal> {
    use Opcode::*;
    let width = match m.types.data(ty) {
        TypeData::Int(w) => Some(*w),
        _ => None,
    };
    if matches!(op, FAdd | FSub | FMul | FDiv | FRem) {
        return simplify_fp_binop(op, flags, env, x, y);
    }
    // Wider integers are opaque to the simulation.
    let w = width.filter(|&w| w <= 128)?;
    // Commutative operators look at a constant on the right.
    let (x, y) = if matches!(op, Add | Mul | And | Or | Xor) && x.is_constant() && !y.is_constant()
    {
        (y, x)
    } else {
        (x, y)
    };
    if x == SVal::Poison || y == SVal::Poison {
        return Some(SVal::Poison);
    }
    if x.is_undef() || y.is_undef() {
        return Some(match op {
            Add | Sub | Xor => SVal::Undef,
            Mul | And => SVal::Int(CInt::zero(w)),
            Or => SVal::Int(CInt::all_ones(w)),
            _ => SVal::Poison,
        });
    }
    if let (Some(a), Some(b)) = (x.int(), y.int()) {
        return fold_int_binop(op, a, b);
    }
    let c = y.int();
    let zero = |v: Option<CInt>| v.is_some_and(|c| c.is_zero());
    let one = |v: Option<CInt>| v.is_some_and(|c| c.is_one());
    let ones = |v: Option<CInt>| v.is_some_and(|c| c.is_all_ones());
    let z = SVal::Int(CInt::zero(w));
    Some(match op {
        Add | Or | Xor | Sub | Shl | LShr | AShr if zero(c) => x,
        Shl | LShr | AShr if c.is_some_and(|c| c.u() >= u128::from(w)) => SVal::Poison,
        Shl | LShr | AShr if zero(x.int()) => z,
        AShr if ones(x.int()) => x,
        Mul | And if zero(c) => z,
        Mul | UDiv | SDiv if one(c) => x,
        URem | SRem if one(c) => z,
        UDiv | SDiv | URem | SRem if zero(c) => SVal::Poison,
        UDiv | SDiv | URem | SRem if zero(x.int()) => z,
        And if ones(c) => x,
        Or if ones(c) => y,
        And | Or if x.same(y) => x,
        Sub | Xor | URem | SRem if x.same(y) => z,
        UDiv | SDiv if x.same(y) => SVal::Int(CInt::one(w)),
        _ => return None,
    })
}

/// Constant folding of an integer binary operator (the tree's one
/// folder, `loopwright_ir::constfold`: results are poison where the
/// operation is undefined; wrap flags are ignored, as LLVM's
/// `ConstantFoldBinaryInstruction` ignores them).
fn fold_int_binop(op: Opcode, a: CInt, b: CInt) -> Option<SVal> {
    let r = constfold::int_binop(op, &to_apint(a), &to_apint(b))?;
    Some(match r {
        Fold::Value(v) => SVal::Int(from_apint(&v)?),
        Fold::Poison => SVal::Poison,
    })
}

fn to_apint(c: CInt) -> ApInt {
    ApInt::from_u128(c.bits(), c.u())
}

fn from_apint(v: &ApInt) -> Option<CInt> {
    (v.bits() <= 128).then(|| CInt::new(v.bits(), v.as_u128().unwrap_or(0)))
}

/// Floating-point arithmetic: constant folding by the tree's folder (as
/// LLVM's `ConstantFoldFPInstOperands`, with the function's denormal
/// modes `env`), then the identities that hold without fast-math flags
/// (`x + -0.0`, `x - 0.0`, `x * 1.0`, `x / 1.0`), plus `x + 0.0` under `nsz`.
fn simplify_fp_binop(op: Opcode, flags: Flags, env: &FpEnv, x: SVal, y: SVal) -> Option<SVal> {
    use Opcode::*;
    if let (Some(a), Some(b)) = (x.float(), y.float()) {
        match constfold::binop_lane(op, &Lane::Float(a), &Lane::Float(b), env) {
            Some(Lane::Float(r)) => return Some(SVal::Float(r)),
            Some(Lane::Poison) => return Some(SVal::Poison),
            _ => {}
        }
    }
    if x == SVal::Poison || y == SVal::Poison {
        return Some(SVal::Poison);
    }
    let (x, y) = if matches!(op, FAdd | FMul) && x.is_constant() && !y.is_constant() {
        (y, x)
    } else {
        (x, y)
    };
    let c = y.float()?;
    let neg_zero = c.is_exactly(-0.0);
    let pos_zero = c.is_exactly(0.0);
    let nsz = flags.contains(Flags::NSZ);
    match op {
        FAdd if neg_zero || (pos_zero && nsz) => Some(x),
        FSub if pos_zero || (neg_zero && nsz) => Some(x),
        FMul | FDiv if c.is_exactly(1.0) => Some(x),
        _ => None,
    }
}

/// `simplifyCmpInst` on simplified operands. With the IR at hand
/// (`ctx`), a compare of a value with a constant also folds when the
/// value's range (`computeConstantRange`) decides it.
fn simplify_cmp(
    ctx: Option<(&Module, &Function)>,
    env: &FpEnv,
    p: Predicate,
    x: SVal,
    y: SVal,
) -> Option<SVal> {
    use Predicate::*;
    let b = |v: bool| Some(SVal::Int(CInt::new(1, u128::from(v))));
    match p {
        True => return b(true),
        False => return b(false),
        _ => {}
    }
    if x == SVal::Poison || y == SVal::Poison {
        return Some(SVal::Poison);
    }
    let icmp = p.is_int();
    if icmp {
        if (x.is_undef() || y.is_undef()) && matches!(p, Eq | Ne) {
            return Some(SVal::Undef);
        }
        if let (Some(a), Some(c)) = (x.int(), y.int()) {
            if a.bits() != c.bits() {
                return None;
            }
            return b(constfold::icmp(p, &to_apint(a), &to_apint(c))?);
        }
        if x.same(y) {
            return b(matches!(p, Eq | Uge | Ule | Sge | Sle));
        }
        // A constant on the left is swapped to the right.
        let (p, c) = match (x.int(), y.int()) {
            (None, Some(c)) => (p, c),
            (Some(c), None) => (p.swapped(), c),
            _ => return None,
        };
        // `simplifyICmpWithConstant`.
        let region = ConstantRange::exact_icmp_region(p, c);
        if region.is_empty() {
            return b(false);
        }
        if region.is_full() {
            return b(true);
        }
        let (Some((m, f)), SVal::Value(v)) = (ctx, if x.int().is_some() { y } else { x }) else {
            return None;
        };
        let signed = p.is_signed();
        let r = value_range(m, f, v, signed, 0)?;
        if r.bits() != c.bits() || r.is_full() {
            return None;
        }
        if region.contains_range(&r) {
            return b(true);
        }
        if region.inverse().contains_range(&r) {
            return b(false);
        }
        return None;
    }
    b(constfold::fcmp(p, x.float()?, y.float()?, env)?)
}

/// LLVM's `computeConstantRange` for the shapes the simulation meets:
/// binary operators with a constant operand (`setLimitsForBinOp`), selects
/// and the integer intrinsics with known result ranges. `None` for types
/// the simulation does not model.
fn value_range(
    m: &Module,
    f: &Function,
    v: Value,
    signed: bool,
    depth: u32,
) -> Option<ConstantRange> {
    let w = m.types.int_width(f.value_type(v)).filter(|&w| w <= 128)?;
    let full = ConstantRange::full(w);
    // LLVM's `MaxAnalysisRecursionDepth`.
    if depth >= 6 {
        return Some(full);
    }
    let ValueDef::Result(i) = f.value_def(v) else {
        return Some(full);
    };
    let data = f.inst(i);
    let ops = data.operands();
    let konst = |k: usize| -> Option<CInt> {
        match ops.get(k) {
            Some(&Operand::Const(c)) => const_sval(m, c).int().filter(|c| c.bits() == w),
            _ => None,
        }
    };
    let range_of = |op: Operand| -> ConstantRange {
        match op {
            Operand::Const(c) => match const_sval(m, c).int() {
                Some(c) if c.bits() == w => ConstantRange::single(c),
                _ => full,
            },
            Operand::Value(x) => value_range(m, f, x, signed, depth + 1).unwrap_or(full),
            _ => full,
        }
    };
    let zero = CInt::zero(w);
    let one = CInt::one(w);
    let r = |lo: CInt, hi: CInt| Some(ConstantRange::non_empty(lo, hi));
    use Opcode::*;
    match data.opcode {
        Add => match konst(1).filter(|c| !c.is_zero()) {
            Some(c) => {
                let nsw = data.flags.contains(Flags::NSW);
                let nuw = data.flags.contains(Flags::NUW) && !(signed && nsw);
                if nuw {
                    r(c, zero)
                } else if nsw && c.is_negative() {
                    r(CInt::smin_value(w), CInt::smax_value(w).add(c).add(one))
                } else if nsw {
                    r(CInt::smin_value(w).add(c), CInt::smax_value(w).add(one))
                } else {
                    Some(full)
                }
            }
            None => Some(full),
        },
        And => match konst(1) {
            Some(c) => r(zero, c.add(one)),
            None => Some(full),
        },
        Or => match konst(1) {
            Some(c) => r(c, zero),
            None => Some(full),
        },
        AShr => match (konst(0), konst(1)) {
            (_, Some(c)) if c.u() < u128::from(w) => {
                let n = c.u() as u32;
                r(
                    CInt::smin_value(w).ashr(n),
                    CInt::smax_value(w).ashr(n).add(one),
                )
            }
            (Some(c), _) => {
                let n = if !c.is_zero() && data.flags.contains(Flags::EXACT) {
                    c.trailing_zeros()
                } else {
                    w - 1
                };
                if c.is_negative() {
                    r(c, c.ashr(n).add(one))
                } else {
                    r(c.ashr(n), c.add(one))
                }
            }
            _ => Some(full),
        },
        LShr => match (konst(0), konst(1)) {
            (_, Some(c)) if c.u() < u128::from(w) => {
                r(zero, CInt::all_ones(w).lshr(c.u() as u32).add(one))
            }
            (Some(c), _) => {
                let n = if !c.is_zero() && data.flags.contains(Flags::EXACT) {
                    c.trailing_zeros()
                } else {
                    w - 1
                };
                r(c.lshr(n), c.add(one))
            }
            _ => Some(full),
        },
        UDiv => match (konst(0), konst(1)) {
            (_, Some(c)) if !c.is_zero() => r(zero, CInt::all_ones(w).udiv(c)?.add(one)),
            (Some(c), _) => r(zero, c.add(one)),
            _ => Some(full),
        },
        URem => match (konst(0), konst(1)) {
            (_, Some(c)) => r(zero, c),
            (Some(c), _) => r(zero, c.add(one)),
            _ => Some(full),
        },
        SRem => match (konst(0), konst(1)) {
            (_, Some(c)) => {
                let hi = c.abs();
                r(hi.neg().add(one), hi)
            }
            (Some(c), _) if c.is_negative() => r(c, one),
            (Some(c), _) => r(zero, c.add(one)),
            _ => Some(full),
        },
        Select if ops.len() == 3 => {
            let t = range_of(ops[1]);
            let e = range_of(ops[2]);
            Some(t.union(
                &e,
                loopwright_analysis::scev::range::PreferredRange::Smallest,
            ))
        }
        Call => {
            let name = m
                .called_function(data)
                .and_then(|g| m.functions[g].name())?;
            let base = name.strip_prefix("llvm.").and_then(|n| n.split('.').next());
            let args = data.call_args();
            let arg_const = |k: usize| match args.get(k) {
                Some(&Operand::Const(c)) => const_sval(m, c).int().filter(|c| c.bits() == w),
                _ => None,
            };
            let flag_one = |k: usize| matches!(args.get(k), Some(&Operand::Const(c)) if const_sval(m, c).int().is_some_and(|c| c.is_one()));
            let width = CInt::new(w, u128::from(w));
            match base {
                Some("ctlz" | "cttz") => {
                    let hi = if flag_one(1) { width } else { width.add(one) };
                    r(zero, hi)
                }
                Some("ctpop") => r(zero, width.add(one)),
                Some(mm @ ("umin" | "umax" | "smin" | "smax")) => {
                    let Some(c) = arg_const(0).or_else(|| arg_const(1)) else {
                        return Some(full);
                    };
                    match mm {
                        "umin" => r(zero, c.add(one)),
                        "umax" => r(c, zero),
                        "smin" => r(CInt::smin_value(w), c.add(one)),
                        _ => r(c, CInt::smax_value(w).add(one)),
                    }
                }
                Some("abs") if flag_one(1) => r(zero, CInt::smax_value(w).add(one)),
                Some("abs") => r(zero, CInt::smin_value(w).add(one)),
                _ => Some(full),
            }
        }
        _ => Some(full),
    }
}

/// `simplifyCastInst` on a simplified operand: casts of constants fold;
/// a cast that undoes the cast it is applied to gives the original value.
fn simplify_cast(
    m: &Module,
    f: &Function,
    op: Opcode,
    x: SVal,
    src_ty: Type,
    dst_ty: Type,
) -> Option<SVal> {
    use Opcode::*;
    let dst = m.types.data(dst_ty);
    let dst_int = match dst {
        TypeData::Int(w) => Some(*w),
        _ => None,
    };
    match x {
        SVal::Poison => return Some(SVal::Poison),
        SVal::Undef => {
            return Some(match (op, dst_int) {
                (ZExt | SExt, Some(w)) if w <= 128 => SVal::Int(CInt::zero(w)),
                _ => SVal::Undef,
            })
        }
        SVal::Value(v) => return cast_pair(m, f, op, v, dst_ty),
        _ => {}
    }
    // A constant operand always folds (to a constant or a constant
    // expression); compute the value where it is modelled.
    let folded = match (op, x) {
        (Trunc | ZExt | SExt, SVal::Int(c)) => {
            let w = dst_int?;
            let valid = match op {
                Trunc => w < c.bits(),
                _ => w > c.bits(),
            };
            if !valid {
                return None;
            }
            if w > 128 {
                SVal::Folded
            } else {
                SVal::Int(match op {
                    Trunc => c.trunc(w),
                    ZExt => c.zext(w),
                    _ => c.sext(w),
                })
            }
        }
        (SIToFP | UIToFP, SVal::Int(c)) => match FpFormat::of(dst) {
            Some(f) => {
                Fp::from_int(&to_apint(c), op == SIToFP, f).map_or(SVal::Folded, SVal::Float)
            }
            None => return None,
        },
        (FPToSI | FPToUI, SVal::Float(x)) => {
            let w = dst_int?;
            match x.to_int(w, op == FPToSI) {
                Some(Fold::Value(v)) => from_apint(&v).map_or(SVal::Folded, SVal::Int),
                Some(Fold::Poison) => SVal::Poison,
                None => SVal::Folded,
            }
        }
        (FPExt | FPTrunc, SVal::Float(x)) => match FpFormat::of(dst) {
            Some(f) => x.convert(f).map_or(SVal::Folded, SVal::Float),
            None => return None,
        },
        (BitCast, SVal::Int(c)) => match FpFormat::of(dst) {
            Some(f) if f.bits() == c.bits() && f != FpFormat::PpcDouble => {
                SVal::Float(Fp::new(f, c.u()))
            }
            _ => SVal::Folded,
        },
        (BitCast, SVal::Float(x)) if dst_int == Some(x.format.bits()) => {
            SVal::Int(CInt::new(x.format.bits(), x.bits))
        }
        _ => {
            // The operand type must fit the cast (an integer simplified for a
            // pointer would not).
            let src = m.types.data(src_ty);
            let ok = match x {
                SVal::Int(c) => matches!(src, TypeData::Int(w) if *w == c.bits()),
                SVal::Float(x) => FpFormat::of(src) == Some(x.format),
                _ => true,
            };
            if !ok {
                return None;
            }
            SVal::Folded
        }
    };
    Some(folded)
}

/// `simplifyCastInst`'s elimination of a cast pair: `trunc (zext|sext x)`
/// back to `x`'s type, `bitcast (bitcast x)`, and the pointer/integer round
/// trips through a 64-bit integer.
fn cast_pair(m: &Module, f: &Function, op: Opcode, v: Value, dst_ty: Type) -> Option<SVal> {
    use Opcode::*;
    let ValueDef::Result(d) = f.value_def(v) else {
        return None;
    };
    let inner = f.inst(d);
    let &src = inner.operands().first()?;
    if !inner.opcode.is_cast() || f.operand_type(src, &m.consts) != dst_ty {
        return None;
    }
    let mid_bits = m.types.int_width(inner.ty);
    let ok = match (inner.opcode, op) {
        (ZExt | SExt, Trunc) | (BitCast, BitCast) => true,
        (IntToPtr, PtrToInt) | (PtrToInt, IntToPtr) => {
            mid_bits.or(m.types.int_width(dst_ty)) == Some(64)
        }
        _ => false,
    };
    ok.then_some(match src {
        Operand::Value(s) => SVal::Value(s),
        Operand::Const(c) => const_sval(m, c),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(bits: u32, v: i128) -> SVal {
        SVal::Int(CInt::from_i128(bits, v))
    }

    #[test]
    fn boosting_factor_follows_the_cost_ratio() {
        let c = |u, r| EstimatedUnrollCost {
            unrolled_cost: u,
            rolled_dynamic_cost: r,
        };
        assert_eq!(boosting_factor(&c(32, 56), 400), 175);
        assert_eq!(boosting_factor(&c(10, 1000), 400), 400);
        assert_eq!(boosting_factor(&c(0, 50), 400), 400);
        assert_eq!(boosting_factor(&c(0, 50), 100), 100);
        assert_eq!(boosting_factor(&c(1, u32::MAX / 100), 400), 100);
    }

    #[test]
    fn integer_folding_ignores_wrap_flags_and_yields_poison() {
        use Opcode::*;
        assert_eq!(
            fold_int_binop(Add, CInt::new(8, 250), CInt::new(8, 10)),
            Some(i(8, 4))
        );
        assert_eq!(
            fold_int_binop(Shl, CInt::new(8, 1), CInt::new(8, 8)),
            Some(SVal::Poison)
        );
        assert_eq!(
            fold_int_binop(UDiv, CInt::new(8, 1), CInt::new(8, 0)),
            Some(SVal::Poison)
        );
        assert_eq!(
            fold_int_binop(SDiv, CInt::new(8, 0x80), CInt::new(8, 0xff)),
            Some(SVal::Poison)
        );
        assert_eq!(
            fold_int_binop(SRem, CInt::new(8, 0xf9), CInt::new(8, 3)),
            Some(i(8, -1))
        );
    }

    #[test]
    fn compares_fold_on_constants_and_bounds() {
        use Predicate::*;
        let t = i(1, 1);
        let f = i(1, 0);
        assert_eq!(
            simplify_cmp(None, &FpEnv::default(), Slt, i(32, -1), i(32, 0)),
            Some(t)
        );
        assert_eq!(
            simplify_cmp(None, &FpEnv::default(), Ult, i(32, -1), i(32, 0)),
            Some(f)
        );
        let v = SVal::Value(Value::from_u32(3));
        assert_eq!(
            simplify_cmp(None, &FpEnv::default(), Ult, v, i(32, 0)),
            Some(f)
        );
        assert_eq!(
            simplify_cmp(None, &FpEnv::default(), Ugt, i(32, 0), v),
            Some(f)
        );
        assert_eq!(simplify_cmp(None, &FpEnv::default(), Sle, v, v), Some(t));
        assert_eq!(simplify_cmp(None, &FpEnv::default(), Eq, v, i(32, 5)), None);
        let d = |v: f64| SVal::Float(Fp::new(FpFormat::Double, u128::from(v.to_bits())));
        let (a, b) = (d(1.5), d(f64::NAN));
        let env = FpEnv::default();
        assert_eq!(simplify_cmp(None, &env, Olt, a, b), Some(f));
        assert_eq!(simplify_cmp(None, &env, FUlt, a, b), Some(t));
    }

    #[test]
    fn fp_identities_respect_signed_zeros() {
        let x = SVal::Value(Value::from_u32(1));
        let d = |v: f64| SVal::Float(Fp::new(FpFormat::Double, u128::from(v.to_bits())));
        let s = |v: f32| SVal::Float(Fp::new(FpFormat::Single, u128::from(v.to_bits())));
        let env = FpEnv::default();
        let (pz, nz) = (d(0.0), d(-0.0));
        assert_eq!(
            simplify_fp_binop(Opcode::FAdd, Flags::NONE, &env, x, nz),
            Some(x)
        );
        assert_eq!(
            simplify_fp_binop(Opcode::FAdd, Flags::NONE, &env, x, pz),
            None
        );
        assert_eq!(
            simplify_fp_binop(Opcode::FAdd, Flags::NSZ, &env, pz, x),
            Some(x)
        );
        assert_eq!(
            simplify_fp_binop(Opcode::FMul, Flags::NONE, &env, s(2.0), s(3.0)),
            Some(s(6.0))
        );
        // A denormal under preserve-sign is flushed before the fold.
        let ps = FpEnv::from_attrs(Some("preserve-sign"), None);
        let tiny = SVal::Float(Fp::new(FpFormat::Single, 1));
        assert_eq!(
            simplify_fp_binop(Opcode::FMul, Flags::NONE, &ps, tiny, s(2.0)),
            Some(s(0.0))
        );
        assert_eq!(
            simplify_fp_binop(Opcode::FMul, Flags::NONE, &env, tiny, s(2.0)),
            Some(SVal::Float(Fp::new(FpFormat::Single, 2)))
        );
    }

    #[test]
    fn arithmetic_costs_by_kind() {
        let c = |v| SVal::Int(CInt::from_i128(64, v));
        let x = SVal::Value(Value::from_u32(0));
        assert_eq!(arith_cost(Opcode::Mul, 64, x, true), 2);
        assert_eq!(arith_cost(Opcode::Mul, 64, x, false), 1);
        assert_eq!(arith_cost(Opcode::Mul, 64, c(8), true), 1);
        assert_eq!(arith_cost(Opcode::Mul, 64, c(-4), true), 2);
        assert_eq!(arith_cost(Opcode::SRem, 64, c(16), true), 7);
        assert_eq!(arith_cost(Opcode::SRem, 32, c(4), true), 6);
        assert_eq!(arith_cost(Opcode::SRem, 64, c(4), false), 6);
        assert_eq!(arith_cost(Opcode::SDiv, 32, c(4), true), 4);
        assert_eq!(arith_cost(Opcode::URem, 32, c(4), true), 1);
        assert_eq!(arith_cost(Opcode::UDiv, 32, c(7), true), 4);
    }
}
