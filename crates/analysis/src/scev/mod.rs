//! Scalar evolution: closed forms of integer and pointer values in loops,
//! and loop trip counts, computed as LLVM 19's `ScalarEvolution` does.
//!
//! [`ScalarEvolution`] is a lazy analysis of one function. It borrows the
//! module, the function and the function's CFG, dominator tree and loop
//! forest for its lifetime, so the borrow checker guarantees the IR is not
//! edited while it is alive (its results would be stale). Everything it
//! computes is cached.
//!
//! - [`expr`]: the expression DAG ([`Scev`] ids into an arena of
//!   [`ScevData`]), interned and folded to LLVM's canonical forms.
//! - [`build`]: IR values to expressions (`scev_of`): induction-variable
//!   phis become add recurrences `{start,+,step}<flags><loop>`.
//! - [`exit`]: exit counts per exiting block and backedge-taken counts.
//! - [`range`]: constant ranges, used for no-wrap proofs and maximum counts.
//! - [`predicated`]: rewrites that hold under run-time predicates (a phi
//!   updated through `trunc` and `sext`/`zext` as an add recurrence).
//! - [`print`]: LLVM's textual form of expressions and of the "Determining
//!   loop execution counts" section of `print<scalar-evolution>`.
//!
//! Precision: where LLVM 19 computes an exact backedge-taken count for a
//! loop, this analysis aims to compute the same expression; the corpus
//! test (`tests/scev_llvm.rs`) measures the agreement. Unknown shapes give
//! CouldNotCompute, never a panic. Integers wider than 128 bits are opaque.

mod brute;
mod build;
pub mod exit;
pub mod expr;
mod ext;
mod guards;
pub mod int;
pub(crate) mod known;
mod pred;
pub mod predicated;
pub mod print;
pub mod range;

pub use expr::{
    compare_value_complexity, CastKind, MinMaxKind, NoWrap, Scev, ScevData, Ty, UnkRef,
};
pub use int::CInt;
/// The data layout lives in the IR crate (`loopwright_ir::datalayout`);
/// re-exported here for the analyses that name it through `scev`.
pub use loopwright_ir::DataLayout;
pub use predicated::{PredicatedPhi, ScevPredicate};

use crate::cfg::ControlFlowGraph;
use crate::domtree::DominatorTree;
use crate::loops::{Loop, LoopForest};
use cranelift_entity::PrimaryMap;
use loopwright_ir::{Block, Function, Module, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// The backedge-taken counts of a loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExitCount {
    /// The exact number of times the backedge is taken, when every exit is
    /// computable (the sequential umin over the exits).
    pub exact: Option<Scev>,
    /// A constant upper bound of the backedge-taken count.
    pub constant_max: Option<CInt>,
    /// A symbolic upper bound (the umin over the computable exits).
    pub symbolic_max: Option<Scev>,
}

/// Scalar evolution of one function.
pub struct ScalarEvolution<'a> {
    pub(crate) m: &'a Module,
    pub(crate) f: &'a Function,
    pub(crate) cfg: &'a ControlFlowGraph,
    pub(crate) dt: &'a DominatorTree,
    pub(crate) lf: &'a LoopForest,
    pub(crate) dl: std::rc::Rc<DataLayout>,
    pub(crate) nodes: PrimaryMap<Scev, expr::Node>,
    pub(crate) interned: FxHashMap<ScevData, Scev>,
    pub(crate) cnc: Scev,
    /// `scev_of` results.
    pub(crate) values: FxHashMap<Value, Scev>,
    pub(crate) invariant_cache: FxHashMap<(Scev, Loop), bool>,
    pub(crate) dom_cache: FxHashMap<(Scev, Block), u8>,
    pub(crate) urange: FxHashMap<Scev, range::ConstantRange>,
    pub(crate) srange: FxHashMap<Scev, range::ConstantRange>,
    pub(crate) multiple: FxHashMap<Scev, CInt>,
    pub(crate) pending_phi_ranges: FxHashSet<Value>,
    /// Backedge-taken info per loop; `None` while being computed.
    pub(crate) btc: FxHashMap<Loop, Option<exit::BackedgeTakenInfo>>,
    pub(crate) nuw_tried: FxHashSet<Scev>,
    pub(crate) nsw_tried: FxHashSet<Scev>,
    pub(crate) loop_props: FxHashMap<Loop, exit::LoopProps>,
    pub(crate) pending_loop_phis: FxHashSet<Value>,
    pub(crate) at_scope: FxHashMap<(Scev, Option<Loop>), Scev>,
    pub(crate) known_bits_cache: FxHashMap<Value, known::KnownBits>,
    /// `num_sign_bits` results at depth 0.
    pub(crate) sign_bits_cache: FxHashMap<Value, u32>,
    pub(crate) fold_cache: FxHashMap<(u8, Scev, Ty), Scev>,
    pub(crate) walking_be_conds: bool,
    pub(crate) value_log: Vec<Value>,
    pub(crate) const_exprs: FxHashMap<loopwright_ir::Const, Scev>,
    pub(crate) phi_nesting: u32,
    pub(crate) pending_flags: Option<(NoWrap, Scev)>,
    pub(crate) guard_maps: FxHashMap<Loop, FxHashMap<Scev, Scev>>,
    pub(crate) assumes: Option<Vec<(Block, loopwright_ir::Operand)>>,
}

/// What a [`ScalarEvolution`] has learned, detached from the borrows of
/// the function and its analyses ([`ScalarEvolution::into_state`]), to be
/// [resumed](ScalarEvolution::resume) on the same function while it has
/// not changed: LLVM keeps scalar evolution across the loop passes that
/// leave a function alone, where a fresh one per pass (or per loop)
/// recomputes the loops around every query.
pub struct ScevState {
    /// [`Function::epoch`] of the function it was learned on.
    epoch: u64,
    nodes: PrimaryMap<Scev, expr::Node>,
    interned: FxHashMap<ScevData, Scev>,
    cnc: Scev,
    values: FxHashMap<Value, Scev>,
    invariant_cache: FxHashMap<(Scev, Loop), bool>,
    dom_cache: FxHashMap<(Scev, Block), u8>,
    urange: FxHashMap<Scev, range::ConstantRange>,
    srange: FxHashMap<Scev, range::ConstantRange>,
    multiple: FxHashMap<Scev, CInt>,
    pending_phi_ranges: FxHashSet<Value>,
    btc: FxHashMap<Loop, Option<exit::BackedgeTakenInfo>>,
    nuw_tried: FxHashSet<Scev>,
    nsw_tried: FxHashSet<Scev>,
    loop_props: FxHashMap<Loop, exit::LoopProps>,
    pending_loop_phis: FxHashSet<Value>,
    at_scope: FxHashMap<(Scev, Option<Loop>), Scev>,
    known_bits_cache: FxHashMap<Value, known::KnownBits>,
    sign_bits_cache: FxHashMap<Value, u32>,
    fold_cache: FxHashMap<(u8, Scev, Ty), Scev>,
    walking_be_conds: bool,
    value_log: Vec<Value>,
    const_exprs: FxHashMap<loopwright_ir::Const, Scev>,
    phi_nesting: u32,
    pending_flags: Option<(NoWrap, Scev)>,
    guard_maps: FxHashMap<Loop, FxHashMap<Scev, Scev>>,
    assumes: Option<Vec<(Block, loopwright_ir::Operand)>>,
}

impl ScevState {
    /// [`Function::epoch`] of the function this was learned on.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }
}

impl<'a> ScalarEvolution<'a> {
    /// A scalar-evolution analysis of `f` (a function of `m`), given its
    /// fresh CFG, dominator tree and loop forest.
    pub fn new(
        m: &'a Module,
        f: &'a Function,
        cfg: &'a ControlFlowGraph,
        dt: &'a DominatorTree,
        lf: &'a LoopForest,
    ) -> Self {
        let mut nodes = PrimaryMap::new();
        let cnc = nodes.push(expr::Node {
            data: ScevData::CouldNotCompute,
            ty: Ty::Int(1),
            flags: NoWrap::ANY,
            size: 1,
        });
        let mut interned = FxHashMap::default();
        interned.insert(ScevData::CouldNotCompute, cnc);
        ScalarEvolution {
            m,
            f,
            cfg,
            dt,
            lf,
            dl: DataLayout::of_module(m),
            nodes,
            interned,
            cnc,
            values: FxHashMap::default(),
            invariant_cache: FxHashMap::default(),
            dom_cache: FxHashMap::default(),
            urange: FxHashMap::default(),
            srange: FxHashMap::default(),
            multiple: FxHashMap::default(),
            pending_phi_ranges: FxHashSet::default(),
            btc: FxHashMap::default(),
            nuw_tried: FxHashSet::default(),
            nsw_tried: FxHashSet::default(),
            loop_props: FxHashMap::default(),
            pending_loop_phis: FxHashSet::default(),
            at_scope: FxHashMap::default(),
            known_bits_cache: FxHashMap::default(),
            sign_bits_cache: FxHashMap::default(),
            fold_cache: FxHashMap::default(),
            walking_be_conds: false,
            value_log: Vec::new(),
            const_exprs: FxHashMap::default(),
            phi_nesting: 0,
            pending_flags: None,
            guard_maps: FxHashMap::default(),
            assumes: None,
        }
    }

    /// Resumes the analysis `st` learned on `f` with the same analyses
    /// (`cfg`, `dt`, `lf`: the ones it was learned with, loop ids and all)
    /// while `f` has not changed since: [`Function::epoch`] equal to the
    /// state's. `None` (and the state dropped) otherwise.
    pub fn resume(
        m: &'a Module,
        f: &'a Function,
        cfg: &'a ControlFlowGraph,
        dt: &'a DominatorTree,
        lf: &'a LoopForest,
        st: ScevState,
    ) -> Option<Self> {
        if st.epoch != f.epoch() {
            return None;
        }
        debug_assert!(!st.walking_be_conds && st.phi_nesting == 0 && st.pending_flags.is_none());
        Some(ScalarEvolution {
            m,
            f,
            cfg,
            dt,
            lf,
            dl: DataLayout::of_module(m),
            nodes: st.nodes,
            interned: st.interned,
            cnc: st.cnc,
            values: st.values,
            invariant_cache: st.invariant_cache,
            dom_cache: st.dom_cache,
            urange: st.urange,
            srange: st.srange,
            multiple: st.multiple,
            pending_phi_ranges: st.pending_phi_ranges,
            btc: st.btc,
            nuw_tried: st.nuw_tried,
            nsw_tried: st.nsw_tried,
            loop_props: st.loop_props,
            pending_loop_phis: st.pending_loop_phis,
            at_scope: st.at_scope,
            known_bits_cache: st.known_bits_cache,
            sign_bits_cache: st.sign_bits_cache,
            fold_cache: st.fold_cache,
            walking_be_conds: st.walking_be_conds,
            value_log: st.value_log,
            const_exprs: st.const_exprs,
            phi_nesting: st.phi_nesting,
            pending_flags: st.pending_flags,
            guard_maps: st.guard_maps,
            assumes: st.assumes,
        })
    }

    /// Detaches what this analysis learned (see [`ScevState`]).
    pub fn into_state(self) -> ScevState {
        ScevState {
            epoch: self.f.epoch(),
            nodes: self.nodes,
            interned: self.interned,
            cnc: self.cnc,
            values: self.values,
            invariant_cache: self.invariant_cache,
            dom_cache: self.dom_cache,
            urange: self.urange,
            srange: self.srange,
            multiple: self.multiple,
            pending_phi_ranges: self.pending_phi_ranges,
            btc: self.btc,
            nuw_tried: self.nuw_tried,
            nsw_tried: self.nsw_tried,
            loop_props: self.loop_props,
            pending_loop_phis: self.pending_loop_phis,
            at_scope: self.at_scope,
            known_bits_cache: self.known_bits_cache,
            sign_bits_cache: self.sign_bits_cache,
            fold_cache: self.fold_cache,
            walking_be_conds: self.walking_be_conds,
            value_log: self.value_log,
            const_exprs: self.const_exprs,
            phi_nesting: self.phi_nesting,
            pending_flags: self.pending_flags,
            guard_maps: self.guard_maps,
            assumes: self.assumes,
        }
    }

    /// The module's data layout.
    pub fn data_layout(&self) -> &DataLayout {
        &self.dl
    }

    /// The loop forest this analysis works on.
    pub fn loops(&self) -> &LoopForest {
        self.lf
    }

    /// The function this analysis works on.
    pub fn function(&self) -> &'a Function {
        self.f
    }

    /// The dominator tree this analysis works on.
    pub fn dominators(&self) -> &DominatorTree {
        self.dt
    }

    /// The control-flow graph this analysis works on.
    pub fn cfg(&self) -> &ControlFlowGraph {
        self.cfg
    }

    /// The expression of `v` (cached). Values of types scalar evolution
    /// does not model (floats, vectors, wide integers) are opaque unknowns.
    pub fn scev_of(&mut self, v: Value) -> Scev {
        self.get_scev(loopwright_ir::Operand::Value(v))
    }

    /// The backedge-taken counts of `l` (LLVM's `getBackedgeTakenCount`,
    /// `getConstantMaxBackedgeTakenCount` and
    /// `getSymbolicMaxBackedgeTakenCount`).
    pub fn backedge_taken_count(&mut self, l: Loop) -> ExitCount {
        let exact = self.exact_btc(l);
        let cmax = self.constant_max_btc(l);
        let smax = self.symbolic_max_btc(l);
        ExitCount {
            exact: (!self.is_cnc(exact)).then_some(exact),
            constant_max: self.as_const(cmax),
            symbolic_max: (!self.is_cnc(smax)).then_some(smax),
        }
    }

    /// The exact count of the exit from `exiting` (how many times the
    /// backedge is taken before that exit is taken), or `None` (LLVM's
    /// `getExitCount`).
    pub fn exit_count(&mut self, l: Loop, exiting: Block) -> Option<Scev> {
        let s = self.exit_count_kind(l, exiting, exit::CountKind::Exact);
        (!self.is_cnc(s)).then_some(s)
    }

    /// The trip count (backedge-taken count plus one) as a small constant
    /// (LLVM's `getSmallConstantTripCount`): `None` when not a constant or
    /// when it does not fit in 32 bits.
    pub fn constant_trip_count(&mut self, l: Loop) -> Option<u64> {
        self.small_constant_trip_count(l)
    }

    /// The largest number known to divide the trip count (LLVM's
    /// `getSmallConstantTripMultiple`), 1 when nothing is known.
    pub fn trip_multiple(&mut self, l: Loop) -> u32 {
        self.small_constant_trip_multiple(l)
    }

    /// The expression in LLVM's textual form.
    pub fn expr_to_string(&self, s: Scev) -> String {
        print::expr_to_string(self, s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `f` on the analysis of the first defined function of `text`.
    fn with_se(text: &str, f: impl FnOnce(&mut ScalarEvolution<'_>, &Function)) {
        let m = loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("parses");
        let (_, func) = m
            .functions
            .iter()
            .find(|(_, f)| !f.is_declaration())
            .expect("a definition");
        let cfg = ControlFlowGraph::compute(func);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        let mut se = ScalarEvolution::new(&m, func, &cfg, &dt, &lf);
        f(&mut se, func);
    }

    fn value(f: &Function, name: &str) -> Value {
        f.layout
            .blocks()
            .flat_map(|b| f.layout.block_insts(b))
            .filter_map(|i| f.inst_result(i))
            .find(|&v| f.value_name(v) == Some(name))
            .expect("named value")
    }

    const COUNTED: &str = r#"
define void @f(ptr %a, i32 %n) {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  store i32 %i, ptr %p
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

    #[test]
    fn induction_variables_and_counts() {
        with_se(COUNTED, |se, f| {
            let i = se.scev_of(value(f, "i"));
            assert_eq!(se.expr_to_string(i), "{0,+,1}<nuw><nsw><%loop>");
            let p = se.scev_of(value(f, "p"));
            assert_eq!(se.expr_to_string(p), "{%a,+,4}<nuw><%loop>");
            let l = se.loops().loops().next().expect("one loop");
            assert!(!se.is_loop_invariant(i, l));
            let n = se.scev_of(f.params[1]);
            assert!(se.is_loop_invariant(n, l));
            let c = se.backedge_taken_count(l);
            let exact = c.exact.expect("computable");
            assert_eq!(se.expr_to_string(exact), "(-1 + %n)");
            assert_eq!(c.constant_max.map(|x| x.s()), Some(2147483646));
            assert_eq!(c.symbolic_max, Some(exact));
            assert_eq!(se.constant_trip_count(l), None);
            assert_eq!(se.trip_multiple(l), 1);
            // After the loop, i.next is n.
            let inext = se.scev_of(value(f, "i.next"));
            let after = se.exit_value(inext, l).expect("exit value");
            assert_eq!(se.expr_to_string(after), "%n");
        });
    }

    #[test]
    fn constant_counts_and_multiples() {
        let text = COUNTED.replace("icmp slt i32 %i.next, %n", "icmp ult i32 %i.next, 96");
        with_se(&text, |se, _| {
            let l = se.loops().loops().next().expect("one loop");
            let c = se.backedge_taken_count(l);
            assert_eq!(c.exact.map(|s| se.expr_to_string(s)).as_deref(), Some("95"));
            assert_eq!(c.constant_max.map(|x| x.u()), Some(95));
            assert_eq!(se.constant_trip_count(l), Some(96));
            assert_eq!(se.trip_multiple(l), 96);
        });
    }

    #[test]
    fn unknown_shapes_are_unpredictable() {
        let text = COUNTED
            .replace("icmp slt i32 %i.next, %n", "icmp slt i32 %i.next, %v")
            .replace(
                "store i32 %i, ptr %p",
                "store i32 %i, ptr %p\n  %v = load i32, ptr %p",
            );
        with_se(&text, |se, _| {
            let l = se.loops().loops().next().expect("one loop");
            let c = se.backedge_taken_count(l);
            // Only a bound from the induction variable's range is known
            // (as LLVM: `i32 2147483646` for both maxima).
            assert_eq!(c.exact, None);
            assert_eq!(c.constant_max.map(|x| x.s()), Some(2147483646));
            let sm = c.symbolic_max.and_then(|s| se.as_const(s));
            assert_eq!(sm, c.constant_max);
            assert_eq!(se.trip_multiple(l), 1);
        });
    }

    #[test]
    fn folding_is_canonical() {
        with_se(COUNTED, |se, f| {
            let n = se.scev_of(f.params[1]);
            let one = se.get_one(Ty::Int(32));
            let two = se.get_const(CInt::new(32, 2));
            // n + n == 2 * n; (n + 1) - n == 1; 2 * (n + 1) == 2 + 2n.
            let nn = se.get_add2(n, n, NoWrap::ANY);
            assert_eq!(nn, se.get_mul2(two, n, NoWrap::ANY));
            let n1 = se.get_add2(n, one, NoWrap::ANY);
            assert_eq!(se.get_minus(n1, n, NoWrap::ANY), one);
            let m = se.get_mul2(two, n1, NoWrap::ANY);
            assert_eq!(se.expr_to_string(m), "(2 + (2 * %n))");
            // Constants fold at their width.
            let c = se.get_const(CInt::new(8, 200));
            let d = se.get_const(CInt::new(8, 100));
            let s = se.get_add2(c, d, NoWrap::ANY);
            assert_eq!(se.as_const(s).map(CInt::u), Some(44));
            // Mismatched widths are not computable, never a panic.
            let w = se.get_const(CInt::new(64, 1));
            let bad = se.get_add2(n, w, NoWrap::ANY);
            assert!(se.is_cnc(bad));
            // umax/umin fold constants and duplicates.
            let u = se.get_umax(n, n);
            assert_eq!(u, n);
        });
    }
}
