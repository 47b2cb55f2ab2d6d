//! Loop guards (LLVM's `applyLoopGuards`): the conditions of the branches
//! that must be taken to enter a loop bound the values used in it. Each
//! guard `x pred c` rewrites `x` (an opaque value, an extension of one, or
//! a min/max) to a min/max that carries the bound, e.g. `n > 0` rewrites
//! `n` to `(1 smax n)`; `x % c == 0` rewrites `x` to `((x /u c) * c)`.
//! The rewritten expressions are only used for ranges (maximum counts,
//! trip multiples and a few proofs), never as values.

use super::expr::{CastKind, MinMaxKind, NoWrap, Ops, Scev, ScevData};
use super::range::ConstantRange;
use super::ScalarEvolution;
use crate::loops::Loop;
use loopwright_ir::{Opcode, Operand, Predicate};
use rustc_hash::FxHashMap;

impl ScalarEvolution<'_> {
    /// `s` with the facts implied by the guards of loop `l` applied.
    pub fn apply_loop_guards(&mut self, s: Scev, l: Loop) -> Scev {
        if self.is_cnc(s) {
            return s;
        }
        let map = self.loop_guard_map(l);
        if map.is_empty() {
            return s;
        }
        let mut memo = FxHashMap::default();
        self.rewrite_with(s, &map, &mut memo)
    }

    fn loop_guard_map(&mut self, l: Loop) -> FxHashMap<Scev, Scev> {
        if let Some(m) = self.guard_maps.get(&l) {
            return m.clone();
        }
        // Terms: dominating assumptions, then the branch conditions from
        // the closest guard outwards.
        let mut terms: Vec<(Operand, bool)> = Vec::new();
        let header = self.lf.header(l);
        for (ab, cond) in self.assumptions() {
            if ab != header && self.dt.dominates(ab, header) {
                terms.push((cond, true));
            }
        }
        let mut pair = self.lf.predecessor(self.cfg, l).map(|p| (p, header));
        let mut steps = 0;
        while let Some((pb, sb)) = pair {
            steps += 1;
            if steps > 64 {
                break;
            }
            if let Some(t) = self.f.terminator(pb) {
                let d = self.f.inst(t);
                if d.opcode == Opcode::Br && d.operands().len() == 3 {
                    terms.push((d.operands()[0], d.operands()[1].as_block() == Some(sb)));
                }
            }
            pair = self.guard_pred_pair(pb);
        }
        let mut map: FxHashMap<Scev, Scev> = FxHashMap::default();
        let mut to_rewrite: Vec<Scev> = Vec::new();
        for &(term, enter_if_true) in terms.iter().rev() {
            let mut work = vec![term];
            let mut seen: Vec<Operand> = Vec::new();
            while let Some(c) = work.pop() {
                if seen.contains(&c) || seen.len() > 32 {
                    continue;
                }
                seen.push(c);
                if let Some(v) = self.view(c) {
                    if v.opcode == Opcode::ICmp {
                        let Some(p) = v.pred else { continue };
                        let p = if enter_if_true { p } else { p.inverse() };
                        let a = self.get_scev(v.ops[0]);
                        let b = self.get_scev(v.ops[1]);
                        if !self.is_cnc(a) && !self.is_cnc(b) && self.bits_of(a) == self.bits_of(b)
                        {
                            self.collect_condition(p, a, b, &mut map, &mut to_rewrite);
                        }
                        continue;
                    }
                }
                if let Some((x, y)) = self.match_logical(c, enter_if_true) {
                    work.push(x);
                    work.push(y);
                }
            }
        }
        if to_rewrite.len() > 1 {
            for e in to_rewrite {
                let Some(to) = map.remove(&e) else { continue };
                let mut memo = FxHashMap::default();
                let r = self.rewrite_with(to, &map, &mut memo);
                map.insert(e, r);
            }
        }
        self.guard_maps.insert(l, map.clone());
        map
    }

    /// The conditions of `llvm.assume` calls, with their blocks.
    pub(crate) fn assumptions(&mut self) -> Vec<(loopwright_ir::Block, Operand)> {
        if let Some(a) = &self.assumes {
            return a.clone();
        }
        let mut out = Vec::new();
        // Without a declaration of `llvm.assume` there is no call to it:
        // the scan (once per scalar evolution, which a pass may create per
        // loop) is skipped.
        if self.m.function_by_name("llvm.assume").is_none() {
            self.assumes = Some(out);
            return Vec::new();
        }
        for b in self.f.layout.blocks() {
            if !self.dt.is_reachable(b) {
                continue;
            }
            for i in self.f.layout.block_insts(b) {
                let d = self.f.inst(i);
                if d.opcode == Opcode::Call && self.callee_name(d) == Some("llvm.assume") {
                    if let Some(&c) = d.call_args().first() {
                        out.push((b, c));
                    }
                }
            }
        }
        self.assumes = Some(out.clone());
        out
    }

    fn guard_pred_pair(
        &self,
        b: loopwright_ir::Block,
    ) -> Option<(loopwright_ir::Block, loopwright_ir::Block)> {
        let preds = self.cfg.preds(b);
        if preds.len() == 1 && self.cfg.num_pred_edges(b) == 1 {
            return Some((preds[0], b));
        }
        let l = self.lf.loop_for(b)?;
        let p = self.lf.predecessor(self.cfg, l)?;
        Some((p, self.lf.header(l)))
    }

    fn collect_condition(
        &mut self,
        pred: Predicate,
        lhs: Scev,
        rhs: Scev,
        map: &mut FxHashMap<Scev, Scev>,
        to_rewrite: &mut Vec<Scev>,
    ) {
        let (mut pred, mut lhs, mut rhs) = (pred, lhs, rhs);
        if self.as_const(lhs).is_some() {
            std::mem::swap(&mut lhs, &mut rhs);
            pred = pred.swapped();
        }
        // (-C1 + X) < C2, as instcombine forms range checks.
        if let (ScevData::Add(ops), Some(c2)) = (self.data(lhs).clone(), self.as_const(rhs)) {
            if ops.len() == 2 && self.is_unknown(ops[1]) {
                if let Some(c1) = self.as_const(ops[0]) {
                    let region = ConstantRange::exact_icmp_region(pred, c2);
                    let region = if region.is_full() || region.is_empty() {
                        region
                    } else {
                        ConstantRange::new(region.lower().sub(c1), region.upper().sub(c1))
                    };
                    if !region.is_wrapped() && !region.is_full() && !region.is_empty() {
                        let x = ops[1];
                        let cur = map.get(&x).copied().unwrap_or(x);
                        let hi = self.get_const(region.umax());
                        let lo = self.get_const(region.umin());
                        let inner = self.get_umin(cur, hi, false);
                        let r = self.get_umax(lo, inner);
                        map.insert(x, r);
                        to_rewrite.push(x);
                        return;
                    }
                }
            }
        }
        // x % c == 0: x is a multiple of c.
        if pred == Predicate::Eq && self.is_zero(rhs) {
            if let Some((a, b)) = self.match_urem_any(lhs) {
                if self.is_unknown(a) {
                    let cur = map.get(&a).copied().unwrap_or(a);
                    let cur = self.apply_divisibility_on_min_max(cur, b);
                    let d = self.get_udiv(cur, b);
                    let m = self.get_mul2(d, b, NoWrap::ANY);
                    map.insert(a, m);
                    to_rewrite.push(a);
                    return;
                }
            }
        }
        if self.as_const(lhs).is_some() || self.contains_add_rec(rhs) {
            return;
        }
        if !self.is_unknown(lhs) && self.is_unknown(rhs) {
            std::mem::swap(&mut lhs, &mut rhs);
            pred = pred.swapped();
        }
        let t = self.ty(rhs);
        let one = self.get_one(t);
        let lhs_rw = map.get(&lhs).copied().unwrap_or(lhs);
        let divides_by = self
            .divisibility_info(lhs_rw)
            .filter(|&d| self.is_known_to_divide_by(lhs_rw, d));
        match pred {
            Predicate::Ult | Predicate::Slt => {
                if pred == Predicate::Ult {
                    if self.ty(rhs).is_ptr() {
                        return;
                    }
                    rhs = self.get_umax(rhs, one);
                }
                rhs = self.get_minus(rhs, one, NoWrap::ANY);
                if let Some(d) = divides_by {
                    rhs = self.prev_multiple(rhs, d);
                }
            }
            Predicate::Ugt | Predicate::Sgt => {
                rhs = self.get_add2(rhs, one, NoWrap::ANY);
                if let Some(d) = divides_by {
                    rhs = self.next_multiple(rhs, d);
                }
            }
            Predicate::Ule | Predicate::Sle => {
                if let Some(d) = divides_by {
                    rhs = self.prev_multiple(rhs, d);
                }
            }
            Predicate::Uge | Predicate::Sge => {
                if let Some(d) = divides_by {
                    rhs = self.next_multiple(rhs, d);
                }
            }
            _ => {}
        }
        if self.is_cnc(rhs) {
            return;
        }
        let mut work = vec![lhs];
        let mut visited: Vec<Scev> = Vec::new();
        while let Some(from) = work.pop() {
            if self.as_const(from).is_some() || visited.contains(&from) {
                continue;
            }
            visited.push(from);
            let from_rw = map.get(&from).copied().unwrap_or(from);
            let to = match pred {
                Predicate::Ult | Predicate::Ule => {
                    if let ScevData::MinMax(MinMaxKind::UMax, o) = self.data(from_rw) {
                        work.extend(o.iter().copied());
                    }
                    Some(self.get_umin(from_rw, rhs, false))
                }
                Predicate::Slt | Predicate::Sle => {
                    if let ScevData::MinMax(MinMaxKind::SMax, o) = self.data(from_rw) {
                        work.extend(o.iter().copied());
                    }
                    Some(self.get_smin(from_rw, rhs))
                }
                Predicate::Ugt | Predicate::Uge => {
                    if let ScevData::MinMax(MinMaxKind::UMin, o) = self.data(from_rw) {
                        work.extend(o.iter().copied());
                    }
                    Some(self.get_umax(from_rw, rhs))
                }
                Predicate::Sgt | Predicate::Sge => {
                    if let ScevData::MinMax(MinMaxKind::SMin, o) = self.data(from_rw) {
                        work.extend(o.iter().copied());
                    }
                    Some(self.get_smax(from_rw, rhs))
                }
                Predicate::Eq => self.as_const(rhs).map(|_| rhs),
                Predicate::Ne => {
                    if self.is_zero(rhs) {
                        let up = match divides_by {
                            Some(d) => self.next_multiple(one, d),
                            None => one,
                        };
                        Some(self.get_umax(from_rw, up))
                    } else {
                        None
                    }
                }
                _ => None,
            };
            if let Some(to) = to {
                if self.is_cnc(to) {
                    continue;
                }
                if from == from_rw {
                    to_rewrite.push(from);
                }
                map.insert(from, to);
            }
        }
    }

    /// The constant divisor `d` when `s` contains `(x /u d) * d` (directly
    /// or as a min/max operand).
    fn divisibility_info(&self, s: Scev) -> Option<Scev> {
        match self.data(s) {
            ScevData::Mul(ops) if ops.len() == 2 => {
                let (a, b) = if self.as_const(ops[0]).is_some() {
                    (ops[1], ops[0])
                } else {
                    (ops[0], ops[1])
                };
                match self.data(a) {
                    ScevData::UDiv(_, d) if *d == b => Some(b),
                    _ => None,
                }
            }
            ScevData::MinMax(_, ops) if ops.len() >= 2 => self
                .divisibility_info(ops[0])
                .or_else(|| self.divisibility_info(ops[1])),
            _ => None,
        }
    }

    fn is_known_to_divide_by(&mut self, s: Scev, d: Scev) -> bool {
        let r = self.get_urem(s, d);
        if self.is_zero(r) {
            return true;
        }
        if let ScevData::MinMax(_, ops) = self.data(s).clone() {
            if ops.len() >= 2 {
                return self.is_known_to_divide_by(ops[0], d)
                    && self.is_known_to_divide_by(ops[1], d);
            }
        }
        false
    }

    /// The smallest multiple of constant `d` at or above constant `s`.
    fn next_multiple(&mut self, s: Scev, d: Scev) -> Scev {
        let (Some(x), Some(dv)) = (self.as_const(s), self.as_const(d)) else {
            return s;
        };
        if x.is_negative() || !dv.is_strictly_positive() {
            return s;
        }
        let rem = x.urem(dv).unwrap_or(x);
        if rem.is_zero() {
            return s;
        }
        self.get_const(x.add(dv).sub(rem))
    }

    /// The largest multiple of constant `d` at or below constant `s`.
    fn prev_multiple(&mut self, s: Scev, d: Scev) -> Scev {
        let (Some(x), Some(dv)) = (self.as_const(s), self.as_const(d)) else {
            return s;
        };
        if x.is_negative() || !dv.is_strictly_positive() {
            return s;
        }
        let rem = x.urem(dv).unwrap_or(x);
        if rem.is_zero() {
            return s;
        }
        self.get_const(x.sub(rem))
    }

    /// LLVM's `ApplyDivisibiltyOnMinMaxExpr`.
    fn apply_divisibility_on_min_max(&mut self, s: Scev, d: Scev) -> Scev {
        let ScevData::MinMax(k, ops) = self.data(s).clone() else {
            return s;
        };
        if k == MinMaxKind::SeqUMin || ops.len() != 2 {
            return s;
        }
        let Some(c) = self.as_const(ops[0]) else {
            return s;
        };
        if c.is_negative() {
            return s;
        }
        let is_min = matches!(k, MinMaxKind::SMin | MinMaxKind::UMin);
        let div = if is_min {
            self.prev_multiple(ops[0], d)
        } else {
            self.next_multiple(ops[0], d)
        };
        let inner = self.apply_divisibility_on_min_max(ops[1], d);
        self.get_min_max(k, smallvec::smallvec![inner, div])
    }

    /// `(x, y)` for `x urem y` in any of LLVM's forms, including the
    /// `zext(trunc x)` form of a power-of-two divisor.
    fn match_urem_any(&mut self, s: Scev) -> Option<(Scev, Scev)> {
        if let Some(r) = self.match_urem(s) {
            return Some(r);
        }
        if let ScevData::Cast(CastKind::ZExt, t, ty) = *self.data(s) {
            if let ScevData::Cast(CastKind::Trunc, x, tty) = *self.data(t) {
                if self.ty(x) == ty {
                    let tb = self.type_bits(tty);
                    let bits = self.type_bits(ty);
                    if tb < bits {
                        let c = self.get_const(super::int::CInt::one(bits).shl(tb));
                        return Some((x, c));
                    }
                }
            }
        }
        None
    }

    fn contains_add_rec(&self, s: Scev) -> bool {
        let mut stack = vec![s];
        while let Some(x) = stack.pop() {
            if matches!(self.data(x), ScevData::AddRec(..)) {
                return true;
            }
            stack.extend(self.operands_of(x));
        }
        false
    }

    /// LLVM's `SCEVLoopGuardRewriter`.
    fn rewrite_with(
        &mut self,
        s: Scev,
        map: &FxHashMap<Scev, Scev>,
        memo: &mut FxHashMap<Scev, Scev>,
    ) -> Scev {
        if let Some(&r) = memo.get(&s) {
            return r;
        }
        let data = self.data(s).clone();
        let r = match &data {
            ScevData::Unknown(_) => map.get(&s).copied().unwrap_or(s),
            ScevData::Cast(CastKind::ZExt, op, ty) => {
                if let Some(&r) = map.get(&s) {
                    r
                } else {
                    let mut found = None;
                    let mut bw = self.type_bits(*ty) / 2;
                    while bw & 7 == 0 && bw >= 8 && bw > self.bits_of(*op) {
                        let narrow = self.get_zero_extend(*op, super::Ty::Int(bw), 0);
                        if let Some(&r) = map.get(&narrow) {
                            found = Some(self.get_zero_extend(r, *ty, 0));
                            break;
                        }
                        bw /= 2;
                    }
                    match found {
                        Some(f) => f,
                        None => {
                            let x = self.rewrite_with(*op, map, memo);
                            if x == *op {
                                s
                            } else {
                                self.get_zero_extend(x, *ty, 0)
                            }
                        }
                    }
                }
            }
            ScevData::Cast(CastKind::SExt, op, ty) => match map.get(&s) {
                Some(&r) => r,
                None => {
                    let x = self.rewrite_with(*op, map, memo);
                    if x == *op {
                        s
                    } else {
                        self.get_sign_extend(x, *ty, 0)
                    }
                }
            },
            ScevData::Cast(k, op, ty) => {
                let x = self.rewrite_with(*op, map, memo);
                if x == *op {
                    s
                } else {
                    match k {
                        CastKind::Trunc => self.get_truncate(x, *ty, 0),
                        CastKind::PtrToInt => self.get_ptr_to_int(x),
                        _ => s,
                    }
                }
            }
            ScevData::MinMax(k @ (MinMaxKind::UMin | MinMaxKind::SMin), _)
                if map.contains_key(&s) =>
            {
                let _ = k;
                map[&s]
            }
            ScevData::Const(_) | ScevData::CouldNotCompute => s,
            ScevData::UDiv(a, b) => {
                let x = self.rewrite_with(*a, map, memo);
                let y = self.rewrite_with(*b, map, memo);
                if x == *a && y == *b {
                    s
                } else {
                    self.get_udiv(x, y)
                }
            }
            ScevData::Add(ops)
            | ScevData::Mul(ops)
            | ScevData::MinMax(_, ops)
            | ScevData::AddRec(ops, _) => {
                let mut n: Ops = Ops::new();
                let mut changed = false;
                for &o in ops.iter() {
                    let x = self.rewrite_with(o, map, memo);
                    changed |= x != o;
                    n.push(x);
                }
                if !changed {
                    s
                } else {
                    let f = self.flags(s).mask(NoWrap(6));
                    match &data {
                        ScevData::Add(_) => self.get_add(n, f, 0),
                        ScevData::Mul(_) => self.get_mul(n, f, 0),
                        ScevData::MinMax(k, _) => self.get_min_max(*k, n),
                        ScevData::AddRec(_, l) => {
                            let af = self.flags(s);
                            self.get_add_rec(n, *l, af)
                        }
                        _ => s,
                    }
                }
            }
        };
        memo.insert(s, r);
        r
    }
}
