//! SSA repair after code duplication: LLVM's `SSAUpdater`.
//!
//! A value `x` that used to have one definition now has several (the
//! original and its clones, or LCSSA phis in exit blocks). The updater is
//! told which definition is live at the end of which block
//! ([`SsaUpdater::add_available`]) and then answers, for any block, which
//! value reaches it, inserting phis at join points where different
//! definitions meet ([`SsaUpdater::value_at_end`],
//! [`SsaUpdater::value_in_middle`], [`SsaUpdater::rewrite_use`]).
//!
//! The construction is the "simple and efficient SSA construction" of Braun
//! et al.: walk predecessors until definitions are found, placing a phi at
//! every block with several predecessors, then remove trivial phis (all
//! entries equal, ignoring the phi itself) until none is left. The walk is
//! iterative, so deep CFGs cannot overflow the stack. Blocks unreachable
//! from the entry, and the entry itself when no definition reaches it, get
//! `poison`.
//!
//! The CFG given must be current: inserting phis does not change it.

use super::{phi_add_incoming, pred_edges, trivial_phi_value};
use loopwright_analysis::ControlFlowGraph;
use loopwright_ir::{Block, Builder, Const, Function, InsertPoint, Inst, Opcode, Operand, Type};
use rustc_hash::{FxHashMap, FxHashSet};

/// See the module docs.
pub struct SsaUpdater {
    ty: Type,
    name: Option<String>,
    poison: Const,
    /// The value live at the end of each block that has been resolved.
    avail: FxHashMap<Block, Operand>,
    /// Blocks given a definition with [`SsaUpdater::add_available`].
    defs: FxHashSet<Block>,
    /// The value live into blocks that also define one (see
    /// [`SsaUpdater::value_in_middle`]).
    live_in: FxHashMap<Block, Operand>,
    /// Phis this updater inserted (some may have been removed since).
    inserted: Vec<Inst>,
}

impl SsaUpdater {
    /// An updater for values of type `ty`; inserted phis are named `name`;
    /// `poison` must be the `poison` constant of `ty`.
    pub fn new(ty: Type, name: Option<&str>, poison: Const) -> Self {
        SsaUpdater {
            ty,
            name: name.map(str::to_owned),
            poison,
            avail: FxHashMap::default(),
            defs: FxHashSet::default(),
            live_in: FxHashMap::default(),
            inserted: Vec::new(),
        }
    }

    /// Declares that `v` is the value live at the end of `b`.
    pub fn add_available(&mut self, b: Block, v: Operand) {
        self.avail.insert(b, v);
        self.defs.insert(b);
    }

    /// Whether a value is known at the end of `b` (given or computed).
    pub fn has_value_for(&self, b: Block) -> bool {
        self.avail.contains_key(&b)
    }

    /// The value known at the end of `b`, without computing anything.
    pub fn find_value_for(&self, b: Block) -> Option<Operand> {
        self.avail.get(&b).copied()
    }

    /// The phis inserted so far that still exist.
    pub fn inserted_phis(&self, f: &Function) -> Vec<Inst> {
        self.inserted
            .iter()
            .copied()
            .filter(|&p| f.layout.inst_block(p).is_some())
            .collect()
    }

    /// The value live at the end of `b`, inserting phis as needed.
    pub fn value_at_end(&mut self, f: &mut Function, cfg: &ControlFlowGraph, b: Block) -> Operand {
        let mut pending: Vec<(Inst, Block)> = Vec::new();
        let v = self.resolve(f, cfg, b, &mut pending);
        self.fill_pending(f, cfg, pending);
        let replaced = self.simplify(f);
        follow(&replaced, v)
    }

    /// The value live at the start of `b` (the definitions in `b` itself
    /// are not considered), inserting phis as needed.
    pub fn value_in_middle(
        &mut self,
        f: &mut Function,
        cfg: &ControlFlowGraph,
        b: Block,
    ) -> Operand {
        if !self.defs.contains(&b) {
            return self.value_at_end(f, cfg, b);
        }
        if let Some(&v) = self.live_in.get(&b) {
            return v;
        }
        let preds = pred_edges(cfg, b);
        if preds.is_empty() {
            return Operand::Const(self.poison);
        }
        let mut pending: Vec<(Inst, Block)> = Vec::new();
        let vals: Vec<Operand> = preds
            .iter()
            .map(|&p| self.resolve(f, cfg, p, &mut pending))
            .collect();
        self.fill_pending(f, cfg, pending);
        let replaced = self.simplify(f);
        let vals: Vec<Operand> = vals.into_iter().map(|v| follow(&replaced, v)).collect();
        let existing = crate::utils::phis(f, b).into_iter().find(|&p| {
            f.inst(p).ty == self.ty && {
                let mut theirs: Vec<(Operand, Block)> = crate::utils::phi_incoming(f, p).collect();
                let mut mine: Vec<(Operand, Block)> =
                    vals.iter().copied().zip(preds.iter().copied()).collect();
                theirs.sort_unstable_by_key(|&(_, bb)| bb);
                mine.sort_unstable_by_key(|&(_, bb)| bb);
                theirs == mine
            }
        });
        let v = if vals.iter().all(|&v| v == vals[0]) {
            vals[0]
        } else if let Some(r) = existing.and_then(|p| f.inst_result(p)) {
            Operand::Value(r)
        } else {
            let phi = self.insert_phi(f, b);
            for (&p, v) in preds.iter().zip(vals) {
                phi_add_incoming(f, phi, v, p);
            }
            match f.inst_result(phi) {
                Some(r) => Operand::Value(r),
                None => Operand::Const(self.poison),
            }
        };
        self.live_in.insert(b, v);
        v
    }

    /// Rewrites operand `idx` of `user` to the value that reaches it: for a
    /// phi, the value at the end of the incoming block; otherwise the value
    /// live into the user's block.
    pub fn rewrite_use(
        &mut self,
        f: &mut Function,
        cfg: &ControlFlowGraph,
        user: Inst,
        idx: usize,
    ) {
        let Some(ub) = f.layout.inst_block(user) else {
            return;
        };
        let v = if f.inst(user).opcode == Opcode::Phi {
            match f.inst(user).operands().get(idx + 1) {
                Some(Operand::Block(pred)) => self.value_at_end(f, cfg, *pred),
                _ => return,
            }
        } else {
            self.value_in_middle(f, cfg, ub)
        };
        f.set_operand(user, idx, v);
    }

    fn insert_phi(&mut self, f: &mut Function, b: Block) -> Inst {
        // At the top of `b` (before its other phis), without a debug
        // location, as LLVM's `SSAUpdater` creates it.
        let mut bld = Builder::new(f, InsertPoint::Start(b));
        bld.set_dbg(None);
        bld.phi(self.ty, self.name.as_deref().unwrap_or(""));
        let phi = bld.last_inst().expect("just built");
        self.inserted.push(phi);
        phi
    }

    /// Finds the value at the end of `b`, creating (empty) phis at join
    /// points; the phis to fill are pushed on `pending`.
    fn resolve(
        &mut self,
        f: &mut Function,
        cfg: &ControlFlowGraph,
        b: Block,
        pending: &mut Vec<(Inst, Block)>,
    ) -> Operand {
        if let Some(&v) = self.avail.get(&b) {
            return v;
        }
        // Follow single-predecessor chains; stop at a join, a block without
        // predecessors, a known value, or a cycle of single-predecessor
        // blocks (only possible in unreachable code).
        let mut chain: Vec<Block> = Vec::new();
        let mut on_chain: FxHashSet<Block> = FxHashSet::default();
        let mut cur = b;
        let v = loop {
            if let Some(&v) = self.avail.get(&cur) {
                break v;
            }
            let preds = pred_edges(cfg, cur);
            if preds.is_empty() || !cfg.is_reachable(cur) {
                self.avail.insert(cur, Operand::Const(self.poison));
                break Operand::Const(self.poison);
            }
            if preds.len() == 1 && !on_chain.contains(&preds[0]) {
                on_chain.insert(cur);
                chain.push(cur);
                cur = preds[0];
                continue;
            }
            let phi = self.insert_phi(f, cur);
            let v = match f.inst_result(phi) {
                Some(r) => Operand::Value(r),
                None => Operand::Const(self.poison),
            };
            self.avail.insert(cur, v);
            pending.push((phi, cur));
            break v;
        };
        for c in chain {
            self.avail.insert(c, v);
        }
        v
    }

    fn fill_pending(
        &mut self,
        f: &mut Function,
        cfg: &ControlFlowGraph,
        mut pending: Vec<(Inst, Block)>,
    ) {
        while let Some((phi, b)) = pending.pop() {
            for p in pred_edges(cfg, b) {
                let v = self.resolve(f, cfg, p, &mut pending);
                phi_add_incoming(f, phi, v, p);
            }
        }
    }

    /// LLVM's `FindExistingPHI`: an inserted phi whose entries equal those
    /// of another phi of its block is replaced by that phi.
    fn reuse_existing_phis(
        &mut self,
        f: &mut Function,
        replaced: &mut FxHashMap<Operand, Operand>,
    ) -> bool {
        let mut changed = false;
        for k in 0..self.inserted.len() {
            let phi = self.inserted[k];
            let Some(b) = f.layout.inst_block(phi) else {
                continue;
            };
            let Some(res) = f.inst_result(phi) else {
                continue;
            };
            let mut mine: Vec<(Operand, Block)> = crate::utils::phi_incoming(f, phi).collect();
            mine.sort_unstable_by_key(|&(_, bb)| bb);
            let other = crate::utils::phis(f, b).into_iter().find(|&o| {
                if o == phi || f.inst(o).ty != self.ty {
                    return false;
                }
                let mut theirs: Vec<(Operand, Block)> = crate::utils::phi_incoming(f, o).collect();
                theirs.sort_unstable_by_key(|&(_, bb)| bb);
                theirs == mine
            });
            if let Some(o) = other.and_then(|o| f.inst_result(o)) {
                f.replace_all_uses(res, Operand::Value(o));
                f.delete_inst(phi);
                replaced.insert(Operand::Value(res), Operand::Value(o));
                changed = true;
            }
        }
        changed
    }

    /// Removes trivial phis among the inserted ones until none is left,
    /// keeping `avail` pointing at live values. Returns the replacements.
    fn simplify(&mut self, f: &mut Function) -> FxHashMap<Operand, Operand> {
        let mut replaced: FxHashMap<Operand, Operand> = FxHashMap::default();
        loop {
            let mut changed = self.reuse_existing_phis(f, &mut replaced);
            for &phi in &self.inserted {
                if f.layout.inst_block(phi).is_none() {
                    continue;
                }
                let Some(res) = f.inst_result(phi) else {
                    continue;
                };
                let v = match trivial_phi_value(f, phi) {
                    Some(v) => v,
                    // Only self references: a value no definition reaches.
                    None if crate::utils::phi_incoming(f, phi)
                        .all(|(v, _)| v == Operand::Value(res)) =>
                    {
                        Operand::Const(self.poison)
                    }
                    None => continue,
                };
                f.replace_all_uses(res, v);
                f.delete_inst(phi);
                replaced.insert(Operand::Value(res), v);
                changed = true;
            }
            if !changed {
                break;
            }
        }
        if !replaced.is_empty() {
            for v in self.avail.values_mut().chain(self.live_in.values_mut()) {
                *v = follow(&replaced, *v);
            }
        }
        replaced
    }
}

/// `v` after the chain of replacements in `map`.
fn follow(map: &FxHashMap<Operand, Operand>, mut v: Operand) -> Operand {
    while let Some(&w) = map.get(&v) {
        v = w;
    }
    v
}

#[cfg(test)]
mod tests {
    //! The updater on hand-built definitions: two definitions meeting at a
    //! join (one phi), the same definition on both sides (no phi: the
    //! trivial phi is removed), a loop (a header phi fed by the backedge),
    //! a block no definition reaches (poison), and `rewrite_use`
    //! redirecting a use to the phi. Phi entries come in the order of the
    //! block's predecessor list, which follows LLVM's (the latest branch
    //! to the block first).

    use super::*;
    use crate::test_support::text;
    use loopwright_ir::{ConstData, Module, TypeTable, ValueDef};

    const INPUT: &str = "\
define i32 @f(i1 %c, i32 %x) {
entry:
  br i1 %c, label %then, label %else
then:
  %a = add i32 %x, 1
  br label %join
else:
  %b = mul i32 %x, 3
  br label %join
join:
  %use = add i32 %x, 0
  br label %loop
loop:
  %n = sub i32 %x, 1
  %d = icmp eq i32 %n, 0
  br i1 %d, label %exit, label %loop
exit:
  ret i32 %use
dead:
  ret i32 0
}
";

    struct Fixture {
        m: Module,
        blocks: FxHashMap<String, Block>,
        values: FxHashMap<String, Operand>,
    }

    fn fixture() -> Fixture {
        let m = loopwright_parse::parse_module(INPUT.as_bytes(), "t.ll").expect("parses");
        let f = &m.functions[crate::defined_functions(&m)[0]];
        let blocks = f
            .layout
            .blocks()
            .map(|b| (f.block_name(b).unwrap_or("").to_owned(), b))
            .collect();
        let mut values = FxHashMap::default();
        for b in f.layout.blocks() {
            for i in f.layout.block_insts(b) {
                if let Some(v) = f.inst_result(i) {
                    values.insert(f.value_name(v).unwrap_or("").to_owned(), Operand::Value(v));
                }
            }
        }
        for &p in &f.params {
            values.insert(f.value_name(p).unwrap_or("").to_owned(), Operand::Value(p));
        }
        Fixture { m, blocks, values }
    }

    /// Runs `op` on `@f` with a fresh `i32` updater named `v`.
    fn with_updater<R>(
        fx: &mut Fixture,
        op: impl FnOnce(&mut SsaUpdater, &mut Function, &ControlFlowGraph) -> R,
    ) -> R {
        let poison = fx.m.consts.intern(ConstData::Poison(TypeTable::I32));
        let fid = crate::defined_functions(&fx.m)[0];
        crate::with_function(&mut fx.m, fid, |_, f| {
            let cfg = ControlFlowGraph::compute(f);
            let mut ssa = SsaUpdater::new(TypeTable::I32, Some("v"), poison);
            op(&mut ssa, f, &cfg)
        })
    }

    #[test]
    fn two_definitions_meet_in_one_phi() {
        let mut fx = fixture();
        let (then, els, join, exit) = (
            fx.blocks["then"],
            fx.blocks["else"],
            fx.blocks["join"],
            fx.blocks["exit"],
        );
        let (a, b) = (fx.values["a"], fx.values["b"]);
        let (at_join, at_exit) = with_updater(&mut fx, |ssa, f, cfg| {
            ssa.add_available(then, a);
            ssa.add_available(els, b);
            let j = ssa.value_at_end(f, cfg, join);
            // Later blocks reach the same phi; none is added.
            let e = ssa.value_at_end(f, cfg, exit);
            assert_eq!(ssa.inserted_phis(f).len(), 1);
            (j, e)
        });
        assert_eq!(at_join, at_exit);
        let t = text(&fx.m);
        assert!(
            t.contains("join:\n  %v = phi i32 [ %b, %else ], [ %a, %then ]\n"),
            "{t}"
        );
        loopwright_analysis::verify_module(&fx.m).expect("verifies");
    }

    #[test]
    fn one_definition_everywhere_needs_no_phi() {
        let mut fx = fixture();
        let (entry, exit) = (fx.blocks["entry"], fx.blocks["exit"]);
        let x = fx.values["x"];
        let v = with_updater(&mut fx, |ssa, f, cfg| {
            ssa.add_available(entry, x);
            let v = ssa.value_at_end(f, cfg, exit);
            assert!(ssa.inserted_phis(f).is_empty());
            v
        });
        assert_eq!(v, x);
        assert!(!text(&fx.m).contains("phi"), "{}", text(&fx.m));
    }

    #[test]
    fn a_loop_gets_a_header_phi() {
        let mut fx = fixture();
        let (join, lp) = (fx.blocks["join"], fx.blocks["loop"]);
        let (x, n) = (fx.values["x"], fx.values["n"]);
        let live_in = with_updater(&mut fx, |ssa, f, cfg| {
            ssa.add_available(join, x);
            ssa.add_available(lp, n);
            ssa.value_in_middle(f, cfg, lp)
        });
        assert_ne!(live_in, x);
        let t = text(&fx.m);
        assert!(
            t.contains("loop:\n  %v = phi i32 [ %n, %loop ], [ %x, %join ]\n"),
            "{t}"
        );
        loopwright_analysis::verify_module(&fx.m).expect("verifies");
    }

    #[test]
    fn unreached_blocks_get_poison() {
        let mut fx = fixture();
        let (then, dead, entry) = (fx.blocks["then"], fx.blocks["dead"], fx.blocks["entry"]);
        let a = fx.values["a"];
        let (at_dead, at_entry) = with_updater(&mut fx, |ssa, f, cfg| {
            ssa.add_available(then, a);
            (
                ssa.value_at_end(f, cfg, dead),
                ssa.value_at_end(f, cfg, entry),
            )
        });
        for v in [at_dead, at_entry] {
            let Operand::Const(c) = v else {
                panic!("{v:?} is not a constant")
            };
            assert_eq!(fx.m.consts.data(c), &ConstData::Poison(TypeTable::I32));
        }
    }

    #[test]
    fn rewrite_use_redirects_to_the_reaching_value() {
        let mut fx = fixture();
        let (then, els) = (fx.blocks["then"], fx.blocks["else"]);
        let (a, b) = (fx.values["a"], fx.values["b"]);
        let Operand::Value(use_v) = fx.values["use"] else {
            unreachable!()
        };
        with_updater(&mut fx, |ssa, f, cfg| {
            ssa.add_available(then, a);
            ssa.add_available(els, b);
            let ValueDef::Result(user) = f.value_def(use_v) else {
                unreachable!()
            };
            ssa.rewrite_use(f, cfg, user, 0);
        });
        let t = text(&fx.m);
        assert!(t.contains("  %use = add i32 %v, 0\n"), "{t}");
        loopwright_analysis::verify_module(&fx.m).expect("verifies");
    }
}
