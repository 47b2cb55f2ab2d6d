//! Value types and type legalization as LLVM 19's x86 backend does it.
//!
//! [`Ty`] is an IR type as the cost model sees it (a scalar or a fixed
//! vector of one). [`Vt`] is LLVM's `EVT`: an element kind and a lane
//! count; the "simple" ones are LLVM's `MVT`s (the fixed list of
//! `ValueTypes.td`). [`Subtarget::legalize`] is
//! `TargetLoweringBase::getTypeLegalizationCost`: it applies LLVM's type
//! conversions (promote, expand, widen, split, scalarize) until a legal
//! type is reached and returns how many legal values the type becomes
//! (`LT.first`, doubled by each split or expansion) and that legal type
//! (`LT.second`).
//!
//! Sources: `TargetLoweringBase::getTypeConversion` and
//! `computeRegisterProperties`, `X86TargetLowering::getPreferredVectorAction`
//! and the register classes `X86ISelLowering.cpp` adds (which types are
//! legal for which features). Checked against opt-19 through the costs of
//! `tests/llvm_costs.rs`, which multiply by `LT.first`: for example
//! `<16 x i32>` is two `<8 x i32>` on AVX2, `<4 x i7>` is one `<4 x i32>`,
//! `i128` is two `i64`, `<3 x i32>` is one `<4 x i32>`.

use crate::subtarget::Subtarget;

/// A scalar element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// `iN`.
    Int(u32),
    Half,
    BFloat,
    Float,
    Double,
    X86Fp80,
    Fp128,
    /// A pointer (in address space 0 or any other: 64 bits on x86-64).
    Ptr,
}

impl Scalar {
    pub fn is_float(self) -> bool {
        matches!(
            self,
            Scalar::Half
                | Scalar::BFloat
                | Scalar::Float
                | Scalar::Double
                | Scalar::X86Fp80
                | Scalar::Fp128
        )
    }

    pub fn is_int(self) -> bool {
        matches!(self, Scalar::Int(_))
    }

    /// The size in bits (pointers: 64).
    pub fn bits(self) -> u32 {
        match self {
            Scalar::Int(w) => w,
            Scalar::Half | Scalar::BFloat => 16,
            Scalar::Float => 32,
            Scalar::Double | Scalar::Ptr => 64,
            Scalar::X86Fp80 => 80,
            Scalar::Fp128 => 128,
        }
    }
}

/// An IR type for a cost query: a scalar, or a fixed vector of scalars.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ty {
    pub elem: Scalar,
    /// The lane count (1 for a scalar; a vector may also have 1 lane).
    pub lanes: u32,
    pub vector: bool,
}

impl Ty {
    pub const fn scalar(elem: Scalar) -> Ty {
        Ty {
            elem,
            lanes: 1,
            vector: false,
        }
    }

    pub const fn vector(elem: Scalar, lanes: u32) -> Ty {
        Ty {
            elem,
            lanes,
            vector: true,
        }
    }

    pub const fn int(bits: u32) -> Ty {
        Ty::scalar(Scalar::Int(bits))
    }

    pub const fn vint(bits: u32, lanes: u32) -> Ty {
        Ty::vector(Scalar::Int(bits), lanes)
    }

    /// The element (scalar) type.
    pub fn scalar_ty(self) -> Ty {
        Ty::scalar(self.elem)
    }

    /// The same shape with another element type.
    pub fn with_elem(self, elem: Scalar) -> Ty {
        Ty { elem, ..self }
    }

    /// The same shape with `iN` elements.
    pub fn with_int_bits(self, bits: u32) -> Ty {
        self.with_elem(Scalar::Int(bits))
    }

    /// The same elements, `lanes` of them (a vector).
    pub fn with_lanes(self, lanes: u32) -> Ty {
        Ty::vector(self.elem, lanes)
    }

    /// The size in bits.
    pub fn bits(self) -> u64 {
        u64::from(self.elem.bits()) * u64::from(self.lanes)
    }

    pub fn is_float(self) -> bool {
        self.elem.is_float()
    }
}

impl std::fmt::Display for Ty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let e = match self.elem {
            Scalar::Int(w) => format!("i{w}"),
            Scalar::Half => "half".into(),
            Scalar::BFloat => "bfloat".into(),
            Scalar::Float => "float".into(),
            Scalar::Double => "double".into(),
            Scalar::X86Fp80 => "x86_fp80".into(),
            Scalar::Fp128 => "fp128".into(),
            Scalar::Ptr => "ptr".into(),
        };
        if self.vector {
            write!(f, "<{} x {e}>", self.lanes)
        } else {
            f.write_str(&e)
        }
    }
}

/// An element kind of a value type (`Int` for any width).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Elem {
    Int(u32),
    F16,
    BF16,
    F32,
    F64,
    F80,
    F128,
}

impl Elem {
    pub fn bits(self) -> u32 {
        match self {
            Elem::Int(w) => w,
            Elem::F16 | Elem::BF16 => 16,
            Elem::F32 => 32,
            Elem::F64 => 64,
            Elem::F80 => 80,
            Elem::F128 => 128,
        }
    }

    pub fn is_float(self) -> bool {
        !matches!(self, Elem::Int(_))
    }
}

/// LLVM's `EVT`: a scalar (`lanes == 0`) or a vector value type. The
/// simple ones ([`Vt::is_simple`]) are LLVM's `MVT`s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Vt {
    pub elem: Elem,
    /// 0 for a scalar.
    pub lanes: u32,
}

/// The lane counts of LLVM 19's simple vector types per element type.
fn simple_lanes(e: Elem) -> &'static [u32] {
    match e {
        Elem::Int(1) => &[1, 2, 3, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048],
        Elem::Int(2) => &[128, 256],
        Elem::Int(4) => &[64, 128, 256],
        Elem::Int(8) => &[1, 2, 3, 4, 8, 16, 32, 64, 128, 256, 512, 1024],
        Elem::Int(16) => &[1, 2, 3, 4, 8, 16, 32, 64, 128, 256, 512],
        Elem::Int(32) | Elem::F32 => &[
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 32, 64, 128, 256, 512, 1024, 2048,
        ],
        Elem::Int(64) | Elem::F64 => &[1, 2, 3, 4, 8, 16, 32, 64, 128, 256],
        Elem::Int(128) => &[1],
        Elem::F16 => &[1, 2, 3, 4, 8, 16, 32, 64, 128, 256, 512],
        Elem::BF16 => &[2, 3, 4, 8, 16, 32, 64, 128],
        _ => &[],
    }
}

impl Vt {
    pub const fn scalar(elem: Elem) -> Vt {
        Vt { elem, lanes: 0 }
    }

    pub const fn vector(elem: Elem, lanes: u32) -> Vt {
        Vt { elem, lanes }
    }

    pub const fn int(bits: u32) -> Vt {
        Vt::scalar(Elem::Int(bits))
    }

    pub fn is_vector(self) -> bool {
        self.lanes != 0
    }

    /// The number of lanes (1 for a scalar).
    pub fn num_elements(self) -> u32 {
        self.lanes.max(1)
    }

    /// The scalar element type.
    pub fn scalar_type(self) -> Vt {
        Vt::scalar(self.elem)
    }

    pub fn scalar_bits(self) -> u32 {
        self.elem.bits()
    }

    /// The size in bits.
    pub fn bits(self) -> u64 {
        u64::from(self.elem.bits()) * u64::from(self.num_elements())
    }

    pub fn is_float(self) -> bool {
        self.elem.is_float()
    }

    /// Whether this is one of LLVM's `MVT`s.
    pub fn is_simple(self) -> bool {
        if self.lanes == 0 {
            match self.elem {
                Elem::Int(w) => matches!(w, 1 | 2 | 4 | 8 | 16 | 32 | 64 | 128),
                _ => true,
            }
        } else {
            simple_lanes(self.elem).contains(&self.lanes)
        }
    }

    /// The value type of an IR type (LLVM's `getValueType`; pointers are
    /// 64-bit integers, `pointer_bits` on 32-bit targets).
    pub fn of(ty: Ty, pointer_bits: u32) -> Vt {
        let elem = match ty.elem {
            Scalar::Int(w) => Elem::Int(w),
            Scalar::Ptr => Elem::Int(pointer_bits),
            Scalar::Half => Elem::F16,
            Scalar::BFloat => Elem::BF16,
            Scalar::Float => Elem::F32,
            Scalar::Double => Elem::F64,
            Scalar::X86Fp80 => Elem::F80,
            Scalar::Fp128 => Elem::F128,
        };
        Vt {
            elem,
            lanes: if ty.vector { ty.lanes } else { 0 },
        }
    }
}

impl std::fmt::Display for Vt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let e = match self.elem {
            Elem::Int(w) => format!("i{w}"),
            Elem::F16 => "f16".into(),
            Elem::BF16 => "bf16".into(),
            Elem::F32 => "f32".into(),
            Elem::F64 => "f64".into(),
            Elem::F80 => "f80".into(),
            Elem::F128 => "f128".into(),
        };
        if self.lanes == 0 {
            f.write_str(&e)
        } else {
            write!(f, "v{}{e}", self.lanes)
        }
    }
}

/// LLVM's `LegalizeTypeAction`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Legal,
    Promote,
    Expand,
    Soften,
    Split,
    Scalarize,
    Widen,
}

/// The result of legalizing a type: LLVM's `std::pair<InstructionCost, MVT>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Legalized {
    /// How many legal values the type becomes (`LT.first`).
    pub count: u64,
    /// The legal type (`LT.second`).
    pub vt: Vt,
}

impl Subtarget {
    /// Whether `vt` is a legal type (one with a register class).
    pub fn is_legal(&self, vt: Vt) -> bool {
        let r = self.regs;
        if !r.x86 {
            return false;
        }
        let (sse1, sse2, avx, avx512, regs512, bf16, soft) =
            (r.sse1, r.sse2, r.avx, r.avx512, r.regs512, r.bf16, r.soft);
        match (vt.elem, vt.lanes) {
            (Elem::Int(8 | 16 | 32), 0) => true,
            (Elem::Int(64), 0) => r.is64,
            (Elem::F32 | Elem::F64, 0) => !soft,
            (Elem::F80, 0) => !soft && r.x87,
            (Elem::F128, 0) => !soft && r.is64 && sse1,
            (Elem::F16 | Elem::BF16, 0) => sse2,
            (Elem::F32, 4) => sse1,
            (Elem::F64, 2) | (Elem::Int(8), 16) | (Elem::Int(16), 8) => sse2,
            (Elem::Int(32), 4) | (Elem::Int(64), 2) | (Elem::F16, 8) => sse2,
            (Elem::BF16, 8) => sse2 && bf16,
            (Elem::Int(8), 32) | (Elem::Int(16), 16) | (Elem::Int(32), 8) => avx,
            (Elem::Int(64), 4) | (Elem::F32, 8) | (Elem::F64, 4) | (Elem::F16, 16) => avx,
            (Elem::BF16, 16) => avx && bf16,
            (Elem::Int(1), 1 | 2 | 4 | 8 | 16) => avx512,
            (Elem::Int(1), 32 | 64) => avx512 && r.bwi,
            (Elem::Int(32), 16) | (Elem::F32, 16) | (Elem::Int(64), 8) | (Elem::F64, 8) => regs512,
            (Elem::Int(16), 32) | (Elem::Int(8), 64) | (Elem::F16, 32) => regs512,
            (Elem::BF16, 32) => regs512 && bf16,
            _ => false,
        }
    }

    /// X86's `getPreferredVectorAction` for a vector type.
    fn preferred_vector_action(&self, vt: Vt) -> Action {
        let n = vt.lanes;
        if (n == 32 || n == 64) && vt.elem == Elem::Int(1) && self.regs.avx512 && !self.regs.bwi {
            return Action::Split;
        }
        if n != 1 && !self.regs.f16c && vt.elem == Elem::F16 {
            return Action::Split;
        }
        if n != 1 && vt.elem != Elem::Int(1) {
            return Action::Widen;
        }
        if n == 1 {
            Action::Scalarize
        } else if !n.is_power_of_two() {
            Action::Widen
        } else {
            Action::Promote
        }
    }

    /// The action and next type for a simple (MVT) type, as
    /// `computeRegisterProperties` records it.
    fn simple_conversion(&self, vt: Vt) -> (Action, Vt) {
        if self.is_legal(vt) {
            return (Action::Legal, vt);
        }
        if vt.lanes == 0 {
            return match vt.elem {
                Elem::Int(w) if w < 8 => (Action::Promote, Vt::int(8)),
                Elem::Int(w) if w < 64 && !self.is_64bit && w > 32 => {
                    (Action::Expand, Vt::int(w / 2))
                }
                Elem::Int(w) => (Action::Expand, Vt::int((w / 2).max(8))),
                Elem::F16 | Elem::BF16 => (Action::Promote, Vt::scalar(Elem::F32)),
                e => (Action::Soften, Vt::int(e.bits().next_power_of_two())),
            };
        }
        let pref = self.preferred_vector_action(vt);
        let n = vt.lanes;
        if pref == Action::Promote {
            if let Elem::Int(w) = vt.elem {
                for wide in [2u32, 4, 8, 16, 32, 64, 128] {
                    let cand = Vt::vector(Elem::Int(wide), n);
                    if wide > w && cand.is_simple() && self.is_legal(cand) {
                        return (Action::Promote, cand);
                    }
                }
            }
        }
        if matches!(pref, Action::Promote | Action::Widen) {
            if n.is_power_of_two() {
                for &m in simple_lanes(vt.elem) {
                    let cand = Vt::vector(vt.elem, m);
                    if m > n && self.is_legal(cand) {
                        return (Action::Widen, cand);
                    }
                }
            } else {
                let cand = Vt::vector(vt.elem, n.next_power_of_two());
                if self.is_legal(cand) {
                    return (Action::Widen, cand);
                }
            }
        }
        let pow2 = n.next_power_of_two();
        if pow2 != n {
            return (Action::Widen, Vt::vector(vt.elem, pow2));
        }
        match pref {
            Action::Scalarize => (Action::Scalarize, vt.scalar_type()),
            Action::Split => (Action::Split, Vt::vector(vt.elem, n / 2)),
            _ if n > 1 => (Action::Split, Vt::vector(vt.elem, n / 2)),
            _ => (Action::Scalarize, vt.scalar_type()),
        }
    }

    /// LLVM's `getTypeConversion`.
    pub fn type_conversion(&self, vt: Vt) -> (Action, Vt) {
        if vt.is_simple() {
            return self.simple_conversion(vt);
        }
        if vt.lanes == 0 {
            // An integer that is not simple: promote to a power of two
            // (at least 8 bits), then expand.
            let w = vt.elem.bits();
            if w < 8 || !w.is_power_of_two() {
                let round = round_int_bits(w);
                let next = self.type_conversion(Vt::int(round));
                if next.0 == Action::Promote {
                    return next;
                }
                return (Action::Promote, Vt::int(round));
            }
            return (Action::Expand, Vt::int(w / 2));
        }
        let n = vt.lanes;
        if n == 1 {
            return (Action::Scalarize, vt.scalar_type());
        }
        if let Elem::Int(w) = vt.elem {
            if !n.is_power_of_two() {
                return widen_or_split(vt);
            }
            let elem_action = self.type_conversion(Vt::int(w)).0;
            if elem_action == Action::Expand {
                return (Action::Split, Vt::vector(vt.elem, n / 2));
            }
            let mut e = w;
            loop {
                e = round_int_bits(e + 1);
                if !Vt::int(e).is_simple() {
                    break;
                }
                let cand = Vt::vector(Elem::Int(e), n);
                if cand.is_simple() && self.is_legal(cand) {
                    return (Action::Promote, cand);
                }
            }
        }
        let mut m = n;
        if Vt::scalar(vt.elem).is_simple() {
            loop {
                m = next_power_of_two_above(m);
                let cand = Vt::vector(vt.elem, m);
                if m == 0 || !cand.is_simple() {
                    break;
                }
                if self.is_legal(cand) {
                    return (Action::Widen, cand);
                }
            }
        }
        if !n.is_power_of_two() {
            return widen_or_split(vt);
        }
        (Action::Split, Vt::vector(vt.elem, n / 2))
    }

    /// LLVM's `getTypeLegalizationCost` for a value type.
    ///
    /// The cost fallbacks legalize the same few types over and over, so
    /// the results are remembered per thread (they depend only on the
    /// register classes and the type).
    pub fn legalize_vt(&self, vt: Vt) -> Legalized {
        // Not an x86 triple: no x86 type rules apply; every type is taken
        // as it is (one value).
        if !self.is_x86 {
            return Legalized { count: 1, vt };
        }
        type Memo = std::collections::HashMap<(crate::subtarget::RegClasses, Vt), Legalized>;
        thread_local! {
            static MEMO: std::cell::RefCell<Memo> = std::cell::RefCell::new(Memo::new());
        }
        let key = (self.regs, vt);
        if let Some(l) = MEMO.with(|m| m.borrow().get(&key).copied()) {
            return l;
        }
        let l = self.legalize_uncached(vt);
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.len() >= 1 << 14 {
                m.clear();
            }
            m.insert(key, l);
        });
        l
    }

    fn legalize_uncached(&self, vt: Vt) -> Legalized {
        let mut vt = vt;
        let mut count: u64 = 1;
        // Every step halves, widens to a legal type or changes the element
        // type; 256 steps cover any type the IR can spell.
        for _ in 0..256 {
            let (action, next) = self.type_conversion(vt);
            match action {
                Action::Legal => return Legalized { count, vt },
                Action::Split | Action::Expand => count = count.saturating_mul(2),
                _ => {}
            }
            if next == vt {
                return Legalized { count, vt };
            }
            vt = next;
        }
        Legalized { count, vt }
    }

    /// LLVM's `getTypeLegalizationCost` for an IR type.
    pub fn legalize(&self, ty: Ty) -> Legalized {
        self.legalize_vt(Vt::of(ty, self.pointer_bits()))
    }

    /// The pointer width.
    pub fn pointer_bits(&self) -> u32 {
        if self.is_64bit || !self.is_x86 {
            64
        } else {
            32
        }
    }
}

/// Widens an odd vector to the next power of two; a vector of more than
/// 2^31 lanes (whose power of two does not fit in 32 bits) is split in two
/// halves instead.
fn widen_or_split(vt: Vt) -> (Action, Vt) {
    match vt.lanes.checked_next_power_of_two() {
        Some(p) => (Action::Widen, Vt::vector(vt.elem, p)),
        None => (Action::Split, Vt::vector(vt.elem, vt.lanes.div_ceil(2))),
    }
}

/// LLVM's `EVT::getRoundIntegerType`: at least 8 bits, a power of two.
fn round_int_bits(w: u32) -> u32 {
    if w <= 8 {
        8
    } else {
        w.checked_next_power_of_two().unwrap_or(1 << 31)
    }
}

/// LLVM's `NextPowerOf2`: the next power of two strictly greater (0 when
/// it does not fit).
fn next_power_of_two_above(n: u32) -> u32 {
    n.checked_add(1)
        .and_then(u32::checked_next_power_of_two)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subtarget::TargetAttrs;

    fn st(cpu: &str, min: Option<&str>) -> Subtarget {
        Subtarget::new(&TargetAttrs {
            triple: Some("x86_64-unknown-linux-gnu"),
            target_cpu: Some(cpu),
            min_legal_vector_width: min,
            ..TargetAttrs::default()
        })
    }

    fn lt(s: &Subtarget, ty: Ty) -> (u64, String) {
        let l = s.legalize(ty);
        (l.count, l.vt.to_string())
    }

    #[test]
    fn legalization() {
        let v3 = st("x86-64-v3", None);
        let base = st("x86-64", None);
        let skx = st("skylake-avx512", Some("0"));
        let zn4 = st("znver4", Some("0"));
        let knl = st("knl", Some("0"));
        // <16 x i32> is two <8 x i32> on AVX2 and one zmm with 512-bit regs.
        assert_eq!(lt(&v3, Ty::vint(32, 16)), (2, "v8i32".into()));
        assert_eq!(lt(&skx, Ty::vint(32, 16)), (2, "v8i32".into()));
        assert_eq!(lt(&zn4, Ty::vint(32, 16)), (1, "v16i32".into()));
        assert_eq!(lt(&base, Ty::vint(32, 16)), (4, "v4i32".into()));
        // Narrow vectors widen, odd ones widen to a power of two.
        assert_eq!(lt(&base, Ty::vint(32, 2)), (1, "v4i32".into()));
        assert_eq!(lt(&base, Ty::vint(16, 4)), (1, "v8i16".into()));
        assert_eq!(lt(&base, Ty::vint(32, 3)), (1, "v4i32".into()));
        assert_eq!(lt(&v3, Ty::vint(16, 6)), (1, "v8i16".into()));
        assert_eq!(lt(&base, Ty::vector(Scalar::Float, 2)), (1, "v4f32".into()));
        // Odd element widths promote.
        assert_eq!(lt(&base, Ty::vint(7, 4)), (1, "v4i32".into()));
        assert_eq!(lt(&base, Ty::int(7)), (1, "i8".into()));
        assert_eq!(lt(&base, Ty::int(1)), (1, "i8".into()));
        // Wide integers expand.
        assert_eq!(lt(&base, Ty::int(128)), (2, "i64".into()));
        assert_eq!(lt(&base, Ty::int(256)), (4, "i64".into()));
        assert_eq!(lt(&base, Ty::int(100)), (2, "i64".into()));
        assert_eq!(lt(&base, Ty::vint(128, 2)), (4, "i64".into()));
        // One-lane vectors scalarize.
        assert_eq!(lt(&base, Ty::vint(64, 1)), (1, "i64".into()));
        // Masks: promoted without AVX-512, legal with it, split without BW.
        assert_eq!(lt(&v3, Ty::vint(1, 8)), (1, "v8i16".into()));
        assert_eq!(lt(&v3, Ty::vint(1, 32)), (1, "v32i8".into()));
        assert_eq!(lt(&base, Ty::vint(1, 32)), (2, "v16i8".into()));
        assert_eq!(lt(&skx, Ty::vint(1, 32)), (1, "v32i1".into()));
        assert_eq!(lt(&knl, Ty::vint(1, 32)), (2, "v16i1".into()));
        // KNL: 512-bit bytes are legal without BW.
        assert_eq!(lt(&knl, Ty::vint(8, 64)), (1, "v64i8".into()));
        // Pointers are i64.
        assert_eq!(lt(&v3, Ty::vector(Scalar::Ptr, 8)), (2, "v4i64".into()));
        // Huge vectors split down (no panic, count saturates at worst).
        assert_eq!(lt(&v3, Ty::vint(32, 4096)), (512, "v8i32".into()));
        assert_eq!(lt(&v3, Ty::vint(17, 4096)).1, "v8i32");
        let (n, _) = lt(&v3, Ty::vint(1 << 23, 1 << 20));
        assert!(n > 1);
    }
}
