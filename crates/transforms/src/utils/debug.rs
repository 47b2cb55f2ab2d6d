//! Debug-record clean-up after code motion: LLVM's
//! `RemoveRedundantDbgInstrs`.
//!
//! Merging or copying blocks leaves records that say nothing new. Two scans
//! remove them, exactly as LLVM 19 does for debug records:
//! - **backward**: in a run of consecutive records (no instruction in
//!   between), an earlier record of the same variable fragment (same
//!   `DILocalVariable`, fragment and inlined-at location) is overwritten by
//!   the later one and removed; `#dbg_declare` and `#dbg_label` end a run;
//! - **forward**: a record that repeats the location and expression the
//!   variable already has in this block is removed.
//!
//! `#dbg_assign` records are kept (linked assignment tracking is not
//! modelled; keeping them is always safe).

use loopwright_ir::{Block, Function, Inst, Md, MdFieldValue, MdNode, Metadata, Opcode, Operand};
use rustc_hash::{FxHashMap, FxHashSet};

/// (variable, fragment, inlined-at) of a variable record.
type VarKey = (Option<MdNode>, Option<(i128, i128)>, Option<MdNode>);

fn node_op(ops: &[Operand], k: usize) -> Option<MdNode> {
    match ops.get(k) {
        Some(Operand::Md(Md::Node(n))) => Some(*n),
        _ => None,
    }
}

/// The `DW_OP_LLVM_fragment, offset, size` of an expression, if any.
fn fragment(md: &Metadata, expr: Option<MdNode>) -> Option<(i128, i128)> {
    let n = expr?;
    let loopwright_ir::MdBody::Special { fields, .. } = &md.node(n).body else {
        return None;
    };
    let pos = fields.iter().position(
        |f| matches!(&f.value, MdFieldValue::Ident(s) if &**s == "DW_OP_LLVM_fragment"),
    )?;
    match (
        fields.get(pos + 1).map(|f| &f.value),
        fields.get(pos + 2).map(|f| &f.value),
    ) {
        (Some(MdFieldValue::Int(a)), Some(MdFieldValue::Int(b))) => Some((*a, *b)),
        _ => None,
    }
}

fn var_key(md: &Metadata, f: &Function, r: Inst, with_fragment: bool) -> VarKey {
    let ops = f.inst(r).operands();
    let var = node_op(ops, 1);
    let expr = node_op(ops, 2);
    let loc = node_op(ops, ops.len().saturating_sub(1));
    let inlined = loc.and_then(|l| md.node_field(l, "inlinedAt"));
    let frag = if with_fragment {
        fragment(md, expr)
    } else {
        None
    };
    (var, frag, inlined)
}

/// Removes redundant variable records from `b`; returns whether any was
/// removed.
pub fn remove_redundant_debug_records(md: &Metadata, f: &mut Function, b: Block) -> bool {
    let mut doomed: Vec<Inst> = Vec::new();
    // Backward scan.
    let insts: Vec<Inst> = f.layout.block_insts(b).collect();
    let mut seen: FxHashSet<VarKey> = FxHashSet::default();
    for &i in insts.iter().rev() {
        match f.inst(i).opcode {
            Opcode::DbgValue => {
                if !seen.insert(var_key(md, f, i, true)) {
                    doomed.push(i);
                }
            }
            Opcode::DbgAssign => {
                seen.insert(var_key(md, f, i, true));
            }
            _ => seen.clear(),
        }
    }
    for i in doomed.drain(..) {
        f.delete_inst(i);
    }
    // Forward scan.
    let mut current: FxHashMap<VarKey, (Vec<Operand>, Option<MdNode>)> = FxHashMap::default();
    let insts: Vec<Inst> = f.layout.block_insts(b).collect();
    let mut removed = false;
    for i in insts {
        let op = f.inst(i).opcode;
        if op != Opcode::DbgValue && op != Opcode::DbgAssign {
            continue;
        }
        let key = var_key(md, f, i, false);
        let ops = f.inst(i).operands();
        let loc: Vec<Operand> = match ops.first() {
            Some(Operand::MdArgList(al)) => f.arg_list(*al).to_vec(),
            Some(o) => vec![*o],
            None => Vec::new(),
        };
        let expr = node_op(ops, 2);
        let same = current
            .get(&key)
            .is_some_and(|(l, e)| *l == loc && *e == expr);
        if same && op == Opcode::DbgValue {
            f.delete_inst(i);
            removed = true;
            continue;
        }
        current.insert(key, (loc, if op == Opcode::DbgValue { expr } else { None }));
    }
    removed
}

/// The values a debug record's location names (LLVM's `location_ops`):
/// its value or constant, or the entries of its `!DIArgList`; none for a
/// metadata node.
pub fn location_ops(f: &Function, loc: Operand) -> Vec<Operand> {
    match loc {
        Operand::MdLocal(v) => vec![Operand::Value(v)],
        Operand::Md(Md::Const(c)) => vec![Operand::Const(c)],
        Operand::MdArgList(al) => f.arg_list(al).to_vec(),
        _ => Vec::new(),
    }
}

/// Debug info for unit tests: a compile unit, the subprogram `!5` of a
/// function `@f`, the variable `!10` and the location `!12`.
#[cfg(test)]
pub(crate) const TEST_DEBUG_INFO: &str = r#"
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "t", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DILocalVariable(name: "t", scope: !5, file: !1, line: 2, type: !8)
!12 = !DILocation(line: 3, column: 5, scope: !5)
"#;
