//! Loop unrolling: the `loop-unroll` and `loop-unroll-full` passes.
//!
//! The pass follows LLVM 19's `tryToUnrollLoop`, split in two phases:
//! - **decision** (`decide`, read-only): the cost model ([`cost`]: the
//!   unroll count, in LLVM's priority order — `-unroll-count`,
//!   `llvm.loop.unroll.count`, `unroll.full`, exact full unrolling under
//!   the threshold, bounded full unrolling, peeling, partial unrolling of
//!   constant trip counts, runtime unrolling), then, for the count chosen,
//!   the legality LLVM's `UnrollLoop` checks before its first edit
//!   ([`legality`]: preheader, single latch, no `indirectbr` or
//!   `noduplicate` call, header address not taken, a latch that is
//!   exiting or unconditional; the count capped by the maximum trip
//!   count; the runtime remainder's feasibility, [`runtime::plan`]), or
//!   peeling's ([`peel::check`]). The answer is a plan proved legal, with
//!   the final count, or a [`Rejection`]. The legality comes after the
//!   cost model, where LLVM has it, because LLVM emits the cost model's
//!   remarks (and peels) for loops `UnrollLoop` then refuses;
//! - **transform** (`apply`: [`runtime::add_remainder`],
//!   [`transform::unroll_loop`], [`peel::peel`]): carries out the plan and
//!   cannot fail.
//!
//! Then the loop gets its follow-up LoopID (`loopmd::unroll_loop_ids`) and
//! a remark says what happened (`FullyUnrolled`, `PartialUnrolled`) or why
//! not (`FullUnrollAsDirectedTooLarge`, ...), with LLVM's names and texts.
//! A rejection LLVM emits no remark for (its legality checks, the
//! remainder's) gets none here; [`unroll_function_logged`] prints every
//! decision (`-debug-only=loop-unroll`).
//!
//! Deliberate differences from LLVM 19, all in the direction of safety:
//! - an unroll count from metadata or the command line that would make the
//!   loop larger than [`cost::HARD_SIZE_LIMIT`] instructions (once capped
//!   by a known maximum trip count, as LLVM caps it) is refused with a
//!   missed remark (`UnrollCountTooLarge`); LLVM tries and may run out of
//!   memory (opt-19 given `llvm.loop.unroll.count` 2^31 on a loop with an
//!   unknown trip count aborts with "out of memory");
//! - an `llvm.loop.unroll.count` the metadata reader refuses (zero,
//!   negative, above [`loopwright_analysis::loopmd::MAX_COUNT`]) is ignored,
//!   as the reader documents, and the unroller says so with a missed remark
//!   (`UnrollCountIgnored`); the heuristics then decide;
//! - a loop whose trip count is not known and that needs a remainder loop
//!   is unrolled only when forced, keeping every exit test (LLVM's
//!   fallback when it cannot build the remainder); the remainder loop is
//!   built by [`runtime`] when it can be.

pub mod cost;
pub mod legality;
pub mod peel;
pub mod runtime;
pub mod simulate;
pub mod transform;

use crate::loopid as followup;
use crate::remark::{source_loc, Remark, RemarkKind, Remarks, SourceLoc};
use crate::{FnAnalyses, FnMemo};
use cost::{Pragmas, TripFacts};
use loopwright_analysis::loopmd::{LoopAttrs, TransformationMode};
use loopwright_analysis::scev::ScalarEvolution;
use loopwright_analysis::Loop;
use loopwright_ir::{Block, Function, MdKind, Module};
use std::fmt::Write as _;
use transform::{ExitFacts, UnrollPlan};

/// Options of the unroll passes, with LLVM's names (`-unroll-*`). `None`
/// keeps LLVM's default.
#[derive(Clone, Debug, Default)]
pub struct UnrollOptions {
    /// `-O` level: the threshold is 300 at -O3, 150 below.
    pub opt_level: u8,
    /// `loop-unroll<only-when-forced>`: unroll only loops whose metadata
    /// asks for it.
    pub only_when_forced: bool,
    pub threshold: Option<u32>,
    pub partial_threshold: Option<u32>,
    pub count: Option<u32>,
    pub max_count: Option<u32>,
    pub full_max_count: Option<u32>,
    pub max_upper_bound: Option<u32>,
    pub upper_bound: Option<bool>,
    pub allow_partial: Option<bool>,
    pub allow_remainder: Option<bool>,
    pub runtime: Option<bool>,
    pub allow_peeling: Option<bool>,
    /// `loop-unroll<[no-]profile-peeling>` (LLVM's `PeelProfiledIterations`:
    /// true by default, always false for `loop-unroll-full`). Without
    /// profile data it decides one thing: whether a loop peeled by a count
    /// `-unroll-peel-count` forced is then marked as unrolled
    /// (`llvm.loop.unroll.disable`).
    pub profile_peeling: Option<bool>,
    pub peel_count: Option<u32>,
    pub runtime_epilog: Option<bool>,
    pub runtime_multi_exit: Option<bool>,
    pub unroll_remainder: Option<bool>,
    /// `-unroll-runtime-other-exit-predictable`.
    pub runtime_other_exit_predictable: Option<bool>,
    /// `-unroll-max-percent-threshold-boost`.
    pub max_percent_threshold_boost: Option<u32>,
    /// `-unroll-max-iteration-count-to-analyze`.
    pub max_iterations_to_analyze: Option<u32>,
    /// `-pragma-unroll-threshold`.
    pub pragma_threshold: Option<u32>,
    /// `-scev-cheap-expansion-budget`: the cost up to which runtime
    /// unrolling expands a trip count (4).
    pub cheap_expansion_budget: Option<u32>,
}

/// The outcome for one loop.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum UnrollResult {
    Unmodified,
    PartiallyUnrolled,
    FullyUnrolled,
}

/// What scalar evolution told the unroll passes about the loops of one
/// function, by loop header: trip facts and peel counts. Part of
/// [`crate::FnMemo`], so `loop-unroll` reuses what `loop-unroll-full`
/// computed on a function that pass left alone.
#[derive(Default)]
pub(crate) struct UnrollFacts {
    trips: rustc_hash::FxHashMap<Block, (TripFacts, Vec<ExitFacts>)>,
    peels: rustc_hash::FxHashMap<(Block, PeelQuery), Option<peel::PeelDecision>>,
}

/// The inputs of a peel count besides the function and its analyses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct PeelQuery {
    prefs: peel::PeelPrefs,
    size: u32,
    trip_count: u32,
    threshold: u32,
}

impl UnrollFacts {
    pub(crate) fn clear(&mut self) {
        self.trips.clear();
        self.peels.clear();
    }
}

/// `loop-unroll` (`only_full == false`) or `loop-unroll-full` on `f`.
pub fn unroll_function(
    m: &mut Module,
    f: &mut Function,
    opts: &UnrollOptions,
    only_full: bool,
    remarks: &mut Remarks,
) -> bool {
    unroll_function_memo(m, f, opts, only_full, remarks, &mut FnMemo::default())
}

/// [`unroll_function`] with what earlier passes learned about `f`, which
/// must still describe it; `memo` is kept up to date (cleared when the
/// pass changes `f`, filled with what it computes).
pub fn unroll_function_memo(
    m: &mut Module,
    f: &mut Function,
    opts: &UnrollOptions,
    only_full: bool,
    remarks: &mut Remarks,
    memo: &mut FnMemo,
) -> bool {
    unroll_function_logged(m, f, opts, only_full, remarks, memo, None)
}

/// [`unroll_function_memo`], appending to `log` (when given) one line per
/// loop decided on, with the decision and its reason
/// (`-debug-only=loop-unroll`):
/// `loop-unroll: loop %h in @f: partially unrolled by 4 (runtime, epilog
/// remainder)`, `loop-unroll-full: loop %h in @f: not unrolled:
/// NoCount (...)`.
#[allow(clippy::too_many_arguments)]
pub fn unroll_function_logged(
    m: &mut Module,
    f: &mut Function,
    opts: &UnrollOptions,
    only_full: bool,
    remarks: &mut Remarks,
    memo: &mut FnMemo,
    mut log: Option<&mut String>,
) -> bool {
    // LLVM's function pass, and the loop pass manager's adaptor for
    // loop-unroll-full, put every loop in canonical form first; the
    // transform relies on LCSSA.
    // One computation of the analyses serves loop-simplify (which returns
    // them up to date), LCSSA (which keeps the CFG) and the first round; a
    // function without loops needs nothing else.
    let a = memo.take_analyses(f);
    if a.loops.is_empty() {
        memo.keep_analyses(f, a);
        return false;
    }
    let (mut changed, mut a) = crate::simplify::simplify_function_with(m, f, a);
    changed |= crate::lcssa::lcssa_function_with(m, f, &a);
    if changed {
        memo.clear();
    }
    // The worklist, by loop header. `loop-unroll` (a function pass) walks
    // the loops present at its start; `loop-unroll-full` runs under the
    // loop pass manager, and after it changes a loop the new loops at that
    // loop's level are visited next (`new_siblings`).
    let mut worklist: Vec<Block> = order(&a).into_iter().map(|l| a.loops.header(l)).collect();
    let mut pos = 0;
    loop {
        // The analyses, and one scalar evolution, serve every loop decided
        // on until one is transformed: deciding changes nothing, and
        // starting afresh for every loop is quadratic in a function with
        // thousands of loops (or a deep nest), as each new scalar
        // evolution recomputes what the loops around need.
        let scev = a.take_scev();
        let (chosen, scev) = {
            let (facts, uses) = memo.unroll_facts(f);
            let mut se = a.scalar_evolution(m, f, scev);
            let mut chosen = None;
            while let Some(&h) = worklist.get(pos) {
                pos += 1;
                let Some(l) = a.loops.loop_for(h).filter(|&l| a.loops.header(l) == h) else {
                    continue;
                };
                let d = decide(m, f, &a, &mut se, l, opts, only_full, remarks, facts, uses);
                if let Some(log) = log.as_deref_mut() {
                    let what = match &d {
                        Ok(plan) => plan.debug_text(),
                        Err(r) => r.debug_text(),
                    };
                    let _ = writeln!(
                        log,
                        "{}: loop %{} in @{}: {what}",
                        if only_full {
                            "loop-unroll-full"
                        } else {
                            "loop-unroll"
                        },
                        f.block_name(h).unwrap_or(""),
                        f.name().unwrap_or("")
                    );
                }
                if let Ok(plan) = d {
                    chosen = Some((l, plan));
                    break;
                }
            }
            (chosen, se.into_state())
        };
        // (Kept for the next round and pass while `f` does not change.)
        a.keep_scev(scev);
        let Some((l, plan)) = chosen else {
            // (LCSSA adds phis only: the analyses still describe `f`.)
            memo.keep_analyses(f, a);
            break;
        };
        let level = only_full.then(|| Level::of(&a, l));
        let ids = (f.num_block_ids(), f.num_inst_ids());
        let r = apply(m, f, &mut a, l, plan, remarks);
        // (A loop reported unmodified has not been touched; the arena sizes
        // are a cheap second check that nothing was created.)
        if r != UnrollResult::Unmodified || ids != (f.num_block_ids(), f.num_inst_ids()) {
            changed = true;
            memo.clear();
            // Unrolling may break the canonical form of the loops around.
            // (`apply` kept the analyses up to date.)
            a.refresh(f);
            a = crate::simplify::simplify_function_with(m, f, a).1;
            crate::lcssa::lcssa_function_with(m, f, &a);
            if let Some(level) = level {
                let new = level.new_siblings(&a, r == UnrollResult::FullyUnrolled);
                worklist.splice(pos..pos, new);
            }
        }
    }
    changed
}

/// The loops at one loop's level (its parent's children, or the top-level
/// loops) before `loop-unroll-full` changes it, by header.
struct Level {
    parent: Option<Block>,
    before: rustc_hash::FxHashSet<Block>,
}

impl Level {
    fn of(a: &FnAnalyses, l: Loop) -> Level {
        let parent = a.loops.parent(l);
        let loops = match parent {
            Some(p) => a.loops.data(p).children(),
            None => a.loops.top_level(),
        };
        Level {
            parent: parent.map(|p| a.loops.header(p)),
            before: loops.iter().map(|&s| a.loops.header(s)).collect(),
        }
    }

    /// LLVM's `LoopFullUnrollPass::run` after a change: the loops now at
    /// the level that were not there before are handed to
    /// `LPMUpdater::addSiblingLoops`, which queues each with its nested
    /// loops, innermost first (children in order), to be visited in the
    /// order of the list, before the rest of the worklist. The list is the
    /// level's order in LLVM's `LoopInfo`, which the transformation leaves:
    /// fully unrolling a loop moves its child loops (the original ones, then
    /// the copies of each iteration) up to its level last to first
    /// (`LoopInfo::erase`), so they are visited backwards through the
    /// function (`full`); peeling appends the copies of the child loops
    /// iteration by iteration, so they are visited forwards (both as
    /// opt-19's `-debug-pass-manager` shows).
    fn new_siblings(&self, a: &FnAnalyses, full: bool) -> Vec<Block> {
        // The level in program order: a parent's children are in that
        // order, the top-level loops in the reverse (as in a `LoopInfo`
        // computed afresh).
        let mut level: Vec<Loop> = match self.parent {
            Some(h) => match a.loops.loop_for(h).filter(|&p| a.loops.header(p) == h) {
                Some(p) => a.loops.data(p).children().to_vec(),
                None => return Vec::new(),
            },
            None => a.loops.top_level().iter().rev().copied().collect(),
        };
        if full {
            level.reverse();
        }
        let mut out = Vec::new();
        for s in level {
            if !self.before.contains(&a.loops.header(s)) {
                a.loops.nest_innermost_first(s, &mut out);
            }
        }
        out.into_iter().map(|l| a.loops.header(l)).collect()
    }
}

/// The visiting order: both passes walk the loop nests forward through the
/// function, innermost first (LLVM's `appendLoopsToWorklist`, which the
/// loop pass manager running `loop-unroll-full` uses too).
fn order(a: &FnAnalyses) -> Vec<Loop> {
    let mut out = Vec::new();
    for &top in a.loops.top_level().iter().rev() {
        a.loops.nest_innermost_first(top, &mut out);
    }
    out
}

/// The facts scalar evolution gives about `l`.
fn trip_facts(
    se: &mut ScalarEvolution<'_>,
    f: &Function,
    a: &FnAnalyses,
    l: Loop,
) -> (TripFacts, Vec<ExitFacts>) {
    let exiting = a.loops.exiting_blocks(&a.cfg, l);
    let single = exiting.len() == 1;
    let mut exits = Vec::new();
    let mut tc_min = 0u32;
    for &b in &exiting {
        let is_br = f
            .terminator(b)
            .is_some_and(|t| f.inst(t).opcode == loopwright_ir::Opcode::Br);
        let tc = se
            .exit_count(l, b)
            .and_then(|s| match se.data(s) {
                loopwright_analysis::scev::ScevData::Const(c) if c.active_bits() <= 32 => {
                    Some(c.u() as u32)
                }
                _ => None,
            })
            .and_then(|c| c.checked_add(1))
            .unwrap_or(0);
        if tc != 0 && (tc_min == 0 || tc < tc_min) {
            tc_min = tc;
        }
        let mult = if tc != 0 {
            tc
        } else if single {
            se.trip_multiple(l)
        } else {
            1
        };
        if is_br {
            exits.push(ExitFacts {
                block: b,
                trip_count: tc,
                trip_multiple: mult.max(1),
            });
        }
    }
    let mut t = TripFacts {
        trip_count: tc_min,
        trip_multiple: tc_min.max(1),
        ..TripFacts::default()
    };
    if tc_min == 0 {
        let latch = a
            .loops
            .latch(&a.cfg, l)
            .filter(|&b| a.loops.is_exiting(&a.cfg, l, b));
        let eb = latch.or_else(|| a.loops.exiting_block(&a.cfg, l));
        if let Some(eb) = eb {
            t.trip_multiple = exits
                .iter()
                .find(|e| e.block == eb)
                .map_or(1, |e| e.trip_multiple);
        }
    }
    let btc = se.backedge_taken_count(l);
    let max_tc = btc
        .constant_max
        .and_then(|c| u32::try_from(c.u()).ok().filter(|_| c.active_bits() <= 32))
        .and_then(|c| c.checked_add(1))
        .unwrap_or(0);
    t.max_trip_count = max_tc;
    t.max_or_zero = se.is_btc_max_or_zero(l);
    (t, exits)
}

/// LLVM's `tryToUnrollLoop` for one loop.
pub fn try_unroll_loop(
    m: &mut Module,
    f: &mut Function,
    a: &FnAnalyses,
    l: Loop,
    opts: &UnrollOptions,
    only_full: bool,
    remarks: &mut Remarks,
) -> UnrollResult {
    // The analyses `apply` keeps up to date: `a` computed again (the same
    // loops, found by header).
    let header = a.loops.header(l);
    let mut a = FnAnalyses::compute(f);
    let Some(l) = a
        .loops
        .loop_for(header)
        .filter(|&x| a.loops.header(x) == header)
    else {
        return UnrollResult::Unmodified;
    };
    let plan = {
        let mut se = ScalarEvolution::new(m, f, &a.cfg, &a.dt, &a.loops);
        let mut facts = UnrollFacts::default();
        decide(
            m, f, &a, &mut se, l, opts, only_full, remarks, &mut facts, None,
        )
    };
    match plan {
        Ok(plan) => apply(m, f, &mut a, l, plan, remarks),
        Err(_) => UnrollResult::Unmodified,
    }
}

/// Why `loop-unroll` (or `loop-unroll-full`) leaves a loop alone: what
/// [`decide`] answers instead of a [`Plan`]. Where LLVM emits a remark for
/// the reason, [`decide`] has emitted it (the cost model's, and ours for
/// our size bounds); the others are silent in LLVM too (its
/// `-debug-only=loop-unroll` messages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// `llvm.loop.unroll.disable`, or the loop was unrolled already.
    Disabled,
    /// The loop or its parent asks for unroll-and-jam.
    UnrollAndJam,
    /// Not in loop-simplify form.
    NotSimplified,
    /// `<only-when-forced>`, and no metadata asks for unrolling.
    NotForced,
    /// The thresholds leave nothing to unroll.
    ZeroThreshold,
    /// The loop holds an instruction that cannot be duplicated.
    NotDuplicatable,
    /// The loop holds calls that may be inlined.
    InlineCandidates,
    /// Our bound on forced peeling (`PeelSizeBound` remark).
    PeelSizeBound { count: u32, size: u32, bound: u32 },
    /// The cost model chose no count.
    NoCount,
    /// Our bound on the unrolled size (`UnrollCountTooLarge` remark).
    CountTooLarge { count: u32 },
    /// `loop-unroll-full`, and the count does not unroll completely.
    NotComplete { count: u32 },
    /// `UnrollLoop`'s legality.
    Legality(legality::Rejection),
    /// The runtime remainder cannot be built, and the count is not forced.
    Remainder(runtime::Rejection),
    /// The peeling the cost model chose cannot be done.
    Peel(peel::Rejection),
}

impl Rejection {
    /// The variant's name (the inner one for legality, remainder and
    /// peeling rejections).
    pub fn name(&self) -> &'static str {
        match self {
            Rejection::Disabled => "Disabled",
            Rejection::UnrollAndJam => "UnrollAndJam",
            Rejection::NotSimplified => "NotSimplified",
            Rejection::NotForced => "NotForced",
            Rejection::ZeroThreshold => "ZeroThreshold",
            Rejection::NotDuplicatable => "NotDuplicatable",
            Rejection::InlineCandidates => "InlineCandidates",
            Rejection::PeelSizeBound { .. } => "PeelSizeBound",
            Rejection::NoCount => "NoCount",
            Rejection::CountTooLarge { .. } => "CountTooLarge",
            Rejection::NotComplete { .. } => "NotComplete",
            Rejection::Legality(r) => r.name(),
            Rejection::Remainder(r) => r.name(),
            Rejection::Peel(r) => r.name(),
        }
    }

    /// Why, in words (LLVM's debug message where it has one).
    pub fn reason(&self) -> String {
        match self {
            Rejection::Disabled => "unrolling is disabled by the loop's metadata".into(),
            Rejection::UnrollAndJam => "left to unroll-and-jam, which the metadata asks for".into(),
            Rejection::NotSimplified => "not in loop-simplify form".into(),
            Rejection::NotForced => {
                "only-when-forced, and the metadata does not ask for unrolling".into()
            }
            Rejection::ZeroThreshold => "the unroll thresholds are 0".into(),
            Rejection::NotDuplicatable => {
                "loop not considered unrollable (an instruction cannot be duplicated)".into()
            }
            Rejection::InlineCandidates => "not unrolling loop with inlinable calls".into(),
            Rejection::PeelSizeBound { count, size, bound } => format!(
                "{count} peeled iterations of a loop of size {size} would exceed \
                 -pragma-unroll-threshold ({bound})"
            ),
            Rejection::NoCount => "the cost model chose no unroll count".into(),
            Rejection::CountTooLarge { count } => format!(
                "unrolled by {count}, the loop would be larger than {} instructions",
                cost::HARD_SIZE_LIMIT
            ),
            Rejection::NotComplete { count } => {
                format!("count {count} does not unroll the loop completely")
            }
            Rejection::Legality(r) => r.reason().into(),
            Rejection::Remainder(r) => r.to_string(),
            Rejection::Peel(r) => r.reason().into(),
        }
    }

    /// The decision line's text.
    fn debug_text(&self) -> String {
        let what = if matches!(self, Rejection::Peel(_)) {
            "not peeled"
        } else {
            "not unrolled"
        };
        format!("{what}: {} ({})", self.name(), self.reason())
    }
}

/// What [`decide`] chose for a loop, proved legal: carrying it out cannot
/// fail.
enum Plan {
    /// Peel (`mark_unrolled`: then mark the loop as unrolled).
    Peel {
        plan: peel::PeelPlan,
        reason: peel::PeelReason,
        mark_unrolled: bool,
        loc: Option<SourceLoc>,
        fname: String,
    },
    /// Unroll as decided.
    Unroll(Box<UnrollChoice>),
}

impl Plan {
    /// The decision line's text.
    fn debug_text(&self) -> String {
        match self {
            Plan::Peel { plan, reason, .. } => {
                let why = match reason {
                    peel::PeelReason::Requested => "requested",
                    peel::PeelReason::InvariantPhis => "header phis become invariant",
                    peel::PeelReason::KnownCompares => "compares get a known outcome",
                    peel::PeelReason::DereferenceableLoad => "a load becomes dereferenceable",
                };
                format!("peeled by {} iterations ({why})", plan.count())
            }
            Plan::Unroll(c) if c.complete => format!("fully unrolled (count {})", c.count),
            Plan::Unroll(c) => {
                let runtime = match (&c.remainder, &c.no_remainder) {
                    (Some(r), _) if r.epilog() => " (runtime, epilog remainder)".to_string(),
                    (Some(_), _) => " (runtime, prolog remainder)".to_string(),
                    (None, Some(r)) => format!(
                        " (forced, no remainder: {} ({r}); every exit test kept)",
                        r.name()
                    ),
                    (None, None) => String::new(),
                };
                format!("partially unrolled by {}{runtime}", c.count)
            }
        }
    }
}

/// An unrolling [`decide`] chose and proved legal, with everything
/// [`unroll_with`] needs.
struct UnrollChoice {
    /// The final count (capped by the maximum trip count).
    count: u32,
    /// `count` is the maximum trip count: no backedge remains.
    complete: bool,
    /// Complete, and the backedge-taken count is the maximum or zero.
    max_or_zero: bool,
    /// The count was set explicitly (option or metadata).
    explicit: bool,
    /// The runtime remainder loop to build first.
    remainder: Option<runtime::RemainderPlan>,
    /// Why a forced runtime unrolling has no remainder (and keeps every
    /// exit test).
    no_remainder: Option<runtime::Rejection>,
    exits: Vec<ExitFacts>,
    loop_id: Option<loopwright_ir::MdNode>,
    fname: String,
    loc: Option<SourceLoc>,
}

/// Carries out `plan` on `l`, with the analyses `a` [`decide`] read.
fn apply(
    m: &mut Module,
    f: &mut Function,
    a: &mut FnAnalyses,
    l: Loop,
    plan: Plan,
    remarks: &mut Remarks,
) -> UnrollResult {
    match plan {
        Plan::Peel {
            plan,
            mark_unrolled,
            loc,
            fname,
            ..
        } => peel::peel_and_report(m, f, a, &plan, mark_unrolled, loc, &fname, remarks),
        Plan::Unroll(c) => unroll_with(m, f, a, l, *c, remarks),
    }
}

/// The decisions of `tryToUnrollLoop` for `l`, up to the transformation:
/// reads the module and function only, with the scalar evolution `se` of
/// the current analyses `a`. Emits the remarks of the decisions.
#[allow(clippy::too_many_arguments)]
fn decide(
    m: &Module,
    f: &Function,
    a: &FnAnalyses,
    se: &mut ScalarEvolution<'_>,
    l: Loop,
    opts: &UnrollOptions,
    only_full: bool,
    remarks: &mut Remarks,
    memo: &mut UnrollFacts,
    uses: Option<&crate::utils::func_uses::FuncUses>,
) -> Result<Plan, Rejection> {
    let loop_id = a.loops.loop_id(f, &m.md, &a.cfg, l);
    let attrs = loop_id
        .map(|id| LoopAttrs::of_module(m, id).0)
        .unwrap_or_default();
    let mode = attrs.has_unroll_transformation();
    if matches!(
        mode,
        TransformationMode::Disabled | TransformationMode::Suppressed
    ) {
        return Err(Rejection::Disabled);
    }
    // Leave loops to a requested unroll-and-jam.
    let parent_attrs = a
        .loops
        .parent(l)
        .and_then(|p| a.loops.loop_id(f, &m.md, &a.cfg, p))
        .map(|id| LoopAttrs::of_module(m, id).0)
        .unwrap_or_default();
    if mode != TransformationMode::Forced
        && (parent_attrs.has_unroll_and_jam_transformation() == TransformationMode::Forced
            || attrs.has_unroll_and_jam_transformation() == TransformationMode::Forced)
    {
        return Err(Rejection::UnrollAndJam);
    }
    if !a.loops.is_simplified(f, &a.cfg, l) {
        return Err(Rejection::NotSimplified);
    }
    if opts.only_when_forced && !mode.is_enabled() {
        return Err(Rejection::NotForced);
    }
    let fname = f.name().unwrap_or("").to_owned();
    let loc = a
        .loops
        .start_loc(f, &m.md, &a.cfg, l)
        .and_then(|n| source_loc(&m.md, n));
    if let Some(why) = loop_id.and_then(|id| ignored_count(m, id, &attrs)) {
        remarks.emit(
            Remark::new(
                RemarkKind::Missed,
                "loop-unroll",
                "UnrollCountIgnored",
                loc.clone(),
                &fname,
            )
            .text(format!(
                "Ignoring the unroll count in the loop metadata: {why}"
            )),
        );
    }
    let blocks = a.loops.data(l).blocks().to_vec();
    let size = cost::measure(m, f, &blocks, 2, uses);
    let mut call_remark = None;
    let mut p = cost::preferences(m, f, &size, opts, &mut call_remark);
    if only_full {
        p.partial = false;
        p.runtime = false;
        p.upper_bound = false;
    }
    if let Some(call) = call_remark {
        // `ore::NV("Call", &I)`: the opcode's name, at the call's location.
        let data = f.inst(call);
        let at = data.md.get(MdKind::DBG).and_then(|n| source_loc(&m.md, n));
        remarks.emit(
            Remark::new(RemarkKind::Passed, "TTI", "DontUnroll", loc.clone(), &fname)
                .text("advising against unrolling the loop because it contains a ")
                .arg_at("Call", data.opcode.name(), at),
        );
    }
    let opt_for_size = cost::opt_for_size(m, f);
    if p.threshold == 0 && (!p.partial || p.partial_threshold == 0) && !opt_for_size {
        return Err(Rejection::ZeroThreshold);
    }
    if size.not_duplicatable {
        return Err(Rejection::NotDuplicatable);
    }
    if opt_for_size {
        p.threshold = p.threshold.max(size.size + 1);
    }
    if size.inline_candidates != 0 {
        return Err(Rejection::InlineCandidates);
    }
    let header = a.loops.header(l);
    let (trips, exits) = match memo.trips.get(&header) {
        Some(known) => known.clone(),
        None => {
            let facts = trip_facts(se, f, a, l);
            memo.trips.insert(header, facts.clone());
            facts
        }
    };
    p.allow_remainder &= !size.convergent;
    let pr = Pragmas {
        user_count: opts.count,
        full: attrs.unroll.full,
        count: attrs.unroll.count.unwrap_or(0),
        enable: attrs.unroll.enable,
        runtime_disable: attrs.unroll.runtime_disable,
    };
    // `-unroll-peel-count` comes before any other choice; otherwise peeling
    // is tried after full and bounded unrolling (`peel` module).
    let forced_peel = peel::forced_count(opts);
    // A deliberate bound LLVM does not have: `-unroll-peel-count` forces
    // its count on every loop, inner loops first, so each level of a nest
    // multiplies the code again (lz4hc.c with a count of 2 grows from
    // 27,000 to 904,000 lines). A forced peel that would add more than
    // the pragma threshold of instructions is refused with a remark.
    if let Some(count) = forced_peel {
        let added = u64::from(count) * u64::from(size.size);
        if added > u64::from(p.pragma_threshold) {
            remarks.emit(
                Remark::new(
                    RemarkKind::Missed,
                    "loop-unroll",
                    "PeelSizeBound",
                    loc.clone(),
                    &fname,
                )
                .text("not peeled: ")
                .arg("PeelCount", count)
                .text(" peeled iterations of a loop of size ")
                .arg("LoopSize", size.size)
                .text(" would exceed the size bound ")
                .arg("Threshold", p.pragma_threshold)
                .text(" (-pragma-unroll-threshold)"),
            );
            return Err(Rejection::PeelSizeBound {
                count,
                size: size.size,
                bound: p.pragma_threshold,
            });
        }
    }
    let (mut d, try_peel) = match forced_peel {
        Some(_) => (cost::Decision::default(), false),
        None => cost::compute_count(&pr, &trips, &size, &mut p),
    };
    // LLVM's simulation of the unrolled iterations (`analyzeLoopUnrollCost`).
    let try_peel =
        try_peel && !simulate::full_unroll_after_estimate(se, m, f, a, l, &trips, &p, opts, &mut d);
    let peel_count = forced_peel
        .map(|count| peel::PeelDecision {
            count,
            reason: peel::PeelReason::Requested,
        })
        .or_else(|| {
            let prefs = peel::PeelPrefs::gather(opts, only_full);
            if !try_peel {
                return None;
            }
            let q = PeelQuery {
                prefs,
                size: size.size,
                trip_count: trips.trip_count,
                threshold: p.threshold,
            };
            let known = memo.peels.get(&(header, q)).copied();
            known.unwrap_or_else(|| {
                let d = peel::compute_peel_count_with(
                    se,
                    m,
                    f,
                    a,
                    l,
                    &prefs,
                    size.size,
                    trips.trip_count,
                    p.threshold,
                );
                memo.peels.insert((header, q), d);
                d
            })
        });
    if let Some(pd) = peel_count {
        let plan = peel::check(m, f, a, l, pd.count).map_err(Rejection::Peel)?;
        return Ok(Plan::Peel {
            plan,
            reason: pd.reason,
            // LLVM marks a loop peeled by the forced count when
            // `PeelProfiledIterations` holds (the heuristics' counts clear
            // it); `loop-unroll-full` gives false.
            mark_unrolled: forced_peel.is_some()
                && !only_full
                && opts.profile_peeling.unwrap_or(true),
            loc,
            fname,
        });
    }
    if try_peel {
        cost::compute_count_after_peel(&pr, &trips, &size, &mut p, &mut d);
    }
    for (name, text) in d.missed.drain(..) {
        remarks.emit(
            Remark::new(RemarkKind::Missed, "loop-unroll", name, loc.clone(), &fname).text(text),
        );
    }
    if let Some((multiple, count)) = d.different_from_directed {
        remarks.emit(
            Remark::new(
                RemarkKind::Missed,
                "loop-unroll",
                "DifferentUnrollCountFromDirected",
                loc.clone(),
                &fname,
            )
            .text(
                "Unable to unroll loop the number of times directed by unroll_count pragma \
                 because remainder loop is restricted (that could architecture specific or \
                 because the loop contains a convergent instruction) and so must have an \
                 unroll count that divides the loop trip multiple of ",
            )
            .arg("TripMultiple", multiple)
            .text(".  Unrolling instead ")
            .arg("UnrollCount", count)
            .text(" time(s)."),
        );
    }
    if d.count == 0 {
        return Err(Rejection::NoCount);
    }
    // Bounded by size, whatever was asked. The count is first capped by the
    // maximum trip count, as `unroll_with` (and LLVM) will cap it.
    let capped = match trips.max_trip_count {
        0 => d.count,
        max => d.count.min(max),
    };
    if size.unrolled(&p, capped) > cost::HARD_SIZE_LIMIT {
        remarks.emit(
            Remark::new(
                RemarkKind::Missed,
                "loop-unroll",
                "UnrollCountTooLarge",
                loc,
                &fname,
            )
            .text("Unable to unroll loop by ")
            .arg("UnrollCount", capped)
            .text(": the unrolled loop would be larger than ")
            .arg("SizeLimit", cost::HARD_SIZE_LIMIT)
            .text(" instructions"),
        );
        return Err(Rejection::CountTooLarge { count: capped });
    }
    if only_full && (d.count < trips.trip_count || d.count < trips.max_trip_count) {
        return Err(Rejection::NotComplete { count: d.count });
    }
    let runtime =
        p.runtime && trips.trip_count == 0 && !trips.trip_multiple.is_multiple_of(d.count);
    // The rest of the decision is `UnrollLoop`'s, before its first edit:
    // its legality checks (silent in LLVM), the count capped by the
    // maximum trip count, and the remainder loop's feasibility.
    legality::check(m, f, a, l).map_err(Rejection::Legality)?;
    let count = capped;
    let complete = trips.max_trip_count != 0 && count == trips.max_trip_count;
    let (remainder, no_remainder) = if runtime && !complete {
        let ro = runtime::RuntimeOptions::new(&p, opts);
        match runtime::plan(se, m, f, a, l, count, &ro) {
            Ok(r) => (Some(r), None),
            // A forced count unrolls without a remainder, keeping every
            // exit test (LLVM's `ULO.Force`).
            Err(r) if p.force => (None, Some(r)),
            Err(r) => return Err(Rejection::Remainder(r)),
        }
    } else {
        (None, None)
    };
    Ok(Plan::Unroll(Box::new(UnrollChoice {
        count,
        complete,
        max_or_zero: complete && trips.max_or_zero,
        explicit: d.explicit,
        remainder,
        no_remainder,
        exits,
        loop_id,
        fname,
        loc,
    })))
}

/// Why the first `llvm.loop.unroll.count` of LoopID `id` was refused by the
/// metadata reader (the reader's warning), or `None` when there is no such
/// attribute or its count is used.
fn ignored_count(m: &Module, id: loopwright_ir::MdNode, attrs: &LoopAttrs) -> Option<String> {
    use loopwright_analysis::loopmd::names::UNROLL_COUNT;
    if attrs.unroll.count.is_some() {
        return None;
    }
    attrs.find_attr(UNROLL_COUNT)?;
    let (_, warnings) = LoopAttrs::of_module(m, id);
    warnings
        .into_iter()
        .find(|w| w.attr == UNROLL_COUNT && w.ignored)
        .map(|w| w.message)
}

/// The transform of a decided [`UnrollChoice`] (the rest of LLVM's
/// `UnrollLoop` and of `tryToUnrollLoop`): the remainder, the copies,
/// the remarks and the follow-up metadata. Everything that could refuse
/// was checked by [`decide`]: it cannot fail.
fn unroll_with(
    m: &mut Module,
    f: &mut Function,
    a: &mut FnAnalyses,
    l: Loop,
    c: UnrollChoice,
    remarks: &mut Remarks,
) -> UnrollResult {
    let UnrollChoice {
        count,
        complete,
        max_or_zero,
        explicit,
        remainder,
        no_remainder: _,
        exits,
        loop_id,
        fname,
        loc,
    } = c;
    let runtime = remainder.is_some();
    let fname = fname.as_str();
    let mut has_remainder = false;
    let mut remainder_header = None;
    let mut l = l;
    let mut exits = exits;
    if let Some(rp) = &remainder {
        let header = a.loops.header(l);
        // Building the remainder is an edit of the region of the loop's
        // preheader.
        let ed = a
            .loops
            .preheader(f, &a.cfg, l)
            .map(|ph| (ph, a.loops.data(l).blocks().to_vec()))
            .map(|(ph, blocks)| a.begin_edit(ph, &blocks));
        let r = runtime::add_remainder(m, f, a, rp);
        has_remainder = r.header.is_some();
        remainder_header = r.header;
        match ed {
            Some(ed) => {
                a.finish_edit(f, ed, None);
            }
            None => a.refresh(f),
        }
        let Some(l2) = a
            .loops
            .loop_for(header)
            .filter(|&x| a.loops.header(x) == header)
        else {
            return UnrollResult::PartiallyUnrolled;
        };
        l = l2;
        // The exits of the unrolled loop may have changed.
        let latch = a.loops.latch(&a.cfg, l);
        exits.retain(|e| Some(e.block) == latch || a.loops.is_exiting(&a.cfg, l, e.block));
    }
    let text = if complete {
        Remark::new(
            RemarkKind::Passed,
            "loop-unroll",
            "FullyUnrolled",
            loc,
            fname,
        )
        .text("completely unrolled loop with ")
        .arg("UnrollCount", count)
        .text(" iterations")
    } else {
        let r = Remark::new(
            RemarkKind::Passed,
            "loop-unroll",
            "PartialUnrolled",
            loc,
            fname,
        )
        .text("unrolled loop by a factor of ")
        .arg("UnrollCount", count);
        if runtime {
            r.text(" with run-time trip count")
        } else {
            r
        }
    };
    remarks.emit(text);
    let plan = UnrollPlan {
        count,
        complete,
        max_or_zero,
        runtime,
        exits,
    };
    let header = a.loops.header(l);
    let blocks = transform::unroll_loop(m, f, a, l, &plan);
    if complete {
        return UnrollResult::FullyUnrolled;
    }
    // Follow-up metadata on the unrolled loop.
    a.refresh(f);
    let a2: &FnAnalyses = a;
    let Some(l2) = a2
        .loops
        .loop_for(header)
        .filter(|&x| a2.loops.header(x) == header)
    else {
        return UnrollResult::PartiallyUnrolled;
    };
    let latches = a2.loops.latches(&a2.cfg, l2);
    // Copies of the old latch branch that are no longer latches keep their
    // `!llvm.loop`, as in LLVM (only latches are read).
    let _ = &blocks;
    let ids = followup::unroll_loop_ids(
        &mut m.md,
        loop_id,
        followup::UnrollPlan {
            count_set_explicitly: explicit,
            has_remainder,
        },
    );
    // Without a follow-up, LLVM marks an explicitly unrolled loop with
    // `setLoopAlreadyUnrolled`, which starts from the loop's LoopID *after*
    // unrolling: when the last latch copy was folded into an unconditional
    // branch (which carries no metadata), the other attributes are lost.
    // We match that.
    let followup_given = loop_id.is_some_and(|id| {
        let (attrs, _) = LoopAttrs::of_module(m, id);
        attrs.unroll.followup_all.is_some() || attrs.unroll.followup_unrolled.is_some()
    });
    let unrolled = if !followup_given && explicit {
        let current = loopwright_analysis::loopmd::loop_id_of_latches(f, &m.md, &latches);
        followup::LoopIdAction::Set(followup::set_loop_already_unrolled(&mut m.md, current))
    } else {
        ids.unrolled
    };
    unrolled.apply(f, &latches);
    if let (Some(action), Some(rh)) = (ids.remainder, remainder_header) {
        runtime::set_remainder_loop_id(f, a2, rh, action);
    }
    UnrollResult::PartiallyUnrolled
}
