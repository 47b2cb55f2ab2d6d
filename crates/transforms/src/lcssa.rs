//! `lcssa`: loop-closed SSA form.
//!
//! A value defined in a loop and used outside it is routed through a phi
//! in each exit block the definition dominates (`%x.lcssa = phi [ %x,
//! %exiting ]`); uses outside the loop are rewritten to those phis, with
//! SSA repair ([`crate::utils::ssa::SsaUpdater`]) where several exits
//! meet. Transformations that clone or re-shape a loop then only need to
//! update the exit phis. This follows LLVM's `formLCSSAForInstructions`:
//! - uses in phis count as uses at the end of the incoming block;
//! - uses in unreachable blocks become `poison`;
//! - the result of an `invoke` is only available in its normal
//!   destination, which must dominate the exit;
//! - token values are never put in phis;
//! - debug records outside the loop follow the value when a phi for their
//!   block exists, and are left alone otherwise (they never block the
//!   transformation, as in LLVM);
//! - inner loops are processed before outer ones.

use crate::utils::ssa::SsaUpdater;
use crate::utils::{phi_add_incoming, pred_edges};
use crate::FnAnalyses;
use loopwright_analysis::Loop;
use loopwright_ir::{
    Block, Builder, ConstData, Function, InsertPoint, Inst, MdKind, Module, Opcode, Operand,
    TypeTable, Value,
};
use smallvec::SmallVec;

/// Puts every loop of `f` in LCSSA form; returns whether anything changed.
pub fn lcssa_function(m: &mut Module, f: &mut Function) -> bool {
    lcssa_function_with(m, f, &FnAnalyses::compute(f))
}

/// [`lcssa_function`] with analyses `a` of `f` as it is now; they stay
/// valid (phi insertion does not change the CFG).
pub fn lcssa_function_with(m: &mut Module, f: &mut Function, a: &FnAnalyses) -> bool {
    debug_assert!(a.is_fresh(f), "lcssa given stale analyses");
    let mut changed = false;
    for l in a.loops.innermost_first() {
        changed |= form_lcssa(m, f, a, l);
    }
    changed
}

/// Puts loop `l` (not its inner loops) in LCSSA form. Phi insertion does
/// not change the CFG, so `a` stays valid.
pub fn form_lcssa(m: &mut Module, f: &mut Function, a: &FnAnalyses, l: Loop) -> bool {
    debug_assert!(a.is_fresh(f), "lcssa given stale analyses");
    if a.loops.exit_blocks(&a.cfg, l).is_empty() {
        return false;
    }
    let mut work: Vec<Inst> = Vec::new();
    for &b in a.loops.data(l).blocks() {
        if a.loops.loop_for(b) != Some(l) {
            continue;
        }
        for i in f.layout.block_insts(b) {
            let Some(v) = f.inst_result(i) else { continue };
            if f.value_type(v) == TypeTable::TOKEN {
                continue;
            }
            if f.uses(v).iter().any(|&u| use_is_outside(f, a, l, u, v)) {
                work.push(i);
            }
        }
    }
    lcssa_for_instructions(m, f, a, work)
}

/// LLVM's `formLCSSAForInstructions`: each instruction is closed over the
/// innermost loop of its block. Phis this inserts into blocks of other
/// loops (an exit of an inner loop inside its outer loop) are closed in
/// turn, right away.
pub fn lcssa_for_instructions(
    m: &mut Module,
    f: &mut Function,
    a: &FnAnalyses,
    mut work: Vec<Inst>,
) -> bool {
    let mut changed = false;
    let mut exits_of: rustc_hash::FxHashMap<Loop, Vec<Block>> = rustc_hash::FxHashMap::default();
    // LLVM pops its worklist from the back.
    while let Some(i) = work.pop() {
        let Some(b) = f.layout.inst_block(i) else {
            continue;
        };
        let Some(l) = a.loops.loop_for(b) else {
            continue;
        };
        let exits = exits_of
            .entry(l)
            .or_insert_with(|| a.loops.exit_blocks(&a.cfg, l))
            .clone();
        if exits.is_empty() {
            continue;
        }
        let (did, post) = lcssa_for_inst(m, f, a, l, &exits, i);
        changed |= did;
        work.extend(post);
    }
    changed
}

/// Whether some use of `v` by `user` lies outside `l` (phi uses count in
/// their incoming block; debug records do not count).
fn use_is_outside(f: &Function, a: &FnAnalyses, l: Loop, user: Inst, v: Value) -> bool {
    let data = f.inst(user);
    if data.opcode.is_debug_record() {
        return false;
    }
    let Some(ub) = f.layout.inst_block(user) else {
        return false;
    };
    if data.opcode == Opcode::Phi {
        return data
            .operands()
            .chunks(2)
            .any(|c| matches!(c, [Operand::Value(x), Operand::Block(b)] if *x == v && !a.loops.contains(l, *b)));
    }
    !a.loops.contains(l, ub)
}

fn lcssa_for_inst(
    m: &mut Module,
    f: &mut Function,
    a: &FnAnalyses,
    l: Loop,
    exits: &[Block],
    inst: Inst,
) -> (bool, Vec<Inst>) {
    let Some(v) = f.inst_result(inst) else {
        return (false, Vec::new());
    };
    let Some(inst_block) = f.layout.inst_block(inst) else {
        return (false, Vec::new());
    };
    let ty = f.value_type(v);
    let poison = m.consts.intern(ConstData::Poison(ty));
    // Collect (user, operand index) pairs to rewrite.
    let mut to_rewrite: Vec<(Inst, usize)> = Vec::new();
    let mut users: Vec<Inst> = f.uses(v).to_vec();
    users.sort_unstable();
    users.dedup();
    let mut dbg_users: Vec<Inst> = Vec::new();
    for u in users {
        let data = f.inst(u);
        if data.opcode.is_debug_record() {
            dbg_users.push(u);
            continue;
        }
        let Some(ub) = f.layout.inst_block(u) else {
            continue;
        };
        let is_phi = data.opcode == Opcode::Phi;
        let idxs: SmallVec<[usize; 2]> = data
            .operands()
            .iter()
            .enumerate()
            .filter(|(_, &o)| o == Operand::Value(v))
            .map(|(k, _)| k)
            .collect();
        for k in idxs {
            if !a.dt.is_reachable(ub) {
                f.set_operand(u, k, Operand::Const(poison));
                continue;
            }
            let at = if is_phi {
                match f.inst(u).operands().get(k + 1) {
                    Some(Operand::Block(b)) => *b,
                    _ => continue,
                }
            } else {
                ub
            };
            if at != inst_block && !a.loops.contains(l, at) {
                to_rewrite.push((u, k));
            }
        }
    }
    if to_rewrite.is_empty() {
        return (false, Vec::new());
    }
    // The value is usable from its block, or from an invoke's normal
    // destination.
    let dom_block = if f.inst(inst).opcode == Opcode::Invoke {
        let ops = f.inst(inst).operands();
        match ops.get(ops.len().saturating_sub(2)) {
            Some(Operand::Block(b)) => *b,
            _ => return (false, Vec::new()),
        }
    } else {
        inst_block
    };
    let name = f.value_name(v).map(str::to_owned);
    let mut ssa = SsaUpdater::new(ty, name.as_deref(), poison);
    let mut added: Vec<(Block, Inst)> = Vec::new();
    let dbg = f.inst(inst).md.get(MdKind::DBG);
    for &e in exits {
        if !a.dt.dominates(dom_block, e) || ssa.has_value_for(e) {
            continue;
        }
        // At the top of the exit, with the value's debug location.
        let pname = format!("{}.lcssa", name.as_deref().unwrap_or(""));
        let mut b = Builder::new(f, InsertPoint::Start(e));
        b.set_dbg(dbg);
        let pv = b.phi(ty, &pname);
        let phi = b.last_inst().expect("just built");
        for p in pred_edges(&a.cfg, e) {
            phi_add_incoming(f, phi, Operand::Value(v), p);
            if !a.loops.contains(l, p) {
                // Rewritten below in terms of other LCSSA phis.
                let idx = f.inst(phi).operands().len() - 2;
                to_rewrite.push((phi, idx));
            }
        }
        ssa.add_available(e, Operand::Value(pv));
        added.push((e, phi));
    }
    for (u, k) in to_rewrite {
        let Some(ub) = f.layout.inst_block(u) else {
            continue;
        };
        let at = if f.inst(u).opcode == Opcode::Phi {
            match f.inst(u).operands().get(k + 1) {
                Some(Operand::Block(b)) => *b,
                _ => continue,
            }
        } else {
            ub
        };
        // A use in an exit block that got a phi uses that phi (the updater
        // assumes available values are at the end of their block).
        if let Some(&(_, phi)) = added.iter().find(|&&(e, _)| e == at) {
            if let Some(pv) = f.inst_result(phi) {
                if u != phi {
                    f.set_operand(u, k, Operand::Value(pv));
                    continue;
                }
            }
        }
        if added.len() == 1 {
            if let Some(pv) = f.inst_result(added[0].1) {
                if u != added[0].1 {
                    f.set_operand(u, k, Operand::Value(pv));
                    continue;
                }
            }
        }
        ssa.rewrite_use(f, &a.cfg, u, k);
    }
    // Debug records outside the loop follow the value where a phi exists.
    for d in dbg_users {
        let Some(db) = f.layout.inst_block(d) else {
            continue;
        };
        if db == inst_block || a.loops.contains(l, db) {
            continue;
        }
        let nv = if added.len() == 1 {
            f.inst_result(added[0].1).map(Operand::Value)
        } else {
            ssa.find_value_for(db)
        };
        if let Some(nv) = nv {
            replace_in_debug_record(f, d, v, nv);
        }
    }
    // Phis placed in blocks of loops that do not contain `l` must be
    // closed over those loops too.
    let in_other_loop = |f: &Function, phi: Inst| {
        f.layout
            .inst_block(phi)
            .and_then(|b| a.loops.loop_for(b))
            .is_some_and(|ol| !a.loops.contains_loop(l, ol))
    };
    let mut post: Vec<Inst> = Vec::new();
    for &(_, phi) in &added {
        if in_other_loop(f, phi) {
            post.push(phi);
        }
    }
    for phi in ssa.inserted_phis(f) {
        if in_other_loop(f, phi) {
            post.push(phi);
        }
    }
    post.retain(|&p| f.inst_result(p).is_some_and(|r| f.has_uses(r)));
    // LCSSA phis that ended up unused are removed again.
    for (_, phi) in added {
        if let Some(pv) = f.inst_result(phi) {
            if !f.has_uses(pv) {
                f.delete_inst(phi);
            }
        }
    }
    (true, post)
}

/// Replaces `from` with `to` in the location operand of a debug record.
fn replace_in_debug_record(f: &mut Function, d: Inst, from: Value, to: Operand) {
    let Operand::Value(tv) = to else { return };
    f.map_operands(d, |ops| {
        for op in ops.iter_mut() {
            if *op == Operand::MdLocal(from) {
                *op = Operand::MdLocal(tv);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    //! LCSSA on the shapes that differ: a value leaving by two exits that
    //! meet again (the use after the join gets a phi of the two LCSSA phis),
    //! a value leaving two nested loops (closed over each), and a loop
    //! already in LCSSA form. The expected text is what opt-19 prints for
    //! `-passes=lcssa` on the same input (`; preds` comments removed).

    use super::*;
    use crate::test_support::{run_pass, strip, text};

    const INPUT: &str = r#"define i32 @two_exits(ptr %p, i32 %n, i1 %c) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %x = load i32, ptr %p, align 4
  %y = add i32 %x, %i
  br i1 %c, label %exit1, label %latch
latch:
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop, label %exit2
exit1:
  br label %join
exit2:
  br label %join
join:
  %r = add i32 %y, 1
  ret i32 %r
}

define i32 @nested(ptr %p, i32 %n) {
entry:
  br label %outer
outer:
  %j = phi i32 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %inner
inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
  %v = mul i32 %i, %j
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %inner, label %outer.latch
outer.latch:
  %j.next = add i32 %j, 1
  %d = icmp slt i32 %j.next, %n
  br i1 %d, label %outer, label %exit
exit:
  %w = add i32 %v, %j
  ret i32 %w
}

define i32 @already(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %i.lcssa = phi i32 [ %i.next, %loop ]
  ret i32 %i.lcssa
}
"#;

    const OPT19: &str = r#"define i32 @two_exits(ptr %p, i32 %n, i1 %c) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %x = load i32, ptr %p, align 4
  %y = add i32 %x, %i
  br i1 %c, label %exit1, label %latch
latch:
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop, label %exit2
exit1:
  %y.lcssa = phi i32 [ %y, %loop ]
  br label %join
exit2:
  %y.lcssa1 = phi i32 [ %y, %latch ]
  br label %join
join:
  %y2 = phi i32 [ %y.lcssa1, %exit2 ], [ %y.lcssa, %exit1 ]
  %r = add i32 %y2, 1
  ret i32 %r
}
define i32 @nested(ptr %p, i32 %n) {
entry:
  br label %outer
outer:
  %j = phi i32 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %inner
inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
  %v = mul i32 %i, %j
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %inner, label %outer.latch
outer.latch:
  %v.lcssa = phi i32 [ %v, %inner ]
  %j.next = add i32 %j, 1
  %d = icmp slt i32 %j.next, %n
  br i1 %d, label %outer, label %exit
exit:
  %j.lcssa = phi i32 [ %j, %outer.latch ]
  %v.lcssa.lcssa = phi i32 [ %v.lcssa, %outer.latch ]
  %w = add i32 %v.lcssa.lcssa, %j.lcssa
  ret i32 %w
}
define i32 @already(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %i.lcssa = phi i32 [ %i.next, %loop ]
  ret i32 %i.lcssa
}
"#;

    #[test]
    fn closes_values_as_opt19_does() {
        let (m, changed) = run_pass(INPUT, lcssa_function);
        assert!(changed);
        assert_eq!(text(&m), strip(OPT19));
    }

    #[test]
    fn is_idempotent() {
        let (m, _) = run_pass(INPUT, lcssa_function);
        let once = loopwright_ir::print::print_module(&m);
        let (m2, changed) = run_pass(&once, lcssa_function);
        assert!(!changed, "a second run changed:\n{}", text(&m2));
        assert_eq!(text(&m2), text(&m));
    }

    #[test]
    fn a_function_in_lcssa_form_is_left_alone() {
        let already = &INPUT[INPUT.find("define i32 @already").expect("@already")..];
        let (m, changed) = run_pass(already, lcssa_function);
        assert!(!changed);
        assert_eq!(text(&m), strip(already));
    }
}
