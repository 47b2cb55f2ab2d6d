//! The per-width half of the cost model: LLVM 19's
//! `setCostBasedWideningDecision`, `collectLoopUniforms`,
//! `collectLoopScalars`, `getInstructionCost`/`expectedCost` and
//! `calculateRegisterUsage`, over the facts [`LoopFacts`] gathered once
//! per loop (so that nothing here needs scalar evolution).

use super::super::decision::{MemWidening, WidthDecisions};
use loopwright_analysis::ivdesc::InductionKind;
use loopwright_analysis::laa::InterleaveGroup;
use loopwright_ir::{
    ConstData, Extra, Function, Inst, Module, Opcode, Operand, Predicate, ValueDef,
};
use loopwright_target::{
    BinOp, CastOp, CmpSel, CostKind, FloatPred, IntPred, Intrinsic, MemOp, OperandInfo,
    ShuffleKind, Subtarget, Ty, VectorInst,
};
use rustc_hash::{FxHashMap, FxHashSet};

const TP: CostKind = CostKind::RecipThroughput;

/// LLVM's artificial cost of an emulated masked store
/// (`useEmulatedMaskMemRefHack`).
pub const EMULATED_MASK_COST: u64 = 3_000_000;

/// How a memory operation's address moves from one iteration to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stride {
    /// The same address every iteration (`isUniformMemOp`).
    Uniform,
    /// One element forward (`+1`) or backward (`-1`).
    Consecutive(i8),
    /// A constant step of this many elements (an interleave group
    /// candidate in LLVM).
    Strided(i64),
    /// Anything else.
    Other,
}

/// One load or store of the loop.
#[derive(Clone, Debug)]
pub struct MemInfo {
    pub inst: Inst,
    pub store: bool,
    /// The accessed type (the load's result, the stored value's type).
    pub ty: Ty,
    pub align: Option<u64>,
    pub ptr: Operand,
    pub stride: Stride,
    /// The stored value is loop invariant (stores only).
    pub value_invariant: bool,
    /// `getAddressAccessSCEV` found an add recurrence with a constant
    /// step (`Some(true)`), a non-constant one (`Some(false)`), or nothing
    /// (`None`): the address cost of scalarized accesses before AVX2.
    pub addr_const_stride: Option<bool>,
    /// The address is a GEP with one variable index of at most 32 bits.
    pub index32: bool,
    /// The address depends on a value loaded in the same iteration (an
    /// indexed access, `lut[in[i]]`): scalarized, each lane's index is
    /// extracted from a vector register
    /// ([`loopwright_target::calibrated::INDEXED_SCALARIZATION_EXTRACT`]).
    pub indexed: bool,
}

/// What the cost model knows about a loop before choosing widths.
pub struct LoopFacts {
    /// The instructions of the loop in block order, without debug
    /// records.
    pub insts: Vec<Inst>,
    pub in_loop: FxHashSet<Inst>,
    pub latch_branch: Option<Inst>,
    /// The compare of the exit branch, if used only by it.
    pub exit_cmp: Option<Inst>,
    pub mems: Vec<MemInfo>,
    /// Instructions of the loop that scalar evolution calls loop
    /// invariant.
    pub invariant: FxHashSet<Inst>,
    /// `ValuesToIgnore`: ephemeral values and stores of reductions to
    /// invariant addresses.
    pub ignore: FxHashSet<Inst>,
    /// `VecValuesToIgnore`: casts of reductions and inductions.
    pub vec_ignore: FxHashSet<Inst>,
    /// Instructions whose values nothing uses and that have no side
    /// effects (loads included), transitively: VPlan removes their
    /// recipes, so they generate no vector instructions
    /// (`willGenerateVectors`), but LLVM 19's legacy costs still count
    /// them (checked with opt-19: a dead vector division makes a loop not
    /// beneficial, a dead call keeps it from being interleaved).
    pub dead: FxHashSet<Inst>,
    /// Induction phis with their update (the latch's incoming value) and
    /// whether they are pointer inductions.
    pub inductions: Vec<(Inst, Option<Inst>, bool)>,
    pub primary: Option<Inst>,
    pub recurrences: FxHashSet<Inst>,
    pub reductions: FxHashSet<Inst>,
    /// The loop's loads and stores counts (`getNumLoads`/`getNumStores`).
    pub num_loads: usize,
    pub num_stores: usize,
}

/// The decisions and cost of one width.
#[derive(Clone, Debug, Default)]
pub struct WidthCost {
    pub decisions: WidthDecisions,
    /// Per memory instruction: its widening and cost.
    pub mem_cost: FxHashMap<Inst, (MemWidening, u64)>,
    pub uniforms: FxHashSet<Inst>,
    pub scalars: FxHashSet<Inst>,
    pub forced_scalars: FxHashSet<Inst>,
    /// `expectedCost`.
    pub cost: u64,
    /// Per instruction (for the debug print).
    pub per_inst: Vec<(Inst, u64)>,
    /// `willGenerateVectors`.
    pub generates_vectors: bool,
}

/// The register usage of one width (`RegisterUsage`): per class (0:
/// scalar, 1: vector) the most values live at once and the loop
/// invariants.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RegUsage {
    pub max_local: Vec<(u32, u32)>,
    pub invariant: Vec<(u32, u32)>,
}

/// The per-width model of one loop.
pub struct Model<'a> {
    pub m: &'a Module,
    pub f: &'a Function,
    pub st: &'a Subtarget,
    pub facts: &'a LoopFacts,
    /// Tail folded by masking: every memory access is masked.
    pub fold_tail: bool,
    /// The interleave groups the widths may use (`InterleavedAccessInfo`
    /// after the epilogue policy).
    pub groups: &'a [InterleaveGroup],
    /// `requiresScalarEpilogue(true)` (see [`WidthDecisions`]).
    pub requires_scalar_epilogue: bool,
    /// Add loopwright's calibrated costs ([`loopwright_target::calibrated`])
    /// to LLVM's.
    pub calibrated: bool,
}

fn add_usage(v: &mut Vec<(u32, u32)>, class: u32, n: u32) {
    if let Some(e) = v.iter_mut().find(|e| e.0 == class) {
        e.1 = e.1.saturating_add(n);
    } else {
        v.push((class, n));
    }
}

fn max_usage(v: &mut Vec<(u32, u32)>, class: u32, n: u32) {
    if let Some(e) = v.iter_mut().find(|e| e.0 == class) {
        e.1 = e.1.max(n);
    } else {
        v.push((class, n));
    }
}

impl<'a> Model<'a> {
    fn data(&self, i: Inst) -> &'a loopwright_ir::InstData {
        self.f.inst(i)
    }

    /// The instruction defining operand `o`, if any.
    fn def(&self, o: Operand) -> Option<Inst> {
        match o {
            Operand::Value(v) => match self.f.value_def(v) {
                ValueDef::Result(i) => Some(i),
                _ => None,
            },
            _ => None,
        }
    }

    fn in_loop_def(&self, o: Operand) -> Option<Inst> {
        self.def(o).filter(|i| self.facts.in_loop.contains(i))
    }

    /// LLVM's `Legal->isInvariant(V)`.
    pub fn is_invariant(&self, o: Operand) -> bool {
        match self.in_loop_def(o) {
            None => true,
            Some(i) => self.facts.invariant.contains(&i),
        }
    }

    fn users(&self, i: Inst) -> &'a [Inst] {
        match self.f.inst_result(i) {
            Some(v) => self.f.uses(v),
            None => &[],
        }
    }

    pub fn ty(&self, t: loopwright_ir::Type) -> Option<Ty> {
        loopwright_target::ty_of(self.m, t)
    }

    fn vec(&self, t: Ty, vf: u32) -> Ty {
        if vf <= 1 {
            t
        } else {
            Ty::vector(t.elem, vf)
        }
    }

    fn mem(&self, i: Inst) -> Option<&'a MemInfo> {
        self.facts.mems.iter().find(|m| m.inst == i)
    }

    fn stored(&self, store: Inst) -> Option<Inst> {
        self.def(self.data(store).operands()[0])
    }

    // ---- Widening decisions (`setCostBasedWideningDecision`) ----

    fn legal_masked(&self, m: &MemInfo, vf: u32) -> bool {
        self.st.is_legal_masked_load_store(self.vec(m.ty, vf))
            || self.st.is_legal_gather_scatter(self.vec(m.ty, vf), m.store)
    }

    /// `isScalarWithPredication` for a memory access (only under tail
    /// folding in this scope).
    fn scalar_with_predication(&self, m: &MemInfo, vf: u32) -> bool {
        self.fold_tail && m.stride != Stride::Uniform && !self.legal_masked(m, vf)
    }

    fn mem_op(m: &MemInfo) -> MemOp {
        if m.store {
            MemOp::Store
        } else {
            MemOp::Load
        }
    }

    /// The scalar cost of the access (`getMemoryInstructionCost` at VF 1).
    pub fn scalar_mem_cost(&self, m: &MemInfo) -> u64 {
        self.st.memory_cost(Self::mem_op(m), m.ty, m.align, TP)
    }

    fn consecutive_cost(&self, m: &MemInfo, vf: u32, reverse: bool) -> u64 {
        let vt = self.vec(m.ty, vf);
        let mut c = if self.fold_tail {
            self.st.masked_memory_cost(Self::mem_op(m), vt, m.align, TP)
        } else {
            self.st.memory_cost(Self::mem_op(m), vt, m.align, TP)
        };
        if reverse {
            c = c.saturating_add(self.st.shuffle_cost(ShuffleKind::Reverse, vt, 0, None, TP));
        }
        c
    }

    fn uniform_cost(&self, m: &MemInfo, vf: u32) -> u64 {
        let vt = self.vec(m.ty, vf);
        let scalar = self.scalar_mem_cost(m);
        if m.store {
            scalar.saturating_add(if m.value_invariant {
                0
            } else {
                self.st
                    .vector_inst_cost(VectorInst::Extract, vt, Some(vf - 1), TP)
            })
        } else {
            scalar.saturating_add(
                self.st
                    .shuffle_cost(ShuffleKind::Broadcast, vt, 0, None, TP),
            )
        }
    }

    fn gather_cost(&self, m: &MemInfo, vf: u32) -> Option<u64> {
        let vt = self.vec(m.ty, vf);
        self.st.is_legal_gather_scatter(vt, m.store).then(|| {
            self.st
                .gather_scatter_cost(Self::mem_op(m), vt, self.fold_tail, m.index32, TP)
        })
    }

    /// `needsExtract` before the scalars are known: any value of the loop
    /// that is not loop invariant.
    fn needs_extract_early(&self, o: Operand) -> bool {
        self.in_loop_def(o)
            .is_some_and(|i| !self.facts.invariant.contains(&i))
    }

    fn operand_ty(&self, o: Operand) -> Option<Ty> {
        self.ty(self.f.operand_type(o, &self.m.consts))
    }

    /// `getMemInstScalarizationCost`.
    fn scalarization_cost(&self, m: &MemInfo, vf: u32) -> u64 {
        let n = u64::from(vf);
        let addr = if self.st.has_avx2() {
            0
        } else {
            match m.addr_const_stride {
                None => 10,
                Some(false) => 1,
                Some(true) => 0,
            }
        };
        let mut c = n.saturating_mul(addr);
        c = c.saturating_add(n.saturating_mul(self.scalar_mem_cost(m)));
        let (overhead, addr_extract) = self.scalarization_overhead(m, vf);
        c = c.saturating_add(overhead);
        if self.calibrated && m.indexed && self.vectorized_addressing() {
            // The index extracts at their measured cost, in place of
            // LLVM's (`loopwright_target::calibrated`). Without vectorized
            // addressing the index stays scalar and nothing is extracted.
            let measured =
                n.saturating_mul(loopwright_target::calibrated::INDEXED_SCALARIZATION_EXTRACT);
            c = c.saturating_add(measured.saturating_sub(addr_extract));
        }
        if self.scalar_with_predication(m, vf) {
            if m.store {
                return EMULATED_MASK_COST;
            }
            c /= 2;
            c = c.saturating_add(
                self.st
                    .scalarization_overhead(Ty::vint(1, vf), false, true, TP),
            );
        }
        c
    }

    /// `prefersVectorizedAddressing`: AVX-512, or AVX2 with fast gathers.
    /// Otherwise the addresses of scalarized accesses are computed scalar.
    pub fn vectorized_addressing(&self) -> bool {
        self.st.has_avx512()
            || (self.st.has(loopwright_target::Feature::FastGather) && self.st.has_avx2())
    }

    /// `getScalarizationOverhead` of a scalarized load or store, and the
    /// part of it that extracts the address operand.
    fn scalarization_overhead(&self, m: &MemInfo, vf: u32) -> (u64, u64) {
        let mut c = 0u64;
        if !m.store {
            c = self
                .st
                .scalarization_overhead(self.vec(m.ty, vf), true, false, TP);
            if !self.vectorized_addressing() {
                return (c, 0);
            }
        }
        let mut addr = 0u64;
        let ops = self.data(m.inst).operands();
        for &o in ops.iter().take(if m.store { 2 } else { 1 }) {
            if self.needs_extract_early(o) {
                if let Some(t) = self.operand_ty(o) {
                    let e = self
                        .st
                        .scalarization_overhead(self.vec(t, vf), false, true, TP);
                    c = c.saturating_add(e);
                    if o == m.ptr {
                        addr = addr.saturating_add(e);
                    }
                }
            }
        }
        (c, addr)
    }

    /// The group of `i` if every member is a strided access of the
    /// group's factor here too.
    fn group_of(&self, i: Inst) -> Option<&'a InterleaveGroup> {
        let g = self.groups.iter().find(|g| g.index_of(i).is_some())?;
        g.members
            .iter()
            .all(|&(_, x)| {
                self.mem(x).is_some_and(|m| {
                    matches!(m.stride, Stride::Strided(s) if s.unsigned_abs() == u64::from(g.factor))
                })
            })
            .then_some(g)
    }

    /// `getInterleaveGroupCost` of the group at width `vf`, asked for its
    /// member `m` (the first in block order); `None` when the target
    /// model has no cost for it.
    fn interleave_cost(&self, g: &InterleaveGroup, m: &MemInfo, vf: u32) -> Option<u64> {
        let indices: Vec<u32> = g.members.iter().map(|&(k, _)| k).collect();
        let access = loopwright_target::cost::interleaved::Interleaved {
            op: Self::mem_op(m),
            elem: m.ty.elem,
            vf,
            factor: g.factor,
            indices: &indices,
            align: g.align,
        };
        let mut c = self.st.interleaved_memory_cost(&access, TP)?;
        if g.reverse {
            let rev = self
                .st
                .shuffle_cost(ShuffleKind::Reverse, self.vec(m.ty, vf), 0, None, TP);
            c = c.saturating_add((g.members.len() as u64).saturating_mul(rev));
        }
        Some(c)
    }

    fn set_widening(&self, vf: u32, wc: &mut WidthCost) {
        for m in &self.facts.mems {
            if !matches!(m.stride, Stride::Uniform | Stride::Consecutive(_)) {
                if let Some(g) = self.group_of(m.inst) {
                    if wc.mem_cost.contains_key(&m.inst) {
                        continue;
                    }
                    // One decision for the whole group, its cost on the
                    // insert position.
                    let n = g.members.len() as u64;
                    let ic = self.interleave_cost(g, m, vf);
                    let gs = self.gather_cost(m, vf).map(|c| c.saturating_mul(n));
                    let sc = self.scalarization_cost(m, vf).saturating_mul(n);
                    let (w, c) = match ic {
                        Some(x) if gs.is_none_or(|g| x <= g) && x < sc => {
                            (MemWidening::Interleave, x)
                        }
                        _ => match gs {
                            Some(g) if g < sc => (MemWidening::GatherScatter, g),
                            _ => (MemWidening::Scalarize, sc),
                        },
                    };
                    for &(_, x) in &g.members {
                        wc.mem_cost
                            .insert(x, (w, if x == g.insert_pos { c } else { 0 }));
                    }
                    continue;
                }
            }
            let (w, c) = match m.stride {
                Stride::Uniform => {
                    let gs = self.gather_cost(m, vf);
                    let sc = self.uniform_cost(m, vf);
                    match gs {
                        Some(g) if g < sc => (MemWidening::GatherScatter, g),
                        _ => (MemWidening::Scalarize, sc),
                    }
                }
                Stride::Consecutive(d) if !self.scalar_with_predication(m, vf) => {
                    let rev = d < 0;
                    (
                        if rev {
                            MemWidening::WidenReverse
                        } else {
                            MemWidening::Widen
                        },
                        self.consecutive_cost(m, vf, rev),
                    )
                }
                _ => {
                    let gs = self.gather_cost(m, vf);
                    let sc = self.scalarization_cost(m, vf);
                    match gs {
                        Some(g) if g < sc => (MemWidening::GatherScatter, g),
                        _ => (MemWidening::Scalarize, sc),
                    }
                }
            };
            wc.mem_cost.insert(m.inst, (w, c));
        }
        // Addresses stay scalar unless the target prefers vectorized
        // addressing (it does when it has fast gathers).
        if self.vectorized_addressing() {
            return;
        }
        let mut addr_defs: Vec<Inst> = Vec::new();
        let mut seen: FxHashSet<Inst> = FxHashSet::default();
        for m in &self.facts.mems {
            if wc.mem_cost[&m.inst].0 == MemWidening::GatherScatter {
                continue;
            }
            if let Some(p) = self.in_loop_def(m.ptr) {
                if seen.insert(p) {
                    addr_defs.push(p);
                }
            }
        }
        let mut k = 0;
        while k < addr_defs.len() {
            let i = addr_defs[k];
            k += 1;
            let b = self.f.layout.inst_block(i);
            for &o in self.data(i).operands() {
                if let Some(d) = self.in_loop_def(o) {
                    if self.f.layout.inst_block(d) == b
                        && self.data(d).opcode != Opcode::Phi
                        && seen.insert(d)
                    {
                        addr_defs.push(d);
                    }
                }
            }
        }
        for i in addr_defs {
            if self.data(i).opcode == Opcode::Load {
                if let Some(m) = self.mem(i) {
                    let w = wc.mem_cost.get(&i).map(|e| e.0);
                    if matches!(w, Some(MemWidening::Widen | MemWidening::WidenReverse)) {
                        wc.mem_cost.insert(
                            i,
                            (
                                MemWidening::Scalarize,
                                u64::from(vf).saturating_mul(self.scalar_mem_cost(m)),
                            ),
                        );
                    } else if let Some(g) = self.group_of(i) {
                        // An interleave group of address loads is
                        // scalarized member by member.
                        for &(_, x) in &g.members {
                            if let Some(mx) = self.mem(x) {
                                let c = u64::from(vf).saturating_mul(self.scalar_mem_cost(mx));
                                wc.mem_cost.insert(x, (MemWidening::Scalarize, c));
                            }
                        }
                    }
                }
            } else {
                wc.forced_scalars.insert(i);
            }
        }
    }

    // ---- Uniforms and scalars ----

    fn is_uniform_mem_op_use(&self, i: Inst, prev: Option<&FxHashSet<Inst>>) -> bool {
        if prev.is_some_and(|p| !p.contains(&i)) {
            return false;
        }
        let Some(m) = self.mem(i) else { return false };
        if m.stride != Stride::Uniform {
            return false;
        }
        !m.store || m.value_invariant
    }

    fn uniform_decision(&self, i: Inst, wc: &WidthCost, prev: Option<&FxHashSet<Inst>>) -> bool {
        if self.is_uniform_mem_op_use(i, prev) {
            return true;
        }
        matches!(
            wc.mem_cost.get(&i).map(|e| e.0),
            Some(MemWidening::Widen | MemWidening::WidenReverse | MemWidening::Interleave)
        )
    }

    /// `isVectorizedMemAccessUse(I, Ptr)`.
    fn vectorized_mem_access_use(
        &self,
        user: Inst,
        ptr: Inst,
        wc: &WidthCost,
        prev: Option<&FxHashSet<Inst>>,
    ) -> bool {
        let Some(m) = self.mem(user) else {
            return false;
        };
        if m.store && self.stored(user) == Some(ptr) {
            return false;
        }
        self.def(m.ptr) == Some(ptr)
            && (self.uniform_decision(user, wc, prev) || self.is_invariant(m.ptr))
    }

    fn collect_uniforms(&self, wc: &mut WidthCost, prev: Option<&FxHashSet<Inst>>) {
        let mut wl: Vec<Inst> = Vec::new();
        let mut in_wl: FxHashSet<Inst> = FxHashSet::default();
        let add = |i: Inst, wl: &mut Vec<Inst>, in_wl: &mut FxHashSet<Inst>| {
            if in_wl.insert(i) {
                wl.push(i);
            }
        };
        // Predicated instructions are never uniform; under tail folding
        // masked memory accesses are predicated.
        let predicated =
            |i: Inst| self.fold_tail && self.mem(i).is_some_and(|m| m.stride != Stride::Uniform);
        if let Some(c) = self.facts.exit_cmp {
            add(c, &mut wl, &mut in_wl);
        }
        let mut has_uniform_use: Vec<Inst> = Vec::new();
        for &i in &self.facts.insts {
            let d = self.data(i);
            let lane0 =
                loopwright_analysis::effects::intrinsic_name(self.m, d).is_some_and(|name| {
                    matches!(
                        name,
                        "llvm.sideeffect" | "llvm.experimental.noalias.scope.decl" | "llvm.assume"
                    ) || name.starts_with("llvm.lifetime.")
                });
            if lane0 && d.call_args().iter().all(|&o| self.is_invariant(o)) {
                add(i, &mut wl, &mut in_wl);
            }
            let Some(m) = self.mem(i) else { continue };
            if self.is_uniform_mem_op_use(i, prev) && !predicated(i) {
                add(i, &mut wl, &mut in_wl);
            }
            if let Some(p) = self.def(m.ptr) {
                if self.vectorized_mem_access_use(i, p, wc, prev) && !has_uniform_use.contains(&p) {
                    has_uniform_use.push(p);
                }
            }
        }
        for p in has_uniform_use {
            if !self.facts.in_loop.contains(&p) {
                continue;
            }
            let all = self.users(p).iter().all(|&u| {
                self.facts.in_loop.contains(&u) && self.vectorized_mem_access_use(u, p, wc, prev)
            });
            if all && !predicated(p) {
                add(p, &mut wl, &mut in_wl);
            }
        }
        let mut idx = 0;
        while idx < wl.len() {
            let i = wl[idx];
            idx += 1;
            for &o in self.data(i).operands() {
                let Some(oi) = self.in_loop_def(o) else {
                    continue;
                };
                if self.facts.recurrences.contains(&oi) {
                    continue;
                }
                let all = self.users(oi).iter().all(|&u| {
                    in_wl.contains(&u) || self.vectorized_mem_access_use(u, oi, wc, prev)
                });
                if all && !predicated(oi) {
                    add(oi, &mut wl, &mut in_wl);
                }
            }
        }
        for &(ind, upd, _) in &self.facts.inductions {
            let Some(upd) = upd else { continue };
            let ok_ind = self.users(ind).iter().all(|&u| {
                u == upd
                    || !self.facts.in_loop.contains(&u)
                    || in_wl.contains(&u)
                    || self.vectorized_mem_access_use(u, ind, wc, prev)
            });
            if !ok_ind {
                continue;
            }
            let ok_upd = self.users(upd).iter().all(|&u| {
                u == ind
                    || !self.facts.in_loop.contains(&u)
                    || in_wl.contains(&u)
                    || self.vectorized_mem_access_use(u, upd, wc, prev)
            });
            if !ok_upd {
                continue;
            }
            add(ind, &mut wl, &mut in_wl);
            add(upd, &mut wl, &mut in_wl);
        }
        wc.uniforms = in_wl;
    }

    fn is_scalar_use(&self, mem: Inst, v: Inst, wc: &WidthCost) -> bool {
        let w = wc.mem_cost.get(&mem).map(|e| e.0);
        if self.data(mem).opcode == Opcode::Store && self.stored(mem) == Some(v) {
            return w == Some(MemWidening::Scalarize);
        }
        w != Some(MemWidening::GatherScatter)
    }

    fn is_varying_gep(&self, o: Operand) -> Option<Inst> {
        self.in_loop_def(o).filter(|&i| {
            self.data(i).opcode == Opcode::GetElementPtr && !self.facts.invariant.contains(&i)
        })
    }

    fn collect_scalars(&self, wc: &mut WidthCost) {
        let mut wl: Vec<Inst> = wc.uniforms.iter().copied().collect();
        wl.sort_unstable();
        let mut in_wl: FxHashSet<Inst> = wc.uniforms.clone();
        let mut scalar_ptrs: Vec<Inst> = Vec::new();
        let mut non_scalar: FxHashSet<Inst> = FxHashSet::default();
        for m in &self.facts.mems {
            let d = self.data(m.inst);
            let mut eval = |o: Operand| {
                let Some(g) = self.is_varying_gep(o) else {
                    return;
                };
                if in_wl.contains(&g) {
                    return;
                }
                let mem_users = self
                    .users(g)
                    .iter()
                    .all(|&u| matches!(self.data(u).opcode, Opcode::Load | Opcode::Store));
                if self.is_scalar_use(m.inst, g, wc) && mem_users {
                    if !scalar_ptrs.contains(&g) {
                        scalar_ptrs.push(g);
                    }
                } else {
                    non_scalar.insert(g);
                }
            };
            if m.store {
                eval(d.operands()[1]);
                eval(d.operands()[0]);
            } else {
                eval(d.operands()[0]);
            }
        }
        for p in scalar_ptrs {
            if !non_scalar.contains(&p) && in_wl.insert(p) {
                wl.push(p);
            }
        }
        let mut forced: Vec<Inst> = wc.forced_scalars.iter().copied().collect();
        forced.sort_unstable();
        for i in forced {
            if in_wl.insert(i) {
                wl.push(i);
            }
        }
        let mut idx = 0;
        while idx < wl.len() {
            let dst = wl[idx];
            idx += 1;
            let Some(&o0) = self.data(dst).operands().first() else {
                continue;
            };
            let Some(src) = self.is_varying_gep(o0) else {
                continue;
            };
            let all = self.users(src).iter().all(|&u| {
                in_wl.contains(&u)
                    || (matches!(self.data(u).opcode, Opcode::Load | Opcode::Store)
                        && self.is_scalar_use(u, src, wc))
            });
            if all && in_wl.insert(src) {
                wl.push(src);
            }
        }
        for &(ind, upd, is_ptr) in &self.facts.inductions {
            let Some(upd) = upd else { continue };
            if Some(ind) == self.facts.primary && self.fold_tail {
                continue;
            }
            let direct = |v: Inst, u: Inst| {
                is_ptr
                    && self
                        .mem(u)
                        .is_some_and(|m| self.def(m.ptr) == Some(v) && self.is_scalar_use(u, v, wc))
            };
            let ok_ind = self.users(ind).iter().all(|&u| {
                u == upd || !self.facts.in_loop.contains(&u) || in_wl.contains(&u) || direct(ind, u)
            });
            if !ok_ind || self.facts.recurrences.contains(&upd) {
                continue;
            }
            let ok_upd = self.users(upd).iter().all(|&u| {
                u == ind || !self.facts.in_loop.contains(&u) || in_wl.contains(&u) || direct(upd, u)
            });
            if !ok_upd {
                continue;
            }
            in_wl.insert(ind);
            in_wl.insert(upd);
        }
        wc.scalars = in_wl;
    }

    // ---- Instruction costs ----

    fn op_info(&self, o: Operand) -> OperandInfo {
        if let Operand::Const(c) = o {
            return match self.m.consts.data(c) {
                ConstData::Int { val, .. } => match val.as_i128() {
                    Some(v) => OperandInfo::uniform_const(v),
                    None => OperandInfo::UNIFORM_CONST,
                },
                ConstData::Float { .. } | ConstData::Zero(_) | ConstData::Null(_) => {
                    OperandInfo::UNIFORM_CONST
                }
                _ => OperandInfo::VARIABLE,
            };
        }
        OperandInfo::VARIABLE
    }

    fn is_scalar_after(&self, i: Inst, vf: u32, wc: &WidthCost) -> bool {
        vf == 1 || wc.scalars.contains(&i)
    }

    /// `getInstructionCost(I, VF)`.
    pub fn inst_cost(&self, i: Inst, vf: u32, wc: &WidthCost) -> u64 {
        let mut vf = vf;
        if vf > 1 && wc.uniforms.contains(&i) {
            vf = 1;
        }
        if vf > 1 && wc.forced_scalars.contains(&i) {
            return self.inner_cost(i, 1, wc).saturating_mul(u64::from(vf));
        }
        self.inner_cost(i, vf, wc)
    }

    fn inner_cost(&self, i: Inst, vf: u32, wc: &WidthCost) -> u64 {
        let d = self.data(i);
        let st = self.st;
        let scalar_after = self.is_scalar_after(i, vf, wc);
        let ret = self.ty(d.ty);
        let vty = |t: Ty| if scalar_after { t } else { self.vec(t, vf) };
        match d.opcode {
            Opcode::GetElementPtr | Opcode::Br => 0,
            Opcode::Phi => {
                if vf > 1 && self.facts.recurrences.contains(&i) {
                    if let Some(t) = ret {
                        return st.shuffle_cost(
                            ShuffleKind::Splice,
                            self.vec(t, vf),
                            vf - 1,
                            None,
                            TP,
                        );
                    }
                }
                0
            }
            Opcode::Add
            | Opcode::Sub
            | Opcode::Mul
            | Opcode::UDiv
            | Opcode::SDiv
            | Opcode::URem
            | Opcode::SRem
            | Opcode::Shl
            | Opcode::LShr
            | Opcode::AShr
            | Opcode::And
            | Opcode::Or
            | Opcode::Xor
            | Opcode::FAdd
            | Opcode::FSub
            | Opcode::FMul
            | Opcode::FDiv
            | Opcode::FRem => {
                let Some(t) = ret else { return 1 };
                let op = binop(d.opcode);
                let o2 = d.operands()[1];
                let mut b = self.op_info(o2);
                if b.kind == loopwright_target::OperandKind::Variable && self.is_invariant(o2) {
                    b = OperandInfo::UNIFORM;
                }
                st.arithmetic_cost(op, vty(t), TP, OperandInfo::VARIABLE, b)
            }
            Opcode::FNeg => {
                let Some(t) = ret else { return 1 };
                st.arithmetic_cost(
                    BinOp::FNeg,
                    vty(t),
                    TP,
                    OperandInfo::VARIABLE,
                    OperandInfo::VARIABLE,
                )
            }
            Opcode::Select => {
                let Some(t) = ret else { return 1 };
                let ops = d.operands();
                let scalar_cond = self.is_invariant(ops[0]);
                let is_bool = matches!(t.elem, loopwright_target::Scalar::Int(1));
                let false_c = |o: Operand| self.const_bool(o) == Some(false);
                let true_c = |o: Operand| self.const_bool(o) == Some(true);
                if !scalar_cond && is_bool && (false_c(ops[2]) || true_c(ops[1])) {
                    let op = if true_c(ops[1]) {
                        BinOp::Or
                    } else {
                        BinOp::And
                    };
                    let (a, b) = if op == BinOp::Or {
                        (ops[0], ops[2])
                    } else {
                        (ops[0], ops[1])
                    };
                    return st.arithmetic_cost(op, vty(t), TP, self.op_info(a), self.op_info(b));
                }
                st.cmp_sel_cost(CmpSel::Select, vty(t), TP)
            }
            Opcode::ICmp | Opcode::FCmp => {
                let Some(t) = self.operand_ty(d.operands()[0]) else {
                    return 1;
                };
                let pred = match &d.extra {
                    Extra::Cmp(p) => *p,
                    _ => Predicate::Eq,
                };
                st.cmp_sel_cost(cmp_kind(pred), self.vec(t, vf), TP)
            }
            Opcode::Load | Opcode::Store => {
                if vf > 1 {
                    return wc.mem_cost.get(&i).map_or(1, |e| e.1);
                }
                self.mem(i).map_or(1, |m| self.scalar_mem_cost(m))
            }
            Opcode::BitCast if self.m.types.is_ptr(d.ty) => 0,
            Opcode::ZExt
            | Opcode::SExt
            | Opcode::Trunc
            | Opcode::FPExt
            | Opcode::FPTrunc
            | Opcode::SIToFP
            | Opcode::UIToFP
            | Opcode::FPToSI
            | Opcode::FPToUI
            | Opcode::PtrToInt
            | Opcode::IntToPtr
            | Opcode::BitCast => {
                let (Some(dst), Some(src)) = (ret, self.operand_ty(d.operands()[0])) else {
                    return 1;
                };
                let op = castop(d.opcode);
                // Truncations of inductions cost a scalar truncation.
                if d.opcode == Opcode::Trunc {
                    if let Some(p) = self.in_loop_def(d.operands()[0]) {
                        if self.facts.inductions.iter().any(|e| e.0 == p && !e.2) {
                            return st.cast_cost(CastOp::Trunc, dst, src, TP);
                        }
                    }
                }
                let vd = vty(dst);
                let vs = if vd.vector { self.vec(src, vf) } else { src };
                st.cast_cost(op, vd, vs, TP)
            }
            Opcode::Call => self.call_cost(i, vf, scalar_after),
            _ => {
                let Some(t) = ret else { return 1 };
                st.arithmetic_cost(
                    BinOp::Mul,
                    vty(t),
                    TP,
                    OperandInfo::VARIABLE,
                    OperandInfo::VARIABLE,
                )
            }
        }
    }

    fn const_bool(&self, o: Operand) -> Option<bool> {
        match o {
            Operand::Const(c) => match self.m.consts.data(c) {
                ConstData::Int { val, .. } => Some(!val.is_zero()),
                ConstData::Zero(_) => Some(false),
                _ => None,
            },
            _ => None,
        }
    }

    fn call_cost(&self, i: Inst, vf: u32, scalar_after: bool) -> u64 {
        let d = self.data(i);
        let st = self.st;
        let name = loopwright_analysis::effects::intrinsic_name(self.m, d).unwrap_or("");
        if name.starts_with("llvm.lifetime.")
            || matches!(
                name,
                "llvm.assume" | "llvm.experimental.noalias.scope.decl" | "llvm.sideeffect"
            )
            || name.starts_with("llvm.dbg.")
        {
            return 0;
        }
        let intr = intrinsic(name, d.flags);
        let is_intrinsic = name.starts_with("llvm.");
        // A call that is not an intrinsic costs 10 (`getCallInstrCost`).
        let Some(t) = self.ty(d.ty) else {
            return if is_intrinsic {
                1
            } else {
                10u64.saturating_mul(u64::from(vf))
            };
        };
        let base = name
            .strip_prefix("llvm.")
            .and_then(|r| r.split('.').next())
            .unwrap_or("");
        let one = |ty: Ty| match intr {
            Some(x) => st.intrinsic_cost(x, ty, TP),
            None if is_intrinsic => other_intrinsic_cost(st, base, ty),
            None => 10,
        };
        if vf == 1 || scalar_after {
            return one(t);
        }
        let vt = self.vec(t, vf);
        let vector = if is_intrinsic {
            one(vt)
        } else if loopwright_analysis::laa::has_vector_variant(self.m, d) {
            10
        } else {
            u64::MAX
        };
        // Scalarized: the calls, the result's inserts and the operands'
        // extracts.
        let mut scalar = u64::from(vf).saturating_mul(one(t));
        scalar = scalar.saturating_add(st.scalarization_overhead(vt, true, false, TP));
        for &a in d.call_args() {
            if self.needs_extract_early(a) {
                if let Some(at) = self.operand_ty(a) {
                    scalar = scalar.saturating_add(st.scalarization_overhead(
                        self.vec(at, vf),
                        false,
                        true,
                        TP,
                    ));
                }
            }
        }
        vector.min(scalar)
    }

    /// The decisions and `expectedCost` of width `vf` (1: the scalar
    /// loop). `prev`: the uniforms of `vf / 2`.
    pub fn width(&self, vf: u32, prev: Option<&FxHashSet<Inst>>) -> WidthCost {
        let mut wc = WidthCost::default();
        if vf > 1 {
            self.set_widening(vf, &mut wc);
            self.collect_uniforms(&mut wc, prev);
            self.collect_scalars(&mut wc);
        }
        let mut total = 0u64;
        for &i in &self.facts.insts {
            if self.facts.ignore.contains(&i) || (vf > 1 && self.facts.vec_ignore.contains(&i)) {
                continue;
            }
            let c = self.inst_cost(i, vf, &wc);
            wc.per_inst.push((i, c));
            total = total.saturating_add(c);
        }
        wc.cost = total;
        wc.generates_vectors = vf > 1 && self.generates_vectors(vf, &wc);
        wc.decisions = WidthDecisions {
            vf,
            memory: self
                .facts
                .mems
                .iter()
                .map(|m| {
                    (
                        m.inst,
                        wc.mem_cost
                            .get(&m.inst)
                            .map_or(MemWidening::Scalarize, |e| e.0),
                    )
                })
                .collect(),
            scalars: sorted(&wc.scalars, &self.facts.insts),
            uniforms: sorted(&wc.uniforms, &self.facts.insts),
            groups: self
                .groups
                .iter()
                .filter(|g| {
                    wc.mem_cost.get(&g.insert_pos).map(|e| e.0) == Some(MemWidening::Interleave)
                })
                .cloned()
                .collect(),
            requires_scalar_epilogue: vf > 1 && self.requires_scalar_epilogue,
        };
        wc
    }

    /// `willGenerateVectors`: some recipe produces a vector of a type that
    /// takes fewer registers than lanes.
    fn generates_vectors(&self, vf: u32, wc: &WidthCost) -> bool {
        let mut seen: Vec<Ty> = Vec::new();
        for &i in &self.facts.insts {
            if self.facts.ignore.contains(&i)
                || self.facts.vec_ignore.contains(&i)
                || self.facts.dead.contains(&i)
            {
                continue;
            }
            let d = self.data(i);
            let t = match d.opcode {
                Opcode::Store => {
                    let w = wc.mem_cost.get(&i).map(|e| e.0);
                    if w == Some(MemWidening::Scalarize) {
                        continue;
                    }
                    self.operand_ty(d.operands()[0])
                }
                Opcode::Load => {
                    let w = wc.mem_cost.get(&i).map(|e| e.0);
                    if w == Some(MemWidening::Scalarize) || wc.uniforms.contains(&i) {
                        continue;
                    }
                    self.ty(d.ty)
                }
                Opcode::Br | Opcode::GetElementPtr => continue,
                _ => {
                    if wc.scalars.contains(&i) || wc.uniforms.contains(&i) {
                        continue;
                    }
                    if d.opcode == Opcode::Phi
                        && i == self.facts.primary.unwrap_or(i)
                        && self.facts.primary.is_some()
                        && wc.scalars.contains(&i)
                    {
                        continue;
                    }
                    self.ty(d.ty)
                }
            };
            let Some(t) = t else { continue };
            if seen.contains(&t) {
                continue;
            }
            seen.push(t);
            let parts = self.st.legalize(self.vec(t, vf)).count;
            if parts > 0 && parts < u64::from(vf) {
                return true;
            }
        }
        false
    }

    // ---- Register usage (`calculateRegisterUsage`) ----

    fn reg_usage_for(&self, t: loopwright_ir::Type, vf: u32) -> u32 {
        let Some(t) = self.ty(t) else { return 0 };
        u32::try_from(self.st.legalize(Ty::vector(t.elem, vf.max(1))).count).unwrap_or(u32::MAX)
    }

    pub fn register_usage(&self, vf: u32, wc: &WidthCost) -> RegUsage {
        let insts = &self.facts.insts;
        let index: FxHashMap<Inst, usize> =
            insts.iter().enumerate().map(|(k, &i)| (i, k)).collect();
        let mut end: FxHashMap<Inst, usize> = FxHashMap::default();
        let mut invariants: Vec<Inst> = Vec::new();
        for (k, &i) in insts.iter().enumerate() {
            for &o in self.data(i).operands() {
                let Some(d) = self.def(o) else { continue };
                if !self.facts.in_loop.contains(&d) {
                    if !invariants.contains(&d) {
                        invariants.push(d);
                    }
                    continue;
                }
                end.insert(d, k + 1);
            }
        }
        let _ = index;
        let mut ends_at: FxHashMap<usize, Vec<Inst>> = FxHashMap::default();
        for (&i, &e) in &end {
            ends_at.entry(e).or_default().push(i);
        }
        let mut open: FxHashSet<Inst> = FxHashSet::default();
        let mut max_local: Vec<(u32, u32)> = Vec::new();
        for (k, &i) in insts.iter().enumerate() {
            if let Some(list) = ends_at.get(&k) {
                for x in list {
                    open.remove(x);
                }
            }
            if !end.contains_key(&i) || self.facts.ignore.contains(&i) {
                continue;
            }
            let mut usage: Vec<(u32, u32)> = Vec::new();
            for &x in &open {
                if vf == 1 {
                    add_usage(&mut usage, 0, 1);
                } else {
                    if self.facts.vec_ignore.contains(&x) {
                        continue;
                    }
                    if wc.scalars.contains(&x) {
                        add_usage(&mut usage, 0, 1);
                    } else {
                        add_usage(&mut usage, 1, self.reg_usage_for(self.data(x).ty, vf));
                    }
                }
            }
            for (c, n) in usage {
                max_usage(&mut max_local, c, n);
            }
            open.insert(i);
        }
        let mut invariant: Vec<(u32, u32)> = Vec::new();
        for inv in invariants {
            let scalar = vf == 1
                || self
                    .users(inv)
                    .iter()
                    .all(|&u| !self.facts.in_loop.contains(&u) || wc.scalars.contains(&u));
            let v = if scalar { 1 } else { vf };
            let class = u32::from(v > 1);
            add_usage(
                &mut invariant,
                class,
                self.reg_usage_for(self.data(inv).ty, v),
            );
        }
        RegUsage {
            max_local,
            invariant,
        }
    }
}

/// The cost of an intrinsic the target model does not cost, as LLVM's
/// generic model (`BasicTTIImpl::getIntrinsicInstrCost`) answers it on
/// x86 (checked with opt-19's `print<cost-model>`): custom-lowered
/// operations cost 2 per legal value, operations lowered to a library
/// call 10 per lane plus the scalarization (rounding before SSE4.1, the
/// `libm` functions), `powi` 1 per lane plus the scalarization, anything
/// else 1 per legal value.
fn other_intrinsic_cost(st: &Subtarget, base: &str, ty: Ty) -> u64 {
    let parts = st.legalize(ty).count;
    let libcall = || {
        if ty.vector {
            u64::from(ty.lanes)
                .saturating_mul(10)
                .saturating_add(st.scalarization_overhead(ty, true, true, TP))
        } else {
            10
        }
    };
    match base {
        "maximum" | "minimum" | "copysign" => parts.saturating_mul(2),
        "floor" | "ceil" | "trunc" | "rint" | "nearbyint" | "roundeven" => {
            if st.has_sse41() {
                parts
            } else {
                libcall()
            }
        }
        "exp" | "exp2" | "exp10" | "log" | "log2" | "log10" | "sin" | "cos" | "tan" | "pow"
        | "round" => libcall(),
        // One per lane, scalarized.
        "powi" if ty.vector => {
            u64::from(ty.lanes).saturating_add(st.scalarization_overhead(ty, true, true, TP))
        }
        "powi" => 1,
        _ => parts,
    }
}

fn sorted(set: &FxHashSet<Inst>, order: &[Inst]) -> Vec<Inst> {
    order.iter().copied().filter(|i| set.contains(i)).collect()
}

fn binop(op: Opcode) -> BinOp {
    match op {
        Opcode::Add => BinOp::Add,
        Opcode::Sub => BinOp::Sub,
        Opcode::Mul => BinOp::Mul,
        Opcode::UDiv => BinOp::UDiv,
        Opcode::SDiv => BinOp::SDiv,
        Opcode::URem => BinOp::URem,
        Opcode::SRem => BinOp::SRem,
        Opcode::Shl => BinOp::Shl,
        Opcode::LShr => BinOp::LShr,
        Opcode::AShr => BinOp::AShr,
        Opcode::And => BinOp::And,
        Opcode::Or => BinOp::Or,
        Opcode::Xor => BinOp::Xor,
        Opcode::FAdd => BinOp::FAdd,
        Opcode::FSub => BinOp::FSub,
        Opcode::FMul => BinOp::FMul,
        Opcode::FDiv => BinOp::FDiv,
        Opcode::FRem => BinOp::FRem,
        _ => BinOp::FNeg,
    }
}

fn castop(op: Opcode) -> CastOp {
    match op {
        Opcode::ZExt => CastOp::ZExt,
        Opcode::SExt => CastOp::SExt,
        Opcode::Trunc => CastOp::Trunc,
        Opcode::FPExt => CastOp::FPExt,
        Opcode::FPTrunc => CastOp::FPTrunc,
        Opcode::SIToFP => CastOp::SIToFP,
        Opcode::UIToFP => CastOp::UIToFP,
        Opcode::FPToSI => CastOp::FPToSI,
        Opcode::FPToUI => CastOp::FPToUI,
        Opcode::PtrToInt => CastOp::PtrToInt,
        Opcode::IntToPtr => CastOp::IntToPtr,
        _ => CastOp::BitCast,
    }
}

fn cmp_kind(p: Predicate) -> CmpSel {
    use Predicate as P;
    match p {
        P::Eq => CmpSel::ICmp(IntPred::Eq),
        P::Ne => CmpSel::ICmp(IntPred::Ne),
        P::Ugt => CmpSel::ICmp(IntPred::Ugt),
        P::Uge => CmpSel::ICmp(IntPred::Uge),
        P::Ult => CmpSel::ICmp(IntPred::Ult),
        P::Ule => CmpSel::ICmp(IntPred::Ule),
        P::Sgt => CmpSel::ICmp(IntPred::Sgt),
        P::Sge => CmpSel::ICmp(IntPred::Sge),
        P::Slt => CmpSel::ICmp(IntPred::Slt),
        P::Sle => CmpSel::ICmp(IntPred::Sle),
        P::False => CmpSel::FCmp(FloatPred::False),
        P::Oeq => CmpSel::FCmp(FloatPred::Oeq),
        P::Ogt => CmpSel::FCmp(FloatPred::Ogt),
        P::Oge => CmpSel::FCmp(FloatPred::Oge),
        P::Olt => CmpSel::FCmp(FloatPred::Olt),
        P::Ole => CmpSel::FCmp(FloatPred::Ole),
        P::One => CmpSel::FCmp(FloatPred::One),
        P::Ord => CmpSel::FCmp(FloatPred::Ord),
        P::Ueq => CmpSel::FCmp(FloatPred::Ueq),
        P::FUgt => CmpSel::FCmp(FloatPred::Ugt),
        P::FUge => CmpSel::FCmp(FloatPred::Uge),
        P::FUlt => CmpSel::FCmp(FloatPred::Ult),
        P::FUle => CmpSel::FCmp(FloatPred::Ule),
        P::Une => CmpSel::FCmp(FloatPred::Une),
        P::Uno => CmpSel::FCmp(FloatPred::Uno),
        P::True => CmpSel::FCmp(FloatPred::True),
    }
}

/// The target model's name for intrinsic `name`, if it costs it.
fn intrinsic(name: &str, flags: loopwright_ir::Flags) -> Option<Intrinsic> {
    let rest = name.strip_prefix("llvm.")?;
    let base = rest.split('.').next().unwrap_or("");
    let no_nans = flags.contains(loopwright_ir::Flags::NNAN);
    Some(match base {
        "smin" => Intrinsic::SMin,
        "smax" => Intrinsic::SMax,
        "umin" => Intrinsic::UMin,
        "umax" => Intrinsic::UMax,
        "abs" => Intrinsic::Abs,
        "minnum" => Intrinsic::MinNum { no_nans },
        "maxnum" => Intrinsic::MaxNum { no_nans },
        "sqrt" => Intrinsic::Sqrt,
        "fabs" => Intrinsic::Fabs,
        "fma" => Intrinsic::Fma,
        "fmuladd" => Intrinsic::FMulAdd,
        "ctpop" => Intrinsic::Ctpop,
        _ => return None,
    })
}

/// Whether `k` is an integer or pointer induction kind.
pub fn is_ptr_induction(k: InductionKind) -> bool {
    k == InductionKind::Ptr
}
