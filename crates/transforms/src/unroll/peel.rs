//! Loop peeling (LLVM 19's `LoopPeel.cpp` and its use in `loop-unroll`).
//!
//! Peeling copies the first `n` iterations of a loop in front of it. Each
//! copy keeps its exit tests; the last copy falls into the loop, whose
//! header phis now start from the values the last copy computed:
//!
//! ```text
//! preheader:            ...; br %header.peel.begin
//! header.peel.begin:    br %header.peel              ; copy 1 (blocks `x.peel`)
//! header.peel ... latch.peel: br %c, %exit, %header.peel.next
//! header.peel.next:     br %header.peel2             ; copy 2
//! ...                   br %c, %exit, %header.peel.next1
//! header.peel.next1:    br %header.peel.next2
//! header.peel.next2:    br %preheader.peel.newph
//! preheader.peel.newph: br %header                   ; the loop, unchanged
//! ```
//!
//! # When (the cost side)
//! [`forced_count`] is `-unroll-peel-count`: LLVM checks it before any
//! other choice of `computeUnrollCount`, for every loop (nested ones too),
//! whatever its size, and marks the peeled loop as already unrolled.
//! Otherwise [`compute_peel_count`] is LLVM's `computePeelCount`, tried
//! after full and bounded unrolling: the loop must be innermost, peeling
//! allowed, `2 * size <= threshold`, and fewer than
//! [`PEEL_MAX_COUNT`] iterations already peeled (`llvm.loop.peeled.count`).
//! The count is the largest of
//! - the iterations after which every header phi that can become
//!   invariant has become so (`PhiAnalyzer`, through phis, binary
//!   operators, compares and casts);
//! - the iterations after which each compare on an add recurrence of the
//!   loop (branch conditions other than the latch's, through `and`/`or` up
//!   to depth 4; `select` conditions; `smin`/`smax`/`umin`/`umax` against an
//!   invariant bound) has a known outcome in the loop
//!   (`countToEliminateCompares`);
//! - one iteration, when nothing else applies, for a loop with several
//!   exits (non-latch exits ending in `unreachable`), no writes, and an
//!   exit condition depending on an invariant load that is not known to be
//!   dereferenceable;
//!
//! capped by `min(7, threshold / size - 1)` and the scalar-evolution
//! maximum trip count. Profile-guided peeling needs profile data, which
//! loopwright never has.
//!
//! # Whether (the legality)
//! [`check`] reads the function only and returns a [`PeelPlan`] or a
//! [`Rejection`]: everything that could stop the peeling is checked
//! before its first edit, and before the `Peeled` remark.
//!
//! # How (the transform)
//! [`peel`] is `peelLoop` (which cannot fail once [`check`] accepted;
//! [`peel_loop`] is the two together): clones are named `x.peel` (the printer
//! numbers repeated names), blocks in the loop's depth-first reverse post
//! order, debug records and metadata copied, the copies' latch branch loses
//! its `!llvm.loop`, the exit blocks' phis get one entry per copied exit
//! edge, and the loop gets `!{!"llvm.loop.peeled.count", i32 N}`. Then,
//! as LLVM does, loop-simplify (dedicated exits) and
//! `simplifyLoopAfterUnroll` on the loop's own blocks (not on the copies):
//! the induction-variable users of the header phis are simplified with
//! scalar evolution ([`simplify_loop_ivs`]: compares with a known outcome
//! become constants, signed compares of non-negative values become
//! unsigned, users equal to a constant or an available invariant value are
//! replaced by it, users with the IV operand's own expression are replaced
//! by it, and `add`/`sub`/`mul` gain the `nuw`/`nsw` flags scalar
//! evolution proves), then instructions fold and dead ones go.
//!
//! The scopes a peeled body declares with
//! `llvm.experimental.noalias.scope.decl` are cloned for each copy
//! (`!"<scope>:Peel0"`, `:Peel1`, ...), as LLVM's `cloneLoopBlocks` does.
//!
//! Deliberate differences from LLVM 19:
//! - a latch with two edges to the header is not peeled;
//! - `-unroll-peel-count` together with `-unroll-count` is an error in LLVM;
//!   here the unroll count wins;
//! - in [`simplify_loop_ivs`], compares are decided without the loop's
//!   dominating conditions (`evaluatePredicateAt`'s guard walk), invariant
//!   users are replaced only by constants or existing values (LLVM also
//!   expands cheap expressions), identities only when the expression is
//!   the IV operand itself (LLVM's poison reasoning is not modelled), and
//!   `makeIVComparisonInvariant`, `foldIVUser` and the `sdiv`/`srem`/
//!   overflow-intrinsic eliminations are not done;
//! - `isDereferenceablePointer` is approximated (static allocas, globals,
//!   `dereferenceable`/`byval` parameters).

use super::transform::simplify_after_unroll;
use super::{UnrollOptions, UnrollResult};
use crate::loopid::{
    add_string_metadata_to_loop, set_loop_already_unrolled, set_loop_id_on_latches,
};
use crate::remark::{Remark, RemarkKind, Remarks, SourceLoc};
use crate::utils::clone::{
    add_exit_phi_entries, clone_blocks, clone_noalias_scopes, declared_scopes, insts_of, Place,
    ValueMap,
};
use crate::utils::dead::{delete_dead, trivially_dead};
use crate::utils::{callee_name, phi_value_for, phis, split_block_predecessors, SplitLoc};
use crate::FnAnalyses;
use loopwright_analysis::loopmd::LoopAttrs;
use loopwright_analysis::scev::{CInt, NoWrap, ScalarEvolution, Scev, ScevData, UnkRef};
use loopwright_analysis::Loop;
use loopwright_ir::{
    Attr, Block, Builder, ConstData, Extra, Flags, Function, GlobalRef, Inst, InstData, MdKind,
    Module, Opcode, Operand, Predicate, TypeData, TypeTable, Value, ValueDef,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// `-unroll-peel-max-count`: at most this many iterations are peeled by
/// the heuristics, in total over repeated peelings of a loop.
pub const PEEL_MAX_COUNT: u32 = 7;

/// `llvm.loop.peeled.count`.
pub const PEELED_COUNT: &str = "llvm.loop.peeled.count";

/// How deep `countToEliminateCompares` looks through `and`/`or`.
const MAX_CONDITION_DEPTH: u32 = 4;

/// LLVM's `PeelingPreferences` (`gatherPeelingPreferences`): the defaults
/// (x86 keeps them), then the options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PeelPrefs {
    /// The count from `-unroll-peel-count` (0: none); the heuristics start
    /// from it.
    pub peel_count: u32,
    pub allow_peeling: bool,
    pub allow_loop_nests_peeling: bool,
}

impl PeelPrefs {
    /// The preferences of `loop-unroll` (`only_full == false`) or
    /// `loop-unroll-full`, which always allows peeling.
    pub fn gather(opts: &UnrollOptions, only_full: bool) -> Self {
        PeelPrefs {
            peel_count: opts.peel_count.unwrap_or(0),
            allow_peeling: only_full || opts.allow_peeling.unwrap_or(true),
            allow_loop_nests_peeling: false,
        }
    }
}

/// Why a loop is peeled: the rule that asked for the most iterations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeelReason {
    /// `-unroll-peel-count`.
    Requested,
    /// Header phis become invariant after that many iterations.
    InvariantPhis,
    /// Compares on induction variables get a known outcome in the loop.
    KnownCompares,
    /// An invariant load feeding an exit becomes dereferenceable.
    DereferenceableLoad,
}

/// A decision to peel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeelDecision {
    pub count: u32,
    pub reason: PeelReason,
}

/// The count `-unroll-peel-count` forces on every loop, if any. LLVM
/// refuses the combination with `-unroll-count`; the unroll count wins
/// here.
pub fn forced_count(opts: &UnrollOptions) -> Option<u32> {
    opts.peel_count.filter(|&c| c > 0 && opts.count.is_none())
}

/// `canPeel`: the loop is in loop-simplify form.
pub fn can_peel(f: &Function, a: &FnAnalyses, l: Loop) -> bool {
    a.loops.is_simplified(f, &a.cfg, l)
}

/// The iterations already peeled from `l` (`llvm.loop.peeled.count`).
fn already_peeled(m: &Module, f: &Function, a: &FnAnalyses, l: Loop) -> u32 {
    a.loops
        .loop_id(f, &m.md, &a.cfg, l)
        .and_then(|id| LoopAttrs::of_module(m, id).0.peeled_count)
        .unwrap_or(0)
}

/// LLVM's `computePeelCount` for a loop of `loop_size` (the rolled size
/// of the unroll cost model), a constant trip count (0: unknown) and the
/// unroll threshold. `None`: do not peel.
#[allow(clippy::too_many_arguments)]
pub fn compute_peel_count(
    m: &Module,
    f: &Function,
    a: &FnAnalyses,
    l: Loop,
    prefs: &PeelPrefs,
    loop_size: u32,
    trip_count: u32,
    threshold: u32,
) -> Option<PeelDecision> {
    let mut se = ScalarEvolution::new(m, f, &a.cfg, &a.dt, &a.loops);
    compute_peel_count_with(&mut se, m, f, a, l, prefs, loop_size, trip_count, threshold)
}

/// [`compute_peel_count`] with the caller's scalar evolution, which must
/// describe `f` with the analyses `a` (the unroller keeps one for all the
/// loops it decides on).
#[allow(clippy::too_many_arguments)]
pub(crate) fn compute_peel_count_with(
    se: &mut ScalarEvolution<'_>,
    m: &Module,
    f: &Function,
    a: &FnAnalyses,
    l: Loop,
    prefs: &PeelPrefs,
    loop_size: u32,
    trip_count: u32,
    threshold: u32,
) -> Option<PeelDecision> {
    let _ = trip_count; // Only profile-based peeling reads it.
    if !can_peel(f, a, l) || loop_size == 0 {
        return None;
    }
    if !prefs.allow_loop_nests_peeling && !a.loops.is_innermost(l) {
        return None;
    }
    if !prefs.allow_peeling {
        return None;
    }
    if 2 * u64::from(loop_size) > u64::from(threshold) {
        return None;
    }
    let already = already_peeled(m, f, a, l);
    if already >= PEEL_MAX_COUNT {
        return None;
    }
    let max = PEEL_MAX_COUNT.min((threshold / loop_size).saturating_sub(1));
    let mut desired = prefs.peel_count;
    let mut reason = PeelReason::Requested;
    if max > desired {
        if let Some(n) = PhiAnalyzer::new(f, a, l, max).iterations_to_peel() {
            if n > desired {
                desired = n;
                reason = PeelReason::InvariantPhis;
            }
        }
    }
    let cmps = count_to_eliminate_compares(se, m, f, a, l, max);
    if cmps > desired {
        desired = cmps;
        reason = PeelReason::KnownCompares;
    }
    if desired == 0 {
        desired = peel_to_make_loads_dereferenceable(m, f, a, l);
        reason = PeelReason::DereferenceableLoad;
    }
    if desired > 0 {
        desired = desired.min(max);
        if desired > 0 && desired + already <= PEEL_MAX_COUNT {
            return Some(PeelDecision {
                count: desired,
                reason,
            });
        }
    }
    None
}

/// The instruction defining `op` inside loop `l`, if any.
fn def_in_loop(f: &Function, a: &FnAnalyses, l: Loop, op: Operand) -> Option<Inst> {
    let v = op.as_value()?;
    let ValueDef::Result(i) = f.value_def(v) else {
        return None;
    };
    let b = f.layout.inst_block(i)?;
    a.loops.contains(l, b).then_some(i)
}

/// LLVM's `PhiAnalyzer`: after how many iterations each header phi is
/// invariant. `G(x) = 0` for invariants; `F(phi) = G(backedge value) + 1`;
/// binary operators and compares take the larger count of their operands,
/// casts that of their operand; anything else (and cycles) is unknown.
struct PhiAnalyzer<'a> {
    f: &'a Function,
    a: &'a FnAnalyses,
    l: Loop,
    header: Block,
    latch: Option<Block>,
    max: u32,
    memo: FxHashMap<Value, Option<u32>>,
}

impl<'a> PhiAnalyzer<'a> {
    fn new(f: &'a Function, a: &'a FnAnalyses, l: Loop, max: u32) -> Self {
        PhiAnalyzer {
            f,
            a,
            l,
            header: a.loops.header(l),
            latch: a.loops.latch(&a.cfg, l),
            max,
            memo: FxHashMap::default(),
        }
    }

    fn add_one(&self, c: Option<u32>) -> Option<u32> {
        c.and_then(|c| (c < self.max).then_some(c + 1))
    }

    fn calculate(&mut self, op: Operand) -> Option<u32> {
        if self.a.loops.is_invariant(self.f, self.l, op) {
            return Some(0);
        }
        let v = op.as_value()?;
        if let Some(&c) = self.memo.get(&v) {
            return c;
        }
        // Unknown while being computed: a cycle never ends on an invariant.
        self.memo.insert(v, None);
        let ValueDef::Result(i) = self.f.value_def(v) else {
            return None;
        };
        let data = self.f.inst(i);
        let r = match data.opcode {
            Opcode::Phi => {
                if self.f.layout.inst_block(i) != Some(self.header) {
                    return None;
                }
                let input = self.latch.and_then(|b| phi_value_for(self.f, i, b))?;
                let c = self.calculate(input);
                self.add_one(c)
            }
            op if op.is_binary() || matches!(op, Opcode::ICmp | Opcode::FCmp) => {
                let (lhs, rhs) = (data.operands()[0], data.operands()[1]);
                let x = self.calculate(lhs)?;
                let y = self.calculate(rhs)?;
                Some(x.max(y))
            }
            op if op.is_cast() => {
                let src = data.operands()[0];
                self.calculate(src)
            }
            _ => return None,
        };
        self.memo.insert(v, r);
        r
    }

    /// `calculateIterationsToPeel`.
    fn iterations_to_peel(&mut self) -> Option<u32> {
        let mut n = 0;
        for phi in phis(self.f, self.header) {
            let Some(v) = self.f.inst_result(phi) else {
                continue;
            };
            if let Some(c) = self.calculate(Operand::Value(v)) {
                n = n.max(c);
                if n == self.max {
                    break;
                }
            }
        }
        (n > 0).then_some(n)
    }
}

/// The expression of an operand: a value, or an integer constant.
fn scev_of_operand(se: &mut ScalarEvolution<'_>, m: &Module, op: Operand) -> Option<Scev> {
    match op {
        Operand::Value(v) => Some(se.scev_of(v)),
        Operand::Const(c) => {
            let val = m.consts.as_apint(c)?;
            let bits = val.bits();
            if bits > 128 {
                return None;
            }
            let words = val.words();
            let lo = u128::from(words.first().copied().unwrap_or(0));
            let hi = u128::from(words.get(1).copied().unwrap_or(0));
            Some(se.get_const(CInt::new(bits, lo | (hi << 64))))
        }
        _ => None,
    }
    .filter(|&s| !se.is_cnc(s))
}

fn is_equality(p: Predicate) -> bool {
    matches!(p, Predicate::Eq | Predicate::Ne)
}

/// `ScalarEvolution::evaluatePredicate`.
fn evaluate_predicate(
    se: &mut ScalarEvolution<'_>,
    p: Predicate,
    a: Scev,
    b: Scev,
) -> Option<bool> {
    if se.is_known_predicate(p, a, b) {
        Some(true)
    } else if se.is_known_predicate(p.inverse(), a, b) {
        Some(false)
    } else {
        None
    }
}

/// Whether `getMonotonicPredicateType` knows the direction of `ar pred x`
/// over the iterations (relational predicates on a recurrence that does
/// not wrap in the predicate's signedness, with a step of known sign for
/// signed ones).
fn is_monotonic(se: &mut ScalarEvolution<'_>, ar: Scev, p: Predicate) -> bool {
    use Predicate::*;
    match p {
        Ugt | Uge | Ult | Ule => se.has_flags(ar, NoWrap::NUW),
        Sgt | Sge | Slt | Sle => {
            if !se.has_flags(ar, NoWrap::NSW) {
                return false;
            }
            let step = se.ar_step(ar);
            se.is_known_non_negative(step) || se.is_known_non_positive(step)
        }
        _ => false,
    }
}

/// `ar` evaluated at iteration `n` (`evaluateAtIteration` of an affine
/// recurrence): `start + n * step`.
fn value_at(se: &mut ScalarEvolution<'_>, ar: Scev, n: u32) -> Scev {
    let ty = se.effective_ty(se.ty(ar));
    let bits = se.type_bits(ty);
    let c = se.get_const(CInt::new(bits, u128::from(n)));
    let start = se.ar_start(ar);
    let step = se.ar_step(ar);
    let m = se.get_mul2(c, step, NoWrap::ANY);
    se.get_add2(start, m, NoWrap::ANY)
}

/// LLVM's `countToEliminateCompares`.
struct CompareCounter<'r, 's, 'a> {
    se: &'r mut ScalarEvolution<'s>,
    m: &'a Module,
    f: &'a Function,
    a: &'a FnAnalyses,
    l: Loop,
    max: u32,
    desired: u32,
}

impl CompareCounter<'_, '_, '_> {
    /// Increases `count` while `iv pred bound` is known, stepping `iv`;
    /// returns whether the inverse is then known.
    fn peel_while_known(
        &mut self,
        count: &mut u32,
        iv: &mut Scev,
        bound: Scev,
        step: Scev,
        p: Predicate,
    ) -> bool {
        while *count < self.max && self.se.is_known_predicate(p, *iv, bound) {
            *iv = self.se.get_add2(*iv, step, NoWrap::ANY);
            *count += 1;
        }
        self.se.is_known_predicate(p.inverse(), *iv, bound)
    }

    fn condition(&mut self, cond: Operand, depth: u32) {
        let is_int = matches!(
            self.m.types.data(self.f.operand_type(cond, &self.m.consts)),
            TypeData::Int(_)
        );
        if !is_int || depth >= MAX_CONDITION_DEPTH {
            return;
        }
        let Some(Operand::Value(v)) = Some(cond) else {
            return;
        };
        let ValueDef::Result(i) = self.f.value_def(v) else {
            return;
        };
        let data = self.f.inst(i);
        match data.opcode {
            Opcode::And | Opcode::Or => {
                let (x, y) = (data.operands()[0], data.operands()[1]);
                self.condition(x, depth + 1);
                self.condition(y, depth + 1);
            }
            Opcode::ICmp => {
                let Some(p) = data.predicate() else { return };
                let (x, y) = (data.operands()[0], data.operands()[1]);
                self.compare(p, x, y);
            }
            _ => {}
        }
    }

    fn compare(&mut self, mut p: Predicate, x: Operand, y: Operand) {
        let (Some(mut left), Some(mut right)) = (
            scev_of_operand(self.se, self.m, x),
            scev_of_operand(self.se, self.m, y),
        ) else {
            return;
        };
        // Outcomes known whatever the iteration are not peeling's business.
        if evaluate_predicate(self.se, p, left, right).is_some() {
            return;
        }
        if self.se.as_add_rec(left).is_none() {
            if self.se.as_add_rec(right).is_none() {
                return;
            }
            std::mem::swap(&mut left, &mut right);
            p = p.swapped();
        }
        if !self.se.is_affine(left) || self.se.ar_loop(left) != Some(self.l) {
            return;
        }
        // An equality is decided by peeling only when the recurrence cannot
        // come back to a value it had (LLVM asks `hasNoSelfWrap`); others
        // need a predicate that flips at most once.
        let eq_decidable = is_equality(p) && self.se.has_flags(left, NoWrap::NW);
        if !eq_decidable && !is_monotonic(self.se, left, p) {
            return;
        }
        let mut count = self.desired;
        let mut iv = value_at(self.se, left, count);
        if !self.se.is_known_predicate(p, iv, right) {
            p = p.inverse();
        }
        let step = self.se.ar_step(left);
        if !self.peel_while_known(&mut count, &mut iv, right, step, p) {
            return;
        }
        // An equality may need one more iteration to be decided.
        let next = self.se.get_add2(iv, step, NoWrap::ANY);
        if is_equality(p)
            && !self.se.is_known_predicate(p.inverse(), next, right)
            && !self.se.is_known_predicate(p, iv, right)
            && self.se.is_known_predicate(p, next, right)
        {
            if count >= self.max {
                return;
            }
            count += 1;
        }
        self.desired = self.desired.max(count);
    }

    fn min_max(&mut self, data: &InstData, signed: bool) {
        if !matches!(self.m.types.data(data.ty), TypeData::Int(_)) {
            return;
        }
        let args = data.call_args();
        let [lhs, rhs] = args else { return };
        let (bound, iter) = if self.a.loops.is_invariant(self.f, self.l, *lhs) {
            (*lhs, *rhs)
        } else if self.a.loops.is_invariant(self.f, self.l, *rhs) {
            (*rhs, *lhs)
        } else {
            return;
        };
        let (Some(bound), Some(ar)) = (
            scev_of_operand(self.se, self.m, bound),
            scev_of_operand(self.se, self.m, iter),
        ) else {
            return;
        };
        if self.se.as_add_rec(ar).is_none()
            || !self.se.is_affine(ar)
            || self.se.ar_loop(ar) != Some(self.l)
        {
            return;
        }
        let step = self.se.ar_step(ar);
        let p = if self.se.is_known_positive(step) {
            if signed {
                Predicate::Slt
            } else {
                Predicate::Ult
            }
        } else if self.se.is_known_negative(step) {
            if signed {
                Predicate::Sgt
            } else {
                Predicate::Ugt
            }
        } else {
            return;
        };
        let nw = if signed { NoWrap::NSW } else { NoWrap::NUW };
        if !self.se.has_flags(ar, nw) {
            return;
        }
        let mut count = self.desired;
        let mut iv = value_at(self.se, ar, count);
        if !self.peel_while_known(&mut count, &mut iv, bound, step, p) {
            return;
        }
        self.desired = count;
    }
}

/// `countToEliminateCompares`: the iterations to peel so that compares on
/// the loop's add recurrences have a known outcome in the rest of the
/// loop.
fn count_to_eliminate_compares(
    se: &mut ScalarEvolution<'_>,
    m: &Module,
    f: &Function,
    a: &FnAnalyses,
    l: Loop,
    max: u32,
) -> u32 {
    let mut max = max;
    // Never peel the whole loop.
    if let Some(c) = se.backedge_taken_count(l).constant_max {
        let limited = c.u().min(u128::from(u64::MAX)) as u64;
        max = max.min((limited as u32).wrapping_sub(1));
    }
    let mut cc = CompareCounter {
        se,
        m,
        f,
        a,
        l,
        max,
        desired: 0,
    };
    let latch = a.loops.latch(&a.cfg, l);
    for &b in a.loops.data(l).blocks() {
        for i in f.layout.block_insts(b) {
            let data = f.inst(i);
            match data.opcode {
                Opcode::Select => cc.condition(data.operands()[0], 0),
                Opcode::Call => match callee_name(m, data).map(|n| n.split('.').nth(1)) {
                    Some(Some("smin" | "smax")) => cc.min_max(data, true),
                    Some(Some("umin" | "umax")) => cc.min_max(data, false),
                    _ => {}
                },
                _ => {}
            }
        }
        let Some(t) = f.terminator(b) else { continue };
        let data = f.inst(t);
        if data.opcode != Opcode::Br || data.operands().len() != 3 || Some(b) == latch {
            continue;
        }
        cc.condition(data.operands()[0], 0);
    }
    cc.desired
}

/// A conservative `isDereferenceablePointer` for a load of `size` bytes
/// from `ptr`: static allocas, defined-size globals that cannot be null,
/// and parameters with `dereferenceable(n)` or `byval`.
fn is_dereferenceable(m: &Module, f: &Function, ptr: Operand, size: u64) -> bool {
    let dl = loopwright_ir::DataLayout::of_module(m);
    match ptr {
        Operand::Const(c) => match m.consts.data(c) {
            ConstData::Global {
                global: GlobalRef::Var(g),
                ..
            } => {
                let gv = &m.globals[*g];
                gv.common.linkage != loopwright_ir::Linkage::ExternWeak
                    && dl.store_size(&m.types, gv.value_ty) >= size
            }
            _ => false,
        },
        Operand::Value(v) => match f.value_def(v) {
            ValueDef::Param(n) => f.param_attrs.get(n as usize).is_some_and(|&set| {
                m.attrs.get(set).iter().any(|a| match a {
                    Attr::Int(k, bytes) => &**k == "dereferenceable" && *bytes >= size,
                    Attr::Type(k, t) => &**k == "byval" && dl.store_size(&m.types, *t) >= size,
                    _ => false,
                })
            }),
            ValueDef::Result(i) => {
                let data = f.inst(i);
                let Extra::Alloca(info) = &data.extra else {
                    return false;
                };
                let n = match data.operands().first() {
                    None => Some(1),
                    Some(Operand::Const(c)) => {
                        m.consts.as_i64(*c).and_then(|n| u64::try_from(n).ok())
                    }
                    Some(_) => None,
                };
                n.is_some_and(|n| n * dl.alloc_size(&m.types, info.allocated_ty) >= size)
            }
            ValueDef::Placeholder => false,
        },
        _ => false,
    }
}

/// `peelToTurnInvariantLoadsDerefencebale`: 1 when peeling the first
/// iteration makes an invariant load feeding an exit condition safe to
/// hoist, else 0.
fn peel_to_make_loads_dereferenceable(m: &Module, f: &Function, a: &FnAnalyses, l: Loop) -> u32 {
    let lf = &a.loops;
    if lf.exiting_block(&a.cfg, l).is_some() {
        return 0;
    }
    let (Some(latch), header) = (lf.latch(&a.cfg, l), lf.header(l)) else {
        return 0;
    };
    // Non-latch exits must end in `unreachable`.
    let mut exits: Vec<Block> = Vec::new();
    for &b in lf.data(l).blocks() {
        if b == latch {
            continue;
        }
        for &s in a.cfg.succs(b) {
            if !lf.contains(l, s) && !exits.contains(&s) {
                exits.push(s);
            }
        }
    }
    if exits.iter().any(|&e| {
        f.terminator(e)
            .is_none_or(|t| f.inst(t).opcode != Opcode::Unreachable)
    }) {
        return 0;
    }
    let dl = loopwright_ir::DataLayout::of_module(m);
    let mut load_users: FxHashSet<Inst> = FxHashSet::default();
    for &b in lf.data(l).blocks() {
        for i in f.layout.block_insts(b) {
            let data = f.inst(i);
            if loopwright_analysis::effects::may_write_memory(m, data) {
                return 0;
            }
            let users = |set: &mut FxHashSet<Inst>| {
                if let Some(r) = f.inst_result(i) {
                    set.extend(f.uses(r).iter().copied());
                }
            };
            if load_users.contains(&i) {
                users(&mut load_users);
            }
            if b == header || data.opcode != Opcode::Load {
                continue;
            }
            let ptr = data.operands()[0];
            let size = dl.store_size(&m.types, data.ty);
            if a.dt.dominates(b, latch)
                && a.loops.is_invariant(f, l, ptr)
                && !is_dereferenceable(m, f, ptr, size)
            {
                users(&mut load_users);
            }
        }
    }
    let feeds_exit = lf
        .exiting_blocks(&a.cfg, l)
        .iter()
        .any(|&b| f.terminator(b).is_some_and(|t| load_users.contains(&t)));
    u32::from(feeds_exit)
}

/// Why `peel_loop` cannot peel a loop (our restrictions on top of
/// LLVM's `canPeel`, which the count's computation already checked; LLVM
/// peels these loops, and emits no remark when it cannot).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// Nothing to peel.
    ZeroCount,
    NoPreheader,
    NoSingleLatch,
    /// The preheader has no terminator to split at.
    NoPreheaderTerminator,
    /// The latch branches to the header by more (or fewer) than one edge.
    LatchEdgesToHeader,
    /// An `indirectbr` or a `callbr` in the loop.
    IndirectBranch,
}

impl Rejection {
    /// The variant's name, for `-debug-only=loop-unroll`.
    pub fn name(self) -> &'static str {
        match self {
            Rejection::ZeroCount => "ZeroCount",
            Rejection::NoPreheader => "NoPreheader",
            Rejection::NoSingleLatch => "NoSingleLatch",
            Rejection::NoPreheaderTerminator => "NoPreheaderTerminator",
            Rejection::LatchEdgesToHeader => "LatchEdgesToHeader",
            Rejection::IndirectBranch => "IndirectBranch",
        }
    }

    /// Why, in words.
    pub fn reason(self) -> &'static str {
        match self {
            Rejection::ZeroCount => "peel count is 0",
            Rejection::NoPreheader => "loop has no preheader",
            Rejection::NoSingleLatch => "loop has no single latch",
            Rejection::NoPreheaderTerminator => "loop preheader has no terminator",
            Rejection::LatchEdgesToHeader => {
                "loop latch does not branch to the header by exactly one edge"
            }
            Rejection::IndirectBranch => "loop holds an indirectbr or a callbr",
        }
    }
}

/// A peeling [`check`] accepted: the loop and what the transform needs,
/// read from the function before any edit.
pub struct PeelPlan {
    l: Loop,
    count: u32,
    header: Block,
    preheader: Block,
    latch: Block,
    loop_id: Option<loopwright_ir::MdNode>,
    /// `llvm.loop.peeled.count` before this peeling.
    already: u32,
    /// The loop's blocks in depth-first reverse post-order.
    rpo: Vec<Block>,
    /// Every edge leaving the loop.
    exit_edges: Vec<(Block, Block)>,
    header_phis: Vec<Inst>,
}

impl PeelPlan {
    /// The iterations peeled.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// The loop's header (which stays its header).
    pub fn header(&self) -> Block {
        self.header
    }
}

/// Whether [`peel`] can peel `count` iterations of `l`: read-only, and
/// checked before the `Peeled` remark, so that a reported peeling always
/// happens.
pub fn check(
    m: &Module,
    f: &Function,
    a: &FnAnalyses,
    l: Loop,
    count: u32,
) -> Result<PeelPlan, Rejection> {
    if count == 0 {
        return Err(Rejection::ZeroCount);
    }
    let lf = &a.loops;
    let preheader = lf.preheader(f, &a.cfg, l).ok_or(Rejection::NoPreheader)?;
    let latch = lf.latch(&a.cfg, l).ok_or(Rejection::NoSingleLatch)?;
    if f.terminator(preheader).is_none() {
        return Err(Rejection::NoPreheaderTerminator);
    }
    let header = lf.header(l);
    let edges_to_header = f.successors(latch).iter().filter(|&&s| s == header).count();
    if edges_to_header != 1 {
        return Err(Rejection::LatchEdgesToHeader);
    }
    if lf.data(l).blocks().iter().any(|&b| {
        f.layout
            .block_insts(b)
            .any(|i| matches!(f.inst(i).opcode, Opcode::IndirectBr | Opcode::CallBr))
    }) {
        return Err(Rejection::IndirectBranch);
    }
    let loop_id = lf.loop_id(f, &m.md, &a.cfg, l);
    let already = loop_id
        .and_then(|id| LoopAttrs::of_module(m, id).0.peeled_count)
        .unwrap_or(0);
    let mut exit_edges: Vec<(Block, Block)> = Vec::new();
    for &b in lf.data(l).blocks() {
        for s in f.successors(b) {
            if !lf.contains(l, s) {
                exit_edges.push((b, s));
            }
        }
    }
    Ok(PeelPlan {
        l,
        count,
        header,
        preheader,
        latch,
        loop_id,
        already,
        rpo: lf.blocks_rpo(&a.cfg, l),
        exit_edges,
        header_phis: phis(f, header).to_vec(),
    })
}

/// Splits `b` before its terminator (LLVM's `SplitBlock` at the
/// terminator): the new block, named `name` and placed after `b`, takes
/// the terminator; `b` branches to it with the terminator's location.
/// `b` has a terminator: the preheader ([`check`]) or a block a split
/// gave one.
fn split_at_terminator(f: &mut Function, b: Block, name: &str) -> Block {
    let t = f
        .terminator(b)
        .expect("checked: the preheader and the split blocks end in a branch");
    crate::utils::split_block(f, b, t, name)
}

/// LLVM's `peelLoop`: [`check`], then [`peel`]. Returns false, changing
/// nothing, when the loop cannot be peeled.
pub fn peel_loop(m: &mut Module, f: &mut Function, a: &FnAnalyses, l: Loop, count: u32) -> bool {
    match check(m, f, a, l, count) {
        Ok(plan) => {
            peel(m, f, a, &plan);
            true
        }
        Err(_) => false,
    }
}

/// [`peel`], keeping `a` (the analyses [`check`] read) up to date: the
/// peeling and each exit split are edits of the region of the loop's
/// preheader (`analysis::update`), recomputed only when an edit cannot be
/// shown to stay in it.
pub fn peel_with(m: &mut Module, f: &mut Function, a: &mut FnAnalyses, plan: &PeelPlan) {
    let blocks = a.loops.data(plan.l).blocks().to_vec();
    debug_assert_eq!(blocks.first(), Some(&plan.header), "the plan's analyses");
    let ed = a.begin_edit(plan.preheader, &blocks);
    let created = peel_copies(m, f, a, plan);
    a.finish_edit(f, ed, None);
    // The exits' region: the loop and the peeled copies (every block the
    // preheader dominates up to the exits).
    let mut region = blocks;
    region.extend(
        created
            .into_iter()
            .filter(|&b| f.layout.is_block_inserted(b) && a.dt.is_reachable(b)),
    );
    form_dedicated_exits_with(&m.md, f, plan.header, plan.preheader, &region, a);
}

/// Peels the first `plan.count()` iterations of its loop, on the function
/// [`check`] read (with its analyses `a`): sets
/// `llvm.loop.peeled.count`, and puts the function back in loop-simplify
/// and LCSSA form. It cannot fail.
pub fn peel(m: &mut Module, f: &mut Function, a: &FnAnalyses, plan: &PeelPlan) {
    let _ = peel_copies(m, f, a, plan);
    // Peeled exits are no longer dedicated: loop-simplify, keeping LCSSA.
    form_dedicated_exits(&m.md, f, plan.header);
}

/// [`peel`] up to the exit splits: the copies, the loop's new entry values
/// and its peeled count.
/// Returns the blocks it created.
fn peel_copies(m: &mut Module, f: &mut Function, a: &FnAnalyses, plan: &PeelPlan) -> Vec<Block> {
    let PeelPlan {
        l,
        count,
        header,
        preheader,
        latch,
        loop_id,
        already,
        ref rpo,
        ref exit_edges,
        ref header_phis,
    } = *plan;
    let lf = &a.loops;
    let in_loop = |f: &Function, op: Operand| def_in_loop(f, a, l, op).is_some();
    let hname = f.block_name(header).unwrap_or("").to_owned();
    let phname = f.block_name(preheader).unwrap_or("").to_owned();
    let next_name = format!("{hname}.peel.next");

    let mut insert_top = split_at_terminator(f, preheader, &format!("{hname}.peel.begin"));
    let mut insert_bot = split_at_terminator(f, insert_top, &next_name);
    let new_ph = split_at_terminator(f, insert_bot, &format!("{phname}.peel.newph"));
    let mut created = vec![insert_top, insert_bot, new_ph];

    // Scopes declared in the body are cloned for each copy.
    let scopes = declared_scopes(m, f, lf.data(l).blocks());
    // The value each original value had in the last peeled iteration.
    let mut last: FxHashMap<Value, Operand> = FxHashMap::default();
    for iter in 0..count {
        let mut map = ValueMap::default();
        let new_blocks = clone_blocks(f, rpo, ".peel", Place::Before(insert_bot), &[], &mut map);
        created.extend_from_slice(&new_blocks);
        if !scopes.is_empty() {
            let insts = insts_of(f, &new_blocks);
            clone_noalias_scopes(m, f, &scopes, &insts, &format!("Peel{iter}"));
        }
        let new_header = map.blocks[&header];
        let new_latch = map.blocks[&latch];
        // Enter the copy from the top anchor; its latch goes to the bottom.
        if let Some(t) = f.terminator(insert_top) {
            f.set_operand(t, 0, Operand::Block(new_header));
        }
        if let Some(t) = f.terminator(new_latch) {
            f.map_operands(t, |ops| {
                if let Some(op) = ops.iter_mut().find(|o| **o == Operand::Block(header)) {
                    *op = Operand::Block(insert_bot);
                }
            });
            f.inst_mut(t).md().remove(MdKind::LOOP);
        }
        // The copy's header phis are resolved: the value entering the loop
        // for the first copy, the previous copy's backedge value after.
        for &phi in header_phis {
            let Some(res) = f.inst_result(phi) else {
                continue;
            };
            let v = if iter == 0 {
                phi_value_for(f, phi, new_ph)
            } else {
                phi_value_for(f, phi, latch).map(|v| match v {
                    Operand::Value(x) if in_loop(f, v) => last.get(&x).copied().unwrap_or(v),
                    _ => v,
                })
            };
            let Some(v) = v else { continue };
            if let Some(Operand::Value(cv)) = map.vals.get(&res).copied() {
                if let ValueDef::Result(ci) = f.value_def(cv) {
                    f.delete_inst(ci);
                }
            }
            map.vals.insert(res, v);
        }
        // Exit phis get the copy's values along the copied exit edges.
        add_exit_phi_entries(f, &map, exit_edges);
        for (&k, &v) in &map.vals {
            last.insert(k, v);
        }
        // Remap the copy to its own values and blocks.
        map.remap_blocks(f, &new_blocks);
        insert_top = insert_bot;
        insert_bot = split_at_terminator(f, insert_bot, &next_name);
        created.push(insert_bot);
    }
    // The loop starts from the last copy's values.
    for &phi in header_phis {
        let Some(v) = phi_value_for(f, phi, latch) else {
            continue;
        };
        let v = match v {
            Operand::Value(x) if in_loop(f, v) => last.get(&x).copied().unwrap_or(v),
            _ => v,
        };
        f.map_operands(phi, |ops| {
            for k in (1..ops.len()).step_by(2) {
                if ops[k] == Operand::Block(new_ph) {
                    ops[k - 1] = v;
                }
            }
        });
    }
    let total = already.saturating_add(count);
    if let Some(id) = add_string_metadata_to_loop(m, loop_id, PEELED_COUNT, total) {
        set_loop_id_on_latches(f, &[latch], Some(id));
    }
    created
}

/// `formDedicatedExitBlocks` with LCSSA preserved, on the loop headed by
/// `header`: each exit block also reached from outside the loop gets a
/// `<exit>.loopexit` block for the loop's edges, where every phi of the
/// exit takes its loop values through a new phi (`<phi>.ph`), even when
/// they are all the same (LLVM's `SplitBlockPredecessors` for a loop exit
/// under LCSSA).
fn form_dedicated_exits(md: &loopwright_ir::Metadata, f: &mut Function, header: Block) {
    let mut a = FnAnalyses::compute(f);
    a.recompute_edits = true;
    form_dedicated_exits_with(md, f, header, header, &[], &mut a);
}

/// [`form_dedicated_exits`] with analyses `a` of `f`, kept up to date:
/// each split is an edit of the region of `root` (a block dominating the
/// loop and its exits) holding the loop and the `region` blocks (with the
/// loop's, every block between `root` and the exits).
fn form_dedicated_exits_with(
    md: &loopwright_ir::Metadata,
    f: &mut Function,
    header: Block,
    root: Block,
    region: &[Block],
    a: &mut FnAnalyses,
) {
    let mut region = region.to_vec();
    let mut visited: Vec<Block> = Vec::new();
    // Each split changes the CFG: start over (visited exits stay visited).
    'again: loop {
        let Some(l) = loop_of(a, header) else { return };
        let blocks = a.loops.data(l).blocks().to_vec();
        for &b in &blocks {
            let succs = a.cfg.succs(b).to_vec();
            for s in succs {
                if a.loops.contains(l, s) || visited.contains(&s) {
                    continue;
                }
                visited.push(s);
                let (inside, outside): (Vec<Block>, Vec<Block>) = a
                    .cfg
                    .preds(s)
                    .iter()
                    .partition(|&&p| a.loops.contains(l, p));
                if outside.is_empty()
                    || inside.iter().any(|&p| {
                        f.terminator(p)
                            .is_some_and(|t| f.inst(t).opcode == Opcode::IndirectBr)
                    })
                {
                    continue;
                }
                // An exit that heads another loop takes that loop's start
                // location, as in LLVM.
                let loc = match a.loops.loop_for(s).filter(|&x| a.loops.header(x) == s) {
                    Some(x) => SplitLoc::LoopStart(a.loops.start_loc(f, md, &a.cfg, x)),
                    None => SplitLoc::FirstInst,
                };
                let ed = a.begin_edit(root, &region);
                let Some(nb) = split_block_predecessors(f, s, &inside, ".loopexit", loc) else {
                    a.finish_edit(f, ed, None);
                    continue;
                };
                visited.push(nb);
                region.push(nb);
                a.finish_edit(f, ed, None);
                // (Phis only: the analyses stay valid.)
                close_exit_phis(f, &a.cfg, nb, s);
                continue 'again;
            }
        }
        return;
    }
}

/// Gives each phi of `exit` whose value from `split` is not already a phi
/// of `split` a phi there (`<name>.ph`), with one entry per edge into
/// `split`.
fn close_exit_phis(
    f: &mut Function,
    cfg: &loopwright_analysis::ControlFlowGraph,
    split: Block,
    exit: Block,
) {
    let preds = crate::utils::pred_edges(cfg, split);
    let Some(t) = f.terminator(split) else { return };
    for phi in phis(f, exit) {
        let Some(v) = phi_value_for(f, phi, split) else {
            continue;
        };
        let own = match v {
            Operand::Value(x) => matches!(f.value_def(x), ValueDef::Result(d)
                if f.inst(d).opcode == Opcode::Phi && f.layout.inst_block(d) == Some(split)),
            _ => false,
        };
        if own {
            continue;
        }
        let ty = f.inst(phi).ty;
        let name = f
            .inst_result(phi)
            .map(|r| format!("{}.ph", f.value_name(r).unwrap_or("")));
        let mut ops = Vec::with_capacity(2 * preds.len());
        for &p in &preds {
            ops.push(v);
            ops.push(Operand::Block(p));
        }
        let mut b = Builder::before(f, t);
        b.set_dbg(None);
        let nv = b.phi_with(ty, &ops, name.as_deref().unwrap_or(""));
        f.map_operands(phi, |ops| {
            for k in (1..ops.len()).step_by(2) {
                if ops[k] == Operand::Block(split) {
                    ops[k - 1] = Operand::Value(nv);
                }
            }
        });
    }
    // LLVM creates them in the order of the exit's phis.
    for phi in phis(f, exit).into_iter().rev() {
        if let Some(Operand::Value(x)) = phi_value_for(f, phi, split) {
            if let ValueDef::Result(d) = f.value_def(x) {
                if f.layout.inst_block(d) == Some(split) {
                    f.layout.remove_inst(d);
                    f.layout.prepend_inst(d, split);
                }
            }
        }
    }
}

/// The loop headed by `header`, in fresh analyses.
fn loop_of(a: &FnAnalyses, header: Block) -> Option<Loop> {
    a.loops
        .loop_for(header)
        .filter(|&x| a.loops.header(x) == header)
}

/// A replacement decided while scalar evolution borrows the module (the
/// constants are made when it is applied).
#[derive(Clone, Copy, Debug)]
enum Replacement {
    Bool(bool),
    Int(loopwright_ir::Type, CInt),
    Operand(Operand),
}

/// What [`simplify_loop_ivs`] does to one instruction.
enum IvAction {
    /// Replace all uses of the result, then delete it if dead.
    Replace(Inst, Replacement),
    /// Turn a signed compare into its unsigned version.
    Unsigned(Inst, Predicate),
    /// Set the no-wrap flags of an `add`/`sub`/`mul` (they only grow).
    NoWrap(Inst, Flags),
    /// A user found trivially dead, deleted with the replaced ones
    /// (LLVM's `DeadInsts`).
    Dead(Inst),
}

fn is_scevable(m: &Module, t: loopwright_ir::Type) -> bool {
    matches!(m.types.data(t), TypeData::Int(_) | TypeData::Ptr(_))
}

fn unsigned_of(p: Predicate) -> Option<Predicate> {
    use Predicate::*;
    Some(match p {
        Sgt => Ugt,
        Sge => Uge,
        Slt => Ult,
        Sle => Ule,
        _ => return None,
    })
}

/// State of the IV-user walk (`SimplifyIndvar::simplifyUsers`): decisions
/// are collected first and applied after, with replaced instructions
/// treated as gone.
struct IvSimplifier<'s, 'a> {
    se: ScalarEvolution<'s>,
    m: &'a Module,
    f: &'a Function,
    a: &'a FnAnalyses,
    l: Loop,
    preheader: Option<Block>,
    actions: Vec<IvAction>,
    gone: FxHashSet<Inst>,
}

impl IvSimplifier<'_, '_> {
    /// Users of `def` in the loop that are still there.
    fn live_users(&self, def: Inst) -> Vec<Inst> {
        let Some(v) = self.f.inst_result(def) else {
            return Vec::new();
        };
        let mut out: Vec<Inst> = Vec::new();
        for &u in self.f.uses(v) {
            if !out.contains(&u) && !self.gone.contains(&u) {
                out.push(u);
            }
        }
        out
    }

    fn push_users(&self, def: Inst, seen: &mut FxHashSet<Inst>, work: &mut Vec<(Inst, Inst)>) {
        for u in self.live_users(def) {
            if u == def {
                continue;
            }
            let in_loop = self
                .f
                .layout
                .inst_block(u)
                .is_some_and(|b| self.a.loops.contains(self.l, b));
            if in_loop && seen.insert(u) {
                work.push((u, def));
            }
        }
    }

    /// `isInstructionTriviallyDead` given the decisions so far.
    fn dead(&self, i: Inst) -> bool {
        if !dead_without_uses(self.m, self.f, i) {
            return false;
        }
        self.live_users(i)
            .iter()
            .all(|&u| self.f.inst(u).opcode.is_debug_record())
    }

    /// `replaceIVUserWithLoopInvariant`, for invariants that need no code:
    /// constants and values available before the loop.
    fn replace_with_invariant(&mut self, i: Inst) -> bool {
        let Some(r) = self.f.inst_result(i) else {
            return false;
        };
        let ty = self.f.value_type(r);
        if !is_scevable(self.m, ty) {
            return false;
        }
        let s = self.se.scev_of(r);
        if self.se.is_cnc(s) || !self.se.is_loop_invariant(s, self.l) {
            return false;
        }
        let to = match self.se.data(s).clone() {
            ScevData::Const(c) => {
                let TypeData::Int(bits) = *self.m.types.data(ty) else {
                    return false;
                };
                if bits != c.bits() {
                    return false;
                }
                Replacement::Int(ty, c)
            }
            ScevData::Unknown(UnkRef::Const(k)) => Replacement::Operand(Operand::Const(k)),
            ScevData::Unknown(UnkRef::Value(v)) => {
                if self.f.value_type(v) != ty || v == r {
                    return false;
                }
                let available = match self.f.value_def(v) {
                    ValueDef::Param(_) => true,
                    ValueDef::Result(d) => match (self.f.layout.inst_block(d), self.preheader) {
                        (Some(db), Some(ph)) => self.a.dt.dominates(db, ph),
                        _ => false,
                    },
                    ValueDef::Placeholder => false,
                };
                if !available {
                    return false;
                }
                Replacement::Operand(Operand::Value(v))
            }
            _ => return false,
        };
        self.actions.push(IvAction::Replace(i, to));
        self.gone.insert(i);
        true
    }

    /// `eliminateIVComparison` without the dominating-condition walk.
    fn compare(&mut self, cmp: Inst, iv: Inst) {
        let data = self.f.inst(cmp);
        let Some(orig) = data.predicate() else { return };
        let (x, y) = (data.operands()[0], data.operands()[1]);
        let Some(ivv) = self.f.inst_result(iv) else {
            return;
        };
        let (p, ivop, other) = if x == Operand::Value(ivv) {
            (orig, x, y)
        } else {
            (orig.swapped(), y, x)
        };
        let l = self.a.loops.loop_for(
            self.f
                .layout
                .inst_block(cmp)
                .unwrap_or(self.a.loops.header(self.l)),
        );
        let (Some(s), Some(o)) = (
            scev_of_operand(&mut self.se, self.m, ivop),
            scev_of_operand(&mut self.se, self.m, other),
        ) else {
            return;
        };
        let s = self.se.scev_at_scope(s, l);
        let o = self.se.scev_at_scope(o, l);
        if let Some(known) = evaluate_predicate(&mut self.se, p, s, o) {
            self.actions
                .push(IvAction::Replace(cmp, Replacement::Bool(known)));
            self.gone.insert(cmp);
            return;
        }
        if let Some(u) = unsigned_of(orig) {
            if self.se.is_known_non_negative(s) && self.se.is_known_non_negative(o) {
                self.actions.push(IvAction::Unsigned(cmp, u));
            }
        }
    }

    /// `eliminateIdentitySCEV`: a user with the same expression as the
    /// IV operand is replaced by it. (LLVM also accepts operands it can
    /// prove no more poisonous; here the expression must be the operand
    /// itself.)
    fn eliminate_identity(&mut self, user: Inst, iv: Inst) -> bool {
        let (Some(u), Some(v)) = (self.f.inst_result(user), self.f.inst_result(iv)) else {
            return false;
        };
        let ty = self.f.value_type(u);
        if !is_scevable(self.m, ty) || ty != self.f.value_type(v) {
            return false;
        }
        let su = self.se.scev_of(u);
        if su != self.se.scev_of(v) || self.se.is_cnc(su) {
            return false;
        }
        if *self.se.data(su) != ScevData::Unknown(UnkRef::Value(v)) {
            return false;
        }
        let (Some(ub), Some(vb)) = (self.f.layout.inst_block(user), self.f.layout.inst_block(iv))
        else {
            return false;
        };
        if self.f.inst(user).opcode == Opcode::Phi && (ub == vb || !self.a.dt.dominates(vb, ub)) {
            return false;
        }
        // LCSSA: the operand's loop must contain the user.
        if let Some(lv) = self.a.loops.loop_for(vb) {
            if !self.a.loops.contains(lv, ub) {
                return false;
            }
        }
        self.actions.push(IvAction::Replace(
            user,
            Replacement::Operand(Operand::Value(v)),
        ));
        self.gone.insert(user);
        true
    }

    /// `strengthenOverflowingOperation`: `nuw`/`nsw` on an `add`, `sub` or
    /// `mul` whose operation does not wrap in the wider type
    /// (`getStrengthenedNoWrapFlagsFromBinOp` without context).
    fn strengthen(&mut self, user: Inst) -> bool {
        let data = self.f.inst(user);
        if !matches!(data.opcode, Opcode::Add | Opcode::Sub | Opcode::Mul) {
            return false;
        }
        let flags = data.flags;
        let (nuw, nsw) = (flags.contains(Flags::NUW), flags.contains(Flags::NSW));
        if nuw && nsw {
            return false;
        }
        let TypeData::Int(bits) = *self.m.types.data(data.ty) else {
            return false;
        };
        let (x, y) = (data.operands()[0], data.operands()[1]);
        let opcode = data.opcode;
        let (Some(a), Some(b)) = (
            scev_of_operand(&mut self.se, self.m, x),
            scev_of_operand(&mut self.se, self.m, y),
        ) else {
            return false;
        };
        let wide = loopwright_analysis::scev::Ty::Int(bits * 2);
        let no_wrap = |se: &mut ScalarEvolution<'_>, signed: bool| -> bool {
            let op = |se: &mut ScalarEvolution<'_>, p: Scev, q: Scev| match opcode {
                Opcode::Add => se.get_add2(p, q, NoWrap::ANY),
                Opcode::Sub => se.get_minus(p, q, NoWrap::ANY),
                _ => se.get_mul2(p, q, NoWrap::ANY),
            };
            let ext = |se: &mut ScalarEvolution<'_>, p: Scev| {
                if signed {
                    se.get_sign_extend(p, wide, 0)
                } else {
                    se.get_zero_extend(p, wide, 0)
                }
            };
            let narrow = op(se, a, b);
            let lhs = ext(se, narrow);
            let (ea, eb) = (ext(se, a), ext(se, b));
            let rhs = op(se, ea, eb);
            !se.is_cnc(lhs) && lhs == rhs
        };
        let mut new = flags;
        let mut deduced = false;
        if !nuw && no_wrap(&mut self.se, false) {
            new.insert(Flags::NUW);
            deduced = true;
        }
        if !nsw && no_wrap(&mut self.se, true) {
            new.insert(Flags::NSW);
            deduced = true;
        }
        if deduced {
            self.actions.push(IvAction::NoWrap(user, new));
        }
        deduced
    }

    /// `simplifyUsers` for one header phi.
    fn simplify_users(&mut self, phi: Inst) {
        let Some(r) = self.f.inst_result(phi) else {
            return;
        };
        if !is_scevable(self.m, self.f.value_type(r)) {
            return;
        }
        let mut seen: FxHashSet<Inst> = FxHashSet::default();
        let mut work: Vec<(Inst, Inst)> = Vec::new();
        self.push_users(phi, &mut seen, &mut work);
        while let Some((user, def)) = work.pop() {
            if self.gone.contains(&user) {
                continue;
            }
            // LLVM marks a trivially dead user dead rather than simplify it;
            // `simplifyLoopAfterUnroll` deletes it right after the walk,
            // before it scans the blocks' debug records.
            if self.dead(user) {
                self.actions.push(IvAction::Dead(user));
                continue;
            }
            if user == phi {
                continue;
            }
            if self.replace_with_invariant(user) {
                continue;
            }
            if matches!(self.f.inst(user).opcode, Opcode::PtrToInt | Opcode::Trunc) {
                for u in self.live_users(user) {
                    if self.replace_with_invariant(u) {
                        break;
                    }
                }
            }
            if self.f.inst(user).opcode == Opcode::ICmp {
                self.compare(user, def);
                self.push_users(def, &mut seen, &mut work);
                continue;
            }
            if self.eliminate_identity(user, def) {
                self.push_users(def, &mut seen, &mut work);
                continue;
            }
            if self.strengthen(user) {
                self.push_users(def, &mut seen, &mut work);
            }
            // Other users that are recurrences of this loop are followed.
            let Some(ur) = self.f.inst_result(user) else {
                continue;
            };
            if !is_scevable(self.m, self.f.value_type(ur)) {
                continue;
            }
            let s = self.se.scev_of(ur);
            if self.se.as_add_rec(s).is_some() && self.se.ar_loop(s) == Some(self.l) {
                self.push_users(user, &mut seen, &mut work);
            }
        }
    }
}

/// Whether an instruction whose uses all went away is dead: exactly
/// `trivially_dead` when it never had uses, else only pure arithmetic,
/// casts, compares, phis, selects and address computations count (a
/// conservative `isInstructionTriviallyDead`).
fn dead_without_uses(m: &Module, f: &Function, i: Inst) -> bool {
    let data = f.inst(i);
    match f.inst_result(i) {
        Some(r) if f.has_uses(r) => {
            use Opcode::*;
            let op = data.opcode;
            (op.is_binary() && !matches!(op, UDiv | SDiv | URem | SRem))
                || op.is_cast()
                || matches!(
                    op,
                    ICmp | FCmp
                        | Phi
                        | Select
                        | GetElementPtr
                        | Freeze
                        | ExtractValue
                        | InsertValue
                )
        }
        _ => trivially_dead(m, f, i),
    }
}

/// `simplifyLoopIVs` on the loop headed by `header`: the users of each
/// header phi (and of their add-recurrence users) are simplified with
/// scalar evolution. Dead instructions left behind are deleted
/// recursively, wherever their operands are.
pub fn simplify_loop_ivs(m: &mut Module, f: &mut Function, header: Block) {
    simplify_loop_ivs_with(m, f, header, &mut FnAnalyses::compute(f));
}

/// [`simplify_loop_ivs`] with analyses `a` of `f` (which it leaves up to
/// date: it changes no control flow).
pub fn simplify_loop_ivs_with(m: &mut Module, f: &mut Function, header: Block, a: &mut FnAnalyses) {
    // One header phi at a time, so that what was simplified for one is
    // seen by the next (as LLVM's in-place edits): after a walk that
    // decided something, the edits are applied and the next walk starts
    // with a fresh scalar evolution. A walk that decided nothing left `f`
    // as it was, so its scalar evolution serves the next phi (a fresh one
    // per phi recomputed the loops around for every phi).
    let count = phis(f, header).len();
    let mut k = 0;
    while k < count {
        a.refresh(f);
        let a: &FnAnalyses = a;
        let Some(l) = loop_of(a, header) else { return };
        let actions = {
            let se = ScalarEvolution::new(m, f, &a.cfg, &a.dt, &a.loops);
            let mut s = IvSimplifier {
                se,
                m,
                f,
                a,
                l,
                preheader: a.loops.preheader(f, &a.cfg, l),
                actions: Vec::new(),
                gone: FxHashSet::default(),
            };
            while let Some(&phi) = phis(f, header).get(k).filter(|_| k < count) {
                k += 1;
                s.simplify_users(phi);
                if !s.actions.is_empty() || !s.gone.is_empty() {
                    break;
                }
            }
            s.actions
        };
        if actions.is_empty() {
            break;
        }
        apply_iv_actions(m, f, actions);
    }
}

/// Applies the decisions of one `simplifyUsers` walk, then deletes what
/// became dead.
fn apply_iv_actions(m: &mut Module, f: &mut Function, actions: Vec<IvAction>) {
    let mut dead: Vec<Inst> = Vec::new();
    for act in actions {
        match act {
            IvAction::Replace(i, to) => {
                let Some(r) = f.inst_result(i) else { continue };
                if f.layout.inst_block(i).is_none() {
                    continue;
                }
                let to = match to {
                    Replacement::Bool(b) => {
                        Operand::Const(m.consts.int(TypeTable::I1, 1, i64::from(b)))
                    }
                    Replacement::Int(ty, c) => Operand::Const(int_const(m, ty, c)),
                    Replacement::Operand(op) => op,
                };
                f.replace_all_uses(r, to);
                dead.push(i);
            }
            IvAction::Unsigned(i, p) => {
                if f.layout.inst_block(i).is_some() {
                    *f.inst_mut(i).extra() = Extra::Cmp(p);
                }
            }
            IvAction::NoWrap(i, fl) => {
                if f.layout.inst_block(i).is_some() {
                    *f.inst_mut(i).flags() = fl;
                }
            }
            IvAction::Dead(i) => {
                if f.layout.inst_block(i).is_some() {
                    dead.push(i);
                }
            }
        }
    }
    // LLVM's `simplifyLoopAfterUnroll`: each dead instruction in turn,
    // last first, with what it leaves dead.
    while let Some(i) = dead.pop() {
        delete_dead(m, f, i);
    }
}

/// The integer constant `c` of type `ty`.
fn int_const(m: &mut Module, ty: loopwright_ir::Type, c: CInt) -> loopwright_ir::Const {
    let v = c.u();
    let val = loopwright_ir::ApInt::from_words(c.bits(), &[v as u64, (v >> 64) as u64]);
    m.consts.intern(ConstData::Int { ty, val })
}

/// Peels as `tryToUnrollLoop` does, on the function [`check`] read to
/// make `plan` (with its analyses `a`): the `Peeled` remark, [`peel`],
/// `simplifyLoopAfterUnroll` on the loop, and, when `mark_unrolled` (a
/// count forced by `-unroll-peel-count` under LLVM's
/// `PeelProfiledIterations`), the mark that the loop was already unrolled.
/// It cannot fail.
#[allow(clippy::too_many_arguments)]
pub fn peel_and_report(
    m: &mut Module,
    f: &mut Function,
    a: &mut FnAnalyses,
    plan: &PeelPlan,
    mark_unrolled: bool,
    loc: Option<SourceLoc>,
    fname: &str,
    remarks: &mut Remarks,
) -> UnrollResult {
    remarks.emit(
        Remark::new(RemarkKind::Passed, "loop-unroll", "Peeled", loc, fname)
            .text(" peeled loop by ")
            .arg("PeelCount", plan.count)
            .text(" iterations"),
    );
    let header = plan.header;
    peel_with(m, f, a, plan);
    simplify_loop_ivs_with(m, f, header, a);
    a.refresh(f);
    let Some(l2) = loop_of(a, header) else {
        return UnrollResult::PartiallyUnrolled;
    };
    let blocks = a.loops.data(l2).blocks().to_vec();
    simplify_after_unroll(m, f, &blocks);
    if mark_unrolled {
        a.refresh(f);
        if let Some(l3) = loop_of(a, header) {
            let latches = a.loops.latches(&a.cfg, l3);
            let id = a.loops.loop_id(f, &m.md, &a.cfg, l3);
            let new = set_loop_already_unrolled(&mut m.md, id);
            set_loop_id_on_latches(f, &latches, Some(new));
        }
    }
    UnrollResult::PartiallyUnrolled
}
