//! Inductions (LLVM 19's `InductionDescriptor::isInductionPHI` and
//! `isFPInductionPHI`).
//!
//! An integer or pointer phi is an induction when its expression is an
//! affine add recurrence `{start,+,step}` of the loop with a
//! loop-invariant step (for pointers, the step is in bytes: with opaque
//! pointers LLVM 19 keeps no element type). When the expression is opaque
//! because the update goes through a truncation and an extension, the
//! phi can still be an induction under run-time predicates
//! ([`ScalarEvolution::add_rec_from_phi_with_casts`]); the casts of the
//! update are then recorded, since they vanish under the predicates. A
//! `float`, `double` or `half` phi is an induction when its backedge value
//! is `fadd phi, step` (either order) or `fsub phi, step` with `step`
//! defined outside the loop, whatever its fast-math flags; an operation
//! without `reassoc` is recorded, since reordering it needs permission.

use super::util::Cx;
use crate::scev::{CInt, ScalarEvolution, Scev, ScevData, ScevPredicate, UnkRef};
use loopwright_ir::{Flags, Inst, Opcode, Operand, TypeData};
use smallvec::SmallVec;

/// What an induction steps.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum InductionKind {
    Int,
    Ptr,
    Fp,
}

/// The step of an induction.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InductionStep {
    /// Integer and pointer inductions: the recurrence's step (bytes for
    /// pointers), loop invariant.
    Scev(Scev),
    /// Floating-point inductions: the value added (or subtracted by an
    /// `fsub`), defined outside the loop (LLVM keeps it as an opaque
    /// expression).
    Fp(Operand),
}

/// An induction variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InductionDesc {
    pub kind: InductionKind,
    /// The value entering from the preheader.
    pub start: Operand,
    pub step: InductionStep,
    /// The add recurrence `{start,+,step}` (integer and pointer kinds).
    pub ar: Option<Scev>,
    /// The update: for integers the backedge value when it is a binary
    /// operator, for floating point the `fadd`/`fsub`.
    pub bin_op: Option<Inst>,
    /// The update's casts that are redundant under `predicates` (from the
    /// cast nearest the backedge value towards the phi).
    pub casts: Vec<Inst>,
    /// Run-time conditions the phi is this induction under; empty for an
    /// unconditional induction.
    pub predicates: SmallVec<[ScevPredicate; 3]>,
    /// A floating-point update without `reassoc`.
    pub exact_fp_math: Option<Inst>,
}

impl InductionDesc {
    /// The step as a constant, when it is one (LLVM's
    /// `getConstIntStepValue`).
    pub fn const_step(&self, se: &ScalarEvolution<'_>) -> Option<CInt> {
        match self.step {
            InductionStep::Scev(s) => se.as_const(s),
            InductionStep::Fp(_) => None,
        }
    }
}

/// Why a phi is not an induction.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InductionFailure {
    /// Not an integer, pointer, `half`, `float` or `double` phi.
    UnsupportedType,
    /// The phi's expression is no add recurrence (even under predicates).
    NotAddRec,
    /// The phi is an add recurrence of another loop.
    OtherLoop,
    /// The step varies in the loop (or the recurrence is not affine).
    StepNotInvariant,
    /// A pointer induction whose step is not a constant (the loop
    /// vectorizer does not take those by default,
    /// `-lv-strided-pointer-ivs`).
    VariablePointerStep,
    /// A floating-point phi whose backedge value is not `fadd phi, x` or
    /// `fsub phi, x`.
    NotFAddFSub,
    /// The floating-point step is computed in the loop.
    FpStepNotInvariant,
}

/// LLVM's `isInductionPHI`, with `assume` allowing run-time predicates.
pub(crate) fn induction(
    cx: &Cx<'_>,
    se: &mut ScalarEvolution<'_>,
    phi: Inst,
    assume: bool,
) -> Result<InductionDesc, InductionFailure> {
    use InductionFailure as F;
    let d = cx.inst(phi);
    match cx.m.types.data(d.ty) {
        TypeData::Int(_) | TypeData::Ptr(_) => {}
        TypeData::Float | TypeData::Double | TypeData::Half => return fp_induction(cx, phi),
        _ => return Err(F::UnsupportedType),
    }
    let v = cx.result(phi).ok_or(F::NotAddRec)?;
    let s = se.scev_of(v);
    let mut predicates = SmallVec::new();
    let mut casts = Vec::new();
    let ar = if se.as_add_rec(s).is_some() {
        s
    } else if assume && matches!(se.data(s), ScevData::Unknown(UnkRef::Value(x)) if *x == v) {
        let p = se.add_rec_from_phi_with_casts(v).ok_or(F::NotAddRec)?;
        // Wrap predicates of other loops are not supported.
        if p.preds
            .iter()
            .any(|q| matches!(q, ScevPredicate::Wrap { ar, .. } if se.ar_loop(*ar) != Some(cx.l)))
        {
            return Err(F::NotAddRec);
        }
        predicates = p.preds.clone();
        if let Some(c) = casts_of_induction(cx, se, phi, p.casted) {
            casts = c;
        }
        p.ar
    } else {
        return Err(F::NotAddRec);
    };
    if se.ar_loop(ar) != Some(cx.l) {
        return Err(F::OtherLoop);
    }
    let start = cx.incoming(phi, cx.preheader).ok_or(F::NotAddRec)?;
    let step = se.ar_step(ar);
    if se.is_cnc(step) || (se.as_const(step).is_none() && !se.is_loop_invariant(step, cx.l)) {
        return Err(F::StepNotInvariant);
    }
    let kind = if cx.m.types.is_int(d.ty) {
        InductionKind::Int
    } else {
        InductionKind::Ptr
    };
    let bin_op = match kind {
        InductionKind::Int => cx
            .incoming(phi, cx.latch)
            .and_then(|o| cx.def(o))
            .filter(|&i| cx.inst(i).opcode.is_binary()),
        _ => None,
    };
    Ok(InductionDesc {
        kind,
        start,
        step: InductionStep::Scev(step),
        ar: Some(ar),
        bin_op,
        casts,
        predicates,
        exact_fp_math: None,
    })
}

/// LLVM's `isFPInductionPHI`.
fn fp_induction(cx: &Cx<'_>, phi: Inst) -> Result<InductionDesc, InductionFailure> {
    use InductionFailure as F;
    let d = cx.inst(phi);
    let ops = d.operands();
    if ops.len() != 4 {
        return Err(F::NotFAddFSub);
    }
    let in_loop = |b: Operand| b.as_block().is_some_and(|b| cx.lf.contains(cx.l, b));
    let (be, start) = if in_loop(ops[1]) {
        (ops[0], ops[2])
    } else {
        (ops[2], ops[0])
    };
    let Some(bop) = cx
        .def(be)
        .filter(|&i| cx.inst(i).opcode.is_binary() && cx.inst(i).operands().len() == 2)
    else {
        return Err(F::NotFAddFSub);
    };
    let bd = cx.inst(bop);
    let phi_op = Operand::Value(cx.result(phi).ok_or(F::NotFAddFSub)?);
    let (a, b) = (bd.operands()[0], bd.operands()[1]);
    let addend = match bd.opcode {
        Opcode::FAdd if a == phi_op => Some(b),
        Opcode::FAdd if b == phi_op => Some(a),
        Opcode::FSub if a == phi_op => Some(b),
        _ => None,
    }
    .ok_or(F::NotFAddFSub)?;
    if !cx.invariant(addend) {
        return Err(F::FpStepNotInvariant);
    }
    Ok(InductionDesc {
        kind: InductionKind::Fp,
        start,
        step: InductionStep::Fp(addend),
        ar: None,
        bin_op: Some(bop),
        casts: Vec::new(),
        predicates: SmallVec::new(),
        exact_fp_math: (!bd.flags.contains(Flags::REASSOC)).then_some(bop),
    })
}

/// LLVM's `getCastsForInductionPHI`: walking from the backedge value to
/// the phi through binary operators with one loop-invariant operand, the
/// instructions from the first one equal to the phi under the predicates
/// (`casted`, the `ext(trunc(phi))` expression) on. `None` when the walk
/// does not reach the phi that way or no such instruction is met.
fn casts_of_induction(
    cx: &Cx<'_>,
    se: &mut ScalarEvolution<'_>,
    phi: Inst,
    casted: Scev,
) -> Option<Vec<Inst>> {
    let phi_op = Operand::Value(cx.result(phi)?);
    let mut val = cx.incoming(phi, cx.latch)?;
    let mut in_seq = false;
    let mut casts = Vec::new();
    // Each step moves to an operand; the loop has finitely many
    // instructions, and a cycle not through the phi is impossible in SSA
    // form (but bound the walk anyway).
    for _ in 0..cx.f.num_inst_ids() + 1 {
        if val == phi_op {
            return in_seq.then_some(casts);
        }
        let inst = cx.loop_def(val)?;
        if se.get_scev(val) == casted {
            in_seq = true;
        }
        if in_seq {
            if !casts.is_empty() && cx.num_uses(inst) != 1 {
                return None;
            }
            casts.push(inst);
        }
        let d = cx.inst(inst);
        if !d.opcode.is_binary() || d.operands().len() != 2 {
            return None;
        }
        let (a, b) = (d.operands()[0], d.operands()[1]);
        val = if cx.invariant(a) {
            b
        } else if cx.invariant(b) {
            a
        } else {
            return None;
        };
    }
    None
}
