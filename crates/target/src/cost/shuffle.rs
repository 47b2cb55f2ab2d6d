//! Shuffles, element inserts and extracts, and the scalarization overhead
//! built from them: LLVM 19's `X86TTIImpl::getShuffleCost` (by kind, no
//! mask), `getVectorInstrCost` and `getScalarizationOverhead`, with
//! `BasicTTIImpl`'s fallbacks. Table rows are LLVM 19's (one cost for all
//! kinds, except the AVX-512 table).

use super::mvt::*;
use super::table::{tbl, Isd, E};
use super::{CostKind, MemOp, ShuffleKind, VectorInst};
use crate::subtarget::Subtarget;
use crate::vt::{Scalar, Ty, Vt};

/// A shuffle table row: kind, legal type, cost (one per kind or four).
struct S {
    kind: ShuffleKind,
    vt: Vt,
    c: [u16; 4],
}

macro_rules! stbl {
    ($($k:ident $vt:ident $c:literal)*) => {
        &[$(S { kind: ShuffleKind::$k, vt: $vt, c: [$c, $c, $c, $c] }),*]
    };
}

macro_rules! stbl4 {
    ($($k:ident $vt:ident [$a:literal $b:literal $c:literal $d:literal])*) => {
        &[$(S { kind: ShuffleKind::$k, vt: $vt, c: [$a, $b, $c, $d] }),*]
    };
}

/// Sub-128-bit shuffles before SSSE3 (`pshuflw`, `punpck`).
///
/// Source: LLVM 19 `X86TTIImpl::getShuffleCost`, its SSE2 sub-vector
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE2_SUBVECTOR: &[S] = stbl! {
    Broadcast V4I16 1 Broadcast V2I16 1 Broadcast V8I8 2 Broadcast V4I8 2 Broadcast V2I8 1
    Reverse V4I16 1 Reverse V2I16 1 Reverse V4I8 3 Reverse V2I8 1
    Splice V4I16 2 Splice V2I16 2 Splice V4I8 2 Splice V2I8 2
    PermuteTwoSrc V4I16 2 PermuteTwoSrc V2I16 2 PermuteTwoSrc V8I8 7 PermuteTwoSrc V4I8 4
    PermuteTwoSrc V2I8 2
    PermuteSingleSrc V4I16 1 PermuteSingleSrc V2I16 1 PermuteSingleSrc V8I8 5
    PermuteSingleSrc V4I8 3 PermuteSingleSrc V2I8 1
};

/// Source: LLVM 19 `X86TTIImpl::getShuffleCost`, its AVX512VBMI
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512VBMI: &[S] = stbl! {
    Reverse V64I8 1 Reverse V32I8 1 // vpermb
    PermuteSingleSrc V64I8 1 PermuteSingleSrc V32I8 1
    PermuteTwoSrc V64I8 2 PermuteTwoSrc V32I8 2 PermuteTwoSrc V16I8 2 // vpermt2b
};

/// Source: LLVM 19 `X86TTIImpl::getShuffleCost`, its AVX512BW
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512BW: &[S] = stbl! {
    Broadcast V32I16 1 Broadcast V32F16 1 Broadcast V64I8 1
    Reverse V32I16 2 Reverse V32F16 2 Reverse V16I16 2 Reverse V64I8 2 // vpermw; pshufb + vshufi64x2
    PermuteSingleSrc V32I16 2 PermuteSingleSrc V32F16 2 PermuteSingleSrc V16I16 2
    PermuteSingleSrc V16F16 2 PermuteSingleSrc V64I8 8
    PermuteTwoSrc V32I16 2 PermuteTwoSrc V32F16 2 PermuteTwoSrc V16I16 2 PermuteTwoSrc V8I16 2
    PermuteTwoSrc V64I8 19
    Select V32I16 1 Select V64I8 1 // vblendmw/vblendmb
    Splice V32I16 2 Splice V32F16 2 Splice V64I8 2
};

/// Source: LLVM 19 `X86TTIImpl::getShuffleCost`, its AVX512
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512: &[S] = stbl4! {
    Broadcast V8F64 [1 1 1 1] Broadcast V16F32 [1 1 1 1] Broadcast V8I64 [1 1 1 1]
    Broadcast V16I32 [1 1 1 1] Broadcast V32I16 [1 1 1 1] Broadcast V32F16 [1 1 1 1]
    Broadcast V64I8 [1 1 1 1]
    Reverse V8F64 [1 3 1 1] Reverse V16F32 [1 3 1 1] Reverse V8I64 [1 3 1 1] Reverse V16I32 [1 3 1 1]
    Reverse V32I16 [7 7 7 7] Reverse V32F16 [7 7 7 7] Reverse V64I8 [7 7 7 7]
    Splice V8F64 [1 1 1 1] Splice V4F64 [1 1 1 1] Splice V16F32 [1 1 1 1] Splice V8F32 [1 1 1 1]
    Splice V8I64 [1 1 1 1] Splice V4I64 [1 1 1 1] Splice V16I32 [1 1 1 1] Splice V8I32 [1 1 1 1]
    Splice V32I16 [4 4 4 4] Splice V32F16 [4 4 4 4] Splice V64I8 [4 4 4 4]
    PermuteSingleSrc V8F64 [1 3 1 1] PermuteSingleSrc V4F64 [1 3 1 1] PermuteSingleSrc V2F64 [1 3 1 1]
    PermuteSingleSrc V16F32 [1 3 1 1] PermuteSingleSrc V8F32 [1 3 1 1] PermuteSingleSrc V4F32 [1 3 1 1]
    PermuteSingleSrc V8I64 [1 3 1 1] PermuteSingleSrc V4I64 [1 3 1 1] PermuteSingleSrc V2I64 [1 3 1 1]
    PermuteSingleSrc V16I32 [1 3 1 1] PermuteSingleSrc V8I32 [1 3 1 1] PermuteSingleSrc V4I32 [1 3 1 1]
    PermuteSingleSrc V16I8 [1 3 1 1]
    PermuteTwoSrc V8F64 [1 3 1 1] PermuteTwoSrc V16F32 [1 3 1 1] PermuteTwoSrc V8I64 [1 3 1 1]
    PermuteTwoSrc V16I32 [1 3 1 1] PermuteTwoSrc V4F64 [1 3 1 1] PermuteTwoSrc V8F32 [1 3 1 1]
    PermuteTwoSrc V4I64 [1 3 1 1] PermuteTwoSrc V8I32 [1 3 1 1] PermuteTwoSrc V2F64 [1 3 1 1]
    PermuteTwoSrc V4F32 [1 3 1 1] PermuteTwoSrc V2I64 [1 3 1 1] PermuteTwoSrc V4I32 [1 3 1 1]
    PermuteSingleSrc V32I16 [14 14 14 14] PermuteSingleSrc V32F16 [14 14 14 14]
    PermuteSingleSrc V64I8 [14 14 14 14]
    PermuteTwoSrc V32I16 [42 42 42 42] PermuteTwoSrc V32F16 [42 42 42 42] PermuteTwoSrc V64I8 [42 42 42 42]
    Select V32I16 [1 1 1 1] Select V32F16 [1 1 1 1] Select V64I8 [1 1 1 1]
    Select V8F64 [1 1 1 1] Select V16F32 [1 1 1 1] Select V8I64 [1 1 1 1] Select V16I32 [1 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getShuffleCost`, its AVX2
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX2: &[S] = stbl! {
    Broadcast V4F64 1 Broadcast V8F32 1 Broadcast V4I64 1 Broadcast V8I32 1
    Broadcast V16I16 1 Broadcast V16F16 1 Broadcast V32I8 1
    Reverse V4F64 1 Reverse V8F32 1 Reverse V4I64 1 Reverse V8I32 1 // vperm*
    Reverse V16I16 2 Reverse V16F16 2 Reverse V32I8 2 // vperm2i128 + pshufb
    Select V16I16 1 Select V16F16 1 Select V32I8 1 // vpblendvb
    Splice V8I32 2 Splice V8F32 2 Splice V16I16 2 Splice V16F16 2 Splice V32I8 2
    PermuteSingleSrc V4F64 1 PermuteSingleSrc V8F32 1 PermuteSingleSrc V4I64 1 PermuteSingleSrc V8I32 1
    PermuteSingleSrc V16I16 4 PermuteSingleSrc V16F16 4 PermuteSingleSrc V32I8 4
    PermuteTwoSrc V4F64 3 PermuteTwoSrc V8F32 3 PermuteTwoSrc V4I64 3 PermuteTwoSrc V8I32 3
    PermuteTwoSrc V16I16 7 PermuteTwoSrc V16F16 7 PermuteTwoSrc V32I8 7
};

/// Source: LLVM 19 `X86TTIImpl::getShuffleCost`, its AVX1
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX1: &[S] = stbl! {
    Broadcast V4F64 2 Broadcast V8F32 2 Broadcast V4I64 2 Broadcast V8I32 2
    Broadcast V16I16 3 Broadcast V16F16 3 Broadcast V32I8 2
    Reverse V4F64 2 Reverse V8F32 2 Reverse V4I64 2 Reverse V8I32 2
    Reverse V16I16 4 Reverse V16F16 4 Reverse V32I8 4
    Select V4I64 1 Select V4F64 1 Select V8I32 1 Select V8F32 1
    Select V16I16 3 Select V16F16 3 Select V32I8 3
    Splice V4I64 2 Splice V4F64 2 Splice V8I32 4 Splice V8F32 4
    Splice V16I16 5 Splice V16F16 5 Splice V32I8 5
    PermuteSingleSrc V4F64 2 PermuteSingleSrc V4I64 2 PermuteSingleSrc V8F32 4 PermuteSingleSrc V8I32 4
    PermuteSingleSrc V16I16 8 PermuteSingleSrc V16F16 8 PermuteSingleSrc V32I8 8
    PermuteTwoSrc V4F64 3 PermuteTwoSrc V4I64 3 PermuteTwoSrc V8F32 4 PermuteTwoSrc V8I32 4
    PermuteTwoSrc V16I16 15 PermuteTwoSrc V16F16 15 PermuteTwoSrc V32I8 15
};

/// Source: LLVM 19 `X86TTIImpl::getShuffleCost`, its SSE41
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE41: &[S] = stbl! {
    Select V2I64 1 Select V2F64 1 Select V4I32 1 Select V4F32 1 Select V8I16 1 Select V8F16 1
    Select V16I8 1
};

/// Source: LLVM 19 `X86TTIImpl::getShuffleCost`, its SSSE3
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSSE3: &[S] = stbl! {
    Broadcast V8I16 1 Broadcast V8F16 1 Broadcast V16I8 1 // pshufb
    Reverse V8I16 1 Reverse V8F16 1 Reverse V16I8 1
    Select V8I16 3 Select V8F16 3 Select V16I8 3 // 2 x pshufb + por
    Splice V4I32 1 Splice V4F32 1 Splice V8I16 1 Splice V8F16 1 Splice V16I8 1 // palignr
    PermuteSingleSrc V8I16 1 PermuteSingleSrc V8F16 1 PermuteSingleSrc V16I8 1
    PermuteTwoSrc V8I16 3 PermuteTwoSrc V8F16 3 PermuteTwoSrc V16I8 3
};

/// Source: LLVM 19 `X86TTIImpl::getShuffleCost`, its SSE2
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE2: &[S] = stbl! {
    Broadcast V2F64 1 Broadcast V2I64 1 Broadcast V4I32 1 Broadcast V8I16 2 Broadcast V8F16 2
    Broadcast V16I8 3
    Reverse V2F64 1 Reverse V2I64 1 Reverse V4I32 1 Reverse V8I16 3 Reverse V8F16 3 Reverse V16I8 9
    Select V2I64 1 Select V2F64 1 Select V4I32 2 Select V8I16 3 Select V8F16 3 Select V16I8 3
    Splice V2I64 1 Splice V2F64 1 Splice V4I32 2 Splice V8I16 3 Splice V8F16 3 Splice V16I8 3
    PermuteSingleSrc V2F64 1 PermuteSingleSrc V2I64 1 PermuteSingleSrc V4I32 1
    PermuteSingleSrc V8I16 5 PermuteSingleSrc V8F16 5 PermuteSingleSrc V16I8 10
    PermuteTwoSrc V2F64 1 PermuteTwoSrc V2I64 1 PermuteTwoSrc V4I32 2
    PermuteTwoSrc V8I16 8 PermuteTwoSrc V8F16 8 PermuteTwoSrc V16I8 13
};

/// Source: LLVM 19 `X86TTIImpl::getShuffleCost`, its SSE1
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE1: &[S] = stbl! {
    Broadcast V4F32 1 Reverse V4F32 1 Select V4F32 2 Splice V4F32 2
    PermuteSingleSrc V4F32 1 PermuteTwoSrc V4F32 2
};

fn slookup(t: &[S], kind: ShuffleKind, vt: Vt, ck: CostKind) -> Option<u64> {
    let i = match ck {
        CostKind::RecipThroughput => 0,
        CostKind::Latency => 1,
        CostKind::CodeSize => 2,
        CostKind::SizeAndLatency => 3,
    };
    t.iter()
        .find(|s| s.kind == kind && s.vt == vt)
        .map(|s| u64::from(s.c[i]))
}

/// The SLM extract table (`use-slm-arith-costs`).
///
/// Source: LLVM 19 `X86TTIImpl::getVectorInstrCost`, its SLM
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SLM_EXTRACT: &[E] = tbl! {
    Add I8 [4 4 4 4] Add I16 [4 4 4 4] Add I32 [4 4 4 4] Add I64 [7 7 7 7]
};

/// Recursion bound for the mutually recursive fallbacks (LLVM's terminate
/// because the types shrink; this guard only protects against a bug).
const MAX_DEPTH: u32 = 16;

impl Subtarget {
    /// LLVM's `getShuffleCost` for a shuffle of kind `kind` on `ty`
    /// (`index` and `sub` describe the subvector of extract/insert and
    /// splice kinds).
    pub fn shuffle_cost(
        &self,
        kind: ShuffleKind,
        ty: Ty,
        index: u32,
        sub: Option<Ty>,
        ck: CostKind,
    ) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        self.shuffle_cost_d(kind, ty, index, sub, ck, 0)
    }

    fn shuffle_cost_d(
        &self,
        mut kind: ShuffleKind,
        ty: Ty,
        index: u32,
        sub: Option<Ty>,
        ck: CostKind,
        depth: u32,
    ) -> u64 {
        if !super::budget::step() {
            return 1;
        }
        if depth > MAX_DEPTH || !ty.vector {
            return 1;
        }
        let lt = self.legalize(ty);
        let mut count = lt.count;
        let mut vt = lt.vt;
        if kind == ShuffleKind::Transpose {
            kind = ShuffleKind::PermuteTwoSrc;
        }
        if kind == ShuffleKind::Broadcast {
            count = 1;
        }
        if vt.is_vector() && vt.elem == crate::vt::Elem::BF16 {
            vt = Vt::vector(crate::vt::Elem::F16, vt.lanes);
        }
        if kind == ShuffleKind::ExtractSubvector && vt.is_vector() {
            let n = vt.num_elements();
            if index.is_multiple_of(n) {
                return 0;
            }
            if let Some(sub) = sub {
                let slt = self.legalize(sub);
                if slt.vt.is_vector() {
                    let ns = slt.vt.num_elements();
                    if index.is_multiple_of(ns) && n.is_multiple_of(ns) {
                        return slt.count;
                    }
                    let orig = sub.lanes;
                    if ns > orig
                        && index.is_multiple_of(orig)
                        && ns.is_multiple_of(orig)
                        && vt.elem == slt.vt.elem
                        && vt.scalar_bits() == ty.elem.bits()
                    {
                        let vec_ty = ty.with_lanes(n);
                        let sub_ty = ty.with_lanes(ns);
                        let ext_index = (index % n) / ns * ns;
                        let extract = self.shuffle_cost_d(
                            ShuffleKind::ExtractSubvector,
                            vec_ty,
                            ext_index,
                            Some(sub_ty),
                            ck,
                            depth + 1,
                        );
                        return if sub.bits() >= 32 || self.has_ssse3() {
                            extract + 1
                        } else {
                            extract + 2
                        };
                    }
                }
            }
            kind = ShuffleKind::PermuteSingleSrc;
        }
        if kind == ShuffleKind::InsertSubvector && vt.is_vector() {
            let n = vt.num_elements();
            if let Some(sub) = sub {
                let slt = self.legalize(sub);
                if slt.vt.is_vector() {
                    let ns = slt.vt.num_elements();
                    if index.is_multiple_of(ns) && n.is_multiple_of(ns) {
                        return slt.count;
                    }
                }
            }
            kind = ShuffleKind::PermuteTwoSrc;
        }
        let orig_vt = Vt::of(ty, self.pointer_bits());
        if orig_vt.is_simple() && orig_vt.bits() < 128 && !self.has_ssse3() && self.has_sse2() {
            if let Some(c) = slookup(SSE2_SUBVECTOR, kind, orig_vt, ck) {
                return c;
            }
        }
        if kind == ShuffleKind::PermuteSingleSrc && count != 1 {
            if vt.is_vector() && vt.scalar_bits() == ty.elem.bits() && vt.num_elements() < ty.lanes
            {
                let size = ty.bits().div_ceil(8);
                let legal_size = vt.bits().div_ceil(8).max(1);
                let srcs = size.div_ceil(legal_size);
                let shuffles = srcs.saturating_sub(1).saturating_mul(count);
                let single = ty.with_lanes(vt.num_elements());
                return shuffles.saturating_mul(self.shuffle_cost_d(
                    ShuffleKind::PermuteTwoSrc,
                    single,
                    0,
                    None,
                    ck,
                    depth + 1,
                ));
            }
            return self.base_shuffle_cost(kind, ty, index, sub, ck, depth);
        }
        if kind == ShuffleKind::PermuteTwoSrc && count != 1 {
            count = count.saturating_mul(count.saturating_mul(2).saturating_sub(1));
        }
        let checks: [(bool, &[S]); 9] = [
            (self.has(crate::Feature::Avx512vbmi), AVX512VBMI),
            (self.has_bwi(), AVX512BW),
            (self.has_avx512(), AVX512),
            (self.has_avx2(), AVX2),
            (self.has_avx(), AVX1),
            (self.has_sse41(), SSE41),
            (self.has_ssse3(), SSSE3),
            (self.has_sse2(), SSE2),
            (self.has_sse1(), SSE1),
        ];
        for (ok, t) in checks {
            if ok {
                if let Some(c) = slookup(t, kind, vt, ck) {
                    return count.saturating_mul(c);
                }
            }
        }
        self.base_shuffle_cost(kind, ty, index, sub, ck, depth)
    }

    /// `BasicTTIImpl::getShuffleCost`: element by element.
    fn base_shuffle_cost(
        &self,
        kind: ShuffleKind,
        ty: Ty,
        index: u32,
        sub: Option<Ty>,
        ck: CostKind,
        depth: u32,
    ) -> u64 {
        if !super::budget::step() {
            return 1;
        }
        let d = depth + 1;
        match kind {
            ShuffleKind::Broadcast => {
                let mut c = self.vector_inst_cost_d(VectorInst::Extract, ty, Some(0), ck, d);
                for i in 0..ty.lanes {
                    c = c.saturating_add(self.vector_inst_cost_d(
                        VectorInst::Insert,
                        ty,
                        Some(i),
                        ck,
                        d,
                    ));
                }
                c
            }
            ShuffleKind::ExtractSubvector | ShuffleKind::InsertSubvector => {
                let Some(sub) = sub else {
                    return self.scalarization_overhead_d(ty, true, true, ck, d, None);
                };
                let mut c = 0u64;
                for i in 0..sub.lanes {
                    let (e, ins) = if kind == ShuffleKind::ExtractSubvector {
                        (
                            self.vector_inst_cost_d(
                                VectorInst::Extract,
                                ty,
                                Some(index + i),
                                ck,
                                d,
                            ),
                            self.vector_inst_cost_d(VectorInst::Insert, sub, Some(i), ck, d),
                        )
                    } else {
                        (
                            self.vector_inst_cost_d(VectorInst::Extract, sub, Some(i), ck, d),
                            self.vector_inst_cost_d(VectorInst::Insert, ty, Some(index + i), ck, d),
                        )
                    };
                    c = c.saturating_add(e).saturating_add(ins);
                }
                c
            }
            _ => self.scalarization_overhead_d(ty, true, true, ck, d, None),
        }
    }

    /// LLVM's `getVectorInstrCost` for an element insert or extract at
    /// `index` (`None`: a variable index), without the operand values (as
    /// the vectorizer asks: an insert into lane 0 of a float vector is
    /// free, it folds into scalar float operations).
    pub fn vector_inst_cost(
        &self,
        op: VectorInst,
        ty: Ty,
        index: Option<u32>,
        ck: CostKind,
    ) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        self.vector_inst_cost_d(op, ty, index, ck, 0)
    }

    /// [`Subtarget::vector_inst_cost`] for an insert into a vector that
    /// is a defined value (not `undef`/`poison`): an insert into lane 0 of
    /// a float vector then costs a blend.
    pub fn insert_into_value_cost(&self, ty: Ty, index: u32, ck: CostKind) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        self.vector_inst_cost_x(VectorInst::Insert, ty, Some(index), ck, 0, true)
    }

    fn vector_inst_cost_d(
        &self,
        op: VectorInst,
        ty: Ty,
        index: Option<u32>,
        ck: CostKind,
        depth: u32,
    ) -> u64 {
        self.vector_inst_cost_x(op, ty, index, ck, depth, false)
    }

    fn vector_inst_cost_x(
        &self,
        op: VectorInst,
        ty: Ty,
        index: Option<u32>,
        ck: CostKind,
        depth: u32,
        into_value: bool,
    ) -> u64 {
        if !super::budget::step() {
            return 1;
        }
        if depth > MAX_DEPTH {
            return 1;
        }
        let scalar = ty.scalar_ty();
        let Some(mut index) = index else {
            // Through the stack: store the vector, load (or store) the
            // element, load the vector back for an insert.
            let st = self.memory_cost(MemOp::Store, ty, None, ck);
            return match op {
                VectorInst::Extract => {
                    st.saturating_add(self.memory_cost(MemOp::Load, scalar, None, ck))
                }
                VectorInst::Insert => st
                    .saturating_add(self.memory_cost(MemOp::Store, scalar, None, ck))
                    .saturating_add(self.memory_cost(MemOp::Load, ty, None, ck)),
            };
        };
        if op == VectorInst::Extract && ty.elem == Scalar::Int(1) && ty.lanes > 1 {
            return 1;
        }
        let lt = self.legalize(ty);
        if !lt.vt.is_vector() {
            return 0;
        }
        let size = lt.vt.bits();
        let n = lt.vt.num_elements();
        let mut sub_n = n;
        index %= n;
        let mut move_cost = 0u64;
        if size > 128 {
            let subvecs = (size / 128) as u32;
            sub_n = n / subvecs.max(1);
            if sub_n <= index {
                move_cost = if op == VectorInst::Insert { 2 } else { 1 };
                index %= sub_n.max(1);
            }
        }
        let ms = lt.vt.elem;
        let cheap = (ms == crate::vt::Elem::Int(16) && self.has_sse2())
            || (!ms.is_float() && self.has_sse41())
            || (ms == crate::vt::Elem::F32 && self.has_sse41() && op == VectorInst::Insert);
        if index == 0 {
            if ty.is_float() && !(op == VectorInst::Insert && into_value) {
                return move_cost;
            }
            if op == VectorInst::Extract && matches!(ty.elem, Scalar::Int(_)) {
                return 1 + move_cost;
            }
        }
        if self.has(crate::Feature::SlmArithCosts) && op == VectorInst::Extract {
            if let Some(c) = super::table::lookup(
                SLM_EXTRACT,
                Isd::Add,
                Vt::scalar(ms),
                CostKind::RecipThroughput,
            ) {
                return c + move_cost;
            }
        }
        if cheap {
            return 1 + move_cost;
        }
        let mut shuffle = 1;
        if op == VectorInst::Insert {
            let orig = Vt::of(ty, self.pointer_bits());
            let sub_ty = if orig.elem != ms || orig.bits() >= 128 {
                ty.with_lanes(sub_n)
            } else {
                ty
            };
            shuffle = self.shuffle_cost_d(
                ShuffleKind::PermuteTwoSrc,
                sub_ty,
                0,
                Some(sub_ty),
                ck,
                depth + 1,
            );
        }
        let int_cost = u64::from(!ty.is_float());
        shuffle + int_cost + move_cost
    }

    /// LLVM's `getScalarizationOverhead` with every element demanded: the
    /// cost of building the vector from scalars (`insert`) and/or taking
    /// all its elements out (`extract`).
    pub fn scalarization_overhead(&self, ty: Ty, insert: bool, extract: bool, ck: CostKind) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        self.scalarization_overhead_d(ty, insert, extract, ck, 0, None)
    }

    /// LLVM's `getScalarizationOverhead` of extracting the elements of
    /// `ty` whose entry in `demanded` is true (one entry per lane).
    pub fn extraction_overhead(&self, ty: Ty, demanded: &[bool], ck: CostKind) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        self.scalarization_overhead_d(ty, false, true, ck, 0, Some(demanded))
    }

    /// `demanded`: the lanes extracted (`None`: all); inserts always
    /// build every lane.
    fn scalarization_overhead_d(
        &self,
        ty: Ty,
        insert: bool,
        extract: bool,
        ck: CostKind,
        depth: u32,
        demanded: Option<&[bool]>,
    ) -> u64 {
        let wanted = |i: u64| demanded.is_none_or(|d| d.get(i as usize).copied().unwrap_or(false));
        if !super::budget::step() {
            return 1;
        }
        if depth > MAX_DEPTH || !ty.vector {
            return 0;
        }
        let lt = self.legalize(ty);
        let ms = lt.vt.elem;
        let width = lt.vt.bits();
        let legal_vecs = lt.count;
        let mut cost = 0u64;
        let d = depth + 1;
        let base = |sub: Ty, ins: bool, ext: bool| -> u64 {
            let mut c = 0u64;
            for i in 0..sub.lanes {
                if ins {
                    c = c.saturating_add(self.vector_inst_cost_d(
                        VectorInst::Insert,
                        sub,
                        Some(i),
                        ck,
                        d,
                    ));
                }
                if ext && wanted(u64::from(i)) {
                    c = c.saturating_add(self.vector_inst_cost_d(
                        VectorInst::Extract,
                        sub,
                        Some(i),
                        ck,
                        d,
                    ));
                }
            }
            c
        };
        if insert {
            let fast = (ms == crate::vt::Elem::Int(16) && self.has_sse2())
                || (!ms.is_float() && self.has_sse41())
                || (ms == crate::vt::Elem::F32 && self.has_sse41());
            if fast {
                if width <= 128 {
                    cost = cost.saturating_add(base(ty, true, false));
                } else {
                    let lanes_per_vec = width / 128;
                    let total_lanes = lanes_per_vec.saturating_mul(legal_vecs);
                    let legal_elts = u64::from(lt.vt.num_elements()).saturating_mul(legal_vecs);
                    let per_lane = (legal_elts / total_lanes.max(1)).max(1);
                    let lane_ty = ty.with_lanes(per_lane as u32);
                    let demanded = u64::from(ty.lanes);
                    for l in 0..total_lanes.min(4096) {
                        let lo = l * per_lane;
                        let hi = lo + per_lane;
                        let k = demanded.min(hi).saturating_sub(lo);
                        if k == 0 {
                            continue;
                        }
                        if k != per_lane {
                            cost = cost.saturating_add(self.shuffle_cost_d(
                                ShuffleKind::ExtractSubvector,
                                ty,
                                lo as u32,
                                Some(lane_ty),
                                ck,
                                d,
                            ));
                        }
                        for i in 0..k as u32 {
                            cost = cost.saturating_add(self.vector_inst_cost_d(
                                VectorInst::Insert,
                                lane_ty,
                                Some(i),
                                ck,
                                d,
                            ));
                        }
                    }
                    for v in 0..legal_vecs.min(4096) {
                        let first = v * lanes_per_vec * per_lane;
                        let fully = demanded >= first + lanes_per_vec * per_lane;
                        for lane in 0..lanes_per_vec {
                            let lo = first + lane * per_lane;
                            let affected = demanded > lo;
                            if !affected || (lane == 0 && fully) {
                                continue;
                            }
                            cost = cost.saturating_add(self.shuffle_cost_d(
                                ShuffleKind::InsertSubvector,
                                ty,
                                lo as u32,
                                Some(lane_ty),
                                ck,
                                d,
                            ));
                        }
                    }
                }
            } else if lt.vt.is_vector() {
                if !ty.is_float() {
                    cost = cost.saturating_add(u64::from(ty.lanes));
                }
                let n = lt.vt.num_elements();
                let pow2 = ty.lanes.checked_next_power_of_two().unwrap_or(u32::MAX);
                cost = cost.saturating_add(
                    u64::from(n.min(pow2).saturating_sub(1)).saturating_mul(lt.count),
                );
            }
        }
        if extract {
            if !insert && ty.elem == Scalar::Int(1) && !self.has_avx512() {
                let max = if self.has_avx2() { 32 } else { 16 };
                return u64::from(ty.lanes.div_ceil(max));
            }
            if lt.vt.is_vector() && width > 128 {
                let lanes_per_vec = width / 128;
                let total_lanes = lanes_per_vec.saturating_mul(legal_vecs);
                let legal_elts = u64::from(lt.vt.num_elements()).saturating_mul(legal_vecs);
                let per_lane = (legal_elts / total_lanes.max(1)).max(1);
                let lane_ty = ty.with_lanes(per_lane as u32);
                let lanes = u64::from(ty.lanes);
                for l in 0..total_lanes.min(4096) {
                    let lo = l * per_lane;
                    let hi = lanes.min(lo + per_lane);
                    let idx: Vec<u32> = (lo..hi)
                        .filter(|&j| wanted(j))
                        .map(|j| (j - lo) as u32)
                        .collect();
                    if idx.is_empty() {
                        continue;
                    }
                    cost = cost.saturating_add(self.shuffle_cost_d(
                        ShuffleKind::ExtractSubvector,
                        ty,
                        lo as u32,
                        Some(lane_ty),
                        ck,
                        d,
                    ));
                    for i in idx {
                        cost = cost.saturating_add(self.vector_inst_cost_d(
                            VectorInst::Extract,
                            lane_ty,
                            Some(i),
                            ck,
                            d,
                        ));
                    }
                }
                return cost;
            }
            cost = cost.saturating_add(base(ty, false, true));
        }
        cost
    }
}
