//! Intrinsics: LLVM 19's `X86TTIImpl::getIntrinsicInstrCost` for the
//! integer min/max, `abs`, `minnum`/`maxnum` and `sqrt` rows, and
//! `BasicTTIImpl`'s type-based costs for `fabs`, `fma` and `fmuladd`
//! (legal: 1 per legal value, 2 each when split; custom lowered: 2; not
//! available: `fmuladd` is an `fmul` plus an `fadd`, `fma` a library call
//! of cost 10 per lane plus the scalarization overhead). Rows are
//! LLVM 19's.

use super::table::{lookup, tbl, Isd, E};
use super::{BinOp, CostKind, Intrinsic, OperandInfo};
use crate::subtarget::Subtarget;
use crate::vt::{Scalar, Ty};

/// Source: LLVM 19 `X86TTIImpl::getIntrinsicInstrCost`, its AVX512BW
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512BW: &[E] = tbl! {
    Abs V32I16 [1 1 1 1] Abs V64I8 [1 1 1 1]
    Smax V32I16 [1 1 1 1] Smax V64I8 [1 1 1 1] Smin V32I16 [1 1 1 1] Smin V64I8 [1 1 1 1]
    Umax V32I16 [1 1 1 1] Umax V64I8 [1 1 1 1] Umin V32I16 [1 1 1 1] Umin V64I8 [1 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getIntrinsicInstrCost`, its AVX512
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512: &[E] = tbl! {
    Abs V8I64 [1 1 1 1] Abs V4I64 [1 1 1 1] Abs V2I64 [1 1 1 1] Abs V16I32 [1 1 1 1]
    Abs V8I32 [1 1 1 1] Abs V32I16 [2 7 4 4] Abs V16I16 [1 1 1 1] Abs V64I8 [2 7 4 4]
    Abs V32I8 [1 1 1 1]
    Smax V8I64 [1 3 1 1] Smax V16I32 [1 1 1 1] Smax V32I16 [3 7 5 5] Smax V64I8 [3 7 5 5]
    Smax V4I64 [1 3 1 1] Smax V2I64 [1 3 1 1]
    Smin V8I64 [1 3 1 1] Smin V16I32 [1 1 1 1] Smin V32I16 [3 7 5 5] Smin V64I8 [3 7 5 5]
    Smin V4I64 [1 3 1 1] Smin V2I64 [1 3 1 1]
    Umax V8I64 [1 3 1 1] Umax V16I32 [1 1 1 1] Umax V32I16 [3 7 5 5] Umax V64I8 [3 7 5 5]
    Umax V4I64 [1 3 1 1] Umax V2I64 [1 3 1 1]
    Umin V8I64 [1 3 1 1] Umin V16I32 [1 1 1 1] Umin V32I16 [3 7 5 5] Umin V64I8 [3 7 5 5]
    Umin V4I64 [1 3 1 1] Umin V2I64 [1 3 1 1]
    Fmaxnum F32 [2 2 3 3] Fmaxnum V4F32 [1 1 3 3] Fmaxnum V8F32 [2 2 3 3] Fmaxnum V16F32 [4 4 3 3]
    Fmaxnum F64 [2 2 3 3] Fmaxnum V2F64 [1 1 3 3] Fmaxnum V4F64 [2 2 3 3] Fmaxnum V8F64 [3 3 3 3]
    Fsqrt F32 [3 12 1 1] Fsqrt V4F32 [3 12 1 1] Fsqrt V8F32 [6 12 1 1] Fsqrt V16F32 [12 20 1 3] // Skylake
    Fsqrt F64 [6 18 1 1] Fsqrt V2F64 [6 18 1 1] Fsqrt V4F64 [12 18 1 1] Fsqrt V8F64 [24 32 1 3]
};

/// Source: LLVM 19 `X86TTIImpl::getIntrinsicInstrCost`, its AVX2
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX2: &[E] = tbl! {
    Abs V2I64 [2 4 3 5] Abs V4I64 [2 4 3 5] // vblendvpd(x, vpsubq(0, x), x)
    Abs V4I32 [1 1 1 1] Abs V8I32 [1 1 1 2] Abs V8I16 [1 1 1 1] Abs V16I16 [1 1 1 2]
    Abs V16I8 [1 1 1 1] Abs V32I8 [1 1 1 2]
    Smax V2I64 [2 7 2 3] Smax V4I64 [2 7 2 3] Smax V8I32 [1 1 1 2] Smax V16I16 [1 1 1 2] Smax V32I8 [1 1 1 2]
    Smin V2I64 [2 7 2 3] Smin V4I64 [2 7 2 3] Smin V8I32 [1 1 1 2] Smin V16I16 [1 1 1 2] Smin V32I8 [1 1 1 2]
    Umax V2I64 [2 8 5 6] Umax V4I64 [2 8 5 8] Umax V8I32 [1 1 1 2] Umax V16I16 [1 1 1 2] Umax V32I8 [1 1 1 2]
    Umin V2I64 [2 8 5 6] Umin V4I64 [2 8 5 8] Umin V8I32 [1 1 1 2] Umin V16I16 [1 1 1 2] Umin V32I8 [1 1 1 2]
    Fmaxnum F32 [2 7 3 5] Fmaxnum V4F32 [2 7 3 5] Fmaxnum V8F32 [3 7 3 6] // max + cmpunord + blendv
    Fmaxnum F64 [2 7 3 5] Fmaxnum V2F64 [2 7 3 5] Fmaxnum V4F64 [3 7 3 6]
    Fsqrt F32 [7 15 1 1] Fsqrt V4F32 [7 15 1 1] Fsqrt V8F32 [14 21 1 3]
    Fsqrt F64 [14 21 1 1] Fsqrt V2F64 [14 21 1 1] Fsqrt V4F64 [28 35 1 3]
};

/// Source: LLVM 19 `X86TTIImpl::getIntrinsicInstrCost`, its AVX1
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX1: &[E] = tbl! {
    Abs V4I64 [6 8 6 12] Abs V8I32 [3 6 4 5] Abs V16I16 [3 6 4 5] Abs V32I8 [3 6 4 5]
    Smax V4I64 [6 9 6 12] Smax V2I64 [3 7 2 4] Smax V8I32 [4 6 5 6] Smax V16I16 [4 6 5 6] Smax V32I8 [4 6 5 6]
    Smin V4I64 [6 9 6 12] Smin V2I64 [3 7 2 3] Smin V8I32 [4 6 5 6] Smin V16I16 [4 6 5 6] Smin V32I8 [4 6 5 6]
    Umax V4I64 [9 10 11 17] Umax V2I64 [4 8 5 7] Umax V8I32 [4 6 5 6] Umax V16I16 [4 6 5 6] Umax V32I8 [4 6 5 6]
    Umin V4I64 [9 10 11 17] Umin V2I64 [4 8 5 7] Umin V8I32 [4 6 5 6] Umin V16I16 [4 6 5 6] Umin V32I8 [4 6 5 6]
    Fmaxnum F32 [3 6 3 5] Fmaxnum V4F32 [3 6 3 5] Fmaxnum V8F32 [5 7 3 10]
    Fmaxnum F64 [3 6 3 5] Fmaxnum V2F64 [3 6 3 5] Fmaxnum V4F64 [5 7 3 10]
    Fsqrt F32 [21 21 1 1] Fsqrt V4F32 [21 21 1 1] Fsqrt V8F32 [42 42 1 3]
    Fsqrt F64 [27 27 1 1] Fsqrt V2F64 [27 27 1 1] Fsqrt V4F64 [54 54 1 3]
};

/// Source: LLVM 19 `X86TTIImpl::getIntrinsicInstrCost`, its GLM
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const GLM: &[E] = tbl! {
    Fsqrt F32 [19 20 1 1] Fsqrt V4F32 [37 41 1 5] Fsqrt F64 [34 35 1 1] Fsqrt V2F64 [67 71 1 5]
};

/// Source: LLVM 19 `X86TTIImpl::getIntrinsicInstrCost`, its SLM
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SLM: &[E] = tbl! {
    Fsqrt F32 [20 20 1 1] Fsqrt V4F32 [40 41 1 5] Fsqrt F64 [35 35 1 1] Fsqrt V2F64 [70 71 1 5]
};

/// Source: LLVM 19 `X86TTIImpl::getIntrinsicInstrCost`, its SSE42
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE42: &[E] = tbl! {
    Fmaxnum F32 [5 5 7 7] Fmaxnum V4F32 [4 4 4 5] Fmaxnum F64 [5 5 7 7] Fmaxnum V2F64 [4 4 4 5]
    Fsqrt F32 [18 18 1 1] Fsqrt V4F32 [18 18 1 1] // Nehalem
};

/// Source: LLVM 19 `X86TTIImpl::getIntrinsicInstrCost`, its SSE41
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE41: &[E] = tbl! {
    Abs V2I64 [3 4 3 5]
    Smax V2I64 [3 7 2 3] Smax V4I32 [1 1 1 1] Smax V16I8 [1 1 1 1]
    Smin V2I64 [3 7 2 3] Smin V4I32 [1 1 1 1] Smin V16I8 [1 1 1 1]
    Umax V2I64 [2 11 6 7] Umax V4I32 [1 1 1 1] Umax V8I16 [1 1 1 1]
    Umin V2I64 [2 11 6 7] Umin V4I32 [1 1 1 1] Umin V8I16 [1 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getIntrinsicInstrCost`, its SSSE3
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSSE3: &[E] = tbl! {
    Abs V4I32 [1 2 1 1] Abs V8I16 [1 2 1 1] Abs V16I8 [1 2 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getIntrinsicInstrCost`, its SSE2
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE2: &[E] = tbl! {
    Abs V2I64 [3 6 5 5] Abs V4I32 [1 4 4 4] Abs V8I16 [1 2 3 3] Abs V16I8 [1 2 3 3]
    Smax V2I64 [4 8 15 15] Smax V4I32 [2 4 5 5] Smax V8I16 [1 1 1 1] Smax V16I8 [2 4 5 5]
    Smin V2I64 [4 8 15 15] Smin V4I32 [2 4 5 5] Smin V8I16 [1 1 1 1] Smin V16I8 [2 4 5 5]
    Umax V2I64 [4 8 15 15] Umax V4I32 [2 5 8 8] Umax V8I16 [1 3 3 3] Umax V16I8 [1 1 1 1]
    Umin V2I64 [4 8 15 15] Umin V4I32 [2 5 8 8] Umin V8I16 [1 3 3 3] Umin V16I8 [1 1 1 1]
    Fmaxnum F64 [5 5 7 7] Fmaxnum V2F64 [4 6 6 6]
    Fsqrt F64 [32 32 1 1] Fsqrt V2F64 [32 32 1 1] // Nehalem
};

/// Source: LLVM 19 `X86TTIImpl::getIntrinsicInstrCost`, its SSE1
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE1: &[E] = tbl! {
    Fmaxnum F32 [5 5 7 7] Fmaxnum V4F32 [4 6 6 6]
    Fsqrt F32 [28 30 1 2] Fsqrt V4F32 [56 56 1 2] // Pentium III
};

/// Source: LLVM 19 `X86TTIImpl::getIntrinsicInstrCost`, its X64
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const X64: &[E] = tbl! {
    Abs I64 [1 2 3 3] // sub + cmov
    Smax I64 [1 3 2 3] Smin I64 [1 3 2 3] Umax I64 [1 3 2 3] Umin I64 [1 3 2 3]
};

/// Source: LLVM 19 `X86TTIImpl::getIntrinsicInstrCost`, its X86
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const X86: &[E] = tbl! {
    Abs I32 [1 2 3 3] Abs I16 [2 2 3 3] Abs I8 [2 4 4 3]
    Smax I32 [1 2 2 3] Smax I16 [1 4 2 4] Smax I8 [1 4 2 4]
    Smin I32 [1 2 2 3] Smin I16 [1 4 2 4] Smin I8 [1 4 2 4]
    Umax I32 [1 2 2 3] Umax I16 [1 4 2 4] Umax I8 [1 4 2 4]
    Umin I32 [1 2 2 3] Umin I16 [1 4 2 4] Umin I8 [1 4 2 4]
};

impl Subtarget {
    /// LLVM's `getIntrinsicInstrCost` for `intr` on values of type `ty`
    /// (the result type; the operands have the same type).
    pub fn intrinsic_cost(&self, intr: Intrinsic, ty: Ty, ck: CostKind) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        let isd = match intr {
            Intrinsic::Abs => Some(Isd::Abs),
            Intrinsic::SMax => Some(Isd::Smax),
            Intrinsic::SMin => Some(Isd::Smin),
            Intrinsic::UMax => Some(Isd::Umax),
            Intrinsic::UMin => Some(Isd::Umin),
            Intrinsic::MinNum { .. } | Intrinsic::MaxNum { .. } => Some(Isd::Fmaxnum),
            Intrinsic::Sqrt => Some(Isd::Fsqrt),
            _ => None,
        };
        if let Some(isd) = isd {
            let lt = self.legalize(ty);
            if isd == Isd::Fsqrt && ck == CostKind::CodeSize {
                return lt.count;
            }
            let no_nans = matches!(
                intr,
                Intrinsic::MinNum { no_nans: true } | Intrinsic::MaxNum { no_nans: true }
            );
            let tables: [(bool, &[E]); 12] = [
                (self.has(crate::Feature::GlmDivSqrtCosts), GLM),
                (self.has(crate::Feature::SlmArithCosts), SLM),
                (self.has_bwi(), AVX512BW),
                (self.has_avx512(), AVX512),
                (self.has_avx2(), AVX2),
                (self.has_avx(), AVX1),
                (self.has_sse42(), SSE42),
                (self.has_sse41(), SSE41),
                (self.has_ssse3(), SSSE3),
                (self.has_sse2(), SSE2),
                (self.has_sse1(), SSE1),
                (self.is_64bit, X64),
            ];
            let tables = tables.into_iter().chain([(self.is_x86, X86)]);
            for (ok, t) in tables {
                if ok {
                    if let Some(c) = lookup(t, isd, lt.vt, ck) {
                        if isd == Isd::Fmaxnum && no_nans {
                            return lt.count;
                        }
                        return lt.count.saturating_mul(c);
                    }
                }
            }
        }
        self.base_intrinsic_cost(intr, ty, ck)
    }

    /// `BasicTTIImpl::getTypeBasedIntrinsicInstrCost`.
    fn base_intrinsic_cost(&self, intr: Intrinsic, ty: Ty, ck: CostKind) -> u64 {
        let lt = self.legalize(ty);
        let fp_ok = ty.is_float() && lt.vt.is_float();
        let action = match intr {
            Intrinsic::Fabs if fp_ok => Some(false),
            Intrinsic::Fma | Intrinsic::FMulAdd if fp_ok && self.has_fma() => Some(true),
            Intrinsic::SMax
            | Intrinsic::SMin
            | Intrinsic::UMax
            | Intrinsic::UMin
            | Intrinsic::Abs => Some(false),
            Intrinsic::MinNum { .. } | Intrinsic::MaxNum { .. } if fp_ok => Some(false),
            Intrinsic::Sqrt if fp_ok => Some(true),
            _ => None,
        };
        match action {
            Some(true) => {
                if lt.count > 1 {
                    return lt.count.saturating_mul(2);
                }
                return lt.count;
            }
            Some(false) => return lt.count.saturating_mul(2),
            None => {}
        }
        if intr == Intrinsic::FMulAdd {
            let v = OperandInfo::VARIABLE;
            return self
                .arithmetic_cost(BinOp::FMul, ty, ck, v, v)
                .saturating_add(self.arithmetic_cost(BinOp::FAdd, ty, ck, v, v));
        }
        if ty.vector {
            let args: u64 = match intr {
                Intrinsic::Fma => 3,
                Intrinsic::MinNum { .. }
                | Intrinsic::MaxNum { .. }
                | Intrinsic::SMax
                | Intrinsic::SMin
                | Intrinsic::UMax
                | Intrinsic::UMin => 2,
                _ => 1,
            };
            let scalar = self.intrinsic_cost(intr, ty.scalar_ty(), ck);
            let overhead = self
                .scalarization_overhead(ty, true, false, ck)
                .saturating_add(
                    args.saturating_mul(self.scalarization_overhead(ty, false, true, ck)),
                );
            return u64::from(ty.lanes)
                .saturating_mul(scalar)
                .saturating_add(overhead);
        }
        if matches!(ty.elem, Scalar::Int(_)) {
            return 1;
        }
        if ck == CostKind::CodeSize {
            1
        } else {
            10
        }
    }
}
