//! The loop vectorizer, planned as LLVM's VPlan plans: legality, candidate
//! plans, cost, transform. [`legality`] is read-only and gives [`Legal`],
//! plain data; [`plan`] builds a [`plan::VPlan`] from it and a
//! [`WidthDecisions`] (the cost model's, [`cost::decide`];
//! [`plan::legal_decisions`] in the planner's unit tests); [`transform`]
//! executes a plan and decides nothing; [`pass`] is `loop-vectorize`,
//! which asks legality, then the cost model, then plans and executes.
//!
//! Scope of the first increment (issue 15): innermost loops in
//! loop-simplify form whose only exit is at the latch, whose trip count
//! scalar evolution computes, with straight-line bodies. Loops outside
//! that scope are rejected with a reason marked as a scope limit
//! ([`Rejection::is_scope_limit`]), in LLVM's words for the feature being
//! off (`if-conversion is disabled`, `loop control flow is not understood
//! by vectorizer`); opt-19 may vectorize them.
//!
//! The options are LLVM's (`-force-vector-width`, `-force-vector-interleave`,
//! the pass parameters `vectorize-forced-only` and `interleave-forced-only`,
//! the run-time check thresholds); the command-line spellings live in the
//! driver's `cli.rs`, which fills [`VectorizeOptions`].

pub mod cost;
pub mod decision;
pub mod legality;
pub mod pass;
pub mod plan;
mod prepare;
pub mod transform;

pub use cost::{CostDecision, CostInput, CostOptions, Outcome};
pub use decision::{MemWidening, Selected, WidthDecisions};
pub use legality::{
    analyze_function, Force, Hints, Legal, LegalityAnalysis, LoopVerdict, Rejection, RemarkKind,
};

use loopwright_analysis::laa::LaaOptions;
use loopwright_ir::{Function, Module};

/// The loop vectorizer's options, with LLVM 19's defaults.
#[derive(Clone, Debug)]
pub struct VectorizeOptions {
    /// `-force-vector-width` (0: not forced). A loop's
    /// `llvm.loop.vectorize.width` overrides it, as in LLVM.
    pub force_vector_width: u32,
    /// `-force-vector-interleave`, when given (it overrides a loop's
    /// `llvm.loop.interleave.count`, as in LLVM).
    pub force_vector_interleave: Option<u32>,
    /// The pass parameter `vectorize-forced-only`.
    pub vectorize_forced_only: bool,
    /// The pass parameter `interleave-forced-only`.
    pub interleave_forced_only: bool,
    /// `-runtime-memory-check-threshold` (8). See [`Legal::runtime_checks`]
    /// for how LLVM 19 applies it.
    pub runtime_memory_check_threshold: usize,
    /// `-vectorize-memory-check-threshold` (128): LLVM 19's limit on the
    /// cost of run-time checks when only interleaving.
    pub vectorize_memory_check_threshold: usize,
    /// `-vectorize-scev-check-threshold` (16).
    pub scev_check_threshold: usize,
    /// `-pragma-vectorize-scev-check-threshold` (128), for loops with
    /// `llvm.loop.vectorize.enable`.
    pub pragma_scev_check_threshold: usize,
    /// `-hints-allow-reordering` (true).
    pub hints_allow_reordering: bool,
    /// `-force-ordered-reductions`, when given; otherwise the target's
    /// answer (x86: no in-order floating-point reductions).
    pub force_ordered_reductions: Option<bool>,
    /// Loop access analysis's own options (the target's vector width is
    /// filled in per function by [`laa_options`]).
    pub laa: LaaOptions,
    /// The cost model's options ([`cost::CostOptions`]).
    pub cost: CostOptions,
    /// A deliberate defect of the transform, for the execution test to show
    /// it catches miscompiles (`vectorize_exec.rs`); `None` in every real
    /// use (no command-line option sets it).
    pub self_test_defect: Option<transform::Defect>,
}

impl Default for VectorizeOptions {
    fn default() -> Self {
        VectorizeOptions {
            force_vector_width: 0,
            force_vector_interleave: None,
            vectorize_forced_only: false,
            interleave_forced_only: false,
            runtime_memory_check_threshold:
                loopwright_analysis::laa::RUNTIME_MEMORY_CHECK_THRESHOLD,
            vectorize_memory_check_threshold: 128,
            scev_check_threshold: 16,
            pragma_scev_check_threshold: 128,
            hints_allow_reordering: true,
            force_ordered_reductions: None,
            laa: LaaOptions::default(),
            cost: CostOptions::default(),
            self_test_defect: None,
        }
    }
}

/// Parses the parameters of `loop-vectorize<...>` as LLVM's
/// `parseLoopVectorizeOptions` does: `;`-separated
/// `[no-]interleave-forced-only` and `[no-]vectorize-forced-only`, the last
/// one winning; `Err` with LLVM's message otherwise.
pub fn parse_pass_params(params: &str, opts: &mut VectorizeOptions) -> Result<(), String> {
    if params.is_empty() {
        return Ok(());
    }
    for p in params.split(';') {
        let (on, name) = match p.strip_prefix("no-") {
            Some(rest) => (false, rest),
            None => (true, p),
        };
        match name {
            "interleave-forced-only" => opts.interleave_forced_only = on,
            "vectorize-forced-only" => opts.vectorize_forced_only = on,
            _ => return Err(format!("invalid LoopVectorize parameter '{p}' ")),
        }
    }
    Ok(())
}

/// Loop access analysis's options for `f`: `base` with the target's
/// maximum vector width (twice its vector register width, as LLVM's
/// `MaxTargetVectorWidthInBits`).
pub fn laa_options(m: &Module, f: &Function, base: &LaaOptions) -> LaaOptions {
    use loopwright_target::RegisterKind;
    let target = loopwright_target::TargetModel::for_function(m, f);
    let width = target
        .subtarget()
        .register_bit_width(RegisterKind::FixedVector);
    LaaOptions {
        max_target_vector_width_bits: (width != 0).then_some(2 * u64::from(width)),
        // `enableInterleavedAccessVectorization`: x86 but Atom.
        interleaved_accesses: !target.subtarget().has(loopwright_target::Feature::IsAtom),
        ..base.clone()
    }
}

#[cfg(test)]
mod plan_tests;
#[cfg(test)]
mod tests;
