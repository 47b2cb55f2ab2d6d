//! Copying code: the one tool every transformation that duplicates blocks
//! or instructions uses (unrolling, peeling, runtime unrolling's remainder,
//! rotation, and later vectorization's scalar loops).
//!
//! It follows LLVM's split of the job:
//! - [`clone_blocks`] is `CloneBasicBlock` over a region: each block and
//!   each instruction is copied, named as LLVM names copies (the original
//!   name followed by a suffix such as `.1`, `.peel`, `.epil`, `.prol`;
//!   unnamed stays unnamed), and the [`ValueMap`] learns every copy;
//! - [`ValueMap::remap_blocks`] is `remapInstructionsInBlocks`
//!   (`RemapInstruction` and `RemapDbgRecordRange` with
//!   `RF_NoModuleLevelChanges | RF_IgnoreMissingLocals`): every operand
//!   the map knows is replaced, including phi entries (values and incoming
//!   blocks), branch targets, and debug record locations, also inside
//!   `!DIArgList`s; an operand the map does not know stays as it is;
//! - [`ExitPhiEntries`] and [`add_exit_phi_entries`] give the phis of the
//!   exit blocks an entry for each copied edge into them;
//! - [`declared_scopes`] and [`clone_noalias_scopes`] are
//!   `identifyNoAliasScopesToClone` and `cloneAndAdaptNoAliasScopes`: the
//!   scopes a duplicated loop body declares with
//!   `llvm.experimental.noalias.scope.decl` get fresh copies in each copy of
//!   the body (`!"<name>:<ext>"`), so that the copies do not claim
//!   `noalias` across iterations.
//!
//! Metadata attachments are shared by the copies, as with LLVM's
//! `RF_NoModuleLevelChanges`: a copied latch keeps the loop's `!llvm.loop`
//! (a caller whose copy is no longer a latch removes it, as peeling does;
//! a remainder loop gets its own, as runtime unrolling gives it), and
//! copied inner loops share their LoopIDs with the originals.

use super::{phi_add_incoming, phi_value_for, phis};
use loopwright_ir::{
    Block, Function, Inst, Md, MdBody, MdKind, MdNode, Module, Opcode, Operand, Value,
};
use rustc_hash::FxHashMap;

/// The value and block maps of a copy of some code, as LLVM's
/// `RemapInstruction` reads its `ValueToValueMapTy`: an operand with no
/// entry stays as it is.
#[derive(Debug, Default, Clone)]
pub struct ValueMap {
    /// Original value to its copy: a value, or a constant it became.
    pub vals: FxHashMap<Value, Operand>,
    /// Original block to its copy.
    pub blocks: FxHashMap<Block, Block>,
}

impl ValueMap {
    /// `op` mapped. A value used as metadata (`MdLocal`) maps to its copy
    /// used as metadata: `MdLocal` of the new value, or `Md::Const` of the
    /// constant it became.
    pub fn operand(&self, op: Operand) -> Operand {
        match op {
            Operand::Value(v) => self.vals.get(&v).copied().unwrap_or(op),
            Operand::MdLocal(v) => match self.vals.get(&v) {
                Some(Operand::Value(w)) => Operand::MdLocal(*w),
                Some(Operand::Const(c)) => Operand::Md(Md::Const(*c)),
                _ => op,
            },
            Operand::Block(b) => Operand::Block(self.blocks.get(&b).copied().unwrap_or(b)),
            other => other,
        }
    }

    /// The copy of a value operand; any other operand as it is.
    pub fn value(&self, op: Operand) -> Operand {
        match op {
            Operand::Value(v) => self.vals.get(&v).copied().unwrap_or(op),
            other => other,
        }
    }

    /// `RemapInstruction` on `i`: every operand mapped by
    /// [`ValueMap::operand`]. A `!DIArgList` operand is replaced by a new
    /// list of the mapped entries; entries are plain values and constants,
    /// never their metadata forms.
    pub fn remap_inst(&self, f: &mut Function, i: Inst) {
        let lists: Vec<(usize, loopwright_ir::ArgList)> = f
            .inst(i)
            .operands()
            .iter()
            .enumerate()
            .filter_map(|(k, o)| match o {
                Operand::MdArgList(al) => Some((k, *al)),
                _ => None,
            })
            .collect();
        let mut new_lists = Vec::new();
        for (k, al) in lists {
            let ops: Vec<Operand> = f.arg_list(al).iter().map(|&o| self.value(o)).collect();
            new_lists.push((k, f.make_arg_list(ops)));
        }
        f.map_operands(i, |ops| {
            for op in ops.iter_mut() {
                *op = self.operand(*op);
            }
            for (k, al) in new_lists {
                ops[k] = Operand::MdArgList(al);
            }
        });
    }

    /// LLVM's `remapInstructionsInBlocks`: [`ValueMap::remap_inst`] on
    /// every instruction (debug records included) of `blocks`.
    pub fn remap_blocks(&self, f: &mut Function, blocks: &[Block]) {
        for &b in blocks {
            let insts: Vec<Inst> = f.layout.block_insts(b).collect();
            for i in insts {
                self.remap_inst(f, i);
            }
        }
    }
}

/// Where [`clone_blocks`] lays out the copies: one after the other, after
/// or before the given block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    After(Block),
    Before(Block),
}

/// The name of a copy: `name` followed by `suffix`, as LLVM's
/// `CloneBasicBlock` names blocks and instructions (only named ones).
pub fn suffixed(name: Option<&str>, suffix: &str) -> Option<String> {
    name.filter(|n| !n.is_empty())
        .map(|n| format!("{n}{suffix}"))
}

/// LLVM's `CloneBasicBlock(bb, map, suffix)` on each of `blocks`, in order:
/// a new block named with [`suffixed`] per block, laid out in the same
/// order at `place`, holding a copy of each instruction (debug records
/// included) except those in `skip` (the phis of a header whose values the
/// caller already put in the map). Copies keep their operands and
/// metadata; `map` learns each block's and each result's copy, so that
/// [`ValueMap::remap_blocks`] can then make the copies refer to each
/// other. Returns the new blocks, in order.
pub fn clone_blocks(
    f: &mut Function,
    blocks: &[Block],
    suffix: &str,
    place: Place,
    skip: &[Inst],
    map: &mut ValueMap,
) -> Vec<Block> {
    let mut new_blocks = Vec::with_capacity(blocks.len());
    let mut after = None;
    for &bb in blocks {
        let nb = f.make_block(suffixed(f.block_name(bb), suffix).as_deref());
        match (after, place) {
            (Some(prev), _) | (None, Place::After(prev)) => f.layout.insert_block_after(nb, prev),
            (None, Place::Before(next)) => f.layout.insert_block_before(nb, next),
        }
        if let Place::After(_) = place {
            after = Some(nb);
        }
        let insts: Vec<Inst> = f.layout.block_insts(bb).collect();
        for i in insts {
            if skip.contains(&i) {
                continue;
            }
            let (c, cv) = f.clone_inst(i);
            if let (Some(cv), Some(orig)) = (cv, f.inst_result(i)) {
                let name = suffixed(f.value_name(orig), suffix);
                f.set_value_name(cv, name.as_deref());
                map.vals.insert(orig, Operand::Value(cv));
            }
            f.layout.append_inst(c, nb);
        }
        map.blocks.insert(bb, nb);
        new_blocks.push(nb);
    }
    new_blocks
}

/// The entry a phi of an exit block gets for the copy of its edge from
/// `from`: the mapped value it receives from `from`, if it has an entry
/// for `from`.
fn exit_entry(f: &Function, map: &ValueMap, phi: Inst, from: Block) -> Option<Operand> {
    phi_value_for(f, phi, from).map(|v| map.value(v))
}

/// Gives the phis of the exit blocks an entry for the copy of each exit
/// edge `(from, to)` in `edges`, at once and in order (LLVM's
/// `PHI.addIncoming(VMap[value], VMap[from])` for each edge, as peeling
/// does it). The copy of `from` must be in `map`.
pub fn add_exit_phi_entries(f: &mut Function, map: &ValueMap, edges: &[(Block, Block)]) {
    for &(from, to) in edges {
        let Some(&copy) = map.blocks.get(&from) else {
            continue;
        };
        for phi in phis(f, to) {
            if let Some(v) = exit_entry(f, map, phi, from) {
                phi_add_incoming(f, phi, v, copy);
            }
        }
    }
}

/// Exit phi entries collected over many copies and added in one edit per
/// phi (unrolling by a count of tens of thousands would otherwise edit
/// each exit phi once per copy). The entries of a phi keep the order in
/// which they were recorded.
#[derive(Debug, Default)]
pub struct ExitPhiEntries {
    entries: FxHashMap<Inst, Vec<Operand>>,
    order: Vec<Inst>,
}

impl ExitPhiEntries {
    /// Records, for each phi of `to` with an entry for `from`, `edges`
    /// entries from `from`'s copy (a switch may reach `to` along several
    /// edges, and a phi has one entry per edge).
    pub fn record(&mut self, f: &Function, map: &ValueMap, from: Block, to: Block, edges: u32) {
        let Some(&copy) = map.blocks.get(&from) else {
            return;
        };
        for phi in phis(f, to) {
            if let Some(v) = exit_entry(f, map, phi, from) {
                let list = self.entries.entry(phi).or_insert_with(|| {
                    self.order.push(phi);
                    Vec::new()
                });
                for _ in 0..edges {
                    list.extend([v, Operand::Block(copy)]);
                }
            }
        }
    }

    /// Adds the recorded entries to their phis.
    pub fn apply(mut self, f: &mut Function) {
        for phi in self.order {
            if let Some(entries) = self.entries.remove(&phi) {
                f.map_operands(phi, |ops| ops.extend(entries));
            }
        }
    }
}

/// Whether `i` calls `llvm.experimental.noalias.scope.decl`; its scope
/// list if so.
pub fn scope_decl(m: &Module, f: &Function, i: Inst) -> Option<MdNode> {
    let d = f.inst(i);
    if d.opcode != Opcode::Call {
        return None;
    }
    let g = m.called_function(d)?;
    if m.functions[g].name() != Some("llvm.experimental.noalias.scope.decl") {
        return None;
    }
    match d.call_args().first() {
        Some(Operand::Md(Md::Node(n))) => Some(*n),
        _ => None,
    }
}

/// LLVM's `identifyNoAliasScopesToClone`: the scope lists of the
/// `llvm.experimental.noalias.scope.decl` calls in `blocks`, in order.
pub fn declared_scopes(m: &Module, f: &Function, blocks: &[Block]) -> Vec<MdNode> {
    blocks
        .iter()
        .flat_map(|&b| f.layout.block_insts(b))
        .filter_map(|i| scope_decl(m, f, i))
        .collect()
}

/// LLVM's `cloneAndAdaptNoAliasScopes(lists, insts, ext)`: each scope in
/// the scope lists `lists` gets a new scope in the same domain, named
/// `<name>:<ext>` (or `<ext>` for an unnamed scope), and in `insts` every
/// scope list of a declaration, an `!alias.scope` or a `!noalias` that
/// names such a scope is replaced by the list with the new scopes.
pub fn clone_noalias_scopes(
    m: &mut Module,
    f: &mut Function,
    lists: &[MdNode],
    insts: &[Inst],
    ext: &str,
) {
    if lists.is_empty() {
        return;
    }
    // `cloneNoAliasScopes`: the first new scope of a scope wins.
    let mut cloned: FxHashMap<MdNode, MdNode> = FxHashMap::default();
    for &list in lists {
        for scope in node_operands(m, list) {
            if cloned.contains_key(&scope) {
                continue;
            }
            // `AliasScopeNode`: the domain is operand 1, the name operand 2.
            let (domain, name) = match &m.md.node(scope).body {
                MdBody::Tuple(ops) => (
                    ops.get(1)
                        .copied()
                        .flatten()
                        .filter(|o| matches!(o, Md::Node(_))),
                    match ops.get(2) {
                        Some(Some(Md::Str(s))) => {
                            String::from_utf8_lossy(m.md.str_bytes(*s)).into_owned()
                        }
                        _ => String::new(),
                    },
                ),
                MdBody::Special { .. } => (None, String::new()),
            };
            let name = if name.is_empty() {
                ext.to_owned()
            } else {
                format!("{name}:{ext}")
            };
            // `createAnonymousAliasScope`: `distinct !{!self, domain, !"name"}`.
            let mut ops = vec![domain];
            if !name.is_empty() {
                ops.push(Some(Md::Str(m.md.string(name.as_bytes()))));
            }
            let new = m.md.self_referential(ops);
            cloned.insert(scope, new);
        }
    }
    // `adaptNoAliasScopes`: a list naming a cloned scope is replaced by a
    // uniqued list with the new scopes (operands that are not nodes drop).
    let mut adapted: FxHashMap<MdNode, Option<MdNode>> = FxHashMap::default();
    let mut adapt = |m: &mut Module, list: MdNode| -> Option<MdNode> {
        if let Some(&r) = adapted.get(&list) {
            return r;
        }
        let ops = node_operands(m, list);
        let r = ops.iter().any(|n| cloned.contains_key(n)).then(|| {
            let new_ops = ops
                .iter()
                .map(|n| Some(Md::Node(cloned.get(n).copied().unwrap_or(*n))))
                .collect();
            m.md.tuple(new_ops)
        });
        adapted.insert(list, r);
        r
    };
    for &i in insts {
        if let Some(list) = scope_decl(m, f, i) {
            if let Some(new) = adapt(m, list) {
                f.map_operands(i, |ops| {
                    // The scope list is the first argument, after the callee.
                    if let Some(op) = ops.get_mut(1) {
                        *op = Operand::Md(Md::Node(new));
                    }
                });
            }
        }
        for kind in [MdKind::NOALIAS, MdKind::ALIAS_SCOPE] {
            if let Some(list) = f.inst(i).md.get(kind) {
                if let Some(new) = adapt(m, list) {
                    f.inst_mut(i).md().set(kind, new);
                }
            }
        }
    }
}

/// The node operands of a tuple (a scope list's scopes).
fn node_operands(m: &Module, list: MdNode) -> Vec<MdNode> {
    match &m.md.node(list).body {
        MdBody::Tuple(ops) => ops
            .iter()
            .filter_map(|o| match o {
                Some(Md::Node(n)) => Some(*n),
                _ => None,
            })
            .collect(),
        MdBody::Special { .. } => Vec::new(),
    }
}

/// The instructions of `blocks`, in order.
pub fn insts_of(f: &Function, blocks: &[Block]) -> Vec<Inst> {
    blocks
        .iter()
        .flat_map(|&b| f.layout.block_insts(b))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use loopwright_ir::Func;

    fn parse(text: &str) -> (Module, Func) {
        let m = loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("parses");
        let fid = m
            .functions
            .iter()
            .find(|(_, f)| !f.is_declaration())
            .expect("a body")
            .0;
        (m, fid)
    }

    fn block(f: &Function, name: &str) -> Block {
        f.layout
            .blocks()
            .find(|&b| f.block_name(b) == Some(name))
            .expect("block")
    }

    fn printed(m: &Module, fid: Func) -> String {
        loopwright_ir::print::print_function(m, fid)
    }

    /// A loop with debug records (`TEST_DEBUG_INFO`) and a LoopID.
    fn loop_module() -> String {
        format!(
            "{}\n{}\n!13 = distinct !{{!13, !14}}\n!14 = !{{!\"llvm.loop.mustprogress\"}}\n",
            r#"define i32 @f(ptr %p, i32 %n) !dbg !5 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %v = load i32, ptr %p, align 4
  %0 = add i32 %v, %i
  br i1 true, label %latch, label %exit

latch:
  %i.next = add nuw i32 %i, 1
    #dbg_value(!DIArgList(i32 %i.next, i32 %0, i32 %n), !10, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_plus, DW_OP_stack_value), !12)
    #dbg_value(i32 %i.next, !10, !DIExpression(), !12)
  %c = icmp ult i32 %i.next, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !13

exit:
  %r = phi i32 [ %0, %loop ], [ %i.next, %latch ]
  ret i32 %r
}"#,
            crate::utils::debug::TEST_DEBUG_INFO
        )
    }

    /// One copy of the loop body as unrolling and peeling make it: named
    /// copies after the latch, header phi resolved in the map, operands,
    /// phis, branches and debug records (list entries too) remapped, the
    /// latch's LoopID shared, the exit phi given the copied edges.
    #[test]
    fn a_copied_loop_body_refers_to_itself() {
        let (mut m, fid) = parse(&loop_module());
        crate::with_function(&mut m, fid, |_, f| {
            let (lp, latch, exit) = (block(f, "loop"), block(f, "latch"), block(f, "exit"));
            let phi = phis(f, lp)[0];
            let i = f.inst_result(phi).expect("phi value");
            // The copy's `%i` is the original latch value.
            let i_next = phi_value_for(f, phi, latch).expect("latch entry");
            let mut map = ValueMap::default();
            map.vals.insert(i, i_next);
            let copies = clone_blocks(f, &[lp, latch], ".1", Place::After(latch), &[phi], &mut map);
            map.remap_blocks(f, &copies);
            add_exit_phi_entries(f, &map, &[(lp, exit), (latch, exit)]);
            let order: Vec<Option<&str>> = f.layout.blocks().map(|b| f.block_name(b)).collect();
            assert_eq!(
                order,
                [
                    Some("entry"),
                    Some("loop"),
                    Some("latch"),
                    Some("loop.1"),
                    Some("latch.1"),
                    Some("exit")
                ]
            );
        });
        let text = printed(&m, fid);
        let want = [
            // No phi in the copy: `%i` became `%i.next`.
            "  %v.1 = load i32, ptr %p, align 4\n  %1 = add i32 %v.1, %i.next\n  br i1 true, label %latch.1, label %exit",
            // Unnamed values stay unnamed; list entries follow the map,
            // values from outside the copy (%n) stay.
            "#dbg_value(!DIArgList(i32 %i.next.1, i32 %1, i32 %n), !",
            "#dbg_value(i32 %i.next.1, !",
            "%i.next.1 = add nuw i32 %i.next, 1",
            // The copied latch branches to the copied header and keeps the
            // loop's LoopID.
            "br i1 %c.1, label %loop.1, label %exit, !llvm.loop !",
            // The exit phi has an entry for each copied edge, in order.
            "%r = phi i32 [ %0, %loop ], [ %i.next, %latch ], [ %1, %loop.1 ], [ %i.next.1, %latch.1 ]",
        ];
        for w in want {
            assert!(text.contains(w), "missing {w:?} in\n{text}");
        }
        // The originals are untouched.
        assert!(text.contains("%i = phi i32 [ 0, %entry ], [ %i.next, %latch ]"));
        assert!(text.contains("#dbg_value(!DIArgList(i32 %i.next, i32 %0, i32 %n), !"));
        loopwright_analysis::verify_module(&m).expect("verifies");
    }

    /// A map to a constant: in a list the entry becomes the constant, as a
    /// location the record names the constant.
    #[test]
    fn values_mapped_to_constants_in_records() {
        let (mut m, fid) = parse(&loop_module());
        crate::with_function(&mut m, fid, |m, f| {
            let latch = block(f, "latch");
            let i_next = f
                .layout
                .block_insts(latch)
                .find_map(|x| f.inst_result(x))
                .expect("i.next");
            let seven = m.consts.int(loopwright_ir::TypeTable::I32, 32, 7);
            let mut map = ValueMap::default();
            map.vals.insert(i_next, Operand::Const(seven));
            let records: Vec<Inst> = f
                .layout
                .block_insts(latch)
                .filter(|&x| f.inst(x).opcode.is_debug_record())
                .collect();
            for r in records {
                map.remap_inst(f, r);
            }
        });
        let text = printed(&m, fid);
        assert!(
            text.contains("#dbg_value(!DIArgList(i32 7, i32 %0, i32 %n), !"),
            "{text}"
        );
        assert!(text.contains("#dbg_value(i32 7, !"), "{text}");
    }

    /// Blocks laid out before an anchor, in order; the `ExitPhiEntries`
    /// batch adds one entry per edge.
    #[test]
    fn copies_before_an_anchor_and_batched_exit_entries() {
        let (mut m, fid) = parse(&loop_module());
        crate::with_function(&mut m, fid, |_, f| {
            let (lp, latch, exit) = (block(f, "loop"), block(f, "latch"), block(f, "exit"));
            let mut entries = ExitPhiEntries::default();
            for k in 1..=2 {
                let mut map = ValueMap::default();
                let copies = clone_blocks(
                    f,
                    &[lp, latch],
                    &format!(".epil{k}"),
                    Place::Before(exit),
                    &[],
                    &mut map,
                );
                map.remap_blocks(f, &copies);
                entries.record(f, &map, latch, exit, 2);
            }
            entries.apply(f);
            let order: Vec<&str> = f.layout.blocks().filter_map(|b| f.block_name(b)).collect();
            assert_eq!(
                order,
                [
                    "entry",
                    "loop",
                    "latch",
                    "loop.epil1",
                    "latch.epil1",
                    "loop.epil2",
                    "latch.epil2",
                    "exit"
                ]
            );
        });
        let text = printed(&m, fid);
        assert!(
            text.contains(
                "%r = phi i32 [ %0, %loop ], [ %i.next, %latch ], [ %i.next.epil1, %latch.epil1 ], \
                 [ %i.next.epil1, %latch.epil1 ], [ %i.next.epil2, %latch.epil2 ], \
                 [ %i.next.epil2, %latch.epil2 ]"
            ),
            "{text}"
        );
        // A copied phi keeps its entries, remapped where the map knows them.
        assert!(
            text.contains("%i.epil2 = phi i32 [ 0, %entry ], [ %i.next.epil2, %latch.epil2 ]"),
            "{text}"
        );
    }

    const SCOPES: &str = r#"
define void @f(ptr %a, ptr %b) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !0)
  %v = load i32, ptr %a, align 4, !alias.scope !0, !noalias !5
  store i32 %v, ptr %b, align 4, !noalias !0
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  store i32 0, ptr %b, align 4, !alias.scope !4
  ret void
}

declare void @llvm.experimental.noalias.scope.decl(metadata)

!0 = !{!1}
!1 = distinct !{!1, !2, !"f: %a"}
!2 = distinct !{!2, !"f"}
!3 = distinct !{!3, !2}
!4 = !{!3}
!5 = !{!6}
!6 = distinct !{!6, !2, !"other"}
"#;

    #[test]
    fn scope_kinds_are_llvms() {
        let m = Module::new();
        assert_eq!(m.md.kind_name(MdKind::ALIAS_SCOPE), "alias.scope");
        assert_eq!(m.md.kind_name(MdKind::NOALIAS), "noalias");
    }

    /// `cloneAndAdaptNoAliasScopes`: new scopes in the same domain named
    /// `<name>:<ext>` (an unnamed scope gets `<ext>`), lists that name them
    /// replaced, other lists and instructions outside the set untouched.
    #[test]
    fn declared_scopes_are_cloned_and_adapted() {
        let (mut m, fid) = parse(SCOPES);
        crate::with_function(&mut m, fid, |m, f| {
            let entry = f.layout.blocks().next().expect("entry");
            let lists = declared_scopes(m, f, &[entry]);
            assert_eq!(lists.len(), 2);
            // Adapt all but the last store.
            let insts: Vec<Inst> = f.layout.block_insts(entry).collect();
            clone_noalias_scopes(m, f, &lists, &insts[..4], "It1");
        });
        let text = loopwright_ir::print::print_module(&m);
        let want = [
            "call void @llvm.experimental.noalias.scope.decl(metadata !0)",
            "%v = load i32, ptr %a, align 4, !alias.scope !0, !noalias !3",
            "store i32 %v, ptr %b, align 4, !noalias !0",
            "call void @llvm.experimental.noalias.scope.decl(metadata !5)",
            "store i32 0, ptr %b, align 4, !alias.scope !7",
            "!0 = !{!1}",
            "!1 = distinct !{!1, !2, !\"f: %a:It1\"}",
            "!2 = distinct !{!2, !\"f\"}",
            "!3 = !{!4}",
            "!4 = distinct !{!4, !2, !\"other\"}",
            "!5 = !{!6}",
            "!6 = distinct !{!6, !2, !\"It1\"}",
            "!7 = !{!8}",
            "!8 = distinct !{!8, !2}",
        ];
        for w in want {
            assert!(text.contains(w), "missing {w:?} in\n{text}");
        }
    }
}
