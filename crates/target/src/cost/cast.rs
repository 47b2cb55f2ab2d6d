//! Casts: LLVM 19's `X86TTIImpl::getCastInstrCost`.
//!
//! The conversion tables are first searched with the types as written
//! (when they are simple value types), then with the legalized types, the
//! cost multiplied by the larger legalization count; then the fallbacks of
//! LLVM (i8/i16 to float through i32, float to i8/i16 through i32, and
//! `BasicTTIImpl`: free truncates and `zext i32 -> i64`, one per legal
//! value for legal casts, halves for split vectors, scalarization
//! otherwise). Rows are LLVM 19's; most give only a throughput, and LLVM
//! then costs 1 for the other kinds.

use super::table::{cvt, lookup_cvt, Isd, C};
use super::{CastOp, CostKind};
use crate::subtarget::Subtarget;
use crate::vt::{Action, Scalar, Ty, Vt};

/// Source: LLVM 19 `X86TTIImpl::getCastInstrCost`, its AVX512BW
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512BW: &[C] = cvt! {
    SignExtend V32I16 V32I8 [1 1 1 1] ZeroExtend V32I16 V32I8 [1 1 1 1]
    // Mask sign extends are one instruction; zero extends add a shift.
    SignExtend V2I8 V2I1 [1 1 1 1] SignExtend V16I8 V2I1 [1 1 1 1] SignExtend V2I16 V2I1 [1 1 1 1]
    SignExtend V8I16 V2I1 [1 1 1 1] SignExtend V4I8 V4I1 [1 1 1 1] SignExtend V16I8 V4I1 [1 1 1 1]
    SignExtend V4I16 V4I1 [1 1 1 1] SignExtend V8I16 V4I1 [1 1 1 1] SignExtend V8I8 V8I1 [1 1 1 1]
    SignExtend V16I8 V8I1 [1 1 1 1] SignExtend V8I16 V8I1 [1 1 1 1] SignExtend V16I8 V16I1 [1 1 1 1]
    SignExtend V16I16 V16I1 [1 1 1 1] SignExtend V32I8 V32I1 [1 1 1 1] SignExtend V32I16 V32I1 [1 1 1 1]
    SignExtend V64I8 V64I1 [1 1 1 1] SignExtend V32I16 V64I1 [1 1 1 1]
    ZeroExtend V2I8 V2I1 [2 1 1 1] ZeroExtend V16I8 V2I1 [2 1 1 1] ZeroExtend V2I16 V2I1 [2 1 1 1]
    ZeroExtend V8I16 V2I1 [2 1 1 1] ZeroExtend V4I8 V4I1 [2 1 1 1] ZeroExtend V16I8 V4I1 [2 1 1 1]
    ZeroExtend V4I16 V4I1 [2 1 1 1] ZeroExtend V8I16 V4I1 [2 1 1 1] ZeroExtend V8I8 V8I1 [2 1 1 1]
    ZeroExtend V16I8 V8I1 [2 1 1 1] ZeroExtend V8I16 V8I1 [2 1 1 1] ZeroExtend V16I8 V16I1 [2 1 1 1]
    ZeroExtend V16I16 V16I1 [2 1 1 1] ZeroExtend V32I8 V32I1 [2 1 1 1] ZeroExtend V32I16 V32I1 [2 1 1 1]
    ZeroExtend V64I8 V64I1 [2 1 1 1] ZeroExtend V32I16 V64I1 [2 1 1 1]
    Truncate V2I1 V2I8 [2 1 1 1] Truncate V2I1 V16I8 [2 1 1 1] Truncate V2I1 V2I16 [2 1 1 1]
    Truncate V2I1 V8I16 [2 1 1 1] Truncate V4I1 V4I8 [2 1 1 1] Truncate V4I1 V16I8 [2 1 1 1]
    Truncate V4I1 V4I16 [2 1 1 1] Truncate V4I1 V8I16 [2 1 1 1] Truncate V8I1 V8I8 [2 1 1 1]
    Truncate V8I1 V16I8 [2 1 1 1] Truncate V8I1 V8I16 [2 1 1 1] Truncate V16I1 V16I8 [2 1 1 1]
    Truncate V16I1 V16I16 [2 1 1 1] Truncate V32I1 V32I8 [2 1 1 1] Truncate V32I1 V32I16 [2 1 1 1]
    Truncate V64I1 V64I8 [2 1 1 1] Truncate V64I1 V32I16 [2 1 1 1]
    Truncate V32I8 V32I16 [2 1 1 1] Truncate V16I8 V16I16 [2 1 1 1] // vpmovwb (zmm)
    Truncate V2I8 V2I16 [2 1 1 1] Truncate V4I8 V4I16 [2 1 1 1] Truncate V8I8 V8I16 [2 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getCastInstrCost`, its AVX512DQ
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512DQ: &[C] = cvt! {
    SignExtend V2I64 V2I1 [1 1 1 1] SignExtend V4I32 V2I1 [1 1 1 1] SignExtend V4I32 V4I1 [1 1 1 1]
    SignExtend V4I64 V4I1 [1 1 1 1] SignExtend V8I32 V8I1 [1 1 1 1] SignExtend V8I64 V16I1 [1 1 1 1]
    SignExtend V8I64 V8I1 [1 1 1 1] SignExtend V16I32 V16I1 [1 1 1 1]
    ZeroExtend V2I64 V2I1 [2 1 1 1] ZeroExtend V4I32 V2I1 [2 1 1 1] ZeroExtend V4I32 V4I1 [2 1 1 1]
    ZeroExtend V4I64 V4I1 [2 1 1 1] ZeroExtend V8I32 V8I1 [2 1 1 1] ZeroExtend V8I64 V16I1 [2 1 1 1]
    ZeroExtend V8I64 V8I1 [2 1 1 1] ZeroExtend V16I32 V16I1 [2 1 1 1]
    Truncate V2I1 V2I64 [2 1 1 1] Truncate V2I1 V4I32 [2 1 1 1] Truncate V4I1 V4I32 [2 1 1 1]
    Truncate V4I1 V4I64 [2 1 1 1] Truncate V8I1 V8I32 [2 1 1 1] Truncate V8I1 V8I64 [2 1 1 1]
    Truncate V16I1 V16I32 [2 1 1 1] Truncate V16I1 V8I64 [2 1 1 1]
    SintToFp V8F32 V8I64 [1 1 1 1] SintToFp V8F64 V8I64 [1 1 1 1]
    UintToFp V8F32 V8I64 [1 1 1 1] UintToFp V8F64 V8I64 [1 1 1 1]
    FpToSint V8I64 V8F32 [1 1 1 1] FpToSint V8I64 V8F64 [1 1 1 1]
    FpToUint V8I64 V8F32 [1 1 1 1] FpToUint V8I64 V8F64 [1 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getCastInstrCost`, its AVX512F
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512F: &[C] = cvt! {
    FpExtend V8F64 V8F32 [1 1 1 1] FpExtend V8F64 V16F32 [3 1 1 1] FpExtend V16F64 V16F32 [4 1 1 1]
    FpRound V8F32 V8F64 [1 1 1 1]
    Truncate V2I1 V2I8 [3 1 1 1] Truncate V4I1 V4I8 [3 1 1 1] Truncate V8I1 V8I8 [3 1 1 1]
    Truncate V16I1 V16I8 [3 1 1 1] Truncate V2I1 V2I16 [3 1 1 1] Truncate V4I1 V4I16 [3 1 1 1]
    Truncate V8I1 V8I16 [3 1 1 1] Truncate V16I1 V16I16 [3 1 1 1] Truncate V2I1 V2I32 [2 1 1 1]
    Truncate V4I1 V4I32 [2 1 1 1] Truncate V8I1 V8I32 [2 1 1 1] Truncate V16I1 V16I32 [2 1 1 1]
    Truncate V2I1 V2I64 [2 1 1 1] Truncate V4I1 V4I64 [2 1 1 1] Truncate V8I1 V8I64 [2 1 1 1]
    Truncate V2I8 V2I32 [2 1 1 1] Truncate V4I8 V4I32 [2 1 1 1] Truncate V16I8 V16I32 [2 1 1 1] // vpmovdb
    Truncate V32I8 V16I32 [2 1 1 1] Truncate V64I8 V16I32 [2 1 1 1]
    Truncate V16I16 V16I32 [2 1 1 1] Truncate V32I16 V16I32 [2 1 1 1] // vpmovdw
    Truncate V2I8 V2I64 [2 1 1 1] Truncate V2I16 V2I64 [1 1 1 1] // vpmovqb; vpshufb
    Truncate V8I8 V8I64 [2 1 1 1] Truncate V16I8 V8I64 [2 1 1 1] Truncate V32I8 V8I64 [2 1 1 1]
    Truncate V64I8 V8I64 [2 1 1 1] Truncate V8I16 V8I64 [2 1 1 1] Truncate V16I16 V8I64 [2 1 1 1]
    Truncate V32I16 V8I64 [2 1 1 1] Truncate V8I32 V8I64 [1 1 1 1] Truncate V4I32 V4I64 [1 1 1 1]
    Truncate V16I8 V16I64 [5 1 1 1]
    Truncate V16I8 V16I16 [3 1 1 1] Truncate V32I8 V32I16 [8 1 1 1] Truncate V64I8 V32I16 [8 1 1 1]
    SignExtend V2I8 V2I1 [3 1 1 1] ZeroExtend V2I8 V2I1 [4 1 1 1]
    SignExtend V4I8 V4I1 [3 1 1 1] ZeroExtend V4I8 V4I1 [4 1 1 1]
    SignExtend V8I8 V8I1 [3 1 1 1] ZeroExtend V8I8 V8I1 [4 1 1 1]
    SignExtend V16I8 V16I1 [3 1 1 1] ZeroExtend V16I8 V16I1 [4 1 1 1]
    SignExtend V2I16 V2I1 [3 1 1 1] ZeroExtend V2I16 V2I1 [4 1 1 1]
    SignExtend V4I16 V4I1 [3 1 1 1] ZeroExtend V4I16 V4I1 [4 1 1 1]
    SignExtend V8I16 V8I1 [3 1 1 1] ZeroExtend V8I16 V8I1 [4 1 1 1]
    SignExtend V16I16 V16I1 [3 1 1 1] ZeroExtend V16I16 V16I1 [4 1 1 1]
    SignExtend V2I32 V2I1 [1 1 1 1] ZeroExtend V2I32 V2I1 [2 1 1 1]
    SignExtend V4I32 V4I1 [1 1 1 1] ZeroExtend V4I32 V4I1 [2 1 1 1]
    SignExtend V8I32 V8I1 [1 1 1 1] ZeroExtend V8I32 V8I1 [2 1 1 1]
    SignExtend V2I64 V2I1 [1 1 1 1] ZeroExtend V2I64 V2I1 [2 1 1 1]
    SignExtend V4I64 V4I1 [1 1 1 1] ZeroExtend V4I64 V4I1 [2 1 1 1]
    SignExtend V16I32 V16I1 [1 1 1 1] ZeroExtend V16I32 V16I1 [2 1 1 1]
    SignExtend V8I64 V8I1 [1 1 1 1] ZeroExtend V8I64 V8I1 [2 1 1 1]
    SignExtend V16I32 V16I8 [1 1 1 1] ZeroExtend V16I32 V16I8 [1 1 1 1]
    SignExtend V16I32 V16I16 [1 1 1 1] ZeroExtend V16I32 V16I16 [1 1 1 1]
    SignExtend V8I64 V8I8 [1 1 1 1] ZeroExtend V8I64 V8I8 [1 1 1 1]
    SignExtend V8I64 V8I16 [1 1 1 1] ZeroExtend V8I64 V8I16 [1 1 1 1]
    SignExtend V8I64 V8I32 [1 1 1 1] ZeroExtend V8I64 V8I32 [1 1 1 1]
    SignExtend V32I16 V32I8 [3 1 1 1] ZeroExtend V32I16 V32I8 [3 1 1 1]
    SintToFp V8F64 V8I1 [4 1 1 1] SintToFp V16F32 V16I1 [3 1 1 1] SintToFp V8F64 V16I8 [2 1 1 1]
    SintToFp V16F32 V16I8 [1 1 1 1] SintToFp V8F64 V8I16 [2 1 1 1] SintToFp V16F32 V16I16 [1 1 1 1]
    SintToFp V8F64 V8I32 [1 1 1 1] SintToFp V16F32 V16I32 [1 1 1 1]
    UintToFp V8F64 V8I1 [4 1 1 1] UintToFp V16F32 V16I1 [3 1 1 1] UintToFp V8F64 V16I8 [2 1 1 1]
    UintToFp V16F32 V16I8 [1 1 1 1] UintToFp V8F64 V8I16 [2 1 1 1] UintToFp V16F32 V16I16 [1 1 1 1]
    UintToFp V8F64 V8I32 [1 1 1 1] UintToFp V16F32 V16I32 [1 1 1 1] UintToFp V8F32 V8I64 [26 1 1 1]
    UintToFp V8F64 V8I64 [5 1 1 1]
    FpToSint V16I8 V16F32 [2 1 1 1] FpToSint V16I8 V16F64 [7 1 1 1] FpToSint V32I8 V32F64 [15 1 1 1]
    FpToSint V64I8 V64F32 [11 1 1 1] FpToSint V64I8 V64F64 [31 1 1 1] FpToSint V8I16 V8F64 [3 1 1 1]
    FpToSint V16I16 V16F64 [7 1 1 1] FpToSint V32I16 V32F32 [5 1 1 1] FpToSint V32I16 V32F64 [15 1 1 1]
    FpToSint V8I32 V8F64 [1 1 1 1] FpToSint V16I32 V16F64 [3 1 1 1]
    FpToSint V16I32 V16F32 [1 _ _ _] // vcvttps2dq (LLVM 19, throughput only: observed with opt-19)
    FpToUint V8I32 V8F64 [1 1 1 1] FpToUint V8I16 V8F64 [3 1 1 1] FpToUint V8I8 V8F64 [3 1 1 1]
    FpToUint V16I32 V16F32 [1 1 1 1] FpToUint V16I16 V16F32 [3 1 1 1] FpToUint V16I8 V16F32 [3 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getCastInstrCost`, its AVX512BWVL
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512BWVL: &[C] = cvt! {
    SignExtend V2I8 V2I1 [1 1 1 1] SignExtend V16I8 V2I1 [1 1 1 1] SignExtend V2I16 V2I1 [1 1 1 1]
    SignExtend V8I16 V2I1 [1 1 1 1] SignExtend V4I16 V4I1 [1 1 1 1] SignExtend V16I8 V4I1 [1 1 1 1]
    SignExtend V4I8 V4I1 [1 1 1 1] SignExtend V8I16 V4I1 [1 1 1 1] SignExtend V8I8 V8I1 [1 1 1 1]
    SignExtend V16I8 V8I1 [1 1 1 1] SignExtend V8I16 V8I1 [1 1 1 1] SignExtend V16I8 V16I1 [1 1 1 1]
    SignExtend V16I16 V16I1 [1 1 1 1] SignExtend V32I8 V32I1 [1 1 1 1] SignExtend V16I16 V32I1 [1 1 1 1]
    SignExtend V32I8 V64I1 [1 1 1 1] SignExtend V16I16 V64I1 [1 1 1 1]
    ZeroExtend V2I8 V2I1 [2 1 1 1] ZeroExtend V16I8 V2I1 [2 1 1 1] ZeroExtend V2I16 V2I1 [2 1 1 1]
    ZeroExtend V8I16 V2I1 [2 1 1 1] ZeroExtend V4I8 V4I1 [2 1 1 1] ZeroExtend V16I8 V4I1 [2 1 1 1]
    ZeroExtend V4I16 V4I1 [2 1 1 1] ZeroExtend V8I16 V4I1 [2 1 1 1] ZeroExtend V8I8 V8I1 [2 1 1 1]
    ZeroExtend V16I8 V8I1 [2 1 1 1] ZeroExtend V8I16 V8I1 [2 1 1 1] ZeroExtend V16I8 V16I1 [2 1 1 1]
    ZeroExtend V16I16 V16I1 [2 1 1 1] ZeroExtend V32I8 V32I1 [2 1 1 1] ZeroExtend V16I16 V32I1 [2 1 1 1]
    ZeroExtend V32I8 V64I1 [2 1 1 1] ZeroExtend V16I16 V64I1 [2 1 1 1]
    Truncate V2I1 V2I8 [2 1 1 1] Truncate V2I1 V16I8 [2 1 1 1] Truncate V2I1 V2I16 [2 1 1 1]
    Truncate V2I1 V8I16 [2 1 1 1] Truncate V4I1 V4I8 [2 1 1 1] Truncate V4I1 V16I8 [2 1 1 1]
    Truncate V4I1 V4I16 [2 1 1 1] Truncate V4I1 V8I16 [2 1 1 1] Truncate V8I1 V8I8 [2 1 1 1]
    Truncate V8I1 V16I8 [2 1 1 1] Truncate V8I1 V8I16 [2 1 1 1] Truncate V16I1 V16I8 [2 1 1 1]
    Truncate V16I1 V16I16 [2 1 1 1] Truncate V32I1 V32I8 [2 1 1 1] Truncate V32I1 V16I16 [2 1 1 1]
    Truncate V64I1 V32I8 [2 1 1 1] Truncate V64I1 V16I16 [2 1 1 1]
    Truncate V16I8 V16I16 [2 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getCastInstrCost`, its AVX512DQVL
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512DQVL: &[C] = cvt! {
    SignExtend V2I64 V2I1 [1 1 1 1] SignExtend V4I32 V2I1 [1 1 1 1] SignExtend V4I32 V4I1 [1 1 1 1]
    SignExtend V4I64 V16I1 [1 1 1 1] SignExtend V4I64 V4I1 [1 1 1 1] SignExtend V4I64 V8I1 [1 1 1 1]
    SignExtend V8I32 V16I1 [1 1 1 1] SignExtend V8I32 V8I1 [1 1 1 1]
    ZeroExtend V2I64 V2I1 [2 1 1 1] ZeroExtend V4I32 V2I1 [2 1 1 1] ZeroExtend V4I32 V4I1 [2 1 1 1]
    ZeroExtend V4I64 V16I1 [2 1 1 1] ZeroExtend V4I64 V4I1 [2 1 1 1] ZeroExtend V4I64 V8I1 [2 1 1 1]
    ZeroExtend V8I32 V16I1 [2 1 1 1] ZeroExtend V8I32 V8I1 [2 1 1 1]
    Truncate V16I1 V4I64 [2 1 1 1] Truncate V16I1 V8I32 [2 1 1 1] Truncate V2I1 V2I64 [2 1 1 1]
    Truncate V2I1 V4I32 [2 1 1 1] Truncate V4I1 V4I32 [2 1 1 1] Truncate V4I1 V4I64 [2 1 1 1]
    Truncate V8I1 V4I64 [2 1 1 1] Truncate V8I1 V8I32 [2 1 1 1]
    SintToFp V2F32 V2I64 [1 1 1 1] SintToFp V2F64 V2I64 [1 1 1 1]
    SintToFp V4F32 V4I64 [1 1 1 1] SintToFp V4F64 V4I64 [1 1 1 1]
    UintToFp V2F32 V2I64 [1 1 1 1] UintToFp V2F64 V2I64 [1 1 1 1]
    UintToFp V4F32 V4I64 [1 1 1 1] UintToFp V4F64 V4I64 [1 1 1 1]
    FpToSint V2I64 V4F32 [1 1 1 1] FpToSint V4I64 V4F32 [1 1 1 1]
    FpToSint V2I64 V2F64 [1 1 1 1] FpToSint V4I64 V4F64 [1 1 1 1]
    FpToUint V2I64 V4F32 [1 1 1 1] FpToUint V4I64 V4F32 [1 1 1 1]
    FpToUint V2I64 V2F64 [1 1 1 1] FpToUint V4I64 V4F64 [1 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getCastInstrCost`, its AVX512VL
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512VL: &[C] = cvt! {
    Truncate V2I1 V2I8 [3 1 1 1] Truncate V4I1 V4I8 [3 1 1 1] Truncate V8I1 V8I8 [3 1 1 1]
    Truncate V16I1 V16I8 [8 1 1 1] Truncate V2I1 V2I16 [3 1 1 1] Truncate V4I1 V4I16 [3 1 1 1]
    Truncate V8I1 V8I16 [3 1 1 1] Truncate V16I1 V16I16 [8 1 1 1] Truncate V2I1 V2I32 [2 1 1 1]
    Truncate V4I1 V4I32 [2 1 1 1] Truncate V8I1 V8I32 [2 1 1 1] Truncate V16I1 V8I32 [2 1 1 1]
    Truncate V2I1 V2I64 [2 1 1 1] Truncate V4I1 V4I64 [2 1 1 1] Truncate V4I32 V4I64 [1 1 1 1]
    Truncate V4I8 V4I64 [2 1 1 1] Truncate V4I16 V4I64 [2 1 1 1] Truncate V8I8 V8I32 [2 1 1 1]
    SignExtend V2I8 V2I1 [5 1 1 1] ZeroExtend V2I8 V2I1 [6 1 1 1]
    SignExtend V4I8 V4I1 [5 1 1 1] ZeroExtend V4I8 V4I1 [6 1 1 1]
    SignExtend V8I8 V8I1 [5 1 1 1] ZeroExtend V8I8 V8I1 [6 1 1 1]
    SignExtend V16I8 V16I1 [10 1 1 1] ZeroExtend V16I8 V16I1 [12 1 1 1]
    SignExtend V2I16 V2I1 [4 1 1 1] ZeroExtend V2I16 V2I1 [5 1 1 1]
    SignExtend V4I16 V4I1 [4 1 1 1] ZeroExtend V4I16 V4I1 [5 1 1 1]
    SignExtend V8I16 V8I1 [4 1 1 1] ZeroExtend V8I16 V8I1 [5 1 1 1]
    SignExtend V16I16 V16I1 [10 1 1 1] ZeroExtend V16I16 V16I1 [12 1 1 1]
    SignExtend V2I32 V2I1 [1 1 1 1] ZeroExtend V2I32 V2I1 [2 1 1 1]
    SignExtend V4I32 V4I1 [1 1 1 1] ZeroExtend V4I32 V4I1 [2 1 1 1]
    SignExtend V8I32 V8I1 [1 1 1 1] ZeroExtend V8I32 V8I1 [2 1 1 1]
    SignExtend V8I32 V16I1 [1 1 1 1] ZeroExtend V8I32 V16I1 [2 1 1 1]
    SignExtend V2I64 V2I1 [1 1 1 1] ZeroExtend V2I64 V2I1 [2 1 1 1]
    SignExtend V4I64 V4I1 [1 1 1 1] ZeroExtend V4I64 V4I1 [2 1 1 1]
    SignExtend V4I64 V16I8 [1 1 1 1] ZeroExtend V4I64 V16I8 [1 1 1 1]
    SignExtend V8I32 V16I8 [1 1 1 1] ZeroExtend V8I32 V16I8 [1 1 1 1]
    SignExtend V16I16 V16I8 [1 1 1 1] ZeroExtend V16I16 V16I8 [1 1 1 1]
    SignExtend V4I64 V8I16 [1 1 1 1] ZeroExtend V4I64 V8I16 [1 1 1 1]
    SignExtend V8I32 V8I16 [1 1 1 1] ZeroExtend V8I32 V8I16 [1 1 1 1]
    SignExtend V4I64 V4I32 [1 1 1 1] ZeroExtend V4I64 V4I32 [1 1 1 1]
    SintToFp V2F64 V16I8 [1 1 1 1] SintToFp V8F32 V16I8 [1 1 1 1]
    SintToFp V2F64 V8I16 [1 1 1 1] SintToFp V8F32 V8I16 [1 1 1 1]
    UintToFp F32 I64 [1 1 1 1] UintToFp F64 I64 [1 1 1 1]
    UintToFp V2F64 V16I8 [1 1 1 1] UintToFp V8F32 V16I8 [1 1 1 1]
    UintToFp V2F64 V8I16 [1 1 1 1] UintToFp V8F32 V8I16 [1 1 1 1]
    UintToFp V2F32 V2I32 [1 1 1 1] UintToFp V4F32 V4I32 [1 1 1 1]
    UintToFp V4F64 V4I32 [1 1 1 1] UintToFp V8F32 V8I32 [1 1 1 1]
    UintToFp V2F32 V2I64 [5 1 1 1] UintToFp V2F64 V2I64 [5 1 1 1] UintToFp V4F64 V4I64 [5 1 1 1]
    FpToSint V16I8 V8F32 [2 1 1 1] FpToSint V16I8 V16F32 [2 1 1 1] FpToSint V32I8 V32F32 [5 1 1 1]
    FpToUint I64 F32 [1 1 1 1] FpToUint I64 F64 [1 1 1 1]
    FpToUint V4I32 V4F32 [1 1 1 1] FpToUint V4I32 V2F64 [1 1 1 1] FpToUint V4I32 V4F64 [1 1 1 1]
    FpToUint V8I32 V8F32 [1 1 1 1] FpToUint V8I32 V8F64 [1 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getCastInstrCost`, its AVX2
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX2: &[C] = cvt! {
    SignExtend V4I64 V4I1 [3 1 1 1] ZeroExtend V4I64 V4I1 [3 1 1 1]
    SignExtend V8I32 V8I1 [3 1 1 1] ZeroExtend V8I32 V8I1 [3 1 1 1]
    SignExtend V16I16 V16I1 [1 1 1 1] ZeroExtend V16I16 V16I1 [1 1 1 1]
    SignExtend V4I64 V16I8 [2 1 1 1] ZeroExtend V4I64 V16I8 [2 1 1 1]
    SignExtend V8I32 V16I8 [2 1 1 1] ZeroExtend V8I32 V16I8 [2 1 1 1]
    SignExtend V16I16 V16I8 [2 1 1 1] ZeroExtend V16I16 V16I8 [2 1 1 1]
    SignExtend V4I64 V8I16 [2 1 1 1] ZeroExtend V4I64 V8I16 [2 1 1 1]
    SignExtend V8I32 V8I16 [2 1 1 1] ZeroExtend V8I32 V8I16 [2 1 1 1]
    ZeroExtend V16I32 V16I16 [3 1 1 1] SignExtend V16I32 V16I16 [3 1 1 1]
    SignExtend V4I64 V4I32 [2 1 1 1] ZeroExtend V4I64 V4I32 [2 1 1 1]
    Truncate V8I1 V8I32 [2 1 1 1]
    Truncate V16I16 V16I32 [4 1 1 1] Truncate V16I8 V16I32 [4 1 1 1] Truncate V16I8 V8I16 [1 1 1 1]
    Truncate V16I8 V4I32 [1 1 1 1] Truncate V16I8 V2I64 [1 1 1 1] Truncate V16I8 V8I32 [4 1 1 1]
    Truncate V16I8 V4I64 [4 1 1 1] Truncate V8I16 V4I32 [1 1 1 1] Truncate V8I16 V2I64 [1 1 1 1]
    Truncate V8I16 V4I64 [5 1 1 1] Truncate V4I32 V4I64 [1 1 1 1] Truncate V8I16 V8I32 [2 1 1 1]
    FpExtend V8F64 V8F32 [3 1 1 1] FpRound V8F32 V8F64 [3 1 1 1]
    FpToSint V16I16 V8F32 [1 1 1 1] FpToSint V4I32 V4F64 [1 1 1 1] FpToSint V8I32 V8F32 [1 1 1 1]
    FpToSint V8I32 V8F64 [3 1 1 1]
    FpToUint I64 F32 [3 1 1 1] FpToUint I64 F64 [3 1 1 1] FpToUint V16I16 V8F32 [1 1 1 1]
    FpToUint V4I32 V4F32 [3 1 1 1] FpToUint V4I32 V2F64 [4 1 1 1] FpToUint V4I32 V4F64 [4 1 1 1]
    FpToUint V8I32 V8F32 [3 1 1 1] FpToUint V8I32 V4F64 [4 1 1 1]
    SintToFp V2F64 V16I8 [2 1 1 1] SintToFp V8F32 V16I8 [2 1 1 1] SintToFp V2F64 V8I16 [2 1 1 1]
    SintToFp V8F32 V8I16 [2 1 1 1] SintToFp V4F64 V4I32 [1 1 1 1] SintToFp V8F32 V8I32 [1 1 1 1]
    SintToFp V8F64 V8I32 [3 1 1 1]
    UintToFp V2F64 V16I8 [2 1 1 1] UintToFp V8F32 V16I8 [2 1 1 1] UintToFp V2F64 V8I16 [2 1 1 1]
    UintToFp V8F32 V8I16 [2 1 1 1] UintToFp V2F32 V2I32 [2 1 1 1] UintToFp V2F64 V2I32 [1 1 1 1]
    UintToFp V4F32 V4I32 [2 1 1 1] UintToFp V4F64 V4I32 [2 1 1 1] UintToFp V8F32 V8I32 [2 1 1 1]
    UintToFp V8F64 V8I32 [4 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getCastInstrCost`, its AVX
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX: &[C] = cvt! {
    SignExtend V4I64 V4I1 [4 1 1 1] ZeroExtend V4I64 V4I1 [4 1 1 1]
    SignExtend V8I32 V8I1 [4 1 1 1] ZeroExtend V8I32 V8I1 [4 1 1 1]
    SignExtend V16I16 V16I1 [4 1 1 1] ZeroExtend V16I16 V16I1 [4 1 1 1]
    SignExtend V4I64 V16I8 [3 1 1 1] ZeroExtend V4I64 V16I8 [3 1 1 1]
    SignExtend V8I32 V16I8 [3 1 1 1] ZeroExtend V8I32 V16I8 [3 1 1 1]
    SignExtend V16I16 V16I8 [3 1 1 1] ZeroExtend V16I16 V16I8 [3 1 1 1]
    SignExtend V4I64 V8I16 [3 1 1 1] ZeroExtend V4I64 V8I16 [3 1 1 1]
    SignExtend V8I32 V8I16 [3 1 1 1] ZeroExtend V8I32 V8I16 [3 1 1 1]
    SignExtend V4I64 V4I32 [3 1 1 1] ZeroExtend V4I64 V4I32 [3 1 1 1]
    Truncate V4I1 V4I64 [4 1 1 1] Truncate V8I1 V8I32 [5 1 1 1] Truncate V16I1 V16I16 [4 1 1 1]
    Truncate V8I1 V8I64 [9 1 1 1] Truncate V16I1 V16I64 [11 1 1 1]
    Truncate V16I16 V16I32 [6 1 1 1] Truncate V16I8 V16I32 [6 1 1 1] Truncate V16I8 V16I16 [2 1 1 1]
    Truncate V16I8 V8I32 [5 1 1 1] Truncate V8I16 V8I32 [5 1 1 1] Truncate V16I8 V4I64 [5 1 1 1]
    Truncate V8I16 V4I64 [3 1 1 1] Truncate V4I32 V4I64 [2 1 1 1]
    SintToFp V4F32 V4I1 [3 1 1 1] SintToFp V4F64 V4I1 [3 1 1 1] SintToFp V8F32 V8I1 [8 1 1 1]
    SintToFp V8F32 V16I8 [4 1 1 1] SintToFp V4F64 V16I8 [2 1 1 1] SintToFp V8F32 V8I16 [4 1 1 1]
    SintToFp V4F64 V8I16 [2 1 1 1] SintToFp V4F64 V4I32 [2 1 1 1] SintToFp V8F32 V8I32 [2 1 1 1]
    SintToFp V8F64 V8I32 [4 1 1 1] SintToFp V4F32 V2I64 [5 1 1 1] SintToFp V4F32 V4I64 [8 1 1 1]
    UintToFp V4F32 V4I1 [7 1 1 1] UintToFp V4F64 V4I1 [7 1 1 1] UintToFp V8F32 V8I1 [6 1 1 1]
    UintToFp V8F32 V16I8 [4 1 1 1] UintToFp V4F64 V16I8 [2 1 1 1] UintToFp V8F32 V8I16 [4 1 1 1]
    UintToFp V4F64 V8I16 [2 1 1 1] UintToFp V2F32 V2I32 [4 1 1 1] UintToFp V2F64 V2I32 [4 1 1 1]
    UintToFp V4F32 V4I32 [5 1 1 1] UintToFp V4F64 V4I32 [6 1 1 1] UintToFp V8F32 V8I32 [8 1 1 1]
    UintToFp V8F64 V8I32 [10 1 1 1] UintToFp V2F32 V2I64 [10 1 1 1] UintToFp V4F32 V4I64 [18 1 1 1]
    UintToFp V2F64 V2I64 [5 1 1 1] UintToFp V4F64 V4I64 [10 1 1 1]
    FpToSint V16I8 V8F32 [2 1 1 1] FpToSint V16I8 V4F64 [2 1 1 1] FpToSint V32I8 V8F32 [2 1 1 1]
    FpToSint V32I8 V4F64 [2 1 1 1] FpToSint V8I16 V8F32 [2 1 1 1] FpToSint V8I16 V4F64 [2 1 1 1]
    FpToSint V16I16 V8F32 [2 1 1 1] FpToSint V16I16 V4F64 [2 1 1 1] FpToSint V4I32 V4F64 [2 1 1 1]
    FpToSint V8I32 V8F32 [2 1 1 1] FpToSint V8I32 V8F64 [5 1 1 1]
    FpToUint V16I8 V8F32 [2 1 1 1] FpToUint V16I8 V4F64 [2 1 1 1] FpToUint V32I8 V8F32 [2 1 1 1]
    FpToUint V32I8 V4F64 [2 1 1 1] FpToUint V8I16 V8F32 [2 1 1 1] FpToUint V8I16 V4F64 [2 1 1 1]
    FpToUint V16I16 V8F32 [2 1 1 1] FpToUint V16I16 V4F64 [2 1 1 1] FpToUint V4I32 V4F32 [3 1 1 1]
    FpToUint V4I32 V2F64 [4 1 1 1] FpToUint V4I32 V4F64 [6 1 1 1] FpToUint V8I32 V8F32 [7 1 1 1]
    FpToUint V8I32 V4F64 [7 1 1 1]
    FpExtend V4F64 V4F32 [1 1 1 1] FpRound V4F32 V4F64 [1 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getCastInstrCost`, its SSE41
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE41: &[C] = cvt! {
    ZeroExtend V2I64 V16I8 [1 1 1 1] SignExtend V2I64 V16I8 [1 1 1 1]
    ZeroExtend V4I32 V16I8 [1 1 1 1] SignExtend V4I32 V16I8 [1 1 1 1]
    ZeroExtend V8I16 V16I8 [1 1 1 1] SignExtend V8I16 V16I8 [1 1 1 1]
    ZeroExtend V2I64 V8I16 [1 1 1 1] SignExtend V2I64 V8I16 [1 1 1 1]
    ZeroExtend V4I32 V8I16 [1 1 1 1] SignExtend V4I32 V8I16 [1 1 1 1]
    ZeroExtend V2I64 V4I32 [1 1 1 1] SignExtend V2I64 V4I32 [1 1 1 1]
    Truncate V2I1 V2I8 [1 1 1 1] Truncate V2I1 V2I16 [1 1 1 1] Truncate V4I1 V4I8 [1 1 1 1]
    Truncate V16I8 V4I32 [2 1 1 1] Truncate V8I16 V4I32 [2 1 1 1] Truncate V16I8 V2I64 [2 1 1 1]
    SintToFp F32 I32 [1 1 1 1] SintToFp F64 I32 [1 1 1 1] SintToFp F32 I64 [1 1 1 1]
    SintToFp F64 I64 [1 1 1 1] SintToFp V4F32 V16I8 [1 1 1 1] SintToFp V2F64 V16I8 [1 1 1 1]
    SintToFp V4F32 V8I16 [1 1 1 1] SintToFp V2F64 V8I16 [1 1 1 1] SintToFp V4F32 V4I32 [1 1 1 1]
    SintToFp V2F64 V4I32 [1 1 1 1] SintToFp V4F64 V4I32 [2 1 1 1]
    UintToFp F32 I32 [1 1 1 1] UintToFp F64 I32 [1 1 1 1] UintToFp F32 I64 [4 1 1 1]
    UintToFp F64 I64 [4 1 1 1] UintToFp V4F32 V16I8 [1 1 1 1] UintToFp V2F64 V16I8 [1 1 1 1]
    UintToFp V4F32 V8I16 [1 1 1 1] UintToFp V2F64 V8I16 [1 1 1 1] UintToFp V2F32 V2I32 [3 1 1 1]
    UintToFp V4F32 V4I32 [3 1 1 1] UintToFp V2F64 V4I32 [2 1 1 1] UintToFp V4F32 V2I64 [12 1 1 1]
    UintToFp V4F32 V4I64 [22 1 1 1] UintToFp V2F64 V2I64 [4 1 1 1]
    FpToSint I32 F32 [1 1 1 1] FpToSint I64 F32 [1 1 1 1] FpToSint I32 F64 [1 1 1 1]
    FpToSint I64 F64 [1 1 1 1] FpToSint V16I8 V4F32 [2 1 1 1] FpToSint V16I8 V2F64 [2 1 1 1]
    FpToSint V8I16 V4F32 [1 1 1 1] FpToSint V8I16 V2F64 [1 1 1 1] FpToSint V4I32 V4F32 [1 1 1 1]
    FpToSint V4I32 V2F64 [1 1 1 1]
    FpToUint I32 F32 [1 1 1 1] FpToUint I64 F32 [4 1 1 1] FpToUint I32 F64 [1 1 1 1]
    FpToUint I64 F64 [4 1 1 1] FpToUint V16I8 V4F32 [2 1 1 1] FpToUint V16I8 V2F64 [2 1 1 1]
    FpToUint V8I16 V4F32 [1 1 1 1] FpToUint V8I16 V2F64 [1 1 1 1] FpToUint V4I32 V4F32 [4 1 1 1]
    FpToUint V4I32 V2F64 [4 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getCastInstrCost`, its SSE2
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE2: &[C] = cvt! {
    SintToFp F32 I32 [3 1 1 1] SintToFp F64 I32 [3 1 1 1] SintToFp F32 I64 [3 1 1 1]
    SintToFp F64 I64 [3 1 1 1] SintToFp V4F32 V16I8 [3 1 1 1] SintToFp V2F64 V16I8 [4 1 1 1]
    SintToFp V4F32 V8I16 [3 1 1 1] SintToFp V2F64 V8I16 [4 1 1 1] SintToFp V4F32 V4I32 [3 1 1 1]
    SintToFp V2F64 V4I32 [4 1 1 1] SintToFp V4F32 V2I64 [8 1 1 1] SintToFp V2F64 V2I64 [8 1 1 1]
    UintToFp F32 I32 [3 1 1 1] UintToFp F64 I32 [3 1 1 1] UintToFp F32 I64 [8 1 1 1]
    UintToFp F64 I64 [9 1 1 1] UintToFp V2F64 V16I8 [4 1 1 1] UintToFp V4F32 V16I8 [4 1 1 1]
    UintToFp V4F32 V8I16 [4 1 1 1] UintToFp V2F64 V8I16 [4 1 1 1] UintToFp V2F32 V2I32 [7 1 1 1]
    UintToFp V2F64 V4I32 [7 1 1 1] UintToFp V4F32 V4I32 [5 1 1 1] UintToFp V2F64 V2I64 [15 1 1 1]
    UintToFp V4F32 V2I64 [18 1 1 1]
    FpToSint I32 F32 [4 1 1 1] FpToSint I64 F32 [4 1 1 1] FpToSint I32 F64 [4 1 1 1]
    FpToSint I64 F64 [4 1 1 1] FpToSint V16I8 V4F32 [6 1 1 1] FpToSint V16I8 V2F64 [6 1 1 1]
    FpToSint V8I16 V4F32 [5 1 1 1] FpToSint V8I16 V2F64 [5 1 1 1] FpToSint V4I32 V4F32 [4 1 1 1]
    FpToSint V4I32 V2F64 [4 1 1 1]
    FpToUint I32 F32 [4 1 1 1] FpToUint I64 F32 [4 1 1 1] FpToUint I32 F64 [4 1 1 1]
    FpToUint I64 F64 [15 1 1 1] FpToUint V16I8 V4F32 [6 1 1 1] FpToUint V16I8 V2F64 [6 1 1 1]
    FpToUint V8I16 V4F32 [5 1 1 1] FpToUint V8I16 V2F64 [5 1 1 1] FpToUint V4I32 V4F32 [8 1 1 1]
    FpToUint V4I32 V2F64 [8 1 1 1]
    ZeroExtend V2I64 V16I8 [4 1 1 1] SignExtend V2I64 V16I8 [4 1 1 1]
    ZeroExtend V4I32 V16I8 [2 1 1 1] SignExtend V4I32 V16I8 [3 1 1 1]
    ZeroExtend V8I16 V16I8 [1 1 1 1] SignExtend V8I16 V16I8 [2 1 1 1]
    ZeroExtend V2I64 V8I16 [2 1 1 1] SignExtend V2I64 V8I16 [3 1 1 1]
    ZeroExtend V4I32 V8I16 [1 1 1 1] SignExtend V4I32 V8I16 [2 1 1 1]
    ZeroExtend V2I64 V4I32 [1 1 1 1] SignExtend V2I64 V4I32 [2 1 1 1]
    Truncate V2I1 V2I32 [1 1 1 1] Truncate V2I1 V2I16 [2 1 1 1] Truncate V2I1 V2I8 [3 1 1 1]
    Truncate V4I1 V4I16 [1 1 1 1] Truncate V4I1 V4I8 [2 1 1 1] Truncate V8I1 V8I8 [1 1 1 1]
    Truncate V16I8 V8I16 [2 1 1 1] Truncate V16I8 V16I16 [3 1 1 1] Truncate V16I8 V4I32 [3 1 1 1]
    Truncate V16I8 V16I32 [7 1 1 1] Truncate V2I16 V2I32 [1 1 1 1] Truncate V8I16 V4I32 [3 1 1 1]
    Truncate V8I16 V8I32 [5 1 1 1] Truncate V16I16 V16I32 [10 1 1 1] Truncate V16I8 V2I64 [4 1 1 1]
    Truncate V8I16 V2I64 [2 1 1 1] Truncate V4I32 V2I64 [1 1 1 1]
};

fn isd(op: CastOp) -> Option<Isd> {
    Some(match op {
        CastOp::ZExt => Isd::ZeroExtend,
        CastOp::SExt => Isd::SignExtend,
        CastOp::Trunc => Isd::Truncate,
        CastOp::FPExt => Isd::FpExtend,
        CastOp::FPTrunc => Isd::FpRound,
        CastOp::SIToFP => Isd::SintToFp,
        CastOp::UIToFP => Isd::UintToFp,
        CastOp::FPToSI => Isd::FpToSint,
        CastOp::FPToUI => Isd::FpToUint,
        CastOp::BitCast | CastOp::PtrToInt | CastOp::IntToPtr => return None,
    })
}

impl Subtarget {
    /// LLVM's `getCastInstrCost` from `src` to `dst` (no context: a cast
    /// of a load or into a store is costed like any other).
    pub fn cast_cost(&self, op: CastOp, dst: Ty, src: Ty, ck: CostKind) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        let Some(isd) = isd(op) else {
            return self.base_cast_cost(op, dst, src, ck);
        };
        let pb = self.pointer_bits();
        let (sv, dv) = (Vt::of(src, pb), Vt::of(dst, pb));
        let regs512 = self.use_avx512_regs();
        let tables: [(bool, &[C]); 11] = [
            (regs512 && self.has_bwi(), AVX512BW),
            (regs512 && self.has_dqi(), AVX512DQ),
            (regs512 && self.has_avx512(), AVX512F),
            (self.has_bwi(), AVX512BWVL),
            (self.has_dqi(), AVX512DQVL),
            (self.has_avx512(), AVX512VL),
            (self.has_avx2(), AVX2),
            (self.has_avx(), AVX),
            (self.has_sse41(), SSE41),
            (self.has_sse2(), SSE2),
            (false, &[]),
        ];
        if sv.is_simple() && dv.is_simple() {
            for (ok, t) in tables {
                if ok {
                    if let Some(c) = lookup_cvt(t, isd, dv, sv, ck) {
                        return c;
                    }
                }
            }
            if (isd == Isd::FpRound && dv.elem == crate::vt::Elem::F16)
                || (isd == Isd::FpExtend && sv.elem == crate::vt::Elem::F16)
            {
                return 64;
            }
        }
        let ls = self.legalize(src);
        let ld = self.legalize(dst);
        if isd == Isd::Truncate && ls.vt == ld.vt {
            return 0;
        }
        let n = ls.count.max(ld.count);
        for (ok, t) in tables {
            if ok {
                if let Some(c) = lookup_cvt(t, isd, ld.vt, ls.vt, ck) {
                    return n.saturating_mul(c);
                }
            }
        }
        let sbits = src.elem.bits();
        if matches!(isd, Isd::SintToFp | Isd::UintToFp) && 1 < sbits && sbits < 32 {
            let ext_src = src.with_int_bits(32);
            let ext = if isd == Isd::SintToFp {
                CastOp::SExt
            } else {
                CastOp::ZExt
            };
            return self
                .cast_cost(ext, ext_src, src, ck)
                .saturating_add(self.cast_cost(CastOp::SIToFP, dst, ext_src, ck));
        }
        let dbits = dst.elem.bits();
        if matches!(isd, Isd::FpToSint | Isd::FpToUint) && 1 < dbits && dbits < 32 {
            let wide = dst.with_int_bits(32);
            return self
                .cast_cost(CastOp::FPToSI, wide, src, ck)
                .saturating_add(self.cast_cost(CastOp::Trunc, dst, wide, ck));
        }
        let c = self.base_cast_cost(op, dst, src, ck);
        if ck != CostKind::RecipThroughput {
            return u64::from(c != 0);
        }
        c
    }

    /// `BasicTTIImpl::getCastInstrCost`.
    fn base_cast_cost(&self, op: CastOp, dst: Ty, src: Ty, ck: CostKind) -> u64 {
        let legal_int = |bits: u64| matches!(bits, 8 | 16 | 32) || (bits == 64 && self.is_64bit);
        let pb = u64::from(self.pointer_bits());
        // `TargetTransformInfoImplBase::getCastInstrCost`: free casts.
        match op {
            CastOp::IntToPtr
                if legal_int(u64::from(src.elem.bits())) && u64::from(src.elem.bits()) <= pb =>
            {
                return 0
            }
            CastOp::PtrToInt
                if legal_int(u64::from(dst.elem.bits())) && u64::from(dst.elem.bits()) >= pb =>
            {
                return 0
            }
            CastOp::BitCast
                if dst == src || (dst.elem == Scalar::Ptr && src.elem == Scalar::Ptr) =>
            {
                return 0
            }
            CastOp::Trunc if legal_int(dst.bits()) => return 0,
            _ => {}
        }
        let ls = self.legalize(src);
        let ld = self.legalize(dst);
        let (ssize, dsize) = (ls.vt.bits(), ld.vt.bits());
        let int_src = matches!(src.elem, Scalar::Int(_) | Scalar::Ptr);
        let int_dst = matches!(dst.elem, Scalar::Int(_) | Scalar::Ptr);
        match op {
            CastOp::Trunc | CastOp::BitCast | CastOp::PtrToInt | CastOp::IntToPtr => {
                let trunc_free = op == CastOp::Trunc
                    && !ls.vt.is_vector()
                    && !ld.vt.is_vector()
                    && !ls.vt.is_float()
                    && !ld.vt.is_float()
                    && ssize > dsize;
                if trunc_free {
                    return 0;
                }
                if ls.count == ld.count && int_src == int_dst && ssize == dsize {
                    return 0;
                }
            }
            CastOp::ZExt
                if ls.vt == crate::vt::Vt::int(32)
                    && ld.vt == crate::vt::Vt::int(64)
                    && self.is_64bit =>
            {
                return 0
            }
            _ => {}
        }
        let legal_op = match op {
            CastOp::BitCast | CastOp::PtrToInt | CastOp::IntToPtr => true,
            CastOp::FPExt | CastOp::FPTrunc => true,
            _ => !ld.vt.is_vector(),
        };
        if ls.count == ld.count
            && legal_op
            && !(src.vector && ls.vt.num_elements() != ld.vt.num_elements())
        {
            return ls.count;
        }
        if !src.vector && !dst.vector {
            return 1;
        }
        if src.vector && dst.vector {
            if ls.count == ld.count && ssize == dsize {
                // Zero extension is an `and`, sign extension a shift pair;
                // conversions between integers and floats the tables do not
                // cover expand (and are scalarized below).
                match op {
                    CastOp::ZExt => return ls.count,
                    CastOp::SExt => return ls.count.saturating_mul(2),
                    CastOp::SIToFP | CastOp::UIToFP | CastOp::FPToSI | CastOp::FPToUI => {}
                    _ => return ls.count,
                }
            }
            let pbits = self.pointer_bits();
            let split_src = self.type_conversion(Vt::of(src, pbits)).0 == Action::Split;
            let split_dst = self.type_conversion(Vt::of(dst, pbits)).0 == Action::Split;
            if (split_src || split_dst) && src.lanes > 1 && dst.lanes > 1 {
                let half_d = dst.with_lanes(dst.lanes / 2);
                let half_s = src.with_lanes(src.lanes / 2);
                let split = u64::from(!(split_src && split_dst));
                return split
                    .saturating_add(self.cast_cost(op, half_d, half_s, ck).saturating_mul(2));
            }
            let scalar = self.cast_cost(op, dst.scalar_ty(), src.scalar_ty(), ck);
            return self
                .scalarization_overhead(dst, true, true, ck)
                .saturating_add(u64::from(dst.lanes).saturating_mul(scalar));
        }
        // Bitcasts between vectors and scalars go through memory.
        let mut c = 0;
        if src.vector {
            c += self.scalarization_overhead(src, false, true, ck);
        }
        if dst.vector {
            c += self.scalarization_overhead(dst, true, false, ck);
        }
        c
    }
}
