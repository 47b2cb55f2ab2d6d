//! Writing LoopIDs: new ones, follow-ups, the LoopID of every loop a
//! transformation generates, attaching them to latches
//! ([`set_loop_id_on_latches`], [`LoopIdAction::apply`]), and access groups
//! for duplicated code ([`access`]). Reading them (`LoopAttrs`, the
//! transformation modes, `loop_id_of_latches`) is the analysis side,
//! `loopwright_analysis::loopmd`.
//!
//! Invariants: every LoopID built here is a new `distinct` tuple whose first
//! operand is itself ([`Metadata::self_referential`]); attribute nodes are
//! uniqued tuples. Nothing here edits an existing node, so a LoopID shared
//! by several loops (loop distribution does that) stays valid for all of
//! them. A node that is not a valid LoopID ([`is_loop_id`]) passed as the
//! original is treated as "no LoopID", as `Loop::getLoopID` would return
//! null for it.
//!
//! The per-transformation functions reproduce what opt-19 does (see the
//! module docs of `loopwright_analysis::loopmd` for where that differs from the reference text),
//! including the defaults a pass applies when no follow-up is given.

pub mod access;

pub use access::{
    refresh_access_groups, remap_parallel_accesses, retarget_parallel_loop_access, AccessGroupMap,
};

use loopwright_analysis::loopmd::hints::{attr_name, is_loop_id, md_int};
use loopwright_analysis::loopmd::names::*;
use loopwright_ir::{Block, Function, Md, MdNode, Metadata, Module};

/// What `makeFollowupLoopID` returns.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FollowupResult {
    /// No follow-up attribute is present: the pass applies its own default
    /// (`std::nullopt`).
    NotSpecified,
    /// The original LoopID can be reused unchanged.
    KeepOriginal,
    /// The loop gets no `!llvm.loop` (the follow-ups are empty and nothing
    /// is inherited).
    Remove,
    /// A new LoopID.
    New(MdNode),
}

/// Which attributes of the original loop a follow-up LoopID inherits
/// (`InheritOptionsExceptPrefix`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Inherit<'a> {
    /// Nothing (a null or empty prefix in LLVM): the follow-up attributes
    /// are the whole new LoopID.
    Nothing,
    /// Every operand except attributes whose name starts with the prefix;
    /// `!DILocation`s and malformed operands are inherited. An empty prefix
    /// means [`Inherit::Nothing`], as in LLVM.
    AllExcept(&'a str),
}

/// The LoopID a generated loop is to carry.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum LoopIdAction {
    /// Leave the `!llvm.loop` it was created with: the loop's own LoopID,
    /// or for a clone the LoopID of the loop it was cloned from.
    Keep,
    /// Attach this LoopID.
    Set(MdNode),
    /// Attach no `!llvm.loop`.
    Remove,
}

impl LoopIdAction {
    /// The LoopID after the action, for a loop that carries `current`.
    pub fn resolve(self, current: Option<MdNode>) -> Option<MdNode> {
        match self {
            LoopIdAction::Keep => current,
            LoopIdAction::Set(n) => Some(n),
            LoopIdAction::Remove => None,
        }
    }

    /// Applies the action to the terminators of `latches`.
    pub fn apply(self, f: &mut Function, latches: &[Block]) {
        match self {
            LoopIdAction::Keep => {}
            LoopIdAction::Set(n) => set_loop_id_on_latches(f, latches, Some(n)),
            LoopIdAction::Remove => set_loop_id_on_latches(f, latches, None),
        }
    }

    /// A follow-up result as an action; `None` when no follow-up was given.
    fn from_followup(r: FollowupResult, orig: Option<MdNode>) -> Option<Self> {
        match r {
            FollowupResult::NotSpecified => None,
            FollowupResult::KeepOriginal => Some(match orig {
                Some(n) => LoopIdAction::Set(n),
                None => LoopIdAction::Remove,
            }),
            FollowupResult::Remove => Some(LoopIdAction::Remove),
            FollowupResult::New(n) => Some(LoopIdAction::Set(n)),
        }
    }
}

fn set_or_remove(id: Option<MdNode>) -> LoopIdAction {
    match id {
        Some(n) => LoopIdAction::Set(n),
        None => LoopIdAction::Remove,
    }
}

/// `Loop::setLoopID`: attaches `id` to (or, for `None`, removes
/// `!llvm.loop` from) the terminator of every latch.
pub fn set_loop_id_on_latches(f: &mut Function, latches: &[Block], id: Option<MdNode>) {
    for &b in latches {
        if let Some(term) = f.terminator(b) {
            let mut inst = f.inst_mut(term);
            match id {
                Some(n) => inst.md().set(Metadata::LOOP, n),
                None => inst.md().remove(Metadata::LOOP),
            }
        }
    }
}

/// The original LoopID, or `None` if it is not a valid one.
fn valid(md: &Metadata, orig: Option<MdNode>) -> Option<MdNode> {
    orig.filter(|&n| is_loop_id(md, n))
}

/// The operands of a valid LoopID after the self-reference.
fn loop_ops(md: &Metadata, id: MdNode) -> Vec<Option<Md>> {
    md.tuple_ops(id)
        .map(|ops| ops[1..].to_vec())
        .unwrap_or_default()
}

/// A new LoopID: `distinct !{self, start, end, attrs...}` (the order clang
/// uses).
pub fn new_loop_id(
    md: &mut Metadata,
    attrs: &[MdNode],
    start: Option<MdNode>,
    end: Option<MdNode>,
) -> MdNode {
    let ops = start
        .into_iter()
        .chain(end)
        .chain(attrs.iter().copied())
        .map(|n| Some(Md::Node(n)))
        .collect();
    md.self_referential(ops)
}

/// The attribute node `!{!"name"}`.
pub fn attr_flag(md: &mut Metadata, name: &str) -> MdNode {
    let s = md.string(name.as_bytes());
    md.tuple(vec![Some(Md::Str(s))])
}

/// The attribute node `!{!"name", iN value}`.
pub fn attr_int(m: &mut Module, name: &str, bits: u32, value: i64) -> MdNode {
    let ty = m.types.int(bits);
    let c = m.consts.int(ty, bits, value);
    let s = m.md.string(name.as_bytes());
    m.md.tuple(vec![Some(Md::Str(s)), Some(Md::Const(c))])
}

/// `findOptionMDForLoopID`: the first attribute node of `id` named `name`.
fn find_option(md: &Metadata, id: MdNode, name: &str) -> Option<MdNode> {
    loop_ops(md, id).into_iter().find_map(|op| match op {
        Some(Md::Node(n)) if attr_name(md, n) == Some(name.as_bytes()) => Some(n),
        _ => None,
    })
}

/// LLVM's `makeFollowupLoopID`.
///
/// Without a (valid) original LoopID: [`FollowupResult::Remove`] if
/// `always_new`, else [`FollowupResult::NotSpecified`]. Otherwise the new
/// LoopID holds the inherited operands (see [`Inherit`]) followed by the
/// operands of each follow-up attribute found, in the order of
/// `followups` (the first attribute of each name counts). Without any
/// follow-up attribute and without `always_new` the result is
/// [`FollowupResult::NotSpecified`]; a LoopID that would have no operand
/// is [`FollowupResult::Remove`]. `!DILocation`s are not copied unless
/// inherited.
pub fn make_followup_loop_id(
    md: &mut Metadata,
    orig: Option<MdNode>,
    followups: &[&str],
    inherit: Inherit<'_>,
    always_new: bool,
) -> FollowupResult {
    let Some(orig) = valid(md, orig) else {
        return if always_new {
            FollowupResult::Remove
        } else {
            FollowupResult::NotSpecified
        };
    };
    let ops = loop_ops(md, orig);
    let mut new_ops: Vec<Option<Md>> = Vec::new();
    let mut changed = false;
    match inherit {
        Inherit::AllExcept(prefix) if !prefix.is_empty() => {
            for &op in &ops {
                let excluded = match op {
                    Some(Md::Node(n)) => {
                        attr_name(md, n).is_some_and(|name| name.starts_with(prefix.as_bytes()))
                    }
                    _ => false,
                };
                if excluded {
                    changed = true;
                } else {
                    new_ops.push(op);
                }
            }
        }
        _ => changed = !ops.is_empty(),
    }
    let mut has_any = false;
    for name in followups {
        let Some(node) = find_option(md, orig, name) else {
            continue;
        };
        has_any = true;
        let args = md
            .tuple_ops(node)
            .map(|o| o[1..].to_vec())
            .unwrap_or_default();
        if !args.is_empty() {
            changed = true;
        }
        new_ops.extend(args);
    }
    if !always_new && !has_any {
        return FollowupResult::NotSpecified;
    }
    if !always_new && !changed {
        return FollowupResult::KeepOriginal;
    }
    if new_ops.is_empty() {
        return FollowupResult::Remove;
    }
    FollowupResult::New(md.self_referential(new_ops))
}

/// LLVM's `makePostTransformationMetadata`: a new LoopID with the original
/// operands except attributes whose name starts with one of
/// `remove_prefixes`, followed by `add`. Always a new node, even without
/// an original LoopID.
pub fn make_post_transformation_loop_id(
    md: &mut Metadata,
    orig: Option<MdNode>,
    remove_prefixes: &[&str],
    add: &[MdNode],
) -> MdNode {
    let mut ops = Vec::new();
    if let Some(orig) = valid(md, orig) {
        for op in loop_ops(md, orig) {
            let removed = match op {
                Some(Md::Node(n)) => attr_name(md, n).is_some_and(|name| {
                    remove_prefixes
                        .iter()
                        .any(|p| name.starts_with(p.as_bytes()))
                }),
                _ => false,
            };
            if !removed {
                ops.push(op);
            }
        }
    }
    ops.extend(add.iter().map(|&n| Some(Md::Node(n))));
    md.self_referential(ops)
}

/// `Loop::setLoopAlreadyUnrolled`: drops `llvm.loop.unroll.*` and adds
/// `llvm.loop.unroll.disable`.
pub fn set_loop_already_unrolled(md: &mut Metadata, orig: Option<MdNode>) -> MdNode {
    let disable = attr_flag(md, UNROLL_DISABLE);
    make_post_transformation_loop_id(md, orig, &[UNROLL_PREFIX], &[disable])
}

/// `LoopVectorizeHints::setAlreadyVectorized`: drops `llvm.loop.vectorize.*`
/// and `llvm.loop.interleave.*` and adds `!{!"llvm.loop.isvectorized", i32 1}`.
pub fn set_already_vectorized(m: &mut Module, orig: Option<MdNode>) -> MdNode {
    let done = attr_int(m, IS_VECTORIZED, 32, 1);
    make_post_transformation_loop_id(
        &mut m.md,
        orig,
        &[VECTORIZE_PREFIX, INTERLEAVE_PREFIX],
        &[done],
    )
}

/// `addRuntimeUnrollDisableMetaData`: appends
/// `llvm.loop.unroll.runtime.disable` unless the **last** attribute node's
/// name starts with `llvm.loop.unroll.disable` (LLVM 19 overwrites its flag
/// on every node, so only the last one counts). Returns the new LoopID, or
/// `None` when the loop keeps its LoopID.
pub fn add_runtime_unroll_disable(md: &mut Metadata, orig: Option<MdNode>) -> Option<MdNode> {
    let ops = valid(md, orig)
        .map(|id| loop_ops(md, id))
        .unwrap_or_default();
    let mut is_unroll_disable = false;
    for op in &ops {
        if let Some(Md::Node(n)) = *op {
            is_unroll_disable =
                attr_name(md, n).is_some_and(|name| name.starts_with(UNROLL_DISABLE.as_bytes()));
        }
    }
    if is_unroll_disable {
        return None;
    }
    let disable = attr_flag(md, UNROLL_RUNTIME_DISABLE);
    let mut new_ops = ops;
    new_ops.push(Some(Md::Node(disable)));
    Some(md.self_referential(new_ops))
}

/// `addStringMetadataToLoop`: sets `!{!"name", i32 value}`, replacing
/// two-operand attributes of that name. Returns `None` when the attribute is
/// already there with that value (the loop keeps its LoopID). Used by loop
/// peeling (`llvm.loop.peeled.count`) and versioning LICM.
pub fn add_string_metadata_to_loop(
    m: &mut Module,
    orig: Option<MdNode>,
    name: &str,
    value: u32,
) -> Option<MdNode> {
    let mut ops = Vec::new();
    if let Some(id) = valid(&m.md, orig) {
        for op in loop_ops(&m.md, id) {
            if let Some(Md::Node(n)) = op {
                let same = attr_name(&m.md, n) == Some(name.as_bytes())
                    && m.md.tuple_ops(n).is_some_and(|o| o.len() == 2);
                if same {
                    let arg = m.md.tuple_ops(n).and_then(|o| o.get(1).copied()).flatten();
                    let cur = md_int(&m.consts, arg).and_then(|v| v.as_i64());
                    if cur == Some(i64::from(value)) {
                        return None;
                    }
                    continue;
                }
            }
            ops.push(op);
        }
    }
    let attr = attr_int(m, name, 32, i64::from(value));
    ops.push(Some(Md::Node(attr)));
    Some(m.md.self_referential(ops))
}

/// How an unrolling went, as far as the LoopIDs are concerned.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct UnrollPlan {
    /// The count came from metadata or the user (`IsCountSetExplicitly`:
    /// `unroll.count`, `unroll.full`, `unroll.enable` or `-unroll-count`).
    pub count_set_explicitly: bool,
    /// A remainder loop (prologue or epilogue) was created.
    pub has_remainder: bool,
}

/// The LoopIDs after partial or runtime unrolling (after full unrolling no
/// loop remains).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct UnrollLoopIds {
    pub unrolled: LoopIdAction,
    /// `None` when there is no remainder loop.
    pub remainder: Option<LoopIdAction>,
}

/// The LoopIDs after unrolling a loop whose LoopID was `orig`
/// (`tryToUnrollLoop` and `CloneLoopBlocks`):
///
/// - remainder: `followup_all` + `followup_remainder`, else
///   `{llvm.loop.unroll.disable}` alone (the remainder's new latch branch
///   has no LoopID, and `setLoopAlreadyUnrolled` adds to nothing);
/// - unrolled: `followup_all` + `followup_unrolled`, else, if the count was
///   set explicitly, the original attributes minus `llvm.loop.unroll.*` plus
///   `llvm.loop.unroll.disable`, else the original LoopID.
pub fn unroll_loop_ids(md: &mut Metadata, orig: Option<MdNode>, plan: UnrollPlan) -> UnrollLoopIds {
    let orig = valid(md, orig);
    let remainder = plan.has_remainder.then(|| {
        let r = make_followup_loop_id(
            md,
            orig,
            &[UNROLL_FOLLOWUP_ALL, UNROLL_FOLLOWUP_REMAINDER],
            Inherit::Nothing,
            false,
        );
        LoopIdAction::from_followup(r, orig)
            .unwrap_or_else(|| LoopIdAction::Set(set_loop_already_unrolled(md, None)))
    });
    let r = make_followup_loop_id(
        md,
        orig,
        &[UNROLL_FOLLOWUP_ALL, UNROLL_FOLLOWUP_UNROLLED],
        Inherit::Nothing,
        false,
    );
    let unrolled = match LoopIdAction::from_followup(r, orig) {
        Some(a) => a,
        None if plan.count_set_explicitly => LoopIdAction::Set(set_loop_already_unrolled(md, orig)),
        None => LoopIdAction::Keep,
    };
    UnrollLoopIds {
        unrolled,
        remainder,
    }
}

/// How an unroll-and-jam went.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct UnrollAndJamPlan {
    /// `unroll_and_jam.count`, `unroll_and_jam.enable` or a user count.
    pub count_set_explicitly: bool,
    /// A remainder (epilogue) outer loop was created.
    pub has_remainder: bool,
}

/// The LoopIDs after unroll-and-jam of a two-deep loop nest.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct UnrollAndJamLoopIds {
    /// The unrolled outer loop.
    pub outer: LoopIdAction,
    /// The jammed inner loop ([`LoopIdAction::Keep`]: the original inner
    /// LoopID).
    pub inner: LoopIdAction,
    pub remainder_outer: Option<LoopIdAction>,
    /// Every inner loop of the remainder ([`LoopIdAction::Keep`]: the
    /// original inner LoopID).
    pub remainder_inner: Option<LoopIdAction>,
}

/// The LoopIDs after unroll-and-jam (`tryToUnrollAndJamLoop`). All
/// follow-ups are read from the **outer** LoopID `orig_outer`:
///
/// - outer: `followup_all` + `followup_outer`, else as after unrolling
///   (`setLoopAlreadyUnrolled` if the count was explicit, which keeps the
///   `llvm.loop.unroll_and_jam.*` attributes);
/// - inner: `followup_all` + `followup_inner`, else the original inner
///   LoopID;
/// - remainder outer: `followup_all` + `followup_remainder_outer`, else
///   `{llvm.loop.unroll.disable}`;
/// - remainder inner: `followup_all` + `followup_remainder_inner`, else the
///   original inner LoopID.
///
/// (LLVM 19 sets the remainder-inner LoopID on the inner loop before it
/// knows whether the transformation succeeds, and does not undo it when it
/// fails; that leak is not modelled.)
pub fn unroll_and_jam_loop_ids(
    md: &mut Metadata,
    orig_outer: Option<MdNode>,
    plan: UnrollAndJamPlan,
) -> UnrollAndJamLoopIds {
    let orig = valid(md, orig_outer);
    let followup = |md: &mut Metadata, name: &str| {
        let r = make_followup_loop_id(
            md,
            orig,
            &[UNROLL_AND_JAM_FOLLOWUP_ALL, name],
            Inherit::Nothing,
            false,
        );
        LoopIdAction::from_followup(r, orig)
    };
    let remainder_inner = plan.has_remainder.then(|| {
        followup(md, UNROLL_AND_JAM_FOLLOWUP_REMAINDER_INNER).unwrap_or(LoopIdAction::Keep)
    });
    let remainder_outer = plan.has_remainder.then(|| {
        followup(md, UNROLL_AND_JAM_FOLLOWUP_REMAINDER_OUTER)
            .unwrap_or_else(|| LoopIdAction::Set(set_loop_already_unrolled(md, None)))
    });
    let inner = followup(md, UNROLL_AND_JAM_FOLLOWUP_INNER).unwrap_or(LoopIdAction::Keep);
    let outer = match followup(md, UNROLL_AND_JAM_FOLLOWUP_OUTER) {
        Some(a) => a,
        None if plan.count_set_explicitly => LoopIdAction::Set(set_loop_already_unrolled(md, orig)),
        None => LoopIdAction::Keep,
    };
    UnrollAndJamLoopIds {
        outer,
        inner,
        remainder_outer,
        remainder_inner,
    }
}

/// How a vectorization went.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct VectorizePlan {
    /// The target does not unroll vectorized loops
    /// (`!UnrollingPreferences::UnrollVectorizedLoop`, the default of every
    /// target but a few): the vector loop gets
    /// `llvm.loop.unroll.runtime.disable`.
    pub runtime_unroll_disable: bool,
    /// Runtime checks (memory or SCEV) were emitted. Without them the
    /// scalar epilogue gets `llvm.loop.unroll.runtime.disable` (when no
    /// follow-up is given).
    pub runtime_checks: bool,
    /// A scalar epilogue loop remains.
    pub has_epilogue: bool,
    /// The epilogue was vectorized too (epilogue vectorization).
    pub vector_epilogue: bool,
}

impl Default for VectorizePlan {
    fn default() -> Self {
        VectorizePlan {
            runtime_unroll_disable: true,
            runtime_checks: false,
            has_epilogue: true,
            vector_epilogue: false,
        }
    }
}

/// The LoopIDs after vectorization.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct VectorizeLoopIds {
    /// The main vector loop.
    pub vectorized: LoopIdAction,
    /// The scalar epilogue (the original loop).
    pub epilogue: Option<LoopIdAction>,
    /// The vectorized epilogue loop, with epilogue vectorization.
    pub vector_epilogue: Option<LoopIdAction>,
}

/// The LoopID of a vector loop (`executePlan`): `followup_all` +
/// `followup_vectorized`, else the original attributes minus
/// `llvm.loop.vectorize.*`/`llvm.loop.interleave.*` plus
/// `llvm.loop.isvectorized i32 1`; then `llvm.loop.unroll.runtime.disable`
/// if asked, **also after a follow-up**.
fn vector_loop_id(
    m: &mut Module,
    orig: Option<MdNode>,
    runtime_unroll_disable: bool,
) -> LoopIdAction {
    let r = make_followup_loop_id(
        &mut m.md,
        orig,
        &[VECTORIZE_FOLLOWUP_ALL, VECTORIZE_FOLLOWUP_VECTORIZED],
        Inherit::Nothing,
        false,
    );
    let mut id = match r {
        FollowupResult::NotSpecified => Some(set_already_vectorized(m, orig)),
        FollowupResult::KeepOriginal => orig,
        FollowupResult::Remove => None,
        FollowupResult::New(n) => Some(n),
    };
    if runtime_unroll_disable {
        if let Some(n) = add_runtime_unroll_disable(&mut m.md, id) {
            id = Some(n);
        }
    }
    set_or_remove(id)
}

/// The LoopIDs after vectorizing a loop whose LoopID was `orig`:
///
/// - vector loop(s): see `vector_loop_id` above; the vectorized epilogue
///   always gets `runtime.disable`;
/// - scalar epilogue: `followup_all` + `followup_epilogue`, else the
///   original attributes, plus `llvm.loop.unroll.runtime.disable` when there
///   were no runtime checks (see [`add_runtime_unroll_disable`] for the
///   last-attribute rule), then minus `llvm.loop.vectorize.*` and
///   `llvm.loop.interleave.*`, plus `llvm.loop.isvectorized i32 1`.
pub fn vectorize_loop_ids(
    m: &mut Module,
    orig: Option<MdNode>,
    plan: VectorizePlan,
) -> VectorizeLoopIds {
    let orig = valid(&m.md, orig);
    let vectorized = vector_loop_id(m, orig, plan.runtime_unroll_disable);
    let vector_epilogue = plan.vector_epilogue.then(|| vector_loop_id(m, orig, true));
    let epilogue = plan.has_epilogue.then(|| {
        let r = make_followup_loop_id(
            &mut m.md,
            orig,
            &[VECTORIZE_FOLLOWUP_ALL, VECTORIZE_FOLLOWUP_EPILOGUE],
            Inherit::Nothing,
            false,
        );
        LoopIdAction::from_followup(r, orig).unwrap_or_else(|| {
            let mut id = orig;
            if !plan.runtime_checks {
                if let Some(n) = add_runtime_unroll_disable(&mut m.md, id) {
                    id = Some(n);
                }
            }
            LoopIdAction::Set(set_already_vectorized(m, id))
        })
    });
    VectorizeLoopIds {
        vectorized,
        epilogue,
        vector_epilogue,
    }
}

/// A loop generated by loop distribution.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum DistributeRole {
    /// A partition without loop-carried dependences (there may be several).
    Coincident,
    /// The partition with a dependence cycle.
    Sequential,
    /// The unversioned copy of the original loop, when runtime checks were
    /// needed.
    Fallback,
}

/// The LoopID of one loop generated by distributing a loop whose LoopID was
/// `orig` (each call builds its own node, as LLVM does per partition):
///
/// - coincident / sequential: `followup_all` + `followup_coincident` /
///   `followup_sequential`, else the original LoopID (shared, including
///   `llvm.loop.distribute.enable`);
/// - fallback: always a new LoopID with every original operand except
///   `llvm.loop.distribute.*`, plus `followup_all` + `followup_fallback`;
///   no `!llvm.loop` at all if that leaves nothing.
pub fn distribute_loop_id(
    md: &mut Metadata,
    orig: Option<MdNode>,
    role: DistributeRole,
) -> LoopIdAction {
    let orig = valid(md, orig);
    let (name, inherit, always_new) = match role {
        DistributeRole::Coincident => (DISTRIBUTE_FOLLOWUP_COINCIDENT, Inherit::Nothing, false),
        DistributeRole::Sequential => (DISTRIBUTE_FOLLOWUP_SEQUENTIAL, Inherit::Nothing, false),
        DistributeRole::Fallback => (
            DISTRIBUTE_FOLLOWUP_FALLBACK,
            Inherit::AllExcept(DISTRIBUTE_PREFIX),
            true,
        ),
    };
    let r = make_followup_loop_id(
        md,
        orig,
        &[DISTRIBUTE_FOLLOWUP_ALL, name],
        inherit,
        always_new,
    );
    LoopIdAction::from_followup(r, orig).unwrap_or(LoopIdAction::Keep)
}

/// One LoopID per distribution role.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct DistributeLoopIds {
    pub coincident: LoopIdAction,
    pub sequential: LoopIdAction,
    /// `None` when the loop was not versioned.
    pub fallback: Option<LoopIdAction>,
}

/// [`distribute_loop_id`] for every role (one node per role; call
/// [`distribute_loop_id`] per partition to give each partition its own).
pub fn distribute_loop_ids(
    md: &mut Metadata,
    orig: Option<MdNode>,
    versioned: bool,
) -> DistributeLoopIds {
    DistributeLoopIds {
        coincident: distribute_loop_id(md, orig, DistributeRole::Coincident),
        sequential: distribute_loop_id(md, orig, DistributeRole::Sequential),
        fallback: versioned.then(|| distribute_loop_id(md, orig, DistributeRole::Fallback)),
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_opt;
