//! Work splitting for the read-only whole-module phases that run on
//! several threads (verifying, printing).
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
