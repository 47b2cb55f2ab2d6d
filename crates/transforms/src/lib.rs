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
//! Analyses are recomputed from scratch after each structural change
//! ([`FnAnalyses::compute`]); they are plain data and never borrow the
//! function. They record the function's edit epoch
//! ([`Function::cfg_epoch`]), and the caches that hand them out again
//! ([`FnMemo`]) assert in debug builds that the function has not changed
//! since.

pub mod lcssa;
pub mod remark;
pub mod rotate;
pub mod simplify;
pub mod unroll;
pub mod utils;
pub mod warn;

use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_ir::{Func, Function, Module};

/// The analyses a loop transformation needs, computed together. They
/// depend on the control-flow graph only, so they stay valid across edits
/// that leave it alone (LCSSA's phis); `cfg_epoch` says which.
pub struct FnAnalyses {
    pub cfg: ControlFlowGraph,
    pub dt: DominatorTree,
    pub loops: LoopForest,
    /// [`Function::cfg_epoch`] of the function they were computed on.
    cfg_epoch: u64,
}

impl FnAnalyses {
    pub fn compute(f: &Function) -> Self {
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let loops = LoopForest::compute(&cfg, &dt);
        FnAnalyses {
            cfg,
            dt,
            loops,
            cfg_epoch: f.cfg_epoch(),
        }
    }

    /// Whether `f`'s control-flow graph has not been edited since these
    /// analyses were computed on it.
    pub fn is_fresh(&self, f: &Function) -> bool {
        self.cfg_epoch == f.cfg_epoch()
    }

    /// Compares these analyses with `other` (block lists, edges, immediate
    /// dominators, the loop forest); says what differs first.
    pub fn compare(&self, other: &FnAnalyses) -> Result<(), String> {
        if self.cfg.blocks() != other.cfg.blocks() {
            return Err("the block lists differ".into());
        }
        for &b in self.cfg.blocks() {
            if self.cfg.succs(b) != other.cfg.succs(b) || self.cfg.preds(b) != other.cfg.preds(b) {
                return Err(format!("the edges of {b} differ"));
            }
            if self.dt.idom(b) != other.dt.idom(b) {
                return Err(format!("the immediate dominator of {b} differs"));
            }
        }
        let (mine, theirs) = (self.loops.preorder(), other.loops.preorder());
        if mine.len() != theirs.len() {
            return Err(format!(
                "{} loops kept, {} recomputed",
                mine.len(),
                theirs.len()
            ));
        }
        for (&l, &k) in mine.iter().zip(&theirs) {
            let (a, b) = (self.loops.data(l), other.loops.data(k));
            let parent = |lf: &LoopForest, l| lf.parent(l).map(|p| lf.header(p));
            if a.header() != b.header()
                || a.blocks() != b.blocks()
                || a.depth() != b.depth()
                || parent(&self.loops, l) != parent(&other.loops, k)
            {
                return Err(format!("the loop headed by {} differs", a.header()));
            }
        }
        Ok(())
    }
}

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

    /// Remembers `a`, which must describe the function as it is now.
    pub(crate) fn keep_analyses(&mut self, a: FnAnalyses) {
        self.analyses = Some(a);
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
        memo.keep_analyses(FnAnalyses::compute(&f));
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
        memo.keep_analyses(FnAnalyses::compute(&f));
        let entry = f.layout.entry_block().unwrap();
        let b = f.make_block(None);
        f.layout.insert_block_after(b, entry);
        let _ = memo.take_analyses(&f);
    }
}
