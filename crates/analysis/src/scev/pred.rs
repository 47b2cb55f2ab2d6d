//! Predicates over expressions: `is_known_predicate`, the canonicalization
//! of comparisons (`SimplifyICmpOperands`), and proofs from the branches
//! that guard a loop's entry or its backedge (`isLoopEntryGuardedByCond`,
//! `isLoopBackedgeGuardedByCond`, `isImpliedCond`), following LLVM 19.
//!
//! Recursion through conditions is bounded: a condition value being
//! examined is not examined again below itself, and the walk over
//! backedge-dominating conditions is not re-entered.

use super::expr::{NoWrap, Scev, ScevData};
use super::int::CInt;
use super::range::ConstantRange;
use super::ScalarEvolution;
use crate::loops::Loop;
use loopwright_ir::{Block, Opcode, Operand, Predicate, ValueDef};

fn is_true_when_equal(p: Predicate) -> bool {
    matches!(
        p,
        Predicate::Eq | Predicate::Ule | Predicate::Uge | Predicate::Sle | Predicate::Sge
    )
}

fn is_false_when_equal(p: Predicate) -> bool {
    matches!(
        p,
        Predicate::Ne | Predicate::Ult | Predicate::Ugt | Predicate::Slt | Predicate::Sgt
    )
}

fn is_relational(p: Predicate) -> bool {
    p.is_signed() || p.is_unsigned()
}

impl ScalarEvolution<'_> {
    /// Whether `a pred b` holds wherever both are defined.
    pub fn is_known_predicate(&mut self, pred: Predicate, a: Scev, b: Scev) -> bool {
        let (mut p, mut a, mut b) = (pred, a, b);
        self.simplify_icmp_operands(&mut p, &mut a, &mut b, 0);
        if self.is_known_via_induction(p, a, b) {
            return true;
        }
        self.is_known_via_non_recursive_reasoning(p, a, b)
    }

    pub(crate) fn is_known_via_non_recursive_reasoning(
        &mut self,
        p: Predicate,
        a: Scev,
        b: Scev,
    ) -> bool {
        if self.is_cnc(a) || self.is_cnc(b) || self.bits_of(a) != self.bits_of(b) {
            return false;
        }
        self.is_known_extend_idiom(p, a, b)
            || self.is_known_predicate_via_constant_ranges(p, a, b)
            || self.is_known_via_min_max(p, a, b)
            || self.is_known_via_add_rec_start(p, a, b)
            || self.is_known_via_no_overflow(p, a, b)
    }

    fn is_known_extend_idiom(&self, p: Predicate, a: Scev, b: Scev) -> bool {
        use super::expr::CastKind::{SExt, ZExt};
        let (p, a, b) = match p {
            Predicate::Sge => (Predicate::Sle, b, a),
            Predicate::Uge => (Predicate::Ule, b, a),
            _ => (p, a, b),
        };
        match (p, self.data(a), self.data(b)) {
            (Predicate::Sle, ScevData::Cast(SExt, x, _), ScevData::Cast(ZExt, y, _)) => x == y,
            (Predicate::Ule, ScevData::Cast(ZExt, x, _), ScevData::Cast(SExt, y, _)) => x == y,
            _ => false,
        }
    }

    fn is_known_via_min_max(&self, p: Predicate, a: Scev, b: Scev) -> bool {
        use super::expr::MinMaxKind::*;
        let contains = |s: Scev, k: super::MinMaxKind, x: Scev| -> bool {
            matches!(self.data(s), ScevData::MinMax(kk, ops) if *kk == k && ops.contains(&x))
        };
        match p {
            Predicate::Sge => contains(a, SMax, b) || contains(b, SMin, a),
            Predicate::Sle => contains(a, SMin, b) || contains(b, SMax, a),
            Predicate::Uge => contains(a, UMax, b) || contains(b, UMin, a),
            Predicate::Ule => contains(a, UMin, b) || contains(b, UMax, a),
            _ => false,
        }
    }

    fn is_known_via_add_rec_start(&mut self, p: Predicate, a: Scev, b: Scev) -> bool {
        if !is_relational(p) {
            return false;
        }
        let (Some((la, ll)), Some((lb, lbl))) = (
            self.as_add_rec(a).map(|(o, l)| (o.to_vec(), l)),
            self.as_add_rec(b).map(|(o, l)| (o.to_vec(), l)),
        ) else {
            return false;
        };
        if ll != lbl || la.len() != 2 || lb.len() != 2 || la[1] != lb[1] {
            return false;
        }
        let nw = if p.is_signed() {
            NoWrap::NSW
        } else {
            NoWrap::NUW
        };
        if !self.has_flags(a, nw) || !self.has_flags(b, nw) {
            return false;
        }
        self.is_known_predicate(p, la[0], lb[0])
    }

    fn split_add_const(&self, x: Scev, expected: NoWrap) -> Option<(CInt, Scev)> {
        if let ScevData::Add(ops) = self.data(x) {
            if ops.len() == 2 {
                if let Some(c) = self.as_const(ops[0]) {
                    if self.flags(x).has(expected) {
                        return Some((c, ops[1]));
                    }
                }
                return None;
            }
        }
        Some((CInt::zero(self.bits_of(x)), x))
    }

    fn is_known_via_no_overflow(&mut self, p: Predicate, a: Scev, b: Scev) -> bool {
        let m = |se: &Self, x: Scev, y: Scev, f: NoWrap| -> Option<(CInt, CInt)> {
            let (cx, nx) = se.split_add_const(x, f)?;
            let (cy, ny) = se.split_add_const(y, f)?;
            (nx == ny).then_some((cx, cy))
        };
        match p {
            Predicate::Sle | Predicate::Sge => {
                let (a, b) = if p == Predicate::Sge { (b, a) } else { (a, b) };
                m(self, a, b, NoWrap::NSW).is_some_and(|(c1, c2)| c1.sle(c2))
            }
            Predicate::Slt | Predicate::Sgt => {
                let (a, b) = if p == Predicate::Sgt { (b, a) } else { (a, b) };
                m(self, a, b, NoWrap::NSW).is_some_and(|(c1, c2)| c1.slt(c2))
            }
            Predicate::Ule | Predicate::Uge => {
                let (a, b) = if p == Predicate::Uge { (b, a) } else { (a, b) };
                m(self, b, a, NoWrap::NUW).is_some_and(|(c2, c1)| c1.ule(c2))
            }
            Predicate::Ult | Predicate::Ugt => {
                let (a, b) = if p == Predicate::Ugt { (b, a) } else { (a, b) };
                m(self, b, a, NoWrap::NUW).is_some_and(|(c2, c1)| c1.ult(c2))
            }
            _ => false,
        }
    }

    /// A simplified `isKnownViaInduction`: both sides are recurrences of
    /// one loop (or invariant in it).
    fn is_known_via_induction(&mut self, p: Predicate, a: Scev, b: Scev) -> bool {
        let la = self.ar_loop(a);
        let lb = self.ar_loop(b);
        let l = match (la, lb) {
            (Some(x), Some(y)) if x == y => x,
            (Some(x), None) if self.is_loop_invariant(b, x) => x,
            (None, Some(y)) if self.is_loop_invariant(a, y) => y,
            _ => return false,
        };
        let split = |se: &mut Self, s: Scev| -> Option<(Scev, Scev)> {
            if se.ar_loop(s) == Some(l) {
                if !se.is_affine(s) {
                    return None;
                }
                let st = se.ar_start(s);
                let pi = se.post_inc(s);
                Some((st, pi))
            } else {
                Some((s, s))
            }
        };
        let (Some((ai, ap)), Some((bi, bp))) = (split(self, a), split(self, b)) else {
            return false;
        };
        if !self.is_available_at_loop_entry(ai, l) || !self.is_available_at_loop_entry(bi, l) {
            return false;
        }
        self.is_loop_backedge_guarded_by_cond(l, p, ap, bp)
            && self.is_loop_entry_guarded_by_cond(l, p, ai, bi)
    }

    /// LLVM's `SimplifyICmpOperands`; returns whether anything changed.
    pub(crate) fn simplify_icmp_operands(
        &mut self,
        p: &mut Predicate,
        a: &mut Scev,
        b: &mut Scev,
        depth: u32,
    ) -> bool {
        if depth >= 3 || self.is_cnc(*a) || self.is_cnc(*b) {
            return false;
        }
        let mut changed = false;
        let trivial = |se: &mut Self, p: &mut Predicate, a: &mut Scev, b: &mut Scev, t: bool| {
            let f = se.get_const(CInt::zero(1));
            *a = f;
            *b = f;
            *p = if t { Predicate::Eq } else { Predicate::Ne };
            true
        };
        if let Some(ac) = self.as_const(*a) {
            if let Some(bc) = self.as_const(*b) {
                let r = eval_icmp(*p, ac, bc);
                return trivial(self, p, a, b, r);
            }
            std::mem::swap(a, b);
            *p = p.swapped();
            changed = true;
        }
        if let Some(l) = self.ar_loop(*b) {
            if self.is_loop_invariant(*a, l) && self.properly_dominates(*a, self.lf.header(l)) {
                std::mem::swap(a, b);
                *p = p.swapped();
                changed = true;
            }
        }
        if let Some(rc) = self.as_const(*b) {
            let mut by_range = false;
            if !matches!(*p, Predicate::Eq | Predicate::Ne) {
                let cr = ConstantRange::exact_icmp_region(*p, rc);
                if cr.is_full() {
                    return trivial(self, p, a, b, true);
                }
                if cr.is_empty() {
                    return trivial(self, p, a, b, false);
                }
                if let Some(x) = cr.single_element() {
                    *p = Predicate::Eq;
                    *b = self.get_const(x);
                    changed = true;
                    by_range = true;
                } else if let Some(x) = cr.inverse().single_element() {
                    *p = Predicate::Ne;
                    *b = self.get_const(x);
                    changed = true;
                    by_range = true;
                }
            }
            if !by_range {
                let one = CInt::one(rc.bits());
                match *p {
                    Predicate::Eq | Predicate::Ne if rc.is_zero() => {
                        if let Some((x, y)) = self.match_binary_sub(*a) {
                            *a = x;
                            *b = y;
                            changed = true;
                        }
                    }
                    Predicate::Uge => {
                        *p = Predicate::Ugt;
                        *b = self.get_const(rc.sub(one));
                        changed = true;
                    }
                    Predicate::Ule => {
                        *p = Predicate::Ult;
                        *b = self.get_const(rc.add(one));
                        changed = true;
                    }
                    Predicate::Sge => {
                        *p = Predicate::Sgt;
                        *b = self.get_const(rc.sub(one));
                        changed = true;
                    }
                    Predicate::Sle => {
                        *p = Predicate::Slt;
                        *b = self.get_const(rc.add(one));
                        changed = true;
                    }
                    _ => {}
                }
            }
        }
        if *a == *b {
            if is_true_when_equal(*p) {
                return trivial(self, p, a, b, true);
            }
            if is_false_when_equal(*p) {
                return trivial(self, p, a, b, false);
            }
        }
        let t = self.ty(*b);
        match *p {
            Predicate::Sle => {
                if !self.signed_range(*b).smax().is_smax() {
                    let one = self.get_one(t);
                    *b = self.get_add2(one, *b, NoWrap::NSW);
                    *p = Predicate::Slt;
                    changed = true;
                } else if !self.signed_range(*a).smin().is_smin() {
                    let m1 = self.get_minus_one(t);
                    *a = self.get_add2(m1, *a, NoWrap::NSW);
                    *p = Predicate::Slt;
                    changed = true;
                }
            }
            Predicate::Sge => {
                if !self.signed_range(*b).smin().is_smin() {
                    let m1 = self.get_minus_one(t);
                    *b = self.get_add2(m1, *b, NoWrap::NSW);
                    *p = Predicate::Sgt;
                    changed = true;
                } else if !self.signed_range(*a).smax().is_smax() {
                    let one = self.get_one(t);
                    *a = self.get_add2(one, *a, NoWrap::NSW);
                    *p = Predicate::Sgt;
                    changed = true;
                }
            }
            Predicate::Ule => {
                if !self.unsigned_range(*b).umax().is_all_ones() {
                    let one = self.get_one(t);
                    *b = self.get_add2(one, *b, NoWrap::NUW);
                    *p = Predicate::Ult;
                    changed = true;
                } else if !self.unsigned_range(*a).umin().is_zero() {
                    let m1 = self.get_minus_one(t);
                    *a = self.get_add2(m1, *a, NoWrap::ANY);
                    *p = Predicate::Ult;
                    changed = true;
                }
            }
            Predicate::Uge => {
                if !self.unsigned_range(*b).umin().is_zero() {
                    let m1 = self.get_minus_one(t);
                    *b = self.get_add2(m1, *b, NoWrap::ANY);
                    *p = Predicate::Ugt;
                    changed = true;
                } else if !self.unsigned_range(*a).umax().is_all_ones() {
                    let one = self.get_one(t);
                    *a = self.get_add2(one, *a, NoWrap::NUW);
                    *p = Predicate::Ugt;
                    changed = true;
                }
            }
            _ => {}
        }
        if self.is_cnc(*a) || self.is_cnc(*b) {
            return false;
        }
        if changed {
            self.simplify_icmp_operands(p, a, b, depth + 1);
        }
        changed
    }

    fn match_binary_sub(&self, s: Scev) -> Option<(Scev, Scev)> {
        let ScevData::Add(ops) = self.data(s) else {
            return None;
        };
        if ops.len() != 2 {
            return None;
        }
        for (m, other) in [(ops[0], ops[1]), (ops[1], ops[0])] {
            if let ScevData::Mul(mo) = self.data(m) {
                if mo.len() == 2 && self.is_all_ones(mo[0]) {
                    return Some((other, mo[1]));
                }
            }
        }
        None
    }

    /// LLVM's `isLoopEntryGuardedByCond`.
    pub(crate) fn is_loop_entry_guarded_by_cond(
        &mut self,
        l: Loop,
        p: Predicate,
        a: Scev,
        b: Scev,
    ) -> bool {
        if self.is_cnc(a) || self.is_cnc(b) {
            return false;
        }
        if self.is_known_via_non_recursive_reasoning(p, a, b) {
            return true;
        }
        let header = self.lf.header(l);
        self.is_block_entry_guarded_by_cond(header, p, a, b)
    }

    fn single_predecessor(&self, b: Block) -> Option<Block> {
        let preds = self.cfg.preds(b);
        (preds.len() == 1 && self.cfg.num_pred_edges(b) == 1).then(|| preds[0])
    }

    fn is_block_entry_guarded_by_cond(
        &mut self,
        bb: Block,
        p: Predicate,
        a: Scev,
        b: Scev,
    ) -> bool {
        if !self.dt.is_reachable(bb) {
            return true;
        }
        let strict = matches!(
            p,
            Predicate::Slt | Predicate::Sgt | Predicate::Ult | Predicate::Ugt
        );
        let non_strict = p.non_strict();
        let mut proved_ns = false;
        let mut proved_ne = false;
        if strict {
            proved_ns = self.is_known_via_non_recursive_reasoning(non_strict, a, b);
            proved_ne = self.is_known_via_non_recursive_reasoning(Predicate::Ne, a, b);
            if proved_ns && proved_ne {
                return true;
            }
        }
        let containing = self.lf.loop_for(bb);
        let mut pair: Option<(Block, Block)> = match containing {
            Some(l) if self.lf.header(l) == bb => self.lf.predecessor(self.cfg, l).map(|x| (x, bb)),
            _ => self.single_predecessor(bb).map(|x| (x, bb)),
        };
        let ctx = bb;
        let mut steps = 0;
        while let Some((pb, sb)) = pair {
            steps += 1;
            if steps > 64 {
                break;
            }
            if let Some(t) = self.f.terminator(pb) {
                let d = self.f.inst(t);
                if d.opcode == Opcode::Br && d.operands().len() == 3 {
                    let cond = d.operands()[0];
                    let inverse = d.operands()[1].as_block() != Some(sb);
                    if self.is_implied_cond_value(p, a, b, cond, inverse, Some(ctx)) {
                        return true;
                    }
                    if strict {
                        if !proved_ns {
                            proved_ns = self.is_implied_cond_value(
                                non_strict,
                                a,
                                b,
                                cond,
                                inverse,
                                Some(ctx),
                            );
                        }
                        if !proved_ne {
                            proved_ne = self.is_implied_cond_value(
                                Predicate::Ne,
                                a,
                                b,
                                cond,
                                inverse,
                                Some(ctx),
                            );
                        }
                        if proved_ns && proved_ne {
                            return true;
                        }
                    }
                }
            }
            pair = self.pred_with_unique_successor(pb);
        }
        for (ab, cond) in self.assumptions() {
            if ab == bb || !self.dt.dominates(ab, bb) {
                continue;
            }
            if self.is_implied_cond_value(p, a, b, cond, false, Some(ctx)) {
                return true;
            }
        }
        false
    }

    fn pred_with_unique_successor(&self, b: Block) -> Option<(Block, Block)> {
        if let Some(p) = self.single_predecessor(b) {
            return Some((p, b));
        }
        let l = self.lf.loop_for(b)?;
        let p = self.lf.predecessor(self.cfg, l)?;
        Some((p, self.lf.header(l)))
    }

    /// LLVM's `isLoopBackedgeGuardedByCond`.
    pub(crate) fn is_loop_backedge_guarded_by_cond(
        &mut self,
        l: Loop,
        p: Predicate,
        a: Scev,
        b: Scev,
    ) -> bool {
        if self.is_cnc(a) || self.is_cnc(b) {
            return false;
        }
        if !self.dt.is_reachable(self.lf.header(l)) {
            return true;
        }
        if self.is_known_via_non_recursive_reasoning(p, a, b) {
            return true;
        }
        let Some(latch) = self.lf.latch(self.cfg, l) else {
            return false;
        };
        let header = self.lf.header(l);
        if let Some(t) = self.f.terminator(latch) {
            let d = self.f.inst(t);
            if d.opcode == Opcode::Br && d.operands().len() == 3 {
                let cond = d.operands()[0];
                let inverse = d.operands()[1].as_block() != Some(header);
                if self.is_implied_cond_value(p, a, b, cond, inverse, None) {
                    return true;
                }
            }
        }
        if self.walking_be_conds {
            return false;
        }
        self.walking_be_conds = true;
        let r = self.backedge_guard_walk(l, latch, p, a, b);
        self.walking_be_conds = false;
        r
    }

    fn backedge_guard_walk(
        &mut self,
        l: Loop,
        latch: Block,
        p: Predicate,
        a: Scev,
        b: Scev,
    ) -> bool {
        let latch_count = self.exit_count_kind(l, latch, super::exit::CountKind::Exact);
        if !self.is_cnc(latch_count) {
            let t = self.ty(latch_count);
            let z = self.get_zero(t);
            let one = self.get_one(t);
            let counter = self.get_add_rec2(z, one, l, NoWrap::NUW.with(NoWrap::NW));
            if self.is_implied_cond(p, a, b, Predicate::Ult, counter, latch_count, None) {
                return true;
            }
        }
        let header = self.lf.header(l);
        let mut bb = latch;
        let mut steps = 0;
        while bb != header {
            steps += 1;
            if steps > 256 {
                break;
            }
            if let Some(pb) = self.single_predecessor(bb) {
                if let Some(t) = self.f.terminator(pb) {
                    let d = self.f.inst(t);
                    if d.opcode == Opcode::Br && d.operands().len() == 3 {
                        let cond = d.operands()[0];
                        let (t0, t1) = (d.operands()[1].as_block(), d.operands()[2].as_block());
                        if t0 != t1 {
                            let inverse = t0 != Some(bb);
                            if self.is_implied_cond_value(p, a, b, cond, inverse, None) {
                                return true;
                            }
                        }
                    }
                }
            }
            match self.dt.idom(bb) {
                Some(x) => bb = x,
                None => break,
            }
        }
        false
    }

    /// `(a, b)` when `v` is `a && b` (as `and` or `select a, b, false`).
    pub(crate) fn match_logical(&self, v: Operand, and: bool) -> Option<(Operand, Operand)> {
        let Operand::Value(x) = v else {
            return None;
        };
        let ValueDef::Result(i) = self.f.value_def(x) else {
            return None;
        };
        let d = self.f.inst(i);
        if self.m.types.int_width(d.ty) != Some(1) {
            return None;
        }
        let ops = d.operands();
        match d.opcode {
            Opcode::And if and => Some((ops[0], ops[1])),
            Opcode::Or if !and => Some((ops[0], ops[1])),
            Opcode::Select => {
                let c = self.const_int_of(if and { ops[2] } else { ops[1] })?;
                if and && c.is_zero() {
                    return Some((ops[0], ops[1]));
                }
                if !and && c.is_one() {
                    return Some((ops[0], ops[2]));
                }
                None
            }
            _ => None,
        }
    }

    /// `isImpliedCond` with a condition value.
    pub(crate) fn is_implied_cond_value(
        &mut self,
        p: Predicate,
        a: Scev,
        b: Scev,
        cond: Operand,
        inverse: bool,
        ctx: Option<Block>,
    ) -> bool {
        if let Some(c) = self.const_int_of(cond) {
            if c.bits() == 1 && c.is_one() != inverse {
                return false;
            }
            if c.bits() == 1 {
                return true;
            }
        }
        let Operand::Value(cv) = cond else {
            return false;
        };
        if !self.pending_loop_phis.insert(cv) {
            return false;
        }
        let r = self.is_implied_cond_value_inner(p, a, b, cond, inverse, ctx);
        self.pending_loop_phis.remove(&cv);
        r
    }

    fn is_implied_cond_value_inner(
        &mut self,
        p: Predicate,
        a: Scev,
        b: Scev,
        cond: Operand,
        inverse: bool,
        ctx: Option<Block>,
    ) -> bool {
        if let Some((x, y)) = self.match_logical(cond, true) {
            if !inverse {
                return self.is_implied_cond_value(p, a, b, x, inverse, ctx)
                    || self.is_implied_cond_value(p, a, b, y, inverse, ctx);
            }
        } else if let Some((x, y)) = self.match_logical(cond, false) {
            if inverse {
                return self.is_implied_cond_value(p, a, b, x, inverse, ctx)
                    || self.is_implied_cond_value(p, a, b, y, inverse, ctx);
            }
        }
        let Operand::Value(cv) = cond else {
            return false;
        };
        let ValueDef::Result(i) = self.f.value_def(cv) else {
            return false;
        };
        let d = self.f.inst(i);
        if d.opcode != Opcode::ICmp || d.operands().len() != 2 {
            return false;
        }
        let Some(fp) = d.predicate() else {
            return false;
        };
        let fp = if inverse { fp.inverse() } else { fp };
        let (o0, o1) = (d.operands()[0], d.operands()[1]);
        let fa = self.get_scev(o0);
        let fb = self.get_scev(o1);
        if self.is_cnc(fa) || self.is_cnc(fb) {
            return false;
        }
        self.is_implied_cond(p, a, b, fp, fa, fb, ctx)
    }

    /// LLVM's `isImpliedCond` on expressions.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn is_implied_cond(
        &mut self,
        p: Predicate,
        a: Scev,
        b: Scev,
        fp: Predicate,
        fa: Scev,
        fb: Scev,
        ctx: Option<Block>,
    ) -> bool {
        let (mut a, mut b, mut fa, mut fb) = (a, b, fa, fb);
        let (wa, wf) = (self.bits_of(a), self.bits_of(fa));
        if wa < wf {
            if !fp.is_signed() && !self.ty(fa).is_ptr() && !self.ty(fb).is_ptr() {
                let nt = self.ty(a);
                let wt = self.ty(fa);
                let maxc = self.get_const(CInt::umax_value(wa));
                let maxv = self.get_zero_extend(maxc, wt, 0);
                if self.is_known_via_non_recursive_reasoning(Predicate::Ule, fa, maxv)
                    && self.is_known_via_non_recursive_reasoning(Predicate::Ule, fb, maxv)
                {
                    let ta = self.get_truncate(fa, nt, 0);
                    let tb = self.get_truncate(fb, nt, 0);
                    if self.is_implied_cond_balanced(p, a, b, fp, ta, tb, ctx) {
                        return true;
                    }
                }
            }
            if self.ty(a).is_ptr() || self.ty(b).is_ptr() {
                return false;
            }
            let wt = self.ty(fa);
            if p.is_signed() {
                a = self.get_sign_extend(a, wt, 0);
                b = self.get_sign_extend(b, wt, 0);
            } else {
                a = self.get_zero_extend(a, wt, 0);
                b = self.get_zero_extend(b, wt, 0);
            }
        } else if wa > wf {
            if self.ty(fa).is_ptr() || self.ty(fb).is_ptr() {
                return false;
            }
            let wt = self.ty(a);
            if fp.is_signed() {
                fa = self.get_sign_extend(fa, wt, 0);
                fb = self.get_sign_extend(fb, wt, 0);
            } else {
                fa = self.get_zero_extend(fa, wt, 0);
                fb = self.get_zero_extend(fb, wt, 0);
            }
        }
        if self.is_cnc(a) || self.is_cnc(b) || self.is_cnc(fa) || self.is_cnc(fb) {
            return false;
        }
        self.is_implied_cond_balanced(p, a, b, fp, fa, fb, ctx)
    }

    #[allow(clippy::too_many_arguments)]
    fn is_implied_cond_balanced(
        &mut self,
        p: Predicate,
        a: Scev,
        b: Scev,
        fp: Predicate,
        fa: Scev,
        fb: Scev,
        ctx: Option<Block>,
    ) -> bool {
        let (mut p, mut a, mut b, mut fp, mut fa, mut fb) = (p, a, b, fp, fa, fb);
        if self.simplify_icmp_operands(&mut p, &mut a, &mut b, 0) && a == b {
            return is_true_when_equal(p);
        }
        if self.simplify_icmp_operands(&mut fp, &mut fa, &mut fb, 0) && fa == fb {
            return is_false_when_equal(fp);
        }
        if a == fb || b == fa {
            if self.as_const(b).is_some() {
                std::mem::swap(&mut fa, &mut fb);
                fp = fp.swapped();
            } else {
                std::mem::swap(&mut a, &mut b);
                p = p.swapped();
            }
        }
        if fp == p {
            return self.is_implied_cond_operands(p, a, b, fa, fb, ctx);
        }
        if fp.swapped() == p {
            if self.as_const(b).is_none() && self.as_add_rec(a).is_none() {
                return self.is_implied_cond_operands(fp, b, a, fa, fb, ctx);
            }
            if self.as_const(fb).is_none() && self.as_add_rec(fa).is_none() {
                return self.is_implied_cond_operands(p, a, b, fb, fa, ctx);
            }
            if !self.ty(a).is_ptr() && !self.ty(b).is_ptr() {
                let na = self.get_not(a);
                let nb = self.get_not(b);
                if self.is_implied_cond_operands(fp, na, nb, fa, fb, ctx) {
                    return true;
                }
            }
            if !self.ty(fa).is_ptr() && !self.ty(fb).is_ptr() {
                let na = self.get_not(fa);
                let nb = self.get_not(fb);
                if self.is_implied_cond_operands(p, a, b, na, nb, ctx) {
                    return true;
                }
            }
            return false;
        }
        if is_relational(fp) && p == fp.flipped_signedness() {
            if (self.is_known_non_negative(fa) && self.is_known_non_negative(fb))
                || (self.is_known_negative(fa) && self.is_known_negative(fb))
            {
                return self.is_implied_cond_operands(p, a, b, fa, fb, ctx);
            }
            let (mut cp, mut ca, mut cb, mut cfa, mut cfb) = (p, a, b, fa, fb);
            if matches!(
                cp,
                Predicate::Sgt | Predicate::Sge | Predicate::Ugt | Predicate::Uge
            ) {
                cp = cp.swapped();
                std::mem::swap(&mut ca, &mut cb);
                std::mem::swap(&mut cfa, &mut cfb);
            }
            // x <u y && y >=s 0 implies x <s y; x <s y && y <s 0 implies
            // x <u y: the sign of the found bound decides.
            if cp.is_signed() && self.is_known_non_negative(cfb) {
                return self.is_implied_cond_operands(cp, ca, cb, cfa, cfb, ctx);
            }
            if cp.is_unsigned() && self.is_known_negative(cfb) {
                return self.is_implied_cond_operands(cp, ca, cb, cfa, cfb, ctx);
            }
        }
        if fp == Predicate::Ne && (self.as_const(fa).is_some() || self.as_const(fb).is_some()) {
            let (c, v) = match self.as_const(fa) {
                Some(c) => (c, fb),
                None => (self.as_const(fb).unwrap_or(CInt::zero(1)), fa),
            };
            let min = if p.is_signed() {
                self.signed_range(v).smin()
            } else {
                self.unsigned_range(v).umin()
            };
            if min == c && min.bits() == c.bits() {
                let sharper = min.add(CInt::one(min.bits()));
                let sc = self.get_const(sharper);
                let mc = self.get_const(min);
                match p {
                    Predicate::Sge | Predicate::Uge | Predicate::Sgt | Predicate::Ugt => {
                        if matches!(p, Predicate::Sge | Predicate::Uge)
                            && self.is_implied_cond_operands(p, a, b, v, sc, ctx)
                        {
                            return true;
                        }
                        if self.is_implied_cond_operands(p, a, b, v, mc, ctx) {
                            return true;
                        }
                    }
                    Predicate::Sle | Predicate::Ule | Predicate::Slt | Predicate::Ult => {
                        let sp = p.swapped();
                        if matches!(p, Predicate::Sle | Predicate::Ule)
                            && self.is_implied_cond_operands(sp, b, a, v, sc, ctx)
                        {
                            return true;
                        }
                        if self.is_implied_cond_operands(sp, b, a, v, mc, ctx) {
                            return true;
                        }
                    }
                    _ => {}
                }
            }
        }
        if fp == Predicate::Eq
            && is_true_when_equal(p)
            && self.is_implied_cond_operands(p, a, b, fa, fb, ctx)
        {
            return true;
        }
        if p == Predicate::Ne
            && !is_true_when_equal(fp)
            && self.is_implied_cond_operands(fp, a, b, fa, fb, ctx)
        {
            return true;
        }
        self.is_implied_cond_operands_via_ranges(p, a, b, fp, fa, fb)
    }

    fn is_implied_cond_operands(
        &mut self,
        p: Predicate,
        a: Scev,
        b: Scev,
        fa: Scev,
        fb: Scev,
        ctx: Option<Block>,
    ) -> bool {
        if self.is_implied_cond_operands_via_ranges(p, a, b, p, fa, fb) {
            return true;
        }
        if self.is_implied_via_no_overflow(p, a, b, fa, fb) {
            return true;
        }
        if self.is_implied_via_add_rec_start(p, a, b, fa, fb, ctx) {
            return true;
        }
        if self.implied_operands_helper(p, a, b, fa, fb) {
            return true;
        }
        if self.ty(fa).is_ptr() || self.ty(fb).is_ptr() {
            return false;
        }
        let nfb = self.get_not(fb);
        let nfa = self.get_not(fa);
        self.implied_operands_helper(p, a, b, nfb, nfa)
    }

    fn implied_operands_helper(
        &mut self,
        p: Predicate,
        a: Scev,
        b: Scev,
        fa: Scev,
        fb: Scev,
    ) -> bool {
        match p {
            Predicate::Eq | Predicate::Ne => a == fa && b == fb,
            Predicate::Slt | Predicate::Sle => {
                self.is_known_via_non_recursive_reasoning(Predicate::Sle, a, fa)
                    && self.is_known_via_non_recursive_reasoning(Predicate::Sge, b, fb)
            }
            Predicate::Sgt | Predicate::Sge => {
                self.is_known_via_non_recursive_reasoning(Predicate::Sge, a, fa)
                    && self.is_known_via_non_recursive_reasoning(Predicate::Sle, b, fb)
            }
            Predicate::Ult | Predicate::Ule => {
                self.is_known_via_non_recursive_reasoning(Predicate::Ule, a, fa)
                    && self.is_known_via_non_recursive_reasoning(Predicate::Uge, b, fb)
            }
            Predicate::Ugt | Predicate::Uge => {
                self.is_known_via_non_recursive_reasoning(Predicate::Uge, a, fa)
                    && self.is_known_via_non_recursive_reasoning(Predicate::Ule, b, fb)
            }
            _ => false,
        }
    }

    fn is_implied_cond_operands_via_ranges(
        &mut self,
        p: Predicate,
        a: Scev,
        b: Scev,
        fp: Predicate,
        fa: Scev,
        fb: Scev,
    ) -> bool {
        let (Some(rc), Some(frc)) = (self.as_const(b), self.as_const(fb)) else {
            return false;
        };
        let Some(addend) = self.constant_difference(a, fa) else {
            return false;
        };
        if addend.bits() != frc.bits() || rc.bits() != frc.bits() {
            return false;
        }
        let found = ConstantRange::exact_icmp_region(fp, frc);
        let lhs = found.add(&ConstantRange::single(addend));
        lhs.icmp(p, &ConstantRange::single(rc))
    }

    /// `more - less` when it is a constant (LLVM's
    /// `computeConstantDifference`).
    pub(crate) fn constant_difference(&mut self, more: Scev, less: Scev) -> Option<CInt> {
        if self.is_cnc(more) || self.is_cnc(less) || self.bits_of(more) != self.bits_of(less) {
            return None;
        }
        if more == less {
            return Some(CInt::zero(self.bits_of(more)));
        }
        let (mut more, mut less) = (more, less);
        if let (Some((mo, ml)), Some((lo, ll))) = (
            self.as_add_rec(more).map(|(o, l)| (o.to_vec(), l)),
            self.as_add_rec(less).map(|(o, l)| (o.to_vec(), l)),
        ) {
            if ml != ll || mo.len() != 2 || lo.len() != 2 || mo[1] != lo[1] {
                return None;
            }
            more = mo[0];
            less = lo[0];
        }
        if let (Some(m), Some(l)) = (self.as_const(more), self.as_const(less)) {
            return Some(m.sub(l));
        }
        let bits = self.bits_of(more);
        let mut diff = CInt::zero(bits);
        let mut mult: Vec<(Scev, i32)> = Vec::new();
        let mut add = |se: &Self, s: Scev, m: i32, diff: &mut CInt| {
            if let Some(c) = se.as_const(s) {
                *diff = if m == 1 { diff.add(c) } else { diff.sub(c) };
            } else if let Some(e) = mult.iter_mut().find(|e| e.0 == s) {
                e.1 += m;
            } else {
                mult.push((s, m));
            }
        };
        for (s, m) in [(more, 1), (less, -1)] {
            if let ScevData::Add(ops) = self.data(s).clone() {
                for o in ops {
                    add(self, o, m, &mut diff);
                }
            } else {
                add(self, s, m, &mut diff);
            }
        }
        if mult.iter().all(|e| e.1 == 0) {
            return Some(diff);
        }
        None
    }

    fn is_implied_via_no_overflow(
        &mut self,
        p: Predicate,
        a: Scev,
        b: Scev,
        fa: Scev,
        fb: Scev,
    ) -> bool {
        if p != Predicate::Slt && p != Predicate::Ult {
            return false;
        }
        let (Some(la), Some(lf)) = (self.ar_loop(a), self.ar_loop(fa)) else {
            return false;
        };
        if la != lf {
            return false;
        }
        let (Some(ld), Some(rd)) = (
            self.constant_difference(a, fa),
            self.constant_difference(b, fb),
        ) else {
            return false;
        };
        if ld != rd {
            return false;
        }
        if ld.is_zero() {
            return true;
        }
        let limit = if p == Predicate::Ult {
            rd.neg()
        } else {
            CInt::smin_value(rd.bits()).sub(rd)
        };
        if !self.is_available_at_loop_entry(fb, lf) {
            return false;
        }
        let lc = self.get_const(limit);
        self.is_loop_entry_guarded_by_cond(lf, p, fb, lc)
    }

    fn is_implied_via_add_rec_start(
        &mut self,
        p: Predicate,
        a: Scev,
        b: Scev,
        fa: Scev,
        fb: Scev,
        ctx: Option<Block>,
    ) -> bool {
        let Some(ctx) = ctx else {
            return false;
        };
        for (ar, other, ar_is_lhs) in [(fa, fb, true), (fb, fa, false)] {
            let Some(l) = self.ar_loop(ar) else {
                continue;
            };
            let Some(latch) = self.lf.latch(self.cfg, l) else {
                return false;
            };
            if !self.lf.contains(l, ctx) || !self.dt.dominates(ctx, latch) {
                return false;
            }
            if !self.is_available_at_loop_entry(other, l) {
                return false;
            }
            let start = self.ar_start(ar);
            return if ar_is_lhs {
                self.is_implied_cond_operands(p, a, b, start, other, None)
            } else {
                self.is_implied_cond_operands(p, a, b, other, start, None)
            };
        }
        false
    }
}

/// Evaluates an integer comparison of constants.
pub(crate) fn eval_icmp(p: Predicate, a: CInt, b: CInt) -> bool {
    match p {
        Predicate::Eq => a == b,
        Predicate::Ne => a != b,
        Predicate::Ult => a.ult(b),
        Predicate::Ule => a.ule(b),
        Predicate::Ugt => a.ugt(b),
        Predicate::Uge => a.uge(b),
        Predicate::Slt => a.slt(b),
        Predicate::Sle => a.sle(b),
        Predicate::Sgt => a.sgt(b),
        Predicate::Sge => a.sge(b),
        _ => false,
    }
}
