//! Access groups: `!llvm.access.group` on memory instructions and
//! `llvm.loop.parallel_accesses` in LoopIDs.
//!
//! An *access group* is a distinct node without operands. An instruction's
//! `!llvm.access.group` is either one group or a list of groups. A loop is
//! annotated parallel when every memory instruction in it belongs to a group
//! listed in the loop's (first) `llvm.loop.parallel_accesses`, or names the
//! LoopID in the legacy `!llvm.mem.parallel_loop_access` attachment
//! (`Loop::isAnnotatedParallel`).
//!
//! Groups are not tied to a LoopID, so replacing a loop's LoopID with one
//! that copies its `parallel_accesses` keeps the annotation; only the legacy
//! attachment names the LoopID and must be retargeted
//! (`loopwright_transforms::loopid::retarget_parallel_loop_access`, with
//! the other edits of access groups).

use super::hints::{is_loop_id, LoopAttrs};
use super::names::MEM_PARALLEL_LOOP_ACCESS;
use cranelift_entity::EntityRef;
use loopwright_ir::{
    Attr, Block, ConstData, Function, GlobalRef, Inst, Md, MdNode, Metadata, Module, Opcode,
    Operand,
};
use rustc_hash::FxHashSet;

/// `isValidAsAccessGroup`: a distinct node without operands.
pub fn is_access_group(md: &Metadata, n: MdNode) -> bool {
    n.index() < md.num_nodes()
        && md.node(n).distinct
        && md.tuple_ops(n).is_some_and(|ops| ops.is_empty())
}

/// The groups an `!llvm.access.group` attachment names: the node itself if
/// it has no operands, else its node operands.
pub fn access_groups(md: &Metadata, attachment: MdNode) -> Vec<MdNode> {
    if attachment.index() >= md.num_nodes() {
        return Vec::new();
    }
    match md.tuple_ops(attachment) {
        Some([]) => vec![attachment],
        Some(ops) => ops
            .iter()
            .filter_map(|op| match *op {
                Some(Md::Node(n)) => Some(n),
                _ => None,
            })
            .collect(),
        None => Vec::new(),
    }
}

fn has_no_memory_effects(m: &Module, set: loopwright_ir::AttrSet) -> bool {
    m.attrs.get(set).iter().any(|a| match a {
        Attr::Raw(n, t) => &**n == "memory" && &**t == "none",
        Attr::Flag(n) => &**n == "readnone",
        _ => false,
    })
}

/// A conservative `Instruction::mayReadOrWriteMemory`: loads, stores,
/// atomics, fences, `va_arg`, catch pads/returns, and calls unless the call
/// site or the called function is `memory(none)`.
pub fn may_read_or_write_memory(m: &Module, f: &Function, inst: Inst) -> bool {
    let data = f.inst(inst);
    match data.opcode {
        Opcode::Load
        | Opcode::Store
        | Opcode::Fence
        | Opcode::AtomicCmpXchg
        | Opcode::AtomicRmw
        | Opcode::VAArg
        | Opcode::CatchPad
        | Opcode::CatchRet => true,
        Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
            let site = data
                .call_info()
                .is_some_and(|c| has_no_memory_effects(m, c.fn_attrs));
            let callee = match data.callee() {
                Some(Operand::Const(c)) if c.index() < m.consts.len() => match m.consts.data(c) {
                    ConstData::Global {
                        global: GlobalRef::Func(func),
                        ..
                    } if func.index() < m.functions.len() => {
                        has_no_memory_effects(m, m.functions[*func].fn_attrs)
                    }
                    _ => false,
                },
                _ => false,
            };
            !(site || callee)
        }
        _ => false,
    }
}

/// `Loop::isAnnotatedParallel` for the loop whose LoopID is `loop_id`,
/// given all memory instructions of the loop (those for which
/// [`may_read_or_write_memory`] holds, or the caller's finer answer).
pub fn is_annotated_parallel(
    m: &Module,
    f: &Function,
    loop_id: Option<MdNode>,
    mem_insts: impl IntoIterator<Item = Inst>,
) -> bool {
    let Some(id) = loop_id.filter(|&n| is_loop_id(&m.md, n)) else {
        return false;
    };
    let (attrs, _) = LoopAttrs::of_module(m, id);
    let groups: FxHashSet<MdNode> = attrs.parallel_accesses.iter().copied().collect();
    let legacy = m.md.find_kind(MEM_PARALLEL_LOOP_ACCESS);
    for inst in mem_insts {
        let md = &f.inst(inst).md;
        if let Some(ag) = md.get(Metadata::ACCESS_GROUP) {
            if access_groups(&m.md, ag).iter().any(|g| groups.contains(g)) {
                continue;
            }
        }
        let Some(list) = legacy.and_then(|k| md.get(k)) else {
            return false;
        };
        let names_loop = list.index() < m.md.num_nodes()
            && m.md
                .tuple_ops(list)
                .is_some_and(|ops| ops.contains(&Some(Md::Node(id))));
        if !names_loop {
            return false;
        }
    }
    true
}

/// [`is_annotated_parallel`] over the instructions of `blocks` (the loop's
/// blocks), using [`may_read_or_write_memory`].
pub fn is_annotated_parallel_in_blocks(
    m: &Module,
    f: &Function,
    loop_id: Option<MdNode>,
    blocks: &[Block],
) -> bool {
    let insts = blocks
        .iter()
        .flat_map(|&b| f.layout.block_insts(b))
        .filter(|&i| may_read_or_write_memory(m, f, i));
    is_annotated_parallel(m, f, loop_id, insts)
}
