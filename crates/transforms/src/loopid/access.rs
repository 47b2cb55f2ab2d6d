//! Editing access groups when code is duplicated: fresh groups for
//! clones, LoopIDs whose `llvm.loop.parallel_accesses` list them, and the
//! legacy `!llvm.mem.parallel_loop_access` attachments retargeted to a new
//! LoopID. The reading side (`is_annotated_parallel`, `access_groups`) is
//! `loopwright_analysis::loopmd::access`.
//!
//! LLVM 19's unroller keeps the copies of an instruction in the same
//! groups (checked with opt-19), which is sound: the annotation speaks
//! about dependences between iterations only. These are for
//! transformations that must tell the copies apart (a clone that will be
//! annotated on its own, or a copy placed inside the original loop).

use cranelift_entity::EntityRef;
use loopwright_analysis::loopmd::access_groups;
use loopwright_analysis::loopmd::hints::{attr_name, is_loop_id};
use loopwright_analysis::loopmd::names::{MEM_PARALLEL_LOOP_ACCESS, PARALLEL_ACCESSES};
use loopwright_ir::{Func, Inst, Md, MdBody, MdNode, MdNodeData, Metadata, Module};
use rustc_hash::FxHashMap;

/// Old access group to fresh access group.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccessGroupMap {
    pub map: FxHashMap<MdNode, MdNode>,
}

impl AccessGroupMap {
    pub fn get(&self, g: MdNode) -> Option<MdNode> {
        self.map.get(&g).copied()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// Gives the clones fresh access groups. `clones` pairs each original
/// instruction with its clone (a value map); the clone's
/// `!llvm.access.group` (or, if it has none, the original's) is rewritten so
/// that every group in `only` (every group, for `None`) is replaced by a
/// fresh distinct group, one per old group. Originals are not touched.
/// Returns the map, for [`remap_parallel_accesses`].
pub fn refresh_access_groups(
    m: &mut Module,
    f: Func,
    clones: impl IntoIterator<Item = (Inst, Inst)>,
    only: Option<&[MdNode]>,
) -> AccessGroupMap {
    let mut map = AccessGroupMap::default();
    if f.index() >= m.functions.len() {
        return map;
    }
    let Module { md, functions, .. } = m;
    let func = &mut functions[f];
    let n_insts = func.num_inst_ids();
    for (orig, clone) in clones {
        if orig.index() >= n_insts || clone.index() >= n_insts {
            continue;
        }
        let Some(ag) = func
            .inst(clone)
            .md
            .get(Metadata::ACCESS_GROUP)
            .or_else(|| func.inst(orig).md.get(Metadata::ACCESS_GROUP))
        else {
            continue;
        };
        let old = access_groups(md, ag);
        let mut changed = false;
        let new: Vec<MdNode> = old
            .iter()
            .map(|&g| {
                if only.is_some_and(|o| !o.contains(&g)) {
                    return g;
                }
                changed = true;
                *map.map.entry(g).or_insert_with(|| {
                    md.push(MdNodeData {
                        distinct: true,
                        body: MdBody::Tuple(Vec::new()),
                    })
                })
            })
            .collect();
        let new_ag = match new.as_slice() {
            _ if !changed => ag,
            [one] if md.tuple_ops(ag).is_some_and(|o| o.is_empty()) => *one,
            _ => md.tuple(new.iter().map(|&g| Some(Md::Node(g))).collect()),
        };
        func.inst_mut(clone)
            .md()
            .set(Metadata::ACCESS_GROUP, new_ag);
    }
    map
}

/// A copy of LoopID `loop_id` whose `llvm.loop.parallel_accesses`
/// attributes list the fresh groups of `map` instead of the old ones (groups
/// not in `map` stay). `None` when `loop_id` is not a LoopID or lists no
/// group of `map` (the clone can keep the LoopID).
pub fn remap_parallel_accesses(
    md: &mut Metadata,
    loop_id: Option<MdNode>,
    map: &AccessGroupMap,
) -> Option<MdNode> {
    let id = loop_id.filter(|&n| is_loop_id(md, n))?;
    let ops = md.tuple_ops(id)?[1..].to_vec();
    let mut changed = false;
    let mut new_ops = Vec::with_capacity(ops.len());
    for op in ops {
        let Some(Md::Node(n)) = op else {
            new_ops.push(op);
            continue;
        };
        if attr_name(md, n) != Some(PARALLEL_ACCESSES.as_bytes()) {
            new_ops.push(op);
            continue;
        }
        let attr_ops = md.tuple_ops(n).map(<[_]>::to_vec).unwrap_or_default();
        let mut any = false;
        let mapped: Vec<Option<Md>> = attr_ops
            .iter()
            .enumerate()
            .map(|(i, &a)| match a {
                Some(Md::Node(g)) if i > 0 => match map.get(g) {
                    Some(fresh) => {
                        any = true;
                        Some(Md::Node(fresh))
                    }
                    None => a,
                },
                _ => a,
            })
            .collect();
        if any {
            changed = true;
            new_ops.push(Some(Md::Node(md.tuple(mapped))));
        } else {
            new_ops.push(op);
        }
    }
    changed.then(|| md.self_referential(new_ops))
}

/// Retargets the legacy `!llvm.mem.parallel_loop_access` attachments of
/// `insts` from LoopID `old` to LoopID `new` (the attachment is the LoopID
/// itself or a list of LoopIDs). Returns how many attachments changed.
pub fn retarget_parallel_loop_access(
    m: &mut Module,
    f: Func,
    insts: impl IntoIterator<Item = Inst>,
    old: MdNode,
    new: MdNode,
) -> usize {
    let Some(kind) = m.md.find_kind(MEM_PARALLEL_LOOP_ACCESS) else {
        return 0;
    };
    if f.index() >= m.functions.len() {
        return 0;
    }
    let Module { md, functions, .. } = m;
    let func = &mut functions[f];
    let n_insts = func.num_inst_ids();
    let mut memo: FxHashMap<MdNode, MdNode> = FxHashMap::default();
    let mut count = 0;
    for inst in insts {
        if inst.index() >= n_insts {
            continue;
        }
        let Some(list) = func.inst(inst).md.get(kind) else {
            continue;
        };
        let replacement = if list == old {
            Some(new)
        } else if let Some(&r) = memo.get(&list) {
            Some(r)
        } else {
            if list.index() >= md.num_nodes() {
                continue;
            }
            let Some(ops) = md.tuple_ops(list).map(<[_]>::to_vec) else {
                continue;
            };
            if !ops.contains(&Some(Md::Node(old))) {
                continue;
            }
            let new_ops = ops
                .into_iter()
                .map(|op| {
                    if op == Some(Md::Node(old)) {
                        Some(Md::Node(new))
                    } else {
                        op
                    }
                })
                .collect();
            let r = md.tuple(new_ops);
            memo.insert(list, r);
            Some(r)
        };
        if let Some(r) = replacement {
            func.inst_mut(inst).md().set(kind, r);
            count += 1;
        }
    }
    count
}
