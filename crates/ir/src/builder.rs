//! The instruction builder: the one way passes create instructions.
//!
//! A [`Builder`] borrows one [`Function`] and holds an insertion point and
//! a current debug location, as LLVM's `IRBuilder` does. Its typed
//! constructors ([`Builder::binop`], [`Builder::icmp`], [`Builder::gep`],
//! [`Builder::phi`], [`Builder::cond_br`], [`Builder::call_intrinsic`],
//! [`Builder::shuffle`], ...) make the instruction, give it its name and
//! debug location, insert it and return its result. Everything else a
//! pass does to instructions (operand edits, deletion, moves) stays with
//! [`Function`]'s methods.
//!
//! **The module is an argument, not a field.** Passes hold the module and
//! the function lent out of it as two separate `&mut` borrows
//! (`with_function`), and read and change both between two instructions
//! they build. So the builder borrows the function only, and the
//! constructors that need types or constants take `&mut Module` as their
//! first argument (for its type table, constant pool and, for intrinsic
//! calls, its declarations). The few that need neither (`br`,
//! `unreachable`, `phi`) take no module. [`Builder::func`] gives the
//! function back between two constructions.
//!
//! **Insertion points** ([`InsertPoint`]): before an instruction, at the
//! start of a block, after a block's phis, before its terminator, at its
//! end. A point is resolved when it is set, as LLVM's iterator is: to
//! "before instruction X" (or "at the end of the block" when there is no
//! such X), so a sequence of constructions lands in order before X.
//!
//! **Debug locations**, as `IRBuilder` chooses them: setting the point
//! before an instruction (every point but the end of a block, when the
//! block is not empty) makes that instruction's `!dbg` current, or none
//! when it has none (`SetInsertPoint(I)` and `SetInsertPoint(BB, IP)` take
//! `IP->getStableDebugLoc()`; for a debug record, whose location is not a
//! `!dbg`, the next instruction's); setting it at the end of a block leaves
//! the current location as it was (`SetInsertPoint(BB)`); a new builder
//! at the end of a block has none. [`Builder::set_dbg`] sets it
//! explicitly. Each new instruction gets the current location when there
//! is one (`AddMetadataToInst`), else it keeps none. What our passes emit
//! today follows these rules where LLVM's pass uses an `IRBuilder`, and
//! sets the location explicitly where LLVM does (LCSSA phis take the
//! value's location, a split block's branch its first instruction's);
//! the other phis our passes create have none (LLVM makes them with
//! `PHINode::Create`, outside an `IRBuilder`), so those passes
//! `set_dbg(None)` after placing the builder.
//!
//! **Names** are stored as requested: `""` leaves the value unnamed.
//! Names need not be unique in the IR: the printer makes them unique as
//! LLVM's `ValueSymbolTable::makeUniqueName` does (the first keeps its
//! name, later ones get the function's next counter appended, `x1`,
//! without the dot LLVM puts only before a global's; `print::slots`), so
//! the builder never renames and the output is the text LLVM prints.
//!
//! **Flags** (LLVM 19's, each checked with opt-19): nuw/nsw on
//! `add`/`sub`/`mul`/`shl` and `trunc`, `exact` on
//! `udiv`/`sdiv`/`lshr`/`ashr`, `disjoint` on `or`, `nneg` on `zext` and
//! `uitofp`, the fast-math flags on floating-point operations (and on
//! phis, selects and calls, LLVM's `FPMathOperator`s),
//! `inbounds`/`nusw`/`nuw` on `getelementptr`, `volatile` on loads and
//! stores; alignment is an argument of `load`/`store`, metadata is copied
//! on request (`copy_metadata`). `samesign` on `icmp` is LLVM 20's:
//! opt-19 rejects it, and the check refuses it. Debug builds check that
//! each flag fits the opcode.
//!
//! **Type checks.** Debug builds check each new instruction as the
//! verifier would ([`check`]: operand types equal where they must be,
//! compares on integers, pointers or vectors of them, a select's
//! condition `i1` or a vector of `i1` with the operands' lane count, cast
//! legality (`CastInst::castIsValid`), GEP source types, phi entries,
//! shuffle masks, call arguments against the callee's type, ...) and panic
//! with a message naming the instruction and the problem. Release builds
//! skip them. [`check`] is public, so a caller (and the tests, in any
//! build) can ask it directly; the builder does not return `Result`s,
//! because a wrong type is a bug of the pass, not a property of the input.
//!
//! **Folding.** The constructors never fold: they produce exactly the
//! instruction asked for, which is what passes produced before the
//! builder. [`Builder::binop_folded`] folds integer operations on two
//! constants through [`crate::constfold`] (the wrapped value, as
//! `ConstantFolder` gives it whatever the flags) and builds otherwise.
//! A pass with its own folder (the SCEV expander asks an `InstSimplify`
//! of its own first, as LLVM's `IRBuilder<InstSimplifyFolder>` does)
//! makes the typed data with [`make`] (the constructors' `InstData`, with
//! result types worked out), asks its folder, and inserts it with
//! [`Builder::insert`] when nothing folds.

use crate::attrs::Attr;
use crate::constant::ConstData;
use crate::entities::{Block, Const, Func, Inst, MdKind, MdNode, Value};
use crate::function::Function;
use crate::inst::{Extra, Flags, InstData, Opcode, Operand, Predicate};
use crate::module::Module;
use crate::types::{Type, TypeData, TypeTable};

/// Where new instructions go (see the module docs).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum InsertPoint {
    /// Before this instruction.
    Before(Inst),
    /// Before the block's first instruction (LLVM's `BB->begin()`).
    Start(Block),
    /// Before the block's first instruction that is not a phi (LLVM's
    /// `getFirstNonPHIIt`), and before the debug records attached to it.
    AfterPhis(Block),
    /// Before the block's terminator (at the end when it has none).
    BeforeTerminator(Block),
    /// At the end of the block.
    End(Block),
}

/// A resolved insertion point.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Pos {
    Before(Inst),
    End(Block),
}

/// Creates instructions in one function (see the module docs).
pub struct Builder<'f> {
    f: &'f mut Function,
    pos: Pos,
    dbg: Option<MdNode>,
    last: Option<Inst>,
}

impl<'f> Builder<'f> {
    /// A builder inserting at `at`, with the debug location `IRBuilder`
    /// takes from it (none at the end of a block).
    pub fn new(f: &'f mut Function, at: InsertPoint) -> Self {
        let (pos, dbg) = resolve(f, at);
        Builder {
            f,
            pos,
            dbg: dbg.flatten(),
            last: None,
        }
    }

    /// A builder inserting before `inst`, with `inst`'s debug location.
    pub fn before(f: &'f mut Function, inst: Inst) -> Self {
        Self::new(f, InsertPoint::Before(inst))
    }

    /// A builder appending to `b`, with no debug location.
    pub fn at_end(f: &'f mut Function, b: Block) -> Self {
        Self::new(f, InsertPoint::End(b))
    }

    /// Moves the insertion point; the debug location follows LLVM's rule
    /// (see the module docs).
    pub fn set_point(&mut self, at: InsertPoint) {
        let (pos, dbg) = resolve(self.f, at);
        self.pos = pos;
        if let Some(d) = dbg {
            self.dbg = d;
        }
    }

    /// The current debug location.
    pub fn dbg(&self) -> Option<MdNode> {
        self.dbg
    }

    /// Sets the debug location of the instructions built from now on
    /// (`SetCurrentDebugLocation`; `None`: none).
    pub fn set_dbg(&mut self, dbg: Option<MdNode>) {
        self.dbg = dbg;
    }

    /// The function, for reads and edits between constructions.
    pub fn func(&mut self) -> &mut Function {
        self.f
    }

    /// The last instruction built.
    pub fn last_inst(&self) -> Option<Inst> {
        self.last
    }

    /// The block instructions go into.
    pub fn block(&self) -> Option<Block> {
        match self.pos {
            Pos::Before(i) => self.f.layout.inst_block(i),
            Pos::End(b) => Some(b),
        }
    }

    /// Inserts `data` at the insertion point with the current debug
    /// location (when there is one) and creates its result (when its type
    /// is not `void`) named `name`. The typed constructors come here; a
    /// caller with an instruction they do not cover may too. Debug builds
    /// check it with [`check`] when `m` is given.
    pub fn insert(&mut self, m: Option<&Module>, mut data: InstData, name: &str) -> Inst {
        if cfg!(debug_assertions) {
            if let Err(e) = check(m, self.f, &data) {
                panic!("builder: {e}");
            }
        }
        if let Some(d) = self.dbg {
            data.md.set(MdKind::DBG, d);
        }
        let has_result = data.ty != TypeTable::VOID;
        let i = self.f.make_inst(data);
        match self.pos {
            Pos::Before(b) => self.f.layout.insert_inst_before(i, b),
            Pos::End(b) => self.f.layout.append_inst(i, b),
        }
        if has_result {
            self.f.make_result(i, (!name.is_empty()).then_some(name));
        }
        self.last = Some(i);
        i
    }

    fn value(&mut self, m: Option<&Module>, data: InstData, name: &str) -> Value {
        let i = self.insert(m, data, name);
        self.f.inst_result(i).expect("a value instruction")
    }

    /// Copies the attachments of kinds `kinds` (all kinds when empty but
    /// `!dbg`, which is the builder's) from `from` onto the last
    /// instruction built.
    pub fn copy_metadata(&mut self, from: Inst, kinds: &[MdKind]) {
        let Some(to) = self.last else { return };
        let src: Vec<(MdKind, MdNode)> = self
            .f
            .inst(from)
            .md
            .iter()
            .filter(|&(k, _)| {
                if kinds.is_empty() {
                    k != MdKind::DBG
                } else {
                    kinds.contains(&k)
                }
            })
            .collect();
        let mut im = self.f.inst_mut(to);
        for (k, n) in src {
            im.md().set(k, n);
        }
    }

    /// Sets attachment `kind` on the last instruction built.
    pub fn set_metadata(&mut self, kind: MdKind, node: MdNode) {
        if let Some(to) = self.last {
            self.f.inst_mut(to).md().set(kind, node);
        }
    }
}

/// Resolves `at` to a position, with the debug location it makes current
/// (`None`: the current one stays).
fn resolve(f: &Function, at: InsertPoint) -> (Pos, Option<Option<MdNode>>) {
    let (before, b) = match at {
        InsertPoint::Before(i) => return (Pos::Before(i), Some(stable_dbg(f, i))),
        InsertPoint::Start(b) => (f.layout.first_inst(b), b),
        InsertPoint::AfterPhis(b) => {
            let mut cur = f.layout.first_inst(b);
            while let Some(i) = cur {
                if f.inst(i).opcode != Opcode::Phi {
                    break;
                }
                cur = f.layout.next_inst(i);
            }
            (cur, b)
        }
        InsertPoint::BeforeTerminator(b) => (f.terminator(b), b),
        InsertPoint::End(b) => (None, b),
    };
    match before {
        Some(i) => (Pos::Before(i), Some(stable_dbg(f, i))),
        None => (Pos::End(b), None),
    }
}

/// The debug location `IRBuilder` takes from an insertion point before
/// `i` (`getStableDebugLoc`: a debug record's is the next instruction's).
fn stable_dbg(f: &Function, i: Inst) -> Option<MdNode> {
    let mut cur = Some(i);
    while let Some(j) = cur {
        let d = f.inst(j);
        if !d.opcode.is_debug_record() {
            return d.md.get(MdKind::DBG);
        }
        cur = f.layout.next_inst(j);
    }
    None
}

/// Value constructors: [`make`]'s data, inserted.
impl Builder<'_> {
    /// A binary operator (`add`, `fmul`, `shl`, ...) with `flags`.
    pub fn binop(
        &mut self,
        m: &mut Module,
        op: Opcode,
        lhs: Operand,
        rhs: Operand,
        flags: Flags,
        name: &str,
    ) -> Value {
        let d = make::binop(m, self.f, op, lhs, rhs, flags);
        self.value(Some(m), d, name)
    }

    /// [`Builder::binop`] folded when both operands are integer constants
    /// (scalars or vectors) and the folder answers (`ConstantFolder`: the
    /// wrapped value, flags ignored; a result LLVM folds to poison, such as
    /// a shift by the width, is `poison`).
    pub fn binop_folded(
        &mut self,
        m: &mut Module,
        op: Opcode,
        lhs: Operand,
        rhs: Operand,
        flags: Flags,
        name: &str,
    ) -> Operand {
        if let (Operand::Const(a), Operand::Const(b)) = (lhs, rhs) {
            let ty = m.consts.ty(a);
            if m.types.is_int(m.types.scalar(ty)) {
                if let Some(c) = fold_int_binop(m, op, ty, a, b) {
                    return Operand::Const(c);
                }
            }
        }
        Operand::Value(self.binop(m, op, lhs, rhs, flags, name))
    }

    /// `fneg` with fast-math `flags`.
    pub fn fneg(&mut self, m: &mut Module, v: Operand, flags: Flags, name: &str) -> Value {
        let d = make::fneg(m, self.f, v, flags);
        self.value(Some(m), d, name)
    }

    /// `icmp pred a, b`: `i1`, or `<N x i1>` for vectors.
    pub fn icmp(
        &mut self,
        m: &mut Module,
        pred: Predicate,
        a: Operand,
        b: Operand,
        name: &str,
    ) -> Value {
        let d = make::icmp(m, self.f, pred, a, b);
        self.value(Some(m), d, name)
    }

    /// `fcmp flags pred a, b`.
    pub fn fcmp(
        &mut self,
        m: &mut Module,
        pred: Predicate,
        a: Operand,
        b: Operand,
        flags: Flags,
        name: &str,
    ) -> Value {
        let d = make::fcmp(m, self.f, pred, a, b, flags);
        self.value(Some(m), d, name)
    }

    /// `select cond, a, b`.
    pub fn select(
        &mut self,
        m: &mut Module,
        cond: Operand,
        a: Operand,
        b: Operand,
        name: &str,
    ) -> Value {
        let d = make::select(m, self.f, cond, a, b);
        self.value(Some(m), d, name)
    }

    /// A cast (`trunc`, `zext` (`nneg` in `flags`), `ptrtoint`, ...) of `v`
    /// to `to`.
    pub fn cast(
        &mut self,
        m: &mut Module,
        op: Opcode,
        v: Operand,
        to: Type,
        flags: Flags,
        name: &str,
    ) -> Value {
        self.value(Some(m), make::cast(op, v, to, flags), name)
    }

    /// `freeze v`.
    pub fn freeze(&mut self, m: &mut Module, v: Operand, name: &str) -> Value {
        let d = make::freeze(m, self.f, v);
        self.value(Some(m), d, name)
    }

    /// `getelementptr flags source_ty, base, indices...`: a pointer of the
    /// base's type, or a vector of pointers when an operand is a vector.
    pub fn gep(
        &mut self,
        m: &mut Module,
        source_ty: Type,
        base: Operand,
        indices: &[Operand],
        flags: Flags,
        name: &str,
    ) -> Value {
        let d = make::gep(m, self.f, source_ty, base, indices, flags);
        self.value(Some(m), d, name)
    }

    /// `getelementptr flags i8, base, offset` (LLVM's `CreatePtrAdd`).
    pub fn ptr_add(
        &mut self,
        m: &mut Module,
        base: Operand,
        offset: Operand,
        flags: Flags,
        name: &str,
    ) -> Value {
        let d = make::ptr_add(m, self.f, base, offset, flags);
        self.value(Some(m), d, name)
    }

    /// `load [volatile] ty, ptr [, align N]`.
    pub fn load(
        &mut self,
        m: &mut Module,
        ty: Type,
        ptr: Operand,
        align: Option<u64>,
        volatile: bool,
        name: &str,
    ) -> Value {
        self.value(Some(m), make::load(ty, ptr, align, volatile), name)
    }

    /// `store [volatile] v, ptr [, align N]`.
    pub fn store(
        &mut self,
        m: &mut Module,
        v: Operand,
        ptr: Operand,
        align: Option<u64>,
        volatile: bool,
    ) -> Inst {
        self.insert(Some(m), make::store(v, ptr, align, volatile), "")
    }

    /// An empty `phi ty`; add entries with [`Builder::add_incoming`] (or
    /// [`add_incoming`]).
    pub fn phi(&mut self, ty: Type, name: &str) -> Value {
        self.value(None, InstData::new(Opcode::Phi, ty, []), name)
    }

    /// Adds the entry `[v, pred]` to the phi whose result is `phi`.
    pub fn add_incoming(&mut self, phi: Value, v: Operand, pred: Block) {
        if let crate::ValueDef::Result(i) = self.f.value_def(phi) {
            add_incoming(self.f, i, v, pred);
        }
    }

    /// `phi ty [v, pred], ...` with its entries (value, block operands
    /// alternating). Debug builds check the entries that are values
    /// (constants need the module, which this constructor does not take).
    pub fn phi_with(&mut self, ty: Type, entries: &[Operand], name: &str) -> Value {
        let d = InstData::new(Opcode::Phi, ty, entries.iter().copied());
        self.value(None, d, name)
    }

    /// `extractelement vec, idx`.
    pub fn extract_element(
        &mut self,
        m: &mut Module,
        vec: Operand,
        idx: Operand,
        name: &str,
    ) -> Value {
        let d = make::extract_element(m, self.f, vec, idx);
        self.value(Some(m), d, name)
    }

    /// `insertelement vec, elt, idx`.
    pub fn insert_element(
        &mut self,
        m: &mut Module,
        vec: Operand,
        elt: Operand,
        idx: Operand,
        name: &str,
    ) -> Value {
        let d = make::insert_element(m, self.f, vec, elt, idx);
        self.value(Some(m), d, name)
    }

    /// `shufflevector a, b, mask` (`-1` is a `poison` lane): a vector of
    /// `mask.len()` elements of `a`'s element type.
    pub fn shuffle(
        &mut self,
        m: &mut Module,
        a: Operand,
        b: Operand,
        mask: &[i32],
        name: &str,
    ) -> Value {
        let d = make::shuffle(m, self.f, a, b, mask);
        self.value(Some(m), d, name)
    }

    /// `<lanes x T>` with `v` in every lane, as LLVM's `CreateVectorSplat`
    /// builds it: `insertelement poison, v, i64 0` named `NAME.splatinsert`
    /// and a zero-mask `shufflevector` named `NAME.splat`.
    pub fn splat(&mut self, m: &mut Module, lanes: u32, v: Operand, name: &str) -> Value {
        let elem = operand_type(m, self.f, v);
        let vty = m.types.vector(lanes, elem);
        let poison = Operand::Const(m.consts.intern(ConstData::Poison(vty)));
        let zero = Operand::Const(m.consts.int(TypeTable::I64, 64, 0));
        let ins = self.insert_element(m, poison, v, zero, &format!("{name}.splatinsert"));
        let mask = vec![0; lanes as usize];
        self.shuffle(
            m,
            Operand::Value(ins),
            poison,
            &mask,
            &format!("{name}.splat"),
        )
    }

    /// `extractvalue agg, indices...`.
    pub fn extract_value(
        &mut self,
        m: &mut Module,
        agg: Operand,
        indices: &[u32],
        name: &str,
    ) -> Value {
        let d = make::extract_value(m, self.f, agg, indices);
        self.value(Some(m), d, name)
    }

    /// `call callee(args...)` of a function of the module, with no
    /// attributes at the call site. Returns the call (its result is
    /// `f.inst_result`).
    pub fn call(&mut self, m: &mut Module, callee: Func, args: &[Operand], name: &str) -> Inst {
        let d = make::call(m, callee, args);
        self.insert(Some(m), d, name)
    }

    /// A call of intrinsic `intrinsic` (`llvm.umin.i64`), declared in the
    /// module on first use with type `ret (args' types)` and attributes
    /// `attrs` ([`declare_intrinsic`]). Returns the result (`None` for a
    /// `void` intrinsic).
    pub fn call_intrinsic(
        &mut self,
        m: &mut Module,
        intrinsic: &str,
        ret: Type,
        args: &[Operand],
        attrs: &[&str],
        name: &str,
    ) -> Option<Value> {
        let params: Vec<Type> = args.iter().map(|&a| operand_type(m, self.f, a)).collect();
        let callee = declare_intrinsic(m, intrinsic, ret, params, attrs);
        let i = self.call(m, callee, args, name);
        self.f.inst_result(i)
    }
}

/// Terminators.
impl Builder<'_> {
    /// `br label %dest`.
    pub fn br(&mut self, dest: Block) -> Inst {
        let d = InstData::new(Opcode::Br, TypeTable::VOID, [Operand::Block(dest)]);
        self.insert(None, d, "")
    }

    /// `br i1 cond, label %t, label %e`.
    pub fn cond_br(&mut self, m: &Module, cond: Operand, t: Block, e: Block) -> Inst {
        let d = InstData::new(
            Opcode::Br,
            TypeTable::VOID,
            [cond, Operand::Block(t), Operand::Block(e)],
        );
        self.insert(Some(m), d, "")
    }

    /// `switch cond, label %default [ case, label %dest ... ]`.
    pub fn switch(
        &mut self,
        m: &Module,
        cond: Operand,
        default: Block,
        cases: &[(Const, Block)],
    ) -> Inst {
        let mut ops = vec![cond, Operand::Block(default)];
        for &(c, b) in cases {
            ops.push(Operand::Const(c));
            ops.push(Operand::Block(b));
        }
        self.insert(
            Some(m),
            InstData::new(Opcode::Switch, TypeTable::VOID, ops),
            "",
        )
    }

    /// `ret void` (`None`) or `ret v`.
    pub fn ret(&mut self, m: &Module, v: Option<Operand>) -> Inst {
        let d = InstData::new(Opcode::Ret, TypeTable::VOID, v);
        self.insert(Some(m), d, "")
    }

    /// `unreachable`.
    pub fn unreachable(&mut self) -> Inst {
        let d = InstData::new(Opcode::Unreachable, TypeTable::VOID, []);
        self.insert(None, d, "")
    }
}

/// Adds the entry `[v, pred]` to phi `phi`.
pub fn add_incoming(f: &mut Function, phi: Inst, v: Operand, pred: Block) {
    f.map_operands(phi, |ops| {
        ops.push(v);
        ops.push(Operand::Block(pred));
    });
}

/// The declaration of intrinsic `name` of type `ret (params)`, added to the
/// module when missing, with the flag attributes `attrs` (`memory(none)`
/// spelled `"memory(none)"`); an existing declaration is returned as it
/// is.
pub fn declare_intrinsic(
    m: &mut Module,
    name: &str,
    ret: Type,
    params: Vec<Type>,
    attrs: &[&str],
) -> Func {
    if let Some(g) = m.function_by_name(name) {
        return g;
    }
    let fty = m.types.function(ret, params, false);
    let mut decl = Function::new(Some(name.to_owned()), fty, &m.types);
    decl.fn_attrs = m.attrs.intern(
        attrs
            .iter()
            .map(
                |a| match a.strip_suffix(')').and_then(|a| a.split_once('(')) {
                    Some((k, v)) => Attr::Raw(k.into(), v.into()),
                    None => Attr::Flag((*a).into()),
                },
            )
            .collect(),
    );
    m.functions.push(decl)
}

/// The type of an operand of `f` (module constants through `m`).
fn operand_type(m: &Module, f: &Function, op: Operand) -> Type {
    f.operand_type(op, &m.consts)
}

/// `i1`, or `<N x i1>` for a vector of `N` lanes.
fn bool_type(m: &mut Module, t: Type) -> Type {
    match *m.types.data(t) {
        TypeData::Vector { len, scalable, .. } => m.types.intern(TypeData::Vector {
            scalable,
            len,
            elem: TypeTable::I1,
        }),
        _ => TypeTable::I1,
    }
}

fn fold_int_binop(m: &mut Module, op: Opcode, ty: Type, a: Const, b: Const) -> Option<Const> {
    use crate::constfold::{self, FpEnv};
    let va = constfold::value_of(&m.consts, &m.types, a)?;
    let vb = constfold::value_of(&m.consts, &m.types, b)?;
    let r = constfold::binop(op, &va, &vb, &FpEnv::default())?;
    constfold::const_of(&mut m.consts, &mut m.types, ty, &r)
}

/// The lane count of a vector type (`None` for a scalar) and whether it is
/// scalable.
fn lanes(types: &TypeTable, t: Type) -> Option<(u32, bool)> {
    match *types.data(t) {
        TypeData::Vector { len, scalable, .. } => Some((len, scalable)),
        _ => None,
    }
}

/// The size in bits of a primitive (scalar or vector) type, for bitcasts.
fn prim_bits(types: &TypeTable, t: Type) -> Option<u64> {
    let scalar = |s: Type| match *types.data(s) {
        TypeData::Int(w) => Some(u64::from(w)),
        _ => types.float_bits(s).map(u64::from),
    };
    match *types.data(t) {
        TypeData::Vector { len, elem, .. } => Some(u64::from(len) * scalar(elem)?),
        _ => scalar(t),
    }
}

/// Checks `data`, an instruction about to be inserted in `f`, as the
/// verifier would: the error names the opcode and the problem. Without
/// `m`, operands that are module constants are not checked.
pub fn check(m: Option<&Module>, f: &Function, data: &InstData) -> Result<(), String> {
    let op = data.opcode;
    let name = op.name();
    let ops = data.operands();
    let ty_of = |o: Operand| -> Option<Type> {
        match o {
            Operand::Const(c) => m.map(|m| m.consts.ty(c)),
            Operand::Value(v) => Some(f.value_type(v)),
            _ => None,
        }
    };
    let text = |t: Type| -> String {
        match m {
            Some(m) => crate::print::type_to_string(m, t),
            None => format!("{t}"),
        }
    };
    let want_ops = |n: usize| -> Result<(), String> {
        if ops.len() == n {
            Ok(())
        } else {
            Err(format!("{name} takes {n} operands, not {}", ops.len()))
        }
    };
    let is_val = |o: Operand| matches!(o, Operand::Value(_) | Operand::Const(_));
    check_flags(data)?;
    let Some(m) = m else {
        // Module-free constructors: phi entries, branches.
        return match op {
            Opcode::Phi => {
                if !ops.len().is_multiple_of(2) {
                    return Err("phi entries are (value, block) pairs".into());
                }
                for e in ops.chunks(2) {
                    if !matches!(e[1], Operand::Block(_)) || !is_val(e[0]) {
                        return Err("phi entries are (value, block) pairs".into());
                    }
                    if let Operand::Value(v) = e[0] {
                        if f.value_type(v) != data.ty {
                            return Err(format!(
                                "phi of type {} has an entry of type {}",
                                text(data.ty),
                                text(f.value_type(v))
                            ));
                        }
                    }
                }
                Ok(())
            }
            Opcode::Br => match ops {
                [Operand::Block(_)] => Ok(()),
                _ => Err("br without a module takes one block".into()),
            },
            Opcode::Unreachable => want_ops(0),
            _ => Err(format!("{name} needs the module to be checked")),
        };
    };
    let types = &m.types;
    let t = |k: usize| -> Result<Type, String> {
        match ops.get(k) {
            Some(&o) if is_val(o) => Ok(ty_of(o).unwrap_or(TypeTable::VOID)),
            _ => Err(format!("operand {k} of {name} is not a value")),
        }
    };
    let int_or_int_vec = |t: Type| types.is_int(types.scalar(t));
    let fp_or_fp_vec = |t: Type| types.is_float(types.scalar(t));
    match op {
        _ if op.is_binary() => {
            want_ops(2)?;
            let (a, b) = (t(0)?, t(1)?);
            if a != b {
                return Err(format!(
                    "{name} operands have different types ({}, {})",
                    text(a),
                    text(b)
                ));
            }
            if data.ty != a {
                return Err(format!(
                    "{name} of {} must have type {}",
                    text(a),
                    text(data.ty)
                ));
            }
            let float_op = matches!(
                op,
                Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv | Opcode::FRem
            );
            if float_op && !fp_or_fp_vec(a) {
                return Err(format!(
                    "{name} needs floating-point operands, not {}",
                    text(a)
                ));
            }
            if !float_op && !int_or_int_vec(a) {
                return Err(format!("{name} needs integer operands, not {}", text(a)));
            }
        }
        Opcode::FNeg => {
            want_ops(1)?;
            let a = t(0)?;
            if !fp_or_fp_vec(a) || data.ty != a {
                return Err(format!("fneg of {}", text(a)));
            }
        }
        Opcode::ICmp | Opcode::FCmp => {
            want_ops(2)?;
            let (a, b) = (t(0)?, t(1)?);
            if a != b {
                return Err(format!(
                    "{name} operands have different types ({}, {})",
                    text(a),
                    text(b)
                ));
            }
            let s = types.scalar(a);
            let pred = data.predicate();
            if op == Opcode::ICmp {
                if !(types.is_int(s) || types.is_ptr(s)) {
                    return Err(format!(
                        "icmp compares integers, pointers or vectors of them, not {}",
                        text(a)
                    ));
                }
                if pred.is_some_and(|p| Predicate::from_icmp_name(p.name()) != Some(p)) {
                    return Err("icmp with an fcmp predicate".into());
                }
            } else {
                if !types.is_float(s) {
                    return Err(format!(
                        "fcmp compares floating-point values, not {}",
                        text(a)
                    ));
                }
                if pred.is_some_and(|p| Predicate::from_fcmp_name(p.name()) != Some(p)) {
                    return Err("fcmp with an icmp predicate".into());
                }
            }
            if pred.is_none() {
                return Err(format!("{name} without a predicate"));
            }
            let want = match lanes(types, a) {
                Some((n, sc)) => types.lookup(&TypeData::Vector {
                    scalable: sc,
                    len: n,
                    elem: TypeTable::I1,
                }),
                None => Some(TypeTable::I1),
            };
            if want != Some(data.ty) {
                return Err(format!("{name} of {} has type {}", text(a), text(data.ty)));
            }
        }
        Opcode::Select => {
            want_ops(3)?;
            let (c, a, b) = (t(0)?, t(1)?, t(2)?);
            if a != b || data.ty != a {
                return Err(format!(
                    "select operands have different types ({}, {})",
                    text(a),
                    text(b)
                ));
            }
            if types.scalar(c) != TypeTable::I1 {
                return Err(format!(
                    "select condition must be i1 or a vector of i1, not {}",
                    text(c)
                ));
            }
            if let Some(cl) = lanes(types, c) {
                if lanes(types, a) != Some(cl) {
                    return Err(format!(
                        "select condition {} and operands {} have different lane counts",
                        text(c),
                        text(a)
                    ));
                }
            }
        }
        _ if op.is_cast() => {
            want_ops(1)?;
            let from = t(0)?;
            if !cast_is_valid(types, op, from, data.ty) {
                return Err(format!(
                    "invalid cast: {name} {} to {}",
                    text(from),
                    text(data.ty)
                ));
            }
        }
        Opcode::Freeze => {
            want_ops(1)?;
            if t(0)? != data.ty {
                return Err("freeze has its operand's type".into());
            }
        }
        Opcode::GetElementPtr => {
            let Extra::Gep { source_ty } = data.extra else {
                return Err("getelementptr without a source type".into());
            };
            if ops.is_empty() {
                return Err("getelementptr without a base".into());
            }
            let base = t(0)?;
            if !types.is_ptr(types.scalar(base)) {
                return Err(format!(
                    "getelementptr base must be a pointer or vector of pointers, not {}",
                    text(base)
                ));
            }
            if !types.is_sized(source_ty) {
                return Err(format!(
                    "getelementptr source type {} is not sized",
                    text(source_ty)
                ));
            }
            let mut cur = source_ty;
            let mut width = lanes(types, base);
            for (k, &ix) in ops.iter().enumerate().skip(1) {
                let it = t(k)?;
                if !int_or_int_vec(it) {
                    return Err(format!(
                        "getelementptr index {k} must be an integer, not {}",
                        text(it)
                    ));
                }
                if let Some(l) = lanes(types, it) {
                    if width.is_some_and(|w| w != l) {
                        return Err("getelementptr vector operands of different lengths".into());
                    }
                    width = Some(l);
                }
                if k == 1 {
                    continue;
                }
                cur = match types.data(cur) {
                    TypeData::Struct { .. } | TypeData::Named(_) => {
                        let idx = match ix {
                            Operand::Const(c) if it == TypeTable::I32 => m.consts.as_i64(c),
                            _ => None,
                        };
                        match idx.and_then(|i| types.aggregate_elem(cur, i as u64)) {
                            Some(e) => e,
                            None => return Err(struct_index_error(k)),
                        }
                    }
                    TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                    _ => return Err(format!("getelementptr index {k} into a non-aggregate")),
                };
            }
            let want = match width {
                Some((l, sc)) => types.lookup(&TypeData::Vector {
                    scalable: sc,
                    len: l,
                    elem: types.scalar(base),
                }),
                None => Some(base),
            };
            if want != Some(data.ty) {
                return Err(format!(
                    "getelementptr on {} has type {}",
                    text(base),
                    text(data.ty)
                ));
            }
        }
        Opcode::Load => {
            want_ops(1)?;
            if !types.is_ptr(t(0)?) {
                return Err(format!("load from a non-pointer {}", text(t(0)?)));
            }
            if !types.is_sized(data.ty) {
                return Err(format!("load of unsized type {}", text(data.ty)));
            }
            check_align(&data.extra)?;
        }
        Opcode::Store => {
            want_ops(2)?;
            if !types.is_ptr(t(1)?) {
                return Err(format!("store to a non-pointer {}", text(t(1)?)));
            }
            if !types.is_sized(t(0)?) {
                return Err(format!("store of unsized type {}", text(t(0)?)));
            }
            check_align(&data.extra)?;
        }
        Opcode::Phi => {
            for e in ops.chunks(2) {
                if e.len() != 2 || !matches!(e[1], Operand::Block(_)) || !is_val(e[0]) {
                    return Err("phi entries are (value, block) pairs".into());
                }
                let et = ty_of(e[0]).unwrap_or(TypeTable::VOID);
                if et != data.ty {
                    return Err(format!(
                        "phi of type {} has an entry of type {}",
                        text(data.ty),
                        text(et)
                    ));
                }
            }
        }
        Opcode::ExtractElement => {
            want_ops(2)?;
            let (v, i) = (t(0)?, t(1)?);
            if lanes(types, v).is_none() || !types.is_int(i) || data.ty != types.scalar(v) {
                return Err(format!(
                    "extractelement needs a vector and an integer index, not {}, {}",
                    text(v),
                    text(i)
                ));
            }
        }
        Opcode::InsertElement => {
            want_ops(3)?;
            let (v, e, i) = (t(0)?, t(1)?, t(2)?);
            if lanes(types, v).is_none() || types.scalar(v) != e || !types.is_int(i) {
                return Err(format!(
                    "insertelement of {} into {} at {}",
                    text(e),
                    text(v),
                    text(i)
                ));
            }
        }
        Opcode::ShuffleVector => {
            want_ops(2)?;
            let (a, b) = (t(0)?, t(1)?);
            let Extra::Shuffle(mask) = &data.extra else {
                return Err("shufflevector without a mask".into());
            };
            let Some((n, sc)) = lanes(types, a) else {
                return Err(format!("shufflevector of a non-vector {}", text(a)));
            };
            if a != b {
                return Err(format!(
                    "shufflevector operands have different types ({}, {})",
                    text(a),
                    text(b)
                ));
            }
            if mask.iter().any(|&k| k < -1 || (!sc && k >= 2 * n as i32)) {
                return Err("shufflevector mask element out of range".into());
            }
            if lanes(types, data.ty).map(|l| l.0) != Some(mask.len() as u32)
                || types.scalar(data.ty) != types.scalar(a)
            {
                return Err("shufflevector result must have the mask's length".into());
            }
        }
        Opcode::ExtractValue => {
            want_ops(1)?;
            if data.ty == TypeTable::VOID {
                return Err("extractvalue index out of range".into());
            }
        }
        Opcode::Call => {
            let Some(info) = data.call_info() else {
                return Err("call without call data".into());
            };
            let Some((ret, params, vararg)) = types.fn_sig(info.fn_ty) else {
                return Err("call of a non-function type".into());
            };
            if ret != data.ty {
                return Err(format!("call returns {}, not {}", text(ret), text(data.ty)));
            }
            let args = data.call_args();
            if args.len() < params.len() || (!vararg && args.len() > params.len()) {
                return Err(format!(
                    "call with {} arguments of a function of {}",
                    args.len(),
                    params.len()
                ));
            }
            for (k, (&a, &p)) in args.iter().zip(params).enumerate() {
                if let Some(at) = ty_of(a) {
                    if at != p {
                        return Err(format!(
                            "call argument {k} has type {}, the callee takes {}",
                            text(at),
                            text(p)
                        ));
                    }
                }
            }
        }
        Opcode::Br => match ops {
            [Operand::Block(_)] => {}
            [c, Operand::Block(_), Operand::Block(_)] => {
                if ty_of(*c) != Some(TypeTable::I1) {
                    return Err(format!(
                        "br condition must be i1, not {}",
                        text(ty_of(*c).unwrap_or(TypeTable::VOID))
                    ));
                }
            }
            _ => return Err("br takes a block, or an i1 and two blocks".into()),
        },
        Opcode::Switch => {
            let c = t(0)?;
            if !types.is_int(c) || !ops.len().is_multiple_of(2) {
                return Err(format!("switch on {}", text(c)));
            }
            for e in ops[2..].chunks(2) {
                if ty_of(e[0]) != Some(c) || !matches!(e[1], Operand::Block(_)) {
                    return Err("switch cases are (constant of the condition's type, block)".into());
                }
            }
        }
        Opcode::Ret => {
            let want = types.fn_sig(f.ty).map_or(TypeTable::VOID, |s| s.0);
            let got = match ops {
                [] => TypeTable::VOID,
                [v] => ty_of(*v).unwrap_or(TypeTable::VOID),
                _ => return Err("ret takes at most one value".into()),
            };
            if got != want {
                return Err(format!(
                    "ret of {} in a function returning {}",
                    text(got),
                    text(want)
                ));
            }
        }
        Opcode::Unreachable => want_ops(0)?,
        _ => {}
    }
    Ok(())
}

fn struct_index_error(k: usize) -> String {
    format!("getelementptr struct index {k} must be an i32 constant in range")
}

/// The flags an opcode may carry.
fn check_flags(data: &InstData) -> Result<(), String> {
    use Opcode::*;
    let op = data.opcode;
    let allowed = match op {
        Add | Sub | Mul | Shl => Flags::NUW.union(Flags::NSW),
        UDiv | SDiv | LShr | AShr => Flags::EXACT,
        Or => Flags::DISJOINT,
        ZExt | UIToFP => Flags::NNEG,
        Trunc => Flags::NUW.union(Flags::NSW),
        FAdd | FSub | FMul | FDiv | FRem | FNeg | FCmp | FPTrunc | FPExt => Flags::FAST,
        GetElementPtr => Flags::INBOUNDS.union(Flags::NUSW).union(Flags::NUW),
        Load | Store => Flags::VOLATILE,
        // fast-math on a floating-point phi, select or call is LLVM's
        // `FPMathOperator`; the builder does not check the type here.
        Phi | Select | Call => Flags::FAST,
        _ => Flags::NONE,
    };
    if data.flags.0 & !allowed.0 != 0 {
        let extra = Flags(data.flags.0 & !allowed.0);
        let what = if extra.contains(Flags::SAMESIGN) {
            " (samesign is LLVM 20's; opt-19 rejects it)"
        } else {
            ""
        };
        return Err(format!(
            "{} cannot carry flags {:#x}{what}",
            op.name(),
            extra.0
        ));
    }
    Ok(())
}

fn check_align(extra: &Extra) -> Result<(), String> {
    if let Extra::Mem { align: Some(a), .. } = extra {
        if !a.is_power_of_two() || *a > 1 << 32 {
            return Err(format!("alignment {a} is not a power of two up to 2^32"));
        }
    }
    Ok(())
}

/// LLVM's `CastInst::castIsValid`.
fn cast_is_valid(types: &TypeTable, op: Opcode, from: Type, to: Type) -> bool {
    if op == Opcode::BitCast {
        // Same size; pointers only to pointers of the same address space
        // (vectors of different lengths may be cast into each other).
        return match (types.data(types.scalar(from)), types.data(types.scalar(to))) {
            (TypeData::Ptr(a), TypeData::Ptr(b)) => {
                a == b && lanes(types, from) == lanes(types, to)
            }
            (TypeData::Ptr(_), _) | (_, TypeData::Ptr(_)) => false,
            _ => prim_bits(types, from).is_some() && prim_bits(types, from) == prim_bits(types, to),
        };
    }
    if lanes(types, from) != lanes(types, to) {
        return false;
    }
    let (fs, ts) = (types.scalar(from), types.scalar(to));
    let iw = |t: Type| types.int_width(t);
    let fb = |t: Type| types.float_bits(t);
    match op {
        Opcode::Trunc => matches!((iw(fs), iw(ts)), (Some(a), Some(b)) if a > b),
        Opcode::ZExt | Opcode::SExt => matches!((iw(fs), iw(ts)), (Some(a), Some(b)) if a < b),
        Opcode::FPTrunc => matches!((fb(fs), fb(ts)), (Some(a), Some(b)) if a > b),
        Opcode::FPExt => matches!((fb(fs), fb(ts)), (Some(a), Some(b)) if a < b),
        Opcode::UIToFP | Opcode::SIToFP => types.is_int(fs) && types.is_float(ts),
        Opcode::FPToUI | Opcode::FPToSI => types.is_float(fs) && types.is_int(ts),
        Opcode::PtrToInt => types.is_ptr(fs) && types.is_int(ts),
        Opcode::IntToPtr => types.is_int(fs) && types.is_ptr(ts),
        Opcode::AddrSpaceCast => match (types.data(fs), types.data(ts)) {
            (TypeData::Ptr(a), TypeData::Ptr(b)) => a != b,
            _ => false,
        },
        _ => false,
    }
}

pub mod make;

#[cfg(test)]
mod tests;
