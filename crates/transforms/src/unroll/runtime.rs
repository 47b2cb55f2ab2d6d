//! Runtime unrolling's remainder loop (LLVM's `UnrollRuntimeLoopRemainder`,
//! epilogue form).
//!
//! When the trip count `tc` is only known at run time, the loop is
//! prepared for unrolling by `count` like this:
//!
//! ```text
//! preheader:       tc = <expanded>; xtraiter = tc % count
//!                  br (tc - 1 <u count - 1), %exit.unr-lcssa, %preheader.new
//! preheader.new:   unroll_iter = tc - xtraiter; br %header
//! header: ...      niter = phi [0, %preheader.new], [niter.next, %latch]
//! latch:           niter.next = niter + 1; br (niter.next != unroll_iter), %header, %exit.unr-lcssa.loopexit
//! exit.unr-lcssa:  x.unr = phi ...; br (xtraiter != 0), %header.epil.preheader, %exit.epilog-lcssa
//! header.epil ...  a copy of the loop running xtraiter iterations
//! exit.epilog-lcssa, exit
//! ```
//!
//! The main loop then runs a multiple of `count` iterations, and the
//! unroller removes its intermediate exit tests. With `count == 2` the
//! remainder runs at most once, and its backedge is removed.
//!
//! Supported: loops whose latch is their only exiting block, with a
//! trip count scalar evolution computes and that is cheap to expand (or
//! whose unrolling was forced). Others keep their exit tests (see the
//! unroller).

use super::cost::Prefs;
use crate::utils::expand::{self, Expr};
use crate::utils::{
    fold_single_entry_phis, insert_phi, merge_block_into_predecessor, phi_add_incoming,
    phi_remove_incoming, phi_value_for, phis, phis_replace_pred, replace_successor,
    split_block_predecessors,
};
use crate::FnAnalyses;
use loopwright_analysis::loopmd::followup::LoopIdAction;
use loopwright_analysis::scev::ScalarEvolution;
use loopwright_analysis::{ControlFlowGraph, Loop};
use loopwright_ir::{
    Block, ConstData, Extra, Function, Inst, InstData, MdKind, Module, Opcode, Operand, Predicate,
    TypeTable, Value,
};
use rustc_hash::FxHashMap;

/// `SCEVCheapExpansionBudget`.
const EXPANSION_BUDGET: u32 = 4;

/// The header of the remainder loop built last, recorded for its LoopID.
pub struct Remainder {
    pub header: Option<Block>,
}

fn add_one(e: Expr, bits: u32) -> Expr {
    let mask = if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    match e {
        Expr::Int { bits, val } => Expr::Int {
            bits,
            val: val.wrapping_add(1) & mask,
        },
        Expr::Add(mut ops, t, _) => {
            if let Some(Expr::Int { val, .. }) = ops.first_mut() {
                *val = val.wrapping_add(1) & mask;
                if *val == 0 {
                    ops.remove(0);
                }
            } else {
                ops.insert(0, Expr::Int { bits, val: 1 });
            }
            if ops.len() == 1 {
                ops.pop().expect("one operand")
            } else {
                Expr::Add(ops, t, 0)
            }
        }
        other => Expr::Add(
            vec![Expr::Int { bits, val: 1 }, other],
            loopwright_analysis::scev::Ty::Int(bits),
            0,
        ),
    }
}

/// Whether every instruction of the loop is sure to pass control on
/// (otherwise the trip count must be frozen: the latch test may never be
/// reached and its count may be poison).
fn has_abnormal_exits(m: &Module, f: &Function, a: &FnAnalyses, l: Loop) -> bool {
    a.loops.data(l).blocks().iter().any(|&b| {
        f.layout.block_insts(b).any(|i| {
            let d = f.inst(i);
            d.opcode.is_call_like()
                && !d.call_info().is_some_and(|c| {
                    (m.attrs.has(c.fn_attrs, "willreturn") && m.attrs.has(c.fn_attrs, "nounwind"))
                        || callee_is_pure(m, d)
                })
        })
    })
}

fn callee_is_pure(m: &Module, d: &InstData) -> bool {
    match d.operands().first() {
        Some(Operand::Const(c)) => match m.consts.data(*c) {
            ConstData::Global {
                global: loopwright_ir::GlobalRef::Func(g),
                ..
            } => {
                let s = m.functions[*g].fn_attrs;
                m.attrs.has(s, "willreturn") && m.attrs.has(s, "nounwind")
            }
            _ => false,
        },
        _ => false,
    }
}

/// Builds the remainder loop for unrolling `l` by `count`. Returns `None`,
/// changing nothing, when the loop's shape or trip count does not allow
/// it.
pub fn add_remainder(
    m: &mut Module,
    f: &mut Function,
    a: &FnAnalyses,
    l: Loop,
    count: u32,
    p: &Prefs,
) -> Option<Remainder> {
    let lf = &a.loops;
    let cfg = &a.cfg;
    if !lf.is_simplified(f, cfg, l) {
        return None;
    }
    let header = lf.header(l);
    let latch = lf.latch(cfg, l)?;
    let preheader = lf.preheader(f, cfg, l)?;
    let lt = f.terminator(latch)?;
    if f.inst(lt).opcode != Opcode::Br || f.inst(lt).operands().len() != 3 {
        return None;
    }
    let (Operand::Block(s0), Operand::Block(s1)) =
        (f.inst(lt).operands()[1], f.inst(lt).operands()[2])
    else {
        return None;
    };
    let header_on_true = s0 == header;
    let latch_exit = if header_on_true { s1 } else { s0 };
    if lf.contains(l, latch_exit) {
        return None;
    }
    // Single exiting block only (multi-exit runtime unrolling is off by
    // default in LLVM, and not implemented here).
    if lf.exiting_blocks(cfg, l) != [latch] {
        return None;
    }
    // The trip count, through scalar evolution.
    let (be, width, existing) = {
        let se = &mut ScalarEvolution::new(m, f, cfg, &a.dt, lf);
        let s = se.exit_count(l, latch)?;
        let w = match se.ty(s) {
            loopwright_analysis::scev::Ty::Int(w) => w,
            loopwright_analysis::scev::Ty::Ptr(_) => return None,
        };
        // Values computed before the loop that the expansion may reuse.
        let mut dom_blocks = Vec::new();
        let mut cur = Some(preheader);
        while let Some(b) = cur {
            dom_blocks.push(b);
            cur = a.dt.idom(b);
        }
        let existing = expand::existing_values(se, f, &dom_blocks);
        (expand::extract(se, s)?, w, existing)
    };
    if width > 64 || count.ilog2() > width {
        return None;
    }
    let tc = add_one(be.clone(), width);
    let (c, high) = expand::cost(&tc);
    if !p.allow_expensive_trip_count && (high || c > EXPANSION_BUDGET) {
        return None;
    }
    let freeze = has_abnormal_exits(m, f, a, l);
    let rpo = super::transform::loop_rpo(f, a, l);
    let ity = m.types.int(width);

    // Split the preheader: `preheader.new` holds the branch into the loop.
    let ph_term = f.terminator(preheader)?;
    let new_ph = f.make_block(Some(&format!(
        "{}.new",
        f.block_name(preheader).unwrap_or("")
    )));
    f.layout.insert_block_after(new_ph, preheader);
    f.layout.split_block_at(ph_term, new_ph);
    let (ph_br, _) = f.append(preheader, br(new_ph), None);
    phis_replace_pred(f, header, preheader, new_ph);
    // Split the latch exit: `exit.unr-lcssa` receives the main loop's exit.
    let new_exit = split_block_predecessors(f, latch_exit, &[latch], ".unr-lcssa", None)?;
    close_exit_phis(f, new_exit, latch, latch_exit, ".ph");
    let hdr_dbg = f
        .terminator(header)
        .and_then(|t| f.inst(t).md.get(MdKind::DBG));
    if let Some(t) = f.terminator(new_exit) {
        let mut im = f.inst_mut(t);
        match hdr_dbg {
            Some(d) => im.md().set(MdKind::DBG, d),
            None => im.md().remove(MdKind::DBG),
        }
    }
    // Split again: `header.epil.preheader` will lead into the remainder.
    let ne_term = f.terminator(new_exit)?;
    let epil_ph = f.make_block(Some(&format!(
        "{}.epil.preheader",
        f.block_name(header).unwrap_or("")
    )));
    f.layout.insert_block_after(epil_ph, new_exit);
    f.layout.split_block_at(ne_term, epil_ph);
    let (ne_br, _) = f.append(new_exit, br(epil_ph), None);
    phis_replace_pred(f, latch_exit, new_exit, epil_ph);

    // The trip count and the number of extra iterations, in the preheader.
    let ctx = expand::ExpandCtx {
        existing,
        loops: Some((&a.loops, &a.cfg)),
    };
    let mut tc_v = expand::expand_with(m, f, &tc, ph_br, &ctx);
    let be_v = if freeze {
        tc_v = emit(f, ph_br, InstData::new(Opcode::Freeze, ity, [tc_v]), None);
        let minus1 = m.consts.int(ity, width, -1);
        emit(
            f,
            ph_br,
            InstData::new(Opcode::Add, ity, [tc_v, Operand::Const(minus1)]),
            None,
        )
    } else {
        expand::expand_with(m, f, &be, ph_br, &ctx)
    };
    let xtraiter = if count.is_power_of_two() {
        let mask = m.consts.int(ity, width, i64::from(count - 1));
        emit(
            f,
            ph_br,
            InstData::new(Opcode::And, ity, [tc_v, Operand::Const(mask)]),
            Some("xtraiter"),
        )
    } else {
        let cc = Operand::Const(m.consts.int(ity, width, i64::from(count)));
        let one = Operand::Const(m.consts.int(ity, width, 1));
        let r = emit(f, ph_br, InstData::new(Opcode::URem, ity, [be_v, cc]), None);
        let r1 = emit(f, ph_br, InstData::new(Opcode::Add, ity, [r, one]), None);
        emit(
            f,
            ph_br,
            InstData::new(Opcode::URem, ity, [r1, cc]),
            Some("xtraiter"),
        )
    };
    let cm1 = Operand::Const(m.consts.int(ity, width, i64::from(count - 1)));
    let few = emit(f, ph_br, icmp(Predicate::Ult, be_v, cm1), None);
    f.delete_inst(ph_br);
    f.append(
        preheader,
        InstData::new(
            Opcode::Br,
            TypeTable::VOID,
            [few, Operand::Block(new_exit), Operand::Block(new_ph)],
        ),
        None,
    );

    // Copy the loop as the remainder, before the latch exit.
    let mut vals: FxHashMap<Value, Operand> = FxHashMap::default();
    let mut blocks: FxHashMap<Block, Block> = FxHashMap::default();
    let mut new_blocks: Vec<Block> = Vec::new();
    for &bb in &rpo {
        let name = f
            .block_name(bb)
            .filter(|n| !n.is_empty())
            .map(|n| format!("{n}.epil"));
        let nb = f.make_block(name.as_deref());
        f.layout.insert_block_before(nb, latch_exit);
        for i in f.layout.block_insts(bb).collect::<Vec<_>>() {
            let (c, cv) = f.clone_inst(i);
            if let (Some(cv), Some(orig)) = (cv, f.inst_result(i)) {
                let n = f
                    .value_name(orig)
                    .filter(|n| !n.is_empty())
                    .map(|n| format!("{n}.epil"));
                f.set_value_name(cv, n.as_deref());
                vals.insert(orig, Operand::Value(cv));
            }
            f.layout.append_inst(c, nb);
        }
        blocks.insert(bb, nb);
        new_blocks.push(nb);
    }
    let epil_header = blocks[&header];
    let epil_latch = blocks[&latch];
    replace_successor(f, epil_ph, latch_exit, epil_header);
    for &nb in &new_blocks {
        for i in f.layout.block_insts(nb).collect::<Vec<_>>() {
            f.map_operands(i, |ops| {
                for op in ops.iter_mut() {
                    *op = match *op {
                        Operand::Value(v) => vals.get(&v).copied().unwrap_or(*op),
                        Operand::MdLocal(v) => match vals.get(&v) {
                            Some(Operand::Value(w)) => Operand::MdLocal(*w),
                            _ => *op,
                        },
                        Operand::Block(b) => Operand::Block(blocks.get(&b).copied().unwrap_or(b)),
                        other => other,
                    };
                }
            });
        }
    }
    // The remainder's header phis: entry from `epil_ph`, backedge from its
    // latch (the main latch's entry is already remapped).
    for phi in phis(f, epil_header) {
        f.map_operands(phi, |ops| {
            for k in (1..ops.len()).step_by(2) {
                if ops[k] == Operand::Block(new_ph) {
                    ops[k] = Operand::Block(epil_ph);
                }
            }
        });
    }
    // The remainder's latch counts `epil.iter` up to `xtraiter`.
    let el_term = f.terminator(epil_latch)?;
    let el_dbg = f.inst(el_term).md.get(MdKind::DBG);
    let zero = Operand::Const(m.consts.int(ity, width, 0));
    let one = Operand::Const(m.consts.int(ity, width, 1));
    let iter_phi = f.make_inst(InstData::new(Opcode::Phi, ity, []));
    insert_phi(f, iter_phi, epil_header);
    let iter = f.make_result(iter_phi, Some("epil.iter"));
    let next = emit(
        f,
        el_term,
        InstData::new(Opcode::Add, ity, [Operand::Value(iter), one]),
        Some("epil.iter.next"),
    );
    let cmp = emit(
        f,
        el_term,
        icmp(Predicate::Ne, next, xtraiter),
        Some("epil.iter.cmp"),
    );
    f.delete_inst(el_term);
    let mut nbr = InstData::new(
        Opcode::Br,
        TypeTable::VOID,
        [cmp, Operand::Block(epil_header), Operand::Block(latch_exit)],
    );
    if let Some(d) = el_dbg {
        nbr.md.set(MdKind::DBG, d);
    }
    f.append(epil_latch, nbr, None);
    phi_add_incoming(f, iter_phi, zero, epil_ph);
    phi_add_incoming(f, iter_phi, next, epil_latch);

    // ConnectEpilog: values at the latch exit and into the remainder.
    for pn in phis(f, new_exit) {
        let Some(pv) = f.inst_result(pn) else {
            continue;
        };
        let ty = f.value_type(pv);
        let poison = Operand::Const(m.consts.intern(ConstData::Poison(ty)));
        let v = phi_value_for(f, pn, latch);
        phi_add_incoming(f, pn, poison, preheader);
        let Some(&user) = f.uses(pv).first() else {
            continue;
        };
        if f.inst(user).opcode != Opcode::Phi || f.layout.inst_block(user) != Some(latch_exit) {
            continue;
        }
        let v = v.map(|v| match v {
            Operand::Value(x) => vals.get(&x).copied().unwrap_or(v),
            other => other,
        });
        if let Some(v) = v {
            phi_add_incoming(f, user, v, epil_latch);
        }
        f.map_operands(user, |ops| {
            for k in (1..ops.len()).step_by(2) {
                if ops[k] == Operand::Block(epil_ph) {
                    ops[k] = Operand::Block(new_exit);
                }
            }
        });
    }
    for pn in phis(f, header) {
        let Some(pv) = f.inst_result(pn) else {
            continue;
        };
        let ty = f.value_type(pv);
        let init = phi_value_for(f, pn, new_ph);
        let back = phi_value_for(f, pn, latch);
        let (Some(init), Some(back)) = (init, back) else {
            continue;
        };
        let name = format!("{}.unr", f.value_name(pv).unwrap_or(""));
        let np = f.make_inst(InstData::new(
            Opcode::Phi,
            ty,
            [init, Operand::Block(preheader), back, Operand::Block(latch)],
        ));
        insert_phi(f, np, new_exit);
        let nv = f.make_result(np, Some(&name));
        if let Some(Operand::Value(vpn)) = vals.get(&pv).copied() {
            if let loopwright_ir::ValueDef::Result(vpi) = f.value_def(vpn) {
                f.map_operands(vpi, |ops| {
                    for k in (1..ops.len()).step_by(2) {
                        if ops[k] == Operand::Block(epil_ph) {
                            ops[k - 1] = Operand::Value(nv);
                        }
                    }
                });
            }
        }
    }
    let lcmp = emit(
        f,
        ne_br,
        icmp(Predicate::Ne, xtraiter, zero),
        Some("lcmp.mod"),
    );
    // The remainder's exit edges get their own block, before the edge
    // around the remainder exists (as in LLVM's ConnectEpilog).
    let cfg_now = ControlFlowGraph::compute(f);
    let exit_preds: Vec<Block> = cfg_now.preds(latch_exit).iter().rev().copied().collect();
    if let Some(el) = split_block_predecessors(f, latch_exit, &exit_preds, ".epilog-lcssa", None) {
        close_exit_phis_multi(f, el, latch_exit, ".ph");
    }
    f.delete_inst(ne_br);
    f.append(
        new_exit,
        InstData::new(
            Opcode::Br,
            TypeTable::VOID,
            [lcmp, Operand::Block(epil_ph), Operand::Block(latch_exit)],
        ),
        None,
    );
    if let Some(le) = split_block_predecessors(f, new_exit, &[latch], ".loopexit", None) {
        close_exit_phis(f, le, latch, new_exit, ".ph");
    }

    // The main loop counts `niter` up to `unroll_iter`.
    let np_term = f.terminator(new_ph)?;
    let unroll_iter = emit(
        f,
        np_term,
        InstData::new(Opcode::Sub, ity, [tc_v, xtraiter]),
        Some("unroll_iter"),
    );
    let niter_phi = f.make_inst(InstData::new(Opcode::Phi, ity, []));
    insert_phi(f, niter_phi, header);
    let niter = f.make_result(niter_phi, Some("niter"));
    let lt = f.terminator(latch)?;
    let nnext = emit(
        f,
        lt,
        InstData::new(Opcode::Add, ity, [Operand::Value(niter), one]),
        Some("niter.next"),
    );
    let pred = if header_on_true {
        Predicate::Ne
    } else {
        Predicate::Eq
    };
    let ncmp = emit(f, lt, icmp(pred, nnext, unroll_iter), Some("niter.ncmp"));
    f.set_operand(lt, 0, ncmp);
    phi_add_incoming(f, niter_phi, zero, new_ph);
    phi_add_incoming(f, niter_phi, nnext, latch);

    // With count 2 the remainder runs at most once: no backedge.
    if count == 2 {
        break_backedge(m, f, epil_header, epil_latch, &new_blocks);
        return Some(Remainder { header: None });
    }
    Some(Remainder {
        header: Some(epil_header),
    })
}

fn br(to: Block) -> InstData {
    InstData::new(Opcode::Br, TypeTable::VOID, [Operand::Block(to)])
}

fn icmp(p: Predicate, a: Operand, b: Operand) -> InstData {
    InstData::new(Opcode::ICmp, TypeTable::I1, [a, b]).with_extra(Extra::Cmp(p))
}

fn emit(f: &mut Function, before: Inst, data: InstData, name: Option<&str>) -> Operand {
    let i = f.make_inst(data);
    f.layout.insert_inst_before(i, before);
    Operand::Value(f.make_result(i, name))
}

/// After splitting the exit edge `pred -> exit` at `split` (one
/// predecessor), each phi of `exit` gets its value through a phi in
/// `split`, keeping LCSSA form.
fn close_exit_phis(f: &mut Function, split: Block, pred: Block, exit: Block, suffix: &str) {
    let Some(t) = f.terminator(split) else { return };
    for phi in phis(f, exit) {
        let Some(v) = phi_value_for(f, phi, split) else {
            continue;
        };
        let ty = f.inst(phi).ty;
        let name = f
            .inst_result(phi)
            .map(|r| format!("{}{suffix}", f.value_name(r).unwrap_or("")));
        let np = f.make_inst(InstData::new(Opcode::Phi, ty, [v, Operand::Block(pred)]));
        f.layout.insert_inst_before(np, t);
        let nv = f.make_result(np, name.as_deref());
        f.map_operands(phi, |ops| {
            for k in (1..ops.len()).step_by(2) {
                if ops[k] == Operand::Block(split) {
                    ops[k - 1] = Operand::Value(nv);
                }
            }
        });
    }
}

/// The same for a split with several predecessors, which
/// `split_block_predecessors` already gave merging phis when the values
/// differ: phis of `exit` whose value from `split` is not a phi of `split`
/// get one.
fn close_exit_phis_multi(f: &mut Function, split: Block, exit: Block, suffix: &str) {
    let preds: Vec<Block> = {
        let cfg = ControlFlowGraph::compute(f);
        cfg.preds(split).to_vec()
    };
    let Some(t) = f.terminator(split) else { return };
    for phi in phis(f, exit) {
        let Some(v) = phi_value_for(f, phi, split) else {
            continue;
        };
        if let Operand::Value(x) = v {
            if let loopwright_ir::ValueDef::Result(d) = f.value_def(x) {
                if f.inst(d).opcode == Opcode::Phi && f.layout.inst_block(d) == Some(split) {
                    continue;
                }
            }
        }
        let ty = f.inst(phi).ty;
        let name = f
            .inst_result(phi)
            .map(|r| format!("{}{suffix}", f.value_name(r).unwrap_or("")));
        let mut ops = Vec::new();
        for &p in &preds {
            ops.push(v);
            ops.push(Operand::Block(p));
        }
        let np = f.make_inst(InstData::new(Opcode::Phi, ty, ops));
        f.layout.insert_inst_before(np, t);
        let nv = f.make_result(np, name.as_deref());
        f.map_operands(phi, |ops| {
            for k in (1..ops.len()).step_by(2) {
                if ops[k] == Operand::Block(split) {
                    ops[k - 1] = Operand::Value(nv);
                }
            }
        });
    }
}

/// LLVM's `breakLoopBackedge` on the remainder, then folding of what became
/// constant and dead, and merging of the latch's successor.
fn break_backedge(m: &mut Module, f: &mut Function, header: Block, latch: Block, blocks: &[Block]) {
    let Some(t) = f.terminator(latch) else { return };
    let exit = f.inst(t).successors().find(|&s| s != header);
    let Some(exit) = exit else { return };
    for phi in phis(f, header) {
        phi_remove_incoming(f, phi, latch);
    }
    let dbg = f.inst(t).md.get(MdKind::DBG);
    f.delete_inst(t);
    let mut b = br(exit);
    if let Some(d) = dbg {
        b.md.set(MdKind::DBG, d);
    }
    f.append(latch, b, None);
    fold_single_entry_phis(f, header);
    super::transform::simplify_after_unroll(m, f, blocks);
    let cfg = ControlFlowGraph::compute(f);
    merge_block_into_predecessor(m, f, &cfg, exit, false);
}

/// Gives the remainder loop (headed by `header`) its LoopID.
pub fn set_remainder_loop_id(
    f: &mut Function,
    a: &FnAnalyses,
    header: Block,
    action: LoopIdAction,
) {
    let Some(l) = a
        .loops
        .loop_for(header)
        .filter(|&l| a.loops.header(l) == header)
    else {
        return;
    };
    let latches = a.loops.latches(&a.cfg, l);
    // The remainder's latch branch was built without a LoopID.
    for &b in &latches {
        if let Some(t) = f.terminator(b) {
            f.inst_mut(t).md().remove(MdKind::LOOP);
        }
    }
    action.apply(f, &latches);
}
