//! Executes a [`VPlan`]: LLVM 19's `InnerLoopVectorizer` skeleton and
//! `VPlan::execute`. It decides nothing (every decision is in the plan)
//! and never gives up once it has edited: everything it cannot do was
//! refused by the planner.
//!
//! The skeleton, as opt-19 builds it:
//!
//! ```text
//! preheader:        trip count; min.iters.check = tc <u VF·IC → scalar.ph
//! vector.scevcheck: the SCEV predicates' checks → scalar.ph when one fails
//! vector.memcheck:  the check groups' bounds, pairwise overlap → scalar.ph
//! vector.ph:        n.vec = tc - tc urem VF·IC; start vectors, end values
//! vector.body:      the recipes; index.next; branch on index.next == n.vec
//! middle.block:     reductions finished (llvm.vector.reduce.*), last values;
//!                   tc == n.vec → exit, else scalar.ph
//! scalar.ph:        resume phis (bc.resume.val, bc.merge.rdx,
//!                   scalar.recur.init) → the original loop, now the epilogue
//! ```
//!
//! A loop the cost model vectorized at a width of 16 or more may get a
//! vectorized epilogue: a second vector loop, narrower, between the
//! middle block and the scalar loop ([`execute_with`] shows LLVM's
//! skeleton for it).
//!
//! When an interleave group reads past its last member
//! (`requires_scalar_epilogue`), the scalar loop runs at least one
//! iteration: `min.iters.check` is `tc <=u VF·IC`, a remainder of 0 counts
//! as VF·IC in `n.vec`, and the middle block always continues in
//! `scalar.ph` (the exit's phis keep their scalar-loop values only).
//!
//! An interleave group ([`Recipe::Interleave`]) is emitted at its insert
//! position as `VPInterleaveRecipe` does: the address of member 0 (of the
//! last lane when reversed) by a GEP from the insert position's lane-0
//! address, one `wide.vec` load per part split by `strided.vec` shuffles
//! (then `reverse`d), or the members' vectors concatenated and shuffled
//! into one `interleaved.vec` store; members of another type of the same
//! size are cast as `createBitOrPointerCast` casts them.
//!
//! Values of the vector loop are kept per part (interleaved copy) as a
//! vector, as one scalar per lane, as a first-lane scalar or as one
//! uniform scalar ([`Val`]); a user that needs another form gets it by
//! `extractelement`, `insertelement` or a splat. Inductions give any lane
//! from the canonical index (`start + (index + part·VF + lane)·step`).
//! A widened load or store addresses each part from part 0's pointer
//! (`VPVectorPointerRecipe`: `+ part·VF` elements, or `- part·VF` and
//! `1 - VF` when reversed, as `i32` offsets), and the finished vector
//! loop's identical GEPs, shuffles and element inserts and extracts are
//! merged as LLVM's `cse()` merges them ([`cse_block`]).
//!
//! Deliberate differences from opt-19 (the code computes the same values;
//! the shapes differ): memory checks compare each pair of groups' bounds
//! (`bound0`/`bound1`/`found.conflict`) where opt-19 may use its cheaper
//! difference checks (`diff.check`) for pairs with the same constant
//! stride; pointer inductions are computed from the canonical index
//! rather than with a `pointer.phi`; a uniform value is computed once,
//! not once per part.

use super::plan::{
    access, scalar_intrinsic_operand, Lanes, LiveOut, Recipe, ReductionPlan, StepPlan, VPlan,
};
use crate::loopid::{vectorize_loop_ids, VectorizePlan};
use crate::utils::expand::{self, pred, ExpandCtx, Expr};
use loopwright_analysis::ivdesc::{InductionKind, RecurKind};
use loopwright_analysis::laa::InterleaveGroup;
use loopwright_analysis::loopmd::loop_id_of_latches;
use loopwright_ir::{
    Block, Builder, ConstData, Extra, Flags, Function, Inst, InstData, MdKind, MdNode, Module,
    Opcode, Operand, Predicate, Type, TypeData, TypeTable, ValueDef,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// A deliberate defect, for tests that show a miscompile is caught.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Defect {
    /// The run-time checks are emitted but never branch to the scalar
    /// loop.
    DropRuntimeChecks,
    /// The middle block always exits: the scalar epilogue never runs the
    /// remaining iterations.
    SkipEpilogue,
    /// An interleave group's loads give each member the lanes of the
    /// member at the next index.
    InterleaveMask,
    /// A vectorized epilogue starts at iteration 0 instead of where the
    /// main vector loop stopped.
    EpilogueFromZero,
}

/// What the transform built.
#[derive(Clone, Debug)]
pub struct Executed {
    pub vector_body: Block,
    pub middle: Block,
    pub scalar_ph: Block,
}

/// A value of the vector loop, per part.
#[derive(Clone, Debug)]
enum Val {
    Vector(Vec<Operand>),
    Scalars(Vec<Vec<Operand>>),
    First(Vec<Operand>),
    Uniform(Operand),
    /// An induction phi: lanes from the canonical index, and its vector
    /// per part when widened.
    Induction(Option<Vec<Operand>>),
}

/// LLVM's fixed metadata kinds a widened access keeps
/// (`propagateMetadata`): `!tbaa`, `!invariant.load`, `!alias.scope`,
/// `!noalias`, `!nontemporal`, `!llvm.access.group`.
const MEM_MD: [&str; 6] = [
    "tbaa",
    "invariant.load",
    "alias.scope",
    "noalias",
    "nontemporal",
    "llvm.access.group",
];

struct Exec<'p> {
    plan: &'p VPlan,
    vf: u32,
    ic: u32,
    in_loop: FxHashSet<Inst>,
    vals: FxHashMap<Inst, Val>,
    packed: FxHashMap<(Inst, u32), Operand>,
    extracted: FxHashMap<(Inst, u32, u32), Operand>,
    splats: FxHashMap<Operand, Operand>,
    /// Scalar steps of inductions, per (phi, part, lane).
    steps: FxHashMap<(Inst, u32, u32), Operand>,
    /// Each induction's step, expanded in the vector preheader.
    step_ops: FxHashMap<Inst, Operand>,
    /// Each induction's value after the vector loop (`ind.end`).
    ends: FxHashMap<Inst, Operand>,
    vph: Block,
    /// The block being filled (vector.body or middle.block).
    cur: Block,
    index: Operand,
    /// Where the canonical index starts: 0, or the resume index of a
    /// vectorized epilogue.
    index_start: Operand,
    /// Reductions' start values where they are not the phis' own (a
    /// vectorized epilogue continues the main loop's results).
    rdx_starts: FxHashMap<Inst, Operand>,
    tc_ty: Type,
    /// Backedge values to add at the end of the body: (phi, value).
    backedges: Vec<(Inst, Operand)>,
    /// The recurrence phis of the vector loop and their previous parts.
    recur_phis: FxHashMap<Inst, Operand>,
    recur_prev: FxHashMap<Inst, Vec<Operand>>,
    rdx_phis: FxHashMap<Inst, Vec<Operand>>,
    /// Widened inductions whose parts are computed after the phis:
    /// (phi, vec.ind, the splat of VF·step).
    pending_ind: Vec<(Inst, Operand, Operand)>,
    /// The same for floating-point inductions, with their operation and
    /// fast-math flags.
    pending_fp: Vec<(Inst, Operand, Operand, Opcode, Flags)>,
    dbg: Option<MdNode>,
    defect: Option<Defect>,
}

fn inst_of(f: &Function, op: Operand) -> Option<Inst> {
    match op {
        Operand::Value(v) => match f.value_def(v) {
            ValueDef::Result(i) => Some(i),
            _ => None,
        },
        _ => None,
    }
}

fn int_const(m: &mut Module, ty: Type, v: i64) -> Operand {
    let bits = m.types.int_width(ty).unwrap_or(64);
    Operand::Const(m.consts.int(ty, bits, v))
}

/// LLVM's `cse` of a vector loop's header once its plan is executed
/// (`InnerLoopVectorizer::fixVectorizedLoop`): a `getelementptr`,
/// `insertelement`, `extractelement` or `shufflevector` identical to an
/// earlier one of the block (opcode, type, flags, operands and extra data;
/// metadata aside, as `isIdenticalTo`) is replaced by it. The parts'
/// pointers of a load and a store of the same address are one set.
fn cse_block(f: &mut Function, b: Block) {
    type Key = (Opcode, Type, Flags, Vec<Operand>, loopwright_ir::Extra);
    let mut seen: FxHashMap<Key, loopwright_ir::Value> = FxHashMap::default();
    let insts: Vec<Inst> = f.layout.block_insts(b).collect();
    for i in insts {
        let d = f.inst(i);
        if !matches!(
            d.opcode,
            Opcode::GetElementPtr
                | Opcode::InsertElement
                | Opcode::ExtractElement
                | Opcode::ShuffleVector
        ) {
            continue;
        }
        let Some(r) = f.inst_result(i) else { continue };
        let key = (
            d.opcode,
            d.ty,
            d.flags,
            d.operands().to_vec(),
            d.extra.clone(),
        );
        match seen.get(&key) {
            Some(&earlier) => {
                f.replace_all_uses(r, Operand::Value(earlier));
                f.delete_inst(i);
            }
            None => {
                seen.insert(key, r);
            }
        }
    }
}

/// Whether `ptr` is computed by an `inbounds` GEP.
fn is_inbounds_gep(f: &Function, ptr: Operand) -> bool {
    match ptr {
        Operand::Value(v) => match f.value_def(v) {
            ValueDef::Result(i) => {
                let d = f.inst(i);
                d.opcode == Opcode::GetElementPtr && d.flags.contains(Flags::INBOUNDS)
            }
            _ => false,
        },
        _ => false,
    }
}

/// Executes `plan` on `f` (which the plan was built for, unchanged since).
///
/// `ctx` holds the analyses of the function as the plan saw it (see
/// [`can_execute`]): run-time values are expanded with them, so add
/// recurrences of an enclosing loop (a trip count that grows with the
/// outer induction variable) reuse or get that loop's induction variable.
pub fn execute(m: &mut Module, f: &mut Function, plan: &VPlan, ctx: &ExpandCtx) -> Executed {
    execute_with(m, f, plan, None, ctx, None)
}

/// Whether every run-time value of `plan` (trip count, check bounds,
/// predicates, induction steps) can be expanded in the preheader with
/// `ctx`; [`execute`] requires it.
pub fn can_execute(m: &Module, f: &Function, plan: &VPlan, ctx: &ExpandCtx) -> bool {
    let Some(at) = f.terminator(plan.preheader) else {
        return false;
    };
    std::iter::once(&plan.trip_count)
        .chain(check_and_step_exprs(plan))
        .all(|e| expand::can_expand(m, f, ctx, e, at))
}

/// The run-time values of `plan` besides the trip count: check bounds,
/// predicates, induction steps.
fn check_and_step_exprs(plan: &VPlan) -> Vec<&Expr> {
    let mut exprs = Vec::new();
    for g in &plan.checks.groups {
        exprs.push(&g.low);
        exprs.push(&g.high);
    }
    for c in &plan.checks.predicates {
        exprs.extend(c.exprs());
    }
    for ind in &plan.inductions {
        if let StepPlan::Int(e) = &ind.step {
            exprs.push(e);
        }
    }
    exprs
}

/// Whether `epi` can be `plan`'s vectorized epilogue: the same loop,
/// narrower, with interleave count 1, resuming exactly the values the
/// main loop hands on (the same inductions and reductions, no
/// recurrence, no induction value used after the loop), and the same
/// run-time checks (the epilogue uses the main loop's).
pub fn epilogue_fits(plan: &VPlan, epi: &VPlan) -> bool {
    let phis = |p: &VPlan| -> (Vec<Inst>, Vec<Inst>) {
        (
            p.inductions.iter().map(|i| i.phi).collect(),
            p.reductions.iter().map(|r| r.phi).collect(),
        )
    };
    let resumable = |p: &VPlan| {
        p.recurrences.is_empty()
            && p.exit_phis.iter().all(|(_, lo)| {
                !matches!(
                    lo,
                    LiveOut::InductionEnd(_)
                        | LiveOut::InductionLast(_)
                        | LiveOut::RecurrencePenultimate(_)
                )
            })
    };
    epi.header == plan.header
        && epi.vf > 1
        && epi.vf < plan.vf
        && epi.ic == 1
        && phis(epi) == phis(plan)
        && resumable(plan)
        && resumable(epi)
        && epi.checks == plan.checks
        && epi
            .exit_phis
            .iter()
            .map(|e| e.0)
            .eq(plan.exit_phis.iter().map(|e| e.0))
        && epi.decisions.requires_scalar_epilogue == plan.decisions.requires_scalar_epilogue
}

/// [`execute`], with a vectorized epilogue and a deliberate `defect` for
/// tests.
///
/// With `epi` (the epilogue's plan: the same loop at a smaller width,
/// interleave count 1), the skeleton is LLVM 19's for epilogue
/// vectorization (`EpilogueVectorizerMainLoop`,
/// `EpilogueVectorizerEpilogueLoop`):
///
/// ```text
/// iter.check:          tc < VFe → vec.epilog.scalar.ph      (the preheader)
/// vector.scevcheck, vector.memcheck: fail → vec.epilog.scalar.ph
/// vector.main.loop.iter.check: tc < VF·IC → vec.epilog.ph
/// vector.ph, vector.body, middle.block: tc == n.vec → exit,
///                      else vec.epilog.iter.check
/// vec.epilog.iter.check: tc - n.vec < VFe → vec.epilog.scalar.ph
/// vec.epilog.ph:       the resume index (n.vec, or 0 from the main
///                      loop's check) and reductions (bc.merge.rdx)
/// vec.epilog.vector.body, vec.epilog.middle.block: tc == n.vec2 → exit
/// vec.epilog.scalar.ph: resume phis from both vector loops, the checks
///                      and iter.check → the original loop
/// ```
///
/// The epilogue reuses the main loop's run-time checks. Its plan has no
/// first-order recurrence and no induction used after the loop (the cost
/// model offers an epilogue width only then, as LLVM 19 does).
pub fn execute_with(
    m: &mut Module,
    f: &mut Function,
    plan: &VPlan,
    epi: Option<&VPlan>,
    ctx: &ExpandCtx,
    defect: Option<Defect>,
) -> Executed {
    let vf = plan.vf;
    let ic = plan.ic;
    let step_total = i64::from(vf * ic);
    let tc_ty = m.types.int(plan.trip_count_bits);
    let pre = plan.preheader;
    let orig_id = loop_id_of_latches(f, &m.md, &[plan.latch]);
    let pre_term = f.terminator(pre).expect("a preheader ends in a branch");
    let pre_dbg = f.inst(pre_term).md.get(MdKind::DBG);
    // Blocks, in LLVM's layout order after the preheader.
    let mut after = pre;
    let mut mk = |f: &mut Function, name: &str| {
        let b = f.make_block(Some(name));
        f.layout.insert_block_after(b, after);
        after = b;
        b
    };
    let scev_bb = (!plan.checks.predicates.is_empty()).then(|| mk(f, "vector.scevcheck"));
    let mem_bb = (!plan.checks.pairs.is_empty()).then(|| mk(f, "vector.memcheck"));
    let main_check = epi.map(|_| mk(f, "vector.main.loop.iter.check"));
    let vph = mk(f, "vector.ph");
    let body = mk(f, "vector.body");
    let middle = mk(f, "middle.block");
    let epi_blocks = epi.map(|_| EpilogueBlocks {
        iter_check: mk(f, "vec.epilog.iter.check"),
        ph: mk(f, "vec.epilog.ph"),
        body: mk(f, "vec.epilog.vector.body"),
        middle: mk(f, "vec.epilog.middle.block"),
    });
    let scalar_ph = mk(
        f,
        if epi.is_some() {
            "vec.epilog.scalar.ph"
        } else {
            "scalar.ph"
        },
    );
    if epi.is_some() {
        f.set_block_name(pre, Some("iter.check"));
    }
    // The trip count and the minimum-iteration check, in the preheader.
    let tc = expand::expand_with(m, f, &plan.trip_count, pre_term, ctx);
    let tc = cast_int(m, f, tc, tc_ty, pre_term);
    // In a loop nest the new blocks belong to the enclosing loop, which
    // `ctx`'s analyses do not know: the check bounds, predicates and
    // induction steps are expanded in the preheader (a block they know),
    // where they may reuse or hoist the enclosing loops' values, instead
    // of in the check blocks and the vector preheader as at top level.
    let nested = ctx.loops.is_some_and(|(lf, _)| lf.loop_for(pre).is_some());
    // At top level too when a value needs `ctx`'s loops to expand: an add
    // recurrence of an earlier loop (the start of the induction variable
    // is the value an earlier loop's induction variable has, and scalar
    // evolution cannot give that loop's exit value) expands only with its
    // loop, which the check blocks' context does not know (found by
    // fuzzing: `unreachable!` in the expander).
    let top = ExpandCtx::default();
    let needs_loops = !check_and_step_exprs(plan)
        .into_iter()
        .all(|e| expand::can_expand(m, f, &top, e, pre_term));
    let early = (nested || needs_loops).then(|| {
        let predicates = (!plan.checks.predicates.is_empty())
            .then(|| pred::emit_all(m, f, ctx, &plan.checks.predicates, pre_term));
        let bounds: Vec<(Operand, Operand)> = plan
            .checks
            .groups
            .iter()
            .map(|g| {
                (
                    expand::expand_with(m, f, &g.low, pre_term, ctx),
                    expand::expand_with(m, f, &g.high, pre_term, ctx),
                )
            })
            .collect();
        (predicates, bounds)
    });
    // Induction steps: in the preheader when the vector preheader would
    // not dominate every use (a vectorized epilogue is entered around the
    // main vector loop), or when the check values are.
    let steps: Option<FxHashMap<Inst, Operand>> = (early.is_some() || epi.is_some()).then(|| {
        plan.inductions
            .iter()
            .filter_map(|ind| match &ind.step {
                StepPlan::Int(e) => Some((ind.phi, expand::expand_with(m, f, e, pre_term, ctx))),
                StepPlan::Fp(_) => None,
            })
            .collect()
    });
    f.delete_inst(pre_term);
    let after_checks = main_check.unwrap_or(vph);
    let first_check = scev_bb.or(mem_bb).unwrap_or(after_checks);
    // `requiresScalarEpilogue`: a trip count of exactly VF·IC leaves the
    // vector loop nothing.
    let min_iters_pred = |p: &VPlan| {
        if p.decisions.requires_scalar_epilogue {
            Predicate::Ule
        } else {
            Predicate::Ult
        }
    };
    {
        let mut b = Builder::at_end(f, pre);
        b.set_dbg(pre_dbg);
        // With a vectorized epilogue, the preheader checks for the
        // epilogue's width and the main loop's check comes after the
        // run-time checks.
        let (p, n) = match epi {
            Some(e) => (min_iters_pred(e), i64::from(e.vf * e.ic)),
            None => (min_iters_pred(plan), step_total),
        };
        let n = int_const(m, tc_ty, n);
        let c = b.icmp(m, p, tc, n, "min.iters.check");
        b.cond_br(m, Operand::Value(c), scalar_ph, first_check);
    }
    let mut check_blocks = Vec::new();
    if let Some(sb) = scev_bb {
        let next = mem_bb.unwrap_or(after_checks);
        let br = Builder::at_end(f, sb).br(next);
        let fails = match early.as_ref().and_then(|e| e.0) {
            Some(fails) => fails,
            None => pred::emit_all(m, f, &ExpandCtx::default(), &plan.checks.predicates, br),
        };
        f.delete_inst(br);
        let fails = if defect == Some(Defect::DropRuntimeChecks) {
            Operand::Const(m.consts.int(TypeTable::I1, 1, 0))
        } else {
            fails
        };
        let mut b = Builder::at_end(f, sb);
        b.cond_br(m, fails, scalar_ph, next);
        check_blocks.push(sb);
    }
    if let Some(mb) = mem_bb {
        let br = Builder::at_end(f, mb).br(after_checks);
        let mut bounds = Vec::new();
        let top = ExpandCtx::default();
        for (k, g) in plan.checks.groups.iter().enumerate() {
            let (mut lo, mut hi) = match &early {
                Some(e) => e.1[k],
                None => (
                    expand::expand_with(m, f, &g.low, br, &top),
                    expand::expand_with(m, f, &g.high, br, &top),
                ),
            };
            if g.freeze {
                let mut b = Builder::before(f, br);
                b.set_dbg(None);
                lo = Operand::Value(b.freeze(m, lo, "freeze"));
                hi = Operand::Value(b.freeze(m, hi, "freeze"));
            }
            bounds.push((lo, hi));
        }
        let mut b = Builder::before(f, br);
        b.set_dbg(None);
        let mut acc: Option<Operand> = None;
        for (k, &(x, y)) in plan.checks.pairs.iter().enumerate() {
            let (lo0, hi0) = bounds[x];
            let (lo1, hi1) = bounds[y];
            let b0 = b.icmp(m, Predicate::Ult, lo0, hi1, &format!("bound0{}", sfx(k)));
            let b1 = b.icmp(m, Predicate::Ult, lo1, hi0, &format!("bound1{}", sfx(k)));
            let c = b.binop(
                m,
                Opcode::And,
                Operand::Value(b0),
                Operand::Value(b1),
                Flags::NONE,
                &format!("found.conflict{}", sfx(k)),
            );
            acc = Some(match acc {
                None => Operand::Value(c),
                Some(a) => Operand::Value(b.binop(
                    m,
                    Opcode::Or,
                    a,
                    Operand::Value(c),
                    Flags::NONE,
                    "conflict.rdx",
                )),
            });
        }
        let mut conflict = acc.expect("a memcheck block has pairs");
        if defect == Some(Defect::DropRuntimeChecks) {
            conflict = Operand::Const(m.consts.int(TypeTable::I1, 1, 0));
        }
        f.delete_inst(br);
        let mut b = Builder::at_end(f, mb);
        b.cond_br(m, conflict, scalar_ph, after_checks);
        check_blocks.push(mb);
    }
    // The main loop's minimum-iteration check, when the epilogue has one
    // before the run-time checks.
    if let (Some(mc), Some(eb)) = (main_check, &epi_blocks) {
        let mut b = Builder::at_end(f, mc);
        b.set_dbg(pre_dbg);
        let n = int_const(m, tc_ty, step_total);
        let c = b.icmp(m, min_iters_pred(plan), tc, n, "min.iters.check");
        b.cond_br(m, Operand::Value(c), eb.ph, vph);
    }
    // The main vector loop.
    let zero = int_const(m, tc_ty, 0);
    let main = vector_loop(
        m,
        f,
        plan,
        LoopBlocks {
            ph: vph,
            body,
            middle,
        },
        tc,
        zero,
        &FxHashMap::default(),
        steps.as_ref(),
        defect,
    );
    let mut live: Vec<(Inst, Operand, Block)> =
        main.live.iter().map(|&(phi, v)| (phi, v, middle)).collect();
    // Where the middle block goes when iterations remain.
    let remainder = epi_blocks.as_ref().map_or(scalar_ph, |e| e.iter_check);
    middle_branch(m, f, plan, middle, tc, main.n_vec, remainder, defect);
    // The vectorized epilogue.
    let mut epi_out = None;
    if let (Some(e), Some(eb), Some(mc)) = (epi, &epi_blocks, main_check) {
        {
            let mut b = Builder::at_end(f, eb.iter_check);
            b.set_dbg(None);
            let rem = b.binop(
                m,
                Opcode::Sub,
                tc,
                main.n_vec,
                Flags::NONE,
                "n.vec.remaining",
            );
            let n = int_const(m, tc_ty, i64::from(e.vf));
            let c = b.icmp(
                m,
                min_iters_pred(e),
                Operand::Value(rem),
                n,
                "min.epilog.iters.check",
            );
            b.cond_br(m, Operand::Value(c), scalar_ph, eb.ph);
        }
        // The resume values: the main loop's results, or the starts when
        // the main loop was skipped.
        let mut rdx_starts = FxHashMap::default();
        for r in &plan.reductions {
            let ty = f.inst(r.phi).ty;
            let mut b = Builder::at_end(f, eb.ph);
            b.set_dbg(None);
            let p = b.phi(ty, "bc.merge.rdx");
            b.add_incoming(p, main.rdx[&r.phi], eb.iter_check);
            b.add_incoming(p, r.start, mc);
            rdx_starts.insert(r.phi, Operand::Value(p));
        }
        let resume = {
            let mut b = Builder::at_end(f, eb.ph);
            b.set_dbg(None);
            let p = b.phi(tc_ty, "vec.epilog.resume.val");
            b.add_incoming(p, main.n_vec, eb.iter_check);
            b.add_incoming(p, zero, mc);
            if defect == Some(Defect::EpilogueFromZero) {
                zero
            } else {
                Operand::Value(p)
            }
        };
        let out = vector_loop(
            m,
            f,
            e,
            LoopBlocks {
                ph: eb.ph,
                body: eb.body,
                middle: eb.middle,
            },
            tc,
            resume,
            &rdx_starts,
            steps.as_ref(),
            defect,
        );
        live.extend(out.live.iter().map(|&(phi, v)| (phi, v, eb.middle)));
        middle_branch(m, f, e, eb.middle, tc, out.n_vec, scalar_ph, defect);
        epi_out = Some(out);
    }
    for (phi, v, from) in live {
        crate::utils::phi_add_incoming(f, phi, v, from);
    }
    // The scalar preheader: resume values (from the vector loop that ran
    // last, or the start values when none ran).
    let mut other_preds = vec![pre];
    other_preds.extend(check_blocks.iter().copied());
    let header_phis = crate::utils::phis(f, plan.header);
    for phi in header_phis {
        let pick = |o: &LoopOut| -> Option<(Operand, &'static str)> {
            if let Some(&e) = o.ends.get(&phi) {
                Some((e, "bc.resume.val"))
            } else if let Some(&v) = o.rdx.get(&phi) {
                Some((v, "bc.merge.rdx"))
            } else {
                o.recur_last.get(&phi).map(|&v| (v, "scalar.recur.init"))
            }
        };
        let Some((resume, name)) = pick(&main) else {
            continue;
        };
        let Some(start) = crate::utils::phi_value_for(f, phi, pre) else {
            continue;
        };
        let ty = f.inst(phi).ty;
        let mut incoming = Vec::new();
        match (&epi_out, &epi_blocks) {
            (Some(o), Some(eb)) => {
                let (v, _) = pick(o).expect("the epilogue resumes what the main loop does");
                incoming.push((v, eb.middle));
                incoming.push((resume, eb.iter_check));
            }
            _ => incoming.push((resume, middle)),
        }
        let mut b = Builder::at_end(f, scalar_ph);
        b.set_dbg(None);
        let p = b.phi(ty, name);
        for (v, from) in incoming {
            b.add_incoming(p, v, from);
        }
        for &o in &other_preds {
            b.add_incoming(p, start, o);
        }
        crate::utils::phi_remove_incoming(f, phi, pre);
        crate::utils::phi_add_incoming(f, phi, Operand::Value(p), scalar_ph);
    }
    // Header phis without a resume value (none in plans today) keep their
    // entry, renamed to the scalar preheader.
    crate::utils::phis_replace_pred(f, plan.header, pre, scalar_ph);
    {
        let mut b = Builder::at_end(f, scalar_ph);
        b.set_dbg(None);
        b.br(plan.header);
    }
    // Loop metadata.
    let ids = vectorize_loop_ids(
        m,
        orig_id,
        VectorizePlan {
            runtime_unroll_disable: true,
            // LLVM's `DisableRuntimeUnroll` for the scalar loop is set
            // only when vectorizing (not when only interleaving) without
            // run-time checks.
            runtime_checks: !check_blocks.is_empty() || vf == 1,
            has_epilogue: true,
            vector_epilogue: epi.is_some(),
        },
    );
    cse_block(f, body);
    if let Some(eb) = &epi_blocks {
        cse_block(f, eb.body);
    }
    ids.vectorized.apply(f, &[body]);
    if let (Some(v), Some(eb)) = (ids.vector_epilogue, &epi_blocks) {
        v.apply(f, &[eb.body]);
    }
    if let Some(e) = ids.epilogue {
        e.apply(f, &[plan.latch]);
    }
    Executed {
        vector_body: body,
        middle,
        scalar_ph,
    }
}

/// The blocks of a vectorized epilogue.
struct EpilogueBlocks {
    iter_check: Block,
    ph: Block,
    body: Block,
    middle: Block,
}

/// The blocks of one vector loop: its preheader (ending in a branch to
/// nothing yet), body and middle block (both empty).
struct LoopBlocks {
    ph: Block,
    body: Block,
    middle: Block,
}

/// What one vector loop gives the blocks after it.
struct LoopOut {
    n_vec: Operand,
    /// Finished reductions, induction end values and recurrences' last
    /// values, by header phi.
    rdx: FxHashMap<Inst, Operand>,
    ends: FxHashMap<Inst, Operand>,
    recur_last: FxHashMap<Inst, Operand>,
    /// Each exit phi's value from the middle block.
    live: Vec<(Inst, Operand)>,
}

/// Builds one vector loop of `plan` in `blocks`: `n.vec` in the
/// preheader, the recipes in the body (the canonical index from
/// `index_start`, reductions from `rdx_starts` where given), and the
/// middle block's reductions and exit values. The middle block's branch
/// is left to the caller.
#[allow(clippy::too_many_arguments)]
fn vector_loop(
    m: &mut Module,
    f: &mut Function,
    plan: &VPlan,
    blocks: LoopBlocks,
    tc: Operand,
    index_start: Operand,
    rdx_starts: &FxHashMap<Inst, Operand>,
    steps: Option<&FxHashMap<Inst, Operand>>,
    defect: Option<Defect>,
) -> LoopOut {
    let (vf, ic) = (plan.vf, plan.ic);
    let step_total = i64::from(vf * ic);
    let tc_ty = f.operand_type(tc, &m.consts);
    let LoopBlocks { ph, body, middle } = blocks;
    // The vector preheader: n.vec.
    let ph_br = Builder::at_end(f, ph).br(body);
    let n_vec = {
        let mut b = Builder::before(f, ph_br);
        b.set_dbg(None);
        let vfic = int_const(m, tc_ty, step_total);
        let mut r = Operand::Value(b.binop(m, Opcode::URem, tc, vfic, Flags::NONE, "n.mod.vf"));
        if plan.decisions.requires_scalar_epilogue {
            // At least one iteration is left: a remainder of 0 becomes
            // VF·IC.
            let zero = int_const(m, tc_ty, 0);
            let z = b.icmp(m, Predicate::Eq, r, zero, "");
            r = Operand::Value(b.select(m, Operand::Value(z), vfic, r, ""));
        }
        Operand::Value(b.binop(m, Opcode::Sub, tc, r, Flags::NONE, "n.vec"))
    };
    let in_loop: FxHashSet<Inst> = plan
        .blocks
        .iter()
        .flat_map(|&b| f.layout.block_insts(b).collect::<Vec<_>>())
        .collect();
    let mut x = Exec {
        plan,
        vf,
        ic,
        in_loop,
        vals: FxHashMap::default(),
        packed: FxHashMap::default(),
        extracted: FxHashMap::default(),
        splats: FxHashMap::default(),
        steps: FxHashMap::default(),
        step_ops: FxHashMap::default(),
        ends: FxHashMap::default(),
        vph: ph,
        cur: body,
        index: Operand::Block(body),
        index_start,
        rdx_starts: rdx_starts.clone(),
        tc_ty,
        backedges: Vec::new(),
        recur_phis: FxHashMap::default(),
        recur_prev: FxHashMap::default(),
        rdx_phis: FxHashMap::default(),
        pending_ind: Vec::new(),
        pending_fp: Vec::new(),
        dbg: None,
        defect,
    };
    // Induction steps and end values.
    for ind in &plan.inductions {
        let step = match &ind.step {
            StepPlan::Int(e) => match steps.and_then(|s| s.get(&ind.phi)) {
                Some(&v) => v,
                None => expand::expand(m, f, e, ph_br),
            },
            StepPlan::Fp(op) => *op,
        };
        x.step_ops.insert(ind.phi, step);
        let end = x.induction_value_at(m, f, ind.phi, n_vec, 0, ph_br);
        x.ends.insert(ind.phi, end);
    }
    // The body.
    for r in &plan.body {
        x.recipe(m, f, r, n_vec, middle);
    }
    // The middle block.
    x.cur = middle;
    x.dbg = None;
    let mut rdx: FxHashMap<Inst, Operand> = FxHashMap::default();
    for r in &plan.reductions {
        let v = x.reduce(m, f, r.phi);
        rdx.insert(r.phi, v);
    }
    let mut live: Vec<(Inst, Operand)> = Vec::new();
    // A required scalar epilogue: the middle block always continues in
    // the scalar loop, which gives the exit its values.
    let exit_phis: &[(Inst, LiveOut)] = if plan.decisions.requires_scalar_epilogue {
        &[]
    } else {
        &plan.exit_phis
    };
    for (phi, lo) in exit_phis {
        let v = match lo {
            LiveOut::Invariant(v) => *v,
            LiveOut::Reduction(p) => rdx[p],
            LiveOut::InductionEnd(p) => x.ends[p],
            LiveOut::InductionLast(p) => x.scalar(
                m,
                f,
                Operand::Value(f.inst_result(*p).expect("phi")),
                ic - 1,
                vf - 1,
            ),
            LiveOut::RecurrencePenultimate(p) => x.recurrence_lane(m, f, *p, true),
            LiveOut::LastLane(i) => x.scalar(
                m,
                f,
                Operand::Value(f.inst_result(*i).expect("a value")),
                ic - 1,
                vf - 1,
            ),
        };
        live.push((*phi, v));
    }
    let mut recur_last: FxHashMap<Inst, Operand> = FxHashMap::default();
    for r in &plan.recurrences {
        let v = x.recurrence_lane(m, f, r.phi, false);
        recur_last.insert(r.phi, v);
    }
    LoopOut {
        n_vec,
        rdx,
        ends: x.ends,
        recur_last,
        live,
    }
}

/// The middle block's branch: to the exit when the vector loop ran every
/// iteration (`cmp.n`), else to `remainder`; always to `remainder` when
/// the plan requires a scalar epilogue.
#[allow(clippy::too_many_arguments)]
fn middle_branch(
    m: &mut Module,
    f: &mut Function,
    plan: &VPlan,
    middle: Block,
    tc: Operand,
    n_vec: Operand,
    remainder: Block,
    defect: Option<Defect>,
) {
    let mut b = Builder::at_end(f, middle);
    b.set_dbg(None);
    if plan.decisions.requires_scalar_epilogue {
        b.br(remainder);
    } else {
        let c = b.icmp(m, Predicate::Eq, tc, n_vec, "cmp.n");
        let c = if defect == Some(Defect::SkipEpilogue) {
            Operand::Const(m.consts.int(TypeTable::I1, 1, 1))
        } else {
            Operand::Value(c)
        };
        b.cond_br(m, c, plan.exit, remainder);
    }
}

fn sfx(k: usize) -> String {
    if k == 0 {
        String::new()
    } else {
        k.to_string()
    }
}

/// `v` as an integer of type `to` (`trunc` or `zext`), before `at`.
fn cast_int(m: &mut Module, f: &mut Function, v: Operand, to: Type, at: Inst) -> Operand {
    let from = f.operand_type(v, &m.consts);
    let (fb, tb) = (
        m.types.int_width(from).unwrap_or(0),
        m.types.int_width(to).unwrap_or(0),
    );
    if fb == tb {
        return v;
    }
    let op = if fb > tb { Opcode::Trunc } else { Opcode::ZExt };
    let mut b = Builder::before(f, at);
    b.set_dbg(None);
    Operand::Value(b.cast(m, op, v, to, Flags::NONE, ""))
}

impl Exec<'_> {
    fn builder<'f>(&self, f: &'f mut Function) -> Builder<'f> {
        let mut b = Builder::at_end(f, self.cur);
        b.set_dbg(self.dbg);
        b
    }

    fn vec_ty(&self, m: &mut Module, t: Type) -> Type {
        if self.vf == 1 {
            t
        } else {
            m.types.vector(self.vf, t)
        }
    }

    fn is_loop_inst(&self, f: &Function, op: Operand) -> Option<Inst> {
        inst_of(f, op).filter(|i| self.in_loop.contains(i))
    }

    /// Induction `phi`'s value where this vector loop starts: its start
    /// value, or its value at the resume index (a vectorized epilogue),
    /// computed in the vector preheader.
    fn loop_start(&mut self, m: &mut Module, f: &mut Function, phi: Inst) -> Operand {
        let start = self.plan.induction(phi).start;
        if matches!(self.index_start, Operand::Const(c) if m.consts.as_i64(c) == Some(0)) {
            return start;
        }
        let t = f.terminator(self.vph).expect("vector.ph has its branch");
        self.induction_value_at(m, f, phi, self.index_start, 0, t)
    }

    /// The value of induction `phi` at canonical index `idx` plus `extra`
    /// iterations, emitted before `at` (or at the end of the current
    /// block when `at` is the block's end marker).
    fn induction_value_at(
        &self,
        m: &mut Module,
        f: &mut Function,
        phi: Inst,
        idx: Operand,
        extra: i64,
        at: Inst,
    ) -> Operand {
        let ind = self.plan.induction(phi);
        let step = self.step_ops[&phi];
        if ind.kind == InductionKind::Fp {
            // start op (float(idx + extra) * step), op the update's
            // fadd/fsub, with its fast-math flags (LLVM's
            // `emitTransformedIndex`).
            let fty = f.inst(phi).ty;
            let i = idx;
            let ity = f.operand_type(i, &m.consts);
            let mut b = Builder::before(f, at);
            b.set_dbg(None);
            let i = if extra != 0 {
                let e = int_const(m, ity, extra);
                b.binop_folded(m, Opcode::Add, i, e, Flags::NONE, "")
            } else {
                i
            };
            let fi = b.cast(m, Opcode::UIToFP, i, fty, Flags::NONE, "");
            let fmf = ind.fast_math;
            let mul = b.binop(m, Opcode::FMul, Operand::Value(fi), step, fmf, "");
            let op = ind
                .update
                .map(|u| f.inst(u).opcode)
                .filter(|&o| o == Opcode::FSub)
                .unwrap_or(Opcode::FAdd);
            let mut b = Builder::before(f, at);
            b.set_dbg(None);
            return Operand::Value(b.binop(m, op, ind.start, Operand::Value(mul), fmf, ""));
        }
        let sty = f.operand_type(step, &m.consts);
        let ity = match ind.kind {
            InductionKind::Ptr => sty,
            _ => f.inst(phi).ty,
        };
        let i = cast_int(m, f, idx, ity, at);
        let mut b = Builder::before(f, at);
        b.set_dbg(None);
        let i = if extra != 0 {
            let e = int_const(m, ity, extra);
            b.binop_folded(m, Opcode::Add, i, e, Flags::NONE, "")
        } else {
            i
        };
        let is_one = matches!(step, Operand::Const(c) if m.consts.as_i64(c) == Some(1));
        let off = if is_one {
            i
        } else {
            b.binop_folded(m, Opcode::Mul, i, step, Flags::NONE, "")
        };
        match ind.kind {
            InductionKind::Ptr => {
                Operand::Value(b.ptr_add(m, ind.start, off, Flags::NONE, "next.gep"))
            }
            _ => {
                let zero = matches!(ind.start, Operand::Const(c) if m.consts.as_i64(c) == Some(0));
                if zero {
                    off
                } else {
                    b.binop_folded(m, Opcode::Add, ind.start, off, Flags::NONE, "")
                }
            }
        }
    }

    /// A marker instruction at the end of the current block to emit before
    /// (removed by the caller).
    fn marker(&self, f: &mut Function) -> Inst {
        let d = InstData::new(Opcode::Unreachable, TypeTable::VOID, []);
        Builder::at_end(f, self.cur).insert(None, d, "")
    }

    /// The address of each part of a widened load or store of `ety`
    /// through `ptr`, all emitted before the accesses (LLVM 19's
    /// `VPVectorPointerRecipe`): the first lane's pointer of part 0 plus
    /// `part * VF` elements, or for a reversed access minus `part * VF`
    /// and then `1 - VF` elements (the part's last lane), with `i32`
    /// offsets and `inbounds` when the scalar address is an `inbounds`
    /// GEP. Deriving every part from part 0 keeps the offsets constant
    /// (per-part pointers of a reversed access cost an `xor` each in the
    /// vector loop). Without vectors (width 1), each part's own pointer.
    fn part_pointers(
        &mut self,
        m: &mut Module,
        f: &mut Function,
        ptr: Operand,
        ety: Type,
        reverse: bool,
    ) -> Vec<Operand> {
        let (vf, ic) = (self.vf, self.ic);
        if vf == 1 {
            return (0..ic).map(|k| self.scalar(m, f, ptr, k, 0)).collect();
        }
        let flags = if is_inbounds_gep(f, ptr) {
            Flags::INBOUNDS
        } else {
            Flags::NONE
        };
        let p0 = self.scalar(m, f, ptr, 0, 0);
        let vf = i64::from(vf);
        (0..i64::from(ic))
            .map(|k| {
                let first = if reverse { -k * vf } else { k * vf };
                let off = int_const(m, TypeTable::I32, first);
                let mut p = Operand::Value(self.builder(f).gep(m, ety, p0, &[off], flags, ""));
                if reverse {
                    let last = int_const(m, TypeTable::I32, 1 - vf);
                    p = Operand::Value(self.builder(f).gep(m, ety, p, &[last], flags, ""));
                }
                p
            })
            .collect()
    }

    /// Lane `lane` of part `part` of `op`.
    fn scalar(
        &mut self,
        m: &mut Module,
        f: &mut Function,
        op: Operand,
        part: u32,
        lane: u32,
    ) -> Operand {
        let Some(i) = self.is_loop_inst(f, op) else {
            return op;
        };
        if let Some(Val::Induction(_)) = self.vals.get(&i) {
            if let Some(&v) = self.steps.get(&(i, part, lane)) {
                return v;
            }
            let mk = self.marker(f);
            let extra = i64::from(part * self.vf + lane);
            let v = self.induction_value_at(m, f, i, self.index, extra, mk);
            f.delete_inst(mk);
            self.steps.insert((i, part, lane), v);
            return v;
        }
        match self.vals.get(&i).cloned() {
            Some(Val::Scalars(s)) => s[part as usize][lane as usize],
            Some(Val::Uniform(u)) => u,
            Some(Val::First(u)) => {
                debug_assert_eq!(lane, 0, "the plan keeps only the first lane");
                u[part as usize]
            }
            Some(Val::Vector(v)) => {
                if self.vf == 1 {
                    return v[part as usize];
                }
                if let Some(&e) = self.extracted.get(&(i, part, lane)) {
                    return e;
                }
                let idx = int_const(m, TypeTable::I32, i64::from(lane));
                let e =
                    Operand::Value(
                        self.builder(f)
                            .extract_element(m, v[part as usize], idx, ""),
                    );
                self.extracted.insert((i, part, lane), e);
                e
            }
            _ => {
                debug_assert!(false, "a value used before the plan computes it");
                op
            }
        }
    }

    /// Part `part` of `op` as a vector.
    fn vector(&mut self, m: &mut Module, f: &mut Function, op: Operand, part: u32) -> Operand {
        let Some(i) = self.is_loop_inst(f, op) else {
            return self.splat_invariant(m, f, op);
        };
        match self.vals.get(&i).cloned() {
            Some(Val::Vector(v)) => v[part as usize],
            Some(Val::Induction(Some(v))) => v[part as usize],
            Some(Val::Uniform(u)) => {
                if self.vf == 1 {
                    return u;
                }
                Operand::Value(self.builder(f).splat(m, self.vf, u, "broadcast"))
            }
            _ => {
                if self.vf == 1 {
                    return self.scalar(m, f, op, part, 0);
                }
                if let Some(&p) = self.packed.get(&(i, part)) {
                    return p;
                }
                let ty = f.inst(i).ty;
                let vty = self.vec_ty(m, ty);
                let mut acc = Operand::Const(m.consts.intern(ConstData::Poison(vty)));
                for lane in 0..self.vf {
                    let s = self.scalar(m, f, op, part, lane);
                    let idx = int_const(m, TypeTable::I32, i64::from(lane));
                    acc = Operand::Value(self.builder(f).insert_element(m, acc, s, idx, ""));
                }
                self.packed.insert((i, part), acc);
                acc
            }
        }
    }

    /// A loop-invariant value in every lane: a constant vector, or a splat
    /// in the vector preheader.
    fn splat_invariant(&mut self, m: &mut Module, f: &mut Function, op: Operand) -> Operand {
        if self.vf == 1 {
            return op;
        }
        if let Some(&s) = self.splats.get(&op) {
            return s;
        }
        let ty = f.operand_type(op, &m.consts);
        let vty = m.types.vector(self.vf, ty);
        let s = match op {
            Operand::Const(c) => {
                let d = m.consts.data(c).clone();
                let zero = match d {
                    ConstData::Int { ref val, .. } => val.as_u64() == Some(0),
                    ConstData::Float { bits, .. } => bits == 0,
                    ConstData::Zero(_) | ConstData::Null(_) => true,
                    _ => false,
                };
                let nc = match d {
                    ConstData::Poison(_) => ConstData::Poison(vty),
                    ConstData::Undef(_) => ConstData::Undef(vty),
                    _ if zero => ConstData::Zero(vty),
                    _ => ConstData::Vector {
                        ty: vty,
                        elems: vec![c; self.vf as usize],
                    },
                };
                Operand::Const(m.consts.intern(nc))
            }
            _ => {
                let t = f.terminator(self.vph).expect("vector.ph has its branch");
                let mut b = Builder::before(f, t);
                b.set_dbg(None);
                Operand::Value(b.splat(m, self.vf, op, "broadcast"))
            }
        };
        self.splats.insert(op, s);
        s
    }

    fn const_vector(&self, m: &mut Module, elem: Type, vals: &[i64]) -> Operand {
        let bits = m.types.int_width(elem).unwrap_or(64);
        let elems: Vec<_> = vals.iter().map(|&v| m.consts.int(elem, bits, v)).collect();
        if self.vf == 1 {
            return Operand::Const(elems[0]);
        }
        let vty = m.types.vector(self.vf, elem);
        Operand::Const(m.consts.intern(ConstData::Vector { ty: vty, elems }))
    }

    fn recipe(
        &mut self,
        m: &mut Module,
        f: &mut Function,
        r: &Recipe,
        n_vec: Operand,
        middle: Block,
    ) {
        let (vf, ic) = (self.vf, self.ic);
        match r {
            Recipe::CanonicalIv => {
                let mut b = Builder::at_end(f, self.cur);
                b.set_dbg(None);
                let p = b.phi(self.tc_ty, "index");
                b.add_incoming(p, self.index_start, self.vph);
                self.index = Operand::Value(p);
            }
            Recipe::Induction { phi, vector } => {
                let ind = self.plan.induction(*phi).clone();
                if *vector && vf > 1 && ind.kind == InductionKind::Fp {
                    self.fp_vector_induction(m, f, &ind);
                    return;
                }
                if !*vector || vf == 1 || ind.kind != InductionKind::Int {
                    self.vals.insert(*phi, Val::Induction(None));
                    return;
                }
                // vec.ind = <start, start+step, ...>, +VF·step per part.
                let ty = f.inst(*phi).ty;
                let vty = m.types.vector(vf, ty);
                let step = self.step_ops[phi];
                let t = f.terminator(self.vph).expect("vector.ph has its branch");
                let lanes: Vec<i64> = (0..i64::from(vf)).collect();
                let seq = self.const_vector(m, ty, &lanes);
                let vstep = self.splat_invariant(m, f, step);
                let start = self.loop_start(m, f, *phi);
                let vstart = self.splat_invariant(m, f, start);
                let mut b = Builder::before(f, t);
                b.set_dbg(None);
                let mul = b.binop_folded(m, Opcode::Mul, seq, vstep, Flags::NONE, "");
                let init = b.binop_folded(m, Opcode::Add, vstart, mul, Flags::NONE, "induction");
                let vfc = int_const(m, ty, i64::from(vf));
                let part_step_s = b.binop_folded(m, Opcode::Mul, vfc, step, Flags::NONE, "");
                let part_step = self.splat_invariant(m, f, part_step_s);
                let mut b = Builder::at_end(f, self.cur);
                b.set_dbg(None);
                let p = b.phi(vty, "vec.ind");
                b.add_incoming(p, init, self.vph);
                let _ = vty;
                self.vals
                    .insert(*phi, Val::Induction(Some(vec![Operand::Value(p)])));
                // The parts and the backedge value are computed after the
                // phis (at the first non-phi recipe): record them lazily.
                self.pending_ind.push((*phi, Operand::Value(p), part_step));
            }
            Recipe::ReductionPhi { phi } => {
                let red = self.plan.reduction(*phi).clone();
                let red = ReductionPlan {
                    start: self.rdx_starts.get(phi).copied().unwrap_or(red.start),
                    ..red
                };
                let ty = f.inst(*phi).ty;
                let vty = self.vec_ty(m, ty);
                let ident = identity(m, red.kind, ty);
                let t = f.terminator(self.vph).expect("vector.ph has its branch");
                let minmax = matches!(
                    red.kind,
                    RecurKind::SMin
                        | RecurKind::SMax
                        | RecurKind::UMin
                        | RecurKind::UMax
                        | RecurKind::FMin
                        | RecurKind::FMax
                );
                let mut inits = Vec::new();
                for part in 0..ic {
                    let init = if minmax {
                        self.splat_invariant(m, f, red.start)
                    } else {
                        let id = match ident {
                            Some(c) => Operand::Const(c),
                            None => red.start,
                        };
                        let idv = self.splat_invariant(m, f, id);
                        if part == 0 {
                            if vf == 1 {
                                red.start
                            } else {
                                let zero = int_const(m, TypeTable::I32, 0);
                                let mut b = Builder::before(f, t);
                                b.set_dbg(None);
                                Operand::Value(b.insert_element(m, idv, red.start, zero, ""))
                            }
                        } else {
                            idv
                        }
                    };
                    inits.push(init);
                }
                let mut parts = Vec::new();
                for (part, init) in inits.into_iter().enumerate() {
                    let mut b = Builder::at_end(f, self.cur);
                    b.set_dbg(None);
                    let name = if part == 0 {
                        "vec.phi".to_string()
                    } else {
                        format!("vec.phi{part}")
                    };
                    let p = b.phi(vty, &name);
                    b.add_incoming(p, init, self.vph);
                    parts.push(Operand::Value(p));
                }
                self.rdx_phis.insert(*phi, parts.clone());
                self.vals.insert(*phi, Val::Vector(parts));
            }
            Recipe::RecurrencePhi { phi } => {
                let rec = self.plan.recurrence(*phi).clone();
                let ty = f.inst(*phi).ty;
                let vty = self.vec_ty(m, ty);
                let init = if vf == 1 {
                    rec.start
                } else {
                    let t = f.terminator(self.vph).expect("vector.ph has its branch");
                    let poison = Operand::Const(m.consts.intern(ConstData::Poison(vty)));
                    let idx = int_const(m, TypeTable::I32, i64::from(vf - 1));
                    let mut b = Builder::before(f, t);
                    b.set_dbg(None);
                    Operand::Value(b.insert_element(m, poison, rec.start, idx, "vector.recur.init"))
                };
                let mut b = Builder::at_end(f, self.cur);
                b.set_dbg(None);
                let p = b.phi(vty, "vector.recur");
                b.add_incoming(p, init, self.vph);
                self.recur_phis.insert(*phi, Operand::Value(p));
            }
            Recipe::RecurrenceSplice { phi } => {
                self.flush_pending(m, f);
                let rec = self.plan.recurrence(*phi).clone();
                let prev_op = Operand::Value(f.inst_result(rec.previous).expect("a value"));
                let prev: Vec<Operand> = (0..ic).map(|k| self.vector(m, f, prev_op, k)).collect();
                let mut parts = Vec::new();
                let mut last = self.recur_phis[phi];
                let mask: Vec<i32> = (0..vf as i32).map(|j| vf as i32 - 1 + j).collect();
                for &pv in &prev {
                    let v = if vf == 1 {
                        last
                    } else {
                        let mut b = self.builder(f);
                        b.set_dbg(None);
                        Operand::Value(b.shuffle(m, last, pv, &mask, ""))
                    };
                    parts.push(v);
                    last = pv;
                }
                let rp = self.recur_phis[phi];
                if let Some(pi) = inst_of(f, rp) {
                    self.backedges.push((pi, last));
                }
                self.recur_prev.insert(*phi, prev);
                self.vals.insert(*phi, Val::Vector(parts));
            }
            Recipe::Widen { inst, drop_wrap } => {
                self.flush_pending(m, f);
                let d = f.inst(*inst).clone();
                self.dbg = d.md.get(MdKind::DBG);
                let ops: Vec<Operand> = d.operands().to_vec();
                let mut parts = Vec::new();
                let rty = if d.opcode == Opcode::GetElementPtr {
                    m.types.scalar(d.ty)
                } else {
                    d.ty
                };
                let vty = self.vec_ty(m, rty);
                for k in 0..ic {
                    let nops: Vec<Operand> = ops
                        .iter()
                        .map(|&o| match o {
                            Operand::Value(_) | Operand::Const(_) => self.vector(m, f, o, k),
                            other => other,
                        })
                        .collect();
                    let mut nd = InstData::new(d.opcode, vty, nops);
                    nd.flags = d.flags;
                    if *drop_wrap {
                        nd.flags.remove(Flags::NUW);
                        nd.flags.remove(Flags::NSW);
                    }
                    nd.extra = d.extra.clone();
                    let i = self.builder(f).insert(Some(m), nd, "");
                    parts.push(Operand::Value(f.inst_result(i).expect("a value")));
                }
                self.vals.insert(*inst, Val::Vector(parts));
            }
            Recipe::WidenCall { inst, vector_name } => {
                self.flush_pending(m, f);
                let d = f.inst(*inst).clone();
                self.dbg = d.md.get(MdKind::DBG);
                let scalar_name = crate::utils::callee_name(m, &d).unwrap_or("").to_owned();
                let args: Vec<Operand> = d.call_args().to_vec();
                let vty = self.vec_ty(m, d.ty);
                let mut parts = Vec::new();
                for k in 0..ic {
                    let nargs: Vec<Operand> = args
                        .iter()
                        .enumerate()
                        .map(|(j, &a)| {
                            if scalar_intrinsic_operand(&scalar_name, j) {
                                a
                            } else {
                                self.vector(m, f, a, k)
                            }
                        })
                        .collect();
                    let attrs = [
                        "nocallback",
                        "nofree",
                        "nosync",
                        "nounwind",
                        "speculatable",
                        "willreturn",
                        "memory(none)",
                    ];
                    let v = self
                        .builder(f)
                        .call_intrinsic(m, vector_name, vty, &nargs, &attrs, "")
                        .expect("a value-returning intrinsic");
                    if let ValueDef::Result(ci) = f.value_def(v) {
                        *f.inst_mut(ci).flags() = Flags(d.flags.0 & Flags::FAST.0);
                    }
                    parts.push(Operand::Value(v));
                }
                self.vals.insert(*inst, Val::Vector(parts));
            }
            Recipe::WidenLoad { inst, reverse } | Recipe::WidenStore { inst, reverse } => {
                self.flush_pending(m, f);
                let d = f.inst(*inst).clone();
                self.dbg = d.md.get(MdKind::DBG);
                let (ptr, ety) = access(m, f, *inst).expect("a memory access");
                let align = Some(access_align(m, &d, ety));
                let vty = self.vec_ty(m, ety);
                let load = d.opcode == Opcode::Load;
                let rmask: Vec<i32> = (0..vf as i32).rev().collect();
                let addrs = self.part_pointers(m, f, ptr, ety, *reverse);
                let mut parts = Vec::new();
                for (k, addr) in (0..ic).zip(addrs) {
                    let new = if load {
                        // (LLVM names reversed loads `wide.load` too.)
                        let v = self.builder(f).load(
                            m,
                            vty,
                            addr,
                            align,
                            false,
                            if vf == 1 { "" } else { "wide.load" },
                        );
                        let i = match f.value_def(v) {
                            ValueDef::Result(i) => i,
                            _ => unreachable!("a load's result"),
                        };
                        let mut v = Operand::Value(v);
                        if *reverse && vf > 1 {
                            let poison = Operand::Const(m.consts.intern(ConstData::Poison(vty)));
                            v = Operand::Value(
                                self.builder(f).shuffle(m, v, poison, &rmask, "reverse"),
                            );
                        }
                        parts.push(v);
                        i
                    } else {
                        let mut v = self.vector(m, f, d.operands()[0], k);
                        if *reverse && vf > 1 {
                            let poison = Operand::Const(m.consts.intern(ConstData::Poison(vty)));
                            v = Operand::Value(
                                self.builder(f).shuffle(m, v, poison, &rmask, "reverse"),
                            );
                        }
                        self.builder(f).store(m, v, addr, align, false)
                    };
                    copy_md(m, f, *inst, new);
                }
                if load {
                    self.vals.insert(*inst, Val::Vector(parts));
                }
            }
            Recipe::Interleave { group } => self.interleave(m, f, group),
            Recipe::GatherScatter { inst } => self.gather_scatter(m, f, *inst),
            Recipe::Replicate { inst, lanes } => {
                self.flush_pending(m, f);
                let d = f.inst(*inst).clone();
                self.dbg = d.md.get(MdKind::DBG);
                let (nparts, nlanes) = match lanes {
                    Lanes::All => (ic, vf),
                    Lanes::First => (ic, 1),
                    Lanes::Uniform => (1, 1),
                };
                let mut all = Vec::new();
                for k in 0..nparts {
                    let mut row = Vec::new();
                    for lane in 0..nlanes {
                        let nops: Vec<Operand> = d
                            .operands()
                            .to_vec()
                            .into_iter()
                            .map(|o| match o {
                                Operand::Value(_) => self.scalar(m, f, o, k, lane),
                                other => other,
                            })
                            .collect();
                        let mut nd = InstData::new(d.opcode, d.ty, nops);
                        nd.flags = d.flags;
                        nd.extra = d.extra.clone();
                        let i = self.builder(f).insert(Some(m), nd, "");
                        if matches!(d.opcode, Opcode::Load | Opcode::Store) {
                            copy_md(m, f, *inst, i);
                        }
                        row.push(
                            f.inst_result(i)
                                .map_or(Operand::Block(self.cur), Operand::Value),
                        );
                    }
                    all.push(row);
                }
                let v = match lanes {
                    Lanes::All => Val::Scalars(all),
                    Lanes::First => Val::First(all.into_iter().map(|r| r[0]).collect()),
                    Lanes::Uniform => Val::Uniform(all[0][0]),
                };
                if f.inst_result(*inst).is_some() {
                    self.vals.insert(*inst, v);
                }
            }
            Recipe::BranchOnCount => {
                self.flush_pending(m, f);
                self.dbg = None;
                // Reductions' backedges: the exit value per part.
                for red in &self.plan.reductions.clone() {
                    let exit = Operand::Value(f.inst_result(red.exit).expect("a value"));
                    let phis = self.rdx_phis[&red.phi].clone();
                    for (k, p) in phis.iter().enumerate() {
                        let v = self.vector(m, f, exit, k as u32);
                        if let Some(pi) = inst_of(f, *p) {
                            self.backedges.push((pi, v));
                        }
                    }
                }
                let mut b = Builder::at_end(f, self.cur);
                b.set_dbg(None);
                let s = int_const(m, self.tc_ty, i64::from(vf * ic));
                let next = b.binop(m, Opcode::Add, self.index, s, Flags::NUW, "index.next");
                let c = b.icmp(m, Predicate::Eq, Operand::Value(next), n_vec, "");
                b.cond_br(m, Operand::Value(c), middle, self.cur);
                if let Some(pi) = inst_of(f, self.index) {
                    self.backedges.push((pi, Operand::Value(next)));
                }
                let body = self.cur;
                for (phi, v) in std::mem::take(&mut self.backedges) {
                    crate::utils::phi_add_incoming(f, phi, v, body);
                }
            }
        }
    }
}

/// Copies the metadata a widened access keeps from `from` to `to`.
/// The alignment of access `d` of type `ty`: its own, or the ABI
/// alignment of `ty`, which LLVM reads for an access written without one.
/// A vector access must say it: without `align`, LLVM would take the
/// vector type's (larger) ABI alignment.
fn access_align(m: &Module, d: &InstData, ty: Type) -> u64 {
    match d.extra {
        Extra::Mem { align: Some(a), .. } => a,
        _ => loopwright_ir::DataLayout::of_module(m).abi_align(&m.types, ty),
    }
}

/// LLVM's `propagateMetadata` for the wide access of an interleave group,
/// simplified: a kind the members share with one node is kept, any other
/// is dropped (LLVM merges differing nodes into their most generic form;
/// dropping is the conservative end of that).
fn group_md(m: &Module, f: &mut Function, members: &[Inst], to: Inst) {
    let kinds: Vec<MdKind> = MEM_MD.iter().filter_map(|n| m.md.find_kind(n)).collect();
    let first = members[0];
    let md: Vec<(MdKind, MdNode)> = f
        .inst(first)
        .md
        .iter()
        .filter(|(k, n)| {
            kinds.contains(k) && members.iter().all(|&x| f.inst(x).md.get(*k) == Some(*n))
        })
        .collect();
    let mut i = f.inst_mut(to);
    for (k, n) in md {
        i.md().set(k, n);
    }
}

/// `createBitOrPointerCast`: `v` (a vector of `vf` elements of the same
/// size as `to`'s) as a vector of `to`.
fn bit_or_pointer_cast(
    b: &mut Builder<'_>,
    m: &mut Module,
    v: Operand,
    from: Type,
    to: Type,
    vf: u32,
) -> Operand {
    if from == to {
        return v;
    }
    let dl = loopwright_ir::DataLayout::of_module(m);
    let bits = dl.size_bits(&m.types, from) as u32;
    let vto = m.types.vector(vf, to);
    let (fp, tp) = (m.types.is_ptr(from), m.types.is_ptr(to));
    let one = |b: &mut Builder<'_>, m: &mut Module, v: Operand, fp: bool, tp: bool, ty: Type| {
        let op = match (fp, tp) {
            (true, false) => Opcode::PtrToInt,
            (false, true) => Opcode::IntToPtr,
            _ => Opcode::BitCast,
        };
        Operand::Value(b.cast(m, op, v, ty, Flags::NONE, ""))
    };
    let direct = !((fp && m.types.is_float(to)) || (tp && m.types.is_float(from)));
    if direct {
        return one(b, m, v, fp, tp, vto);
    }
    // Pointer <-> float: through an integer of the same size.
    let it = m.types.int(bits);
    let vint = m.types.vector(vf, it);
    let w = one(b, m, v, fp, false, vint);
    one(b, m, w, false, tp, vto)
}

fn copy_md(m: &Module, f: &mut Function, from: Inst, to: Inst) {
    let kinds: Vec<MdKind> = MEM_MD.iter().filter_map(|n| m.md.find_kind(n)).collect();
    let md: Vec<(MdKind, MdNode)> = f
        .inst(from)
        .md
        .iter()
        .filter(|(k, _)| kinds.contains(k))
        .collect();
    let mut i = f.inst_mut(to);
    for (k, n) in md {
        i.md().set(k, n);
    }
}

/// The neutral element of a reduction of kind `k` on `ty` (`None` for
/// min/max, whose vectors start as splats of the start value).
fn identity(m: &mut Module, k: RecurKind, ty: Type) -> Option<loopwright_ir::Const> {
    let bits = m.types.int_width(ty);
    let fbits = m.types.float_bits(ty);
    let int = |m: &mut Module, v: i64| m.consts.int(ty, bits.unwrap_or(64), v);
    let float = |m: &mut Module, one: bool, neg_zero: bool| {
        let b: u128 = match (fbits, one, neg_zero) {
            (Some(32), true, _) => 0x3f80_0000,
            (Some(64), true, _) => 0x3ff0_0000_0000_0000,
            (Some(32), _, true) => 0x8000_0000,
            (Some(64), _, true) => 0x8000_0000_0000_0000,
            _ => 0,
        };
        m.consts.intern(ConstData::Float { ty, bits: b })
    };
    Some(match k {
        RecurKind::Add | RecurKind::Or | RecurKind::Xor => int(m, 0),
        RecurKind::Mul => int(m, 1),
        RecurKind::And => int(m, -1),
        RecurKind::FAdd | RecurKind::FMulAdd => float(m, false, true),
        RecurKind::FMul => float(m, true, false),
        _ => return None,
    })
}

/// The intrinsic base name of a min/max kind.
fn minmax_name(k: RecurKind) -> Option<(&'static str, &'static str)> {
    Some(match k {
        RecurKind::SMin => ("smin", "smin"),
        RecurKind::SMax => ("smax", "smax"),
        RecurKind::UMin => ("umin", "umin"),
        RecurKind::UMax => ("umax", "umax"),
        RecurKind::FMin => ("minnum", "fmin"),
        RecurKind::FMax => ("maxnum", "fmax"),
        _ => return None,
    })
}

fn mangle(m: &Module, t: Type) -> String {
    match *m.types.data(t) {
        TypeData::Vector { len, elem, .. } => format!("v{len}{}", mangle(m, elem)),
        TypeData::Int(b) => format!("i{b}"),
        TypeData::Ptr(a) => format!("p{a}"),
        _ => match m.types.float_bits(t) {
            Some(32) => "f32".into(),
            Some(64) => "f64".into(),
            Some(16) => "f16".into(),
            _ => "x".into(),
        },
    }
}

/// The attributes LLVM 19 gives `llvm.masked.gather`.
const GATHER_ATTRS: [&str; 6] = [
    "nocallback",
    "nofree",
    "nosync",
    "nounwind",
    "willreturn",
    "memory(read)",
];

/// The attributes LLVM 19 gives `llvm.masked.scatter`.
const SCATTER_ATTRS: [&str; 6] = [
    "nocallback",
    "nofree",
    "nosync",
    "nounwind",
    "willreturn",
    "memory(write)",
];

const INTRINSIC_ATTRS: [&str; 7] = [
    "nocallback",
    "nofree",
    "nosync",
    "nounwind",
    "speculatable",
    "willreturn",
    "memory(none)",
];

impl Exec<'_> {
    /// `vec.ind` of a floating-point induction: `<start, start op step,
    /// ...>`, advanced by VF·step per part (`op` the update's `fadd` or
    /// `fsub`, with its fast-math flags).
    /// A gather or scatter per part with every lane enabled, as
    /// `VPWidenLoadRecipe`/`VPWidenStoreRecipe` emit a non-consecutive
    /// access: `wide.masked.gather` from the vector of addresses, or
    /// `llvm.masked.scatter` of the stored vector.
    fn gather_scatter(&mut self, m: &mut Module, f: &mut Function, inst: Inst) {
        self.flush_pending(m, f);
        let d = f.inst(inst).clone();
        self.dbg = d.md.get(MdKind::DBG);
        let (ptr, ety) = access(m, f, inst).expect("a memory access");
        let align = access_align(m, &d, ety);
        let vty = self.vec_ty(m, ety);
        let pty = f.operand_type(ptr, &m.consts);
        let vpty = m.types.vector(self.vf, pty);
        let name = |what: &str, m: &Module| {
            format!("llvm.masked.{what}.{}.{}", mangle(m, vty), mangle(m, vpty))
        };
        let lanes = vec![1; self.vf as usize];
        let mask = self.const_vector(m, TypeTable::I1, &lanes);
        let al = int_const(m, TypeTable::I32, align as i64);
        let load = d.opcode == Opcode::Load;
        let mut parts = Vec::new();
        for k in 0..self.ic {
            let p = self.vector(m, f, ptr, k);
            let new = if load {
                let poison = Operand::Const(m.consts.intern(ConstData::Poison(vty)));
                let callee = name("gather", m);
                let v = self
                    .builder(f)
                    .call_intrinsic(
                        m,
                        &callee,
                        vty,
                        &[p, al, mask, poison],
                        &GATHER_ATTRS,
                        "wide.masked.gather",
                    )
                    .expect("a gather's value");
                parts.push(Operand::Value(v));
                match f.value_def(v) {
                    ValueDef::Result(i) => i,
                    _ => unreachable!("a call's result"),
                }
            } else {
                let v = self.vector(m, f, d.operands()[0], k);
                let callee = name("scatter", m);
                self.builder(f).call_intrinsic(
                    m,
                    &callee,
                    TypeTable::VOID,
                    &[v, p, al, mask],
                    &SCATTER_ATTRS,
                    "",
                );
                f.layout
                    .last_inst(self.cur)
                    .expect("the scatter just inserted")
            };
            copy_md(m, f, inst, new);
        }
        if load {
            self.vals.insert(inst, Val::Vector(parts));
        }
    }

    /// `VPInterleaveRecipe::execute` for an unmasked group.
    fn interleave(&mut self, m: &mut Module, f: &mut Function, g: &InterleaveGroup) {
        self.flush_pending(m, f);
        let (vf, ic) = (self.plan.vf, self.plan.ic);
        let ip = g.insert_pos;
        let (ptr, sty) = access(m, f, ip).expect("a memory access");
        let factor = g.factor;
        let index = g.index_of(ip).expect("the insert position is a member");
        // The address of the member at index 0 (of the last lane's member
        // 0 when reversed), from the insert position's.
        let idx = if g.reverse {
            -(i64::from(vf - 1) * i64::from(factor) + i64::from(index))
        } else {
            -i64::from(index)
        };
        let inbounds = inst_of(f, ptr).is_some_and(|p| {
            let d = f.inst(p);
            d.opcode == Opcode::GetElementPtr && d.flags.contains(Flags::INBOUNDS)
        });
        let flags = if inbounds {
            Flags::INBOUNDS
        } else {
            Flags::NONE
        };
        let mut addrs = Vec::new();
        for k in 0..ic {
            let p0 = self.scalar(m, f, ptr, k, 0);
            self.dbg = inst_of(f, p0).and_then(|i| f.inst(i).md.get(MdKind::DBG));
            let c = int_const(m, TypeTable::I32, idx);
            addrs.push(Operand::Value(self.builder(f).gep(
                m,
                sty,
                p0,
                &[c],
                flags,
                "",
            )));
        }
        self.dbg = f.inst(ip).md.get(MdKind::DBG);
        let lanes = vf * factor;
        let wide = m.types.vector(lanes, sty);
        let members: Vec<Inst> = g.members.iter().map(|&(_, x)| x).collect();
        // The group's alignment: the smallest of its members', a member
        // without one counting with its type's ABI alignment.
        let align = members
            .iter()
            .map(|&x| {
                let (_, t) = access(m, f, x).expect("a memory access");
                access_align(m, f.inst(x), t)
            })
            .min();
        let rmask: Vec<i32> = (0..vf as i32).rev().collect();
        if !g.store {
            let mut loads = Vec::new();
            for &a in &addrs {
                let v = self.builder(f).load(m, wide, a, align, false, "wide.vec");
                if let ValueDef::Result(i) = f.value_def(v) {
                    group_md(m, f, &members, i);
                }
                loads.push(Operand::Value(v));
            }
            for &(k, x) in &g.members {
                let k = if self.defect == Some(Defect::InterleaveMask) {
                    (k + 1) % factor
                } else {
                    k
                };
                let mask: Vec<i32> = (0..vf).map(|l| (k + l * factor) as i32).collect();
                let xty = f.inst(x).ty;
                let mut parts = Vec::new();
                for &w in &loads {
                    let poison = Operand::Const(m.consts.intern(ConstData::Poison(wide)));
                    let mut v =
                        Operand::Value(self.builder(f).shuffle(m, w, poison, &mask, "strided.vec"));
                    if xty != sty {
                        let mut b = self.builder(f);
                        v = bit_or_pointer_cast(&mut b, m, v, sty, xty, vf);
                    }
                    if g.reverse {
                        let vt = m.types.vector(vf, xty);
                        let poison = Operand::Const(m.consts.intern(ConstData::Poison(vt)));
                        v = Operand::Value(
                            self.builder(f).shuffle(m, v, poison, &rmask, "reverse"),
                        );
                    }
                    parts.push(v);
                }
                self.vals.insert(x, Val::Vector(parts));
            }
            return;
        }
        for (k, &a) in addrs.iter().enumerate() {
            let k = k as u32;
            let mut vecs = Vec::new();
            for i in 0..factor {
                let x = g.member(i).expect("store groups are full");
                let op = f.inst(x).operands()[0];
                let xty = f.operand_type(op, &m.consts);
                let mut v = self.vector(m, f, op, k);
                if g.reverse {
                    let vt = m.types.vector(vf, xty);
                    let poison = Operand::Const(m.consts.intern(ConstData::Poison(vt)));
                    v = Operand::Value(self.builder(f).shuffle(m, v, poison, &rmask, "reverse"));
                }
                if xty != sty {
                    let mut b = self.builder(f);
                    v = bit_or_pointer_cast(&mut b, m, v, xty, sty, vf);
                }
                vecs.push(v);
            }
            let cat = self.concatenate(m, f, vecs);
            let poison = Operand::Const(m.consts.intern(ConstData::Poison(wide)));
            let mask: Vec<i32> = (0..vf)
                .flat_map(|l| (0..factor).map(move |j| (j * vf + l) as i32))
                .collect();
            let iv = self
                .builder(f)
                .shuffle(m, cat, poison, &mask, "interleaved.vec");
            let st = self
                .builder(f)
                .store(m, Operand::Value(iv), a, align, false);
            group_md(m, f, &members, st);
        }
    }

    /// `concatenateVectors`: pairwise concatenation, a shorter last
    /// vector padded with poison lanes first.
    fn concatenate(&mut self, m: &mut Module, f: &mut Function, vecs: Vec<Operand>) -> Operand {
        let lanes = |m: &Module, f: &Function, v: Operand| -> u32 {
            match m.types.data(f.operand_type(v, &m.consts)) {
                loopwright_ir::TypeData::Vector { len, .. } => *len,
                _ => 1,
            }
        };
        let mut list = vecs;
        while list.len() > 1 {
            let mut next = Vec::new();
            let mut k = 0;
            while k + 1 < list.len() {
                let (a, mut b) = (list[k], list[k + 1]);
                let (na, nb) = (lanes(m, f, a), lanes(m, f, b));
                if na > nb {
                    let mask: Vec<i32> = (0..nb as i32).chain((0..na - nb).map(|_| -1)).collect();
                    let bt = f.operand_type(b, &m.consts);
                    let poison = Operand::Const(m.consts.intern(ConstData::Poison(bt)));
                    b = Operand::Value(self.builder(f).shuffle(m, b, poison, &mask, ""));
                }
                let total = na + nb;
                let mask: Vec<i32> = (0..total as i32).collect();
                next.push(Operand::Value(self.builder(f).shuffle(m, a, b, &mask, "")));
                k += 2;
            }
            if !list.len().is_multiple_of(2) {
                next.push(*list.last().expect("an odd list"));
            }
            list = next;
        }
        list[0]
    }

    fn fp_vector_induction(
        &mut self,
        m: &mut Module,
        f: &mut Function,
        ind: &super::plan::InductionPlan,
    ) {
        let vf = self.vf;
        let phi = ind.phi;
        let ty = f.inst(phi).ty;
        let vty = m.types.vector(vf, ty);
        let step = self.step_ops[&phi];
        let fmf = ind.fast_math;
        let op = ind
            .update
            .map(|u| f.inst(u).opcode)
            .filter(|&o| o == Opcode::FSub)
            .unwrap_or(Opcode::FAdd);
        let t = f.terminator(self.vph).expect("vector.ph has its branch");
        let vstep = self.splat_invariant(m, f, step);
        let start = self.loop_start(m, f, phi);
        let vstart = self.splat_invariant(m, f, start);
        let bits = m.types.float_bits(ty).unwrap_or(64);
        let lanes: Vec<loopwright_ir::Const> = (0..vf)
            .map(|j| {
                let b: u128 = if bits == 32 {
                    u128::from((j as f32).to_bits())
                } else {
                    u128::from((f64::from(j)).to_bits())
                };
                m.consts.intern(ConstData::Float { ty, bits: b })
            })
            .collect();
        let seq = Operand::Const(m.consts.intern(ConstData::Vector {
            ty: vty,
            elems: lanes,
        }));
        let vfc = {
            let b: u128 = if bits == 32 {
                u128::from((vf as f32).to_bits())
            } else {
                u128::from(f64::from(vf).to_bits())
            };
            Operand::Const(m.consts.intern(ConstData::Float { ty, bits: b }))
        };
        let mut b = Builder::before(f, t);
        b.set_dbg(None);
        let mul = b.binop(m, Opcode::FMul, seq, vstep, fmf, "");
        let init = b.binop(m, op, vstart, Operand::Value(mul), fmf, "induction");
        let ps = b.binop(m, Opcode::FMul, vfc, step, fmf, "");
        let part_step = self.splat_invariant(m, f, Operand::Value(ps));
        let mut b = Builder::at_end(f, self.cur);
        b.set_dbg(None);
        let p = b.phi(vty, "vec.ind");
        b.add_incoming(p, Operand::Value(init), self.vph);
        self.vals
            .insert(phi, Val::Induction(Some(vec![Operand::Value(p)])));
        self.pending_fp
            .push((phi, Operand::Value(p), part_step, op, fmf));
    }

    /// Computes the parts of widened inductions (after the phis).
    fn flush_pending(&mut self, m: &mut Module, f: &mut Function) {
        for (phi, p, part_step) in std::mem::take(&mut self.pending_ind) {
            let mut parts = vec![p];
            let mut last = p;
            let mut b = Builder::at_end(f, self.cur);
            b.set_dbg(None);
            for _ in 1..self.ic {
                last = Operand::Value(b.binop(
                    m,
                    Opcode::Add,
                    last,
                    part_step,
                    Flags::NONE,
                    "step.add",
                ));
                parts.push(last);
            }
            let next = b.binop(m, Opcode::Add, last, part_step, Flags::NONE, "vec.ind.next");
            if let Some(pi) = inst_of(f, p) {
                self.backedges.push((pi, Operand::Value(next)));
            }
            self.vals.insert(phi, Val::Induction(Some(parts)));
        }
        for (phi, p, part_step, op, fmf) in std::mem::take(&mut self.pending_fp) {
            let mut parts = vec![p];
            let mut last = p;
            let mut b = Builder::at_end(f, self.cur);
            b.set_dbg(None);
            for _ in 1..self.ic {
                last = Operand::Value(b.binop(m, op, last, part_step, fmf, "step.add"));
                parts.push(last);
            }
            let next = b.binop(m, op, last, part_step, fmf, "vec.ind.next");
            if let Some(pi) = inst_of(f, p) {
                self.backedges.push((pi, Operand::Value(next)));
            }
            self.vals.insert(phi, Val::Induction(Some(parts)));
        }
    }

    /// `op(a, b)` of a reduction of kind `k` (combining parts).
    fn combine(
        &mut self,
        m: &mut Module,
        f: &mut Function,
        k: RecurKind,
        fmf: Flags,
        a: Operand,
        b: Operand,
    ) -> Operand {
        let ty = f.operand_type(a, &m.consts);
        let op = match k {
            RecurKind::Add => Some((Opcode::Add, Flags::NONE)),
            RecurKind::Mul => Some((Opcode::Mul, Flags::NONE)),
            RecurKind::Or => Some((Opcode::Or, Flags::NONE)),
            RecurKind::And => Some((Opcode::And, Flags::NONE)),
            RecurKind::Xor => Some((Opcode::Xor, Flags::NONE)),
            RecurKind::FAdd | RecurKind::FMulAdd => {
                Some((Opcode::FAdd, Flags(fmf.0 & Flags::FAST.0)))
            }
            RecurKind::FMul => Some((Opcode::FMul, Flags(fmf.0 & Flags::FAST.0))),
            _ => None,
        };
        let mut bl = self.builder(f);
        if let Some((op, fl)) = op {
            return Operand::Value(bl.binop(m, op, a, b, fl, "bin.rdx"));
        }
        let (base, _) = minmax_name(k).expect("a min/max reduction");
        let name = format!("llvm.{base}.{}", mangle(m, ty));
        let v = bl
            .call_intrinsic(m, &name, ty, &[a, b], &INTRINSIC_ATTRS, "rdx.minmax")
            .expect("a value");
        if m.types.is_float(m.types.scalar(ty)) {
            if let ValueDef::Result(ci) = f.value_def(v) {
                *f.inst_mut(ci).flags() = Flags(fmf.0 & Flags::FAST.0);
            }
        }
        Operand::Value(v)
    }

    /// The finished reduction of `phi` in the middle block.
    fn reduce(&mut self, m: &mut Module, f: &mut Function, phi: Inst) -> Operand {
        let red = self.plan.reduction(phi).clone();
        let exit = Operand::Value(f.inst_result(red.exit).expect("a value"));
        let parts: Vec<Operand> = (0..self.ic).map(|k| self.vector(m, f, exit, k)).collect();
        let mut acc = parts[0];
        for &p in &parts[1..] {
            acc = self.combine(m, f, red.kind, red.fast_math, p, acc);
        }
        if self.vf == 1 {
            return acc;
        }
        let ty = f.inst(phi).ty;
        let vty = f.operand_type(acc, &m.consts);
        let fmf = Flags(red.fast_math.0 & Flags::FAST.0);
        let (name, args) = match red.kind {
            RecurKind::FAdd | RecurKind::FMul | RecurKind::FMulAdd => {
                let id = identity(m, red.kind, ty).expect("an identity");
                let base = if red.kind == RecurKind::FMul {
                    "fmul"
                } else {
                    "fadd"
                };
                (base, vec![Operand::Const(id), acc])
            }
            RecurKind::Add => ("add", vec![acc]),
            RecurKind::Mul => ("mul", vec![acc]),
            RecurKind::Or => ("or", vec![acc]),
            RecurKind::And => ("and", vec![acc]),
            RecurKind::Xor => ("xor", vec![acc]),
            k => (minmax_name(k).expect("a min/max reduction").1, vec![acc]),
        };
        let iname = format!("llvm.vector.reduce.{name}.{}", mangle(m, vty));
        let v = self
            .builder(f)
            .call_intrinsic(
                m,
                &iname,
                ty,
                &args,
                &[
                    "nocallback",
                    "nofree",
                    "nosync",
                    "nounwind",
                    "speculatable",
                    "willreturn",
                    "memory(none)",
                ],
                "",
            )
            .expect("a value");
        if let ValueDef::Result(ci) = f.value_def(v) {
            if m.types.is_float(ty) {
                *f.inst_mut(ci).flags() = fmf;
            }
        }
        Operand::Value(v)
    }

    /// The recurrence's previous value in the last lane (`false`: the
    /// scalar loop's resume value) or the lane before (`true`: the phi's
    /// value in the last iteration).
    fn recurrence_lane(
        &mut self,
        m: &mut Module,
        f: &mut Function,
        phi: Inst,
        penultimate: bool,
    ) -> Operand {
        let prev = self.recur_prev[&phi].clone();
        let last = prev[self.ic as usize - 1];
        if self.vf == 1 {
            return if penultimate {
                if self.ic >= 2 {
                    prev[self.ic as usize - 2]
                } else {
                    self.recur_phis[&phi]
                }
            } else {
                last
            };
        }
        let lane = if penultimate {
            self.vf - 2
        } else {
            self.vf - 1
        };
        let idx = int_const(m, TypeTable::I32, i64::from(lane));
        let name = if penultimate {
            "vector.recur.extract.for.phi"
        } else {
            "vector.recur.extract"
        };
        Operand::Value(self.builder(f).extract_element(m, last, idx, name))
    }
}
