//! The alias query itself: LLVM 19's `AAResults::alias` over the default
//! stack, and BasicAA's `aliasCheck`, `aliasCheckRecursive`, `aliasPHI` and
//! `aliasSelect`.
//!
//! Recursive queries through phis assume NoAlias for a pair while it is
//! being answered; an answer that used an assumption which later turned
//! out wrong is withdrawn from the cache (LLVM's assumption tracking), so
//! cycles of phis terminate with sound answers.

use super::gep::MAX_LOOKUP;
use super::{
    AliasAnalysis, AliasResult, CacheEntry, LocKey, LocationSize, MemoryLocation, ASSUMPTION_BASED,
    DEFINITIVE,
};
use cranelift_entity::EntityRef;
use loopwright_ir::{Opcode, Operand};

/// Deeper queries answer MayAlias (LLVM's limit).
const MAX_DEPTH: u32 = 512;

/// `MergeAliasResults`. Two answers "agree" when they are equal with
/// their offsets (`AliasResult::operator==`): two partial overlaps, one
/// with a known offset and one without, or with different offsets, merge
/// to MayAlias, as in LLVM 19.
fn merge(a: AliasResult, b: AliasResult) -> AliasResult {
    if a == b {
        return a;
    }
    let partial_must = |x: AliasResult, y: AliasResult| {
        matches!(x, AliasResult::PartialAlias(_)) && y == AliasResult::MustAlias
    };
    if partial_must(a, b) || partial_must(b, a) {
        return AliasResult::PartialAlias(None);
    }
    AliasResult::MayAlias
}

/// An order on pointers, standing in for LLVM's comparison of addresses.
fn order_key(p: Operand) -> u64 {
    match p {
        Operand::Value(v) => v.index() as u64,
        Operand::Const(c) => (1 << 40) | c.index() as u64,
        _ => u64::MAX,
    }
}

impl AliasAnalysis<'_> {
    /// `AAResults::alias`: BasicAA, then scoped noalias, then TBAA; the
    /// first answer other than MayAlias wins.
    pub(crate) fn aa_alias(&mut self, a: &MemoryLocation, b: &MemoryLocation) -> AliasResult {
        self.q.depth += 1;
        let mut r = self.alias_check(a.ptr, a.size, b.ptr, b.size);
        if r.is_may_alias() && !self.scoped_may_alias(a.tags.scope, b.tags.noalias) {
            r = AliasResult::NoAlias;
        }
        if r.is_may_alias() && !self.scoped_may_alias(b.tags.scope, a.tags.noalias) {
            r = AliasResult::NoAlias;
        }
        if r.is_may_alias() && !self.tbaa_aliases(a.tags.tbaa, b.tags.tbaa) {
            r = AliasResult::NoAlias;
        }
        self.q.depth -= 1;
        r
    }

    /// `isValueEqualInPotentialCycles`.
    pub(crate) fn values_equal_in_cycles(&mut self, a: Operand, b: Operand) -> bool {
        if a != b {
            return false;
        }
        if !self.q.may_be_cross_iteration {
            return true;
        }
        self.value_not_in_cycle(a)
    }

    /// `aliasCheck`.
    fn alias_check(
        &mut self,
        v1: Operand,
        mut s1: LocationSize,
        v2: Operand,
        mut s2: LocationSize,
    ) -> AliasResult {
        if s1.is_zero() || s2.is_zero() {
            return AliasResult::NoAlias;
        }
        let v1 = self.strip_for_aa(v1);
        let v2 = self.strip_for_aa(v2);
        if self.is_undef(v1) || self.is_undef(v2) {
            return AliasResult::NoAlias;
        }
        if self.values_equal_in_cycles(v1, v2) {
            return AliasResult::MustAlias;
        }
        if !self.is_pointer(v1) || !self.is_pointer(v2) {
            return AliasResult::NoAlias;
        }
        let o1 = self.underlying(v1, MAX_LOOKUP);
        let o2 = self.underlying(v2, MAX_LOOKUP);
        if self.is_null(o1) && !self.null_is_defined(self.addrspace_of(o1)) {
            return AliasResult::NoAlias;
        }
        if self.is_null(o2) && !self.null_is_defined(self.addrspace_of(o2)) {
            return AliasResult::NoAlias;
        }
        if o1 != o2 {
            if self.identified_object(o1) && self.identified_object(o2) {
                return AliasResult::NoAlias;
            }
            if (self.is_argument(o1) && self.identified_function_local(o2))
                || (self.is_argument(o2) && self.identified_function_local(o1))
            {
                return AliasResult::NoAlias;
            }
            if self.is_escape_source(o1) && self.non_escaping_local(o2) {
                return AliasResult::NoAlias;
            }
            if self.is_escape_source(o2) && self.non_escaping_local(o1) {
                return AliasResult::NoAlias;
            }
        }
        if self.object_smaller_than(o2, self.minimal_extent(v1, s1))
            || self.object_smaller_than(o1, self.minimal_extent(v2, s2))
        {
            return AliasResult::NoAlias;
        }
        if s1.may_be_before_pointer() || s2.may_be_before_pointer() {
            s1 = LocationSize::AfterPointer;
            s2 = LocationSize::AfterPointer;
        }
        if self.q.depth >= MAX_DEPTH {
            return AliasResult::MayAlias;
        }
        let cross = self.q.may_be_cross_iteration;
        let mut locs = (
            LocKey {
                ptr: v1,
                size: s1,
                cross,
            },
            LocKey {
                ptr: v2,
                size: s2,
                cross,
            },
        );
        let swapped = order_key(v1) > order_key(v2);
        if swapped {
            locs = (locs.1, locs.0);
        }
        if let Some(e) = self.q.cache.get_mut(&locs) {
            if e.uses != DEFINITIVE {
                self.q.num_assumption_uses += 1;
                if e.uses >= 0 {
                    e.uses += 1;
                }
            }
            return e.result.swap_if(swapped);
        }
        self.q.cache.insert(
            locs,
            CacheEntry {
                result: AliasResult::NoAlias,
                uses: 0,
            },
        );
        let orig_uses = self.q.num_assumption_uses;
        let orig_based = self.q.assumption_based.len();
        let mut result = self.alias_check_recursive(v1, s1, v2, s2, o1, o2);
        let entry_uses = self.q.cache.get(&locs).map_or(0, |e| e.uses.max(0));
        let disproven = entry_uses > 0 && !result.is_no_alias();
        if disproven {
            result = AliasResult::MayAlias;
        }
        self.q.num_assumption_uses -= entry_uses;
        if let Some(e) = self.q.cache.get_mut(&locs) {
            e.result = result.swap_if(swapped);
        }
        if disproven {
            while self.q.assumption_based.len() > orig_based {
                let k = self.q.assumption_based.pop().expect("non-empty");
                self.q.cache.remove(&k);
            }
        }
        let based = orig_uses != self.q.num_assumption_uses && !result.is_may_alias();
        if based {
            self.q.assumption_based.push(locs);
        }
        if let Some(e) = self.q.cache.get_mut(&locs) {
            e.uses = if based { ASSUMPTION_BASED } else { DEFINITIVE };
        }
        if self.q.depth == 1 {
            for k in std::mem::take(&mut self.q.assumption_based) {
                if let Some(e) = self.q.cache.get_mut(&k) {
                    e.uses = DEFINITIVE;
                }
            }
            self.q.num_assumption_uses = 0;
        }
        result
    }

    /// `aliasCheckRecursive`: GEPs, then phis, then selects; then whether
    /// one access covers the whole object.
    fn alias_check_recursive(
        &mut self,
        v1: Operand,
        s1: LocationSize,
        v2: Operand,
        s2: LocationSize,
        o1: Operand,
        o2: Operand,
    ) -> AliasResult {
        if self.gep_view(v1).is_some() {
            let r = self.alias_gep(v1, s1, v2, s2, o1, o2);
            if !r.is_may_alias() {
                return r;
            }
        } else if self.gep_view(v2).is_some() {
            let r = self.alias_gep(v2, s2, v1, s1, o2, o1).swapped();
            if !r.is_may_alias() {
                return r;
            }
        }
        if self.opcode_is(v1, Opcode::Phi) {
            let r = self.alias_phi(v1, s1, v2, s2);
            if !r.is_may_alias() {
                return r;
            }
        } else if self.opcode_is(v2, Opcode::Phi) {
            let r = self.alias_phi(v2, s2, v1, s1).swapped();
            if !r.is_may_alias() {
                return r;
            }
        }
        if self.opcode_is(v1, Opcode::Select) {
            let r = self.alias_select(v1, s1, v2, s2);
            if !r.is_may_alias() {
                return r;
            }
        } else if self.opcode_is(v2, Opcode::Select) {
            let r = self.alias_select(v2, s2, v1, s1).swapped();
            if !r.is_may_alias() {
                return r;
            }
        }
        if o1 == o2 {
            if let (LocationSize::Precise(a), LocationSize::Precise(b)) = (s1, s2) {
                if self.object_size(o1, false) == Some(a) || self.object_size(o2, false) == Some(b)
                {
                    return AliasResult::PartialAlias(None);
                }
            }
        }
        AliasResult::MayAlias
    }

    fn opcode_is(&self, p: Operand, op: Opcode) -> bool {
        self.data_of(p).is_some_and(|d| d.opcode == op)
    }

    /// `aliasSelect`.
    fn alias_select(
        &mut self,
        si: Operand,
        s: LocationSize,
        v2: Operand,
        s2: LocationSize,
    ) -> AliasResult {
        let ops = self.data_of(si).expect("select").operands().to_vec();
        if let Some(d2) = self.data_of(v2).filter(|d| d.opcode == Opcode::Select) {
            let ops2 = d2.operands().to_vec();
            if self.values_equal_in_cycles(ops[0], ops2[0]) {
                let a = self.aa_alias(
                    &MemoryLocation::new(ops[1], s),
                    &MemoryLocation::new(ops2[1], s2),
                );
                if a.is_may_alias() {
                    return AliasResult::MayAlias;
                }
                let b = self.aa_alias(
                    &MemoryLocation::new(ops[2], s),
                    &MemoryLocation::new(ops2[2], s2),
                );
                return merge(b, a);
            }
        }
        let a = self.aa_alias(
            &MemoryLocation::new(ops[1], s),
            &MemoryLocation::new(v2, s2),
        );
        if a.is_may_alias() {
            return AliasResult::MayAlias;
        }
        let b = self.aa_alias(
            &MemoryLocation::new(ops[2], s),
            &MemoryLocation::new(v2, s2),
        );
        merge(b, a)
    }

    /// `aliasPHI`.
    fn alias_phi(
        &mut self,
        pn: Operand,
        mut s: LocationSize,
        v2: Operand,
        s2: LocationSize,
    ) -> AliasResult {
        let pi = self.inst_of(pn).expect("phi");
        let ops = self.f.inst(pi).operands().to_vec();
        if ops.is_empty() {
            return AliasResult::NoAlias;
        }
        if let Some(i2) = self
            .inst_of(v2)
            .filter(|&i| self.f.inst(i).opcode == Opcode::Phi)
        {
            if self.f.layout.inst_block(i2) == self.f.layout.inst_block(pi) {
                let ops2 = self.f.inst(i2).operands().to_vec();
                let mut acc: Option<AliasResult> = None;
                for pair in ops.chunks(2) {
                    let Some(other) = ops2.chunks(2).find(|p2| p2[1] == pair[1]).map(|p2| p2[0])
                    else {
                        return AliasResult::MayAlias;
                    };
                    let r = self.aa_alias(
                        &MemoryLocation::new(pair[0], s),
                        &MemoryLocation::new(other, s2),
                    );
                    let m = match acc {
                        Some(a) => merge(a, r),
                        None => r,
                    };
                    acc = Some(m);
                    if m.is_may_alias() {
                        break;
                    }
                }
                return acc.unwrap_or(AliasResult::MayAlias);
            }
        }
        let mut srcs: Vec<Operand> = Vec::new();
        let mut recursive = false;
        let mut one_phi: Option<Operand> = None;
        for pair in ops.chunks(2) {
            let pv = pair[0];
            if pv == pn {
                continue;
            }
            if self.opcode_is(pv, Opcode::Phi) {
                if one_phi.is_some_and(|p| p != pv) {
                    return AliasResult::MayAlias;
                }
                one_phi = Some(pv);
            }
            if self.underlying(pv, MAX_LOOKUP) == pn {
                recursive = true;
                continue;
            }
            if !srcs.contains(&pv) {
                srcs.push(pv);
            }
        }
        if one_phi.is_some() && srcs.len() > 1 {
            return AliasResult::MayAlias;
        }
        if srcs.is_empty() {
            return AliasResult::MayAlias;
        }
        if recursive {
            s = LocationSize::BeforeOrAfterPointer;
        }
        let saved = self.q.may_be_cross_iteration;
        self.q.may_be_cross_iteration = true;
        let result = (|| {
            let mut alias = self.aa_alias(
                &MemoryLocation::new(srcs[0], s),
                &MemoryLocation::new(v2, s2),
            );
            if alias.is_may_alias() {
                return AliasResult::MayAlias;
            }
            if recursive && !alias.is_no_alias() {
                return AliasResult::MayAlias;
            }
            for &src in &srcs[1..] {
                let r = self.aa_alias(&MemoryLocation::new(src, s), &MemoryLocation::new(v2, s2));
                alias = merge(r, alias);
                if alias.is_may_alias() {
                    break;
                }
            }
            alias
        })();
        self.q.may_be_cross_iteration = saved;
        result
    }

    /// `isObjectSmallerThan`: `o` is an identified object of known size
    /// (rounded up to its alignment) below `size`.
    fn object_smaller_than(&self, o: Operand, size: u64) -> bool {
        if !self.identified_object(o) {
            return false;
        }
        self.object_size(o, true).is_some_and(|s| s < size)
    }

    /// `getMinimalExtentFrom`: the bytes known accessible from `v`.
    fn minimal_extent(&self, v: Operand, s: LocationSize) -> u64 {
        let (mut bytes, can_be_null) = self.deref_bytes(v);
        if can_be_null && self.null_is_valid {
            bytes = 0;
        }
        if let LocationSize::Precise(n) = s {
            bytes = bytes.max(n);
        }
        bytes
    }
}
