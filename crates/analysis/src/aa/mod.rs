//! Alias analysis: may two memory locations overlap, and what may an
//! instruction do to a location, answered as LLVM 19's default function
//! alias-analysis stack answers (`BasicAA`, then `ScopedNoAliasAA`, then
//! `TypeBasedAA`; `opt-19 -passes=aa-eval` uses exactly this stack).
//!
//! [`AliasAnalysis`] is a read-only analysis of one function: it borrows the
//! module, the function and the function's CFG, dominator tree and loop
//! forest. Queries take `&mut self` because they fill caches (capture facts,
//! known bits); the answers do not depend on the order of queries.
//!
//! The pieces, each after the LLVM source it follows:
//! - `basic.rs`: `BasicAliasAnalysis.cpp`'s `aliasCheck` (undef, same value,
//!   distinct identified objects, arguments against function-local objects,
//!   escape sources against non-escaping locals, object sizes), the query
//!   cache with its NoAlias assumptions for phi cycles, `aliasPHI` and
//!   `aliasSelect`.
//! - `gep.rs`: GEP decomposition (`DecomposeGEPExpression`,
//!   `GetLinearExpression`: constant and scaled variable offsets through
//!   `add`/`sub`/`mul`/`shl`/disjoint `or` and `sext`/`zext`/`trunc`, with
//!   the `nsw`/`inbounds`/`nneg` facts LLVM uses), and `aliasGEP`: same base
//!   with constant offsets (partial overlap with its offset), the GCD and
//!   offset-range arguments for variable offsets, non-zero and non-equal
//!   indices, and the constant-offset heuristic.
//! - `objects.rs`: underlying objects (`getUnderlyingObject`,
//!   `getUnderlyingObjects`), identified objects (allocas, globals,
//!   `noalias`/`byval` arguments, `noalias` call results), escape sources,
//!   object sizes (`getObjectSize`) and dereferenceable bytes.
//! - `capture.rs`: `CaptureTracking.cpp` (`PointerMayBeCaptured` with its
//!   limit of 100 uses), and `isNonEscapingLocalObject`.
//! - `meta.rs`: struct-path `!tbaa` (`TypeBasedAliasAnalysis.cpp`, with the
//!   `omnipotent char` root that aliases everything below it and immutable
//!   types) and `!alias.scope`/`!noalias` (`ScopedNoAliasAA.cpp`, per
//!   domain).
//! - `modref.rs`: mod/ref of instructions against locations and of call
//!   pairs (`AliasAnalysis.cpp`'s `getModRefInfo` family and BasicAA's),
//!   from memory attributes (`memory(...)`, `readonly`, `readnone`,
//!   `argmemonly`), parameter attributes (`nocapture`, `readonly`,
//!   `writeonly`) and the intrinsic table of [`crate::effects`].
//! - `vt.rs`: the value-tracking questions BasicAA asks (`isKnownNonZero`,
//!   `isKnownNonEqual`, `computeConstantRange`; known bits come from
//!   [`crate::scev`]) and CFG reachability (`isPotentiallyReachableFromMany`
//!   with LLVM's 32-block limit).
//! - `eval.rs`: the `aa-eval` printer (`AliasAnalysisEvaluator.cpp`).
//!
//! Deliberate differences from LLVM 19 (all answer `MayAlias`/`ModRef`
//! where LLVM might know more, never the other way):
//! - `llvm.assume` facts are not used (LLVM uses them in known bits and for
//!   `separate_storage` bundles).
//! - Scalable vector accesses have an unknown size (LLVM reasons about
//!   `vscale` multiples).
//! - Library-function knowledge (`TargetLibraryInfo`) covers the allocation
//!   functions (`malloc`, `calloc`, `operator new`, ...) and the string and
//!   memory functions `getForArgument` knows, by name.
//! - Value tracking is a subset of LLVM's (known bits of [`crate::scev`],
//!   constant ranges from binary operators with constants, `!range` and
//!   selects).
//! - Integers wider than 128 bits in GEP indices end the decomposition.

mod basic;
mod capture;
pub mod eval;
mod gep;
mod meta;
mod modref;
mod objects;
mod vt;

#[cfg(test)]
mod tests;

pub use crate::effects::{MemLoc, MemoryEffects, ModRefInfo};

use crate::cfg::ControlFlowGraph;
use crate::domtree::DominatorTree;
use crate::loops::LoopForest;
use crate::scev::{DataLayout, ScalarEvolution};
use loopwright_ir::{Block, Function, Inst, MdKind, MdNode, Module, Operand, Value};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The size of a memory location: LLVM's `LocationSize` (fixed sizes
/// only).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum LocationSize {
    /// Exactly this many bytes from the pointer.
    Precise(u64),
    /// At most this many bytes from the pointer.
    UpperBound(u64),
    /// Any number of bytes after the pointer (`afterPointer`).
    AfterPointer,
    /// Any number of bytes before or after the pointer
    /// (`beforeOrAfterPointer`): the size of a location that a loop walks.
    BeforeOrAfterPointer,
}

/// The largest byte count a `LocationSize` holds (LLVM 19's `MaxValue`,
/// `2^62 - 5`); a larger one becomes [`LocationSize::AfterPointer`].
pub const MAX_LOCATION_SIZE: u64 = (u64::MAX - 4) & !(3 << 62);

impl LocationSize {
    /// Exactly `n` bytes; more than [`MAX_LOCATION_SIZE`] is any number of
    /// bytes after the pointer (`lifetime.start(i64 -1, ...)`, a `memset`
    /// of `-1` bytes), as in LLVM.
    pub fn precise(n: u64) -> Self {
        if n > MAX_LOCATION_SIZE {
            LocationSize::AfterPointer
        } else {
            LocationSize::Precise(n)
        }
    }
    /// An upper bound; a bound of 0 is precise and one above
    /// [`MAX_LOCATION_SIZE`] is `AfterPointer`, as in LLVM.
    pub fn upper_bound(n: u64) -> Self {
        if n == 0 {
            LocationSize::Precise(0)
        } else if n > MAX_LOCATION_SIZE {
            LocationSize::AfterPointer
        } else {
            LocationSize::UpperBound(n)
        }
    }
    /// Whether a byte count is known (precise or an upper bound).
    pub fn has_value(self) -> bool {
        matches!(self, LocationSize::Precise(_) | LocationSize::UpperBound(_))
    }
    /// The byte count of a size that [`has_value`](Self::has_value).
    pub fn value(self) -> Option<u64> {
        match self {
            LocationSize::Precise(n) | LocationSize::UpperBound(n) => Some(n),
            _ => None,
        }
    }
    pub fn is_precise(self) -> bool {
        matches!(self, LocationSize::Precise(_))
    }
    pub fn is_zero(self) -> bool {
        self.value() == Some(0)
    }
    pub fn may_be_before_pointer(self) -> bool {
        self == LocationSize::BeforeOrAfterPointer
    }
}

/// The alias-analysis metadata of an access (LLVM's `AAMDNodes`).
/// `!tbaa.struct` is carried along; LLVM 19's answers do not read it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct AaTags {
    pub tbaa: Option<MdNode>,
    pub tbaa_struct: Option<MdNode>,
    pub scope: Option<MdNode>,
    pub noalias: Option<MdNode>,
}

/// A memory location: a pointer (an SSA value or a constant such as a
/// global), a size and the access's metadata.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct MemoryLocation {
    pub ptr: Operand,
    pub size: LocationSize,
    pub tags: AaTags,
}

impl MemoryLocation {
    pub fn new(ptr: Operand, size: LocationSize) -> Self {
        MemoryLocation {
            ptr,
            size,
            tags: AaTags::default(),
        }
    }
    /// Any bytes before or after `ptr` (`getBeforeOrAfter`).
    pub fn before_or_after(ptr: Operand) -> Self {
        Self::new(ptr, LocationSize::BeforeOrAfterPointer)
    }
    pub fn with_tags(mut self, tags: AaTags) -> Self {
        self.tags = tags;
        self
    }
}

/// The answer to an alias query (LLVM's `AliasResult`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum AliasResult {
    /// The locations never overlap.
    NoAlias,
    /// Nothing is known.
    MayAlias,
    /// The locations overlap without starting at the same address; the
    /// offset, when known, is how far the second starts after the first
    /// (LLVM stores offsets that fit in 23 bits).
    PartialAlias(Option<i32>),
    /// The locations start at the same address.
    MustAlias,
}

impl AliasResult {
    pub fn is_no_alias(self) -> bool {
        self == AliasResult::NoAlias
    }
    pub fn is_may_alias(self) -> bool {
        self == AliasResult::MayAlias
    }
    /// The same kind of answer (LLVM compares `AliasResult`s by kind).
    pub fn same_kind(self, o: AliasResult) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&o)
    }
    /// The answer with the locations exchanged (a partial overlap's offset
    /// changes sign; one that no longer fits keeps its value, as in LLVM).
    pub fn swapped(self) -> AliasResult {
        match self {
            AliasResult::PartialAlias(Some(o)) => {
                AliasResult::PartialAlias(Some(if fits_offset(-(o as i64)) { -o } else { o }))
            }
            r => r,
        }
    }
    pub(crate) fn swap_if(self, swap: bool) -> AliasResult {
        if swap {
            self.swapped()
        } else {
            self
        }
    }
}

/// Whether an offset fits `AliasResult`'s 23-bit offset field.
pub(crate) fn fits_offset(o: i64) -> bool {
    (-(1i64 << 22)..(1i64 << 22)).contains(&o)
}

impl std::fmt::Display for AliasResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AliasResult::NoAlias => f.write_str("NoAlias"),
            AliasResult::MayAlias => f.write_str("MayAlias"),
            AliasResult::PartialAlias(None) => f.write_str("PartialAlias"),
            AliasResult::PartialAlias(Some(o)) => write!(f, "PartialAlias (off {o})"),
            AliasResult::MustAlias => f.write_str("MustAlias"),
        }
    }
}

/// The metadata kinds alias analysis reads, looked up once.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Kinds {
    pub tbaa: Option<MdKind>,
    pub tbaa_struct: Option<MdKind>,
    pub deref: Option<MdKind>,
    pub deref_or_null: Option<MdKind>,
}

/// One location of a cached query: pointer, size, and whether values may
/// come from different iterations of a cycle.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct LocKey {
    pub ptr: Operand,
    pub size: LocationSize,
    pub cross: bool,
}

/// A cached answer: definitive, based on assumptions, or itself an
/// assumption (NoAlias while the query is in progress) with its use count.
#[derive(Copy, Clone, Debug)]
pub(crate) struct CacheEntry {
    pub result: AliasResult,
    pub uses: i32,
}

pub(crate) const DEFINITIVE: i32 = -2;
pub(crate) const ASSUMPTION_BASED: i32 = -1;

/// The state of one top-level query and its recursive sub-queries (LLVM's
/// `SimpleAAQueryInfo`).
#[derive(Default)]
pub(crate) struct QueryInfo {
    pub cache: FxHashMap<(LocKey, LocKey), CacheEntry>,
    pub depth: u32,
    pub num_assumption_uses: i32,
    pub assumption_based: Vec<(LocKey, LocKey)>,
    pub may_be_cross_iteration: bool,
}

/// Alias analysis of one function. See the module docs.
pub struct AliasAnalysis<'a> {
    pub(crate) m: &'a Module,
    pub(crate) f: &'a Function,
    pub(crate) dl: Rc<DataLayout>,
    pub(crate) dt: &'a DominatorTree,
    /// Known bits of integer values.
    pub(crate) se: ScalarEvolution<'a>,
    pub(crate) kinds: Kinds,
    /// `null_pointer_is_valid` on the function.
    pub(crate) null_is_valid: bool,
    pub(crate) q: QueryInfo,
    /// `isNonEscapingLocalObject` answers.
    pub(crate) non_escaping: FxHashMap<Value, bool>,
    /// Whether a block is on a cycle (`isNotInCycle`, negated).
    pub(crate) in_cycle: FxHashMap<Block, bool>,
    /// Canonical representatives of structurally equal metadata nodes.
    pub(crate) md_canon: FxHashMap<MdNode, MdNode>,
    pub(crate) md_keys: FxHashMap<Vec<meta::CanonOp>, MdNode>,
    /// Answers of pure functions of the IR, kept across queries:
    /// `stripPointerCastsForAliasAnalysis`, `getUnderlyingObject(_, 6)`,
    /// GEP decompositions and `!tbaa` pairs.
    pub(crate) memo: std::cell::RefCell<Memo>,
}

/// See [`AliasAnalysis::memo`].
#[derive(Default)]
pub(crate) struct Memo {
    pub stripped: FxHashMap<Operand, Operand>,
    pub underlying: FxHashMap<Operand, Operand>,
    pub decomposed: FxHashMap<Operand, gep::DecomposedGep>,
    pub tbaa: FxHashMap<(MdNode, MdNode), bool>,
}

impl<'a> AliasAnalysis<'a> {
    /// The alias analysis of `f` (a function of `m`) with its fresh CFG,
    /// dominator tree and loop forest.
    pub fn new(
        m: &'a Module,
        f: &'a Function,
        cfg: &'a ControlFlowGraph,
        dt: &'a DominatorTree,
        lf: &'a LoopForest,
    ) -> Self {
        let kinds = Kinds {
            tbaa: m.md.find_kind("tbaa"),
            tbaa_struct: m.md.find_kind("tbaa.struct"),
            deref: m.md.find_kind("dereferenceable"),
            deref_or_null: m.md.find_kind("dereferenceable_or_null"),
        };
        let null_is_valid = m.attrs.has(f.fn_attrs, "null_pointer_is_valid");
        AliasAnalysis {
            m,
            f,
            dl: DataLayout::of_module(m),
            dt,
            se: ScalarEvolution::new(m, f, cfg, dt, lf),
            kinds,
            null_is_valid,
            q: QueryInfo::default(),
            non_escaping: FxHashMap::default(),
            in_cycle: FxHashMap::default(),
            md_canon: FxHashMap::default(),
            md_keys: FxHashMap::default(),
            memo: Default::default(),
        }
    }

    /// The scalar evolution this analysis asks for known bits; callers that
    /// need one too (loop access analysis) can share it.
    pub fn scalar_evolution(&mut self) -> &mut ScalarEvolution<'a> {
        &mut self.se
    }

    fn begin(&mut self) {
        // Keep the cache's allocation from one query to the next.
        self.q.cache.clear();
        self.q.assumption_based.clear();
        self.q.depth = 0;
        self.q.num_assumption_uses = 0;
        self.q.may_be_cross_iteration = false;
    }

    /// May `a` and `b` overlap? (`AAResults::alias`.)
    pub fn alias(&mut self, a: &MemoryLocation, b: &MemoryLocation) -> AliasResult {
        if !self.is_pointer(a.ptr) || !self.is_pointer(b.ptr) {
            return AliasResult::MayAlias;
        }
        self.begin();
        self.aa_alias(a, b)
    }

    /// May `a` and `b` overlap when their pointers may come from different
    /// iterations of a loop (`BatchAAResults` in cross-iteration mode, as
    /// loop access analysis asks)?
    pub fn alias_across_iterations(
        &mut self,
        a: &MemoryLocation,
        b: &MemoryLocation,
    ) -> AliasResult {
        if !self.is_pointer(a.ptr) || !self.is_pointer(b.ptr) {
            return AliasResult::MayAlias;
        }
        self.begin();
        self.q.may_be_cross_iteration = true;
        self.aa_alias(a, b)
    }

    /// What instruction `i` may do to `loc` (`AAResults::getModRefInfo` of an
    /// instruction and a location).
    pub fn mod_ref(&mut self, i: Inst, loc: &MemoryLocation) -> ModRefInfo {
        if !self.is_pointer(loc.ptr) {
            return ModRefInfo::ModRef;
        }
        self.begin();
        self.mod_ref_inst_loc(i, Some(loc))
    }

    /// What call `a` may do to the memory call `b` accesses
    /// (`AAResults::getModRefInfo(Call1, Call2)`).
    pub fn mod_ref_calls(&mut self, a: Inst, b: Inst) -> ModRefInfo {
        self.begin();
        self.mod_ref_call_call(a, b)
    }

    /// The memory effects of a call as the alias-analysis stack sees them
    /// (`AAResults::getMemoryEffects`).
    pub fn memory_effects(&mut self, call: Inst) -> MemoryEffects {
        self.call_memory_effects_aa(call)
    }

    /// The location a load, store, `va_arg`, `cmpxchg` or `atomicrmw`
    /// accesses (`MemoryLocation::get`), with its metadata.
    pub fn location_of(&self, i: Inst) -> Option<MemoryLocation> {
        self.memory_location_of(i)
    }

    /// The object `p` points into, looking through GEPs, casts, aliases,
    /// single-entry phis and calls returning an argument, at most `6` steps
    /// (`getUnderlyingObject`).
    pub fn underlying_object(&self, p: Operand) -> Operand {
        self.underlying(p, 6)
    }

    /// Every object `p` may point into, looking through phis and selects as
    /// well (`getUnderlyingObjects`, which loop access analysis uses).
    pub fn underlying_objects(&self, p: Operand) -> Vec<Operand> {
        self.underlying_all(p)
    }

    /// [`underlying_objects`](Self::underlying_objects) with the loop
    /// forest (`getUnderlyingObjects` given `LoopInfo`): a loop-header phi
    /// whose value comes from a pointer loaded in the loop stands for
    /// itself, as it names another object in every iteration.
    pub fn underlying_objects_in_loops(&self, p: Operand) -> Vec<Operand> {
        self.underlying_all_in_loops(p, Some(self.se.loops()))
    }

    /// An alloca, a global, a `noalias` or `byval` argument, or a `noalias`
    /// call result (`isIdentifiedObject`).
    pub fn is_identified_object(&self, p: Operand) -> bool {
        self.identified_object(p)
    }

    /// An identified object local to the function: an alloca, a `noalias`
    /// or `byval` argument, or a `noalias` call result
    /// (`isIdentifiedFunctionLocal`).
    pub fn is_identified_function_local(&self, p: Operand) -> bool {
        self.identified_function_local(p)
    }

    /// A function-local identified object whose address never escapes
    /// (`isNonEscapingLocalObject`: not stored, not passed to a capturing
    /// parameter, not compared, ...).
    pub fn is_non_escaping_local_object(&mut self, p: Operand) -> bool {
        self.non_escaping_local(p)
    }
}
