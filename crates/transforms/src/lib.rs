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
//! Analyses are recomputed from scratch after a structural change
//! ([`FnAnalyses::compute`]), or, for an edit confined to the blocks one
//! block dominates (loop rotation's; the unroll passes' peeling, remainder
//! and unrolling; loop-simplify's steps), updated for that part only
//! ([`FnAnalyses::begin_edit`], [`FnAnalyses::finish_edit`]), which gives
//! the same analyses (debug builds compare them with recomputed ones).
//! They are plain data and never borrow the function. They record the
//! function's edit epoch ([`Function::cfg_epoch`]), and the caches that
//! hand them out again ([`FnMemo`]) assert in debug builds that the
//! function has not changed since.

pub mod lcssa;
pub mod loopid;
pub mod remark;
pub mod rotate;
pub mod simplify;
#[cfg(test)]
mod test_support;
pub mod unroll;
pub mod utils;
pub mod vectorize;
pub mod warn;

use loopwright_analysis::scev::{ScalarEvolution, ScevState};
use loopwright_analysis::update::{self, Finished, Marks, RegionEdit};
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_ir::{Block, Func, Function, Module};

/// The analyses a loop transformation needs, computed together. They
/// depend on the control-flow graph only, so they stay valid across edits
/// that leave it alone (LCSSA's phis); `cfg_epoch` says which.
pub struct FnAnalyses {
    pub cfg: ControlFlowGraph,
    pub dt: DominatorTree,
    pub loops: LoopForest,
    /// [`Function::cfg_epoch`] of the function they were computed on.
    cfg_epoch: u64,
    /// Edits applied by [`FnAnalyses::finish_edit`] since computed, and how
    /// many of them had to compute the analyses afresh.
    edits: u32,
    recomputed: u32,
    /// Working memory of the edits, kept between them.
    marks: Marks,
    /// Whether an edit updated them since they were computed: loop ids
    /// (the order of [`LoopForest::loops`]) may then differ from computed
    /// ones.
    updated: bool,
    /// Compute the analyses afresh after every edit instead of updating
    /// them (what the passes did before updates; tests compare the two).
    pub(crate) recompute_edits: bool,
    /// What a scalar evolution on these analyses learned, kept while the
    /// function does not change ([`FnAnalyses::scalar_evolution`],
    /// [`FnAnalyses::keep_scev`]); dropped whenever the analyses change.
    scev: Option<ScevState>,
}

/// What [`FnAnalyses::finish_edit`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditOutcome {
    /// Only the edited region was updated; `order_changed` says whether
    /// loops changed places among their siblings.
    Updated { order_changed: bool },
    /// The edit could not be shown to stay in its region (the reason says
    /// how): the analyses were computed afresh (loop ids and orders may all
    /// have changed).
    Recomputed(&'static str),
}

impl EditOutcome {
    /// Whether a walk over the loop forest's order must start again.
    pub fn order_may_have_changed(self) -> bool {
        self != EditOutcome::Updated {
            order_changed: false,
        }
    }
}

impl FnAnalyses {
    pub fn compute(f: &Function) -> Self {
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        Self::from_parts(f, cfg, dt)
    }

    /// The analyses of `f` from its control-flow graph and dominator tree
    /// computed elsewhere (by the input's verifier), which must be those
    /// of `f` as it is now: the loop forest is computed from them.
    pub fn from_cfg_and_dominators(f: &Function, cfg: ControlFlowGraph, dt: DominatorTree) -> Self {
        let a = Self::from_parts(f, cfg, dt);
        debug_assert_eq!(a.compare(&FnAnalyses::compute(f)), Ok(()));
        a
    }

    fn from_parts(f: &Function, cfg: ControlFlowGraph, dt: DominatorTree) -> Self {
        let loops = LoopForest::compute(&cfg, &dt);
        FnAnalyses {
            cfg,
            dt,
            loops,
            cfg_epoch: f.cfg_epoch(),
            edits: 0,
            recomputed: 0,
            marks: Marks::default(),
            updated: false,
            recompute_edits: false,
            scev: None,
        }
    }

    /// A scalar evolution of `f` (a function of `m`) on these analyses:
    /// the one kept by [`FnAnalyses::keep_scev`] when `f` has not changed
    /// since, so that what it learned serves again (as LLVM's pass manager
    /// keeps scalar evolution for passes that preserve it), else a fresh
    /// one. `st` is what [`FnAnalyses::take_scev`] returned.
    pub fn scalar_evolution<'a>(
        &'a self,
        m: &'a Module,
        f: &'a Function,
        st: Option<ScevState>,
    ) -> ScalarEvolution<'a> {
        debug_assert!(self.is_fresh(f));
        st.and_then(|st| ScalarEvolution::resume(m, f, &self.cfg, &self.dt, &self.loops, st))
            .unwrap_or_else(|| ScalarEvolution::new(m, f, &self.cfg, &self.dt, &self.loops))
    }

    /// Takes the kept scalar evolution out, for
    /// [`FnAnalyses::scalar_evolution`].
    pub fn take_scev(&mut self) -> Option<ScevState> {
        self.scev.take()
    }

    /// Keeps what a scalar evolution made by
    /// [`FnAnalyses::scalar_evolution`] on these analyses learned, for the
    /// next one while the function does not change.
    pub fn keep_scev(&mut self, st: ScevState) {
        self.scev = Some(st);
    }

    /// Makes [`FnAnalyses::finish_edit`] compute the analyses afresh after
    /// every edit (tests compare the results of both ways).
    #[cfg(test)]
    pub(crate) fn recompute_every_edit(&mut self) {
        self.recompute_edits = true;
    }

    /// Whether `f`'s control-flow graph has not been edited since these
    /// analyses were computed on it.
    pub fn is_fresh(&self, f: &Function) -> bool {
        self.cfg_epoch == f.cfg_epoch()
    }

    /// Starts an edit confined to a region: `root` and the `inner` blocks
    /// it dominates (with their dominators up to `root`), and the blocks
    /// the edit creates. The edit keeps `root`'s predecessors and place,
    /// enters the region only at `root`, and may add edges from the region
    /// to the roots of the dominator subtrees hanging off it, but keeps its
    /// other edges to the rest of the function (see
    /// [`loopwright_analysis::update`]). The analyses must describe the
    /// function as it is.
    pub fn begin_edit(&mut self, root: Block, inner: &[Block]) -> RegionEdit {
        self.scev = None;
        let marks = std::mem::take(&mut self.marks);
        update::begin(&self.cfg, &self.dt, root, inner, marks)
    }

    /// Makes the analyses describe `f` again: nothing to do when its
    /// control flow has not changed since they were computed or updated
    /// (an edit of instructions only), else they are computed afresh.
    pub fn refresh(&mut self, f: &Function) {
        if !self.is_fresh(f) {
            self.recompute(f);
        }
    }

    /// Computes the graph, tree and forest of `f` afresh (the edit
    /// counters and working memory are kept).
    fn recompute(&mut self, f: &Function) {
        self.scev = None;
        let fresh = FnAnalyses::compute(f);
        self.cfg = fresh.cfg;
        self.dt = fresh.dt;
        self.loops = fresh.loops;
        self.cfg_epoch = fresh.cfg_epoch;
        self.updated = false;
    }

    /// Whether the loops have the ids a computed forest gives them (and
    /// [`LoopForest::loops`] its order): no edit updated the analyses since
    /// they were computed. Passes that walk the loops by id need that.
    pub fn numbered_as_computed(&self) -> bool {
        !self.updated
    }

    /// Drops an edit that changed nothing (its working memory is kept).
    pub fn abandon_edit(&mut self, ed: RegionEdit) {
        self.marks = ed.into_marks();
    }

    /// Midway through an edit: brings the control-flow graph up to date
    /// with `f` for the region (the dominator tree and the loops stay
    /// stale until [`FnAnalyses::finish_edit`]).
    pub fn sync_cfg(&mut self, f: &Function, ed: &mut RegionEdit) {
        self.scev = None;
        update::sync_cfg(&mut self.cfg, f, ed);
    }

    /// Ends an edit: updates the analyses for the region, or computes them
    /// afresh when the edit went beyond it. `rename` is (old, new) header
    /// of a loop whose header the edit moved. Debug builds compare the
    /// result with analyses computed afresh (every time for functions of
    /// up to [`CHECK_ALL_UP_TO`] blocks, else after edit 1, 2, 4, 8, ...).
    pub fn finish_edit(
        &mut self,
        f: &Function,
        ed: RegionEdit,
        rename: Option<(Block, Block)>,
    ) -> EditOutcome {
        self.scev = None;
        self.edits += 1;
        let (finished, marks) = if self.recompute_edits {
            (Finished::GaveUp("asked to recompute"), ed.into_marks())
        } else {
            update::finish(&mut self.cfg, &mut self.dt, &mut self.loops, f, ed, rename)
        };
        self.marks = marks;
        let outcome = match finished {
            Finished::Updated { order_changed } => {
                self.cfg_epoch = f.cfg_epoch();
                self.updated = true;
                EditOutcome::Updated { order_changed }
            }
            Finished::GaveUp(why) => {
                self.recompute(f);
                self.recomputed += 1;
                EditOutcome::Recomputed(why)
            }
        };
        if cfg!(debug_assertions)
            && (self.cfg.num_blocks() <= CHECK_ALL_UP_TO || self.edits.is_power_of_two())
        {
            if let Err(e) = self.check_against(&FnAnalyses::compute(f)) {
                panic!(
                    "updated analyses differ from recomputed ones after edit {}: {e}",
                    self.edits
                );
            }
        }
        outcome
    }

    /// The edits [`FnAnalyses::finish_edit`] applied, and how many of them
    /// computed the analyses afresh.
    pub fn edit_counts(&self) -> (u32, u32) {
        (self.edits, self.recomputed)
    }

    /// [`FnAnalyses::compare`] with `fresh`, after checking these analyses'
    /// own consistency.
    pub fn check_against(&self, fresh: &FnAnalyses) -> Result<(), String> {
        update::check((&self.cfg, &self.dt, &self.loops))?;
        self.compare(fresh)
    }

    /// Compares these analyses with `other` ([`update::compare`]: the
    /// graph's blocks, edges, reachability and reverse post-order, the
    /// dominator tree with its order, and the loop forest with its orders);
    /// says what differs first.
    pub fn compare(&self, other: &FnAnalyses) -> Result<(), String> {
        update::compare(
            (&self.cfg, &self.dt, &self.loops),
            (&other.cfg, &other.dt, &other.loops),
        )
    }
}

/// Debug builds check every update of the analyses of a function up to
/// this many blocks against recomputed ones (larger ones are sampled).
pub const CHECK_ALL_UP_TO: usize = 2000;

/// What the passes know about one function and that stays true while the
/// function does not change: its analyses and what scalar evolution told
/// the unroll passes. A pipeline keeps one per function, so a pass after
/// one that left the function alone starts from what that pass knew
/// (LLVM's pass manager keeps preserved analyses the same way). A pass
/// that changes the function must [`clear`](FnMemo::clear) it; the passes
/// taking a memo do so themselves.
///
/// Staleness is checked in debug builds: the analyses carry the CFG epoch
/// they were computed at, and the unroll facts the [`Function::epoch`] of
/// the function they were gathered on (`facts_epoch`), and both are
/// asserted equal to the function's when handed out again.
#[derive(Default)]
pub struct FnMemo {
    analyses: Option<FnAnalyses>,
    pub(crate) unroll: unroll::UnrollFacts,
    /// The epoch of the function the unroll facts describe (`None` while
    /// there are none).
    facts_epoch: Option<u64>,
    /// The module's function use counts without this function's, when the
    /// caller keeps them ([`FnMemo::lend_uses`]); not about the function,
    /// so never cleared with the rest.
    uses: Option<utils::func_uses::FuncUses>,
}

impl FnMemo {
    /// Forgets everything (the function changed).
    pub fn clear(&mut self) {
        self.analyses = None;
        self.unroll.clear();
        self.facts_epoch = None;
    }

    /// Asserts (debug builds) that what is remembered still describes `f`.
    #[inline]
    fn debug_check(&self, f: &Function) {
        if cfg!(debug_assertions) {
            if let Err(e) = self.check(f) {
                panic!("stale FnMemo: {e}");
            }
        }
    }

    /// Whether what is remembered still describes `f`, by epochs: the
    /// analyses' CFG epoch and the unroll facts' epoch equal `f`'s.
    pub fn check(&self, f: &Function) -> Result<(), String> {
        if let Some(a) = &self.analyses {
            if !a.numbered_as_computed() {
                return Err("the kept loops are not numbered as computed ones".into());
            }
            if !a.is_fresh(f) {
                return Err(format!(
                    "analyses of CFG epoch {:#x} kept for a function at {:#x}",
                    a.cfg_epoch,
                    f.cfg_epoch()
                ));
            }
        }
        match self.facts_epoch {
            Some(e) if e != f.epoch() => Err(format!(
                "unroll facts of epoch {e:#x} kept for a function at {:#x}",
                f.epoch()
            )),
            _ => Ok(()),
        }
    }

    /// [`FnMemo::check`], and that the remembered analyses equal analyses
    /// computed afresh (for `-verify-each`).
    pub fn check_thoroughly(&self, f: &Function) -> Result<(), String> {
        self.check(f)?;
        match &self.analyses {
            Some(a) => a.compare(&FnAnalyses::compute(f)),
            None => Ok(()),
        }
    }

    /// The analyses of `f`: the remembered ones, or computed afresh.
    pub(crate) fn take_analyses(&mut self, f: &Function) -> FnAnalyses {
        self.debug_check(f);
        self.analyses
            .take()
            .unwrap_or_else(|| FnAnalyses::compute(f))
    }

    /// Remembers `a`, which must describe `f` as it is now. Analyses whose
    /// update added or removed loops are computed afresh: the passes that
    /// take them walk the loops by id ([`LoopForest::loops`]), whose order
    /// must be a computed forest's.
    pub fn keep_analyses(&mut self, f: &Function, a: FnAnalyses) {
        self.analyses = Some(if a.numbered_as_computed() {
            a
        } else {
            FnAnalyses::compute(f)
        });
    }

    /// The analyses of `f`, computed once.
    pub(crate) fn analyses(&mut self, f: &Function) -> &FnAnalyses {
        self.debug_check(f);
        self.analyses.get_or_insert_with(|| FnAnalyses::compute(f))
    }

    /// The unroll passes' facts about `f` as it is now: the remembered ones
    /// (asserted fresh in debug builds), stamped with `f`'s epoch; and the
    /// module's function use counts, when lent.
    pub(crate) fn unroll_facts(
        &mut self,
        f: &Function,
    ) -> (
        &mut unroll::UnrollFacts,
        Option<&utils::func_uses::FuncUses>,
    ) {
        self.debug_check(f);
        self.facts_epoch = Some(f.epoch());
        (&mut self.unroll, self.uses.as_ref())
    }

    /// Lends the module's function use counts, without the uses of the
    /// function this memo is for, to the passes (see
    /// [`utils::func_uses`]); [`FnMemo::return_uses`] gives them back.
    pub fn lend_uses(&mut self, uses: utils::func_uses::FuncUses) {
        self.uses = Some(uses);
    }

    /// The use counts lent with [`FnMemo::lend_uses`].
    pub fn return_uses(&mut self) -> Option<utils::func_uses::FuncUses> {
        self.uses.take()
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

#[cfg(test)]
mod tests {
    use super::*;
    use loopwright_ir::{InstData, Opcode, Operand, TypeTable};

    const LOOP: &str = "
define void @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
";

    fn function() -> Function {
        let mut m = loopwright_parse::parse_module(LOOP.as_bytes(), "t.ll").unwrap();
        let fid = defined_functions(&m)[0];
        std::mem::replace(
            &mut m.functions[fid],
            Function::new(None, TypeTable::VOID, &m.types),
        )
    }

    #[test]
    fn kept_analyses_go_stale_with_the_cfg() {
        let mut f = function();
        let mut memo = FnMemo::default();
        memo.keep_analyses(&f, FnAnalyses::compute(&f));
        assert!(memo.check_thoroughly(&f).is_ok());
        // A new instruction in the loop body leaves the CFG alone.
        let exit = f.layout.blocks().last().unwrap();
        let body = f.layout.blocks().nth(1).unwrap();
        let term = f.terminator(body).unwrap();
        let i = f.make_inst(InstData::new(Opcode::Fence, TypeTable::VOID, []));
        f.layout.insert_inst_before(i, term);
        assert!(memo.check_thoroughly(&f).is_ok());
        // Retargeting the backedge does not.
        let idx = f
            .inst(term)
            .operands()
            .iter()
            .position(|o| *o == Operand::Block(body))
            .unwrap();
        f.set_operand(term, idx, Operand::Block(exit));
        let e = memo.check(&f).unwrap_err();
        assert!(e.contains("analyses of CFG epoch"), "{e}");
        memo.clear();
        assert!(memo.check(&f).is_ok());
    }

    #[test]
    fn kept_scalar_evolution_serves_only_the_unchanged_function() {
        let mut m = loopwright_parse::parse_module(LOOP.as_bytes(), "t.ll").unwrap();
        let fid = defined_functions(&m)[0];
        let mut f = std::mem::replace(
            &mut m.functions[fid],
            Function::new(None, TypeTable::VOID, &m.types),
        );
        let mut a = FnAnalyses::compute(&f);
        let l = a.loops.loops().next().unwrap();
        let (exact, st) = {
            let mut se = a.scalar_evolution(&m, &f, None);
            let c = se.backedge_taken_count(l).exact.expect("an exit count");
            (c, se.into_state())
        };
        a.keep_scev(st);
        // The same function: the kept one resumes, with what it learned
        // (the same expression, not an equal one built again).
        let st = a.take_scev().expect("kept");
        assert_eq!(st.epoch(), f.epoch());
        let mut se = ScalarEvolution::resume(&m, &f, &a.cfg, &a.dt, &a.loops, st).expect("resumed");
        assert_eq!(se.backedge_taken_count(l).exact, Some(exact));
        let st = se.into_state();
        // Any edit of the function (a name here) ends it.
        let v = f.params[0];
        f.set_value_name(v, Some("m"));
        assert!(ScalarEvolution::resume(&m, &f, &a.cfg, &a.dt, &a.loops, st).is_none());
        // Analyses that change drop what they kept.
        let st = a.scalar_evolution(&m, &f, None).into_state();
        a.keep_scev(st);
        let body = f.layout.blocks().nth(1).unwrap();
        let b = f.make_block(None);
        f.layout.insert_block_after(b, body);
        a.refresh(&f);
        assert!(a.take_scev().is_none());
    }

    #[test]
    fn unroll_facts_go_stale_with_any_edit() {
        let mut f = function();
        let mut memo = FnMemo::default();
        memo.unroll_facts(&f);
        assert!(memo.check(&f).is_ok());
        let v = f.params[0];
        f.set_value_name(v, Some("m"));
        let e = memo.check(&f).unwrap_err();
        assert!(e.contains("unroll facts of epoch"), "{e}");
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "stale FnMemo")]
    fn debug_builds_assert_on_reuse_of_stale_analyses() {
        let mut f = function();
        let mut memo = FnMemo::default();
        memo.keep_analyses(&f, FnAnalyses::compute(&f));
        let entry = f.layout.entry_block().unwrap();
        let b = f.make_block(None);
        f.layout.insert_block_after(b, entry);
        let _ = memo.take_analyses(&f);
    }
}
