//! Run-time checks of scalar-evolution predicates, for versioning a loop
//! on them (LLVM 19's `SCEVExpander::expandCodeForPredicate`:
//! `expandComparePredicate`, `expandWrapPredicate` with
//! `generateOverflowCheck`, `expandUnionPredicate`).
//!
//! Each check is an `i1` that is true when the predicate does *not* hold
//! (the versioned loop then runs its unoptimized copy):
//! - `lhs == rhs` ([`ScevPredicate::Equal`], e.g. a stride that must be
//!   1): `%ident.check = icmp ne lhs, rhs`;
//! - the add recurrence `{start,+,step}` does not wrap in `btc`
//!   iterations ([`ScevPredicate::Wrap`]): with `|step| * btc` computed
//!   by `llvm.umul.with.overflow` (skipped when the step is 1), the check
//!   is `overflow || (step < 0 ? start - |step|*btc > start : start +
//!   |step|*btc < start)` in the signed or unsigned sense (only the side
//!   the step's sign allows when it is known; pointers by `getelementptr
//!   i8`), or'ed with `btc > max` when the count is wider than the
//!   recurrence and the step is not 0;
//! - a set of predicates: the `or` of their checks (`false` when empty).
//!
//! As in LLVM, the instructions go through a simplifying builder: an
//! operation on constants folds, `x | false` is `x`, and so on
//! ([`crate::utils::fold::simplify`]).
//!
//! Planning ([`plan`]) needs scalar evolution (the recurrence's parts, the
//! sign of its step); emitting ([`emit`]) does not.

use super::{call_intrinsic, emit as emit_inst, expand_with, extract, int_const, ExpandCtx, Expr};
use crate::utils::fold;
use loopwright_analysis::scev::{NoWrap, ScalarEvolution, Scev, ScevPredicate, Ty};
use loopwright_ir::{
    builder::make, Flags, Function, Inst, InstData, MdKind, Module, Opcode, Operand, Predicate,
    TypeTable,
};

/// A planned run-time check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// Fails when `lhs != rhs`.
    Equal { lhs: Expr, rhs: Expr },
    /// Fails when the recurrence may wrap.
    Overflow(Box<Overflow>),
}

impl Check {
    /// The expressions the check expands.
    pub fn exprs(&self) -> Vec<&Expr> {
        match self {
            Check::Equal { lhs, rhs } => vec![lhs, rhs],
            Check::Overflow(o) => vec![&o.btc, &o.start, &o.step, &o.neg_step],
        }
    }
}

/// What `generateOverflowCheck` needs to know about `{start,+,step}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overflow {
    pub signed: bool,
    /// The backedge-taken count of the recurrence's loop.
    pub btc: Expr,
    pub btc_bits: u32,
    pub start: Expr,
    pub step: Expr,
    pub neg_step: Expr,
    /// The recurrence's type.
    pub ty: Ty,
    /// Its width (a pointer's: its index width).
    pub bits: u32,
    pub step_is_one: bool,
    pub start_is_zero: bool,
    pub step_positive: bool,
    pub step_negative: bool,
}

/// Plans the check of `p`, given the backedge-taken count `btc` of the
/// loop of a wrap predicate's recurrence (the predicated count, which
/// the caller computed). `None` when a part cannot be expanded or the
/// recurrence is not affine.
pub fn plan(se: &mut ScalarEvolution, p: ScevPredicate, btc: Scev) -> Option<Check> {
    match p {
        ScevPredicate::Equal(a, b) => Some(Check::Equal {
            lhs: extract(se, a)?,
            rhs: extract(se, b)?,
        }),
        ScevPredicate::Wrap { ar, signed } => {
            if !se.is_affine(ar) || se.is_cnc(btc) {
                return None;
            }
            let start = se.ar_start(ar);
            let step = se.ar_step(ar);
            let neg = se.get_negative(step, NoWrap::ANY);
            let ty = se.ty(ar);
            // `getTypeSizeInBits`: a pointer's index width.
            let bits = se.type_bits(ty);
            let btc_bits = se.bits_of(btc);
            if se.bits_of(step) != bits {
                return None;
            }
            Some(Check::Overflow(Box::new(Overflow {
                signed,
                btc: extract(se, btc)?,
                btc_bits,
                start: extract(se, start)?,
                step: extract(se, step)?,
                neg_step: extract(se, neg)?,
                ty,
                bits,
                step_is_one: se.is_one(step),
                start_is_zero: se.is_zero(start),
                step_positive: se.is_known_positive(step),
                step_negative: se.is_known_negative(step),
            })))
        }
    }
}

/// An instruction the expander's builder creates at `ip` (with `ip`'s
/// debug location), unless it folds; `make` gives its data
/// (`builder::make`).
fn build(
    m: &mut Module,
    f: &mut Function,
    ctx: &ExpandCtx,
    make: impl FnOnce(&mut Module, &Function) -> InstData,
    ip: Inst,
    name: Option<&str>,
) -> Operand {
    let data = make(m, f);
    if let Some(v) = fold::simplify(m, &data) {
        return v;
    }
    let dbg = f.inst(ip).md.get(MdKind::DBG);
    emit_inst(m, f, ctx, ip, data, dbg, name)
}

/// `icmp p a, b`, for [`build`].
fn icmp(p: Predicate, a: Operand, b: Operand) -> impl FnOnce(&mut Module, &Function) -> InstData {
    move |m, f| make::icmp(m, f, p, a, b)
}

/// A binary operation without flags, for [`build`].
fn binop(op: Opcode, a: Operand, b: Operand) -> impl FnOnce(&mut Module, &Function) -> InstData {
    move |m, f| make::binop(m, f, op, a, b, Flags::NONE)
}

fn bool_const(m: &mut Module, v: bool) -> Operand {
    Operand::Const(m.consts.int(TypeTable::I1, 1, i64::from(v)))
}

/// `CreateOr` of several checks: folded left to right, `false` when there
/// are none.
fn or_all(
    m: &mut Module,
    f: &mut Function,
    ctx: &ExpandCtx,
    checks: &[Operand],
    ip: Inst,
) -> Operand {
    let Some((&first, rest)) = checks.split_first() else {
        return bool_const(m, false);
    };
    let mut acc = first;
    for &c in rest {
        acc = build(m, f, ctx, binop(Opcode::Or, acc, c), ip, None);
    }
    acc
}

/// Emits the check of a set of predicates at `ip` (`expandUnionPredicate`).
pub fn emit_all(
    m: &mut Module,
    f: &mut Function,
    ctx: &ExpandCtx,
    checks: &[Check],
    ip: Inst,
) -> Operand {
    let vals: Vec<Operand> = checks.iter().map(|c| emit(m, f, ctx, c, ip)).collect();
    or_all(m, f, ctx, &vals, ip)
}

/// Emits one check at `ip`.
pub fn emit(m: &mut Module, f: &mut Function, ctx: &ExpandCtx, c: &Check, ip: Inst) -> Operand {
    match c {
        Check::Equal { lhs, rhs } => {
            let a = expand_with(m, f, lhs, ip, ctx);
            let b = expand_with(m, f, rhs, ip, ctx);
            build(
                m,
                f,
                ctx,
                icmp(Predicate::Ne, a, b),
                ip,
                Some("ident.check"),
            )
        }
        Check::Overflow(o) => overflow_check(m, f, ctx, o, ip),
    }
}

/// `generateOverflowCheck`.
fn overflow_check(
    m: &mut Module,
    f: &mut Function,
    ctx: &ExpandCtx,
    o: &Overflow,
    ip: Inst,
) -> Operand {
    let count_ty = m.types.int(o.btc_bits);
    let ty = m.types.int(o.bits);
    let tc = expand_with(m, f, &o.btc, ip, ctx);
    let step = expand_with(m, f, &o.step, ip, ctx);
    let neg_step = expand_with(m, f, &o.neg_step, ip, ctx);
    let start = expand_with(m, f, &o.start, ip, ctx);
    let zero = int_const(m, ty, o.bits, 0);
    let step_cmp = build(m, f, ctx, icmp(Predicate::Slt, step, zero), ip, None);
    let abs_step = build(
        m,
        f,
        ctx,
        |m, f| make::select(m, f, step_cmp, neg_step, step),
        ip,
        None,
    );
    // The count, truncated or extended to the recurrence's width, times
    // |step|, with its overflow: checked whatever the end check is.
    let tc_t = if o.btc_bits == o.bits {
        tc
    } else {
        let op = if o.btc_bits < o.bits {
            Opcode::ZExt
        } else {
            Opcode::Trunc
        };
        let cast = |_: &mut Module, _: &Function| make::cast(op, tc, ty, Flags::NONE);
        build(m, f, ctx, cast, ip, None)
    };
    let (mul_v, of_mul) = if o.step_is_one {
        (tc_t, bool_const(m, false))
    } else {
        let pair = m.types.literal_struct(false, vec![ty, TypeTable::I1]);
        let name = format!("llvm.umul.with.overflow.i{}", o.bits);
        let mul = call_intrinsic(m, f, ctx, &name, pair, &[abs_step, tc_t], ip, Some("mul"));
        let ev = |k: u32| move |m: &mut Module, f: &Function| make::extract_value(m, f, mul, &[k]);
        let r = build(m, f, ctx, ev(0), ip, Some("mul.result"));
        let ov = build(m, f, ctx, ev(1), ip, Some("mul.overflow"));
        (r, ov)
    };
    // `Start + |Step| * Backedge < Start`, `Start - |Step| * Backedge >
    // Start`; `<u 0` is always false.
    let mut end_check = if !o.signed && o.start_is_zero && o.step_positive {
        bool_const(m, false)
    } else {
        let need_pos = !o.step_negative;
        let need_neg = !o.step_positive;
        let (mut add, mut sub) = (None, None);
        if let Ty::Ptr(_) = o.ty {
            let zero = int_const(m, ty, o.bits, 0);
            let neg_mul = build(m, f, ctx, binop(Opcode::Sub, zero, mul_v), ip, None);
            let gep = |idx: Operand| {
                move |m: &mut Module, f: &Function| make::ptr_add(m, f, start, idx, Flags::NONE)
            };
            if need_pos {
                add = Some(build(m, f, ctx, gep(mul_v), ip, None));
            }
            if need_neg {
                sub = Some(build(m, f, ctx, gep(neg_mul), ip, None));
            }
        } else {
            if need_pos {
                add = Some(build(m, f, ctx, binop(Opcode::Add, start, mul_v), ip, None));
            }
            if need_neg {
                sub = Some(build(m, f, ctx, binop(Opcode::Sub, start, mul_v), ip, None));
            }
        }
        let (lt, gt) = if o.signed {
            (Predicate::Slt, Predicate::Sgt)
        } else {
            (Predicate::Ult, Predicate::Ugt)
        };
        let below = add.map(|a| build(m, f, ctx, icmp(lt, a, start), ip, None));
        let above = sub.map(|s| build(m, f, ctx, icmp(gt, s, start), ip, None));
        match (below, above) {
            (Some(b), Some(a)) => build(
                m,
                f,
                ctx,
                |m: &mut Module, f: &Function| make::select(m, f, step_cmp, a, b),
                ip,
                None,
            ),
            (Some(b), None) => b,
            (None, Some(a)) => a,
            (None, None) => bool_const(m, false),
        }
    };
    if o.btc_bits > o.bits {
        let max = if o.bits >= 128 {
            u128::MAX
        } else {
            (1u128 << o.bits) - 1
        };
        let maxc = int_const(m, count_ty, o.btc_bits, max);
        let too_many = build(m, f, ctx, icmp(Predicate::Ugt, tc, maxc), ip, None);
        let nonzero = build(m, f, ctx, icmp(Predicate::Ne, step, zero), ip, None);
        let both = build(m, f, ctx, binop(Opcode::And, too_many, nonzero), ip, None);
        end_check = build(m, f, ctx, binop(Opcode::Or, end_check, both), ip, None);
    }
    build(m, f, ctx, binop(Opcode::Or, end_check, of_mul), ip, None)
}
