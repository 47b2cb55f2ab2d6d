//! The expression DAG: node kinds, interning, canonical ordering and the
//! folding constructors (`get_add`, `get_mul`, `get_udiv`, `get_add_rec`,
//! casts and min/max).
//!
//! Invariants:
//! - Every expression is interned: structurally equal expressions have
//!   the same [`Scev`] id, so id equality is expression equality. Wrap
//!   flags are not part of the identity: as in LLVM, they live beside the
//!   node and only ever grow (a fact proved once holds for the node
//!   everywhere).
//! - The constructors return canonical forms as LLVM 19 builds them:
//!   operands of n-ary nodes are sorted by LLVM's complexity order,
//!   constants are folded into the first operand, nested adds and muls are
//!   flattened, loop-invariant terms are folded into add recurrences.
//! - No constructor panics: operations on mismatched or unsupported
//!   operands return [`ScalarEvolution::cnc`] (CouldNotCompute).

use super::int::{CInt, MAX_BITS};
use super::range::{ConstantRange, NoWrapOp};
use super::ScalarEvolution;
use crate::loops::{Loop, LoopForest};
use cranelift_entity::entity_impl;
use loopwright_ir::{Block, Const, Function, Module, Value};
use smallvec::{smallvec, SmallVec};
use std::cmp::Ordering;

/// An interned scalar-evolution expression.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Scev(u32);
entity_impl!(Scev, "scev");

/// The type of an expression: an integer of some width or a pointer in an
/// address space.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Ty {
    Int(u32),
    Ptr(u32),
}

impl Ty {
    pub fn is_ptr(self) -> bool {
        matches!(self, Ty::Ptr(_))
    }
}

/// No-wrap flags of add, mul and add-recurrence nodes (LLVM's bit values).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct NoWrap(pub u8);

impl NoWrap {
    pub const ANY: NoWrap = NoWrap(0);
    /// No self-wrap (add recurrences only).
    pub const NW: NoWrap = NoWrap(1);
    pub const NUW: NoWrap = NoWrap(2);
    pub const NSW: NoWrap = NoWrap(4);
    pub fn has(self, f: NoWrap) -> bool {
        self.0 & f.0 == f.0
    }
    pub fn any_of(self, f: NoWrap) -> bool {
        self.0 & f.0 != 0
    }
    pub fn with(self, f: NoWrap) -> NoWrap {
        NoWrap(self.0 | f.0)
    }
    pub fn mask(self, f: NoWrap) -> NoWrap {
        NoWrap(self.0 & f.0)
    }
    pub fn without(self, f: NoWrap) -> NoWrap {
        NoWrap(self.0 & !f.0)
    }
}

/// An opaque value: a function-local value or a module constant.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum UnkRef {
    Value(Value),
    Const(Const),
}

/// The kinds of cast nodes.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum CastKind {
    Trunc,
    ZExt,
    SExt,
    PtrToInt,
}

/// The kinds of min/max nodes.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MinMaxKind {
    UMax,
    SMax,
    UMin,
    SMin,
    /// `umin_seq`: like umin, but poison in a later operand does not
    /// propagate once an earlier operand is zero.
    SeqUMin,
}

pub type Ops = SmallVec<[Scev; 4]>;

/// The structure of an expression.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum ScevData {
    Const(CInt),
    Unknown(UnkRef),
    Cast(CastKind, Scev, Ty),
    Add(Ops),
    Mul(Ops),
    UDiv(Scev, Scev),
    AddRec(Ops, Loop),
    MinMax(MinMaxKind, Ops),
    CouldNotCompute,
}

impl ScevData {
    /// LLVM's `SCEVTypes` order, the primary key of the complexity order.
    pub fn kind_rank(&self) -> u8 {
        match self {
            ScevData::Const(_) => 0,
            ScevData::Cast(CastKind::Trunc, ..) => 2,
            ScevData::Cast(CastKind::ZExt, ..) => 3,
            ScevData::Cast(CastKind::SExt, ..) => 4,
            ScevData::Add(_) => 5,
            ScevData::Mul(_) => 6,
            ScevData::UDiv(..) => 7,
            ScevData::AddRec(..) => 8,
            ScevData::MinMax(MinMaxKind::UMax, _) => 9,
            ScevData::MinMax(MinMaxKind::SMax, _) => 10,
            ScevData::MinMax(MinMaxKind::UMin, _) => 11,
            ScevData::MinMax(MinMaxKind::SMin, _) => 12,
            ScevData::MinMax(MinMaxKind::SeqUMin, _) => 13,
            ScevData::Cast(CastKind::PtrToInt, ..) => 14,
            ScevData::Unknown(_) => UNKNOWN_RANK,
            ScevData::CouldNotCompute => 16,
        }
    }

    /// The operands, in order.
    pub fn operands(&self) -> &[Scev] {
        match self {
            ScevData::Cast(_, op, _) => std::slice::from_ref(op),
            ScevData::Add(ops) | ScevData::Mul(ops) | ScevData::AddRec(ops, _) => ops,
            ScevData::MinMax(_, ops) => ops,
            ScevData::UDiv(..) => &[],
            _ => &[],
        }
    }
}

/// One arena entry.
#[derive(Clone, Debug)]
pub struct Node {
    pub data: ScevData,
    pub ty: Ty,
    pub flags: NoWrap,
    /// Expression size (number of nodes in the tree, saturating), used for
    /// LLVM's "huge expression" limit.
    pub size: u32,
}

/// LLVM's `MaxArithDepth`.
const MAX_ARITH_DEPTH: u32 = 32;
/// LLVM's `MaxCastDepth`.
const MAX_CAST_DEPTH: u32 = 8;
/// LLVM's `MaxSCEVCompareDepth`.
const MAX_COMPARE_DEPTH: u32 = 32;
/// LLVM's `MaxValueCompareDepth`.
const MAX_VALUE_COMPARE_DEPTH: u32 = 2;
/// LLVM's `HugeExprThreshold`.
const HUGE_EXPR: u32 = 4096;
/// LLVM's `AddOpsInlineThreshold`.
const ADD_OPS_INLINE: usize = 500;
/// LLVM's `MulOpsInlineThreshold`.
const MUL_OPS_INLINE: usize = 32;

/// Node access and interning.
impl ScalarEvolution<'_> {
    pub fn data(&self, s: Scev) -> &ScevData {
        &self.nodes[s].data
    }
    pub fn ty(&self, s: Scev) -> Ty {
        self.nodes[s].ty
    }
    pub fn flags(&self, s: Scev) -> NoWrap {
        self.nodes[s].flags
    }
    pub fn has_flags(&self, s: Scev, f: NoWrap) -> bool {
        self.nodes[s].flags.has(f)
    }
    /// Adds wrap flags to a node (flags only ever grow).
    pub fn set_flags(&mut self, s: Scev, mut f: NoWrap) {
        if matches!(self.nodes[s].data, ScevData::AddRec(..)) && f.any_of(NoWrap(6)) {
            f = f.with(NoWrap::NW);
        }
        let n = &mut self.nodes[s];
        n.flags = n.flags.with(f);
    }

    pub(crate) fn intern(&mut self, data: ScevData, ty: Ty) -> Scev {
        if let Some(&s) = self.interned.get(&data) {
            return s;
        }
        let size = data
            .operands()
            .iter()
            .chain(
                match &data {
                    ScevData::UDiv(a, b) => [*a, *b].to_vec(),
                    _ => Vec::new(),
                }
                .iter(),
            )
            .fold(1u32, |acc, &o| acc.saturating_add(self.nodes[o].size));
        let s = self.nodes.push(Node {
            data: data.clone(),
            ty,
            flags: NoWrap::ANY,
            size,
        });
        self.interned.insert(data, s);
        s
    }

    fn find(&self, data: &ScevData) -> Option<Scev> {
        self.interned.get(data).copied()
    }

    /// The CouldNotCompute marker.
    pub fn cnc(&self) -> Scev {
        self.cnc
    }
    pub fn is_cnc(&self, s: Scev) -> bool {
        s == self.cnc
    }

    pub fn as_const(&self, s: Scev) -> Option<CInt> {
        match self.nodes[s].data {
            ScevData::Const(c) => Some(c),
            _ => None,
        }
    }
    pub fn is_zero(&self, s: Scev) -> bool {
        self.as_const(s).is_some_and(CInt::is_zero)
    }
    pub fn is_one(&self, s: Scev) -> bool {
        self.as_const(s).is_some_and(CInt::is_one)
    }
    pub fn is_all_ones(&self, s: Scev) -> bool {
        self.as_const(s).is_some_and(CInt::is_all_ones)
    }
    /// `{a,+,b}<L>`: the operands and loop of an add recurrence.
    pub fn as_add_rec(&self, s: Scev) -> Option<(&[Scev], Loop)> {
        match &self.nodes[s].data {
            ScevData::AddRec(ops, l) => Some((ops, *l)),
            _ => None,
        }
    }
    pub fn is_affine(&self, s: Scev) -> bool {
        self.as_add_rec(s).is_some_and(|(o, _)| o.len() == 2)
    }
    /// Start of an add recurrence.
    pub fn ar_start(&self, s: Scev) -> Scev {
        self.as_add_rec(s).map_or(self.cnc, |(o, _)| o[0])
    }
    /// The step of an add recurrence: the operand for affine ones, the
    /// recurrence of the remaining operands otherwise.
    pub fn ar_step(&mut self, s: Scev) -> Scev {
        let Some((ops, l)) = self.as_add_rec(s) else {
            return self.cnc;
        };
        let rest: Ops = ops[1..].iter().copied().collect();
        self.get_add_rec(rest, l, NoWrap(self.flags(s).0 & NoWrap::NW.0))
    }
    pub fn ar_loop(&self, s: Scev) -> Option<Loop> {
        self.as_add_rec(s).map(|(_, l)| l)
    }
    pub fn is_unknown(&self, s: Scev) -> bool {
        matches!(self.nodes[s].data, ScevData::Unknown(_))
    }
    pub fn operands_of(&self, s: Scev) -> Ops {
        match &self.nodes[s].data {
            ScevData::UDiv(a, b) => smallvec![*a, *b],
            d => d.operands().iter().copied().collect(),
        }
    }

    /// The width of a type in bits (pointers: the index width).
    pub fn type_bits(&self, t: Ty) -> u32 {
        match t {
            Ty::Int(b) => b,
            Ty::Ptr(a) => self.dl.index_bits(a),
        }
    }
    pub fn bits_of(&self, s: Scev) -> u32 {
        self.type_bits(self.ty(s))
    }
    /// LLVM's `getEffectiveSCEVType`: pointers become index-width integers.
    pub fn effective_ty(&self, t: Ty) -> Ty {
        match t {
            Ty::Int(_) => t,
            Ty::Ptr(a) => Ty::Int(self.dl.index_bits(a)),
        }
    }
    pub fn wider_ty(&self, a: Ty, b: Ty) -> Ty {
        if self.type_bits(a) >= self.type_bits(b) {
            a
        } else {
            b
        }
    }

    pub fn get_const(&mut self, c: CInt) -> Scev {
        self.intern(ScevData::Const(c), Ty::Int(c.bits()))
    }
    /// The constant `v` of type `t` (pointer types use their index type).
    pub fn get_const_ty(&mut self, t: Ty, v: i128) -> Scev {
        let bits = self.type_bits(t);
        if bits == 0 || bits > MAX_BITS {
            return self.cnc;
        }
        self.get_const(CInt::from_i128(bits, v))
    }
    pub fn get_zero(&mut self, t: Ty) -> Scev {
        self.get_const_ty(t, 0)
    }
    pub fn get_one(&mut self, t: Ty) -> Scev {
        self.get_const_ty(t, 1)
    }
    pub fn get_minus_one(&mut self, t: Ty) -> Scev {
        self.get_const_ty(t, -1)
    }
    pub fn get_unknown(&mut self, u: UnkRef, t: Ty) -> Scev {
        self.intern(ScevData::Unknown(u), t)
    }
}

/// Dispositions: loop invariance and dominance of expressions.
impl ScalarEvolution<'_> {
    /// The block defining an opaque value (`None` for arguments and
    /// constants).
    pub(crate) fn unknown_block(&self, u: UnkRef) -> Option<Block> {
        match u {
            UnkRef::Value(v) => match self.f.value_def(v) {
                loopwright_ir::ValueDef::Result(i) => self.f.layout.inst_block(i),
                _ => None,
            },
            UnkRef::Const(_) => None,
        }
    }

    /// Whether `s` has the same value on every iteration of `l`.
    pub fn is_loop_invariant(&mut self, s: Scev, l: Loop) -> bool {
        if let Some(&r) = self.invariant_cache.get(&(s, l)) {
            return r;
        }
        let r = self.compute_invariant(s, l);
        self.invariant_cache.insert((s, l), r);
        r
    }

    fn compute_invariant(&mut self, s: Scev, l: Loop) -> bool {
        match self.nodes[s].data.clone() {
            ScevData::Const(_) | ScevData::CouldNotCompute => true,
            ScevData::Unknown(u) => match self.unknown_block(u) {
                Some(b) => !self.lf.contains(l, b),
                None => true,
            },
            ScevData::AddRec(ops, arl) => {
                if arl == l {
                    return false;
                }
                let lh = self.lf.header(l);
                let arh = self.lf.header(arl);
                if self.dt.dominates(lh, arh) {
                    return false;
                }
                if self.lf.contains_loop(arl, l) {
                    return true;
                }
                ops.iter().all(|&o| self.is_loop_invariant(o, l))
            }
            ScevData::UDiv(a, b) => self.is_loop_invariant(a, l) && self.is_loop_invariant(b, l),
            d => d.operands().iter().all(|&o| self.is_loop_invariant(o, l)),
        }
    }

    /// 0: does not dominate, 1: dominates, 2: properly dominates `b`.
    fn block_disposition(&mut self, s: Scev, b: Block) -> u8 {
        if let Some(&r) = self.dom_cache.get(&(s, b)) {
            return r;
        }
        let r = match self.nodes[s].data.clone() {
            ScevData::Const(_) | ScevData::CouldNotCompute => 2,
            ScevData::Unknown(u) => match self.unknown_block(u) {
                Some(ib) if ib == b => 1,
                Some(ib) if self.dt.properly_dominates(ib, b) => 2,
                Some(_) => 0,
                None => 2,
            },
            d => {
                let mut ok = true;
                if let ScevData::AddRec(_, l) = d {
                    if !self.dt.dominates(self.lf.header(l), b) {
                        ok = false;
                    }
                }
                let mut res = 2;
                if ok {
                    let ops = self.operands_of(s);
                    for o in ops {
                        match self.block_disposition(o, b) {
                            0 => {
                                res = 0;
                                break;
                            }
                            1 => res = 1,
                            _ => {}
                        }
                    }
                } else {
                    res = 0;
                }
                res
            }
        };
        self.dom_cache.insert((s, b), r);
        r
    }

    pub fn properly_dominates(&mut self, s: Scev, b: Block) -> bool {
        self.block_disposition(s, b) == 2
    }
    pub fn dominates_block(&mut self, s: Scev, b: Block) -> bool {
        self.block_disposition(s, b) >= 1
    }

    /// Invariant in `l` and available before its header.
    pub fn is_available_at_loop_entry(&mut self, s: Scev, l: Loop) -> bool {
        self.is_loop_invariant(s, l) && self.properly_dominates(s, self.lf.header(l))
    }

    /// Whether `s` contains an add recurrence of `l` (or a loop in it).
    pub fn has_computable_loop_evolution(&mut self, s: Scev, l: Loop) -> bool {
        match self.nodes[s].data.clone() {
            ScevData::AddRec(ops, arl) => {
                arl == l
                    || ops
                        .iter()
                        .any(|&o| self.has_computable_loop_evolution(o, l))
            }
            _ => self
                .operands_of(s)
                .iter()
                .any(|&o| self.has_computable_loop_evolution(o, l)),
        }
    }
}

/// LLVM's `getValueID` order of the values scalar evolution compares.
fn value_id(m: &Module, f: &Function, u: UnkRef) -> u32 {
    use loopwright_ir::{ConstData, GlobalRef};
    match u {
        UnkRef::Value(v) => match f.value_def(v) {
            loopwright_ir::ValueDef::Param(_) => 0,
            loopwright_ir::ValueDef::Result(i) => 29 + f.inst(i).opcode as u32,
            loopwright_ir::ValueDef::Placeholder => 0,
        },
        UnkRef::Const(c) => match m.consts.data(c) {
            ConstData::Global { global, .. } => match global {
                GlobalRef::Func(_) => 5,
                GlobalRef::Alias(_) => 6,
                GlobalRef::IFunc(_) => 7,
                GlobalRef::Var(_) => 8,
            },
            ConstData::BlockAddress { .. } => 9,
            ConstData::Expr(_) => 10,
            ConstData::DsoLocalEquivalent { .. } => 11,
            ConstData::NoCfi { .. } => 12,
            ConstData::PtrAuth { .. } => 13,
            ConstData::Array { .. } => 14,
            ConstData::Struct { .. } => 15,
            ConstData::Vector { .. } => 16,
            ConstData::Undef(_) => 17,
            ConstData::Poison(_) => 18,
            ConstData::Zero(_) => 19,
            ConstData::Bytes { .. } => 20,
            ConstData::Int { .. } => 22,
            ConstData::Float { .. } => 23,
            ConstData::Null(_) => 25,
            ConstData::NoneToken => 26,
            ConstData::InlineAsm(_) => 28,
        },
    }
}

fn unk_is_ptr(m: &Module, f: &Function, u: UnkRef) -> bool {
    let t = match u {
        UnkRef::Value(v) => f.value_type(v),
        UnkRef::Const(c) => m.consts.ty(c),
    };
    m.types.is_ptr(t)
}

/// LLVM's `CompareValueComplexity` of two opaque values of `f` (a function
/// of `m`, with loop forest `lf`): integers before pointers, then by
/// LLVM's value ids (arguments, globals, constants, instructions by
/// opcode), arguments by position, instructions by loop depth and operand
/// count and then their operands (to depth 2), external globals by name.
/// `Equal` when nothing tells them apart. It is the order scalar
/// evolution gives the operands of an n-ary expression that are opaque
/// values, which the SCEV expander follows when it forms expressions of
/// values it has just created.
pub fn compare_value_complexity(
    m: &Module,
    f: &Function,
    lf: &LoopForest,
    a: UnkRef,
    b: UnkRef,
) -> Ordering {
    compare_values(m, f, lf, a, b, 0)
}

fn compare_values(
    m: &Module,
    f: &Function,
    lf: &LoopForest,
    a: UnkRef,
    b: UnkRef,
    depth: u32,
) -> Ordering {
    use loopwright_ir::{ConstData, Linkage};
    if depth > MAX_VALUE_COMPARE_DEPTH || a == b {
        return Ordering::Equal;
    }
    let (ap, bp) = (unk_is_ptr(m, f, a), unk_is_ptr(m, f, b));
    if ap != bp {
        return ap.cmp(&bp);
    }
    let (ai, bi) = (value_id(m, f, a), value_id(m, f, b));
    if ai != bi {
        return ai.cmp(&bi);
    }
    match (a, b) {
        (UnkRef::Value(x), UnkRef::Value(y)) => {
            use loopwright_ir::ValueDef;
            match (f.value_def(x), f.value_def(y)) {
                (ValueDef::Param(i), ValueDef::Param(j)) => return i.cmp(&j),
                (ValueDef::Result(ix), ValueDef::Result(iy)) => {
                    let bx = f.layout.inst_block(ix);
                    let by = f.layout.inst_block(iy);
                    if bx != by {
                        let dx = bx.map_or(0, |b| lf.block_depth(b));
                        let dy = by.map_or(0, |b| lf.block_depth(b));
                        if dx != dy {
                            return dx.cmp(&dy);
                        }
                    }
                    let (dx, dy) = (f.inst(ix), f.inst(iy));
                    let (nx, ny) = (llvm_operand_count(dx), llvm_operand_count(dy));
                    if nx != ny {
                        return nx.cmp(&ny);
                    }
                    for k in 0..nx {
                        let (p, q) = (llvm_operand(dx, k), llvm_operand(dy, k));
                        let r = compare_operands(m, f, lf, p, q, depth + 1);
                        if r != Ordering::Equal {
                            return r;
                        }
                    }
                }
                _ => {}
            }
        }
        (UnkRef::Const(x), UnkRef::Const(y)) => {
            if let (ConstData::Global { global: gx, .. }, ConstData::Global { global: gy, .. }) =
                (m.consts.data(x), m.consts.data(y))
            {
                let sem = |g| {
                    let c = m.global_common(g);
                    !matches!(c.linkage, Linkage::Private | Linkage::Internal)
                };
                if sem(*gx) && sem(*gy) {
                    let nx = m.global_name(*gx).unwrap_or("");
                    let ny = m.global_name(*gy).unwrap_or("");
                    return nx.as_bytes().cmp(ny.as_bytes());
                }
            }
        }
        _ => {}
    }
    Ordering::Equal
}

fn compare_operands(
    m: &Module,
    f: &Function,
    lf: &LoopForest,
    a: loopwright_ir::Operand,
    b: loopwright_ir::Operand,
    depth: u32,
) -> Ordering {
    use loopwright_ir::Operand;
    let conv = |o: Operand| match o {
        Operand::Value(v) => Some(UnkRef::Value(v)),
        Operand::Const(c) => Some(UnkRef::Const(c)),
        _ => None,
    };
    match (conv(a), conv(b)) {
        (Some(x), Some(y)) => compare_values(m, f, lf, x, y, depth),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// The complexity order (LLVM's `CompareSCEVComplexity`).
impl ScalarEvolution<'_> {
    fn compare_values(&self, a: UnkRef, b: UnkRef, depth: u32) -> Ordering {
        compare_values(self.m, self.f, self.lf, a, b, depth)
    }

    /// `None` when the depth limit was hit (LLVM treats that as "not
    /// less").
    fn compare_complexity(&self, a: Scev, b: Scev, depth: u32) -> Option<Ordering> {
        if a == b {
            return Some(Ordering::Equal);
        }
        let (da, db) = (&self.nodes[a].data, &self.nodes[b].data);
        let (ra, rb) = (da.kind_rank(), db.kind_rank());
        if ra != rb {
            return Some(ra.cmp(&rb));
        }
        if depth > MAX_COMPARE_DEPTH {
            return None;
        }
        match (da, db) {
            (ScevData::Unknown(x), ScevData::Unknown(y)) => {
                Some(self.compare_values(*x, *y, depth + 1))
            }
            (ScevData::Const(x), ScevData::Const(y)) => {
                if x.bits() != y.bits() {
                    return Some(x.bits().cmp(&y.bits()));
                }
                Some(if x.ult(*y) {
                    Ordering::Less
                } else {
                    Ordering::Greater
                })
            }
            _ => {
                if let (ScevData::AddRec(_, la), ScevData::AddRec(_, lb)) = (da, db) {
                    if la != lb {
                        let (ha, hb) = (self.lf.header(*la), self.lf.header(*lb));
                        if self.dt.dominates(ha, hb) {
                            return Some(Ordering::Greater);
                        }
                        return Some(Ordering::Less);
                    }
                }
                let oa = self.operands_of(a);
                let ob = self.operands_of(b);
                if oa.len() != ob.len() {
                    return Some(oa.len().cmp(&ob.len()));
                }
                for (x, y) in oa.iter().zip(ob.iter()) {
                    match self.compare_complexity(*x, *y, depth + 1) {
                        Some(Ordering::Equal) => {}
                        r => return r,
                    }
                }
                Some(Ordering::Equal)
            }
        }
    }

    fn less_complex(&self, a: Scev, b: Scev) -> bool {
        self.compare_complexity(a, b, 0) == Some(Ordering::Less)
    }

    /// LLVM's `GroupByComplexity`: a stable sort by complexity, then equal
    /// operands moved next to each other.
    pub(crate) fn group_by_complexity(&self, ops: &mut Ops) {
        if ops.len() < 2 {
            return;
        }
        if ops.len() == 2 {
            if self.less_complex(ops[1], ops[0]) {
                ops.swap(0, 1);
            }
            return;
        }
        if let Some(keys) = self.complexity_keys(ops) {
            // "Less" is "of a lower key" on these operands, a strict weak
            // order, whose stable sort is the one `merge_sort_by` gives.
            let mut keyed: Vec<((u8, u8), Scev)> =
                keys.into_iter().zip(ops.iter().copied()).collect();
            keyed.sort_by_key(|&(k, _)| k);
            for (o, (_, s)) in ops.iter_mut().zip(keyed) {
                *o = s;
            }
        } else {
            // Stable insertion sort with the (partial) "less" predicate, as
            // std::stable_sort would order them.
            merge_sort_by(ops, &|a, b| self.less_complex(*a, *b));
        }
        group_copies(ops, |s| self.nodes[s].data.kind_rank());
    }

    /// Keys that order `ops` as the complexity order does, when it is a
    /// strict weak order on them, which a few shapes show: at most one
    /// operand of each kind but opaque values, and opaque values of at
    /// most [`MAX_SIGNATURE_CLASSES`] [`value_signature`]s (the order of
    /// two values is a function of their signatures, equal ones compare
    /// equal) among which the order is a ranking. Sorting 2,048 loads of
    /// one shape and a phi (the operands of a long `smax`, re-sorted as
    /// each select adds one) then costs a signature per operand instead of
    /// a sort's comparisons. `None` when the shape is not one of these.
    fn complexity_keys(&self, ops: &[Scev]) -> Option<Vec<(u8, u8)>> {
        if ops.len() < SIGNATURES_FROM {
            return None;
        }
        let mut classes: SmallVec<[(Vec<u64>, UnkRef); MAX_SIGNATURE_CLASSES]> = SmallVec::new();
        let mut keys = Vec::with_capacity(ops.len());
        let mut sig = Vec::new();
        let mut seen_kinds = 0u32;
        for &o in ops {
            let data = &self.nodes[o].data;
            let kind = data.kind_rank();
            let ScevData::Unknown(u) = data else {
                let bit = 1u32 << kind;
                if seen_kinds & bit != 0 {
                    return None;
                }
                seen_kinds |= bit;
                keys.push((kind, 0));
                continue;
            };
            sig.clear();
            if !value_signature(self.m, self.f, self.lf, *u, 1, &mut sig) {
                return None;
            }
            let class = match classes.iter().position(|(c, _)| *c == sig) {
                Some(c) => c,
                None if classes.len() < MAX_SIGNATURE_CLASSES => {
                    classes.push((sig.clone(), *u));
                    classes.len() - 1
                }
                None => return None,
            };
            keys.push((kind, class as u8));
        }
        // The classes' order, checked to be a ranking: a class's rank is
        // the number of classes below it, and "below" must be "of a lower
        // rank" for every pair.
        let less = |a: usize, b: usize| {
            self.compare_values(classes[a].1, classes[b].1, 1) == Ordering::Less
        };
        let n = classes.len();
        let rank: SmallVec<[u8; MAX_SIGNATURE_CLASSES]> = (0..n)
            .map(|a| (0..n).filter(|&b| less(b, a)).count() as u8)
            .collect();
        for a in 0..n {
            for b in 0..n {
                if less(a, b) != (rank[a] < rank[b]) {
                    return None;
                }
            }
        }
        for k in &mut keys {
            if k.0 == UNKNOWN_RANK {
                k.1 = rank[k.1 as usize];
            }
        }
        Some(keys)
    }
}

/// The part of an opaque value that [`compare_values`] looks at from
/// `depth` on, written to `out` as tokens: values with equal signatures
/// compare `Equal` (each comparison `compare_values` makes before it
/// answers `Equal` compares tokens written here, in a form that decodes
/// one way). `false` when the value has none (an unbound placeholder,
/// which `compare_values` orders like an argument).
fn value_signature(
    m: &Module,
    f: &Function,
    lf: &LoopForest,
    u: UnkRef,
    depth: u32,
    out: &mut Vec<u64>,
) -> bool {
    use cranelift_entity::EntityRef;
    use loopwright_ir::{ConstData, GlobalRef, Linkage, Operand, ValueDef};
    if depth > MAX_VALUE_COMPARE_DEPTH {
        return true;
    }
    out.push(u64::from(unk_is_ptr(m, f, u)));
    out.push(u64::from(value_id(m, f, u)));
    match u {
        UnkRef::Value(v) => match f.value_def(v) {
            ValueDef::Param(i) => out.push(u64::from(i)),
            ValueDef::Placeholder => return false,
            ValueDef::Result(i) => {
                out.push(u64::from(
                    f.layout.inst_block(i).map_or(0, |b| lf.block_depth(b)),
                ));
                let d = f.inst(i);
                let n = llvm_operand_count(d);
                out.push(n as u64);
                for k in 0..n {
                    let x = match llvm_operand(d, k) {
                        Operand::Value(v) => UnkRef::Value(v),
                        Operand::Const(c) => UnkRef::Const(c),
                        _ => {
                            out.push(0);
                            continue;
                        }
                    };
                    out.push(1);
                    if !value_signature(m, f, lf, x, depth + 1, out) {
                        return false;
                    }
                }
            }
        },
        UnkRef::Const(c) => {
            if let ConstData::Global { global, .. } = m.consts.data(c) {
                let c = m.global_common(*global);
                if matches!(c.linkage, Linkage::Private | Linkage::Internal) {
                    out.push(0);
                } else {
                    // Equal names are the same global, or unnamed ones.
                    let index = match *global {
                        GlobalRef::Var(x) => x.index(),
                        GlobalRef::Func(x) => x.index(),
                        GlobalRef::Alias(x) => x.index(),
                        GlobalRef::IFunc(x) => x.index(),
                    };
                    out.push(1 + index as u64);
                }
            }
        }
    }
    true
}

/// From this many operands on, [`ScalarEvolution::group_by_complexity`]
/// asks for [`ScalarEvolution::complexity_keys`] (below, sorting is
/// cheaper).
const SIGNATURES_FROM: usize = 32;

/// The most signatures of opaque values
/// [`ScalarEvolution::complexity_keys`] ranks.
const MAX_SIGNATURE_CLASSES: usize = 8;

/// The kind rank of opaque values ([`ScevData::kind_rank`]).
const UNKNOWN_RANK: u8 = 15;

/// Up to this many operands, [`group_copies`] scans for copies of every
/// operand (LLVM's loop as it is); past it, only for operands that have a
/// later copy.
const GROUP_SCAN_ALL: usize = 32;

/// The second half of LLVM's `GroupByComplexity`, on operands sorted by
/// complexity (so the operands of one kind, `rank`, are contiguous): for
/// each position, the later copies of its operand within the run of its
/// kind are swapped in right behind it, with LLVM's swaps, so the order of
/// the other operands is LLVM's too.
///
/// LLVM scans the rest of the run for every operand, which is quadratic in
/// the length of a run of one kind; a `smax` of 2,048 loads, built one
/// select at a time (each step re-sorting the flattened operands), made
/// that cubic (issue 13: 21 s against opt-19's 9.8 s). A scan changes
/// nothing when the operand has no later copy, so past [`GROUP_SCAN_ALL`]
/// operands the copies left after the current position are counted and
/// only an operand with one is scanned for: linear in the operands plus
/// one scan per copy (the constructors merge copies, so they are few).
/// Returns the number of operands the scans visited.
fn group_copies<T: Copy + Eq + std::hash::Hash>(ops: &mut [T], rank: impl Fn(T) -> u8) -> usize {
    let e = ops.len();
    let mut visited = 0;
    if e < 3 {
        return visited;
    }
    // Copies of each operand in `ops[i + 1..]`, when counted.
    let mut later: Option<rustc_hash::FxHashMap<T, u32>> = (e > GROUP_SCAN_ALL).then(|| {
        let mut m = rustc_hash::FxHashMap::with_capacity_and_hasher(e, Default::default());
        for &o in &ops[1..] {
            *m.entry(o).or_insert(0) += 1;
        }
        m
    });
    let leave = |later: &mut Option<rustc_hash::FxHashMap<T, u32>>, o: T| {
        if let Some(c) = later.as_mut().and_then(|m| m.get_mut(&o)) {
            *c -= 1;
        }
    };
    let mut i = 0;
    while i < e - 2 {
        let s = ops[i];
        if later
            .as_ref()
            .is_none_or(|m| m.get(&s).is_some_and(|&c| c > 0))
        {
            let r = rank(s);
            let mut j = i + 1;
            while j != e && rank(ops[j]) == r {
                visited += 1;
                if ops[j] == s {
                    ops.swap(i + 1, j);
                    i += 1;
                    leave(&mut later, s);
                    if i == e - 2 {
                        return visited;
                    }
                }
                j += 1;
            }
        }
        i += 1;
        leave(&mut later, ops[i]);
    }
    visited
}

/// A stable merge sort driven by a strict "less" predicate, matching the
/// result of `std::stable_sort` for any consistent predicate.
fn merge_sort_by<T: Copy>(v: &mut [T], less: &dyn Fn(&T, &T) -> bool) {
    let n = v.len();
    if n < 2 {
        return;
    }
    // Insertion sort for small inputs (stable).
    if n <= 16 {
        for i in 1..n {
            let x = v[i];
            let mut j = i;
            while j > 0 && less(&x, &v[j - 1]) {
                v[j] = v[j - 1];
                j -= 1;
            }
            v[j] = x;
        }
        return;
    }
    let mid = n / 2;
    merge_sort_by(&mut v[..mid], less);
    merge_sort_by(&mut v[mid..], less);
    let left: Vec<T> = v[..mid].to_vec();
    let right: Vec<T> = v[mid..].to_vec();
    let (mut i, mut j, mut k) = (0, 0, 0);
    while i < left.len() && j < right.len() {
        if less(&right[j], &left[i]) {
            v[k] = right[j];
            j += 1;
        } else {
            v[k] = left[i];
            i += 1;
        }
        k += 1;
    }
    while i < left.len() {
        v[k] = left[i];
        i += 1;
        k += 1;
    }
    while j < right.len() {
        v[k] = right[j];
        j += 1;
        k += 1;
    }
}

/// The number of an instruction's operands in LLVM's order (a phi's are
/// its incoming values only); [`llvm_operand`] gives them by position.
fn llvm_operand_count(d: &loopwright_ir::InstData) -> usize {
    let n = d.operands().len();
    match d.opcode {
        loopwright_ir::Opcode::Phi => n.div_ceil(2),
        _ => n,
    }
}

/// An instruction's operand `k` in LLVM's order (calls put the callee
/// last, phis list only incoming values, a conditional branch its false
/// target before its true one), read in place: the complexity order asks
/// for them on every comparison of two instructions, and collecting them
/// was a third of the time of sorting the operands of a long `smax`.
fn llvm_operand(d: &loopwright_ir::InstData, k: usize) -> loopwright_ir::Operand {
    use loopwright_ir::Opcode;
    let ops = d.operands();
    match d.opcode {
        Opcode::Phi => ops[2 * k],
        Opcode::Call | Opcode::Invoke | Opcode::CallBr => ops[(k + 1) % ops.len()],
        Opcode::Br if ops.len() == 3 => ops[[0, 2, 1][k]],
        _ => ops[k],
    }
}

/// Folding constructors.
impl ScalarEvolution<'_> {
    fn is_huge(&self, ops: &[Scev]) -> bool {
        ops.iter().any(|&o| self.nodes[o].size >= HUGE_EXPR)
    }

    fn same_width(&self, ops: &[Scev]) -> bool {
        let Some(&first) = ops.first() else {
            return false;
        };
        let w = self.bits_of(first);
        ops.iter().all(|&o| !self.is_cnc(o) && self.bits_of(o) == w)
    }

    /// The type of an add: a pointer if an operand is one.
    fn add_type(&self, ops: &[Scev]) -> Ty {
        ops.iter()
            .map(|&o| self.ty(o))
            .find(|t| t.is_ptr())
            .unwrap_or_else(|| self.ty(ops[0]))
    }

    pub fn get_add2(&mut self, a: Scev, b: Scev, flags: NoWrap) -> Scev {
        self.get_add(smallvec![a, b], flags, 0)
    }
    pub fn get_mul2(&mut self, a: Scev, b: Scev, flags: NoWrap) -> Scev {
        self.get_mul(smallvec![a, b], flags, 0)
    }

    /// `-s`.
    pub fn get_negative(&mut self, s: Scev, flags: NoWrap) -> Scev {
        if self.is_cnc(s) {
            return s;
        }
        if let Some(c) = self.as_const(s) {
            return self.get_const(c.neg());
        }
        let t = self.effective_ty(self.ty(s));
        let m1 = self.get_minus_one(t);
        self.get_mul2(s, m1, flags)
    }

    /// `~s` = `-1 - s`.
    pub fn get_not(&mut self, s: Scev) -> Scev {
        if self.is_cnc(s) {
            return s;
        }
        if let ScevData::MinMax(kind, ops) = self.nodes[s].data.clone() {
            if kind != MinMaxKind::SeqUMin {
                // ~smax(~x, ~y) = smin(x, y) etc.
                let all_not: Option<Ops> = ops.iter().map(|&o| self.match_not(o)).collect();
                if let Some(inner) = all_not {
                    let k = match kind {
                        MinMaxKind::UMax => MinMaxKind::UMin,
                        MinMaxKind::UMin => MinMaxKind::UMax,
                        MinMaxKind::SMax => MinMaxKind::SMin,
                        MinMaxKind::SMin => MinMaxKind::SMax,
                        MinMaxKind::SeqUMin => MinMaxKind::SeqUMin,
                    };
                    return self.get_min_max(k, inner);
                }
            }
        }
        let t = self.effective_ty(self.ty(s));
        let m1 = self.get_minus_one(t);
        let neg = self.get_mul2(s, m1, NoWrap::ANY);
        self.get_add2(neg, m1, NoWrap::ANY)
    }

    /// `x` when `s` is `~x` written as `(-1 + (-1 * x))`.
    fn match_not(&self, s: Scev) -> Option<Scev> {
        if let ScevData::Add(ops) = &self.nodes[s].data {
            if ops.len() == 2 && self.is_all_ones(ops[0]) {
                if let ScevData::Mul(m) = &self.nodes[ops[1]].data {
                    if m.len() == 2 && self.is_all_ones(m[0]) {
                        return Some(m[1]);
                    }
                }
            }
        }
        None
    }

    /// `a - b` (LLVM's `getMinusSCEV`). Pointers must share their base.
    pub fn get_minus(&mut self, a: Scev, b: Scev, flags: NoWrap) -> Scev {
        if self.is_cnc(a) || self.is_cnc(b) {
            return self.cnc;
        }
        if a == b {
            let t = self.effective_ty(self.ty(a));
            return self.get_zero(t);
        }
        let (mut a, mut b) = (a, b);
        if self.ty(b).is_ptr() {
            if !self.ty(a).is_ptr() || self.pointer_base(a) != self.pointer_base(b) {
                return self.cnc;
            }
            a = self.remove_pointer_base(a);
            b = self.remove_pointer_base(b);
        }
        if self.is_cnc(a) || self.is_cnc(b) || self.bits_of(a) != self.bits_of(b) {
            return self.cnc;
        }
        let rhs_not_min = !self.signed_range(b).smin().is_smin();
        let mut add_flags = NoWrap::ANY;
        if flags.has(NoWrap::NSW) && (rhs_not_min || self.is_known_non_negative(a)) {
            add_flags = NoWrap::NSW;
        }
        let neg_flags = if rhs_not_min {
            NoWrap::NSW
        } else {
            NoWrap::ANY
        };
        let nb = self.get_negative(b, neg_flags);
        self.get_add2(a, nb, add_flags)
    }

    /// The base pointer of a pointer expression (LLVM's `getPointerBase`).
    pub fn pointer_base(&self, s: Scev) -> Scev {
        let mut v = s;
        if !self.ty(v).is_ptr() {
            return v;
        }
        loop {
            match &self.nodes[v].data {
                ScevData::AddRec(ops, _) => v = ops[0],
                ScevData::Add(ops) => match ops.iter().find(|&&o| self.ty(o).is_ptr()) {
                    Some(&p) => v = p,
                    None => return v,
                },
                _ => return v,
            }
        }
    }

    /// The offset from the base pointer, as an integer.
    pub fn remove_pointer_base(&mut self, s: Scev) -> Scev {
        match self.nodes[s].data.clone() {
            ScevData::AddRec(mut ops, l) => {
                ops[0] = self.remove_pointer_base(ops[0]);
                self.get_add_rec(ops, l, NoWrap::ANY)
            }
            ScevData::Add(mut ops) => {
                if let Some(p) = ops.iter().position(|&o| self.ty(o).is_ptr()) {
                    ops[p] = self.remove_pointer_base(ops[p]);
                }
                self.get_add(ops, NoWrap::ANY, 0)
            }
            _ => {
                let t = self.effective_ty(self.ty(s));
                self.get_zero(t)
            }
        }
    }

    /// LLVM's `StrengthenNoWrapFlags`.
    fn strengthen_flags(&mut self, kind: u8, ops: &[Scev], flags: NoWrap) -> NoWrap {
        let mut flags = flags;
        let sign_or_unsign = NoWrap(6);
        if flags.mask(sign_or_unsign) == NoWrap::NSW
            && ops.iter().all(|&o| self.is_known_non_negative(o))
        {
            flags = flags.with(sign_or_unsign);
        }
        let su = flags.mask(sign_or_unsign);
        if su != sign_or_unsign && (kind == 5 || kind == 6) && ops.len() == 2 {
            if let Some(c) = self.as_const(ops[0]) {
                let op = if kind == 5 {
                    NoWrapOp::Add
                } else {
                    NoWrapOp::Mul
                };
                let cr = ConstantRange::single(c);
                if !su.has(NoWrap::NSW) {
                    let region = ConstantRange::guaranteed_no_wrap_region(op, &cr, false);
                    let r = self.signed_range(ops[1]);
                    if region.contains_range(&r) {
                        flags = flags.with(NoWrap::NSW);
                    }
                }
                if !su.has(NoWrap::NUW) {
                    let region = ConstantRange::guaranteed_no_wrap_region(op, &cr, true);
                    let r = self.unsigned_range(ops[1]);
                    if region.contains_range(&r) {
                        flags = flags.with(NoWrap::NUW);
                    }
                }
            }
        }
        // <0,+,nonnegative><nw> is also nuw.
        if kind == 8
            && flags.has(NoWrap::NW)
            && !flags.has(NoWrap::NUW)
            && ops.len() == 2
            && self.is_zero(ops[0])
            && self.is_known_non_negative(ops[1])
        {
            flags = flags.with(NoWrap::NUW);
        }
        // (udiv X, Y) * Y and Y * (udiv X, Y) are always nuw.
        if kind == 6 && !flags.has(NoWrap::NUW) && ops.len() == 2 {
            for (x, y) in [(ops[0], ops[1]), (ops[1], ops[0])] {
                if let ScevData::UDiv(_, d) = self.nodes[x].data {
                    if d == y {
                        flags = flags.with(NoWrap::NUW);
                    }
                }
            }
        }
        flags
    }

    fn get_or_create_add(&mut self, ops: Ops, flags: NoWrap) -> Scev {
        let ty = self.add_type(&ops);
        let s = self.intern(ScevData::Add(ops), ty);
        self.set_flags(s, flags);
        s
    }

    fn get_or_create_mul(&mut self, ops: Ops, flags: NoWrap) -> Scev {
        let ty = self.ty(ops[0]);
        let s = self.intern(ScevData::Mul(ops), ty);
        self.set_flags(s, flags);
        s
    }

    fn get_or_create_add_rec(&mut self, ops: Ops, l: Loop, flags: NoWrap) -> Scev {
        let ty = self.ty(ops[0]);
        let s = self.intern(ScevData::AddRec(ops, l), ty);
        self.set_flags(s, flags);
        s
    }

    /// LLVM's `getAddExpr`.
    pub fn get_add(&mut self, mut ops: Ops, orig_flags: NoWrap, depth: u32) -> Scev {
        if ops.iter().any(|&o| self.is_cnc(o)) || ops.is_empty() {
            return self.cnc;
        }
        if ops.len() == 1 {
            return ops[0];
        }
        if !self.same_width(&ops) || ops.iter().filter(|&&o| self.ty(o).is_ptr()).count() > 1 {
            return self.cnc;
        }
        self.group_by_complexity(&mut ops);
        // Fold constants.
        let mut idx = 0;
        if let Some(mut lhs) = self.as_const(ops[0]) {
            idx = 1;
            // Folded constants are removed in one drain (one `remove` per
            // constant is quadratic on a long chain of additions).
            let mut end = 1;
            while end < ops.len() {
                let Some(rhs) = self.as_const(ops[end]) else {
                    break;
                };
                lhs = lhs.add(rhs);
                ops[0] = self.get_const(lhs);
                if ops.len() - end == 1 {
                    return ops[0];
                }
                end += 1;
            }
            ops.drain(1..end);
            if lhs.is_zero() {
                ops.remove(0);
                idx -= 1;
            }
            if ops.len() == 1 {
                return ops[0];
            }
        }
        if depth > MAX_ARITH_DEPTH || self.is_huge(&ops) {
            let f = self.strengthen_flags(5, &ops, orig_flags);
            return self.get_or_create_add(ops, f);
        }
        if let Some(s) = self.find(&ScevData::Add(ops.clone())) {
            if self.flags(s).mask(orig_flags) != orig_flags {
                let f = self.strengthen_flags(5, &ops, orig_flags);
                self.set_flags(s, f);
            }
            return s;
        }
        let ty = self.add_type(&ops);
        let ety = self.effective_ty(ty);
        // X + Y + Y --> X + 2*Y.
        let mut found = false;
        let mut i = 0;
        while i + 1 < ops.len() {
            if ops[i] == ops[i + 1] {
                let mut count = 2;
                while i + count < ops.len() && ops[i + count] == ops[i] {
                    count += 1;
                }
                let scale = self.get_const_ty(ety, count as i128);
                let mul = self.get_mul(smallvec![scale, ops[i]], NoWrap::ANY, depth + 1);
                if ops.len() == count {
                    return mul;
                }
                ops[i] = mul;
                ops.drain(i + 1..i + count);
                found = true;
                continue;
            }
            i += 1;
        }
        if found {
            return self.get_add(ops, orig_flags, depth + 1);
        }
        // Truncates: n*trunc(x) + m*trunc(y) --> trunc(trunc(m)*x + trunc(n)*y).
        if let Some(folded) = self.fold_add_truncs(&ops, idx, ty, depth) {
            return folded;
        }
        if ops.len() == 2 {
            // (C1 + (C2 + X)) with flags preserved.
            if let (Some(c), ScevData::Add(inner)) =
                (self.as_const(ops[0]), self.nodes[ops[1]].data.clone())
            {
                if inner.len() == 2 {
                    if let Some(c1) = self.as_const(inner[0]) {
                        let add_flags = self.flags(ops[1]);
                        let sum = c1.add(c);
                        let mut keep = NoWrap::ANY;
                        if add_flags.has(NoWrap::NUW) && sum.ule(c1) {
                            keep = keep.with(NoWrap::NUW);
                        }
                        if add_flags.has(NoWrap::NSW)
                            && c1.is_negative() == sum.is_negative()
                            && sum.abs().ule(c1.abs())
                        {
                            keep = keep.with(NoWrap::NSW);
                        }
                        if keep != NoWrap::ANY {
                            let k = self.get_const(sum);
                            return self.get_add(smallvec![k, inner[1]], keep, depth + 1);
                        }
                    }
                }
            }
            // (-1 * (X urem Y)) + X --> Y * (X /u Y).
            if let ScevData::Mul(m) = self.nodes[ops[0]].data.clone() {
                if m.len() == 2 && self.is_all_ones(m[0]) {
                    if let Some((x, y)) = self.match_urem(m[1]) {
                        if x == ops[1] {
                            let d = self.get_udiv(x, y);
                            return self.get_mul2(y, d, NoWrap::ANY);
                        }
                    }
                }
            }
        }
        // Skip casts.
        while idx < ops.len() && self.nodes[ops[idx]].data.kind_rank() < 5 {
            idx += 1;
        }
        // Flatten nested adds.
        if idx < ops.len() {
            let mut deleted = false;
            let mut common = orig_flags.mask(NoWrap::NUW);
            while idx < ops.len() {
                let ScevData::Add(inner) = self.nodes[ops[idx]].data.clone() else {
                    break;
                };
                if ops.len() > ADD_OPS_INLINE || inner.len() > ADD_OPS_INLINE {
                    break;
                }
                common = common.mask(self.flags(ops[idx]));
                ops.remove(idx);
                ops.extend(inner.iter().copied());
                deleted = true;
            }
            if deleted {
                return self.get_add(ops, common, depth + 1);
            }
        }
        // Skip to multiplies.
        while idx < ops.len() && self.nodes[ops[idx]].data.kind_rank() < 6 {
            idx += 1;
        }
        if idx < ops.len() && matches!(self.nodes[ops[idx]].data, ScevData::Mul(_)) {
            if let Some(r) = self.fold_add_scales(&ops, ety, depth) {
                return r;
            }
        }
        // W + X + (X * Y * Z) --> W + (X * ((Y*Z)+1)); and mul merging.
        while idx < ops.len() {
            let ScevData::Mul(mops) = self.nodes[ops[idx]].data.clone() else {
                break;
            };
            for (mi, &mop) in mops.iter().enumerate() {
                if self.as_const(mop).is_some() {
                    continue;
                }
                for add_op in 0..ops.len() {
                    if mop == ops[add_op] {
                        let inner = if mops.len() == 2 {
                            mops[if mi == 0 { 1 } else { 0 }]
                        } else {
                            let mut rest = mops.clone();
                            rest.remove(mi);
                            self.get_mul(rest, NoWrap::ANY, depth + 1)
                        };
                        let one = self.get_one(ety);
                        let add_one = self.get_add(smallvec![one, inner], NoWrap::ANY, depth + 1);
                        let outer = self.get_mul(smallvec![add_one, mop], NoWrap::ANY, depth + 1);
                        if ops.len() == 2 {
                            return outer;
                        }
                        let (a, b) = if add_op < idx {
                            (add_op, idx - 1)
                        } else {
                            (idx, add_op - 1)
                        };
                        ops.remove(a);
                        ops.remove(b);
                        ops.push(outer);
                        return self.get_add(ops, NoWrap::ANY, depth + 1);
                    }
                }
                let mut other = idx + 1;
                while other < ops.len() {
                    let ScevData::Mul(omops) = self.nodes[ops[other]].data.clone() else {
                        break;
                    };
                    for (oi, &omop) in omops.iter().enumerate() {
                        if omop == mop {
                            let in1 = if mops.len() == 2 {
                                mops[if mi == 0 { 1 } else { 0 }]
                            } else {
                                let mut rest = mops.clone();
                                rest.remove(mi);
                                self.get_mul(rest, NoWrap::ANY, depth + 1)
                            };
                            let in2 = if omops.len() == 2 {
                                omops[if oi == 0 { 1 } else { 0 }]
                            } else {
                                let mut rest = omops.clone();
                                rest.remove(oi);
                                self.get_mul(rest, NoWrap::ANY, depth + 1)
                            };
                            let sum = self.get_add(smallvec![in1, in2], NoWrap::ANY, depth + 1);
                            let outer = self.get_mul(smallvec![mop, sum], NoWrap::ANY, depth + 1);
                            if ops.len() == 2 {
                                return outer;
                            }
                            ops.remove(idx);
                            ops.remove(other - 1);
                            ops.push(outer);
                            return self.get_add(ops, NoWrap::ANY, depth + 1);
                        }
                    }
                    other += 1;
                }
            }
            idx += 1;
        }
        // Fold loop invariants into add recurrences.
        while idx < ops.len() && self.nodes[ops[idx]].data.kind_rank() < 8 {
            idx += 1;
        }
        while idx < ops.len() {
            let ScevData::AddRec(ar_ops, ar_loop) = self.nodes[ops[idx]].data.clone() else {
                break;
            };
            let ar = ops[idx];
            let mut li_ops: Ops = SmallVec::new();
            let mut i = 0;
            while i < ops.len() {
                if self.is_available_at_loop_entry(ops[i], ar_loop) {
                    li_ops.push(ops[i]);
                    ops.remove(i);
                } else {
                    i += 1;
                }
            }
            if !li_ops.is_empty() {
                li_ops.push(ar);
                let flags = self.strengthen_flags(5, &li_ops, orig_flags);
                li_ops.pop();
                li_ops.push(ar_ops[0]);
                let mut add_flags = flags;
                if add_flags != NoWrap::ANY && !self.li_ops_reach_header(&li_ops, ar_loop) {
                    add_flags = NoWrap::ANY;
                }
                let mut new_ops = ar_ops.clone();
                new_ops[0] = self.get_add(li_ops, add_flags, depth + 1);
                let f = self.flags(ar).mask(flags.with(NoWrap::NW));
                let new_rec = self.get_add_rec(new_ops, ar_loop, f);
                if ops.len() == 1 {
                    return new_rec;
                }
                if let Some(p) = ops.iter().position(|&o| o == ar) {
                    ops[p] = new_rec;
                }
                return self.get_add(ops, NoWrap::ANY, depth + 1);
            }
            // Merge recurrences of the same loop.
            let mut other = idx + 1;
            while other < ops.len() {
                let Some(ol) = self.ar_loop(ops[other]) else {
                    break;
                };
                if ol == ar_loop {
                    let mut acc = ar_ops.clone();
                    let mut k = other;
                    while k < ops.len() {
                        let Some((oops, ol2)) =
                            self.as_add_rec(ops[k]).map(|(o, l)| (Ops::from(o), l))
                        else {
                            break;
                        };
                        if ol2 == ar_loop {
                            for (j, &o) in oops.iter().enumerate() {
                                if j >= acc.len() {
                                    acc.extend(oops[j..].iter().copied());
                                    break;
                                }
                                acc[j] = self.get_add(smallvec![acc[j], o], NoWrap::ANY, depth + 1);
                            }
                            ops.remove(k);
                        } else {
                            k += 1;
                        }
                    }
                    ops[idx] = self.get_add_rec(acc, ar_loop, NoWrap::ANY);
                    return self.get_add(ops, NoWrap::ANY, depth + 1);
                }
                other += 1;
            }
            idx += 1;
        }
        let f = self.strengthen_flags(5, &ops, orig_flags);
        self.get_or_create_add(ops, f)
    }

    /// Whether the defining scope of `ops` is guaranteed to reach the
    /// header of `l` (LLVM: `isGuaranteedToTransferExecutionTo` from the
    /// defining scope bound to the header's first instruction).
    fn li_ops_reach_header(&mut self, ops: &[Scev], l: Loop) -> bool {
        let header = self.lf.header(l);
        let def = self.defining_scope_bound(ops);
        self.guaranteed_to_transfer_to_block_start(def, header)
    }

    fn fold_add_truncs(&mut self, ops: &Ops, idx: usize, ty: Ty, depth: u32) -> Option<Scev> {
        let first = *ops.get(idx)?;
        let src_ty = match &self.nodes[first].data {
            ScevData::Cast(CastKind::Trunc, x, _) => self.ty(*x),
            ScevData::Mul(m) => match &self.nodes[*m.last()?].data {
                ScevData::Cast(CastKind::Trunc, x, _) => self.ty(*x),
                _ => return None,
            },
            _ => return None,
        };
        let mut large: Ops = SmallVec::new();
        for &op in ops.iter() {
            match self.nodes[op].data.clone() {
                ScevData::Cast(CastKind::Trunc, x, _) => {
                    if self.ty(x) != src_ty {
                        return None;
                    }
                    large.push(x);
                }
                ScevData::Const(_) => {
                    let e = self.get_any_extend(op, src_ty);
                    large.push(e);
                }
                ScevData::Mul(m) => {
                    let mut lm: Ops = SmallVec::new();
                    for &mo in m.iter() {
                        match self.nodes[mo].data.clone() {
                            ScevData::Cast(CastKind::Trunc, x, _) => {
                                if self.ty(x) != src_ty {
                                    return None;
                                }
                                lm.push(x);
                            }
                            ScevData::Const(_) => {
                                let e = self.get_any_extend(mo, src_ty);
                                lm.push(e);
                            }
                            _ => return None,
                        }
                    }
                    let p = self.get_mul(lm, NoWrap::ANY, depth + 1);
                    large.push(p);
                }
                _ => return None,
            }
        }
        let fold = self.get_add(large, NoWrap::ANY, depth + 1);
        if matches!(
            self.nodes[fold].data,
            ScevData::Const(_) | ScevData::Unknown(_)
        ) {
            return Some(self.get_truncate(fold, ty, 0));
        }
        None
    }

    /// LLVM's `CollectAddOperandsWithScales` folding of `a*X + b*X`.
    fn fold_add_scales(&mut self, ops: &Ops, ety: Ty, depth: u32) -> Option<Scev> {
        let bits = self.type_bits(ety);
        if bits > MAX_BITS {
            return None;
        }
        let mut order: Vec<Scev> = Vec::new();
        let mut scale: rustc_hash::FxHashMap<Scev, CInt> = rustc_hash::FxHashMap::default();
        let mut acc = CInt::zero(bits);
        let interesting =
            self.collect_scales(&mut order, &mut scale, &mut acc, ops, CInt::one(bits));
        if !interesting {
            return None;
        }
        // Group by scale, in unsigned order of the scale.
        let mut groups: Vec<(CInt, Ops)> = Vec::new();
        for s in order {
            let Some(&k) = scale.get(&s) else { continue };
            match groups.iter_mut().find(|(c, _)| *c == k) {
                Some((_, v)) => v.push(s),
                None => groups.push((k, smallvec![s])),
            }
        }
        groups.sort_by(|a, b| a.0.ucmp(b.0));
        let mut out: Ops = SmallVec::new();
        if !acc.is_zero() {
            out.push(self.get_const(acc));
        }
        for (k, v) in groups {
            if k.is_one() {
                out.push(self.get_add(v, NoWrap::ANY, depth + 1));
            } else if !k.is_zero() {
                let c = self.get_const(k);
                let sum = self.get_add(v, NoWrap::ANY, depth + 1);
                out.push(self.get_mul(smallvec![c, sum], NoWrap::ANY, depth + 1));
            }
        }
        if out.is_empty() {
            return Some(self.get_zero(ety));
        }
        if out.len() == 1 {
            return Some(out[0]);
        }
        Some(self.get_add(out, NoWrap::ANY, depth + 1))
    }

    fn collect_scales(
        &mut self,
        order: &mut Vec<Scev>,
        m: &mut rustc_hash::FxHashMap<Scev, CInt>,
        acc: &mut CInt,
        ops: &[Scev],
        scale: CInt,
    ) -> bool {
        let mut interesting = false;
        let mut i = 0;
        // Constants come first in sorted operand lists.
        while i < ops.len() {
            let Some(c) = self.as_const(ops[i]) else {
                break;
            };
            i += 1;
            if !scale.is_one() || !acc.is_zero() || c.is_zero() {
                interesting = true;
            }
            *acc = acc.add(scale.mul(c));
        }
        let add_key = |order: &mut Vec<Scev>,
                       m: &mut rustc_hash::FxHashMap<Scev, CInt>,
                       key: Scev,
                       sc: CInt|
         -> bool {
            match m.get_mut(&key) {
                None => {
                    m.insert(key, sc);
                    order.push(key);
                    false
                }
                Some(v) => {
                    *v = v.add(sc);
                    true
                }
            }
        };
        for &op in &ops[i..] {
            let data = self.nodes[op].data.clone();
            if let ScevData::Mul(mops) = &data {
                if let Some(c) = self.as_const(mops[0]) {
                    let new_scale = scale.mul(c);
                    if mops.len() == 2 {
                        if let ScevData::Add(aops) = self.nodes[mops[1]].data.clone() {
                            interesting |= self.collect_scales(order, m, acc, &aops, new_scale);
                            continue;
                        }
                    }
                    let key = if mops.len() == 2 {
                        mops[1]
                    } else {
                        let rest: Ops = mops[1..].iter().copied().collect();
                        self.get_mul(rest, NoWrap::ANY, 0)
                    };
                    interesting |= add_key(order, m, key, new_scale);
                    continue;
                }
            }
            interesting |= add_key(order, m, op, scale);
        }
        interesting
    }

    /// `(x, y)` when `s` is `x urem y` in SCEV form `x - (x /u y) * y`.
    pub(crate) fn match_urem(&self, s: Scev) -> Option<(Scev, Scev)> {
        // urem as written by LLVM's getURemExpr for constant powers of two
        // is a zext of a trunc; the general form is an add.
        if let ScevData::Cast(CastKind::ZExt, t, ty) = self.nodes[s].data {
            if let ScevData::Cast(CastKind::Trunc, x, tty) = self.nodes[t].data {
                if self.ty(x) == ty {
                    let tb = self.type_bits(tty);
                    if tb < 128 {
                        let _ = x;
                        // x urem 2^tb
                        return None;
                    }
                }
            }
        }
        let ScevData::Add(ops) = &self.nodes[s].data else {
            return None;
        };
        if ops.len() != 2 {
            return None;
        }
        let ScevData::Mul(m) = &self.nodes[ops[0]].data else {
            return None;
        };
        if m.len() != 3 || !self.is_all_ones(m[0]) {
            return None;
        }
        let x = ops[1];
        for (a, b) in [(m[1], m[2]), (m[2], m[1])] {
            if let ScevData::UDiv(dx, dy) = self.nodes[b].data {
                if dx == x && dy == a {
                    return Some((x, a));
                }
            }
        }
        None
    }

    /// LLVM's `getURemExpr`.
    pub fn get_urem(&mut self, a: Scev, b: Scev) -> Scev {
        if let Some(c) = self.as_const(b) {
            if c.is_one() {
                let t = self.ty(a);
                return self.get_zero(t);
            }
            if c.is_power_of_two() {
                let bits = c.log2();
                let full = self.ty(a);
                let t = self.get_truncate(a, Ty::Int(bits), 0);
                return self.get_zero_extend(t, full, 0);
            }
        }
        let d = self.get_udiv(a, b);
        let m = self.get_mul2(d, b, NoWrap::NUW);
        self.get_minus(a, m, NoWrap::NUW)
    }

    /// LLVM's `getMulExpr`.
    pub fn get_mul(&mut self, mut ops: Ops, orig_flags: NoWrap, depth: u32) -> Scev {
        if ops.iter().any(|&o| self.is_cnc(o)) || ops.is_empty() {
            return self.cnc;
        }
        if ops.len() == 1 {
            return ops[0];
        }
        if !self.same_width(&ops) || ops.iter().any(|&o| self.ty(o).is_ptr()) {
            return self.cnc;
        }
        self.group_by_complexity(&mut ops);
        let mut idx = 0;
        if let Some(mut lhs) = self.as_const(ops[0]) {
            idx = 1;
            let mut end = 1;
            while end < ops.len() {
                let Some(rhs) = self.as_const(ops[end]) else {
                    break;
                };
                lhs = lhs.mul(rhs);
                ops[0] = self.get_const(lhs);
                if ops.len() - end == 1 {
                    return ops[0];
                }
                end += 1;
            }
            ops.drain(1..end);
            if lhs.is_zero() {
                return ops[0];
            }
            if lhs.is_one() {
                ops.remove(0);
                idx -= 1;
            }
            if ops.len() == 1 {
                return ops[0];
            }
        }
        if (depth > MAX_ARITH_DEPTH || self.is_huge(&ops))
            && self.as_const(*ops.last().unwrap_or(&self.cnc)).is_none()
        {
            let f = self.strengthen_flags(6, &ops, orig_flags);
            return self.get_or_create_mul(ops, f);
        }
        if let Some(s) = self.find(&ScevData::Mul(ops.clone())) {
            if self.flags(s).mask(orig_flags) != orig_flags {
                let f = self.strengthen_flags(6, &ops, orig_flags);
                self.set_flags(s, f);
            }
            return s;
        }
        if let Some(c) = self.as_const(ops[0]) {
            if ops.len() == 2 {
                // C1*(C2+V) -> C1*C2 + C1*V.
                if let ScevData::Add(aops) = self.nodes[ops[1]].data.clone() {
                    if aops.len() == 2 && self.contains_constant_in_add_mul_chain(ops[1]) {
                        let l = self.get_mul(smallvec![ops[0], aops[0]], NoWrap::ANY, depth + 1);
                        let r = self.get_mul(smallvec![ops[0], aops[1]], NoWrap::ANY, depth + 1);
                        return self.get_add(smallvec![l, r], NoWrap::ANY, depth + 1);
                    }
                }
                if c.is_all_ones() {
                    match self.nodes[ops[1]].data.clone() {
                        ScevData::Add(aops) => {
                            let mut new_ops: Ops = SmallVec::new();
                            let mut any_folded = false;
                            for &ao in aops.iter() {
                                let m = self.get_mul(smallvec![ops[0], ao], NoWrap::ANY, depth + 1);
                                if !matches!(self.nodes[m].data, ScevData::Mul(_)) {
                                    any_folded = true;
                                }
                                new_ops.push(m);
                            }
                            if any_folded {
                                return self.get_add(new_ops, NoWrap::ANY, depth + 1);
                            }
                        }
                        ScevData::AddRec(rops, l) => {
                            let mut new_ops: Ops = SmallVec::new();
                            for &ro in rops.iter() {
                                new_ops.push(self.get_mul(
                                    smallvec![ops[0], ro],
                                    NoWrap::ANY,
                                    depth + 1,
                                ));
                            }
                            let arf = self.flags(ops[1]);
                            let mut mask = NoWrap::NW;
                            if arf.has(NoWrap::NSW) {
                                let min = self.signed_range(ops[1]).smin();
                                if !min.is_smin() {
                                    mask = mask.with(NoWrap::NSW);
                                }
                            }
                            return self.get_add_rec(new_ops, l, arf.mask(mask));
                        }
                        _ => {}
                    }
                }
            }
        }
        // Skip to multiplies and inline them.
        while idx < ops.len() && self.nodes[ops[idx]].data.kind_rank() < 6 {
            idx += 1;
        }
        if idx < ops.len() {
            let mut deleted = false;
            while idx < ops.len() {
                let ScevData::Mul(inner) = self.nodes[ops[idx]].data.clone() else {
                    break;
                };
                if ops.len() > MUL_OPS_INLINE {
                    break;
                }
                ops.remove(idx);
                ops.extend(inner.iter().copied());
                deleted = true;
            }
            if deleted {
                return self.get_mul(ops, NoWrap::ANY, depth + 1);
            }
        }
        // Fold loop invariants into recurrences.
        while idx < ops.len() && self.nodes[ops[idx]].data.kind_rank() < 8 {
            idx += 1;
        }
        while idx < ops.len() {
            let ScevData::AddRec(ar_ops, ar_loop) = self.nodes[ops[idx]].data.clone() else {
                break;
            };
            let ar = ops[idx];
            let mut li_ops: Ops = SmallVec::new();
            let mut i = 0;
            while i < ops.len() {
                if self.is_available_at_loop_entry(ops[i], ar_loop) {
                    li_ops.push(ops[i]);
                    ops.remove(i);
                } else {
                    i += 1;
                }
            }
            if !li_ops.is_empty() {
                let scale = self.get_mul(li_ops, NoWrap::ANY, depth + 1);
                let sf = self.strengthen_flags(6, &[scale, ar], orig_flags);
                let mut flags = self.flags(ar).mask(sf);
                let mut new_ops: Ops = SmallVec::new();
                for &o in ar_ops.iter() {
                    new_ops.push(self.get_mul(smallvec![scale, o], NoWrap::ANY, depth + 1));
                    if flags.has(NoWrap::NSW) && !flags.has(NoWrap::NUW) {
                        let sr = self.signed_range(scale);
                        let region =
                            ConstantRange::guaranteed_no_wrap_region(NoWrapOp::Mul, &sr, false);
                        let orr = self.signed_range(o);
                        if !region.contains_range(&orr) {
                            flags = flags.without(NoWrap::NSW);
                        }
                    }
                }
                let new_rec = self.get_add_rec(new_ops, ar_loop, flags);
                if ops.len() == 1 {
                    return new_rec;
                }
                if let Some(p) = ops.iter().position(|&o| o == ar) {
                    ops[p] = new_rec;
                }
                return self.get_mul(ops, NoWrap::ANY, depth + 1);
            }
            idx += 1;
        }
        let f = self.strengthen_flags(6, &ops, orig_flags);
        self.get_or_create_mul(ops, f)
    }

    fn contains_constant_in_add_mul_chain(&self, s: Scev) -> bool {
        let mut stack = vec![s];
        while let Some(x) = stack.pop() {
            match &self.nodes[x].data {
                ScevData::Const(_) => return true,
                ScevData::Add(o) | ScevData::Mul(o) => stack.extend(o.iter().copied()),
                _ => {}
            }
        }
        false
    }

    /// LLVM's `getUDivExpr`.
    pub fn get_udiv(&mut self, lhs: Scev, rhs: Scev) -> Scev {
        if self.is_cnc(lhs) || self.is_cnc(rhs) {
            return self.cnc;
        }
        if self.bits_of(lhs) != self.bits_of(rhs) || self.ty(lhs).is_ptr() || self.ty(rhs).is_ptr()
        {
            return self.cnc;
        }
        if let Some(s) = self.find(&ScevData::UDiv(lhs, rhs)) {
            return s;
        }
        let mut lhs = lhs;
        if self.is_zero(lhs) {
            return lhs;
        }
        if let Some(rc) = self.as_const(rhs) {
            if rc.is_one() {
                return lhs;
            }
            if !rc.is_zero() {
                let ty = self.ty(lhs);
                let bits = self.type_bits(ty);
                let lz = rc.leading_zeros();
                let mut max_shift = bits - lz - 1;
                if !rc.is_power_of_two() {
                    max_shift += 1;
                }
                let ext_bits = bits + max_shift;
                let ext = Ty::Int(ext_bits);
                if ext_bits <= MAX_BITS {
                    if let ScevData::AddRec(ar_ops, l) = self.nodes[lhs].data.clone() {
                        if ar_ops.len() == 2 {
                            if let Some(step) = self.as_const(ar_ops[1]) {
                                let zar = self.get_zero_extend(lhs, ext, 0);
                                let zs = self.get_zero_extend(ar_ops[0], ext, 0);
                                let zst = self.get_zero_extend(ar_ops[1], ext, 0);
                                let wide = self.get_add_rec(smallvec![zs, zst], l, NoWrap::ANY);
                                if step.urem(rc).is_some_and(CInt::is_zero) && zar == wide {
                                    let mut new_ops: Ops = SmallVec::new();
                                    for &o in ar_ops.iter() {
                                        new_ops.push(self.get_udiv(o, rhs));
                                    }
                                    return self.get_add_rec(new_ops, l, NoWrap::NW);
                                }
                                if let Some(start) = self.as_const(ar_ops[0]) {
                                    if rc.urem(step).is_some_and(CInt::is_zero) && zar == wide {
                                        let rem = start.urem(step).unwrap_or(CInt::zero(bits));
                                        if !rem.is_zero() {
                                            let ns = self.get_const(start.sub(rem));
                                            let f = self.flags(lhs);
                                            let new_lhs =
                                                self.get_add_rec(smallvec![ns, ar_ops[1]], l, f);
                                            if new_lhs != lhs {
                                                lhs = new_lhs;
                                                if let Some(s) =
                                                    self.find(&ScevData::UDiv(lhs, rhs))
                                                {
                                                    return s;
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    if let ScevData::Mul(mops) = self.nodes[lhs].data.clone() {
                        let mut zops: Ops = SmallVec::new();
                        for &o in mops.iter() {
                            zops.push(self.get_zero_extend(o, ext, 0));
                        }
                        let zm = self.get_zero_extend(lhs, ext, 0);
                        let wide = self.get_mul(zops, NoWrap::ANY, 0);
                        if zm == wide {
                            for (i, &o) in mops.iter().enumerate() {
                                let div = self.get_udiv(o, rhs);
                                if !matches!(self.nodes[div].data, ScevData::UDiv(..))
                                    && self.get_mul2(div, rhs, NoWrap::ANY) == o
                                {
                                    let mut nops = mops.clone();
                                    nops[i] = div;
                                    return self.get_mul(nops, NoWrap::ANY, 0);
                                }
                            }
                        }
                    }
                }
                if let ScevData::UDiv(a, d) = self.nodes[lhs].data {
                    if let Some(dc) = self.as_const(d) {
                        let (prod, ov) = dc.umul_ov(rc);
                        if ov {
                            return self.get_zero(ty);
                        }
                        let p = self.get_const(prod);
                        return self.get_udiv(a, p);
                    }
                }
                if ext_bits <= MAX_BITS {
                    if let ScevData::Add(aops) = self.nodes[lhs].data.clone() {
                        let mut zops: Ops = SmallVec::new();
                        for &o in aops.iter() {
                            zops.push(self.get_zero_extend(o, ext, 0));
                        }
                        let za = self.get_zero_extend(lhs, ext, 0);
                        let wide = self.get_add(zops, NoWrap::ANY, 0);
                        if za == wide {
                            let mut out: Ops = SmallVec::new();
                            for &o in aops.iter() {
                                let d = self.get_udiv(o, rhs);
                                if matches!(self.nodes[d].data, ScevData::UDiv(..))
                                    || self.get_mul2(d, rhs, NoWrap::ANY) != o
                                {
                                    break;
                                }
                                out.push(d);
                            }
                            if out.len() == aops.len() {
                                return self.get_add(out, NoWrap::ANY, 0);
                            }
                        }
                    }
                }
                if let Some(lc) = self.as_const(lhs) {
                    if let Some(q) = lc.udiv(rc) {
                        return self.get_const(q);
                    }
                }
            }
        }
        // ((-C + (C smax %x)) /u %x) evaluates to zero.
        if let ScevData::Add(aops) = self.nodes[lhs].data.clone() {
            if aops.len() == 2 {
                if let Some(negc) = self.as_const(aops[0]) {
                    if negc.is_negative() && !negc.is_smin() {
                        if let ScevData::MinMax(MinMaxKind::SMax, mm) = &self.nodes[aops[1]].data {
                            if mm.len() == 2
                                && self.as_const(mm[0]) == Some(negc.neg())
                                && mm[1] == rhs
                            {
                                let t = self.ty(lhs);
                                return self.get_zero(t);
                            }
                        }
                    }
                }
            }
        }
        let t = self.ty(lhs);
        self.intern(ScevData::UDiv(lhs, rhs), t)
    }

    /// LLVM's `getAddRecExpr`.
    pub fn get_add_rec(&mut self, mut ops: Ops, l: Loop, flags: NoWrap) -> Scev {
        if ops.iter().any(|&o| self.is_cnc(o)) || ops.is_empty() {
            return self.cnc;
        }
        if ops.len() == 1 {
            return ops[0];
        }
        if !self.same_width(&ops) || ops[1..].iter().any(|&o| self.ty(o).is_ptr()) {
            return self.cnc;
        }
        if self.is_zero(*ops.last().unwrap_or(&self.cnc)) {
            ops.pop();
            return self.get_add_rec(ops, l, NoWrap::ANY);
        }
        let flags = self.strengthen_flags(8, &ops, flags);
        if let ScevData::AddRec(nested, nl) = self.nodes[ops[0]].data.clone() {
            let reorder = if self.lf.contains_loop(l, nl) {
                self.lf.depth(l) < self.lf.depth(nl)
            } else {
                !self.lf.contains_loop(nl, l)
                    && self.dt.dominates(self.lf.header(l), self.lf.header(nl))
            };
            if reorder {
                let nested_ar = ops[0];
                let mut nested_ops = nested.clone();
                ops[0] = nested[0];
                if ops.iter().all(|&o| self.is_loop_invariant(o, l)) {
                    let outer_flags = flags.mask(NoWrap::NW.with(self.flags(nested_ar)));
                    nested_ops[0] = self.get_add_rec(ops.clone(), l, outer_flags);
                    if nested_ops.iter().all(|&o| self.is_loop_invariant(o, nl)) {
                        let inner_flags = self.flags(nested_ar).mask(NoWrap::NW.with(flags));
                        return self.get_add_rec(nested_ops, nl, inner_flags);
                    }
                }
                ops[0] = nested_ar;
            }
        }
        self.get_or_create_add_rec(ops, l, flags)
    }

    pub fn get_add_rec2(&mut self, start: Scev, step: Scev, l: Loop, flags: NoWrap) -> Scev {
        self.get_add_rec(smallvec![start, step], l, flags)
    }

    /// LLVM's `getTruncateExpr`.
    pub fn get_truncate(&mut self, op: Scev, ty: Ty, depth: u32) -> Scev {
        if self.is_cnc(op) {
            return op;
        }
        let bits = self.type_bits(ty);
        let src = self.bits_of(op);
        if bits > src || bits == 0 {
            return self.cnc;
        }
        if bits == src && !self.ty(op).is_ptr() {
            return op;
        }
        let ty = self.effective_ty(ty);
        if let Some(s) = self.find(&ScevData::Cast(CastKind::Trunc, op, ty)) {
            return s;
        }
        if let Some(c) = self.as_const(op) {
            return self.get_const(c.trunc(bits));
        }
        match self.nodes[op].data.clone() {
            ScevData::Cast(CastKind::Trunc, x, _) => return self.get_truncate(x, ty, depth + 1),
            ScevData::Cast(CastKind::ZExt, x, _) => {
                return self.get_truncate_or_zero_extend(x, ty, depth + 1)
            }
            ScevData::Cast(CastKind::SExt, x, _) => {
                return self.get_truncate_or_sign_extend(x, ty, depth + 1)
            }
            _ => {}
        }
        if depth > MAX_CAST_DEPTH {
            return self.intern(ScevData::Cast(CastKind::Trunc, op, ty), ty);
        }
        // trunc(x1 + ... + xN) --> trunc(x1) + ... + trunc(xN) and likewise
        // for mul, if at most one truncate does not fold away.
        let data = self.nodes[op].data.clone();
        if let ScevData::Add(o) | ScevData::Mul(o) = &data {
            let is_add = matches!(data, ScevData::Add(_));
            let mut new_ops: Ops = SmallVec::new();
            let mut num_truncs = 0;
            for &x in o.iter() {
                if num_truncs >= 2 {
                    break;
                }
                let s = self.get_truncate(x, ty, depth + 1);
                if !matches!(self.nodes[x].data, ScevData::Cast(..))
                    && matches!(self.nodes[s].data, ScevData::Cast(CastKind::Trunc, ..))
                {
                    num_truncs += 1;
                }
                new_ops.push(s);
            }
            if num_truncs < 2 && new_ops.len() == o.len() {
                return if is_add {
                    self.get_add(new_ops, NoWrap::ANY, 0)
                } else {
                    self.get_mul(new_ops, NoWrap::ANY, 0)
                };
            }
        }
        if let ScevData::AddRec(o, l) = data {
            let mut new_ops: Ops = SmallVec::new();
            for &x in o.iter() {
                new_ops.push(self.get_truncate(x, ty, depth + 1));
            }
            return self.get_add_rec(new_ops, l, NoWrap::ANY);
        }
        if let ScevData::MinMax(kind @ (MinMaxKind::UMin | MinMaxKind::UMax), o) = data {
            let _ = (kind, o);
        }
        self.intern(ScevData::Cast(CastKind::Trunc, op, ty), ty)
    }

    pub fn get_truncate_or_zero_extend(&mut self, op: Scev, ty: Ty, depth: u32) -> Scev {
        let (a, b) = (self.bits_of(op), self.type_bits(ty));
        match a.cmp(&b) {
            Ordering::Greater => self.get_truncate(op, ty, depth),
            Ordering::Less => self.get_zero_extend(op, ty, depth),
            Ordering::Equal => op,
        }
    }

    pub fn get_truncate_or_sign_extend(&mut self, op: Scev, ty: Ty, depth: u32) -> Scev {
        let (a, b) = (self.bits_of(op), self.type_bits(ty));
        match a.cmp(&b) {
            Ordering::Greater => self.get_truncate(op, ty, depth),
            Ordering::Less => self.get_sign_extend(op, ty, depth),
            Ordering::Equal => op,
        }
    }

    pub fn get_noop_or_zero_extend(&mut self, op: Scev, ty: Ty) -> Scev {
        if self.bits_of(op) == self.type_bits(ty) {
            return op;
        }
        self.get_zero_extend(op, ty, 0)
    }

    pub fn get_noop_or_sign_extend(&mut self, op: Scev, ty: Ty) -> Scev {
        if self.bits_of(op) == self.type_bits(ty) {
            return op;
        }
        self.get_sign_extend(op, ty, 0)
    }

    /// LLVM's `getAnyExtendExpr` (used on constants and in folding).
    pub fn get_any_extend(&mut self, op: Scev, ty: Ty) -> Scev {
        if self.bits_of(op) >= self.type_bits(ty) {
            return self.get_truncate_or_zero_extend(op, ty, 0);
        }
        if let Some(c) = self.as_const(op) {
            let _ = c;
            return self.get_sign_extend(op, ty, 0);
        }
        let z = self.get_zero_extend(op, ty, 0);
        if !matches!(self.nodes[z].data, ScevData::Cast(CastKind::ZExt, ..)) {
            return z;
        }
        let s = self.get_sign_extend(op, ty, 0);
        if !matches!(self.nodes[s].data, ScevData::Cast(CastKind::SExt, ..)) {
            return s;
        }
        z
    }

    /// LLVM's `getMinMaxExpr` for the commutative kinds and
    /// `getSequentialMinMaxExpr` for `umin_seq`.
    pub fn get_min_max(&mut self, kind: MinMaxKind, mut ops: Ops) -> Scev {
        if ops.iter().any(|&o| self.is_cnc(o)) || ops.is_empty() {
            return self.cnc;
        }
        if ops.len() == 1 {
            return ops[0];
        }
        if !self.same_width(&ops) {
            return self.cnc;
        }
        if kind == MinMaxKind::SeqUMin {
            return self.get_seq_umin(ops);
        }
        let is_signed = matches!(kind, MinMaxKind::SMax | MinMaxKind::SMin);
        let is_max = matches!(kind, MinMaxKind::SMax | MinMaxKind::UMax);
        self.group_by_complexity(&mut ops);
        if let Some(s) = self.find(&ScevData::MinMax(kind, ops.clone())) {
            return s;
        }
        let mut idx = 0;
        if let Some(mut lhs) = self.as_const(ops[0]) {
            idx = 1;
            let mut end = 1;
            while end < ops.len() {
                let Some(rhs) = self.as_const(ops[end]) else {
                    break;
                };
                lhs = match kind {
                    MinMaxKind::UMax => lhs.umax(rhs),
                    MinMaxKind::UMin => lhs.umin(rhs),
                    MinMaxKind::SMax => lhs.smax(rhs),
                    _ => lhs.smin(rhs),
                };
                ops[0] = self.get_const(lhs);
                end += 1;
            }
            ops.drain(1..end);
            if ops.len() == 1 {
                // Only constants: LLVM returns the fold before it strips an
                // identity (which would leave no operand).
                return ops[0];
            }
            let bits = lhs.bits();
            let identity = match kind {
                MinMaxKind::UMax => CInt::zero(bits),
                MinMaxKind::UMin => CInt::all_ones(bits),
                MinMaxKind::SMax => CInt::smin_value(bits),
                _ => CInt::smax_value(bits),
            };
            let absorbing = match kind {
                MinMaxKind::UMax => CInt::all_ones(bits),
                MinMaxKind::UMin => CInt::zero(bits),
                MinMaxKind::SMax => CInt::smax_value(bits),
                _ => CInt::smin_value(bits),
            };
            if lhs == identity {
                ops.remove(0);
                idx -= 1;
            } else if lhs == absorbing {
                return ops[0];
            }
            if ops.len() == 1 {
                return ops[0];
            }
        }
        let krank = ScevData::MinMax(kind, SmallVec::new()).kind_rank();
        while idx < ops.len() && self.nodes[ops[idx]].data.kind_rank() < krank {
            idx += 1;
        }
        if idx < ops.len() {
            let mut deleted = false;
            while idx < ops.len() {
                let ScevData::MinMax(k2, inner) = self.nodes[ops[idx]].data.clone() else {
                    break;
                };
                if k2 != kind {
                    break;
                }
                ops.remove(idx);
                ops.extend(inner.iter().copied());
                deleted = true;
            }
            if deleted {
                return self.get_min_max(kind, ops);
            }
        }
        // Remove operands implied by others: for max, x >= y drops y.
        let pred_first_wins = match (is_signed, is_max) {
            (true, true) => loopwright_ir::Predicate::Sge,
            (false, true) => loopwright_ir::Predicate::Uge,
            (true, false) => loopwright_ir::Predicate::Sle,
            (false, false) => loopwright_ir::Predicate::Ule,
        };
        let pred_second_wins = pred_first_wins.swapped();
        let mut i = 0;
        while i + 1 < ops.len() {
            if ops[i] == ops[i + 1]
                || self.is_known_via_non_recursive_reasoning(pred_first_wins, ops[i], ops[i + 1])
            {
                ops.remove(i + 1);
                continue;
            }
            if self.is_known_via_non_recursive_reasoning(pred_second_wins, ops[i], ops[i + 1]) {
                ops.remove(i);
                continue;
            }
            i += 1;
        }
        if ops.len() == 1 {
            return ops[0];
        }
        let ty = self.ty(ops[0]);
        self.intern(ScevData::MinMax(kind, ops), ty)
    }

    fn get_seq_umin(&mut self, mut ops: Ops) -> Scev {
        if let Some(s) = self.find(&ScevData::MinMax(MinMaxKind::SeqUMin, ops.clone())) {
            return s;
        }
        // Keep the first instance of each operand (also inside nested umin).
        let mut seen: Vec<Scev> = Vec::new();
        let mut changed = false;
        let mut out: Ops = SmallVec::new();
        for &o in ops.iter() {
            if seen.contains(&o) {
                changed = true;
                continue;
            }
            seen.push(o);
            out.push(o);
        }
        if changed {
            return self.get_min_max(MinMaxKind::SeqUMin, out);
        }
        // Flatten nested umin_seq.
        let mut i = 0;
        let mut deleted = false;
        while i < ops.len() {
            if let ScevData::MinMax(MinMaxKind::SeqUMin, inner) = self.nodes[ops[i]].data.clone() {
                ops.remove(i);
                for (k, &x) in inner.iter().enumerate() {
                    ops.insert(i + k, x);
                }
                deleted = true;
            } else {
                i += 1;
            }
        }
        if deleted {
            return self.get_min_max(MinMaxKind::SeqUMin, ops);
        }
        let t = self.ty(ops[0]);
        let zero = self.get_zero(t);
        for i in 1..ops.len() {
            if !self.is_guaranteed_not_to_cause_ub(ops[i]) {
                continue;
            }
            if self.implies_poison(ops[i], ops[i - 1])
                || self.is_known_via_non_recursive_reasoning(
                    loopwright_ir::Predicate::Ne,
                    ops[i - 1],
                    zero,
                )
            {
                let pair: Ops = smallvec![ops[i - 1], ops[i]];
                ops[i - 1] = self.get_min_max(MinMaxKind::UMin, pair);
                ops.remove(i);
                return self.get_min_max(MinMaxKind::SeqUMin, ops);
            }
            if self.is_known_via_non_recursive_reasoning(
                loopwright_ir::Predicate::Ule,
                ops[i - 1],
                ops[i],
            ) {
                ops.remove(i);
                return self.get_min_max(MinMaxKind::SeqUMin, ops);
            }
        }
        self.intern(ScevData::MinMax(MinMaxKind::SeqUMin, ops), t)
    }

    fn is_guaranteed_not_to_cause_ub(&self, s: Scev) -> bool {
        let mut stack = vec![s];
        while let Some(x) = stack.pop() {
            if let ScevData::UDiv(a, b) = self.nodes[x].data {
                // A divisor that may be zero or poison can cause UB.
                let nonzero_const = self.as_const(b).is_some_and(|c| !c.is_zero());
                if !nonzero_const {
                    return false;
                }
                stack.push(a);
            } else {
                stack.extend(self.operands_of(x));
            }
        }
        true
    }

    /// Whether `assumed` being poison implies `s` is poison.
    fn implies_poison(&self, assumed: Scev, s: Scev) -> bool {
        let a = self.maybe_poison_unknowns(assumed, true);
        if a.is_empty() {
            return true;
        }
        let b = self.maybe_poison_unknowns(s, false);
        a.iter().all(|x| b.contains(x))
    }

    fn maybe_poison_unknowns(&self, s: Scev, look_through: bool) -> Vec<Scev> {
        let mut out = Vec::new();
        let mut stack = vec![s];
        let mut seen = rustc_hash::FxHashSet::default();
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            match &self.nodes[x].data {
                ScevData::Unknown(u) => {
                    if !self.unknown_not_poison(*u) {
                        out.push(x);
                    }
                }
                ScevData::MinMax(MinMaxKind::SeqUMin, _) if !look_through => {}
                ScevData::UDiv(a, b) => {
                    stack.push(*a);
                    stack.push(*b);
                }
                d => stack.extend(d.operands().iter().copied()),
            }
        }
        out
    }

    fn unknown_not_poison(&self, u: UnkRef) -> bool {
        match u {
            UnkRef::Const(c) => !matches!(
                self.m.consts.data(c),
                loopwright_ir::ConstData::Undef(_)
                    | loopwright_ir::ConstData::Poison(_)
                    | loopwright_ir::ConstData::Expr(_)
            ),
            UnkRef::Value(v) => {
                match self.f.value_def(v) {
                    loopwright_ir::ValueDef::Param(i) => {
                        let set = self.f.param_attrs.get(i as usize).copied();
                        set.is_some_and(|s| {
                            self.m.attrs.get(s).iter().any(
                                |a| matches!(a, loopwright_ir::Attr::Flag(k) if &**k == "noundef"),
                            )
                        })
                    }
                    loopwright_ir::ValueDef::Result(i) => {
                        let d = self.f.inst(i);
                        d.opcode == loopwright_ir::Opcode::Freeze
                            || (d.opcode == loopwright_ir::Opcode::Load
                                && self
                                    .m
                                    .md
                                    .find_kind("noundef")
                                    .is_some_and(|k| d.md.get(k).is_some()))
                    }
                    _ => false,
                }
            }
        }
    }

    pub fn get_umin(&mut self, a: Scev, b: Scev, sequential: bool) -> Scev {
        let k = if sequential {
            MinMaxKind::SeqUMin
        } else {
            MinMaxKind::UMin
        };
        self.get_min_max(k, smallvec![a, b])
    }
    pub fn get_umax(&mut self, a: Scev, b: Scev) -> Scev {
        self.get_min_max(MinMaxKind::UMax, smallvec![a, b])
    }
    pub fn get_smax(&mut self, a: Scev, b: Scev) -> Scev {
        self.get_min_max(MinMaxKind::SMax, smallvec![a, b])
    }
    pub fn get_smin(&mut self, a: Scev, b: Scev) -> Scev {
        self.get_min_max(MinMaxKind::SMin, smallvec![a, b])
    }

    /// umin of operands of possibly different widths, zero-extended to the
    /// widest (LLVM's `getUMinFromMismatchedTypes`).
    pub fn get_umin_mismatched(&mut self, ops: &[Scev], sequential: bool) -> Scev {
        if ops.is_empty() {
            return self.cnc;
        }
        if ops.len() == 1 {
            return ops[0];
        }
        let mut max_ty = self.ty(ops[0]);
        for &o in &ops[1..] {
            max_ty = self.wider_ty(max_ty, self.ty(o));
        }
        let mut p: Ops = SmallVec::new();
        for &o in ops {
            p.push(self.get_noop_or_zero_extend(o, max_ty));
        }
        let k = if sequential {
            MinMaxKind::SeqUMin
        } else {
            MinMaxKind::UMin
        };
        self.get_min_max(k, p)
    }

    pub fn get_umax_mismatched(&mut self, a: Scev, b: Scev) -> Scev {
        let t = self.wider_ty(self.ty(a), self.ty(b));
        let a = self.get_noop_or_zero_extend(a, t);
        let b = self.get_noop_or_zero_extend(b, t);
        self.get_umax(a, b)
    }

    /// LLVM's `getPtrToIntExpr` (to the index type): rewrites `ptrtoint`
    /// through adds, muls and recurrences down to the pointer unknowns.
    pub fn get_ptr_to_int(&mut self, op: Scev) -> Scev {
        if self.is_cnc(op) {
            return op;
        }
        let t = self.ty(op);
        if !t.is_ptr() {
            return op;
        }
        let it = self.effective_ty(t);
        if let Some(s) = self.find(&ScevData::Cast(CastKind::PtrToInt, op, it)) {
            return s;
        }
        match self.nodes[op].data.clone() {
            ScevData::Unknown(u) => {
                if let UnkRef::Const(c) = u {
                    if matches!(self.m.consts.data(c), loopwright_ir::ConstData::Null(_)) {
                        return self.get_zero(it);
                    }
                }
                self.intern(ScevData::Cast(CastKind::PtrToInt, op, it), it)
            }
            ScevData::Add(ops) => {
                let mut n: Ops = SmallVec::new();
                for &o in ops.iter() {
                    n.push(self.get_ptr_to_int(o));
                }
                let f = self.flags(op);
                self.get_add(n, f, 0)
            }
            ScevData::AddRec(ops, l) => {
                let mut n: Ops = SmallVec::new();
                for &o in ops.iter() {
                    n.push(self.get_ptr_to_int(o));
                }
                let f = self.flags(op);
                self.get_add_rec(n, l, f)
            }
            ScevData::MinMax(k, ops) => {
                let mut n: Ops = SmallVec::new();
                for &o in ops.iter() {
                    n.push(self.get_ptr_to_int(o));
                }
                self.get_min_max(k, n)
            }
            _ => self.intern(ScevData::Cast(CastKind::PtrToInt, op, it), it),
        }
    }
}

#[cfg(test)]
mod group_tests {
    use super::{group_copies, GROUP_SCAN_ALL};
    use loopwright_testkit::Rng;

    /// LLVM's grouping loop as written (`GroupByComplexity` after its sort).
    fn llvm_group(ops: &mut [(u8, u32)]) {
        let e = ops.len();
        if e < 3 {
            return;
        }
        let mut i = 0;
        while i < e - 2 {
            let s = ops[i];
            let mut j = i + 1;
            while j != e && ops[j].0 == s.0 {
                if ops[j] == s {
                    ops.swap(i + 1, j);
                    i += 1;
                    if i == e - 2 {
                        return;
                    }
                }
                j += 1;
            }
            i += 1;
        }
    }

    /// Random operands sorted by kind (as the sort leaves them), with
    /// copies, on both sides of the size where counting starts: the same
    /// order as LLVM's loop.
    #[test]
    fn grouping_is_llvms() {
        let mut rng = Rng::new(13);
        for round in 0..4000 {
            let n = 3 + rng.below(3 * GROUP_SCAN_ALL);
            let kinds = 1 + rng.below(4);
            let values = 1 + rng.below(if round % 2 == 0 { 4 } else { 2 * n });
            let mut ops: Vec<(u8, u32)> = (0..n)
                .map(|_| (rng.below(kinds) as u8, rng.below(values) as u32))
                .collect();
            ops.sort_by_key(|o| o.0);
            let mut want = ops.clone();
            llvm_group(&mut want);
            group_copies(&mut ops, |o| o.0);
            assert_eq!(ops, want, "round {round}");
        }
    }

    /// Distinct operands of one kind (a long `smax` of loads): the scans
    /// visit nothing, where LLVM's loop visits n²/2 operands; with a few
    /// copies, a run per copy.
    #[test]
    fn grouping_is_linear_without_copies() {
        let n = 4096;
        let mut ops: Vec<(u8, u32)> = (0..n).map(|v| (15, v)).collect();
        assert_eq!(group_copies(&mut ops, |o| o.0), 0);
        ops.push((15, 7));
        ops.push((15, 4000));
        let mut want = ops.clone();
        llvm_group(&mut want);
        let visited = group_copies(&mut ops, |o| o.0);
        assert!(visited <= 2 * ops.len(), "{visited} operands visited");
        assert_eq!(ops, want);
        assert_eq!((ops[8], ops[4001]), ((15, 7), (15, 4000)));
    }
}

#[cfg(test)]
mod sort_tests {
    use super::{compare_values, group_copies, merge_sort_by, value_signature, Ops, ScevData};
    use super::{Scev, SIGNATURES_FROM};
    use crate::cfg::ControlFlowGraph;
    use crate::domtree::DominatorTree;
    use crate::loops::LoopForest;
    use crate::scev::ScalarEvolution;
    use loopwright_testkit::Rng;
    use std::cmp::Ordering;

    /// Opaque values of many shapes: loads through arguments and external
    /// and internal globals, at two loop depths, calls, phis, divisions.
    const SHAPES: &str = r#"
@ext = global [8 x i32] zeroinitializer
@ext2 = global [8 x i32] zeroinitializer
@int = internal global [8 x i32] zeroinitializer
@int2 = internal global [8 x i32] zeroinitializer
declare i32 @g(i32)
define void @f(ptr %a, ptr %b, i32 %n, i32 %m) {
entry:
  %e1 = load i32, ptr %a
  %e2 = load i32, ptr %b
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %x = phi i32 [ 0, %entry ], [ %l1, %loop ]
  %p1 = getelementptr inbounds i32, ptr %a, i32 %i
  %l1 = load i32, ptr %p1
  %p10 = getelementptr inbounds i32, ptr %a, i32 %n
  %l10 = load i32, ptr %p10
  %p2 = getelementptr inbounds i32, ptr %a, i32 3
  %l2 = load i32, ptr %p2
  %p3 = getelementptr inbounds i32, ptr %b, i32 %m
  %l3 = load i32, ptr %p3
  %l4 = load i32, ptr @ext
  %l5 = load i32, ptr @ext2
  %l6 = load i32, ptr @int
  %l7 = load i32, ptr @int2
  %p8 = getelementptr inbounds i32, ptr @ext, i32 %i
  %l8 = load i32, ptr %p8
  %p9 = getelementptr inbounds i32, ptr @int, i32 %i
  %l9 = load i32, ptr %p9
  %c1 = call i32 @g(i32 %l1)
  %c2 = call i32 @g(i32 %n)
  %s1 = sdiv i32 %n, %m
  %s2 = sdiv i32 %m, %l1
  %s3 = srem i32 %n, 7
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %o1 = load i32, ptr %p1
  %o2 = load i32, ptr %p10
  ret void
}
"#;

    /// `f` on the analysis of `SHAPES` and its opaque values, with a
    /// lookup by name.
    fn with_pool(f: impl FnOnce(&mut ScalarEvolution<'_>, Vec<Scev>, &dyn Fn(&str) -> Scev)) {
        let m = loopwright_parse::parse_module(SHAPES.as_bytes(), "t.ll").expect("parses");
        let (_, func) = m
            .functions
            .iter()
            .find(|(_, f)| !f.is_declaration())
            .expect("f");
        let cfg = ControlFlowGraph::compute(func);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        let mut se = ScalarEvolution::new(&m, func, &cfg, &dt, &lf);
        let mut pool: Vec<Scev> = func.params.iter().map(|&p| se.scev_of(p)).collect();
        for b in func.layout.blocks() {
            for i in func.layout.block_insts(b) {
                if let Some(v) = func.inst_result(i) {
                    pool.push(se.scev_of(v));
                }
            }
        }
        pool.retain(|&s| matches!(se.nodes[s].data, ScevData::Unknown(_)));
        let names: Vec<(&str, Scev)> = func
            .layout
            .blocks()
            .flat_map(|b| func.layout.block_insts(b))
            .filter_map(|i| func.inst_result(i))
            .filter_map(|v| Some((func.value_name(v)?, se.values[&v])))
            .collect();
        let named = |name: &str| names.iter().find(|(n, _)| *n == name).expect("named").1;
        f(&mut se, pool, &named);
    }

    /// The lemma the shortcut rests on: opaque values with equal
    /// signatures compare equal.
    #[test]
    fn equal_signatures_compare_equal() {
        with_pool(|se, pool, _| {
            let sig = |s: Scev| {
                let ScevData::Unknown(u) = se.nodes[s].data else {
                    unreachable!()
                };
                let mut out = Vec::new();
                assert!(value_signature(se.m, se.f, se.lf, u, 1, &mut out));
                out
            };
            let mut equal_pairs = 0;
            for &a in &pool {
                for &b in &pool {
                    let (ScevData::Unknown(x), ScevData::Unknown(y)) =
                        (&se.nodes[a].data, &se.nodes[b].data)
                    else {
                        unreachable!()
                    };
                    if a != b && sig(a) == sig(b) {
                        equal_pairs += 1;
                        assert_eq!(
                            compare_values(se.m, se.f, se.lf, *x, *y, 1),
                            Ordering::Equal
                        );
                    }
                }
            }
            // %l1/%l10, %l6/%l7, %o1/%o2, %e1/%e2, ... (both orders).
            assert!(equal_pairs >= 8, "{equal_pairs}");
        });
    }

    /// Random operand lists, some of one signature (and constants, an add
    /// recurrence), some mixed: the same order as sorting them.
    #[test]
    fn sorting_by_kind_is_the_sort() {
        with_pool(|se, pool, named| {
            let (ext, ext2, int) = (named("l4"), named("l5"), named("l6"));
            let mut rng = Rng::new(10);
            let (mut short, mut sorted) = (0, 0);
            let sig = |se: &ScalarEvolution<'_>, s: Scev| {
                let ScevData::Unknown(u) = se.nodes[s].data else {
                    unreachable!()
                };
                let mut out = Vec::new();
                value_signature(se.m, se.f, se.lf, u, 1, &mut out);
                out
            };
            // The loads of the exit block, of one signature.
            let last = sig(se, pool[pool.len() - 1]);
            let same: Vec<Scev> = pool
                .iter()
                .copied()
                .filter(|&s| sig(se, s) == last)
                .collect();
            assert!(same.len() >= 2);
            let seven = se.get_const_ty(super::Ty::Int(32), 7);
            let (mut globals_mixed, mut ranked_classes) = (0, 0);
            for round in 0..800 {
                let n = SIGNATURES_FROM + rng.below(40);
                // One signature; every value; a few values and the
                // signature; the loads of external and internal globals
                // (`compare_values` orders `@ext` before `@ext2` and neither
                // before `@int`: no ranking) and the signature.
                let few: Vec<Scev> = (0..1 + rng.below(4))
                    .map(|_| *rng.pick(&pool))
                    .chain(same.iter().copied())
                    .collect();
                let globals: Vec<Scev> = [ext, ext2, int]
                    .into_iter()
                    .chain(same.iter().copied())
                    .collect();
                let from = match round % 4 {
                    0 => &same,
                    1 => &pool,
                    2 => &few,
                    _ => &globals,
                };
                let mut ops: Ops = (0..n).map(|_| *rng.pick(from)).collect();
                if rng.chance(0.5) {
                    let k = rng.below(n);
                    ops.insert(k, seven);
                }
                let mut want = ops.clone();
                merge_sort_by(&mut want, &|a, b| se.less_complex(*a, *b));
                group_copies(&mut want, |s| se.nodes[s].data.kind_rank());
                match se.complexity_keys(&ops) {
                    Some(keys) => {
                        short += 1;
                        if keys.iter().any(|k| k.1 > 0) {
                            ranked_classes += 1;
                        }
                    }
                    None => {
                        sorted += 1;
                        let has = |x| ops.contains(&x);
                        if has(ext) && has(ext2) && has(int) {
                            globals_mixed += 1;
                        }
                    }
                }
                se.group_by_complexity(&mut ops);
                assert_eq!(ops, want, "round {round}");
            }
            assert!(
                ranked_classes >= 50 && globals_mixed >= 5,
                "{ranked_classes} {globals_mixed}"
            );
            assert!(short >= 200 && sorted >= 150, "{short} {sorted}");
        });
    }
}
