//! Zero and sign extension (LLVM's `getZeroExtendExpr` and
//! `getSignExtendExpr`), including the proofs that let an extension move
//! inside an add recurrence: wrap flags, the loop's maximum trip count,
//! and loop guards.

use super::expr::{CastKind, NoWrap, Ops, Scev, ScevData, Ty};
use super::int::{CInt, MAX_BITS};
use super::ScalarEvolution;
use loopwright_ir::Predicate;
use smallvec::smallvec;

/// LLVM's `MaxCastDepth`.
const MAX_CAST_DEPTH: u32 = 8;

#[derive(Copy, Clone, PartialEq, Eq)]
enum Ext {
    Zero,
    Sign,
}

impl ScalarEvolution<'_> {
    fn ext(&mut self, k: Ext, op: Scev, ty: Ty, depth: u32) -> Scev {
        match k {
            Ext::Zero => self.get_zero_extend(op, ty, depth),
            Ext::Sign => self.get_sign_extend(op, ty, depth),
        }
    }

    /// LLVM's `getZeroExtendExpr`.
    pub fn get_zero_extend(&mut self, op: Scev, ty: Ty, depth: u32) -> Scev {
        if self.is_cnc(op) || self.ty(op).is_ptr() {
            return self.cnc;
        }
        let ty = self.effective_ty(ty);
        let bits = self.type_bits(ty);
        if bits <= self.bits_of(op) || bits > MAX_BITS {
            return if bits == self.bits_of(op) {
                op
            } else {
                self.cnc
            };
        }
        if let Some(&s) = self.fold_cache.get(&(0, op, ty)) {
            return s;
        }
        let s = self.zext_impl(op, ty, depth);
        if !matches!(self.data(s), ScevData::Cast(CastKind::ZExt, ..)) {
            self.fold_cache.insert((0, op, ty), s);
        }
        s
    }

    /// LLVM's `getSignExtendExpr`.
    pub fn get_sign_extend(&mut self, op: Scev, ty: Ty, depth: u32) -> Scev {
        if self.is_cnc(op) || self.ty(op).is_ptr() {
            return self.cnc;
        }
        let ty = self.effective_ty(ty);
        let bits = self.type_bits(ty);
        if bits <= self.bits_of(op) || bits > MAX_BITS {
            return if bits == self.bits_of(op) {
                op
            } else {
                self.cnc
            };
        }
        if let Some(&s) = self.fold_cache.get(&(1, op, ty)) {
            return s;
        }
        let s = self.sext_impl(op, ty, depth);
        if !matches!(self.data(s), ScevData::Cast(CastKind::SExt, ..)) {
            self.fold_cache.insert((1, op, ty), s);
        }
        s
    }

    fn make_cast(&mut self, k: CastKind, op: Scev, ty: Ty) -> Scev {
        self.intern(ScevData::Cast(k, op, ty), ty)
    }

    fn zext_impl(&mut self, op: Scev, ty: Ty, depth: u32) -> Scev {
        let bits = self.type_bits(ty);
        if let Some(c) = self.as_const(op) {
            return self.get_const(c.zext(bits));
        }
        if let ScevData::Cast(CastKind::ZExt, x, _) = *self.data(op) {
            return self.get_zero_extend(x, ty, depth + 1);
        }
        if let Some(s) = self.find_cast(CastKind::ZExt, op, ty) {
            return s;
        }
        if depth > MAX_CAST_DEPTH {
            return self.make_cast(CastKind::ZExt, op, ty);
        }
        // zext(trunc(x)) --> zext(x) or x or trunc(x).
        if let ScevData::Cast(CastKind::Trunc, x, tty) = *self.data(op) {
            let cr = self.unsigned_range(x);
            let tb = self.type_bits(tty);
            if cr
                .truncate(tb)
                .zero_extend(bits)
                .contains_range(&cr.zext_or_trunc(bits))
            {
                return self.get_truncate_or_zero_extend(x, ty, depth);
            }
        }
        if let ScevData::AddRec(ops, l) = self.data(op).clone() {
            if ops.len() == 2 {
                if let Some(r) = self.extend_add_rec(Ext::Zero, op, &ops, l, ty, depth) {
                    return r;
                }
            }
        }
        // zext(A % B) --> zext(A) % zext(B).
        if let Some((a, b)) = self.match_urem(op) {
            let za = self.get_zero_extend(a, ty, depth + 1);
            let zb = self.get_zero_extend(b, ty, depth + 1);
            return self.get_urem(za, zb);
        }
        match self.data(op).clone() {
            ScevData::UDiv(a, b) => {
                let za = self.get_zero_extend(a, ty, depth + 1);
                let zb = self.get_zero_extend(b, ty, depth + 1);
                return self.get_udiv(za, zb);
            }
            ScevData::Add(ops) => {
                if self.has_flags(op, NoWrap::NUW) {
                    let mut n: Ops = Ops::new();
                    for &o in ops.iter() {
                        n.push(self.get_zero_extend(o, ty, depth + 1));
                    }
                    return self.get_add(n, NoWrap::NUW, depth + 1);
                }
                if let Some(c) = self.as_const(ops[0]) {
                    let d = self.extract_constant_from_add(c, &ops);
                    if !d.is_zero() {
                        let dc = self.get_const(d);
                        let zd = self.get_zero_extend(dc, ty, depth);
                        let nd = self.get_const(d.neg());
                        let res = self.get_add(smallvec![nd, op], NoWrap::ANY, depth);
                        let zr = self.get_zero_extend(res, ty, depth + 1);
                        return self.get_add(smallvec![zd, zr], NoWrap(6), depth + 1);
                    }
                }
            }
            ScevData::Mul(ops) => {
                if self.has_flags(op, NoWrap::NUW) {
                    let mut n: Ops = Ops::new();
                    for &o in ops.iter() {
                        n.push(self.get_zero_extend(o, ty, depth + 1));
                    }
                    return self.get_mul(n, NoWrap::NUW, depth + 1);
                }
                // zext(2^K * (trunc X to iN)) to iM -> 2^K * (zext(trunc X to i{N-K}) to iM).
                if ops.len() == 2 {
                    if let (Some(c), ScevData::Cast(CastKind::Trunc, x, tty)) =
                        (self.as_const(ops[0]), self.data(ops[1]).clone())
                    {
                        if c.is_power_of_two() {
                            let nb = self.type_bits(tty) as i64 - i64::from(c.log2());
                            if nb > 0 {
                                let zc = self.get_zero_extend(ops[0], ty, 0);
                                let t = self.get_truncate(x, Ty::Int(nb as u32), 0);
                                let zt = self.get_zero_extend(t, ty, 0);
                                return self.get_mul(smallvec![zc, zt], NoWrap::NUW, depth + 1);
                            }
                        }
                    }
                }
            }
            ScevData::MinMax(
                k
                @ (super::MinMaxKind::UMin | super::MinMaxKind::UMax | super::MinMaxKind::SeqUMin),
                ops,
            ) => {
                let mut n: Ops = Ops::new();
                for &o in ops.iter() {
                    n.push(self.get_zero_extend(o, ty, 0));
                }
                return self.get_min_max(k, n);
            }
            _ => {}
        }
        self.make_cast(CastKind::ZExt, op, ty)
    }

    fn sext_impl(&mut self, op: Scev, ty: Ty, depth: u32) -> Scev {
        let bits = self.type_bits(ty);
        if let Some(c) = self.as_const(op) {
            return self.get_const(c.sext(bits));
        }
        match *self.data(op) {
            ScevData::Cast(CastKind::SExt, x, _) => return self.get_sign_extend(x, ty, depth + 1),
            ScevData::Cast(CastKind::ZExt, x, _) => return self.get_zero_extend(x, ty, depth + 1),
            _ => {}
        }
        if let Some(s) = self.find_cast(CastKind::SExt, op, ty) {
            return s;
        }
        if depth > MAX_CAST_DEPTH {
            return self.make_cast(CastKind::SExt, op, ty);
        }
        if let ScevData::Cast(CastKind::Trunc, x, tty) = *self.data(op) {
            let cr = self.signed_range(x);
            let tb = self.type_bits(tty);
            if cr
                .truncate(tb)
                .sign_extend(bits)
                .contains_range(&cr.sext_or_trunc(bits))
            {
                return self.get_truncate_or_sign_extend(x, ty, depth);
            }
        }
        if let ScevData::Add(ops) = self.data(op).clone() {
            if self.has_flags(op, NoWrap::NSW) {
                let mut n: Ops = Ops::new();
                for &o in ops.iter() {
                    n.push(self.get_sign_extend(o, ty, depth + 1));
                }
                return self.get_add(n, NoWrap::NSW, depth + 1);
            }
            if let Some(c) = self.as_const(ops[0]) {
                let d = self.extract_constant_from_add(c, &ops);
                if !d.is_zero() {
                    let dc = self.get_const(d);
                    let sd = self.get_sign_extend(dc, ty, depth);
                    let nd = self.get_const(d.neg());
                    let res = self.get_add(smallvec![nd, op], NoWrap::ANY, depth);
                    let sr = self.get_sign_extend(res, ty, depth + 1);
                    return self.get_add(smallvec![sd, sr], NoWrap(6), depth + 1);
                }
            }
        }
        if let ScevData::AddRec(ops, l) = self.data(op).clone() {
            if ops.len() == 2 {
                if let Some(r) = self.extend_add_rec(Ext::Sign, op, &ops, l, ty, depth) {
                    return r;
                }
            }
        }
        if self.is_known_non_negative(op) {
            return self.get_zero_extend(op, ty, depth + 1);
        }
        if let ScevData::MinMax(k @ (super::MinMaxKind::SMin | super::MinMaxKind::SMax), ops) =
            self.data(op).clone()
        {
            let mut n: Ops = Ops::new();
            for &o in ops.iter() {
                n.push(self.get_sign_extend(o, ty, 0));
            }
            return self.get_min_max(k, n);
        }
        self.make_cast(CastKind::SExt, op, ty)
    }

    fn find_cast(&self, k: CastKind, op: Scev, ty: Ty) -> Option<Scev> {
        self.interned.get(&ScevData::Cast(k, op, ty)).copied()
    }

    /// The largest low part `D` of constant `c` such that
    /// `D + (c - D + rest)` cannot wrap, given the trailing zeros of the
    /// other operands.
    fn extract_constant_from_add(&mut self, c: CInt, ops: &[Scev]) -> CInt {
        let bw = c.bits();
        let mut tz = bw;
        for &o in &ops[1..] {
            if tz == 0 {
                break;
            }
            tz = tz.min(self.min_trailing_zeros(o));
        }
        if tz == 0 {
            return CInt::zero(bw);
        }
        if tz < bw {
            c.trunc(tz).zext(bw)
        } else {
            c
        }
    }

    fn extract_constant_from_step(&mut self, c: CInt, step: Scev) -> CInt {
        let bw = c.bits();
        let tz = self.min_trailing_zeros(step);
        if tz == 0 {
            return CInt::zero(bw);
        }
        if tz < bw {
            c.trunc(tz).zext(bw)
        } else {
            c
        }
    }

    /// The extension of `{start,+,step}` when it can be moved inside the
    /// recurrence, or the split `ext(D) + ext({start-D,+,step})`.
    fn extend_add_rec(
        &mut self,
        k: Ext,
        ar: Scev,
        ops: &Ops,
        l: crate::loops::Loop,
        ty: Ty,
        depth: u32,
    ) -> Option<Scev> {
        let (start, step) = (ops[0], ops[1]);
        let bw = self.bits_of(ar);
        let wrap = if k == Ext::Zero {
            NoWrap::NUW
        } else {
            NoWrap::NSW
        };
        let inside = |se: &mut Self, step_ext: Ext| -> Scev {
            let s = se.extend_add_rec_start(k, ar, ty, depth + 1);
            let st = se.ext(step_ext, step, ty, depth + 1);
            let f = se.flags(ar);
            se.get_add_rec2(s, st, l, f)
        };
        if self.has_flags(ar, wrap) {
            return Some(inside(self, k));
        }
        let max_be = self.constant_max_btc(l);
        if !self.is_cnc(max_be) && 2 * bw <= MAX_BITS {
            let start_ty = self.ty(start);
            let casted = self.get_truncate_or_zero_extend(max_be, start_ty, depth);
            let max_ty = self.ty(max_be);
            let recast = self.get_truncate_or_zero_extend(casted, max_ty, depth);
            if recast == max_be {
                let wide = Ty::Int(bw * 2);
                let mul = self.get_mul(smallvec![casted, step], NoWrap::ANY, depth + 1);
                let sum = self.get_add(smallvec![start, mul], NoWrap::ANY, depth + 1);
                let ext_add = self.ext(k, sum, wide, depth + 1);
                let wide_start = self.ext(k, start, wide, depth + 1);
                let wide_max = self.get_zero_extend(casted, wide, depth + 1);
                let ext_step = self.ext(k, step, wide, depth + 1);
                let m = self.get_mul(smallvec![wide_max, ext_step], NoWrap::ANY, depth + 1);
                let oea = self.get_add(smallvec![wide_start, m], NoWrap::ANY, depth + 1);
                if ext_add == oea {
                    self.set_flags(ar, wrap);
                    return Some(inside(self, k));
                }
                // The same with the step treated with the other signedness.
                let other = if k == Ext::Zero { Ext::Sign } else { Ext::Zero };
                let ext_step2 = self.ext(other, step, wide, depth + 1);
                let m2 = self.get_mul(smallvec![wide_max, ext_step2], NoWrap::ANY, depth + 1);
                let oea2 = self.get_add(smallvec![wide_start, m2], NoWrap::ANY, depth + 1);
                if ext_add == oea2 {
                    self.set_flags(ar, NoWrap::NW);
                    return Some(inside(self, other));
                }
            }
        }
        if !self.is_cnc(max_be) {
            let nf = if k == Ext::Zero {
                self.prove_nuw_via_induction(ar)
            } else {
                self.prove_nsw_via_induction(ar)
            };
            self.set_flags(ar, nf);
            if self.has_flags(ar, wrap) {
                return Some(inside(self, k));
            }
            if k == Ext::Zero && self.is_known_negative(step) {
                let n = CInt::umax_value(bw).sub(self.signed_range(step).smin());
                let nc = self.get_const(n);
                if self.is_loop_backedge_guarded_by_cond(l, Predicate::Ugt, ar, nc)
                    || self.is_known_on_every_iteration(Predicate::Ugt, ar, nc)
                {
                    self.set_flags(ar, NoWrap::NW);
                    return Some(inside(self, Ext::Sign));
                }
            }
            if k == Ext::Sign {
                // Handled by prove_nsw_via_induction's guard checks.
            }
        }
        if let Some(c) = self.as_const(start) {
            let d = self.extract_constant_from_step(c, step);
            if !d.is_zero() {
                let dc = self.get_const(d);
                let ed = self.ext(k, dc, ty, depth);
                let rest = self.get_const(c.sub(d));
                let f = self.flags(ar);
                let residual = self.get_add_rec2(rest, step, l, f);
                let er = self.ext(k, residual, ty, depth + 1);
                return Some(self.get_add(smallvec![ed, er], NoWrap(6), depth + 1));
            }
        }
        None
    }

    /// LLVM's `getExtendAddRecStart`.
    fn extend_add_rec_start(&mut self, k: Ext, ar: Scev, ty: Ty, depth: u32) -> Scev {
        let start = self.ar_start(ar);
        match self.pre_start_for_extend(k, ar, depth) {
            Some(pre) => {
                let step = self.ar_step(ar);
                let es = self.ext(k, step, ty, depth);
                let ep = self.ext(k, pre, ty, depth);
                self.get_add(smallvec![es, ep], NoWrap::ANY, 0)
            }
            None => self.ext(k, start, ty, depth),
        }
    }

    fn pre_start_for_extend(&mut self, k: Ext, ar: Scev, depth: u32) -> Option<Scev> {
        let (ops, l) = self.as_add_rec(ar).map(|(o, l)| (Ops::from(o), l))?;
        let (start, step) = (ops[0], ops[1]);
        let ScevData::Add(sa) = self.data(start).clone() else {
            return None;
        };
        let mut diff = sa.clone();
        let pos = diff.iter().position(|&o| o == step)?;
        diff.remove(pos);
        let wrap = if k == Ext::Zero {
            NoWrap::NUW
        } else {
            NoWrap::NSW
        };
        let pre_flags = self.flags(start).mask(NoWrap::NUW);
        let pre_start = self.get_add(diff, pre_flags, 0);
        let pre_ar = self.get_add_rec2(pre_start, step, l, NoWrap::ANY);
        let pre_ar_ok = self.as_add_rec(pre_ar).is_some();
        if pre_ar_ok && self.flags(pre_ar).any_of(wrap) {
            return Some(pre_start);
        }
        let bw = self.bits_of(ar);
        if 2 * bw <= MAX_BITS {
            let wide = Ty::Int(bw * 2);
            let ep = self.ext(k, pre_start, wide, depth);
            let es = self.ext(k, step, wide, depth);
            let oes = self.get_add(smallvec![ep, es], NoWrap::ANY, 0);
            let ws = self.ext(k, start, wide, depth);
            if ws == oes {
                if pre_ar_ok && self.flags(ar).any_of(wrap) {
                    self.set_flags(pre_ar, wrap);
                }
                return Some(pre_start);
            }
        }
        // Loop precondition: PreStart + Step does not overflow on entry.
        let (pred, limit) = self.overflow_limit_for_step(k, step)?;
        if self.is_loop_entry_guarded_by_cond(l, pred, pre_start, limit) {
            return Some(pre_start);
        }
        None
    }

    fn overflow_limit_for_step(&mut self, k: Ext, step: Scev) -> Option<(Predicate, Scev)> {
        let bw = self.bits_of(step);
        if k == Ext::Sign {
            if self.is_known_positive(step) {
                let v = CInt::smin_value(bw).sub(self.signed_range(step).smax());
                return Some((Predicate::Slt, self.get_const(v)));
            }
            if self.is_known_negative(step) {
                let v = CInt::smax_value(bw).sub(self.signed_range(step).smin());
                return Some((Predicate::Sgt, self.get_const(v)));
            }
            None
        } else {
            if !self.is_known_positive(step) {
                return None;
            }
            let v = CInt::zero(bw).sub(self.unsigned_range(step).umax());
            Some((Predicate::Ult, self.get_const(v)))
        }
    }

    /// LLVM's `proveNoUnsignedWrapViaInduction`.
    pub(crate) fn prove_nuw_via_induction(&mut self, ar: Scev) -> NoWrap {
        let result = self.flags(ar);
        if result.has(NoWrap::NUW) || !self.is_affine(ar) || !self.nuw_tried.insert(ar) {
            return result;
        }
        let Some(l) = self.ar_loop(ar) else {
            return result;
        };
        let step = self.ar_step(ar);
        let bw = self.bits_of(ar);
        let max_be = self.constant_max_btc(l);
        if self.is_cnc(max_be) {
            return result;
        }
        if self.is_known_positive(step) {
            let n = CInt::zero(bw).sub(self.unsigned_range(step).umax());
            let nc = self.get_const(n);
            if self.is_loop_backedge_guarded_by_cond(l, Predicate::Ult, ar, nc)
                || self.is_known_on_every_iteration(Predicate::Ult, ar, nc)
            {
                return result.with(NoWrap::NUW);
            }
        }
        result
    }

    /// LLVM's `proveNoSignedWrapViaInduction`.
    pub(crate) fn prove_nsw_via_induction(&mut self, ar: Scev) -> NoWrap {
        let result = self.flags(ar);
        if result.has(NoWrap::NSW) || !self.is_affine(ar) || !self.nsw_tried.insert(ar) {
            return result;
        }
        let Some(l) = self.ar_loop(ar) else {
            return result;
        };
        let step = self.ar_step(ar);
        let bw = self.bits_of(ar);
        let max_be = self.constant_max_btc(l);
        if self.is_cnc(max_be) {
            return result;
        }
        let check = if self.is_known_positive(step) {
            let v = CInt::smin_value(bw).sub(self.signed_range(step).smax());
            Some((Predicate::Slt, v))
        } else if self.is_known_negative(step) {
            let v = CInt::smax_value(bw).sub(self.signed_range(step).smin());
            Some((Predicate::Sgt, v))
        } else {
            None
        };
        if let Some((pred, v)) = check {
            let nc = self.get_const(v);
            if self.is_loop_backedge_guarded_by_cond(l, pred, ar, nc)
                || self.is_known_on_every_iteration(pred, ar, nc)
            {
                return result.with(NoWrap::NSW);
            }
        }
        result
    }

    /// `{a,+,b}` evaluated one iteration later: `{a+b,+,b}`.
    pub(crate) fn post_inc(&mut self, ar: Scev) -> Scev {
        let Some((ops, l)) = self.as_add_rec(ar).map(|(o, l)| (Ops::from(o), l)) else {
            return self.cnc;
        };
        let step = self.ar_step(ar);
        let start = self.get_add2(ops[0], step, NoWrap::ANY);
        let mut n = ops.clone();
        n[0] = start;
        if n.len() > 2 {
            return self.cnc;
        }
        self.get_add_rec(n, l, NoWrap::ANY)
    }

    /// LLVM's `isKnownOnEveryIteration`.
    pub(crate) fn is_known_on_every_iteration(
        &mut self,
        pred: Predicate,
        ar: Scev,
        rhs: Scev,
    ) -> bool {
        let Some(l) = self.ar_loop(ar) else {
            return false;
        };
        let start = self.ar_start(ar);
        if !self.is_loop_entry_guarded_by_cond(l, pred, start, rhs) {
            return false;
        }
        let pi = self.post_inc(ar);
        self.is_loop_backedge_guarded_by_cond(l, pred, pi, rhs)
    }
}
