//! The loop-metadata model: `!llvm.loop` attributes, transformation modes,
//! follow-up LoopIDs and access groups, with LLVM 19's rules.
//!
//! # The data
//!
//! A loop's *LoopID* is the node attached as `!llvm.loop` to the terminators
//! of all its latches. It is a tuple whose first operand is the node itself
//! (LLVM prints it `distinct`); every later operand is either an *attribute
//! node* `!{!"name", args...}`, or a `!DILocation` (the first one is the
//! loop's start location, the second its end location). Anything else is
//! kept but means nothing to LLVM.
//!
//! - [`hints`]: [`LoopAttrs::read`] gives a typed view of a LoopID and the
//!   [`MdWarning`]s for malformed attributes; the `has_*_transformation`
//!   methods give the [`TransformationMode`] of each transformation.
//!   [`loop_id_of_latches`] is `Loop::getLoopID`.
//! - Building LoopIDs (new ones, follow-ups, the LoopID every loop a
//!   transformation generates) edits the module and lives with the
//!   transformations: `loopwright_transforms::loopid`.
//! - [`access`]: access groups (`!llvm.access.group`,
//!   `llvm.loop.parallel_accesses`): [`is_annotated_parallel`]; fresh
//!   groups for cloned instructions are `loopwright_transforms::loopid`'s.
//! - [`describe`]: a serde-free tree for loop reports ([`LoopAttrs::describe`])
//!   and a structural printer of metadata ([`render_md`]).
//!
//! # Which reader LLVM uses
//!
//! LLVM reads the same attribute in different ways in different places,
//! and this model keeps both where they differ:
//!
//! - The *generic readers* of `LoopInfo.cpp` look at the **first** attribute
//!   node with the name (`findOptionMDForLoopID`). A boolean attribute is
//!   true when it has no value, when its value is not an integer, or when
//!   its integer is non-zero (`getOptionalBoolLoopAttribute`). An integer
//!   attribute needs exactly one value that is an integer; it is
//!   sign-extended and truncated to 32 bits (`getOptionalIntLoopAttribute`
//!   returns `std::optional<int>`). The transformation modes
//!   ([`LoopAttrs::has_unroll_transformation`] and friends) use only these,
//!   through [`LoopAttrs::bool_attr`] and [`LoopAttrs::int_attr`].
//! - The *passes* read their options themselves, and these readings are
//!   the typed fields of [`LoopAttrs`]:
//!   - the unroller and unroll-and-jam (`GetUnrollMetadata`) take the first
//!     node with the name; `enable`, `full` and `runtime.disable` count by
//!     their **presence**, whatever their value; a count must be one
//!     integer (zero-extended) and at least 1;
//!   - the loop vectorizer (`LoopVectorizeHints`) walks **all** attributes,
//!     uses only those with exactly one integer value (zero-extended,
//!     truncated to 32 bits), ignores invalid ones, and the **last** valid
//!     one wins: `vectorize.width` must be a power of two up to 64,
//!     `interleave.count` a power of two up to 16, `vectorize.enable`,
//!     `isvectorized`, `vectorize.predicate.enable` and
//!     `vectorize.scalable.enable` 0 or 1. So `!{!"llvm.loop.isvectorized"}`
//!     (no value) does not stop the vectorizer (checked with opt-19) while
//!     `hasVectorizeTransformation` reads it as "disabled";
//!   - loop distribution requires a value on `distribute.enable`;
//!   - versioning LICM skips a loop by the **presence** of
//!     `licm_versioning.disable` (and writes it with the value `i32 0`,
//!     which the generic reader reads as false).
//!
//! # Deliberate differences from LLVM 19
//!
//! Where LLVM asserts, crashes or has undefined behaviour, this model
//! warns and ignores instead, and never panics:
//!
//! - An attribute of a known name with two or more values reaches an
//!   `llvm_unreachable` in the generic readers; here the generic readers see
//!   no value and the typed field ignores it.
//! - `!{!"llvm.loop.distribute.enable"}` without a value makes opt-19's
//!   loop distribution crash (checked: segmentation fault); here loop
//!   distribution ignores it while `has_distribute_transformation` follows
//!   LLVM's generic reader (forced).
//! - A count that is not an integer (the unroller would crash), zero or
//!   negative (the unroller asserts in debug builds and, in release builds,
//!   treats 0 as "no count" and a negative count as a count of about 4
//!   billion), or above [`MAX_COUNT`] is ignored with a warning. The
//!   transformation mode still follows LLVM: `unroll.count 0` is forced.
//! - Integers wider than 64 bits: LLVM asserts in `getZExtValue`; here they
//!   are not integers.
//! - `makeFollowupLoopID` with an inheritance prefix casts every operand to a
//!   node (a string or null operand would crash); here such operands are
//!   inherited verbatim, as LLVM inherits malformed attribute nodes.
//! - A node that is not a valid LoopID (no self-reference) is treated as no
//!   LoopID, as `Loop::getLoopID` does; building functions given one act as
//!   if the loop had no LoopID.
//!
//! # Facts checked against opt-19 (and differences from the reference text)
//!
//! The `TransformMetadata` document is not always what LLVM 19 does; the
//! follow-up functions (`loopwright_transforms::loopid`, which write what
//! this module reads) implement what opt-19 does (see the tests in
//! `loopid/tests.rs`, which replay the observed outputs, and
//! `loopid/tests_opt.rs`, which compares with opt-19 live when it is
//! installed):
//!
//! - A follow-up LoopID inherits **nothing** from the original loop, not even
//!   its `!DILocation`s (only loop distribution's fallback loop inherits,
//!   everything but `llvm.loop.distribute.*`).
//! - Unrolling without a follow-up: the remainder loop gets exactly
//!   `{llvm.loop.unroll.disable}` (the document says "no attributes"); the
//!   unrolled loop gets the original attributes minus `llvm.loop.unroll.*`
//!   plus `llvm.loop.unroll.disable` only when the unroll count was set
//!   explicitly, and keeps the original LoopID otherwise.
//! - Vectorizing: the vector loop gets `llvm.loop.unroll.runtime.disable`
//!   appended even when a follow-up is given (unless the target unrolls
//!   vector loops); `addRuntimeUnrollDisableMetaData` checks only the
//!   **last** attribute for `llvm.loop.unroll.disable`, so the scalar
//!   epilogue gets `runtime.disable` despite an `unroll.count`.
//! - clang 19 writes follow-ups whose operand is a whole LoopID
//!   (`!{!"...followup_all", !5}` with `!5 = distinct !{!5, ...}`); LLVM 19
//!   copies that operand as one opaque "attribute", so the attributes inside
//!   it are invisible to later passes (fixed in clang after 19). This model
//!   does the same and warns.
//! - When unrolling, LLVM 19 keeps the cloned instructions in the same
//!   access groups; `loopwright_transforms::loopid::refresh_access_groups`
//!   is for transformations that need distinct groups, not what LLVM's
//!   unroller does.

pub mod access;
pub mod describe;
pub mod hints;

#[cfg(test)]
mod tests;

pub use access::{
    access_groups, is_access_group, is_annotated_parallel, is_annotated_parallel_in_blocks,
    may_read_or_write_memory,
};
pub use describe::{render_attr_set, render_md, DescValue, Description};
pub use hints::{
    is_loop_id, loop_id_of_latches, DistributeHints, Entry, Followup, LoopAttrs, MdWarning,
    RawAttr, TransformationMode, UnrollAndJamHints, UnrollHints, VectorizeHints, MAX_COUNT,
};

/// Attribute names, as LLVM 19 spells them.
pub mod names {
    /// The prefix of every loop attribute.
    pub const LOOP_PREFIX: &str = "llvm.loop.";

    pub const UNROLL_PREFIX: &str = "llvm.loop.unroll.";
    pub const UNROLL_ENABLE: &str = "llvm.loop.unroll.enable";
    pub const UNROLL_DISABLE: &str = "llvm.loop.unroll.disable";
    pub const UNROLL_COUNT: &str = "llvm.loop.unroll.count";
    pub const UNROLL_FULL: &str = "llvm.loop.unroll.full";
    pub const UNROLL_RUNTIME_DISABLE: &str = "llvm.loop.unroll.runtime.disable";
    pub const UNROLL_FOLLOWUP_ALL: &str = "llvm.loop.unroll.followup_all";
    pub const UNROLL_FOLLOWUP_UNROLLED: &str = "llvm.loop.unroll.followup_unrolled";
    pub const UNROLL_FOLLOWUP_REMAINDER: &str = "llvm.loop.unroll.followup_remainder";

    pub const UNROLL_AND_JAM_PREFIX: &str = "llvm.loop.unroll_and_jam.";
    pub const UNROLL_AND_JAM_ENABLE: &str = "llvm.loop.unroll_and_jam.enable";
    pub const UNROLL_AND_JAM_DISABLE: &str = "llvm.loop.unroll_and_jam.disable";
    pub const UNROLL_AND_JAM_COUNT: &str = "llvm.loop.unroll_and_jam.count";
    pub const UNROLL_AND_JAM_FOLLOWUP_ALL: &str = "llvm.loop.unroll_and_jam.followup_all";
    pub const UNROLL_AND_JAM_FOLLOWUP_OUTER: &str = "llvm.loop.unroll_and_jam.followup_outer";
    pub const UNROLL_AND_JAM_FOLLOWUP_INNER: &str = "llvm.loop.unroll_and_jam.followup_inner";
    pub const UNROLL_AND_JAM_FOLLOWUP_REMAINDER_OUTER: &str =
        "llvm.loop.unroll_and_jam.followup_remainder_outer";
    pub const UNROLL_AND_JAM_FOLLOWUP_REMAINDER_INNER: &str =
        "llvm.loop.unroll_and_jam.followup_remainder_inner";

    pub const VECTORIZE_PREFIX: &str = "llvm.loop.vectorize.";
    pub const INTERLEAVE_PREFIX: &str = "llvm.loop.interleave.";
    pub const VECTORIZE_ENABLE: &str = "llvm.loop.vectorize.enable";
    pub const VECTORIZE_WIDTH: &str = "llvm.loop.vectorize.width";
    pub const VECTORIZE_SCALABLE_ENABLE: &str = "llvm.loop.vectorize.scalable.enable";
    pub const VECTORIZE_PREDICATE_ENABLE: &str = "llvm.loop.vectorize.predicate.enable";
    pub const INTERLEAVE_COUNT: &str = "llvm.loop.interleave.count";
    pub const IS_VECTORIZED: &str = "llvm.loop.isvectorized";
    pub const VECTORIZE_FOLLOWUP_ALL: &str = "llvm.loop.vectorize.followup_all";
    pub const VECTORIZE_FOLLOWUP_VECTORIZED: &str = "llvm.loop.vectorize.followup_vectorized";
    pub const VECTORIZE_FOLLOWUP_EPILOGUE: &str = "llvm.loop.vectorize.followup_epilogue";

    pub const DISTRIBUTE_PREFIX: &str = "llvm.loop.distribute.";
    pub const DISTRIBUTE_ENABLE: &str = "llvm.loop.distribute.enable";
    pub const DISTRIBUTE_FOLLOWUP_ALL: &str = "llvm.loop.distribute.followup_all";
    pub const DISTRIBUTE_FOLLOWUP_COINCIDENT: &str = "llvm.loop.distribute.followup_coincident";
    pub const DISTRIBUTE_FOLLOWUP_SEQUENTIAL: &str = "llvm.loop.distribute.followup_sequential";
    pub const DISTRIBUTE_FOLLOWUP_FALLBACK: &str = "llvm.loop.distribute.followup_fallback";

    pub const LICM_VERSIONING_DISABLE: &str = "llvm.loop.licm_versioning.disable";
    /// Note: no `loop.` in this one.
    pub const LICM_DISABLE: &str = "llvm.licm.disable";
    pub const DISABLE_NONFORCED: &str = "llvm.loop.disable_nonforced";
    pub const MUSTPROGRESS: &str = "llvm.loop.mustprogress";
    pub const PARALLEL_ACCESSES: &str = "llvm.loop.parallel_accesses";
    pub const PEELED_COUNT: &str = "llvm.loop.peeled.count";

    /// The legacy instruction attachment naming the parallel loops
    /// (`llvm.mem.parallel_loop_access`).
    pub const MEM_PARALLEL_LOOP_ACCESS: &str = "llvm.mem.parallel_loop_access";
}
