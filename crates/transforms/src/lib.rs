//! Loop transformations over loopwright-ir.
//!
//! Every transformation is split the same way:
//! - **legality** decides, from `&Function` and analyses only, whether the
//!   transformation may be applied, and says why not;
//! - **cost** picks the parameters (counts, factors) from hints and the
//!   size model;
//! - **transform** applies a decided plan and never gives up half way.
//!
//! Canonical forms come first, as LLVM's passes with LLVM's names:
//! - [`simplify`]: `loop-simplify` (preheaders, a single backedge,
//!   dedicated exits);
//! - [`lcssa`]: `lcssa` (values used outside a loop go through phis in its
//!   exit blocks);
//! - [`rotate`]: `loop-rotate` (top-tested loops become guarded
//!   bottom-tested ones).
//!
//! [`utils`] holds what they share: phi and edge editing, block splitting
//! and SSA repair.
//!
//! Analyses are recomputed from scratch after each structural change
//! ([`FnAnalyses::compute`]); they are plain data and never borrow the
//! function.

pub mod lcssa;
pub mod remark;
pub mod rotate;
pub mod simplify;
pub mod unroll;
pub mod utils;
pub mod warn;

use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_ir::{Func, Function, Module};

/// The analyses a loop transformation needs, computed together.
pub struct FnAnalyses {
    pub cfg: ControlFlowGraph,
    pub dt: DominatorTree,
    pub loops: LoopForest,
}

impl FnAnalyses {
    pub fn compute(f: &Function) -> Self {
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let loops = LoopForest::compute(&cfg, &dt);
        FnAnalyses { cfg, dt, loops }
    }
}

/// What the passes know about one function and that stays true while the
/// function does not change: its analyses and what scalar evolution told
/// the unroll passes. A pipeline keeps one per function, so a pass after
/// one that left the function alone starts from what that pass knew
/// (LLVM's pass manager keeps preserved analyses the same way). A pass
/// that changes the function must [`clear`](FnMemo::clear) it; the passes
/// taking a memo do so themselves.
#[derive(Default)]
pub struct FnMemo {
    analyses: Option<FnAnalyses>,
    pub(crate) unroll: unroll::UnrollFacts,
}

impl FnMemo {
    /// Forgets everything (the function changed).
    pub fn clear(&mut self) {
        self.analyses = None;
        self.unroll.clear();
    }

    /// The analyses of `f`: the remembered ones, or computed afresh.
    pub(crate) fn take_analyses(&mut self, f: &Function) -> FnAnalyses {
        self.analyses
            .take()
            .unwrap_or_else(|| FnAnalyses::compute(f))
    }

    /// Remembers `a`, which must describe the function as it is now.
    pub(crate) fn keep_analyses(&mut self, a: FnAnalyses) {
        self.analyses = Some(a);
    }

    /// The analyses of `f`, computed once.
    pub(crate) fn analyses(&mut self, f: &Function) -> &FnAnalyses {
        self.analyses.get_or_insert_with(|| FnAnalyses::compute(f))
    }
}

/// Runs `op` on function `fid` with the rest of the module mutably
/// available (types, constants, metadata). While `op` runs, the module's
/// slot for `fid` holds a declaration with the function's header
/// ([`Function::declaration_copy`]), so a call of the function from its
/// own body sees its name and attributes.
pub fn with_function<R>(
    m: &mut Module,
    fid: Func,
    op: impl FnOnce(&mut Module, &mut Function) -> R,
) -> R {
    let placeholder = m.functions[fid].declaration_copy(&m.types);
    let mut f = std::mem::replace(&mut m.functions[fid], placeholder);
    let r = op(m, &mut f);
    m.functions[fid] = f;
    r
}

/// The ids of the functions with a body, in module order.
pub fn defined_functions(m: &Module) -> Vec<Func> {
    m.functions
        .iter()
        .filter(|(_, f)| !f.is_declaration())
        .map(|(k, _)| k)
        .collect()
}
