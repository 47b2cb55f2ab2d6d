//! The CFG edits `UnrollRuntimeLoopRemainder` is built from, each with
//! the exact effect of its LLVM counterpart on blocks, phis, names and
//! debug locations:
//!
//! - [`split_block`] is `SplitBlock(Old, Old->getTerminator())`
//!   (`utils::split_block`, which peeling uses too);
//! - [`split_predecessors`] is `SplitBlockPredecessors` with
//!   `PreserveLCSSA` on an edge that leaves a loop, which gives every phi
//!   of the split block a phi in the new block, even a single-entry one
//!   (LCSSA form is kept) (`utils::split_block_predecessors_lcssa`);
//! - [`form_dedicated_exits`] is `formDedicatedExitBlocks`
//!   (`utils::form_dedicated_exits`, which peeling uses too).
//!
//! Predecessor lists follow `utils::pred_edges`, the order LLVM's use
//! lists give after a fresh parse; it only decides the order of phi
//! entries.
//!
//! None of these edits can fail half way: each checks first and returns
//! `None` (changing nothing) when LLVM's would refuse.

pub use crate::utils::{
    distinct_pred_edges as preds, form_dedicated_exits, split_block,
    split_block_predecessors_lcssa as split_predecessors,
};
