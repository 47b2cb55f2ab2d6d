//! The accesses of a loop by pointer, their alias sets and dependence
//! candidates, and whether their bounds can be checked at run time
//! (LLVM's `AccessAnalysis` with its `AliasSetTracker`).

use super::depcheck::DepChecker;
use super::pse::Pse;
use super::rtcheck::RtChecking;
use super::Ctx;
use crate::aa::{AliasResult, LocationSize, MemoryLocation};
use crate::loops::Loop;
use crate::scev::expr::ScevData;
use crate::scev::{NoWrap, Scev};
use loopwright_ir::{MdNode, Opcode, Operand, Type};
use rustc_hash::FxHashMap;

/// An access by pointer: the pointer and whether it writes
/// (`MemAccessInfo`).
pub(crate) type Access = (Operand, bool);

/// Equivalence classes of accesses with LLVM's member order: a union puts
/// the second class's members after the first's; the leader is the first
/// member.
#[derive(Default, Clone)]
pub(crate) struct DepCands {
    class_of: FxHashMap<Access, usize>,
    classes: Vec<Vec<Access>>,
}

impl DepCands {
    pub fn insert(&mut self, a: Access) {
        if !self.class_of.contains_key(&a) {
            self.class_of.insert(a, self.classes.len());
            self.classes.push(vec![a]);
        }
    }
    pub fn union(&mut self, a: Access, b: Access) {
        self.insert(a);
        self.insert(b);
        let (ca, cb) = (self.class_of[&a], self.class_of[&b]);
        if ca == cb {
            return;
        }
        let moved = std::mem::take(&mut self.classes[cb]);
        for m in &moved {
            self.class_of.insert(*m, ca);
        }
        self.classes[ca].extend(moved);
    }
    /// The members of `a`'s class, leader first.
    pub fn members(&self, a: Access) -> &[Access] {
        match self.class_of.get(&a) {
            Some(&c) => &self.classes[c],
            None => &[],
        }
    }
    pub fn leader(&self, a: Access) -> Access {
        self.members(a).first().copied().unwrap_or(a)
    }
}

/// One alias set: its locations in insertion order.
struct AliasSet {
    locs: Vec<MemoryLocation>,
    merged: bool,
}

pub(crate) struct AccessAnalysis {
    l: Loop,
    /// Alias scopes declared in the loop (valid within one iteration).
    loop_scopes: Vec<MdNode>,
    /// Accesses in insertion order with the types they are accessed with.
    accesses: Vec<(Access, Vec<Type>)>,
    read_only: Vec<Operand>,
    sets: Vec<AliasSet>,
    set_of: FxHashMap<Operand, usize>,
    /// Locations added to the alias sets (`TotalAliasSetSize`).
    total_locs: usize,
    /// The set everything goes to once saturated (`AliasAnyAS`).
    alias_any: Option<usize>,
    pub check_deps: Vec<Access>,
    pub dep_cands: DepCands,
    rt_analysis_needed: bool,
}

impl AccessAnalysis {
    pub fn new(l: Loop, loop_scopes: Vec<MdNode>) -> Self {
        AccessAnalysis {
            l,
            loop_scopes,
            accesses: Vec::new(),
            read_only: Vec::new(),
            sets: Vec::new(),
            set_of: FxHashMap::default(),
            total_locs: 0,
            alias_any: None,
            check_deps: Vec::new(),
            dep_cands: DepCands::default(),
            rt_analysis_needed: false,
        }
    }

    fn record(&mut self, a: Access, ty: Type) {
        match self.accesses.iter_mut().find(|(x, _)| *x == a) {
            Some((_, tys)) => {
                if !tys.contains(&ty) {
                    tys.push(ty);
                }
            }
            None => self.accesses.push((a, vec![ty])),
        }
    }

    pub fn add_store(&mut self, cx: &mut Ctx<'_, '_>, loc: MemoryLocation, ty: Type) {
        let loc = self.adjust(cx, loc);
        self.ast_add(cx, loc);
        self.record((loc.ptr, true), ty);
    }

    pub fn add_load(
        &mut self,
        cx: &mut Ctx<'_, '_>,
        loc: MemoryLocation,
        ty: Type,
        read_only: bool,
    ) {
        let loc = self.adjust(cx, loc);
        self.ast_add(cx, loc);
        self.record((loc.ptr, false), ty);
        if read_only && !self.read_only.contains(&loc.ptr) {
            self.read_only.push(loc.ptr);
        }
    }

    /// `adjustLoc`: any size, scope lists with an iteration-local scope
    /// dropped.
    fn adjust(&self, cx: &Ctx<'_, '_>, mut loc: MemoryLocation) -> MemoryLocation {
        loc.size = LocationSize::BeforeOrAfterPointer;
        let local = |list: Option<MdNode>| -> Option<MdNode> {
            let list = list?;
            let ops = cx.m.md.tuple_ops(list).unwrap_or(&[]);
            let has_local = ops.iter().any(
                |o| matches!(o, Some(loopwright_ir::Md::Node(n)) if self.loop_scopes.contains(n)),
            );
            (!has_local).then_some(list)
        };
        loc.tags.scope = local(loc.tags.scope);
        loc.tags.noalias = local(loc.tags.noalias);
        loc
    }

    /// `AliasSetTracker::add`.
    fn ast_add(&mut self, cx: &mut Ctx<'_, '_>, loc: MemoryLocation) {
        let ptr_set = self.set_of.get(&loc.ptr).copied();
        if let Some(s) = ptr_set {
            if self.sets[s].locs.contains(&loc) {
                return;
            }
        }
        let mut found: Option<usize> = self.alias_any;
        for k in 0..self.sets.len() {
            if self.alias_any.is_some() || self.sets[k].merged {
                continue;
            }
            if Some(k) != ptr_set {
                let mut aliases = false;
                for j in 0..self.sets[k].locs.len() {
                    let other = self.sets[k].locs[j];
                    if cx.aa.alias_across_iterations(&loc, &other) != AliasResult::NoAlias {
                        aliases = true;
                        break;
                    }
                }
                if !aliases {
                    continue;
                }
            }
            match found {
                None => found = Some(k),
                Some(f) => {
                    let moved = std::mem::take(&mut self.sets[k].locs);
                    self.sets[k].merged = true;
                    for m in &moved {
                        self.set_of.insert(m.ptr, f);
                    }
                    self.sets[f].locs.extend(moved);
                }
            }
        }
        let s = match found {
            Some(s) => s,
            None => {
                self.sets.push(AliasSet {
                    locs: Vec::new(),
                    merged: false,
                });
                self.sets.len() - 1
            }
        };
        self.sets[s].locs.push(loc);
        self.total_locs += 1;
        self.set_of.insert(loc.ptr, s);
        if self.alias_any.is_none() && self.total_locs > cx.opts.alias_set_saturation {
            // Saturated: from here on everything may alias everything
            // (`mergeAllAliasSets`).
            let any = self.sets.len();
            self.sets.push(AliasSet {
                locs: Vec::new(),
                merged: false,
            });
            for k in 0..any {
                if self.sets[k].merged {
                    continue;
                }
                let moved = std::mem::take(&mut self.sets[k].locs);
                self.sets[k].merged = true;
                for m in &moved {
                    self.set_of.insert(m.ptr, any);
                }
                self.sets[any].locs.extend(moved);
            }
            self.alias_any = Some(any);
        }
    }

    /// The live alias sets' pointers (unique, in insertion order).
    fn set_pointers(&self) -> Vec<Vec<Operand>> {
        self.sets
            .iter()
            .filter(|s| !s.merged)
            .map(|s| {
                let mut v: Vec<Operand> = Vec::new();
                for l in &s.locs {
                    if !v.contains(&l.ptr) {
                        v.push(l.ptr);
                    }
                }
                v
            })
            .collect()
    }

    pub fn is_dependency_check_needed(&self) -> bool {
        !self.check_deps.is_empty()
    }

    pub fn reset_dep_checks(&mut self, dc: &mut DepChecker) {
        self.check_deps.clear();
        dc.clear_dependences();
    }

    /// `processMemAccesses`.
    pub fn build_dependence_sets(&mut self, cx: &mut Ctx<'_, '_>) {
        for ptrs in self.set_pointers() {
            let mut set_has_write = false;
            let mut last_access: Vec<(Operand, Access)> = Vec::new();
            let mut deferred: Vec<Access> = Vec::new();
            for use_deferred in [false, true] {
                let keys: Vec<Access> = if use_deferred {
                    deferred.clone()
                } else {
                    self.accesses.iter().map(|(a, _)| *a).collect()
                };
                for &ptr in &ptrs {
                    for &(p, is_write) in &keys {
                        if p != ptr {
                            continue;
                        }
                        let read_only = self.read_only.contains(&ptr) && !is_write;
                        if use_deferred && !read_only {
                            continue;
                        }
                        let access = (ptr, is_write);
                        self.dep_cands.insert(access);
                        if !use_deferred && read_only {
                            if !deferred.contains(&access) {
                                deferred.push(access);
                            }
                            continue;
                        }
                        if (is_write || read_only) && set_has_write {
                            self.check_deps.push(access);
                            self.rt_analysis_needed = true;
                        }
                        if is_write {
                            set_has_write = true;
                        }
                        for uo in cx.aa.underlying_objects_in_loops(ptr) {
                            if cx.aa_is_null(uo) && !cx.null_is_defined() {
                                continue;
                            }
                            match last_access.iter_mut().find(|(o, _)| *o == uo) {
                                Some(e) => {
                                    self.dep_cands.union(access, e.1);
                                    e.1 = access;
                                }
                                None => last_access.push((uo, access)),
                            }
                        }
                    }
                }
            }
        }
    }

    /// `canCheckPtrAtRT`: returns whether the checks that are needed can
    /// be made, and the pointer whose bounds are unknown.
    pub fn can_check_ptr_at_rt(
        &mut self,
        cx: &mut Ctx<'_, '_>,
        pse: &mut Pse,
        rt: &mut RtChecking,
        check_wrap: bool,
    ) -> (bool, Option<Operand>) {
        if !self.rt_analysis_needed {
            return (true, None);
        }
        let mut can_do_rt = true;
        let mut may_need = false;
        let use_deps = self.is_dependency_check_needed();
        let mut uncomputable = None;
        let mut as_id = 0u32;
        for ptrs in self.set_pointers() {
            as_id += 1;
            let mut running_dep_id = 1u32;
            let mut dep_set_id: Vec<(Operand, u32)> = Vec::new();
            let mut retries: Vec<(Access, Type)> = Vec::new();
            let mut can_do_set = true;
            let (mut reads, mut writes) = (0, 0);
            let mut infos: Vec<Access> = Vec::new();
            for &p in &ptrs {
                let w = self.accesses.iter().any(|(a, _)| *a == (p, true));
                if w {
                    writes += 1;
                } else {
                    reads += 1;
                }
                infos.push((p, w));
            }
            if writes == 0 || (writes == 1 && reads == 0) {
                as_id += 1;
                continue;
            }
            for &a in &infos {
                let tys = self
                    .accesses
                    .iter()
                    .find(|(x, _)| *x == a)
                    .map(|(_, t)| t.clone())
                    .unwrap_or_default();
                for ty in tys {
                    if !self.create_check(
                        cx,
                        pse,
                        rt,
                        a,
                        ty,
                        &mut dep_set_id,
                        &mut running_dep_id,
                        as_id,
                        check_wrap,
                        false,
                        use_deps,
                    ) {
                        retries.push((a, ty));
                        can_do_set = false;
                    }
                }
            }
            let needs = running_dep_id > 2 || !retries.is_empty();
            if needs && !can_do_set {
                can_do_set = true;
                for &(a, ty) in &retries {
                    if !self.create_check(
                        cx,
                        pse,
                        rt,
                        a,
                        ty,
                        &mut dep_set_id,
                        &mut running_dep_id,
                        as_id,
                        check_wrap,
                        true,
                        use_deps,
                    ) {
                        can_do_set = false;
                        uncomputable = Some(a.0);
                        break;
                    }
                }
            }
            can_do_rt &= can_do_set;
            may_need |= needs;
            as_id += 1;
        }
        // Pointers in different address spaces cannot be compared.
        let n = rt.pointers.len();
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (&rt.pointers[i], &rt.pointers[j]);
                if a.dependence_set == b.dependence_set || a.alias_set != b.alias_set {
                    continue;
                }
                if cx.addrspace(a.ptr) != cx.addrspace(b.ptr) {
                    return (false, uncomputable);
                }
            }
        }
        if may_need && can_do_rt {
            rt.generate_checks(cx, &self.dep_cands, use_deps);
        }
        rt.need = if can_do_rt {
            !rt.checks.is_empty()
        } else {
            may_need
        };
        let ok = !rt.need || can_do_rt;
        if !ok {
            *rt = RtChecking::default();
        }
        (ok, uncomputable)
    }

    /// `createCheckForAccess`.
    #[allow(clippy::too_many_arguments)]
    fn create_check(
        &mut self,
        cx: &mut Ctx<'_, '_>,
        pse: &mut Pse,
        rt: &mut RtChecking,
        a: Access,
        ty: Type,
        dep_set_id: &mut Vec<(Operand, u32)>,
        running: &mut u32,
        as_id: u32,
        check_wrap: bool,
        assume: bool,
        use_deps: bool,
    ) -> bool {
        let ptr = a.0;
        let l = self.l;
        let mut translated = cx.forked_pointer(pse, ptr, l);
        let n = translated.len();
        for k in 0..n {
            let e = translated[k].0;
            if !cx.has_computable_bounds(pse, ptr, e, l, assume) {
                return false;
            }
            if check_wrap {
                if n > 1 {
                    return false;
                }
                if !cx.is_no_wrap(pse, ptr, ty, l) {
                    let s = pse.scev(cx.se, ptr);
                    if !assume || !matches!(cx.se.data(s), ScevData::AddRec(..)) {
                        return false;
                    }
                    pse.set_no_overflow(cx.se, ptr);
                }
            }
            if n == 1 {
                translated[0] = (cx.replace_symbolic_stride(pse, ptr), false);
            }
        }
        for (expr, needs_freeze) in translated {
            let dep_id = if use_deps {
                let leader = self.dep_cands.leader(a).0;
                match dep_set_id.iter().find(|(p, _)| *p == leader) {
                    Some(&(_, id)) => id,
                    None => {
                        let id = *running;
                        *running += 1;
                        dep_set_id.push((leader, id));
                        id
                    }
                }
            } else {
                let id = *running;
                *running += 1;
                id
            };
            rt.insert(cx, pse, l, ptr, expr, ty, a.1, dep_id, as_id, needs_freeze);
        }
        true
    }
}

impl Ctx<'_, '_> {
    pub(crate) fn aa_is_null(&self, p: Operand) -> bool {
        matches!(p, Operand::Const(c) if matches!(self.m.consts.data(c), loopwright_ir::ConstData::Null(_)))
    }

    /// `hasComputableBounds`.
    fn has_computable_bounds(
        &mut self,
        pse: &mut Pse,
        ptr: Operand,
        e: Scev,
        l: Loop,
        assume: bool,
    ) -> bool {
        if self.se.is_loop_invariant(e, l) {
            return true;
        }
        let mut ar = matches!(self.se.data(e), ScevData::AddRec(..)).then_some(e);
        if ar.is_none() && assume {
            ar = pse.as_add_rec(self.se, ptr);
        }
        ar.is_some_and(|ar| self.se.is_affine(ar))
    }

    /// `isNoWrap` (of `createCheckForAccess`).
    fn is_no_wrap(&mut self, pse: &mut Pse, ptr: Operand, ty: Type, l: Loop) -> bool {
        let s = pse.scev(self.se, ptr);
        if self.se.is_loop_invariant(s, l) {
            return true;
        }
        let stride = self.ptr_stride(pse, ty, ptr, false, true).unwrap_or(0);
        stride == 1 || pse.has_no_overflow(self.se, ptr)
    }

    /// `findForkedPointer`: two expressions for a pointer selected between
    /// two add recurrences or invariants, else its (stride-replaced)
    /// expression.
    fn forked_pointer(&mut self, pse: &mut Pse, ptr: Operand, l: Loop) -> Vec<(Scev, bool)> {
        let mut list = Vec::new();
        self.forked_scevs(l, ptr, &mut list, self.opts.max_forked_depth);
        if list.len() == 2 {
            let ok = |cx: &mut Self, s: Scev| {
                matches!(cx.se.data(s), ScevData::AddRec(..)) || cx.se.is_loop_invariant(s, l)
            };
            let (a, b) = (list[0].0, list[1].0);
            if ok(self, a) && ok(self, b) {
                return list;
            }
        }
        vec![(self.replace_symbolic_stride(pse, ptr), false)]
    }

    fn maybe_poison(&self, p: Operand) -> bool {
        match p {
            Operand::Const(c) => matches!(
                self.m.consts.data(c),
                loopwright_ir::ConstData::Undef(_) | loopwright_ir::ConstData::Poison(_)
            ),
            Operand::Value(v) => match self.f.value_def(v) {
                loopwright_ir::ValueDef::Param(k) => !self
                    .f
                    .param_attrs
                    .get(k as usize)
                    .is_some_and(|s| self.m.attrs.has(*s, "noundef")),
                _ => true,
            },
            _ => true,
        }
    }

    /// `findForkedSCEVs`.
    fn forked_scevs(&mut self, l: Loop, p: Operand, out: &mut Vec<(Scev, bool)>, depth: u32) {
        let s = self.se.get_scev(p);
        let inst = self.inst_of(p);
        let invariant = self.lf.is_invariant(self.f, l, p);
        if matches!(self.se.data(s), ScevData::AddRec(..))
            || invariant
            || inst.is_none()
            || depth == 0
        {
            out.push((s, self.maybe_poison(p)));
            return;
        }
        let depth = depth - 1;
        let i = inst.expect("checked");
        let d = self.f.inst(i);
        let ops: Vec<Operand> = d.operands().to_vec();
        match d.opcode {
            Opcode::GetElementPtr => {
                let loopwright_ir::Extra::Gep { source_ty } = d.extra else {
                    out.push((s, true));
                    return;
                };
                if ops.len() != 2 || self.m.types.is_vector(source_ty) {
                    out.push((s, self.maybe_poison(p)));
                    return;
                }
                let mut base = Vec::new();
                let mut off = Vec::new();
                self.forked_scevs(l, ops[0], &mut base, depth);
                self.forked_scevs(l, ops[1], &mut off, depth);
                let freeze = base.iter().chain(off.iter()).any(|x| x.1);
                if !pair_forks(&mut off, &mut base) {
                    out.push((s, freeze));
                    return;
                }
                let bty = self.se.ty(base[0].0);
                let ity = self.se.effective_ty(bty);
                let size = self.alloc_size(source_ty);
                let size_s = self.se.get_const_ty(ity, size as i128);
                for k in 0..2 {
                    let o = self.se.get_truncate_or_sign_extend(off[k].0, ity, 0);
                    let scaled = self.se.get_mul2(size_s, o, NoWrap::ANY);
                    let e = self.se.get_add2(base[k].0, scaled, NoWrap::ANY);
                    out.push((e, freeze));
                }
            }
            Opcode::Select => {
                let mut ch = Vec::new();
                self.forked_scevs(l, ops[1], &mut ch, depth);
                self.forked_scevs(l, ops[2], &mut ch, depth);
                if ch.len() == 2 {
                    out.extend(ch);
                } else {
                    out.push((s, self.maybe_poison(p)));
                }
            }
            Opcode::Phi => {
                let mut ch = Vec::new();
                if ops.len() == 4 {
                    self.forked_scevs(l, ops[0], &mut ch, depth);
                    self.forked_scevs(l, ops[2], &mut ch, depth);
                }
                if ch.len() == 2 {
                    out.extend(ch);
                } else {
                    out.push((s, self.maybe_poison(p)));
                }
            }
            Opcode::Add | Opcode::Sub => {
                let mut ls = Vec::new();
                let mut rs = Vec::new();
                self.forked_scevs(l, ops[0], &mut ls, depth);
                self.forked_scevs(l, ops[1], &mut rs, depth);
                let freeze = ls.iter().chain(rs.iter()).any(|x| x.1);
                if !pair_forks(&mut ls, &mut rs) {
                    out.push((s, freeze));
                    return;
                }
                for k in 0..2 {
                    let e = if d.opcode == Opcode::Add {
                        self.se.get_add2(ls[k].0, rs[k].0, NoWrap::ANY)
                    } else {
                        self.se.get_minus(ls[k].0, rs[k].0, NoWrap::ANY)
                    };
                    out.push((e, freeze));
                }
            }
            _ => out.push((s, self.maybe_poison(p))),
        }
    }
}

/// Pairs the forks of two operands: when one has two and the other one,
/// the single fork stands for both (`findForkedSCEVs` broadcasting it);
/// false when they cannot be paired.
fn pair_forks<T: Copy>(a: &mut Vec<T>, b: &mut Vec<T>) -> bool {
    if a.len() == 2 && b.len() == 1 {
        b.push(b[0]);
    } else if b.len() == 2 && a.len() == 1 {
        a.push(a[0]);
    } else {
        return false;
    }
    true
}
