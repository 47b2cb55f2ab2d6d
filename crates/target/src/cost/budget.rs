//! A bound on the work of one cost query.
//!
//! LLVM's fallbacks call each other (a shuffle nobody has a row for is
//! costed as element inserts and extracts, whose costs are shuffles of
//! smaller types, ...). On the types LLVM meets these recursions are
//! shallow, but on absurd types (thousands of lanes of an illegal element)
//! they branch at every level. Every outermost query gets a budget of
//! steps; once it is spent, the recursive fallbacks answer 1 instead of
//! recursing, so every query finishes quickly whatever its type.

use std::cell::Cell;

/// Steps per outermost query (ordinary queries take well under 1,000).
const LIMIT: u64 = 2_000;

thread_local! {
    /// (nesting depth of public queries, steps taken by the outermost).
    static STATE: Cell<(u32, u64)> = const { Cell::new((0, 0)) };
}

/// Marks a public query; the outermost one starts a new budget.
pub(crate) struct Query(());

pub(crate) fn enter() -> Query {
    STATE.with(|s| {
        let (depth, steps) = s.get();
        s.set((depth + 1, if depth == 0 { 0 } else { steps }));
    });
    Query(())
}

impl Drop for Query {
    fn drop(&mut self) {
        STATE.with(|s| {
            let (depth, steps) = s.get();
            s.set((depth.saturating_sub(1), steps));
        });
    }
}

/// Takes one step; `false` once the budget is spent.
pub(crate) fn step() -> bool {
    STATE.with(|s| {
        let (depth, steps) = s.get();
        s.set((depth, steps.saturating_add(1)));
        steps < LIMIT
    })
}
