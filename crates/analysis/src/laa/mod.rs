//! Loop access analysis: which memory accesses of an innermost loop may
//! depend on each other across iterations, whether the loop's memory
//! operations may run in vector lanes (at any width, up to a maximum safe
//! width, or after run-time checks that the accessed ranges do not
//! overlap), as LLVM 19's `LoopAccessAnalysis` decides it.
//!
//! [`LoopAccessAnalysis`] is a read-only analysis of one function: it
//! borrows the function and its CFG, dominator tree and loop forest, and
//! owns the scalar evolution and alias analysis it asks. [`analyze`]
//! answers one loop with a [`LoopAccessInfo`]; the expressions in it
//! ([`Scev`] ids) belong to [`LoopAccessAnalysis::scalar_evolution`].
//!
//! The pieces, after LLVM's `LoopAccessAnalysis.cpp`:
//! - `mod.rs`: the driver (`canAnalyzeLoop`, `analyzeLoop`): the loop's
//!   loads and stores in reverse post-order, what makes a loop
//!   unanalyzable, stores to invariant addresses, the verdict and its
//!   [`Report`];
//! - `accesses.rs`: the accesses by pointer, the alias sets (LLVM's
//!   `AliasSetTracker` over locations of any size, alias analysis in
//!   cross-iteration mode, iteration-local scopes dropped, `!tbaa` dropped
//!   on predicated accesses), the dependence candidates (accesses of one
//!   alias set sharing an underlying object) and which need a dependence
//!   check (`buildDependenceSets`), and whether bounds can be checked at
//!   run time (`canCheckPtrAtRT`, with forked pointers);
//! - `depcheck.rs`: the dependence checker (`MemoryDepChecker`): distance,
//!   strides and sizes of every candidate pair, its [`DepKind`], the
//!   store-to-load forwarding heuristic and the maximum safe width;
//! - `rtcheck.rs`: the run-time check pointers with their bounds, their
//!   grouping (`RuntimeCheckingPtrGroup`: pointers of one dependence
//!   candidate set merged while their bounds differ by constants, at most
//!   `-memory-check-merge-threshold` comparisons) and the pairs of groups
//!   to check (`needsChecking`);
//! - `stride.rs`: `getPtrStride` with its wrap rules (flags of the add
//!   recurrence, a `nusw` assumption, an `inbounds` GEP with an `nsw`
//!   index or a unit stride, undefined null) and symbolic strides
//!   speculated to be 1 (`-enable-mem-access-versioning`);
//! - `pse.rs`: expressions under the predicates assumed so far;
//! - `print.rs`: `print<access-info>` in opt-19's text.
//!
//! For the vectorizer: [`LoopAccessInfo::can_vectorize_memory`], the
//! maximum safe width in bits ([`LoopAccessInfo::max_safe_width_bits`],
//! `None` for any width), the dependences with their kinds, the run-time
//! check groups with their low/high bounds and the pairs of groups to
//! check ([`RuntimeChecks`]), the predicates assumed
//! ([`LoopAccessInfo::predicates`], to check before the versioned loop),
//! the stores to invariant addresses and the report.
//!
//! Deliberate differences from LLVM 19 (see the comparison test
//! `crates/driver/tests/laa_llvm.rs` for how often they show):
//! - backedge-taken counts that need predicates (LLVM's predicated
//!   counts) are not computed: such a loop is reported as "could not
//!   determine number of loop iterations";
//! - functions with a vector variant (`vector-function-abi-variant`) are
//!   recognised by that attribute only;
//! - undef/poison facts for forked pointers (`NeedsFreeze`) are
//!   conservative (only `noundef` arguments and constants are
//!   well-defined).

mod accesses;
mod depcheck;
pub mod interleave;
pub mod print;
mod pse;
mod rtcheck;
mod stride;
#[cfg(test)]
mod tests;

use crate::aa::{AliasAnalysis, MemoryLocation};
use crate::cfg::ControlFlowGraph;
use crate::domtree::DominatorTree;
use crate::loops::{Loop, LoopForest};
use crate::scev::{DataLayout, ScalarEvolution, Scev, ScevPredicate};
use loopwright_ir::{Block, Flags, Function, Inst, Module, Opcode, Operand, Type, TypeData};
use pse::Pse;

pub use depcheck::DepKind;
pub use interleave::{InterleaveGroup, InterleaveInfo};

/// The options of loop access analysis (LLVM's command-line options).
#[derive(Clone, Debug)]
pub struct LaaOptions {
    /// `-max-dependences`: dependences recorded before giving up recording.
    pub max_dependences: usize,
    /// `-memory-check-merge-threshold`: comparisons while grouping.
    pub merge_threshold: usize,
    /// `-max-forked-scev-depth`.
    pub max_forked_depth: u32,
    /// `-enable-mem-access-versioning`.
    pub mem_access_versioning: bool,
    /// `-alias-set-saturation-threshold`: memory locations the alias sets
    /// hold before every location is taken to alias every other.
    pub alias_set_saturation: usize,
    /// `-store-to-load-forwarding-conflict-detection`.
    pub forwarding_conflict_detection: bool,
    /// `-force-vector-width` (0: not forced).
    pub forced_vf: u64,
    /// `-force-vector-interleave` (0: not forced).
    pub forced_interleave: u64,
    /// Twice the target's fixed vector register width in bits
    /// (`MaxTargetVectorWidthInBits`); `None` without a target.
    pub max_target_vector_width_bits: Option<u64>,
    /// Form interleave groups ([`LoopAccessInfo::interleave`]) when the
    /// memory is vectorizable: the loop vectorizer's
    /// `enableInterleavedAccessVectorization`.
    pub interleaved_accesses: bool,
}

impl Default for LaaOptions {
    fn default() -> Self {
        LaaOptions {
            max_dependences: 100,
            merge_threshold: 100,
            max_forked_depth: 5,
            mem_access_versioning: true,
            alias_set_saturation: 250,
            forwarding_conflict_detection: true,
            forced_vf: 0,
            forced_interleave: 0,
            max_target_vector_width_bits: None,
            interleaved_accesses: false,
        }
    }
}

/// `-runtime-memory-check-threshold`: the vectorizer's default limit on the
/// number of run-time checks (LAA itself does not apply it).
pub const RUNTIME_MEMORY_CHECK_THRESHOLD: usize = 8;

/// LLVM's `VectorizerParams::MaxVectorWidth`.
pub const MAX_VECTOR_WIDTH: u64 = 64;

/// Why the loop's memory accesses cannot be vectorized as they are (LLVM's
/// report remark of loop access analysis); [`Report::text`] gives LLVM's
/// message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    NotInnermost,
    CfgNotUnderstood,
    CantComputeIterations,
    /// A call or other instruction that reads or writes memory.
    CantVectorizeInstruction(Inst),
    NonSimpleLoad(Inst),
    NonSimpleStore(Inst),
    CantIdentifyArrayBounds,
    CantCheckMemDepsAtRunTime,
    ConvergentWithRuntimeChecks,
    /// The first unsafe dependence: its kind, whether distribution is
    /// forced on the loop, and the access the location points at.
    UnsafeDep {
        kind: DepKind,
        forced_distribution: bool,
        source: Option<Inst>,
        /// The dependence's destination, where LLVM locates the remark.
        destination: Inst,
    },
}

impl Report {
    /// The remark's name (LLVM's `recordAnalysis` tag), which the loop
    /// vectorizer's analysis remark carries.
    pub fn name(&self) -> &'static str {
        match self {
            Report::NotInnermost => "NotInnermostLoop",
            Report::CfgNotUnderstood => "CFGNotUnderstood",
            Report::CantComputeIterations => "CantComputeNumberOfIterations",
            Report::CantVectorizeInstruction(_) => "CantVectorizeInstruction",
            Report::NonSimpleLoad(_) => "NonSimpleLoad",
            Report::NonSimpleStore(_) => "NonSimpleStore",
            Report::CantIdentifyArrayBounds => "CantIdentifyArrayBounds",
            Report::CantCheckMemDepsAtRunTime => "CantCheckMemDepsAtRunTime",
            Report::ConvergentWithRuntimeChecks => "CantInsertRuntimeCheckWithConvergent",
            Report::UnsafeDep { .. } => "UnsafeDep",
        }
    }

    /// The instruction the remark is located at (LLVM's `recordAnalysis`
    /// with an instruction); `None`: the loop's start. An unsafe
    /// dependence is located at its destination.
    pub fn inst(&self) -> Option<Inst> {
        match self {
            Report::CantVectorizeInstruction(i)
            | Report::NonSimpleLoad(i)
            | Report::NonSimpleStore(i)
            | Report::UnsafeDep { destination: i, .. } => Some(*i),
            _ => None,
        }
    }

    /// LLVM's message; `loc` gives the `file:line:col` of an instruction's
    /// `!dbg` location, when it has one.
    pub fn text(&self, loc: &dyn Fn(Inst) -> Option<String>) -> String {
        match self {
            Report::NotInnermost => "loop is not the innermost loop".into(),
            Report::CfgNotUnderstood => "loop control flow is not understood by analyzer".into(),
            Report::CantComputeIterations => "could not determine number of loop iterations".into(),
            Report::CantVectorizeInstruction(_) => "instruction cannot be vectorized".into(),
            Report::NonSimpleLoad(_) => "read with atomic ordering or volatile read".into(),
            Report::NonSimpleStore(_) => "write with atomic ordering or volatile write".into(),
            Report::CantIdentifyArrayBounds => "cannot identify array bounds".into(),
            Report::CantCheckMemDepsAtRunTime => {
                "cannot check memory dependencies at runtime".into()
            }
            Report::ConvergentWithRuntimeChecks => {
                "cannot add control dependency to convergent operation".into()
            }
            Report::UnsafeDep {
                kind,
                forced_distribution,
                source,
                ..
            } => {
                let mut s = String::from(if *forced_distribution {
                    "unsafe dependent memory operations in loop."
                } else {
                    "unsafe dependent memory operations in loop. Use #pragma clang loop \
                     distribute(enable) to allow loop distribution to attempt to isolate \
                     the offending operations into a separate loop"
                });
                s.push_str(match kind {
                    DepKind::Backward => "\nBackward loop carried data dependence.",
                    DepKind::ForwardButPreventsForwarding => {
                        "\nForward loop carried data dependence that prevents store-to-load forwarding."
                    }
                    DepKind::BackwardVectorizableButPreventsForwarding => {
                        "\nBackward loop carried data dependence that prevents store-to-load forwarding."
                    }
                    DepKind::IndirectUnsafe => "\nUnsafe indirect dependence.",
                    _ => "\nUnknown data dependence.",
                });
                if let Some(l) = source.and_then(loc) {
                    s.push_str(" Memory location is the same as accessed at ");
                    s.push_str(&l);
                }
                s
            }
        }
    }
}

/// A dependence between two accesses, in program order (indices into
/// [`LoopAccessInfo::mem_insts`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Dependence {
    pub source: usize,
    pub destination: usize,
    pub kind: DepKind,
}

/// A pointer that takes part in run-time checks: its bounds over the loop
/// (`[start, end)`, loop invariant) and its expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedPointer {
    pub ptr: Operand,
    pub start: Scev,
    pub end: Scev,
    pub is_write: bool,
    pub dependence_set: u32,
    pub alias_set: u32,
    pub expr: Scev,
    /// The expression may be undef or poison (a forked pointer): a check
    /// must freeze it.
    pub needs_freeze: bool,
}

/// A group of checked pointers whose accessed range is `[low, high)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckGroup {
    pub low: Scev,
    pub high: Scev,
    /// Indices into [`RuntimeChecks::pointers`].
    pub members: Vec<usize>,
    pub address_space: u32,
    pub needs_freeze: bool,
}

/// The run-time checks a loop needs (LLVM's `RuntimePointerChecking`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuntimeChecks {
    /// Whether the loop is safe only with checks.
    pub need: bool,
    pub pointers: Vec<CheckedPointer>,
    pub groups: Vec<CheckGroup>,
    /// Pairs of groups (indices into `groups`) whose ranges must not
    /// overlap.
    pub checks: Vec<(usize, usize)>,
}

/// What loop access analysis knows about one loop.
#[derive(Clone, Debug)]
pub struct LoopAccessInfo {
    pub l: Loop,
    /// The memory accesses may be vectorized (with the run-time checks in
    /// `runtime` when it says so, within the maximum safe width).
    pub can_vectorize_memory: bool,
    pub report: Option<Report>,
    pub has_convergent_op: bool,
    /// The loads and stores, one entry per access (a pointer phi of the
    /// loop body gives one per incoming pointer).
    pub mem_insts: Vec<Inst>,
    /// The dependences found (`None`: more than `-max-dependences`).
    pub dependences: Option<Vec<Dependence>>,
    /// The maximum safe vector width in bits (`None`: any width).
    pub max_safe_width_bits: Option<u64>,
    pub runtime: RuntimeChecks,
    /// Stores to loop-invariant addresses.
    pub stores_to_invariant: Vec<Inst>,
    /// Two stores to one invariant address.
    pub store_store_invariant_dep: bool,
    /// A load from an invariant address that is also stored to.
    pub load_store_invariant_dep: bool,
    /// The predicates assumed (stride == 1, no wrap), in LLVM's order.
    pub predicates: Vec<ScevPredicate>,
    /// Expressions rewritten under the predicates: the instruction, its
    /// expression and the rewrite (LLVM's "Expressions re-written").
    pub rewritten: Vec<(Inst, Scev, Scev)>,
    /// Pointers with a symbolic stride speculated to be 1.
    pub symbolic_strides: Vec<(Operand, Scev)>,
    /// For each pointer of `symbolic_strides`, its expression with the
    /// stride assumed to be 1 (`replaceSymbolicStrideSCEV`), which the
    /// vectorizer asks for every access (`isConsecutivePtr`) and whose
    /// predicate it then adds to its own.
    pub unit_stride_exprs: Vec<(Operand, Scev)>,
    /// The interleave groups (formed only with
    /// [`LaaOptions::interleaved_accesses`]).
    pub interleave: InterleaveInfo,
}

impl LoopAccessInfo {
    fn new(l: Loop) -> Self {
        LoopAccessInfo {
            l,
            can_vectorize_memory: false,
            report: None,
            has_convergent_op: false,
            mem_insts: Vec::new(),
            dependences: Some(Vec::new()),
            max_safe_width_bits: None,
            runtime: RuntimeChecks::default(),
            stores_to_invariant: Vec::new(),
            store_store_invariant_dep: false,
            load_store_invariant_dep: false,
            predicates: Vec::new(),
            rewritten: Vec::new(),
            symbolic_strides: Vec::new(),
            unit_stride_exprs: Vec::new(),
            interleave: InterleaveInfo::default(),
        }
    }

    /// Loop-invariant-address stores the vectorizer cannot handle.
    pub fn has_invariant_address_dependence(&self) -> bool {
        self.store_store_invariant_dep || self.load_store_invariant_dep
    }
}

/// Loop access analysis of one function. See the module docs.
pub struct LoopAccessAnalysis<'a> {
    m: &'a Module,
    f: &'a Function,
    cfg: &'a ControlFlowGraph,
    dt: &'a DominatorTree,
    lf: &'a LoopForest,
    se: ScalarEvolution<'a>,
    aa: AliasAnalysis<'a>,
    opts: LaaOptions,
}

impl<'a> LoopAccessAnalysis<'a> {
    pub fn new(
        m: &'a Module,
        f: &'a Function,
        cfg: &'a ControlFlowGraph,
        dt: &'a DominatorTree,
        lf: &'a LoopForest,
        opts: LaaOptions,
    ) -> Self {
        Self::with_scev(
            m,
            f,
            cfg,
            dt,
            lf,
            opts,
            ScalarEvolution::new(m, f, cfg, dt, lf),
        )
    }

    /// [`LoopAccessAnalysis::new`] with a scalar evolution of `f` on the
    /// same analyses (one that may have learned things already).
    pub fn with_scev(
        m: &'a Module,
        f: &'a Function,
        cfg: &'a ControlFlowGraph,
        dt: &'a DominatorTree,
        lf: &'a LoopForest,
        opts: LaaOptions,
        se: ScalarEvolution<'a>,
    ) -> Self {
        LoopAccessAnalysis {
            m,
            f,
            cfg,
            dt,
            lf,
            se,
            aa: AliasAnalysis::new(m, f, cfg, dt, lf),
            opts,
        }
    }

    /// The scalar evolution, with what it learned.
    pub fn into_scev(self) -> ScalarEvolution<'a> {
        self.se
    }

    /// The scalar evolution the expressions of the results belong to.
    pub fn scalar_evolution(&mut self) -> &mut ScalarEvolution<'a> {
        &mut self.se
    }

    /// The loop forest of the function.
    pub fn loops(&self) -> &'a LoopForest {
        self.lf
    }

    /// Analyzes loop `l` (LLVM's `LoopAccessInfo` constructor).
    pub fn analyze(&mut self, l: Loop) -> LoopAccessInfo {
        let mut info = LoopAccessInfo::new(l);
        let mut pse = Pse::new(l);
        let mut cx = Ctx {
            m: self.m,
            f: self.f,
            cfg: self.cfg,
            dt: self.dt,
            lf: self.lf,
            dl: DataLayout::of_module(self.m),
            se: &mut self.se,
            aa: &mut self.aa,
            opts: &self.opts,
            symbolic_strides: Vec::new(),
            symbolic_max_btc: None,
        };
        if cx.can_analyze(&mut info) {
            info.can_vectorize_memory = cx.analyze_loop(&mut pse, &mut info);
            if info.can_vectorize_memory && cx.opts.interleaved_accesses {
                // The groups are the vectorizer's: their queries and the
                // stride predicates they assume (as the vectorizer's own
                // predicated expressions do) must not change loop access
                // analysis's predicates or its "Expressions re-written".
                let mut own = pse.clone();
                info.interleave = cx.analyze_interleaving(&mut own, &info);
            }
        }
        info.symbolic_strides = std::mem::take(&mut cx.symbolic_strides);
        for &(ptr, stride) in &info.symbolic_strides {
            let mut unit = Pse::new(l);
            let ty = self.se.ty(stride);
            let one = self.se.get_one(ty);
            unit.add_pred(ScevPredicate::Equal(stride, one));
            let e = unit.scev(&mut self.se, ptr);
            info.unit_stride_exprs.push((ptr, e));
        }
        info.predicates = pse.preds.clone();
        // Expressions re-written: instructions of the loop whose expression
        // was asked for and changes under the predicates, in block order.
        if !pse.preds.is_empty() || !pse.as_addrec.is_empty() {
            for &b in self.lf.data(l).blocks() {
                for i in self.f.layout.block_insts(b) {
                    let Some(v) = self.f.inst_result(i) else {
                        continue;
                    };
                    let op = Operand::Value(v);
                    if !pse.queried.contains(&op) {
                        continue;
                    }
                    let s = self.se.get_scev(op);
                    let r = pse.rewritten(&mut self.se, s);
                    if r != s {
                        info.rewritten.push((i, s, r));
                    }
                }
            }
        }
        info
    }
}

/// The state of one loop's analysis.
pub(crate) struct Ctx<'c, 'a> {
    pub m: &'a Module,
    pub f: &'a Function,
    pub cfg: &'a ControlFlowGraph,
    pub dt: &'a DominatorTree,
    pub lf: &'a LoopForest,
    pub dl: std::rc::Rc<DataLayout>,
    pub se: &'c mut ScalarEvolution<'a>,
    pub aa: &'c mut AliasAnalysis<'a>,
    pub opts: &'c LaaOptions,
    /// `SymbolicStrides`: pointer and its opaque stride.
    pub symbolic_strides: Vec<(Operand, Scev)>,
    /// The symbolic maximum backedge-taken count.
    pub symbolic_max_btc: Option<Scev>,
}

impl Ctx<'_, '_> {
    /// `canAnalyzeLoop`.
    fn can_analyze(&mut self, info: &mut LoopAccessInfo) -> bool {
        let l = info.l;
        if !self.lf.is_innermost(l) {
            info.report = Some(Report::NotInnermost);
            return false;
        }
        if self.lf.latches(self.cfg, l).len() != 1 {
            info.report = Some(Report::CfgNotUnderstood);
            return false;
        }
        let c = self.se.backedge_taken_count(l);
        match c.symbolic_max {
            Some(s) => self.symbolic_max_btc = Some(s),
            None => {
                info.report = Some(Report::CantComputeIterations);
                return false;
            }
        }
        true
    }

    /// `analyzeLoop`; returns `CanVecMem`.
    fn analyze_loop(&mut self, pse: &mut Pse, info: &mut LoopAccessInfo) -> bool {
        let l = info.l;
        let mut loads: Vec<Inst> = Vec::new();
        let mut stores: Vec<Inst> = Vec::new();
        let mut loop_scopes: Vec<loopwright_ir::MdNode> = Vec::new();
        let mut complex = false;
        let parallel = self.lf.is_annotated_parallel(self.m, self.f, self.cfg, l);
        let versioning = self.opts.mem_access_versioning && !self.has_opt_size();
        let mut dc = depcheck::DepChecker::new(self.opts);
        for b in self.lf.blocks_rpo(self.cfg, l) {
            for i in self.f.layout.block_insts(b) {
                let d = self.f.inst(i);
                if d.opcode.is_debug_record() {
                    continue;
                }
                if d.opcode.is_call_like() && crate::effects::call_fn_has(self.m, d, "convergent") {
                    info.has_convergent_op = true;
                }
                if complex && info.has_convergent_op {
                    return false;
                }
                if complex {
                    continue;
                }
                let intrinsic = crate::effects::intrinsic_name(self.m, d);
                if intrinsic == Some("llvm.experimental.noalias.scope.decl") {
                    if let Some(Operand::Md(loopwright_ir::Md::Node(list))) = d.call_args().first()
                    {
                        for op in self.m.md.tuple_ops(*list).unwrap_or(&[]) {
                            if let Some(loopwright_ir::Md::Node(s)) = op {
                                loop_scopes.push(*s);
                            }
                        }
                    }
                }
                if d.opcode == Opcode::Call && self.is_vector_intrinsic_call(d) {
                    continue;
                }
                let (reads, writes) = self.reads_writes(d);
                if reads && d.opcode == Opcode::Call && self.has_vector_variant(d) {
                    continue;
                }
                if reads || writes {
                    // A read must be a load, a write a store; its pointer
                    // is the load's first operand, the store's second.
                    let (opcode, non_simple, ptr) = if reads {
                        (Opcode::Load, Report::NonSimpleLoad(i), 0)
                    } else {
                        (Opcode::Store, Report::NonSimpleStore(i), 1)
                    };
                    if d.opcode != opcode {
                        info.report = Some(Report::CantVectorizeInstruction(i));
                        complex = true;
                        continue;
                    }
                    if !is_simple(d) && !parallel {
                        info.report = Some(non_simple);
                        complex = true;
                        continue;
                    }
                    if reads {
                        loads.push(i);
                    } else {
                        stores.push(i);
                    }
                    dc.add_access(self, l, i, !reads);
                    if versioning {
                        self.collect_strided_access(pse, d.operands()[ptr]);
                    }
                }
            }
        }
        info.mem_insts = dc.inst_map.clone();
        if complex {
            return false;
        }
        if stores.is_empty() {
            return true;
        }
        let mut acc = accesses::AccessAnalysis::new(l, loop_scopes);
        let mut seen: Vec<(Operand, Type)> = Vec::new();
        let mut uniform_stores: Vec<Operand> = Vec::new();
        let mut num_read_writes = 0usize;
        let mut num_reads = 0usize;
        for &st in &stores {
            let d = self.f.inst(st);
            let ptr = d.operands()[1];
            if self.is_invariant(ptr, l) {
                info.stores_to_invariant.push(st);
                if uniform_stores.contains(&ptr) {
                    info.store_store_invariant_dep = true;
                } else {
                    uniform_stores.push(ptr);
                }
            }
            let ty = self.f.operand_type(d.operands()[0], &self.m.consts);
            if !seen.contains(&(ptr, ty)) {
                seen.push((ptr, ty));
                num_read_writes += 1;
                let loc = self.location(st, l);
                for p in self.visit_pointers(ptr, l) {
                    acc.add_store(self, MemoryLocation { ptr: p, ..loc }, ty);
                }
            }
        }
        if self.lf.is_annotated_parallel(self.m, self.f, self.cfg, l) {
            return true;
        }
        for &ld in &loads {
            let d = self.f.inst(ld);
            let ptr = d.operands()[0];
            let ty = d.ty;
            let mut read_only = false;
            let first = !seen.contains(&(ptr, ty));
            if first {
                seen.push((ptr, ty));
            }
            if first || self.ptr_stride(pse, ty, ptr, false, true).unwrap_or(0) == 0 {
                num_reads += 1;
                read_only = true;
            }
            if uniform_stores.contains(&ptr) {
                info.load_store_invariant_dep = true;
            }
            let loc = self.location(ld, l);
            for p in self.visit_pointers(ptr, l) {
                acc.add_load(self, MemoryLocation { ptr: p, ..loc }, ty, read_only);
            }
        }
        if num_read_writes == 1 && num_reads == 0 {
            return true;
        }
        acc.build_dependence_sets(self);
        let mut rt = rtcheck::RtChecking::default();
        let (ok, _uncomputable) = acc.can_check_ptr_at_rt(self, pse, &mut rt, false);
        if !ok {
            info.report = Some(Report::CantIdentifyArrayBounds);
            info.runtime = rt.finish();
            info.dependences = dc.dependences_out();
            return false;
        }
        let mut deps_safe = true;
        if acc.is_dependency_check_needed() {
            deps_safe = dc.are_deps_safe(self, pse, &acc.dep_cands, &acc.check_deps);
            if !deps_safe && dc.found_non_constant_distance {
                acc.reset_dep_checks(&mut dc);
                rt = rtcheck::RtChecking::default();
                rt.need = true;
                let (ok, _) = acc.can_check_ptr_at_rt(self, pse, &mut rt, true);
                if !ok {
                    info.report = Some(Report::CantCheckMemDepsAtRunTime);
                    info.runtime = rt.finish();
                    info.dependences = dc.dependences_out();
                    info.max_safe_width_bits = dc.max_safe_width();
                    return false;
                }
                deps_safe = true;
            }
        }
        info.runtime = rt.finish();
        info.dependences = dc.dependences_out();
        info.max_safe_width_bits = dc.max_safe_width();
        if info.has_convergent_op {
            info.report = Some(Report::ConvergentWithRuntimeChecks);
            return false;
        }
        if deps_safe {
            return true;
        }
        // The report of the first unsafe dependence.
        if let Some(deps) = &info.dependences {
            if let Some(dep) = deps.iter().find(|d| !d.kind.is_safe()) {
                let src = dc.inst_map[dep.source];
                let ptr_inst = {
                    let sd = self.f.inst(src);
                    let p = if sd.opcode == Opcode::Store {
                        sd.operands()[1]
                    } else {
                        sd.operands()[0]
                    };
                    self.inst_of(p)
                };
                let has_loc = |i: Inst| self.f.inst(i).md.get(loopwright_ir::MdKind::DBG).is_some();
                let source = match ptr_inst {
                    Some(p) if has_loc(p) => Some(p),
                    Some(_) => None,
                    None => has_loc(src).then_some(src),
                };
                info.report = Some(Report::UnsafeDep {
                    kind: dep.kind,
                    forced_distribution: self.distribution_forced(l),
                    source,
                    destination: dc.inst_map[dep.destination],
                });
            }
        }
        false
    }

    /// `llvm.loop.distribute.enable` set to true on the loop.
    fn distribution_forced(&self, l: Loop) -> bool {
        let Some(id) = self.lf.loop_id(self.f, &self.m.md, self.cfg, l) else {
            return false;
        };
        let (attrs, _) = crate::loopmd::LoopAttrs::of_module(self.m, id);
        attrs
            .find_attr("llvm.loop.distribute.enable")
            .and_then(|a| a.int_value())
            .is_some_and(|v| v != 0)
    }

    fn has_opt_size(&self) -> bool {
        let a = self.f.fn_attrs;
        self.m.attrs.has(a, "optsize") || self.m.attrs.has(a, "minsize")
    }

    /// `mayReadFromMemory` / `mayWriteToMemory`.
    fn reads_writes(&self, d: &loopwright_ir::InstData) -> (bool, bool) {
        use Opcode::*;
        match d.opcode {
            Load => (true, d.flags.contains(Flags::VOLATILE) || !is_simple(d)),
            Store => (!is_simple(d), true),
            Call | Invoke | CallBr => {
                let e = crate::effects::call_memory_effects(self.m, d);
                let mr = e.mod_ref();
                (mr.is_ref(), mr.is_mod())
            }
            VAArg | AtomicCmpXchg | AtomicRmw | Fence | CatchPad | CatchRet => (true, true),
            CleanupPad | CatchSwitch | Resume | CleanupRet | LandingPad => (false, true),
            _ => (false, false),
        }
    }

    fn is_vector_intrinsic_call(&self, d: &loopwright_ir::InstData) -> bool {
        is_vector_intrinsic_call(self.m, d)
    }

    fn has_vector_variant(&self, d: &loopwright_ir::InstData) -> bool {
        has_vector_variant(self.m, d)
    }

    /// `isInvariant`.
    fn is_invariant(&mut self, v: Operand, l: Loop) -> bool {
        let s = self.se.get_scev(v);
        !self.se.is_cnc(s) && self.se.is_loop_invariant(s, l)
    }

    /// The access's location, its `!tbaa` dropped when its block needs
    /// predication.
    fn location(&self, i: Inst, l: Loop) -> MemoryLocation {
        let mut loc = self.aa.location_of(i).expect("a load or store");
        let b = self.f.layout.inst_block(i).expect("placed");
        if self.block_needs_predication(b, l) {
            loc.tags.tbaa = None;
        }
        loc
    }

    /// `blockNeedsPredication`: the block does not dominate the latch.
    pub(crate) fn block_needs_predication(&self, b: Block, l: Loop) -> bool {
        match self.lf.latch(self.cfg, l) {
            Some(latch) => !self.dt.dominates(b, latch),
            None => true,
        }
    }

    /// `visitPointers`: a phi of the loop body (not the header) stands for
    /// its incoming pointers.
    pub(crate) fn visit_pointers(&self, start: Operand, l: Loop) -> Vec<Operand> {
        let header = self.lf.header(l);
        let mut out = Vec::new();
        let mut seen: Vec<Operand> = Vec::new();
        let mut work = vec![start];
        while let Some(p) = work.pop() {
            if seen.contains(&p) {
                continue;
            }
            seen.push(p);
            if let Some(i) = self.inst_of(p) {
                let d = self.f.inst(i);
                let b = self.f.layout.inst_block(i);
                if d.opcode == Opcode::Phi
                    && b.is_some_and(|b| self.lf.contains(l, b) && b != header)
                {
                    work.extend(d.operands().iter().step_by(2).copied());
                    continue;
                }
            }
            out.push(p);
        }
        out
    }

    pub(crate) fn inst_of(&self, p: Operand) -> Option<Inst> {
        match p {
            Operand::Value(v) => match self.f.value_def(v) {
                loopwright_ir::ValueDef::Result(i) => Some(i),
                _ => None,
            },
            _ => None,
        }
    }

    pub(crate) fn const_int(&self, o: Operand) -> Option<i128> {
        let Operand::Const(c) = o else { return None };
        match self.m.consts.data(c) {
            loopwright_ir::ConstData::Int { val, .. } => {
                if val.bits() > 64 {
                    return None;
                }
                let bits = val.bits();
                let w = val.words()[0] as u128;
                let v = if bits < 128 && bits > 0 && (w >> (bits - 1)) & 1 == 1 {
                    (w | !((1u128 << bits) - 1)) as i128
                } else {
                    w as i128
                };
                Some(v)
            }
            _ => None,
        }
    }

    pub(crate) fn gep_flags(&self, p: Operand) -> Option<Flags> {
        let i = self.inst_of(p)?;
        let d = self.f.inst(i);
        (d.opcode == Opcode::GetElementPtr).then_some(d.flags)
    }

    pub(crate) fn is_scalable(&self, t: Type) -> bool {
        matches!(
            self.m.types.data(t),
            TypeData::Vector { scalable: true, .. }
        )
    }

    pub(crate) fn alloc_size(&self, t: Type) -> u64 {
        self.dl.alloc_size(&self.m.types, t)
    }

    pub(crate) fn store_size(&self, t: Type) -> u64 {
        self.dl.store_size(&self.m.types, t)
    }

    /// `NullPointerIsDefined` in address space 0.
    pub(crate) fn null_is_defined(&self) -> bool {
        self.m.attrs.has(self.f.fn_attrs, "null_pointer_is_valid")
    }

    /// The type a GEP with source type `ty` reaches through `indices` (the
    /// indices after the first).
    pub(crate) fn gep_result_elem(&self, ty: Type, indices: &[Operand]) -> Option<Type> {
        let tt = &self.m.types;
        let mut t = ty;
        for &ix in indices {
            t = match tt.data(t) {
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                TypeData::Struct { elems, .. } => {
                    *elems.get(usize::try_from(self.const_int(ix)?).ok()?)?
                }
                TypeData::Named(s) => {
                    let body = tt.struct_data(*s).body.as_ref()?;
                    *body.elems.get(usize::try_from(self.const_int(ix)?).ok()?)?
                }
                _ => return None,
            };
        }
        Some(t)
    }

    /// The type of the value a load or store accesses.
    pub(crate) fn access_type(&self, i: Inst) -> Type {
        let d = self.f.inst(i);
        if d.opcode == Opcode::Store {
            self.f.operand_type(d.operands()[0], &self.m.consts)
        } else {
            d.ty
        }
    }

    /// The pointer operand of a load or store.
    pub(crate) fn pointer_operand(&self, i: Inst) -> Operand {
        let d = self.f.inst(i);
        if d.opcode == Opcode::Store {
            d.operands()[1]
        } else {
            d.operands()[0]
        }
    }

    pub(crate) fn addrspace(&self, p: Operand) -> u32 {
        match self.m.types.data(self.f.operand_type(p, &self.m.consts)) {
            TypeData::Ptr(a) => *a,
            _ => 0,
        }
    }
}

fn is_simple(d: &loopwright_ir::InstData) -> bool {
    !d.flags.contains(Flags::VOLATILE)
        && !matches!(
            &d.extra,
            loopwright_ir::Extra::Mem {
                atomic: Some(_),
                ..
            }
        )
}

/// LLVM 19's `isTriviallyVectorizable` (intrinsic name without `llvm.`).
pub fn is_trivially_vectorizable(rest: &str) -> bool {
    const NAMES: &[&str] = &[
        "bswap",
        "bitreverse",
        "ctpop",
        "fabs",
        "minnum",
        "maxnum",
        "minimum",
        "maximum",
        "copysign",
        "floor",
        "ceil",
        "trunc",
        "rint",
        "nearbyint",
        "round",
        "roundeven",
        "pow",
        "fma",
        "fmuladd",
        "is.fpclass",
        "powi",
        "canonicalize",
        "fptosi.sat",
        "fptoui.sat",
        "lrint",
        "llrint",
        "sqrt",
        "sin",
        "cos",
        "tan",
        "asin",
        "acos",
        "atan",
        "sinh",
        "cosh",
        "tanh",
        "exp",
        "exp2",
        "log",
        "log10",
        "log2",
        "smin",
        "smax",
        "umin",
        "umax",
        "abs",
        "ctlz",
        "cttz",
        "fshl",
        "fshr",
        "sadd.sat",
        "ssub.sat",
        "uadd.sat",
        "usub.sat",
        "smul.fix",
        "smul.fix.sat",
        "umul.fix",
        "umul.fix.sat",
        "ldexp",
        "frexp",
    ];
    NAMES
        .iter()
        .any(|n| rest == *n || rest.strip_prefix(n).is_some_and(|r| r.starts_with('.')))
}

/// `getVectorIntrinsicIDForCall` is not `not_intrinsic`: the calls the
/// collection skips (trivially vectorizable intrinsics, `assume`,
/// lifetime markers, `noalias.scope.decl`, `sideeffect`,
/// `pseudoprobe`, and library calls that only read memory and have a
/// vector intrinsic).
pub fn is_vector_intrinsic_call(m: &Module, d: &loopwright_ir::InstData) -> bool {
    let Some(name) = crate::effects::callee_name(m, d) else {
        return false;
    };
    if let Some(rest) = name.strip_prefix("llvm.") {
        const SKIPPED: &[&str] = &[
            "assume",
            "lifetime.start",
            "lifetime.end",
            "experimental.noalias.scope.decl",
            "sideeffect",
            "pseudoprobe",
        ];
        return SKIPPED
            .iter()
            .any(|s| rest == *s || rest.starts_with(&format!("{s}.")))
            || is_trivially_vectorizable(rest);
    }
    // Library functions LLVM maps to intrinsics when they only read memory.
    const LIBM: &[&str] = &[
        "sin",
        "cos",
        "tan",
        "asin",
        "acos",
        "atan",
        "atan2",
        "sinh",
        "cosh",
        "tanh",
        "exp",
        "exp2",
        "exp10",
        "log",
        "log2",
        "log10",
        "sqrt",
        "fabs",
        "floor",
        "ceil",
        "trunc",
        "rint",
        "nearbyint",
        "round",
        "roundeven",
        "pow",
        "fmin",
        "fmax",
        "copysign",
        "ldexp",
        "lrint",
        "llrint",
    ];
    let base = name
        .strip_suffix('f')
        .or_else(|| name.strip_suffix('l'))
        .unwrap_or(name);
    let known = LIBM.contains(&name) || LIBM.contains(&base);
    known
        && crate::effects::call_memory_effects(m, d).only_reads_memory()
        && !crate::effects::call_fn_has(m, d, "nobuiltin")
        && m.called_function(d)
            .is_some_and(|f| m.functions[f].is_declaration())
}

/// The call has vector variants (`vector-function-abi-variant`).
pub fn has_vector_variant(m: &Module, d: &loopwright_ir::InstData) -> bool {
    let Some(ci) = d.call_info() else {
        return false;
    };
    m.called_function(d).is_some()
        && !crate::effects::call_fn_has(m, d, "nobuiltin")
        && m.attrs.get(ci.fn_attrs).iter().any(|a| {
            matches!(a, loopwright_ir::Attr::Raw(k, _) if &**k == "vector-function-abi-variant")
        })
}
