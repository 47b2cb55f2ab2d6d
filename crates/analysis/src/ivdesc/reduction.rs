//! Reductions (LLVM 19's `RecurrenceDescriptor::isReductionPHI` and
//! `AddReductionVar`).
//!
//! A reduction phi starts a cycle of operations of one kind that ends in
//! the value flowing back to the phi over the backedge; the cycle's values
//! may not be used by anything else in the loop, and only one of them (the
//! exit value, an incoming value of the phi) may be used after the loop.
//! The walk follows the users of the phi through the cycle, and checks
//! every user with the kind's rules. The kinds are tried in LLVM's order;
//! the first that fits is the descriptor.

use super::util::{Cx, Intrinsic};
use super::RecurKind;
use crate::demanded::DemandedBits;
use crate::scev::ScalarEvolution;
use loopwright_ir::{Flags, Inst, Opcode, Operand, TypeData};
use rustc_hash::FxHashSet;
use std::cell::OnceCell;

/// A reduction: the phi, the operations that combine values into it, and
/// what leaves the loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReductionDesc {
    pub kind: RecurKind,
    /// The value entering the loop from the preheader.
    pub start: Operand,
    /// The value of the reduction after the loop (LLVM's
    /// `LoopExitInstr`): an incoming value of the phi.
    pub exit: Inst,
    /// The last store of the reduction's value to a loop-invariant
    /// address in the loop, if any (LLVM's `IntermediateStore`); it
    /// stores `exit`.
    pub intermediate_store: Option<Inst>,
    /// The fast-math flags every floating-point operation of the cycle
    /// has (for min/max selects, with their compare's); all flags for
    /// integer kinds.
    pub fast_math: Flags,
    /// The first operation of the cycle without `reassoc` (floating-point
    /// kinds): reordering needs the user's permission.
    pub exact_fp_math: Option<Inst>,
    /// An ordered (strict, in-loop) reduction candidate: an `fadd` or
    /// `fmuladd` chain of one operation that lacks `reassoc` (LLVM's
    /// `isOrdered`).
    pub ordered: bool,
    /// The width the reduction can be computed in, when the phi was
    /// promoted and masked back (`and %phi, 2^k-1`) and the masked width
    /// is what the value needs (LLVM's `RecurrenceType` narrower than the
    /// phi); `None` otherwise.
    pub narrowed_bits: Option<u32>,
    /// Whether the narrowed value is sign extended back.
    pub signed: bool,
    /// Casts that disappear when the reduction is computed in its
    /// recurrence type (the masking `and`, casts from the recurrence
    /// type), in program order.
    pub casts: Vec<Inst>,
    /// The narrowest type (bits) cast to the recurrence type inside the
    /// cycle's operands, if any (LLVM's `MinWidthCastToRecurrenceType`).
    pub min_width_cast: Option<u32>,
    /// The instructions of the cycle besides the phi (operations,
    /// compares, phis), in program order.
    pub ops: Vec<Inst>,
}

/// Why a phi is not a reduction (for the kind its backedge value
/// suggests).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReductionFailure {
    /// Not an integer or floating-point phi (pointers are never
    /// reductions).
    UnsupportedType,
    /// The backedge value is no operation a reduction is made of.
    NoReductionOperation,
    /// The phi's value (one iteration behind) is used after the loop.
    PhiUsedOutside { user: Inst },
    /// A partial value of the cycle (not the one flowing back to the phi)
    /// is used after the loop.
    PartialValueEscapes { value: Inst },
    /// Two different values of the cycle are used after the loop.
    TwoExitValues { first: Inst, second: Inst },
    /// No value of the cycle is used after the loop or stored.
    NoExitValue,
    /// An instruction in the loop uses a value of the cycle but is not an
    /// operation of the reduction's kind.
    NonReductionUser { user: Inst, kind: RecurKind },
    /// A min/max of another kind (or signedness) in a min/max cycle.
    MinMaxMismatch {
        user: Inst,
        kind: RecurKind,
        found: RecurKind,
    },
    /// A floating-point min/max without `nnan` and `nsz` (on the
    /// instruction, or as function attributes).
    MissingFastMath { user: Inst },
    /// An operation uses the cycle's value more than once (or the cycle
    /// reaches one instruction twice).
    MultipleUses { user: Inst },
    /// A non-commutative operation (`sub`, `fsub`, `fdiv`) with the
    /// cycle's value not as its first operand.
    NotFirstOperand { user: Inst },
    /// The cycle's value is a multiplicand of `llvm.fmuladd`.
    FMulAddMultiplicand { user: Inst },
    /// Another phi of the header is in the cycle.
    OtherHeaderPhi { phi: Inst },
    /// A phi in the cycle has an input from outside the cycle.
    PhiInputOutsideCycle { phi: Inst },
    /// A value of the cycle has no users.
    ChainEndsUnused { value: Inst },
    /// The cycle does not lead back to the phi.
    NoCycle,
    /// The cycle has a compare without its select, or the reverse.
    IncompleteMinMax,
    /// An any-of cycle needs exactly one select.
    AnyOfSelectCount { selects: u32 },
    /// The cycle's value is stored to an address that varies in the loop.
    StoreToVaryingAddress { store: Inst },
    /// The cycle's values are stored to two different addresses.
    StoresToDifferentAddresses { store: Inst },
    /// The cycle's value is used as an address.
    StoredAsAddress { store: Inst },
    /// The last store of the cycle does not store the value that flows
    /// back to the phi (or used after the loop).
    StoredValueNotFinal { store: Inst },
    /// The stores of the cycle are in different blocks.
    StoresInDifferentBlocks { store: Inst },
    /// The phi is masked (`and %phi, 2^k-1`) but the value needs a
    /// different width.
    NarrowingMismatch { masked: u32, needed: u32 },
}

/// A candidate operation (LLVM's `InstDesc`).
#[derive(Copy, Clone, Debug)]
struct Desc {
    ok: bool,
    /// The last instruction of the pattern (the select of a
    /// compare-select pair).
    pattern: Inst,
    kind: Option<RecurKind>,
    exact_fp: Option<Inst>,
}

impl Desc {
    fn no(i: Inst) -> Desc {
        Desc {
            ok: false,
            pattern: i,
            kind: None,
            exact_fp: None,
        }
    }
    fn yes(i: Inst, kind: Option<RecurKind>) -> Desc {
        Desc {
            ok: true,
            pattern: i,
            kind,
            exact_fp: None,
        }
    }
    fn is(ok: bool, i: Inst) -> Desc {
        Desc {
            ok,
            pattern: i,
            kind: None,
            exact_fp: None,
        }
    }
}

/// The reduction state of one attempt.
pub(crate) struct Reducer<'c, 'a> {
    cx: &'c Cx<'a>,
    phi: Inst,
    /// Function attributes `no-nans-fp-math` and `no-signed-zeros-fp-math`.
    func_nnan_nsz: bool,
}

impl<'c, 'a> Reducer<'c, 'a> {
    pub fn new(cx: &'c Cx<'a>, phi: Inst) -> Self {
        let (nnan, nsz) = super::util::function_nnan_nsz(cx.m, cx.f);
        Reducer {
            cx,
            phi,
            func_nnan_nsz: nnan && nsz,
        }
    }

    /// LLVM's `isReductionPHI`: the first kind (in LLVM's order) the phi
    /// is a reduction of; on failure, why the phi is not a reduction of
    /// the kind its backedge value suggests.
    pub fn reduction(
        &self,
        se: &mut ScalarEvolution<'_>,
        db: &OnceCell<DemandedBits>,
    ) -> Result<ReductionDesc, ReductionFailure> {
        for kind in RecurKind::LLVM_ORDER {
            if let Ok(d) = self.add_reduction_var(se, db, kind) {
                return Ok(d);
            }
        }
        let ty = self.cx.inst(self.phi).ty;
        if !matches!(self.cx.m.types.data(ty), TypeData::Int(_)) && !self.cx.is_float_ty(ty) {
            return Err(ReductionFailure::UnsupportedType);
        }
        match self.natural_kind() {
            Some(k) => match self.add_reduction_var(se, db, k) {
                Err(e) => Err(e),
                // Unreachable in practice (every kind was tried); stay
                // conservative.
                Ok(_) => Err(ReductionFailure::NoReductionOperation),
            },
            None => Err(ReductionFailure::NoReductionOperation),
        }
    }

    /// The kind the backedge value's operation suggests, for diagnostics.
    fn natural_kind(&self) -> Option<RecurKind> {
        let cx = self.cx;
        let float = cx.is_float_ty(cx.inst(self.phi).ty);
        let mut o = cx.incoming(self.phi, cx.latch)?;
        for _ in 0..8 {
            let i = cx.loop_def(o)?;
            if i == self.phi {
                return None;
            }
            let d = cx.inst(i);
            use Opcode::*;
            let k =
                match d.opcode {
                    Add | Sub => RecurKind::Add,
                    Mul => RecurKind::Mul,
                    And => RecurKind::And,
                    Or => RecurKind::Or,
                    Xor => RecurKind::Xor,
                    FAdd | FSub => RecurKind::FAdd,
                    FMul | FDiv => RecurKind::FMul,
                    Call if cx.is_fmuladd(i) => RecurKind::FMulAdd,
                    Call | Select => {
                        if let Some(k) = cx.min_max_kind(i) {
                            k
                        } else if d.opcode == Select {
                            // A conditional operation (an arm computes), else an
                            // any-of select.
                            let arms: Vec<Operand> = d.operands().iter().skip(1).copied().collect();
                            if let Some(&arm) = arms.iter().find(|&&a| {
                                cx.loop_def(a)
                                    .is_some_and(|x| x != self.phi && cx.inst(x).opcode.is_binary())
                            }) {
                                o = arm;
                                continue;
                            }
                            match cx.select_cmp(i).map(|c| cx.inst(c).opcode) {
                                Some(FCmp) => RecurKind::FAnyOf,
                                Some(_) => RecurKind::IAnyOf,
                                None => return None,
                            }
                        } else {
                            return None;
                        }
                    }
                    Phi => {
                        // Through a phi of a conditional update: the first input
                        // computed in the loop that is not the header phi.
                        let next =
                            d.operands().iter().step_by(2).copied().find(|&x| {
                                cx.loop_def(x).is_some_and(|j| j != self.phi && j != i)
                            })?;
                        o = next;
                        continue;
                    }
                    _ => return None,
                };
            // Kinds must fit the phi's type.
            return (k.is_float() == float).then_some(k);
        }
        None
    }

    fn is_fmf_ok(&self, i: Inst) -> bool {
        let cx = self.cx;
        self.func_nnan_nsz
            || (cx.is_fp_math_op(i) && cx.has_flags(i, Flags::NNAN) && cx.has_flags(i, Flags::NSZ))
            || matches!(
                cx.intrinsic(i),
                Some(Intrinsic::Minimum | Intrinsic::Maximum)
            )
    }

    /// LLVM's `isRecurrenceInstr`.
    fn recurrence_instr(&self, i: Inst, kind: RecurKind, prev: &Desc) -> Desc {
        let cx = self.cx;
        let d = cx.inst(i);
        let exact = |i: Inst| (!cx.has_flags(i, Flags::REASSOC)).then_some(i);
        use Opcode::*;
        match d.opcode {
            Phi => Desc {
                ok: true,
                pattern: i,
                kind: prev.kind,
                exact_fp: prev.exact_fp,
            },
            Sub | Add => Desc::is(kind == RecurKind::Add, i),
            Mul => Desc::is(kind == RecurKind::Mul, i),
            And => Desc::is(kind == RecurKind::And, i),
            Or => Desc::is(kind == RecurKind::Or, i),
            Xor => Desc::is(kind == RecurKind::Xor, i),
            FDiv | FMul => Desc {
                exact_fp: exact(i),
                ..Desc::is(kind == RecurKind::FMul, i)
            },
            FSub | FAdd => Desc {
                exact_fp: exact(i),
                ..Desc::is(kind == RecurKind::FAdd, i)
            },
            Select
                if matches!(
                    kind,
                    RecurKind::FAdd | RecurKind::FMul | RecurKind::Add | RecurKind::Mul
                ) =>
            {
                self.conditional_rdx_pattern(i)
            }
            Select | FCmp | ICmp | Call => {
                if kind.is_any_of() {
                    return self.any_of_pattern(i, prev);
                }
                if kind.is_int_min_max() || (kind.is_fp_min_max() && self.is_fmf_ok(i)) {
                    self.min_max_pattern(i, kind, prev)
                } else if cx.is_fmuladd(i) {
                    Desc {
                        exact_fp: exact(i),
                        ..Desc::is(kind == RecurKind::FMulAdd, i)
                    }
                } else {
                    Desc::no(i)
                }
            }
            _ => Desc::no(i),
        }
    }

    /// LLVM's `isAnyOfPattern`: `select(cmp, phi, invariant)` or
    /// `select(cmp, invariant, phi)`.
    fn any_of_pattern(&self, i: Inst, prev: &Desc) -> Desc {
        let cx = self.cx;
        if let Some(sel) = cx.one_use_cmp_select(i) {
            return Desc::yes(sel, prev.kind);
        }
        let Some(c) = cx.select_cmp(i) else {
            return Desc::no(i);
        };
        let d = cx.inst(i);
        let (tv, fv) = (d.operands()[1], d.operands()[2]);
        let non_phi = if cx.def(tv) == Some(self.phi) {
            fv
        } else if cx.def(fv) == Some(self.phi) {
            tv
        } else {
            return Desc::no(i);
        };
        if !cx.invariant(non_phi) {
            return Desc::no(i);
        }
        let k = if cx.inst(c).opcode == Opcode::ICmp {
            RecurKind::IAnyOf
        } else {
            RecurKind::FAnyOf
        };
        Desc::yes(i, Some(k))
    }

    /// LLVM's `isMinMaxPattern`.
    fn min_max_pattern(&self, i: Inst, kind: RecurKind, prev: &Desc) -> Desc {
        let cx = self.cx;
        if !kind.is_min_max() {
            return Desc::no(i);
        }
        if let Some(sel) = cx.one_use_cmp_select(i) {
            return Desc::yes(sel, prev.kind);
        }
        let is_intrinsic = cx.intrinsic(i).is_some();
        let one_use_cmp_select = cx.select_cmp(i).is_some_and(|c| cx.num_uses(c) == 1);
        if !is_intrinsic && !one_use_cmp_select {
            return Desc::no(i);
        }
        match cx.min_max_kind(i) {
            Some(k) => Desc::is(k == kind, i),
            None => Desc::no(i),
        }
    }

    /// LLVM's `isConditionalRdxPattern`:
    /// `select(cmp, phi2 op x, phi2)` with `op` an `add`, `sub`, `mul`, or
    /// a `fast` `fadd`, `fsub`, `fmul`.
    fn conditional_rdx_pattern(&self, i: Inst) -> Desc {
        let cx = self.cx;
        let d = cx.inst(i);
        if d.opcode != Opcode::Select || d.operands().len() != 3 {
            return Desc::no(i);
        }
        let Some(c) = cx.select_cmp(i) else {
            return Desc::no(i);
        };
        if cx.num_uses(c) != 1 {
            return Desc::no(i);
        }
        let (tv, fv) = (d.operands()[1], d.operands()[2]);
        let is_phi = |o: Operand| cx.def(o).is_some_and(|x| cx.inst(x).opcode == Opcode::Phi);
        if is_phi(tv) == is_phi(fv) {
            return Desc::no(i);
        }
        let other = if is_phi(tv) { fv } else { tv };
        let Some(i1) = cx.def(other) else {
            return Desc::no(i);
        };
        let d1 = cx.inst(i1);
        if !d1.opcode.is_binary() || d1.operands().len() != 2 {
            return Desc::no(i);
        }
        let fast = d1.flags.contains(Flags::FAST);
        use Opcode::*;
        let ok = match d1.opcode {
            FAdd | FSub | FMul => fast,
            Add | Sub | Mul => true,
            _ => false,
        };
        if !ok {
            return Desc::no(i);
        }
        let (op1, op2) = (d1.operands()[0], d1.operands()[1]);
        let iphi = if is_phi(op1) { op1 } else { op2 };
        if cx.def(iphi).is_some() && iphi == fv {
            Desc::yes(i, None)
        } else {
            Desc::no(i)
        }
    }

    /// LLVM's `hasMultipleUsesOf`: more than `max` operands of `i` are in
    /// `set`.
    fn multiple_uses_of(&self, i: Inst, set: &FxHashSet<Inst>, max: usize) -> bool {
        let cx = self.cx;
        cx.value_operands(i)
            .iter()
            .filter(|&&o| cx.def(o).is_some_and(|x| set.contains(&x)))
            .count()
            > max
    }

    /// LLVM's `lookThroughAnd`: the phi's only user `and %phi, 2^k-1`
    /// (k bits).
    fn look_through_and(&self) -> Option<(Inst, u32)> {
        let cx = self.cx;
        let users = cx.users(self.phi);
        if users.len() != 1 {
            return None;
        }
        let j = users[0];
        let d = cx.inst(j);
        if d.opcode != Opcode::And || d.operands().len() != 2 {
            return None;
        }
        cx.def(d.operands()[0])?;
        let c = d.operands()[1].as_const()?;
        let v = cx.m.consts.as_apint(c)?;
        if v.bits() > 128 {
            return None;
        }
        let w = v.words();
        let x = u128::from(w.first().copied().unwrap_or(0))
            | (u128::from(w.get(1).copied().unwrap_or(0)) << 64);
        let bits = v.bits();
        let all = if bits >= 128 {
            u128::MAX
        } else {
            (1u128 << bits) - 1
        };
        // M + 1 must be a power of two (in the type's width), not zero.
        let p = x.wrapping_add(1) & all;
        if p == 0 || !p.is_power_of_two() {
            return None;
        }
        let k = p.trailing_zeros();
        (k > 0).then_some((j, k))
    }

    /// LLVM's `AddReductionVar` for one kind.
    pub fn add_reduction_var(
        &self,
        se: &mut ScalarEvolution<'_>,
        db: &OnceCell<DemandedBits>,
        mut kind: RecurKind,
    ) -> Result<ReductionDesc, ReductionFailure> {
        use ReductionFailure as F;
        let cx = self.cx;
        let phi = self.phi;
        let pd = cx.inst(phi);
        let start_value = cx.incoming(phi, cx.preheader).ok_or(F::NoCycle)?;
        let mut visited: FxHashSet<Inst> = FxHashSet::default();
        let mut start = phi;
        let mut masked: Option<u32> = None;
        let mut casts: Vec<Inst> = Vec::new();
        let phi_int_bits = match cx.m.types.data(pd.ty) {
            TypeData::Int(b) => Some(*b),
            _ => None,
        };
        if cx.is_float_ty(pd.ty) {
            if !kind.is_float() {
                return Err(F::UnsupportedType);
            }
        } else if phi_int_bits.is_some() {
            if !kind.is_integer() {
                return Err(F::UnsupportedType);
            }
            if !kind.is_min_max() {
                if let Some((j, k)) = self.look_through_and() {
                    visited.insert(phi);
                    casts.push(j);
                    start = j;
                    masked = Some(k);
                }
            }
        } else {
            return Err(F::UnsupportedType);
        }
        let mut work = vec![start];
        visited.insert(start);
        let mut fmf = Flags::FAST;
        let mut exact_fp: Option<Inst> = None;
        let mut exit: Option<Inst> = None;
        let mut stores: Vec<Inst> = Vec::new();
        let mut found_op = false;
        let mut found_phi = false;
        let mut cmp_selects = 0u32;
        let mut desc = Desc::no(phi);
        // Bound the walk (each instruction is pushed at most once).
        while let Some(cur) = work.pop() {
            let d = cx.inst(cur);
            if d.opcode == Opcode::Store {
                let ptr = *d.operands().get(1).ok_or(F::NoCycle)?;
                let ps = se.get_scev(ptr);
                if let Some(&prev) = stores.last() {
                    let pp = *cx.inst(prev).operands().get(1).ok_or(F::NoCycle)?;
                    if se.get_scev(pp) != ps {
                        return Err(F::StoresToDifferentAddresses { store: cur });
                    }
                }
                if se.is_cnc(ps) || !se.is_loop_invariant(ps, cx.l) {
                    return Err(F::StoreToVaryingAddress { store: cur });
                }
                stores.push(cur);
                continue;
            }
            if cx.num_uses(cur) == 0 {
                return Err(F::ChainEndsUnused { value: cur });
            }
            let is_phi = d.opcode == Opcode::Phi;
            if cur != phi && is_phi && cx.block(cur) == Some(cx.header) {
                return Err(F::OtherHeaderPhi { phi: cur });
            }
            if !cx.is_commutative(cur) && !is_phi && d.opcode != Opcode::Select && !cx.is_cmp(cur) {
                let first = cx.llvm_operand(cur, 0).and_then(|o| cx.def(o));
                if !first.is_some_and(|x| visited.contains(&x)) {
                    return Err(F::NotFirstOperand { user: cur });
                }
            }
            if cur != start {
                desc = self.recurrence_instr(cur, kind, &desc);
                if exact_fp.is_none() {
                    exact_fp = desc.exact_fp;
                }
                if !desc.ok {
                    return Err(self.why_not_operation(cur, kind));
                }
                if cx.is_fp_math_op(desc.pattern) && !is_phi {
                    let mut cur_fmf = cx.fast_math(desc.pattern);
                    if let Some(c) = cx.select_cmp(desc.pattern) {
                        if cx.inst(c).opcode == Opcode::FCmp {
                            cur_fmf = cur_fmf.union(cx.fast_math(c));
                        }
                    }
                    fmf = Flags(fmf.0 & cur_fmf.0);
                }
                if let Some(k) = desc.kind {
                    kind = k;
                }
            }
            let is_select = d.opcode == Opcode::Select;
            if is_select
                && matches!(kind, RecurKind::FAdd | RecurKind::FMul)
                && self.multiple_uses_of(cur, &visited, 2)
            {
                return Err(F::MultipleUses { user: cur });
            }
            if !is_phi
                && !is_select
                && !kind.is_min_max()
                && !kind.is_any_of()
                && self.multiple_uses_of(cur, &visited, 1)
            {
                return Err(F::MultipleUses { user: cur });
            }
            if is_phi
                && cur != phi
                && !cx
                    .value_operands(cur)
                    .iter()
                    .all(|&o| cx.def(o).is_some_and(|x| visited.contains(&x)))
            {
                return Err(F::PhiInputOutsideCycle { phi: cur });
            }
            // Min/max cycles count their compares and selects, any-of
            // cycles only their selects (opt-19 accepts an any-of whose
            // compare reads the phi: `select(icmp(phi, x), c, phi)`).
            if kind.is_int_min_max() && (d.opcode == Opcode::ICmp || is_select) {
                cmp_selects += 1;
            }
            if kind.is_fp_min_max() && (d.opcode == Opcode::FCmp || is_select) {
                cmp_selects += 1;
            }
            if kind.is_any_of() && is_select {
                cmp_selects += 1;
            }
            found_op |= !is_phi && cur != start;
            let mut phis = Vec::new();
            let mut non_phis = Vec::new();
            let cur_op = Operand::Value(cx.result(cur).ok_or(F::NoCycle)?);
            for ui in cx.users(cur) {
                if cx.is_fmuladd(ui)
                    && (cx.llvm_operand(ui, 0) == Some(cur_op)
                        || cx.llvm_operand(ui, 1) == Some(cur_op))
                {
                    return Err(F::FMulAddMultiplicand { user: ui });
                }
                if !cx.in_loop(ui) {
                    if exit == Some(cur) {
                        continue;
                    }
                    if let Some(first) = exit {
                        return Err(F::TwoExitValues { first, second: cur });
                    }
                    if cur == phi {
                        return Err(F::PhiUsedOutside { user: ui });
                    }
                    if !cx.is_incoming(phi, cur_op) {
                        return Err(F::PartialValueEscapes { value: cur });
                    }
                    exit = Some(cur);
                    continue;
                }
                let ud = cx.inst(ui);
                if visited.insert(ui) {
                    if ud.opcode == Opcode::Phi {
                        phis.push(ui);
                    } else {
                        if ud.opcode == Opcode::Store && ud.operands().get(1) == Some(&cur_op) {
                            return Err(F::StoredAsAddress { store: ui });
                        }
                        non_phis.push(ui);
                    }
                } else if ud.opcode != Opcode::Phi
                    && (!(cx.is_cmp(ui) || ud.opcode == Opcode::Select)
                        || (!self.conditional_rdx_pattern(ui).ok
                            && !self.any_of_pattern(ui, &Desc::no(ui)).ok
                            && !self.min_max_pattern(ui, kind, &Desc::no(ui)).ok))
                {
                    return Err(F::MultipleUses { user: ui });
                }
                if ui == phi {
                    found_phi = true;
                }
            }
            work.extend(phis);
            work.extend(non_phis);
        }
        if kind.is_min_max() && cmp_selects != 2 && cmp_selects != 0 {
            return Err(F::IncompleteMinMax);
        }
        if kind.is_any_of() && cmp_selects != 1 {
            return Err(F::AnyOfSelectCount {
                selects: cmp_selects,
            });
        }
        // The intermediate store: the last of the cycle's stores in program
        // order (LLVM takes the last one its walk meets, and its legality
        // then requires it to be the last store to the address; all in one
        // block here, so that "last" is well defined).
        let mut intermediate_store = None;
        if let Some(&first) = stores.first() {
            let b = cx.block(first);
            if let Some(&other) = stores.iter().find(|&&s| cx.block(s) != b) {
                return Err(F::StoresInDifferentBlocks { store: other });
            }
            let last = *stores
                .iter()
                .max_by_key(|&&s| cx.order_key(s))
                .unwrap_or(&first);
            let val = *cx
                .inst(last)
                .operands()
                .first()
                .ok_or(F::StoredValueNotFinal { store: last })?;
            if !cx.is_incoming(phi, val) {
                return Err(F::StoredValueNotFinal { store: last });
            }
            match exit {
                Some(e) if Some(e) != cx.def(val) => {
                    return Err(F::StoredValueNotFinal { store: last });
                }
                Some(_) => {}
                None => {
                    exit = Some(
                        cx.loop_def(val)
                            .ok_or(F::StoredValueNotFinal { store: last })?,
                    )
                }
            }
            intermediate_store = Some(last);
        }
        if !found_phi {
            return Err(F::NoCycle);
        }
        if !found_op {
            return Err(F::NoReductionOperation);
        }
        let exit = exit.ok_or(F::NoExitValue)?;
        let ordered = self.check_ordered(kind, exact_fp, exit);
        let mut signed = false;
        let mut narrowed_bits = None;
        if let Some(k) = masked {
            let (bits, s) = self
                .recurrence_type(se, db, exit)
                .ok_or(F::NarrowingMismatch {
                    masked: k,
                    needed: phi_int_bits.unwrap_or(0),
                })?;
            if bits != k {
                return Err(F::NarrowingMismatch {
                    masked: k,
                    needed: bits,
                });
            }
            signed = s;
            narrowed_bits = Some(k);
        }
        let rec_ty = match narrowed_bits {
            Some(k) => RecTy::Int(k),
            None => RecTy::Type(pd.ty),
        };
        let min_width_cast = self.collect_casts(exit, rec_ty, &mut casts);
        casts.sort_by_key(|&c| cx.order_key(c));
        casts.dedup();
        let mut ops: Vec<Inst> = visited
            .iter()
            .copied()
            .filter(|&i| i != phi && cx.inst(i).opcode != Opcode::Store)
            .collect();
        ops.sort_by_key(|&i| cx.order_key(i));
        Ok(ReductionDesc {
            kind,
            start: start_value,
            exit,
            intermediate_store,
            fast_math: fmf,
            exact_fp_math: exact_fp,
            ordered,
            narrowed_bits,
            signed,
            casts,
            min_width_cast,
            ops,
        })
    }

    /// Why `cur` failed `isRecurrenceInstr` for `kind`.
    fn why_not_operation(&self, cur: Inst, kind: RecurKind) -> ReductionFailure {
        let cx = self.cx;
        if let Some(found) = cx.min_max_kind(cur) {
            if kind.is_fp_min_max() && found == kind && !self.is_fmf_ok(cur) {
                return ReductionFailure::MissingFastMath { user: cur };
            }
            if kind.is_min_max() && found != kind {
                return ReductionFailure::MinMaxMismatch {
                    user: cur,
                    kind,
                    found,
                };
            }
        }
        if kind.is_fp_min_max() && cx.is_cmp(cur) && !self.is_fmf_ok(cur) {
            if let Some(sel) = cx.one_use_cmp_select(cur) {
                if cx.min_max_kind(sel) == Some(kind) {
                    return ReductionFailure::MissingFastMath { user: cur };
                }
            }
        }
        ReductionFailure::NonReductionUser { user: cur, kind }
    }

    /// LLVM's `checkOrderedReduction`.
    fn check_ordered(&self, kind: RecurKind, exact_fp: Option<Inst>, exit: Inst) -> bool {
        let cx = self.cx;
        if kind != RecurKind::FAdd && kind != RecurKind::FMulAdd {
            return false;
        }
        let d = cx.inst(exit);
        if kind == RecurKind::FAdd && d.opcode != Opcode::FAdd {
            return false;
        }
        if kind == RecurKind::FMulAdd && !cx.is_fmuladd(exit) {
            return false;
        }
        if exact_fp != Some(exit) || cx.num_uses(exit) >= 3 {
            return false;
        }
        let phi_op = cx.result(self.phi).map(Operand::Value);
        if kind == RecurKind::FAdd
            && cx.llvm_operand(exit, 0) != phi_op
            && cx.llvm_operand(exit, 1) != phi_op
        {
            return false;
        }
        if kind == RecurKind::FMulAdd && cx.llvm_operand(exit, 2) != phi_op {
            return false;
        }
        true
    }

    /// LLVM's `computeRecurrenceType`: the width the exit value needs
    /// (a power of two) and whether it must be sign extended back.
    fn recurrence_type(
        &self,
        se: &mut ScalarEvolution<'_>,
        db: &OnceCell<DemandedBits>,
        exit: Inst,
    ) -> Option<(u32, bool)> {
        let cx = self.cx;
        let full = cx.m.types.int_width(cx.inst(exit).ty)?;
        let db = db.get_or_init(|| DemandedBits::compute(cx.m, cx.f));
        let demanded = db.demanded(cx.m, cx.f, exit)?;
        let mut max = 128 - demanded.leading_zeros();
        let mut signed = false;
        if max == full {
            let v = cx.result(exit)?;
            let sign_bits = se.num_sign_bits(v, 0).min(full);
            max = full - sign_bits;
            let known = se.known_bits_value(v, 0);
            let top = 1u128 << (full - 1);
            if known.zero & top == 0 {
                signed = true;
                max += 1;
            }
        }
        Some((max.max(1).next_power_of_two(), signed))
    }

    /// LLVM's `collectCastInstrs`: casts from the recurrence type are
    /// added to `casts`; returns the narrowest source of a cast to it.
    fn collect_casts(&self, exit: Inst, rec: RecTy, casts: &mut Vec<Inst>) -> Option<u32> {
        let cx = self.cx;
        let mut work = vec![exit];
        let mut seen: FxHashSet<Inst> = FxHashSet::default();
        let mut min: Option<u32> = None;
        while let Some(v) = work.pop() {
            seen.insert(v);
            let d = cx.inst(v);
            if d.opcode.is_cast() {
                if let Some(&src) = d.operands().first() {
                    let src_ty = cx.f.operand_type(src, &cx.m.consts);
                    if rec.is(cx, src_ty) {
                        casts.push(v);
                        continue;
                    }
                    if rec.is(cx, d.ty) {
                        let w = scalar_bits(cx, src_ty);
                        min = Some(min.map_or(w, |m| m.min(w)));
                        continue;
                    }
                }
            }
            for o in cx.value_operands(v) {
                if let Some(i) = cx.loop_def(o) {
                    if !seen.contains(&i) {
                        work.push(i);
                    }
                }
            }
        }
        min
    }
}

/// A recurrence type: a narrowed integer width or the phi's own type.
#[derive(Copy, Clone)]
enum RecTy {
    Int(u32),
    Type(loopwright_ir::Type),
}

impl RecTy {
    fn is(self, cx: &Cx<'_>, t: loopwright_ir::Type) -> bool {
        match self {
            RecTy::Int(k) => cx.m.types.int_width(t) == Some(k),
            RecTy::Type(x) => x == t,
        }
    }
}

/// LLVM's `getScalarSizeInBits` (0 for types without a size).
fn scalar_bits(cx: &Cx<'_>, t: loopwright_ir::Type) -> u32 {
    let s = cx.m.types.scalar(t);
    match cx.m.types.data(s) {
        TypeData::Int(b) => *b,
        _ => cx.m.types.float_bits(s).unwrap_or(0),
    }
}
