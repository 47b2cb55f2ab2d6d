//! Reductions (`llvm.vector.reduce.*`): LLVM 19's
//! `X86TTIImpl::getArithmeticReductionCost` and `getMinMaxReductionCost`.
//!
//! A few narrow types have direct rows (measured by LLVM with Intel's
//! IACA); otherwise a power-of-two reduction whose element type survives
//! legalization is a tree: the split halves are combined first, then each
//! level costs a shuffle (an extract of the upper 128/256 bits, a
//! `pshufd`, or a shift for sub-64-bit levels) plus the operation, and the
//! last step extracts element 0. Anything else (and ordered floating-point
//! reductions) is `BasicTTIImpl`'s: one shuffle and one operation per
//! level, or an extract and a scalar operation per lane.

use super::table::{tbl, Isd, E};
use super::{BinOp, CastOp, CostKind, Intrinsic, OperandInfo, ReduceOp, ShuffleKind, VectorInst};
use crate::subtarget::Subtarget;
use crate::vt::{Scalar, Ty, Vt};

/// Single-cost rows (the cost for every kind).
///
/// Source: LLVM 19 `X86TTIImpl::getArithmeticReductionCost`, its SLM
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SLM_ARITH: &[E] = tbl! { Fadd V2F64 [3 3 3 3] Add V2I64 [5 5 5 5] };

/// Source: LLVM 19 `X86TTIImpl::getArithmeticReductionCost`, its SSE2
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE2_ARITH: &[E] = tbl! {
    Fadd V2F64 [2 2 2 2] Fadd V2F32 [2 2 2 2] Fadd V4F32 [4 4 4 4]
    Add V2I64 [2 2 2 2] Add V2I32 [2 2 2 2] Add V4I32 [3 3 3 3] Add V2I16 [2 2 2 2]
    Add V4I16 [3 3 3 3] Add V8I16 [4 4 4 4] Add V2I8 [2 2 2 2] Add V4I8 [2 2 2 2] Add V8I8 [2 2 2 2]
    Add V16I8 [3 3 3 3]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticReductionCost`, its AVX1
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX1_ARITH: &[E] = tbl! {
    Fadd V4F64 [3 3 3 3] Fadd V4F32 [3 3 3 3] Fadd V8F32 [4 4 4 4]
    Add V2I64 [1 1 1 1] Add V4I64 [3 3 3 3] Add V8I32 [5 5 5 5] Add V16I16 [5 5 5 5] Add V32I8 [4 4 4 4]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticReductionCost`, its AVX512 i1 (bool)
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512_BOOL: &[E] = tbl! {
    And V2I1 [3 3 3 3] And V4I1 [5 5 5 5] And V8I1 [7 7 7 7] And V16I1 [9 9 9 9]
    And V32I1 [11 11 11 11] And V64I1 [13 13 13 13]
    Or V2I1 [3 3 3 3] Or V4I1 [5 5 5 5] Or V8I1 [7 7 7 7] Or V16I1 [9 9 9 9]
    Or V32I1 [11 11 11 11] Or V64I1 [13 13 13 13]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticReductionCost`, its AVX2 i1 (bool)
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX2_BOOL: &[E] = tbl! {
    And V16I16 [2 2 2 2] And V32I8 [2 2 2 2] Or V16I16 [2 2 2 2] Or V32I8 [2 2 2 2] // vpmovmskb + cmp
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticReductionCost`, its AVX1 i1 (bool)
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX1_BOOL: &[E] = tbl! {
    And V4I64 [2 2 2 2] And V8I32 [2 2 2 2] And V16I16 [4 4 4 4] And V32I8 [4 4 4 4]
    Or V4I64 [2 2 2 2] Or V8I32 [2 2 2 2] Or V16I16 [4 4 4 4] Or V32I8 [4 4 4 4]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticReductionCost`, its SSE2 i1 (bool)
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE2_BOOL: &[E] = tbl! {
    And V2I64 [2 2 2 2] And V4I32 [2 2 2 2] And V8I16 [2 2 2 2] And V16I8 [2 2 2 2] // movmsk + cmp
    Or V2I64 [2 2 2 2] Or V4I32 [2 2 2 2] Or V8I16 [2 2 2 2] Or V16I8 [2 2 2 2]
};

/// Source: LLVM 19 `X86TTIImpl::getMinMaxReductionCost`, its SSE2
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE2_MINMAX: &[E] = tbl! {
    Umin V2I16 [5 5 5 5] Umin V4I16 [7 7 7 7] Umin V8I16 [9 9 9 9] // pxor to use pminsw/pmaxsw
};

/// Source: LLVM 19 `X86TTIImpl::getMinMaxReductionCost`, its SSE41
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE41_MINMAX: &[E] = tbl! {
    Smin V2I16 [3 3 3 3] Smin V4I16 [5 5 5 5] Umin V2I16 [5 5 5 5] Umin V4I16 [7 7 7 7]
    Smin V8I16 [4 4 4 4] Umin V8I16 [4 4 4 4] // phminposuw + xor
    Smin V2I8 [3 3 3 3] Smin V4I8 [5 5 5 5] Smin V8I8 [7 7 7 7] Smin V16I8 [6 6 6 6]
    Umin V2I8 [3 3 3 3] Umin V4I8 [5 5 5 5] Umin V8I8 [7 7 7 7] Umin V16I8 [6 6 6 6]
};

/// Source: LLVM 19 `X86TTIImpl::getMinMaxReductionCost`, its AVX1
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX1_MINMAX: &[E] = tbl! {
    Smin V16I16 [6 6 6 6] Umin V16I16 [6 6 6 6] Smin V32I8 [8 8 8 8] Umin V32I8 [8 8 8 8]
};

/// Source: LLVM 19 `X86TTIImpl::getMinMaxReductionCost`, its AVX512BW
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512BW_MINMAX: &[E] = tbl! {
    Smin V32I16 [8 8 8 8] Umin V32I16 [8 8 8 8] Smin V64I8 [10 10 10 10] Umin V64I8 [10 10 10 10]
};

fn first(t: &[E], op: Isd, vt: Vt) -> Option<u64> {
    t.iter()
        .find(|e| e.op == op && e.vt == vt)
        .map(|e| u64::from(e.c[0]))
}

fn binop(op: ReduceOp) -> BinOp {
    match op {
        ReduceOp::Add => BinOp::Add,
        ReduceOp::Mul => BinOp::Mul,
        ReduceOp::And => BinOp::And,
        ReduceOp::Or => BinOp::Or,
        ReduceOp::Xor => BinOp::Xor,
        ReduceOp::FAdd => BinOp::FAdd,
        _ => BinOp::FMul,
    }
}

fn minmax_intrinsic(op: ReduceOp, no_nans: bool) -> Intrinsic {
    match op {
        ReduceOp::SMin => Intrinsic::SMin,
        ReduceOp::SMax => Intrinsic::SMax,
        ReduceOp::UMin => Intrinsic::UMin,
        ReduceOp::UMax => Intrinsic::UMax,
        ReduceOp::FMin => Intrinsic::MinNum { no_nans },
        _ => Intrinsic::MaxNum { no_nans },
    }
}

impl Subtarget {
    /// The cost of `llvm.vector.reduce.OP` of `ty` (a vector). `ordered`:
    /// a floating-point reduction without `reassoc` (evaluated lane by
    /// lane). `no_nans`: `fmin`/`fmax` with `nnan`.
    pub fn reduction_cost(
        &self,
        op: ReduceOp,
        ty: Ty,
        ordered: bool,
        no_nans: bool,
        ck: CostKind,
    ) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        if !ty.vector {
            return 0;
        }
        match op {
            ReduceOp::SMin
            | ReduceOp::SMax
            | ReduceOp::UMin
            | ReduceOp::UMax
            | ReduceOp::FMin
            | ReduceOp::FMax => self.min_max_reduction_cost(minmax_intrinsic(op, no_nans), ty, ck),
            _ => self.arithmetic_reduction_cost(binop(op), ty, ordered, ck),
        }
    }

    /// LLVM's `getArithmeticReductionCost`.
    pub fn arithmetic_reduction_cost(&self, op: BinOp, ty: Ty, ordered: bool, ck: CostKind) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        let v = OperandInfo::VARIABLE;
        if ordered && ty.is_float() {
            let extract = self.scalarization_overhead(ty, false, true, ck);
            let arith = self
                .arithmetic_cost(op, ty.scalar_ty(), ck, v, v)
                .saturating_mul(u64::from(ty.lanes));
            return extract.saturating_add(arith);
        }
        let isd = match op {
            BinOp::Add => Isd::Add,
            BinOp::Mul => Isd::Mul,
            BinOp::And => Isd::And,
            BinOp::Or => Isd::Or,
            BinOp::Xor => Isd::Xor,
            BinOp::FAdd => Isd::Fadd,
            _ => Isd::Fmul,
        };
        let pb = self.pointer_bits();
        let orig = Vt::of(ty, pb);
        let slm = self.has(crate::Feature::SlmArithCosts);
        let arith_tables: [(bool, &[E]); 3] = [
            (slm, SLM_ARITH),
            (self.has_avx(), AVX1_ARITH),
            (self.has_sse2(), SSE2_ARITH),
        ];
        if orig.is_simple() {
            for (ok, t) in arith_tables {
                if ok {
                    if let Some(c) = first(t, isd, orig) {
                        return c;
                    }
                }
            }
        }
        let lt = self.legalize(ty);
        let mvt = lt.vt;
        if isd == Isd::Mul && mvt.elem == crate::vt::Elem::Int(8) && ty.elem.bits() < 16 {
            let wide = ty.with_int_bits(16);
            return self
                .cast_cost(CastOp::ZExt, wide, ty, ck)
                .saturating_add(self.arithmetic_reduction_cost(op, wide, ordered, ck));
        }
        let split_cost = |c: u64| -> u64 {
            if lt.count != 1 && mvt.is_vector() && mvt.num_elements() < ty.lanes {
                let single = ty.with_lanes(mvt.num_elements());
                self.arithmetic_cost(op, single, ck, v, v)
                    .saturating_mul(lt.count - 1)
                    .saturating_add(c)
            } else {
                c
            }
        };
        for (ok, t) in arith_tables {
            if ok {
                if let Some(c) = first(t, isd, mvt) {
                    return split_cost(c);
                }
            }
        }
        if ty.elem == Scalar::Int(1) {
            let bool_tables: [(bool, &[E]); 4] = [
                (self.has_avx512(), AVX512_BOOL),
                (self.has_avx2(), AVX2_BOOL),
                (self.has_avx(), AVX1_BOOL),
                (self.has_sse2(), SSE2_BOOL),
            ];
            for (ok, t) in bool_tables {
                if ok {
                    if let Some(c) = first(t, isd, mvt) {
                        return split_cost(c);
                    }
                }
            }
            return self.tree_reduction_cost(op, ty, ck);
        }
        let scalar_bits = ty.elem.bits();
        if !ty.lanes.is_power_of_two() || scalar_bits != mvt.scalar_bits() {
            return self.tree_reduction_cost(op, ty, ck);
        }
        let mut cost = 0u64;
        let mut cur = ty;
        let mut n = ty.lanes;
        if lt.count != 1 && mvt.is_vector() && mvt.num_elements() < ty.lanes {
            cur = ty.with_lanes(mvt.num_elements());
            cost = self
                .arithmetic_cost(op, cur, ck, v, v)
                .saturating_mul(lt.count - 1);
            n = mvt.num_elements();
        }
        while n > 1 {
            let size = n * scalar_bits;
            n /= 2;
            if size > 128 {
                let sub = ty.with_lanes(n);
                cost = cost.saturating_add(self.shuffle_cost(
                    ShuffleKind::ExtractSubvector,
                    cur,
                    n,
                    Some(sub),
                    ck,
                ));
                cur = sub;
            } else if size == 128 {
                let shuf = if ty.is_float() {
                    Ty::vector(Scalar::Double, 2)
                } else {
                    Ty::vint(64, 2)
                };
                cost = cost.saturating_add(self.shuffle_cost(
                    ShuffleKind::PermuteSingleSrc,
                    shuf,
                    0,
                    None,
                    ck,
                ));
            } else if size == 64 {
                let shuf = if ty.is_float() {
                    Ty::vector(Scalar::Float, 4)
                } else {
                    Ty::vint(32, 4)
                };
                cost = cost.saturating_add(self.shuffle_cost(
                    ShuffleKind::PermuteSingleSrc,
                    shuf,
                    0,
                    None,
                    ck,
                ));
            } else {
                let shift = Ty::vint(size, 128 / size.max(1));
                cost = cost.saturating_add(self.arithmetic_cost(
                    BinOp::LShr,
                    shift,
                    ck,
                    v,
                    OperandInfo::UNIFORM_CONST,
                ));
            }
            cost = cost.saturating_add(self.arithmetic_cost(op, cur, ck, v, v));
        }
        cost.saturating_add(self.vector_inst_cost(VectorInst::Extract, cur, Some(0), ck))
    }

    /// `BasicTTIImpl::getTreeReductionCost`.
    fn tree_reduction_cost(&self, op: BinOp, ty: Ty, ck: CostKind) -> u64 {
        let v = OperandInfo::VARIABLE;
        let mut n = ty.lanes;
        if matches!(op, BinOp::Or | BinOp::And) && ty.elem == Scalar::Int(1) && n >= 2 {
            let int = Ty::int(n);
            return self
                .cast_cost(CastOp::BitCast, int, ty, ck)
                .saturating_add(self.cmp_sel_cost(
                    super::CmpSel::ICmp(super::IntPred::Any),
                    int,
                    ck,
                ));
        }
        let mut levels = n.checked_ilog2().unwrap_or(0);
        let lt = self.legalize(ty);
        let len = lt.vt.num_elements();
        let (mut arith, mut shuffle) = (0u64, 0u64);
        let mut cur = ty;
        while n > len && n > 1 {
            n /= 2;
            let sub = ty.with_lanes(n);
            shuffle = shuffle.saturating_add(self.shuffle_cost(
                ShuffleKind::ExtractSubvector,
                cur,
                n,
                Some(sub),
                ck,
            ));
            arith = arith.saturating_add(self.arithmetic_cost(op, sub, ck, v, v));
            cur = sub;
            levels = levels.saturating_sub(1);
        }
        let l = u64::from(levels);
        shuffle = shuffle.saturating_add(l.saturating_mul(self.shuffle_cost(
            ShuffleKind::PermuteSingleSrc,
            cur,
            0,
            Some(cur),
            ck,
        )));
        arith = arith.saturating_add(l.saturating_mul(self.arithmetic_cost(op, cur, ck, v, v)));
        shuffle
            .saturating_add(arith)
            .saturating_add(self.vector_inst_cost(VectorInst::Extract, cur, Some(0), ck))
    }

    /// LLVM's `getMinMaxReductionCost` for `intr` (one of the min/max
    /// intrinsics).
    pub fn min_max_reduction_cost(&self, intr: Intrinsic, ty: Ty, ck: CostKind) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        let lt = self.legalize(ty);
        let mvt = lt.vt;
        let isd = match intr {
            Intrinsic::UMin | Intrinsic::UMax => Isd::Umin,
            Intrinsic::SMin | Intrinsic::SMax => Isd::Smin,
            _ => Isd::Fmaxnum,
        };
        let tables: [(bool, &[E]); 4] = [
            (self.has_bwi(), AVX512BW_MINMAX),
            (self.has_avx(), AVX1_MINMAX),
            (self.has_sse41(), SSE41_MINMAX),
            (self.has_sse2(), SSE2_MINMAX),
        ];
        let orig = Vt::of(ty, self.pointer_bits());
        if orig.is_simple() {
            for (ok, t) in tables {
                if ok {
                    if let Some(c) = first(t, isd, orig) {
                        return c;
                    }
                }
            }
        }
        let mut n = ty.lanes;
        let mut cur = ty;
        let mut cost = 0u64;
        if lt.count != 1 && mvt.is_vector() && mvt.num_elements() < ty.lanes {
            cur = ty.with_lanes(mvt.num_elements());
            cost = self
                .intrinsic_cost(intr, cur, ck)
                .saturating_mul(lt.count - 1);
            n = mvt.num_elements();
        }
        for (ok, t) in tables {
            if ok {
                if let Some(c) = first(t, isd, mvt) {
                    return cost.saturating_add(c);
                }
            }
        }
        let scalar_bits = ty.elem.bits();
        if !ty.lanes.is_power_of_two() || scalar_bits != mvt.scalar_bits() {
            return self.base_min_max_reduction_cost(intr, ty, ck);
        }
        let v = OperandInfo::VARIABLE;
        while n > 1 {
            let size = n * scalar_bits;
            n /= 2;
            if size > 128 {
                let sub = ty.with_lanes(n);
                cost = cost.saturating_add(self.shuffle_cost(
                    ShuffleKind::ExtractSubvector,
                    cur,
                    n,
                    Some(sub),
                    ck,
                ));
                cur = sub;
            } else if size == 128 {
                let shuf = if ty.is_float() {
                    Ty::vector(Scalar::Double, 2)
                } else {
                    Ty::vint(64, 2)
                };
                cost = cost.saturating_add(self.shuffle_cost(
                    ShuffleKind::PermuteSingleSrc,
                    shuf,
                    0,
                    None,
                    ck,
                ));
            } else if size == 64 {
                let shuf = if ty.is_float() {
                    Ty::vector(Scalar::Float, 4)
                } else {
                    Ty::vint(32, 4)
                };
                cost = cost.saturating_add(self.shuffle_cost(
                    ShuffleKind::PermuteSingleSrc,
                    shuf,
                    0,
                    None,
                    ck,
                ));
            } else {
                let shift = Ty::vint(size, 128 / size.max(1));
                cost = cost.saturating_add(self.arithmetic_cost(
                    BinOp::LShr,
                    shift,
                    CostKind::RecipThroughput,
                    v,
                    OperandInfo::UNIFORM_CONST,
                ));
            }
            cost = cost.saturating_add(self.intrinsic_cost(intr, cur, ck));
        }
        cost.saturating_add(self.vector_inst_cost(VectorInst::Extract, cur, Some(0), ck))
    }

    /// `BasicTTIImpl::getMinMaxReductionCost`.
    fn base_min_max_reduction_cost(&self, intr: Intrinsic, ty: Ty, ck: CostKind) -> u64 {
        let mut n = ty.lanes;
        let mut levels = n.checked_ilog2().unwrap_or(0);
        let lt = self.legalize(ty);
        let len = lt.vt.num_elements();
        let (mut mm, mut shuffle) = (0u64, 0u64);
        let mut cur = ty;
        while n > len && n > 1 {
            n /= 2;
            let sub = ty.with_lanes(n);
            shuffle = shuffle.saturating_add(self.shuffle_cost(
                ShuffleKind::ExtractSubvector,
                cur,
                n,
                Some(sub),
                ck,
            ));
            mm = mm.saturating_add(self.intrinsic_cost(intr, sub, ck));
            cur = sub;
            levels = levels.saturating_sub(1);
        }
        let l = u64::from(levels);
        shuffle = shuffle.saturating_add(l.saturating_mul(self.shuffle_cost(
            ShuffleKind::PermuteSingleSrc,
            cur,
            0,
            Some(cur),
            ck,
        )));
        mm = mm.saturating_add(l.saturating_mul(self.intrinsic_cost(intr, cur, ck)));
        shuffle
            .saturating_add(mm)
            .saturating_add(self.vector_inst_cost(VectorInst::Extract, cur, Some(0), ck))
    }
}
