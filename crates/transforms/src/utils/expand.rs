//! Materializing scalar-evolution expressions as instructions (a small
//! `SCEVExpander`).
//!
//! Scalar evolution borrows the function, so an expression is first
//! copied into an owned [`Expr`] tree ([`extract`]) while the analysis is
//! alive; the tree is then expanded ([`expand`]) in front of an insertion
//! point once the function may be edited. Only loop-invariant expressions
//! are expanded (no add-recurrences). Instructions are emitted as LLVM's
//! expander emits them: the operands of an n-ary add or mul from last to
//! first (so constants come last), `x * -1` as `sub 0, x`, min/max as the
//! `llvm.{u,s}{min,max}` intrinsics, adds and muls with the no-wrap flags
//! of their expression, and values that already compute a subexpression
//! ([`existing_values`]) reused.

use loopwright_analysis::scev::{
    CastKind, MinMaxKind, ScalarEvolution, Scev, ScevData, Ty, UnkRef,
};
use loopwright_ir::{
    Attr, CallInfo, Const, ConstData, Extra, Func, Function, GlobalRef, Inst, InstData, Module,
    Opcode, Operand, TailKind, Type, TypeTable, Value,
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

/// Inserts `data` (which has a result) before `before`.
fn emit(f: &mut Function, before: Inst, data: InstData) -> Operand {
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
pub fn existing_values(
    se: &mut ScalarEvolution,
    f: &Function,
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
/// and the loops (analyses of the blocks that existed before the current
/// edits) out of which loop-invariant arithmetic is hoisted, as LLVM's
/// expander hoists it to the outermost preheader it can.
#[derive(Default)]
pub struct ExpandCtx<'a> {
    pub existing: Existing,
    pub loops: Option<(
        &'a loopwright_analysis::LoopForest,
        &'a loopwright_analysis::ControlFlowGraph,
    )>,
}

/// Emits `e` in front of `before` and returns its value, reusing the
/// values in `ctx.existing` for whole subexpressions.
pub fn expand_with(
    m: &mut Module,
    f: &mut Function,
    e: &Expr,
    before: Inst,
    ctx: &ExpandCtx,
) -> Operand {
    if let Some(&v) = ctx.existing.get(e) {
        return Operand::Value(v);
    }
    expand_node(m, f, e, before, ctx)
}

/// Emits `e` in front of `before` and returns its value.
pub fn expand(m: &mut Module, f: &mut Function, e: &Expr, before: Inst) -> Operand {
    expand_with(m, f, e, before, &ExpandCtx::default())
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

fn expand_node(
    m: &mut Module,
    f: &mut Function,
    e: &Expr,
    before: Inst,
    ctx: &ExpandCtx,
) -> Operand {
    let expand = |m: &mut Module, f: &mut Function, e: &Expr, before: Inst| {
        expand_with(m, f, e, before, ctx)
    };
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
            let xv = expand(m, f, x, before);
            let to = int_type(m, *t, f, e);
            let op = match k {
                CastKind::Trunc => Opcode::Trunc,
                CastKind::ZExt => Opcode::ZExt,
                CastKind::SExt => Opcode::SExt,
                CastKind::PtrToInt => Opcode::PtrToInt,
            };
            emit(f, before, InstData::new(op, to, [xv]))
        }
        Expr::Add(ops, t, fl) | Expr::Mul(ops, t, fl) => {
            let is_add = matches!(e, Expr::Add(..));
            let mut flags = loopwright_ir::Flags::NONE;
            if fl & 2 != 0 {
                flags.insert(loopwright_ir::Flags::NUW);
            }
            if fl & 4 != 0 {
                flags.insert(loopwright_ir::Flags::NSW);
            }
            let ty = int_type(m, *t, f, e);
            // Constants last: expand from the last (most complex) operand.
            let mut acc: Option<Operand> = None;
            for o in ops.iter().rev() {
                if !is_add {
                    if let Expr::Int { bits, val } = o {
                        let all_ones = if *bits >= 128 {
                            u128::MAX
                        } else {
                            (1u128 << bits) - 1
                        };
                        if *val == all_ones {
                            if let Some(a) = acc {
                                let zero = m.consts.int(ty, *bits, 0);
                                acc = Some(emit(
                                    f,
                                    before,
                                    InstData::new(Opcode::Sub, ty, [Operand::Const(zero), a]),
                                ));
                                continue;
                            }
                        }
                    }
                }
                let v = expand(m, f, o, before);
                acc = Some(match acc {
                    None => v,
                    Some(a) => {
                        let op = if is_add { Opcode::Add } else { Opcode::Mul };
                        let at = hoisted(f, ctx, before, &[a, v]);
                        emit(f, at, InstData::new(op, ty, [a, v]).with_flags(flags))
                    }
                });
            }
            acc.unwrap_or_else(|| Operand::Const(m.consts.int(ty, 1, 0)))
        }
        Expr::UDiv(a, b) => {
            let av = expand(m, f, a, before);
            let bv = expand(m, f, b, before);
            let ty = expr_type(m, f, a);
            emit(f, before, InstData::new(Opcode::UDiv, ty, [av, bv]))
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
            let mut acc = expand(m, f, ops.last().expect("min/max has operands"), before);
            for o in ops[..ops.len() - 1].iter().rev() {
                let v = expand(m, f, o, before);
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
                acc = emit(f, before, data);
                if let Operand::Value(r) = acc {
                    f.set_value_name(r, Some(kind));
                }
            }
            acc
        }
    }
}
