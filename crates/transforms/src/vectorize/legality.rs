//! Legality of vectorizing an innermost loop: LLVM 19's
//! `LoopVectorizeHints` and `LoopVectorizationLegality`, with the early
//! exits of `LoopVectorizePass::processLoop` that come before the cost
//! model. Read-only: [`LegalityAnalysis::analyze`] answers one loop with a
//! [`LoopVerdict`]: the [`Hints`] and either a [`Legal`] (what a planner
//! needs) or the first [`Rejection`], whose text and remark name are
//! LLVM's.
//!
//! # The order of the checks (LLVM's)
//!
//! 1. The hints (`allowVectorization`): `vectorize.enable` false
//!    (`MissedExplicitlyDisabled`), `disable_nonforced` or the
//!    `vectorize-forced-only` parameter without `vectorize.enable`
//!    (`MissedDetails`), `isvectorized` or a width and interleave count of
//!    1 (`AllDisabled`).
//! 2. The loop's form (`canVectorizeLoopCFG`): one predecessor outside
//!    the loop and one backedge. LLVM runs loop-simplify first, so this is
//!    a scope limit here ([`Rejection::is_scope_limit`],
//!    `CFGNotUnderstood`).
//! 3. The scope of this increment: a preheader, one exit at the latch,
//!    every block dominating the latch (no if-conversion). A loop outside
//!    it is rejected as a scope limit, but only after LLVM's own checks
//!    pass, so that a loop LLVM rejects gets LLVM's reason (LLVM's
//!    if-conversion failures, `NoCFGForSelect` and the unsupported
//!    terminators, are not modelled and fall to the scope limit).
//! 4. The instructions (`canVectorizeInstrs`), in block order: phis (type,
//!    two incoming values, then reduction, induction, fixed-order
//!    recurrence, induction under predicates: [`loopwright_analysis::ivdesc`]),
//!    calls (a vector intrinsic, a vector variant, or
//!    `CantVectorizeLibcall`; loop-invariant scalar operands of
//!    intrinsics), result and stored types, non-temporal accesses the target
//!    cannot do, values used after the loop that are no reduction or
//!    induction; then an integer induction must exist.
//! 5. An exact backedge-taken count.
//! 6. Memory (`canVectorizeMemory`): loop access analysis's verdict and
//!    report ([`loopwright_analysis::laa`]), stores to loop-invariant
//!    addresses.
//! 7. The number of SCEV predicates (16, or 128 with `vectorize.enable`).
//! 8. `processLoop`: `noimplicitfloat`, then the floating-point rule
//!    (`canVectorizeFPMath`): an operation without `reassoc` in a reduction
//!    or induction needs `vectorize.enable` or a width above 1
//!    (`allowReordering`), since x86 has no in-order reductions by default.
//! 9. A constant trip count of 1 (`SingleIterationLoop`, the first check
//!    of `computeMaxVF`).
//!
//! LLVM goes on after a failure when remarks are being recorded
//! (`allowExtraAnalysis`) and may emit several analysis remarks; the first
//! is the one [`Rejection`] gives.
//!
//! # Deliberate differences from LLVM 19
//!
//! - Run-time check counts: LLVM 19 has no legality limit on them. Since
//!   LLVM 15 (the fix of llvm/llvm-project#44007, "vectorize with run-time
//!   checks by cost") their cost is weighed by the cost model
//!   (`areRuntimeChecksProfitable`, `CantReorderMemOps` when they do not
//!   pay); opt-19 vectorizes a loop with 9 checks and no hints, also with
//!   `-runtime-memory-check-threshold=4`, and has no
//!   `-pragma-vectorize-memory-check-threshold` option any more (checked).
//!   [`Legal::runtime_checks`] and [`Legal::runtime_checks_over_threshold`]
//!   (the old rule: more than `-runtime-memory-check-threshold` without
//!   hints allowing reordering, or more than 128) are handed to the cost
//!   model, which decides.
//! - A bound LLVM 19 lacks: a loop needing more check pairs than it has
//!   instructions (and more than 128) is refused even when its hints force
//!   vectorization ([`max_runtime_checks`], `CantReorderMemOps` with the
//!   numbers), so the checks never outgrow the loop: 1,500 stores through
//!   pointers need 1.1 million pairs (266 MB of output before the bound).
//! - Loops of more than [`MAX_LOOP_INSTS`] instructions are refused
//!   (`LoopTooLarge`), so that a loop of a million instructions costs a
//!   scan rather than a minute of analysis.
//! - LLVM runs loop-simplify and LCSSA on the loop first; this analysis is
//!   read-only and rejects a loop without a preheader or with several
//!   latches (`CFGNotUnderstood`, a scope limit) where opt-19 would first
//!   simplify it.
//! - Backedge-taken counts that need predicates are not computed (as in
//!   loop access analysis): such a loop is rejected as uncountable.
//! - Library calls are known by name (no target library info):
//!   `CantVectorizeLibcall`'s hint about `-fno-math-errno` is given for the
//!   floating-point functions LLVM has optimized code for.

use super::VectorizeOptions;
use crate::remark::{source_loc, SourceLoc};
use loopwright_analysis::ivdesc::{
    FixedOrderRecurrence, InductionDesc, InductionKind, PhiClass, PhiDescriptors, ReductionDesc,
};
use loopwright_analysis::laa::{self, LoopAccessAnalysis, LoopAccessInfo, Report};
use loopwright_analysis::loopmd::LoopAttrs;
use loopwright_analysis::loops::Loop;
use loopwright_analysis::scev::{ScalarEvolution, ScevPredicate};
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_ir::{ConstData, Extra, Function, Inst, MdKind, Module, Opcode, Operand, TypeData};
use rustc_hash::FxHashSet;
use std::fmt;

/// `llvm.loop.vectorize.enable` as LLVM's `ForceKind`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Force {
    Undefined,
    Disabled,
    Enabled,
}

/// A loop's vectorization hints as `LoopVectorizeHints` reads them, with
/// the command-line options applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hints {
    /// `vectorize.width` (or `-force-vector-width`); 0: not set.
    pub width: u32,
    /// `interleave.count` (or `-force-vector-interleave`); 0: not set.
    /// [`Hints::interleave`] is what LLVM uses.
    pub interleave_value: u32,
    /// Unrolling is disabled (`hasUnrollTransformation` has
    /// `TM_Disable`): an unset interleave count then means 1.
    pub unroll_disabled: bool,
    /// `vectorize.enable` as written (LLVM's `Force.Value`).
    pub force_value: Force,
    /// `llvm.loop.disable_nonforced`.
    pub disable_nonforced: bool,
    /// `isvectorized`, or a width and interleave count of 1.
    pub is_vectorized: bool,
    /// `vectorize.predicate.enable`.
    pub predicate: Option<bool>,
    /// `vectorize.scalable.enable` (x86 has no scalable vectors: fixed
    /// widths only, whatever it says).
    pub scalable: Option<bool>,
    /// A floating-point operation without fast-math flags (LLVM's
    /// `setPotentiallyUnsafe`; x86 does not mind).
    pub potentially_unsafe: bool,
    hints_allow_reordering: bool,
}

impl Hints {
    /// Reads the hints of loop `l`.
    pub fn read(
        m: &Module,
        f: &Function,
        cfg: &ControlFlowGraph,
        lf: &LoopForest,
        l: Loop,
        opts: &VectorizeOptions,
    ) -> Hints {
        let attrs = lf
            .loop_id(f, &m.md, cfg, l)
            .map(|id| LoopAttrs::of_module(m, id).0)
            .unwrap_or_default();
        let v = &attrs.vectorize;
        let width = v.width.unwrap_or(opts.force_vector_width);
        let mut interleave = v
            .interleave_count
            .unwrap_or(u32::from(opts.interleave_forced_only));
        if let Some(n) = opts.force_vector_interleave {
            interleave = n;
        }
        let force_value = match v.enable {
            None => Force::Undefined,
            Some(false) => Force::Disabled,
            Some(true) => Force::Enabled,
        };
        let unroll_disabled = attrs.has_unroll_transformation().is_disabled();
        let mut h = Hints {
            width,
            interleave_value: interleave,
            unroll_disabled,
            force_value,
            disable_nonforced: attrs.disable_nonforced,
            is_vectorized: v.is_vectorized == Some(true),
            predicate: v.predicate,
            scalable: v.scalable,
            potentially_unsafe: false,
            hints_allow_reordering: opts.hints_allow_reordering,
        };
        if !h.is_vectorized {
            h.is_vectorized = h.width == 1 && h.interleave() == 1;
        }
        h
    }

    /// LLVM's `getInterleave`: the count, or 1 when unset and unrolling
    /// is disabled.
    pub fn interleave(&self) -> u32 {
        if self.interleave_value != 0 {
            self.interleave_value
        } else if self.unroll_disabled {
            1
        } else {
            0
        }
    }

    /// LLVM's `getForce`: `disable_nonforced` disables what is not
    /// explicitly enabled.
    pub fn force(&self) -> Force {
        if self.force_value == Force::Undefined && self.disable_nonforced {
            Force::Disabled
        } else {
            self.force_value
        }
    }

    /// `allowReordering`: enabling hints allow reordering floating-point
    /// operations (and more run-time checks).
    pub fn allow_reordering(&self) -> bool {
        self.hints_allow_reordering && (self.force() == Force::Enabled || self.width > 1)
    }

    /// `vectorizeAnalysisPassName`: `loop-vectorize`, or LLVM's
    /// `AlwaysPrint` (an empty pass name, printed whatever the remark
    /// filter) when hints ask for vectorization.
    pub fn analysis_pass_name(&self) -> &'static str {
        if self.width == 1
            || self.force() == Force::Disabled
            || (self.force() == Force::Undefined && self.width == 0)
        {
            "loop-vectorize"
        } else {
            ""
        }
    }

    /// The missed remark LLVM emits after a rejection
    /// (`emitRemarkWithHints`): its name and text.
    pub fn missed_remark(&self) -> (&'static str, String) {
        if self.force_value == Force::Disabled {
            return (
                "MissedExplicitlyDisabled",
                "loop not vectorized: vectorization is explicitly disabled".into(),
            );
        }
        let mut s = String::from("loop not vectorized");
        if self.force_value == Force::Enabled {
            s.push_str(" (Force=true");
            if self.width != 0 {
                s.push_str(&format!(", Vector Width={}", self.width));
            }
            if self.interleave() != 0 {
                s.push_str(&format!(", Interleave Count={}", self.interleave()));
            }
            s.push(')');
        }
        ("MissedDetails", s)
    }
}

/// The kind of remark a rejection is reported as (LLVM's class).
pub use crate::remark::RemarkKind;

/// Why a loop is not vectorized. `Display` gives LLVM 19's remark text,
/// [`Rejection::name`] the remark's name, [`Rejection::kind`] its class,
/// [`Rejection::inst`] the instruction it is located at (else the loop).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// `vectorize.enable` is false.
    ExplicitlyDisabled,
    /// `disable_nonforced`, or the `vectorize-forced-only` parameter,
    /// without `vectorize.enable`.
    NotForced,
    /// `isvectorized`, or width and interleave count 1.
    AllDisabled,
    /// A phi of another type than integer, floating point or pointer, or
    /// a header phi without two incoming values.
    CfgNotUnderstood(Option<Inst>),
    /// Scope limit: no preheader or several latches (LLVM runs
    /// loop-simplify first; this analysis is read-only).
    NotSimplified,
    /// Scope limit: a block does not dominate the latch (the loop needs
    /// if-conversion, which this increment does not do).
    IfConversion,
    /// Scope limit: an exit other than at the latch.
    NotSingleLatchExit,
    /// If-conversion: a terminator other than a branch (a switch, an
    /// invoke, ...: LLVM 19 calls them all a switch).
    ContainsSwitch(Inst),
    /// If-conversion: a block that needs predication has an instruction
    /// that may read or write memory or throw (the block's terminator).
    NoCfgForSelect(Inst),
    /// A header phi that is no reduction, induction or recurrence.
    UnidentifiedPhi(Inst),
    /// A call with no vector form; `math_lib`: a floating-point library
    /// function LLVM has optimized code for (the hint about
    /// `-fno-math-errno`).
    CantVectorizeCall {
        call: Inst,
        math_lib: bool,
    },
    /// An intrinsic whose scalar operand varies in the loop.
    CantVectorizeIntrinsic(Inst),
    /// A result type that cannot be a vector element (or a cast from one,
    /// or an `extractelement`).
    ReturnType(Inst),
    /// A stored type that cannot be a vector element.
    StoreType(Inst),
    NontemporalStore(Inst),
    NontemporalLoad(Inst),
    /// A value other than a reduction's or an induction's used after the
    /// loop while SCEV predicates are assumed.
    ValueUsedOutside(Inst),
    NoInduction,
    NoIntegerInduction,
    /// The backedge-taken count is not computable.
    Uncountable,
    /// Loop access analysis says no: its report.
    Memory(Report),
    /// Loop access analysis says no without a report.
    UnsafeMemory,
    /// A store to a loop-invariant address that is not a reduction's last
    /// value; `conditional`: a reduction's, in a block that needs
    /// predication.
    InvariantAddressStore {
        conditional: bool,
    },
    TooManyScevChecks,
    NoImplicitFloat,
    /// Floating-point operations without `reassoc` that vectorizing would
    /// reorder, and no hint allowing it: the first such operation.
    CantReorderFp(Inst),
    SingleIteration,
    /// loopwright's bound (LLVM 19 has none): more run-time check pairs
    /// than [`max_runtime_checks`] allows for a loop of this size, even
    /// when vectorization is forced.
    TooManyRuntimeChecks {
        checks: usize,
        bound: usize,
    },
    /// loopwright's bound (LLVM 19 has none): a loop of more than
    /// [`MAX_LOOP_INSTS`] instructions is not analyzed.
    TooLarge {
        insts: usize,
    },
}

/// The largest loop, in instructions, the vectorizer analyzes: far above
/// any loop worth vectorizing, low enough that a loop of a million
/// instructions costs no more than a scan.
pub const MAX_LOOP_INSTS: usize = 1 << 16;

/// The most run-time pointer check pairs a loop of `loop_insts`
/// instructions may be versioned on: its size, and at least 128 (the old
/// `-pragma-vectorize-memory-check-threshold`), so that the checks never
/// grow a module by more than a multiple of the loop itself. LLVM 19 has
/// no such bound for loops whose hints force vectorization: a loop storing
/// through 1,500 pointers needs 1.1 million pairs.
pub fn max_runtime_checks(loop_insts: usize) -> usize {
    loop_insts.max(128)
}

impl Rejection {
    /// The remark's name.
    pub fn name(&self) -> &'static str {
        use Rejection::*;
        match self {
            ExplicitlyDisabled => "MissedExplicitlyDisabled",
            NotForced => "MissedDetails",
            AllDisabled => "AllDisabled",
            CfgNotUnderstood(_) | NotSingleLatchExit | NotSimplified => "CFGNotUnderstood",
            IfConversion => "IfConversionDisabled",
            ContainsSwitch(_) => "LoopContainsSwitch",
            NoCfgForSelect(_) => "NoCFGForSelect",
            UnidentifiedPhi(_) => "NonReductionValueUsedOutsideLoop",
            CantVectorizeCall { .. } => "CantVectorizeLibcall",
            CantVectorizeIntrinsic(_) => "CantVectorizeIntrinsic",
            ReturnType(_) => "CantVectorizeInstructionReturnType",
            StoreType(_) => "CantVectorizeStore",
            NontemporalStore(_) => "CantVectorizeNontemporalStore",
            NontemporalLoad(_) => "CantVectorizeNontemporalLoad",
            ValueUsedOutside(_) => "ValueUsedOutsideLoop",
            NoInduction => "NoInductionVariable",
            NoIntegerInduction => "NoIntegerInductionVariable",
            Uncountable => "CantComputeNumberOfIterations",
            Memory(r) => r.name(),
            UnsafeMemory => "UnsafeMemory",
            InvariantAddressStore { .. } => "CantVectorizeStoreToLoopInvariantAddress",
            TooManyScevChecks => "TooManySCEVRunTimeChecks",
            NoImplicitFloat => "NoImplicitFloat",
            CantReorderFp(_) => "CantReorderFPOps",
            SingleIteration => "SingleIterationLoop",
            TooManyRuntimeChecks { .. } => "CantReorderMemOps",
            TooLarge { .. } => "LoopTooLarge",
        }
    }

    /// The remark's class.
    pub fn kind(&self) -> RemarkKind {
        match self {
            Rejection::ExplicitlyDisabled | Rejection::NotForced => RemarkKind::Missed,
            Rejection::CantReorderFp(_) => RemarkKind::AnalysisFPCommute,
            _ => RemarkKind::Analysis,
        }
    }

    /// The instruction the remark is located at; `None`: the loop's start.
    pub fn inst(&self) -> Option<Inst> {
        use Rejection::*;
        match self {
            CfgNotUnderstood(i) => *i,
            UnidentifiedPhi(i)
            | ContainsSwitch(i)
            | NoCfgForSelect(i)
            | CantVectorizeIntrinsic(i)
            | ReturnType(i)
            | StoreType(i)
            | NontemporalStore(i)
            | NontemporalLoad(i)
            | ValueUsedOutside(i)
            | CantReorderFp(i) => Some(*i),
            CantVectorizeCall { call, .. } => Some(*call),
            Memory(r) => r.inst(),
            _ => None,
        }
    }

    /// Rejected only because this increment does not handle the loop's
    /// shape (opt-19 may vectorize it).
    pub fn is_scope_limit(&self) -> bool {
        matches!(
            self,
            Rejection::IfConversion | Rejection::NotSingleLatchExit | Rejection::NotSimplified
        )
    }

    /// The remark text with loop access analysis's report located by
    /// `loc` (`file:line:col` of an instruction).
    pub fn text(&self, loc: &dyn Fn(Inst) -> Option<String>) -> String {
        match self {
            Rejection::Memory(r) => format!("loop not vectorized: {}", r.text(loc)),
            _ => self.to_string(),
        }
    }

    /// LLVM's `-debug-only=loop-vectorize` line for the failed check.
    pub fn debug_line(&self) -> &'static str {
        use Rejection::*;
        match self {
            ExplicitlyDisabled => "LV: Not vectorizing: #pragma vectorize disable.",
            NotForced => "LV: Not vectorizing: No #pragma vectorize enable.",
            AllDisabled => "LV: Not vectorizing: Disabled/already vectorized.",
            NoImplicitFloat => "LV: Not vectorizing: NoImplicitFloat attribute.",
            CantReorderFp(_) => {
                "LV: loop not vectorized: cannot prove it is safe to reorder floating-point operations"
            }
            SingleIteration => "LV: Not vectorizing: Single iteration (non) loop.",
            _ => "LV: Not vectorizing: Cannot prove legality.",
        }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Rejection::*;
        let s = match self {
            ExplicitlyDisabled => "loop not vectorized: vectorization is explicitly disabled",
            NotForced => "loop not vectorized",
            AllDisabled => {
                "loop not vectorized: vectorization and interleaving are explicitly disabled, \
                 or the loop has already been vectorized"
            }
            CfgNotUnderstood(_) | NotSingleLatchExit | NotSimplified => {
                "loop not vectorized: loop control flow is not understood by vectorizer"
            }
            IfConversion => "loop not vectorized: if-conversion is disabled",
            ContainsSwitch(_) => "loop not vectorized: loop contains a switch statement",
            NoCfgForSelect(_) => {
                "loop not vectorized: control flow cannot be substituted for a select"
            }
            UnidentifiedPhi(_) => {
                "loop not vectorized: value that could not be identified as reduction is used \
                 outside the loop"
            }
            CantVectorizeCall { math_lib: true, .. } => {
                "loop not vectorized: library call cannot be vectorized. Try compiling with \
                 -fno-math-errno, -ffast-math, or similar flags"
            }
            CantVectorizeCall { .. } => {
                "loop not vectorized: call instruction cannot be vectorized"
            }
            CantVectorizeIntrinsic(_) => {
                "loop not vectorized: intrinsic instruction cannot be vectorized"
            }
            ReturnType(_) => "loop not vectorized: instruction return type cannot be vectorized",
            StoreType(_) => "loop not vectorized: store instruction cannot be vectorized",
            NontemporalStore(_) => {
                "loop not vectorized: nontemporal store instruction cannot be vectorized"
            }
            NontemporalLoad(_) => {
                "loop not vectorized: nontemporal load instruction cannot be vectorized"
            }
            ValueUsedOutside(_) => "loop not vectorized: value cannot be used outside the loop",
            NoInduction => "loop not vectorized: loop induction variable could not be identified",
            NoIntegerInduction => {
                "loop not vectorized: integer loop induction variable could not be identified"
            }
            Uncountable => "loop not vectorized: could not determine number of loop iterations",
            Memory(r) => {
                return write!(f, "loop not vectorized: {}", r.text(&|_| None));
            }
            UnsafeMemory => "loop not vectorized",
            InvariantAddressStore { conditional: true } => {
                "loop not vectorized: write of conditional recurring variant value to a loop \
                 invariant address could not be vectorized"
            }
            InvariantAddressStore { conditional: false } => {
                "loop not vectorized: write to a loop invariant address could not be vectorized"
            }
            TooManyScevChecks => {
                "loop not vectorized: Too many SCEV assumptions need to be made and checked at \
                 runtime"
            }
            NoImplicitFloat => {
                "loop not vectorized: loop not vectorized due to NoImplicitFloat attribute"
            }
            CantReorderFp(_) => {
                "loop not vectorized: cannot prove it is safe to reorder floating-point operations"
            }
            SingleIteration => {
                "loop not vectorized: loop trip count is one, irrelevant for vectorization"
            }
            TooLarge { insts } => {
                return write!(
                    f,
                    "loop not vectorized: the loop has {insts} instructions, more than the \
                     {MAX_LOOP_INSTS} the vectorizer analyzes"
                );
            }
            TooManyRuntimeChecks { checks, bound } => {
                return write!(
                    f,
                    "loop not vectorized: cannot prove it is safe to reorder memory operations: \
                     {checks} run-time checks needed, more than the bound of {bound} (the \
                     loop's size, at least 128)"
                );
            }
        };
        f.write_str(s)
    }
}

/// What a legal loop offers the planner. Expressions ([`ScevPredicate`]s,
/// the check groups' bounds in [`Legal::memory`]) belong to the scalar
/// evolution of the [`LegalityAnalysis`] that produced it.
#[derive(Clone, Debug)]
pub struct Legal {
    /// Induction phis with their descriptors, in header order.
    pub inductions: Vec<(Inst, InductionDesc)>,
    /// The widest integer induction from 0 by 1 (LLVM's
    /// `PrimaryInduction`), if its type is the widest induction type.
    pub primary_induction: Option<Inst>,
    /// The widest induction type in bits (pointers: their index width;
    /// at least 32).
    pub widest_induction_bits: Option<u32>,
    /// The first cast of each predicated induction's update, which the
    /// vector loop ignores (`InductionCastsToIgnore`).
    pub induction_casts_to_ignore: Vec<Inst>,
    /// Reduction phis with their descriptors, in header order.
    pub reductions: Vec<(Inst, ReductionDesc)>,
    /// Fixed-order recurrence phis, in header order.
    pub recurrences: Vec<(Inst, FixedOrderRecurrence)>,
    /// Instructions of the loop whose values are used after it (each is a
    /// reduction's exit value, an induction or its update, a recurrence,
    /// or a value the loop computes identically in every lane order).
    pub live_outs: Vec<Inst>,
    /// Loads and stores whose address is the same in every iteration
    /// (uniform at every width).
    pub uniform_mem_ops: Vec<Inst>,
    /// Loop access analysis's result: dependences, maximum safe width,
    /// run-time check groups and pairs, stores to invariant addresses.
    pub memory: LoopAccessInfo,
    /// Run-time pointer check pairs needed.
    pub runtime_checks: usize,
    /// LLVM 19's threshold test on those pairs (more than
    /// `-runtime-memory-check-threshold` without hints allowing
    /// reordering, or more than 128): for the cost model, which decides.
    pub runtime_checks_over_threshold: bool,
    /// The SCEV predicates the vector loop is versioned on: loop access
    /// analysis's and those of predicated inductions, without repeats.
    pub predicates: Vec<ScevPredicate>,
    /// `stride == 1` for the symbolic strides loop access analysis did not
    /// assume itself (pointers that need no run-time check): LLVM's
    /// `isConsecutivePtr` adds them while the cost model asks, after
    /// legality's SCEV-check threshold. See [`Legal::all_predicates`].
    pub stride_predicates: Vec<ScevPredicate>,
    /// The first floating-point operation without `reassoc` in a
    /// reduction or induction (LLVM's `ExactFPMathInst`).
    pub exact_fp_math: Option<Inst>,
    /// The hints allow reordering floating-point operations.
    pub allow_reordering: bool,
    /// The width the hints or `-force-vector-width` ask for (0: choose).
    pub user_width: u32,
    /// The interleave count they ask for (0: choose).
    pub user_interleave: u32,
    /// `vectorize.enable` is true: a failure later must be reported.
    pub forced: bool,
    /// The constant trip count, if known.
    pub trip_count: Option<u64>,
}

/// The constant 1 of `s`'s type.
fn se_ty_one(
    se: &mut loopwright_analysis::scev::ScalarEvolution<'_>,
    s: loopwright_analysis::scev::Scev,
) -> loopwright_analysis::scev::Scev {
    let t = se.ty(s);
    se.get_one(t)
}

impl Legal {
    /// The predicates the vector loop is versioned on: `predicates`, then
    /// `stride_predicates`.
    pub fn all_predicates(&self) -> Vec<ScevPredicate> {
        self.predicates
            .iter()
            .chain(&self.stride_predicates)
            .copied()
            .collect()
    }
}

/// The answer for one loop.
#[derive(Clone, Debug)]
pub struct LoopVerdict {
    pub l: Loop,
    pub hints: Hints,
    pub result: Result<Box<Legal>, Rejection>,
}

impl LoopVerdict {
    /// The `-debug-only=loop-vectorize`-style line of the decision.
    pub fn debug_line(&self) -> &'static str {
        match &self.result {
            Ok(_) => "LV: We can vectorize this loop!",
            Err(r) => r.debug_line(),
        }
    }
}

/// Legality of the innermost loops of one function. It owns loop access
/// analysis (and through it the scalar evolution every expression of a
/// [`Legal`] belongs to).
pub struct LegalityAnalysis<'a> {
    m: &'a Module,
    f: &'a Function,
    cfg: &'a ControlFlowGraph,
    dt: &'a DominatorTree,
    lf: &'a LoopForest,
    laa: LoopAccessAnalysis<'a>,
    /// Computed for the first loop that needs them (a function-wide
    /// preparation: a loop rejected for its form does not pay for it).
    phis: Option<PhiDescriptors>,
    opts: VectorizeOptions,
    nontemporal: Option<MdKind>,
}

impl<'a> LegalityAnalysis<'a> {
    pub fn new(
        m: &'a Module,
        f: &'a Function,
        cfg: &'a ControlFlowGraph,
        dt: &'a DominatorTree,
        lf: &'a LoopForest,
        opts: &VectorizeOptions,
    ) -> Self {
        Self::with_scev(
            m,
            f,
            cfg,
            dt,
            lf,
            opts,
            ScalarEvolution::new(m, f, cfg, dt, lf),
        )
    }

    /// [`LegalityAnalysis::new`] with a scalar evolution of `f` on the same
    /// analyses (one that may have learned things already).
    pub fn with_scev(
        m: &'a Module,
        f: &'a Function,
        cfg: &'a ControlFlowGraph,
        dt: &'a DominatorTree,
        lf: &'a LoopForest,
        opts: &VectorizeOptions,
        se: ScalarEvolution<'a>,
    ) -> Self {
        let mut laa_opts = super::laa_options(m, f, &opts.laa);
        laa_opts.forced_vf = u64::from(opts.force_vector_width);
        laa_opts.forced_interleave = u64::from(opts.force_vector_interleave.unwrap_or(0));
        LegalityAnalysis {
            m,
            f,
            cfg,
            dt,
            lf,
            laa: LoopAccessAnalysis::with_scev(m, f, cfg, dt, lf, laa_opts, se),
            phis: None,
            opts: opts.clone(),
            nontemporal: m.md.find_kind("nontemporal"),
        }
    }

    /// The scalar evolution the expressions of the results belong to.
    pub fn scalar_evolution(&mut self) -> &mut loopwright_analysis::scev::ScalarEvolution<'a> {
        self.laa.scalar_evolution()
    }

    /// The scalar evolution, with what it learned.
    pub fn into_scev(self) -> ScalarEvolution<'a> {
        self.laa.into_scev()
    }

    /// The source location of a rejection (its instruction's, else the
    /// loop's start).
    pub fn location(&self, l: Loop, r: Option<&Rejection>) -> Option<SourceLoc> {
        let md = &self.m.md;
        if let Some(i) = r.and_then(Rejection::inst) {
            if let Some(n) = self.f.inst(i).md.get(MdKind::DBG) {
                return source_loc(md, n);
            }
        }
        self.lf
            .start_loc(self.f, md, self.cfg, l)
            .and_then(|n| source_loc(md, n))
    }

    /// Hands in the phi analysis's preparation of this function, computed
    /// for an earlier loop (the function unchanged since).
    pub fn set_phis(&mut self, phis: Option<PhiDescriptors>) {
        if phis.is_some() {
            self.phis = phis;
        }
    }

    /// Hands the phi analysis's preparation back, for the next loop.
    pub fn take_phis(&mut self) -> Option<PhiDescriptors> {
        self.phis.take()
    }

    /// Decides loop `l` (an innermost loop of the function).
    pub fn analyze(&mut self, l: Loop) -> LoopVerdict {
        let mut hints = Hints::read(self.m, self.f, self.cfg, self.lf, l, &self.opts);
        let result = self.decide(l, &mut hints).map(Box::new);
        LoopVerdict { l, hints, result }
    }

    fn decide(&mut self, l: Loop, hints: &mut Hints) -> Result<Legal, Rejection> {
        // 1. Hints (`allowVectorization`).
        let forced_only = self.opts.vectorize_forced_only;
        if hints.force() == Force::Disabled {
            return Err(if hints.force_value == Force::Disabled {
                Rejection::ExplicitlyDisabled
            } else {
                Rejection::NotForced
            });
        }
        if forced_only && hints.force() != Force::Enabled {
            return Err(Rejection::NotForced);
        }
        if hints.is_vectorized {
            return Err(Rejection::AllDisabled);
        }
        let (f, cfg, lf) = (self.f, self.cfg, self.lf);
        let insts: usize = lf
            .data(l)
            .blocks()
            .iter()
            .map(|&b| f.layout.block_insts(b).count())
            .sum();
        if insts > MAX_LOOP_INSTS {
            return Err(Rejection::TooLarge { insts });
        }
        // 2. Loop form.
        // LLVM simplifies the loop first: with several predecessors
        // outside the loop or several latches, what it would analyze is
        // another loop.
        let latches = lf.latches(cfg, l);
        if lf.predecessor(cfg, l).is_none() || latches.len() != 1 {
            return Err(Rejection::NotSimplified);
        }
        let latch = latches[0];
        // 3. Scope: a preheader, one exit at the latch, a straight-line
        // body. Reported only when LLVM's checks pass, so that a loop LLVM
        // rejects gets LLVM's reason.
        let blocks = lf.data(l).blocks();
        let scope = if lf.preheader(f, cfg, l).is_none() {
            Some(Rejection::NotSimplified)
        } else if lf.exiting_blocks(cfg, l) != [latch] {
            Some(Rejection::NotSingleLatchExit)
        } else if blocks.iter().any(|&b| !self.dt.dominates(b, latch)) {
            Some(Rejection::IfConversion)
        } else {
            None
        };
        if blocks.len() > 1 {
            self.check_if_conversion(l, latch)?;
        }
        // 4. Instructions.
        let mut st = Instrs::default();
        let phi_infos = {
            let (m, f) = (self.m, self.f);
            let phis = self
                .phis
                .get_or_insert_with(|| PhiDescriptors::compute(m, f));
            let se = self.laa.scalar_evolution();
            phis.loop_phis(se, l)
        };
        let header = lf.header(l);
        for &b in blocks {
            for i in f.layout.block_insts(b) {
                let d = f.inst(i);
                if d.opcode.is_debug_record() {
                    continue;
                }
                if d.opcode == Opcode::Phi {
                    if !self.is_scalar(d.ty) {
                        return Err(Rejection::CfgNotUnderstood(None));
                    }
                    if b != header {
                        st.allowed_exit.insert(i);
                        continue;
                    }
                    let info = phi_infos.iter().find(|p| p.phi == i);
                    match info.map(|p| &p.class) {
                        Some(PhiClass::Reduction(r)) => {
                            st.allowed_exit.insert(r.exit);
                            if st.exact_fp.is_none() {
                                st.exact_fp = r.exact_fp_math;
                            }
                            st.reductions.push((i, r.clone()));
                        }
                        Some(PhiClass::Induction(ind)) => {
                            self.add_induction(&mut st, i, ind, latch);
                            if st.exact_fp.is_none() && ind.predicates.is_empty() {
                                st.exact_fp = ind.exact_fp_math;
                            }
                        }
                        Some(PhiClass::FixedOrderRecurrence(r)) => {
                            st.allowed_exit.insert(i);
                            st.recurrences.push((i, r.clone()));
                        }
                        Some(PhiClass::Unidentified { .. }) => {
                            return Err(Rejection::UnidentifiedPhi(i))
                        }
                        Some(PhiClass::IncomingCount(_)) => {
                            return Err(Rejection::CfgNotUnderstood(Some(i)))
                        }
                        _ => return Err(Rejection::CfgNotUnderstood(None)),
                    }
                    continue;
                }
                self.check_inst(l, i, &mut st, hints)?;
            }
        }
        if st.primary.is_none() {
            if st.inductions.is_empty() {
                return Err(Rejection::NoInduction);
            }
            if st.widest_bits.is_none() {
                return Err(Rejection::NoIntegerInduction);
            }
        }
        if let Some(p) = st.primary {
            if self.int_bits(f.inst(p).ty) != st.widest_bits {
                st.primary = None;
            }
        }
        // 5. An exact backedge-taken count.
        let se = self.laa.scalar_evolution();
        if se.backedge_taken_count(l).exact.is_none() {
            return Err(Rejection::Uncountable);
        }
        let trip_count = se.constant_trip_count(l);
        // 6. Memory.
        let info = self.laa.analyze(l);
        if let Some(r) = &info.report {
            return Err(Rejection::Memory(r.clone()));
        }
        if !info.can_vectorize_memory {
            return Err(Rejection::UnsafeMemory);
        }
        self.check_invariant_stores(&info, &st, latch)?;
        // 7. SCEV predicates.
        let mut predicates = info.predicates.clone();
        for p in &st.predicates {
            if !predicates.contains(p) {
                predicates.push(*p);
            }
        }
        let threshold = if hints.force() == Force::Enabled {
            self.opts.pragma_scev_check_threshold
        } else {
            self.opts.scev_check_threshold
        };
        if predicates.len() > threshold {
            return Err(Rejection::TooManyScevChecks);
        }
        let mut stride_predicates = Vec::new();
        for &(_, stride) in &info.symbolic_strides {
            let ty = se_ty_one(self.laa.scalar_evolution(), stride);
            let p = ScevPredicate::Equal(stride, ty);
            if !predicates.contains(&p) && !stride_predicates.contains(&p) {
                stride_predicates.push(p);
            }
        }
        // 8. processLoop.
        if self.m.attrs.has(f.fn_attrs, "noimplicitfloat") {
            return Err(Rejection::NoImplicitFloat);
        }
        let allow_reordering = hints.allow_reordering();
        if let Some(exact) = st.exact_fp {
            if !allow_reordering {
                let ordered = self.opts.force_ordered_reductions.unwrap_or(false);
                let ok = ordered
                    && !st.inductions.iter().any(|(_, d)| d.exact_fp_math.is_some())
                    && st
                        .reductions
                        .iter()
                        .all(|(_, r)| r.exact_fp_math.is_none() || r.ordered);
                if !ok {
                    return Err(Rejection::CantReorderFp(exact));
                }
            }
        }
        // 9. computeMaxVF's first check.
        if trip_count == Some(1) {
            return Err(Rejection::SingleIteration);
        }
        if let Some(r) = scope {
            return Err(r);
        }
        let runtime_checks = info.runtime.checks.len();
        if info.runtime.need {
            let bound = max_runtime_checks(insts);
            if runtime_checks > bound {
                return Err(Rejection::TooManyRuntimeChecks {
                    checks: runtime_checks,
                    bound,
                });
            }
        }
        let runtime_checks_over_threshold =
            (runtime_checks > self.opts.runtime_memory_check_threshold && !allow_reordering)
                || runtime_checks > self.opts.vectorize_memory_check_threshold;
        let uniform_mem_ops = self.uniform_mem_ops(l);
        Ok(Legal {
            inductions: st.inductions,
            primary_induction: st.primary,
            widest_induction_bits: st.widest_bits,
            induction_casts_to_ignore: st.casts_to_ignore,
            reductions: st.reductions,
            recurrences: st.recurrences,
            live_outs: st.live_outs,
            uniform_mem_ops,
            memory: info,
            runtime_checks,
            runtime_checks_over_threshold,
            stride_predicates,
            predicates,
            exact_fp_math: st.exact_fp,
            allow_reordering,
            user_width: hints.width,
            user_interleave: hints.interleave(),
            forced: hints.force() == Force::Enabled,
            trip_count,
        })
    }

    fn is_scalar(&self, t: loopwright_ir::Type) -> bool {
        let tt = &self.m.types;
        tt.is_int(t) || tt.is_ptr(t) || tt.is_float(t)
    }

    fn int_bits(&self, t: loopwright_ir::Type) -> Option<u32> {
        match self.m.types.data(t) {
            TypeData::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// `VectorType::isValidElementType`.
    fn is_valid_element(&self, t: loopwright_ir::Type) -> bool {
        self.is_scalar(t)
    }

    /// `getInductionIntegerTy`'s width.
    fn induction_bits(&self, t: loopwright_ir::Type) -> Option<u32> {
        match self.m.types.data(t) {
            TypeData::Int(n) => Some((*n).max(32)),
            TypeData::Ptr(a) => {
                let dl = loopwright_ir::DataLayout::of_module(self.m);
                Some(dl.pointer_bits(*a))
            }
            _ => None,
        }
    }

    /// `addInductionPhi`.
    fn add_induction(
        &mut self,
        st: &mut Instrs,
        phi: Inst,
        d: &InductionDesc,
        latch: loopwright_ir::Block,
    ) {
        let f = self.f;
        if let Some(&c) = d.casts.first() {
            st.casts_to_ignore.push(c);
        }
        for p in &d.predicates {
            if !st.predicates.contains(p) {
                st.predicates.push(*p);
            }
        }
        let ty = f.inst(phi).ty;
        if let Some(bits) = self.induction_bits(ty) {
            st.widest_bits = Some(st.widest_bits.map_or(bits, |w| w.max(bits)));
        }
        let se = self.laa.scalar_evolution();
        let one = d.const_step(se).is_some_and(|c| c.is_one());
        let zero_start = match d.start {
            Operand::Const(c) => match self.m.consts.data(c) {
                ConstData::Int { val, .. } => val.is_zero(),
                ConstData::Zero(_) | ConstData::Null(_) => true,
                _ => false,
            },
            _ => false,
        };
        if d.kind == InductionKind::Int
            && one
            && zero_start
            && (st.primary.is_none() || self.int_bits(ty) == st.widest_bits)
        {
            st.primary = Some(phi);
        }
        if st.predicates.is_empty() {
            st.allowed_exit.insert(phi);
            let d = f.inst(phi);
            let ops = d.operands();
            for k in 0..ops.len() / 2 {
                if ops[2 * k + 1] == Operand::Block(latch) {
                    if let Operand::Value(v) = ops[2 * k] {
                        if let loopwright_ir::ValueDef::Result(x) = f.value_def(v) {
                            st.allowed_exit.insert(x);
                        }
                    }
                }
            }
        }
        st.inductions.push((phi, d.clone()));
    }

    /// The checks of `canVectorizeInstrs` for an instruction that is no
    /// phi.
    fn check_inst(
        &mut self,
        l: Loop,
        i: Inst,
        st: &mut Instrs,
        hints: &mut Hints,
    ) -> Result<(), Rejection> {
        let (m, f) = (self.m, self.f);
        let d = f.inst(i);
        let is_call = d.opcode == Opcode::Call;
        if is_call {
            let vector_intrinsic = laa::is_vector_intrinsic_call(m, d);
            let named = m.called_function(d).is_some();
            if !(vector_intrinsic || (named && laa::has_vector_variant(m, d))) {
                let name = loopwright_analysis::effects::callee_name(m, d).unwrap_or("");
                let math_lib = named && m.types.is_float(d.ty) && has_optimized_codegen(name);
                return Err(Rejection::CantVectorizeCall { call: i, math_lib });
            }
            if vector_intrinsic {
                let name = loopwright_analysis::effects::callee_name(m, d).unwrap_or("");
                for (k, &arg) in d.call_args().iter().enumerate() {
                    if is_scalar_operand(name, k) {
                        let se = self.laa.scalar_evolution();
                        let s = se.get_scev(arg);
                        if se.is_cnc(s) || !se.is_loop_invariant(s, l) {
                            return Err(Rejection::CantVectorizeIntrinsic(i));
                        }
                    }
                }
            }
        }
        let void = m.types.is_void(d.ty);
        let cast_from_bad = d.opcode.is_cast()
            && d.operands()
                .first()
                .is_some_and(|&o| !self.is_valid_element(f.operand_type(o, &m.consts)));
        if (!void && !self.is_valid_element(d.ty))
            || cast_from_bad
            || d.opcode == Opcode::ExtractElement
        {
            return Err(Rejection::ReturnType(i));
        }
        let nontemporal = self.nontemporal.is_some_and(|k| d.md.get(k).is_some());
        if d.opcode == Opcode::Store {
            let t = f.operand_type(d.operands()[0], &m.consts);
            if !self.is_valid_element(t) {
                return Err(Rejection::StoreType(i));
            }
            if nontemporal && !self.legal_nt(d, t, true) {
                return Err(Rejection::NontemporalStore(i));
            }
        } else if d.opcode == Opcode::Load {
            if nontemporal && !self.legal_nt(d, d.ty, false) {
                return Err(Rejection::NontemporalLoad(i));
            }
        } else if self.is_fp(d.ty)
            && (is_call || d.opcode.is_binary())
            && !d.flags.contains(loopwright_ir::Flags::FAST)
        {
            hints.potentially_unsafe = true;
        }
        // Users after the loop.
        if !st.allowed_exit.contains(&i) {
            if let Some(v) = f.inst_result(i) {
                let outside = f.uses(v).iter().any(|&u| {
                    f.layout
                        .inst_block(u)
                        .is_none_or(|b| !self.lf.contains(l, b))
                });
                if outside {
                    if st.predicates.is_empty() {
                        st.allowed_exit.insert(i);
                        st.live_outs.push(i);
                        return Ok(());
                    }
                    return Err(Rejection::ValueUsedOutside(i));
                }
            }
        } else if let Some(v) = f.inst_result(i) {
            let outside = f.uses(v).iter().any(|&u| {
                f.layout
                    .inst_block(u)
                    .is_none_or(|b| !self.lf.contains(l, b))
            });
            if outside {
                st.live_outs.push(i);
            }
        }
        Ok(())
    }

    fn is_fp(&self, t: loopwright_ir::Type) -> bool {
        self.m.types.is_float(t)
    }

    /// X86's `isLegalNTStore` / `isLegalNTLoad` of a two-element vector of
    /// `t`.
    fn legal_nt(&self, d: &loopwright_ir::InstData, t: loopwright_ir::Type, store: bool) -> bool {
        let dl = loopwright_ir::DataLayout::of_module(self.m);
        let size = 2 * dl.store_size(&self.m.types, t);
        let align = match &d.extra {
            Extra::Mem { align: Some(a), .. } => *a,
            _ => dl.abi_align(&self.m.types, t),
        };
        let target = loopwright_target::TargetModel::for_function(self.m, self.f);
        let st = target.subtarget();
        if store {
            if align < size || !(4..=32).contains(&size) || !size.is_power_of_two() {
                return false;
            }
            match size {
                32 => st.has_avx(),
                16 => st.has_sse1(),
                _ => true,
            }
        } else if align >= size && (size == 16 || size == 32) {
            if size == 16 {
                st.has_sse1()
            } else {
                st.has_avx2()
            }
        } else {
            false
        }
    }

    /// What `canVectorizeWithIfConvert` rejects before if-converting: a
    /// terminator other than a branch, and a block needing predication with an instruction that may read or
    /// write memory or throw (other than loads, stores, `assume` and
    /// `noalias.scope.decl`).
    fn check_if_conversion(&self, l: Loop, latch: loopwright_ir::Block) -> Result<(), Rejection> {
        use loopwright_analysis::effects::{
            intrinsic_name, may_have_side_effects, may_read_memory,
        };
        let (m, f, lf) = (self.m, self.f, self.lf);
        for &b in lf.data(l).blocks() {
            let Some(term) = f.layout.last_inst(b) else {
                continue;
            };
            if f.inst(term).opcode != Opcode::Br {
                return Err(Rejection::ContainsSwitch(term));
            }
            if self.dt.dominates(b, latch) {
                continue;
            }
            for i in f.layout.block_insts(b) {
                let d = f.inst(i);
                if d.opcode.is_debug_record() || matches!(d.opcode, Opcode::Load | Opcode::Store) {
                    continue;
                }
                if matches!(
                    intrinsic_name(m, d),
                    Some("llvm.assume" | "llvm.experimental.noalias.scope.decl")
                ) {
                    continue;
                }
                if may_read_memory(m, d) || may_have_side_effects(m, d) {
                    return Err(Rejection::NoCfgForSelect(term));
                }
            }
        }
        Ok(())
    }

    /// The stores-to-invariant-address checks of `canVectorizeMemory`.
    fn check_invariant_stores(
        &mut self,
        info: &LoopAccessInfo,
        st: &Instrs,
        latch: loopwright_ir::Block,
    ) -> Result<(), Rejection> {
        let f = self.f;
        if info.load_store_invariant_dep {
            return Err(Rejection::InvariantAddressStore { conditional: false });
        }
        if info.stores_to_invariant.is_empty() {
            return Ok(());
        }
        let of_reduction = |s: Inst| {
            st.reductions
                .iter()
                .any(|(_, r)| r.intermediate_store == Some(s))
        };
        for &s in &info.stores_to_invariant {
            if !of_reduction(s) {
                continue;
            }
            let b = f.layout.inst_block(s).expect("placed");
            if !self.dt.dominates(b, latch) {
                return Err(Rejection::InvariantAddressStore { conditional: true });
            }
            if let Operand::Value(v) = f.inst(s).operands()[1] {
                if let loopwright_ir::ValueDef::Result(x) = f.value_def(v) {
                    if f.layout
                        .inst_block(x)
                        .is_some_and(|xb| self.lf.contains(info.l, xb))
                    {
                        return Err(Rejection::InvariantAddressStore { conditional: false });
                    }
                }
            }
        }
        if info.store_store_invariant_dep {
            let m = self.m;
            let mut unhandled: Vec<Inst> = Vec::new();
            for &s in &info.stores_to_invariant {
                if of_reduction(s) {
                    let (sp, sty) = (
                        f.inst(s).operands()[1],
                        f.operand_type(f.inst(s).operands()[0], &m.consts),
                    );
                    let se = self.laa.scalar_evolution();
                    let ss = se.get_scev(sp);
                    unhandled.retain(|&u| {
                        let up = f.inst(u).operands()[1];
                        let same = up == sp || se.get_scev(up) == ss;
                        let uty = f.operand_type(f.inst(u).operands()[0], &m.consts);
                        !(same && uty == sty)
                    });
                    continue;
                }
                unhandled.push(s);
            }
            if !unhandled.is_empty() {
                return Err(Rejection::InvariantAddressStore { conditional: false });
            }
        }
        Ok(())
    }

    /// Loads and stores of the loop whose address is loop invariant.
    fn uniform_mem_ops(&mut self, l: Loop) -> Vec<Inst> {
        let f = self.f;
        let mut out = Vec::new();
        for &b in self.lf.data(l).blocks() {
            for i in f.layout.block_insts(b) {
                let d = f.inst(i);
                let ptr = match d.opcode {
                    Opcode::Load => d.operands()[0],
                    Opcode::Store => d.operands()[1],
                    _ => continue,
                };
                let se = self.laa.scalar_evolution();
                let s = se.get_scev(ptr);
                if !se.is_cnc(s) && se.is_loop_invariant(s, l) {
                    out.push(i);
                }
            }
        }
        out
    }
}

/// The state `canVectorizeInstrs` builds.
#[derive(Default)]
struct Instrs {
    allowed_exit: FxHashSet<Inst>,
    inductions: Vec<(Inst, InductionDesc)>,
    reductions: Vec<(Inst, ReductionDesc)>,
    recurrences: Vec<(Inst, FixedOrderRecurrence)>,
    primary: Option<Inst>,
    widest_bits: Option<u32>,
    casts_to_ignore: Vec<Inst>,
    predicates: Vec<ScevPredicate>,
    exact_fp: Option<Inst>,
    live_outs: Vec<Inst>,
}

/// `isVectorIntrinsicWithScalarOpAtArg`: operand `k` of intrinsic `name`
/// stays scalar in the vector form (and must be loop invariant).
fn is_scalar_operand(name: &str, k: usize) -> bool {
    let Some(rest) = name.strip_prefix("llvm.") else {
        return false;
    };
    let base = |b: &str| rest == b || rest.strip_prefix(b).is_some_and(|r| r.starts_with('.'));
    match k {
        1 => base("abs") || base("ctlz") || base("cttz") || base("powi") || base("is.fpclass"),
        2 => base("smul.fix") || base("smul.fix.sat") || base("umul.fix") || base("umul.fix.sat"),
        _ => false,
    }
}

/// Floating-point library functions `TargetLibraryInfo::hasOptimizedCodeGen`
/// lists.
fn has_optimized_codegen(name: &str) -> bool {
    const NAMES: &[&str] = &[
        "copysign",
        "fabs",
        "sin",
        "cos",
        "sqrt",
        "sqrt_finite",
        "fmin",
        "fmax",
        "floor",
        "nearbyint",
        "ceil",
        "rint",
        "round",
        "trunc",
        "log2",
        "exp2",
        "roundeven",
        "ldexp",
    ];
    let base = name
        .strip_prefix("__")
        .map_or(name, |n| n.strip_suffix("_finite").unwrap_or(n));
    let stem = base
        .strip_suffix('f')
        .or_else(|| base.strip_suffix('l'))
        .unwrap_or(base);
    NAMES.contains(&base) || NAMES.contains(&stem)
}

/// The verdicts of every innermost loop of `f`, in the loop forest's
/// order.
pub fn analyze_function(
    m: &Module,
    f: &Function,
    cfg: &ControlFlowGraph,
    dt: &DominatorTree,
    lf: &LoopForest,
    opts: &VectorizeOptions,
) -> Vec<LoopVerdict> {
    let mut la = LegalityAnalysis::new(m, f, cfg, dt, lf, opts);
    lf.loops()
        .filter(|&l| lf.is_innermost(l))
        .map(|l| la.analyze(l))
        .collect()
}
