//! LLVM 19's x86 cost model (`X86TTIImpl`): the cost of an operation on a
//! type, per cost kind, for the subtarget of a function.
//!
//! The entry points follow `TargetTransformInfo`'s:
//! [`Subtarget::arithmetic_cost`], [`Subtarget::cast_cost`],
//! [`Subtarget::cmp_sel_cost`], [`Subtarget::memory_cost`],
//! [`Subtarget::masked_memory_cost`], [`Subtarget::gather_scatter_cost`],
//! [`Subtarget::shuffle_cost`], [`Subtarget::vector_inst_cost`],
//! [`Subtarget::intrinsic_cost`], [`Subtarget::arithmetic_reduction_cost`],
//! [`Subtarget::min_max_reduction_cost`] and the immediates
//! [`Subtarget::int_imm_cost_inst`]. Each legalizes the type
//! ([`Subtarget::legalize`]: wide vectors split, narrow ones widen, odd
//! ones promote or scalarize) and looks the legal type up in LLVM's
//! per-feature tables, in LLVM's order, falling back where LLVM falls back
//! (`BasicTTIImpl`: legal operations cost 1 per legal value, custom ones
//! 2, expanded ones are scalarized with the insert/extract overhead).
//!
//! # Where the numbers come from
//! Every table row is an entry of LLVM 19's `X86TargetTransformInfo.cpp`
//! (reciprocal throughput, latency, code size, size-and-latency). LLVM's
//! numbers are the worst case of the scheduling models of the CPUs with
//! the feature (Agner Fog's and llvm-mca's numbers, per the file's header
//! and the row comments kept here). They are the numbers opt-19's loop
//! vectorizer decides with, which is what loopwright must match:
//! `tests/llvm_costs.rs` compares this model with
//! `opt-19 -passes='print<cost-model>'` for every cost kind on about two
//! thousand instruction/type/subtarget combinations.
//!
//! LLVM 19's cost model is per feature set, not per CPU: it costs a
//! `znver4` gather like a Skylake one, and a 512-bit operation on Zen 4
//! like one on Skylake-SP.
//!
//! # Not modelled
//! - Costs that need the operands' values beyond the [`OperandInfo`]
//!   summary (multiplies of values known to fit in 15 or 32 bits, loads
//!   feeding broadcasts or extensions, stores of constants).
//! - XOP-specific tables (AMD Bulldozer), the AVX512FP16 and BF16 tables,
//!   half and bfloat vector arithmetic.
//! - Shuffle masks: shuffles are costed by [`ShuffleKind`] only.

#[allow(unused_imports)] // the documentation links to its methods
use crate::subtarget::Subtarget;

pub mod arith;
mod budget;
pub mod cast;
pub mod cmpsel;
pub mod imm;
pub mod interleaved;
pub mod intrinsic;
pub mod memory;
pub mod mvt;
pub mod reduce;
pub mod shuffle;
pub mod table;

/// LLVM's `TargetTransformInfo::TargetCostKind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CostKind {
    /// Reciprocal throughput (the vectorizer's default).
    RecipThroughput,
    /// Latency of the instruction.
    Latency,
    /// Code size (instruction count, not bytes).
    CodeSize,
    /// Micro-op count, for comparison with the loop micro-op buffer.
    SizeAndLatency,
}

impl CostKind {
    pub const ALL: [CostKind; 4] = [
        CostKind::RecipThroughput,
        CostKind::Latency,
        CostKind::CodeSize,
        CostKind::SizeAndLatency,
    ];

    /// opt's `-cost-kind=` spelling.
    pub fn opt_name(self) -> &'static str {
        match self {
            CostKind::RecipThroughput => "throughput",
            CostKind::Latency => "latency",
            CostKind::CodeSize => "code-size",
            CostKind::SizeAndLatency => "size-latency",
        }
    }
}

/// Binary (and unary `fneg`) arithmetic operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    Shl,
    LShr,
    AShr,
    SDiv,
    UDiv,
    SRem,
    URem,
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
    FNeg,
}

/// LLVM's `OperandValueInfo`: what is known about an operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OperandInfo {
    pub kind: OperandKind,
    /// A constant power of two (in every lane).
    pub pow2: bool,
    /// A constant negated power of two (in every lane).
    pub neg_pow2: bool,
}

/// LLVM's `OperandValueKind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperandKind {
    /// Anything.
    Variable,
    /// The same value in every lane (a splat).
    Uniform,
    /// The same constant in every lane.
    UniformConst,
    /// Constants that differ between lanes.
    Const,
}

impl OperandInfo {
    pub const VARIABLE: OperandInfo = OperandInfo {
        kind: OperandKind::Variable,
        pow2: false,
        neg_pow2: false,
    };
    pub const UNIFORM: OperandInfo = OperandInfo {
        kind: OperandKind::Uniform,
        pow2: false,
        neg_pow2: false,
    };
    pub const UNIFORM_CONST: OperandInfo = OperandInfo {
        kind: OperandKind::UniformConst,
        pow2: false,
        neg_pow2: false,
    };
    pub const CONST: OperandInfo = OperandInfo {
        kind: OperandKind::Const,
        pow2: false,
        neg_pow2: false,
    };

    /// A uniform constant `v` (power-of-two properties computed).
    pub fn uniform_const(v: i128) -> OperandInfo {
        OperandInfo {
            kind: OperandKind::UniformConst,
            pow2: v > 0 && (v & (v - 1)) == 0,
            neg_pow2: v < 0 && v != i128::MIN && ((-v) & (-v - 1)) == 0,
        }
    }

    pub fn is_constant(self) -> bool {
        matches!(self.kind, OperandKind::UniformConst | OperandKind::Const)
    }

    pub fn is_uniform(self) -> bool {
        matches!(self.kind, OperandKind::Uniform | OperandKind::UniformConst)
    }

    /// The same kind without the power-of-two properties.
    pub fn no_props(self) -> OperandInfo {
        OperandInfo {
            kind: self.kind,
            pow2: false,
            neg_pow2: false,
        }
    }
}

/// Cast operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastOp {
    ZExt,
    SExt,
    Trunc,
    FPExt,
    FPTrunc,
    SIToFP,
    UIToFP,
    FPToSI,
    FPToUI,
    BitCast,
    PtrToInt,
    IntToPtr,
}

/// Comparisons and selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpSel {
    ICmp(IntPred),
    FCmp(FloatPred),
    /// A select on a condition of the same shape as the value.
    Select,
}

/// Integer comparison predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntPred {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
    /// Unknown: LLVM assumes the worst.
    Any,
}

/// Floating-point comparison predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatPred {
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    Uno,
    True,
    False,
    /// Unknown: LLVM assumes the worst.
    Any,
}

/// Memory operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemOp {
    Load,
    Store,
}

/// LLVM's `TTI::ShuffleKind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShuffleKind {
    /// Lane 0 of the first vector in every lane.
    Broadcast,
    /// The lanes in reverse order.
    Reverse,
    /// Each lane from the same lane of one of two vectors (a blend).
    Select,
    /// Transposes (unpacks) of two vectors.
    Transpose,
    /// A subvector starting at `index`.
    ExtractSubvector,
    /// Inserts a subvector at `index`.
    InsertSubvector,
    /// Any permutation of one vector.
    PermuteSingleSrc,
    /// Any permutation of two vectors.
    PermuteTwoSrc,
    /// The concatenation of two vectors shifted by `index` lanes.
    Splice,
}

/// `extractelement`/`insertelement`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VectorInst {
    Extract,
    Insert,
}

/// The intrinsics the model costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Intrinsic {
    SMin,
    SMax,
    UMin,
    UMax,
    /// `llvm.abs` (the poison flag does not change the cost).
    Abs,
    /// `llvm.minnum`/`llvm.maxnum` (with `nnan`: `no_nans`).
    MinNum {
        no_nans: bool,
    },
    MaxNum {
        no_nans: bool,
    },
    Sqrt,
    Fabs,
    Fma,
    FMulAdd,
    Ctpop,
}

/// Reductions (`llvm.vector.reduce.*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceOp {
    Add,
    Mul,
    And,
    Or,
    Xor,
    /// `fadd` with `reassoc` (an unordered tree).
    FAdd,
    /// `fmul` with `reassoc`.
    FMul,
    SMin,
    SMax,
    UMin,
    UMax,
    FMin,
    FMax,
}

#[cfg(test)]
mod tests {
    //! A handful of costs per subtarget; every number is opt-19's
    //! `print<cost-model>` answer (RecipThroughput, Latency, CodeSize,
    //! SizeAndLatency) for the same instruction and `-march` attributes.
    use super::*;
    use crate::subtarget::{Subtarget, TargetAttrs};
    use crate::vt::{Scalar, Ty};

    fn st(cpu: &str, min: Option<&str>, prefer: Option<&str>) -> Subtarget {
        Subtarget::new(&TargetAttrs {
            triple: Some("x86_64-unknown-linux-gnu"),
            target_cpu: Some(cpu),
            min_legal_vector_width: min,
            prefer_vector_width: prefer,
            ..TargetAttrs::default()
        })
    }

    fn all(f: impl Fn(CostKind) -> u64) -> [u64; 4] {
        CostKind::ALL.map(f)
    }

    const V: OperandInfo = OperandInfo::VARIABLE;

    #[test]
    fn multiplies() {
        let mul = |s: &Subtarget, t: Ty| all(|k| s.arithmetic_cost(BinOp::Mul, t, k, V, V));
        let (base, v3) = (st("x86-64", None, None), st("x86-64-v3", None, None));
        let (knl, v4) = (st("knl", Some("0"), None), st("x86-64-v4", Some("0"), None));
        let zn4 = st("znver4", Some("0"), None);
        // <16 x i32> on AVX2 costs two <8 x i32> multiplies (pmulld).
        assert_eq!(mul(&v3, Ty::vint(32, 8)), [4, 10, 1, 2]);
        assert_eq!(mul(&v3, Ty::vint(32, 16)), [8, 20, 2, 4]);
        // Without SSE4.1, pmulld is emulated with pmuludq and shuffles.
        assert_eq!(mul(&base, Ty::vint(32, 4)), [6, 8, 7, 7]);
        // <8 x i64> without AVX512DQ: three pmuludq, shifts and adds...
        assert_eq!(mul(&knl, Ty::vint(64, 8)), [6, 9, 8, 8]);
        assert_eq!(mul(&v3, Ty::vint(64, 8)), [12, 20, 16, 26]);
        // ...with DQ one vpmullq, on two ymm halves when 512-bit vectors
        // are not preferred.
        assert_eq!(mul(&v4, Ty::vint(64, 8)), [4, 30, 2, 6]);
        assert_eq!(mul(&zn4, Ty::vint(64, 8)), [3, 15, 1, 3]);
        // vXi8 multiplies go through i16.
        assert_eq!(mul(&v3, Ty::vint(8, 32)), [4, 8, 8, 16]);
        assert_eq!(mul(&v3, Ty::vint(8, 8)), [3, 7, 3, 3]);
        // A multiply by a power of two is a shift.
        let p2 = OperandInfo::uniform_const(8);
        assert_eq!(
            v3.arithmetic_cost(
                BinOp::Mul,
                Ty::vint(32, 8),
                CostKind::RecipThroughput,
                V,
                p2
            ),
            2
        );
    }

    #[test]
    fn shifts_and_divisions() {
        let v3 = st("x86-64-v3", None, None);
        let icx = st("icelake-server", Some("0"), None);
        let v4 = st("x86-64-v4", Some("0"), None);
        let shl = |s: &Subtarget, t: Ty, b: OperandInfo| {
            all(|k| s.arithmetic_cost(BinOp::Shl, t, k, V, b))
        };
        let c7 = OperandInfo::uniform_const(7);
        // Byte shifts by a constant: psllw + pand, or one gf2p8affineqb with GFNI.
        assert_eq!(shl(&v4, Ty::vint(8, 16), c7), [1, 7, 2, 3]);
        assert_eq!(shl(&icx, Ty::vint(8, 16), c7), [1, 6, 1, 2]);
        // Variable i32 shifts are vpsllvd on AVX2.
        assert_eq!(shl(&v3, Ty::vint(32, 8), V), [4, 4, 1, 3]);
        // Vector division is scalarized: 20 per lane.
        let sdiv = |s: &Subtarget, t: Ty| {
            s.arithmetic_cost(BinOp::SDiv, t, CostKind::RecipThroughput, V, V)
        };
        assert_eq!(sdiv(&v3, Ty::vint(32, 8)), 160);
        assert_eq!(sdiv(&v3, Ty::vint(8, 8)), 320); // widened to 16 lanes
                                                    // A remainder on scalars is a div, a multiply and a subtract.
        let srem = v3.arithmetic_cost(BinOp::SRem, Ty::int(32), CostKind::RecipThroughput, V, V);
        assert_eq!(srem, 3);
    }

    #[test]
    fn floating_point() {
        let fdiv = |s: &Subtarget, t: Ty| all(|k| s.arithmetic_cost(BinOp::FDiv, t, k, V, V));
        let f16 = Ty::vector(Scalar::Float, 16);
        assert_eq!(fdiv(&st("x86-64", None, None), f16), [156, 156, 4, 4]);
        assert_eq!(fdiv(&st("x86-64-v3", None, None), f16), [28, 42, 2, 6]);
        assert_eq!(
            fdiv(&st("skylake-avx512", Some("0"), None), f16),
            [10, 22, 2, 2]
        );
        assert_eq!(fdiv(&st("znver4", Some("0"), None), f16), [10, 18, 1, 3]);
        let fma = |s: &Subtarget| {
            all(|k| s.intrinsic_cost(Intrinsic::Fma, Ty::vector(Scalar::Float, 8), k))
        };
        // No FMA unit: a library call per lane.
        assert_eq!(fma(&st("x86-64", None, None)), [104, 104, 32, 104]);
        assert_eq!(fma(&st("x86-64-v3", None, None)), [1, 1, 1, 1]);
    }

    #[test]
    fn memory_and_gathers() {
        let v8f = Ty::vector(Scalar::Float, 8);
        let load =
            |s: &Subtarget| s.memory_cost(MemOp::Load, v8f, Some(4), CostKind::RecipThroughput);
        // Sandy Bridge's 32-byte unaligned accesses are double-pumped.
        assert_eq!(load(&st("sandybridge", None, None)), 2);
        assert_eq!(load(&st("haswell", None, None)), 1);
        assert_eq!(load(&st("x86-64", None, None)), 2);
        let masked =
            |s: &Subtarget, op| s.masked_memory_cost(op, v8f, Some(4), CostKind::RecipThroughput);
        // vmaskmov: loads 2, stores 8; AVX-512 masks: 1.
        assert_eq!(masked(&st("x86-64-v3", None, None), MemOp::Load), 2);
        assert_eq!(masked(&st("x86-64-v3", None, None), MemOp::Store), 8);
        assert_eq!(masked(&st("x86-64-v4", None, None), MemOp::Store), 1);
        let gather = |s: &Subtarget, t| {
            s.gather_scatter_cost(MemOp::Load, t, true, false, CostKind::RecipThroughput)
        };
        // Scalarized without fast gathers (Haswell, Zen 3), vpgatherdd on
        // Skylake and AVX-512 (LLVM 19 also for Zen 4).
        assert_eq!(gather(&st("x86-64", None, None), v8f), 31);
        assert_eq!(gather(&st("znver3", None, None), v8f), 26);
        assert_eq!(gather(&st("skylake", None, None), v8f), 12);
        assert_eq!(gather(&st("znver4", None, None), v8f), 10);
        assert_eq!(
            gather(
                &st("skylake-avx512", None, None),
                Ty::vector(Scalar::Float, 16)
            ),
            20
        );
    }

    #[test]
    fn compares_shuffles_reductions_casts() {
        let v3 = st("x86-64-v3", None, None);
        let v4 = st("x86-64-v4", Some("0"), None);
        let t = Ty::vint(32, 8);
        let tp = CostKind::RecipThroughput;
        // Unsigned compares need sign flips before AVX-512.
        assert_eq!(v3.cmp_sel_cost(CmpSel::ICmp(IntPred::Ugt), t, tp), 3);
        assert_eq!(v4.cmp_sel_cost(CmpSel::ICmp(IntPred::Ugt), t, tp), 1);
        assert_eq!(v3.shuffle_cost(ShuffleKind::Reverse, t, 0, None, tp), 1);
        assert_eq!(
            st("x86-64", None, None).shuffle_cost(
                ShuffleKind::Reverse,
                Ty::vint(8, 16),
                0,
                None,
                tp
            ),
            9
        );
        assert_eq!(v3.reduction_cost(ReduceOp::Add, t, false, false, tp), 5);
        assert_eq!(
            v3.reduction_cost(
                ReduceOp::FAdd,
                Ty::vector(Scalar::Float, 8),
                true,
                false,
                tp
            ),
            15
        );
        assert_eq!(
            v3.cast_cost(CastOp::ZExt, Ty::vint(32, 8), Ty::vint(8, 8), tp),
            2
        );
        assert_eq!(
            st("x86-64", None, None).cast_cost(CastOp::SExt, Ty::vint(64, 4), Ty::vint(32, 4), tp),
            4
        );
    }
}
