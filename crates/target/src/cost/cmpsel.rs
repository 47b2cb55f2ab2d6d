//! Comparisons and selects: LLVM 19's `X86TTIImpl::getCmpSelInstrCost`.
//!
//! Vector integer comparisons that SSE/AVX2 lack (`ne`, `sge`, `sle`,
//! unsigned ones) cost extra instructions (a `pxor` with all-ones, or
//! sign-bit flips) unless AVX-512 compares the type directly into a mask.
//! Rows are LLVM 19's.

use super::table::{lookup, tbl, Isd, E};
use super::{CmpSel, CostKind, FloatPred, IntPred};
use crate::subtarget::Subtarget;
use crate::vt::{Scalar, Ty};

/// Source: LLVM 19 `X86TTIImpl::getCmpSelInstrCost`, its SLM
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SLM: &[E] = tbl! {
    Setcc V2I64 [2 5 1 2]
    Select V2F64 [4 4 1 3] Select V4F32 [4 4 1 3] Select V2I64 [4 4 1 3] Select V8I32 [4 4 1 3]
    Select V8I16 [4 4 1 3] Select V16I8 [4 4 1 3]
};

/// Source: LLVM 19 `X86TTIImpl::getCmpSelInstrCost`, its AVX512BW
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512BW: &[E] = tbl! {
    Setcc V32I16 [1 1 1 1] Setcc V16I16 [1 1 1 1] Setcc V64I8 [1 1 1 1] Setcc V32I8 [1 1 1 1]
    Select V32I16 [1 1 1 1] Select V64I8 [1 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getCmpSelInstrCost`, its AVX512
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512: &[E] = tbl! {
    Setcc V8F64 [1 4 1 1] Setcc V4F64 [1 4 1 1] Setcc V16F32 [1 4 1 1] Setcc V8F32 [1 4 1 1]
    Setcc V8I64 [1 1 1 1] Setcc V4I64 [1 1 1 1] Setcc V2I64 [1 1 1 1] Setcc V16I32 [1 1 1 1]
    Setcc V8I32 [1 1 1 1] Setcc V32I16 [3 7 5 5] Setcc V64I8 [3 7 5 5]
    Select V8I64 [1 1 1 1] Select V4I64 [1 1 1 1] Select V2I64 [1 1 1 1] Select V16I32 [1 1 1 1]
    Select V8I32 [1 1 1 1] Select V4I32 [1 1 1 1] Select V8F64 [1 1 1 1] Select V4F64 [1 1 1 1]
    Select V2F64 [1 1 1 1] Select F64 [1 1 1 1] Select V16F32 [1 1 1 1] Select V8F32 [1 1 1 1]
    Select V4F32 [1 1 1 1] Select F32 [1 1 1 1]
    Select V32I16 [2 2 4 4] Select V16I16 [1 1 1 1] Select V8I16 [1 1 1 1]
    Select V64I8 [2 2 4 4] Select V32I8 [1 1 1 1] Select V16I8 [1 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getCmpSelInstrCost`, its AVX2
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX2: &[E] = tbl! {
    Setcc V4F64 [1 4 1 2] Setcc V2F64 [1 4 1 1] Setcc F64 [1 4 1 1]
    Setcc V8F32 [1 4 1 2] Setcc V4F32 [1 4 1 1] Setcc F32 [1 4 1 1]
    Setcc V4I64 [1 1 1 2] Setcc V8I32 [1 1 1 2] Setcc V16I16 [1 1 1 2] Setcc V32I8 [1 1 1 2]
    Select V4F64 [2 2 1 2] Select V8F32 [2 2 1 2] Select V4I64 [2 2 1 2] Select V8I32 [2 2 1 2] // vblendv*
    Select V16I16 [2 2 1 2] Select V32I8 [2 2 1 2] // pblendvb
};

/// Source: LLVM 19 `X86TTIImpl::getCmpSelInstrCost`, its AVX1
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX1: &[E] = tbl! {
    Setcc V4F64 [2 3 1 2] Setcc V2F64 [1 3 1 1] Setcc F64 [1 3 1 1]
    Setcc V8F32 [2 3 1 2] Setcc V4F32 [1 3 1 1] Setcc F32 [1 3 1 1]
    Setcc V4I64 [4 2 5 6] Setcc V8I32 [4 2 5 6] Setcc V16I16 [4 2 5 6] Setcc V32I8 [4 2 5 6] // split
    Select V4F64 [3 3 1 2] Select V8F32 [3 3 1 2] Select V4I64 [3 3 1 2] Select V8I32 [3 3 1 2]
    Select V16I16 [3 3 3 3] Select V32I8 [3 3 3 3] // vandps + vandnps + vorps
};

/// Source: LLVM 19 `X86TTIImpl::getCmpSelInstrCost`, its SSE42
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE42: &[E] = tbl! {
    Setcc V2I64 [1 2 1 2]
};

/// Source: LLVM 19 `X86TTIImpl::getCmpSelInstrCost`, its SSE41
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE41: &[E] = tbl! {
    Setcc V2F64 [1 5 1 1] Setcc V4F32 [1 5 1 1]
    Select V2F64 [2 2 1 2] Select F64 [2 2 1 2] Select V4F32 [2 2 1 2] Select F32 [2 2 1 2] // blendv*
    Select V2I64 [2 2 1 2] Select V4I32 [2 2 1 2] Select V8I16 [2 2 1 2] Select V16I8 [2 2 1 2]
};

/// Source: LLVM 19 `X86TTIImpl::getCmpSelInstrCost`, its SSE2
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE2: &[E] = tbl! {
    Setcc V2F64 [2 5 1 1] Setcc F64 [1 5 1 1]
    Setcc V2I64 [5 4 5 5] // pcmpeqd/pcmpgtd expansion
    Setcc V4I32 [1 1 1 1] Setcc V8I16 [1 1 1 1] Setcc V16I8 [1 1 1 1]
    Select V2F64 [2 2 3 3] Select F64 [2 2 3 3] Select V2I64 [2 2 3 3] Select V4I32 [2 2 3 3] // and + andn + or
    Select V8I16 [2 2 3 3] Select V16I8 [2 2 3 3]
};

/// Source: LLVM 19 `X86TTIImpl::getCmpSelInstrCost`, its SSE1
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE1: &[E] = tbl! {
    Setcc V4F32 [2 5 1 1] Setcc F32 [1 5 1 1]
    Select V4F32 [2 2 3 3] Select F32 [2 2 3 3]
};

impl Subtarget {
    /// LLVM's `getCmpSelInstrCost` for a comparison (whose result is `i1`
    /// or a vector of `i1`) or a select of `ty` values (on a condition of
    /// the same shape), without the operand values.
    pub fn cmp_sel_cost(&self, op: CmpSel, ty: Ty, ck: CostKind) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        if !(matches!(ty.elem, Scalar::Int(_)) || ty.is_float()) {
            return self.base_cmp_sel_cost(op, ty, ck);
        }
        let lt = self.legalize(ty);
        let vt = lt.vt;
        let isd = if matches!(op, CmpSel::Select) {
            Isd::Select
        } else {
            Isd::Setcc
        };
        let mut extra = 0u64;
        let direct = (self.has_xop() && (!self.has_avx2() || vt.bits() == 128))
            || (self.has_avx512() && vt.scalar_bits() >= 32)
            || self.has_bwi();
        if isd == Isd::Setcc && vt.is_vector() && !direct {
            match op {
                CmpSel::ICmp(IntPred::Ne | IntPred::Sge | IntPred::Sle) => extra = 1,
                CmpSel::ICmp(IntPred::Ult | IntPred::Ugt) => extra = 2,
                CmpSel::ICmp(IntPred::Ule | IntPred::Uge) => {
                    let bits = vt.scalar_bits();
                    extra = if (self.has_sse41() && bits == 32) || (self.has_sse2() && bits < 32) {
                        1
                    } else {
                        3
                    };
                }
                CmpSel::FCmp(FloatPred::One | FloatPred::Ueq) if !self.has_avx() => {
                    let cond = ty.with_elem(Scalar::Int(1));
                    return self
                        .cmp_sel_cost(CmpSel::FCmp(FloatPred::Uno), ty, ck)
                        .saturating_add(self.cmp_sel_cost(CmpSel::FCmp(FloatPred::Oeq), ty, ck))
                        .saturating_add(self.arithmetic_cost(
                            super::BinOp::Or,
                            cond,
                            ck,
                            super::OperandInfo::VARIABLE,
                            super::OperandInfo::VARIABLE,
                        ));
                }
                CmpSel::ICmp(IntPred::Any) | CmpSel::FCmp(FloatPred::Any) => extra = 3,
                _ => {}
            }
        }
        let tables: [(bool, &[E]); 9] = [
            (self.has(crate::Feature::SlmArithCosts), SLM),
            (self.has_bwi(), AVX512BW),
            (self.has_avx512(), AVX512),
            (self.has_avx2(), AVX2),
            (self.has_avx(), AVX1),
            (self.has_sse42(), SSE42),
            (self.has_sse41(), SSE41),
            (self.has_sse2(), SSE2),
            (self.has_sse1(), SSE1),
        ];
        for (ok, t) in tables {
            if ok {
                if let Some(c) = lookup(t, isd, vt, ck) {
                    return lt.count.saturating_mul(extra + c);
                }
            }
        }
        if ck == CostKind::Latency && isd == Isd::Select && ty.is_float() {
            return 3;
        }
        self.base_cmp_sel_cost(op, ty, ck)
    }

    /// `BasicTTIImpl::getCmpSelInstrCost`.
    fn base_cmp_sel_cost(&self, op: CmpSel, ty: Ty, ck: CostKind) -> u64 {
        if ck != CostKind::RecipThroughput {
            return 1;
        }
        let lt = self.legalize(ty);
        if !ty.vector || lt.vt.is_vector() {
            return lt.count;
        }
        let scalar = self.cmp_sel_cost(op, ty.scalar_ty(), ck);
        self.scalarization_overhead(ty, true, false, ck)
            .saturating_add(u64::from(ty.lanes).saturating_mul(scalar))
    }
}
