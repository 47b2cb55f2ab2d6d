//! Metadata-based alias analysis: struct-path `!tbaa` (LLVM 19's
//! `TypeBasedAliasAnalysis.cpp`) and `!alias.scope`/`!noalias`
//! (`ScopedNoAliasAA.cpp`).
//!
//! Both compare metadata nodes by identity. LLVM uniques equal non-distinct
//! nodes; the parser here does not, so nodes are compared through
//! canonical representatives (equal contents, operands compared the same
//! way). Malformed or cyclic metadata makes the answer "may alias".

use super::AliasAnalysis;
use loopwright_ir::{Md, MdBody, MdNode};

/// A metadata operand with nodes replaced by their representatives.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) enum CanonOp {
    Null,
    Node(MdNode),
    Str(loopwright_ir::MdStr),
    Const(loopwright_ir::Const),
}

/// How deep canonicalization follows operands before giving up (and
/// keeping the node's identity).
const CANON_DEPTH: u32 = 64;
/// How many steps a walk through the type DAG may take.
const WALK_LIMIT: u32 = 1000;

impl AliasAnalysis<'_> {
    /// The representative of `n` among structurally equal nodes.
    pub(crate) fn canon(&mut self, n: MdNode) -> MdNode {
        self.canon_at(n, 0)
    }

    fn canon_at(&mut self, n: MdNode, depth: u32) -> MdNode {
        if let Some(&c) = self.md_canon.get(&n) {
            return c;
        }
        let data = self.m.md.node(n);
        let MdBody::Tuple(ops) = &data.body else {
            return n;
        };
        if data.distinct || depth > CANON_DEPTH {
            return n;
        }
        // A node under construction stands for itself (cycles).
        self.md_canon.insert(n, n);
        let ops = ops.clone();
        let mut key = Vec::with_capacity(ops.len());
        for o in ops {
            key.push(match o {
                None => CanonOp::Null,
                Some(Md::Node(x)) => CanonOp::Node(self.canon_at(x, depth + 1)),
                Some(Md::Str(s)) => CanonOp::Str(s),
                Some(Md::Const(c)) => CanonOp::Const(c),
            });
        }
        let rep = *self.md_keys.entry(key).or_insert(n);
        self.md_canon.insert(n, rep);
        rep
    }

    fn tuple(&self, n: MdNode) -> Option<Vec<Option<Md>>> {
        self.m.md.tuple_ops(n).map(<[Option<Md>]>::to_vec)
    }

    fn op_node(&mut self, n: MdNode, k: usize) -> Option<MdNode> {
        match self.m.md.tuple_ops(n)?.get(k).copied().flatten() {
            Some(Md::Node(x)) => Some(self.canon(x)),
            _ => None,
        }
    }

    fn op_int(&self, n: MdNode, k: usize) -> Option<u64> {
        match self.m.md.tuple_ops(n)?.get(k).copied().flatten() {
            Some(Md::Const(c)) => self
                .const_int(loopwright_ir::Operand::Const(c))
                .and_then(|x| u64::try_from(x).ok()),
            _ => None,
        }
    }

    fn num_ops(&self, n: MdNode) -> usize {
        self.m.md.tuple_ops(n).map_or(0, <[Option<Md>]>::len)
    }

    // ------------------------------------------------------------ scopes

    /// The domain of a scope node (its second operand).
    fn scope_domain(&mut self, scope: MdNode) -> Option<MdNode> {
        if self.num_ops(scope) < 2 {
            return None;
        }
        self.op_node(scope, 1)
    }

    /// The (canonical) scope nodes of a list.
    fn scope_list(&mut self, list: MdNode) -> Vec<MdNode> {
        let ops = self.tuple(list).unwrap_or_default();
        ops.into_iter()
            .filter_map(|o| match o {
                Some(Md::Node(x)) => Some(self.canon(x)),
                _ => None,
            })
            .collect()
    }

    /// `mayAliasInScopes(Scopes, NoAlias)`: false when, in some domain, the
    /// access's scopes are all among the other's noalias scopes.
    pub(crate) fn scoped_may_alias(
        &mut self,
        scopes: Option<MdNode>,
        noalias: Option<MdNode>,
    ) -> bool {
        let (Some(scopes), Some(noalias)) = (scopes, noalias) else {
            return true;
        };
        let na = self.scope_list(noalias);
        let sc = self.scope_list(scopes);
        let na_dom: Vec<(MdNode, Option<MdNode>)> =
            na.iter().map(|&s| (s, self.scope_domain(s))).collect();
        let sc_dom: Vec<(MdNode, Option<MdNode>)> =
            sc.iter().map(|&s| (s, self.scope_domain(s))).collect();
        let mut domains: Vec<MdNode> = Vec::new();
        for &(_, d) in &na_dom {
            if let Some(d) = d {
                if !domains.contains(&d) {
                    domains.push(d);
                }
            }
        }
        for d in domains {
            let in_scopes: Vec<MdNode> = sc_dom
                .iter()
                .filter(|x| x.1 == Some(d))
                .map(|x| x.0)
                .collect();
            if in_scopes.is_empty() {
                continue;
            }
            let in_na: Vec<MdNode> = na_dom
                .iter()
                .filter(|x| x.1 == Some(d))
                .map(|x| x.0)
                .collect();
            if in_scopes.iter().all(|s| in_na.contains(s)) {
                return false;
            }
        }
        true
    }

    // -------------------------------------------------------------- TBAA

    /// A type node in the new, size-aware format.
    fn tbaa_new_format_type(&self, n: MdNode) -> bool {
        self.num_ops(n) >= 3
            && matches!(self.m.md.tuple_ops(n).and_then(|o| o[0]), Some(Md::Node(_)))
    }

    /// `TBAANode::getParent`.
    fn tbaa_parent(&mut self, n: MdNode) -> Option<MdNode> {
        if self.tbaa_new_format_type(n) {
            return self.op_node(n, 0);
        }
        if self.num_ops(n) < 2 {
            return None;
        }
        self.op_node(n, 1)
    }

    /// `TBAAStructTagNode::isNewFormat`.
    fn tag_new_format(&mut self, tag: MdNode) -> bool {
        if self.num_ops(tag) < 4 {
            return false;
        }
        match self.op_node(tag, 1) {
            Some(a) => self.tbaa_new_format_type(a),
            None => true,
        }
    }

    /// Whether an access tag marks its type immutable.
    pub(crate) fn tbaa_immutable(&mut self, tag: MdNode) -> bool {
        let k = if self.tag_new_format(tag) { 4 } else { 3 };
        if self.num_ops(tag) < k + 1 {
            return false;
        }
        self.op_int(tag, k).is_some_and(|x| x & 1 == 1)
    }

    /// `getLeastCommonType`; `Err` for cyclic metadata.
    fn tbaa_least_common(
        &mut self,
        a: Option<MdNode>,
        b: Option<MdNode>,
    ) -> Result<Option<MdNode>, ()> {
        let (Some(a), Some(b)) = (a, b) else {
            return Ok(None);
        };
        if a == b {
            return Ok(Some(a));
        }
        let path = |mut x: Option<MdNode>, s: &mut Self| -> Result<Vec<MdNode>, ()> {
            let mut p = Vec::new();
            while let Some(n) = x {
                if p.contains(&n) || p.len() as u32 > WALK_LIMIT {
                    return Err(());
                }
                p.push(n);
                x = s.tbaa_parent(n);
            }
            Ok(p)
        };
        let pa = path(Some(a), self)?;
        let pb = path(Some(b), self)?;
        let mut ret = None;
        for (x, y) in pa.iter().rev().zip(pb.iter().rev()) {
            if x == y {
                ret = Some(*x);
            } else {
                break;
            }
        }
        Ok(ret)
    }

    /// `TBAAStructTypeNode::getField`: the field type at `offset`, with the
    /// offset made relative to it; `Err` for malformed nodes.
    fn tbaa_field(&mut self, n: MdNode, offset: &mut u64) -> Result<Option<MdNode>, ()> {
        let new_format = self.tbaa_new_format_type(n);
        let nops = self.num_ops(n);
        if new_format {
            if nops < 6 {
                return Ok(None);
            }
        } else {
            if nops < 2 {
                return Ok(None);
            }
            if nops <= 3 {
                let cur = if nops == 2 {
                    0
                } else {
                    self.op_int(n, 2).ok_or(())?
                };
                *offset = offset.wrapping_sub(cur);
                return Ok(self.op_node(n, 1));
            }
        }
        let (first, per) = if new_format { (3, 3) } else { (1, 2) };
        let mut the = 0usize;
        let mut idx = first;
        while idx < nops {
            let cur = self.op_int(n, idx + 1).ok_or(())?;
            if cur > *offset {
                if idx < first + per {
                    return Err(());
                }
                the = idx - per;
                break;
            }
            idx += per;
        }
        if the == 0 {
            the = nops.checked_sub(per).ok_or(())?;
        }
        let cur = self.op_int(n, the + 1).ok_or(())?;
        *offset = offset.wrapping_sub(cur);
        Ok(self.op_node(n, the))
    }

    fn tbaa_num_fields(&self, n: MdNode) -> usize {
        let (first, per) = if self.tbaa_new_format_type(n) {
            (3, 3)
        } else {
            (1, 2)
        };
        self.num_ops(n).saturating_sub(first) / per
    }

    /// `hasField`: whether `base` has `field` as a (nested) field type.
    fn tbaa_has_field(
        &mut self,
        base: MdNode,
        field: MdNode,
        budget: &mut u32,
    ) -> Result<bool, ()> {
        let (first, per) = if self.tbaa_new_format_type(base) {
            (3, 3)
        } else {
            (1, 2)
        };
        for i in 0..self.tbaa_num_fields(base) {
            *budget = budget.checked_sub(1).ok_or(())?;
            let Some(t) = self.op_node(base, first + i * per) else {
                return Err(());
            };
            if t == field || self.tbaa_has_field(t, field, budget)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `mayBeAccessToSubobjectOf`: `Ok(Some(may_alias))` when one access may
    /// be to a subobject of the other.
    fn tbaa_subobject(
        &mut self,
        base_tag: MdNode,
        sub_tag: MdNode,
        common: MdNode,
    ) -> Result<Option<bool>, ()> {
        let base_access = self.op_node(base_tag, 1);
        let base_base = self.op_node(base_tag, 0);
        if base_access == base_base && base_access == Some(common) {
            return Ok(Some(true));
        }
        let new_format = self.tag_new_format(base_tag);
        let mut base_type = base_base;
        let mut offset = self.op_int(base_tag, 2).ok_or(())?;
        let sub_base = self.op_node(sub_tag, 0);
        let sub_access = self.op_node(sub_tag, 1);
        let sub_offset = self.op_int(sub_tag, 2).ok_or(())?;
        let mut steps = 0;
        while let Some(bt) = base_type {
            if Some(bt) == sub_base {
                let may = offset == sub_offset || Some(bt) == base_access || sub_base == sub_access;
                return Ok(Some(may));
            }
            if new_format && Some(bt) == base_access {
                break;
            }
            steps += 1;
            if steps > WALK_LIMIT {
                return Err(());
            }
            base_type = self.tbaa_field(bt, &mut offset)?;
        }
        if new_format {
            let (Some(bt), Some(field)) = (base_type, sub_base) else {
                return Err(());
            };
            let mut budget = WALK_LIMIT;
            if self.tbaa_has_field(bt, field, &mut budget)? {
                return Ok(Some(true));
            }
        }
        Ok(None)
    }

    /// `TypeBasedAAResult::Aliases`: whether accesses tagged `a` and `b` may
    /// alias (`matchAccessTags`).
    pub(crate) fn tbaa_aliases(&mut self, a: Option<MdNode>, b: Option<MdNode>) -> bool {
        let (Some(a), Some(b)) = (a, b) else {
            return true;
        };
        let (a, b) = (self.canon(a), self.canon(b));
        if a == b {
            return true;
        }
        if let Some(&r) = self.memo.borrow().tbaa.get(&(a, b)) {
            return r;
        }
        let r = self.tbaa_match(a, b);
        self.memo.borrow_mut().tbaa.insert((a, b), r);
        r
    }

    /// `matchAccessTags` of two distinct canonical tags.
    fn tbaa_match(&mut self, a: MdNode, b: MdNode) -> bool {
        // A tag has at least a base type, an access type and an offset.
        if self.num_ops(a) < 3 || self.num_ops(b) < 3 {
            return true;
        }
        let (aa, ba) = (self.op_node(a, 1), self.op_node(b, 1));
        let common = match self.tbaa_least_common(aa, ba) {
            Ok(Some(c)) => c,
            _ => return true,
        };
        match self.tbaa_subobject(a, b, common) {
            Ok(Some(may)) => return may,
            Ok(None) => {}
            Err(()) => return true,
        }
        match self.tbaa_subobject(b, a, common) {
            Ok(Some(may)) => may,
            Ok(None) => false,
            Err(()) => true,
        }
    }
}
