//! The printer: a [`Module`] as LLVM 19's textual IR.
//!
//! The output follows LLVM's `AssemblyWriter` so closely that `opt-19 -S`
//! reads it back to the same module, and in the common case prints the
//! same text. The pieces:
//!
//! - [`slots`] numbers everything before text is written: globals, the
//!   values and blocks of each function, metadata nodes (LLVM's
//!   `SlotTracker` order) and identified structs (`TypeFinder` order).
//!   Entity ids never reach the output, so it is deterministic.
//! - [`constant`] writes types, constants and references.
//! - [`md`] writes metadata nodes, references and attachments.
//! - [`inst`] writes instructions and debug records.
//! - [`attrs`] orders attributes as LLVM's `AttributeSet` does.
//! - this module writes the module skeleton: header, type definitions,
//!   comdats, global variables, aliases, ifuncs, functions, attribute
//!   groups, named metadata and metadata nodes.
//!
//! Attribute groups (`attributes #N`) are derived: function, call-site and
//! global-variable attribute sets are numbered in LLVM's order (global
//! variables, then function definitions and declarations, then call sites
//! as the functions are printed), keyed by their canonical text.

mod attrs;
mod constant;
mod float;
mod inst;
mod md;
mod slots;
mod text;

use crate::attrs::Attr;
use crate::entities::{AttrSet, Block, Const, Func, GlobalRef};
use crate::function::Function;
use crate::module::{
    DllStorage, GlobalCommon, Linkage, Module, ThreadLocal, UnnamedAddr, Visibility,
};
use crate::types::{NamedStruct, Type};
use crate::ConstData;
use cranelift_entity::{EntityRef, SecondaryMap};
use rustc_hash::FxHashMap;
use slots::{FnNames, GlobalNames, MdSlots, Name};
use text::{push_escaped, push_ident, push_u64};

/// The text of a floating-point constant of `format` with bit pattern
/// `bits`, as LLVM prints it (`1.000000e+00`, `0x7FF8000000000000`,
/// `0xK3FFF8000000000000000`, ...).
pub fn fp_constant_text(format: crate::constfold::FpFormat, bits: u128) -> String {
    use crate::constfold::FpFormat as F;
    let kind = match format {
        F::Half => float::FpKind::Half,
        F::BFloat => float::FpKind::BFloat,
        F::Single => float::FpKind::Float,
        F::Double => float::FpKind::Double,
        F::X87 => float::FpKind::X86Fp80,
        F::Quad => float::FpKind::Fp128,
        F::PpcDouble => float::FpKind::PpcFp128,
    };
    let mut s = String::new();
    float::push_fp(&mut s, kind, bits);
    s
}

/// Prints `m` as textual IR.
pub fn print_module(m: &Module) -> String {
    let mut out = String::with_capacity(64 * 1024);
    let mut p = Printer::new(m, &mut out);
    p.module();
    out
}

/// Prints one function of `m` (with the names and metadata numbers it
/// would have in the whole module's text). For diagnostics and tests.
pub fn print_function(m: &Module, f: Func) -> String {
    let mut out = String::new();
    let mut p = Printer::new(m, &mut out);
    p.number_module_md();
    p.function(f);
    out
}

/// The names of a function's blocks and values as the printer writes them
/// (`%name`, `%7`), for reports and diagnostics that must agree with the
/// printed module and with LLVM's own output.
pub struct LocalNames<'f> {
    names: FnNames<'f>,
}

impl<'f> LocalNames<'f> {
    pub fn compute(f: &'f Function) -> Self {
        let mut names = FnNames::default();
        names.compute(f);
        LocalNames { names }
    }

    /// `%name` or `%N` for block `b`.
    pub fn block(&self, b: Block) -> String {
        let mut s = String::new();
        constant::push_name(&mut s, '%', self.names.blocks[b], &self.names.generated);
        s
    }

    /// `%name` or `%N` for value `v`.
    pub fn value(&self, v: crate::Value) -> String {
        let mut s = String::new();
        constant::push_name(&mut s, '%', self.names.vals[v], &self.names.generated);
        s
    }
}

/// Single instructions, operands and types of one function as LLVM's
/// `Value::print`, `Value::printAsOperand` and `Type::print` write them
/// outside a module print (debugging and analysis printers such as
/// `aa-eval` use these). The numbering differs from a module print's:
/// metadata is numbered for the module and this function only (LLVM
/// numbers every function's only for an instruction that takes a metadata
/// node as an argument), and call-site attribute groups follow the
/// functions' own groups with this function's calls only.
pub struct FunctionPrinter<'m, 'o> {
    p: Printer<'m, 'o>,
    f: &'m Function,
    /// Module metadata plus this function's.
    local: MdSlots,
    /// Module metadata plus every function's, in module order.
    full: MdSlots,
    /// The alignments LLVM gives memory instructions written without one.
    aligns: FxHashMap<crate::Inst, u64>,
}

/// A function's attributes as LLVM sees them, where they differ from the
/// module text (LLVM gives intrinsic declarations their own).
pub enum FnAttrView {
    /// The attribute-group text (`nounwind memory(none)`; empty for none).
    Text(&'static str),
    /// The written attributes without these.
    Without(&'static [&'static str]),
}

/// What [`FunctionPrinter`] needs to know that the module text does not
/// say, from analyses that know the data layout and LLVM's intrinsics.
pub struct PrintHooks<'h> {
    /// The attributes LLVM gives a function, when they differ from the
    /// written ones; they decide the numbers of call-site attribute
    /// groups.
    pub fn_attrs: &'h dyn Fn(Func) -> Option<FnAttrView>,
    /// The alignment LLVM's parser gives a `load`, `store`, `cmpxchg` or
    /// `atomicrmw` written without one.
    pub implied_align: &'h dyn Fn(&crate::InstData) -> Option<u64>,
}

/// Calls `body` with a [`FunctionPrinter`] for `f`, function `func` of `m`
/// (`f` may be lent out of the module, `m.functions[func]` then holding
/// only its header), printing as LLVM's in-memory module would print
/// (see [`PrintHooks`]; numbered calling conventions as `ccN`).
pub fn with_function_printer<'m, R>(
    m: &'m Module,
    func: Func,
    f: &'m Function,
    hooks: &PrintHooks<'_>,
    body: impl FnOnce(&mut FunctionPrinter<'m, '_>) -> R,
) -> R {
    let mut out = String::new();
    let mut p = Printer::new(m, &mut out);
    p.number_module_md_with(hooks.fn_attrs);
    p.llvm_view = true;
    let aligns: FxHashMap<crate::Inst, u64> = f
        .layout
        .blocks()
        .flat_map(|b| f.layout.block_insts(b))
        .filter_map(|i| {
            let d = f.inst(i);
            let written = match &d.extra {
                crate::inst::Extra::Mem { align, .. } => *align,
                crate::inst::Extra::CmpXchg(x) => x.align,
                crate::inst::Extra::Rmw(r) => r.align,
                _ => return None,
            };
            if written.is_some() {
                return None;
            }
            (hooks.implied_align)(d).map(|a| (i, a))
        })
        .collect();
    let mut local = p.md_slots.clone();
    slots::number_function_md(&mut local, m, f);
    let mut full = p.md_slots.clone();
    for (g, gf) in m.functions.iter() {
        slots::number_function_md(&mut full, m, if g == func { f } else { gf });
    }
    for b in f.layout.blocks() {
        for i in f.layout.block_insts(b) {
            if let Some(c) = f.inst(i).call_info() {
                if !m.attrs.is_empty_set(c.fn_attrs) {
                    p.group_slot(c.fn_attrs);
                }
            }
        }
    }
    p.md_slots = local.clone();
    p.fn_md_numbered = true;
    p.fnames.compute(f);
    let mut fp = FunctionPrinter {
        p,
        f,
        local,
        full,
        aligns,
    };
    body(&mut fp)
}

impl<'m> FunctionPrinter<'m, '_> {
    /// The function this printer prints.
    pub fn function(&self) -> &'m Function {
        self.f
    }

    fn take(&mut self) -> String {
        std::mem::take(self.p.out)
    }

    /// An instruction as `Instruction::print` writes it (two spaces of
    /// indentation, no line break).
    pub fn inst(&mut self, i: crate::Inst) -> String {
        let data = self.f.inst(i);
        let references_node = data.call_info().is_some()
            && data.opcode == crate::Opcode::Call
            && data
                .operands()
                .iter()
                .any(|o| matches!(o, crate::Operand::Md(crate::Md::Node(_))));
        if references_node {
            self.p.md_slots = self.full.clone();
        }
        self.p.implied_align = self.aligns.get(&i).copied();
        self.p.inst(self.f, i);
        self.p.implied_align = None;
        if references_node {
            self.p.md_slots = self.local.clone();
        }
        let mut s = self.take();
        if s.ends_with('\n') {
            s.pop();
        }
        s
    }

    /// An operand as `printAsOperand(OS, /*PrintType=*/false)` writes it.
    pub fn operand(&mut self, op: crate::Operand) -> String {
        self.p.operand(self.f, op, false);
        self.take()
    }

    /// A value as `Value::print` writes it: an instruction as [`inst`]
    /// does, a global variable as its definition line, any other value
    /// with its type (`ptr %0`).
    ///
    /// [`inst`]: FunctionPrinter::inst
    pub fn value(&mut self, op: crate::Operand) -> String {
        if let crate::Operand::Value(v) = op {
            if let crate::ValueDef::Result(i) = self.f.value_def(v) {
                return self.inst(i);
            }
        }
        if let crate::Operand::Const(c) = op {
            if let crate::ConstData::Global {
                global: GlobalRef::Var(gv),
                ..
            } = self.p.m.consts.data(c)
            {
                self.p.global_var(*gv);
                let mut s = self.take();
                while s.ends_with('\n') {
                    s.pop();
                }
                return s;
            }
        }
        self.p.operand(self.f, op, true);
        self.take()
    }

    /// A type as `Type::print` writes it (named structs by name).
    pub fn ty(&mut self, t: Type) -> String {
        self.p.ty(t);
        self.take()
    }
}

/// The text of type `t` (`i32`, `ptr`, `%struct.S`, `{ i32, ptr }`).
pub fn type_to_string(m: &Module, t: Type) -> String {
    let mut out = String::new();
    let nums = struct_numbers(m, &slots::find_structs(m));
    constant::write_type(&mut out, &m.types, &nums, t);
    out
}

/// Numbers for identified structs without a name, in `TypeFinder` order.
fn struct_numbers(m: &Module, found: &[NamedStruct]) -> SecondaryMap<NamedStruct, u32> {
    let mut nums = SecondaryMap::new();
    let mut next = 0;
    for &s in found {
        if m.types
            .struct_data(s)
            .name
            .as_deref()
            .is_none_or(str::is_empty)
        {
            nums[s] = next;
            next += 1;
        }
    }
    nums
}

/// The printer's state for one module.
pub(crate) struct Printer<'m, 'o> {
    m: &'m Module,
    out: &'o mut String,
    globals: GlobalNames<'m>,
    /// Names in the function being printed.
    fnames: FnNames<'m>,
    /// Names in functions whose blocks `blockaddress` constants refer to.
    other_fn: FxHashMap<Func, FnNames<'m>>,
    md_slots: MdSlots,
    /// Text of every type, concatenated; `type_span[t]` is its range.
    type_text: String,
    type_span: Vec<(u32, u32)>,
    /// Cached canonical class of constants (see `constant.rs`).
    const_class: SecondaryMap<Const, u8>,
    /// Identified structs in `TypeFinder` order.
    structs: Vec<NamedStruct>,
    struct_num: SecondaryMap<NamedStruct, u32>,
    /// Attribute groups: slot per interned set, slot per canonical text,
    /// and the group texts in slot order.
    group_of_set: FxHashMap<AttrSet, u32>,
    group_of_text: FxHashMap<String, u32>,
    group_texts: Vec<String>,
    /// The inline text of attribute sets printed so far.
    inline_attr_text: FxHashMap<AttrSet, String>,
    /// The datalayout's program address space.
    program_as: u32,
    /// Every function's metadata is numbered already (the parallel
    /// printer numbers them all before printing any).
    fn_md_numbered: bool,
    /// Print as LLVM's in-memory module prints ([`FunctionPrinter`]):
    /// numbered calling conventions as `ccN`.
    llvm_view: bool,
    /// The alignment to print for the next memory instruction written
    /// without one ([`FunctionPrinter`]).
    implied_align: Option<u64>,
}

impl<'m, 'o> Printer<'m, 'o> {
    fn new(m: &'m Module, out: &'o mut String) -> Self {
        let structs = slots::find_structs(m);
        let struct_num = struct_numbers(m, &structs);
        let mut type_text = String::with_capacity(m.types.len() * 8);
        let mut type_span = Vec::with_capacity(m.types.len());
        for i in 0..m.types.len() {
            let start = type_text.len() as u32;
            constant::write_type(&mut type_text, &m.types, &struct_num, Type::new(i));
            type_span.push((start, type_text.len() as u32));
        }
        // Functions whose blocks are named by `blockaddress` constants.
        let mut other_fn = FxHashMap::default();
        for (_, c) in m.consts.iter() {
            if let ConstData::BlockAddress { func, .. } = c {
                other_fn.entry(*func).or_insert_with(|| {
                    let mut names = FnNames::default();
                    names.compute(&m.functions[*func]);
                    names
                });
            }
        }
        Printer {
            m,
            out,
            globals: GlobalNames::compute(m),
            fnames: FnNames::default(),
            other_fn,
            md_slots: MdSlots::new(),
            type_text,
            type_span,
            const_class: SecondaryMap::new(),
            structs,
            struct_num,
            group_of_set: FxHashMap::default(),
            group_of_text: FxHashMap::default(),
            group_texts: Vec::new(),
            inline_attr_text: FxHashMap::default(),
            program_as: slots::program_addrspace(m.datalayout.as_deref()),
            fn_md_numbered: false,
            llvm_view: false,
            implied_align: None,
        }
    }

    /// A copy of this printer's state writing to `out`, for printing
    /// functions on another thread once all numbering is done.
    fn fork<'o2>(&self, out: &'o2 mut String) -> Printer<'m, 'o2> {
        Printer {
            m: self.m,
            out,
            globals: self.globals.clone(),
            fnames: FnNames::default(),
            other_fn: self.other_fn.clone(),
            md_slots: self.md_slots.clone(),
            type_text: self.type_text.clone(),
            type_span: self.type_span.clone(),
            const_class: self.const_class.clone(),
            structs: self.structs.clone(),
            struct_num: self.struct_num.clone(),
            group_of_set: self.group_of_set.clone(),
            group_of_text: self.group_of_text.clone(),
            group_texts: self.group_texts.clone(),
            inline_attr_text: self.inline_attr_text.clone(),
            program_as: self.program_as,
            fn_md_numbered: self.fn_md_numbered,
            llvm_view: self.llvm_view,
            implied_align: None,
        }
    }

    /// The counts of numbered metadata nodes and attribute groups: printing
    /// a function after the pre-pass of [`Self::functions`] must not change
    /// them.
    fn numbering_state(&self) -> (usize, usize) {
        (self.md_slots.order.len(), self.group_texts.len())
    }

    /// Prints `runs[0]` with this printer and every later run with a fork
    /// of it on a thread of its own (`print` writes one run), then appends
    /// the forks' texts in run order. Returns false, with this printer's
    /// text as it was, when a printer numbered anything new: the caller
    /// then prints on one thread.
    fn print_runs(
        &mut self,
        runs: &[std::ops::Range<usize>],
        print: for<'p, 'x> fn(&'p mut Printer<'m, 'x>, std::ops::Range<usize>),
    ) -> bool {
        let Some((first, rest)) = runs.split_first() else {
            return true;
        };
        let numbered = self.numbering_state();
        let start_len = self.out.len();
        let mut outs: Vec<String> = rest.iter().map(|_| String::new()).collect();
        let forks: Vec<_> = outs
            .iter_mut()
            .zip(rest)
            .map(|(o, r)| (self.fork(o), r.clone()))
            .collect();
        let (here_ok, forks_ok) = crate::par::run_beside(
            || {
                print(self, first.clone());
                self.numbering_state() == numbered
            },
            forks,
            |(mut fork, r)| {
                print(&mut fork, r);
                fork.numbering_state() == numbered
            },
        );
        if !(here_ok && forks_ok.into_iter().all(|ok| ok)) {
            self.out.truncate(start_len);
            return false;
        }
        for o in &outs {
            self.out.push_str(o);
        }
        true
    }

    /// Prints every function, each preceded by an empty line.
    ///
    /// Large modules are printed on several threads: first every
    /// function's metadata and the attribute groups of its calls are
    /// numbered in the order sequential printing would number them, then
    /// contiguous runs of functions are printed by forks of this printer
    /// and concatenated in order. The text is the same as sequential
    /// printing's; should a fork number anything new (the pre-pass missed
    /// it), the functions are printed again sequentially from the state
    /// before the pre-pass.
    fn functions(&mut self) {
        let m = self.m;
        let parts = crate::par::split_functions(m, crate::par::threads());
        if parts.len() > 1 && self.functions_in_runs(&parts) {
            return;
        }
        for (f, _) in m.functions.iter() {
            self.out.push('\n');
            self.function(f);
        }
    }

    /// [`Self::functions`] on several threads, one per run of `parts`;
    /// false, with the numbering as it was and nothing written, when a fork
    /// numbered anything the pre-pass missed.
    fn functions_in_runs(&mut self, parts: &[std::ops::Range<usize>]) -> bool {
        let m = self.m;
        let before = (
            self.md_slots.clone(),
            self.group_of_set.clone(),
            self.group_of_text.clone(),
            self.group_texts.clone(),
        );
        for (_, f) in m.functions.iter() {
            crate::print::slots::number_function_md(&mut self.md_slots, m, f);
            for b in f.layout.blocks() {
                for i in f.layout.block_insts(b) {
                    if let Some(c) = f.inst(i).call_info() {
                        if !m.attrs.is_empty_set(c.fn_attrs) {
                            self.group_slot(c.fn_attrs);
                        }
                    }
                }
            }
        }
        self.fn_md_numbered = true;
        let printed = self.print_runs(parts, |p, r| {
            for i in r {
                p.out.push('\n');
                p.function(Func::new(i));
            }
        });
        if !printed {
            (
                self.md_slots,
                self.group_of_set,
                self.group_of_text,
                self.group_texts,
            ) = before;
            self.fn_md_numbered = false;
        }
        printed
    }

    /// `SlotTracker::processModule`: metadata of global variables, then of
    /// named metadata; attribute groups of global variables and functions.
    fn number_module_md(&mut self) {
        self.number_module_md_with(&|_| None);
    }

    /// [`Self::number_module_md`], with some functions' attributes as
    /// LLVM sees them rather than as written (LLVM replaces an intrinsic
    /// declaration's attributes with its own).
    fn number_module_md_with(&mut self, fn_text: &dyn Fn(Func) -> Option<FnAttrView>) {
        let m = self.m;
        for (_, g) in m.globals.iter() {
            for (_, n) in g.common.md.iter() {
                self.md_slots.create(m, n);
            }
            if !m.attrs.is_empty_set(g.attrs) {
                self.group_slot(g.attrs);
            }
        }
        for nm in &m.named_md {
            for &n in &nm.ops {
                self.md_slots.create(m, n);
            }
        }
        for (fid, f) in m.functions.iter() {
            match fn_text(fid) {
                Some(FnAttrView::Text(text)) => {
                    if !text.is_empty() {
                        self.group_slot_of_text(text.to_string());
                    }
                }
                Some(FnAttrView::Without(names)) => {
                    let kept: Vec<Attr> = m
                        .attrs
                        .get(f.fn_attrs)
                        .iter()
                        .filter(|a| !names.contains(&a.name()))
                        .cloned()
                        .collect();
                    if !kept.is_empty() {
                        let text = self.attr_list_text(&kept);
                        self.group_slot_of_text(text);
                    }
                }
                None => {
                    if !m.attrs.is_empty_set(f.fn_attrs) {
                        self.group_slot(f.fn_attrs);
                    }
                }
            }
        }
    }

    fn module(&mut self) {
        let m = self.m;
        self.number_module_md();
        self.out.push_str("; ModuleID = '");
        // A line break would end the comment and leave the rest of the name
        // as text to parse: write line breaks escaped, all else as is.
        let id = m.module_id.as_deref().or(m.source_filename.as_deref());
        for c in id.unwrap_or("<stdin>").chars() {
            match c {
                '\n' => self.out.push_str("\\0A"),
                '\r' => self.out.push_str("\\0D"),
                c => self.out.push(c),
            }
        }
        self.out.push_str("'\n");
        if let Some(s) = m.source_filename.as_deref().filter(|s| !s.is_empty()) {
            self.out.push_str("source_filename = \"");
            push_escaped(self.out, s.as_bytes());
            self.out.push_str("\"\n");
        }
        // LLVM writes the datalayout, the triple and gc names unescaped;
        // escaping them reads back to the same string when they hold `"`,
        // and changes nothing for the printable-ASCII strings of real
        // modules.
        if let Some(dl) = m.datalayout.as_deref().filter(|s| !s.is_empty()) {
            self.out.push_str("target datalayout = \"");
            push_escaped(self.out, dl.as_bytes());
            self.out.push_str("\"\n");
        }
        if let Some(t) = m.triple.as_deref().filter(|s| !s.is_empty()) {
            self.out.push_str("target triple = \"");
            push_escaped(self.out, t.as_bytes());
            self.out.push_str("\"\n");
        }
        if !m.module_asm.is_empty() {
            self.out.push('\n');
            for line in &m.module_asm {
                for part in line.split(|&b| b == b'\n') {
                    self.out.push_str("module asm \"");
                    push_escaped(self.out, part);
                    self.out.push_str("\"\n");
                }
            }
        }
        self.type_definitions();
        self.comdats();
        if !m.globals.is_empty() {
            self.out.push('\n');
        }
        for (gv, _) in m.globals.iter() {
            self.global_var(gv);
            self.out.push('\n');
        }
        if !m.aliases.is_empty() {
            self.out.push('\n');
        }
        for (a, data) in m.aliases.iter() {
            self.alias_like(GlobalRef::Alias(a), "alias ", data.value_ty, data.aliasee);
        }
        if !m.ifuncs.is_empty() {
            self.out.push('\n');
        }
        for (i, data) in m.ifuncs.iter() {
            self.alias_like(GlobalRef::IFunc(i), "ifunc ", data.value_ty, data.resolver);
        }
        self.functions();
        if !self.group_texts.is_empty() {
            self.out.push('\n');
            for (i, g) in self.group_texts.iter().enumerate() {
                self.out.push_str("attributes #");
                push_u64(self.out, i as u64);
                self.out.push_str(" = { ");
                self.out.push_str(g);
                self.out.push_str(" }\n");
            }
        }
        if !m.named_md.is_empty() {
            self.out.push('\n');
            self.named_md();
        }
        if !self.md_slots.order.is_empty() {
            self.out.push('\n');
            self.all_md_nodes();
        }
    }

    /// `!N = ...` lines for the nodes numbered `r`.
    fn md_node_lines(&mut self, r: std::ops::Range<usize>) {
        for i in r {
            let n = self.md_slots.order[i];
            self.out.push('!');
            push_u64(self.out, i as u64);
            self.out.push_str(" = ");
            self.node_body(n);
            self.out.push('\n');
        }
    }

    /// Every numbered node, in number order: for many nodes, runs of them
    /// are printed by forks of this printer on other threads and
    /// concatenated (numbering is complete by now; should a fork number
    /// anything, they are printed again on this thread).
    fn all_md_nodes(&mut self) {
        /// Below this many nodes, one thread prints them all.
        const MIN_PARALLEL_NODES: usize = 10_000;
        let n = self.md_slots.order.len();
        let threads = crate::par::threads().min(n / MIN_PARALLEL_NODES);
        let runs: Vec<_> = (0..threads)
            .map(|k| n * k / threads..n * (k + 1) / threads)
            .collect();
        if threads > 1 && self.print_runs(&runs, |p, r| p.md_node_lines(r)) {
            return;
        }
        self.md_node_lines(0..n);
    }

    /// `%0 = type {...}` for numbered structs, then `%name = type ...`.
    fn type_definitions(&mut self) {
        if self.structs.is_empty() {
            return;
        }
        self.out.push('\n');
        let m = self.m;
        let structs = std::mem::take(&mut self.structs);
        let numbered = structs.iter().filter(|&&s| {
            m.types
                .struct_data(s)
                .name
                .as_deref()
                .is_none_or(str::is_empty)
        });
        let named = structs.iter().filter(|&&s| {
            m.types
                .struct_data(s)
                .name
                .as_deref()
                .is_some_and(|n| !n.is_empty())
        });
        for &s in numbered.chain(named) {
            let data = m.types.struct_data(s);
            self.out.push('%');
            match data.name.as_deref().filter(|n| !n.is_empty()) {
                Some(n) => push_ident(self.out, n),
                None => push_u64(self.out, u64::from(self.struct_num[s])),
            }
            self.out.push_str(" = type ");
            match &data.body {
                None => self.out.push_str("opaque"),
                Some(b) => constant::write_struct_body(
                    self.out,
                    &m.types,
                    &self.struct_num,
                    b.packed,
                    &b.elems,
                ),
            }
            self.out.push('\n');
        }
        self.structs = structs;
    }

    /// The comdats used by functions and then global variables, in that
    /// order (LLVM's `global_objects()`); unused comdats are not printed.
    fn comdats(&mut self) {
        let m = self.m;
        let mut used: Vec<crate::Comdat> = Vec::new();
        let mut seen: SecondaryMap<crate::Comdat, bool> = SecondaryMap::new();
        let funcs = m.functions.values().map(|f| f.common.comdat);
        let vars = m.globals.values().map(|g| g.common.comdat);
        for c in funcs.chain(vars).flatten() {
            if !seen[c] {
                seen[c] = true;
                used.push(c);
            }
        }
        if used.is_empty() {
            return;
        }
        self.out.push('\n');
        for (i, &c) in used.iter().enumerate() {
            if i > 0 {
                self.out.push('\n');
            }
            let data = &m.comdats[c];
            self.out.push('$');
            push_ident(self.out, &data.name);
            self.out.push_str(" = comdat ");
            self.out.push_str(data.kind.name());
            self.out.push('\n');
        }
    }

    /// Linkage, `dso_local`, visibility, DLL storage (each with a trailing
    /// space when present).
    fn global_prefix(&mut self, c: &GlobalCommon) {
        if c.linkage != Linkage::External {
            self.out.push_str(c.linkage.name());
            self.out.push(' ');
        }
        let implicit_dso_local = c.linkage.is_local()
            || (c.visibility != Visibility::Default && c.linkage != Linkage::ExternWeak);
        if c.dso_local && !implicit_dso_local {
            self.out.push_str("dso_local ");
        }
        match c.visibility {
            Visibility::Default => {}
            Visibility::Hidden => self.out.push_str("hidden "),
            Visibility::Protected => self.out.push_str("protected "),
        }
        match c.dll_storage {
            DllStorage::None => {}
            DllStorage::Import => self.out.push_str("dllimport "),
            DllStorage::Export => self.out.push_str("dllexport "),
        }
    }

    fn thread_local(&mut self, c: &GlobalCommon) {
        match c.thread_local {
            None => {}
            Some(ThreadLocal::GeneralDynamic) => self.out.push_str("thread_local "),
            Some(ThreadLocal::LocalDynamic) => self.out.push_str("thread_local(localdynamic) "),
            Some(ThreadLocal::InitialExec) => self.out.push_str("thread_local(initialexec) "),
            Some(ThreadLocal::LocalExec) => self.out.push_str("thread_local(localexec) "),
        }
    }

    fn unnamed_addr_text(u: UnnamedAddr) -> &'static str {
        match u {
            UnnamedAddr::None => "",
            UnnamedAddr::Local => "local_unnamed_addr",
            UnnamedAddr::Global => "unnamed_addr",
        }
    }

    /// ` comdat` or ` comdat($name)`.
    fn comdat_clause(&mut self, c: &GlobalCommon) {
        let Some(cd) = c.comdat else { return };
        self.out.push_str(" comdat");
        let name = &self.m.comdats[cd].name;
        if c.name.as_deref() != Some(name.as_str()) {
            self.out.push_str("($");
            push_ident(self.out, name);
            self.out.push(')');
        }
    }

    fn global_var(&mut self, gv: crate::GlobalVar) {
        let m = self.m;
        let g = &m.globals[gv];
        let c = &g.common;
        self.global_ref(GlobalRef::Var(gv));
        self.out.push_str(" = ");
        if g.init.is_none() && c.linkage == Linkage::External {
            self.out.push_str("external ");
        }
        self.global_prefix(c);
        self.thread_local(c);
        let ua = Self::unnamed_addr_text(c.unnamed_addr);
        if !ua.is_empty() {
            self.out.push_str(ua);
            self.out.push(' ');
        }
        if c.addrspace != 0 {
            self.out.push_str("addrspace(");
            push_u64(self.out, u64::from(c.addrspace));
            self.out.push_str(") ");
        }
        if g.externally_initialized {
            self.out.push_str("externally_initialized ");
        }
        self.out.push_str(if g.is_constant {
            "constant "
        } else {
            "global "
        });
        self.ty(g.value_ty);
        if let Some(init) = g.init {
            self.out.push(' ');
            self.konst(init);
        }
        if let Some(s) = &c.section {
            self.out.push_str(", section \"");
            push_escaped(self.out, s.as_bytes());
            self.out.push('"');
        }
        if let Some(s) = &c.partition {
            self.out.push_str(", partition \"");
            push_escaped(self.out, s.as_bytes());
            self.out.push('"');
        }
        if let Some(cm) = &g.code_model {
            self.out.push_str(", code_model \"");
            push_escaped(self.out, cm.as_bytes());
            self.out.push('"');
        }
        for flag in [
            "no_sanitize_address",
            "no_sanitize_hwaddress",
            "sanitize_memtag",
            "sanitize_address_dyninit",
        ] {
            if g.sanitizer.iter().any(|s| s == flag) {
                self.out.push_str(", ");
                self.out.push_str(flag);
            }
        }
        if c.comdat.is_some() {
            self.out.push(',');
            self.comdat_clause(c);
        }
        if let Some(a) = c.align {
            self.out.push_str(", align ");
            push_u64(self.out, a);
        }
        self.attachments(&c.md, ", ");
        if !m.attrs.is_empty_set(g.attrs) {
            let slot = self.group_slot(g.attrs);
            self.out.push_str(" #");
            push_u64(self.out, u64::from(slot));
        }
    }

    /// An alias or ifunc line.
    fn alias_like(&mut self, g: GlobalRef, kw: &str, value_ty: Type, target: Const) {
        let m = self.m;
        let c = m.global_common(g);
        self.global_ref(g);
        self.out.push_str(" = ");
        self.global_prefix(c);
        self.thread_local(c);
        let ua = Self::unnamed_addr_text(c.unnamed_addr);
        if !ua.is_empty() {
            self.out.push_str(ua);
            self.out.push(' ');
        }
        self.out.push_str(kw);
        self.ty(value_ty);
        self.out.push_str(", ");
        if matches!(m.consts.data(target), ConstData::Expr(_)) {
            self.konst(target);
        } else {
            self.typed_const(target);
        }
        if let Some(s) = &c.partition {
            self.out.push_str(", partition \"");
            push_escaped(self.out, s.as_bytes());
            self.out.push('"');
        }
        self.out.push('\n');
    }

    fn function(&mut self, func: Func) {
        let m = self.m;
        let f: &'m Function = &m.functions[func];
        if !self.fn_md_numbered {
            crate::print::slots::number_function_md(&mut self.md_slots, m, f);
        }
        self.fnames.compute(f);
        // `; Function Attrs:` lists the keyword attributes.
        let fn_attrs = m.attrs.get(f.fn_attrs);
        if !fn_attrs.is_empty() {
            let mut comment = String::new();
            for a in attrs::canonical(fn_attrs) {
                if matches!(a, Attr::Str(..)) {
                    continue;
                }
                if !comment.is_empty() {
                    comment.push(' ');
                }
                self.attr_text(&mut comment, a, false);
            }
            if !comment.is_empty() {
                self.out.push_str("; Function Attrs: ");
                self.out.push_str(&comment);
                self.out.push('\n');
            }
        }
        let is_decl = f.is_declaration();
        if is_decl {
            self.out.push_str("declare");
            self.attachments(&f.common.md, " ");
            self.out.push(' ');
        } else {
            self.out.push_str("define ");
        }
        self.global_prefix(&f.common);
        if f.cconv != 0 {
            self.calling_conv(f.cconv);
            self.out.push(' ');
        }
        let (ret, params, vararg) =
            m.types
                .fn_sig(f.ty)
                .unwrap_or((crate::TypeTable::VOID, &[], false));
        if !m.attrs.is_empty_set(f.ret_attrs) {
            self.attr_set(f.ret_attrs);
            self.out.push(' ');
        }
        self.ty(ret);
        self.out.push(' ');
        self.global_ref(GlobalRef::Func(func));
        self.out.push('(');
        for (i, &pty) in params.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.ty(pty);
            if let Some(&a) = f.param_attrs.get(i) {
                if !m.attrs.is_empty_set(a) {
                    self.out.push(' ');
                    self.attr_set(a);
                }
            }
            if !is_decl {
                if let Some(&v) = f.params.get(i) {
                    self.out.push(' ');
                    self.value_ref(v);
                }
            }
        }
        if vararg {
            if !params.is_empty() {
                self.out.push_str(", ");
            }
            self.out.push_str("...");
        }
        self.out.push(')');
        let ua = Self::unnamed_addr_text(f.common.unnamed_addr);
        if !ua.is_empty() {
            self.out.push(' ');
            self.out.push_str(ua);
        }
        if f.common.addrspace != 0 || self.program_as != 0 {
            self.out.push_str(" addrspace(");
            push_u64(self.out, u64::from(f.common.addrspace));
            self.out.push(')');
        }
        if !m.attrs.is_empty_set(f.fn_attrs) {
            let slot = self.group_slot(f.fn_attrs);
            self.out.push_str(" #");
            push_u64(self.out, u64::from(slot));
        }
        if let Some(s) = &f.common.section {
            self.out.push_str(" section \"");
            push_escaped(self.out, s.as_bytes());
            self.out.push('"');
        }
        if let Some(s) = &f.common.partition {
            self.out.push_str(" partition \"");
            push_escaped(self.out, s.as_bytes());
            self.out.push('"');
        }
        self.comdat_clause(&f.common);
        if let Some(a) = f.common.align {
            self.out.push_str(" align ");
            push_u64(self.out, a);
        }
        if let Some(gc) = &f.gc {
            self.out.push_str(" gc \"");
            push_escaped(self.out, gc.as_bytes());
            self.out.push('"');
        }
        for (kw, c) in [
            (" prefix ", f.prefix),
            (" prologue ", f.prologue),
            (" personality ", f.personality),
        ] {
            if let Some(c) = c {
                self.out.push_str(kw);
                self.typed_const(c);
            }
        }
        if is_decl {
            self.out.push('\n');
            return;
        }
        self.attachments(&f.common.md, " ");
        self.out.push_str(" {");
        let preds = predecessors(f);
        let entry = f.layout.entry_block();
        for b in f.layout.blocks() {
            self.block_header(f, b, Some(b) == entry, &preds[b]);
            for i in f.layout.block_insts(b) {
                self.inst(f, i);
            }
        }
        self.out.push_str("}\n");
    }

    /// The label line of a block, with the `; preds = ` comment.
    fn block_header(&mut self, _f: &Function, b: Block, is_entry: bool, preds: &[Block]) {
        let name = self.fnames.blocks[b];
        match name {
            Name::Str(_) | Name::Gen(_) => {
                self.out.push('\n');
                self.label(name);
                self.out.push(':');
            }
            _ if !is_entry => {
                self.out.push('\n');
                self.label(name);
                self.out.push(':');
            }
            _ => {}
        }
        if !is_entry {
            let line_start = self.out.rfind('\n').map_or(0, |p| p + 1);
            let col = self.out[line_start..].chars().count();
            let pad = if col < 50 { 50 - col } else { 1 };
            for _ in 0..pad {
                self.out.push(' ');
            }
            self.out.push(';');
            if preds.is_empty() {
                self.out.push_str(" No predecessors!");
            } else {
                self.out.push_str(" preds = ");
                for (i, &p) in preds.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.block_ref(p);
                }
            }
        }
        self.out.push('\n');
    }

    /// A block label without the `%` sigil.
    fn label(&mut self, n: Name<'_>) {
        match n {
            Name::Unset => self.out.push_str("<badref>"),
            Name::Num(k) => push_u64(self.out, u64::from(k)),
            Name::Str(s) => push_ident(self.out, s),
            Name::Gen(i) => {
                let s = &self.fnames.generated[i as usize];
                push_ident(self.out, s);
            }
        }
    }

    /// The name of a calling convention (`fastcc`, `cc 77`).
    fn calling_conv(&mut self, cc: u32) {
        match crate::callconv::name(cc) {
            Some(n) => self.out.push_str(n),
            None => {
                // LLVM writes `ccN`; the module printer has always written
                // `cc N` (both read back the same).
                self.out.push_str(if self.llvm_view { "cc" } else { "cc " });
                push_u64(self.out, u64::from(cc));
            }
        }
    }

    /// The slot of the attribute group for `set`, assigning the next one
    /// when the set's canonical text is new.
    fn group_slot(&mut self, set: AttrSet) -> u32 {
        if let Some(&s) = self.group_of_set.get(&set) {
            return s;
        }
        let text = self.attr_list_text(self.m.attrs.get(set));
        let slot = self.group_slot_of_text(text);
        self.group_of_set.insert(set, slot);
        slot
    }

    /// The canonical text of an attribute list, as in an attribute group.
    fn attr_list_text(&mut self, list: &[Attr]) -> String {
        let mut text = String::new();
        for (i, a) in attrs::canonical(list).into_iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            self.attr_text(&mut text, a, true);
        }
        text
    }

    /// The slot of the attribute group with canonical text `text`.
    fn group_slot_of_text(&mut self, text: String) -> u32 {
        let next = self.group_texts.len() as u32;
        let slot = *self.group_of_text.entry(text.clone()).or_insert(next);
        if slot == next {
            self.group_texts.push(text);
        }
        slot
    }

    /// An attribute set written inline (parameter and return attributes).
    fn attr_set(&mut self, set: AttrSet) {
        // Sets recur (`noundef` on most parameters): their text is kept.
        if let Some(t) = self.inline_attr_text.get(&set) {
            self.out.push_str(t);
            return;
        }
        let mut text = String::new();
        for (i, a) in attrs::canonical(self.m.attrs.get(set))
            .into_iter()
            .enumerate()
        {
            if i > 0 {
                text.push(' ');
            }
            self.attr_text(&mut text, a, false);
        }
        self.out.push_str(&text);
        self.inline_attr_text.insert(set, text);
    }

    /// One attribute; `in_group` selects the `attributes #N` spelling.
    fn attr_text(&self, out: &mut String, a: &Attr, in_group: bool) {
        match a {
            Attr::Flag(n) => out.push_str(n),
            Attr::Int(n, v) => attrs::push_int_attr(out, n, *v, in_group),
            Attr::Type(n, t) => {
                out.push_str(n);
                out.push('(');
                let (s, e) = self.type_span[t.index()];
                out.push_str(&self.type_text[s as usize..e as usize]);
                out.push(')');
            }
            Attr::Str(k, v) => {
                // LLVM 19 writes the key unescaped, so a key holding `"`
                // prints as text that no parser reads back; escaping it as
                // the value is escaped reads back to the same key.
                out.push('"');
                push_escaped(out, k.as_bytes());
                out.push('"');
                if let Some(v) = v.as_deref().filter(|v| !v.is_empty()) {
                    out.push_str("=\"");
                    push_escaped(out, v.as_bytes());
                    out.push('"');
                }
            }
            Attr::Raw(n, text) => {
                out.push_str(n);
                if !text.is_empty() {
                    out.push('(');
                    out.push_str(text);
                    out.push(')');
                }
            }
        }
    }
}

/// The predecessors of every block in the order LLVM lists them after a
/// fresh parse: the reverse of the order in which terminators name them.
fn predecessors(f: &Function) -> SecondaryMap<Block, Vec<Block>> {
    let mut preds: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    for b in f.layout.blocks() {
        if let Some(t) = f.terminator(b) {
            for s in f.inst(t).successors() {
                preds[s].push(b);
            }
        }
    }
    for b in f.layout.blocks() {
        preds[b].reverse();
    }
    preds
}
