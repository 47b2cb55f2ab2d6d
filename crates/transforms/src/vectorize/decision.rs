//! What the cost model decides for a legal loop, and what the planner and
//! the transform read: the boundary between `cost.rs` and
//! `plan.rs`/`transform.rs`.
//!
//! LLVM 19's `LoopVectorizationCostModel` decides per width how each
//! memory operation is widened (`InstWidening`), which values stay scalar
//! or uniform, and then a width and an interleave count. The planner builds
//! recipes from these decisions and never decides them itself; the
//! transform executes the plan and decides nothing.

use loopwright_analysis::laa::InterleaveGroup;
use loopwright_ir::Inst;

/// How a load or store is vectorized at one width (LLVM's
/// `LoopVectorizationCostModel::InstWidening`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemWidening {
    /// One wide load or store of consecutive lanes (`CM_Widen`).
    Widen,
    /// Consecutive lanes in decreasing addresses: a wide access and a
    /// reversing shuffle (`CM_Widen_Reverse`).
    WidenReverse,
    /// Part of an interleave group (`CM_Interleave`).
    Interleave,
    /// `llvm.masked.gather`/`llvm.masked.scatter` (`CM_GatherScatter`).
    GatherScatter,
    /// One scalar access per lane (`CM_Scalarize`); a uniform address
    /// gives one access for all lanes.
    Scalarize,
}

/// The decisions for one width.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WidthDecisions {
    /// The number of lanes (fixed widths only).
    pub vf: u32,
    /// Each load and store of the loop with its widening, in program order.
    pub memory: Vec<(Inst, MemWidening)>,
    /// Instructions kept scalar after vectorization (LLVM's
    /// `ScalarsAfterVectorization`: address computations of widened
    /// accesses, scalarized operations, the induction updates used only
    /// by them).
    pub scalars: Vec<Inst>,
    /// Instructions whose value is the same in every lane and computed
    /// once per vector iteration (LLVM's `UniformsAfterVectorization`).
    pub uniforms: Vec<Inst>,
    /// The interleave groups whose members are decided
    /// [`MemWidening::Interleave`] at this width.
    pub groups: Vec<InterleaveGroup>,
    /// The vector loop must leave at least one iteration to the scalar
    /// loop (an interleave group of the loop reads past its last
    /// member's index: LLVM's `requiresScalarEpilogue`).
    pub requires_scalar_epilogue: bool,
}

impl WidthDecisions {
    /// The widening of memory operation `i`, if the loop has it.
    pub fn memory_of(&self, i: Inst) -> Option<MemWidening> {
        self.memory.iter().find(|(m, _)| *m == i).map(|&(_, w)| w)
    }
}

/// The cost model's choice for a loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selected {
    /// The chosen width's decisions (`vf` 1: not vectorized, perhaps
    /// interleaved).
    pub decisions: WidthDecisions,
    /// The interleave count (1: none).
    pub ic: u32,
    /// The decisions at the width of the vectorized epilogue (LLVM's
    /// epilogue vectorization: a second vector loop, interleave count 1,
    /// runs what the main vector loop leaves before the scalar loop).
    pub epilogue: Option<WidthDecisions>,
}
