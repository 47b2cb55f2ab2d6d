//! loopwright's target model: what the x86-64 CPU a function is compiled
//! for can do and what operations cost on it, as LLVM 19 sees it.
//!
//! The model is a read-only input to cost decisions, like an analysis: it
//! is computed from a function's attributes (`target-cpu`, `tune-cpu`,
//! `target-features`, `prefer-vector-width`, `min-legal-vector-width`) and
//! the module's triple, and it never looks at or changes the function's
//! code. Transformations ask it questions:
//! - the subtarget ([`Subtarget`]): features (with LLVM's implications),
//!   the x86-64 level, the CPU it tunes for and its family;
//! - registers and types: vector register width
//!   ([`Subtarget::register_bit_width`], LLVM's `getRegisterBitWidth`),
//!   the number of registers, the maximum interleave factor, the loop
//!   micro-op buffer of the tuned CPU, and type legalization
//!   ([`Subtarget::legalize`]);
//! - code size per instruction ([`size::inst_cost`]: what the unroller
//!   measures loops with);
//! - reciprocal throughput, latency, code size and micro-op count per
//!   operation and type ([`cost`], LLVM's `X86TTIImpl`, what opt-19's
//!   vectorizer decides with), and what the hardware does per CPU
//!   ([`machine`]: llvm-mca-19's scheduling models for Zen 4, Skylake-SP
//!   and Sapphire Rapids, and measurements on this machine).
//!
//! Where the numbers come from is documented next to each table: LLVM 19's
//! cost tables (checked against `opt-19 -passes='print<cost-model>'` by
//! `tests/llvm_costs.rs`), LLVM's CPU definitions (checked against what
//! clang-19 writes, `tests/cpus.rs`), llvm-mca-19 (`tests/mca.rs`) and
//! `bench/target/` (the microbenchmarks, re-run with `run.sh`). The tables
//! are written by hand: no Rust crate carries LLVM's x86 cost tables.

pub mod calibrated;
pub mod cost;
pub mod cpu;
pub mod features;
pub mod machine;
pub mod size;
pub mod subtarget;
pub mod vt;

pub use cost::{
    BinOp, CastOp, CmpSel, CostKind, FloatPred, IntPred, Intrinsic, MemOp, OperandInfo,
    OperandKind, ReduceOp, ShuffleKind, VectorInst,
};
pub use cpu::{CpuInfo, Family};
pub use features::{Feature, FeatureSet};
pub use subtarget::{Level, RegisterKind, Subtarget, TargetAttrs};
pub use vt::{Legalized, Scalar, Ty, Vt};

use loopwright_ir::{Attr, Function, Module, TypeData};

/// The target model of one function.
#[derive(Clone, Debug)]
pub struct TargetModel {
    subtarget: Subtarget,
}

impl std::ops::Deref for TargetModel {
    type Target = Subtarget;
    fn deref(&self) -> &Subtarget {
        &self.subtarget
    }
}

impl TargetModel {
    /// The model for `f` in `m`: its attributes and the module's triple.
    pub fn for_function(m: &Module, f: &Function) -> TargetModel {
        let attrs = m.attrs.get(f.fn_attrs);
        let get = |key: &str| {
            attrs.iter().find_map(|a| match a {
                Attr::Str(k, Some(v)) if &**k == key => Some(&**v),
                _ => None,
            })
        };
        TargetModel::from_attrs(&TargetAttrs {
            triple: m.triple.as_deref(),
            target_cpu: get("target-cpu"),
            tune_cpu: get("tune-cpu"),
            target_features: get("target-features"),
            prefer_vector_width: get("prefer-vector-width"),
            min_legal_vector_width: get("min-legal-vector-width"),
        })
    }

    /// The model for explicit attributes.
    pub fn from_attrs(a: &TargetAttrs<'_>) -> TargetModel {
        TargetModel {
            subtarget: Subtarget::new(a),
        }
    }

    /// The subtarget.
    pub fn subtarget(&self) -> &Subtarget {
        &self.subtarget
    }

    /// The code-size cost of one instruction of `f` (see [`size`]).
    pub fn code_size(&self, m: &Module, f: &Function, data: &loopwright_ir::InstData) -> u32 {
        size::inst_cost(m, f, data)
    }
}

/// The cost-model view of an IR type: a scalar or a fixed vector of
/// integers, floats or pointers (`None` for anything else).
pub fn ty_of(m: &Module, t: loopwright_ir::Type) -> Option<Ty> {
    let scalar = |t: loopwright_ir::Type| -> Option<Scalar> {
        Some(match m.types.data(t) {
            TypeData::Int(w) => Scalar::Int(*w),
            TypeData::Half => Scalar::Half,
            TypeData::BFloat => Scalar::BFloat,
            TypeData::Float => Scalar::Float,
            TypeData::Double => Scalar::Double,
            TypeData::X86Fp80 => Scalar::X86Fp80,
            TypeData::Fp128 => Scalar::Fp128,
            TypeData::Ptr(_) => Scalar::Ptr,
            _ => return None,
        })
    };
    match m.types.data(t) {
        TypeData::Vector {
            scalable: false,
            len,
            elem,
        } if *len > 0 => Some(Ty::vector(scalar(*elem)?, *len)),
        _ => scalar(t).map(Ty::scalar),
    }
}
