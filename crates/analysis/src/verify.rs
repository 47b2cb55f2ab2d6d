//! The IR verifier.
//!
//! [`verify_function`] and [`verify_module`] check that a function is
//! well-formed IR in LLVM's sense (the rules of `llvm/lib/IR/Verifier.cpp`
//! that apply to the constructs loopwright models, with LLVM's messages
//! where one exists), plus the internal consistency of the data model (ids
//! in range, layout and use lists in agreement).
//!
//! The verifier never panics, whatever the IR API built. It runs in phases,
//! naga style, and each phase relies only on what earlier phases
//! established:
//! 1. signature: the function type exists and matches the parameters;
//! 2. layout: every block and instruction id in the layout is in range,
//!    listed once, and the layout's parent links agree;
//! 3. ids: every type, value, constant, block, metadata and `!DIArgList`
//!    id reachable from an instruction of the layout is in range, values are
//!    defined (no placeholder), belong to this function and are defined by
//!    instructions in the layout. Out-of-range ids stop verification here,
//!    so that later phases index arenas freely;
//! 4. structure: one terminator per block, last; phis grouped at the top;
//!    EH pads first; EH pads and `resume` only in a function with a
//!    personality; operand-list shape per opcode (only instructions with a
//!    valid shape take part in later phases); result values agree with the
//!    instruction's type;
//! 5. CFG: the entry block has no predecessors and no phis; every phi has
//!    exactly one entry per incoming *edge* (a predecessor reaching the block
//!    through `k` edges appears `k` times, always with the same value) and
//!    none for other blocks;
//! 6. types of the main opcodes;
//! 7. SSA dominance (LLVM's rules, see
//!    [`DominatorTree::def_dominates_use`]); uses in unreachable blocks are
//!    exempt, as in LLVM, including self references;
//! 8. use lists: recomputed from all operands and compared (this catches
//!    IR-API bugs); no instruction outside the layout may use a value.
//!
//! Errors name the function, block and instruction the way the printer
//! numbers them (`@f`, `%loop`, `%5`), the instruction by its position in
//! the block, and the offending value when there is one.
//! Cost: O(instructions + operands + blocks + edges), plus sorting each
//! value's use list. [`verify_edited`] checks only the functions edited
//! since the module was accepted (by their edit epochs), so verifying a
//! pipeline's output costs what the pipeline changed.
//!
//! Not checked yet: attributes; metadata and debug-info well-formedness
//! (including dominance of values used by debug records); intrinsic-specific
//! rules; exception-handling structure beyond "EH pads first" and the
//! personality (funclet nesting, unwind destinations being pads,
//! landingpad clause types); token-typed values in phis and selects beyond `select`; atomic
//! orderings and alignments; sizedness of loaded, stored and allocated
//! types; `musttail` rules; calling-convention constraints; global
//! variables, aliases, ifuncs and comdats; name uniqueness.

use crate::cfg::{call_value_operands, ControlFlowGraph};
use crate::domtree::{DominatorTree, InstOrder};
use cranelift_entity::{EntityRef, SecondaryMap};
use loopwright_ir::{
    Block, ConstData, Extra, Func, Function, Inst, InstData, Md, Module, Opcode, Operand,
    Predicate, Type, TypeData, TypeTable, Value, ValueDef,
};
use rustc_hash::FxHashSet;
use std::fmt;

/// One verification failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifierError {
    /// The function as printed: `@f`, `@0`.
    pub function: String,
    /// The block as printed (`%loop`, `%3`), if the error is in a block.
    pub block: Option<String>,
    /// The instruction: its 0-based position in the block (debug records
    /// count) and opcode, with its result: `#3 (%x = add)`, `#5 (store)`.
    pub inst: Option<String>,
    /// The value the message is about (`%x`, `%5`), if any.
    pub value: Option<String>,
    /// What is wrong; LLVM's verifier text where LLVM has the check.
    pub message: String,
    pub func_id: Func,
    pub block_id: Option<Block>,
    pub inst_id: Option<Inst>,
}

impl fmt::Display for VerifierError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in function {}", self.function)?;
        if let Some(b) = &self.block {
            write!(f, ", block {b}")?;
        }
        if let Some(i) = &self.inst {
            write!(f, ", instruction {i}")?;
        }
        write!(f, ": {}", self.message)?;
        if let Some(v) = &self.value {
            write!(f, " (value {v})")?;
        }
        Ok(())
    }
}

impl std::error::Error for VerifierError {}

/// Verifies every function of `m` (declarations only have their signature
/// checked). Returns all errors of all functions.
pub fn verify_module(m: &Module) -> Result<(), Vec<VerifierError>> {
    verify_functions(m, |_| true, false).map(drop)
}

/// A function's control-flow graph and dominator tree.
pub type CfgAndDominators = (ControlFlowGraph, DominatorTree);

/// [`verify_module`], also returning the control-flow graph and dominator
/// tree the dominance checks computed for each function with a body (by
/// function index; `None` for declarations), so that the passes that
/// follow need not compute them again.
pub fn verify_module_keeping(
    m: &Module,
) -> Result<Vec<Option<CfgAndDominators>>, Vec<VerifierError>> {
    verify_functions(m, |_| true, true)
}

/// The edit epochs ([`Function::epoch`]) of a module's functions when the
/// verifier accepted it, for [`verify_edited`].
pub struct Verified {
    epochs: Vec<u64>,
}

impl Verified {
    /// Records the epochs of `m`'s functions; `m` must be a module
    /// [`verify_module`] accepted.
    pub fn record(m: &Module) -> Self {
        Verified {
            epochs: m.functions.values().map(Function::epoch).collect(),
        }
    }
}

/// [`verify_module`] for the functions of `m` edited or created since
/// `accepted` was recorded. A function left alone is the one the verifier
/// accepted: its checks read its own body, which every edit of the
/// function counts in its epoch, its header, which no pass writes, and the
/// module's pools of types, constants and metadata, which only grow (ids
/// in range stay in range). Verifying the output of a pipeline costs what
/// the pipeline changed, not the module.
pub fn verify_edited(m: &Module, accepted: &Verified) -> Result<(), Vec<VerifierError>> {
    let edited = |i| accepted.epochs.get(i) != Some(&m.functions[Func::new(i)].epoch());
    verify_functions(m, edited, false).map(drop)
}

/// Verifies the functions of `m` whose index `selected` accepts; with
/// `keep`, returns their analyses (see [`verify_module_keeping`]).
fn verify_functions(
    m: &Module,
    selected: impl Fn(usize) -> bool + Sync,
    keep: bool,
) -> Result<Vec<Option<CfgAndDominators>>, Vec<VerifierError>> {
    // Functions are verified independently: large modules are split into
    // contiguous runs checked on several threads, and the errors are
    // concatenated in module order, as one thread would report them.
    let parts = loopwright_ir::par::split_functions(m, loopwright_ir::par::threads());
    let runs = loopwright_ir::par::run_each(parts, |r| {
        let mut errors = Vec::new();
        let mut kept = Vec::new();
        for i in r.filter(|&i| selected(i)) {
            let (result, analyses) = verify_one(m, Func::new(i), keep);
            if let Err(e) = result {
                errors.extend(e);
            }
            kept.extend(analyses.map(|a| (i, a)));
        }
        (errors, kept)
    });
    let mut errors = Vec::new();
    let mut kept: Vec<Option<CfgAndDominators>> = Vec::new();
    if keep {
        kept.resize_with(m.functions.len(), || None);
    }
    for (e, k) in runs {
        errors.extend(e);
        for (i, a) in k {
            kept[i] = Some(a);
        }
    }
    if errors.is_empty() {
        Ok(kept)
    } else {
        Err(errors)
    }
}

/// Verifies function `f` of `m`. See the module docs for what is checked.
pub fn verify_function(m: &Module, f: Func) -> Result<(), Vec<VerifierError>> {
    verify_one(m, f, false).0
}

/// [`verify_function`], and with `keep` the analyses the dominance checks
/// computed (when they ran).
fn verify_one(
    m: &Module,
    f: Func,
    keep: bool,
) -> (Result<(), Vec<VerifierError>>, Option<CfgAndDominators>) {
    if f.index() >= m.functions.len() {
        let e = VerifierError {
            function: format!("<{f}>"),
            block: None,
            inst: None,
            value: None,
            message: "function id out of range".into(),
            func_id: f,
            block_id: None,
            inst_id: None,
        };
        return (Err(vec![e]), None);
    }
    let mut v = Verifier::new(m, f);
    v.run();
    let kept = if keep { v.analyses.take() } else { None };
    if v.errors.is_empty() {
        (Ok(()), kept)
    } else {
        (Err(v.render()), None)
    }
}

/// An error before names are resolved.
struct RawError {
    block: Option<Block>,
    inst: Option<Inst>,
    value: Option<Value>,
    message: String,
}

/// Safe type queries: every id is range-checked, so malformed type tables
/// cannot make the verifier panic.
struct Types<'a> {
    tt: &'a TypeTable,
    n_structs: usize,
}

impl<'a> Types<'a> {
    fn ok(&self, t: Type) -> bool {
        t.index() < self.tt.len()
    }
    fn data(&self, t: Type) -> Option<&'a TypeData> {
        self.ok(t).then(|| self.tt.data(t))
    }
    fn is_void(&self, t: Type) -> bool {
        matches!(self.data(t), Some(TypeData::Void))
    }
    fn int_width(&self, t: Type) -> Option<u32> {
        match self.data(t)? {
            TypeData::Int(n) => Some(*n),
            _ => None,
        }
    }
    fn is_int(&self, t: Type) -> bool {
        self.int_width(t).is_some()
    }
    fn is_i1(&self, t: Type) -> bool {
        self.int_width(t) == Some(1)
    }
    fn float_bits(&self, t: Type) -> Option<u32> {
        Some(match self.data(t)? {
            TypeData::Half | TypeData::BFloat => 16,
            TypeData::Float => 32,
            TypeData::Double => 64,
            TypeData::X86Fp80 => 80,
            TypeData::Fp128 | TypeData::PpcFp128 => 128,
            _ => return None,
        })
    }
    fn is_float(&self, t: Type) -> bool {
        self.float_bits(t).is_some()
    }
    fn ptr_as(&self, t: Type) -> Option<u32> {
        match self.data(t)? {
            TypeData::Ptr(a) => Some(*a),
            _ => None,
        }
    }
    fn is_ptr(&self, t: Type) -> bool {
        self.ptr_as(t).is_some()
    }
    /// `(scalable, len, elem)` of a vector type.
    fn vector(&self, t: Type) -> Option<(bool, u32, Type)> {
        match self.data(t)? {
            TypeData::Vector {
                scalable,
                len,
                elem,
            } => Some((*scalable, *len, *elem)),
            _ => None,
        }
    }
    fn is_vector(&self, t: Type) -> bool {
        self.vector(t).is_some()
    }
    fn scalar(&self, t: Type) -> Type {
        self.vector(t).map_or(t, |(_, _, e)| e)
    }
    fn is_int_or_int_vec(&self, t: Type) -> bool {
        self.is_int(self.scalar(t))
    }
    fn is_fp_or_fp_vec(&self, t: Type) -> bool {
        self.is_float(self.scalar(t))
    }
    fn is_ptr_or_ptr_vec(&self, t: Type) -> bool {
        self.is_ptr(self.scalar(t))
    }
    /// Bits of the scalar type (integers and floats).
    fn scalar_bits(&self, t: Type) -> Option<u32> {
        let s = self.scalar(t);
        self.int_width(s).or_else(|| self.float_bits(s))
    }
    /// The vector shape `(scalable, len)`, or `None` for scalars.
    fn shape(&self, t: Type) -> Option<(bool, u32)> {
        self.vector(t).map(|(s, l, _)| (s, l))
    }
    fn fn_sig(&self, t: Type) -> Option<(Type, &'a [Type], bool)> {
        match self.data(t)? {
            TypeData::Function {
                ret,
                params,
                vararg,
            } => Some((*ret, params, *vararg)),
            _ => None,
        }
    }
    fn struct_elems(&self, t: Type) -> Option<&'a [Type]> {
        match self.data(t)? {
            TypeData::Struct { elems, .. } => Some(elems),
            TypeData::Named(s) if s.index() < self.n_structs => {
                self.tt.struct_data(*s).body.as_ref().map(|b| &b.elems[..])
            }
            _ => None,
        }
    }
    fn is_first_class(&self, t: Type) -> bool {
        matches!(self.data(t), Some(d) if !matches!(d, TypeData::Void | TypeData::Function { .. }))
    }
    fn is_aggregate(&self, t: Type) -> bool {
        matches!(
            self.data(t),
            Some(TypeData::Struct { .. } | TypeData::Named(_) | TypeData::Array { .. })
        )
    }
    /// Text of a type for messages.
    fn name(&self, t: Type) -> String {
        let mut s = String::new();
        self.write_name(t, &mut s, 0);
        s
    }
    fn write_name(&self, t: Type, out: &mut String, depth: u32) {
        use std::fmt::Write;
        if depth > 6 {
            out.push_str("...");
            return;
        }
        let Some(d) = self.data(t) else {
            let _ = write!(out, "<invalid type {t}>");
            return;
        };
        let list = |out: &mut String, items: &[Type]| {
            for (i, &e) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                self.write_name(e, out, depth + 1);
            }
        };
        match d {
            TypeData::Void => out.push_str("void"),
            TypeData::Label => out.push_str("label"),
            TypeData::Metadata => out.push_str("metadata"),
            TypeData::Token => out.push_str("token"),
            TypeData::X86Amx => out.push_str("x86_amx"),
            TypeData::Int(n) => {
                let _ = write!(out, "i{n}");
            }
            TypeData::Half => out.push_str("half"),
            TypeData::BFloat => out.push_str("bfloat"),
            TypeData::Float => out.push_str("float"),
            TypeData::Double => out.push_str("double"),
            TypeData::X86Fp80 => out.push_str("x86_fp80"),
            TypeData::Fp128 => out.push_str("fp128"),
            TypeData::PpcFp128 => out.push_str("ppc_fp128"),
            TypeData::Ptr(0) => out.push_str("ptr"),
            TypeData::Ptr(a) => {
                let _ = write!(out, "ptr addrspace({a})");
            }
            TypeData::Vector {
                scalable,
                len,
                elem,
            } => {
                out.push('<');
                if *scalable {
                    out.push_str("vscale x ");
                }
                let _ = write!(out, "{len} x ");
                self.write_name(*elem, out, depth + 1);
                out.push('>');
            }
            TypeData::Array { len, elem } => {
                let _ = write!(out, "[{len} x ");
                self.write_name(*elem, out, depth + 1);
                out.push(']');
            }
            TypeData::Struct { packed, elems } => {
                out.push_str(if *packed { "<{ " } else { "{ " });
                list(out, elems);
                out.push_str(if *packed { " }>" } else { " }" });
            }
            TypeData::Named(s) => {
                let name = (s.index() < self.n_structs)
                    .then(|| self.tt.struct_data(*s).name.clone())
                    .flatten();
                match name {
                    Some(n) => {
                        out.push('%');
                        out.push_str(&quote_name(&n));
                    }
                    None => {
                        let _ = write!(out, "%<{s}>");
                    }
                }
            }
            TypeData::Function {
                ret,
                params,
                vararg,
            } => {
                self.write_name(*ret, out, depth + 1);
                out.push_str(" (");
                list(out, params);
                if *vararg {
                    out.push_str(if params.is_empty() { "..." } else { ", ..." });
                }
                out.push(')');
            }
            TypeData::TargetExt { name, .. } => {
                let _ = write!(out, "target(\"{name}\")");
            }
        }
    }
}

/// Quotes a local or global name as LLVM prints it when it is not a plain
/// identifier.
fn quote_name(name: &str) -> String {
    let plain = !name.is_empty()
        && !name.as_bytes()[0].is_ascii_digit()
        && name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_'));
    if plain {
        return name.to_owned();
    }
    let mut s = String::from("\"");
    for &c in name.as_bytes() {
        if c == b'"' || c == b'\\' || !(0x20..0x7f).contains(&c) {
            s.push_str(&format!("\\{c:02X}"));
        } else {
            s.push(c as char);
        }
    }
    s.push('"');
    s
}

fn is_eh_pad(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::LandingPad | Opcode::CatchPad | Opcode::CleanupPad | Opcode::CatchSwitch
    )
}

/// Instructions that never produce a value.
fn must_be_void(op: Opcode) -> bool {
    use Opcode::*;
    matches!(
        op,
        Ret | Br
            | Switch
            | IndirectBr
            | Resume
            | Unreachable
            | CleanupRet
            | CatchRet
            | Store
            | Fence
    ) || op.is_debug_record()
}

/// Instructions that may or may not produce a value.
fn maybe_void(op: Opcode) -> bool {
    matches!(op, Opcode::Call | Opcode::Invoke | Opcode::CallBr)
}

fn is_val(op: &Operand) -> bool {
    matches!(op, Operand::Value(_) | Operand::Const(_))
}

fn is_blk(op: &Operand) -> bool {
    matches!(op, Operand::Block(_))
}

/// A call argument may be a value or metadata (`metadata !0` arguments of
/// intrinsics).
fn is_arg(op: &Operand) -> bool {
    !is_blk(op)
}

struct Verifier<'a> {
    m: &'a Module,
    f: &'a Function,
    fid: Func,
    ty: Types<'a>,
    errors: Vec<RawError>,
    /// The control-flow graph and dominator tree, once the dominance
    /// checks have computed them.
    analyses: Option<CfgAndDominators>,
    /// Blocks of the layout, in order, and their instructions (flat).
    blocks: Vec<Block>,
    block_insts: Vec<(u32, u32)>,
    insts: Vec<Inst>,
    block_in_layout: Vec<bool>,
    inst_in_layout: Vec<bool>,
    /// Position of each instruction in its block.
    pos: SecondaryMap<Inst, u32>,
    /// Values whose definition was already reported as broken.
    bad_value: Vec<bool>,
    /// Values whose definition `check_value_ref` found sound.
    value_ok: Vec<bool>,
    /// Instructions whose operand list has the shape its opcode needs.
    shape_ok: Vec<bool>,
    ret_ty: Type,
}

impl<'a> Verifier<'a> {
    fn new(m: &'a Module, fid: Func) -> Self {
        let f = &m.functions[fid];
        Verifier {
            m,
            f,
            fid,
            ty: Types {
                tt: &m.types,
                n_structs: m.types.structs().count(),
            },
            errors: Vec::new(),
            analyses: None,
            blocks: Vec::with_capacity(f.num_block_ids()),
            block_insts: Vec::with_capacity(f.num_block_ids()),
            insts: Vec::with_capacity(f.num_inst_ids()),
            block_in_layout: vec![false; f.num_block_ids()],
            inst_in_layout: vec![false; f.num_inst_ids()],
            pos: SecondaryMap::with_default(u32::MAX),
            bad_value: vec![false; f.num_value_ids()],
            value_ok: vec![false; f.num_value_ids()],
            shape_ok: vec![false; f.num_inst_ids()],
            ret_ty: TypeTable::VOID,
        }
    }

    fn err(
        &mut self,
        block: Option<Block>,
        inst: Option<Inst>,
        value: Option<Value>,
        msg: impl Into<String>,
    ) {
        self.errors.push(RawError {
            block,
            inst,
            value,
            message: msg.into(),
        });
    }

    fn inst_err(&mut self, inst: Inst, msg: impl Into<String>) {
        let b = self.f.layout.inst_block(inst);
        self.err(b, Some(inst), None, msg);
    }

    fn inst_err_v(&mut self, inst: Inst, value: Option<Value>, msg: impl Into<String>) {
        let b = self.f.layout.inst_block(inst);
        self.err(b, Some(inst), value, msg);
    }

    fn run(&mut self) {
        if !self.check_signature() || self.f.is_declaration() {
            return;
        }
        if !self.collect_layout() || !self.check_ids() {
            return;
        }
        self.check_structure();
        let cfg = ControlFlowGraph::compute(self.f);
        self.check_cfg(&cfg);
        self.check_types();
        let dt = DominatorTree::compute(&cfg);
        self.check_dominance(&dt);
        self.check_use_lists();
        self.analyses = Some((cfg, dt));
    }

    // ---------------------------------------------------------------
    // Phase 1: signature.

    fn check_signature(&mut self) -> bool {
        let f = self.f;
        let Some((ret, params, _)) = self.ty.fn_sig(f.ty) else {
            self.err(None, None, None, "function type is not a function type");
            return false;
        };
        if !self.ty.ok(ret) || params.iter().any(|&p| !self.ty.ok(p)) {
            self.err(
                None,
                None,
                None,
                "function type refers to a type id out of range",
            );
            return false;
        }
        self.ret_ty = ret;
        if f.params.len() != params.len() {
            self.err(
                None,
                None,
                None,
                format!(
                    "function has {} argument values but its type has {} parameters",
                    f.params.len(),
                    params.len()
                ),
            );
            return false;
        }
        let mut ok = true;
        for (i, (&v, &pty)) in f.params.iter().zip(params).enumerate() {
            if v.index() >= f.num_value_ids() {
                self.err(
                    None,
                    None,
                    None,
                    format!("argument {i}: value id {v} out of range"),
                );
                ok = false;
                continue;
            }
            if f.value_def(v) != ValueDef::Param(i as u32) {
                self.err(
                    None,
                    None,
                    Some(v),
                    format!("argument {i} is not defined as parameter {i}"),
                );
            }
            if f.value_type(v) != pty {
                self.err(
                    None,
                    None,
                    Some(v),
                    "Argument value does not match function argument type!",
                );
            }
            if !self.ty.is_first_class(pty) {
                self.err(
                    None,
                    None,
                    Some(v),
                    "Function arguments must have first-class types!",
                );
            }
        }
        ok
    }

    // ---------------------------------------------------------------
    // Phase 2: layout.

    fn collect_layout(&mut self) -> bool {
        let f = self.f;
        let (nb, ni) = (f.num_block_ids(), f.num_inst_ids());
        let mut ok = true;
        let mut cur = f.layout.entry_block();
        while let Some(b) = cur {
            if b.index() >= nb {
                self.err(
                    None,
                    None,
                    None,
                    format!("block id {b} in the layout is out of range"),
                );
                return false;
            }
            if self.block_in_layout[b.index()] {
                self.err(Some(b), None, None, "the layout's block list is cyclic");
                return false;
            }
            if !f.layout.is_block_inserted(b) {
                self.err(
                    Some(b),
                    None,
                    None,
                    "block in the layout is not marked as inserted",
                );
                ok = false;
            }
            self.block_in_layout[b.index()] = true;
            self.blocks.push(b);
            cur = f.layout.next_block(b);
        }
        if f.layout.last_block() != self.blocks.last().copied() {
            self.err(
                None,
                None,
                None,
                "the layout's last block is not the end of its block list",
            );
            ok = false;
        }
        self.pos.resize(ni);
        for bi in 0..self.blocks.len() {
            let b = self.blocks[bi];
            let start = self.insts.len() as u32;
            let mut cur = f.layout.first_inst(b);
            let mut k = 0u32;
            while let Some(i) = cur {
                if i.index() >= ni {
                    self.err(
                        Some(b),
                        None,
                        None,
                        format!("instruction id {i} in the layout is out of range"),
                    );
                    return false;
                }
                if self.inst_in_layout[i.index()] {
                    self.err(
                        Some(b),
                        None,
                        None,
                        format!("instruction {i} appears twice in the layout"),
                    );
                    return false;
                }
                if f.layout.inst_block(i) != Some(b) {
                    self.err(
                        Some(b),
                        None,
                        None,
                        format!("instruction {i} has a wrong parent block in the layout"),
                    );
                    ok = false;
                }
                self.inst_in_layout[i.index()] = true;
                self.pos[i] = k;
                k += 1;
                self.insts.push(i);
                cur = f.layout.next_inst(i);
            }
            if f.layout.last_inst(b) != self.insts[start as usize..].last().copied() {
                self.err(
                    Some(b),
                    None,
                    None,
                    "the block's last instruction is not the end of its list",
                );
                ok = false;
            }
            self.block_insts.push((start, self.insts.len() as u32));
        }
        ok
    }

    // ---------------------------------------------------------------
    // Phase 3: ids.

    /// Returns false if an id is out of range (verification stops).
    fn check_ids(&mut self) -> bool {
        let f = self.f;
        let mut ok = true;
        for idx in 0..self.insts.len() {
            let i = self.insts[idx];
            let data = f.inst(i);
            if !self.ty.ok(data.ty) {
                self.inst_err(i, format!("instruction type id {} out of range", data.ty));
                ok = false;
            }
            if let Some(r) = f.inst_result(i) {
                if r.index() >= f.num_value_ids() {
                    self.inst_err(i, format!("result value id {r} out of range"));
                    ok = false;
                } else {
                    if !self.ty.ok(f.value_type(r)) {
                        self.inst_err(i, "result value type id out of range");
                        ok = false;
                    }
                    if f.value_def(r) != ValueDef::Result(i) {
                        self.inst_err_v(
                            i,
                            Some(r),
                            "result value is not defined by this instruction",
                        );
                    }
                }
            }
            for op in data.operands() {
                ok &= self.check_operand_ids(i, op);
            }
            let extra_ty = match &data.extra {
                Extra::Alloca(info) => Some(info.allocated_ty),
                Extra::Gep { source_ty } => Some(*source_ty),
                Extra::Call(ci) => Some(ci.fn_ty),
                _ => None,
            };
            if extra_ty.is_some_and(|t| !self.ty.ok(t)) {
                self.inst_err(i, "type id in the instruction's extra data out of range");
                ok = false;
            }
            for (_, n) in data.md.iter() {
                if n.index() >= self.m.md.num_nodes() {
                    self.inst_err(i, format!("metadata attachment {n} out of range"));
                    ok = false;
                }
            }
        }
        ok
    }

    fn check_const_id(&mut self, i: Inst, c: loopwright_ir::Const) -> bool {
        if c.index() >= self.m.consts.len() || !self.ty.ok(self.m.consts.ty(c)) {
            self.inst_err(i, format!("constant id {c} out of range"));
            return false;
        }
        true
    }

    fn check_operand_ids(&mut self, i: Inst, op: &Operand) -> bool {
        let f = self.f;
        match *op {
            Operand::Value(v) | Operand::MdLocal(v) => self.check_value_ref(i, v),
            Operand::Const(c) => self.check_const_id(i, c),
            Operand::Block(b) => {
                if b.index() >= f.num_block_ids() {
                    self.inst_err(i, format!("block id {b} out of range"));
                    return false;
                }
                if !self.block_in_layout[b.index()] {
                    self.inst_err(
                        i,
                        "Referring to a basic block that is not in this function's layout!",
                    );
                }
                true
            }
            Operand::Md(Md::Node(n)) => {
                if n.index() >= self.m.md.num_nodes() {
                    self.inst_err(i, format!("metadata node id {n} out of range"));
                    return false;
                }
                true
            }
            Operand::Md(Md::Str(s)) => {
                if s.index() >= self.m.md.num_strings() {
                    self.inst_err(i, format!("metadata string id {s} out of range"));
                    return false;
                }
                true
            }
            Operand::Md(Md::Const(c)) => self.check_const_id(i, c),
            Operand::MdArgList(al) => {
                if al.index() >= f.num_arg_list_ids() {
                    self.inst_err(i, format!("DIArgList id {al} out of range"));
                    return false;
                }
                let mut ok = true;
                for o in f.arg_list(al) {
                    match *o {
                        Operand::Value(v) => ok &= self.check_value_ref(i, v),
                        Operand::Const(c) => ok &= self.check_const_id(i, c),
                        _ => self.inst_err(i, "DIArgList operands must be values or constants"),
                    }
                }
                ok
            }
        }
    }

    fn check_value_ref(&mut self, i: Inst, v: Value) -> bool {
        // Whether a value is well defined does not depend on the use, so
        // values found good once are not examined again.
        if self.value_ok.get(v.index()) == Some(&true) {
            return true;
        }
        self.check_value_ref_slow(i, v)
    }

    #[inline(never)]
    fn check_value_ref_slow(&mut self, i: Inst, v: Value) -> bool {
        let f = self.f;
        if v.index() >= f.num_value_ids() {
            self.inst_err(i, format!("value id {v} out of range"));
            return false;
        }
        if !self.ty.ok(f.value_type(v)) {
            self.inst_err(i, format!("type of value {v} out of range"));
            return false;
        }
        match f.value_def(v) {
            ValueDef::Placeholder => {
                self.bad_value[v.index()] = true;
                self.inst_err_v(i, Some(v), "use of undefined value");
            }
            ValueDef::Param(n) => {
                if f.params.get(n as usize) != Some(&v) {
                    self.bad_value[v.index()] = true;
                    self.inst_err_v(i, Some(v), "Referring to an argument in another function!");
                }
            }
            ValueDef::Result(j) => {
                if j.index() >= f.num_inst_ids() {
                    self.inst_err(
                        i,
                        format!("value {v} is defined by instruction id {j}, out of range"),
                    );
                    return false;
                }
                if f.inst_result(j) != Some(v) {
                    self.bad_value[v.index()] = true;
                    self.inst_err_v(
                        i,
                        Some(v),
                        "use of a value that is not the result of its defining instruction",
                    );
                } else if !self.inst_in_layout[j.index()] {
                    self.bad_value[v.index()] = true;
                    self.inst_err_v(
                        i,
                        Some(v),
                        "Instruction referencing instruction not embedded in a basic block!",
                    );
                }
            }
        }
        if !self.bad_value[v.index()] {
            self.value_ok[v.index()] = true;
        }
        true
    }

    // ---------------------------------------------------------------
    // Phase 4: structure.

    fn check_structure(&mut self) {
        let f = self.f;
        for bi in 0..self.blocks.len() {
            let b = self.blocks[bi];
            let (s, e) = self.block_insts[bi];
            let last_ok = e > s && f.inst(self.insts[e as usize - 1]).opcode.is_terminator();
            if !last_ok {
                self.err(Some(b), None, None, "Basic Block does not have terminator!");
            }
            let mut seen_non_phi = false;
            let mut seen_record = false;
            for k in s..e {
                let i = self.insts[k as usize];
                let data = f.inst(i);
                let op = data.opcode;
                if op.is_terminator() && k + 1 != e {
                    self.inst_err(i, "Terminator found in the middle of a basic block!");
                }
                if op == Opcode::Phi {
                    if seen_non_phi {
                        self.inst_err(i, "PHI nodes not grouped at top of basic block!");
                    } else if seen_record {
                        // A record before a phi would be attached to it.
                        self.inst_err(i, "PHI Node must not have any attached DbgRecords");
                    }
                } else if op.is_debug_record() {
                    seen_record = true;
                } else {
                    let what = match op {
                        Opcode::LandingPad => "LandingPadInst",
                        Opcode::CatchPad => "CatchPadInst",
                        Opcode::CleanupPad => "CleanupPadInst",
                        Opcode::CatchSwitch => "CatchSwitchInst",
                        Opcode::Resume => "ResumeInst",
                        _ => "",
                    };
                    if is_eh_pad(op) && seen_non_phi {
                        self.inst_err(
                            i,
                            format!("{what} not the first non-PHI instruction in the block."),
                        );
                    }
                    if !what.is_empty() && f.personality.is_none() {
                        self.inst_err(
                            i,
                            format!("{what} needs to be in a function with a personality."),
                        );
                    }
                    seen_non_phi = true;
                }
                match self.shape(data) {
                    Ok(()) => self.shape_ok[i.index()] = true,
                    Err(why) => {
                        self.inst_err(i, format!("malformed '{}' instruction: {why}", op.name()))
                    }
                }
                self.check_result(i, data);
            }
        }
    }

    fn check_result(&mut self, i: Inst, data: &InstData) {
        let f = self.f;
        let void = self.ty.is_void(data.ty);
        let name = data.opcode.name();
        if must_be_void(data.opcode) && !void {
            self.inst_err(i, format!("'{name}' must have void type"));
        }
        if !must_be_void(data.opcode) && !maybe_void(data.opcode) && void {
            self.inst_err(i, format!("'{name}' must produce a value (non-void type)"));
        }
        match f.inst_result(i) {
            Some(r) if void => {
                self.inst_err_v(i, Some(r), "instruction of void type has a result value")
            }
            Some(r) if f.value_type(r) != data.ty => self.inst_err_v(
                i,
                Some(r),
                format!(
                    "result value type {} does not match instruction type {}",
                    self.ty.name(f.value_type(r)),
                    self.ty.name(data.ty)
                ),
            ),
            None if !void => self.inst_err(i, "instruction of non-void type has no result value"),
            _ => {}
        }
    }

    /// Checks the operand list against the opcode's layout (see the table
    /// in `loopwright_ir::inst`).
    fn shape(&self, data: &InstData) -> Result<(), String> {
        use Opcode::*;
        let ops = data.operands();
        let n = ops.len();
        let count = |want: usize| -> Result<(), String> {
            if n == want {
                Ok(())
            } else {
                Err(format!("expected {want} operands, found {n}"))
            }
        };
        let values = |range: &[Operand]| -> Result<(), String> {
            if range.iter().all(is_val) {
                Ok(())
            } else {
                Err("a value operand is a block or metadata".into())
            }
        };
        let blocks = |range: &[Operand]| -> Result<(), String> {
            if range.iter().all(is_blk) {
                Ok(())
            } else {
                Err("a destination operand is not a block".into())
            }
        };
        match data.opcode {
            Ret => {
                if n > 1 {
                    return Err(format!("expected 0 or 1 operands, found {n}"));
                }
                values(ops)
            }
            Br => match n {
                1 => blocks(ops),
                3 => {
                    values(&ops[..1])?;
                    blocks(&ops[1..])
                }
                _ => Err(format!("expected 1 or 3 operands, found {n}")),
            },
            Switch => {
                if n < 2 || n % 2 == 1 {
                    return Err(format!(
                        "expected [cond, default, (case, dest)*], found {n} operands"
                    ));
                }
                values(&ops[..1])?;
                blocks(&ops[1..2])?;
                for pair in ops[2..].chunks(2) {
                    values(&pair[..1])?;
                    blocks(&pair[1..])?;
                }
                Ok(())
            }
            IndirectBr => {
                if n < 1 {
                    return Err("missing address operand".into());
                }
                values(&ops[..1])?;
                blocks(&ops[1..])
            }
            Call | Invoke | CallBr => {
                let Some(v) = call_value_operands(data) else {
                    return Err("missing call-site data".into());
                };
                let trailing = match data.opcode {
                    Call => 0,
                    Invoke => 2,
                    _ => 1,
                };
                let ok = match data.opcode {
                    CallBr => n > v,
                    _ => v.checked_add(trailing) == Some(n),
                };
                if !ok {
                    return Err(format!(
                        "operand count {n} does not match callee, arguments, bundle operands and destinations"
                    ));
                }
                values(&ops[..1])?;
                let nargs = data.call_info().map_or(0, |c| c.num_args as usize);
                if !ops[1..1 + nargs].iter().all(is_arg) {
                    return Err("a call argument is a block".into());
                }
                values(&ops[1 + nargs..v])?;
                blocks(&ops[v..])
            }
            Resume => {
                count(1)?;
                values(ops)
            }
            Unreachable | Fence => count(0),
            CleanupRet => {
                if !(1..=2).contains(&n) {
                    return Err(format!("expected 1 or 2 operands, found {n}"));
                }
                values(&ops[..1])?;
                blocks(&ops[1..])
            }
            CatchRet => {
                count(2)?;
                values(&ops[..1])?;
                blocks(&ops[1..])
            }
            CatchSwitch => {
                if n < 2 {
                    return Err("expected a parent and at least one handler".into());
                }
                values(&ops[..1])?;
                blocks(&ops[1..])
            }
            CatchPad | CleanupPad => {
                if n < 1 {
                    return Err("missing parent pad".into());
                }
                values(ops)
            }
            ICmp | FCmp => {
                count(2)?;
                if data.predicate().is_none() {
                    return Err("missing predicate".into());
                }
                values(ops)
            }
            op if op.is_binary() => {
                count(2)?;
                values(ops)
            }
            op if op.is_cast() => {
                count(1)?;
                values(ops)
            }
            FNeg | Freeze | VAArg | Load => {
                count(1)?;
                values(ops)
            }
            Alloca => {
                count(1)?;
                if !matches!(data.extra, Extra::Alloca(_)) {
                    return Err("missing alloca data".into());
                }
                values(ops)
            }
            Store | ExtractElement | ShuffleVector | AtomicRmw => {
                count(2)?;
                if data.opcode == ShuffleVector && !matches!(data.extra, Extra::Shuffle(_)) {
                    return Err("missing mask".into());
                }
                if data.opcode == AtomicRmw && !matches!(data.extra, Extra::Rmw(_)) {
                    return Err("missing atomicrmw data".into());
                }
                values(ops)
            }
            Select | InsertElement | AtomicCmpXchg => {
                count(3)?;
                values(ops)
            }
            GetElementPtr => {
                if n < 1 {
                    return Err("missing base pointer".into());
                }
                if !matches!(data.extra, Extra::Gep { .. }) {
                    return Err("missing source element type".into());
                }
                values(ops)
            }
            Phi => {
                if n % 2 == 1 {
                    return Err(format!("expected (value, block) pairs, found {n} operands"));
                }
                for pair in ops.chunks(2) {
                    values(&pair[..1])?;
                    blocks(&pair[1..])?;
                }
                Ok(())
            }
            ExtractValue | InsertValue => {
                count(if data.opcode == ExtractValue { 1 } else { 2 })?;
                match &data.extra {
                    Extra::Indices(ix) if !ix.is_empty() => values(ops),
                    _ => Err("missing indices".into()),
                }
            }
            LandingPad => match &data.extra {
                Extra::LandingPad { clauses, .. } if clauses.len() == n => values(ops),
                _ => Err("clause kinds do not match the clause operands".into()),
            },
            DbgValue | DbgDeclare => count(4),
            DbgAssign => count(7),
            DbgLabel => count(2),
            _ => Ok(()),
        }
    }

    // ---------------------------------------------------------------
    // Phase 5: CFG and phis.

    fn check_cfg(&mut self, cfg: &ControlFlowGraph) {
        let f = self.f;
        let Some(&entry) = self.blocks.first() else {
            return;
        };
        if cfg.num_pred_edges(entry) > 0 {
            self.err(
                Some(entry),
                None,
                None,
                "Entry block to function must not have predecessors!",
            );
        }
        let nb = f.num_block_ids();
        let mut stamp = vec![0u32; nb];
        let mut count = vec![0u32; nb];
        let mut first = vec![Operand::Block(Block::new(0)); nb];
        let mut cur = 0u32;
        for bi in 0..self.blocks.len() {
            let b = self.blocks[bi];
            let (s, e) = self.block_insts[bi];
            for k in s..e {
                let i = self.insts[k as usize];
                let data = f.inst(i);
                if data.opcode != Opcode::Phi || !self.shape_ok[i.index()] {
                    continue;
                }
                if b == entry {
                    self.inst_err(i, "PHI nodes are not allowed in the entry block!");
                    continue;
                }
                let ops = data.operands();
                if ops.len() / 2 != cfg.num_pred_edges(b) as usize {
                    self.inst_err(
                        i,
                        "PHINode should have one entry for each predecessor of its parent basic block!",
                    );
                    continue;
                }
                cur += 1;
                let mut differing = false;
                for pair in ops.chunks(2) {
                    let Operand::Block(p) = pair[1] else { continue };
                    let pi = p.index();
                    if stamp[pi] != cur {
                        stamp[pi] = cur;
                        count[pi] = 0;
                        first[pi] = pair[0];
                    } else if first[pi] != pair[0] {
                        differing = true;
                    }
                    count[pi] += 1;
                }
                if differing {
                    self.inst_err(
                        i,
                        "PHI node has multiple entries for the same basic block with different incoming values!",
                    );
                }
                let matches = cfg
                    .preds(b)
                    .iter()
                    .zip(cfg.pred_edge_counts(b))
                    .all(|(&p, &k)| stamp[p.index()] == cur && count[p.index()] == k);
                if !matches {
                    self.inst_err(i, "PHI node entries do not match predecessors!");
                }
            }
        }
    }

    // ---------------------------------------------------------------
    // Phase 6: types.

    /// `Function::operand_type`, inlined: it is asked for every operand.
    #[inline]
    fn op_ty(&self, op: &Operand) -> Type {
        match *op {
            Operand::Value(v) => self.f.value_type(v),
            Operand::Const(c) => self.m.consts.ty(c),
            Operand::Block(_) => TypeTable::LABEL,
            Operand::Md(_) | Operand::MdLocal(_) | Operand::MdArgList(_) => TypeTable::METADATA,
        }
    }

    fn check_types(&mut self) {
        for idx in 0..self.insts.len() {
            let i = self.insts[idx];
            if self.shape_ok[i.index()] {
                self.check_inst_types(i);
            }
        }
    }

    fn check_inst_types(&mut self, i: Inst) {
        use Opcode::*;
        let f = self.f;
        let data = f.inst(i);
        let ops = data.operands();
        let rt = data.ty;
        let ty = &self.ty;
        let t = |k: usize| self.op_ty(&ops[k]);
        let mut errs: Vec<String> = Vec::new();
        macro_rules! check {
            ($cond:expr, $msg:expr $(,)?) => {
                if !$cond {
                    errs.push(String::from($msg));
                }
            };
        }
        match data.opcode {
            Add | Sub | Mul | UDiv | SDiv | URem | SRem | FAdd | FSub | FMul | FDiv | FRem
            | And | Or | Xor | Shl | LShr | AShr => {
                if t(0) != t(1) {
                    check!(
                        false,
                        "Both operands to a binary operator are not of the same type!"
                    );
                } else {
                    let (kind_ok, kind_msg, same_msg) = match data.opcode {
                        Add | Sub | Mul | UDiv | SDiv | URem | SRem => (
                            ty.is_int_or_int_vec(rt),
                            "Integer arithmetic operators only work with integral types!",
                            "Integer arithmetic operators must have same type for operands and result!",
                        ),
                        FAdd | FSub | FMul | FDiv | FRem => (
                            ty.is_fp_or_fp_vec(rt),
                            "Floating-point arithmetic operators only work with floating-point types!",
                            "Floating-point arithmetic operators must have same type for operands and result!",
                        ),
                        And | Or | Xor => (
                            ty.is_int_or_int_vec(rt),
                            "Logical operators only work with integral types!",
                            "Logical operators must have same type for operands and result!",
                        ),
                        _ => (
                            ty.is_int_or_int_vec(rt),
                            "Shifts only work with integral types!",
                            "Shift return type must be same as operands!",
                        ),
                    };
                    check!(kind_ok, kind_msg);
                    if kind_ok {
                        check!(rt == t(0), same_msg);
                    }
                }
            }
            FNeg => {
                check!(
                    rt == t(0),
                    "Unary operators must have same type for operands and result!"
                );
                check!(
                    ty.is_fp_or_fp_vec(rt),
                    "FNeg operator only works with float types!"
                );
            }
            ICmp | FCmp => {
                let (a, b) = (t(0), t(1));
                let is_icmp = data.opcode == ICmp;
                let pred = data.predicate();
                if a != b {
                    check!(
                        false,
                        if is_icmp {
                            "Both operands to ICmp instruction are not of the same type!"
                        } else {
                            "Both operands to FCmp instruction are not of the same type!"
                        },
                    );
                } else if is_icmp {
                    check!(
                        ty.is_int_or_int_vec(a) || ty.is_ptr_or_ptr_vec(a),
                        "Invalid operand types for ICmp instruction",
                    );
                } else {
                    check!(
                        ty.is_fp_or_fp_vec(a),
                        "Invalid operand types for FCmp instruction"
                    );
                }
                if let Some(p) = pred {
                    if is_icmp {
                        check!(
                            Predicate::is_int(p),
                            "Invalid predicate in ICmp instruction!"
                        );
                    } else {
                        check!(
                            !Predicate::is_int(p),
                            "Invalid predicate in FCmp instruction!"
                        );
                    }
                }
                check!(
                    ty.is_i1(ty.scalar(rt)) && ty.shape(rt) == ty.shape(a),
                    "Compare result must be i1 or a vector of i1 with the operands' length!",
                );
            }
            Load => check!(ty.is_ptr(t(0)), "Load operand must be a pointer."),
            Store => {
                check!(ty.is_ptr(t(1)), "Store operand must be a pointer.");
                let stored = t(0);
                check!(
                    ty.is_first_class(stored) && !ty.is_void(stored),
                    "Store value must have a first-class type!",
                );
            }
            Alloca => {
                if let Extra::Alloca(info) = &data.extra {
                    check!(
                        ty.ptr_as(rt) == Some(info.addrspace),
                        "Alloca result must be a pointer in the alloca's address space!",
                    );
                }
                check!(ty.is_int(t(0)), "Alloca array size must have integer type");
            }
            GetElementPtr => self.gep_types(data, &mut errs),
            Select => {
                let (c, a, b) = (t(0), t(1), t(2));
                let cond_ok = match ty.shape(c) {
                    None => ty.is_i1(c),
                    Some(shape) => ty.is_i1(ty.scalar(c)) && ty.shape(a) == Some(shape),
                };
                check!(
                    cond_ok && a == b && !matches!(ty.data(a), Some(TypeData::Token)),
                    "Invalid operands for select instruction!",
                );
                check!(
                    a == rt,
                    "Select values must have same type as select instruction!"
                );
            }
            op if op.is_cast() => cast_types(ty, op, t(0), rt, &mut errs),
            Call | Invoke | CallBr => self.call_types(data, &mut errs),
            Ret => {
                let fret = self.ret_ty;
                if ty.is_void(fret) {
                    check!(
                        ops.is_empty(),
                        "Found return instr that returns non-void in Function of void return type!",
                    );
                } else {
                    check!(
                        ops.len() == 1 && t(0) == fret,
                        "Function return type does not match operand type of return inst!",
                    );
                }
            }
            Br if ops.len() == 3 => check!(ty.is_i1(t(0)), "Branch condition is not 'i1' type!"),
            Switch => {
                let ct = t(0);
                check!(ty.is_int(ct), "Switch condition must have integer type!");
                let mut seen = FxHashSet::default();
                for pair in ops[2..].chunks(2) {
                    let Operand::Const(c) = pair[0] else {
                        check!(false, "Case value is not a constant integer.");
                        continue;
                    };
                    if !matches!(self.m.consts.data(c), ConstData::Int { .. }) {
                        check!(false, "Case value is not a constant integer.");
                    } else if self.m.consts.ty(c) != ct {
                        check!(
                            false,
                            "Switch constants must all be same type as switch value!"
                        );
                    } else if !seen.insert(c) {
                        check!(false, "Duplicate integer as switch case");
                    }
                }
            }
            IndirectBr => check!(
                ty.is_ptr(t(0)),
                "Indirectbr operand must have pointer type!"
            ),
            Phi => {
                check!(
                    ops.chunks(2).all(|p| self.op_ty(&p[0]) == rt),
                    "PHI node operands are not the same type as the result!",
                );
                check!(
                    ty.is_first_class(rt)
                        && !matches!(ty.data(rt), Some(TypeData::Label | TypeData::Metadata)),
                    "PHI nodes must have a first-class, non-label type!",
                );
            }
            ExtractElement => {
                let ok = ty.vector(t(0)).is_some_and(|(_, _, e)| e == rt) && ty.is_int(t(1));
                check!(ok, "Invalid extractelement operands!");
            }
            InsertElement => {
                let ok = ty.vector(t(0)).is_some_and(|(_, _, e)| e == t(1))
                    && ty.is_int(t(2))
                    && rt == t(0);
                check!(ok, "Invalid insertelement operands!");
            }
            ShuffleVector => {
                let ok = match (&data.extra, ty.vector(t(0)), ty.vector(rt)) {
                    (Extra::Shuffle(mask), Some((sc, len, e)), Some((rsc, rlen, re))) => {
                        t(0) == t(1)
                            && e == re
                            && sc == rsc
                            && rlen as usize == mask.len()
                            && mask
                                .iter()
                                .all(|&x| x == -1 || (x >= 0 && (x as u64) < 2 * u64::from(len)))
                    }
                    _ => false,
                };
                check!(ok, "Invalid shufflevector operands!");
            }
            ExtractValue | InsertValue => {
                let Extra::Indices(ix) = &data.extra else {
                    return;
                };
                let indexed = self.indexed_value_type(t(0), ix);
                if data.opcode == ExtractValue {
                    check!(indexed == Some(rt), "Invalid ExtractValueInst operands!");
                } else {
                    check!(
                        indexed == Some(t(1)) && rt == t(0),
                        "Invalid InsertValueInst operands!"
                    );
                }
            }
            Freeze => check!(
                rt == t(0),
                "Freeze result type must match its operand type!"
            ),
            VAArg => check!(ty.is_ptr(t(0)), "va_arg operand must be a pointer!"),
            AtomicCmpXchg => {
                check!(
                    ty.is_ptr(t(0)),
                    "cmpxchg pointer operand must be a pointer!"
                );
                check!(
                    t(1) == t(2),
                    "cmpxchg compare and new values must have the same type!"
                );
                check!(
                    ty.is_int(t(1)) || ty.is_ptr(t(1)),
                    "cmpxchg operand must have integer or pointer type",
                );
                let ok = ty
                    .struct_elems(rt)
                    .is_some_and(|e| e.len() == 2 && e[0] == t(1) && ty.is_i1(e[1]));
                check!(ok, "cmpxchg result type must be { T, i1 }!");
            }
            AtomicRmw => {
                check!(
                    ty.is_ptr(t(0)),
                    "atomicrmw pointer operand must be a pointer!"
                );
                check!(
                    rt == t(1),
                    "atomicrmw result type must match its value operand!"
                );
            }
            _ => {}
        }
        if !errs.is_empty() {
            for e in errs {
                self.inst_err(i, e);
            }
        }
    }

    /// The type at `indices` inside aggregate `agg` (`extractvalue`
    /// semantics: structs and arrays only).
    fn indexed_value_type(&self, agg: Type, indices: &[u32]) -> Option<Type> {
        let mut cur = agg;
        for &ix in indices {
            cur = match self.ty.data(cur)? {
                TypeData::Array { len, elem } => (u64::from(ix) < *len).then_some(*elem)?,
                TypeData::Struct { .. } | TypeData::Named(_) => {
                    *self.ty.struct_elems(cur)?.get(ix as usize)?
                }
                _ => return None,
            };
        }
        Some(cur)
    }

    /// An integer constant usable as a struct index (scalar, or a splat).
    fn const_index(&self, op: &Operand) -> Option<u64> {
        let Operand::Const(c) = *op else { return None };
        match self.m.consts.data(c) {
            ConstData::Int { val, .. } => val.as_u64(),
            ConstData::Zero(_) => Some(0),
            ConstData::Vector { elems, .. } => {
                let first = *elems.first()?;
                if elems.iter().any(|&e| e != first) || first.index() >= self.m.consts.len() {
                    return None;
                }
                self.m.consts.as_apint(first)?.as_u64()
            }
            _ => None,
        }
    }

    fn gep_types(&self, data: &InstData, errs: &mut Vec<String>) {
        let ty = &self.ty;
        let ops = data.operands();
        let Extra::Gep { source_ty } = data.extra else {
            return;
        };
        let base = self.op_ty(&ops[0]);
        if !ty.is_ptr_or_ptr_vec(base) {
            errs.push("GEP base pointer is not a vector or a vector of pointers".into());
            return;
        }
        // A vector operand makes the result a vector of that width; the
        // operands' widths are gathered here, reported last.
        let rt = data.ty;
        let rw = ty.shape(rt);
        let mut width_ok = ty.shape(base).is_none_or(|w| rw == Some(w));
        for o in &ops[1..] {
            let t = self.op_ty(o);
            if !ty.is_int_or_int_vec(t) {
                errs.push("GEP indexes must be integers".into());
                return;
            }
            width_ok &= ty.shape(t).is_none_or(|w| rw == Some(w));
        }
        let mut cur = source_ty;
        for o in ops.iter().skip(2) {
            let next = match ty.data(cur) {
                Some(TypeData::Array { elem, .. } | TypeData::Vector { elem, .. }) => Some(*elem),
                Some(TypeData::Struct { .. } | TypeData::Named(_)) => {
                    self.const_index(o).and_then(|ix| {
                        ty.struct_elems(cur)?
                            .get(usize::try_from(ix).ok()?)
                            .copied()
                    })
                }
                _ => None,
            };
            match next {
                Some(n) => cur = n,
                None => {
                    errs.push("Invalid indices for GEP pointer type!".into());
                    return;
                }
            }
        }
        let base_as = ty.ptr_as(ty.scalar(base));
        if ty.ptr_as(ty.scalar(rt)) != base_as {
            errs.push("GEP is not of right type for indices!".into());
            return;
        }
        if !width_ok {
            errs.push("Vector GEP result width doesn't match operand's".into());
        }
    }

    fn call_types(&self, data: &InstData, errs: &mut Vec<String>) {
        let ty = &self.ty;
        let Some(ci) = data.call_info() else { return };
        let callee = self.op_ty(&data.operands()[0]);
        if !ty.is_ptr(callee) && !matches!(ty.data(callee), Some(TypeData::Function { .. })) {
            // Inline asm callees are typed with their function type.
            errs.push("Called function must be a pointer!".into());
        }
        let Some((ret, params, vararg)) = ty.fn_sig(ci.fn_ty) else {
            errs.push("Callee type is not a function type!".into());
            return;
        };
        let args = data.call_args();
        if vararg {
            if args.len() < params.len() {
                errs.push("Called function requires more parameters than were provided!".into());
                return;
            }
        } else if args.len() != params.len() {
            errs.push("Incorrect number of arguments passed to called function!".into());
            return;
        }
        for (a, &p) in args.iter().zip(params) {
            if self.op_ty(a) != p {
                errs.push(format!(
                    "Call parameter type does not match function signature! (argument of type {}, parameter of type {})",
                    ty.name(self.op_ty(a)),
                    ty.name(p)
                ));
            }
        }
        if data.ty != ret {
            errs.push(format!(
                "Call result type {} does not match the callee's return type {}!",
                ty.name(data.ty),
                ty.name(ret)
            ));
        }
    }

    // ---------------------------------------------------------------
    // Phase 7: dominance.

    fn check_dominance(&mut self, dt: &DominatorTree) {
        let f = self.f;
        // Built only if a use needs `DominatorTree::def_dominates_use_with`.
        let mut order: Option<InstOrder> = None;
        for bi in 0..self.blocks.len() {
            let b = self.blocks[bi];
            let reachable = dt.is_reachable(b);
            let (s, e) = self.block_insts[bi];
            for k in s as usize..e as usize {
                let i = self.insts[k];
                let data = f.inst(i);
                if !self.shape_ok[i.index()] || data.opcode.is_debug_record() {
                    continue;
                }
                let is_phi = data.opcode == Opcode::Phi;
                if !reachable && !is_phi {
                    continue; // every use in an unreachable block is dominated
                }
                let ops = data.operands();
                for (idx, op) in ops.iter().enumerate() {
                    let Operand::Value(v) = *op else { continue };
                    if self.bad_value[v.index()] {
                        continue;
                    }
                    let ValueDef::Result(def) = f.value_def(v) else {
                        continue;
                    };
                    if def == i && !is_phi {
                        self.inst_err_v(
                            i,
                            Some(v),
                            "Only PHI nodes may reference their own value!",
                        );
                        continue;
                    }
                    let ddata = f.inst(def);
                    if ddata.opcode == Opcode::Invoke {
                        // LLVM skips invokes whose normal and unwind
                        // destinations coincide.
                        let n = ddata.operands().len();
                        if n >= 2 && ddata.operands()[n - 1] == ddata.operands()[n - 2] {
                            continue;
                        }
                    }
                    // The rules of `DominatorTree::def_dominates_use`,
                    // shortened by what earlier phases established: `i`
                    // is in block `b` of the layout, `def` is in the
                    // layout, and a phi's values are followed by their
                    // incoming blocks. Results of invokes, defined on an
                    // edge, take the general path.
                    let use_bb = if is_phi {
                        ops.get(idx + 1).and_then(|o| o.as_block())
                    } else {
                        Some(b)
                    };
                    let dominated = match (use_bb, f.layout.inst_block(def)) {
                        (Some(use_bb), Some(def_bb)) if ddata.opcode != Opcode::Invoke => {
                            if !dt.is_reachable(use_bb) {
                                true
                            } else if def_bb != use_bb {
                                dt.dominates(def_bb, use_bb)
                            } else {
                                is_phi || self.pos[def] < self.pos[i]
                            }
                        }
                        _ => {
                            let order = order
                                .get_or_insert_with(|| InstOrder::from_positions(self.pos.clone()));
                            dt.def_dominates_use_with(f, order, v, i, idx)
                        }
                    };
                    if !dominated {
                        self.inst_err_v(i, Some(v), "Instruction does not dominate all uses!");
                    }
                }
            }
        }
    }

    // ---------------------------------------------------------------
    // Phase 8: use lists.

    fn check_use_lists(&mut self) {
        let f = self.f;
        self.compare_use_lists(|v| f.uses(v));
    }

    /// Compares `recorded(v)` with the uses the operands make, for every
    /// value.
    fn compare_use_lists<'r>(&mut self, recorded_uses: impl Fn(Value) -> &'r [Inst]) {
        let f = self.f;
        let (nv, ni) = (f.num_value_ids(), f.num_inst_ids());
        // Uses found in operands, bucketed by value (counting sort): count
        // the uses of each value, so that `start[v]` ends value `v`'s
        // bucket, then fill every bucket from its end, visiting the
        // instructions backwards. Afterwards `start[v]` begins the bucket
        // and `start[v + 1]` ends it, and each bucket lists its users in
        // ascending order, as sorting would.
        let mut start = vec![0u32; nv + 1];
        for ii in 0..ni {
            for_each_used_value(f, Inst::new(ii), |v| {
                if v < nv {
                    start[v] += 1;
                }
            });
        }
        for k in 1..=nv {
            start[k] += start[k - 1];
        }
        let mut users = vec![0u32; start[nv] as usize];
        for ii in (0..ni).rev() {
            for_each_used_value(f, Inst::new(ii), |v| {
                if v < nv {
                    start[v] -= 1;
                    users[start[v] as usize] = ii as u32;
                }
            });
        }
        let mut sorted: Vec<u32> = Vec::new();
        for vi in 0..nv {
            let v = Value::new(vi);
            let mine = &users[start[vi] as usize..start[vi + 1] as usize];
            let recorded = recorded_uses(v);
            // Use lists are usually in instruction order already; only
            // the others are copied and sorted.
            let same = if recorded.is_sorted_by_key(|u| u.index()) {
                recorded.len() == mine.len()
                    && recorded
                        .iter()
                        .zip(mine)
                        .all(|(r, &m)| r.index() == m as usize)
            } else {
                sorted.clear();
                sorted.extend(recorded.iter().map(|u| u.index() as u32));
                sorted.sort_unstable();
                sorted[..] == mine[..]
            };
            if !same {
                let first_recorded = recorded.iter().map(|u| u.index() as u32).min();
                let user = mine
                    .first()
                    .copied()
                    .or(first_recorded)
                    .map(|u| Inst::new(u as usize));
                let block = user.and_then(|u| f.layout.inst_block(u));
                self.err(
                    block,
                    None,
                    Some(v),
                    format!(
                        "use list does not match the operands: it records {} uses, the operands make {}",
                        recorded.len(),
                        mine.len()
                    ),
                );
            }
            if let Some(&u) = mine.iter().find(|&&u| !self.inst_in_layout[u as usize]) {
                let def_block = match f.value_def(v) {
                    ValueDef::Result(d) => f.layout.inst_block(d),
                    _ => None,
                };
                self.err(
                    def_block,
                    None,
                    Some(v),
                    format!(
                        "value is used by instruction {} ({}) that is not in the layout",
                        Inst::new(u as usize),
                        f.inst(Inst::new(u as usize)).opcode.name()
                    ),
                );
            }
        }
    }

    // ---------------------------------------------------------------
    // Rendering.

    fn render(mut self) -> Vec<VerifierError> {
        let names = Names::new(
            self.m,
            self.fid,
            self.f,
            &self.blocks,
            &self.block_insts,
            &self.insts,
        );
        let f = self.f;
        let errors = std::mem::take(&mut self.errors);
        errors
            .into_iter()
            .map(|e| {
                let inst = e.inst.map(|i| {
                    if i.index() >= f.num_inst_ids() {
                        return format!("<{i}>");
                    }
                    let data = f.inst(i);
                    let what = match f.inst_result(i) {
                        Some(r) if r.index() < f.num_value_ids() => {
                            format!("{} = {}", names.value(r), data.opcode.name())
                        }
                        _ => data.opcode.name().to_owned(),
                    };
                    match self.pos.get(i).copied().filter(|&p| p != u32::MAX) {
                        Some(p) if self.inst_in_layout.get(i.index()) == Some(&true) => {
                            format!("#{p} ({what})")
                        }
                        _ => format!("{i} not in the layout ({what})"),
                    }
                });
                VerifierError {
                    function: names.function.clone(),
                    block: e.block.map(|b| names.block(b)),
                    inst,
                    value: e.value.map(|v| names.value(v)),
                    message: e.message,
                    func_id: self.fid,
                    block_id: e.block,
                    inst_id: e.inst,
                }
            })
            .collect()
    }
}

/// Calls `g` with the index of every value `i`'s operands use, once per
/// use, as the use lists count them (`!DIArgList` ids out of range are
/// skipped; value ids are not checked).
fn for_each_used_value(f: &Function, i: Inst, mut g: impl FnMut(usize)) {
    for op in f.inst(i).operands() {
        match *op {
            Operand::Value(v) | Operand::MdLocal(v) => g(v.index()),
            Operand::MdArgList(al) if al.index() < f.num_arg_list_ids() => {
                for o in f.arg_list(al) {
                    if let Operand::Value(v) = *o {
                        g(v.index());
                    }
                }
            }
            _ => {}
        }
    }
}

/// Cast rules, as LLVM's verifier states them per cast opcode.
fn cast_types(ty: &Types<'_>, op: Opcode, src: Type, dst: Type, errs: &mut Vec<String>) {
    use Opcode::*;
    let mut check = |cond: bool, msg: &str| {
        if !cond {
            errs.push(msg.to_owned());
        }
    };
    let same_vec = ty.is_vector(src) == ty.is_vector(dst);
    let same_len = ty.shape(src) == ty.shape(dst);
    let (sb, db) = (ty.scalar_bits(src), ty.scalar_bits(dst));
    match op {
        Trunc | ZExt | SExt => {
            let (name, lname) = match op {
                Trunc => ("Trunc", "trunc"),
                ZExt => ("ZExt", "zext"),
                _ => ("SExt", "sext"),
            };
            check(
                ty.is_int_or_int_vec(src),
                &format!("{name} only operates on integer"),
            );
            check(
                ty.is_int_or_int_vec(dst),
                &format!(
                    "{name} only produces {}integer",
                    if op == Trunc { "" } else { "an " }
                ),
            );
            check(
                same_vec,
                &format!("{lname} source and destination must both be a vector or neither"),
            );
            if same_vec {
                check(
                    same_len,
                    "Invalid cast: source and destination vector lengths differ",
                );
            }
            if ty.is_int_or_int_vec(src) && ty.is_int_or_int_vec(dst) {
                if op == Trunc {
                    check(sb > db, "DestTy too big for Trunc");
                } else {
                    check(sb < db, &format!("Type too small for {name}"));
                }
            }
        }
        FPTrunc | FPExt => {
            let (name, lname) = if op == FPTrunc {
                ("FPTrunc", "fptrunc")
            } else {
                ("FPExt", "fpext")
            };
            check(
                ty.is_fp_or_fp_vec(src),
                &format!("{name} only operates on FP"),
            );
            check(
                ty.is_fp_or_fp_vec(dst),
                &format!("{name} only produces an FP"),
            );
            check(
                same_vec,
                &format!("{lname} source and destination must both be a vector or neither"),
            );
            if same_vec {
                check(
                    same_len,
                    "Invalid cast: source and destination vector lengths differ",
                );
            }
            if ty.is_fp_or_fp_vec(src) && ty.is_fp_or_fp_vec(dst) {
                if op == FPTrunc {
                    check(sb > db, "DestTy too big for FPTrunc");
                } else {
                    check(sb < db, "DestTy too small for FPExt");
                }
            }
        }
        UIToFP | SIToFP => {
            let name = if op == UIToFP { "UIToFP" } else { "SIToFP" };
            check(
                same_vec,
                &format!("{name} source and dest must both be vector or scalar"),
            );
            check(
                ty.is_int_or_int_vec(src),
                &format!("{name} source must be integer or integer vector"),
            );
            check(
                ty.is_fp_or_fp_vec(dst),
                &format!("{name} result must be FP or FP vector"),
            );
            if same_vec {
                check(
                    same_len,
                    &format!("{name} source and dest vector length mismatch"),
                );
            }
        }
        FPToUI | FPToSI => {
            let name = if op == FPToUI { "FPToUI" } else { "FPToSI" };
            check(
                same_vec,
                &format!("{name} source and dest must both be vector or scalar"),
            );
            check(
                ty.is_fp_or_fp_vec(src),
                &format!("{name} source must be FP or FP vector"),
            );
            check(
                ty.is_int_or_int_vec(dst),
                &format!("{name} result must be integer or integer vector"),
            );
            if same_vec {
                check(
                    same_len,
                    &format!("{name} source and dest vector length mismatch"),
                );
            }
        }
        PtrToInt => {
            check(ty.is_ptr_or_ptr_vec(src), "PtrToInt source must be pointer");
            check(
                ty.is_int_or_int_vec(dst),
                "PtrToInt result must be integral",
            );
            check(same_vec, "PtrToInt type mismatch");
            if same_vec {
                check(same_len, "PtrToInt Vector width mismatch");
            }
        }
        IntToPtr => {
            check(
                ty.is_int_or_int_vec(src),
                "IntToPtr source must be an integral",
            );
            check(
                ty.is_ptr_or_ptr_vec(dst),
                "IntToPtr result must be a pointer",
            );
            check(same_vec, "IntToPtr type mismatch");
            if same_vec {
                check(same_len, "IntToPtr Vector width mismatch");
            }
        }
        BitCast => check(bitcast_ok(ty, src, dst), "Invalid bitcast"),
        AddrSpaceCast => {
            check(
                ty.is_ptr_or_ptr_vec(src),
                "AddrSpaceCast source must be a pointer",
            );
            check(
                ty.is_ptr_or_ptr_vec(dst),
                "AddrSpaceCast result must be a pointer",
            );
            check(
                ty.ptr_as(ty.scalar(src)) != ty.ptr_as(ty.scalar(dst)),
                "AddrSpaceCast must be between different address spaces",
            );
            check(
                same_len,
                "AddrSpaceCast vector pointer number of elements mismatch",
            );
        }
        _ => {}
    }
}

/// LLVM's `CastInst::castIsValid` for `bitcast`: first-class non-aggregate
/// types of the same size; pointers only to pointers of the same address
/// space (element-wise for vectors).
fn bitcast_ok(ty: &Types<'_>, src: Type, dst: Type) -> bool {
    if !ty.is_first_class(src)
        || !ty.is_first_class(dst)
        || ty.is_aggregate(src)
        || ty.is_aggregate(dst)
    {
        return false;
    }
    if src == dst {
        return !matches!(
            ty.data(src),
            Some(TypeData::Label | TypeData::Metadata | TypeData::Token)
        );
    }
    let (sp, dp) = (ty.is_ptr_or_ptr_vec(src), ty.is_ptr_or_ptr_vec(dst));
    if sp || dp {
        return sp
            && dp
            && ty.shape(src) == ty.shape(dst)
            && ty.ptr_as(ty.scalar(src)) == ty.ptr_as(ty.scalar(dst));
    }
    let size = |t: Type| -> Option<(bool, u64)> {
        let bits = u64::from(ty.scalar_bits(t)?);
        Some(match ty.shape(t) {
            Some((scalable, len)) => (scalable, bits * u64::from(len)),
            None => (false, bits),
        })
    };
    matches!((size(src), size(dst)), (Some(a), Some(b)) if a == b)
}

/// Printer-style names: named entities as `%name`, unnamed ones numbered
/// in LLVM's slot order (unnamed arguments, then per block in layout order
/// the block label and the unnamed results).
struct Names<'a> {
    f: &'a Function,
    function: String,
    value_slot: Vec<u32>,
    block_slot: Vec<u32>,
}

impl<'a> Names<'a> {
    fn new(
        m: &Module,
        fid: Func,
        f: &'a Function,
        blocks: &[Block],
        block_insts: &[(u32, u32)],
        insts: &[Inst],
    ) -> Self {
        let function = match f.name() {
            Some(n) => format!("@{}", quote_name(n)),
            None => {
                // Unnamed globals are numbered: variables, aliases, ifuncs,
                // then functions.
                let mut slot = m
                    .globals
                    .values()
                    .filter(|g| g.common.name.is_none())
                    .count()
                    + m.aliases
                        .values()
                        .filter(|a| a.common.name.is_none())
                        .count()
                    + m.ifuncs
                        .values()
                        .filter(|i| i.common.name.is_none())
                        .count();
                slot += m
                    .functions
                    .iter()
                    .take_while(|(k, _)| *k != fid)
                    .filter(|(_, g)| g.name().is_none())
                    .count();
                format!("@{slot}")
            }
        };
        let (nv, nb) = (f.num_value_ids(), f.num_block_ids());
        let mut value_slot = vec![u32::MAX; nv];
        let mut block_slot = vec![u32::MAX; nb];
        let mut next = 0u32;
        for &p in &f.params {
            if p.index() < nv && f.value_name(p).is_none() && value_slot[p.index()] == u32::MAX {
                value_slot[p.index()] = next;
                next += 1;
            }
        }
        for (bi, &b) in blocks.iter().enumerate() {
            if b.index() < nb && f.block_name(b).is_none() && block_slot[b.index()] == u32::MAX {
                block_slot[b.index()] = next;
                next += 1;
            }
            // Blocks whose instructions were not collected (a broken
            // layout) get no instruction numbers.
            let Some(&(s, e)) = block_insts.get(bi) else {
                continue;
            };
            for &i in &insts[s as usize..e as usize] {
                if let Some(r) = f.inst_result(i) {
                    if r.index() < nv
                        && f.value_name(r).is_none()
                        && !f.inst(i).opcode.is_debug_record()
                        && value_slot[r.index()] == u32::MAX
                    {
                        value_slot[r.index()] = next;
                        next += 1;
                    }
                }
            }
        }
        Names {
            f,
            function,
            value_slot,
            block_slot,
        }
    }

    fn value(&self, v: Value) -> String {
        if v.index() >= self.f.num_value_ids() {
            return format!("<{v}>");
        }
        match self.f.value_name(v) {
            Some(n) => format!("%{}", quote_name(n)),
            None => match self.value_slot[v.index()] {
                u32::MAX => format!("<unnumbered {v}>"),
                s => format!("%{s}"),
            },
        }
    }

    fn block(&self, b: Block) -> String {
        if b.index() >= self.f.num_block_ids() {
            return format!("<{b}>");
        }
        match self.f.block_name(b) {
            Some(n) => format!("%{}", quote_name(n)),
            None => match self.block_slot[b.index()] {
                u32::MAX => format!("<unnumbered {b}>"),
                s => format!("%{s}"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The IR API keeps use lists exact, so a mismatch can only be shown
    /// with a forged use list.
    #[test]
    fn use_list_mismatch_is_reported() {
        let mut m = Module::new();
        let i32t = TypeTable::I32;
        let fty = m.types.function(i32t, vec![i32t], false);
        let mut f = Function::new(Some("f".into()), fty, &m.types);
        let a = f.params[0];
        let bb = f.make_block(Some("entry"));
        f.layout.append_block(bb);
        let (add, s) = f.append(
            bb,
            InstData::new(Opcode::Add, i32t, [Operand::Value(a), Operand::Value(a)]),
            Some("s"),
        );
        f.append(
            bb,
            InstData::new(Opcode::Ret, TypeTable::VOID, [Operand::Value(s.unwrap())]),
            None,
        );
        let fid = m.functions.push(f);
        assert_eq!(verify_function(&m, fid), Ok(()));

        let mut v = Verifier::new(&m, fid);
        v.run();
        assert!(v.errors.is_empty());
        let forged = [add];
        v.compare_use_lists(|x| {
            if x == a {
                &forged
            } else {
                m.functions[fid].uses(x)
            }
        });
        let errs = v.render();
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert!(errs[0]
            .message
            .starts_with("use list does not match the operands"));
        assert_eq!(errs[0].value.as_deref(), Some("%0"));
        assert_eq!(errs[0].block.as_deref(), Some("%entry"));
    }

    /// `fn f(i32) -> i32 { ret %0 }`.
    fn identity(m: &mut Module, name: &str) -> Function {
        let i32t = TypeTable::I32;
        let fty = m.types.function(i32t, vec![i32t], false);
        let mut f = Function::new(Some(name.into()), fty, &m.types);
        let a = f.params[0];
        let bb = f.make_block(Some("entry"));
        f.layout.append_block(bb);
        f.append(
            bb,
            InstData::new(Opcode::Ret, TypeTable::VOID, [Operand::Value(a)]),
            None,
        );
        f
    }

    #[test]
    fn verify_edited_checks_edited_and_new_functions_only() {
        let mut m = Module::new();
        let f = identity(&mut m, "f");
        let g = identity(&mut m, "g");
        let (fid, gid) = (m.functions.push(f), m.functions.push(g));
        assert_eq!(verify_module(&m), Ok(()));
        let accepted = Verified::record(&m);
        assert_eq!(verify_edited(&m, &accepted), Ok(()));
        // An edit of `g` (its terminator removed) is found.
        let g = &mut m.functions[gid];
        let ret = g.layout.last_inst(g.layout.entry_block().unwrap()).unwrap();
        g.layout.remove_inst(ret);
        let errs = verify_edited(&m, &accepted).unwrap_err();
        assert!(errs.iter().all(|e| e.func_id == gid), "{errs:?}");
        assert!(!errs.is_empty());
        // So is a function created since.
        let mut h = identity(&mut m, "h");
        let ret = h.layout.last_inst(h.layout.entry_block().unwrap()).unwrap();
        h.layout.remove_inst(ret);
        let hid = m.functions.push(h);
        let errs = verify_edited(&m, &accepted).unwrap_err();
        assert!(errs.iter().any(|e| e.func_id == hid), "{errs:?}");
        // `f` is not checked again: its header (which no pass writes) made
        // wrong is seen by a full verification only.
        let other = m.types.function(TypeTable::I64, vec![], false);
        m.functions[fid].ty = other;
        assert!(verify_module(&m)
            .unwrap_err()
            .iter()
            .any(|e| e.func_id == fid));
        assert!(verify_edited(&m, &accepted)
            .unwrap_err()
            .iter()
            .all(|e| e.func_id != fid));
    }

    #[test]
    fn quoting() {
        assert_eq!(quote_name("a.b_c$-1"), "a.b_c$-1");
        assert_eq!(quote_name("1x"), "\"1x\"");
        assert_eq!(quote_name("a b"), "\"a b\"");
        assert_eq!(quote_name("q\""), "\"q\\22\"");
    }
}
