//! Expressions under run-time predicates (LLVM's
//! `PredicatedScalarEvolution` as loop access analysis uses it): the
//! predicates assumed so far, the expressions of values rewritten under
//! them, and the values whose expression was asked for (the "Expressions
//! re-written" section prints those whose rewrite differs).

use crate::loops::Loop;
use crate::scev::expr::{CastKind, Ops, ScevData, UnkRef};
use crate::scev::{NoWrap, ScalarEvolution, Scev, ScevPredicate};
use loopwright_ir::{Operand, ValueDef};
use rustc_hash::FxHashMap;

/// The predicated view of one loop's expressions.
#[derive(Clone)]
pub(crate) struct Pse {
    pub l: Loop,
    /// The predicates assumed, in the order they were added.
    pub preds: Vec<ScevPredicate>,
    /// Values whose expression was asked for, in first-asked order.
    pub queried: Vec<Operand>,
    /// Expressions replaced by an add recurrence under predicates
    /// (`getAsAddRec`), by the original expression.
    pub as_addrec: FxHashMap<Scev, Scev>,
    /// Values known not to wrap in the unsigned sense (`setNoOverflow`).
    pub nusw: Vec<Operand>,
}

impl Pse {
    pub fn new(l: Loop) -> Self {
        Pse {
            l,
            preds: Vec::new(),
            queried: Vec::new(),
            as_addrec: FxHashMap::default(),
            nusw: Vec::new(),
        }
    }

    pub fn add_pred(&mut self, p: ScevPredicate) {
        if !self.preds.contains(&p) {
            self.preds.push(p);
        }
    }

    /// The expression of `v` under the predicates (`PSE.getSCEV`).
    pub fn scev(&mut self, se: &mut ScalarEvolution<'_>, v: Operand) -> Scev {
        if !self.queried.contains(&v) {
            self.queried.push(v);
        }
        let s = se.get_scev(v);
        self.rewritten(se, s)
    }

    /// `s` (an expression of a value) rewritten under the current
    /// predicates.
    pub fn rewritten(&self, se: &mut ScalarEvolution<'_>, s: Scev) -> Scev {
        let base = self.as_addrec.get(&s).copied().unwrap_or(s);
        if self.preds.is_empty() {
            return base;
        }
        let mut memo = FxHashMap::default();
        let mut none = None;
        rewrite(se, self.l, base, &self.preds, &mut none, &mut memo)
    }

    /// `getAsAddRec`: the expression of `v` as an add recurrence of the
    /// loop, adding the predicates that makes it one.
    pub fn as_add_rec(&mut self, se: &mut ScalarEvolution<'_>, v: Operand) -> Option<Scev> {
        let e = self.scev(se, v);
        let mut new_preds = Some(Vec::new());
        let mut memo = FxHashMap::default();
        let r = rewrite(se, self.l, e, &[], &mut new_preds, &mut memo);
        if !matches!(se.data(r), ScevData::AddRec(..)) {
            return None;
        }
        for p in new_preds.unwrap_or_default() {
            self.add_pred(p);
        }
        let orig = se.get_scev(v);
        self.as_addrec.insert(orig, r);
        Some(r)
    }

    /// `hasNoOverflow(V, IncrementNUSW)`.
    pub fn has_no_overflow(&mut self, se: &mut ScalarEvolution<'_>, v: Operand) -> bool {
        if self.nusw.contains(&v) {
            return true;
        }
        let s = self.scev(se, v);
        implied_nusw(se, s)
    }

    /// `setNoOverflow(V, IncrementNUSW)`.
    pub fn set_no_overflow(&mut self, se: &mut ScalarEvolution<'_>, v: Operand) {
        let Some(ar) = self.as_add_rec(se, v) else {
            return;
        };
        if !implied_nusw(se, ar) {
            self.add_pred(ScevPredicate::Wrap { ar, signed: false });
        }
        if !self.nusw.contains(&v) {
            self.nusw.push(v);
        }
    }
}

/// `SCEVWrapPredicate::getImpliedFlags` has `IncrementNUSW`: the recurrence
/// is `<nuw>` with a non-negative constant step.
fn implied_nusw(se: &mut ScalarEvolution<'_>, s: Scev) -> bool {
    if !matches!(se.data(s), ScevData::AddRec(..)) || !se.has_flags(s, NoWrap::NUW) {
        return false;
    }
    let step = se.ar_step(s);
    se.as_const(step).is_some_and(|c| !c.is_negative())
}

/// LLVM's `SCEVPredicateRewriter`: replaces opaque values equal to
/// something under `preds`, and extensions of add recurrences of `l` (and
/// header phis updated through casts) that do not wrap under a predicate.
/// With `new_preds`, the wrap predicates are added there instead of being
/// looked up in `preds`.
fn rewrite(
    se: &mut ScalarEvolution<'_>,
    l: Loop,
    s: Scev,
    preds: &[ScevPredicate],
    new_preds: &mut Option<Vec<ScevPredicate>>,
    memo: &mut FxHashMap<Scev, Scev>,
) -> Scev {
    if let Some(&r) = memo.get(&s) {
        return r;
    }
    let data = se.data(s).clone();
    let r = match data {
        ScevData::Const(_) | ScevData::CouldNotCompute => s,
        ScevData::Unknown(u) => {
            let eq = preds.iter().find_map(|p| match *p {
                ScevPredicate::Equal(a, b) if a == s => Some(b),
                _ => None,
            });
            match eq {
                Some(b) => b,
                None => phi_with_casts(se, l, s, u, preds, new_preds),
            }
        }
        ScevData::Cast(k, op, ty) => {
            let x = rewrite(se, l, op, preds, new_preds, memo);
            let ar_of_loop =
                matches!(se.data(x), ScevData::AddRec(ref o, al) if *al == l && o.len() == 2);
            match k {
                CastKind::ZExt | CastKind::SExt if ar_of_loop => {
                    let signed = k == CastKind::SExt;
                    if assume(preds, new_preds, ScevPredicate::Wrap { ar: x, signed }) {
                        let start = se.ar_start(x);
                        let step = se.ar_step(x);
                        let st = if signed {
                            se.get_sign_extend(start, ty, 0)
                        } else {
                            se.get_zero_extend(start, ty, 0)
                        };
                        let sp = se.get_sign_extend(step, ty, 0);
                        let f = se.flags(x);
                        se.get_add_rec2(st, sp, l, f)
                    } else {
                        rebuild_cast(se, k, x, ty)
                    }
                }
                _ if x == op => s,
                _ => rebuild_cast(se, k, x, ty),
            }
        }
        ScevData::UDiv(a, b) => {
            let x = rewrite(se, l, a, preds, new_preds, memo);
            let y = rewrite(se, l, b, preds, new_preds, memo);
            if x == a && y == b {
                s
            } else {
                se.get_udiv(x, y)
            }
        }
        ScevData::Add(ref ops)
        | ScevData::Mul(ref ops)
        | ScevData::MinMax(_, ref ops)
        | ScevData::AddRec(ref ops, _) => {
            let mut n: Ops = Ops::new();
            let mut changed = false;
            for &o in ops.iter() {
                let x = rewrite(se, l, o, preds, new_preds, memo);
                changed |= x != o;
                n.push(x);
            }
            if !changed {
                s
            } else {
                let f = se.flags(s);
                match data {
                    ScevData::Add(_) => se.get_add(n, f, 0),
                    ScevData::Mul(_) => se.get_mul(n, f, 0),
                    ScevData::MinMax(k, _) => se.get_min_max(k, n),
                    ScevData::AddRec(_, al) => se.get_add_rec(n, al, f),
                    _ => s,
                }
            }
        }
    };
    memo.insert(s, r);
    r
}

fn rebuild_cast(se: &mut ScalarEvolution<'_>, k: CastKind, x: Scev, ty: crate::scev::Ty) -> Scev {
    match k {
        CastKind::ZExt => se.get_zero_extend(x, ty, 0),
        CastKind::SExt => se.get_sign_extend(x, ty, 0),
        CastKind::Trunc => se.get_truncate(x, ty, 0),
        CastKind::PtrToInt => se.get_ptr_to_int(x),
    }
}

/// `addOverflowAssumption`: in adding mode the predicate is added, else it
/// must already be assumed.
fn assume(
    preds: &[ScevPredicate],
    new_preds: &mut Option<Vec<ScevPredicate>>,
    p: ScevPredicate,
) -> bool {
    match new_preds {
        Some(v) => {
            if !v.contains(&p) {
                v.push(p);
            }
            true
        }
        None => preds.contains(&p),
    }
}

/// `convertToAddRecWithPreds`: a header phi updated through casts.
fn phi_with_casts(
    se: &mut ScalarEvolution<'_>,
    l: Loop,
    s: Scev,
    u: UnkRef,
    preds: &[ScevPredicate],
    new_preds: &mut Option<Vec<ScevPredicate>>,
) -> Scev {
    let UnkRef::Value(v) = u else { return s };
    let f = se.function();
    let is_phi = matches!(f.value_def(v), ValueDef::Result(i) if f.inst(i).opcode == loopwright_ir::Opcode::Phi);
    if !is_phi {
        return s;
    }
    let Some(pp) = se.add_rec_from_phi_with_casts(v) else {
        return s;
    };
    for p in &pp.preds {
        if let ScevPredicate::Wrap { ar, .. } = *p {
            if se.ar_loop(ar) != Some(l) {
                return s;
            }
        }
        if !assume(preds, new_preds, *p) {
            return s;
        }
    }
    pp.ar
}
