//! Constant ranges: sets of integers `[lower, upper)` that may wrap around,
//! with LLVM's `ConstantRange` semantics.
//!
//! Invariants: `lower == upper` only for the full set (both all-ones) and
//! the empty set (both zero). A range whose `lower > upper` (unsigned)
//! wraps around the top of the unsigned number line. Operations return a
//! superset of the exact result (they are conservative), and pick the same
//! superset as LLVM 19 does, so that analyses built on them agree with
//! LLVM's results.

use super::int::CInt;
use loopwright_ir::Predicate;

/// Which representation to prefer when a result is not exactly
/// representable.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PreferredRange {
    Smallest,
    Unsigned,
    Signed,
}

/// A possibly wrapping range of integers of one width.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct ConstantRange {
    lower: CInt,
    upper: CInt,
}

impl ConstantRange {
    pub fn full(bits: u32) -> Self {
        let m = CInt::all_ones(bits);
        ConstantRange { lower: m, upper: m }
    }
    pub fn empty(bits: u32) -> Self {
        let z = CInt::zero(bits);
        ConstantRange { lower: z, upper: z }
    }
    pub fn single(v: CInt) -> Self {
        ConstantRange {
            lower: v,
            upper: v.add(CInt::one(v.bits())),
        }
    }
    /// `[lower, upper)`; `lower == upper` must be all-ones or zero.
    pub fn new(lower: CInt, upper: CInt) -> Self {
        if lower == upper && !lower.is_zero() && !lower.is_all_ones() {
            // Not a valid range; be conservative.
            return ConstantRange::full(lower.bits());
        }
        ConstantRange { lower, upper }
    }
    /// `[lower, upper)`, or the full set when `lower == upper`.
    pub fn non_empty(lower: CInt, upper: CInt) -> Self {
        if lower == upper {
            ConstantRange::full(lower.bits())
        } else {
            ConstantRange { lower, upper }
        }
    }
    pub fn bits(&self) -> u32 {
        self.lower.bits()
    }
    pub fn lower(&self) -> CInt {
        self.lower
    }
    pub fn upper(&self) -> CInt {
        self.upper
    }
    pub fn is_full(&self) -> bool {
        self.lower == self.upper && self.lower.is_all_ones()
    }
    pub fn is_empty(&self) -> bool {
        self.lower == self.upper && self.lower.is_zero()
    }
    pub fn is_wrapped(&self) -> bool {
        self.lower.ugt(self.upper) && !self.upper.is_zero()
    }
    pub fn is_upper_wrapped(&self) -> bool {
        self.lower.ugt(self.upper)
    }
    pub fn is_sign_wrapped(&self) -> bool {
        self.lower.sgt(self.upper) && !self.upper.is_smin()
    }
    pub fn is_upper_sign_wrapped(&self) -> bool {
        self.lower.sgt(self.upper)
    }
    pub fn single_element(&self) -> Option<CInt> {
        (self.upper == self.lower.add(CInt::one(self.bits()))).then_some(self.lower)
    }
    pub fn umax(&self) -> CInt {
        if self.is_full() || self.is_upper_wrapped() {
            CInt::umax_value(self.bits())
        } else {
            self.upper.sub(CInt::one(self.bits()))
        }
    }
    pub fn umin(&self) -> CInt {
        if self.is_full() || self.is_wrapped() {
            CInt::zero(self.bits())
        } else {
            self.lower
        }
    }
    pub fn smax(&self) -> CInt {
        if self.is_full() || self.is_upper_sign_wrapped() {
            CInt::smax_value(self.bits())
        } else {
            self.upper.sub(CInt::one(self.bits()))
        }
    }
    pub fn smin(&self) -> CInt {
        if self.is_full() || self.is_sign_wrapped() {
            CInt::smin_value(self.bits())
        } else {
            self.lower
        }
    }
    /// Bits needed to represent every member as a signed number.
    pub fn min_signed_bits(&self) -> u32 {
        if self.is_empty() {
            return 0;
        }
        self.smin()
            .significant_bits()
            .max(self.smax().significant_bits())
    }
    fn size_lt(&self, o: &ConstantRange) -> bool {
        if self.is_full() {
            return false;
        }
        if o.is_full() {
            return true;
        }
        self.upper.sub(self.lower).ult(o.upper.sub(o.lower))
    }
    pub fn contains(&self, v: CInt) -> bool {
        if self.lower == self.upper {
            return self.is_full();
        }
        if !self.is_upper_wrapped() {
            self.lower.ule(v) && v.ult(self.upper)
        } else {
            self.lower.ule(v) || v.ult(self.upper)
        }
    }
    pub fn contains_range(&self, o: &ConstantRange) -> bool {
        if self.is_full() || o.is_empty() {
            return true;
        }
        if self.is_empty() || o.is_full() {
            return false;
        }
        if !self.is_upper_wrapped() {
            if o.is_upper_wrapped() {
                return false;
            }
            return self.lower.ule(o.lower) && o.upper.ule(self.upper);
        }
        if !o.is_upper_wrapped() {
            return o.upper.ule(self.upper) || self.lower.ule(o.lower);
        }
        o.upper.ule(self.upper) && self.lower.ule(o.lower)
    }
    pub fn inverse(&self) -> Self {
        if self.is_full() {
            return ConstantRange::empty(self.bits());
        }
        if self.is_empty() {
            return ConstantRange::full(self.bits());
        }
        ConstantRange::new(self.upper, self.lower)
    }

    fn preferred(a: Self, b: Self, ty: PreferredRange) -> Self {
        match ty {
            PreferredRange::Unsigned => {
                if !a.is_wrapped() && b.is_wrapped() {
                    return a;
                }
                if a.is_wrapped() && !b.is_wrapped() {
                    return b;
                }
            }
            PreferredRange::Signed => {
                if !a.is_sign_wrapped() && b.is_sign_wrapped() {
                    return a;
                }
                if a.is_sign_wrapped() && !b.is_sign_wrapped() {
                    return b;
                }
            }
            PreferredRange::Smallest => {}
        }
        if a.size_lt(&b) {
            a
        } else {
            b
        }
    }

    pub fn intersect(&self, cr: &Self, ty: PreferredRange) -> Self {
        let (s, c) = (*self, *cr);
        let bits = self.bits();
        if s.is_empty() || c.is_full() {
            return s;
        }
        if c.is_empty() || s.is_full() {
            return c;
        }
        if !s.is_upper_wrapped() && c.is_upper_wrapped() {
            return c.intersect(&s, ty);
        }
        if !s.is_upper_wrapped() && !c.is_upper_wrapped() {
            if s.lower.ult(c.lower) {
                if s.upper.ule(c.lower) {
                    return ConstantRange::empty(bits);
                }
                if s.upper.ult(c.upper) {
                    return ConstantRange::new(c.lower, s.upper);
                }
                return c;
            }
            if s.upper.ult(c.upper) {
                return s;
            }
            if s.lower.ult(c.upper) {
                return ConstantRange::new(s.lower, c.upper);
            }
            return ConstantRange::empty(bits);
        }
        if s.is_upper_wrapped() && !c.is_upper_wrapped() {
            if c.lower.ult(s.upper) {
                if c.upper.ult(s.upper) {
                    return c;
                }
                if c.upper.ule(s.lower) {
                    return ConstantRange::new(c.lower, s.upper);
                }
                return Self::preferred(s, c, ty);
            }
            if c.lower.ult(s.lower) {
                if c.upper.ule(s.lower) {
                    return ConstantRange::empty(bits);
                }
                return ConstantRange::new(s.lower, c.upper);
            }
            return c;
        }
        if c.upper.ult(s.upper) {
            if c.lower.ult(s.upper) {
                return Self::preferred(s, c, ty);
            }
            if c.lower.ult(s.lower) {
                return ConstantRange::new(s.lower, c.upper);
            }
            return c;
        }
        if c.upper.ule(s.lower) {
            if c.lower.ult(s.lower) {
                return s;
            }
            return ConstantRange::new(c.lower, s.upper);
        }
        Self::preferred(s, c, ty)
    }

    pub fn union(&self, cr: &Self, ty: PreferredRange) -> Self {
        let (s, c) = (*self, *cr);
        let bits = self.bits();
        let one = CInt::one(bits);
        if s.is_full() || c.is_empty() {
            return s;
        }
        if c.is_full() || s.is_empty() {
            return c;
        }
        if !s.is_upper_wrapped() && c.is_upper_wrapped() {
            return c.union(&s, ty);
        }
        if !s.is_upper_wrapped() && !c.is_upper_wrapped() {
            if c.upper.ult(s.lower) || s.upper.ult(c.lower) {
                return Self::preferred(
                    ConstantRange::new(s.lower, c.upper),
                    ConstantRange::new(c.lower, s.upper),
                    ty,
                );
            }
            let l = if c.lower.ult(s.lower) {
                c.lower
            } else {
                s.lower
            };
            let u = if c.upper.sub(one).ugt(s.upper.sub(one)) {
                c.upper
            } else {
                s.upper
            };
            if l.is_zero() && u.is_zero() {
                return ConstantRange::full(bits);
            }
            return ConstantRange::new(l, u);
        }
        if !c.is_upper_wrapped() {
            if c.upper.ule(s.upper) || c.lower.uge(s.lower) {
                return s;
            }
            if c.lower.ule(s.upper) && s.lower.ule(c.upper) {
                return ConstantRange::full(bits);
            }
            if s.upper.ult(c.lower) && c.upper.ult(s.lower) {
                return Self::preferred(
                    ConstantRange::new(s.lower, c.upper),
                    ConstantRange::new(c.lower, s.upper),
                    ty,
                );
            }
            if s.upper.ult(c.lower) && s.lower.ule(c.upper) {
                return ConstantRange::new(c.lower, s.upper);
            }
            return ConstantRange::new(s.lower, c.upper);
        }
        if c.lower.ule(s.upper) || s.lower.ule(c.upper) {
            return ConstantRange::full(bits);
        }
        let l = if c.lower.ult(s.lower) {
            c.lower
        } else {
            s.lower
        };
        let u = if c.upper.ugt(s.upper) {
            c.upper
        } else {
            s.upper
        };
        ConstantRange::new(l, u)
    }

    pub fn add(&self, o: &Self) -> Self {
        let bits = self.bits();
        if self.is_empty() || o.is_empty() {
            return ConstantRange::empty(bits);
        }
        if self.is_full() || o.is_full() {
            return ConstantRange::full(bits);
        }
        let nl = self.lower.add(o.lower);
        let nu = self.upper.add(o.upper).sub(CInt::one(bits));
        if nl == nu {
            return ConstantRange::full(bits);
        }
        let x = ConstantRange::new(nl, nu);
        if x.size_lt(self) || x.size_lt(o) {
            return ConstantRange::full(bits);
        }
        x
    }

    pub fn sub(&self, o: &Self) -> Self {
        let bits = self.bits();
        if self.is_empty() || o.is_empty() {
            return ConstantRange::empty(bits);
        }
        if self.is_full() || o.is_full() {
            return ConstantRange::full(bits);
        }
        let nl = self.lower.sub(o.upper).add(CInt::one(bits));
        let nu = self.upper.sub(o.lower);
        if nl == nu {
            return ConstantRange::full(bits);
        }
        let x = ConstantRange::new(nl, nu);
        if x.size_lt(self) || x.size_lt(o) {
            return ConstantRange::full(bits);
        }
        x
    }

    fn uadd_sat(&self, o: &Self) -> Self {
        let bits = self.bits();
        let sat = |a: CInt, b: CInt| {
            let r = a.add(b);
            if r.ult(a) {
                CInt::umax_value(bits)
            } else {
                r
            }
        };
        ConstantRange::non_empty(
            sat(self.umin(), o.umin()),
            sat(self.umax(), o.umax()).add(CInt::one(bits)),
        )
    }

    fn sadd_sat(&self, o: &Self) -> Self {
        let bits = self.bits();
        let sat = |a: CInt, b: CInt| {
            // At 128 bits the sum itself may overflow `i128`: saturate it
            // there too (a wrapped sum would clamp to the wrong end).
            let r = a.s().saturating_add(b.s());
            let (lo, hi) = (CInt::smin_value(bits).s(), CInt::smax_value(bits).s());
            CInt::from_i128(bits, r.clamp(lo, hi))
        };
        ConstantRange::non_empty(
            sat(self.smin(), o.smin()),
            sat(self.smax(), o.smax()).add(CInt::one(bits)),
        )
    }

    /// Addition where the result is known not to wrap as `nuw`/`nsw` say.
    pub fn add_with_no_wrap(&self, o: &Self, nuw: bool, nsw: bool, ty: PreferredRange) -> Self {
        let bits = self.bits();
        if self.is_empty() || o.is_empty() {
            return ConstantRange::empty(bits);
        }
        if self.is_full() && o.is_full() {
            return ConstantRange::full(bits);
        }
        let mut r = self.add(o);
        if nsw {
            r = r.intersect(&self.sadd_sat(o), ty);
        }
        if nuw {
            r = r.intersect(&self.uadd_sat(o), ty);
        }
        r
    }

    pub fn truncate(&self, dst: u32) -> Self {
        if self.is_empty() {
            return ConstantRange::empty(dst);
        }
        if self.is_full() {
            return ConstantRange::full(dst);
        }
        let bits = self.bits();
        let mut lower_div = self.lower;
        let mut upper_div = self.upper;
        let mut union = ConstantRange::empty(dst);
        if self.is_upper_wrapped() {
            if self.upper.active_bits() > dst || self.upper.trailing_zeros_of_not() == dst {
                return ConstantRange::full(dst);
            }
            union = ConstantRange::new(CInt::umax_value(dst), self.upper.trunc(dst));
            upper_div = CInt::all_ones(bits);
            if lower_div == upper_div {
                return union;
            }
        }
        if lower_div.active_bits() > dst {
            let adjust = CInt::new(bits, lower_div.u() & !super::int::mask(dst));
            lower_div = lower_div.sub(adjust);
            upper_div = upper_div.sub(adjust);
        }
        let uw = upper_div.active_bits();
        if uw <= dst {
            return ConstantRange::new(lower_div.trunc(dst), upper_div.trunc(dst))
                .union(&union, PreferredRange::Smallest);
        }
        if uw == dst + 1 {
            let ud = CInt::new(bits, upper_div.u() & !(1u128 << dst));
            if ud.ult(lower_div) {
                return ConstantRange::new(lower_div.trunc(dst), ud.trunc(dst))
                    .union(&union, PreferredRange::Smallest);
            }
        }
        ConstantRange::full(dst)
    }

    pub fn zero_extend(&self, dst: u32) -> Self {
        if self.is_empty() {
            return ConstantRange::empty(dst);
        }
        let src = self.bits();
        if self.is_full() || self.is_upper_wrapped() {
            let lower = if self.upper.is_zero() {
                self.lower.zext(dst)
            } else {
                CInt::zero(dst)
            };
            return ConstantRange::new(lower, CInt::new(dst, 1u128 << src));
        }
        ConstantRange::new(self.lower.zext(dst), self.upper.zext(dst))
    }

    pub fn sign_extend(&self, dst: u32) -> Self {
        if self.is_empty() {
            return ConstantRange::empty(dst);
        }
        let src = self.bits();
        if self.upper.is_smin() {
            return ConstantRange::new(self.lower.sext(dst), self.upper.zext(dst));
        }
        if self.is_full() || self.is_sign_wrapped() {
            return ConstantRange::new(
                CInt::smin_value(src).sext(dst),
                CInt::smax_value(src).sext(dst).add(CInt::one(dst)),
            );
        }
        ConstantRange::new(self.lower.sext(dst), self.upper.sext(dst))
    }

    pub fn zext_or_trunc(&self, dst: u32) -> Self {
        match dst.cmp(&self.bits()) {
            std::cmp::Ordering::Greater => self.zero_extend(dst),
            std::cmp::Ordering::Less => self.truncate(dst),
            std::cmp::Ordering::Equal => *self,
        }
    }

    pub fn sext_or_trunc(&self, dst: u32) -> Self {
        match dst.cmp(&self.bits()) {
            std::cmp::Ordering::Greater => self.sign_extend(dst),
            std::cmp::Ordering::Less => self.truncate(dst),
            std::cmp::Ordering::Equal => *self,
        }
    }

    pub fn multiply(&self, o: &Self) -> Self {
        let bits = self.bits();
        if self.is_empty() || o.is_empty() {
            return ConstantRange::empty(bits);
        }
        if bits > 64 {
            return ConstantRange::full(bits);
        }
        let w = bits * 2;
        let wide = |lo: i128, hi: i128| -> ConstantRange {
            ConstantRange::new(CInt::from_i128(w, lo), CInt::from_i128(w, hi))
        };
        let (a0, a1, b0, b1) = (self.umin().u(), self.umax().u(), o.umin().u(), o.umax().u());
        let ur = ConstantRange::new(
            CInt::new(w, a0 * b0),
            CInt::new(w, (a1 * b1).wrapping_add(1)),
        )
        .truncate(bits);
        if !ur.is_upper_wrapped() && (!ur.upper.is_negative() || ur.upper.is_smin()) {
            return ur;
        }
        let (s0, s1, t0, t1) = (self.smin().s(), self.smax().s(), o.smin().s(), o.smax().s());
        let l = [s0 * t0, s0 * t1, s1 * t0, s1 * t1];
        let mn = *l.iter().min().unwrap_or(&0);
        let mx = *l.iter().max().unwrap_or(&0);
        let sr = wide(mn, mx + 1).truncate(bits);
        if ur.size_lt(&sr) {
            ur
        } else {
            sr
        }
    }

    pub fn udiv(&self, rhs: &Self) -> Self {
        let bits = self.bits();
        if self.is_empty() || rhs.is_empty() || rhs.umax().is_zero() {
            return ConstantRange::empty(bits);
        }
        let lower = CInt::new(bits, self.umin().u() / rhs.umax().u());
        let mut rmin = rhs.umin();
        if rmin.is_zero() {
            rmin = if rhs.upper.is_one() {
                rhs.lower
            } else {
                CInt::one(bits)
            };
        }
        let upper = CInt::new(bits, self.umax().u() / rmin.u()).add(CInt::one(bits));
        ConstantRange::non_empty(lower, upper)
    }

    fn minmax(&self, o: &Self, kind: MinMax) -> Self {
        let bits = self.bits();
        if self.is_empty() || o.is_empty() {
            return ConstantRange::empty(bits);
        }
        let one = CInt::one(bits);
        let (l, u, wrapped, ty) = match kind {
            MinMax::UMax => (
                self.umin().umax(o.umin()),
                self.umax().umax(o.umax()).add(one),
                self.is_wrapped() || o.is_wrapped(),
                PreferredRange::Unsigned,
            ),
            MinMax::UMin => (
                self.umin().umin(o.umin()),
                self.umax().umin(o.umax()).add(one),
                self.is_wrapped() || o.is_wrapped(),
                PreferredRange::Unsigned,
            ),
            MinMax::SMax => (
                self.smin().smax(o.smin()),
                self.smax().smax(o.smax()).add(one),
                self.is_sign_wrapped() || o.is_sign_wrapped(),
                PreferredRange::Signed,
            ),
            MinMax::SMin => (
                self.smin().smin(o.smin()),
                self.smax().smin(o.smax()).add(one),
                self.is_sign_wrapped() || o.is_sign_wrapped(),
                PreferredRange::Signed,
            ),
        };
        let res = ConstantRange::non_empty(l, u);
        if wrapped {
            res.intersect(&self.union(o, ty), ty)
        } else {
            res
        }
    }
    pub fn umax_range(&self, o: &Self) -> Self {
        self.minmax(o, MinMax::UMax)
    }
    pub fn umin_range(&self, o: &Self) -> Self {
        self.minmax(o, MinMax::UMin)
    }
    pub fn smax_range(&self, o: &Self) -> Self {
        self.minmax(o, MinMax::SMax)
    }
    pub fn smin_range(&self, o: &Self) -> Self {
        self.minmax(o, MinMax::SMin)
    }

    /// The values `x` such that `x pred y` holds for some `y` in `cr`.
    pub fn allowed_icmp_region(pred: Predicate, cr: &Self) -> Self {
        let w = cr.bits();
        if cr.is_empty() {
            return *cr;
        }
        let one = CInt::one(w);
        match pred {
            Predicate::Eq => *cr,
            Predicate::Ne => match cr.single_element() {
                Some(_) => ConstantRange::new(cr.upper, cr.lower),
                None => ConstantRange::full(w),
            },
            Predicate::Ult => {
                let m = cr.umax();
                if m.is_zero() {
                    ConstantRange::empty(w)
                } else {
                    ConstantRange::new(CInt::zero(w), m)
                }
            }
            Predicate::Slt => {
                let m = cr.smax();
                if m.is_smin() {
                    ConstantRange::empty(w)
                } else {
                    ConstantRange::new(CInt::smin_value(w), m)
                }
            }
            Predicate::Ule => ConstantRange::non_empty(CInt::zero(w), cr.umax().add(one)),
            Predicate::Sle => ConstantRange::non_empty(CInt::smin_value(w), cr.smax().add(one)),
            Predicate::Ugt => {
                let m = cr.umin();
                if m.is_all_ones() {
                    ConstantRange::empty(w)
                } else {
                    ConstantRange::new(m.add(one), CInt::zero(w))
                }
            }
            Predicate::Sgt => {
                let m = cr.smin();
                if m.is_smax() {
                    ConstantRange::empty(w)
                } else {
                    ConstantRange::new(m.add(one), CInt::smin_value(w))
                }
            }
            Predicate::Uge => ConstantRange::non_empty(cr.umin(), CInt::zero(w)),
            Predicate::Sge => ConstantRange::non_empty(cr.smin(), CInt::smin_value(w)),
            _ => ConstantRange::full(w),
        }
    }

    /// The values `x` such that `x pred y` holds for every `y` in `cr`.
    pub fn satisfying_icmp_region(pred: Predicate, cr: &Self) -> Self {
        Self::allowed_icmp_region(pred.inverse(), cr).inverse()
    }

    /// The values `x` with `x pred c`.
    pub fn exact_icmp_region(pred: Predicate, c: CInt) -> Self {
        Self::allowed_icmp_region(pred, &ConstantRange::single(c))
    }

    /// Whether `x pred y` holds for every `x` in `self` and `y` in `o`.
    pub fn icmp(&self, pred: Predicate, o: &Self) -> bool {
        if self.is_empty() || o.is_empty() {
            return true;
        }
        match pred {
            Predicate::Eq => match (self.single_element(), o.single_element()) {
                (Some(a), Some(b)) => a == b,
                _ => false,
            },
            Predicate::Ne => self.inverse().contains_range(o),
            Predicate::Ult => self.umax().ult(o.umin()),
            Predicate::Ule => self.umax().ule(o.umin()),
            Predicate::Ugt => self.umin().ugt(o.umax()),
            Predicate::Uge => self.umin().uge(o.umax()),
            Predicate::Slt => self.smax().slt(o.smin()),
            Predicate::Sle => self.smax().sle(o.smin()),
            Predicate::Sgt => self.smin().sgt(o.smax()),
            Predicate::Sge => self.smin().sge(o.smax()),
            _ => false,
        }
    }

    /// The values `x` for which `x op y` cannot wrap (as `nuw`/`nsw`
    /// say) for any `y` in `other` (`op` is add, sub or mul).
    pub fn guaranteed_no_wrap_region(op: NoWrapOp, other: &Self, unsigned: bool) -> Self {
        let w = other.bits();
        if other.is_empty() {
            return ConstantRange::full(w);
        }
        let smin_val = CInt::smin_value(w);
        match op {
            NoWrapOp::Add => {
                if unsigned {
                    return ConstantRange::non_empty(CInt::zero(w), other.umax().neg());
                }
                let (smin, smax) = (other.smin(), other.smax());
                ConstantRange::non_empty(
                    if smin.is_negative() {
                        smin_val.sub(smin)
                    } else {
                        smin_val
                    },
                    if smax.is_strictly_positive() {
                        smin_val.sub(smax)
                    } else {
                        smin_val
                    },
                )
            }
            NoWrapOp::Sub => {
                if unsigned {
                    return ConstantRange::non_empty(other.umax(), CInt::zero(w));
                }
                let (smin, smax) = (other.smin(), other.smax());
                ConstantRange::non_empty(
                    if smax.is_strictly_positive() {
                        smin_val.add(smax)
                    } else {
                        smin_val
                    },
                    if smin.is_negative() {
                        smin_val.add(smin)
                    } else {
                        smin_val
                    },
                )
            }
            NoWrapOp::Mul => {
                if unsigned {
                    let v = other.umax();
                    if v.is_zero() {
                        return ConstantRange::full(w);
                    }
                    let q = CInt::new(w, CInt::umax_value(w).u() / v.u());
                    return ConstantRange::non_empty(CInt::zero(w), q.add(CInt::one(w)));
                }
                if w == 1 {
                    return ConstantRange::full(w);
                }
                exact_mul_nsw_region(other.smin()).intersect(
                    &exact_mul_nsw_region(other.smax()),
                    PreferredRange::Smallest,
                )
            }
        }
    }
}

/// Binary operations of [`ConstantRange::guaranteed_no_wrap_region`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum NoWrapOp {
    Add,
    Sub,
    Mul,
}

#[derive(Copy, Clone)]
enum MinMax {
    UMax,
    UMin,
    SMax,
    SMin,
}

/// Signed division rounding up (`up`) or down.
fn rounding_sdiv(a: i128, b: i128, up: bool) -> i128 {
    let q = a / b;
    let r = a % b;
    if r == 0 {
        return q;
    }
    let exact_neg = (a < 0) != (b < 0);
    if up {
        if exact_neg {
            q
        } else {
            q + 1
        }
    } else if exact_neg {
        q - 1
    } else {
        q
    }
}

fn exact_mul_nsw_region(v: CInt) -> ConstantRange {
    let w = v.bits();
    if v.is_zero() || v.is_one() {
        return ConstantRange::full(w);
    }
    let min = CInt::smin_value(w);
    let max = CInt::smax_value(w);
    if v.is_all_ones() {
        return ConstantRange::new(max.neg(), min);
    }
    let (lo, hi) = if v.is_negative() {
        (
            rounding_sdiv(max.s(), v.s(), true),
            rounding_sdiv(min.s(), v.s(), false),
        )
    } else {
        (
            rounding_sdiv(min.s(), v.s(), true),
            rounding_sdiv(max.s(), v.s(), false),
        )
    };
    ConstantRange::non_empty(CInt::from_i128(w, lo), CInt::from_i128(w, hi + 1))
}

impl CInt {
    /// Trailing ones (LLVM's `countr_one`).
    pub fn trailing_zeros_of_not(self) -> u32 {
        self.not().trailing_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(bits: u32, l: i128, u: i128) -> ConstantRange {
        ConstantRange::new(CInt::from_i128(bits, l), CInt::from_i128(bits, u))
    }

    #[test]
    fn basic_queries() {
        let x = r(8, 10, 20);
        assert_eq!(x.umin().u(), 10);
        assert_eq!(x.umax().u(), 19);
        assert!(x.contains(CInt::new(8, 15)));
        assert!(!x.contains(CInt::new(8, 20)));
        let w = r(8, 250, 5);
        assert!(w.is_wrapped());
        assert_eq!(w.umin().u(), 0);
        assert_eq!(w.umax().u(), 255);
        assert_eq!(w.smin().s(), -6);
        assert_eq!(w.smax().s(), 4);
    }

    #[test]
    fn add_and_extend() {
        let a = r(8, 0, 10);
        let b = r(8, 5, 6);
        assert_eq!(a.add(&b), r(8, 5, 15));
        assert_eq!(r(8, 200, 250).add(&r(8, 100, 101)), r(8, 44, 94));
        assert_eq!(a.zero_extend(16), r(16, 0, 10));
        assert_eq!(r(8, -3, 3).sign_extend(16), r(16, -3, 3));
        assert_eq!(ConstantRange::full(8).zero_extend(16), r(16, 0, 256));
        assert_eq!(r(16, 0, 300).truncate(8), ConstantRange::full(8));
        assert_eq!(r(16, 256, 260).truncate(8), r(8, 0, 4));
    }

    #[test]
    fn no_wrap_regions() {
        let one = ConstantRange::single(CInt::new(8, 1));
        let nuw = ConstantRange::guaranteed_no_wrap_region(NoWrapOp::Add, &one, true);
        assert_eq!(nuw, r(8, 0, 255));
        let nsw = ConstantRange::guaranteed_no_wrap_region(NoWrapOp::Add, &one, false);
        assert_eq!(nsw, r(8, -128, 127));
        let four = ConstantRange::single(CInt::new(8, 4));
        let mul = ConstantRange::guaranteed_no_wrap_region(NoWrapOp::Mul, &four, false);
        assert_eq!(mul, r(8, -32, 32));
    }

    #[test]
    fn intersect_prefers() {
        let a = r(8, 250, 10);
        let b = r(8, 5, 255);
        let s = a.intersect(&b, PreferredRange::Signed);
        assert!(s.contains(CInt::new(8, 5)));
        let u = a.intersect(&b, PreferredRange::Unsigned);
        assert!(!u.is_wrapped());
    }
}
