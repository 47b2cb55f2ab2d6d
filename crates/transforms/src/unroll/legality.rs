//! Whether a loop can be unrolled at all (the checks of LLVM's
//! `UnrollLoop` before it changes anything).

use crate::FnAnalyses;
use loopwright_analysis::Loop;
use loopwright_ir::{Function, Module, Opcode};

/// Why a loop cannot be unrolled.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Rejection {
    NoPreheader,
    NoSingleLatch,
    /// An `indirectbr`, or a call marked `noduplicate`.
    NotClonable,
    /// The header's address is taken by a `blockaddress`.
    HeaderAddressTaken,
    /// The latch ends in a conditional branch that does not leave the loop,
    /// or in something other than a branch.
    LatchNotExitingOrUnconditional,
}

impl Rejection {
    /// The variant's name, for `-debug-only=loop-unroll`.
    pub fn name(self) -> &'static str {
        match self {
            Rejection::NoPreheader => "NoPreheader",
            Rejection::NoSingleLatch => "NoSingleLatch",
            Rejection::NotClonable => "NotClonable",
            Rejection::HeaderAddressTaken => "HeaderAddressTaken",
            Rejection::LatchNotExitingOrUnconditional => "LatchNotExitingOrUnconditional",
        }
    }

    /// Why, in words (after LLVM's `-debug-only=loop-unroll` messages).
    /// LLVM emits no remark for these: `UnrollLoop` returns `Unmodified`.
    pub fn reason(self) -> &'static str {
        match self {
            Rejection::NoPreheader => "loop has no preheader",
            Rejection::NoSingleLatch => "loop has no single latch",
            Rejection::NotClonable => "loop body cannot be cloned (indirectbr or noduplicate call)",
            Rejection::HeaderAddressTaken => "loop header has its address taken",
            Rejection::LatchNotExitingOrUnconditional => {
                "loop latch is neither exiting nor an unconditional branch"
            }
        }
    }
}

/// The legality checks of `UnrollLoop`: read-only; LLVM runs them after
/// the cost model chose a count (and emitted its remarks), before any
/// edit, and so does [`super::decide`].
pub fn check(m: &Module, f: &Function, a: &FnAnalyses, l: Loop) -> Result<(), Rejection> {
    let lf = &a.loops;
    lf.preheader(f, &a.cfg, l).ok_or(Rejection::NoPreheader)?;
    let latch = lf.latch(&a.cfg, l).ok_or(Rejection::NoSingleLatch)?;
    for &b in lf.data(l).blocks() {
        for i in f.layout.block_insts(b) {
            let data = f.inst(i);
            if data.opcode == Opcode::IndirectBr {
                return Err(Rejection::NotClonable);
            }
            if let Some(ci) = data.call_info() {
                if m.attrs.has(ci.fn_attrs, "noduplicate") {
                    return Err(Rejection::NotClonable);
                }
            }
        }
    }
    if crate::utils::address_taken(m, lf.header(l)) {
        return Err(Rejection::HeaderAddressTaken);
    }
    let t = f
        .terminator(latch)
        .ok_or(Rejection::LatchNotExitingOrUnconditional)?;
    let data = f.inst(t);
    if data.opcode != Opcode::Br || (data.operands().len() == 3 && !lf.is_exiting(&a.cfg, l, latch))
    {
        return Err(Rejection::LatchNotExitingOrUnconditional);
    }
    Ok(())
}
