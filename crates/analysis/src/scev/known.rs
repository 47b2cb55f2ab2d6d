//! Facts about values: constant ranges of expressions (LLVM's
//! `getRangeRef`), known bits and sign bits of IR values (a small port of
//! the parts of `ValueTracking` that scalar evolution consults), and
//! constant multiples (`getConstantMultiple`).
//!
//! Ranges are cached per expression and signedness hint; the caches are
//! cleared whenever a loop's backedge-taken count becomes known, because
//! ranges of recurrences depend on it (LLVM forgets them the same way).

use super::expr::{CastKind, MinMaxKind, NoWrap, Scev, ScevData, Ty, UnkRef};
use super::int::{mask, CInt, MAX_BITS};
use super::range::{ConstantRange, PreferredRange};
use super::ScalarEvolution;
use loopwright_ir::{
    Attr, ConstData, GlobalRef, Inst, InstData, Md, Opcode, Operand, Predicate, TypeData, Value,
    ValueDef,
};

/// Known zero and one bits of a value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct KnownBits {
    pub bits: u32,
    pub zero: u128,
    pub one: u128,
}

impl KnownBits {
    pub fn unknown(bits: u32) -> Self {
        KnownBits {
            bits,
            zero: 0,
            one: 0,
        }
    }
    pub fn constant(c: CInt) -> Self {
        KnownBits {
            bits: c.bits(),
            zero: !c.u() & mask(c.bits()),
            one: c.u(),
        }
    }
    pub fn min_value(&self) -> CInt {
        CInt::new(self.bits, self.one)
    }
    pub fn max_value(&self) -> CInt {
        CInt::new(self.bits, !self.zero)
    }
    pub fn min_trailing_zeros(&self) -> u32 {
        let t = (!self.zero & mask(self.bits)).trailing_zeros();
        t.min(self.bits)
    }
    pub fn min_leading_zeros(&self) -> u32 {
        CInt::new(self.bits, self.zero).leading_ones()
    }
    pub(crate) fn intersect(self, o: KnownBits) -> KnownBits {
        KnownBits {
            bits: self.bits,
            zero: self.zero & o.zero,
            one: self.one & o.one,
        }
    }
    pub(crate) fn zext(self, bits: u32) -> KnownBits {
        KnownBits {
            bits,
            zero: (self.zero | (mask(bits) & !mask(self.bits))) & mask(bits),
            one: self.one,
        }
    }
    pub(crate) fn trunc(self, bits: u32) -> KnownBits {
        KnownBits {
            bits,
            zero: self.zero & mask(bits),
            one: self.one & mask(bits),
        }
    }
    pub(crate) fn sext(self, bits: u32) -> KnownBits {
        let top = 1u128 << (self.bits - 1);
        let ext = mask(bits) & !mask(self.bits);
        let mut r = KnownBits {
            bits,
            zero: self.zero,
            one: self.one,
        };
        if self.zero & top != 0 {
            r.zero |= ext;
        }
        if self.one & top != 0 {
            r.one |= ext;
        }
        r
    }
    pub(crate) fn add_sub(a: KnownBits, b: KnownBits, add: bool) -> KnownBits {
        let m = mask(a.bits);
        let (rhs, carry_zero, carry_one) = if add {
            (b, true, false)
        } else {
            (
                KnownBits {
                    bits: b.bits,
                    zero: b.one,
                    one: b.zero,
                },
                false,
                true,
            )
        };
        let psz = a
            .max_value()
            .u()
            .wrapping_add(rhs.max_value().u())
            .wrapping_add(u128::from(!carry_zero))
            & m;
        let pso = a
            .min_value()
            .u()
            .wrapping_add(rhs.min_value().u())
            .wrapping_add(u128::from(carry_one))
            & m;
        let ckz = !(psz ^ a.zero ^ rhs.zero) & m;
        let cko = (pso ^ a.one ^ rhs.one) & m;
        let known = (a.zero | a.one) & (rhs.zero | rhs.one) & (ckz | cko);
        KnownBits {
            bits: a.bits,
            zero: !psz & known & m,
            one: pso & known,
        }
    }
}

/// LLVM's `MaxAnalysisRecursionDepth`.
const MAX_DEPTH: u32 = 6;

/// Ranges of expressions.
impl ScalarEvolution<'_> {
    pub fn unsigned_range(&mut self, s: Scev) -> ConstantRange {
        self.range(s, false, 0)
    }
    pub fn signed_range(&mut self, s: Scev) -> ConstantRange {
        self.range(s, true, 0)
    }
    pub fn is_known_non_negative(&mut self, s: Scev) -> bool {
        !self.signed_range(s).smin().is_negative()
    }
    pub fn is_known_positive(&mut self, s: Scev) -> bool {
        self.signed_range(s).smin().is_strictly_positive()
    }
    pub fn is_known_negative(&mut self, s: Scev) -> bool {
        self.signed_range(s).smax().is_negative()
    }
    pub fn is_known_non_positive(&mut self, s: Scev) -> bool {
        !self.signed_range(s).smax().is_strictly_positive()
    }
    pub fn is_known_non_zero(&mut self, s: Scev) -> bool {
        !self.unsigned_range(s).umin().is_zero()
    }

    /// Forgets cached ranges and fold results (after a loop's count
    /// became known).
    pub(crate) fn forget_ranges(&mut self) {
        self.urange.clear();
        self.srange.clear();
        self.fold_cache.clear();
    }

    fn range(&mut self, s: Scev, signed: bool, depth: u32) -> ConstantRange {
        let cache = if signed { &self.srange } else { &self.urange };
        if let Some(r) = cache.get(&s) {
            return *r;
        }
        let r = self.compute_range(s, signed, depth);
        let cache = if signed {
            &mut self.srange
        } else {
            &mut self.urange
        };
        cache.insert(s, r);
        r
    }

    fn compute_range(&mut self, s: Scev, signed: bool, depth: u32) -> ConstantRange {
        if let Some(c) = self.as_const(s) {
            return ConstantRange::single(c);
        }
        let bits = self.bits_of(s);
        if self.is_cnc(s) || bits == 0 || bits > MAX_BITS {
            return ConstantRange::full(bits.clamp(1, MAX_BITS));
        }
        let pref = if signed {
            PreferredRange::Signed
        } else {
            PreferredRange::Unsigned
        };
        let mut cons = ConstantRange::full(bits);
        if depth > 64 {
            return cons;
        }
        if !signed {
            let multiple = self.non_zero_constant_multiple(s);
            let rem = CInt::umax_value(bits)
                .urem(multiple)
                .unwrap_or(CInt::zero(bits));
            if !rem.is_zero() {
                cons = ConstantRange::new(
                    CInt::zero(bits),
                    CInt::umax_value(bits).sub(rem).add(CInt::one(bits)),
                );
            }
        } else {
            let tz = self.min_trailing_zeros(s);
            if tz != 0 && tz < bits {
                let hi = CInt::smax_value(bits).ashr(tz).shl(tz).add(CInt::one(bits));
                cons = ConstantRange::new(CInt::smin_value(bits), hi);
            }
        }
        let data = self.data(s).clone();
        match data {
            ScevData::Const(_) | ScevData::CouldNotCompute => cons,
            ScevData::Cast(k, op, _) => {
                let x = self.range(op, signed, depth + 1);
                let r = match k {
                    CastKind::Trunc => x.truncate(bits),
                    CastKind::ZExt => x.zero_extend(bits),
                    CastKind::SExt => x.sign_extend(bits),
                    CastKind::PtrToInt => return x,
                };
                cons.intersect(&r, pref)
            }
            ScevData::Add(ops) => {
                let f = self.flags(s);
                let mut x = self.range(ops[0], signed, depth + 1);
                for &o in &ops[1..] {
                    let y = self.range(o, signed, depth + 1);
                    x = x.add_with_no_wrap(&y, f.has(NoWrap::NUW), f.has(NoWrap::NSW), pref);
                }
                cons.intersect(&x, pref)
            }
            ScevData::Mul(ops) => {
                let mut x = self.range(ops[0], signed, depth + 1);
                for &o in &ops[1..] {
                    let y = self.range(o, signed, depth + 1);
                    x = x.multiply(&y);
                }
                cons.intersect(&x, pref)
            }
            ScevData::UDiv(a, b) => {
                let x = self.range(a, signed, depth + 1);
                let y = self.range(b, signed, depth + 1);
                cons.intersect(&x.udiv(&y), pref)
            }
            ScevData::MinMax(k, ops) => {
                let mut x = self.range(ops[0], signed, depth + 1);
                for &o in &ops[1..] {
                    let y = self.range(o, signed, depth + 1);
                    x = match k {
                        MinMaxKind::UMax => x.umax_range(&y),
                        MinMaxKind::SMax => x.smax_range(&y),
                        MinMaxKind::SMin => x.smin_range(&y),
                        MinMaxKind::UMin | MinMaxKind::SeqUMin => x.umin_range(&y),
                    };
                }
                cons.intersect(&x, pref)
            }
            ScevData::AddRec(ops, l) => self.add_rec_range(s, &ops, l, signed, cons, pref),
            ScevData::Unknown(u) => self.unknown_range(s, u, signed, cons, pref, depth),
        }
    }

    fn add_rec_range(
        &mut self,
        s: Scev,
        ops: &[Scev],
        l: crate::loops::Loop,
        signed: bool,
        mut cons: ConstantRange,
        pref: PreferredRange,
    ) -> ConstantRange {
        let bits = self.bits_of(s);
        let f = self.flags(s);
        if f.has(NoWrap::NUW) {
            let umin = self.unsigned_range(ops[0]).umin();
            if !umin.is_zero() {
                cons = cons.intersect(&ConstantRange::new(umin, CInt::zero(bits)), pref);
            }
        }
        if f.has(NoWrap::NSW) {
            let mut all_non_neg = true;
            let mut all_non_pos = true;
            for &o in &ops[1..] {
                if !self.is_known_non_negative(o) {
                    all_non_neg = false;
                }
                if !self.is_known_non_positive(o) {
                    all_non_pos = false;
                }
            }
            if all_non_neg {
                let smin = self.signed_range(ops[0]).smin();
                cons = cons.intersect(
                    &ConstantRange::non_empty(smin, CInt::smin_value(bits)),
                    pref,
                );
            } else if all_non_pos {
                let smax = self.signed_range(ops[0]).smax();
                cons = cons.intersect(
                    &ConstantRange::non_empty(CInt::smin_value(bits), smax.add(CInt::one(bits))),
                    pref,
                );
            }
        }
        if ops.len() == 2 {
            let max_be = self.constant_max_btc(l);
            if let Some(mut m) = self.as_const(max_be) {
                if m.bits() > bits && m.active_bits() <= bits {
                    m = m.trunc(bits);
                } else if m.bits() < bits {
                    m = m.zext(bits);
                }
                if m.bits() == bits {
                    let r = self.range_for_affine_ar(ops[0], ops[1], m);
                    cons = cons.intersect(&r, pref);
                }
            }
            let sym = self.symbolic_max_btc(l);
            if !self.is_cnc(sym)
                && !self.is_cnc(max_be)
                && self.bits_of(max_be) <= bits
                && self.has_flags(s, NoWrap::NW)
            {
                let r = self.range_for_affine_no_self_wrap(s, sym, bits, signed);
                cons = cons.intersect(&r, pref);
            }
        }
        cons
    }

    fn range_for_affine_ar(&mut self, start: Scev, step: Scev, max_be: CInt) -> ConstantRange {
        let ssr = self.signed_range(start);
        let stsr = self.signed_range(step);
        let sr = affine_helper(stsr.smin(), &ssr, max_be, true).union(
            &affine_helper(stsr.smax(), &ssr, max_be, true),
            PreferredRange::Smallest,
        );
        let usr = self.unsigned_range(start);
        let stumax = self.unsigned_range(step).umax();
        let ur = affine_helper(stumax, &usr, max_be, false);
        sr.intersect(&ur, PreferredRange::Smallest)
    }

    fn range_for_affine_no_self_wrap(
        &mut self,
        ar: Scev,
        max_be: Scev,
        bits: u32,
        signed: bool,
    ) -> ConstantRange {
        let full = ConstantRange::full(bits);
        let step = self.ar_step(ar);
        if self.as_const(step).is_none() {
            return full;
        }
        if self.bits_of(max_be) > bits {
            return full;
        }
        let t = self.ty(ar);
        let max_be = self.get_noop_or_zero_extend(max_be, t);
        let width = self.get_minus_one(t);
        let neg = self.get_negative(step, NoWrap::ANY);
        let abs = self.get_umin(step, neg, false);
        let max_iters = self.get_udiv(width, abs);
        if !self.is_known_predicate_via_constant_ranges(Predicate::Ule, max_be, max_iters) {
            return full;
        }
        let (le, ge) = if signed {
            (Predicate::Sle, Predicate::Sge)
        } else {
            (Predicate::Ule, Predicate::Uge)
        };
        let end = self.evaluate_at_iteration(ar, max_be);
        let start = self.ar_start(ar);
        let sr = self.range(start, signed, 0);
        let er = self.range(end, signed, 0);
        let between = sr.union(&er, PreferredRange::Smallest);
        if between.is_full() {
            return between;
        }
        let wrapped = if signed {
            between.is_sign_wrapped()
        } else {
            between.is_wrapped()
        };
        if wrapped {
            return full;
        }
        if self.is_known_positive(step)
            && self.is_known_predicate_via_constant_ranges(le, start, end)
        {
            return between;
        }
        if self.is_known_negative(step)
            && self.is_known_predicate_via_constant_ranges(ge, start, end)
        {
            return between;
        }
        full
    }

    /// The value of an affine recurrence after `it` iterations.
    pub fn evaluate_at_iteration(&mut self, ar: Scev, it: Scev) -> Scev {
        let Some((ops, _)) = self.as_add_rec(ar).map(|(o, l)| (o.to_vec(), l)) else {
            return self.cnc;
        };
        if ops.len() != 2 {
            return self.evaluate_poly_at_iteration(&ops, it);
        }
        let m = self.get_mul2(it, ops[1], NoWrap::ANY);
        self.get_add2(ops[0], m, NoWrap::ANY)
    }

    /// `sum_k op_k * C(it, k)` for a recurrence of any order (LLVM's
    /// `evaluateAtIteration`), computed with binomial coefficients when
    /// exact (orders up to 3).
    fn evaluate_poly_at_iteration(&mut self, ops: &[Scev], it: Scev) -> Scev {
        if ops.len() > 3 {
            return self.cnc;
        }
        let t = self.ty(it);
        let bits = self.type_bits(t);
        if bits + 1 > MAX_BITS {
            return self.cnc;
        }
        // C(it, 2) = it * (it - 1) / 2, computed in one more bit.
        let wide = Ty::Int(bits + 1);
        let wit = self.get_zero_extend(it, wide, 0);
        let one = self.get_one(wide);
        let itm1 = self.get_minus(wit, one, NoWrap::ANY);
        let prod = self.get_mul2(wit, itm1, NoWrap::ANY);
        let two = self.get_const_ty(wide, 2);
        let c2w = self.get_udiv(prod, two);
        let c2 = self.get_truncate(c2w, t, 0);
        let a = ops[0];
        let b = self.get_mul2(it, ops[1], NoWrap::ANY);
        let c = self.get_mul2(c2, ops[2], NoWrap::ANY);
        let s = self.get_add2(a, b, NoWrap::ANY);
        self.get_add2(s, c, NoWrap::ANY)
    }

    fn unknown_range(
        &mut self,
        s: Scev,
        u: UnkRef,
        signed: bool,
        mut cons: ConstantRange,
        pref: PreferredRange,
        depth: u32,
    ) -> ConstantRange {
        let bits = self.bits_of(s);
        let UnkRef::Value(v) = u else {
            if let UnkRef::Const(c) = u {
                if !signed && self.ty(s).is_ptr() {
                    if let Some(r) = self.global_pointer_range(c, bits) {
                        cons = cons.intersect(&r, pref);
                    }
                }
            }
            return cons;
        };
        if let Some(r) = self.metadata_range(v, bits) {
            cons = cons.intersect(&r, pref);
        }
        let kb = self.known_bits_value(v, 0);
        let kb = if kb.bits == bits {
            kb
        } else if kb.bits > bits {
            kb.trunc(bits)
        } else {
            kb.zext(bits)
        };
        let ns = self.num_sign_bits(v, 0).min(bits);
        let mut kb2 = kb;
        if ns > 1 {
            let hi = mask(bits) & !mask(bits - ns);
            if kb2.zero & hi != 0 {
                kb2.zero |= hi;
            }
            if kb2.one & hi != 0 {
                kb2.one |= hi;
            }
        }
        if kb2.min_value() != kb2.max_value().add(CInt::one(bits)) {
            cons = cons.intersect(
                &ConstantRange::non_empty(kb2.min_value(), kb2.max_value().add(CInt::one(bits))),
                pref,
            );
        }
        if ns > 1 {
            cons = cons.intersect(
                &ConstantRange::new(
                    CInt::smin_value(bits).ashr(ns - 1),
                    CInt::smax_value(bits).ashr(ns - 1).add(CInt::one(bits)),
                ),
                pref,
            );
        }
        if !signed && self.ty(s).is_ptr() {
            if let Some(r) = self.object_pointer_range(v, bits) {
                cons = cons.intersect(&r, pref);
            }
        }
        // A phi's range is within the union of its incoming values'.
        if let ValueDef::Result(i) = self.f.value_def(v) {
            if self.f.inst(i).opcode == Opcode::Phi && self.pending_phi_ranges.insert(v) {
                let mut from_ops = ConstantRange::empty(bits);
                let ops: Vec<Operand> = self
                    .f
                    .inst(i)
                    .operands()
                    .iter()
                    .step_by(2)
                    .copied()
                    .collect();
                for o in ops {
                    let os = self.get_scev(o);
                    if self.is_cnc(os) || self.bits_of(os) != bits {
                        from_ops = ConstantRange::full(bits);
                        break;
                    }
                    let r = self.range(os, signed, depth + 1);
                    from_ops = from_ops.union(&r, pref);
                    if from_ops.is_full() {
                        break;
                    }
                }
                cons = cons.intersect(&from_ops, pref);
                self.pending_phi_ranges.remove(&v);
            }
        }
        cons
    }

    fn attr_int(&self, set: loopwright_ir::AttrSet, name: &str) -> Option<u64> {
        self.m.attrs.get(set).iter().find_map(|a| match a {
            Attr::Int(k, n) if &**k == name => Some(*n),
            _ => None,
        })
    }

    /// (dereferenceable bytes, known non-null, alignment) of a pointer
    /// value that points to an object of known size.
    fn object_facts(&self, v: Value) -> Option<(u64, bool, u64)> {
        match self.f.value_def(v) {
            ValueDef::Param(i) => {
                let set = *self.f.param_attrs.get(i as usize)?;
                let deref = self.attr_int(set, "dereferenceable")?;
                let align = self.attr_int(set, "align").unwrap_or(1);
                Some((deref, true, align))
            }
            ValueDef::Result(i) => {
                let d = self.f.inst(i);
                match d.opcode {
                    Opcode::Call | Opcode::Invoke => {
                        let ci = d.call_info()?;
                        let deref = self.attr_int(ci.ret_attrs, "dereferenceable")?;
                        let align = self.attr_int(ci.ret_attrs, "align").unwrap_or(1);
                        Some((deref, true, align))
                    }
                    Opcode::Alloca => {
                        let loopwright_ir::Extra::Alloca(a) = &d.extra else {
                            return None;
                        };
                        let n = self.const_int_of(d.operands()[0])?.u();
                        let size = self.dl.alloc_size(&self.m.types, a.allocated_ty);
                        let align = a.align.unwrap_or(1);
                        Some(((n as u64).saturating_mul(size), true, align))
                    }
                    _ => None,
                }
            }
            ValueDef::Placeholder => None,
        }
    }

    fn object_pointer_range(&self, v: Value, bits: u32) -> Option<ConstantRange> {
        let (size, nonnull, align) = self.object_facts(v)?;
        if size <= 1 || bits > 64 || (bits < 64 && size >= 1u64 << bits) {
            return None;
        }
        let align = align.max(1);
        let maxv = CInt::umax_value(bits).sub(CInt::new(bits, u128::from(size)));
        let rem = maxv.urem(CInt::new(bits, u128::from(align)))?;
        let maxv = maxv.sub(rem);
        let minv = if nonnull {
            CInt::new(bits, u128::from(align))
        } else {
            CInt::zero(bits)
        };
        Some(ConstantRange::non_empty(minv, maxv.add(CInt::one(bits))))
    }

    fn global_pointer_range(&self, c: loopwright_ir::Const, bits: u32) -> Option<ConstantRange> {
        let ConstData::Global {
            global: GlobalRef::Var(g),
            ..
        } = self.m.consts.data(c)
        else {
            return None;
        };
        let gv = &self.m.globals[*g];
        if matches!(gv.common.linkage, loopwright_ir::Linkage::ExternWeak) {
            return None;
        }
        let size = self.dl.store_size(&self.m.types, gv.value_ty);
        if size <= 1 || bits > 64 || (bits < 64 && size >= 1u64 << bits) {
            return None;
        }
        let align = gv
            .common
            .align
            .unwrap_or_else(|| self.dl.abi_align(&self.m.types, gv.value_ty))
            .max(1);
        let maxv = CInt::umax_value(bits).sub(CInt::new(bits, u128::from(size)));
        let rem = maxv.urem(CInt::new(bits, u128::from(align)))?;
        let maxv = maxv.sub(rem);
        Some(ConstantRange::non_empty(
            CInt::new(bits, u128::from(align)),
            maxv.add(CInt::one(bits)),
        ))
    }

    /// `!range` metadata on a load or call, or a `range` return attribute.
    pub(crate) fn metadata_range(&self, v: Value, bits: u32) -> Option<ConstantRange> {
        let ValueDef::Result(i) = self.f.value_def(v) else {
            return None;
        };
        let d = self.f.inst(i);
        if !matches!(d.opcode, Opcode::Load | Opcode::Call | Opcode::Invoke) {
            return None;
        }
        let kind = self.m.md.find_kind("range")?;
        let node = d.md.get(kind)?;
        let ops = self.m.md.tuple_ops(node)?;
        let mut out: Option<ConstantRange> = None;
        for pair in ops.chunks(2) {
            let (Some(Some(Md::Const(lo))), Some(Some(Md::Const(hi)))) =
                (pair.first(), pair.get(1))
            else {
                return None;
            };
            let lo = self.m.consts.as_apint(*lo)?;
            let hi = self.m.consts.as_apint(*hi)?;
            if lo.bits() != bits || bits > MAX_BITS {
                return None;
            }
            let l = CInt::new(bits, apint_u128(lo)?);
            let h = CInt::new(bits, apint_u128(hi)?);
            let r = ConstantRange::new(l, h);
            out = Some(match out {
                None => r,
                Some(o) => o.union(&r, PreferredRange::Smallest),
            });
        }
        out
    }
}

fn apint_u128(a: &loopwright_ir::ApInt) -> Option<u128> {
    let w = a.words();
    let lo = u128::from(*w.first()?);
    let hi = u128::from(w.get(1).copied().unwrap_or(0));
    Some(lo | (hi << 64))
}

fn affine_helper(step: CInt, start: &ConstantRange, max_be: CInt, signed: bool) -> ConstantRange {
    let bits = step.bits();
    if step.is_zero() || max_be.is_zero() {
        return *start;
    }
    if start.is_full() {
        return ConstantRange::full(bits);
    }
    let descending = signed && step.is_negative();
    let step = if signed { step.abs() } else { step };
    let q = CInt::umax_value(bits)
        .udiv(step)
        .unwrap_or(CInt::zero(bits));
    if q.ult(max_be) {
        return ConstantRange::full(bits);
    }
    let offset = step.mul(max_be);
    let lo = start.lower();
    let hi = start.upper().sub(CInt::one(bits));
    let moved = if descending {
        lo.sub(offset)
    } else {
        hi.add(offset)
    };
    if start.contains(moved) {
        return ConstantRange::full(bits);
    }
    let (nl, nu) = if descending { (moved, hi) } else { (lo, moved) };
    ConstantRange::non_empty(nl, nu.add(CInt::one(bits)))
}

/// Constant multiples.
impl ScalarEvolution<'_> {
    /// The largest constant known to divide `s` (0 for zero).
    pub fn constant_multiple(&mut self, s: Scev) -> CInt {
        if let Some(&m) = self.multiple.get(&s) {
            return m;
        }
        let m = self.compute_multiple(s);
        self.multiple.insert(s, m);
        m
    }

    pub fn non_zero_constant_multiple(&mut self, s: Scev) -> CInt {
        let m = self.constant_multiple(s);
        if m.is_zero() {
            CInt::one(m.bits())
        } else {
            m
        }
    }

    pub fn min_trailing_zeros(&mut self, s: Scev) -> u32 {
        let m = self.constant_multiple(s);
        m.trailing_zeros().min(self.bits_of(s))
    }

    fn compute_multiple(&mut self, s: Scev) -> CInt {
        let bits = self.bits_of(s).clamp(1, MAX_BITS);
        let shifted = |tz: u32| {
            if tz >= bits {
                CInt::zero(bits)
            } else {
                CInt::one(bits).shl(tz)
            }
        };
        match self.data(s).clone() {
            ScevData::Const(c) => c,
            ScevData::CouldNotCompute => CInt::one(bits),
            ScevData::Cast(CastKind::PtrToInt, op, _) => {
                let m = self.constant_multiple(op);
                m.zext_or_trunc(bits)
            }
            ScevData::UDiv(..) => CInt::one(bits),
            ScevData::Cast(CastKind::Trunc, op, _) => {
                let tz = self.min_trailing_zeros(op);
                shifted(tz)
            }
            ScevData::Cast(CastKind::ZExt, op, _) => self.constant_multiple(op).zext(bits),
            ScevData::Cast(CastKind::SExt, op, _) => self.constant_multiple(op).sext(bits),
            ScevData::Mul(ops) => {
                if self.has_flags(s, NoWrap::NUW) {
                    let mut r = self.constant_multiple(ops[0]);
                    for &o in &ops[1..] {
                        r = r.mul(self.constant_multiple(o));
                    }
                    return r;
                }
                let mut tz = 0u32;
                for &o in ops.iter() {
                    tz = tz.saturating_add(self.min_trailing_zeros(o));
                }
                shifted(tz)
            }
            ScevData::Add(ops) | ScevData::AddRec(ops, _) => {
                if self.has_flags(s, NoWrap::NUW) {
                    return self.gcd_multiple(&ops);
                }
                let mut tz = self.min_trailing_zeros(ops[0]);
                for &o in &ops[1..] {
                    tz = tz.min(self.min_trailing_zeros(o));
                }
                shifted(tz)
            }
            ScevData::MinMax(_, ops) => self.gcd_multiple(&ops),
            ScevData::Unknown(u) => {
                let tz = match u {
                    UnkRef::Value(v) => self.known_bits_value(v, 0).min_trailing_zeros(),
                    UnkRef::Const(c) => self.known_bits_const(c).min_trailing_zeros(),
                };
                shifted(tz)
            }
        }
    }

    fn gcd_multiple(&mut self, ops: &[Scev]) -> CInt {
        let mut r = self.constant_multiple(ops[0]);
        for &o in &ops[1..] {
            if r.is_one() {
                break;
            }
            r = r.gcd(self.constant_multiple(o));
        }
        r
    }
}

/// Known bits and sign bits of IR values.
impl ScalarEvolution<'_> {
    pub(crate) fn value_bits(&self, v: Value) -> u32 {
        let t = self.f.value_type(v);
        match self.m.types.data(t) {
            TypeData::Int(b) => *b,
            TypeData::Ptr(a) => self.dl.pointer_bits(*a),
            _ => 0,
        }
    }

    fn operand_bits(&self, o: Operand) -> u32 {
        let t = self.f.operand_type(o, &self.m.consts);
        match self.m.types.data(t) {
            TypeData::Int(b) => *b,
            TypeData::Ptr(a) => self.dl.pointer_bits(*a),
            _ => 0,
        }
    }

    fn known_bits_const(&self, c: loopwright_ir::Const) -> KnownBits {
        let t = self.m.consts.ty(c);
        let bits = match self.m.types.data(t) {
            TypeData::Int(b) => *b,
            TypeData::Ptr(a) => self.dl.pointer_bits(*a),
            _ => 0,
        };
        if bits == 0 || bits > MAX_BITS {
            return KnownBits::unknown(bits.clamp(1, MAX_BITS));
        }
        match self.m.consts.data(c) {
            ConstData::Int { val, .. } => match apint_u128(val) {
                Some(x) => KnownBits::constant(CInt::new(bits, x)),
                None => KnownBits::unknown(bits),
            },
            ConstData::Null(_) | ConstData::Zero(_) => KnownBits::constant(CInt::zero(bits)),
            ConstData::Global {
                global: GlobalRef::Var(g),
                ..
            } => {
                let gv = &self.m.globals[*g];
                let align = gv
                    .common
                    .align
                    .unwrap_or_else(|| self.dl.abi_align(&self.m.types, gv.value_ty).max(1));
                let mut k = KnownBits::unknown(bits);
                if align.is_power_of_two() {
                    k.zero = mask(align.trailing_zeros().min(bits));
                }
                k
            }
            _ => KnownBits::unknown(bits),
        }
    }

    fn known_bits_operand(&mut self, o: Operand, depth: u32) -> KnownBits {
        match o {
            Operand::Value(v) => self.known_bits_value(v, depth),
            Operand::Const(c) => self.known_bits_const(c),
            _ => KnownBits::unknown(1),
        }
    }

    /// Known bits of an IR value (a subset of LLVM's `computeKnownBits`).
    pub(crate) fn known_bits_value(&mut self, v: Value, depth: u32) -> KnownBits {
        let bits = self.value_bits(v).clamp(1, MAX_BITS);
        if depth == 0 {
            if let Some(k) = self.known_bits_cache.get(&v) {
                return *k;
            }
        }
        let r = self.compute_known_bits(v, bits, depth);
        if depth == 0 {
            self.known_bits_cache.insert(v, r);
        }
        r
    }

    fn param_align(&self, i: u32) -> Option<u64> {
        let set = *self.f.param_attrs.get(i as usize)?;
        self.m.attrs.get(set).iter().find_map(|a| match a {
            Attr::Int(k, n) if &**k == "align" => Some(*n),
            _ => None,
        })
    }

    fn compute_known_bits(&mut self, v: Value, bits: u32, depth: u32) -> KnownBits {
        let unknown = KnownBits::unknown(bits);
        if self.value_bits(v) > MAX_BITS || self.value_bits(v) == 0 {
            return unknown;
        }
        let inst = match self.f.value_def(v) {
            ValueDef::Result(i) => i,
            ValueDef::Param(p) => {
                let mut k = unknown;
                if let Some(a) = self.param_align(p) {
                    if a.is_power_of_two() {
                        k.zero = mask(a.trailing_zeros().min(bits));
                    }
                }
                return k;
            }
            ValueDef::Placeholder => return unknown,
        };
        if depth >= MAX_DEPTH {
            return unknown;
        }
        let d: &InstData = self.f.inst(inst);
        let ops = d.operands();
        let op = |i: usize| ops.get(i).copied();
        let kb = |se: &mut Self, o: Option<Operand>| match o {
            Some(o) => se.known_bits_operand(o, depth + 1),
            None => KnownBits::unknown(bits),
        };
        let mut r = match d.opcode {
            Opcode::And => {
                let (a, b) = (kb(self, op(0)), kb(self, op(1)));
                KnownBits {
                    bits,
                    zero: a.zero | b.zero,
                    one: a.one & b.one,
                }
            }
            Opcode::Or => {
                let (a, b) = (kb(self, op(0)), kb(self, op(1)));
                KnownBits {
                    bits,
                    zero: a.zero & b.zero,
                    one: a.one | b.one,
                }
            }
            Opcode::Xor => {
                let (a, b) = (kb(self, op(0)), kb(self, op(1)));
                KnownBits {
                    bits,
                    zero: (a.zero & b.zero) | (a.one & b.one),
                    one: (a.zero & b.one) | (a.one & b.zero),
                }
            }
            Opcode::Shl | Opcode::LShr | Opcode::AShr => {
                let a = kb(self, op(0));
                let Some(n) = op(1).and_then(|o| self.const_int_of(o)) else {
                    return self.shift_unknown(d.opcode, a, bits);
                };
                let n = n.u().min(u128::from(bits)) as u32;
                if n >= bits {
                    return unknown;
                }
                match d.opcode {
                    Opcode::Shl => KnownBits {
                        bits,
                        zero: ((a.zero << n) | mask(n)) & mask(bits),
                        one: (a.one << n) & mask(bits),
                    },
                    Opcode::LShr => KnownBits {
                        bits,
                        zero: (a.zero >> n) | (mask(bits) & !(mask(bits) >> n)),
                        one: a.one >> n,
                    },
                    _ => {
                        let sz = CInt::new(bits, a.zero).ashr(n).u();
                        let so = CInt::new(bits, a.one).ashr(n).u();
                        KnownBits {
                            bits,
                            zero: sz,
                            one: so,
                        }
                    }
                }
            }
            Opcode::Add | Opcode::Sub => {
                let (a, b) = (kb(self, op(0)), kb(self, op(1)));
                KnownBits::add_sub(a, b, d.opcode == Opcode::Add)
            }
            Opcode::Mul => {
                let (a, b) = (kb(self, op(0)), kb(self, op(1)));
                let tz = (a.min_trailing_zeros() + b.min_trailing_zeros()).min(bits);
                let mut k = unknown;
                k.zero = mask(tz);
                if let (Some(x), Some(y)) = (single(a), single(b)) {
                    k = KnownBits::constant(x.mul(y));
                }
                k
            }
            Opcode::UDiv => {
                let a = kb(self, op(0));
                let b = kb(self, op(1));
                let lz = a.min_leading_zeros();
                let mut k = unknown;
                // The quotient is at most the dividend; dividing by at least
                // 2^m adds m leading zeros.
                let extra = if b.one != 0 {
                    127 - b.one.leading_zeros()
                } else {
                    0
                };
                let z = (lz + extra).min(bits);
                k.zero = mask(bits) & !mask(bits - z);
                k
            }
            Opcode::URem => {
                let a = kb(self, op(0));
                if let Some(c) = op(1).and_then(|o| self.const_int_of(o)) {
                    if c.is_power_of_two() {
                        let m = c.u() - 1;
                        return KnownBits {
                            bits,
                            zero: a.zero | (!m & mask(bits)),
                            one: a.one & m,
                        };
                    }
                    if !c.is_zero() {
                        let lz = CInt::new(bits, c.u() - 1).leading_zeros();
                        let mut k = unknown;
                        k.zero = mask(bits) & !mask(bits - lz);
                        return k;
                    }
                }
                let b = kb(self, op(1));
                let lz = a.min_leading_zeros().max(b.min_leading_zeros());
                let mut k = unknown;
                k.zero = mask(bits) & !mask(bits - lz);
                k
            }
            Opcode::ZExt => {
                let mut a = kb(self, op(0));
                if d.flags.contains(loopwright_ir::Flags::NNEG) && a.bits >= 1 {
                    a.zero |= 1u128 << (a.bits - 1);
                    a.one &= !(1u128 << (a.bits - 1));
                }
                a.zext(bits)
            }
            Opcode::SExt => {
                let a = kb(self, op(0));
                a.sext(bits)
            }
            Opcode::Trunc => {
                let a = kb(self, op(0));
                if a.bits > bits {
                    a.trunc(bits)
                } else {
                    unknown
                }
            }
            Opcode::PtrToInt | Opcode::IntToPtr | Opcode::BitCast | Opcode::Freeze => {
                let a = kb(self, op(0));
                if a.bits == bits {
                    a
                } else if a.bits > bits {
                    a.trunc(bits)
                } else {
                    a.zext(bits)
                }
            }
            Opcode::Select => {
                let (a, b) = (kb(self, op(1)), kb(self, op(2)));
                a.intersect(b)
            }
            Opcode::Phi => {
                if let Some(k) = self.recurrence_known_bits(v, ops, bits, depth) {
                    return k;
                }
                if depth + 1 >= MAX_DEPTH {
                    return unknown;
                }
                let incoming: Vec<Operand> = ops.iter().step_by(2).copied().collect();
                let mut acc: Option<KnownBits> = None;
                for o in incoming {
                    if o == Operand::Value(v) {
                        continue;
                    }
                    // Incoming values are analysed one level deeper, as
                    // LLVM does (with its own stricter depth budget).
                    let k = self.known_bits_operand(o, MAX_DEPTH - 1);
                    acc = Some(match acc {
                        None => k,
                        Some(x) => x.intersect(k),
                    });
                    if acc.is_some_and(|x| x.zero == 0 && x.one == 0) {
                        break;
                    }
                }
                acc.unwrap_or(unknown)
            }
            Opcode::Call | Opcode::Invoke => {
                let mut k = self.call_known_bits(inst, d, bits, depth);
                if let Some(ci) = d.call_info() {
                    if let Some(a) = self.attr_int(ci.ret_attrs, "align") {
                        if a.is_power_of_two() {
                            k.zero |= mask(a.trailing_zeros().min(bits));
                        }
                    }
                }
                k
            }
            Opcode::Alloca => {
                let mut k = unknown;
                if let loopwright_ir::Extra::Alloca(a) = &d.extra {
                    let al = a
                        .align
                        .unwrap_or_else(|| self.dl.abi_align(&self.m.types, a.allocated_ty));
                    if al.is_power_of_two() {
                        k.zero = mask(al.trailing_zeros().min(bits));
                    }
                }
                k
            }
            Opcode::GetElementPtr => {
                // Alignment of the base plus offsets that are multiples.
                let base = kb(self, op(0));
                let btz = base.min_trailing_zeros();
                let mut tz = btz;
                if let loopwright_ir::Extra::Gep { source_ty } = d.extra {
                    let mut cur = source_ty;
                    for (k, &o) in ops.iter().enumerate().skip(1) {
                        let (elem_size, next) = if k == 1 {
                            (self.dl.alloc_size(&self.m.types, cur), Some(cur))
                        } else {
                            match self.m.types.data(cur) {
                                TypeData::Struct { .. } | TypeData::Named(_) => {
                                    let idx = self.const_int_of(o).map(|c| c.u() as usize);
                                    let Some(idx) = idx else {
                                        tz = 0;
                                        break;
                                    };
                                    let off =
                                        self.dl.field_offset(&self.m.types, cur, idx).unwrap_or(1);
                                    if off != 0 {
                                        tz = tz.min(off.trailing_zeros());
                                    }
                                    cur =
                                        self.m.types.aggregate_elem(cur, idx as u64).unwrap_or(cur);
                                    continue;
                                }
                                _ => {
                                    let e = self.m.types.aggregate_elem(cur, 0);
                                    match e {
                                        Some(e) => (self.dl.alloc_size(&self.m.types, e), Some(e)),
                                        None => {
                                            tz = 0;
                                            break;
                                        }
                                    }
                                }
                            }
                        };
                        if let Some(n) = next {
                            cur = n;
                        }
                        let ik = self.known_bits_operand(o, depth + 1);
                        let itz = ik.min_trailing_zeros();
                        if itz >= ik.bits {
                            continue;
                        }
                        let etz = if elem_size == 0 {
                            64
                        } else {
                            elem_size.trailing_zeros()
                        };
                        tz = tz.min(itz + etz);
                    }
                }
                let mut k = unknown;
                k.zero = mask(tz.min(bits));
                k
            }
            _ => unknown,
        };
        if d.flags.contains(loopwright_ir::Flags::NNEG) && d.opcode == Opcode::ZExt {
            let _ = &mut r;
        }
        if let Some(rng) = self.metadata_range(v, bits) {
            // Leading zeros from !range.
            let lz = rng.umax().leading_zeros();
            r.zero |= mask(bits) & !mask(bits - lz);
        }
        r
    }

    /// Known low zero bits of a two-input recurrence `phi [start, x op
    /// phi]` (LLVM's `matchSimpleRecurrence` case of `computeKnownBits`).
    fn recurrence_known_bits(
        &mut self,
        v: Value,
        ops: &[Operand],
        bits: u32,
        depth: u32,
    ) -> Option<KnownBits> {
        if ops.len() != 4 {
            return None;
        }
        for (k, other) in [(0usize, 2usize), (2, 0)] {
            let Operand::Value(bv) = ops[k] else { continue };
            let ValueDef::Result(bi) = self.f.value_def(bv) else {
                continue;
            };
            let bd = self.f.inst(bi);
            if !matches!(
                bd.opcode,
                Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::And | Opcode::Or
            ) {
                continue;
            }
            let bo = bd.operands();
            let step = if bo[0] == Operand::Value(v) {
                bo[1]
            } else if bo[1] == Operand::Value(v) && bd.opcode != Opcode::Sub {
                bo[0]
            } else {
                continue;
            };
            let start = ops[other];
            let ks = self.known_bits_operand(start, depth + 1);
            let kt = self.known_bits_operand(step, depth + 1);
            let tz = ks
                .min_trailing_zeros()
                .min(kt.min_trailing_zeros())
                .min(bits);
            let mut r = KnownBits::unknown(bits);
            r.zero = mask(tz);
            // With nsw, adding a non-negative step to a non-negative start
            // stays non-negative (and negative stays negative).
            if bd.opcode == Opcode::Add
                && bd.flags.contains(loopwright_ir::Flags::NSW)
                && ks.bits == bits
                && kt.bits == bits
            {
                let sign = 1u128 << (bits - 1);
                if ks.zero & sign != 0 && kt.zero & sign != 0 {
                    r.zero |= sign;
                } else if ks.one & sign != 0 && kt.one & sign != 0 {
                    r.one |= sign;
                }
            }
            return Some(r);
        }
        None
    }

    fn shift_unknown(&self, op: Opcode, a: KnownBits, bits: u32) -> KnownBits {
        let mut k = KnownBits::unknown(bits);
        if op == Opcode::LShr {
            let lz = a.min_leading_zeros();
            k.zero = mask(bits) & !mask(bits - lz);
        }
        k
    }

    fn call_known_bits(&mut self, _inst: Inst, d: &InstData, bits: u32, depth: u32) -> KnownBits {
        let unknown = KnownBits::unknown(bits);
        let Some(name) = self.callee_name(d).map(str::to_string) else {
            return unknown;
        };
        let args = d.call_args().to_vec();
        let arg = |i: usize| args.get(i).copied();
        if name.starts_with("llvm.ctpop.")
            || name.starts_with("llvm.ctlz.")
            || name.starts_with("llvm.cttz.")
        {
            let lz = CInt::new(bits, u128::from(bits)).leading_zeros();
            let mut k = unknown;
            k.zero = mask(bits) & !mask(bits - lz);
            return k;
        }
        let two = |se: &mut Self| {
            (
                arg(0).map(|o| se.known_bits_operand(o, depth + 1)),
                arg(1).map(|o| se.known_bits_operand(o, depth + 1)),
            )
        };
        if name.starts_with("llvm.umin.") {
            if let (Some(a), Some(b)) = two(self) {
                let lz = a.min_leading_zeros().max(b.min_leading_zeros());
                let mut k = unknown;
                k.zero = mask(bits) & !mask(bits - lz);
                return k;
            }
        }
        if name.starts_with("llvm.umax.")
            || name.starts_with("llvm.smax.")
            || name.starts_with("llvm.smin.")
        {
            if let (Some(a), Some(b)) = two(self) {
                let lz = a.min_leading_zeros().min(b.min_leading_zeros());
                let mut k = unknown;
                k.zero = mask(bits) & !mask(bits - lz);
                if name.starts_with("llvm.umax.") {
                    return k;
                }
                return a.intersect(b);
            }
        }
        if name.starts_with("llvm.abs.") {
            return unknown;
        }
        unknown
    }

    pub(crate) fn callee_name(&self, d: &InstData) -> Option<&str> {
        match d.callee()? {
            Operand::Const(c) => match self.m.consts.data(c) {
                ConstData::Global {
                    global: g @ GlobalRef::Func(_),
                    ..
                } => self.m.global_name(*g),
                _ => None,
            },
            _ => None,
        }
    }

    pub(crate) fn const_int_of(&self, o: Operand) -> Option<CInt> {
        let Operand::Const(c) = o else {
            return None;
        };
        let ConstData::Int { ty, val } = self.m.consts.data(c) else {
            return None;
        };
        let bits = self.m.types.int_width(*ty)?;
        if bits > MAX_BITS {
            return None;
        }
        Some(CInt::new(bits, apint_u128(val)?))
    }

    /// The number of leading bits equal to the sign bit (a subset of
    /// LLVM's `ComputeNumSignBits`).
    pub(crate) fn num_sign_bits(&mut self, v: Value, depth: u32) -> u32 {
        // Cached at the top level, like the known bits: the function does
        // not change while this analysis lives.
        if depth == 0 {
            if let Some(&n) = self.sign_bits_cache.get(&v) {
                return n;
            }
            let n = self.compute_num_sign_bits(v, 0);
            self.sign_bits_cache.insert(v, n);
            return n;
        }
        self.compute_num_sign_bits(v, depth)
    }

    fn compute_num_sign_bits(&mut self, v: Value, depth: u32) -> u32 {
        let bits = self.value_bits(v).clamp(1, MAX_BITS);
        if depth >= MAX_DEPTH {
            return 1;
        }
        let ValueDef::Result(i) = self.f.value_def(v) else {
            return 1;
        };
        let d = self.f.inst(i);
        let ops = d.operands();
        let needed = match d.opcode {
            Opcode::SExt | Opcode::Trunc => 1,
            Opcode::AShr | Opcode::And | Opcode::Or | Opcode::Xor | Opcode::SRem | Opcode::SDiv => {
                2
            }
            Opcode::Select => 3,
            _ => 0,
        };
        if ops.len() < needed {
            return 1;
        }
        let sub = |se: &mut Self, o: Operand| -> u32 {
            match o {
                Operand::Value(x) => se.num_sign_bits(x, depth + 1),
                Operand::Const(_) => match se.const_int_of(o) {
                    Some(c) => {
                        if c.is_negative() {
                            c.leading_ones()
                        } else {
                            c.leading_zeros()
                        }
                    }
                    None => 1,
                },
                _ => 1,
            }
        };
        let r = match d.opcode {
            Opcode::SExt => {
                let src = self.operand_bits(ops[0]);
                if src == 0 || src > bits {
                    1
                } else {
                    bits - src + sub(self, ops[0])
                }
            }
            Opcode::AShr => match self.const_int_of(ops[1]) {
                // Saturating: an `i128` shift amount may be near `u128::MAX`.
                Some(c) => (u128::from(sub(self, ops[0])).saturating_add(c.u()))
                    .min(u128::from(bits)) as u32,
                None => sub(self, ops[0]),
            },
            Opcode::Trunc => {
                let src = self.operand_bits(ops[0]);
                let n = sub(self, ops[0]);
                if src > bits && n > src - bits {
                    n - (src - bits)
                } else {
                    1
                }
            }
            Opcode::And | Opcode::Or | Opcode::Xor => sub(self, ops[0]).min(sub(self, ops[1])),
            // At most one carry bit.
            Opcode::Add | Opcode::Sub if ops.len() == 2 => {
                let a = sub(self, ops[0]);
                if a == 1 {
                    1
                } else {
                    let b = sub(self, ops[1]);
                    if b == 1 {
                        1
                    } else {
                        a.min(b) - 1
                    }
                }
            }
            Opcode::Mul if ops.len() == 2 => {
                let (a, b) = (sub(self, ops[0]), sub(self, ops[1]));
                let valid = (bits - a + 1) + (bits - b + 1);
                if valid > bits {
                    1
                } else {
                    bits - valid + 1
                }
            }
            Opcode::Phi => {
                let incoming: Vec<Operand> = ops.iter().step_by(2).copied().collect();
                if incoming.is_empty() || incoming.len() > 4 {
                    1
                } else {
                    let mut t = bits;
                    for o in incoming {
                        if t == 1 {
                            break;
                        }
                        t = t.min(sub(self, o));
                    }
                    t
                }
            }
            Opcode::Select => sub(self, ops[1]).min(sub(self, ops[2])),
            Opcode::SRem => match self.const_int_of(ops[1]) {
                Some(c) if !c.is_zero() => {
                    let a = c.abs();
                    let lz = a.sub(CInt::one(bits)).leading_zeros();
                    lz.max(sub(self, ops[0])).max(1)
                }
                _ => sub(self, ops[0]),
            },
            Opcode::SDiv => match self.const_int_of(ops[1]) {
                Some(c) if c.is_strictly_positive() => (sub(self, ops[0]) + c.log2()).min(bits),
                _ => 1,
            },
            _ => 1,
        };
        let kb = self.known_bits_value(v, depth);
        let known = if kb.zero >> (bits - 1) & 1 == 1 {
            CInt::new(bits, kb.zero).leading_ones()
        } else if kb.one >> (bits - 1) & 1 == 1 {
            CInt::new(bits, kb.one).leading_ones()
        } else {
            1
        };
        r.max(known).clamp(1, bits)
    }
}

fn single(k: KnownBits) -> Option<CInt> {
    ((k.zero | k.one) & mask(k.bits) == mask(k.bits)).then(|| CInt::new(k.bits, k.one))
}

impl ScalarEvolution<'_> {
    /// Whether the predicate holds by comparing constant ranges (LLVM's
    /// `isKnownPredicateViaConstantRanges`).
    pub fn is_known_predicate_via_constant_ranges(
        &mut self,
        pred: Predicate,
        a: Scev,
        b: Scev,
    ) -> bool {
        if a == b {
            return matches!(
                pred,
                Predicate::Eq | Predicate::Sle | Predicate::Sge | Predicate::Ule | Predicate::Uge
            );
        }
        if self.is_cnc(a) || self.is_cnc(b) || self.bits_of(a) != self.bits_of(b) {
            return false;
        }
        let check = |se: &mut Self, signed: bool, p: Predicate| -> bool {
            let (ra, rb) = if signed {
                (se.signed_range(a), se.signed_range(b))
            } else {
                (se.unsigned_range(a), se.unsigned_range(b))
            };
            ra.icmp(p, &rb)
        };
        match pred {
            Predicate::Eq | Predicate::Ne => {
                if pred == Predicate::Ne {
                    if check(self, true, Predicate::Ne) || check(self, false, Predicate::Ne) {
                        return true;
                    }
                    // a - b known non-zero.
                    let diff = self.get_minus(a, b, NoWrap::ANY);
                    if self.is_cnc(diff) {
                        return false;
                    }
                    return self.is_known_non_zero(diff);
                }
                check(self, false, Predicate::Eq)
            }
            p if p.is_signed() => check(self, true, p),
            p => check(self, false, p),
        }
    }
}
