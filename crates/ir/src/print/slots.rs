//! Numbering and naming, computed before any text is written.
//!
//! - [`GlobalNames`]: `@name` / `@N` for every global value, LLVM's module
//!   slot order (variables, aliases, ifuncs, functions), duplicates renamed.
//! - [`FnNames`]: `%name` / `%N` for arguments, blocks and instruction
//!   results of one function, LLVM's function slot order, one namespace for
//!   values and blocks, duplicates renamed.
//! - [`MdSlots`]: `!N` for metadata nodes, LLVM's `SlotTracker` preorder.
//! - [`find_structs`]: identified struct types in LLVM's `TypeFinder` order.

use super::md::node_items;
use crate::entities::{Block, Func, Inst, MdNode, Value};
use crate::function::Function;
use crate::inst::{Opcode, Operand};
use crate::metadata::Md;
use crate::module::Module;
use crate::types::{NamedStruct, Type, TypeData};
use crate::{Attr, AttrSet, Const, ConstData};
use cranelift_entity::SecondaryMap;
use rustc_hash::FxHashSet;

/// How a value, block or global is referred to.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(super) enum Name<'m> {
    /// Not numbered (not in the layout): printed as `<badref>`.
    #[default]
    Unset,
    /// `%N` / `@N` / `N:`.
    Num(u32),
    /// The entity's own name.
    Str(&'m str),
    /// A generated name (index into the owner's `generated` list), used when
    /// the entity's own name is taken.
    Gen(u32),
}

/// Picks unique names: the first entity with a name keeps it, later ones
/// get `name<sep>K` with one counter for the whole namespace, skipping names
/// that are taken (LLVM's `ValueSymbolTable::makeUniqueName`).
struct Dedup<'m, K> {
    taken: FxHashSet<&'m str>,
    dups: Vec<(K, &'m str)>,
}

impl<'m, K: Copy> Dedup<'m, K> {
    fn new() -> Self {
        Dedup {
            taken: FxHashSet::default(),
            dups: Vec::new(),
        }
    }

    /// Registers a named entity; `Some` if it keeps its name.
    fn claim(&mut self, k: K, name: &'m str) -> Name<'m> {
        if self.taken.insert(name) {
            Name::Str(name)
        } else {
            self.dups.push((k, name));
            Name::Unset
        }
    }

    /// Renames the duplicates; calls `set(k, Name::Gen(i))` for each.
    fn finish(&mut self, sep: &str, generated: &mut Vec<String>, mut set: impl FnMut(K, Name<'m>)) {
        if self.dups.is_empty() {
            return;
        }
        let mut counter = 0u64;
        let mut fresh: FxHashSet<String> = FxHashSet::default();
        for (k, base) in std::mem::take(&mut self.dups) {
            let cand = loop {
                counter += 1;
                let c = format!("{base}{sep}{counter}");
                if !self.taken.contains(c.as_str()) && !fresh.contains(&c) {
                    break c;
                }
            };
            fresh.insert(cand.clone());
            set(k, Name::Gen(generated.len() as u32));
            generated.push(cand);
        }
    }
}

fn nonempty(n: Option<&str>) -> Option<&str> {
    n.filter(|s| !s.is_empty())
}

/// Names of global values.
#[derive(Clone, Default)]
pub(super) struct GlobalNames<'m> {
    pub vars: SecondaryMap<crate::GlobalVar, Name<'m>>,
    pub funcs: SecondaryMap<Func, Name<'m>>,
    pub aliases: SecondaryMap<crate::Alias, Name<'m>>,
    pub ifuncs: SecondaryMap<crate::IFunc, Name<'m>>,
    pub generated: Vec<String>,
}

impl<'m> GlobalNames<'m> {
    pub fn compute(m: &'m Module) -> Self {
        use crate::GlobalRef as G;
        let mut g = GlobalNames::default();
        let mut d: Dedup<'m, G> = Dedup::new();
        let mut next = 0u32;
        let mut pick = |d: &mut Dedup<'m, G>, k: G, name: Option<&'m str>| match nonempty(name) {
            Some(n) => d.claim(k, n),
            None => {
                next += 1;
                Name::Num(next - 1)
            }
        };
        for (k, v) in m.globals.iter() {
            g.vars[k] = pick(&mut d, G::Var(k), v.common.name.as_deref());
        }
        for (k, v) in m.aliases.iter() {
            g.aliases[k] = pick(&mut d, G::Alias(k), v.common.name.as_deref());
        }
        for (k, v) in m.ifuncs.iter() {
            g.ifuncs[k] = pick(&mut d, G::IFunc(k), v.common.name.as_deref());
        }
        for (k, v) in m.functions.iter() {
            g.funcs[k] = pick(&mut d, G::Func(k), v.common.name.as_deref());
        }
        // LLVM separates the counter with a dot, except for NVPTX.
        let nvptx = m.triple.as_deref().is_some_and(|t| t.starts_with("nvptx"));
        let GlobalNames {
            vars,
            funcs,
            aliases,
            ifuncs,
            generated,
        } = &mut g;
        d.finish(if nvptx { "" } else { "." }, generated, |k, n| match k {
            G::Var(x) => vars[x] = n,
            G::Func(x) => funcs[x] = n,
            G::Alias(x) => aliases[x] = n,
            G::IFunc(x) => ifuncs[x] = n,
        });
        g
    }

    pub fn get(&self, g: crate::GlobalRef) -> Name<'m> {
        use crate::GlobalRef as G;
        match g {
            G::Var(x) => self.vars[x],
            G::Func(x) => self.funcs[x],
            G::Alias(x) => self.aliases[x],
            G::IFunc(x) => self.ifuncs[x],
        }
    }
}

/// Names of a function's arguments, blocks and instruction results.
#[derive(Clone, Default)]
pub(super) struct FnNames<'m> {
    pub vals: SecondaryMap<Value, Name<'m>>,
    pub blocks: SecondaryMap<Block, Name<'m>>,
    /// Slots of non-void instructions that have no result value.
    pub bare: rustc_hash::FxHashMap<Inst, u32>,
    pub generated: Vec<String>,
}

#[derive(Copy, Clone)]
enum Local {
    Val(Value),
    Blk(Block),
}

impl<'m> FnNames<'m> {
    /// Computes the names of `f`, reusing this object's allocations.
    pub fn compute(&mut self, f: &'m Function) {
        self.vals.clear();
        self.blocks.clear();
        self.bare.clear();
        self.generated.clear();
        let mut d: Dedup<'m, Local> = Dedup::new();
        let mut next = 0u32;
        for &v in &f.params {
            self.vals[v] = match nonempty(f.value_name(v)) {
                Some(n) => d.claim(Local::Val(v), n),
                None => {
                    next += 1;
                    Name::Num(next - 1)
                }
            };
        }
        for b in f.layout.blocks() {
            self.blocks[b] = match nonempty(f.block_name(b)) {
                Some(n) => d.claim(Local::Blk(b), n),
                None => {
                    next += 1;
                    Name::Num(next - 1)
                }
            };
            for i in f.layout.block_insts(b) {
                let data = f.inst(i);
                if data.opcode.is_debug_record() || data.ty == crate::TypeTable::VOID {
                    continue;
                }
                match f.inst_result(i) {
                    Some(v) => {
                        self.vals[v] = match nonempty(f.value_name(v)) {
                            Some(n) => d.claim(Local::Val(v), n),
                            None => {
                                next += 1;
                                Name::Num(next - 1)
                            }
                        };
                    }
                    None => {
                        self.bare.insert(i, next);
                        next += 1;
                    }
                }
            }
        }
        let FnNames {
            vals,
            blocks,
            generated,
            ..
        } = self;
        d.finish("", generated, |k, n| match k {
            Local::Val(v) => vals[v] = n,
            Local::Blk(b) => blocks[b] = n,
        });
    }

    /// The definition name of instruction `i` (`Unset` for void ones).
    pub fn inst_def(&self, f: &Function, i: Inst) -> Name<'m> {
        match f.inst_result(i) {
            Some(v) => self.vals[v],
            None => self.bare.get(&i).map_or(Name::Unset, |&n| Name::Num(n)),
        }
    }
}

/// Metadata node numbering.
#[derive(Clone)]
pub(super) struct MdSlots {
    pub slot: SecondaryMap<MdNode, u32>,
    pub order: Vec<MdNode>,
    stack: Vec<(u32, u32, u32)>,
    buf: Vec<MdNode>,
    items: Vec<super::md::Item>,
}

/// No slot.
pub(super) const NO_SLOT: u32 = u32::MAX;

impl MdSlots {
    pub fn new() -> Self {
        MdSlots {
            slot: SecondaryMap::with_default(NO_SLOT),
            order: Vec::new(),
            stack: Vec::new(),
            buf: Vec::new(),
            items: Vec::new(),
        }
    }

    fn assign(&mut self, m: &Module, n: MdNode) -> bool {
        if self.slot[n] != NO_SLOT || super::md::is_inline_kind(m, n) {
            return false;
        }
        self.slot[n] = self.order.len() as u32;
        self.order.push(n);
        true
    }

    fn push_children(&mut self, m: &Module, n: MdNode) {
        let start = self.buf.len() as u32;
        self.items.clear();
        node_items(m, n, &mut self.items);
        for it in &self.items {
            if let super::md::Item::Node(c) = *it {
                self.buf.push(c);
            }
        }
        self.stack.push((start, self.buf.len() as u32, start));
    }

    /// `SlotTracker::CreateMetadataSlot`: numbers `n` and, depth first in
    /// LLVM's operand order, every node it reaches. `DIExpression` and
    /// `DIArgList` nodes are printed inline and get no number.
    pub fn create(&mut self, m: &Module, n: MdNode) {
        if !self.assign(m, n) {
            return;
        }
        self.push_children(m, n);
        while let Some(top) = self.stack.last_mut() {
            if top.0 == top.1 {
                let base = top.2;
                self.stack.pop();
                self.buf.truncate(base as usize);
                continue;
            }
            let c = self.buf[top.0 as usize];
            top.0 += 1;
            if self.assign(m, c) {
                self.push_children(m, c);
            }
        }
    }

    pub fn get(&self, n: MdNode) -> Option<u32> {
        let s = self.slot[n];
        (s != NO_SLOT).then_some(s)
    }
}

/// Numbers the metadata of one function the way `processFunctionMetadata`
/// does: function attachments, then per instruction its metadata operands
/// (debug record operands in order; call arguments) and its attachments.
pub(super) fn number_function_md(slots: &mut MdSlots, m: &Module, f: &Function) {
    for (_, n) in f.common.md.iter() {
        slots.create(m, n);
    }
    for b in f.layout.blocks() {
        for i in f.layout.block_insts(b) {
            let data = f.inst(i);
            // LLVM only numbers the metadata arguments of calls to
            // intrinsics (others are invalid); numbering every metadata
            // operand keeps the output printable in any case.
            for op in data.operands() {
                if let Operand::Md(Md::Node(n)) = *op {
                    slots.create(m, n);
                }
            }
            for (_, n) in data.md.iter() {
                slots.create(m, n);
            }
        }
    }
}

/// LLVM's `TypeFinder` (as used by the printer): the identified structs
/// reachable from the module, in discovery order.
pub(super) fn find_structs(m: &Module) -> Vec<NamedStruct> {
    let mut tf = TypeFinder {
        m,
        seen_ty: SecondaryMap::new(),
        seen_c: SecondaryMap::new(),
        seen_md: SecondaryMap::new(),
        found: Vec::new(),
        work: Vec::new(),
        items: Vec::new(),
    };
    tf.run();
    tf.found
}

struct TypeFinder<'m> {
    m: &'m Module,
    seen_ty: SecondaryMap<Type, bool>,
    seen_c: SecondaryMap<Const, bool>,
    seen_md: SecondaryMap<MdNode, bool>,
    found: Vec<NamedStruct>,
    work: Vec<Type>,
    items: Vec<super::md::Item>,
}

impl<'m> TypeFinder<'m> {
    fn run(&mut self) {
        let m = self.m;
        for (_, g) in m.globals.iter() {
            self.ty(g.value_ty);
            if let Some(c) = g.init {
                self.konst(c);
            }
        }
        for (_, a) in m.aliases.iter() {
            self.ty(a.value_ty);
            self.konst(a.aliasee);
        }
        for (_, i) in m.ifuncs.iter() {
            self.ty(i.value_ty);
        }
        for (_, f) in m.functions.iter() {
            self.function(f);
        }
        for nm in &m.named_md {
            for &n in &nm.ops {
                self.md(n);
            }
        }
    }

    fn function(&mut self, f: &'m Function) {
        self.ty(f.ty);
        self.attrs(f.fn_attrs);
        self.attrs(f.ret_attrs);
        for &a in &f.param_attrs {
            self.attrs(a);
        }
        for c in [f.personality, f.prefix, f.prologue].into_iter().flatten() {
            self.konst(c);
        }
        let mut pending: Vec<Inst> = Vec::new();
        for b in f.layout.blocks() {
            for i in f.layout.block_insts(b) {
                if f.inst(i).opcode.is_debug_record() {
                    pending.push(i);
                    continue;
                }
                self.inst(f, i);
                // LLVM visits the debug records attached to an instruction
                // after it; here they precede it in the layout.
                for r in pending.drain(..) {
                    let ops = f.inst(r).operands();
                    let idx: &[usize] = match f.inst(r).opcode {
                        Opcode::DbgAssign => &[1, 2, 5],
                        Opcode::DbgLabel => &[],
                        _ => &[1, 2],
                    };
                    for &k in idx {
                        if let Some(Operand::Md(Md::Node(n))) = ops.get(k) {
                            self.md(*n);
                        }
                    }
                }
            }
            pending.clear();
        }
    }

    fn inst(&mut self, f: &'m Function, i: Inst) {
        let data = f.inst(i);
        self.ty(data.ty);
        let ops = data.operands();
        if data.opcode.is_call_like() && !ops.is_empty() {
            for &op in &ops[1..] {
                self.operand(f, op);
            }
            self.operand(f, ops[0]);
        } else {
            for &op in ops {
                self.operand(f, op);
            }
        }
        match &data.extra {
            crate::Extra::Gep { source_ty } => self.ty(*source_ty),
            crate::Extra::Alloca(a) => self.ty(a.allocated_ty),
            crate::Extra::Call(c) => {
                self.attrs(c.fn_attrs);
                self.attrs(c.ret_attrs);
                for &a in &c.param_attrs {
                    self.attrs(a);
                }
            }
            _ => {}
        }
        for (k, n) in data.md.iter() {
            if k != crate::MdKind::DBG {
                self.md(n);
            }
        }
    }

    fn operand(&mut self, f: &Function, op: Operand) {
        match op {
            Operand::Const(c) => self.konst(c),
            Operand::Md(Md::Node(n)) => self.md(n),
            Operand::Md(Md::Const(c)) => self.konst(c),
            Operand::MdArgList(al) => {
                for &o in f.arg_list(al) {
                    if let Operand::Const(c) = o {
                        self.konst(c);
                    }
                }
            }
            _ => {}
        }
    }

    fn attrs(&mut self, s: AttrSet) {
        for a in self.m.attrs.get(s) {
            if let Attr::Type(_, t) = a {
                self.ty(*t);
            }
        }
    }

    fn ty(&mut self, t: Type) {
        if self.seen_ty[t] {
            return;
        }
        self.seen_ty[t] = true;
        self.work.push(t);
        let types = &self.m.types;
        while let Some(t) = self.work.pop() {
            let sub: &[Type] = match types.data(t) {
                TypeData::Named(s) => {
                    self.found.push(*s);
                    match &types.struct_data(*s).body {
                        Some(b) => &b.elems,
                        None => &[],
                    }
                }
                TypeData::Struct { elems, .. } => elems,
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                    std::slice::from_ref(elem)
                }
                TypeData::Function { ret, params, .. } => {
                    // Return type first, then the parameters.
                    for &p in params.iter().rev() {
                        if !self.seen_ty[p] {
                            self.seen_ty[p] = true;
                            self.work.push(p);
                        }
                    }
                    std::slice::from_ref(ret)
                }
                TypeData::TargetExt { types, .. } => types,
                _ => &[],
            };
            for &s in sub.iter().rev() {
                if !self.seen_ty[s] {
                    self.seen_ty[s] = true;
                    self.work.push(s);
                }
            }
        }
    }

    fn konst(&mut self, c: Const) {
        let data = self.m.consts.data(c);
        if matches!(data, ConstData::Global { .. } | ConstData::InlineAsm(_)) || self.seen_c[c] {
            return;
        }
        self.seen_c[c] = true;
        self.ty(self.m.consts.ty(c));
        match data {
            ConstData::Array { elems, .. }
            | ConstData::Struct { elems, .. }
            | ConstData::Vector { elems, .. } => {
                for &e in elems {
                    self.konst(e);
                }
            }
            ConstData::PtrAuth { ops, .. } => {
                for &e in ops {
                    self.konst(e);
                }
            }
            ConstData::Expr(e) => {
                if let Some(s) = e.source_ty {
                    self.ty(s);
                }
                for &o in &e.ops {
                    self.konst(o);
                }
            }
            _ => {}
        }
    }

    /// `incorporateMDNode`, depth first with an explicit stack.
    fn md(&mut self, n: MdNode) {
        if self.seen_md[n] {
            return;
        }
        self.seen_md[n] = true;
        // Frames are (next item, end, base) ranges of `items`.
        let mut stack: Vec<(usize, usize, usize)> = Vec::new();
        let base = self.items.len();
        node_items(self.m, n, &mut self.items);
        stack.push((base, self.items.len(), base));
        while let Some(top) = stack.last_mut() {
            if top.0 == top.1 {
                let base = top.2;
                stack.pop();
                self.items.truncate(base);
                continue;
            }
            let it = self.items[top.0];
            top.0 += 1;
            match it {
                super::md::Item::Node(c) => {
                    if !self.seen_md[c] {
                        self.seen_md[c] = true;
                        let base = self.items.len();
                        node_items(self.m, c, &mut self.items);
                        stack.push((base, self.items.len(), base));
                    }
                }
                super::md::Item::Const(c) => self.konst(c),
            }
        }
    }
}

/// The program address space from a datalayout string (`P<n>`).
pub(super) fn program_addrspace(dl: Option<&str>) -> u32 {
    dl.and_then(|dl| {
        dl.split('-')
            .find_map(|c| c.strip_prefix('P').and_then(|n| n.parse::<u32>().ok()))
    })
    .unwrap_or(0)
}
