//! Unrolling cost: the loop's size, the unrolling preferences (LLVM's
//! `UnrollingPreferences` with its defaults, the target's settings and the
//! command-line overrides), and the choice of the unroll count in LLVM's
//! priority order (`computeUnrollCount`).
//!
//! # Size
//! LLVM measures a loop with `CodeMetrics` and the target's code-size
//! cost of each instruction: the target model's
//! [`loopwright_target::size::inst_cost`] (x86-64's costs as opt-19 sees
//! them, calibrated against opt-19's unroll counts). A loop never counts
//! less than `BEInsns + 1` = 3.
//!
//! # Target preferences
//! For x86 targets LLVM enables partial, runtime and upper-bound unrolling
//! with a partial threshold equal to the tuned CPU's loop micro-op buffer
//! size, which the target model knows
//! ([`loopwright_target::Subtarget::loop_buffer_size`]: 28 for `x86-64` and
//! Sandy Bridge-class CPUs, 50 for Haswell and later Intel cores), unless
//! the loop contains a call that is lowered to a call (intrinsics and a few
//! math functions are not). Without a known target
//! (no triple), only full unrolling and pragmas apply, as with opt-19 on
//! such a module.

use super::UnrollOptions;
use loopwright_ir::{ConstData, Function, GlobalRef, Module, Opcode, Operand, TypeData};
use loopwright_target::TargetModel;

/// LLVM's `UnrollingPreferences`, the parts loopwright uses.
#[derive(Clone, Debug)]
pub struct Prefs {
    pub threshold: u32,
    /// `-pragma-unroll-threshold`: the thresholds an explicit pragma raises
    /// the loop's to.
    pub pragma_threshold: u32,
    pub max_percent_threshold_boost: u32,
    pub partial_threshold: u32,
    pub count: u32,
    pub default_runtime_count: u32,
    pub max_count: u32,
    pub max_upper_bound: u32,
    pub full_unroll_max_count: u32,
    pub be_insns: u32,
    pub partial: bool,
    pub runtime: bool,
    pub allow_remainder: bool,
    pub unroll_remainder: bool,
    pub allow_expensive_trip_count: bool,
    pub force: bool,
    pub upper_bound: bool,
}

/// `-unroll-threshold-aggressive` (at -O3) and `-unroll-threshold-default`.
pub const THRESHOLD_O3: u32 = 300;
pub const THRESHOLD_DEFAULT: u32 = 150;
/// `-pragma-unroll-threshold`.
pub const PRAGMA_THRESHOLD: u32 = 16 * 1024;
/// `-pragma-unroll-full-max-iterations`.
pub const PRAGMA_FULL_MAX_ITERATIONS: u32 = 1_000_000;
/// Our own hard limit on the size of an unrolled loop, whatever pragmas
/// and options ask for (LLVM has none and will try to unroll a loop 2^31
/// times when told to). Ten times the pragma threshold.
pub const HARD_SIZE_LIMIT: u64 = 10 * PRAGMA_THRESHOLD as u64;

/// What a loop's body costs, and whether it may be unrolled at all.
#[derive(Clone, Debug)]
pub struct LoopSize {
    /// `CodeMetrics::NumInsts` (at least `be_insns + 1`).
    pub size: u32,
    /// Calls to local functions with a single use, which the inliner will
    /// handle first (LLVM does not unroll such loops).
    pub inline_candidates: u32,
    /// A `noduplicate` call, or an `indirectbr`/`callbr`.
    pub not_duplicatable: bool,
    /// A `convergent` call.
    pub convergent: bool,
    /// The first call (or invoke) the target lowers to a real call, in the
    /// loop's block order (x86 then advises against partial and runtime
    /// unrolling, naming it in a remark).
    pub real_call: Option<loopwright_ir::Inst>,
}

impl LoopSize {
    /// `getUnrolledLoopSize`.
    pub fn unrolled(&self, p: &Prefs, count: u32) -> u64 {
        u64::from(self.size.saturating_sub(p.be_insns)) * u64::from(count) + u64::from(p.be_insns)
    }
}

// The code-size model lives in the target model; the simulation reaches it
// through these names.
pub(crate) use loopwright_target::size::{inst_cost, lowered_to_call};

/// Measures the blocks of a loop.
pub fn measure(
    m: &Module,
    f: &Function,
    blocks: &[loopwright_ir::Block],
    be_insns: u32,
    uses: Option<&crate::utils::func_uses::FuncUses>,
) -> LoopSize {
    let mut s = LoopSize {
        size: 0,
        inline_candidates: 0,
        not_duplicatable: false,
        convergent: false,
        real_call: None,
    };
    for &b in blocks {
        for i in f.layout.block_insts(b) {
            let data = f.inst(i);
            s.size = s.size.saturating_add(inst_cost(m, f, data));
            match data.opcode {
                Opcode::IndirectBr | Opcode::CallBr => s.not_duplicatable = true,
                Opcode::Call | Opcode::Invoke => {
                    let ci = data.call_info();
                    let site_attrs = ci.map(|c| c.fn_attrs);
                    let g = m.called_function(data);
                    let callee_attrs = g.map(|g| m.functions[g].fn_attrs);
                    let has = |name: &str| {
                        site_attrs.is_some_and(|a| m.attrs.has(a, name))
                            || callee_attrs.is_some_and(|a| m.attrs.has(a, name))
                    };
                    if has("noduplicate") {
                        s.not_duplicatable = true;
                    }
                    if has("convergent") {
                        s.convergent = true;
                    }
                    match g {
                        Some(g) => {
                            let cf = &m.functions[g];
                            let real_call = lowered_to_call(cf.name().unwrap_or(""));
                            if real_call {
                                s.real_call = s.real_call.or(Some(i));
                            }
                            // An internal function with one use gets
                            // inlined first, unless the call (or the
                            // function) is `noinline` (`CodeMetrics`).
                            if real_call
                                && !has("noinline")
                                && !cf.is_declaration()
                                && cf.common.linkage == loopwright_ir::Linkage::Internal
                                && match uses {
                                    Some(u) => u.single_use(m, f, g),
                                    None => single_use(m, f, g),
                                }
                            {
                                s.inline_candidates += 1;
                            }
                        }
                        None => s.real_call = s.real_call.or(Some(i)),
                    }
                }
                _ => {}
            }
        }
    }
    s.size = s.size.max(be_insns + 1);
    s
}

/// Whether function `g` is used exactly once in the module (as a callee),
/// as LLVM's `hasOneLiveUse`. `f`, the function being decided on, counts
/// too: while a pass runs on it, it is lent out of the module (its slot
/// holds a bodyless copy); if it is in its slot, it is not counted twice.
fn single_use(m: &Module, f: &Function, g: loopwright_ir::Func) -> bool {
    let mut uses = 0usize;
    let others = m.functions.values().filter(|h| !std::ptr::eq(*h, f));
    for f in std::iter::once(f).chain(others) {
        for b in f.layout.blocks() {
            for i in f.layout.block_insts(b) {
                for op in f.inst(i).operands() {
                    if let Operand::Const(c) = op {
                        if matches!(m.consts.data(*c), ConstData::Global { global: GlobalRef::Func(x), .. } if *x == g)
                        {
                            uses += 1;
                            if uses > 1 {
                                return false;
                            }
                        }
                    }
                }
            }
        }
    }
    // Uses from global initializers (address taken) also count.
    for (_, gv) in m.globals.iter() {
        if let Some(init) = gv.init {
            if const_mentions(m, init, g, 0) {
                return false;
            }
        }
    }
    uses == 1
}

fn const_mentions(m: &Module, c: loopwright_ir::Const, g: loopwright_ir::Func, depth: u32) -> bool {
    if depth > 16 {
        return true;
    }
    match m.consts.data(c) {
        ConstData::Global {
            global: GlobalRef::Func(x),
            ..
        } => *x == g,
        ConstData::Array { elems, .. }
        | ConstData::Struct { elems, .. }
        | ConstData::Vector { elems, .. } => {
            elems.iter().any(|&e| const_mentions(m, e, g, depth + 1))
        }
        ConstData::Expr(e) => e.ops.iter().any(|&e| const_mentions(m, e, g, depth + 1)),
        _ => false,
    }
}

/// `gatherUnrollingPreferences`: defaults, then the target, then options.
pub fn preferences(
    m: &Module,
    f: &Function,
    size: &LoopSize,
    opts: &UnrollOptions,
    remark_call: &mut Option<loopwright_ir::Inst>,
) -> Prefs {
    let mut p = Prefs {
        threshold: if opts.opt_level > 2 {
            THRESHOLD_O3
        } else {
            THRESHOLD_DEFAULT
        },
        pragma_threshold: opts.pragma_threshold.unwrap_or(PRAGMA_THRESHOLD),
        max_percent_threshold_boost: 400,
        partial_threshold: 150,
        count: 0,
        default_runtime_count: 8,
        max_count: u32::MAX,
        max_upper_bound: 8,
        full_unroll_max_count: u32::MAX,
        be_insns: 2,
        partial: false,
        runtime: false,
        allow_remainder: true,
        unroll_remainder: false,
        allow_expensive_trip_count: false,
        force: false,
        upper_bound: false,
    };
    // The target: x86 enables partial, runtime and upper-bound unrolling.
    let is_x86 = m
        .triple
        .as_deref()
        .is_some_and(|t| t.starts_with("x86_64") || t.starts_with("i686") || t.starts_with("i386"));
    // BasicTTI: no loop buffer, no partial or runtime unrolling (and no
    // remark); a real call in the loop advises against it.
    let buffer = TargetModel::for_function(m, f).loop_buffer_size();
    if is_x86 && buffer > 0 {
        if let Some(call) = size.real_call {
            *remark_call = Some(call);
        } else {
            p.partial = true;
            p.runtime = true;
            p.upper_bound = true;
            p.partial_threshold = buffer;
            p.be_insns = 2;
        }
    }
    // Size attributes: `-unroll-optsize-threshold` (0) and no dynamic-cost
    // boost of the full-unroll threshold.
    if opt_for_size(m, f) {
        p.threshold = 0;
        p.partial_threshold = 0;
        p.max_percent_threshold_boost = 100;
    }
    // Command-line options.
    if let Some(t) = opts.threshold {
        p.threshold = t;
    }
    if let Some(t) = opts.partial_threshold {
        p.partial_threshold = t;
    }
    if let Some(c) = opts.max_count {
        p.max_count = c;
    }
    if let Some(c) = opts.max_upper_bound {
        p.max_upper_bound = c;
    }
    if let Some(c) = opts.full_max_count {
        p.full_unroll_max_count = c;
    }
    if let Some(b) = opts.allow_partial {
        p.partial = b;
    }
    if let Some(b) = opts.allow_remainder {
        p.allow_remainder = b;
    }
    if let Some(b) = opts.runtime {
        p.runtime = b;
    }
    if opts.max_upper_bound == Some(0) {
        p.upper_bound = false;
    }
    if let Some(b) = opts.unroll_remainder {
        p.unroll_remainder = b;
    }
    if let Some(b) = opts.upper_bound {
        p.upper_bound = b;
    }
    p
}

/// What the metadata and options request.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pragmas {
    /// `-unroll-count` was given.
    pub user_count: Option<u32>,
    pub full: bool,
    pub count: u32,
    pub enable: bool,
    pub runtime_disable: bool,
}

impl Pragmas {
    pub fn explicit(&self) -> bool {
        self.count > 0 || self.full || self.enable || self.user_count.is_some()
    }
}

/// The trip facts the count choice needs.
#[derive(Clone, Copy, Debug, Default)]
pub struct TripFacts {
    /// The smallest constant trip count of any exit (0: unknown).
    pub trip_count: u32,
    pub trip_multiple: u32,
    /// A constant upper bound of the trip count (0: unknown).
    pub max_trip_count: u32,
    pub max_or_zero: bool,
}

/// A decision, with the missed remarks that explain it.
#[derive(Clone, Debug, Default)]
pub struct Decision {
    pub count: u32,
    pub explicit: bool,
    pub use_upper_bound: bool,
    /// Missed remarks (name, text).
    pub missed: Vec<(&'static str, String)>,
    /// A pragma count that runtime unrolling could not honour because the
    /// remainder loop is not allowed: (trip multiple, count used instead),
    /// for the `DifferentUnrollCountFromDirected` remark.
    pub different_from_directed: Option<(u32, u32)>,
}

/// `shouldPragmaUnroll`.
fn pragma_count(pr: &Pragmas, t: &TripFacts, size: &LoopSize, p: &Prefs) -> Option<u32> {
    if let Some(c) = pr.user_count {
        if p.allow_remainder && size.unrolled(p, c) < u64::from(p.threshold) {
            return Some(c);
        }
    }
    if pr.count > 0 && (p.allow_remainder || t.trip_multiple.is_multiple_of(pr.count)) {
        return Some(pr.count);
    }
    if pr.full && t.trip_count != 0 {
        if t.trip_count > PRAGMA_FULL_MAX_ITERATIONS {
            return None;
        }
        return Some(t.trip_count);
    }
    if pr.enable
        && t.trip_count == 0
        && t.max_trip_count != 0
        && t.max_trip_count <= p.max_upper_bound
    {
        return Some(t.max_trip_count);
    }
    None
}

/// `shouldFullUnroll`'s plain estimate. When it fails, the caller asks
/// LLVM's simulation of the unrolled iterations (`super::simulate`) before
/// trying peeling.
fn full_count(count: u32, size: &LoopSize, p: &Prefs) -> Option<u32> {
    if count > p.full_unroll_max_count {
        return None;
    }
    (size.unrolled(p, count) < u64::from(p.threshold)).then_some(count)
}

/// `shouldPartialUnroll`; `Some(0)` means "do not unroll".
fn partial_count(trip_count: u32, size: &LoopSize, p: &Prefs) -> Option<u32> {
    if trip_count == 0 {
        return None;
    }
    if !p.partial {
        return Some(0);
    }
    let mut count = if p.count == 0 { trip_count } else { p.count };
    if size.unrolled(p, count) > u64::from(p.partial_threshold) {
        let body = size.size.saturating_sub(p.be_insns).max(1);
        count = (p.partial_threshold.max(p.be_insns + 1) - p.be_insns) / body;
    }
    count = count.min(p.max_count);
    while count != 0 && !trip_count.is_multiple_of(count) {
        count -= 1;
    }
    if p.allow_remainder && count <= 1 {
        count = p.default_runtime_count;
        while count != 0 && size.unrolled(p, count) > u64::from(p.partial_threshold) {
            count >>= 1;
        }
    }
    if count < 2 {
        count = 0;
    }
    Some(count.min(p.max_count))
}

/// `computeUnrollCount`, without peeling (the caller tries peeling where
/// LLVM does, between bounded and partial unrolling: see
/// [`Decision::count`] = 0 with [`needs_peel_check`]).
pub fn compute_count(
    pr: &Pragmas,
    t: &TripFacts,
    size: &LoopSize,
    p: &mut Prefs,
) -> (Decision, bool) {
    let mut d = Decision {
        explicit: pr.explicit(),
        ..Decision::default()
    };
    if let Some(c) = pragma_count(pr, t, size, p) {
        d.count = c;
        if pr.user_count.is_some() || pr.count > 0 {
            p.allow_expensive_trip_count = true;
            p.force = true;
        }
        p.runtime |= pr.count > 0;
        return (d, false);
    }
    if pr.explicit() && t.trip_count != 0 {
        p.threshold = p.threshold.max(p.pragma_threshold);
        p.partial_threshold = p.partial_threshold.max(p.pragma_threshold);
    }
    // Exact full unrolling.
    if t.trip_count != 0 {
        if let Some(c) = full_count(t.trip_count, size, p) {
            d.count = c;
            return (d, false);
        }
    }
    // Bounded unrolling.
    if t.trip_count == 0
        && t.max_trip_count != 0
        && (p.upper_bound || t.max_or_zero)
        && t.max_trip_count <= p.max_upper_bound
    {
        if let Some(c) = full_count(t.max_trip_count, size, p) {
            d.count = c;
            d.use_upper_bound = true;
            return (d, false);
        }
    }
    // The caller tries peeling here.
    (d, true)
}

/// The rest of `computeUnrollCount` after peeling was not chosen: partial,
/// then runtime unrolling.
pub fn compute_count_after_peel(
    pr: &Pragmas,
    t: &TripFacts,
    size: &LoopSize,
    p: &mut Prefs,
    d: &mut Decision,
) {
    if t.trip_count != 0 {
        p.partial |= pr.explicit();
    }
    if let Some(c) = partial_count(t.trip_count, size, p) {
        d.count = c;
        if (pr.full || pr.enable) && t.trip_count != 0 && d.count != t.trip_count {
            d.missed.push((
                "FullUnrollAsDirectedTooLarge",
                "Unable to fully unroll loop as directed by unroll pragma because unrolled size is too large.".into(),
            ));
        }
        if d.count == 0 && pr.enable {
            d.missed.push((
                "UnrollAsDirectedTooLarge",
                "Unable to unroll loop as directed by unroll(enable) pragma because unrolled size is too large.".into(),
            ));
        }
        return;
    }
    if pr.full {
        d.missed.push((
            "CantFullUnrollAsDirectedRuntimeTripCount",
            "Unable to fully unroll loop as directed by unroll(full) pragma because loop has a runtime trip count."
                .into(),
        ));
    }
    // Runtime unrolling.
    if pr.runtime_disable {
        d.count = 0;
        d.explicit = false;
        return;
    }
    if t.max_trip_count != 0 && !p.force && t.max_trip_count < p.max_upper_bound {
        d.count = 0;
        d.explicit = false;
        return;
    }
    p.runtime |= pr.enable || pr.count > 0 || pr.user_count.is_some();
    if !p.runtime {
        d.count = 0;
        d.explicit = false;
        return;
    }
    let mut count = if p.count == 0 {
        p.default_runtime_count
    } else {
        p.count
    };
    while count != 0 && size.unrolled(p, count) > u64::from(p.partial_threshold) {
        count >>= 1;
    }
    if !p.allow_remainder && count != 0 && !t.trip_multiple.is_multiple_of(count) {
        while count != 0 && !t.trip_multiple.is_multiple_of(count) {
            count >>= 1;
        }
        if pr.count > 0 {
            d.different_from_directed = Some((t.trip_multiple, count));
        }
    }
    count = count.min(p.max_count);
    if t.max_trip_count != 0 && count > t.max_trip_count {
        count = t.max_trip_count;
    }
    if count < 2 {
        count = 0;
    }
    d.count = count;
}

/// Whether `f` is optimized for size (`optsize`/`minsize`).
pub fn opt_for_size(m: &Module, f: &Function) -> bool {
    m.attrs.has(f.fn_attrs, "optsize") || m.attrs.has(f.fn_attrs, "minsize")
}

/// Whether `t` is an integer type of at most 64 bits.
pub fn small_int(m: &Module, t: loopwright_ir::Type) -> bool {
    matches!(m.types.data(t), TypeData::Int(w) if *w <= 64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prefs() -> Prefs {
        Prefs {
            threshold: 300,
            pragma_threshold: PRAGMA_THRESHOLD,
            max_percent_threshold_boost: 400,
            partial_threshold: 28,
            count: 0,
            default_runtime_count: 8,
            max_count: u32::MAX,
            max_upper_bound: 8,
            full_unroll_max_count: u32::MAX,
            be_insns: 2,
            partial: true,
            runtime: true,
            allow_remainder: true,
            unroll_remainder: false,
            allow_expensive_trip_count: false,
            force: false,
            upper_bound: true,
        }
    }

    fn size(n: u32) -> LoopSize {
        LoopSize {
            size: n,
            inline_candidates: 0,
            not_duplicatable: false,
            convergent: false,
            real_call: None,
        }
    }

    #[test]
    fn full_then_partial_then_runtime() {
        let pr = Pragmas::default();
        // 6-instruction body, 100 iterations: (6-2)*100+2 = 402 > 300.
        let t = TripFacts {
            trip_count: 100,
            trip_multiple: 100,
            ..TripFacts::default()
        };
        let mut p = prefs();
        let (mut d, peel) = compute_count(&pr, &t, &size(6), &mut p);
        assert!(peel && d.count == 0);
        compute_count_after_peel(&pr, &t, &size(6), &mut p, &mut d);
        // Partial: (28-2)/4 = 6, reduced to a divisor of 100: 5.
        assert_eq!(d.count, 5);
        // 10 iterations fully unroll.
        let t10 = TripFacts {
            trip_count: 10,
            trip_multiple: 10,
            ..TripFacts::default()
        };
        let (d, _) = compute_count(&pr, &t10, &size(6), &mut prefs());
        assert_eq!(d.count, 10);
        // Unknown trip count: runtime count 8 shrinks to fit 28: (8*4+2=34) -> 4.
        let tu = TripFacts {
            trip_multiple: 1,
            ..TripFacts::default()
        };
        let mut p = prefs();
        let (mut d, _) = compute_count(&pr, &tu, &size(6), &mut p);
        compute_count_after_peel(&pr, &tu, &size(6), &mut p, &mut d);
        assert_eq!(d.count, 4);
    }

    #[test]
    fn pragmas() {
        let pr = Pragmas {
            full: true,
            ..Pragmas::default()
        };
        let t = TripFacts {
            trip_count: 1000,
            trip_multiple: 1000,
            ..TripFacts::default()
        };
        let (d, _) = compute_count(&pr, &t, &size(6), &mut prefs());
        assert_eq!(d.count, 1000);
        assert!(d.explicit);
        let pr = Pragmas {
            count: 3,
            ..Pragmas::default()
        };
        let mut p = prefs();
        let (d, _) = compute_count(&pr, &TripFacts::default(), &size(6), &mut p);
        assert_eq!(d.count, 3);
        assert!(p.force && p.runtime);
    }
}
