//! Work splitting for the read-only whole-module phases that run on
//! several threads (the parser's pre-scan, verifying, printing), and the
//! one place that starts and joins their threads ([`run_beside`]).
//!
//! Functions are split into contiguous runs of about equal size (counted
//! in instructions), so that results can be concatenated in module order
//! and the output does not depend on the number of threads.

use crate::Module;
use std::ops::Range;

/// Below this many instructions in the whole module, a phase runs on the
/// calling thread: starting a thread costs more than it saves.
pub const MIN_PARALLEL_INSTS: usize = 20_000;

/// The number of threads a whole-module phase may use: the available
/// parallelism, at most 8; `LOOPWRIGHT_THREADS=N` overrides it (1 runs
/// everything on the calling thread).
pub fn threads() -> usize {
    if let Some(n) = std::env::var("LOOPWRIGHT_THREADS")
        .ok()
        .and_then(|s| s.trim().parse::<usize>().ok())
    {
        return n.clamp(1, 64);
    }
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// Runs `f` on every item and returns the results in item order: the first
/// item on the calling thread, each other on a thread of its own (see
/// [`run_beside`]).
pub fn run_each<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let mut items = items.into_iter();
    let Some(first) = items.next() else {
        return Vec::new();
    };
    let (r0, rest) = run_beside(|| f(first), items.collect(), &f);
    std::iter::once(r0).chain(rest).collect()
}

/// Runs `here` on the calling thread while `f` runs on every item, each on
/// a thread of its own; returns `here`'s result and the items' results in
/// item order. An item whose thread cannot be started is run on the calling
/// thread afterwards; a panic in any thread is resumed on the calling one.
pub fn run_beside<A, T: Send, R: Send>(
    here: impl FnOnce() -> A,
    items: Vec<T>,
    f: impl Fn(T) -> R + Sync,
) -> (A, Vec<R>) {
    use std::sync::{Mutex, PoisonError};
    // Each item is taken once, by its thread or, failing that, here.
    let slots: Vec<Mutex<Option<T>>> = items.into_iter().map(|t| Mutex::new(Some(t))).collect();
    let take = |i: usize| {
        slots
            .get(i)?
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    };
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..slots.len())
            .map(|i| {
                std::thread::Builder::new()
                    .spawn_scoped(s, move || take(i).map(f))
                    .ok()
            })
            .collect();
        let a = here();
        let mut out = Vec::with_capacity(slots.len());
        for (i, h) in handles.into_iter().enumerate() {
            let r = match h.map(|h| h.join()) {
                Some(Ok(r)) => r,
                Some(Err(p)) => std::panic::resume_unwind(p),
                None => None,
            };
            out.extend(r.or_else(|| take(i).map(f)));
        }
        (a, out)
    })
}

/// Splits the functions of `m` (by index) into at most `parts` contiguous
/// ranges of about equal instruction counts, covering every function in
/// order. Small modules get a single range.
pub fn split_functions(m: &Module, parts: usize) -> Vec<Range<usize>> {
    let n = m.functions.len();
    let sizes: Vec<usize> = m.functions.values().map(|f| f.num_inst_ids() + 1).collect();
    let total: usize = sizes.iter().sum();
    if parts <= 1 || n <= 1 || total < MIN_PARALLEL_INSTS {
        return std::iter::once(0..n).collect();
    }
    let parts = parts.min(n);
    let mut out = Vec::with_capacity(parts);
    let mut start = 0;
    let mut acc = 0;
    for (i, s) in sizes.iter().enumerate() {
        acc += s;
        // Close a range when the running total passes the next boundary.
        let boundary = total * (out.len() + 1) / parts;
        if acc >= boundary && out.len() + 1 < parts {
            out.push(start..i + 1);
            start = i + 1;
        }
    }
    out.push(start..n);
    out.retain(|r| !r.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Function, InstData, Opcode, TypeTable};

    fn module_with(sizes: &[usize]) -> Module {
        let mut m = Module::new();
        for (k, &s) in sizes.iter().enumerate() {
            let void = TypeTable::VOID;
            let mut f = Function::new(Some(format!("f{k}")), void, &m.types);
            for _ in 0..s {
                f.make_inst(InstData::new(Opcode::Unreachable, void, []));
            }
            m.functions.push(f);
        }
        m
    }

    #[test]
    fn run_each_keeps_item_order() {
        let out = run_each((0..7).collect(), |i: u64| {
            std::thread::sleep(std::time::Duration::from_millis(7 - i));
            i * i
        });
        assert_eq!(out, vec![0, 1, 4, 9, 16, 25, 36]);
        assert!(run_each(Vec::<u8>::new(), |x| x).is_empty());
    }

    #[test]
    fn small_modules_are_one_range() {
        let m = module_with(&[10, 10, 10]);
        assert_eq!(split_functions(&m, 4), vec![0..3]);
    }

    #[test]
    fn ranges_cover_all_functions_in_order_and_balance() {
        let m = module_with(&[30_000, 5_000, 5_000, 5_000, 15_000, 1]);
        for parts in 1..=8 {
            let r = split_functions(&m, parts);
            assert!(r.len() <= parts);
            assert_eq!(r.first().map(|r| r.start), Some(0));
            assert_eq!(r.last().map(|r| r.end), Some(6));
            for w in r.windows(2) {
                assert_eq!(w[0].end, w[1].start);
            }
        }
        let even = module_with(&[20_000, 20_000, 20_000, 20_000]);
        assert_eq!(split_functions(&even, 2), [0..2, 2..4]);
        assert_eq!(split_functions(&even, 4), [0..1, 1..2, 2..3, 3..4]);
        assert_eq!(split_functions(&m, 64).len(), 6);
    }
}
