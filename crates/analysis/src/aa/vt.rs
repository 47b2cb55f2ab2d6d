//! The value-tracking questions BasicAA asks (a subset of LLVM 19's
//! `ValueTracking.cpp`, always erring towards "not known"): known bits (from
//! [`crate::scev`]), `computeConstantRange`, `isKnownNonZero`,
//! `isKnownNonEqual`; and CFG reachability (`CFG.cpp`'s
//! `isPotentiallyReachableFromMany`).

use super::AliasAnalysis;
use crate::effects::intrinsic_name;
use crate::scev::int::mask;
use crate::scev::known::KnownBits;
use crate::scev::range::{ConstantRange, PreferredRange};
use crate::scev::CInt;
use loopwright_ir::{
    Block, ConstData, Flags, Inst, Linkage, Opcode, Operand, TypeData, Value, ValueDef,
};

/// LLVM's `MaxAnalysisRecursionDepth`.
const MAX_DEPTH: u32 = 6;
/// `DefaultMaxBBsToExplore` of `isPotentiallyReachableFromMany`.
const MAX_BBS: u32 = 32;

impl AliasAnalysis<'_> {
    /// The bit width of an integer operand (`None` above 128 bits or for
    /// other types).
    pub(crate) fn int_bits(&self, o: Operand) -> Option<u32> {
        let w = self.m.types.int_width(self.ty_of(o))?;
        (w <= 128).then_some(w)
    }

    /// An integer constant as a [`CInt`] of its width.
    pub(crate) fn cint(&self, o: Operand) -> Option<CInt> {
        let bits = self.int_bits(o)?;
        Some(CInt::new(bits, self.const_int(o)?))
    }

    /// `computeKnownBits` of an integer operand.
    pub(crate) fn known_bits(&mut self, o: Operand) -> Option<KnownBits> {
        self.known_bits_at(o, 0)
    }

    /// `computeKnownBits` at recursion depth `depth` (nothing is known of a
    /// non-constant at LLVM's depth limit).
    pub(crate) fn known_bits_at(&mut self, o: Operand, depth: u32) -> Option<KnownBits> {
        let bits = self.int_bits(o)?;
        match o {
            Operand::Value(_) if depth >= MAX_DEPTH => Some(KnownBits::unknown(bits)),
            Operand::Value(v) => {
                let k = self.se.known_bits_value(v, depth);
                if k.bits != bits || k.zero & k.one != 0 {
                    return Some(KnownBits::unknown(bits));
                }
                if depth + 1 < MAX_DEPTH && self.simple_recurrence(o).is_none() {
                    if let Some(r) = self.phi_known_bits(o, bits) {
                        return Some(r);
                    }
                }
                Some(k)
            }
            Operand::Const(_) => Some(match self.cint(o) {
                Some(c) => KnownBits::constant(c),
                None => KnownBits::unknown(bits),
            }),
            _ => None,
        }
    }

    /// The known bits of a phi that is not a simple recurrence, as LLVM's
    /// `computeKnownBits` finds them: the common bits of its incoming
    /// values, each refined by a branch of its block on a comparison of it
    /// with a constant that leads to the phi (`i < 1000` on the back edge).
    /// Scalar evolution's known bits do not look at branches. (LLVM 19
    /// does not refine a simple recurrence, `phi [s, (i op x)]`, this way:
    /// opt-19 answers MayAlias for `p[i]` against `p[256]` when `i += 3`
    /// runs while `i < 200`.)
    fn phi_known_bits(&mut self, o: Operand, bits: u32) -> Option<KnownBits> {
        let d = self.data_of(o)?;
        if d.opcode != Opcode::Phi || d.operands().is_empty() {
            return None;
        }
        let ops: Vec<Operand> = d.operands().to_vec();
        let phi_block = self.inst_of(o).and_then(|i| self.f.layout.inst_block(i))?;
        let mut acc: Option<KnownBits> = None;
        for pair in ops.chunks(2) {
            let inc = pair[0];
            if inc == o {
                continue;
            }
            let mut k = self.known_bits_at(inc, MAX_DEPTH - 1)?;
            let constant = k.zero | k.one == mask(bits);
            let term = pair
                .get(1)
                .and_then(|b| b.as_block())
                .and_then(|b| self.f.terminator(b));
            if let (false, Some(t)) = (constant, term) {
                if let Some(region) = self.branch_region(t, inc, phi_block) {
                    // `ConstantRange::toKnownBits`: the top bits its unsigned
                    // minimum and maximum share.
                    if !region.is_empty() {
                        let (lo, hi) = (region.umin().u(), region.umax().u());
                        let differ = lo ^ hi;
                        let keep = if differ == 0 {
                            mask(bits)
                        } else {
                            mask(bits) & !mask(128 - differ.leading_zeros())
                        };
                        let (z, one) = (!lo & keep & mask(bits), lo & keep);
                        if (k.zero | z) & (k.one | one) != 0 {
                            // Dead code: nothing is known.
                            return Some(KnownBits::unknown(bits));
                        }
                        k.zero |= z;
                        k.one |= one;
                    }
                }
            }
            let next = match acc {
                None => k,
                Some(a) => a.intersect(k),
            };
            if next.zero == 0 && next.one == 0 {
                return Some(next);
            }
            acc = Some(next);
        }
        acc
    }

    /// The values `v` may have on the edge from `term`'s block to `to`
    /// when `term` branches on `icmp pred v, C` with exactly one successor
    /// `to` (`makeExactICmpRegion`).
    fn branch_region(&self, term: Inst, v: Operand, to: Block) -> Option<ConstantRange> {
        let d = self.f.inst(term);
        if d.opcode != Opcode::Br || d.operands().len() != 3 {
            return None;
        }
        let cmp = self.data_of(d.operands()[0])?;
        let (t, f) = (d.operands()[1].as_block()?, d.operands()[2].as_block()?);
        if cmp.opcode != Opcode::ICmp || (t == to) == (f == to) {
            return None;
        }
        let mut pred = cmp.predicate()?;
        let (l, r) = (cmp.operands()[0], cmp.operands()[1]);
        let c = if l == v {
            self.cint(r)?
        } else if r == v {
            pred = pred.swapped();
            self.cint(l)?
        } else {
            return None;
        };
        if f == to {
            pred = pred.inverse();
        }
        Some(ConstantRange::exact_icmp_region(pred, c))
    }

    /// `computeConstantRange(V, ForSigned = false)`: limits of binary
    /// operators with a constant operand, selects, `!range` and `range`
    /// attributes, min/max and bit-counting intrinsics.
    pub(crate) fn constant_range(&mut self, o: Operand, depth: u32) -> ConstantRange {
        let Some(bits) = self.int_bits(o) else {
            return ConstantRange::full(1);
        };
        let full = ConstantRange::full(bits);
        if let Some(c) = self.cint(o) {
            return ConstantRange::single(c);
        }
        if depth >= MAX_DEPTH {
            return full;
        }
        let Operand::Value(v) = o else {
            return full;
        };
        let mut cr = full;
        match self.f.value_def(v) {
            ValueDef::Param(i) => {
                if let Some(r) = self.range_attr(self.f.param_attrs.get(i as usize).copied(), bits)
                {
                    cr = r;
                }
            }
            ValueDef::Result(i) => {
                let d = self.f.inst(i);
                let ops: Vec<Operand> = d.operands().to_vec();
                let c1 = ops.get(1).and_then(|&x| self.cint(x));
                let c0 = ops.first().and_then(|&x| self.cint(x));
                let (mut lo, mut hi) = (CInt::zero(bits), CInt::zero(bits));
                let one = CInt::one(bits);
                match d.opcode {
                    Opcode::Add => {
                        if let Some(c) = c1.filter(|c| !c.is_zero()) {
                            if d.flags.contains(Flags::NUW) {
                                lo = c;
                            } else if d.flags.contains(Flags::NSW) {
                                if c.is_negative() {
                                    lo = CInt::smin_value(bits);
                                    hi = CInt::smax_value(bits).add(c).add(one);
                                } else {
                                    lo = CInt::smin_value(bits).add(c);
                                    hi = CInt::smax_value(bits).add(one);
                                }
                            }
                        }
                    }
                    Opcode::And => {
                        if let Some(c) = c1 {
                            hi = c.add(one);
                        }
                    }
                    Opcode::Or => {
                        if let Some(c) = c1 {
                            lo = c;
                        }
                    }
                    Opcode::AShr => {
                        if let Some(c) = c1.filter(|c| c.u() < u128::from(bits)) {
                            let n = c.u() as u32;
                            lo = CInt::smin_value(bits).ashr(n);
                            hi = CInt::smax_value(bits).ashr(n).add(one);
                        } else if let Some(c) = c0 {
                            let mut sh = bits - 1;
                            if !c.is_zero() && d.flags.contains(Flags::EXACT) {
                                sh = c.trailing_zeros();
                            }
                            if c.is_negative() {
                                lo = c;
                                hi = c.ashr(sh).add(one);
                            } else {
                                lo = c.ashr(sh);
                                hi = c.add(one);
                            }
                        }
                    }
                    Opcode::LShr => {
                        if let Some(c) = c1.filter(|c| c.u() < u128::from(bits)) {
                            hi = CInt::all_ones(bits).lshr(c.u() as u32).add(one);
                        } else if let Some(c) = c0 {
                            let mut sh = bits - 1;
                            if !c.is_zero() && d.flags.contains(Flags::EXACT) {
                                sh = c.trailing_zeros();
                            }
                            lo = c.lshr(sh);
                            hi = c.add(one);
                        }
                    }
                    Opcode::Shl => {
                        if let Some(c) = c0 {
                            if d.flags.contains(Flags::NUW) {
                                lo = c;
                                hi = c.shl(c.leading_zeros()).add(one);
                            } else if d.flags.contains(Flags::NSW) {
                                if c.is_negative() {
                                    let sh = c.leading_ones().saturating_sub(1);
                                    lo = c.shl(sh);
                                    hi = c.add(one);
                                } else {
                                    let sh = c.leading_zeros().saturating_sub(1);
                                    lo = c;
                                    hi = c.shl(sh).add(one);
                                }
                            } else {
                                if c.u() & 1 == 1 {
                                    lo = one;
                                }
                                let pop = c.u().count_ones();
                                hi = CInt::new(bits, mask(bits) & !mask(bits - pop.min(bits)))
                                    .add(one);
                            }
                        } else if let Some(c) = c1.filter(|c| c.u() < u128::from(bits)) {
                            let from = c.u() as u32;
                            hi = CInt::new(bits, mask(bits) & !mask(from)).add(one);
                        }
                    }
                    Opcode::UDiv => {
                        if let Some(c) = c1.filter(|c| !c.is_zero()) {
                            hi = CInt::umax_value(bits)
                                .udiv(c)
                                .unwrap_or(CInt::zero(bits))
                                .add(one);
                        } else if let Some(c) = c0 {
                            hi = c.add(one);
                        }
                    }
                    Opcode::URem => {
                        if let Some(c) = c1 {
                            hi = c;
                        } else if let Some(c) = c0 {
                            hi = c.add(one);
                        }
                    }
                    Opcode::SRem => {
                        if let Some(c) = c1 {
                            hi = c.abs();
                            lo = hi.neg().add(one);
                        } else if let Some(c) = c0 {
                            if c.is_negative() {
                                hi = one;
                                lo = c;
                            } else {
                                hi = c.add(one);
                            }
                        }
                    }
                    Opcode::Select => {
                        let t = self.constant_range(ops[1], depth + 1);
                        let f = self.constant_range(ops[2], depth + 1);
                        cr = t.union(&f, PreferredRange::Smallest);
                    }
                    Opcode::Call => {
                        if let Some(r) = self.intrinsic_range(d, bits) {
                            cr = r;
                        }
                        let ret = d.call_info().map(|c| c.ret_attrs);
                        if let Some(r) = self.range_attr(ret, bits) {
                            cr = cr.intersect(&r, PreferredRange::Smallest);
                        }
                    }
                    _ => {}
                }
                if d.opcode.is_binary() {
                    cr = ConstantRange::non_empty(lo, hi);
                }
                if matches!(d.opcode, Opcode::Load | Opcode::Call | Opcode::Invoke) {
                    if let Some(r) = self.se.metadata_range(v, bits) {
                        cr = cr.intersect(&r, PreferredRange::Smallest);
                    }
                }
            }
            ValueDef::Placeholder => {}
        }
        cr
    }

    /// A `range(iN lo, hi)` attribute of an attribute set.
    fn range_attr(&self, set: Option<loopwright_ir::AttrSet>, bits: u32) -> Option<ConstantRange> {
        let set = set?;
        let text = self.m.attrs.get(set).iter().find_map(|a| match a {
            loopwright_ir::Attr::Raw(k, v) if &**k == "range" => Some(v.to_string()),
            _ => None,
        })?;
        // `i32 0, 10`
        let (ty, rest) = text.trim().split_once(' ')?;
        let w: u32 = ty.strip_prefix('i')?.parse().ok()?;
        if w != bits {
            return None;
        }
        let (a, b) = rest.split_once(',')?;
        let p = |s: &str| -> Option<CInt> {
            let s = s.trim();
            Some(if let Some(n) = s.strip_prefix('-') {
                CInt::new(bits, n.parse::<u128>().ok()?).neg()
            } else {
                CInt::new(bits, s.parse::<u128>().ok()?)
            })
        };
        Some(ConstantRange::new(p(a)?, p(b)?))
    }

    /// `getRangeForIntrinsic` for the bit counts and min/max with a
    /// constant.
    fn intrinsic_range(&mut self, d: &loopwright_ir::InstData, bits: u32) -> Option<ConstantRange> {
        let name = intrinsic_name(self.m, d)?;
        let rest = name.strip_prefix("llvm.")?;
        let args = d.call_args();
        let fam = |f: &str| rest.strip_prefix(f).is_some_and(|t| t.starts_with('.'));
        if fam("ctpop") || fam("ctlz") || fam("cttz") {
            return Some(ConstantRange::new(
                CInt::zero(bits),
                CInt::new(bits, u128::from(bits)).add(CInt::one(bits)),
            ));
        }
        let c = args.get(1).and_then(|&x| self.cint(x))?;
        let one = CInt::one(bits);
        if fam("umin") {
            return Some(ConstantRange::non_empty(CInt::zero(bits), c.add(one)));
        }
        if fam("umax") {
            return Some(ConstantRange::non_empty(c, CInt::zero(bits)));
        }
        if fam("smin") {
            return Some(ConstantRange::non_empty(CInt::smin_value(bits), c.add(one)));
        }
        if fam("smax") {
            return Some(ConstantRange::non_empty(c, CInt::smax_value(bits).add(one)));
        }
        None
    }

    /// `isKnownNonZero` (a subset).
    pub(crate) fn known_non_zero(&mut self, o: Operand, depth: u32, ctx: Option<Inst>) -> bool {
        if let Operand::Const(c) = o {
            match self.m.consts.data(c) {
                ConstData::Int { val, .. } => return !val.is_zero(),
                ConstData::Null(_)
                | ConstData::Zero(_)
                | ConstData::Undef(_)
                | ConstData::Poison(_) => return false,
                ConstData::Global { global, .. } => {
                    let linkage = self.m.global_common(*global).linkage;
                    return linkage != Linkage::ExternWeak && self.addrspace_of(o) == 0;
                }
                ConstData::Expr(_) => {}
                _ => return false,
            }
        }
        let bits_opt = self.int_bits(o);
        if let Operand::Value(v) = o {
            if let ValueDef::Param(i) = self.f.value_def(v) {
                let set = self.f.param_attrs.get(i as usize).copied();
                if let Some(b) = bits_opt {
                    if let Some(r) = self.range_attr(set, b) {
                        if !r.contains(CInt::zero(b)) {
                            return true;
                        }
                    }
                }
            }
        }
        if depth >= MAX_DEPTH {
            return false;
        }
        let depth = depth + 1;
        if self.is_pointer(o) && self.is_argument(o) {
            let byval = self.arg_has(o, "byval")
                || self.arg_has(o, "inalloca")
                || self.arg_has(o, "preallocated");
            if (byval && !self.null_is_defined(self.addrspace_of(o))) || self.arg_has(o, "nonnull")
            {
                return true;
            }
        }
        if self.non_zero_from_operator(o, depth, ctx) {
            return true;
        }
        if let (Operand::Value(v), Some(c)) = (o, ctx) {
            if self.non_zero_from_dominating_condition(v, c) {
                return true;
            }
        }
        false
    }

    fn non_zero_from_operator(&mut self, o: Operand, depth: u32, ctx: Option<Inst>) -> bool {
        let Some(op) = self.opcode_of(o) else {
            return false;
        };
        let flags = match o {
            Operand::Value(_) => self.data_of(o).map_or(Flags::NONE, |d| d.flags),
            Operand::Const(c) => match self.m.consts.data(c) {
                ConstData::Expr(e) => e.flags,
                _ => Flags::NONE,
            },
            _ => Flags::NONE,
        };
        let arg = |s: &Self, k: usize| s.operand_of(o, k);
        let r = match op {
            Opcode::Alloca => !self.null_is_defined(self.addrspace_of(o)),
            Opcode::GetElementPtr => {
                // An inbounds GEP of a non-null pointer in an address space
                // where null is not valid is non-null.
                flags.contains(Flags::INBOUNDS)
                    && !self.null_is_defined(self.addrspace_of(o))
                    && arg(self, 0).is_some_and(|b| self.known_non_zero(b, depth, ctx))
            }
            Opcode::BitCast | Opcode::ZExt | Opcode::SExt | Opcode::Freeze => {
                arg(self, 0).is_some_and(|b| self.known_non_zero(b, depth, ctx))
            }
            Opcode::AddrSpaceCast => false,
            Opcode::IntToPtr | Opcode::PtrToInt => {
                let (Some(src), bits) = (arg(self, 0), self.bits_of_any(o)) else {
                    return false;
                };
                bits.is_some()
                    && self.bits_of_any(src) <= bits
                    && self.known_non_zero(src, depth, ctx)
            }
            Opcode::Or => {
                let (a, b) = (arg(self, 0), arg(self, 1));
                a.is_some_and(|a| self.known_non_zero(a, depth, ctx))
                    || b.is_some_and(|b| self.known_non_zero(b, depth, ctx))
            }
            Opcode::Shl => {
                (flags.contains(Flags::NUW) || flags.contains(Flags::NSW))
                    && arg(self, 0).is_some_and(|a| self.known_non_zero(a, depth, ctx))
            }
            Opcode::Mul => {
                (flags.contains(Flags::NUW) || flags.contains(Flags::NSW))
                    && arg(self, 0).is_some_and(|a| self.known_non_zero(a, depth, ctx))
                    && arg(self, 1).is_some_and(|b| self.known_non_zero(b, depth, ctx))
            }
            Opcode::Add if flags.contains(Flags::NUW) => {
                arg(self, 1).is_some_and(|b| self.known_non_zero(b, depth, ctx))
                    || arg(self, 0).is_some_and(|a| self.known_non_zero(a, depth, ctx))
            }
            Opcode::Sub => {
                let (Some(a), Some(b)) = (arg(self, 0), arg(self, 1)) else {
                    return false;
                };
                self.known_non_equal(a, b, depth)
            }
            Opcode::Select => {
                let (Some(a), Some(b)) = (arg(self, 1), arg(self, 2)) else {
                    return false;
                };
                self.known_non_zero(a, depth, ctx) && self.known_non_zero(b, depth, ctx)
            }
            Opcode::Phi => self.phi_non_zero(o, depth),
            Opcode::Call | Opcode::Invoke => {
                let Some(d) = self.data_of(o) else {
                    return false;
                };
                let ci = d.call_info().expect("call");
                if self.is_pointer(o)
                    && (self.m.attrs.has(ci.ret_attrs, "nonnull")
                        || self.m.called_function(d).is_some_and(|f| {
                            self.m.attrs.has(self.m.functions[f].ret_attrs, "nonnull")
                        }))
                {
                    return true;
                }
                if let Some(r) = self.returned_arg(d) {
                    return self.known_non_zero(r, depth, ctx);
                }
                false
            }
            _ => false,
        };
        if r {
            return true;
        }
        if self.int_bits(o).is_some() && matches!(o, Operand::Value(_)) {
            if let Some(k) = self.known_bits_at(o, depth) {
                return k.one != 0;
            }
        }
        false
    }

    fn bits_of_any(&self, o: Operand) -> Option<u32> {
        match self.m.types.data(self.ty_of(o)) {
            TypeData::Int(b) => Some(*b),
            TypeData::Ptr(a) => Some(self.dl.pointer_bits(*a)),
            _ => None,
        }
    }

    /// A phi all of whose incoming values are non-zero, or a non-zero
    /// recurrence (`isNonZeroRecurrence`).
    fn phi_non_zero(&mut self, o: Operand, depth: u32) -> bool {
        let Some(d) = self.data_of(o) else {
            return false;
        };
        let ops: Vec<Operand> = d.operands().to_vec();
        if let Some((bo, start, step)) = self.simple_recurrence(o) {
            if let Some(sc) = self.cint(start).filter(|c| !c.is_zero()) {
                let bd = self.f.inst(bo);
                let step_c = self.cint(step);
                let ok = match bd.opcode {
                    Opcode::Add => {
                        bd.flags.contains(Flags::NUW)
                            || (bd.flags.contains(Flags::NSW)
                                && step_c.is_some_and(|s| s.is_negative() == sc.is_negative()))
                    }
                    Opcode::Mul => {
                        (bd.flags.contains(Flags::NUW) || bd.flags.contains(Flags::NSW))
                            && step_c.is_some_and(|s| !s.is_zero())
                    }
                    Opcode::Shl => bd.flags.contains(Flags::NUW) || bd.flags.contains(Flags::NSW),
                    Opcode::AShr | Opcode::LShr => bd.flags.contains(Flags::EXACT),
                    _ => false,
                };
                if ok {
                    return true;
                }
            }
        }
        let new_depth = depth.max(MAX_DEPTH - 1);
        let phi_block = self.inst_of(o).and_then(|i| self.f.layout.inst_block(i));
        for pair in ops.chunks(2) {
            if pair[0] == o {
                continue;
            }
            let term = pair[1].as_block().and_then(|b| self.f.terminator(b));
            // A branch of the incoming block on a comparison of the
            // incoming value that excludes zero on the edge to the phi.
            if let (Some(t), Some(pb)) = (term, phi_block) {
                if self.branch_excludes_zero(t, pair[0], pb) {
                    continue;
                }
            }
            if !self.known_non_zero(pair[0], new_depth, term) {
                return false;
            }
        }
        true
    }

    /// `br (icmp pred V, X), T, F` where exactly one of `T`, `F` is `to` and
    /// the comparison on that edge excludes `V == 0`.
    fn branch_excludes_zero(&self, term: Inst, v: Operand, to: Block) -> bool {
        let d = self.f.inst(term);
        if d.opcode != Opcode::Br || d.operands().len() != 3 {
            return false;
        }
        let (Some(cmp), Some(t), Some(f)) = (
            self.data_of(d.operands()[0]),
            d.operands()[1].as_block(),
            d.operands()[2].as_block(),
        ) else {
            return false;
        };
        if cmp.opcode != Opcode::ICmp || (t == to) == (f == to) {
            return false;
        }
        let Some(mut pred) = cmp.predicate() else {
            return false;
        };
        let (l, r) = (cmp.operands()[0], cmp.operands()[1]);
        let x = if l == v {
            r
        } else if r == v {
            pred = pred.swapped();
            l
        } else {
            return false;
        };
        if f == to {
            pred = pred.inverse();
        }
        self.cmp_excludes_zero(pred, x)
    }

    /// `cmpExcludesZero`: `V pred X` cannot hold for `V == 0`.
    fn cmp_excludes_zero(&self, pred: loopwright_ir::Predicate, x: Operand) -> bool {
        use loopwright_ir::Predicate as P;
        if pred == P::Ugt {
            return true;
        }
        let zero_like = |o: Operand| match o {
            Operand::Const(c) => {
                matches!(
                    self.m.consts.data(c),
                    ConstData::Null(_) | ConstData::Zero(_)
                ) || self.const_int(o) == Some(0)
            }
            _ => false,
        };
        if pred == P::Ne {
            return zero_like(x);
        }
        let Some(c) = self.cint(x) else {
            return false;
        };
        let region = ConstantRange::exact_icmp_region(pred, c);
        !region.contains(CInt::zero(c.bits()))
    }

    /// `isKnownNonNullFromDominatingCondition`: a use of `v` that shows it
    /// is non-zero where `ctx` runs (a dominating branch on a comparison
    /// excluding zero, a dominating load or store through it, a division by
    /// it, a non-null argument); the first 20 uses are looked at.
    fn non_zero_from_dominating_condition(&self, v: Value, ctx: Inst) -> bool {
        let Some(ctx_block) = self.f.layout.inst_block(ctx) else {
            return false;
        };
        let vo = Operand::Value(v);
        let is_ptr = self.is_pointer(vo);
        let mut explored = 0;
        let dominates = |a: Inst, b: Inst| a != b && self.dt.dominates_inst(self.f, a, b);
        for &u in self.f.uses(v).iter().rev() {
            let d = self.f.inst(u);
            if d.opcode.is_debug_record() {
                continue;
            }
            if explored >= 20 {
                break;
            }
            explored += 1;
            let ops = d.operands();
            if is_ptr && d.opcode.is_call_like() {
                let args = d.call_args();
                for (k, &a) in args.iter().enumerate() {
                    if a != vo {
                        continue;
                    }
                    let nonnull = crate::effects::call_param_has(self.m, d, k, "nonnull")
                        && crate::effects::call_param_has(self.m, d, k, "noundef");
                    let deref = crate::effects::call_param_has(self.m, d, k, "dereferenceable")
                        && !self.null_is_defined(self.addrspace_of(vo));
                    if (nonnull || deref) && dominates(u, ctx) {
                        return true;
                    }
                }
            }
            let ptr_operand = match d.opcode {
                Opcode::Load => ops.first().copied(),
                Opcode::Store => ops.get(1).copied(),
                _ => None,
            };
            if ptr_operand == Some(vo)
                && !self.null_is_defined(self.addrspace_of(vo))
                && dominates(u, ctx)
            {
                return true;
            }
            if matches!(
                d.opcode,
                Opcode::UDiv | Opcode::SDiv | Opcode::URem | Opcode::SRem
            ) && ops.get(1) == Some(&vo)
                && dominates(u, ctx)
            {
                return true;
            }
            if d.opcode != Opcode::ICmp {
                continue;
            }
            let Some(mut pred) = d.predicate() else {
                continue;
            };
            let rhs = if ops[0] == vo {
                ops[1]
            } else if ops[1] == vo {
                pred = pred.swapped();
                ops[0]
            } else {
                continue;
            };
            let non_null_if_true = if self.cmp_excludes_zero(pred, rhs) {
                true
            } else if self.cmp_excludes_zero(pred.inverse(), rhs) {
                false
            } else {
                continue;
            };
            let Some(cmp_val) = self.f.inst_result(u) else {
                continue;
            };
            let mut visited: Vec<Inst> = Vec::new();
            for &cu in self.f.uses(cmp_val) {
                let mut work = Vec::new();
                if !visited.contains(&cu) {
                    visited.push(cu);
                    work.push(cu);
                }
                while let Some(cur) = work.pop() {
                    let cd = self.f.inst(cur);
                    let is_and = cd.opcode == Opcode::And
                        || (cd.opcode == Opcode::Select
                            && cd
                                .operands()
                                .get(2)
                                .is_some_and(|&o| self.const_int(o) == Some(0))
                            && self.m.types.int_width(cd.ty) == Some(1));
                    if non_null_if_true && is_and {
                        if let Some(r) = self.f.inst_result(cur) {
                            for &x in self.f.uses(r) {
                                if !visited.contains(&x) {
                                    visited.push(x);
                                    work.push(x);
                                }
                            }
                        }
                        continue;
                    }
                    if cd.opcode == Opcode::Br && cd.operands().len() == 3 {
                        let Some(from) = self.f.layout.inst_block(cur) else {
                            continue;
                        };
                        let succ = cd.operands()[if non_null_if_true { 1 } else { 2 }];
                        if let Some(succ) = succ.as_block() {
                            if self.dt.edge_dominates(self.f, from, succ, ctx_block) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        false
    }

    /// `matchSimpleRecurrence`: `phi [start, (op phi, step)]` with two
    /// incoming values; (the binary operator, start, step).
    pub(crate) fn simple_recurrence(&self, o: Operand) -> Option<(Inst, Operand, Operand)> {
        let d = self.data_of(o)?;
        if d.opcode != Opcode::Phi || d.operands().len() != 4 {
            return None;
        }
        let ops = d.operands();
        for (k, other) in [(0usize, 2usize), (2, 0)] {
            let Some(bi) = self.inst_of(ops[k]) else {
                continue;
            };
            let bd = self.f.inst(bi);
            if !matches!(
                bd.opcode,
                Opcode::LShr
                    | Opcode::AShr
                    | Opcode::Shl
                    | Opcode::Add
                    | Opcode::Sub
                    | Opcode::And
                    | Opcode::Or
                    | Opcode::Mul
                    | Opcode::FMul
            ) {
                continue;
            }
            let (l, r) = (bd.operands()[0], bd.operands()[1]);
            let step = if l == o {
                r
            } else if r == o {
                l
            } else {
                continue;
            };
            return Some((bi, ops[other], step));
        }
        None
    }

    /// `isKnownNonEqual` (a subset: invertible operations applied to both,
    /// adding a non-zero value, known bits that disagree).
    pub(crate) fn known_non_equal(&mut self, a: Operand, b: Operand, depth: u32) -> bool {
        if a == b || self.ty_of(a) != self.ty_of(b) || depth >= MAX_DEPTH {
            return false;
        }
        if let (Some(oa), Some(ob)) = (self.opcode_of(a), self.opcode_of(b)) {
            if oa == ob {
                if let Some((x, y)) = self.invertible_operands(a, b, oa) {
                    return self.known_non_equal(x, y, depth + 1);
                }
            }
        }
        if self.modifying_binop_of_non_zero(a, b, depth)
            || self.modifying_binop_of_non_zero(b, a, depth)
        {
            return true;
        }
        if self.int_bits(a).is_some() {
            if let (Some(ka), Some(kb)) =
                (self.known_bits_at(a, depth), self.known_bits_at(b, depth))
            {
                if ka.zero & kb.one != 0 || kb.zero & ka.one != 0 {
                    return true;
                }
            }
        }
        false
    }

    fn flags_of(&self, o: Operand) -> Flags {
        self.data_of(o).map_or(Flags::NONE, |d| d.flags)
    }

    /// `getInvertibleOperands` for instructions.
    fn invertible_operands(
        &self,
        a: Operand,
        b: Operand,
        op: Opcode,
    ) -> Option<(Operand, Operand)> {
        let (da, db) = (self.data_of(a)?, self.data_of(b)?);
        let (pa, pb) = (da.operands(), db.operands());
        let (fa, fb) = (self.flags_of(a), self.flags_of(b));
        match op {
            Opcode::Or | Opcode::Xor | Opcode::Add => {
                if op == Opcode::Or
                    && !(fa.contains(Flags::DISJOINT) && fb.contains(Flags::DISJOINT))
                {
                    return None;
                }
                for (k, other) in [(0usize, 1usize), (1, 0)] {
                    if pb[0] == pa[k] {
                        return Some((pa[other], pb[1]));
                    }
                    if pb[1] == pa[k] {
                        return Some((pa[other], pb[0]));
                    }
                }
                None
            }
            Opcode::Sub => {
                if pa[0] == pb[0] {
                    Some((pa[1], pb[1]))
                } else if pa[1] == pb[1] {
                    Some((pa[0], pb[0]))
                } else {
                    None
                }
            }
            Opcode::Mul | Opcode::Shl => {
                let nuw = fa.contains(Flags::NUW) && fb.contains(Flags::NUW);
                let nsw = fa.contains(Flags::NSW) && fb.contains(Flags::NSW);
                if !nuw && !nsw || pa[1] != pb[1] {
                    return None;
                }
                if op == Opcode::Mul && self.cint(pa[1]).is_none_or(|c| c.is_zero()) {
                    return None;
                }
                Some((pa[0], pb[0]))
            }
            Opcode::AShr | Opcode::LShr => {
                if fa.contains(Flags::EXACT) && fb.contains(Flags::EXACT) && pa[1] == pb[1] {
                    Some((pa[0], pb[0]))
                } else {
                    None
                }
            }
            Opcode::SExt | Opcode::ZExt => {
                (self.ty_of(pa[0]) == self.ty_of(pb[0])).then_some((pa[0], pb[0]))
            }
            Opcode::Phi => {
                let (ba, sa, _) = self.simple_recurrence(a)?;
                let (bb, sb, _) = self.simple_recurrence(b)?;
                let ia = self.inst_of(a)?;
                let ib = self.inst_of(b)?;
                if self.f.layout.inst_block(ia) != self.f.layout.inst_block(ib) {
                    return None;
                }
                let ra = self.f.inst_result(ba)?;
                let rb = self.f.inst_result(bb)?;
                let oa = self.f.inst(ba).opcode;
                if oa != self.f.inst(bb).opcode {
                    return None;
                }
                let (x, y) =
                    self.invertible_operands(Operand::Value(ra), Operand::Value(rb), oa)?;
                (x == a && y == b).then_some((sa, sb))
            }
            _ => None,
        }
    }

    /// `isModifyingBinopOfNonZero`: `a` is `b + x`, `b ^ x` or a disjoint
    /// `b | x` with `x` non-zero.
    fn modifying_binop_of_non_zero(&mut self, a: Operand, b: Operand, depth: u32) -> bool {
        let Some(d) = self.data_of(a) else {
            return false;
        };
        match d.opcode {
            Opcode::Or if !d.flags.contains(Flags::DISJOINT) => false,
            Opcode::Or | Opcode::Xor | Opcode::Add => {
                let ops = d.operands();
                let other = if ops[0] == b {
                    ops[1]
                } else if ops[1] == b {
                    ops[0]
                } else {
                    return false;
                };
                self.known_non_zero(other, depth + 1, None)
            }
            _ => false,
        }
    }

    /// Whether block `b` lies on a cycle of the CFG: `!isNotInCycle`.
    pub(crate) fn block_in_cycle(&mut self, b: Block) -> bool {
        if let Some(&r) = self.in_cycle.get(&b) {
            return r;
        }
        let succs: Vec<Block> = self.f.successors(b).to_vec();
        let r = !succs.is_empty() && self.potentially_reachable_from_many(succs, b);
        self.in_cycle.insert(b, r);
        r
    }

    /// `isPotentiallyReachableFromMany(Worklist, StopBB, nullptr, DT,
    /// nullptr)`: a depth-first walk from the work list that answers "yes"
    /// at a block dominating `stop` and after exploring 32 blocks.
    pub(crate) fn potentially_reachable_from_many(
        &self,
        mut work: Vec<Block>,
        stop: Block,
    ) -> bool {
        let use_dt = self.dt.is_reachable(stop);
        let mut limit = MAX_BBS;
        let mut visited: Vec<Block> = Vec::new();
        while let Some(bb) = work.pop() {
            if visited.contains(&bb) {
                continue;
            }
            visited.push(bb);
            if bb == stop {
                return true;
            }
            if use_dt && self.dt.dominates(bb, stop) {
                return true;
            }
            limit -= 1;
            if limit == 0 {
                return true;
            }
            work.extend(self.f.successors(bb));
        }
        false
    }

    /// Whether `v` is defined outside every cycle (or is not an instruction,
    /// or is in the entry block).
    pub(crate) fn value_not_in_cycle(&mut self, o: Operand) -> bool {
        let Some(i) = self.inst_of(o) else {
            return true;
        };
        let Some(b) = self.f.layout.inst_block(i) else {
            return true;
        };
        if Some(b) == self.f.layout.entry_block() {
            return true;
        }
        !self.block_in_cycle(b)
    }
}
