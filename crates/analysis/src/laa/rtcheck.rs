//! Run-time checks: the bounds of each checked pointer over the loop, the
//! groups of pointers checked as one range, and the pairs of groups to
//! check (LLVM's `RuntimePointerChecking`).

use super::accesses::DepCands;
use super::pse::Pse;
use super::{CheckGroup, CheckedPointer, Ctx, RuntimeChecks};
use crate::loops::Loop;
use crate::scev::expr::ScevData;
use crate::scev::{NoWrap, Scev};
use loopwright_ir::{Operand, Type};

#[derive(Default)]
pub(crate) struct RtChecking {
    pub need: bool,
    pub pointers: Vec<CheckedPointer>,
    pub groups: Vec<CheckGroup>,
    pub checks: Vec<(usize, usize)>,
    /// `getStartAndEndForAccess` results by expression and access type.
    bounds: Vec<((Scev, Type), (Scev, Scev))>,
}

impl RtChecking {
    pub fn finish(self) -> RuntimeChecks {
        RuntimeChecks {
            need: self.need,
            pointers: self.pointers,
            groups: self.groups,
            checks: self.checks,
        }
    }

    /// `RuntimePointerChecking::insert`.
    #[allow(clippy::too_many_arguments)]
    pub fn insert(
        &mut self,
        cx: &mut Ctx<'_, '_>,
        pse: &mut Pse,
        l: Loop,
        ptr: Operand,
        expr: Scev,
        ty: Type,
        is_write: bool,
        dep_set: u32,
        alias_set: u32,
        needs_freeze: bool,
    ) {
        let (start, end) = match self.bounds.iter().find(|(k, _)| *k == (expr, ty)) {
            Some((_, b)) => *b,
            None => {
                let b = cx.start_and_end(pse, l, expr, ty);
                self.bounds.push(((expr, ty), b));
                b
            }
        };
        self.pointers.push(CheckedPointer {
            ptr,
            start,
            end,
            is_write,
            dependence_set: dep_set,
            alias_set,
            expr,
            needs_freeze,
        });
    }

    fn needs_checking(&self, i: usize, j: usize) -> bool {
        let (a, b) = (&self.pointers[i], &self.pointers[j]);
        (a.is_write || b.is_write)
            && a.dependence_set != b.dependence_set
            && a.alias_set == b.alias_set
    }

    fn groups_need_checking(&self, g: &CheckGroup, h: &CheckGroup) -> bool {
        g.members
            .iter()
            .any(|&i| h.members.iter().any(|&j| self.needs_checking(i, j)))
    }

    fn new_group(&self, cx: &Ctx<'_, '_>, i: usize) -> CheckGroup {
        let p = &self.pointers[i];
        CheckGroup {
            low: p.start,
            high: p.end,
            members: vec![i],
            address_space: cx.addrspace(p.ptr),
            needs_freeze: p.needs_freeze,
        }
    }

    /// `generateChecks`: groups, then the pairs of groups to check.
    pub fn generate_checks(&mut self, cx: &mut Ctx<'_, '_>, dep_cands: &DepCands, use_deps: bool) {
        self.group_checks(cx, dep_cands, use_deps);
        let mut checks = Vec::new();
        for i in 0..self.groups.len() {
            for j in i + 1..self.groups.len() {
                if self.groups_need_checking(&self.groups[i], &self.groups[j]) {
                    checks.push((i, j));
                }
            }
        }
        self.checks = checks;
    }

    /// `groupChecks`: pointers of one dependence-candidate class merged
    /// greedily into groups whose bounds differ by constants.
    fn group_checks(&mut self, cx: &mut Ctx<'_, '_>, dep_cands: &DepCands, use_deps: bool) {
        self.groups.clear();
        if !use_deps {
            for i in 0..self.pointers.len() {
                let g = self.new_group(cx, i);
                self.groups.push(g);
            }
            return;
        }
        let mut comparisons = 0usize;
        let mut seen = vec![false; self.pointers.len()];
        for i in 0..self.pointers.len() {
            if seen[i] {
                continue;
            }
            let access = (self.pointers[i].ptr, self.pointers[i].is_write);
            let leader = dep_cands.leader(access);
            let members: Vec<_> = dep_cands.members(leader).to_vec();
            if members.is_empty() {
                seen[i] = true;
                let g = self.new_group(cx, i);
                self.groups.push(g);
                continue;
            }
            let mut groups: Vec<CheckGroup> = Vec::new();
            for m in members {
                let positions: Vec<usize> = (0..self.pointers.len())
                    .filter(|&k| self.pointers[k].ptr == m.0)
                    .collect();
                for k in positions {
                    seen[k] = true;
                    let mut merged = false;
                    for g in groups.iter_mut() {
                        if comparisons > cx.opts.merge_threshold {
                            break;
                        }
                        comparisons += 1;
                        if add_pointer(cx, g, &self.pointers[k], k) {
                            merged = true;
                            break;
                        }
                    }
                    if !merged {
                        groups.push(self.new_group(cx, k));
                    }
                }
            }
            self.groups.extend(groups);
        }
    }
}

/// `getMinFromExprs`: the smaller of two expressions whose difference is
/// a constant.
fn min_of(cx: &mut Ctx<'_, '_>, i: Scev, j: Scev) -> Option<Scev> {
    let d = cx.se.get_minus(j, i, NoWrap::ANY);
    let c = cx.se.as_const(d)?;
    Some(if c.is_negative() { j } else { i })
}

/// `RuntimeCheckingPtrGroup::addPointer`.
fn add_pointer(cx: &mut Ctx<'_, '_>, g: &mut CheckGroup, p: &CheckedPointer, k: usize) -> bool {
    let Some(min0) = min_of(cx, p.start, g.low) else {
        return false;
    };
    let Some(min1) = min_of(cx, p.end, g.high) else {
        return false;
    };
    if min0 == p.start {
        g.low = p.start;
    }
    if min1 != p.end {
        g.high = p.end;
    }
    g.members.push(k);
    g.needs_freeze |= p.needs_freeze;
    true
}

impl Ctx<'_, '_> {
    /// `getStartAndEndForAccess`: the first byte and one past the last
    /// byte the access may touch over the loop, or could-not-compute.
    pub(crate) fn start_and_end(
        &mut self,
        _pse: &mut Pse,
        l: Loop,
        e: Scev,
        ty: Type,
    ) -> (Scev, Scev) {
        let cnc = self.se.cnc();
        let (mut start, mut end);
        if self.se.is_loop_invariant(e, l) {
            start = e;
            end = e;
        } else if matches!(self.se.data(e), ScevData::AddRec(..)) {
            let Some(ex) = self.symbolic_max_btc else {
                return (cnc, cnc);
            };
            start = self.se.ar_start(e);
            let step = self.se.ar_step(e);
            // `evaluateAtIteration` takes the count in the step's type.
            let sty = self.se.ty(step);
            let it = self.se.get_truncate_or_zero_extend(ex, sty, 0);
            end = self.se.evaluate_at_iteration(e, it);
            match self.se.as_const(step) {
                Some(c) => {
                    if c.is_negative() {
                        std::mem::swap(&mut start, &mut end);
                    }
                }
                None => {
                    let s0 = start;
                    start = self.se.get_umin(s0, end, false);
                    end = self.se.get_umax(s0, end);
                }
            }
        } else {
            return (cnc, cnc);
        }
        let ety = self.se.ty(e);
        let ity = self.se.effective_ty(ety);
        let size = self.store_size(ty);
        let size_s = self.se.get_const_ty(ity, size as i128);
        let end = self.se.get_add2(end, size_s, NoWrap::ANY);
        (start, end)
    }
}
