//! Binary and unary arithmetic: LLVM 19's `X86TTIImpl::getArithmeticInstrCost`.
//!
//! The tables are keyed by feature (GFNI, AVX512BW, AVX512, AVX2, AVX,
//! SSE4.2, SSE4.1, SSSE3, SSE2, SSE1, 64-bit, any x86) and by the kind of
//! the second operand (uniform constant, constant, uniform value), and
//! are consulted in LLVM's order; the first table with a row for the
//! operation, the legal type and the cost kind wins, multiplied by the
//! number of legal values the type becomes. Each row is LLVM 19's table
//! entry: the numbers are LLVM's (which cite Agner Fog's tables and
//! llvm-mca's scheduling models for the CPU where the feature first
//! appeared, as the header of `X86TargetTransformInfo.cpp` explains); the
//! comment names the instruction sequence. `tests/llvm_costs.rs` checks
//! the results against `opt-19 -passes='print<cost-model>'`.

use super::table::{lookup, tbl, Isd, E};
use super::{BinOp, CostKind, OperandInfo};
use crate::subtarget::Subtarget;
use crate::vt::{Scalar, Ty, Vt};

// Uniform constant shift amounts (and divisions by a uniform constant).

/// `gf2p8affineqb` byte shifts.
///
/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its GFNI uniform-constant-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const GFNI_UNIFORM_CONST: &[E] = tbl! {
    Shl V16I8 [1 6 1 2] Srl V16I8 [1 6 1 2] Sra V16I8 [1 6 1 2]
    Shl V32I8 [1 6 1 2] Srl V32I8 [1 6 1 2] Sra V32I8 [1 6 1 2]
    Shl V64I8 [1 6 1 2] Srl V64I8 [1 6 1 2] Sra V64I8 [1 6 1 2]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX512BW uniform-constant-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512BW_UNIFORM_CONST: &[E] = tbl! {
    Shl V16I8 [1 7 2 3] Srl V16I8 [1 7 2 3] Sra V16I8 [1 8 4 5] // psllw + pand; psrlw, pand, pxor, psubb
    Shl V32I8 [1 8 2 3] Srl V32I8 [1 8 2 3] Sra V32I8 [1 9 4 5]
    Shl V64I8 [1 8 2 3] Srl V64I8 [1 8 2 3] Sra V64I8 [1 9 4 6]
    Shl V16I16 [1 1 1 1] Srl V16I16 [1 1 1 1] Sra V16I16 [1 1 1 1] // psllw/psrlw/psraw
    Shl V32I16 [1 1 1 1] Srl V32I16 [1 1 1 1] Sra V32I16 [1 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX512 uniform-constant-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512_UNIFORM_CONST: &[E] = tbl! {
    Shl V64I8 [2 12 5 6] Srl V64I8 [2 12 5 6] Sra V64I8 [3 10 12 12] // split
    Shl V16I16 [2 7 4 4] Srl V16I16 [2 7 4 4] Sra V16I16 [2 7 4 4] // psllw + split
    Shl V8I32 [1 1 1 1] Srl V8I32 [1 1 1 1] Sra V8I32 [1 1 1 1]
    Shl V16I32 [1 1 1 1] Srl V16I32 [1 1 1 1] Sra V16I32 [1 1 1 1]
    Sra V2I64 [1 1 1 1] // psraq
    Shl V4I64 [1 1 1 1] Srl V4I64 [1 1 1 1] Sra V4I64 [1 1 1 1]
    Shl V8I64 [1 1 1 1] Srl V8I64 [1 1 1 1] Sra V8I64 [1 1 1 1]
    Sdiv V16I32 [6 _ _ _] Srem V16I32 [8 _ _ _] // pmuludq sequence (+ mul + sub)
    Udiv V16I32 [5 _ _ _] Urem V16I32 [7 _ _ _]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX2 uniform-constant-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX2_UNIFORM_CONST: &[E] = tbl! {
    Shl V16I8 [1 8 2 3] Srl V16I8 [1 8 2 3] Sra V16I8 [2 10 5 6] // psllw + pand; psrlw, pand, pxor, psubb
    Shl V32I8 [2 8 2 4] Srl V32I8 [2 8 2 4] Sra V32I8 [3 10 5 9]
    Shl V8I16 [1 1 1 1] Srl V8I16 [1 1 1 1] Sra V8I16 [1 1 1 1]
    Shl V16I16 [2 2 1 2] Srl V16I16 [2 2 1 2] Sra V16I16 [2 2 1 2]
    Shl V4I32 [1 1 1 1] Srl V4I32 [1 1 1 1] Sra V4I32 [1 1 1 1]
    Shl V8I32 [2 2 1 2] Srl V8I32 [2 2 1 2] Sra V8I32 [2 2 1 2]
    Shl V2I64 [1 1 1 1] Srl V2I64 [1 1 1 1] Sra V2I64 [2 3 3 3] // psrad + shuffle
    Shl V4I64 [2 2 1 2] Srl V4I64 [2 2 1 2] Sra V4I64 [4 4 3 6] // psrad + shuffle + split
    Sdiv V8I32 [6 _ _ _] Srem V8I32 [8 _ _ _] // pmuludq sequence (+ mul + sub)
    Udiv V8I32 [5 _ _ _] Urem V8I32 [7 _ _ _]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX uniform-constant-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX_UNIFORM_CONST: &[E] = tbl! {
    Shl V16I8 [2 7 2 3] Srl V16I8 [2 7 2 3] Sra V16I8 [3 9 5 6]
    Shl V32I8 [4 7 7 8] Srl V32I8 [4 7 7 8] Sra V32I8 [7 7 12 13] // 2 x (...) + split
    Shl V8I16 [1 2 1 1] Srl V8I16 [1 2 1 1] Sra V8I16 [1 2 1 1]
    Shl V16I16 [3 6 4 5] Srl V16I16 [3 6 4 5] Sra V16I16 [3 6 4 5] // + split
    Shl V4I32 [1 2 1 1] Srl V4I32 [1 2 1 1] Sra V4I32 [1 2 1 1]
    Shl V8I32 [3 6 4 5] Srl V8I32 [3 6 4 5] Sra V8I32 [3 6 4 5]
    Shl V2I64 [1 2 1 1] Srl V2I64 [1 2 1 1] Sra V2I64 [2 3 3 3]
    Shl V4I64 [3 6 4 5] Srl V4I64 [3 6 4 5] Sra V4I64 [5 7 8 9]
    Sdiv V8I32 [14 _ _ _] Srem V8I32 [18 _ _ _] // 2 x pmuludq sequence + split
    Udiv V8I32 [12 _ _ _] Urem V8I32 [16 _ _ _]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its SSE2 uniform-constant-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE2_UNIFORM_CONST: &[E] = tbl! {
    Shl V16I8 [1 7 2 3] Srl V16I8 [1 7 2 3] Sra V16I8 [3 9 5 6]
    Shl V8I16 [1 1 1 1] Srl V8I16 [1 1 1 1] Sra V8I16 [1 1 1 1]
    Shl V4I32 [1 1 1 1] Srl V4I32 [1 1 1 1] Sra V4I32 [1 1 1 1]
    Shl V2I64 [1 1 1 1] Srl V2I64 [1 1 1 1] Sra V2I64 [3 5 6 6] // 2 x psrad + shuffle
    Sdiv V4I32 [6 _ _ _] Srem V4I32 [8 _ _ _] // pmuludq sequence (+ mul + sub)
    Udiv V4I32 [5 _ _ _] Urem V4I32 [7 _ _ _]
};

// Division by (possibly non-uniform) constants.

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX512BW constant-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512BW_CONST: &[E] = tbl! {
    Sdiv V64I8 [14 _ _ _] Srem V64I8 [16 _ _ _] Udiv V64I8 [14 _ _ _] Urem V64I8 [16 _ _ _]
    Sdiv V32I16 [6 _ _ _] Srem V32I16 [8 _ _ _] Udiv V32I16 [6 _ _ _] Urem V32I16 [8 _ _ _]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX512 constant-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512_CONST: &[E] = tbl! {
    Sdiv V64I8 [28 _ _ _] Srem V64I8 [32 _ _ _] Udiv V64I8 [28 _ _ _] Urem V64I8 [32 _ _ _]
    Sdiv V32I16 [12 _ _ _] Srem V32I16 [16 _ _ _] Udiv V32I16 [12 _ _ _] Urem V32I16 [16 _ _ _]
    Sdiv V16I32 [15 _ _ _] Srem V16I32 [17 _ _ _] Udiv V16I32 [15 _ _ _] Urem V16I32 [17 _ _ _]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX2 constant-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX2_CONST: &[E] = tbl! {
    Sdiv V32I8 [14 _ _ _] Srem V32I8 [16 _ _ _] Udiv V32I8 [14 _ _ _] Urem V32I8 [16 _ _ _]
    Sdiv V16I16 [6 _ _ _] Srem V16I16 [8 _ _ _] Udiv V16I16 [6 _ _ _] Urem V16I16 [8 _ _ _]
    Sdiv V8I32 [15 _ _ _] Srem V8I32 [19 _ _ _] Udiv V8I32 [15 _ _ _] Urem V8I32 [19 _ _ _]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX constant-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX_CONST: &[E] = tbl! {
    Sdiv V32I8 [30 _ _ _] Srem V32I8 [34 _ _ _] Udiv V32I8 [30 _ _ _] Urem V32I8 [34 _ _ _]
    Sdiv V16I16 [14 _ _ _] Srem V16I16 [18 _ _ _] Udiv V16I16 [14 _ _ _] Urem V16I16 [18 _ _ _]
    Sdiv V8I32 [32 _ _ _] Srem V8I32 [38 _ _ _] Udiv V8I32 [32 _ _ _] Urem V8I32 [42 _ _ _]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its SSE41 constant-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE41_CONST: &[E] = tbl! {
    Sdiv V4I32 [15 _ _ _] Srem V4I32 [20 _ _ _]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its SSE2 constant-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE2_CONST: &[E] = tbl! {
    Sdiv V16I8 [14 _ _ _] Srem V16I8 [16 _ _ _] Udiv V16I8 [14 _ _ _] Urem V16I8 [16 _ _ _]
    Sdiv V8I16 [6 _ _ _] Srem V8I16 [8 _ _ _] Udiv V8I16 [6 _ _ _] Urem V8I16 [8 _ _ _]
    Sdiv V4I32 [19 _ _ _] Srem V4I32 [24 _ _ _] Udiv V4I32 [15 _ _ _] Urem V4I32 [20 _ _ _]
};

// Uniform (splatted) shift amounts.

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX512BW uniform-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512BW_UNIFORM: &[E] = tbl! {
    Shl V16I8 [3 5 5 7] Srl V16I8 [3 10 5 8] Sra V16I8 [4 12 8 12]
    Shl V32I8 [4 7 6 8] Srl V32I8 [4 8 7 9] Sra V32I8 [5 10 10 13]
    Shl V64I8 [4 7 6 8] Srl V64I8 [4 8 7 10] Sra V64I8 [5 10 10 15]
    Shl V32I16 [2 4 2 3] Srl V32I16 [2 4 2 3] Sra V32I16 [2 4 2 3]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX512 uniform-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512_UNIFORM: &[E] = tbl! {
    Shl V32I16 [5 10 5 7] Srl V32I16 [5 10 5 7] Sra V32I16 [5 10 5 7] // + split
    Shl V16I32 [2 4 2 3] Srl V16I32 [2 4 2 3] Sra V16I32 [2 4 2 3]
    Sra V2I64 [1 2 1 2]
    Shl V4I64 [1 4 1 2] Srl V4I64 [1 4 1 2] Sra V4I64 [1 4 1 2]
    Shl V8I64 [1 4 1 2] Srl V8I64 [1 4 1 2] Sra V8I64 [1 4 1 2]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX2 uniform-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX2_UNIFORM: &[E] = tbl! {
    Shl V16I8 [3 5 5 7] Srl V16I8 [3 9 5 8] Sra V16I8 [4 5 9 13]
    Shl V32I8 [4 7 6 8] Srl V32I8 [4 8 7 9] Sra V32I8 [6 9 11 16]
    Shl V8I16 [1 2 1 2] Srl V8I16 [1 2 1 2] Sra V8I16 [1 2 1 2]
    Shl V16I16 [2 4 2 3] Srl V16I16 [2 4 2 3] Sra V16I16 [2 4 2 3]
    Shl V4I32 [1 2 1 2] Srl V4I32 [1 2 1 2] Sra V4I32 [1 2 1 2]
    Shl V8I32 [2 4 2 3] Srl V8I32 [2 4 2 3] Sra V8I32 [2 4 2 3]
    Shl V2I64 [1 2 1 2] Srl V2I64 [1 2 1 2] Sra V2I64 [2 4 5 7]
    Shl V4I64 [2 4 1 2] Srl V4I64 [2 4 1 2] Sra V4I64 [4 6 5 9]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX uniform-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX_UNIFORM: &[E] = tbl! {
    Shl V16I8 [4 4 6 8] Srl V16I8 [4 8 5 8] Sra V16I8 [6 6 9 13]
    Shl V32I8 [7 8 11 14] Srl V32I8 [7 9 10 14] Sra V32I8 [10 11 16 21]
    Shl V8I16 [1 3 1 2] Srl V8I16 [1 3 1 2] Sra V8I16 [1 3 1 2]
    Shl V16I16 [3 7 5 7] Srl V16I16 [3 7 5 7] Sra V16I16 [3 7 5 7]
    Shl V4I32 [1 3 1 2] Srl V4I32 [1 3 1 2] Sra V4I32 [1 3 1 2]
    Shl V8I32 [3 7 5 7] Srl V8I32 [3 7 5 7] Sra V8I32 [3 7 5 7]
    Shl V2I64 [1 3 1 2] Srl V2I64 [1 3 1 2] Sra V2I64 [3 4 5 7]
    Shl V4I64 [3 7 4 6] Srl V4I64 [3 7 4 6] Sra V4I64 [6 7 10 13]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its SSE2 uniform-operand
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE2_UNIFORM: &[E] = tbl! {
    Shl V16I8 [9 10 6 9] Srl V16I8 [9 13 5 9] Sra V16I8 [11 15 9 13]
    Shl V8I16 [2 2 1 2] Srl V8I16 [2 2 1 2] Sra V8I16 [2 2 1 2]
    Shl V4I32 [2 2 1 2] Srl V4I32 [2 2 1 2] Sra V4I32 [2 2 1 2]
    Shl V2I64 [2 2 1 2] Srl V2I64 [2 2 1 2] Sra V2I64 [5 9 5 7]
};

// General tables.

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX512DQ
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512DQ: &[E] = tbl! {
    Mul V2I64 [2 15 1 3] Mul V4I64 [2 15 1 3] Mul V8I64 [3 15 1 3] // pmullq
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX512BW
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512BW: &[E] = tbl! {
    Shl V16I8 [4 8 4 5] Srl V16I8 [4 8 4 5] Sra V16I8 [4 8 4 5] // extend/vpsllvw/pack
    Shl V32I8 [4 23 11 16] Srl V32I8 [4 30 12 18] Sra V32I8 [6 13 24 30]
    Shl V64I8 [6 19 13 15] Srl V64I8 [7 27 15 18] Sra V64I8 [15 15 30 30]
    Shl V8I16 [1 1 1 1] Srl V8I16 [1 1 1 1] Sra V8I16 [1 1 1 1] // vpsllvw
    Shl V16I16 [1 1 1 1] Srl V16I16 [1 1 1 1] Sra V16I16 [1 1 1 1]
    Shl V32I16 [1 1 1 1] Srl V32I16 [1 1 1 1] Sra V32I16 [1 1 1 1]
    Add V64I8 [1 1 1 1] Add V32I16 [1 1 1 1]
    Add V32I8 [1 1 1 1] Add V16I16 [1 1 1 1] Add V8I32 [1 1 1 1] Add V4I64 [1 1 1 1]
    Sub V64I8 [1 1 1 1] Sub V32I16 [1 1 1 1]
    Mul V16I8 [4 12 4 5] // extend/pmullw/trunc
    Mul V32I8 [3 10 7 10] Mul V64I8 [3 11 7 10] // pmaddubsw
    Mul V32I16 [1 5 1 1] // pmullw
    Sub V32I8 [1 1 1 1] Sub V16I16 [1 1 1 1] Sub V8I32 [1 1 1 1] Sub V4I64 [1 1 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX512
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX512: &[E] = tbl! {
    Shl V64I8 [15 19 27 33] Srl V64I8 [15 19 30 36] Sra V64I8 [37 37 51 63] // vpblendv + split
    Shl V32I16 [11 16 11 15] Srl V32I16 [11 16 11 15] Sra V32I16 [11 16 11 15]
    Shl V4I32 [1 1 1 1] Srl V4I32 [1 1 1 1] Sra V4I32 [1 1 1 1]
    Shl V8I32 [1 1 1 1] Srl V8I32 [1 1 1 1] Sra V8I32 [1 1 1 1]
    Shl V16I32 [1 1 1 1] Srl V16I32 [1 1 1 1] Sra V16I32 [1 1 1 1]
    Shl V2I64 [1 1 1 1] Srl V2I64 [1 1 1 1] Sra V2I64 [1 1 1 1]
    Shl V4I64 [1 1 1 1] Srl V4I64 [1 1 1 1] Sra V4I64 [1 1 1 1]
    Shl V8I64 [1 1 1 1] Srl V8I64 [1 1 1 1] Sra V8I64 [1 1 1 1]
    Add V64I8 [3 7 5 5] Add V32I16 [3 7 5 5] Sub V64I8 [3 7 5 5] Sub V32I16 [3 7 5 5] // 2 x op + split
    And V32I8 [1 1 1 1] And V16I16 [1 1 1 1] And V8I32 [1 1 1 1] And V4I64 [1 1 1 1]
    Or V32I8 [1 1 1 1] Or V16I16 [1 1 1 1] Or V8I32 [1 1 1 1] Or V4I64 [1 1 1 1]
    Xor V32I8 [1 1 1 1] Xor V16I16 [1 1 1 1] Xor V8I32 [1 1 1 1] Xor V4I64 [1 1 1 1]
    Mul V16I32 [1 10 1 2] Mul V8I32 [1 10 1 2] Mul V4I32 [1 10 1 2] // pmulld (Skylake)
    Mul V8I64 [6 9 8 8] // 3 x pmuludq, 3 x shift, 2 x add
    Mul I64 [1 _ _ _]
    Pmuludq V8I64 [1 5 1 1]
    Fneg V8F64 [1 1 1 2] Fadd V8F64 [1 4 1 1] Fadd V4F64 [1 4 1 1]
    Fsub V8F64 [1 4 1 1] Fsub V4F64 [1 4 1 1]
    Fmul V8F64 [1 4 1 1] Fmul V4F64 [1 4 1 1] Fmul V2F64 [1 4 1 1] Fmul F64 [1 4 1 1]
    Fdiv F64 [4 14 1 1] Fdiv V2F64 [4 14 1 1] Fdiv V4F64 [8 14 1 1] Fdiv V8F64 [16 23 1 3]
    Fneg V16F32 [1 1 1 2] Fadd V16F32 [1 4 1 1] Fadd V8F32 [1 4 1 1]
    Fsub V16F32 [1 4 1 1] Fsub V8F32 [1 4 1 1]
    Fmul V16F32 [1 4 1 1] Fmul V8F32 [1 4 1 1] Fmul V4F32 [1 4 1 1] Fmul F32 [1 4 1 1]
    Fdiv F32 [3 11 1 1] Fdiv V4F32 [3 11 1 1] Fdiv V8F32 [5 11 1 1] Fdiv V16F32 [10 18 1 3]
};

/// Variable shifts with AVX2's `vpsllv*` (Haswell numbers).
///
/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX2 shift
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX2_SHIFT: &[E] = tbl! {
    Shl V4I32 [2 3 1 3] Srl V4I32 [2 3 1 3] Sra V4I32 [2 3 1 3]
    Shl V8I32 [4 4 1 3] Srl V8I32 [4 4 1 3] Sra V8I32 [4 4 1 3]
    Shl V2I64 [2 3 1 1] Srl V2I64 [2 3 1 1]
    Shl V4I64 [4 4 1 2] Srl V4I64 [4 4 1 2]
};

/// Goldmont's division (`use-glm-div-sqrt-costs`).
///
/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its GLM
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const GLM: &[E] = tbl! {
    Fdiv F32 [18 19 1 1] Fdiv V4F32 [35 36 1 1] Fdiv F64 [33 34 1 1] Fdiv V2F64 [65 66 1 1]
};

/// Silvermont (`use-slm-arith-costs`).
///
/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its SLM
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SLM: &[E] = tbl! {
    Mul V4I32 [11 11 1 7] Mul V8I16 [2 5 1 1]
    Fmul F64 [2 5 1 1] Fmul F32 [1 4 1 1] Fmul V2F64 [4 7 1 1] Fmul V4F32 [2 5 1 1]
    Fdiv F32 [17 19 1 1] Fdiv V4F32 [39 39 1 6] Fdiv F64 [32 34 1 1] Fdiv V2F64 [69 69 1 6]
    Fadd V2F64 [2 4 1 1] Fsub V2F64 [2 4 1 1]
    Mul V2I64 [17 22 9 9] Add V2I64 [4 2 1 2] Sub V2I64 [4 2 1 2]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX2
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX2: &[E] = tbl! {
    Shl V16I8 [6 21 11 16] Shl V32I8 [6 23 11 22] // vpblendvb sequence
    Shl V8I16 [5 18 5 10] Shl V16I16 [8 10 10 14] // extend/vpsrlvd/pack
    Srl V16I8 [6 27 12 18] Srl V32I8 [8 30 12 24]
    Srl V8I16 [5 11 5 10] Srl V16I16 [8 10 10 14]
    Sra V16I8 [17 17 24 30] Sra V32I8 [18 20 24 43]
    Sra V8I16 [5 11 5 10] Sra V16I16 [8 10 10 14]
    Sra V2I64 [4 5 5 5] Sra V4I64 [8 8 5 9] // srl/xor/sub
    Sub V32I8 [1 1 1 2] Add V32I8 [1 1 1 2] Sub V16I16 [1 1 1 2] Add V16I16 [1 1 1 2]
    Sub V8I32 [1 1 1 2] Add V8I32 [1 1 1 2] Sub V4I64 [1 1 1 2] Add V4I64 [1 1 1 2]
    Mul V16I8 [5 18 6 12] // extend/pmullw/pack
    Mul V32I8 [4 8 8 16] // pmaddubsw
    Mul V16I16 [2 5 1 2] Mul V8I32 [4 10 1 2] Mul V4I32 [2 10 1 2]
    Mul V4I64 [6 10 8 13] Mul V2I64 [6 10 8 8] // 3 x pmuludq, 3 x shift, 2 x add
    Pmuludq V4I64 [1 5 1 1]
    Fneg V4F64 [1 1 1 2] Fneg V8F32 [1 1 1 2]
    Fadd F64 [1 4 1 1] Fadd F32 [1 4 1 1] Fadd V2F64 [1 4 1 1] Fadd V4F32 [1 4 1 1]
    Fadd V4F64 [1 4 1 2] Fadd V8F32 [1 4 1 2]
    Fsub F64 [1 4 1 1] Fsub F32 [1 4 1 1] Fsub V2F64 [1 4 1 1] Fsub V4F32 [1 4 1 1]
    Fsub V4F64 [1 4 1 2] Fsub V8F32 [1 4 1 2]
    Fmul F64 [1 5 1 1] Fmul F32 [1 5 1 1] Fmul V2F64 [1 5 1 1] Fmul V4F32 [1 5 1 1]
    Fmul V4F64 [1 5 1 2] Fmul V8F32 [1 5 1 2]
    Fdiv F32 [7 13 1 1] Fdiv V4F32 [7 13 1 1] Fdiv V8F32 [14 21 1 3]
    Fdiv F64 [14 20 1 1] Fdiv V2F64 [14 20 1 1] Fdiv V4F64 [28 35 1 3]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its AVX1
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const AVX1: &[E] = tbl! {
    Mul V32I8 [10 11 18 19] // pmaddubsw + split
    Mul V16I8 [5 6 8 12] // 2 x pmaddubsw, 3 x and, psllw, or
    Mul V16I16 [4 8 5 6] Mul V8I32 [5 8 5 10] Mul V4I32 [2 5 1 3] Mul V4I64 [12 15 19 20]
    And V32I8 [1 1 1 2] And V16I16 [1 1 1 2] And V8I32 [1 1 1 2] And V4I64 [1 1 1 2]
    Or V32I8 [1 1 1 2] Or V16I16 [1 1 1 2] Or V8I32 [1 1 1 2] Or V4I64 [1 1 1 2]
    Xor V32I8 [1 1 1 2] Xor V16I16 [1 1 1 2] Xor V8I32 [1 1 1 2] Xor V4I64 [1 1 1 2]
    Sub V32I8 [4 2 5 6] Add V32I8 [4 2 5 6] Sub V16I16 [4 2 5 6] Add V16I16 [4 2 5 6] // + split
    Sub V8I32 [4 2 5 6] Add V8I32 [4 2 5 6] Sub V4I64 [4 2 5 6] Add V4I64 [4 2 5 6]
    Sub V2I64 [1 1 1 1] Add V2I64 [1 1 1 1]
    Shl V16I8 [10 21 11 17] Shl V32I8 [22 22 27 40] Shl V8I16 [6 9 11 11] Shl V16I16 [13 16 24 25]
    Shl V4I32 [3 11 4 6] Shl V8I32 [9 11 12 17] Shl V2I64 [2 4 4 6] Shl V4I64 [6 7 11 15]
    Srl V16I8 [11 27 12 18] Srl V32I8 [23 23 30 43] Srl V8I16 [13 16 14 22] Srl V16I16 [28 30 31 48]
    Srl V4I32 [6 7 12 16] Srl V8I32 [14 14 26 34] Srl V2I64 [2 4 4 6] Srl V4I64 [6 7 11 15]
    Sra V16I8 [21 22 24 36] Sra V32I8 [44 45 51 76] Sra V8I16 [13 16 14 22] Sra V16I16 [28 30 31 48]
    Sra V4I32 [6 7 12 16] Sra V8I32 [14 14 26 34] Sra V2I64 [5 6 10 14] Sra V4I64 [12 12 22 30]
    Fneg V4F64 [2 2 1 2] Fneg V8F32 [2 2 1 2] // BTVER2
    Fadd F64 [1 5 1 1] Fadd F32 [1 5 1 1] Fadd V2F64 [1 5 1 1] Fadd V4F32 [1 5 1 1] // BDVER2
    Fadd V4F64 [2 5 1 2] Fadd V8F32 [2 5 1 2]
    Fsub F64 [1 5 1 1] Fsub F32 [1 5 1 1] Fsub V2F64 [1 5 1 1] Fsub V4F32 [1 5 1 1]
    Fsub V4F64 [2 5 1 2] Fsub V8F32 [2 5 1 2]
    Fmul F64 [2 5 1 1] Fmul F32 [1 5 1 1] Fmul V2F64 [2 5 1 1] Fmul V4F32 [1 5 1 1] // BTVER2
    Fmul V4F64 [4 5 1 2] Fmul V8F32 [2 5 1 2]
    Fdiv F32 [14 14 1 1] Fdiv V4F32 [14 14 1 1] Fdiv V8F32 [28 29 1 3] // Sandy Bridge
    Fdiv F64 [22 22 1 1] Fdiv V2F64 [22 22 1 1] Fdiv V4F64 [44 45 1 3]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its SSE42
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE42: &[E] = tbl! {
    Fadd F64 [1 3 1 1] Fadd F32 [1 3 1 1] Fadd V2F64 [1 3 1 1] Fadd V4F32 [1 3 1 1] // Nehalem
    Fsub F64 [1 3 1 1] Fsub F32 [1 3 1 1] Fsub V2F64 [1 3 1 1] Fsub V4F32 [1 3 1 1]
    Fmul F64 [1 5 1 1] Fmul F32 [1 5 1 1] Fmul V2F64 [1 5 1 1] Fmul V4F32 [1 5 1 1]
    Fdiv F32 [14 14 1 1] Fdiv V4F32 [14 14 1 1] Fdiv F64 [22 22 1 1] Fdiv V2F64 [22 22 1 1]
    Mul V2I64 [6 10 10 10]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its SSE41
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE41: &[E] = tbl! {
    Shl V16I8 [15 24 17 22] Shl V8I16 [11 14 11 11] Shl V4I32 [14 20 4 10]
    Srl V16I8 [16 27 18 24] Srl V8I16 [22 26 23 27] Srl V4I32 [16 17 15 19] Srl V2I64 [4 6 5 7]
    Sra V16I8 [38 41 30 36] Sra V8I16 [22 26 23 27] Sra V4I32 [16 17 15 19] Sra V2I64 [8 17 5 7]
    Mul V4I32 [2 11 1 1] // pmulld (Nehalem)
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its SSSE3
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSSE3: &[E] = tbl! {
    Mul V16I8 [5 18 10 12] // 2 x pmaddubsw, 3 x and, psllw, or
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its SSE2
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE2: &[E] = tbl! {
    Shl V16I8 [13 21 26 28] Shl V8I16 [24 27 16 20] Shl V4I32 [17 19 10 12] Shl V2I64 [4 6 5 7]
    Srl V16I8 [14 28 27 30] Srl V8I16 [16 19 31 31] Srl V4I32 [12 12 15 19] Srl V2I64 [4 6 5 7]
    Sra V16I8 [27 30 54 54] Sra V8I16 [16 19 31 31] Sra V4I32 [12 12 15 19] Sra V2I64 [8 11 12 16]
    And V16I8 [1 1 1 1] And V8I16 [1 1 1 1] And V4I32 [1 1 1 1] And V2I64 [1 1 1 1]
    Or V16I8 [1 1 1 1] Or V8I16 [1 1 1 1] Or V4I32 [1 1 1 1] Or V2I64 [1 1 1 1]
    Xor V16I8 [1 1 1 1] Xor V8I16 [1 1 1 1] Xor V4I32 [1 1 1 1] Xor V2I64 [1 1 1 1]
    Add V2I64 [1 2 1 2] Sub V2I64 [1 2 1 2]
    Mul V16I8 [6 18 12 12] Mul V8I16 [1 5 1 1] Mul V4I32 [6 8 7 7] Mul V2I64 [7 10 10 10]
    Pmuludq V2I64 [1 5 1 1]
    Fdiv F32 [23 23 1 1] Fdiv V4F32 [39 39 1 1] Fdiv F64 [38 38 1 1] Fdiv V2F64 [69 69 1 1] // Pentium 4
    Fneg F32 [1 1 1 1] Fneg F64 [1 1 1 1] Fneg V4F32 [1 1 1 1] Fneg V2F64 [1 1 1 1]
    Fadd F32 [2 3 1 1] Fadd F64 [2 3 1 1] Fadd V2F64 [2 3 1 1]
    Fsub F32 [2 3 1 1] Fsub F64 [2 3 1 1] Fsub V2F64 [2 3 1 1]
    Fmul F64 [2 5 1 1] Fmul V2F64 [2 5 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its SSE1
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const SSE1: &[E] = tbl! {
    Fdiv F32 [17 18 1 1] Fdiv V4F32 [34 48 1 1] // Pentium III
    Fneg F32 [2 2 1 2] Fneg V4F32 [2 2 1 2]
    Fadd F32 [1 3 1 1] Fadd V4F32 [2 3 1 1]
    Fsub F32 [1 3 1 1] Fsub V4F32 [2 3 1 1]
    Fmul F32 [2 5 1 1] Fmul V4F32 [2 5 1 1]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its X64
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const X64: &[E] = tbl! {
    Add I64 [1 _ _ _] Sub I64 [1 _ _ _] Mul I64 [2 6 1 2]
};

/// Source: LLVM 19 `X86TTIImpl::getArithmeticInstrCost`, its X86
/// table (LLVM's numbers; checked by `tests/llvm_costs.rs`).
const X86: &[E] = tbl! {
    Add I8 [1 _ _ _] Add I16 [1 _ _ _] Add I32 [1 _ _ _]
    Sub I8 [1 _ _ _] Sub I16 [1 _ _ _] Sub I32 [1 _ _ _]
    Mul I8 [3 4 1 1] Mul I16 [2 4 1 1] Mul I32 [1 4 1 1]
    Fneg F64 [2 2 1 3] Fadd F64 [2 3 1 1] Fsub F64 [2 3 1 1] Fmul F64 [2 5 1 1] Fdiv F64 [38 38 1 1] // x87
};

fn isd(op: BinOp) -> Isd {
    match op {
        BinOp::Add => Isd::Add,
        BinOp::Sub => Isd::Sub,
        BinOp::Mul => Isd::Mul,
        BinOp::And => Isd::And,
        BinOp::Or => Isd::Or,
        BinOp::Xor => Isd::Xor,
        BinOp::Shl => Isd::Shl,
        BinOp::LShr => Isd::Srl,
        BinOp::AShr => Isd::Sra,
        BinOp::SDiv => Isd::Sdiv,
        BinOp::UDiv => Isd::Udiv,
        BinOp::SRem => Isd::Srem,
        BinOp::URem => Isd::Urem,
        BinOp::FAdd => Isd::Fadd,
        BinOp::FSub => Isd::Fsub,
        BinOp::FMul => Isd::Fmul,
        BinOp::FDiv => Isd::Fdiv,
        BinOp::FRem => Isd::Fdiv,
        BinOp::FNeg => Isd::Fneg,
    }
}

impl Subtarget {
    /// LLVM's `X86TTIImpl::getArithmeticInstrCost` (without the operand
    /// values: the `pmaddwd`/`pmuludq` narrowing of multiplies whose
    /// operands are known to be small is not modelled).
    pub fn arithmetic_cost(
        &self,
        op: BinOp,
        ty: Ty,
        kind: CostKind,
        a: OperandInfo,
        b: OperandInfo,
    ) -> u64 {
        let _query = super::budget::enter();
        if !self.is_x86 {
            return 1;
        }
        let m = |c: u64, n: u64| c.saturating_mul(n);
        // vXi8 multiplies of at most 64 bits are done as vXi16.
        if op == BinOp::Mul && ty.vector && ty.bits() <= 64 && ty.elem == Scalar::Int(8) {
            let wide = ty.with_int_bits(16);
            return self
                .cast_cost(super::CastOp::ZExt, wide, ty, kind)
                .saturating_add(self.cast_cost(super::CastOp::Trunc, ty, wide, kind))
                .saturating_add(self.arithmetic_cost(op, wide, kind, a, b));
        }
        let lt = self.legalize(ty);
        let n = lt.count;
        let vt = lt.vt;
        let mut isd = isd(op);
        let none = OperandInfo::VARIABLE;

        // Multiplies by (negated) powers of two are shifts (and a negate).
        if isd == Isd::Mul && b.is_constant() && (b.pow2 || b.neg_pow2) {
            let mut c = self.arithmetic_cost(BinOp::Shl, ty, kind, a.no_props(), b.no_props());
            if b.neg_pow2 {
                c = c.saturating_add(self.arithmetic_cost(BinOp::Sub, ty, kind, none, none));
            }
            return c;
        }
        // Signed division by a power of two: sra, srl, add, sra.
        if matches!(isd, Isd::Sdiv | Isd::Srem) && b.is_constant() && b.pow2 {
            let (a0, b0) = (a.no_props(), b.no_props());
            let mut c = m(self.arithmetic_cost(BinOp::AShr, ty, kind, a0, b0), 2)
                .saturating_add(self.arithmetic_cost(BinOp::LShr, ty, kind, a0, b0))
                .saturating_add(self.arithmetic_cost(BinOp::Add, ty, kind, a0, b0));
            if isd == Isd::Srem {
                c = c
                    .saturating_add(self.arithmetic_cost(BinOp::Mul, ty, kind, a0, b0))
                    .saturating_add(self.arithmetic_cost(BinOp::Sub, ty, kind, a0, b0));
            }
            return c;
        }
        // Unsigned division by a power of two: a shift or a mask.
        if matches!(isd, Isd::Udiv | Isd::Urem) && b.is_constant() && b.pow2 {
            let op = if isd == Isd::Udiv {
                BinOp::LShr
            } else {
                BinOp::And
            };
            return self.arithmetic_cost(op, ty, kind, a.no_props(), b.no_props());
        }

        let is8 = vt.scalar_bits() == 8;
        let xop8 = self.has_xop() && is8;
        let try_tbl = |t: &[E], isd: Isd| lookup(t, isd, vt, kind).map(|c| m(c, n));
        let uniform_const = b.is_uniform() && b.is_constant();
        let checks: [(bool, &[E]); 6] = [
            (uniform_const && self.has_gfni(), GFNI_UNIFORM_CONST),
            (uniform_const && self.has_bwi(), AVX512BW_UNIFORM_CONST),
            (uniform_const && self.has_avx512(), AVX512_UNIFORM_CONST),
            (uniform_const && self.has_avx2(), AVX2_UNIFORM_CONST),
            (uniform_const && self.has_avx() && !xop8, AVX_UNIFORM_CONST),
            (
                uniform_const && self.has_sse2() && !xop8,
                SSE2_UNIFORM_CONST,
            ),
        ];
        for (ok, t) in checks {
            if let Some(c) = ok.then(|| try_tbl(t, isd)).flatten() {
                return c;
            }
        }
        let constant = b.is_constant();
        let checks: [(bool, &[E]); 6] = [
            (constant && self.has_bwi(), AVX512BW_CONST),
            (constant && self.has_avx512(), AVX512_CONST),
            (constant && self.has_avx2(), AVX2_CONST),
            (constant && self.has_avx(), AVX_CONST),
            (constant && self.has_sse41(), SSE41_CONST),
            (constant && self.has_sse2(), SSE2_CONST),
        ];
        for (ok, t) in checks {
            if let Some(c) = ok.then(|| try_tbl(t, isd)).flatten() {
                return c;
            }
        }
        let uniform = b.is_uniform();
        let checks: [(bool, &[E]); 8] = [
            (uniform && self.has_bwi(), AVX512BW_UNIFORM),
            (uniform && self.has_avx512(), AVX512_UNIFORM),
            (uniform && self.has_avx2(), AVX2_UNIFORM),
            (uniform && self.has_avx() && !xop8, AVX_UNIFORM),
            (uniform && self.has_sse2() && !xop8, SSE2_UNIFORM),
            (self.has_dqi(), AVX512DQ),
            (self.has_bwi(), AVX512BW),
            (self.has_avx512(), AVX512),
        ];
        for (ok, t) in checks {
            if let Some(c) = ok.then(|| try_tbl(t, isd)).flatten() {
                return c;
            }
        }
        // A v32i16 (AVX-512) or v16i16 (AVX2) shift left by constants is a
        // multiply.
        if self.has_avx512() && isd == Isd::Shl && vt == super::mvt::V32I16 && b.is_constant() {
            return self.arithmetic_cost(BinOp::Mul, ty, kind, a.no_props(), b.no_props());
        }
        if self.has_avx2() && !(self.has_xop() && vt == super::mvt::V4I32) {
            if isd == Isd::Shl && vt == super::mvt::V16I16 && b.is_constant() {
                return self.arithmetic_cost(BinOp::Mul, ty, kind, a.no_props(), b.no_props());
            }
            if let Some(c) = try_tbl(AVX2_SHIFT, isd) {
                return c;
            }
        }
        // A shift left by non-uniform constants is a multiply.
        if isd == Isd::Shl && !b.is_uniform() && b.is_constant() {
            use super::mvt::{V16I16, V4I32, V8I16, V8I32};
            if ((vt == V8I16 || vt == V4I32) && self.has_sse2())
                || ((vt == V16I16 || vt == V8I32) && self.has_avx())
            {
                isd = Isd::Mul;
            }
        }
        let checks: [(bool, &[E]); 11] = [
            (self.has(crate::Feature::GlmDivSqrtCosts), GLM),
            (self.has(crate::Feature::SlmArithCosts), SLM),
            (self.has_avx2(), AVX2),
            (self.has_avx(), AVX1),
            (self.has_sse42(), SSE42),
            (self.has_sse41(), SSE41),
            (self.has_ssse3(), SSSE3),
            (self.has_sse2(), SSE2),
            (self.has_sse1(), SSE1),
            (self.is_64bit, X64),
            (self.is_x86, X86),
        ];
        for (ok, t) in checks {
            if let Some(c) = ok.then(|| try_tbl(t, isd)).flatten() {
                return c;
            }
        }
        // Vector division is scalarized: assume 20 cycles per lane.
        if kind == CostKind::RecipThroughput
            && vt.is_vector()
            && matches!(isd, Isd::Sdiv | Isd::Srem | Isd::Udiv | Isd::Urem)
        {
            let scalar = self.arithmetic_cost(op, ty.scalar_ty(), kind, a.no_props(), b.no_props());
            return m(m(m(20, n), u64::from(vt.num_elements())), scalar);
        }
        if kind == CostKind::CodeSize
            && matches!(
                isd,
                Isd::Fadd
                    | Isd::Fsub
                    | Isd::Fmul
                    | Isd::Fdiv
                    | Isd::Fneg
                    | Isd::And
                    | Isd::Or
                    | Isd::Xor
            )
        {
            return n;
        }
        self.base_arithmetic_cost(op, ty, kind, a, b)
    }

    /// `BasicTTIImpl::getArithmeticInstrCost`: what the target tables do
    /// not cover.
    fn base_arithmetic_cost(
        &self,
        op: BinOp,
        ty: Ty,
        kind: CostKind,
        a: OperandInfo,
        b: OperandInfo,
    ) -> u64 {
        if kind != CostKind::RecipThroughput {
            // `TargetTransformInfoImplBase`: divisions are "expensive" (4),
            // floating point costs 3 of latency, the rest 1.
            if matches!(
                op,
                BinOp::FDiv | BinOp::FRem | BinOp::SDiv | BinOp::SRem | BinOp::UDiv | BinOp::URem
            ) {
                return 4;
            }
            if kind == CostKind::Latency && ty.is_float() {
                return 3;
            }
            return 1;
        }
        let lt = self.legalize(ty);
        let fp = if ty.is_float() { 2 } else { 1 };
        let action = self.op_action(isd(op), lt.vt);
        match action {
            OpAction::Legal => lt.count.saturating_mul(fp),
            OpAction::Custom => lt.count.saturating_mul(2 * fp),
            OpAction::Expand => {
                // A remainder is a division (`div` gives both on scalars),
                // a multiply and a subtract.
                if matches!(op, BinOp::SRem | BinOp::URem) {
                    let div = if op == BinOp::SRem {
                        BinOp::SDiv
                    } else {
                        BinOp::UDiv
                    };
                    if !lt.vt.is_vector() {
                        let none = OperandInfo::VARIABLE;
                        return self
                            .arithmetic_cost(div, ty, kind, a, b)
                            .saturating_add(self.arithmetic_cost(BinOp::Mul, ty, kind, none, none))
                            .saturating_add(self.arithmetic_cost(
                                BinOp::Sub,
                                ty,
                                kind,
                                none,
                                none,
                            ));
                    }
                }
                if ty.vector {
                    let scalar =
                        self.arithmetic_cost(op, ty.scalar_ty(), kind, a.no_props(), b.no_props());
                    return self
                        .scalarization_overhead(ty, true, true, kind)
                        .saturating_add(scalar.saturating_mul(u64::from(ty.lanes)));
                }
                fp
            }
        }
    }

    /// Whether an operation is legal, custom lowered or expanded on a
    /// legal type (what `X86ISelLowering`'s `setOperationAction` says, for
    /// the operations whose costs fall back to it).
    pub(crate) fn op_action(&self, isd: Isd, vt: Vt) -> OpAction {
        use super::mvt::*;
        if !vt.is_vector() {
            return match isd {
                Isd::Fneg => OpAction::Custom,
                // x86's `div` computes both: `sdivrem` is legal, the
                // separate operations expand to it.
                Isd::Sdiv | Isd::Udiv | Isd::Srem | Isd::Urem => OpAction::Expand,
                _ => OpAction::Legal,
            };
        }
        let int = !vt.is_float();
        match isd {
            Isd::Add | Isd::Sub | Isd::And | Isd::Or | Isd::Xor if int => OpAction::Legal,
            Isd::Mul if int => {
                let legal = vt == V8I16
                    || vt == V16I16
                    || (vt == V32I16 && self.has_bwi())
                    || (vt == V4I32 && self.has_sse41())
                    || (vt == V8I32 && self.has_avx2())
                    || vt == V16I32
                    || ((vt == V2I64 || vt == V4I64) && self.has_dqi() && self.has_vlx())
                    || (vt == V8I64 && self.has_dqi());
                if legal {
                    OpAction::Legal
                } else {
                    OpAction::Custom
                }
            }
            Isd::Shl | Isd::Srl | Isd::Sra if int => OpAction::Custom,
            Isd::Sdiv | Isd::Udiv | Isd::Srem | Isd::Urem => OpAction::Expand,
            Isd::Fadd | Isd::Fsub | Isd::Fmul | Isd::Fdiv if !int => OpAction::Legal,
            Isd::Fneg if !int => OpAction::Custom,
            _ => OpAction::Expand,
        }
    }
}

/// LLVM's `LegalizeAction`, reduced to what the fallbacks distinguish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OpAction {
    Legal,
    Custom,
    Expand,
}
