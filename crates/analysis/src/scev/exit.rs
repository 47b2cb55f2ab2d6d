//! Exit counts and backedge-taken counts, as LLVM 19 computes them.
//!
//! For every exiting block that dominates the single latch, the exit
//! condition (`br i1` on an `icmp`, `and`/`or`/`select` combinations of
//! conditions, a constant, or a `switch` with one exit) gives an
//! [`ExitLimit`]: how many times the backedge is taken before the exit is
//! taken, exactly, as a constant upper bound and as a symbolic upper
//! bound. The loop's counts combine the exits: the exact count exists only
//! when every exit is computable (their sequential umin); the symbolic
//! maximum is the umin over the computable exits; the constant maximum is
//! the minimum over exits that must be taken, else the maximum over the
//! others.
//!
//! The comparisons are solved by `how_far_to_zero` (`!=`),
//! `how_many_less_thans` (`<`), `how_many_greater_thans` (`>`), the
//! constant-range solver for recurrences with constant operands, and, when
//! nothing else applies, by executing the loop on constants for up to 100
//! iterations (LLVM's brute force).

use super::expr::{NoWrap, Ops, Scev, ScevData, Ty, UnkRef};
use super::int::CInt;
use super::range::ConstantRange;
use super::ScalarEvolution;
use crate::loops::Loop;
use loopwright_ir::{Attr, Block, Opcode, Operand, Predicate, ValueDef};
use rustc_hash::FxHashMap;

/// One exit's counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ExitLimit {
    pub exact: Scev,
    pub constant_max: Scev,
    pub symbolic_max: Scev,
    pub max_or_zero: bool,
}

/// Which count of an exit or loop.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CountKind {
    Exact,
    ConstantMax,
    SymbolicMax,
}

/// The counts of one loop.
#[derive(Clone, Debug)]
pub struct BackedgeTakenInfo {
    /// Exits with a computable (symbolic) count: (exiting block, limit).
    pub exits: Vec<(Block, ExitLimit)>,
    pub complete: bool,
    /// A constant, or CouldNotCompute.
    pub constant_max: Scev,
    pub max_or_zero: bool,
    pub symbolic_max: Option<Scev>,
}

/// Cached facts about a loop.
#[derive(Copy, Clone, Debug, Default)]
pub struct LoopProps {
    pub no_abnormal_exits: bool,
    pub no_side_effects: bool,
    pub must_progress: bool,
}

impl ScalarEvolution<'_> {
    fn limit(&self, s: Scev) -> ExitLimit {
        self.make_limit(s, s, s, false)
    }

    fn cnc_limit(&self) -> ExitLimit {
        self.limit(self.cnc)
    }

    /// LLVM's `ExitLimit` constructor: a zero maximum makes every count
    /// zero.
    fn make_limit(&self, exact: Scev, cmax: Scev, smax: Scev, max_or_zero: bool) -> ExitLimit {
        if self.is_zero(cmax) {
            return ExitLimit {
                exact: cmax,
                constant_max: cmax,
                symbolic_max: cmax,
                max_or_zero,
            };
        }
        ExitLimit {
            exact,
            constant_max: cmax,
            symbolic_max: smax,
            max_or_zero,
        }
    }

    fn has_any_info(&self, e: &ExitLimit) -> bool {
        !self.is_cnc(e.exact) || !self.is_cnc(e.constant_max)
    }

    /// The counts of `l` (computed once; `None` while in progress).
    fn btc_info(&mut self, l: Loop) -> Option<BackedgeTakenInfo> {
        if let Some(e) = self.btc.get(&l) {
            return e.clone();
        }
        self.btc.insert(l, None);
        let info = self.compute_btc(l);
        let any = info.complete || !self.is_cnc(info.constant_max) || !info.exits.is_empty();
        if any {
            self.forget_ranges();
        }
        self.btc.insert(l, Some(info.clone()));
        Some(info)
    }

    pub(crate) fn exact_btc(&mut self, l: Loop) -> Scev {
        let Some(info) = self.btc_info(l) else {
            return self.cnc;
        };
        if !info.complete || info.exits.is_empty() || self.lf.latch(self.cfg, l).is_none() {
            return self.cnc;
        }
        let ops: Vec<Scev> = info.exits.iter().map(|e| e.1.exact).collect();
        self.get_umin_mismatched(&ops, true)
    }

    pub(crate) fn constant_max_btc(&mut self, l: Loop) -> Scev {
        match self.btc_info(l) {
            Some(info) => info.constant_max,
            None => self.cnc,
        }
    }

    pub(crate) fn symbolic_max_btc(&mut self, l: Loop) -> Scev {
        let Some(info) = self.btc_info(l) else {
            return self.cnc;
        };
        if let Some(s) = info.symbolic_max {
            return s;
        }
        let ops: Vec<Scev> = info
            .exits
            .iter()
            .map(|e| e.1.symbolic_max)
            .filter(|&s| !self.is_cnc(s))
            .collect();
        let s = if ops.is_empty() {
            self.cnc
        } else {
            self.get_umin_mismatched(&ops, true)
        };
        if let Some(Some(i)) = self.btc.get_mut(&l) {
            i.symbolic_max = Some(s);
        }
        s
    }

    /// Whether the backedge-taken count is either the constant maximum or
    /// zero.
    pub fn is_btc_max_or_zero(&mut self, l: Loop) -> bool {
        self.btc_info(l).is_some_and(|i| i.max_or_zero)
    }

    pub(crate) fn exit_count_kind(&mut self, l: Loop, exiting: Block, kind: CountKind) -> Scev {
        let Some(info) = self.btc_info(l) else {
            return self.cnc;
        };
        for (b, el) in &info.exits {
            if *b == exiting {
                return match kind {
                    CountKind::Exact => el.exact,
                    CountKind::ConstantMax => el.constant_max,
                    CountKind::SymbolicMax => el.symbolic_max,
                };
            }
        }
        self.cnc
    }

    /// The symbolic maximum count of one exit.
    pub fn exit_count_symbolic_max(&mut self, l: Loop, exiting: Block) -> Option<Scev> {
        let s = self.exit_count_kind(l, exiting, CountKind::SymbolicMax);
        (!self.is_cnc(s)).then_some(s)
    }

    pub(crate) fn small_constant_trip_count(&mut self, l: Loop) -> Option<u64> {
        let e = self.exact_btc(l);
        let c = self.as_const(e)?;
        if c.active_bits() > 32 {
            return None;
        }
        Some(u64::from((c.u() as u32).wrapping_add(1)))
    }

    pub(crate) fn small_constant_trip_multiple(&mut self, l: Loop) -> u32 {
        let exiting = self.lf.exiting_blocks(self.cfg, l);
        let mut res: Option<u32> = None;
        for b in exiting {
            let ec = self.exit_count_kind(l, b, CountKind::Exact);
            let ec = self.apply_loop_guards(ec, l);
            let m = self.trip_multiple_of(ec);
            res = Some(match res {
                None => m,
                Some(r) => gcd(r, m),
            });
        }
        res.unwrap_or(1)
    }

    fn trip_multiple_of(&mut self, ec: Scev) -> u32 {
        if self.is_cnc(ec) {
            return 1;
        }
        // The trip count in one more bit (LLVM's `getTripCountFromExitCount`
        // with the widened type), so that an all-ones count does not wrap.
        let t = self.ty(ec);
        let bits = self.bits_of(ec);
        let tc = if bits < super::int::MAX_BITS {
            let wide = Ty::Int(bits + 1);
            if !self.unsigned_range(ec).contains(CInt::umax_value(bits)) {
                let one = self.get_one(t);
                let s = self.get_add2(ec, one, NoWrap::ANY);
                self.get_zero_extend(s, wide, 0)
            } else {
                let z = self.get_truncate_or_zero_extend(ec, wide, 0);
                let one = self.get_one(wide);
                self.get_add2(z, one, NoWrap::ANY)
            }
        } else {
            let one = self.get_one(t);
            self.get_add2(ec, one, NoWrap::ANY)
        };
        if self.is_cnc(tc) {
            return 1;
        }
        let m = self.non_zero_constant_multiple(tc);
        if m.active_bits() > 32 {
            1u32 << m.trailing_zeros().min(31)
        } else {
            m.u() as u32
        }
    }

    /// Loop facts used by the finiteness arguments.
    pub(crate) fn loop_props(&mut self, l: Loop) -> LoopProps {
        if let Some(p) = self.loop_props.get(&l) {
            return *p;
        }
        let mut p = LoopProps {
            no_abnormal_exits: true,
            no_side_effects: true,
            must_progress: false,
        };
        for &b in self.lf.data(l).blocks() {
            for i in self.f.layout.block_insts(b) {
                let d = self.f.inst(i);
                if d.opcode.is_debug_record() {
                    continue;
                }
                if !self.transfers_execution(i) {
                    p.no_abnormal_exits = false;
                }
                if self.may_have_side_effects(i) {
                    p.no_side_effects = false;
                }
            }
        }
        let fn_attr = |name: &str| {
            self.m
                .attrs
                .get(self.f.fn_attrs)
                .iter()
                .any(|a| matches!(a, Attr::Flag(k) if &**k == name))
        };
        let finite = fn_attr("willreturn");
        p.must_progress = fn_attr("mustprogress") || self.loop_has_must_progress(l);
        if finite {
            // A loop of a function that must return is finite.
            p.must_progress = true;
            p.no_side_effects = p.no_side_effects || finite;
        }
        self.loop_props.insert(l, p);
        p
    }

    fn loop_has_must_progress(&self, l: Loop) -> bool {
        let Some(id) = self.lf.loop_id(self.f, &self.m.md, self.cfg, l) else {
            return false;
        };
        let md = &self.m.md;
        md.tuple_ops(id).unwrap_or(&[]).iter().skip(1).any(|op| {
            let Some(loopwright_ir::Md::Node(n)) = op else {
                return false;
            };
            md.tuple_ops(*n).is_some_and(|ops| {
                matches!(ops.first(), Some(Some(s)) if md.as_str(*s) == Some(b"llvm.loop.mustprogress".as_slice()))
            })
        })
    }

    fn may_have_side_effects(&self, i: loopwright_ir::Inst) -> bool {
        let d = self.f.inst(i);
        if !self.transfers_execution(i) {
            return true;
        }
        match d.opcode {
            // Non-atomic, non-volatile stores are fine (LLVM's
            // `loopHasNoSideEffects`).
            Opcode::Store => {
                d.flags.contains(loopwright_ir::Flags::VOLATILE)
                    || matches!(
                        d.extra,
                        loopwright_ir::Extra::Mem {
                            atomic: Some(_),
                            ..
                        }
                    )
            }
            Opcode::AtomicCmpXchg | Opcode::AtomicRmw | Opcode::Fence | Opcode::VAArg => true,
            Opcode::Load => {
                d.flags.contains(loopwright_ir::Flags::VOLATILE)
                    || matches!(
                        d.extra,
                        loopwright_ir::Extra::Mem {
                            atomic: Some(_),
                            ..
                        }
                    )
            }
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                crate::loops::may_access_memory(self.m, d) && !self.call_only_reads(d)
            }
            _ => false,
        }
    }

    fn call_only_reads(&self, d: &loopwright_ir::InstData) -> bool {
        let Some(ci) = d.call_info() else {
            return false;
        };
        let reads = |set| {
            self.m.attrs.get(set).iter().any(|a| match a {
                Attr::Raw(k, v) => {
                    &**k == "memory"
                        && (&**v == "read" || &**v == "none" || v.starts_with("argmem: read"))
                }
                Attr::Flag(k) => &**k == "readonly" || &**k == "readnone",
                _ => false,
            })
        };
        if reads(ci.fn_attrs) {
            return true;
        }
        if let Some(Operand::Const(c)) = d.callee() {
            if let loopwright_ir::ConstData::Global {
                global: loopwright_ir::GlobalRef::Func(f),
                ..
            } = self.m.consts.data(c)
            {
                return reads(self.m.functions[*f].fn_attrs);
            }
        }
        false
    }

    pub(crate) fn loop_has_no_abnormal_exits(&mut self, l: Loop) -> bool {
        self.loop_props(l).no_abnormal_exits
    }

    /// LLVM's `loopIsFiniteByAssumption`.
    pub(crate) fn loop_is_finite_by_assumption(&mut self, l: Loop) -> bool {
        let fn_willreturn = self
            .m
            .attrs
            .get(self.f.fn_attrs)
            .iter()
            .any(|a| matches!(a, Attr::Flag(k) if &**k == "willreturn"));
        if fn_willreturn {
            return true;
        }
        let p = self.loop_props(l);
        p.must_progress && p.no_side_effects
    }

    /// LLVM's `computeBackedgeTakenCount`.
    fn compute_btc(&mut self, l: Loop) -> BackedgeTakenInfo {
        let exiting = self.lf.exiting_blocks(self.cfg, l);
        let latch = self.lf.latch(self.cfg, l);
        let only_exit = exiting.len() == 1;
        let mut exits = Vec::new();
        let mut complete = true;
        let mut must_max: Option<Scev> = None;
        let mut must_max_or_zero = false;
        let mut may_max: Option<Scev> = None;
        for &eb in &exiting {
            if let Some(t) = self.f.terminator(eb) {
                let d = self.f.inst(t);
                if d.opcode == Opcode::Br && d.operands().len() == 3 {
                    if let Some(c) = self.const_int_of(d.operands()[0]) {
                        let t0 = d.operands()[1].as_block();
                        let exit_if_true = !t0.is_some_and(|b| self.lf.contains(l, b));
                        if exit_if_true == c.is_zero() {
                            continue;
                        }
                    }
                }
            }
            let el = self.compute_exit_limit(l, eb, only_exit);
            if self.is_cnc(el.exact) {
                complete = false;
            }
            if !self.is_cnc(el.symbolic_max) {
                exits.push((eb, el));
            }
            let dominates_latch = latch.is_some_and(|lb| self.dt.dominates(eb, lb));
            if !self.is_cnc(el.constant_max) && dominates_latch {
                match must_max {
                    None => {
                        must_max = Some(el.constant_max);
                        must_max_or_zero = el.max_or_zero;
                    }
                    Some(m) => {
                        must_max = Some(self.get_umin_mismatched(&[m, el.constant_max], false))
                    }
                }
            } else if may_max != Some(self.cnc) {
                may_max = match may_max {
                    None => Some(el.constant_max),
                    Some(_) if self.is_cnc(el.constant_max) => Some(el.constant_max),
                    Some(m) => Some(self.get_umax_mismatched(m, el.constant_max)),
                };
            }
        }
        let max = must_max.or(may_max).unwrap_or(self.cnc);
        let max = if self.as_const(max).is_some() {
            max
        } else {
            self.cnc
        };
        BackedgeTakenInfo {
            exits,
            complete,
            constant_max: max,
            max_or_zero: must_max_or_zero && exiting.len() == 1,
            symbolic_max: None,
        }
    }

    /// LLVM's `computeExitLimit` for one exiting block.
    fn compute_exit_limit(&mut self, l: Loop, eb: Block, only_exit: bool) -> ExitLimit {
        let Some(latch) = self.lf.latch(self.cfg, l) else {
            return self.cnc_limit();
        };
        if !self.dt.dominates(eb, latch) {
            return self.cnc_limit();
        }
        let Some(t) = self.f.terminator(eb) else {
            return self.cnc_limit();
        };
        let d = self.f.inst(t);
        match d.opcode {
            Opcode::Br if d.operands().len() == 3 => {
                let t0 = d.operands()[1].as_block();
                let exit_if_true = !t0.is_some_and(|b| self.lf.contains(l, b));
                let mut cache = FxHashMap::default();
                self.exit_limit_from_cond(&mut cache, l, d.operands()[0], exit_if_true, only_exit)
            }
            Opcode::Switch => {
                let succs: Vec<Block> = d.successors().collect();
                let mut exit = None;
                for s in succs {
                    if !self.lf.contains(l, s) {
                        if exit.is_some_and(|e| e != s) {
                            return self.cnc_limit();
                        }
                        exit = Some(s);
                    }
                }
                let Some(exit) = exit else {
                    return self.cnc_limit();
                };
                self.exit_limit_from_switch(l, d, exit, only_exit)
            }
            _ => self.cnc_limit(),
        }
    }

    /// LLVM's `computeExitLimitFromSingleExitSwitch`.
    fn exit_limit_from_switch(
        &mut self,
        l: Loop,
        d: &loopwright_ir::InstData,
        exit: Block,
        only_exit: bool,
    ) -> ExitLimit {
        let ops = d.operands();
        // The default destination must stay in the loop.
        if ops[1].as_block() == Some(exit) {
            return self.cnc_limit();
        }
        let mut case_val = None;
        for pair in ops[2..].chunks(2) {
            if pair.get(1).and_then(|b| b.as_block()) == Some(exit) {
                if case_val.is_some() {
                    return self.cnc_limit();
                }
                case_val = Some(pair[0]);
            }
        }
        let Some(cv) = case_val else {
            return self.cnc_limit();
        };
        let lhs = self.get_scev(ops[0]);
        let rhs = self.get_scev(cv);
        let lhs = self.scev_at_scope(lhs, Some(l));
        let diff = self.get_minus(lhs, rhs, NoWrap::ANY);
        let el = self.how_far_to_zero(diff, l, only_exit);
        if self.has_any_info(&el) {
            return el;
        }
        self.cnc_limit()
    }

    fn exit_limit_from_cond(
        &mut self,
        cache: &mut FxHashMap<(Operand, bool, bool), ExitLimit>,
        l: Loop,
        cond: Operand,
        exit_if_true: bool,
        only_exit: bool,
    ) -> ExitLimit {
        if let Some(e) = cache.get(&(cond, exit_if_true, only_exit)) {
            return *e;
        }
        let e = self.exit_limit_from_cond_impl(cache, l, cond, exit_if_true, only_exit);
        cache.insert((cond, exit_if_true, only_exit), e);
        e
    }

    fn exit_limit_from_cond_impl(
        &mut self,
        cache: &mut FxHashMap<(Operand, bool, bool), ExitLimit>,
        l: Loop,
        cond: Operand,
        exit_if_true: bool,
        only_exit: bool,
    ) -> ExitLimit {
        if let Some(e) = self.exit_limit_from_binop(cache, l, cond, exit_if_true, only_exit) {
            return e;
        }
        if let Some(v) = self.view(cond) {
            if v.opcode == Opcode::ICmp {
                let Some(p) = v.pred else {
                    return self.cnc_limit();
                };
                let pred = if exit_if_true { p.inverse() } else { p };
                let lhs = self.get_scev(v.ops[0]);
                let rhs = self.get_scev(v.ops[1]);
                let el = self.exit_limit_from_icmp(l, pred, lhs, rhs, only_exit);
                if self.has_any_info(&el) {
                    return el;
                }
                let ex = self.exit_count_exhaustively(l, cond, exit_if_true);
                if !self.is_cnc(ex) {
                    return self.limit(ex);
                }
                return self.shift_compare_exit_limit(l, v.ops[0], v.ops[1], pred);
            }
        }
        if let Some(c) = self.const_int_of(cond) {
            if exit_if_true == c.is_zero() {
                return self.cnc_limit();
            }
            let z = self.get_const(CInt::zero(c.bits()));
            return self.limit(z);
        }
        let ex = self.exit_count_exhaustively(l, cond, exit_if_true);
        self.limit(ex)
    }

    /// LLVM's `computeExitLimitFromCondFromBinOp`.
    fn exit_limit_from_binop(
        &mut self,
        cache: &mut FxHashMap<(Operand, bool, bool), ExitLimit>,
        l: Loop,
        cond: Operand,
        exit_if_true: bool,
        only_exit: bool,
    ) -> Option<ExitLimit> {
        let (is_and, op0, op1) = if let Some((a, b)) = self.match_logical(cond, true) {
            (true, a, b)
        } else if let Some((a, b)) = self.match_logical(cond, false) {
            (false, a, b)
        } else {
            return None;
        };
        let either_may_exit = is_and ^ exit_if_true;
        let el0 =
            self.exit_limit_from_cond(cache, l, op0, exit_if_true, only_exit && !either_may_exit);
        let el1 =
            self.exit_limit_from_cond(cache, l, op1, exit_if_true, only_exit && !either_may_exit);
        let neutral = u128::from(is_and);
        if let Some(c) = self.const_int_of(op1) {
            return Some(if c.u() == neutral { el0 } else { el1 });
        }
        if let Some(c) = self.const_int_of(op0) {
            return Some(if c.u() == neutral { el1 } else { el0 });
        }
        let mut be = self.cnc;
        let mut cmax = self.cnc;
        let mut smax = self.cnc;
        if either_may_exit {
            let seq = !self.is_bitwise(cond);
            if !self.is_cnc(el0.exact) && !self.is_cnc(el1.exact) {
                be = self.get_umin_mismatched(&[el0.exact, el1.exact], seq);
            }
            cmax = if self.is_cnc(el0.constant_max) {
                el1.constant_max
            } else if self.is_cnc(el1.constant_max) {
                el0.constant_max
            } else {
                self.get_umin_mismatched(&[el0.constant_max, el1.constant_max], false)
            };
            smax = if self.is_cnc(el0.symbolic_max) {
                el1.symbolic_max
            } else if self.is_cnc(el1.symbolic_max) {
                el0.symbolic_max
            } else {
                self.get_umin_mismatched(&[el0.symbolic_max, el1.symbolic_max], seq)
            };
        } else if el0.exact == el1.exact {
            be = el0.exact;
        }
        if self.is_cnc(cmax) && !self.is_cnc(be) {
            let m = self.unsigned_range(be).umax();
            cmax = self.get_const(m);
        }
        if self.is_cnc(smax) {
            smax = if self.is_cnc(be) { cmax } else { be };
        }
        Some(self.make_limit(be, cmax, smax, false))
    }

    fn is_bitwise(&self, cond: Operand) -> bool {
        self.view(cond)
            .is_some_and(|v| matches!(v.opcode, Opcode::And | Opcode::Or))
    }

    /// LLVM's `computeExitLimitFromICmp` on expressions; `pred` is the
    /// condition under which the loop continues.
    fn exit_limit_from_icmp(
        &mut self,
        l: Loop,
        pred: Predicate,
        lhs: Scev,
        rhs: Scev,
        only_exit: bool,
    ) -> ExitLimit {
        if self.is_cnc(lhs) || self.is_cnc(rhs) {
            return self.cnc_limit();
        }
        let mut lhs = self.scev_at_scope(lhs, Some(l));
        let mut rhs = self.scev_at_scope(rhs, Some(l));
        let mut pred = pred;
        if self.is_loop_invariant(lhs, l) && !self.is_loop_invariant(rhs, l) {
            std::mem::swap(&mut lhs, &mut rhs);
            pred = pred.swapped();
        }
        let controlling_finite =
            only_exit && self.loop_has_no_abnormal_exits(l) && self.loop_is_finite_by_assumption(l);
        self.simplify_icmp_operands(&mut pred, &mut lhs, &mut rhs, 0);
        if let (Some(rc), Some((ops, arl))) = (
            self.as_const(rhs),
            self.as_add_rec(lhs).map(|(o, l2)| (Ops::from(o), l2)),
        ) {
            if arl == l && rc.bits() == self.bits_of(lhs) {
                let range = ConstantRange::exact_icmp_region(pred, rc);
                let r = self.num_iterations_in_range(lhs, &ops, l, &range);
                if !self.is_cnc(r) {
                    return self.limit(r);
                }
            }
        }
        if controlling_finite && self.is_loop_invariant(rhs, l) {
            if let ScevData::Cast(super::CastKind::ZExt, ar, _) = *self.data(lhs) {
                if self.ar_loop(ar) == Some(l) && self.is_affine(ar) {
                    let ops: Vec<Scev> = self.operands_of(ar).to_vec();
                    let f = self.flags(ar).with(NoWrap::NW);
                    let f = self.strengthen_flags_pub(8, &ops, f);
                    self.set_flags(ar, f);
                }
            }
            // A recurrence with a power-of-two step that wrapped around
            // would revisit its values and never take this (only) exit: in
            // a loop that must be finite it does not self-wrap.
            if pred == Predicate::Ne
                && self.ar_loop(lhs) == Some(l)
                && self.is_affine(lhs)
                && !self.has_flags(lhs, NoWrap::NW)
            {
                let step = self.ar_step(lhs);
                if self
                    .as_const(step)
                    .is_some_and(|c| c.is_power_of_two() && !c.is_negative())
                {
                    self.set_flags(lhs, NoWrap::NW);
                }
            }
        }
        match pred {
            Predicate::Ne | Predicate::Eq => {
                let mut a = lhs;
                let mut b = rhs;
                if self.ty(a).is_ptr() {
                    a = self.get_ptr_to_int(a);
                }
                if self.ty(b).is_ptr() {
                    b = self.get_ptr_to_int(b);
                }
                if self.is_cnc(a) || self.is_cnc(b) {
                    return self.cnc_limit();
                }
                let diff = self.get_minus(a, b, NoWrap::ANY);
                let el = if pred == Predicate::Ne {
                    self.how_far_to_zero(diff, l, only_exit)
                } else {
                    self.how_far_to_non_zero(diff)
                };
                if self.has_any_info(&el) {
                    return el;
                }
            }
            Predicate::Slt | Predicate::Ult | Predicate::Sle | Predicate::Ule => {
                let mut lhs = lhs;
                let (p, r) = if matches!(pred, Predicate::Sle | Predicate::Ule) {
                    let mut rhs = rhs;
                    if !controlling_finite || !self.is_loop_invariant(rhs, l) {
                        // `x <= rhs` in twice the width, so that `rhs + 1`
                        // cannot overflow; an extension sinks into a
                        // recurrence that does not wrap.
                        let Ty::Int(bits) = self.ty(lhs) else {
                            return self.cnc_limit();
                        };
                        if bits * 2 > super::int::MAX_BITS {
                            return self.cnc_limit();
                        }
                        let wide = Ty::Int(bits * 2);
                        if pred.is_signed() {
                            lhs = self.get_sign_extend(lhs, wide, 0);
                            rhs = self.get_sign_extend(rhs, wide, 0);
                        } else {
                            lhs = self.get_zero_extend(lhs, wide, 0);
                            rhs = self.get_zero_extend(rhs, wide, 0);
                        }
                        if self.is_cnc(lhs) || self.is_cnc(rhs) {
                            return self.cnc_limit();
                        }
                    }
                    let t = self.ty(rhs);
                    let one = self.get_one(t);
                    let r1 = self.get_add2(one, rhs, NoWrap::ANY);
                    (pred.strict(), r1)
                } else {
                    (pred, rhs)
                };
                let el = self.how_many_less_thans(lhs, r, l, p.is_signed(), only_exit);
                if self.has_any_info(&el) {
                    return el;
                }
            }
            Predicate::Sgt | Predicate::Ugt | Predicate::Sge | Predicate::Uge => {
                let (p, r) = if matches!(pred, Predicate::Sge | Predicate::Uge) {
                    if !controlling_finite || !self.is_loop_invariant(rhs, l) {
                        return self.cnc_limit();
                    }
                    let t = self.ty(rhs);
                    let m1 = self.get_minus_one(t);
                    let r1 = self.get_add2(m1, rhs, NoWrap::ANY);
                    (pred.strict(), r1)
                } else {
                    (pred, rhs)
                };
                let el = self.how_many_greater_thans(lhs, r, l, p.is_signed(), only_exit);
                if self.has_any_info(&el) {
                    return el;
                }
            }
            _ => {}
        }
        self.cnc_limit()
    }

    /// LLVM's `SCEVAddRecExpr::getNumIterationsInRange` for recurrences
    /// with constant operands.
    fn num_iterations_in_range(
        &mut self,
        ar: Scev,
        ops: &Ops,
        l: Loop,
        range: &ConstantRange,
    ) -> Scev {
        if range.is_full() {
            return self.cnc;
        }
        if let Some(sc) = self.as_const(ops[0]) {
            if !sc.is_zero() {
                let mut n = ops.clone();
                n[0] = self.get_const(CInt::zero(sc.bits()));
                let f = self.flags(ar).mask(NoWrap::NW);
                let shifted = self.get_add_rec(n.clone(), l, f);
                let Some((sops, _)) = self.as_add_rec(shifted).map(|(o, l2)| (Ops::from(o), l2))
                else {
                    return self.cnc;
                };
                let sub = if range.lower() == range.upper() {
                    *range
                } else {
                    ConstantRange::new(range.lower().sub(sc), range.upper().sub(sc))
                };
                return self.num_iterations_in_range(shifted, &sops, l, &sub);
            }
        }
        let consts: Option<Vec<CInt>> = ops.iter().map(|&o| self.as_const(o)).collect();
        let Some(cs) = consts else {
            return self.cnc;
        };
        let bits = cs[0].bits();
        if !range.contains(CInt::zero(bits)) {
            let t = self.ty(ar);
            return self.get_zero(t);
        }
        if cs.len() == 2 {
            let a = cs[1];
            let end = if a.sge(CInt::one(bits)) {
                range.upper().sub(CInt::one(bits))
            } else {
                range.lower()
            };
            let Some(exit_val) = end.add(a).udiv(a) else {
                return self.cnc;
            };
            let val = a.mul(exit_val);
            if range.contains(val) {
                return self.cnc;
            }
            return self.get_const(exit_val);
        }
        self.cnc
    }

    /// LLVM's `howFarToZero`: the exit count of `v != 0`.
    fn how_far_to_zero(&mut self, v: Scev, l: Loop, only_exit: bool) -> ExitLimit {
        if let Some(c) = self.as_const(v) {
            if c.is_zero() {
                return self.limit(v);
            }
            return self.cnc_limit();
        }
        let mut s = v;
        while let ScevData::Cast(super::CastKind::ZExt | super::CastKind::SExt, x, _) =
            *self.data(s)
        {
            s = x;
        }
        let Some((ops, arl)) = self.as_add_rec(s).map(|(o, l2)| (Ops::from(o), l2)) else {
            return self.cnc_limit();
        };
        if arl != l {
            return self.cnc_limit();
        }
        if ops.len() == 3 {
            return self.solve_quadratic_exact(&ops);
        }
        if ops.len() != 2 {
            return self.cnc_limit();
        }
        let parent = self.lf.parent(l);
        let start = self.scev_at_scope(ops[0], parent);
        let step = self.scev_at_scope(ops[1], parent);
        if !self.is_loop_invariant(step, l) {
            return self.cnc_limit();
        }
        let step_wlg = self.apply_loop_guards(step, l);
        let count_down = self.is_known_negative(step_wlg);
        if !count_down && !self.is_known_non_negative(step_wlg) {
            return self.cnc_limit();
        }
        let distance = if count_down {
            start
        } else {
            self.get_negative(start, NoWrap::ANY)
        };
        if self.is_cnc(distance) {
            return self.cnc_limit();
        }
        if self.is_one(step) || self.is_all_ones(step) {
            let dg = self.apply_loop_guards(distance, l);
            let mut max_be = self
                .unsigned_range(dg)
                .umax()
                .umin(self.unsigned_range(distance).umax());
            let t = self.ty(distance);
            let zero = self.get_zero(t);
            let one = self.get_one(t);
            let dp1 = self.get_add2(distance, one, NoWrap::ANY);
            if self.is_loop_entry_guarded_by_cond(l, Predicate::Ne, dp1, zero) {
                let cr = self.unsigned_range(dp1);
                max_be = max_be.umin(cr.umax().sub(CInt::one(cr.bits())));
            }
            let m = self.get_const(max_be);
            return self.make_limit(distance, m, distance, false);
        }
        if only_exit && self.has_flags(s, NoWrap::NW) && self.loop_has_no_abnormal_exits(l) {
            if !self.loop_is_finite_by_assumption(l) && !self.is_known_non_zero(step_wlg) {
                return self.cnc_limit();
            }
            let div = if count_down {
                self.get_negative(step, NoWrap::ANY)
            } else {
                step
            };
            let exact = self.get_udiv(distance, div);
            let cmax = if self.is_cnc(exact) {
                self.cnc
            } else {
                let eg = self.apply_loop_guards(exact, l);
                let m = self
                    .unsigned_range(eg)
                    .umax()
                    .umin(self.unsigned_range(exact).umax());
                self.get_const(m)
            };
            let smax = if self.is_cnc(exact) { cmax } else { exact };
            return self.make_limit(exact, cmax, smax, false);
        }
        let Some(sc) = self.as_const(step) else {
            return self.cnc_limit();
        };
        if sc.is_zero() {
            return self.cnc_limit();
        }
        let nstart = self.get_negative(start, NoWrap::ANY);
        let e = self.solve_lin_equation(sc, nstart);
        let m = if self.is_cnc(e) {
            e
        } else {
            let eg = self.apply_loop_guards(e, l);
            let mx = self
                .unsigned_range(eg)
                .umax()
                .umin(self.unsigned_range(e).umax());
            self.get_const(mx)
        };
        let sm = if self.is_cnc(e) { m } else { e };
        self.make_limit(e, m, sm, false)
    }

    /// LLVM's `SolveLinEquationWithOverflow`: the least `x` with
    /// `a * x == b (mod 2^w)`.
    fn solve_lin_equation(&mut self, a: CInt, b: Scev) -> Scev {
        let bw = a.bits();
        let mult2 = a.trailing_zeros();
        if self.min_trailing_zeros(b) < mult2 {
            let t = self.ty(b);
            let d = self.get_const(CInt::one(bw).shl(mult2));
            let urem = self.get_urem(b, d);
            let zero = self.get_zero(t);
            if !self.is_known_predicate(Predicate::Eq, urem, zero) {
                return self.cnc;
            }
        }
        let ad = a.lshr(mult2);
        let inv = ad.mul_inverse_odd();
        let inv = if mult2 > 0 {
            CInt::new(bw, inv.u() & super::int::mask(bw - mult2))
        } else {
            inv
        };
        let ic = self.get_const(inv);
        let prod = self.get_mul2(b, ic, NoWrap::ANY);
        let d = self.get_const(CInt::one(bw).shl(mult2));
        self.get_udiv_exact(prod, d)
    }

    /// LLVM's `getUDivExactExpr`.
    fn get_udiv_exact(&mut self, lhs: Scev, rhs: Scev) -> Scev {
        let ScevData::Mul(mops) = self.data(lhs).clone() else {
            return self.get_udiv(lhs, rhs);
        };
        if !self.has_flags(lhs, NoWrap::NUW) {
            return self.get_udiv(lhs, rhs);
        }
        for (i, &o) in mops.iter().enumerate() {
            if o == rhs {
                let mut rest = mops.clone();
                rest.remove(i);
                return self.get_mul(rest, NoWrap::ANY, 0);
            }
        }
        self.get_udiv(lhs, rhs)
    }

    /// Exact roots of `{a,+,b,+,c}` reaching zero (quadratic recurrences
    /// with constant operands), searched by evaluation.
    fn solve_quadratic_exact(&mut self, ops: &Ops) -> ExitLimit {
        let cs: Option<Vec<CInt>> = ops.iter().map(|&o| self.as_const(o)).collect();
        let Some(cs) = cs else {
            return self.cnc_limit();
        };
        let bits = cs[0].bits();
        if bits > 64 {
            return self.cnc_limit();
        }
        // f(n) = a + b*n + c*n*(n-1)/2; find the smallest n with f(n) == 0
        // by stepping the recurrence (bounded).
        let (mut v, mut d) = (cs[0], cs[1]);
        for n in 0..(1u32 << 16) {
            if v.is_zero() {
                let r = self.get_const(CInt::new(bits, u128::from(n)));
                return self.limit(r);
            }
            v = v.add(d);
            d = d.add(cs[2]);
        }
        self.cnc_limit()
    }

    fn how_far_to_non_zero(&mut self, v: Scev) -> ExitLimit {
        if let Some(c) = self.as_const(v) {
            if !c.is_zero() {
                let z = self.get_const(CInt::zero(c.bits()));
                return self.limit(z);
            }
        }
        self.cnc_limit()
    }

    fn can_iv_overflow_on_lt(&mut self, rhs: Scev, stride: Scev, signed: bool) -> bool {
        let bw = self.bits_of(rhs);
        let t = self.ty(stride);
        let one = self.get_one(t);
        let sm1 = self.get_minus(stride, one, NoWrap::ANY);
        if signed {
            let max_rhs = self.signed_range(rhs).smax();
            let msm1 = self.signed_range(sm1).smax();
            CInt::smax_value(bw).sub(msm1).slt(max_rhs)
        } else {
            let max_rhs = self.unsigned_range(rhs).umax();
            let msm1 = self.unsigned_range(sm1).umax();
            CInt::umax_value(bw).sub(msm1).ult(max_rhs)
        }
    }

    fn can_iv_overflow_on_gt(&mut self, rhs: Scev, stride: Scev, signed: bool) -> bool {
        let bw = self.bits_of(rhs);
        let t = self.ty(stride);
        let one = self.get_one(t);
        let sm1 = self.get_minus(stride, one, NoWrap::ANY);
        if signed {
            let min_rhs = self.signed_range(rhs).smin();
            let msm1 = self.signed_range(sm1).smax();
            CInt::smin_value(bw).add(msm1).sgt(min_rhs)
        } else {
            let min_rhs = self.unsigned_range(rhs).umin();
            let msm1 = self.unsigned_range(sm1).umax();
            CInt::zero(bw).add(msm1).ugt(min_rhs)
        }
    }

    /// `umin(n, 1) + (n - umin(n, 1)) /u d`.
    fn udiv_ceil(&mut self, n: Scev, d: Scev) -> Scev {
        let t = self.ty(n);
        let one = self.get_one(t);
        let m = self.get_umin(n, one, false);
        let nm1 = self.get_minus(n, m, NoWrap::ANY);
        let q = self.get_udiv(nm1, d);
        self.get_add2(m, q, NoWrap::ANY)
    }

    fn max_be_count_for_lt(
        &mut self,
        start: Scev,
        stride: Scev,
        end: Scev,
        bw: u32,
        signed: bool,
    ) -> Scev {
        if signed && bw == 1 {
            let t = self.ty(stride);
            return self.get_zero(t);
        }
        if signed && self.is_known_negative(stride) {
            return self.cnc;
        }
        let (min_start, min_stride) = if signed {
            (
                self.signed_range(start).smin(),
                self.signed_range(stride).smin(),
            )
        } else {
            (
                self.unsigned_range(start).umin(),
                self.unsigned_range(stride).umin(),
            )
        };
        if min_start.bits() != bw || min_stride.bits() != bw {
            return self.cnc;
        }
        let one = CInt::one(bw);
        let s = if signed {
            one.smax(min_stride)
        } else {
            one.umax(min_stride)
        };
        let maxv = if signed {
            CInt::smax_value(bw)
        } else {
            CInt::umax_value(bw)
        };
        let limit = maxv.sub(s.sub(one));
        let mut max_end = if signed {
            self.signed_range(end).smax().smin(limit)
        } else {
            self.unsigned_range(end).umax().umin(limit)
        };
        max_end = if signed {
            max_end.smax(min_start)
        } else {
            max_end.umax(min_start)
        };
        let delta = self.get_const(max_end.sub(min_start));
        let sc = self.get_const(s);
        self.udiv_ceil(delta, sc)
    }

    /// LLVM's `howManyLessThans`: the exit count of `lhs < rhs`.
    fn how_many_less_thans(
        &mut self,
        lhs: Scev,
        rhs: Scev,
        l: Loop,
        signed: bool,
        only_exit: bool,
    ) -> ExitLimit {
        let mut iv = self.as_add_rec(lhs).map(|_| lhs);
        if iv.is_none() {
            if let ScevData::Cast(super::CastKind::ZExt, ar, zty) = *self.data(lhs) {
                if self.ar_loop(ar) == Some(l) && self.is_affine(ar) {
                    let mut f = self.flags(ar);
                    if !f.has(NoWrap::NUW) && self.can_prove_nuw_for_zext_iv(ar, rhs, l, only_exit)
                    {
                        f = f.with(NoWrap::NUW);
                    }
                    self.set_flags(ar, f);
                    if self.has_flags(ar, NoWrap::NUW) {
                        let step = self.ar_step(ar);
                        let st = self.ar_start(ar);
                        let zs = self.get_zero_extend(st, zty, 0);
                        let zst = self.get_zero_extend(step, zty, 0);
                        let af = self.flags(ar);
                        let s = self.get_add_rec2(zs, zst, l, af);
                        iv = self.as_add_rec(s).map(|_| s);
                    }
                }
            }
        }
        let Some(iv) = iv else {
            return self.cnc_limit();
        };
        if self.ar_loop(iv) != Some(l) || !self.is_affine(iv) {
            return self.cnc_limit();
        }
        let wrap = if signed { NoWrap::NSW } else { NoWrap::NUW };
        let no_wrap = only_exit && self.flags(iv).any_of(wrap);
        let cond = if signed {
            Predicate::Slt
        } else {
            Predicate::Ult
        };
        let mut stride = self.ar_step(iv);
        let positive = self.is_known_positive(stride);
        if !positive {
            if !no_wrap
                || !self.loop_is_finite_by_assumption(l)
                || !self.loop_has_no_abnormal_exits(l)
            {
                return self.cnc_limit();
            }
            if !self.is_known_non_zero(stride) {
                if !self.is_loop_invariant(rhs, l) {
                    return self.cnc_limit();
                }
                let st = self.ar_start(iv);
                let start_if_zero = self.get_minus(st, stride, NoWrap::ANY);
                if !self.is_loop_entry_guarded_by_cond(l, cond, start_if_zero, rhs) {
                    let t = self.ty(stride);
                    let one = self.get_one(t);
                    stride = self.get_umax(stride, one);
                }
            }
        } else if !self.is_one(stride)
            && !no_wrap
            && self.can_iv_overflow_on_lt(rhs, stride, signed)
            && !self.can_assume_no_self_wrap(iv, rhs, l, only_exit)
        {
            // An IV that is not known not to wrap may wrap before the exit.
            return self.cnc_limit();
        }
        let mut start = self.ar_start(iv);
        let orig_start = start;
        let orig_rhs = rhs;
        let mut rhs = rhs;
        if self.ty(start).is_ptr() {
            start = self.get_ptr_to_int(start);
        }
        if self.ty(rhs).is_ptr() {
            rhs = self.get_ptr_to_int(rhs);
        }
        if self.is_cnc(start) || self.is_cnc(rhs) || self.bits_of(start) != self.bits_of(rhs) {
            return self.cnc_limit();
        }
        let mut be = self.cnc;
        let mut be_if_taken = None;
        if !self.is_loop_invariant(rhs, l) {
            if positive {
                if let Some((rops, rl)) = self.as_add_rec(rhs).map(|(o, l2)| (Ops::from(o), l2)) {
                    if rl == l && rops.len() == 2 && self.flags(rhs) != NoWrap::ANY {
                        let rstride = rops[1];
                        if self.is_known_negative(rstride) {
                            let denom = self.get_minus(stride, rstride, NoWrap::ANY);
                            let sr = self.signed_range(stride);
                            let rr = self.signed_range(rstride);
                            let no_ov = ConstantRange::guaranteed_no_wrap_region(
                                super::range::NoWrapOp::Sub,
                                &rr,
                                false,
                            )
                            .contains_range(&sr);
                            if no_ov && self.is_known_positive(denom) {
                                let end = if signed {
                                    self.get_smax(rops[0], start)
                                } else {
                                    self.get_umax(rops[0], start)
                                };
                                let delta = self.get_minus(end, start, NoWrap::ANY);
                                be = self.udiv_ceil(delta, denom);
                                let d2 = self.get_minus(rops[0], start, NoWrap::ANY);
                                be_if_taken = Some(self.udiv_ceil(d2, denom));
                            }
                        }
                    }
                }
            }
            if self.is_cnc(be) {
                let bw = self.bits_of(lhs);
                let m = self.max_be_count_for_lt(start, stride, rhs, bw, signed);
                return self.make_limit(self.cnc, m, m, false);
            }
        } else {
            let osms = self.get_minus(orig_start, stride, NoWrap::ANY);
            if self.is_loop_entry_guarded_by_cond(l, cond, osms, orig_start)
                && self.is_loop_entry_guarded_by_cond(l, cond, osms, orig_rhs)
            {
                let t = self.ty(stride);
                let m1 = self.get_minus_one(t);
                let rm1 = self.get_add2(rhs, m1, NoWrap::ANY);
                let sms = self.get_minus(start, stride, NoWrap::ANY);
                let num = self.get_minus(rm1, sms, NoWrap::ANY);
                be = self.get_udiv(num, stride);
            }
            if self.is_cnc(be) {
                let end = if self.can_prove_rhs_ge_start(l, orig_rhs, orig_start, signed) {
                    rhs
                } else {
                    let e = if signed {
                        self.get_smax(rhs, start)
                    } else {
                        self.get_umax(rhs, start)
                    };
                    let d = self.get_minus(rhs, start, NoWrap::ANY);
                    be_if_taken = Some(self.udiv_ceil(d, stride));
                    e
                };
                let t = self.ty(stride);
                let one = self.get_one(t);
                let may_add_overflow = {
                    let pow2 = self.as_const(stride).is_some_and(|c| c.is_power_of_two());
                    let sm1 = self.get_minus(stride, one, NoWrap::ANY);
                    !(pow2 || start == stride || start == sm1)
                };
                let delta = self.get_minus(end, start, NoWrap::ANY);
                be = if !may_add_overflow {
                    let sm1 = self.get_minus(stride, one, NoWrap::ANY);
                    let n = self.get_add2(delta, sm1, NoWrap::ANY);
                    self.get_udiv(n, stride)
                } else {
                    self.udiv_ceil(delta, stride)
                };
            }
        }
        if self.is_cnc(be) {
            return self.cnc_limit();
        }
        let mut max_or_zero = false;
        let mut cmax = if self.as_const(be).is_some() {
            be
        } else if let Some(b) = be_if_taken.filter(|&b| self.as_const(b).is_some()) {
            max_or_zero = true;
            b
        } else {
            let bw = self.bits_of(lhs);
            self.max_be_count_for_lt(start, stride, rhs, bw, signed)
        };
        if self.is_cnc(cmax) {
            let m = self.unsigned_range(be).umax();
            cmax = self.get_const(m);
        }
        self.make_limit(be, cmax, be, max_or_zero)
    }

    fn can_prove_rhs_ge_start(&mut self, l: Loop, rhs: Scev, start: Scev, signed: bool) -> bool {
        let ge = if signed {
            Predicate::Sge
        } else {
            Predicate::Uge
        };
        let grhs = self.apply_loop_guards(rhs, l);
        let gstart = self.apply_loop_guards(start, l);
        if self.is_loop_entry_guarded_by_cond(l, ge, rhs, start)
            || self.is_known_predicate(ge, grhs, gstart)
        {
            return true;
        }
        let gt = if signed {
            Predicate::Sgt
        } else {
            Predicate::Ugt
        };
        let t = self.ty(start);
        let m1 = self.get_minus_one(t);
        let sm1 = self.get_add2(start, m1, NoWrap::ANY);
        self.is_loop_entry_guarded_by_cond(l, gt, rhs, sm1)
    }

    /// LLVM's `canAssumeNoSelfWrap`: a wrapping IV with a power-of-two
    /// step would revisit its values, so the exit could never be taken and
    /// a finite loop would be undefined.
    fn can_assume_no_self_wrap(&mut self, iv: Scev, rhs: Scev, l: Loop, only_exit: bool) -> bool {
        if !self.is_loop_invariant(rhs, l) {
            return false;
        }
        let step = self.ar_step(iv);
        if !self.as_const(step).is_some_and(|c| c.is_power_of_two()) {
            return false;
        }
        if !only_exit || !self.loop_has_no_abnormal_exits(l) {
            return false;
        }
        self.loop_is_finite_by_assumption(l)
    }

    fn can_prove_nuw_for_zext_iv(&mut self, ar: Scev, rhs: Scev, l: Loop, only_exit: bool) -> bool {
        if !only_exit || !self.is_loop_invariant(rhs, l) {
            return false;
        }
        let step = self.ar_step(ar);
        if !self.is_known_non_zero(step) {
            return false;
        }
        let inner = self.bits_of(ar);
        let outer = self.bits_of(rhs);
        let smax = self.unsigned_range(step).umax();
        let limit = CInt::umax_value(inner)
            .sub(smax.sub(CInt::one(inner)))
            .zext(outer);
        let g = self.apply_loop_guards(rhs, l);
        self.unsigned_range(g).umax().ule(limit)
    }

    /// LLVM's `howManyGreaterThans`: the exit count of `lhs > rhs`.
    fn how_many_greater_thans(
        &mut self,
        lhs: Scev,
        rhs: Scev,
        l: Loop,
        signed: bool,
        only_exit: bool,
    ) -> ExitLimit {
        if !self.is_loop_invariant(rhs, l) {
            return self.cnc_limit();
        }
        let Some(iv) = self.as_add_rec(lhs).map(|_| lhs) else {
            return self.cnc_limit();
        };
        if self.ar_loop(iv) != Some(l) || !self.is_affine(iv) {
            return self.cnc_limit();
        }
        let wrap = if signed { NoWrap::NSW } else { NoWrap::NUW };
        let no_wrap = only_exit && self.flags(iv).any_of(wrap);
        let cond = if signed {
            Predicate::Sgt
        } else {
            Predicate::Ugt
        };
        let step = self.ar_step(iv);
        let stride = self.get_negative(step, NoWrap::ANY);
        if !self.is_known_positive(stride) {
            return self.cnc_limit();
        }
        if !self.is_one(stride) && !no_wrap && self.can_iv_overflow_on_gt(rhs, stride, signed) {
            return self.cnc_limit();
        }
        let mut start = self.ar_start(iv);
        let mut end = rhs;
        let sps = self.get_add2(start, stride, NoWrap::ANY);
        if !self.is_loop_entry_guarded_by_cond(l, cond, sps, rhs) {
            let ge = if signed {
                Predicate::Sge
            } else {
                Predicate::Uge
            };
            if self.is_loop_entry_guarded_by_cond(l, ge, start, rhs) {
                end = rhs;
            } else {
                end = if signed {
                    self.get_smin(rhs, start)
                } else {
                    self.get_umin(rhs, start, false)
                };
            }
        }
        if self.ty(start).is_ptr() {
            start = self.get_ptr_to_int(start);
        }
        if self.ty(end).is_ptr() {
            end = self.get_ptr_to_int(end);
        }
        if self.is_cnc(start) || self.is_cnc(end) {
            return self.cnc_limit();
        }
        let t = self.ty(stride);
        let one = self.get_one(t);
        let d = self.get_minus(start, end, NoWrap::ANY);
        let sm1 = self.get_minus(stride, one, NoWrap::ANY);
        let n = self.get_add2(d, sm1, NoWrap::ANY);
        let be = self.get_udiv(n, stride);
        if self.is_cnc(be) {
            return self.cnc_limit();
        }
        let bw = self.bits_of(lhs);
        let (max_start, min_stride) = if signed {
            (
                self.signed_range(start).smax(),
                self.signed_range(stride).smin(),
            )
        } else {
            (
                self.unsigned_range(start).umax(),
                self.unsigned_range(stride).umin(),
            )
        };
        let one_c = CInt::one(bw);
        let limit = if signed {
            CInt::smin_value(bw).add(min_stride.sub(one_c))
        } else {
            min_stride.sub(one_c)
        };
        let min_end = if signed {
            self.signed_range(rhs).smin().smax(limit)
        } else {
            self.unsigned_range(rhs).umin().umax(limit)
        };
        let cmax = if self.as_const(be).is_some() {
            be
        } else {
            let a = self.get_const(max_start.sub(min_end));
            let b = self.get_const(min_stride);
            self.udiv_ceil(a, b)
        };
        let cmax = if self.is_cnc(cmax) { be } else { cmax };
        self.make_limit(be, cmax, be, false)
    }

    /// LLVM's `computeShiftCompareExitLimit`: loops that shift a value
    /// until it reaches a fixed point are bounded by the bit width.
    fn shift_compare_exit_limit(
        &mut self,
        l: Loop,
        lhs: Operand,
        rhs: Operand,
        pred: Predicate,
    ) -> ExitLimit {
        let Some(rc) = self.const_int_of(rhs) else {
            return self.cnc_limit();
        };
        // Match a header phi updated by a shift by a constant.
        let mut cur = lhs;
        if let Some(v) = self.view(cur) {
            if matches!(v.opcode, Opcode::LShr | Opcode::AShr | Opcode::Shl) {
                if let Operand::Value(p) = v.ops[0] {
                    if self.is_header_phi(p, l) {
                        cur = v.ops[0];
                    }
                }
            }
        }
        let Operand::Value(pv) = cur else {
            return self.cnc_limit();
        };
        if !self.is_header_phi(pv, l) {
            return self.cnc_limit();
        }
        let ValueDef::Result(pi) = self.f.value_def(pv) else {
            return self.cnc_limit();
        };
        let Some(latch) = self.lf.latch(self.cfg, l) else {
            return self.cnc_limit();
        };
        let ops: Vec<Operand> = self.f.inst(pi).operands().to_vec();
        let mut be_val = None;
        for pair in ops.chunks(2) {
            if pair[1].as_block() == Some(latch) {
                be_val = Some(pair[0]);
            }
        }
        let Some(bv) = be_val else {
            return self.cnc_limit();
        };
        let Some(sv) = self.view(bv) else {
            return self.cnc_limit();
        };
        if sv.ops.first() != Some(&Operand::Value(pv)) {
            return self.cnc_limit();
        }
        let Some(amt) = self.const_int_of(sv.ops[1]) else {
            return self.cnc_limit();
        };
        if amt.is_zero() {
            return self.cnc_limit();
        }
        let bits = rc.bits();
        // The value after enough shifts.
        let stable = match sv.opcode {
            Opcode::LShr | Opcode::Shl => CInt::zero(bits),
            Opcode::AShr => {
                // The sign is preserved: known only when the start's sign
                // is known.
                let st = ops
                    .chunks(2)
                    .find(|p| p[1].as_block() != Some(latch))
                    .map(|p| p[0]);
                let Some(st) = st else {
                    return self.cnc_limit();
                };
                let ss = self.get_scev(st);
                if self.is_known_non_negative(ss) {
                    CInt::zero(bits)
                } else if self.is_known_negative(ss) {
                    CInt::all_ones(bits)
                } else {
                    return self.cnc_limit();
                }
            }
            _ => return self.cnc_limit(),
        };
        if super::pred::eval_icmp(pred, stable, rc) {
            return self.cnc_limit();
        }
        let t = Ty::Int(bits);
        let up = self.get_const_ty(t, i128::from(bits));
        self.make_limit(self.cnc, up, up, false)
    }

    fn is_header_phi(&self, v: loopwright_ir::Value, l: Loop) -> bool {
        match self.f.value_def(v) {
            ValueDef::Result(i) => {
                self.f.inst(i).opcode == Opcode::Phi
                    && self.f.layout.inst_block(i) == Some(self.lf.header(l))
            }
            _ => false,
        }
    }

    pub(crate) fn strengthen_flags_pub(&mut self, kind: u8, ops: &[Scev], f: NoWrap) -> NoWrap {
        // Only the add-recurrence rules matter for callers outside expr.rs.
        let mut f = f;
        if kind == 8
            && f.has(NoWrap::NW)
            && !f.has(NoWrap::NUW)
            && ops.len() == 2
            && self.is_zero(ops[0])
            && self.is_known_non_negative(ops[1])
        {
            f = f.with(NoWrap::NUW);
        }
        if f.mask(NoWrap(6)) == NoWrap::NSW && ops.iter().all(|&o| self.is_known_non_negative(o)) {
            f = f.with(NoWrap(6));
        }
        f
    }

    /// The value of `s` at the scope of loop `l` (`None`: outside every
    /// loop): recurrences of loops inside `l` that have a computable count
    /// are replaced by their value at the exit (LLVM's
    /// `getSCEVAtScope`, for the common cases).
    pub fn scev_at_scope(&mut self, s: Scev, l: Option<Loop>) -> Scev {
        if self.is_cnc(s) {
            return s;
        }
        if let Some(&r) = self.at_scope.get(&(s, l)) {
            return r;
        }
        let r = self.compute_at_scope(s, l);
        self.at_scope.insert((s, l), r);
        r
    }

    fn compute_at_scope(&mut self, s: Scev, l: Option<Loop>) -> Scev {
        match self.data(s).clone() {
            ScevData::Const(_)
            | ScevData::Unknown(UnkRef::Const(_))
            | ScevData::CouldNotCompute => s,
            ScevData::Unknown(UnkRef::Value(_)) => s,
            ScevData::AddRec(ops, arl) => {
                let inside = match l {
                    Some(x) => x != arl && self.lf.contains_loop(x, arl),
                    None => true,
                };
                if !inside {
                    // Evaluate the operands in the scope.
                    let mut n: Ops = Ops::new();
                    let mut changed = false;
                    for &o in ops.iter() {
                        let x = self.scev_at_scope(o, l);
                        changed |= x != o;
                        n.push(x);
                    }
                    if !changed {
                        return s;
                    }
                    let f = self.flags(s).mask(NoWrap::NW);
                    return self.get_add_rec(n, arl, f);
                }
                // A recurrence of a loop nested in `l`: its exit value.
                let be = self.exact_btc(arl);
                if self.is_cnc(be) {
                    return s;
                }
                let t = self.ty(s);
                let be = if self.bits_of(be) == self.type_bits(t) {
                    be
                } else {
                    self.get_truncate_or_zero_extend(be, self.effective_ty(t), 0)
                };
                let v = self.evaluate_at_iteration(s, be);
                if self.is_cnc(v) {
                    return s;
                }
                self.scev_at_scope(v, l)
            }
            ScevData::UDiv(a, b) => {
                let x = self.scev_at_scope(a, l);
                let y = self.scev_at_scope(b, l);
                if x == a && y == b {
                    s
                } else {
                    self.get_udiv(x, y)
                }
            }
            ScevData::Cast(k, op, t) => {
                let x = self.scev_at_scope(op, l);
                if x == op {
                    return s;
                }
                match k {
                    super::CastKind::Trunc => self.get_truncate(x, t, 0),
                    super::CastKind::ZExt => self.get_zero_extend(x, t, 0),
                    super::CastKind::SExt => self.get_sign_extend(x, t, 0),
                    super::CastKind::PtrToInt => self.get_ptr_to_int(x),
                }
            }
            ScevData::Add(ops) | ScevData::Mul(ops) | ScevData::MinMax(_, ops) => {
                let mut n: Ops = Ops::new();
                let mut changed = false;
                for &o in ops.iter() {
                    let x = self.scev_at_scope(o, l);
                    changed |= x != o;
                    n.push(x);
                }
                if !changed {
                    return s;
                }
                match self.data(s).clone() {
                    ScevData::Add(_) => {
                        let f = self.flags(s);
                        self.get_add(n, f, 0)
                    }
                    ScevData::Mul(_) => {
                        let f = self.flags(s);
                        self.get_mul(n, f, 0)
                    }
                    ScevData::MinMax(k, _) => self.get_min_max(k, n),
                    _ => s,
                }
            }
        }
    }

    /// The exit value of a loop-defined expression (its value after the
    /// loop, computed from the backedge-taken count).
    pub fn exit_value(&mut self, s: Scev, l: Loop) -> Option<Scev> {
        let p = self.lf.parent(l);
        let r = self.scev_at_scope(s, p);
        (!self.is_cnc(r) && !self.has_computable_loop_evolution(r, l)).then_some(r)
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    let (mut a, mut b) = (a, b);
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}
