//! Reusing a value that already computes an expression (LLVM's
//! `FindValueInExprValueMap` and `canReuseInstruction`).
//!
//! A candidate from [`ExpandCtx::existing`] is used at an insertion point
//! when it is an instruction that dominates the point and lies in no loop
//! or in a loop containing the point (so LCSSA form holds), and when it is
//! no more poisonous than the expression: either the program is undefined
//! if it is poison, or its instructions (up to 16) create no poison but
//! through their flags, down to the expression's own values or values
//! that cannot be poison. Those flags are then dropped ([`apply`]).
//! Constants are never looked up; an opaque value may stand for another
//! (the LCSSA phi `%x.lcssa` of a value `%x` that is no recurrence has
//! `%x`'s expression, and is what a use after the loop reuses).

use super::{const_u64, poison_free_intrinsic, ExpandCtx, Expr};
use loopwright_ir::{ConstData, Flags, Function, Inst, Module, Opcode, Operand, Value, ValueDef};

/// The poison-generating flags `canReuseInstruction` drops.
const POISON_FLAGS: Flags = Flags(
    Flags::NUW.0
        | Flags::NSW.0
        | Flags::EXACT.0
        | Flags::NNEG.0
        | Flags::INBOUNDS.0
        | Flags::NUSW.0
        | Flags::NNAN.0
        | Flags::NINF.0,
);

/// A value that computes `e` and may be used at `ip`, with the
/// instructions whose poison-generating flags must be dropped first.
/// Changes nothing.
pub(super) fn find(
    m: &Module,
    f: &Function,
    ctx: &ExpandCtx,
    e: &Expr,
    ip: Inst,
) -> Option<(Value, Vec<Inst>)> {
    if matches!(e, Expr::Int { .. } | Expr::Const(_)) {
        return None;
    }
    let candidates = ctx.existing.get(e)?;
    for &v in candidates {
        if !usable_at(f, ctx, v, ip) {
            continue;
        }
        if let Some(drop) = can_reuse(m, f, e, v) {
            return Some((v, drop));
        }
    }
    None
}

/// Whether `v` is an instruction that dominates `ip` and is in no loop or
/// in one containing `ip`.
fn usable_at(f: &Function, ctx: &ExpandCtx, v: Value, ip: Inst) -> bool {
    let ValueDef::Result(d) = f.value_def(v) else {
        return false;
    };
    let (Some(db), Some(ib)) = (f.layout.inst_block(d), f.layout.inst_block(ip)) else {
        return false;
    };
    if let Some(dt) = ctx.dt {
        let dominates = if db == ib {
            let mut cur = f.layout.next_inst(d);
            let mut found = false;
            while let Some(i) = cur {
                if i == ip {
                    found = true;
                    break;
                }
                cur = f.layout.next_inst(i);
            }
            found
        } else {
            dt.dominates(db, ib)
        };
        if !dominates {
            return false;
        }
    }
    if let Some((lf, _)) = ctx.loops {
        if let Some(l) = lf.loop_for(db) {
            if !lf.contains(l, ib) {
                return false;
            }
        }
    }
    true
}

/// The values an expression reads (its `SCEVUnknown`s).
fn leaves(e: &Expr, out: &mut Vec<Operand>) {
    e.walk(&mut |x| match x {
        Expr::Value(v) => out.push(Operand::Value(*v)),
        Expr::Const(c) => out.push(Operand::Const(*c)),
        _ => {}
    });
}

/// LLVM's `canReuseInstruction(S, v)`: the instructions whose flags must
/// be dropped for `v` to stand for `e`, or `None` when `v` may be poison
/// where `e` is not.
fn can_reuse(m: &Module, f: &Function, e: &Expr, v: Value) -> Option<Vec<Inst>> {
    if program_undefined_if_poison(m, f, v) {
        return Some(Vec::new());
    }
    let mut known = Vec::new();
    leaves(e, &mut known);
    let mut work = vec![Operand::Value(v)];
    let mut seen: Vec<Operand> = Vec::new();
    let mut drop: Vec<Inst> = Vec::new();
    while let Some(x) = work.pop() {
        if seen.contains(&x) {
            continue;
        }
        seen.push(x);
        if seen.len() > 16 {
            return None;
        }
        if known.contains(&x) {
            continue;
        }
        let def = match x {
            Operand::Const(c) => {
                if matches!(
                    m.consts.data(c),
                    ConstData::Int { .. }
                        | ConstData::Float { .. }
                        | ConstData::Null(_)
                        | ConstData::Global { .. }
                ) {
                    continue;
                }
                return None;
            }
            Operand::Value(y) => match f.value_def(y) {
                ValueDef::Param(k) => {
                    let s = f.param_attrs.get(k as usize).copied();
                    if s.is_some_and(|s| m.attrs.has(s, "noundef")) {
                        continue;
                    }
                    return None;
                }
                ValueDef::Result(d) => d,
                ValueDef::Placeholder => return None,
            },
            _ => return None,
        };
        let d = f.inst(def);
        if d.opcode == Opcode::Freeze {
            continue;
        }
        if d.flags.contains(Flags::DISJOINT) {
            return None;
        }
        let creates = match d.opcode {
            Opcode::Call => !poison_free_intrinsic(m, d),
            Opcode::Add
            | Opcode::Sub
            | Opcode::Mul
            | Opcode::And
            | Opcode::Or
            | Opcode::Xor
            | Opcode::UDiv
            | Opcode::SDiv
            | Opcode::URem
            | Opcode::SRem
            | Opcode::ZExt
            | Opcode::SExt
            | Opcode::Trunc
            | Opcode::PtrToInt
            | Opcode::IntToPtr
            | Opcode::BitCast
            | Opcode::ICmp
            | Opcode::FCmp
            | Opcode::Select
            | Opcode::Phi
            | Opcode::FNeg
            | Opcode::ExtractValue
            | Opcode::InsertValue
            | Opcode::GetElementPtr => false,
            Opcode::Shl | Opcode::LShr | Opcode::AShr => {
                let w = m.types.int_width(d.ty).unwrap_or(0);
                d.operands()
                    .get(1)
                    .and_then(|&a| const_u64(m, a))
                    .is_none_or(|a| a >= u64::from(w))
            }
            _ => true,
        };
        if creates {
            return None;
        }
        if d.flags.0 & POISON_FLAGS.0 != 0 {
            drop.push(def);
        }
        for &o in d.operands() {
            if matches!(o, Operand::Value(_) | Operand::Const(_)) {
                work.push(o);
            }
        }
    }
    Some(drop)
}

/// Drops the poison-generating flags of `drop` (what `SCEVExpander::expand`
/// does to a reused value), putting `nneg` back on a `zext` whose operand
/// the condition of its block's single predecessor shows non-negative.
pub(super) fn apply(m: &Module, f: &mut Function, ctx: &ExpandCtx, drop: &[Inst]) {
    for &i in drop {
        let keep_nneg = f.inst(i).opcode == Opcode::ZExt && implied_non_negative(m, f, ctx, i);
        let mut im = f.inst_mut(i);
        let fl = im.flags();
        fl.0 &= !POISON_FLAGS.0;
        if keep_nneg {
            fl.insert(Flags::NNEG);
        }
    }
}

/// LLVM's `programUndefinedIfPoison(I)`: walking from `I` through its
/// block and then through single successors (32 instructions at most, up
/// to one that may not return), some instruction that requires a
/// non-poison operand gets `I` or a value that propagates its poison.
fn program_undefined_if_poison(m: &Module, f: &Function, v: Value) -> bool {
    let ValueDef::Result(i) = f.value_def(v) else {
        return false;
    };
    let Some(mut bb) = f.layout.inst_block(i) else {
        return false;
    };
    let mut poison: Vec<Value> = vec![v];
    let mut visited = vec![bb];
    let mut budget = 32u32;
    let mut cur = f.layout.next_inst(i);
    loop {
        while let Some(x) = cur {
            cur = f.layout.next_inst(x);
            let d = f.inst(x);
            if d.opcode.is_debug_record() {
                continue;
            }
            budget -= 1;
            if budget == 0 {
                return false;
            }
            let ops = d.operands();
            let is_poison =
                |o: Option<&Operand>| matches!(o, Some(Operand::Value(y)) if poison.contains(y));
            let ub = match d.opcode {
                Opcode::Store => is_poison(ops.get(1)),
                Opcode::Load => is_poison(ops.first()),
                Opcode::UDiv | Opcode::SDiv | Opcode::URem | Opcode::SRem => is_poison(ops.get(1)),
                Opcode::Br => ops.len() == 3 && is_poison(ops.first()),
                Opcode::Switch => is_poison(ops.first()),
                _ => false,
            };
            if ub {
                return true;
            }
            let transfers = match d.opcode {
                Opcode::Ret | Opcode::Unreachable | Opcode::Resume => false,
                Opcode::Store => !d.flags.contains(Flags::VOLATILE),
                op if op.is_call_like() => {
                    let has = |name: &str| {
                        d.call_info().is_some_and(|c| m.attrs.has(c.fn_attrs, name))
                            || m.called_function(d)
                                .is_some_and(|g| m.attrs.has(m.functions[g].fn_attrs, name))
                    };
                    has("nounwind") && has("willreturn")
                }
                _ => true,
            };
            if !transfers {
                return false;
            }
            let propagates = match d.opcode {
                op if op.is_binary() || op.is_cast() => ops.iter().any(|o| is_poison(Some(o))),
                Opcode::ICmp | Opcode::FCmp | Opcode::GetElementPtr => {
                    ops.iter().any(|o| is_poison(Some(o)))
                }
                Opcode::Select => {
                    is_poison(ops.first()) || (is_poison(ops.get(1)) && is_poison(ops.get(2)))
                }
                _ => false,
            };
            if propagates {
                if let Some(r) = f.inst_result(x) {
                    poison.push(r);
                }
            }
        }
        let succs = f.successors(bb);
        let [next] = succs.as_slice() else {
            return false;
        };
        if visited.contains(next) {
            return false;
        }
        visited.push(*next);
        bb = *next;
        cur = f
            .layout
            .block_insts(bb)
            .find(|&x| f.inst(x).opcode != Opcode::Phi);
    }
}

/// `isImpliedByDomCondition(sge, x, 0, I)` for the operand `x` of `I`:
/// the conditional branch of the single predecessor of `I`'s block shows
/// `x >=s 0` on the edge into it (an `icmp` of `x` with a constant).
fn implied_non_negative(m: &Module, f: &Function, ctx: &ExpandCtx, i: Inst) -> bool {
    let Some(&x) = f.inst(i).operands().first() else {
        return false;
    };
    let Some((_, cfg)) = ctx.loops else {
        return false;
    };
    let Some(b) = f.layout.inst_block(i) else {
        return false;
    };
    let [p] = cfg.preds(b) else { return false };
    let Some(t) = f.terminator(*p) else {
        return false;
    };
    let td = f.inst(t);
    let (Some(Operand::Value(c)), Some(Operand::Block(tb)), Some(Operand::Block(fb))) = (
        td.operands().first().copied(),
        td.operands().get(1).copied(),
        td.operands().get(2).copied(),
    ) else {
        return false;
    };
    if td.opcode != Opcode::Br || tb == fb {
        return false;
    }
    let on_true = tb == b;
    let ValueDef::Result(ci) = f.value_def(c) else {
        return false;
    };
    let cd = f.inst(ci);
    let (Some(pred), Some(&a), Some(&k)) =
        (cd.predicate(), cd.operands().first(), cd.operands().get(1))
    else {
        return false;
    };
    if cd.opcode != Opcode::ICmp || a != x {
        return false;
    }
    let Some(w) = m
        .types
        .int_width(f.operand_type(x, &m.consts))
        .filter(|&w| w <= 64)
    else {
        return false;
    };
    let Some(ku) = const_u64(m, k) else {
        return false;
    };
    let ks = if w == 64 {
        ku as i64
    } else {
        ((ku << (64 - w)) as i64) >> (64 - w)
    };
    let half = 1u64 << (w - 1);
    use loopwright_ir::Predicate as P;
    match (pred, on_true) {
        (P::Sgt, true) | (P::Sle, false) => ks >= -1,
        (P::Sge, true) | (P::Slt, false) | (P::Eq, true) | (P::Ne, false) => ks >= 0,
        (P::Ult, true) | (P::Uge, false) => ku <= half,
        (P::Ule, true) | (P::Ugt, false) => ku < half,
        _ => false,
    }
}
