//! Interleave groups: loads (or stores) with the same constant stride of
//! 2 to 8 elements whose addresses differ by whole elements, which the
//! loop vectorizer may access with one wide load (store) and shuffles.
//! LLVM 19's `InterleavedAccessInfo::analyzeInterleaving`, run on the
//! loop access analysis's predicated expressions and dependences.
//!
//! The accesses are visited bottom-up in program order (reverse
//! post-order of the loop's blocks); each strided access `B` leads a new
//! group unless it is in one already, and the accesses `A` above it join
//! `B`'s group when they are of the same kind, stride and size, at a
//! constant distance that is a multiple of the size, at a free index
//! within the factor. Moving the group's loads up to the first one and
//! its stores down to the last one must not cross a dependence: a store
//! `A` with a recorded dependence on a member of `B`'s load group
//! completes that group (no earlier load may join) and releases `A`'s
//! store group. Without recorded dependences (more than
//! `-max-dependences`), strided pairs are taken as dependent.
//!
//! Afterwards: a load group with a gap may read past what the scalar loop
//! reads, so its first and last members must not wrap (else it is
//! released), and a gap at its end needs at least one iteration of the
//! scalar loop ([`InterleaveInfo::requires_scalar_epilogue`]); a reversed
//! load group with a gap at its end is released. Store groups with gaps
//! need masked stores, which x86 does not enable: released.
//!
//! Differences from LLVM 19: a loop with more than
//! [`MAX_STRIDED_ACCESSES`] strided accesses gets no groups (the pairwise
//! search is quadratic; LLVM has no bound). Strides are taken without adding predicates
//! (LLVM's `collectConstStrideAccesses` may assume an expression is an
//! add recurrence and add that predicate to the loop's checks); such
//! accesses stay out of groups here. Masked interleaved accesses
//! (`-enable-masked-interleaved-mem-accesses`) are not supported: groups
//! in blocks that need predication are not formed.

use super::pse::Pse;
use super::{Ctx, LoopAccessInfo};
use crate::scev::Scev;
use loopwright_ir::{Block, Extra, Inst, Opcode, Operand, Type};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeMap;

/// LLVM's `-max-interleave-group-factor`.
pub const MAX_INTERLEAVE_FACTOR: u32 = 8;

/// Strided accesses above which no groups are formed: the grouping visits
/// every pair of accesses (LLVM has no bound; 1,024 strided accesses are
/// half a million pairs, a few seconds).
pub const MAX_STRIDED_ACCESSES: usize = 1024;

/// One interleave group (LLVM's `InterleaveGroup<Instruction>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InterleaveGroup {
    /// The stride in elements (2 to [`MAX_INTERLEAVE_FACTOR`]).
    pub factor: u32,
    /// The stride is negative.
    pub reverse: bool,
    /// The smallest alignment of the members, in bytes (`None`: a member
    /// has no alignment).
    pub align: Option<u64>,
    /// The members with their index (`0..factor`, index 0 always present),
    /// by index.
    pub members: Vec<(u32, Inst)>,
    /// Where the vectorized group is emitted: the first load in program
    /// order, or the last store.
    pub insert_pos: Inst,
    /// A group of stores.
    pub store: bool,
}

impl InterleaveGroup {
    /// The member at `index`.
    pub fn member(&self, index: u32) -> Option<Inst> {
        self.members
            .iter()
            .find(|(k, _)| *k == index)
            .map(|&(_, i)| i)
    }

    /// The index of member `i`.
    pub fn index_of(&self, i: Inst) -> Option<u32> {
        self.members.iter().find(|(_, m)| *m == i).map(|&(k, _)| k)
    }

    /// All `factor` indices have a member.
    pub fn is_full(&self) -> bool {
        self.members.len() == self.factor as usize
    }

    /// `InterleaveGroup::requiresScalarEpilogue`: a load group without a
    /// member at the last index.
    pub fn requires_scalar_epilogue(&self) -> bool {
        self.member(self.factor - 1).is_none()
    }
}

/// The interleave groups of a loop (LLVM's `InterleavedAccessInfo`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InterleaveInfo {
    pub groups: Vec<InterleaveGroup>,
    /// A load group has a gap at its end: the vector loop must leave at
    /// least one iteration to the scalar loop.
    pub requires_scalar_epilogue: bool,
}

impl InterleaveInfo {
    /// The group `i` belongs to.
    pub fn group_of(&self, i: Inst) -> Option<&InterleaveGroup> {
        self.groups.iter().find(|g| g.index_of(i).is_some())
    }

    /// `invalidateGroupsRequiringScalarEpilogue`: without a scalar
    /// epilogue, groups with a gap at the end cannot be used.
    pub fn invalidate_groups_requiring_scalar_epilogue(&mut self) {
        if !self.requires_scalar_epilogue {
            return;
        }
        self.groups.retain(|g| !g.requires_scalar_epilogue());
        self.requires_scalar_epilogue = false;
    }
}

struct Access {
    inst: Inst,
    ptr: Operand,
    ty: Type,
    stride: i64,
    scev: Scev,
    size: u64,
    align: Option<u64>,
    write: bool,
    block: Block,
}

struct Group {
    factor: u32,
    reverse: bool,
    align: Option<u64>,
    /// Key (relative to the first member's) -> access index.
    members: BTreeMap<i32, usize>,
    smallest: i32,
    largest: i32,
    insert_pos: usize,
    released: bool,
}

impl Group {
    fn index_of(&self, a: usize) -> Option<i32> {
        self.members
            .iter()
            .find(|(_, &m)| m == a)
            .map(|(&k, _)| k - self.smallest)
    }

    /// `InterleaveGroup::insertMember`.
    fn insert(&mut self, a: usize, index: i32, align: Option<u64>) -> bool {
        let Some(key) = index.checked_add(self.smallest) else {
            return false;
        };
        // DenseMap<int32_t>'s empty and tombstone keys.
        if key == i32::MAX || key == i32::MIN {
            return false;
        }
        if self.members.contains_key(&key) {
            return false;
        }
        if key > self.largest {
            if index >= self.factor as i32 {
                return false;
            }
            self.largest = key;
        } else if key < self.smallest {
            let Some(span) = self.largest.checked_sub(key) else {
                return false;
            };
            if i64::from(span) >= i64::from(self.factor) {
                return false;
            }
            self.smallest = key;
        }
        self.align = match (self.align, align) {
            (Some(x), Some(y)) => Some(x.min(y)),
            _ => None,
        };
        self.members.insert(key, a);
        true
    }
}

fn is_strided(stride: i64) -> bool {
    let f = stride.unsigned_abs();
    (2..=u64::from(MAX_INTERLEAVE_FACTOR)).contains(&f)
}

impl Ctx<'_, '_> {
    /// `analyzeInterleaving` for a loop whose memory loop access analysis
    /// found vectorizable (see the module docs).
    pub(crate) fn analyze_interleaving(
        &mut self,
        pse: &mut Pse,
        info: &LoopAccessInfo,
    ) -> InterleaveInfo {
        let l = info.l;
        let latch = self.lf.latches(self.cfg, l).first().copied();
        let predicated = |cx: &Self, b: Block| match latch {
            Some(lb) => !cx.dt.dominates(b, lb),
            None => true,
        };
        // `collectConstStrideAccesses`.
        let mut acc: Vec<Access> = Vec::new();
        for b in self.lf.blocks_rpo(self.cfg, l) {
            for i in self.f.layout.block_insts(b) {
                let d = self.f.inst(i);
                let (ptr, ty, write) = match d.opcode {
                    Opcode::Load => (d.operands()[0], d.ty, false),
                    Opcode::Store => (
                        d.operands()[1],
                        self.f.operand_type(d.operands()[0], &self.m.consts),
                        true,
                    ),
                    _ => continue,
                };
                let size = self.alloc_size(ty);
                if size * 8 != self.dl.size_bits(&self.m.types, ty) {
                    continue;
                }
                let stride = self.ptr_stride(pse, ty, ptr, false, false).unwrap_or(0);
                let scev = self.replace_symbolic_stride(pse, ptr);
                let align = match &d.extra {
                    Extra::Mem { align, .. } => *align,
                    _ => None,
                };
                acc.push(Access {
                    inst: i,
                    ptr,
                    ty,
                    stride,
                    scev,
                    size,
                    align,
                    write,
                    block: b,
                });
            }
        }
        let strided = acc.iter().filter(|a| is_strided(a.stride)).count();
        if strided == 0 || strided > MAX_STRIDED_ACCESSES {
            return InterleaveInfo::default();
        }
        let index: FxHashMap<Inst, usize> =
            acc.iter().enumerate().map(|(k, a)| (a.inst, k)).collect();
        // `collectDependences`.
        let deps: Option<FxHashSet<(usize, usize)>> = info.dependences.as_ref().map(|ds| {
            ds.iter()
                .filter_map(|d| {
                    let s = *index.get(info.mem_insts.get(d.source)?)?;
                    let t = *index.get(info.mem_insts.get(d.destination)?)?;
                    Some((s, t))
                })
                .collect()
        });
        // `canReorderMemAccessesForInterleavedGroups(A, B)`.
        let can_reorder = |a: usize, b: usize| -> bool {
            if !acc[a].write {
                return true;
            }
            if !is_strided(acc[a].stride) && !is_strided(acc[b].stride) {
                return true;
            }
            match &deps {
                None => false,
                Some(d) => !d.contains(&(a, b)),
            }
        };
        let mut groups: Vec<Group> = Vec::new();
        let mut group_of: Vec<Option<usize>> = vec![None; acc.len()];
        let mut load_groups: Vec<usize> = Vec::new();
        let mut store_groups: Vec<usize> = Vec::new();
        let mut completed: FxHashSet<usize> = FxHashSet::default();
        let release = |g: usize, groups: &mut Vec<Group>, group_of: &mut Vec<Option<usize>>| {
            for &m in groups[g].members.values() {
                group_of[m] = None;
            }
            groups[g].released = true;
        };
        for b in (0..acc.len()).rev() {
            let mut group_b = None;
            if is_strided(acc[b].stride) && !predicated(self, acc[b].block) {
                group_b = group_of[b];
                if group_b.is_none() {
                    let g = groups.len();
                    let mut members = BTreeMap::new();
                    members.insert(0, b);
                    groups.push(Group {
                        factor: acc[b].stride.unsigned_abs() as u32,
                        reverse: acc[b].stride < 0,
                        align: acc[b].align,
                        members,
                        smallest: 0,
                        largest: 0,
                        insert_pos: b,
                        released: false,
                    });
                    group_of[b] = Some(g);
                    if acc[b].write {
                        store_groups.push(g);
                    } else {
                        load_groups.push(g);
                    }
                    group_b = Some(g);
                }
            }
            for a in (0..b).rev() {
                let group_a = group_of[a];
                if acc[a].write && group_a != group_b {
                    let dependent = match group_b {
                        Some(g) if load_groups.contains(&g) => {
                            groups[g].members.values().any(|&m| !can_reorder(a, m))
                        }
                        _ => !can_reorder(a, b),
                    };
                    if dependent {
                        if let Some(ga) = group_a {
                            if let Some(p) = store_groups.iter().position(|&x| x == ga) {
                                store_groups.remove(p);
                                release(ga, &mut groups, &mut group_of);
                            }
                        }
                        if let Some(gb) = group_b {
                            if load_groups.contains(&gb) {
                                completed.insert(gb);
                            }
                        }
                    }
                }
                if group_b.is_some_and(|g| completed.contains(&g)) {
                    continue;
                }
                let (da, db) = (&acc[a], &acc[b]);
                if !is_strided(da.stride) || !is_strided(db.stride) {
                    continue;
                }
                if group_of[a].is_some() || da.write != db.write {
                    continue;
                }
                if da.stride != db.stride || da.size != db.size {
                    continue;
                }
                let space = |p: Operand| {
                    let t = self.f.operand_type(p, &self.m.consts);
                    match self.m.types.data(t) {
                        loopwright_ir::TypeData::Ptr(s) => *s,
                        _ => 0,
                    }
                };
                if space(da.ptr) != space(db.ptr) {
                    continue;
                }
                let dist = self
                    .se
                    .get_minus(da.scev, db.scev, crate::scev::NoWrap::ANY);
                let Some(c) = self.se.as_const(dist) else {
                    continue;
                };
                if c.bits() > 64 {
                    continue;
                }
                let dist = c.s() as i64;
                let size = db.size as i64;
                if size == 0 || dist % size != 0 {
                    continue;
                }
                if predicated(self, da.block) || predicated(self, db.block) {
                    continue;
                }
                let Some(gb) = group_b else { continue };
                let Some(ib) = groups[gb].index_of(b) else {
                    continue;
                };
                let Some(ia) = i64::from(ib)
                    .checked_add(dist / size)
                    .and_then(|x| i32::try_from(x).ok())
                else {
                    continue;
                };
                let align = da.align;
                if groups[gb].insert(a, ia, align) {
                    group_of[a] = Some(gb);
                    if !acc[a].write {
                        groups[gb].insert_pos = a;
                    }
                }
            }
        }
        let mut requires_scalar_epilogue = false;
        // Member `index` of group `g` may wrap: release the group.
        let may_wrap = |cx: &mut Self, pse: &mut Pse, g: &Group, index: i32| -> bool {
            let a = &acc[g.members[&(g.smallest + index)]];
            cx.ptr_stride(pse, a.ty, a.ptr, false, true).unwrap_or(0) == 0
        };
        for &g in &load_groups {
            if groups[g].released || groups[g].members.len() == groups[g].factor as usize {
                continue;
            }
            if may_wrap(self, pse, &groups[g], 0) {
                release(g, &mut groups, &mut group_of);
                continue;
            }
            let last = groups[g].factor as i32 - 1;
            if groups[g].members.contains_key(&(groups[g].smallest + last)) {
                if may_wrap(self, pse, &groups[g], last) {
                    release(g, &mut groups, &mut group_of);
                }
            } else if groups[g].reverse {
                release(g, &mut groups, &mut group_of);
            } else {
                requires_scalar_epilogue = true;
            }
        }
        for &g in &store_groups {
            if groups[g].released || groups[g].members.len() == groups[g].factor as usize {
                continue;
            }
            release(g, &mut groups, &mut group_of);
        }
        let mut out = InterleaveInfo {
            groups: Vec::new(),
            requires_scalar_epilogue,
        };
        for g in &groups {
            if g.released {
                continue;
            }
            out.groups.push(InterleaveGroup {
                factor: g.factor,
                reverse: g.reverse,
                align: g.align,
                members: g
                    .members
                    .iter()
                    .map(|(&k, &a)| ((k - g.smallest) as u32, acc[a].inst))
                    .collect(),
                insert_pos: acc[g.insert_pos].inst,
                store: acc[g.insert_pos].write,
            });
        }
        // Program order of the insert positions, for a stable output.
        out.groups.sort_by_key(|g| index[&g.insert_pos]);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::{LaaOptions, LoopAccessAnalysis};
    use crate::cfg::ControlFlowGraph;
    use crate::domtree::DominatorTree;
    use crate::loops::LoopForest;

    /// The groups of the loop of `@f` whose body is `body` (with `%i`
    /// the induction variable, pointers `%a`, `%b`, `%c` that alias
    /// nothing), as `L|S factor [rev] index=name,... @insert`, and the
    /// epilogue flag.
    fn groups(body: &str) -> (Vec<String>, bool) {
        let src = format!(
            "define void @f(ptr noalias %a, ptr noalias %b, ptr noalias %c, i64 %n) {{\n\
             entry:\n  br label %loop\n\
             loop:\n  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]\n{body}\
             \n  %i.next = add nuw nsw i64 %i, 1\n  %x = icmp ult i64 %i.next, %n\n\
             \n  br i1 %x, label %loop, label %exit\n\
             exit:\n  ret void\n}}\n"
        );
        let m = loopwright_parse::parse_module(src.as_bytes(), "t.ll").expect("parses");
        let fid = m.function_by_name("f").expect("@f");
        let f = &m.functions[fid];
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        let l = lf.loops().next().expect("a loop");
        let opts = LaaOptions {
            interleaved_accesses: true,
            ..LaaOptions::default()
        };
        let info = LoopAccessAnalysis::new(&m, f, &cfg, &dt, &lf, opts).analyze(l);
        let name = |i: loopwright_ir::Inst| {
            let d = f.inst(i);
            match f.inst_result(i) {
                Some(v) => f.value_name(v).unwrap_or("?").to_string(),
                None => match d.operands()[0] {
                    loopwright_ir::Operand::Value(v) => {
                        format!("st({})", f.value_name(v).unwrap_or("?"))
                    }
                    _ => "st(const)".to_string(),
                },
            }
        };
        let g = info
            .interleave
            .groups
            .iter()
            .map(|g| {
                let members: Vec<String> = g
                    .members
                    .iter()
                    .map(|&(k, x)| format!("{k}={}", name(x)))
                    .collect();
                format!(
                    "{} {}{} {} @{}",
                    if g.store { "S" } else { "L" },
                    g.factor,
                    if g.reverse { " rev" } else { "" },
                    members.join(","),
                    name(g.insert_pos)
                )
            })
            .collect();
        (g, info.interleave.requires_scalar_epilogue)
    }

    /// `(re, im)` pairs: a full load group of two and a full store group.
    #[test]
    fn full_groups() {
        let (g, epi) = groups(
            "  %e = shl nuw nsw i64 %i, 1\n  %o = or disjoint i64 %e, 1\n\
             %pr = getelementptr inbounds float, ptr %a, i64 %e\n\
             %pi = getelementptr inbounds float, ptr %a, i64 %o\n\
             %re = load float, ptr %pr, align 4\n  %im = load float, ptr %pi, align 4\n\
             %s = fadd float %re, %im\n  %d = fsub float %re, %im\n\
             %qr = getelementptr inbounds float, ptr %b, i64 %e\n\
             %qi = getelementptr inbounds float, ptr %b, i64 %o\n\
             store float %s, ptr %qr, align 4\n  store float %d, ptr %qi, align 4",
        );
        assert_eq!(g, ["L 2 0=re,1=im @re", "S 2 0=st(s),1=st(d) @st(d)"]);
        assert!(!epi);
    }

    /// One field of four: a group with gaps at the end needs an epilogue
    /// iteration; a lone stride-3 store with another does not form a
    /// store group (its gap would need a masked store).
    #[test]
    fn gaps() {
        let (g, epi) = groups(
            "  %e = shl nuw nsw i64 %i, 2\n  %o = or disjoint i64 %e, 1\n\
             %p = getelementptr inbounds i64, ptr %a, i64 %o\n\
             %v = load i64, ptr %p, align 8\n\
             %t = mul nuw nsw i64 %i, 3\n  %t2 = add nuw nsw i64 %t, 2\n\
             %q0 = getelementptr inbounds i64, ptr %b, i64 %t\n\
             %q2 = getelementptr inbounds i64, ptr %b, i64 %t2\n\
             store i64 %v, ptr %q0, align 8\n  store i64 %v, ptr %q2, align 8",
        );
        assert_eq!(g, ["L 4 0=v @v"]);
        assert!(epi);
    }

    /// Near miss of `gaps`: the members at indices 0 and 3 of four leave
    /// no gap at the end, so no epilogue iteration is needed.
    #[test]
    fn gap_in_the_middle() {
        let (g, epi) = groups(
            "  %e = shl nuw nsw i64 %i, 2\n  %o = or disjoint i64 %e, 3\n\
             %p0 = getelementptr inbounds i32, ptr %a, i64 %e\n\
             %p3 = getelementptr inbounds i32, ptr %a, i64 %o\n\
             %v0 = load i32, ptr %p0, align 4\n  %v3 = load i32, ptr %p3, align 4\n\
             %s = add i32 %v0, %v3\n\
             %q = getelementptr inbounds i32, ptr %b, i64 %i\n  store i32 %s, ptr %q, align 4",
        );
        assert_eq!(g, ["L 4 0=v0,3=v3 @v0"]);
        assert!(!epi);
    }

    /// Decreasing addresses: a full group is reversed; with a gap at its
    /// end it is released.
    #[test]
    fn reversed() {
        let body = |second: &str| {
            format!(
                "  %r = sub nsw i64 1000, %i\n  %e = shl nsw i64 %r, 1\n  %o = add nsw i64 %e, {second}\n\
                 %p0 = getelementptr inbounds i32, ptr %a, i64 %e\n\
                 %p1 = getelementptr inbounds i32, ptr %a, i64 %o\n\
                 %v0 = load i32, ptr %p0, align 4\n  %v1 = load i32, ptr %p1, align 4\n\
                 %s = add i32 %v0, %v1\n\
                 %q = getelementptr inbounds i32, ptr %b, i64 %i\n  store i32 %s, ptr %q, align 4"
            )
        };
        let (g, _) = groups(&body("1"));
        assert_eq!(g, ["L 2 rev 0=v0,1=v1 @v0"]);
        let (g, epi) = groups(&body("4"));
        assert_eq!(
            g,
            Vec::<String>::new(),
            "stride -2 members two strides apart"
        );
        assert!(!epi);
    }

    /// Past [`super::MAX_STRIDED_ACCESSES`] strided accesses no groups are
    /// formed; at the bound they are.
    #[test]
    fn strided_accesses_are_bounded() {
        let body = |n: usize| {
            let mut b = String::from("  %e = shl nuw nsw i64 %i, 3\n");
            for k in 0..n {
                b.push_str(&format!(
                    "  %o{k} = add nuw nsw i64 %e, {}\n  %p{k} = getelementptr inbounds i32, ptr %a, i64 %o{k}\n  %v{k} = load i32, ptr %p{k}, align 4\n",
                    (k % 8) + 8 * (k / 8) * 4096
                ));
            }
            b.push_str("  %q = getelementptr inbounds i32, ptr %b, i64 %i\n  store i32 %v0, ptr %q, align 4");
            b
        };
        let (g, _) = groups(&body(super::MAX_STRIDED_ACCESSES));
        assert!(!g.is_empty());
        let (g, epi) = groups(&body(super::MAX_STRIDED_ACCESSES + 1));
        assert!(g.is_empty() && !epi);
    }

    /// A store between two loads of one group, to an address one of them
    /// reads: the loads cannot be moved together across it.
    #[test]
    fn dependence_splits() {
        let (g, _) = groups(
            "  %e = shl nuw nsw i64 %i, 1\n  %o = or disjoint i64 %e, 1\n\
             %p0 = getelementptr inbounds i32, ptr %a, i64 %e\n\
             %p1 = getelementptr inbounds i32, ptr %a, i64 %o\n\
             %v0 = load i32, ptr %p0, align 4\n\
             store i32 7, ptr %p1, align 4\n\
             %v1 = load i32, ptr %p1, align 4\n\
             %s = add i32 %v0, %v1\n\
             %q = getelementptr inbounds i32, ptr %b, i64 %i\n  store i32 %s, ptr %q, align 4",
        );
        assert!(
            !g.iter().any(|x| x.starts_with("L 2 0=v0,1=v1")),
            "the loads were grouped across the store: {g:?}"
        );
    }
}
