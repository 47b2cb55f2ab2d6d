//! Functions: signature, body arenas, layout and use lists.
//!
//! A [`Function`] owns its blocks, instructions, values and `!DIArgList`s in
//! `PrimaryMap` arenas, and their order in a [`Layout`]. Ids stay valid
//! while entities are unlinked and relinked, so analyses and worklists can
//! hold them across edits; deleted entities leave dead arena slots, which
//! the printer never shows (it walks the layout and numbers values itself).
//!
//! Use lists: for every [`Value`] the function keeps the list of
//! instructions that use it, once per use (a multiset). All operand edits go
//! through [`Function`] methods ([`Function::make_inst`],
//! [`Function::set_operand`], [`Function::map_operands`],
//! [`Function::replace_all_uses`], [`Function::delete_inst`]), which keep
//! the lists exact. Cost: O(operands) per edit, O(uses) for RAUW.
//!
//! Edit epochs: every mutating method, and every edit of the layout
//! (through [`FnLayout`], which forwards the [`Layout`] queries and
//! counts its edits), advances [`Function::epoch`]; edits that can change
//! the control-flow graph (the block list, the last instruction of a
//! block, a terminator's successors) also advance
//! [`Function::cfg_epoch`]. An analysis records the epoch of the function
//! it was computed on, and a cache that hands it out again can check, in
//! a debug build, that the function has not changed since. The counters
//! of different functions start 2^32 apart, so an analysis of one
//! function never looks fresh for another. The header fields (`common`,
//! attributes, ...) are public and not counted: no analysis reads them.

use crate::entities::{ArgList, AttrSet, Block, Comdat, Const, Inst, Value};
use crate::inst::{InstData, Operand};
use crate::layout::Layout;
use crate::metadata::{Attachments, Md};
use crate::module::GlobalCommon;
use crate::types::{Type, TypeTable};
use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{EntityRef, PrimaryMap, SecondaryMap};
use smallvec::SmallVec;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where a value comes from.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ValueDef {
    /// The `n`-th parameter.
    Param(u32),
    /// The result of an instruction.
    Result(Inst),
    /// A forward reference not yet bound to its definition (parser only).
    Placeholder,
}

/// A value.
#[derive(Clone, Debug)]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
    /// The name without `%`; `None` for an unnamed value.
    pub name: Option<Box<str>>,
}

/// A block.
#[derive(Clone, Debug, Default)]
pub struct BlockData {
    /// The label without `%`; `None` for an unnamed block.
    pub name: Option<Box<str>>,
}

/// A function declaration or definition.
#[derive(Clone, Debug)]
pub struct Function {
    pub common: GlobalCommon,
    /// The function type.
    pub ty: Type,
    /// Calling convention number (0 = `ccc`).
    pub cconv: u32,
    pub fn_attrs: AttrSet,
    pub ret_attrs: AttrSet,
    /// One set per parameter.
    pub param_attrs: Vec<AttrSet>,
    pub gc: Option<String>,
    pub prefix: Option<Const>,
    pub prologue: Option<Const>,
    pub personality: Option<Const>,
    /// Parameter values, in order.
    pub params: Vec<Value>,
    /// Block and instruction order; reads go to the [`Layout`], edits are
    /// counted (see the module docs).
    pub layout: FnLayout,
    insts: PrimaryMap<Inst, InstData>,
    results: SecondaryMap<Inst, PackedOption<Value>>,
    values: PrimaryMap<Value, ValueData>,
    blocks: PrimaryMap<Block, BlockData>,
    arg_lists: PrimaryMap<ArgList, SmallVec<[Operand; 2]>>,
    uses: SecondaryMap<Value, SmallVec<[Inst; 2]>>,
}

impl Function {
    /// A declaration with function type `ty`; parameters get unnamed
    /// values.
    pub fn new(name: Option<String>, ty: Type, types: &TypeTable) -> Self {
        let mut f = Function {
            common: GlobalCommon {
                name,
                ..GlobalCommon::default()
            },
            ty,
            cconv: 0,
            fn_attrs: AttrSet::EMPTY,
            ret_attrs: AttrSet::EMPTY,
            param_attrs: Vec::new(),
            gc: None,
            prefix: None,
            prologue: None,
            personality: None,
            params: Vec::new(),
            layout: FnLayout::default(),
            insts: PrimaryMap::new(),
            results: SecondaryMap::new(),
            values: PrimaryMap::new(),
            blocks: PrimaryMap::new(),
            arg_lists: PrimaryMap::new(),
            uses: SecondaryMap::new(),
        };
        let params: Vec<Type> = types
            .fn_sig(ty)
            .map(|(_, p, _)| p.to_vec())
            .unwrap_or_default();
        for (i, pty) in params.into_iter().enumerate() {
            let v = f.values.push(ValueData {
                ty: pty,
                def: ValueDef::Param(i as u32),
                name: None,
            });
            f.params.push(v);
        }
        f.param_attrs = vec![AttrSet::EMPTY; f.params.len()];
        f
    }

    /// A declaration with this function's header: name, linkage and the
    /// other common properties, type, calling convention, attributes,
    /// `gc`, prefix, prologue and personality; no body.
    pub fn declaration_copy(&self, types: &TypeTable) -> Self {
        let mut d = Function::new(None, self.ty, types);
        d.common = self.common.clone();
        d.cconv = self.cconv;
        d.fn_attrs = self.fn_attrs;
        d.ret_attrs = self.ret_attrs;
        d.param_attrs = self.param_attrs.clone();
        d.gc = self.gc.clone();
        d.prefix = self.prefix;
        d.prologue = self.prologue;
        d.personality = self.personality;
        d
    }

    /// True when the function has no body.
    pub fn is_declaration(&self) -> bool {
        self.layout.entry_block().is_none()
    }

    /// The function's name.
    pub fn name(&self) -> Option<&str> {
        self.common.name.as_deref()
    }

    pub fn comdat(&self) -> Option<Comdat> {
        self.common.comdat
    }

    /// Advanced by every edit of the body (see the module docs).
    pub fn epoch(&self) -> u64 {
        self.layout.epoch
    }

    /// Advanced by every edit that can change the control-flow graph: the
    /// block list, which instruction ends a block, a terminator's
    /// successors. Analyses of the CFG (dominators, loops) computed at the
    /// same `cfg_epoch` still describe the function.
    pub fn cfg_epoch(&self) -> u64 {
        self.layout.cfg_epoch
    }
}

/// Blocks.
impl Function {
    /// Creates a block (not yet in the layout).
    pub fn make_block(&mut self, name: Option<&str>) -> Block {
        self.layout.edit();
        self.blocks.push(BlockData {
            name: name.map(Into::into),
        })
    }

    pub fn block(&self, b: Block) -> &BlockData {
        &self.blocks[b]
    }

    pub fn block_name(&self, b: Block) -> Option<&str> {
        self.blocks[b].name.as_deref()
    }

    pub fn set_block_name(&mut self, b: Block, name: Option<&str>) {
        self.layout.edit();
        self.blocks[b].name = name.map(Into::into);
    }

    /// Number of block ids ever created (an upper bound for dense maps).
    pub fn num_block_ids(&self) -> usize {
        self.blocks.len()
    }

    /// The terminator of `b`, if its last instruction is one.
    pub fn terminator(&self, b: Block) -> Option<Inst> {
        let last = self.layout.last_inst(b)?;
        self.insts[last].opcode.is_terminator().then_some(last)
    }

    /// The successors of `b`, in operand order (duplicates kept).
    pub fn successors(&self, b: Block) -> SmallVec<[Block; 2]> {
        match self.terminator(b) {
            Some(t) => self.insts[t].successors().collect(),
            None => SmallVec::new(),
        }
    }
}

/// Values.
impl Function {
    pub fn value(&self, v: Value) -> &ValueData {
        &self.values[v]
    }

    pub fn value_type(&self, v: Value) -> Type {
        self.values[v].ty
    }

    pub fn value_def(&self, v: Value) -> ValueDef {
        self.values[v].def
    }

    pub fn value_name(&self, v: Value) -> Option<&str> {
        self.values[v].name.as_deref()
    }

    pub fn set_value_name(&mut self, v: Value, name: Option<&str>) {
        self.layout.edit();
        self.values[v].name = name.map(Into::into);
    }

    /// Number of value ids ever created.
    pub fn num_value_ids(&self) -> usize {
        self.values.len()
    }

    /// Creates a value of type `ty` that is not yet defined (a forward
    /// reference); bind it with [`Function::bind_result`].
    pub fn make_placeholder(&mut self, ty: Type, name: Option<&str>) -> Value {
        self.layout.edit();
        self.values.push(ValueData {
            ty,
            def: ValueDef::Placeholder,
            name: name.map(Into::into),
        })
    }

    /// True if `v` is still an unbound placeholder.
    pub fn is_placeholder(&self, v: Value) -> bool {
        self.values[v].def == ValueDef::Placeholder
    }

    /// The instructions using `v`, once per use.
    pub fn uses(&self, v: Value) -> &[Inst] {
        &self.uses[v]
    }

    pub fn has_uses(&self, v: Value) -> bool {
        !self.uses[v].is_empty()
    }

    /// The type of an operand. Blocks have type `label`, metadata `metadata`.
    pub fn operand_type(&self, op: Operand, consts: &crate::ConstPool) -> Type {
        match op {
            Operand::Value(v) => self.values[v].ty,
            Operand::Const(c) => consts.ty(c),
            Operand::Block(_) => TypeTable::LABEL,
            Operand::Md(_) | Operand::MdLocal(_) | Operand::MdArgList(_) => TypeTable::METADATA,
        }
    }
}

/// Capacity.
impl Function {
    /// Makes room for about `insts` more instructions (and as many values)
    /// and `blocks` more blocks, so that filling a body (as the parser
    /// does) does not grow every arena step by step. Capacity only: no
    /// entity, value or result changes.
    pub fn reserve(&mut self, insts: usize, blocks: usize) {
        self.insts.reserve(insts);
        self.values.reserve(insts);
        self.blocks.reserve(blocks);
        reserve_empty(&mut self.results, insts);
        reserve_empty(&mut self.uses, insts);
        self.layout.layout.reserve(insts, blocks);
    }
}

/// Gives an empty map room for `n` entries. (A map with entries keeps its
/// storage: a [`SecondaryMap`] can only be given capacity when made.)
pub(crate) fn reserve_empty<K: EntityRef, V: Clone + Default>(
    map: &mut SecondaryMap<K, V>,
    n: usize,
) {
    if map.is_empty() && map.capacity() < n {
        *map = SecondaryMap::with_capacity(n);
    }
}

/// Instructions.
impl Function {
    /// Creates an instruction (not yet in the layout) and records its uses.
    /// It has no result value; see [`Function::make_result`].
    pub fn make_inst(&mut self, data: InstData) -> Inst {
        self.layout.edit();
        let inst = self.insts.push(data);
        self.add_uses(inst);
        inst
    }

    /// Creates the result value of `inst`, typed with the instruction's type.
    pub fn make_result(&mut self, inst: Inst, name: Option<&str>) -> Value {
        self.layout.edit();
        debug_assert!(self.results[inst].is_none(), "{inst} already has a result");
        let v = self.values.push(ValueData {
            ty: self.insts[inst].ty,
            def: ValueDef::Result(inst),
            name: name.map(Into::into),
        });
        self.results[inst] = v.into();
        v
    }

    /// Makes placeholder `v` the result of `inst`.
    pub fn bind_result(&mut self, inst: Inst, v: Value) {
        self.layout.edit();
        debug_assert!(self.is_placeholder(v));
        debug_assert!(self.results[inst].is_none(), "{inst} already has a result");
        self.values[v].def = ValueDef::Result(inst);
        self.results[inst] = v.into();
    }

    /// Convenience: creates `data`, its result (when its type is not
    /// `void`), and appends it to `block`.
    pub fn append(
        &mut self,
        block: Block,
        data: InstData,
        name: Option<&str>,
    ) -> (Inst, Option<Value>) {
        let has_result = data.ty != TypeTable::VOID;
        let inst = self.make_inst(data);
        let v = has_result.then(|| self.make_result(inst, name));
        self.layout.append_inst(inst, block);
        (inst, v)
    }

    pub fn inst(&self, i: Inst) -> &InstData {
        &self.insts[i]
    }

    /// Mutable access to everything but the operands (flags, extra data,
    /// metadata, type). Operands change only through the operand methods.
    pub fn inst_mut(&mut self, i: Inst) -> InstMut<'_> {
        self.layout.edit();
        InstMut(&mut self.insts[i])
    }

    pub fn inst_result(&self, i: Inst) -> Option<Value> {
        self.results[i].expand()
    }

    /// Number of instruction ids ever created.
    pub fn num_inst_ids(&self) -> usize {
        self.insts.len()
    }

    /// Replaces operand `idx` of `inst`.
    pub fn set_operand(&mut self, inst: Inst, idx: usize, op: Operand) {
        self.map_operands(inst, |ops| ops[idx] = op);
    }

    /// Edits the operand list of `inst` in place (push, remove, rewrite)
    /// and updates the use lists.
    pub fn map_operands(&mut self, inst: Inst, f: impl FnOnce(&mut SmallVec<[Operand; 3]>)) {
        // A placed terminator whose successors change changes the CFG.
        let placed_terminator =
            self.insts[inst].opcode.is_terminator() && self.layout.inst_block(inst).is_some();
        let before: SmallVec<[Block; 4]> = if placed_terminator {
            self.insts[inst].successors().collect()
        } else {
            SmallVec::new()
        };
        self.remove_uses(inst);
        f(&mut self.insts[inst].operands);
        self.add_uses(inst);
        if placed_terminator && !self.insts[inst].successors().eq(before.iter().copied()) {
            self.layout.cfg_edit();
        } else {
            self.layout.edit();
        }
    }

    /// Unlinks `inst` from the layout and forgets its uses of other values.
    /// Its result must be unused. The arena slot stays dead.
    pub fn delete_inst(&mut self, inst: Inst) {
        self.layout.edit();
        if let Some(v) = self.inst_result(inst) {
            debug_assert!(
                !self.has_uses(v),
                "deleting {inst} whose result {v} is still used"
            );
        }
        if self.layout.inst_block(inst).is_some() {
            self.layout.remove_inst(inst);
        }
        self.remove_uses(inst);
        self.insts[inst].operands.clear();
    }

    /// Replaces every use of `from` with `to` (a value or a constant),
    /// including uses wrapped in function-local metadata.
    pub fn replace_all_uses(&mut self, from: Value, to: Operand) {
        self.layout.edit();
        debug_assert!(matches!(to, Operand::Value(_) | Operand::Const(_)));
        if to == Operand::Value(from) {
            return;
        }
        let mut users = std::mem::take(&mut self.uses[from]);
        users.sort_unstable();
        users.dedup();
        for &u in &users {
            // Uses of `from` were already taken out; drop the others too, so
            // that add_uses below restores exact multiplicities.
            self.remove_uses_except(u, from);
            let mut lists: SmallVec<[ArgList; 1]> = SmallVec::new();
            for op in self.insts[u].operands.iter_mut() {
                match *op {
                    Operand::Value(v) if v == from => *op = to,
                    Operand::MdLocal(v) if v == from => {
                        *op = match to {
                            Operand::Value(w) => Operand::MdLocal(w),
                            Operand::Const(c) => Operand::Md(Md::Const(c)),
                            other => other,
                        }
                    }
                    Operand::MdArgList(al) => lists.push(al),
                    _ => {}
                }
            }
            for al in lists {
                for op in self.arg_lists[al].iter_mut() {
                    if *op == Operand::Value(from) {
                        *op = to;
                    }
                }
            }
            self.add_uses(u);
        }
    }

    /// Creates a copy of `inst` (not in the layout) with the same operands
    /// and, if `inst` has a result, a new result value with the same name.
    /// `!DIArgList`s are copied. Remap the operands with
    /// [`Function::map_operands`].
    pub fn clone_inst(&mut self, inst: Inst) -> (Inst, Option<Value>) {
        self.layout.edit();
        let mut data = self.insts[inst].clone();
        for op in data.operands.iter_mut() {
            if let Operand::MdArgList(al) = *op {
                let copy = self.arg_lists[al].clone();
                *op = Operand::MdArgList(self.arg_lists.push(copy));
            }
        }
        let name = self
            .inst_result(inst)
            .and_then(|v| self.values[v].name.clone());
        let new = self.make_inst(data);
        let v = self
            .inst_result(inst)
            .map(|_| self.make_result(new, name.as_deref()));
        (new, v)
    }
}

/// Function-local `!DIArgList`s.
impl Function {
    /// Creates a `!DIArgList(...)` from value and constant operands.
    pub fn make_arg_list(&mut self, ops: impl IntoIterator<Item = Operand>) -> ArgList {
        self.layout.edit();
        self.arg_lists.push(ops.into_iter().collect())
    }

    pub fn arg_list(&self, al: ArgList) -> &[Operand] {
        &self.arg_lists[al]
    }

    /// Number of `!DIArgList` ids ever created.
    pub fn num_arg_list_ids(&self) -> usize {
        self.arg_lists.len()
    }
}

/// Use-list maintenance.
impl Function {
    fn for_each_used_value(&self, inst: Inst, mut f: impl FnMut(Value)) {
        for op in &self.insts[inst].operands {
            match *op {
                Operand::Value(v) | Operand::MdLocal(v) => f(v),
                Operand::MdArgList(al) => {
                    for o in &self.arg_lists[al] {
                        if let Operand::Value(v) = *o {
                            f(v);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn add_uses(&mut self, inst: Inst) {
        let mut vals: SmallVec<[Value; 4]> = SmallVec::new();
        self.for_each_used_value(inst, |v| vals.push(v));
        for v in vals {
            self.uses[v].push(inst);
        }
    }

    fn remove_uses(&mut self, inst: Inst) {
        let mut vals: SmallVec<[Value; 4]> = SmallVec::new();
        self.for_each_used_value(inst, |v| vals.push(v));
        for v in vals {
            remove_one_use(&mut self.uses[v], inst);
        }
    }

    fn remove_uses_except(&mut self, inst: Inst, keep: Value) {
        let mut vals: SmallVec<[Value; 4]> = SmallVec::new();
        self.for_each_used_value(inst, |v| {
            if v != keep {
                vals.push(v)
            }
        });
        for v in vals {
            remove_one_use(&mut self.uses[v], inst);
        }
    }
}

/// Removes one occurrence of `inst` from a use list. The search runs from
/// the end: the use edited most often is the one added last (a clone is
/// added with its original's operands and then remapped), so a value used
/// by many clones (a loop invariant in a 65,536-copy unroll) costs O(1)
/// per remap instead of O(uses).
fn remove_one_use(list: &mut SmallVec<[Inst; 2]>, inst: Inst) {
    if let Some(p) = list.iter().rposition(|&u| u == inst) {
        list.swap_remove(p);
    }
}

/// Where the next function's edit counters start: 2^32 apart, so that the
/// epochs of two functions never meet.
static NEXT_EPOCH_BASE: AtomicU64 = AtomicU64::new(1 << 32);

/// A function's [`Layout`] with edit counters. Reads go to the layout
/// (`Deref`); every edit goes through a method here of the same name and
/// signature as the layout's, which counts it, so that code written
/// against the layout (`f.layout.append_inst(i, b)`) is unchanged. There
/// is no mutable access to the inner layout.
#[derive(Clone, Debug)]
pub struct FnLayout {
    layout: Layout,
    epoch: u64,
    cfg_epoch: u64,
}

impl Default for FnLayout {
    fn default() -> Self {
        let base = NEXT_EPOCH_BASE.fetch_add(1 << 32, Ordering::Relaxed);
        FnLayout {
            layout: Layout::default(),
            epoch: base,
            cfg_epoch: base,
        }
    }
}

impl std::ops::Deref for FnLayout {
    type Target = Layout;
    fn deref(&self) -> &Layout {
        &self.layout
    }
}

impl FnLayout {
    /// Counts an edit that leaves the CFG alone.
    #[inline]
    fn edit(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
    }

    /// Counts an edit that may change the CFG.
    #[inline]
    fn cfg_edit(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        self.cfg_epoch = self.cfg_epoch.wrapping_add(1);
    }

    /// Whether `inst` is the last instruction of its block.
    fn is_last(&self, inst: Inst) -> bool {
        self.layout.inst_block(inst).is_some() && self.layout.next_inst(inst).is_none()
    }

    /// [`Layout::append_block`].
    pub fn append_block(&mut self, b: Block) {
        self.cfg_edit();
        self.layout.append_block(b);
    }

    /// [`Layout::insert_block_before`].
    pub fn insert_block_before(&mut self, b: Block, before: Block) {
        self.cfg_edit();
        self.layout.insert_block_before(b, before);
    }

    /// [`Layout::insert_block_after`].
    pub fn insert_block_after(&mut self, b: Block, after: Block) {
        self.cfg_edit();
        self.layout.insert_block_after(b, after);
    }

    /// [`Layout::remove_block`].
    pub fn remove_block(&mut self, b: Block) {
        self.cfg_edit();
        self.layout.remove_block(b);
    }

    /// [`Layout::append_inst`] (the new last instruction may end the
    /// block, or follow its old terminator).
    pub fn append_inst(&mut self, inst: Inst, b: Block) {
        self.cfg_edit();
        self.layout.append_inst(inst, b);
    }

    /// [`Layout::prepend_inst`].
    pub fn prepend_inst(&mut self, inst: Inst, b: Block) {
        if self.layout.first_inst(b).is_none() {
            self.cfg_edit();
        } else {
            self.edit();
        }
        self.layout.prepend_inst(inst, b);
    }

    /// [`Layout::insert_inst_before`] (never the last instruction).
    pub fn insert_inst_before(&mut self, inst: Inst, before: Inst) {
        self.edit();
        self.layout.insert_inst_before(inst, before);
    }

    /// [`Layout::insert_inst_after`].
    pub fn insert_inst_after(&mut self, inst: Inst, after: Inst) {
        if self.is_last(after) {
            self.cfg_edit();
        } else {
            self.edit();
        }
        self.layout.insert_inst_after(inst, after);
    }

    /// [`Layout::remove_inst`].
    pub fn remove_inst(&mut self, inst: Inst) {
        if self.is_last(inst) {
            self.cfg_edit();
        } else {
            self.edit();
        }
        self.layout.remove_inst(inst);
    }

    /// [`Layout::split_block_at`].
    pub fn split_block_at(&mut self, from: Inst, new: Block) {
        self.cfg_edit();
        self.layout.split_block_at(from, new);
    }
}

/// Mutable access to an instruction's non-operand fields.
pub struct InstMut<'a>(&'a mut InstData);

impl InstMut<'_> {
    pub fn flags(&mut self) -> &mut crate::inst::Flags {
        &mut self.0.flags
    }
    pub fn extra(&mut self) -> &mut crate::inst::Extra {
        &mut self.0.extra
    }
    pub fn md(&mut self) -> &mut Attachments {
        &mut self.0.md
    }
    /// Changes the result type. The caller keeps the result value's type
    /// consistent.
    pub fn set_ty(&mut self, ty: Type) {
        self.0.ty = ty;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inst::Opcode;
    use crate::Module;

    #[test]
    fn uses_and_rauw() {
        let mut m = Module::new();
        let i32t = TypeTable::I32;
        let fty = m.types.function(i32t, vec![i32t, i32t], false);
        let mut f = Function::new(Some("f".into()), fty, &m.types);
        let (a, b) = (f.params[0], f.params[1]);
        let bb = f.make_block(Some("entry"));
        f.layout.append_block(bb);
        let (add, s) = f.append(
            bb,
            InstData::new(Opcode::Add, i32t, [Operand::Value(a), Operand::Value(a)]),
            Some("s"),
        );
        let s = s.unwrap();
        let (mul, p) = f.append(
            bb,
            InstData::new(Opcode::Mul, i32t, [Operand::Value(s), Operand::Value(b)]),
            Some("p"),
        );
        let p = p.unwrap();
        f.append(
            bb,
            InstData::new(Opcode::Ret, TypeTable::VOID, [Operand::Value(p)]),
            None,
        );
        assert_eq!(f.uses(a), &[add, add]);
        assert_eq!(f.uses(s), &[mul]);

        f.replace_all_uses(a, Operand::Value(b));
        assert!(f.uses(a).is_empty());
        assert_eq!(f.uses(b).len(), 3);
        assert_eq!(
            f.inst(add).operands(),
            &[Operand::Value(b), Operand::Value(b)]
        );

        let seven = m.consts.int(i32t, 32, 7);
        f.replace_all_uses(b, Operand::Const(seven));
        assert!(f.uses(b).is_empty());
        assert_eq!(f.inst(mul).operands()[1], Operand::Const(seven));

        let (c, cv) = f.clone_inst(mul);
        let cv = cv.unwrap();
        assert_eq!(f.value_name(cv), Some("p"));
        assert_eq!(f.uses(s), &[mul, c]);
        f.set_operand(c, 0, Operand::Const(seven));
        assert_eq!(f.uses(s), &[mul]);
        f.delete_inst(c);
        assert_eq!(f.uses(s), &[mul]);
    }

    #[test]
    fn rauw_through_debug_metadata() {
        let mut m = Module::new();
        let i32t = TypeTable::I32;
        let fty = m.types.function(TypeTable::VOID, vec![i32t], false);
        let mut f = Function::new(None, fty, &m.types);
        let a = f.params[0];
        let bb = f.make_block(None);
        f.layout.append_block(bb);
        let al = f.make_arg_list([Operand::Value(a), Operand::Value(a)]);
        let (d, _) = f.append(
            bb,
            InstData::new(Opcode::DbgValue, TypeTable::VOID, [Operand::MdArgList(al)]),
            None,
        );
        let (d2, _) = f.append(
            bb,
            InstData::new(Opcode::DbgValue, TypeTable::VOID, [Operand::MdLocal(a)]),
            None,
        );
        assert_eq!(f.uses(a), &[d, d, d2]);
        let one = m.consts.int(i32t, 32, 1);
        f.replace_all_uses(a, Operand::Const(one));
        assert!(f.uses(a).is_empty());
        assert_eq!(f.arg_list(al), &[Operand::Const(one), Operand::Const(one)]);
        assert_eq!(f.inst(d2).operands()[0], Operand::Md(Md::Const(one)));
    }

    #[test]
    fn epochs_count_edits_and_cfg_edits() {
        let mut m = Module::new();
        let i1 = TypeTable::I1;
        let fty = m.types.function(TypeTable::VOID, vec![i1, i1], false);
        let mut f = Function::new(Some("f".into()), fty, &m.types);
        let g = Function::new(Some("g".into()), fty, &m.types);
        assert_ne!(f.epoch(), g.epoch(), "two functions start apart");
        let (c, d) = (f.params[0], f.params[1]);
        let (e0, c0) = (f.epoch(), f.cfg_epoch());
        let entry = f.make_block(Some("entry"));
        let a = f.make_block(Some("a"));
        let b = f.make_block(Some("b"));
        assert!(f.epoch() > e0);
        assert_eq!(f.cfg_epoch(), c0, "blocks outside the layout");
        for bb in [entry, a, b] {
            f.layout.append_block(bb);
        }
        assert!(f.cfg_epoch() > c0);
        let (br, _) = f.append(
            entry,
            InstData::new(
                Opcode::Br,
                TypeTable::VOID,
                [Operand::Value(c), Operand::Block(a), Operand::Block(b)],
            ),
            None,
        );
        for bb in [a, b] {
            f.append(bb, InstData::new(Opcode::Ret, TypeTable::VOID, []), None);
        }
        // Instructions before a terminator, a changed branch condition and
        // names leave the CFG alone.
        let (e1, c1) = (f.epoch(), f.cfg_epoch());
        let fr = f.make_inst(InstData::new(Opcode::Freeze, i1, [Operand::Value(c)]));
        f.make_result(fr, Some("fr"));
        f.layout.insert_inst_before(fr, br);
        f.set_operand(br, 0, Operand::Value(d));
        f.replace_all_uses(d, Operand::Value(c));
        f.set_block_name(a, Some("a2"));
        f.inst_mut(br).md();
        assert!(f.epoch() > e1);
        assert_eq!(f.cfg_epoch(), c1);
        f.layout.remove_inst(fr);
        assert_eq!(f.cfg_epoch(), c1, "not the last instruction");
        // A changed successor, a removed terminator, a moved block do not.
        f.set_operand(br, 2, Operand::Block(a));
        let c2 = f.cfg_epoch();
        assert!(c2 > c1);
        f.set_operand(br, 2, Operand::Block(a));
        assert_eq!(f.cfg_epoch(), c2, "same successors");
        f.layout.remove_inst(br);
        let c3 = f.cfg_epoch();
        assert!(c3 > c2);
        f.layout.remove_block(b);
        assert!(f.cfg_epoch() > c3);
        let copy = f.clone();
        assert_eq!((copy.epoch(), copy.cfg_epoch()), (f.epoch(), f.cfg_epoch()));
    }
}
