//! Analyses over loopwright-ir: the control-flow graph, dominator and
//! post-dominator trees, and the IR verifier.
//!
//! All analyses are plain data computed from a `&Function` (they never
//! borrow it) and become stale when the function is edited; recompute them
//! after edits that change what they describe, or, for an edit confined to
//! a region of the function, update them ([`update`]): the result is the
//! same.
//!
//! - [`aa`]: alias analysis ([`aa::AliasAnalysis`]) as LLVM 19's default
//!   stack (BasicAA, scoped noalias, TBAA), mod/ref of instructions and
//!   calls, and the `aa-eval` printer.
//! - [`mod@cfg`]: [`ControlFlowGraph`] (predecessors, successors with edge
//!   multiplicities, reverse post-order, reachability, critical edges) and
//!   [`can_split_edge`] (the split itself is an edit: `loopwright_transforms::utils::split_edge`).
//! - [`domtree`]: [`DominatorTree`] and [`PostDominatorTree`] (Semi-NCA),
//!   with value dominance by LLVM's rules.
//! - [`demanded`]: [`DemandedBits`], the bits of integer results that can
//!   matter (LLVM's `DemandedBits`).
//! - [`effects`]: side effects and memory reads of instructions.
//! - [`ivdesc`]: descriptors of a loop's header phis (inductions,
//!   reductions, fixed-order recurrences) as LLVM's `IVDescriptors`, and
//!   why a phi is none of them.
//! - [`loops`]: [`LoopForest`], natural loops and their nesting as LLVM's
//!   `LoopInfo` computes them (same loops, block order and loop order).
//! - [`loopmd`]: the `!llvm.loop` metadata model: typed attributes,
//!   transformation modes, follow-up LoopIDs and access groups, with LLVM
//!   19's rules.
//! - [`scev`]: scalar evolution: add-recurrences, exit counts, the
//!   backedge-taken count, constant and symbolic maxima, trip multiples.
//! - [`verify`]: [`verify_function`] and [`verify_module`], and
//!   [`verify_edited`] for the functions edited since a module was accepted.
//! - [`update`]: the CFG, dominator tree and loop forest updated for an
//!   edit confined to a region (rotation's), equal to recomputed ones;
//!   their orders are order-maintenance lists (`order`).

pub mod aa;
pub mod cfg;
pub mod demanded;
pub mod domtree;
pub mod effects;
pub mod ivdesc;
pub mod laa;
pub mod loopmd;
pub mod loops;
pub(crate) mod order;
pub mod scev;
pub mod update;
pub mod verify;

pub use cfg::{can_split_edge, ControlFlowGraph};
pub use demanded::DemandedBits;
pub use domtree::{DominatorTree, InstOrder, PostDominatorTree};
pub use loops::{Loop, LoopData, LoopForest};
pub use verify::{
    verify_edited, verify_function, verify_module, verify_module_keeping, CfgAndDominators,
    Verified, VerifierError,
};
