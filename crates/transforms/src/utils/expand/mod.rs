//! Materializing scalar-evolution expressions as instructions (LLVM 19's
//! `SCEVExpander` in its canonical mode), the cheapness test that decides
//! whether an expansion is worth it ([`cost`]) and the run-time checks of
//! scalar-evolution predicates ([`pred`]).
//!
//! Scalar evolution borrows the function, so work is split in two phases:
//! 1. while the analysis is alive, an expression is copied into an owned
//!    [`Expr`] tree ([`extract`]), the values that already compute an
//!    expression are collected ([`existing_values`]), the cheapness test
//!    is run on the expression itself ([`cost::expansion_cost`]) and
//!    predicate checks are planned ([`pred::plan`]);
//! 2. once the function may be edited, the tree is expanded in front of an
//!    insertion point ([`expand_with`]). A caller asks [`can_expand`]
//!    before it edits: every expansion it accepts completes, as LLVM's
//!    would.
//!
//! What is expanded, and how (LLVM's rules):
//! - each (sub)expression goes to the preheader of the outermost loop in
//!   which it is invariant (unless it divides by a non-constant), or to
//!   the top of the header of a loop in which it is an add recurrence; an
//!   expression expanded before at the same place is reused, as is a value
//!   that already computes it, dominates the place and is not in a loop
//!   that does not contain it (its poison-generating flags dropped when it
//!   could be more poisonous than the expression: `reuse`);
//! - the operands of an n-ary add or mul are taken from last to first,
//!   sorted by their most relevant loop (outer and earlier loops first),
//!   so constants come last; a product with a negative constant factor is
//!   subtracted (`sub x, y`), `x * -1` is `sub 0, x`, `x * 2^k` is
//!   `shl x, k`, `x /u 2^k` is `lshr x, k`, repeated factors are squared
//!   (`x * x * x` is `x * (x * x)`);
//! - adds and muls carry the no-wrap flags of their expression; an equal
//!   operation among the six instructions before the insertion point is
//!   reused, constant operands fold, and a binary operation moves out of
//!   every loop in which its operands are invariant;
//! - pointer arithmetic (a pointer plus integer terms, and pointer add
//!   recurrences) is `getelementptr i8, ptr %base, i64 %offset` named
//!   `scevgep`, one per group of terms of the same loop ([`Expr::PtrAdd`]);
//! - `ptrtoint` goes right after the pointer's definition (the top of the
//!   entry block for a parameter, after its leading debug records), named after it, unless one is there;
//! - min/max become the `llvm.{u,s}{min,max}` intrinsics (of pointers:
//!   `icmp` and `select`), named after their kind; the sequential `umin`
//!   freezes every operand but the first, which is what keeps the poison
//!   of later operands from propagating;
//! - an add recurrence `{s,+,t}<L>` is `s + t * i` of the canonical
//!   induction variable `i` of `L` (`{0,+,1}`, a header phi starting at 0
//!   and incremented by 1), created as `indvar`/`indvar.next` when `L`
//!   has none ([`addrec`]); a value of `L` used at a point after `L`
//!   reaches it through an LCSSA phi `%x.lcssa` in `L`'s exit block;
//! - binary operations get the debug location of the instruction they
//!   are inserted before, casts and calls the one of the original
//!   insertion point (`ExpandCtx::dbg`).
//!
//! Limits (refused by [`extract`] or [`can_expand`], never miscompiled):
//! non-affine add recurrences; an add recurrence whose loop has a wider
//! canonical induction variable; a loop value needed after its loop where
//! the exit is not a single block dominating the use; integers wider than
//! 128 bits.

mod addrec;
pub mod cost;
pub mod pred;
mod reuse;

use super::callee_name;
use crate::utils::fold;
use loopwright_analysis::scev::{
    CastKind, MinMaxKind, NoWrap, ScalarEvolution, Scev, ScevData, Ty, UnkRef,
};
use loopwright_analysis::{ControlFlowGraph, DominatorTree, Loop, LoopForest};
use loopwright_ir::{
    builder::make, Block, Builder, Const, ConstData, Extra, Flags, Function, Inst, InstData,
    MdNode, Module, Opcode, Operand, Type, TypeTable, Value, ValueDef,
};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::cell::RefCell;

/// An owned expression: a copy of a scalar-evolution expression that
/// outlives the analysis.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// An integer constant of `bits` (at most 128) bits.
    Int {
        bits: u32,
        val: u128,
    },
    Value(Value),
    Const(Const),
    Cast(CastKind, Box<Expr>, Ty),
    /// An integer sum, with the node's no-wrap flags (`nuw` = 2, `nsw` = 4).
    Add(Vec<Expr>, Ty, u8),
    Mul(Vec<Expr>, Ty, u8),
    /// `a /u b`; the flag: scalar evolution knows `b` is not zero (the
    /// `udiv` may then leave loops).
    UDiv(Box<Expr>, Box<Expr>, bool),
    /// Min/max (the sequential `umin` included) of integers or pointers.
    MinMax(MinMaxKind, Vec<Expr>),
    /// A pointer plus integer offsets (of the pointer's index width), each
    /// one `getelementptr i8`: a pointer-typed sum (its terms grouped by
    /// their loop, as LLVM's `visitAddExpr` groups them) or a pointer add
    /// recurrence (its base, and the recurrence without it).
    PtrAdd(Box<Expr>, Vec<Expr>, Ty),
    /// An affine integer add recurrence `{start,+,step}` of the loop with
    /// header `Block`.
    AddRec(Box<Expr>, Box<Expr>, Block, Ty),
}

impl Expr {
    /// The constant `val` of `bits` bits (truncated to them).
    pub fn int(bits: u32, val: u128) -> Expr {
        Expr::Int {
            bits,
            val: val & mask128(bits),
        }
    }

    fn is_int(&self, v: u128) -> bool {
        matches!(self, Expr::Int { bits, val } if *val == v & mask128(*bits))
    }

    /// Whether this is the constant zero.
    pub fn is_zero(&self) -> bool {
        self.is_int(0)
    }

    fn is_all_ones(&self) -> bool {
        self.is_int(u128::MAX)
    }

    /// Calls `visit` on this expression and every subexpression.
    pub fn walk(&self, visit: &mut dyn FnMut(&Expr)) {
        visit(self);
        match self {
            Expr::Int { .. } | Expr::Value(_) | Expr::Const(_) => {}
            Expr::Cast(_, x, _) => x.walk(visit),
            Expr::Add(ops, ..) | Expr::Mul(ops, ..) | Expr::MinMax(_, ops) => {
                ops.iter().for_each(|o| o.walk(visit))
            }
            Expr::UDiv(a, b, _) | Expr::AddRec(a, b, ..) => {
                a.walk(visit);
                b.walk(visit);
            }
            Expr::PtrAdd(base, offs, _) => {
                base.walk(visit);
                offs.iter().for_each(|o| o.walk(visit));
            }
        }
    }

    /// Whether some subexpression is an add recurrence.
    pub fn has_add_rec(&self) -> bool {
        let mut found = false;
        self.walk(&mut |e| found |= matches!(e, Expr::AddRec(..)));
        found
    }
}

fn mask128(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// Copies `s`; `None` for what cannot be expanded here (could-not-compute,
/// non-affine add recurrences, integers wider than 128 bits).
pub fn extract(se: &mut ScalarEvolution, s: Scev) -> Option<Expr> {
    extract_depth(se, s, 0)
}

fn extract_depth(se: &mut ScalarEvolution, s: Scev, depth: u32) -> Option<Expr> {
    if depth > 64 {
        return None;
    }
    let ty = se.ty(s);
    let flags = se.flags(s).0 & 6;
    let data = se.data(s).clone();
    let sub = |se: &mut ScalarEvolution, x: Scev| extract_depth(se, x, depth + 1);
    Some(match data {
        ScevData::Const(c) => Expr::Int {
            bits: c.bits(),
            val: c.u(),
        },
        ScevData::Unknown(UnkRef::Value(v)) => Expr::Value(v),
        ScevData::Unknown(UnkRef::Const(c)) => Expr::Const(c),
        ScevData::Cast(k, x, t) => Expr::Cast(k, Box::new(sub(se, x)?), t),
        ScevData::Add(ops) if ty.is_ptr() => return ptr_sum(se, s, &ops, depth),
        ScevData::Add(ops) => Expr::Add(
            ops.iter().map(|&o| sub(se, o)).collect::<Option<_>>()?,
            ty,
            flags,
        ),
        ScevData::Mul(ops) => Expr::Mul(
            ops.iter().map(|&o| sub(se, o)).collect::<Option<_>>()?,
            ty,
            flags,
        ),
        ScevData::UDiv(a, b) => {
            let nonzero = se.is_known_non_zero(b);
            Expr::UDiv(Box::new(sub(se, a)?), Box::new(sub(se, b)?), nonzero)
        }
        ScevData::MinMax(k, ops) => {
            Expr::MinMax(k, ops.iter().map(|&o| sub(se, o)).collect::<Option<_>>()?)
        }
        ScevData::AddRec(ops, l) if ops.len() == 2 => {
            if ty.is_ptr() {
                // `visitAddRecExpr`: the pointer base, then the rest as a
                // `getelementptr` offset.
                let base = se.pointer_base(s);
                let off = se.remove_pointer_base(s);
                if se.is_cnc(off) || se.ty(base) != ty {
                    return None;
                }
                Expr::PtrAdd(Box::new(sub(se, base)?), vec![sub(se, off)?], ty)
            } else {
                let header = se.loops().header(l);
                Expr::AddRec(
                    Box::new(sub(se, ops[0])?),
                    Box::new(sub(se, ops[1])?),
                    header,
                    ty,
                )
            }
        }
        _ => return None,
    })
}

/// LLVM's `PickMostRelevantLoop`: of two loops, the inner one if they
/// nest, else the later one (by header dominance), else the first.
fn pick_most_relevant(
    lf: &LoopForest,
    dt: &DominatorTree,
    a: Option<Loop>,
    b: Option<Loop>,
) -> Option<Loop> {
    let (Some(x), Some(y)) = (a, b) else {
        return a.or(b);
    };
    if lf.contains_loop(x, y) {
        return Some(y);
    }
    if lf.contains_loop(y, x) {
        return Some(x);
    }
    if dt.dominates(lf.header(x), lf.header(y)) {
        return Some(y);
    }
    if dt.dominates(lf.header(y), lf.header(x)) {
        return Some(x);
    }
    Some(x)
}

/// `getRelevantLoop` of an expression of scalar evolution.
fn scev_relevant_loop(se: &ScalarEvolution, s: Scev, depth: u32) -> Option<Loop> {
    if depth > 64 {
        return None;
    }
    let lf = se.loops();
    match se.data(s) {
        ScevData::Const(_) | ScevData::CouldNotCompute => None,
        ScevData::Unknown(UnkRef::Value(v)) => match se_function_def_block(se, *v) {
            Some(b) => lf.loop_for(b),
            None => None,
        },
        ScevData::Unknown(UnkRef::Const(_)) => None,
        d => {
            let mut l = match d {
                ScevData::AddRec(_, l) => Some(*l),
                _ => None,
            };
            let ops: SmallVec<[Scev; 4]> = match d {
                ScevData::UDiv(a, b) => SmallVec::from_slice(&[*a, *b]),
                d => SmallVec::from_slice(d.operands()),
            };
            for o in ops {
                let r = scev_relevant_loop(se, o, depth + 1);
                l = pick_most_relevant(lf, se.dominators(), l, r);
            }
            l
        }
    }
}

/// The block defining `v` in the function scalar evolution analyses.
fn se_function_def_block(se: &ScalarEvolution, v: Value) -> Option<Block> {
    let f = se.function();
    match f.value_def(v) {
        ValueDef::Result(i) => f.layout.inst_block(i),
        _ => None,
    }
}

/// `isNonConstantNegative` of a scalar-evolution expression.
fn scev_non_constant_negative(se: &ScalarEvolution, s: Scev) -> bool {
    match se.data(s) {
        ScevData::Mul(ops) => ops
            .first()
            .and_then(|&c| se.as_const(c))
            .is_some_and(|c| c.is_negative()),
        _ => false,
    }
}

/// A pointer-typed sum as `visitAddExpr` expands it: the operands, last
/// to first, stably sorted by `LoopCompare` (the pointer first, then by
/// relevant loop, products with a negative factor last); the pointer is
/// the base, and each run of terms of one loop becomes one offset (their
/// sum, as scalar evolution folds it).
fn ptr_sum(se: &mut ScalarEvolution, s: Scev, ops: &[Scev], depth: u32) -> Option<Expr> {
    let ty = se.ty(s);
    let mut items: Vec<(Option<Loop>, Scev)> = ops
        .iter()
        .rev()
        .map(|&o| (scev_relevant_loop(se, o, 0), o))
        .collect();
    {
        let se_ref: &ScalarEvolution = se;
        let less = |a: &(Option<Loop>, Scev), b: &(Option<Loop>, Scev)| {
            let (ap, bp) = (se_ref.ty(a.1).is_ptr(), se_ref.ty(b.1).is_ptr());
            if ap != bp {
                return ap;
            }
            if a.0 != b.0 {
                return pick_most_relevant(se_ref.loops(), se_ref.dominators(), a.0, b.0) != a.0;
            }
            let (an, bn) = (
                scev_non_constant_negative(se_ref, a.1),
                scev_non_constant_negative(se_ref, b.1),
            );
            !an && bn
        };
        stable_insertion_sort(&mut items, less);
    }
    let (first, rest) = items.split_first()?;
    if !se.ty(first.1).is_ptr() || rest.iter().any(|(_, o)| se.ty(*o).is_ptr()) {
        return None;
    }
    let base = extract_depth(se, first.1, depth + 1)?;
    let mut offsets = Vec::new();
    let mut k = 0;
    while k < rest.len() {
        let l = rest[k].0;
        let mut group: SmallVec<[Scev; 4]> = SmallVec::new();
        while k < rest.len() && rest[k].0 == l {
            group.push(rest[k].1);
            k += 1;
        }
        let off = if group.len() == 1 {
            group[0]
        } else {
            se.get_add(group, NoWrap::ANY, 0)
        };
        if se.is_cnc(off) {
            return None;
        }
        offsets.push(extract_depth(se, off, depth + 1)?);
    }
    Some(Expr::PtrAdd(Box::new(base), offsets, ty))
}

/// A stable sort by a "less than" that may not be a total order (LLVM's
/// comparators are not always transitive; Rust's sorts may panic on
/// those).
fn stable_insertion_sort<T>(v: &mut [T], less: impl Fn(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && less(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Values that already compute an expression and may be reused (LLVM's
/// expander looks them up in scalar evolution's value map), in the order
/// they were entered.
pub type Existing = FxHashMap<Expr, SmallVec<[Value; 2]>>;

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
    blocks: &[Block],
) -> Existing {
    let mut out = Existing::default();
    let mut budget = 4096usize;
    let consider = |se: &mut ScalarEvolution, v: Value, out: &mut Existing| {
        let s = se.scev_of(v);
        // A value that is its own opaque expression stands for nothing
        // else; one whose expression is another value (an LCSSA phi of
        // a value that is no recurrence) stands for that value.
        if matches!(se.data(s), ScevData::Unknown(UnkRef::Value(x)) if *x == v)
            || matches!(se.data(s), ScevData::Unknown(UnkRef::Const(_)))
        {
            return;
        }
        if let Some(e) = extract(se, s) {
            let vs = out.entry(e).or_default();
            if !vs.contains(&v) {
                vs.push(v);
            }
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

/// [`existing_values`] for an expansion in `preheader`, the preheader of
/// `l`: the values of the blocks that dominate it, the operands of the
/// loop's exit conditions first (LLVM's value map hands out the value
/// scalar evolution met first, and it computes those first).
pub fn existing_values_in_preheader(
    se: &mut ScalarEvolution,
    f: &Function,
    a: &crate::FnAnalyses,
    l: Loop,
    preheader: Block,
) -> Existing {
    let mut dom_blocks = Vec::new();
    let mut cur = Some(preheader);
    while let Some(b) = cur {
        dom_blocks.push(b);
        cur = a.dt.idom(b);
    }
    let mut first = Vec::new();
    for b in a.loops.exiting_blocks(&a.cfg, l) {
        let Some(t) = f.terminator(b) else { continue };
        let Some(Operand::Value(c)) = f.inst(t).operands().first().copied() else {
            continue;
        };
        if let ValueDef::Result(ci) = f.value_def(c) {
            if f.inst(ci).opcode == Opcode::ICmp {
                first.extend(f.inst(ci).operands().iter().filter_map(|o| o.as_value()));
            }
        }
    }
    existing_values(se, f, &first, &dom_blocks)
}

/// What the expander may use besides the expression: values to reuse,
/// the loops and dominators (analyses of the blocks that existed before
/// the current edits) out of which loop-invariant code is hoisted, and
/// what it has inserted so far.
#[derive(Default)]
pub struct ExpandCtx<'a> {
    pub existing: Existing,
    pub loops: Option<(&'a LoopForest, &'a ControlFlowGraph)>,
    /// Dominators, to reuse only values that dominate the insertion point
    /// (and to order loops).
    pub dt: Option<&'a DominatorTree>,
    /// The debug location of the insertion point the expander was called
    /// with, which LLVM's `IRBuilder` gives the casts and calls it emits.
    pub dbg: Option<MdNode>,
    /// What was expanded where (LLVM's `InsertedExpressions`).
    pub inserted: RefCell<FxHashMap<(Expr, Inst), Operand>>,
    /// The instructions the expander created (LLVM's `InsertedValues`):
    /// expansions at the top of a loop header go after them.
    pub created: RefCell<FxHashSet<Inst>>,
}

impl<'a> ExpandCtx<'a> {
    /// A context with the analyses of `a` (computed on the function before
    /// the current edits) and the values in `existing`.
    pub fn new(a: &'a crate::FnAnalyses, existing: Existing) -> Self {
        ExpandCtx {
            existing,
            loops: Some((&a.loops, &a.cfg)),
            dt: Some(&a.dt),
            ..Default::default()
        }
    }
}

/// Emits `e` in front of `before` (or where LLVM's `SCEVExpander::expand`
/// puts it: the preheader of the outermost loop around `before` in which
/// `e` is invariant, or the top of the header of a loop in which it is an
/// add recurrence) and returns its value, reusing expansions done before
/// and values in `ctx.existing` that dominate the insertion point.
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
    let v = match reuse::find(m, f, ctx, e, ip) {
        Some((v, drop)) => {
            reuse::apply(m, f, ctx, &drop);
            Operand::Value(v)
        }
        None => {
            let v = expand_node(m, f, e, ip, ctx);
            addrec::fixup_lcssa(m, f, ctx, v, ip)
        }
    };
    ctx.inserted.borrow_mut().insert(key, v);
    v
}

/// Emits `e` in front of `before` and returns its value (no analyses: no
/// hoisting, no reuse).
pub fn expand(m: &mut Module, f: &mut Function, e: &Expr, before: Inst) -> Operand {
    expand_with(m, f, e, before, &ExpandCtx::default())
}

/// Whether [`expand_with`] can expand `e` in front of `before` (with this
/// context) as LLVM would: the loops of its add recurrences are known and
/// have no wider canonical induction variable, and every value of a loop
/// needed after that loop can be closed by one LCSSA phi. Ask before
/// editing: what this refuses must not be expanded (an add recurrence
/// without its loop cannot be).
pub fn can_expand(m: &Module, f: &Function, ctx: &ExpandCtx, e: &Expr, before: Inst) -> bool {
    let ip = expansion_point(f, ctx, e, before);
    can_expand_at(m, f, ctx, e, ip, 0)
}

fn can_expand_at(
    m: &Module,
    f: &Function,
    ctx: &ExpandCtx,
    e: &Expr,
    ip: Inst,
    depth: u32,
) -> bool {
    if depth > 64 {
        return false;
    }
    if !matches!(e, Expr::Int { .. } | Expr::Const(_)) && reuse::find(m, f, ctx, e, ip).is_some() {
        return true;
    }
    let sub = |x: &Expr| {
        let p = expansion_point(f, ctx, x, ip);
        can_expand_at(m, f, ctx, x, p, depth + 1)
    };
    match e {
        Expr::Int { bits, .. } => *bits <= 128,
        Expr::Const(_) => true,
        Expr::Value(v) => addrec::lcssa_possible(f, ctx, *v, ip),
        Expr::Cast(_, x, _) => sub(x),
        Expr::Add(ops, ..) | Expr::Mul(ops, ..) | Expr::MinMax(_, ops) => ops.iter().all(sub),
        Expr::UDiv(a, b, _) => sub(a) && sub(b),
        Expr::PtrAdd(base, offs, _) => sub(base) && offs.iter().all(sub),
        Expr::AddRec(start, step, header, ty) => {
            addrec::can_expand(m, f, ctx, *header, *ty, ip) && sub(start) && sub(step)
        }
    }
}

/// How an expression behaves in a loop (LLVM's `LoopDisposition`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Disposition {
    Invariant,
    /// An add recurrence of the loop (plus invariant terms).
    Computable,
    Variant,
}

fn loop_of_header(ctx: &ExpandCtx, header: Block) -> Option<Loop> {
    let (lf, _) = ctx.loops?;
    lf.loop_for(header).filter(|&l| lf.header(l) == header)
}

/// `getLoopDisposition` of `e` in `l`.
fn disposition(f: &Function, ctx: &ExpandCtx, e: &Expr, l: Loop, depth: u32) -> Disposition {
    let Some((lf, _)) = ctx.loops else {
        return Disposition::Invariant;
    };
    if depth > 64 {
        return Disposition::Variant;
    }
    let all = |ops: &mut dyn Iterator<Item = &Expr>| {
        let mut varying = false;
        for o in ops {
            match disposition(f, ctx, o, l, depth + 1) {
                Disposition::Variant => return Disposition::Variant,
                Disposition::Computable => varying = true,
                Disposition::Invariant => {}
            }
        }
        if varying {
            Disposition::Computable
        } else {
            Disposition::Invariant
        }
    };
    match e {
        Expr::Int { .. } | Expr::Const(_) => Disposition::Invariant,
        Expr::Value(v) => {
            if lf.is_invariant(f, l, Operand::Value(*v)) {
                Disposition::Invariant
            } else {
                Disposition::Variant
            }
        }
        Expr::Cast(_, x, _) => all(&mut std::iter::once(&**x)),
        Expr::Add(ops, ..) | Expr::Mul(ops, ..) | Expr::MinMax(_, ops) => all(&mut ops.iter()),
        Expr::UDiv(a, b, _) => all(&mut [&**a, &**b].into_iter()),
        Expr::PtrAdd(base, offs, _) => all(&mut std::iter::once(&**base).chain(offs.iter())),
        Expr::AddRec(start, step, header, _) => {
            let Some(al) = loop_of_header(ctx, *header) else {
                return Disposition::Variant;
            };
            if al == l {
                return Disposition::Computable;
            }
            let later = ctx.dt.is_some_and(|dt| dt.dominates(lf.header(l), *header));
            if later || lf.contains_loop(l, al) {
                return Disposition::Variant;
            }
            if lf.contains_loop(al, l) {
                return Disposition::Invariant;
            }
            match all(&mut [&**start, &**step].into_iter()) {
                Disposition::Invariant => Disposition::Invariant,
                _ => Disposition::Variant,
            }
        }
    }
}

/// LLVM's `SafeToHoist`: no division by anything but a non-zero
/// constant.
fn safe_to_hoist(e: &Expr) -> bool {
    let mut safe = true;
    e.walk(&mut |x| {
        if let Expr::UDiv(_, b, _) = x {
            if !matches!(**b, Expr::Int { val, .. } if val != 0) {
                safe = false;
            }
        }
    });
    safe
}

/// The first position at the top of `header` (after its phis, before the
/// debug records of its first instruction), past what the expander
/// inserted there before.
fn header_insertion_point(f: &Function, ctx: &ExpandCtx, header: Block) -> Option<Inst> {
    let mut cur = f
        .layout
        .block_insts(header)
        .find(|&i| f.inst(i).opcode != Opcode::Phi);
    let created = ctx.created.borrow();
    while let Some(i) = cur {
        if !created.contains(&i) {
            break;
        }
        cur = f.layout.next_inst(i);
    }
    cur
}

/// Where `SCEVExpander::expand` puts `e` when asked for `before`: walking
/// out from the innermost loop around `before`, the terminator of the
/// preheader of each loop in which `e` is invariant; at the first loop in
/// which it is not, the top of that loop's header if `e` is an add
/// recurrence of it; else `before`.
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
        if guard > 64 {
            break;
        }
        match disposition(f, ctx, e, lp, 0) {
            Disposition::Invariant => {
                let Some(t) = lf.preheader(f, cfg, lp).and_then(|ph| f.terminator(ph)) else {
                    break;
                };
                ip = t;
                l = lf.parent(lp);
            }
            Disposition::Computable => {
                if let Some(at) = header_insertion_point(f, ctx, lf.header(lp)) {
                    ip = at;
                }
                break;
            }
            Disposition::Variant => break,
        }
    }
    ip
}

/// The type of an expression's value.
fn expr_type(m: &mut Module, f: &Function, e: &Expr) -> Type {
    match e {
        Expr::Int { bits, .. } => m.types.int(*bits),
        Expr::Value(v) => f.value_type(*v),
        Expr::Const(c) => m.consts.ty(*c),
        Expr::Cast(_, _, t)
        | Expr::Add(_, t, _)
        | Expr::Mul(_, t, _)
        | Expr::PtrAdd(_, _, t)
        | Expr::AddRec(_, _, _, t) => ir_type(m, *t),
        Expr::UDiv(a, ..) => expr_type(m, f, a),
        Expr::MinMax(_, ops) => ops.first().map_or(TypeTable::I64, |o| expr_type(m, f, o)),
    }
}

fn ir_type(m: &mut Module, ty: Ty) -> Type {
    match ty {
        Ty::Int(w) => m.types.int(w),
        Ty::Ptr(a) => m.types.ptr(a),
    }
}

/// Inserts `data` (which has a result) before `before` through the
/// builder, with the debug location `dbg`, and remembers it as created by
/// the expander. The expander builds `InstData` first because it asks the
/// folder (`fold::simplify`) about it before creating it.
fn emit(
    m: &Module,
    f: &mut Function,
    ctx: &ExpandCtx,
    before: Inst,
    data: InstData,
    dbg: Option<MdNode>,
    name: Option<&str>,
) -> Operand {
    let mut b = Builder::before(f, before);
    b.set_dbg(dbg);
    let i = b.insert(Some(m), data, name.unwrap_or(""));
    ctx.created.borrow_mut().insert(i);
    Operand::Value(f.inst_result(i).expect("expansions have values"))
}

/// The attributes LLVM 19 gives the min/max and overflow intrinsics.
const PURE_INTRINSIC: &[&str] = &[
    "nocallback",
    "nofree",
    "nosync",
    "nounwind",
    "speculatable",
    "willreturn",
    "memory(none)",
];

/// A call of intrinsic `intrinsic` (declared on first use with the
/// attributes LLVM 19 gives the min/max and overflow intrinsics)
/// returning `ret`, inserted before `at` with the expander's debug
/// location.
#[allow(clippy::too_many_arguments)]
fn call_intrinsic(
    m: &mut Module,
    f: &mut Function,
    ctx: &ExpandCtx,
    intrinsic: &str,
    ret: Type,
    args: &[Operand],
    at: Inst,
    name: Option<&str>,
) -> Operand {
    let mut b = Builder::before(f, at);
    b.set_dbg(ctx.dbg);
    let v = b
        .call_intrinsic(m, intrinsic, ret, args, PURE_INTRINSIC, name.unwrap_or(""))
        .expect("min/max and overflow intrinsics have values");
    let i = b.last_inst().expect("just built");
    ctx.created.borrow_mut().insert(i);
    Operand::Value(v)
}

/// The value of an integer constant operand of at most 64 bits.
fn const_u64(m: &Module, op: Operand) -> Option<u64> {
    let Operand::Const(c) = op else { return None };
    match m.consts.data(c) {
        ConstData::Int { val, .. } if val.bits() <= 64 => val.as_u64(),
        _ => None,
    }
}

/// An integer constant of type `ty` (`bits` wide) holding `val`.
fn int_const(m: &mut Module, ty: Type, bits: u32, val: u128) -> Operand {
    if bits <= 64 {
        Operand::Const(m.consts.int(ty, bits, val as u64 as i64))
    } else {
        let v = loopwright_ir::ApInt::from_words(bits, &[val as u64, (val >> 64) as u64]);
        Operand::Const(m.consts.intern(ConstData::Int { ty, val: v }))
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
    flags: Flags,
    ip: Inst,
    hoist: bool,
    ctx: &ExpandCtx,
) -> Operand {
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
    let data = make::binop(m, f, op, lhs, rhs, flags);
    debug_assert_eq!(data.ty, ty, "insert_binop: operands of another type");
    emit(m, f, ctx, at, data, dbg, None)
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
                ValueDef::Result(d) => f.layout.inst_block(d).is_none_or(|db| !lf.contains(l, db)),
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
        *val = val.wrapping_neg() & mask128(*bits);
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

/// The loop an expression's value depends on most (LLVM's
/// `getRelevantLoop`): the innermost, or latest, of the loops of its
/// values and add recurrences.
fn relevant_loop(f: &Function, ctx: &ExpandCtx, e: &Expr) -> Option<Loop> {
    let (lf, _) = ctx.loops?;
    let pick = |a: Option<Loop>, b: Option<Loop>| match ctx.dt {
        Some(dt) => pick_most_relevant(lf, dt, a, b),
        None => match (a, b) {
            (Some(x), Some(y)) => Some(if lf.depth(y) > lf.depth(x) { y } else { x }),
            _ => a.or(b),
        },
    };
    let mut acc: Option<Loop> = None;
    let mut first = true;
    e.walk(&mut |x| {
        let here = match x {
            Expr::Value(v) => match f.value_def(*v) {
                ValueDef::Result(d) => f.layout.inst_block(d).and_then(|b| lf.loop_for(b)),
                _ => None,
            },
            Expr::AddRec(_, _, h, _) => loop_of_header(ctx, *h),
            _ => None,
        };
        if first {
            acc = here;
            first = false;
        } else {
            acc = pick(acc, here);
        }
    });
    acc
}

/// The operands of an n-ary expression in LLVM's expansion order: last
/// to first, then (stably, `LoopCompare`) pointers first, less relevant
/// loops first and products with a negative factor last.
fn expansion_order<'e>(
    m: &mut Module,
    f: &Function,
    ctx: &ExpandCtx,
    ops: &'e [Expr],
) -> Vec<(Option<Loop>, &'e Expr)> {
    let mut v: Vec<(Option<Loop>, bool, &Expr)> = ops
        .iter()
        .rev()
        .map(|o| {
            let t = expr_type(m, f, o);
            let ptr = m.types.is_ptr(t);
            (relevant_loop(f, ctx, o), ptr, o)
        })
        .collect();
    let less = |a: &(Option<Loop>, bool, &Expr), b: &(Option<Loop>, bool, &Expr)| {
        if a.1 != b.1 {
            return a.1;
        }
        if a.0 != b.0 {
            let picked = match (ctx.loops, ctx.dt) {
                (Some((lf, _)), Some(dt)) => pick_most_relevant(lf, dt, a.0, b.0),
                (Some((lf, _)), None) => match (a.0, b.0) {
                    (Some(x), Some(y)) => Some(if lf.depth(y) > lf.depth(x) { y } else { x }),
                    (x, y) => x.or(y),
                },
                _ => a.0,
            };
            return picked != a.0;
        }
        !non_constant_negative(a.2) && non_constant_negative(b.2)
    };
    stable_insertion_sort(&mut v, less);
    v.into_iter().map(|(l, _, o)| (l, o)).collect()
}

fn wrap_flags(fl: u8) -> Flags {
    let mut flags = Flags::NONE;
    if fl & 2 != 0 {
        flags.insert(Flags::NUW);
    }
    if fl & 4 != 0 {
        flags.insert(Flags::NSW);
    }
    flags
}

/// LLVM's `ReuseOrCreateCast` at `GetOptimalInsertionPointForCastOf(v)`:
/// a `ptrtoint` right after the definition of `v` (at the top of the
/// entry block for a parameter, after its leading debug records), named
/// after `v`, unless one is there.
fn ptr_to_int(
    m: &Module,
    f: &mut Function,
    ctx: &ExpandCtx,
    v: Operand,
    to: Type,
    ip: Inst,
) -> Operand {
    // The insertion point: after the definition, its phis and what the
    // expander inserted right after it.
    let at: Option<Inst> = match v {
        Operand::Value(x) => match f.value_def(x) {
            ValueDef::Result(d) => {
                let mut cur = f.layout.next_inst(d);
                while let Some(i) = cur {
                    let op = f.inst(i).opcode;
                    if op != Opcode::Phi && !op.is_debug_record() {
                        break;
                    }
                    cur = f.layout.next_inst(i);
                }
                let created = ctx.created.borrow();
                while let Some(i) = cur {
                    if !created.contains(&i) || i == ip {
                        break;
                    }
                    cur = f.layout.next_inst(i);
                }
                cur
            }
            _ => entry_insertion_point(f),
        },
        _ => entry_insertion_point(f),
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
    let data = make::cast(Opcode::PtrToInt, v, to, Flags::NONE);
    let name = name.as_deref().filter(|n| !n.is_empty());
    emit(m, f, ctx, at, data, dbg, name)
}

/// Where a cast of a parameter goes: the entry block's first instruction
/// that is not a debug record. LLVM inserts at the block's `begin()`,
/// which with debug records is after those attached to the first
/// instruction.
fn entry_insertion_point(f: &Function) -> Option<Inst> {
    let mut cur = f.layout.entry_block().and_then(|b| f.layout.first_inst(b));
    while let Some(i) = cur {
        if !f.inst(i).opcode.is_debug_record() {
            break;
        }
        cur = f.layout.next_inst(i);
    }
    cur
}

/// LLVM's `expandAddToGEP`: `getelementptr i8, ptr base, idx` (folded for
/// constants, reused from the six instructions before `ip`, hoisted out
/// of loops in which both operands are invariant), named `scevgep`.
fn add_to_gep(
    m: &mut Module,
    f: &mut Function,
    ctx: &ExpandCtx,
    base: Operand,
    idx: Operand,
    ptr_ty: Type,
    ip: Inst,
) -> Operand {
    let data = make::ptr_add(m, f, base, idx, Flags::NONE);
    debug_assert_eq!(data.ty, ptr_ty, "add_to_gep: a base of another type");
    if matches!(base, Operand::Const(_)) && matches!(idx, Operand::Const(_)) {
        if let Some(c) = fold::simplify(m, &data) {
            return c;
        }
    }
    let mut scan = 6u32;
    let mut cur = f.layout.prev_inst(ip);
    while let Some(i) = cur {
        cur = f.layout.prev_inst(i);
        let d = f.inst(i);
        if d.opcode.is_debug_record() {
            continue;
        }
        if d.opcode == Opcode::GetElementPtr
            && d.operands().first() == Some(&base)
            && d.operands().get(1) == Some(&idx)
            && matches!(d.extra, Extra::Gep { source_ty } if source_ty == TypeTable::I8)
        {
            if let Some(r) = f.inst_result(i) {
                return Operand::Value(r);
            }
        }
        scan -= 1;
        if scan == 0 {
            break;
        }
    }
    let at = hoisted(f, ctx, ip, &[base, idx]);
    let dbg = f.inst(at).md.get(loopwright_ir::MdKind::DBG);
    emit(m, f, ctx, at, data, dbg, Some("scevgep"))
}

/// A cast of `x` to `to`, folded when `x` is a constant (the expander's
/// `IRBuilder` folds through `InstSimplifyFolder`).
fn insert_cast(
    m: &mut Module,
    f: &mut Function,
    ctx: &ExpandCtx,
    op: Opcode,
    x: Operand,
    to: Type,
    ip: Inst,
) -> Operand {
    let data = make::cast(op, x, to, Flags::NONE);
    if matches!(x, Operand::Const(_)) {
        if let Some(c) = fold::simplify(m, &data) {
            return c;
        }
    }
    emit(m, f, ctx, ip, data, ctx.dbg, None)
}

/// `x` frozen (`IRBuilder::CreateFreeze`, which never folds).
fn insert_freeze(
    m: &mut Module,
    f: &mut Function,
    ctx: &ExpandCtx,
    x: Operand,
    ip: Inst,
) -> Operand {
    let mut b = Builder::before(f, ip);
    b.set_dbg(ctx.dbg);
    let v = b.freeze(m, x, "");
    ctx.created
        .borrow_mut()
        .insert(b.last_inst().expect("just built"));
    Operand::Value(v)
}

fn expand_node(m: &mut Module, f: &mut Function, e: &Expr, ip: Inst, ctx: &ExpandCtx) -> Operand {
    match e {
        Expr::Int { bits, val } => {
            let t = m.types.int(*bits);
            int_const(m, t, *bits, *val)
        }
        Expr::Value(v) => Operand::Value(*v),
        Expr::Const(c) => Operand::Const(*c),
        Expr::Cast(k, x, t) => {
            let xv = expand_with(m, f, x, ip, ctx);
            let to = ir_type(m, *t);
            let op = match k {
                CastKind::Trunc => Opcode::Trunc,
                CastKind::ZExt => Opcode::ZExt,
                CastKind::SExt => Opcode::SExt,
                CastKind::PtrToInt => return ptr_to_int(m, f, ctx, xv, to, ip),
            };
            insert_cast(m, f, ctx, op, xv, to, ip)
        }
        Expr::Add(ops, t, fl) => {
            let ty = ir_type(m, *t);
            let mut sum: Option<Operand> = None;
            for (_, o) in expansion_order(m, f, ctx, ops) {
                let Some(acc) = sum else {
                    sum = Some(expand_with(m, f, o, ip, ctx));
                    continue;
                };
                if non_constant_negative(o) {
                    let w = expand_with(m, f, &negate_product(o), ip, ctx);
                    sum = Some(insert_binop(
                        m,
                        f,
                        Opcode::Sub,
                        ty,
                        acc,
                        w,
                        Flags::NONE,
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
                    sum = Some(insert_binop(
                        m,
                        f,
                        Opcode::Add,
                        ty,
                        a,
                        b,
                        wrap_flags(*fl),
                        ip,
                        true,
                        ctx,
                    ));
                }
            }
            sum.unwrap_or_else(|| Operand::Const(m.consts.int(ty, 1, 0)))
        }
        Expr::Mul(ops, t, fl) => expand_mul(m, f, ops, *t, *fl, ip, ctx),
        Expr::UDiv(a, b, known_nonzero) => {
            let av = expand_with(m, f, a, ip, ctx);
            let ty = expr_type(m, f, a);
            let w = m.types.int_width(ty).unwrap_or(64);
            let none = Flags::NONE;
            if let Expr::Int { val, .. } = **b {
                if val.is_power_of_two() {
                    let sh = int_const(m, ty, w, u128::from(val.trailing_zeros()));
                    return insert_binop(m, f, Opcode::LShr, ty, av, sh, none, ip, true, ctx);
                }
            }
            let bv = expand_with(m, f, b, ip, ctx);
            // `IsSafeToHoist`: scalar evolution knows the divisor is not 0.
            insert_binop(
                m,
                f,
                Opcode::UDiv,
                ty,
                av,
                bv,
                none,
                ip,
                *known_nonzero,
                ctx,
            )
        }
        Expr::MinMax(k, ops) => expand_min_max(m, f, *k, ops, ip, ctx),
        Expr::PtrAdd(base, offsets, t) => {
            let ptr_ty = ir_type(m, *t);
            let mut sum = expand_with(m, f, base, ip, ctx);
            for off in offsets {
                let idx = expand_with(m, f, off, ip, ctx);
                sum = add_to_gep(m, f, ctx, sum, idx, ptr_ty, ip);
            }
            sum
        }
        Expr::AddRec(start, step, header, t) => {
            addrec::expand(m, f, ctx, start, step, *header, *t, ip)
        }
    }
}

/// `visitMulExpr`: the factors in expansion order; a run of equal
/// factors is raised to its power by squaring (`ExpandOpBinPowN`); `-1`
/// negates; a power of two shifts.
fn expand_mul(
    m: &mut Module,
    f: &mut Function,
    ops: &[Expr],
    t: Ty,
    fl: u8,
    ip: Inst,
    ctx: &ExpandCtx,
) -> Operand {
    let ty = ir_type(m, t);
    let w = m.types.int_width(ty).unwrap_or(64);
    let order = expansion_order(m, f, ctx, ops);
    let none = Flags::NONE;
    let mut k = 0;
    let pow = |m: &mut Module, f: &mut Function, k: &mut usize| -> Operand {
        let first = order[*k];
        let mut n = 0u64;
        while *k < order.len() && order[*k] == first {
            n += 1;
            *k += 1;
        }
        let mut p = expand_with(m, f, first.1, ip, ctx);
        let mut result = (n & 1 == 1).then_some(p);
        let mut bin = 2u64;
        while bin <= n {
            p = insert_binop(m, f, Opcode::Mul, ty, p, p, none, ip, true, ctx);
            if n & bin != 0 {
                result = Some(match result {
                    Some(r) => insert_binop(m, f, Opcode::Mul, ty, r, p, none, ip, true, ctx),
                    None => p,
                });
            }
            bin <<= 1;
        }
        result.unwrap_or(p)
    };
    let mut prod: Option<Operand> = None;
    while k < order.len() {
        let Some(acc) = prod else {
            prod = Some(pow(m, f, &mut k));
            continue;
        };
        if order[k].1.is_all_ones() {
            let zero = int_const(m, ty, w, 0);
            prod = Some(insert_binop(
                m,
                f,
                Opcode::Sub,
                ty,
                zero,
                acc,
                none,
                ip,
                true,
                ctx,
            ));
            k += 1;
            continue;
        }
        let v = pow(m, f, &mut k);
        let (a, b) = if matches!(acc, Operand::Const(_)) {
            (v, acc)
        } else {
            (acc, v)
        };
        let mut flags = wrap_flags(fl);
        let pow2 = const_u64(m, b).filter(|c| c.is_power_of_two());
        prod = Some(match pow2 {
            Some(c) => {
                let log = c.trailing_zeros();
                if log + 1 == w {
                    flags.remove(Flags::NSW);
                }
                let sh = int_const(m, ty, w, u128::from(log));
                insert_binop(m, f, Opcode::Shl, ty, a, sh, flags, ip, true, ctx)
            }
            None => insert_binop(m, f, Opcode::Mul, ty, a, b, flags, ip, true, ctx),
        });
    }
    prod.unwrap_or_else(|| int_const(m, ty, w, 1))
}

/// `expandMinMaxExpr`: the last operand first, then each earlier one,
/// through the intrinsic (integers) or `icmp` + `select` (pointers); the
/// sequential `umin` freezes all operands but the first.
fn expand_min_max(
    m: &mut Module,
    f: &mut Function,
    k: MinMaxKind,
    ops: &[Expr],
    ip: Inst,
    ctx: &ExpandCtx,
) -> Operand {
    let Some(last) = ops.last() else {
        return Operand::Const(m.consts.int(TypeTable::I64, 64, 0));
    };
    let ty = expr_type(m, f, last);
    let (kind, pred) = match k {
        MinMaxKind::UMax => ("umax", loopwright_ir::Predicate::Ugt),
        MinMaxKind::SMax => ("smax", loopwright_ir::Predicate::Sgt),
        MinMaxKind::UMin | MinMaxKind::SeqUMin => ("umin", loopwright_ir::Predicate::Ult),
        MinMaxKind::SMin => ("smin", loopwright_ir::Predicate::Slt),
    };
    let sequential = k == MinMaxKind::SeqUMin;
    let mut acc = expand_with(m, f, last, ip, ctx);
    if sequential {
        acc = insert_freeze(m, f, ctx, acc, ip);
    }
    let int_w = m.types.int_width(ty);
    for (i, o) in ops[..ops.len() - 1].iter().enumerate().rev() {
        let mut v = expand_with(m, f, o, ip, ctx);
        if sequential && i != 0 {
            v = insert_freeze(m, f, ctx, v, ip);
        }
        acc = match int_w {
            Some(w) => {
                let name = format!("llvm.{kind}.i{w}");
                call_intrinsic(m, f, ctx, &name, ty, &[acc, v], ip, Some(kind))
            }
            None => {
                let cmp = make::icmp(m, f, pred, acc, v);
                let c = match fold::simplify(m, &cmp) {
                    Some(c) => c,
                    None => emit(m, f, ctx, ip, cmp, ctx.dbg, None),
                };
                let sel = make::select(m, f, c, acc, v);
                match fold::simplify(m, &sel) {
                    Some(s) => s,
                    None => emit(m, f, ctx, ip, sel, ctx.dbg, Some(kind)),
                }
            }
        };
    }
    acc
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

#[cfg(test)]
mod tests;
