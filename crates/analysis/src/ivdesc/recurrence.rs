//! Fixed-order recurrences (LLVM 19's
//! `RecurrenceDescriptor::isFixedOrderRecurrence`).
//!
//! A header phi whose backedge value is an instruction of the loop
//! (`previous`) holds, in each iteration, `previous` of the iteration
//! before: a first-order recurrence. When the backedge value is another
//! header phi, the chain of phis is followed to the first non-phi value;
//! the recurrence's order is the length of that chain plus one.
//!
//! A vectorizer computes the phi's vector from `previous`'s vectors of
//! this and the last iteration, so the phi's value exists only after
//! `previous`; every user of the phi (and, transitively, their users) that
//! `previous` does not dominate must be moved after `previous`. That is
//! possible only for instructions of the header that neither have side
//! effects nor read memory and are not terminators; a user in another
//! block not dominated by `previous`, or a cycle back to `previous`, makes
//! the phi no recurrence. Phis among the users need no moving.

use super::util::Cx;
use crate::effects::{may_have_side_effects, may_read_memory};
use loopwright_ir::{Inst, Opcode, Operand};
use rustc_hash::FxHashSet;

/// A fixed-order recurrence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedOrderRecurrence {
    /// The value entering from the preheader.
    pub start: Operand,
    /// The instruction whose value of the previous iteration the phi
    /// holds (through `order - 1` further header phis).
    pub previous: Inst,
    /// 1 for a first-order recurrence, 2 when the backedge value is
    /// another header phi that is a first-order recurrence, and so on.
    pub order: u32,
    /// The instructions that must be moved after `previous`, in program
    /// order.
    pub sink: Vec<Inst>,
}

/// Why a phi is not a fixed-order recurrence.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RecurrenceFailure {
    /// The backedge value is not an instruction of the loop other than a
    /// phi (a constant, an argument, a value from before the loop, or a
    /// phi of another block).
    PreviousNotInLoop,
    /// The backedge values of the header phis form a cycle of phis.
    PhiCycle,
    /// A user (transitively) of the phi is `previous` itself.
    Cycle { user: Inst },
    /// A user (transitively) of the phi that `previous` does not dominate
    /// cannot be moved after it.
    CannotSink { user: Inst, why: SinkBlocker },
}

/// Why an instruction cannot be moved after `previous`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SinkBlocker {
    /// It is in another block than the header.
    OtherBlock,
    /// It may write memory, throw or not return.
    SideEffects,
    /// It may read memory.
    ReadsMemory,
    /// It is a terminator.
    Terminator,
}

/// LLVM's `isFixedOrderRecurrence`.
pub(crate) fn fixed_order_recurrence(
    cx: &Cx<'_>,
    phi: Inst,
) -> Result<FixedOrderRecurrence, RecurrenceFailure> {
    use RecurrenceFailure as F;
    let start = cx.incoming(phi, cx.preheader).ok_or(F::PreviousNotInLoop)?;
    let mut prev = cx
        .incoming(phi, cx.latch)
        .and_then(|o| cx.def(o))
        .ok_or(F::PreviousNotInLoop)?;
    let mut order = 1u32;
    let mut seen_phis: FxHashSet<Inst> = FxHashSet::default();
    while cx.inst(prev).opcode == Opcode::Phi {
        if cx.block(prev) != Some(cx.header) {
            return Err(F::PreviousNotInLoop);
        }
        if !seen_phis.insert(prev) {
            return Err(F::PhiCycle);
        }
        prev = cx
            .incoming(prev, cx.latch)
            .and_then(|o| cx.def(o))
            .ok_or(F::PreviousNotInLoop)?;
        order += 1;
    }
    if !cx.in_loop(prev) {
        return Err(F::PreviousNotInLoop);
    }
    let mut seen: FxHashSet<Inst> = FxHashSet::default();
    let mut sink = Vec::new();
    let mut work = vec![phi];
    while let Some(cur) = work.pop() {
        for user in cx.users(cur) {
            if user == prev {
                return Err(F::Cycle { user });
            }
            if !seen.insert(user) {
                continue;
            }
            if dominates(cx, prev, user) {
                continue;
            }
            let d = cx.inst(user);
            let why = if cx.block(user) != Some(cx.header) {
                Some(SinkBlocker::OtherBlock)
            } else if may_have_side_effects(cx.m, d) {
                Some(SinkBlocker::SideEffects)
            } else if may_read_memory(cx.m, d) {
                Some(SinkBlocker::ReadsMemory)
            } else if d.opcode.is_terminator() {
                Some(SinkBlocker::Terminator)
            } else {
                None
            };
            if let Some(why) = why {
                return Err(F::CannotSink { user, why });
            }
            if d.opcode == Opcode::Phi {
                continue;
            }
            work.push(user);
            sink.push(user);
        }
    }
    sink.sort_by_key(|&i| cx.order_key(i));
    Ok(FixedOrderRecurrence {
        start,
        previous: prev,
        order,
        sink,
    })
}

/// LLVM's `DominatorTree::dominates(const Instruction *Def, const
/// Instruction *User)`: a use in an unreachable block is dominated; a
/// definition in one dominates nothing; a phi user (or an `invoke` or
/// `callbr` definition) needs `def`'s block to dominate the user's block
/// strictly; otherwise block dominance, or order within one block.
fn dominates(cx: &Cx<'_>, def: Inst, user: Inst) -> bool {
    let (Some(db), Some(ub)) = (cx.block(def), cx.block(user)) else {
        return false;
    };
    if !cx.dt.is_reachable(ub) {
        return true;
    }
    if !cx.dt.is_reachable(db) || def == user {
        return false;
    }
    let dop = cx.inst(def).opcode;
    if matches!(dop, Opcode::Invoke | Opcode::CallBr) {
        // Only the normal destination's dominance region sees the result;
        // never assumed here.
        return false;
    }
    if cx.inst(user).opcode == Opcode::Phi {
        return db != ub && cx.dt.dominates(db, ub);
    }
    if db != ub {
        return cx.dt.dominates(db, ub);
    }
    cx.order_key(def) < cx.order_key(user)
}
