//! GEP decomposition and `aliasGEP` (LLVM 19's `BasicAliasAnalysis.cpp`).
//!
//! A pointer is decomposed into a base, a constant byte offset and a sum of
//! scaled variable indices, each `zext(sext(trunc(V))) * Scale` with the
//! facts that keep it exact (`nsw`, and `nneg` on `zext`). Offsets are
//! computed in the widest index type of the data layout and wrap there, as
//! LLVM's `APInt`s do.

use super::{AliasAnalysis, AliasResult, LocationSize, MemoryLocation};
use crate::scev::int::MAX_BITS;
use crate::scev::range::{ConstantRange, PreferredRange};
use crate::scev::CInt;
use loopwright_ir::{ConstData, Flags, Inst, Opcode, Operand, TypeData};
use smallvec::SmallVec;

/// LLVM's `MaxLookupSearchDepth`.
pub(crate) const MAX_LOOKUP: u32 = 6;

/// `zext(sext(trunc(V)))`, with the widths of each step.
#[derive(Copy, Clone, Debug)]
pub(crate) struct CastedValue {
    pub v: Operand,
    /// The width of `v` itself.
    pub vbits: u32,
    pub zext: u32,
    pub sext: u32,
    pub trunc: u32,
    /// Whether `trunc(V)` is known non-negative.
    pub nonneg: bool,
}

impl CastedValue {
    fn new(v: Operand, vbits: u32, sext: u32, trunc: u32) -> Self {
        CastedValue {
            v,
            vbits,
            zext: 0,
            sext,
            trunc,
            nonneg: false,
        }
    }

    pub fn width(&self) -> u32 {
        self.vbits - self.trunc + self.zext + self.sext
    }

    fn with_value(&self, v: Operand, preserve_nonneg: bool) -> Self {
        CastedValue {
            v,
            nonneg: self.nonneg && preserve_nonneg,
            ..*self
        }
    }

    /// Replace `V` with `zext(new)`.
    fn with_zext_of(&self, v: Operand, vbits: u32, zext_nonneg: bool) -> Self {
        let extend = self.vbits - vbits;
        if extend <= self.trunc {
            return CastedValue {
                v,
                vbits,
                trunc: self.trunc - extend,
                ..*self
            };
        }
        let extend = extend - self.trunc;
        CastedValue {
            v,
            vbits,
            zext: self.zext + self.sext + extend,
            sext: 0,
            trunc: 0,
            nonneg: zext_nonneg,
        }
    }

    /// Replace `V` with `sext(new)`.
    fn with_sext_of(&self, v: Operand, vbits: u32) -> Self {
        let extend = self.vbits - vbits;
        if extend <= self.trunc {
            return CastedValue {
                v,
                vbits,
                trunc: self.trunc - extend,
                ..*self
            };
        }
        let extend = extend - self.trunc;
        CastedValue {
            v,
            vbits,
            sext: self.sext + extend,
            trunc: 0,
            ..*self
        }
    }

    fn evaluate(&self, mut n: CInt) -> CInt {
        if self.trunc != 0 {
            n = n.trunc(n.bits() - self.trunc);
        }
        if self.sext != 0 {
            n = n.sext(n.bits() + self.sext);
        }
        if self.zext != 0 {
            n = n.zext(n.bits() + self.zext);
        }
        n
    }

    fn evaluate_range(&self, mut r: ConstantRange) -> ConstantRange {
        if self.trunc != 0 {
            r = r.truncate(r.bits() - self.trunc);
        }
        if self.sext != 0 {
            r = r.sign_extend(r.bits() + self.sext);
        }
        if self.zext != 0 {
            r = r.zero_extend(r.bits() + self.zext);
        }
        r
    }

    fn can_distribute_over(&self, nuw: bool, nsw: bool) -> bool {
        (self.zext == 0 || nuw) && (self.sext == 0 || nsw)
    }

    pub fn same_casts_as(&self, o: &CastedValue) -> bool {
        if self.zext == o.zext && self.sext == o.sext && self.trunc == o.trunc {
            return true;
        }
        if self.nonneg || o.nonneg {
            return self.zext + self.sext == o.zext + o.sext && self.trunc == o.trunc;
        }
        false
    }
}

/// `Val * Scale + Offset`.
#[derive(Copy, Clone, Debug)]
struct LinearExpression {
    val: CastedValue,
    scale: CInt,
    offset: CInt,
    nsw: bool,
}

impl LinearExpression {
    fn of(val: CastedValue) -> Self {
        let w = val.width();
        LinearExpression {
            val,
            scale: CInt::one(w),
            offset: CInt::zero(w),
            nsw: true,
        }
    }

    fn mul(self, other: CInt, mul_nsw: bool) -> Self {
        let nsw = self.nsw && (other.is_one() || (mul_nsw && self.offset.is_zero()));
        LinearExpression {
            val: self.val,
            scale: self.scale.mul(other),
            offset: self.offset.mul(other),
            nsw,
        }
    }
}

/// `zext(sext(trunc(V))) * Scale`, added or subtracted.
#[derive(Copy, Clone, Debug)]
pub(crate) struct VarIndex {
    pub val: CastedValue,
    pub scale: CInt,
    /// The instruction facts about `V` hold at (the decomposed pointer).
    pub cxt: Option<Inst>,
    pub nsw: bool,
    pub negated: bool,
}

impl VarIndex {
    fn has_negated_scale_of(&self, o: &VarIndex) -> bool {
        if self.negated == o.negated {
            self.scale == o.scale.neg()
        } else {
            self.scale == o.scale
        }
    }
}

/// A decomposed pointer: base + offset + Σ indices.
#[derive(Clone, Debug)]
pub(crate) struct DecomposedGep {
    pub base: Operand,
    pub offset: CInt,
    pub var_indices: SmallVec<[VarIndex; 4]>,
    /// Whether every GEP was `inbounds` (`None` without GEPs).
    pub inbounds: Option<bool>,
}

/// Sign-extends the low `index_bits` of `x` over its width
/// (`adjustToIndexSize`).
fn adjust_to_index_size(x: CInt, index_bits: u32) -> CInt {
    if index_bits >= x.bits() {
        return x;
    }
    x.trunc(index_bits).sext(x.bits())
}

/// `APInt::smul_ov`.
fn smul_ov(a: CInt, b: CInt) -> (CInt, bool) {
    let bits = a.bits();
    match a.s().checked_mul(b.s()) {
        Some(p) => {
            let r = CInt::from_i128(bits, p);
            (r, r.s() != p)
        }
        None => (a.mul(b), true),
    }
}

/// `APInt::smul_sat`.
fn smul_sat(a: CInt, b: CInt) -> CInt {
    let (r, ov) = smul_ov(a, b);
    if !ov {
        return r;
    }
    if a.is_negative() != b.is_negative() {
        CInt::smin_value(a.bits())
    } else {
        CInt::smax_value(a.bits())
    }
}

fn smin4(v: [CInt; 4]) -> CInt {
    v.into_iter()
        .reduce(|x, y| if y.slt(x) { y } else { x })
        .expect("four")
}

fn smax4(v: [CInt; 4]) -> CInt {
    v.into_iter()
        .reduce(|x, y| if y.sgt(x) { y } else { x })
        .expect("four")
}

/// `ConstantRange::smul_sat`.
fn range_smul_sat(a: &ConstantRange, b: &ConstantRange) -> ConstantRange {
    if a.is_empty() || b.is_empty() {
        return ConstantRange::empty(a.bits());
    }
    let (mn, mx, omn, omx) = (a.smin(), a.smax(), b.smin(), b.smax());
    let l = [
        smul_sat(mn, omn),
        smul_sat(mn, omx),
        smul_sat(mx, omn),
        smul_sat(mx, omx),
    ];
    ConstantRange::non_empty(smin4(l), smax4(l).add(CInt::one(a.bits())))
}

/// `ConstantRange::smul_fast`.
fn range_smul_fast(a: &ConstantRange, b: &ConstantRange) -> ConstantRange {
    if a.is_empty() || b.is_empty() {
        return ConstantRange::empty(a.bits());
    }
    let (mn, mx, omn, omx) = (a.smin(), a.smax(), b.smin(), b.smax());
    let m = [
        smul_ov(mn, omn),
        smul_ov(mn, omx),
        smul_ov(mx, omn),
        smul_ov(mx, omx),
    ];
    if m.iter().any(|x| x.1) {
        return ConstantRange::full(a.bits());
    }
    let v = [m[0].0, m[1].0, m[2].0, m[3].0];
    ConstantRange::non_empty(smin4(v), smax4(v).add(CInt::one(a.bits())))
}

/// `ConstantRange::fromKnownBits(Known, IsSigned = true)`.
fn range_from_known_bits(k: &crate::scev::known::KnownBits) -> ConstantRange {
    let bits = k.bits;
    if k.zero == 0 && k.one == 0 {
        return ConstantRange::full(bits);
    }
    let top = 1u128 << (bits - 1);
    let negative = k.one & top != 0;
    let non_negative = k.zero & top != 0;
    let (lo, hi) = (k.min_value(), k.max_value());
    if negative || non_negative {
        return ConstantRange::new(lo, hi.add(CInt::one(bits)));
    }
    let lo = lo.or(CInt::new(bits, top));
    let hi = hi.and(CInt::new(bits, !top));
    ConstantRange::new(lo, hi.add(CInt::one(bits)))
}

impl AliasAnalysis<'_> {
    /// `GetLinearExpression`.
    fn linear_expression(&self, val: CastedValue, depth: u32) -> LinearExpression {
        if depth == 6 {
            return LinearExpression::of(val);
        }
        if let Some(c) = self.cint(val.v) {
            return LinearExpression {
                val,
                scale: CInt::zero(val.width()),
                offset: val.evaluate(c),
                nsw: true,
            };
        }
        let Some(d) = self.data_of(val.v) else {
            return LinearExpression::of(val);
        };
        if d.opcode.is_binary() {
            let ops = d.operands();
            if let Some(rc) = self.cint(ops[1]) {
                let rhs = val.evaluate(rc);
                let (mut nuw, mut nsw) = (true, true);
                if matches!(
                    d.opcode,
                    Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl
                ) {
                    nuw = d.flags.contains(Flags::NUW);
                    nsw = d.flags.contains(Flags::NSW);
                }
                if !val.can_distribute_over(nuw, nsw) {
                    return LinearExpression::of(val);
                }
                if val.trunc != 0 {
                    nuw = false;
                    nsw = false;
                }
                let _ = nuw;
                return match d.opcode {
                    Opcode::Or | Opcode::Add => {
                        if d.opcode == Opcode::Or && !d.flags.contains(Flags::DISJOINT) {
                            return LinearExpression::of(val);
                        }
                        let mut e =
                            self.linear_expression(val.with_value(ops[0], false), depth + 1);
                        e.offset = e.offset.add(rhs);
                        e.nsw &= nsw;
                        e
                    }
                    Opcode::Sub => {
                        let mut e =
                            self.linear_expression(val.with_value(ops[0], false), depth + 1);
                        e.offset = e.offset.sub(rhs);
                        e.nsw &= nsw;
                        e
                    }
                    Opcode::Mul => self
                        .linear_expression(val.with_value(ops[0], false), depth + 1)
                        .mul(rhs, nsw),
                    Opcode::Shl => {
                        let n = rhs.u();
                        if n > u128::from(val.width()) {
                            return LinearExpression::of(val);
                        }
                        let n = n as u32;
                        let mut e = self.linear_expression(val.with_value(ops[0], nsw), depth + 1);
                        e.offset = e.offset.shl(n);
                        e.scale = e.scale.shl(n);
                        e.nsw &= nsw;
                        e
                    }
                    _ => LinearExpression::of(val),
                };
            }
        }
        match d.opcode {
            Opcode::ZExt => {
                let src = d.operands()[0];
                match self.int_bits(src) {
                    Some(b) => self.linear_expression(
                        val.with_zext_of(src, b, d.flags.contains(Flags::NNEG)),
                        depth + 1,
                    ),
                    None => LinearExpression::of(val),
                }
            }
            Opcode::SExt => {
                let src = d.operands()[0];
                match self.int_bits(src) {
                    Some(b) => self.linear_expression(val.with_sext_of(src, b), depth + 1),
                    None => LinearExpression::of(val),
                }
            }
            _ => LinearExpression::of(val),
        }
    }

    /// `DecomposeGEPExpression`.
    pub(crate) fn decompose(&self, v: Operand) -> DecomposedGep {
        if let Some(d) = self.memo.borrow().decomposed.get(&v) {
            return d.clone();
        }
        let d = self.decompose_uncached(v);
        self.memo.borrow_mut().decomposed.insert(v, d.clone());
        d
    }

    fn decompose_uncached(&self, mut v: Operand) -> DecomposedGep {
        let cxt = self.inst_of(v);
        let max_index = self.dl.max_index_bits().min(MAX_BITS);
        let mut dec = DecomposedGep {
            base: v,
            offset: CInt::zero(max_index),
            var_indices: SmallVec::new(),
            inbounds: None,
        };
        let mut lookups = MAX_LOOKUP;
        loop {
            // Not an operator: only global aliases are looked through.
            let Some(op) = self.opcode_of(v) else {
                if let Some(t) = self.alias_target(v) {
                    v = t;
                    lookups -= 1;
                    if lookups == 0 {
                        break;
                    }
                    continue;
                }
                dec.base = v;
                return dec;
            };
            if matches!(op, Opcode::BitCast | Opcode::AddrSpaceCast) {
                match self.operand_of(v, 0) {
                    Some(s) => v = s,
                    None => {
                        dec.base = v;
                        return dec;
                    }
                }
                lookups -= 1;
                if lookups == 0 {
                    break;
                }
                continue;
            }
            let Some(gep) = self.gep_view(v) else {
                let d = self.data_of(v);
                let next = match d {
                    Some(d) if d.opcode == Opcode::Phi && d.operands().len() == 2 => {
                        Some(d.operands()[0])
                    }
                    Some(d) if d.opcode.is_call_like() => self.arg_aliasing_return(d, false),
                    _ => None,
                };
                match next {
                    Some(n) => {
                        v = n;
                        lookups -= 1;
                        if lookups == 0 {
                            break;
                        }
                        continue;
                    }
                    None => {
                        dec.base = v;
                        return dec;
                    }
                }
            };
            let inb = gep.flags.contains(Flags::INBOUNDS);
            dec.inbounds = Some(match dec.inbounds {
                None => inb,
                Some(x) => x && inb,
            });
            let asp = match self.m.types.data(gep.ty) {
                TypeData::Ptr(a) => *a,
                _ => 0,
            };
            let index_bits = self.dl.index_bits(asp).min(MAX_BITS);
            let mut constant_offset = true;
            let tt = &self.m.types;
            // The type indexed by the next index: the source type for the
            // first, then element and field types.
            let mut cur = gep.source_ty;
            for (k, &idx) in gep.indices.iter().enumerate() {
                let (stride_ty, next_ty) = if k == 0 {
                    (Some(cur), cur)
                } else {
                    match tt.data(cur) {
                        TypeData::Struct { .. } | TypeData::Named(_) => {
                            let Some(field) = self.const_int(idx) else {
                                dec.base = v;
                                return dec;
                            };
                            let field = field as usize;
                            if field != 0 {
                                let Some(off) = self.dl.field_offset(tt, cur, field) else {
                                    dec.base = v;
                                    return dec;
                                };
                                dec.offset = dec.offset.add(CInt::new(max_index, u128::from(off)));
                            }
                            cur = tt.aggregate_elem(cur, field as u64).unwrap_or(cur);
                            continue;
                        }
                        TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                            (Some(*elem), *elem)
                        }
                        _ => (None, cur),
                    }
                };
                let Some(stride_ty) = stride_ty else {
                    dec.base = v;
                    return dec;
                };
                if super::objects::is_scalable(tt, stride_ty) {
                    dec.base = v;
                    return dec;
                }
                let stride = self.dl.alloc_size(tt, stride_ty);
                cur = next_ty;
                if let Some(ci) = self.cint(idx) {
                    if ci.is_zero() {
                        continue;
                    }
                    let c = ci.sext_or_trunc(max_index);
                    dec.offset = dec
                        .offset
                        .add(CInt::new(max_index, u128::from(stride)).mul(c));
                    continue;
                }
                // A vector index or a non-integer constant: opaque.
                let Some(width) = self.int_bits(idx) else {
                    dec.base = v;
                    return dec;
                };
                constant_offset = false;
                let sext = index_bits.saturating_sub(width);
                let trunc = width.saturating_sub(index_bits);
                let le = self.linear_expression(CastedValue::new(idx, width, sext, trunc), 0);
                let le = le.mul(CInt::new(index_bits, u128::from(stride)), inb);
                dec.offset = dec.offset.add(le.offset.sext_or_trunc(max_index));
                let mut scale = le.scale.sext_or_trunc(max_index);
                let mut nsw = le.nsw;
                if let Some(pos) = dec
                    .var_indices
                    .iter()
                    .position(|x| x.val.v == le.val.v && x.val.same_casts_as(&le.val))
                {
                    scale = scale.add(dec.var_indices[pos].scale);
                    nsw = false;
                    dec.var_indices.remove(pos);
                }
                let scale = adjust_to_index_size(scale, index_bits);
                if !scale.is_zero() {
                    dec.var_indices.push(VarIndex {
                        val: le.val,
                        scale,
                        cxt,
                        nsw,
                        negated: false,
                    });
                }
            }
            if constant_offset {
                dec.offset = adjust_to_index_size(dec.offset, index_bits);
            }
            v = gep.base;
            lookups -= 1;
            if lookups == 0 {
                break;
            }
        }
        dec.base = v;
        dec
    }

    /// `subtractDecomposedGEPs`: `dest -= src`.
    fn subtract_geps(&mut self, dest: &mut DecomposedGep, src: &DecomposedGep) {
        dest.offset = dest.offset.sub(src.offset);
        for s in &src.var_indices {
            let mut found = false;
            for i in 0..dest.var_indices.len() {
                let d = dest.var_indices[i];
                if !self.values_equal_in_cycles(d.val.v, s.val.v) || !d.val.same_casts_as(&s.val) {
                    continue;
                }
                let d = &mut dest.var_indices[i];
                if d.negated {
                    d.scale = d.scale.neg();
                    d.negated = false;
                    d.nsw = false;
                }
                if d.scale != s.scale {
                    d.scale = d.scale.sub(s.scale);
                    d.nsw = false;
                } else {
                    dest.var_indices.remove(i);
                }
                found = true;
                break;
            }
            if !found {
                dest.var_indices.push(VarIndex {
                    negated: true,
                    ..*s
                });
            }
        }
    }

    /// `constantOffsetHeuristic`: two indices `x + a` and `-(x + b)` apart
    /// by at least the access sizes.
    fn constant_offset_heuristic(
        &mut self,
        g: &DecomposedGep,
        s1: LocationSize,
        s2: LocationSize,
    ) -> bool {
        let (Some(v1), Some(v2)) = (s1.value(), s2.value()) else {
            return false;
        };
        if g.var_indices.len() != 2 {
            return false;
        }
        let (a, b) = (g.var_indices[0], g.var_indices[1]);
        if a.val.trunc != 0
            || !a.val.same_casts_as(&b.val)
            || !a.has_negated_scale_of(&b)
            || self.ty_of(a.val.v) != self.ty_of(b.val.v)
        {
            return false;
        }
        let e0 = self.linear_expression(CastedValue::new(a.val.v, a.val.vbits, 0, 0), 0);
        let e1 = self.linear_expression(CastedValue::new(b.val.v, b.val.vbits, 0, 0), 0);
        if e0.scale != e1.scale
            || !e0.val.same_casts_as(&e1.val)
            || !self.values_equal_in_cycles(e0.val.v, e1.val.v)
        {
            return false;
        }
        let diff = e0.offset.sub(e1.offset);
        let min_diff = diff.umin(diff.neg());
        let bits = a.scale.bits();
        let (bytes, ov) = min_diff.zext_or_trunc(bits).umul_ov(a.scale.abs());
        let _ = ov;
        let off = g.offset.abs();
        let need1 = CInt::new(bits, u128::from(v1)).add(off);
        let need2 = CInt::new(bits, u128::from(v2)).add(off);
        bytes.uge(need1) && bytes.uge(need2)
    }

    /// `aliasGEP`: `gep1` is a GEP; `o1`, `o2` are the underlying objects.
    pub(crate) fn alias_gep(
        &mut self,
        gep1: Operand,
        s1: LocationSize,
        v2: Operand,
        s2: LocationSize,
        o1: Operand,
        o2: Operand,
    ) -> AliasResult {
        if !s1.has_value() && !s2.has_value() {
            if self.gep_view(v2).is_none() {
                return AliasResult::MayAlias;
            }
            let r = self.aa_alias(
                &MemoryLocation::before_or_after(o1),
                &MemoryLocation::before_or_after(o2),
            );
            return if r.is_no_alias() {
                AliasResult::NoAlias
            } else {
                AliasResult::MayAlias
            };
        }
        let mut d1 = self.decompose(gep1);
        let d2 = self.decompose(v2);
        if d1.base == gep1 && d2.base == v2 {
            return AliasResult::MayAlias;
        }
        if d1.offset.bits() != d2.offset.bits() {
            return AliasResult::MayAlias;
        }
        self.subtract_geps(&mut d1, &d2);
        let bits = d1.offset.bits();
        let size_c = |n: u64| CInt::new(bits, u128::from(n));
        if d1.inbounds == Some(true)
            && d1.var_indices.is_empty()
            && s2.has_value()
            && d1.offset.sge(size_c(s2.value().unwrap_or(0)))
            && self.is_base_of_object(d2.base)
        {
            return AliasResult::NoAlias;
        }
        if self.gep_view(v2).is_some()
            && d2.inbounds == Some(true)
            && d1.var_indices.is_empty()
            && s1.has_value()
            && d1.offset.sle(size_c(s1.value().unwrap_or(0)).neg())
            && self.is_base_of_object(d1.base)
        {
            return AliasResult::NoAlias;
        }
        if d1.offset.is_zero() && d1.var_indices.is_empty() {
            return self.aa_alias(
                &MemoryLocation::new(d1.base, s1),
                &MemoryLocation::new(d2.base, s2),
            );
        }
        let base = self.aa_alias(
            &MemoryLocation::before_or_after(d1.base),
            &MemoryLocation::before_or_after(d2.base),
        );
        if base != AliasResult::MustAlias {
            return if base.is_no_alias() {
                AliasResult::NoAlias
            } else {
                AliasResult::MayAlias
            };
        }
        if d1.var_indices.is_empty() {
            let mut off = d1.offset;
            let (mut left, mut right) = (s2, s1);
            let swapped = off.is_negative();
            if swapped {
                std::mem::swap(&mut left, &mut right);
                off = off.neg();
            }
            let Some(lsize) = left.value() else {
                return AliasResult::MayAlias;
            };
            if off.ult(size_c(lsize)) {
                let mut ar = AliasResult::PartialAlias(None);
                if let Some(rsize) = right.value() {
                    if off.ule(size_c(i32::MAX as u64)) && off.add(size_c(rsize)).ule(size_c(lsize))
                    {
                        let o = -(off.u() as i64);
                        if super::fits_offset(o) {
                            ar = AliasResult::PartialAlias(Some(o as i32));
                        }
                        ar = ar.swap_if(swapped);
                    }
                }
                return ar;
            }
            return AliasResult::NoAlias;
        }
        let (Some(v1size), Some(v2size)) = (s1.value(), s2.value()) else {
            return AliasResult::MayAlias;
        };
        let mut gcd = CInt::zero(bits);
        let mut offset_range = ConstantRange::single(d1.offset);
        let indices = d1.var_indices.clone();
        for (i, ix) in indices.iter().enumerate() {
            let scale = ix.scale;
            let for_gcd = if ix.nsw {
                scale
            } else {
                CInt::one(bits).shl(scale.trailing_zeros().min(bits - 1))
            };
            gcd = if i == 0 {
                for_gcd.abs()
            } else {
                gcd.gcd(for_gcd.abs())
            };
            let mut cr = self.constant_range(ix.val.v, 0);
            if cr.bits() != ix.val.vbits {
                cr = ConstantRange::full(ix.val.vbits);
            }
            if let Some(kb) = self.known_bits(ix.val.v) {
                if kb.bits == cr.bits() {
                    cr = cr.intersect(&range_from_known_bits(&kb), PreferredRange::Signed);
                }
            }
            let cr = ix.val.evaluate_range(cr).sext_or_trunc(bits);
            let cr = if ix.nsw {
                range_smul_sat(&cr, &ConstantRange::single(scale))
            } else {
                range_smul_fast(&cr, &ConstantRange::single(scale))
            };
            offset_range = if ix.negated {
                offset_range.sub(&cr)
            } else {
                offset_range.add(&cr)
            };
        }
        if !gcd.is_zero() {
            // Modulo the GCD, the accesses are at [mod, mod + V1Size) and
            // [0, V2Size).
            let mut m = d1.offset.srem(gcd).unwrap_or(CInt::zero(bits));
            if m.is_negative() {
                m = m.add(gcd);
            }
            if m.uge(size_c(v2size)) && gcd.sub(m).uge(size_c(v1size)) {
                return AliasResult::NoAlias;
            }
        }
        let r1 = offset_range.add(&ConstantRange::new(CInt::zero(bits), size_c(v1size)));
        let r2 = ConstantRange::new(CInt::zero(bits), size_c(v2size));
        if r1.intersect(&r2, PreferredRange::Smallest).is_empty() {
            return AliasResult::NoAlias;
        }
        let mut min_abs: Option<CInt> = None;
        if d1.var_indices.len() == 1 {
            let var = d1.var_indices[0];
            if var.val.trunc == 0 && self.known_non_zero(var.val.v, 0, var.cxt) {
                let no_wrap = var.nsw || {
                    let max_bw = var.val.width() as i64 - var.val.vbits as i64;
                    max_bw > 0 && {
                        let lim = CInt::new(bits, crate::scev::int::mask(max_bw as u32));
                        var.scale.ule(lim)
                    }
                };
                if no_wrap {
                    min_abs = Some(var.scale.abs());
                }
            }
        } else if d1.var_indices.len() == 2 {
            let (a, b) = (d1.var_indices[0], d1.var_indices[1]);
            if a.has_negated_scale_of(&b)
                && a.val.trunc == 0
                && a.val.same_casts_as(&b.val)
                && !self.q.may_be_cross_iteration
                && self.known_non_equal(a.val.v, b.val.v, 0)
            {
                min_abs = Some(a.scale.abs());
            }
        }
        if let Some(ma) = min_abs {
            let lo = d1.offset.sub(ma);
            let hi = d1.offset.add(ma);
            if lo.is_negative()
                && lo.neg().uge(size_c(v1size))
                && !hi.is_negative()
                && hi.uge(size_c(v2size))
            {
                return AliasResult::NoAlias;
            }
        }
        if self.constant_offset_heuristic(&d1, s1, s2) {
            return AliasResult::NoAlias;
        }
        AliasResult::MayAlias
    }

    /// `isBaseOfObject`: an alloca or a global variable.
    fn is_base_of_object(&self, p: Operand) -> bool {
        if self.data_of(p).is_some_and(|d| d.opcode == Opcode::Alloca) {
            return true;
        }
        matches!(p, Operand::Const(c) if matches!(
            self.m.consts.data(c),
            ConstData::Global { global: loopwright_ir::GlobalRef::Var(_), .. }
        ))
    }
}
