//! Materializing scalar-evolution expressions as instructions (a small
//! `SCEVExpander`).
//!
//! Scalar evolution borrows the function, so an expression is first
//! copied into an owned [`Expr`] tree ([`extract`]) while the analysis is
//! alive; the tree is then expanded ([`expand`]) in front of an insertion
//! point once the function may be edited. Only loop-invariant expressions
//! are expanded (no add-recurrences). Instructions are emitted as LLVM's
//! expander emits them:
//! - each (sub)expression goes to the preheader of the outermost loop in
//!   which it is invariant (unless it divides by a non-constant), and an
//!   expression expanded before at the same place is reused, as is a
//!   value that already computes it and dominates the place
//!   ([`existing_values`]);
//! - the operands of an n-ary add or mul are taken from last to first,
//!   outer loops first, so constants come last; a product with a negative
//!   constant factor is subtracted (`sub x, y`), `x * -1` is `sub 0, x`,
//!   `x * 2^k` is `shl x, k`, `x /u 2^k` is `lshr x, k`;
//! - adds and muls carry the no-wrap flags of their expression; an equal
//!   operation among the six instructions before the insertion point is
//!   reused, and constant operands fold;
//! - `ptrtoint` goes right after the pointer's definition (the top of the
//!   entry block for a parameter), named after it; min/max become the
//!   `llvm.{u,s}{min,max}` intrinsics;
//! - binary operations get the debug location of the instruction they
//!   are inserted before, casts and calls the one of the original
//!   insertion point (`ExpandCtx::dbg`).

use super::{callee_name, direct_callee};
use loopwright_analysis::scev::{
    CastKind, MinMaxKind, ScalarEvolution, Scev, ScevData, Ty, UnkRef,
};
use loopwright_ir::{
    Attr, CallInfo, Const, ConstData, Extra, Func, Function, GlobalRef, Inst, InstData, MdNode,
    Module, Opcode, Operand, TailKind, Type, TypeTable, Value,
};

/// An owned, loop-invariant expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    Int {
        bits: u32,
        val: u128,
    },
    Value(Value),
    Const(Const),
    Cast(CastKind, Box<Expr>, Ty),
    /// With the SCEV node's no-wrap flags (`nuw` = 2, `nsw` = 4).
    Add(Vec<Expr>, Ty, u8),
    Mul(Vec<Expr>, Ty, u8),
    UDiv(Box<Expr>, Box<Expr>),
    MinMax(MinMaxKind, Vec<Expr>),
}

/// Copies `s`; `None` for expressions that vary in a loop or that cannot
/// be expanded here (sequential min, could-not-compute, pointer sums).
pub fn extract(se: &ScalarEvolution, s: Scev) -> Option<Expr> {
    extract_depth(se, s, 0)
}

fn extract_depth(se: &ScalarEvolution, s: Scev, depth: u32) -> Option<Expr> {
    if depth > 64 {
        return None;
    }
    let ty = se.ty(s);
    let sub = |x: &Scev| extract_depth(se, *x, depth + 1);
    Some(match se.data(s) {
        ScevData::Const(c) => Expr::Int {
            bits: c.bits(),
            val: c.u(),
        },
        ScevData::Unknown(UnkRef::Value(v)) => Expr::Value(*v),
        ScevData::Unknown(UnkRef::Const(c)) => Expr::Const(*c),
        ScevData::Cast(k, x, t) => Expr::Cast(*k, Box::new(sub(x)?), *t),
        ScevData::Add(ops) if !ty.is_ptr() => Expr::Add(
            ops.iter().map(sub).collect::<Option<_>>()?,
            ty,
            se.flags(s).0 & 6,
        ),
        ScevData::Mul(ops) => Expr::Mul(
            ops.iter().map(sub).collect::<Option<_>>()?,
            ty,
            se.flags(s).0 & 6,
        ),
        ScevData::UDiv(a, b) => Expr::UDiv(Box::new(sub(a)?), Box::new(sub(b)?)),
        ScevData::MinMax(k, ops) if *k != MinMaxKind::SeqUMin => {
            Expr::MinMax(*k, ops.iter().map(sub).collect::<Option<_>>()?)
        }
        _ => return None,
    })
}

/// A rough count of the instructions [`expand`] emits, and whether the
/// expansion is expensive (a division by a non-constant).
pub fn cost(e: &Expr) -> (u32, bool) {
    match e {
        Expr::Int { .. } | Expr::Value(_) | Expr::Const(_) => (0, false),
        Expr::Cast(_, x, _) => {
            let (c, h) = cost(x);
            (c + 1, h)
        }
        Expr::Add(ops, ..) | Expr::Mul(ops, ..) | Expr::MinMax(_, ops) => {
            let mut total = ops.len().saturating_sub(1) as u32;
            let mut high = false;
            for o in ops {
                let (c, h) = cost(o);
                total += c;
                high |= h;
            }
            (total, high)
        }
        Expr::UDiv(a, b) => {
            let (ca, ha) = cost(a);
            let (cb, hb) = cost(b);
            let by_const = matches!(**b, Expr::Int { .. });
            (ca + cb + 1, ha || hb || !by_const)
        }
    }
}

fn int_type(m: &mut Module, ty: Ty, f: &Function, e: &Expr) -> Type {
    let _ = (f, e);
    match ty {
        Ty::Int(w) => m.types.int(w),
        Ty::Ptr(a) => m.types.ptr(a),
    }
}

/// The type of an expression's value.
fn expr_type(m: &mut Module, f: &Function, e: &Expr) -> Type {
    match e {
        Expr::Int { bits, .. } => m.types.int(*bits),
        Expr::Value(v) => f.value_type(*v),
        Expr::Const(c) => m.consts.ty(*c),
        Expr::Cast(_, _, t) | Expr::Add(_, t, _) | Expr::Mul(_, t, _) => int_type(m, *t, f, e),
        Expr::UDiv(a, _) => expr_type(m, f, a),
        Expr::MinMax(_, ops) => ops.first().map_or(TypeTable::I64, |o| expr_type(m, f, o)),
    }
}

/// Inserts `data` (which has a result) before `before`, with the debug
/// location `dbg`.
fn emit(f: &mut Function, before: Inst, mut data: InstData, dbg: Option<MdNode>) -> Operand {
    if let Some(d) = dbg {
        data.md.set(loopwright_ir::MdKind::DBG, d);
    }
    let i = f.make_inst(data);
    f.layout.insert_inst_before(i, before);
    Operand::Value(f.make_result(i, None))
}

/// The declaration of intrinsic `name` of type `ret (params)`, added to the
/// module if missing, with the attributes LLVM gives the min/max
/// intrinsics.
fn intrinsic(m: &mut Module, name: &str, ret: Type, params: Vec<Type>) -> Func {
    if let Some(g) = m.function_by_name(name) {
        return g;
    }
    let fty = m.types.function(ret, params, false);
    let mut decl = Function::new(Some(name.to_owned()), fty, &m.types);
    decl.fn_attrs = m.attrs.intern(
        [
            "nocallback",
            "nofree",
            "nosync",
            "nounwind",
            "speculatable",
            "willreturn",
        ]
        .iter()
        .map(|a| Attr::Flag((*a).into()))
        .chain(std::iter::once(Attr::Raw("memory".into(), "none".into())))
        .collect(),
    );
    m.functions.push(decl)
}

/// Values that already compute an expression and may be reused
/// (LLVM's expander looks them up in scalar evolution's value map).
pub type Existing = rustc_hash::FxHashMap<Expr, Value>;

/// Collects, for the values defined in `blocks` (which must dominate the
/// insertion point) and the function's parameters, the expression each
/// computes.
///
/// The values in `first` are entered before the others: scalar evolution
/// hands out the value whose expression it computed first, and it
/// computes the operands of a loop's exit conditions first.
pub fn existing_values(
    se: &mut ScalarEvolution,
    f: &Function,
    first: &[Value],
    blocks: &[loopwright_ir::Block],
) -> Existing {
    let mut out = Existing::default();
    let mut budget = 4096usize;
    let consider = |se: &mut ScalarEvolution, v: Value, out: &mut Existing| {
        let s = se.scev_of(v);
        if matches!(se.data(s), ScevData::Unknown(_)) {
            return;
        }
        if let Some(e) = extract(se, s) {
            out.entry(e).or_insert(v);
        }
    };
    for &v in first {
        consider(se, v, &mut out);
    }
    for &p in &f.params {
        consider(se, p, &mut out);
    }
    for &b in blocks {
        for i in f.layout.block_insts(b) {
            if budget == 0 {
                return out;
            }
            budget -= 1;
            let d = f.inst(i);
            if d.opcode.is_debug_record() || d.opcode.is_terminator() {
                continue;
            }
            if let Some(v) = f.inst_result(i) {
                consider(se, v, &mut out);
            }
        }
    }
    out
}

/// What the expander may use besides the expression: values to reuse,
/// and the loops and dominators (analyses of the blocks that existed
/// before the current edits) out of which loop-invariant code is hoisted,
/// as LLVM's expander hoists it to the outermost preheader it can.
#[derive(Default)]
pub struct ExpandCtx<'a> {
    pub existing: Existing,
    pub loops: Option<(
        &'a loopwright_analysis::LoopForest,
        &'a loopwright_analysis::ControlFlowGraph,
    )>,
    /// Dominators, to reuse only values that dominate the insertion point.
    pub dt: Option<&'a loopwright_analysis::DominatorTree>,
    /// The debug location of the insertion point the expander was called
    /// with, which LLVM's `IRBuilder` gives the casts and calls it emits.
    pub dbg: Option<MdNode>,
    /// What was expanded where (LLVM's `InsertedExpressions`).
    pub inserted: std::cell::RefCell<rustc_hash::FxHashMap<(Expr, Inst), Operand>>,
}

/// Emits `e` in front of `before` (or in the preheader of the outermost
/// loop around `before` in which `e` is invariant) and returns its value,
/// reusing expansions done before and values in `ctx.existing` that
/// dominate the insertion point (LLVM's `SCEVExpander::expand`).
pub fn expand_with(
    m: &mut Module,
    f: &mut Function,
    e: &Expr,
    before: Inst,
    ctx: &ExpandCtx,
) -> Operand {
    let ip = expansion_point(f, ctx, e, before);
    let key = (e.clone(), ip);
    if let Some(&v) = ctx.inserted.borrow().get(&key) {
        return v;
    }
    let v = match reusable(f, ctx, e, ip).filter(|&v| prepare_reuse(m, f, ctx, e, v)) {
        Some(v) => Operand::Value(v),
        None => expand_node(m, f, e, ip, ctx),
    };
    ctx.inserted.borrow_mut().insert(key, v);
    v
}

/// Emits `e` in front of `before` and returns its value.
pub fn expand(m: &mut Module, f: &mut Function, e: &Expr, before: Inst) -> Operand {
    expand_with(m, f, e, before, &ExpandCtx::default())
}

/// Whether the values `e` reads are all defined outside loop `l`.
fn invariant_in(
    f: &Function,
    lf: &loopwright_analysis::LoopForest,
    e: &Expr,
    l: loopwright_analysis::Loop,
) -> bool {
    match e {
        Expr::Int { .. } | Expr::Const(_) => true,
        Expr::Value(v) => lf.is_invariant(f, l, Operand::Value(*v)),
        Expr::Cast(_, x, _) => invariant_in(f, lf, x, l),
        Expr::Add(ops, ..) | Expr::Mul(ops, ..) | Expr::MinMax(_, ops) => {
            ops.iter().all(|o| invariant_in(f, lf, o, l))
        }
        Expr::UDiv(a, b) => invariant_in(f, lf, a, l) && invariant_in(f, lf, b, l),
    }
}

/// LLVM's `SafeToHoist`: no division by anything but a non-zero
/// constant.
fn safe_to_hoist(e: &Expr) -> bool {
    match e {
        Expr::Int { .. } | Expr::Value(_) | Expr::Const(_) => true,
        Expr::Cast(_, x, _) => safe_to_hoist(x),
        Expr::Add(ops, ..) | Expr::Mul(ops, ..) | Expr::MinMax(_, ops) => {
            ops.iter().all(safe_to_hoist)
        }
        Expr::UDiv(a, b) => matches!(**b, Expr::Int { val, .. } if val != 0) && safe_to_hoist(a),
    }
}

/// Where `SCEVExpander::expand` puts `e`: the terminator of the preheader
/// of the outermost loop around `before` in which `e` is invariant, else
/// `before`.
fn expansion_point(f: &Function, ctx: &ExpandCtx, e: &Expr, before: Inst) -> Inst {
    let Some((lf, cfg)) = ctx.loops else {
        return before;
    };
    if !safe_to_hoist(e) {
        return before;
    }
    let mut ip = before;
    let mut l = f.layout.inst_block(before).and_then(|b| lf.loop_for(b));
    let mut guard = 0;
    while let Some(lp) = l {
        guard += 1;
        if guard > 64 || !invariant_in(f, lf, e, lp) {
            break;
        }
        let Some(t) = lf.preheader(f, cfg, lp).and_then(|ph| f.terminator(ph)) else {
            break;
        };
        ip = t;
        l = lf.parent(lp);
    }
    ip
}

/// A value that already computes `e` and may be used at `ip` (LLVM's
/// `FindValueInExprValueMap`): an instruction that dominates `ip`, in no
/// loop or in a loop containing `ip`. Constants and unknowns are never
/// looked up.
fn reusable(f: &Function, ctx: &ExpandCtx, e: &Expr, ip: Inst) -> Option<Value> {
    if matches!(e, Expr::Int { .. } | Expr::Value(_) | Expr::Const(_)) {
        return None;
    }
    let v = *ctx.existing.get(e)?;
    let loopwright_ir::ValueDef::Result(d) = f.value_def(v) else {
        return None;
    };
    let (Some(db), Some(ib)) = (f.layout.inst_block(d), f.layout.inst_block(ip)) else {
        return None;
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
            return None;
        }
    }
    if let Some((lf, _)) = ctx.loops {
        if let Some(l) = lf.loop_for(db) {
            if !lf.contains(l, ib) {
                return None;
            }
        }
    }
    Some(v)
}

/// The values an expression reads (its `SCEVUnknown`s).
fn leaves(e: &Expr, out: &mut Vec<Operand>) {
    match e {
        Expr::Int { .. } => {}
        Expr::Value(v) => out.push(Operand::Value(*v)),
        Expr::Const(c) => out.push(Operand::Const(*c)),
        Expr::Cast(_, x, _) => leaves(x, out),
        Expr::Add(ops, ..) | Expr::Mul(ops, ..) | Expr::MinMax(_, ops) => {
            ops.iter().for_each(|o| leaves(o, out))
        }
        Expr::UDiv(a, b) => {
            leaves(a, out);
            leaves(b, out);
        }
    }
}

/// The poison-generating flags `canReuseInstruction` drops.
const POISON_FLAGS: loopwright_ir::Flags = loopwright_ir::Flags(
    loopwright_ir::Flags::NUW.0
        | loopwright_ir::Flags::NSW.0
        | loopwright_ir::Flags::EXACT.0
        | loopwright_ir::Flags::NNEG.0
        | loopwright_ir::Flags::INBOUNDS.0
        | loopwright_ir::Flags::NUSW.0
        | loopwright_ir::Flags::NNAN.0
        | loopwright_ir::Flags::NINF.0,
);

/// LLVM's `ScalarEvolution::canReuseInstruction` for reusing `v` as the
/// value of `e`, and what `SCEVExpander::expand` then does: `v` may be
/// poison only where `e` is (its instructions, up to 16, cannot create
/// poison but through their flags, and end in `e`'s own values or in
/// values that cannot be poison); the flags of those instructions are
/// dropped, and `nneg` is put back on a `zext` whose operand the
/// condition of its block's single predecessor shows non-negative.
/// Returns false, changing nothing, when `v` may not be reused.
fn prepare_reuse(m: &Module, f: &mut Function, ctx: &ExpandCtx, e: &Expr, v: Value) -> bool {
    if program_undefined_if_poison(m, f, v) {
        return true;
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
            return false;
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
                return false;
            }
            Operand::Value(y) => match f.value_def(y) {
                loopwright_ir::ValueDef::Param(k) => {
                    let s = f.param_attrs.get(k as usize).copied();
                    if s.is_some_and(|s| m.attrs.has(s, "noundef")) {
                        continue;
                    }
                    return false;
                }
                loopwright_ir::ValueDef::Result(d) => d,
                loopwright_ir::ValueDef::Placeholder => return false,
            },
            _ => return false,
        };
        let d = f.inst(def);
        if d.opcode == Opcode::Freeze {
            continue;
        }
        if d.flags.contains(loopwright_ir::Flags::DISJOINT) {
            return false;
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
            | Opcode::Select
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
            return false;
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
    for i in drop {
        let keep_nneg = f.inst(i).opcode == Opcode::ZExt && implied_non_negative(m, f, ctx, i);
        let mut im = f.inst_mut(i);
        let fl = im.flags();
        fl.0 &= !POISON_FLAGS.0;
        if keep_nneg {
            fl.insert(loopwright_ir::Flags::NNEG);
        }
    }
    true
}

/// Intrinsics that never create poison (`canCreatePoison` is false).
fn poison_free_intrinsic(m: &Module, d: &InstData) -> bool {
    callee_name(m, d).is_some_and(|n| {
        [
            "llvm.smax.",
            "llvm.smin.",
            "llvm.umax.",
            "llvm.umin.",
            "llvm.ctpop.",
            "llvm.bswap.",
            "llvm.bitreverse.",
            "llvm.fshl.",
            "llvm.fshr.",
        ]
        .iter()
        .any(|p| n.starts_with(p))
    })
}

/// LLVM's `programUndefinedIfPoison(I)`: walking from `I` through its
/// block and then through single successors (32 instructions at most, up
/// to one that may not return), some instruction that requires a
/// non-poison operand gets `I` or a value that propagates its poison.
fn program_undefined_if_poison(m: &Module, f: &Function, v: Value) -> bool {
    let loopwright_ir::ValueDef::Result(i) = f.value_def(v) else {
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
                Opcode::Store => !d.flags.contains(loopwright_ir::Flags::VOLATILE),
                op if op.is_call_like() => {
                    let has = |name: &str| {
                        d.call_info().is_some_and(|c| m.attrs.has(c.fn_attrs, name))
                            || direct_callee(m, d)
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
    let loopwright_ir::ValueDef::Result(ci) = f.value_def(c) else {
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

/// Where a binary operation on `ops` is placed: `before`, or the
/// terminator of the preheader of each enclosing loop in which the
/// operands are invariant.
fn hoisted(f: &Function, ctx: &ExpandCtx, before: Inst, ops: &[Operand]) -> Inst {
    let Some((lf, cfg)) = ctx.loops else {
        return before;
    };
    let mut at = before;
    let mut guard = 0;
    while let Some(b) = f.layout.inst_block(at) {
        guard += 1;
        let Some(l) = lf.loop_for(b).filter(|_| guard < 64) else {
            break;
        };
        let invariant = ops.iter().all(|o| match o {
            Operand::Value(v) => match f.value_def(*v) {
                loopwright_ir::ValueDef::Result(d) => {
                    f.layout.inst_block(d).is_none_or(|db| !lf.contains(l, db))
                }
                _ => true,
            },
            _ => true,
        });
        if !invariant {
            break;
        }
        let Some(ph) = lf.preheader(f, cfg, l) else {
            break;
        };
        let Some(t) = f.terminator(ph) else { break };
        at = t;
    }
    at
}

/// The value of an integer constant operand of at most 64 bits.
fn const_u64(m: &Module, op: Operand) -> Option<u64> {
    let Operand::Const(c) = op else { return None };
    match m.consts.data(c) {
        ConstData::Int { val, .. } if val.bits() <= 64 => val.as_u64(),
        _ => None,
    }
}

/// LLVM's `SCEVExpander::InsertBinop`: folds constants, reuses an equal
/// operation among the six instructions before `ip`, else inserts the
/// operation (hoisted out of loops when `hoist`) with `ip`'s debug
/// location.
#[allow(clippy::too_many_arguments)]
fn insert_binop(
    m: &mut Module,
    f: &mut Function,
    op: Opcode,
    ty: Type,
    lhs: Operand,
    rhs: Operand,
    flags: loopwright_ir::Flags,
    ip: Inst,
    hoist: bool,
    ctx: &ExpandCtx,
) -> Operand {
    use loopwright_ir::Flags;
    if let (Some(a), Some(b), Some(w)) =
        (const_u64(m, lhs), const_u64(m, rhs), m.types.int_width(ty))
    {
        if w <= 64 {
            let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
            let r = match op {
                Opcode::Add => Some(a.wrapping_add(b)),
                Opcode::Sub => Some(a.wrapping_sub(b)),
                Opcode::Mul => Some(a.wrapping_mul(b)),
                Opcode::Shl if b < u64::from(w) => Some(a << b),
                Opcode::LShr if b < u64::from(w) => Some(a >> b),
                Opcode::UDiv if b != 0 => Some(a / b),
                _ => None,
            };
            if let Some(r) = r {
                return Operand::Const(m.consts.int(ty, w, (r & mask) as i64));
            }
        }
    }
    // A nearby equal operation.
    let mut scan = 6u32;
    let mut cur = f.layout.prev_inst(ip);
    while let Some(i) = cur {
        cur = f.layout.prev_inst(i);
        let d = f.inst(i);
        if d.opcode.is_debug_record() {
            continue;
        }
        let overflowing = matches!(
            d.opcode,
            Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl
        );
        let incompatible = (overflowing
            && (d.flags.contains(Flags::NSW) != flags.contains(Flags::NSW)
                || d.flags.contains(Flags::NUW) != flags.contains(Flags::NUW)))
            || d.flags.contains(Flags::EXACT);
        if d.opcode == op && d.operands() == [lhs, rhs] && !incompatible {
            if let Some(r) = f.inst_result(i) {
                return Operand::Value(r);
            }
        }
        scan -= 1;
        if scan == 0 {
            break;
        }
    }
    let dbg = f.inst(ip).md.get(loopwright_ir::MdKind::DBG);
    let at = if hoist {
        hoisted(f, ctx, ip, &[lhs, rhs])
    } else {
        ip
    };
    emit(
        f,
        at,
        InstData::new(op, ty, [lhs, rhs]).with_flags(flags),
        dbg,
    )
}

/// `isNonConstantNegative`: a product whose constant factor is negative.
fn non_constant_negative(e: &Expr) -> bool {
    match e {
        Expr::Mul(ops, ..) => match ops.first() {
            Some(Expr::Int { bits, val }) => {
                *bits > 0 && *bits <= 128 && (val >> (bits - 1)) & 1 == 1
            }
            _ => false,
        },
        _ => false,
    }
}

/// `-e` for a product with a negative constant factor.
fn negate_product(e: &Expr) -> Expr {
    let Expr::Mul(ops, t, _) = e else {
        return e.clone();
    };
    let mut ops = ops.clone();
    if let Some(Expr::Int { bits, val }) = ops.first_mut() {
        let mask = if *bits >= 128 {
            u128::MAX
        } else {
            (1u128 << *bits) - 1
        };
        *val = val.wrapping_neg() & mask;
        if *val == 1 {
            ops.remove(0);
        }
    }
    if ops.len() == 1 {
        ops.pop().unwrap_or(Expr::Int { bits: 1, val: 0 })
    } else {
        Expr::Mul(ops, *t, 0)
    }
}

/// The loop depth of the innermost loop an expression's values are
/// defined in (LLVM's `getRelevantLoop`, by depth).
fn relevant_depth(f: &Function, ctx: &ExpandCtx, e: &Expr) -> u32 {
    match e {
        Expr::Int { .. } | Expr::Const(_) => 0,
        Expr::Value(v) => {
            let Some((lf, _)) = ctx.loops else { return 0 };
            match f.value_def(*v) {
                loopwright_ir::ValueDef::Result(d) => f
                    .layout
                    .inst_block(d)
                    .and_then(|b| lf.loop_for(b))
                    .map_or(0, |l| {
                        let mut depth = 1;
                        let mut cur = lf.parent(l);
                        while let Some(p) = cur {
                            depth += 1;
                            cur = lf.parent(p);
                        }
                        depth
                    }),
                _ => 0,
            }
        }
        Expr::Cast(_, x, _) => relevant_depth(f, ctx, x),
        Expr::Add(ops, ..) | Expr::Mul(ops, ..) | Expr::MinMax(_, ops) => ops
            .iter()
            .map(|o| relevant_depth(f, ctx, o))
            .max()
            .unwrap_or(0),
        Expr::UDiv(a, b) => relevant_depth(f, ctx, a).max(relevant_depth(f, ctx, b)),
    }
}

/// The operands of an n-ary expression in LLVM's expansion order: last
/// to first, then (stably) outer loops first and, for sums, products
/// with a negative factor last.
fn expansion_order<'e>(f: &Function, ctx: &ExpandCtx, ops: &'e [Expr]) -> Vec<&'e Expr> {
    let mut v: Vec<&Expr> = ops.iter().rev().collect();
    v.sort_by_key(|o| (relevant_depth(f, ctx, o), non_constant_negative(o)));
    v
}

fn wrap_flags(fl: u8) -> loopwright_ir::Flags {
    let mut flags = loopwright_ir::Flags::NONE;
    if fl & 2 != 0 {
        flags.insert(loopwright_ir::Flags::NUW);
    }
    if fl & 4 != 0 {
        flags.insert(loopwright_ir::Flags::NSW);
    }
    flags
}

/// LLVM's `ReuseOrCreateCast` at `GetOptimalInsertionPointForCastOf(v)`:
/// a `ptrtoint` right after the definition of `v` (at the top of the
/// entry block for a parameter), named after `v`, unless one is there.
fn ptr_to_int(m: &mut Module, f: &mut Function, v: Operand, to: Type, ip: Inst) -> Operand {
    let _ = &m;
    // The insertion point.
    let at: Option<Inst> = match v {
        Operand::Value(x) => match f.value_def(x) {
            loopwright_ir::ValueDef::Result(d) => {
                let mut cur = f.layout.next_inst(d);
                while let Some(i) = cur {
                    let op = f.inst(i).opcode;
                    if op != Opcode::Phi && !op.is_debug_record() {
                        break;
                    }
                    cur = f.layout.next_inst(i);
                }
                cur
            }
            _ => f.layout.entry_block().and_then(|b| f.layout.first_inst(b)),
        },
        _ => f.layout.entry_block().and_then(|b| f.layout.first_inst(b)),
    };
    let at = at.unwrap_or(ip);
    // An existing cast at or before that point, in its block.
    if let Operand::Value(x) = v {
        let at_block = f.layout.inst_block(at);
        for &u in f.uses(x) {
            let d = f.inst(u);
            if d.opcode != Opcode::PtrToInt || d.ty != to || u == ip {
                continue;
            }
            if f.layout.inst_block(u) != at_block {
                continue;
            }
            let mut cur = Some(u);
            while let Some(i) = cur {
                if i == at {
                    break;
                }
                cur = f.layout.next_inst(i);
            }
            if cur.is_some() {
                if let Some(r) = f.inst_result(u) {
                    return Operand::Value(r);
                }
            }
        }
    }
    let name = match v {
        Operand::Value(x) => f.value_name(x).map(str::to_owned),
        _ => None,
    };
    let dbg = f.inst(at).md.get(loopwright_ir::MdKind::DBG);
    let i = f.make_inst({
        let mut d = InstData::new(Opcode::PtrToInt, to, [v]);
        if let Some(dbg) = dbg {
            d.md.set(loopwright_ir::MdKind::DBG, dbg);
        }
        d
    });
    f.layout.insert_inst_before(i, at);
    Operand::Value(f.make_result(i, name.as_deref().filter(|n| !n.is_empty())))
}

fn expand_node(m: &mut Module, f: &mut Function, e: &Expr, ip: Inst, ctx: &ExpandCtx) -> Operand {
    match e {
        Expr::Int { bits, val } => {
            let t = m.types.int(*bits);
            let v = if *bits >= 64 {
                *val as u64 as i64
            } else {
                *val as i64
            };
            Operand::Const(m.consts.int(t, *bits, v))
        }
        Expr::Value(v) => Operand::Value(*v),
        Expr::Const(c) => Operand::Const(*c),
        Expr::Cast(k, x, t) => {
            let xv = expand_with(m, f, x, ip, ctx);
            let to = int_type(m, *t, f, e);
            let op = match k {
                CastKind::Trunc => Opcode::Trunc,
                CastKind::ZExt => Opcode::ZExt,
                CastKind::SExt => Opcode::SExt,
                CastKind::PtrToInt => return ptr_to_int(m, f, xv, to, ip),
            };
            emit(f, ip, InstData::new(op, to, [xv]), ctx.dbg)
        }
        Expr::Add(ops, t, fl) => {
            let ty = int_type(m, *t, f, e);
            let mut sum: Option<Operand> = None;
            for o in expansion_order(f, ctx, ops) {
                let Some(acc) = sum else {
                    sum = Some(expand_with(m, f, o, ip, ctx));
                    continue;
                };
                if non_constant_negative(o) {
                    let w = expand_with(m, f, &negate_product(o), ip, ctx);
                    let flags = loopwright_ir::Flags::NONE;
                    sum = Some(insert_binop(
                        m,
                        f,
                        Opcode::Sub,
                        ty,
                        acc,
                        w,
                        flags,
                        ip,
                        true,
                        ctx,
                    ));
                } else {
                    let w = expand_with(m, f, o, ip, ctx);
                    let (a, b) = if matches!(acc, Operand::Const(_)) {
                        (w, acc)
                    } else {
                        (acc, w)
                    };
                    let flags = wrap_flags(*fl);
                    sum = Some(insert_binop(
                        m,
                        f,
                        Opcode::Add,
                        ty,
                        a,
                        b,
                        flags,
                        ip,
                        true,
                        ctx,
                    ));
                }
            }
            sum.unwrap_or_else(|| Operand::Const(m.consts.int(ty, 1, 0)))
        }
        Expr::Mul(ops, t, fl) => {
            let ty = int_type(m, *t, f, e);
            let w = m.types.int_width(ty).unwrap_or(64);
            let mut prod: Option<Operand> = None;
            for o in expansion_order(f, ctx, ops) {
                let Some(acc) = prod else {
                    prod = Some(expand_with(m, f, o, ip, ctx));
                    continue;
                };
                let all_ones = matches!(o, Expr::Int { bits, val }
                    if *val == if *bits >= 128 { u128::MAX } else { (1u128 << bits) - 1 });
                if all_ones {
                    let zero = Operand::Const(m.consts.int(ty, w, 0));
                    let flags = loopwright_ir::Flags::NONE;
                    prod = Some(insert_binop(
                        m,
                        f,
                        Opcode::Sub,
                        ty,
                        zero,
                        acc,
                        flags,
                        ip,
                        true,
                        ctx,
                    ));
                    continue;
                }
                let v = expand_with(m, f, o, ip, ctx);
                let (a, b) = if matches!(acc, Operand::Const(_)) {
                    (v, acc)
                } else {
                    (acc, v)
                };
                let mut flags = wrap_flags(*fl);
                let pow2 = const_u64(m, b).filter(|c| c.is_power_of_two());
                prod = Some(match pow2 {
                    Some(c) => {
                        let log = c.trailing_zeros();
                        if log + 1 == w {
                            flags.remove(loopwright_ir::Flags::NSW);
                        }
                        let sh = Operand::Const(m.consts.int(ty, w, i64::from(log)));
                        insert_binop(m, f, Opcode::Shl, ty, a, sh, flags, ip, true, ctx)
                    }
                    None => insert_binop(m, f, Opcode::Mul, ty, a, b, flags, ip, true, ctx),
                });
            }
            prod.unwrap_or_else(|| Operand::Const(m.consts.int(ty, 1, 1)))
        }
        Expr::UDiv(a, b) => {
            let av = expand_with(m, f, a, ip, ctx);
            let ty = expr_type(m, f, a);
            let w = m.types.int_width(ty).unwrap_or(64);
            let none = loopwright_ir::Flags::NONE;
            if let Expr::Int { val, .. } = **b {
                if val.is_power_of_two() {
                    let sh = Operand::Const(m.consts.int(ty, w, i64::from(val.trailing_zeros())));
                    return insert_binop(m, f, Opcode::LShr, ty, av, sh, none, ip, true, ctx);
                }
            }
            let bv = expand_with(m, f, b, ip, ctx);
            let nonzero = matches!(**b, Expr::Int { val, .. } if val != 0);
            insert_binop(m, f, Opcode::UDiv, ty, av, bv, none, ip, nonzero, ctx)
        }
        Expr::MinMax(k, ops) => {
            let ty = expr_type(m, f, e);
            let w = m.types.int_width(ty).unwrap_or(64);
            let kind = match k {
                MinMaxKind::UMax => "umax",
                MinMaxKind::SMax => "smax",
                MinMaxKind::UMin | MinMaxKind::SeqUMin => "umin",
                MinMaxKind::SMin => "smin",
            };
            let callee = intrinsic(m, &format!("llvm.{kind}.i{w}"), ty, vec![ty, ty]);
            let callee_c = m.consts.intern(ConstData::Global {
                ty: TypeTable::PTR,
                global: GlobalRef::Func(callee),
            });
            let fn_ty = m.functions[callee].ty;
            let Some(last) = ops.last() else {
                return Operand::Const(m.consts.int(ty, w, 0));
            };
            let mut acc = expand_with(m, f, last, ip, ctx);
            for o in ops[..ops.len() - 1].iter().rev() {
                let v = expand_with(m, f, o, ip, ctx);
                let info = CallInfo {
                    fn_ty,
                    cconv: 0,
                    tail: TailKind::None,
                    fn_attrs: loopwright_ir::AttrSet::EMPTY,
                    ret_attrs: loopwright_ir::AttrSet::EMPTY,
                    param_attrs: Vec::new(),
                    num_args: 2,
                    bundles: Vec::new(),
                    explicit_fn_ty: false,
                };
                let data = InstData::new(Opcode::Call, ty, [Operand::Const(callee_c), acc, v])
                    .with_extra(Extra::Call(Box::new(info)));
                acc = emit(f, ip, data, ctx.dbg);
                if let Operand::Value(r) = acc {
                    f.set_value_name(r, Some(kind));
                }
            }
            acc
        }
    }
}
