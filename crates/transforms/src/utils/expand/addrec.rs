//! Add recurrences in canonical mode (LLVM's `visitAddRecExpr`), and the
//! LCSSA phis a value of a loop needs when it is used after the loop
//! (`fixupLCSSAFormFor`).
//!
//! `{s,+,t}<L>` with `s != 0` is `s + {0,+,t}<L>`; `{0,+,1}<L>` is the
//! canonical induction variable of `L` (a header phi that starts at 0 and
//! is incremented by `add %iv, 1`), created when `L` has none:
//!
//! ```text
//! header:  %indvar = phi [ 0, %outside ], [ %indvar.next, %latch ]
//! latch:   %indvar.next = add i64 %indvar, 1      ; before the terminator
//! ```
//!
//! and `{0,+,t}<L>` is `t * %indvar`. Expanded inside `L` this is the
//! value of the current iteration (the expansion goes to the top of the
//! header); expanded after `L` it is the value of the last iteration,
//! reached through `%indvar.lcssa` in the exit block. Only affine
//! recurrences are expanded; a loop whose canonical induction variable is
//! wider than the recurrence is refused by [`can_expand`] (LLVM would
//! rewrite the recurrence in the wider type and truncate).

use super::{emit, expand_with, int_const, ir_type, loop_of_header, ExpandCtx, Expr};
use loopwright_analysis::scev::{compare_value_complexity, Ty, UnkRef};
use loopwright_analysis::Loop;
use loopwright_ir::{
    builder::make, Block, Builder, Flags, Function, InsertPoint, Inst, MdKind, Module, Opcode,
    Operand, Value, ValueDef,
};
use std::cmp::Ordering;

/// `Loop::getCanonicalInductionVariable`: with exactly one predecessor of
/// the header outside the loop and one inside, a header phi that is the
/// integer 0 from outside and `add %phi, 1` from inside.
fn canonical_iv(m: &Module, f: &Function, ctx: &ExpandCtx, l: Loop) -> Option<Value> {
    let (lf, _) = ctx.loops?;
    let header = lf.header(l);
    let preds = live_preds(f, header);
    let [a, b] = preds.as_slice() else {
        return None;
    };
    let (outside, inside) = match (lf.contains(l, *a), lf.contains(l, *b)) {
        (false, true) => (*a, *b),
        (true, false) => (*b, *a),
        _ => return None,
    };
    for i in f.layout.block_insts(header) {
        let d = f.inst(i);
        if d.opcode != Opcode::Phi {
            if d.opcode.is_debug_record() {
                continue;
            }
            break;
        }
        let phi = f.inst_result(i)?;
        let incoming = |from: Block| {
            d.operands().chunks(2).find_map(|c| match c {
                [v, Operand::Block(x)] if *x == from => Some(*v),
                _ => None,
            })
        };
        let zero = matches!(incoming(outside), Some(Operand::Const(c))
            if m.consts.as_i64(c) == Some(0) && m.types.int_width(m.consts.ty(c)).is_some());
        if !zero {
            continue;
        }
        let Some(Operand::Value(inc)) = incoming(inside) else {
            continue;
        };
        let ValueDef::Result(ii) = f.value_def(inc) else {
            continue;
        };
        let id = f.inst(ii);
        if id.opcode == Opcode::Add
            && id.operands().first() == Some(&Operand::Value(phi))
            && matches!(id.operands().get(1), Some(Operand::Const(c)) if m.consts.as_i64(*c) == Some(1))
        {
            return Some(phi);
        }
    }
    None
}

/// The predecessors of `b` in the current function, in the order of the
/// (pre-edit) CFG when that still holds, else `None`.
fn live_preds(f: &Function, b: Block) -> Vec<Block> {
    let mut out = Vec::new();
    for x in f.layout.blocks() {
        for s in f.successors(x) {
            if s == b {
                out.push(x);
            }
        }
    }
    out
}

/// The header's predecessors as LLVM lists them (the pre-edit CFG), when
/// the function still has exactly these edges.
fn header_preds(f: &Function, ctx: &ExpandCtx, header: Block) -> Option<Vec<Block>> {
    let (_, cfg) = ctx.loops?;
    let known: Vec<Block> = cfg.preds(header).to_vec();
    let mut live = live_preds(f, header);
    let mut sorted = known.clone();
    sorted.sort_unstable();
    live.sort_unstable();
    (sorted == live).then_some(known)
}

fn width(m: &Module, f: &Function, v: Value) -> u32 {
    m.types.int_width(f.value_type(v)).unwrap_or(0)
}

/// Whether `{start,+,step}` of the loop with header `header` can be
/// expanded at `ip` as LLVM would.
pub(super) fn can_expand(
    m: &Module,
    f: &Function,
    ctx: &ExpandCtx,
    header: Block,
    ty: Ty,
    ip: Inst,
) -> bool {
    let Ty::Int(w) = ty else { return false };
    let Some(l) = loop_of_header(ctx, header) else {
        return false;
    };
    match canonical_iv(m, f, ctx, l) {
        Some(iv) if width(m, f, iv) > w => return false,
        Some(iv) if width(m, f, iv) == w => {}
        _ => {
            if header_preds(f, ctx, header).is_none() {
                return false;
            }
        }
    }
    lcssa_possible_from(f, ctx, header, ip)
}

/// Creates the canonical induction variable `indvar` of `l` (type `ty`).
fn create_iv(m: &mut Module, f: &mut Function, ctx: &ExpandCtx, l: Loop, ty: Ty) -> Operand {
    let Some((lf, cfg)) = ctx.loops else {
        unreachable!("checked: add recurrences are expanded with loops")
    };
    let header = lf.header(l);
    let preds = header_preds(f, ctx, header).unwrap_or_else(|| cfg.preds(header).to_vec());
    let t = ir_type(m, ty);
    let w = m.types.int_width(t).unwrap_or(64);
    // A phi with no debug location, at the top of the header.
    let mut b = Builder::new(f, InsertPoint::Start(header));
    b.set_dbg(None);
    let iv = b.phi(t, "indvar");
    let phi = b.last_inst().expect("just built");
    ctx.created.borrow_mut().insert(phi);
    let zero = int_const(m, t, w, 0);
    let one = int_const(m, t, w, 1);
    let mut seen: Vec<(Block, Operand)> = Vec::new();
    for p in preds {
        let incoming = if let Some(&(_, v)) = seen.iter().find(|(b, _)| *b == p) {
            v
        } else if lf.contains(l, p) {
            let term = f.terminator(p).expect("a predecessor ends in a terminator");
            let dbg = f.inst(term).md.get(MdKind::DBG);
            let data = make::binop(m, f, Opcode::Add, Operand::Value(iv), one, Flags::NONE);
            emit(m, f, ctx, term, data, dbg, Some("indvar.next"))
        } else {
            zero
        };
        seen.push((p, incoming));
        crate::utils::phi_add_incoming(f, phi, incoming, p);
    }
    Operand::Value(iv)
}

/// The operand as scalar evolution's opaque value.
fn unk(op: Operand) -> Option<UnkRef> {
    match op {
        Operand::Value(v) => Some(UnkRef::Value(v)),
        Operand::Const(c) => Some(UnkRef::Const(c)),
        _ => None,
    }
}

fn leaf(op: Operand) -> Expr {
    match op {
        Operand::Value(v) => Expr::Value(v),
        Operand::Const(c) => Expr::Const(c),
        _ => Expr::int(1, 0),
    }
}

/// Two opaque values in scalar evolution's operand order.
fn ordered(m: &Module, f: &Function, ctx: &ExpandCtx, a: Operand, b: Operand) -> Vec<Expr> {
    let swap = match (ctx.loops, unk(a), unk(b)) {
        (Some((lf, _)), Some(x), Some(y)) => {
            compare_value_complexity(m, f, lf, x, y) == Ordering::Greater
        }
        _ => false,
    };
    if swap {
        vec![leaf(b), leaf(a)]
    } else {
        vec![leaf(a), leaf(b)]
    }
}

/// Expands the affine recurrence `{start,+,step}` of the loop with header
/// `header` at `ip` (`visitAddRecExpr` in canonical mode).
#[allow(clippy::too_many_arguments)]
pub(super) fn expand(
    m: &mut Module,
    f: &mut Function,
    ctx: &ExpandCtx,
    start: &Expr,
    step: &Expr,
    header: Block,
    ty: Ty,
    ip: Inst,
) -> Operand {
    let Some(l) = loop_of_header(ctx, header) else {
        unreachable!("checked by can_expand: the recurrence's loop is known")
    };
    if !start.is_zero() {
        // {s,+,t} = s + {0,+,t}: both expanded first, then added as two
        // opaque values.
        let lhs = expand_with(m, f, start, ip, ctx);
        let rest = Expr::AddRec(
            Box::new(Expr::int(bits_of(ty), 0)),
            Box::new(step.clone()),
            header,
            ty,
        );
        let rhs = expand_with(m, f, &rest, ip, ctx);
        let ops = ordered(m, f, ctx, lhs, rhs);
        return expand_with(m, f, &Expr::Add(ops, ty, 0), ip, ctx);
    }
    let w = bits_of(ty);
    let iv = match canonical_iv(m, f, ctx, l) {
        Some(iv) if width(m, f, iv) == w => Operand::Value(iv),
        _ => create_iv(m, f, ctx, l, ty),
    };
    if step.is_int(1) {
        return iv;
    }
    // `step * iv`, the operands in scalar evolution's order: a constant
    // first, an opaque step by value order, any other step first.
    let ops = match step {
        Expr::Value(_) | Expr::Const(_) => {
            let sv = match step {
                Expr::Value(v) => Operand::Value(*v),
                Expr::Const(c) => Operand::Const(*c),
                _ => unreachable!(),
            };
            ordered(m, f, ctx, sv, iv)
        }
        _ => vec![step.clone(), leaf(iv)],
    };
    expand_with(m, f, &Expr::Mul(ops, ty, 0), ip, ctx)
}

fn bits_of(ty: Ty) -> u32 {
    match ty {
        Ty::Int(w) => w,
        Ty::Ptr(_) => 64,
    }
}

/// Where a value defined in block `def` and used at `ip` needs an LCSSA
/// phi: `None` when it does not (no loop, or `ip` inside the value's
/// loop), else the loop and the exit block that gets the phi (the one
/// exit the value dominates that also dominates `ip`, entered only from
/// the loop, itself in no loop or one containing `ip`). `Err` when no
/// exit qualifies.
fn lcssa_exit(
    f: &Function,
    ctx: &ExpandCtx,
    def: Block,
    ip: Inst,
) -> Result<Option<(Loop, Block)>, ()> {
    let Some((lf, cfg)) = ctx.loops else {
        return Ok(None);
    };
    let Some(dl) = lf.loop_for(def) else {
        return Ok(None);
    };
    let Some(ib) = f.layout.inst_block(ip) else {
        return Err(());
    };
    if lf.contains(dl, ib) {
        return Ok(None);
    }
    let dt = ctx.dt.ok_or(())?;
    if !dt.is_reachable(ib) || !dt.is_reachable(def) {
        return Err(());
    }
    for e in lf.exit_blocks(cfg, dl) {
        if !dt.dominates(def, e) || !dt.dominates(e, ib) {
            continue;
        }
        if !cfg.preds(e).iter().all(|&p| lf.contains(dl, p)) {
            return Err(());
        }
        if lf.loop_for(e).is_some_and(|el| !lf.contains(el, ib)) {
            return Err(());
        }
        return Ok(Some((dl, e)));
    }
    Err(())
}

fn lcssa_possible_from(f: &Function, ctx: &ExpandCtx, def: Block, ip: Inst) -> bool {
    lcssa_exit(f, ctx, def, ip).is_ok()
}

/// Whether the value `v` can be used at `ip` in LCSSA form (directly, or
/// through one new LCSSA phi).
pub(super) fn lcssa_possible(f: &Function, ctx: &ExpandCtx, v: Value, ip: Inst) -> bool {
    match f.value_def(v) {
        ValueDef::Result(d) => match f.layout.inst_block(d) {
            Some(b) => lcssa_possible_from(f, ctx, b, ip),
            None => false,
        },
        _ => true,
    }
}

/// LLVM's `fixupLCSSAFormFor`: `v` as used at `ip`; a value of a loop that
/// does not contain `ip` goes through a new phi `%v.lcssa` at the top of
/// the loop's exit block (or is used directly when that is impossible,
/// which [`super::can_expand`] rules out).
pub(super) fn fixup_lcssa(
    m: &mut Module,
    f: &mut Function,
    ctx: &ExpandCtx,
    v: Operand,
    ip: Inst,
) -> Operand {
    let _ = &m;
    let Operand::Value(x) = v else { return v };
    let ValueDef::Result(d) = f.value_def(x) else {
        return v;
    };
    let Some(db) = f.layout.inst_block(d) else {
        return v;
    };
    let Ok(Some((dl, e))) = lcssa_exit(f, ctx, db, ip) else {
        return v;
    };
    let _ = dl;
    let Some((_, cfg)) = ctx.loops else {
        return v;
    };
    let ty = f.value_type(x);
    let name = format!("{}.lcssa", f.value_name(x).unwrap_or(""));
    let dbg = f.inst(d).md.get(MdKind::DBG);
    // At the top of the exit, with the value's debug location.
    let mut b = Builder::new(f, InsertPoint::Start(e));
    b.set_dbg(dbg);
    let pv = b.phi(ty, &name);
    let phi = b.last_inst().expect("just built");
    ctx.created.borrow_mut().insert(phi);
    for &p in cfg.preds(e) {
        crate::utils::phi_add_incoming(f, phi, v, p);
    }
    Operand::Value(pv)
}
