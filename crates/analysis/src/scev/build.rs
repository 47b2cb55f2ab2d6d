//! From IR values to expressions (LLVM's `createSCEV`): binary operators
//! (including shifts and masks that are multiplications, divisions and
//! truncations), casts, GEPs (with the data layout's sizes and struct
//! offsets), selects and select-like phis that are min/max, min/max
//! intrinsics, and header phis that are add recurrences.
//!
//! Values are created with an explicit worklist over their operands
//! (LLVM's `createSCEVIter`), so long dependence chains do not recurse;
//! only header phis recurse, through their backedge values.
//!
//! No-wrap flags come from the IR only where LLVM trusts them: the flags
//! of an instruction apply to its expression when a poison result would
//! be undefined behaviour and the operands' defining scope reaches it
//! (`isSCEVExprNeverPoison`); the flags of an induction variable's
//! increment apply to the recurrence.

use super::expr::{MinMaxKind, NoWrap, Ops, Scev, ScevData, Ty, UnkRef};
use super::int::{CInt, MAX_BITS};
use super::ScalarEvolution;
use loopwright_ir::{
    Attr, Block, ConstData, ConstExpr, Extra, Flags, Inst, InstData, Opcode, Operand, Predicate,
    TypeData, Value, ValueDef,
};
use smallvec::{smallvec, SmallVec};

/// A uniform view of an instruction or a constant expression.
#[derive(Clone, Debug)]
pub(crate) struct OpView {
    pub opcode: Opcode,
    pub flags: Flags,
    pub ops: SmallVec<[Operand; 4]>,
    pub source_ty: Option<loopwright_ir::Type>,
    pub pred: Option<Predicate>,
    pub inst: Option<Inst>,
    pub ty: loopwright_ir::Type,
}

/// A binary operation as LLVM's `MatchBinaryOp` sees it.
#[derive(Copy, Clone, Debug)]
pub(crate) struct BinOp {
    pub opcode: Opcode,
    pub lhs: Operand,
    pub rhs: Operand,
    pub nsw: bool,
    pub nuw: bool,
    /// The instruction itself, when the flags are its own.
    pub op: Option<Operand>,
}

const MAX_PHI_NESTING: u32 = 256;
/// Expressions larger than this become opaque values.
const MAX_EXPR_SIZE: u32 = 4096;

impl ScalarEvolution<'_> {
    /// The scalar-evolution type of an IR type, if it is modelled.
    pub(crate) fn scev_ty(&self, t: loopwright_ir::Type) -> Option<Ty> {
        match self.m.types.data(t) {
            TypeData::Int(b) if *b <= MAX_BITS => Some(Ty::Int(*b)),
            TypeData::Ptr(a) if self.dl.index_bits(*a) <= MAX_BITS => Some(Ty::Ptr(*a)),
            _ => None,
        }
    }

    pub(crate) fn operand_ty(&self, o: Operand) -> loopwright_ir::Type {
        self.f.operand_type(o, &self.m.consts)
    }

    fn unknown_of(&mut self, o: Operand) -> Scev {
        let t = self.operand_ty(o);
        let ty = self.scev_ty(t).unwrap_or(Ty::Int(1));
        let u = match o {
            Operand::Value(v) => UnkRef::Value(v),
            Operand::Const(c) => UnkRef::Const(c),
            _ => return self.cnc,
        };
        self.get_unknown(u, ty)
    }

    pub(crate) fn view(&self, o: Operand) -> Option<OpView> {
        let v = self.view_unchecked(o)?;
        // Malformed operand lists (unverified IR) are not analysed.
        let n = v.ops.len();
        let ok = match v.opcode {
            op if op.is_binary() => n == 2,
            op if op.is_cast() => n == 1,
            Opcode::ICmp | Opcode::FCmp => n == 2,
            Opcode::Select => n == 3,
            Opcode::GetElementPtr => n >= 1,
            Opcode::Phi => n % 2 == 0,
            _ => true,
        };
        ok.then_some(v)
    }

    fn view_unchecked(&self, o: Operand) -> Option<OpView> {
        match o {
            Operand::Value(v) => {
                let ValueDef::Result(i) = self.f.value_def(v) else {
                    return None;
                };
                let d = self.f.inst(i);
                let source_ty = match d.extra {
                    Extra::Gep { source_ty } => Some(source_ty),
                    _ => None,
                };
                Some(OpView {
                    opcode: d.opcode,
                    flags: d.flags,
                    ops: d.operands().iter().copied().collect(),
                    source_ty,
                    pred: d.predicate(),
                    inst: Some(i),
                    ty: d.ty,
                })
            }
            Operand::Const(c) => match self.m.consts.data(c) {
                ConstData::Expr(ConstExpr {
                    opcode,
                    ty,
                    flags,
                    source_ty,
                    predicate,
                    ops,
                    ..
                }) => Some(OpView {
                    opcode: *opcode,
                    flags: *flags,
                    ops: ops.iter().map(|&c| Operand::Const(c)).collect(),
                    source_ty: *source_ty,
                    pred: *predicate,
                    inst: None,
                    ty: *ty,
                }),
                _ => None,
            },
            _ => None,
        }
    }

    /// LLVM's `MatchBinaryOp`.
    pub(crate) fn match_binary_op(&self, o: Operand) -> Option<BinOp> {
        let v = self.view(o)?;
        let mk = |opcode, nsw, nuw, own: bool| BinOp {
            opcode,
            lhs: v.ops[0],
            rhs: v.ops[1],
            nsw,
            nuw,
            op: own.then_some(o),
        };
        let nsw = v.flags.contains(Flags::NSW);
        let nuw = v.flags.contains(Flags::NUW);
        match v.opcode {
            Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl => {
                Some(mk(v.opcode, nsw, nuw, true))
            }
            Opcode::UDiv | Opcode::URem | Opcode::And | Opcode::AShr => {
                Some(mk(v.opcode, false, false, true))
            }
            Opcode::Or => {
                if v.flags.contains(Flags::DISJOINT) {
                    Some(mk(Opcode::Add, true, true, false))
                } else {
                    Some(mk(Opcode::Or, false, false, true))
                }
            }
            Opcode::Xor => {
                if let Some(c) = self.const_int_of(v.ops[1]) {
                    if c.is_smin() {
                        return Some(mk(Opcode::Add, false, false, false));
                    }
                }
                if self.m.types.int_width(v.ty) == Some(1) {
                    return Some(mk(Opcode::Add, false, false, false));
                }
                Some(mk(Opcode::Xor, false, false, true))
            }
            Opcode::LShr => {
                let bits = self.m.types.int_width(v.ty)?;
                if let Some(c) = self.const_int_of(v.ops[1]) {
                    if c.u() < u128::from(bits) && bits <= MAX_BITS {
                        let _ = c;
                        // lshr by a constant is a udiv by a power of two;
                        // the divisor is built by the caller.
                        return Some(BinOp {
                            opcode: Opcode::UDiv,
                            lhs: v.ops[0],
                            rhs: v.ops[1],
                            nsw: false,
                            nuw: false,
                            op: None,
                        });
                    }
                }
                Some(mk(Opcode::LShr, false, false, true))
            }
            Opcode::ExtractValue => None,
            _ => None,
        }
    }

    /// Whether `bo` is an `lshr` whose right operand is the shift amount
    /// (not the divisor).
    fn is_lshr_udiv(&self, bo: &BinOp) -> bool {
        bo.opcode == Opcode::UDiv && bo.op.is_none()
    }

    fn rhs_scev(&mut self, bo: &BinOp) -> Scev {
        if self.is_lshr_udiv(bo) {
            let t = self.operand_ty(bo.lhs);
            let bits = self.m.types.int_width(t).unwrap_or(1);
            let sh = self.const_int_of(bo.rhs).map_or(0, |c| c.u() as u32);
            return self.get_const(CInt::one(bits).shl(sh));
        }
        self.get_scev(bo.rhs)
    }

    pub(crate) fn existing_scev(&self, o: Operand) -> Option<Scev> {
        match o {
            Operand::Value(v) => self.values.get(&v).copied(),
            _ => None,
        }
    }

    fn insert_value(&mut self, v: Value, s: Scev) {
        self.values.insert(v, s);
        self.value_log.push(v);
    }

    /// The expression of an operand (LLVM's `getSCEV`).
    pub fn get_scev(&mut self, o: Operand) -> Scev {
        match o {
            Operand::Value(v) => {
                if let Some(&s) = self.values.get(&v) {
                    return s;
                }
                self.create_iter(v)
            }
            Operand::Const(_) => self.create_for_const(o),
            _ => self.cnc,
        }
    }

    fn create_for_const(&mut self, o: Operand) -> Scev {
        let t = self.operand_ty(o);
        if self.scev_ty(t).is_none() {
            return self.unknown_of(o);
        }
        if let Some(c) = self.const_int_of(o) {
            return self.get_const(c);
        }
        let Operand::Const(c) = o else {
            return self.cnc;
        };
        if !matches!(self.m.consts.data(c), ConstData::Expr(_)) {
            return self.unknown_of(o);
        }
        if let Some(&s) = self.const_exprs.get(&c) {
            return s;
        }
        let s = self.create_scev(o);
        self.const_exprs.insert(c, s);
        s
    }

    fn create_iter(&mut self, root: Value) -> Scev {
        let mut stack: Vec<(Value, bool)> = vec![(root, false)];
        while let Some((v, ready)) = stack.pop() {
            if self.values.contains_key(&v) {
                continue;
            }
            if ready {
                let mut s = self.create_scev(Operand::Value(v));
                // Expressions past LLVM's huge-expression size stay opaque,
                // which also bounds the depth of every recursive walk.
                if self.nodes[s].size > MAX_EXPR_SIZE {
                    s = self.unknown_of(Operand::Value(v));
                }
                if !self.values.contains_key(&v) {
                    self.insert_value(v, s);
                }
                continue;
            }
            let mut ops: SmallVec<[Operand; 8]> = SmallVec::new();
            match self.operands_to_create(v, &mut ops) {
                Some(s) => self.insert_value(v, s),
                None => {
                    stack.push((v, true));
                    for o in ops {
                        if let Operand::Value(x) = o {
                            if !self.values.contains_key(&x) {
                                stack.push((x, false));
                            }
                        }
                    }
                }
            }
        }
        self.values.get(&root).copied().unwrap_or(self.cnc)
    }

    fn is_reachable_value(&self, v: Value) -> bool {
        match self.f.value_def(v) {
            ValueDef::Result(i) => self
                .f
                .layout
                .inst_block(i)
                .is_some_and(|b| self.dt.is_reachable(b)),
            _ => true,
        }
    }

    /// LLVM's `getOperandsToCreate`: either the final expression, or the
    /// operands whose expressions `create_scev` will need.
    fn operands_to_create(&mut self, v: Value, out: &mut SmallVec<[Operand; 8]>) -> Option<Scev> {
        let o = Operand::Value(v);
        let t = self.f.value_type(v);
        if self.scev_ty(t).is_none() {
            return Some(self.unknown_of(o));
        }
        let ValueDef::Result(_) = self.f.value_def(v) else {
            return Some(self.unknown_of(o));
        };
        if !self.is_reachable_value(v) {
            return Some(self.unknown_of(o));
        }
        let view = self.view(o)?;
        if let Some(bo) = self.match_binary_op(o) {
            let const_rhs = self.const_int_of(bo.rhs).is_some();
            match bo.opcode {
                Opcode::Add | Opcode::Mul => {
                    let mut bo = bo;
                    loop {
                        if let Some(op) = bo.op {
                            if op != o && self.existing_scev(op).is_some() {
                                out.push(op);
                                break;
                            }
                        }
                        out.push(bo.rhs);
                        let nb = self.match_binary_op(bo.lhs);
                        let stop = match &nb {
                            None => true,
                            Some(n) => {
                                (bo.opcode == Opcode::Add
                                    && n.opcode != Opcode::Add
                                    && n.opcode != Opcode::Sub)
                                    || (bo.opcode == Opcode::Mul && n.opcode != Opcode::Mul)
                            }
                        };
                        if stop {
                            out.push(bo.lhs);
                            break;
                        }
                        let Some(n) = nb else { break };
                        if let Some(op) = n.op {
                            if n.nsw || n.nuw {
                                if let Operand::Value(x) = op {
                                    if self.program_undefined_if_poison(x) {
                                        out.push(bo.lhs);
                                        break;
                                    }
                                }
                            }
                        }
                        bo = n;
                    }
                    return None;
                }
                Opcode::Sub | Opcode::UDiv | Opcode::URem => {}
                Opcode::AShr | Opcode::Shl | Opcode::Xor if !const_rhs => return None,
                Opcode::And | Opcode::Or => {
                    let is_i1 = self.m.types.int_width(self.operand_ty(bo.lhs)) == Some(1);
                    if !const_rhs && !is_i1 {
                        return None;
                    }
                }
                Opcode::LShr => return Some(self.unknown_of(o)),
                _ => {}
            }
            out.push(bo.lhs);
            out.push(bo.rhs);
            return None;
        }
        match view.opcode {
            Opcode::Trunc | Opcode::ZExt | Opcode::SExt | Opcode::PtrToInt => out.push(view.ops[0]),
            Opcode::BitCast => {
                let st = self.operand_ty(view.ops[0]);
                if self.scev_ty(st).is_some() {
                    out.push(view.ops[0]);
                } else {
                    return Some(self.unknown_of(o));
                }
            }
            Opcode::SDiv | Opcode::SRem => {
                out.push(view.ops[0]);
                out.push(view.ops[1]);
            }
            Opcode::GetElementPtr => out.extend(view.ops.iter().copied()),
            Opcode::IntToPtr => return Some(self.unknown_of(o)),
            Opcode::Phi => {}
            Opcode::Select => {
                if self.select_is_unknown(&view) {
                    return Some(self.unknown_of(o));
                }
                out.extend(view.ops.iter().copied());
            }
            Opcode::Call | Opcode::Invoke => {
                if let Some(name) = self.intrinsic_name(&view) {
                    let args = self.call_args_of(&view);
                    if name.starts_with("llvm.abs.")
                        || name.starts_with("llvm.start.loop.iterations.")
                        || name.starts_with("llvm.annotation.")
                        || name.starts_with("llvm.ptr.annotation.")
                    {
                        out.extend(args.first().copied());
                    } else if [
                        "llvm.umax.",
                        "llvm.umin.",
                        "llvm.smax.",
                        "llvm.smin.",
                        "llvm.usub.sat.",
                        "llvm.uadd.sat.",
                    ]
                    .iter()
                    .any(|p| name.starts_with(p))
                    {
                        out.extend(args.iter().take(2).copied());
                    }
                }
                if let Some(r) = self.returned_arg(&view) {
                    out.push(r);
                }
            }
            _ => {}
        }
        None
    }

    fn select_is_unknown(&self, view: &OpView) -> bool {
        if self.m.types.int_width(view.ty) == Some(1) || self.const_int_of(view.ops[0]).is_some() {
            return false;
        }
        let Some(cv) = self.view(view.ops[0]) else {
            return true;
        };
        if cv.opcode != Opcode::ICmp {
            return true;
        }
        let Some(p) = cv.pred else {
            return true;
        };
        if matches!(p, Predicate::Eq | Predicate::Ne) {
            return !self.const_int_of(cv.ops[1]).is_some_and(CInt::is_zero);
        }
        let lb = self.type_size_bits(self.operand_ty(cv.ops[0]));
        lb > self.type_size_bits(view.ty)
    }

    fn type_size_bits(&self, t: loopwright_ir::Type) -> u32 {
        match self.m.types.data(t) {
            TypeData::Int(b) => *b,
            TypeData::Ptr(a) => self.dl.index_bits(*a),
            _ => 0,
        }
    }

    fn intrinsic_name(&self, view: &OpView) -> Option<String> {
        let i = view.inst?;
        let name = self.callee_name(self.f.inst(i))?;
        name.starts_with("llvm.").then(|| name.to_string())
    }

    fn call_args_of(&self, view: &OpView) -> Vec<Operand> {
        match view.inst {
            Some(i) => self.f.inst(i).call_args().to_vec(),
            None => Vec::new(),
        }
    }

    /// The argument marked `returned`, if any.
    fn returned_arg(&self, view: &OpView) -> Option<Operand> {
        let i = view.inst?;
        let d = self.f.inst(i);
        let ci = d.call_info()?;
        for (k, &set) in ci.param_attrs.iter().enumerate() {
            if self
                .m
                .attrs
                .get(set)
                .iter()
                .any(|a| matches!(a, Attr::Flag(n) if &**n == "returned"))
            {
                return d.call_args().get(k).copied();
            }
        }
        None
    }

    /// LLVM's `getNoWrapFlagsFromUB`.
    fn flags_from_ub(&mut self, op: Operand) -> NoWrap {
        let Operand::Value(v) = op else {
            return NoWrap::ANY;
        };
        let ValueDef::Result(i) = self.f.value_def(v) else {
            return NoWrap::ANY;
        };
        let fl = self.f.inst(i).flags;
        let mut f = NoWrap::ANY;
        if fl.contains(Flags::NUW) {
            f = f.with(NoWrap::NUW);
        }
        if fl.contains(Flags::NSW) {
            f = f.with(NoWrap::NSW);
        }
        if f == NoWrap::ANY {
            return f;
        }
        if self.is_scev_expr_never_poison(i) {
            f
        } else {
            NoWrap::ANY
        }
    }

    /// The SCEV of the given IR operand (integer or pointer) — creates it.
    fn create_scev(&mut self, o: Operand) -> Scev {
        let t = self.operand_ty(o);
        let Some(ty) = self.scev_ty(t) else {
            return self.unknown_of(o);
        };
        if let Operand::Value(v) = o {
            if !self.is_reachable_value(v) {
                return self.unknown_of(o);
            }
            if matches!(
                self.f.value_def(v),
                ValueDef::Param(_) | ValueDef::Placeholder
            ) {
                return self.unknown_of(o);
            }
        }
        let Some(view) = self.view(o) else {
            return self.unknown_of(o);
        };
        if let Some(bo) = self.match_binary_op(o) {
            if let Some(s) = self.create_binop(o, bo, ty) {
                return s;
            }
        }
        match view.opcode {
            Opcode::Trunc => {
                let x = self.get_scev(view.ops[0]);
                self.get_truncate(x, ty, 0)
            }
            Opcode::ZExt => {
                let x = self.get_scev(view.ops[0]);
                self.get_zero_extend(x, ty, 0)
            }
            Opcode::SExt => {
                if let Some(bo) = self.match_binary_op(view.ops[0]) {
                    if bo.opcode == Opcode::Sub && bo.nsw {
                        let a = self.get_scev(bo.lhs);
                        let b = self.get_scev(bo.rhs);
                        let a = self.get_sign_extend(a, ty, 0);
                        let b = self.get_sign_extend(b, ty, 0);
                        return self.get_minus(a, b, NoWrap::NSW);
                    }
                }
                let x = self.get_scev(view.ops[0]);
                self.get_sign_extend(x, ty, 0)
            }
            Opcode::BitCast => {
                let st = self.operand_ty(view.ops[0]);
                if self.scev_ty(st).is_some() {
                    return self.get_scev(view.ops[0]);
                }
                self.unknown_of(o)
            }
            Opcode::PtrToInt => {
                let x = self.get_scev(view.ops[0]);
                let p = self.get_ptr_to_int(x);
                if self.is_cnc(p) {
                    return self.unknown_of(o);
                }
                self.get_truncate_or_zero_extend(p, ty, 0)
            }
            Opcode::SDiv | Opcode::SRem => {
                let a = self.get_scev(view.ops[0]);
                let b = self.get_scev(view.ops[1]);
                if self.is_known_non_negative(a) && self.is_known_non_negative(b) {
                    if view.opcode == Opcode::SDiv {
                        return self.get_udiv(a, b);
                    }
                    return self.get_urem(a, b);
                }
                self.unknown_of(o)
            }
            Opcode::GetElementPtr => self.create_gep(o, &view),
            Opcode::Phi => {
                let Operand::Value(v) = o else {
                    return self.unknown_of(o);
                };
                self.create_phi(v, &view)
            }
            Opcode::Select => {
                let r = self.create_select(o, view.ops[0], view.ops[1], view.ops[2], ty);
                r.unwrap_or_else(|| self.unknown_of(o))
            }
            Opcode::Call | Opcode::Invoke => {
                if let Some(r) = self.returned_arg(&view) {
                    return self.get_scev(r);
                }
                let Some(name) = self.intrinsic_name(&view) else {
                    return self.unknown_of(o);
                };
                let args = self.call_args_of(&view);
                let arg = |se: &mut Self, k: usize| match args.get(k) {
                    Some(&a) => se.get_scev(a),
                    None => se.cnc,
                };
                let r = if name.starts_with("llvm.abs.") {
                    let x = arg(self, 0);
                    let nsw = args
                        .get(1)
                        .and_then(|&a| self.const_int_of(a))
                        .is_some_and(CInt::is_one);
                    let n = self.get_negative(x, if nsw { NoWrap::NSW } else { NoWrap::ANY });
                    self.get_smax(x, n)
                } else if name.starts_with("llvm.umax.") {
                    let (a, b) = (arg(self, 0), arg(self, 1));
                    self.get_umax(a, b)
                } else if name.starts_with("llvm.umin.") {
                    let (a, b) = (arg(self, 0), arg(self, 1));
                    self.get_umin(a, b, false)
                } else if name.starts_with("llvm.smax.") {
                    let (a, b) = (arg(self, 0), arg(self, 1));
                    self.get_smax(a, b)
                } else if name.starts_with("llvm.smin.") {
                    let (a, b) = (arg(self, 0), arg(self, 1));
                    self.get_smin(a, b)
                } else if name.starts_with("llvm.usub.sat.") {
                    let (x, y) = (arg(self, 0), arg(self, 1));
                    let cy = self.get_umin(x, y, false);
                    self.get_minus(x, cy, NoWrap::NUW)
                } else if name.starts_with("llvm.uadd.sat.") {
                    let (x, y) = (arg(self, 0), arg(self, 1));
                    let ny = self.get_not(y);
                    let cx = self.get_umin(x, ny, false);
                    self.get_add2(cx, y, NoWrap::NUW)
                } else if name.starts_with("llvm.start.loop.iterations.")
                    || name.starts_with("llvm.annotation.")
                    || name.starts_with("llvm.ptr.annotation.")
                {
                    arg(self, 0)
                } else {
                    return self.unknown_of(o);
                };
                if self.is_cnc(r) {
                    return self.unknown_of(o);
                }
                r
            }
            _ => self.unknown_of(o),
        }
    }

    fn create_binop(&mut self, o: Operand, bo: BinOp, ty: Ty) -> Option<Scev> {
        let bits = self.type_bits(ty);
        match bo.opcode {
            Opcode::Add => {
                let mut add_ops: Ops = SmallVec::new();
                let mut bo = bo;
                loop {
                    if let Some(op) = bo.op {
                        if op != o {
                            if let Some(s) = self.existing_scev(op) {
                                add_ops.push(s);
                                break;
                            }
                        }
                        let rhs = self.get_scev(bo.rhs);
                        let f = self.flags_from_ub(op);
                        if f != NoWrap::ANY {
                            let lhs = self.get_scev(bo.lhs);
                            let s = if bo.opcode == Opcode::Sub {
                                self.get_minus(lhs, rhs, f)
                            } else {
                                self.get_add2(lhs, rhs, f)
                            };
                            add_ops.push(s);
                            break;
                        }
                    }
                    let rhs = self.get_scev(bo.rhs);
                    if bo.opcode == Opcode::Sub {
                        let n = self.get_negative(rhs, NoWrap::ANY);
                        add_ops.push(n);
                    } else {
                        add_ops.push(rhs);
                    }
                    match self.match_binary_op(bo.lhs) {
                        Some(n) if n.opcode == Opcode::Add || n.opcode == Opcode::Sub => bo = n,
                        _ => {
                            let l = self.get_scev(bo.lhs);
                            add_ops.push(l);
                            break;
                        }
                    }
                }
                Some(self.get_add(add_ops, NoWrap::ANY, 0))
            }
            Opcode::Mul => {
                let mut mul_ops: Ops = SmallVec::new();
                let mut bo = bo;
                loop {
                    if let Some(op) = bo.op {
                        if op != o {
                            if let Some(s) = self.existing_scev(op) {
                                mul_ops.push(s);
                                break;
                            }
                        }
                        let f = self.flags_from_ub(op);
                        if f != NoWrap::ANY {
                            let lhs = self.get_scev(bo.lhs);
                            let rhs = self.get_scev(bo.rhs);
                            let s = self.get_mul2(lhs, rhs, f);
                            mul_ops.push(s);
                            break;
                        }
                    }
                    let rhs = self.get_scev(bo.rhs);
                    mul_ops.push(rhs);
                    match self.match_binary_op(bo.lhs) {
                        Some(n) if n.opcode == Opcode::Mul => bo = n,
                        _ => {
                            let l = self.get_scev(bo.lhs);
                            mul_ops.push(l);
                            break;
                        }
                    }
                }
                Some(self.get_mul(mul_ops, NoWrap::ANY, 0))
            }
            Opcode::UDiv => {
                let a = self.get_scev(bo.lhs);
                let b = self.rhs_scev(&bo);
                Some(self.get_udiv(a, b))
            }
            Opcode::URem => {
                let a = self.get_scev(bo.lhs);
                let b = self.get_scev(bo.rhs);
                Some(self.get_urem(a, b))
            }
            Opcode::Sub => {
                let f = match bo.op {
                    Some(op) => self.flags_from_ub(op),
                    None => NoWrap::ANY,
                };
                let a = self.get_scev(bo.lhs);
                let b = self.get_scev(bo.rhs);
                Some(self.get_minus(a, b, f))
            }
            Opcode::And => {
                if let Some(c) = self.const_int_of(bo.rhs) {
                    if c.is_zero() {
                        return Some(self.get_scev(bo.rhs));
                    }
                    if c.is_all_ones() {
                        return Some(self.get_scev(bo.lhs));
                    }
                    let lz = c.leading_zeros();
                    let tz = c.trailing_zeros();
                    let known = match bo.lhs {
                        Operand::Value(x) => self.known_bits_value(x, 0),
                        _ => super::known::KnownBits::unknown(bits),
                    };
                    let width = bits - lz - tz;
                    let eff = CInt::new(bits, super::int::mask(width) << tz);
                    let kz = CInt::new(bits, known.zero);
                    if (lz != 0 || tz != 0) && c.not().and(kz.not()).and(eff).is_zero() {
                        let mul_count = self.get_const(CInt::one(bits).shl(tz));
                        let lhs = self.get_scev(bo.lhs);
                        let mut shifted = None;
                        if let ScevData::Mul(mops) = self.data(lhs).clone() {
                            if let Some(oc) = self.as_const(mops[0]) {
                                let mz = oc.trailing_zeros();
                                let g = mz.min(tz);
                                let div_amt = self.get_const(CInt::one(bits).shl(tz - g));
                                let mut nops: Ops = smallvec![self.get_const(oc.lshr(g))];
                                nops.extend(mops[1..].iter().copied());
                                let f = self.flags(lhs);
                                let nm = self.get_mul(nops, f, 0);
                                shifted = Some(self.get_udiv(nm, div_amt));
                            }
                        }
                        let shifted = match shifted {
                            Some(s) => s,
                            None => self.get_udiv(lhs, mul_count),
                        };
                        let tr = self.get_truncate(shifted, Ty::Int(width), 0);
                        let z = self.get_zero_extend(tr, ty, 0);
                        return Some(self.get_mul2(z, mul_count, NoWrap::ANY));
                    }
                }
                if bits == 1 {
                    let a = self.get_scev(bo.lhs);
                    let b = self.get_scev(bo.rhs);
                    return Some(self.get_umin(a, b, false));
                }
                None
            }
            Opcode::Or => {
                if bits == 1 {
                    let a = self.get_scev(bo.lhs);
                    let b = self.get_scev(bo.rhs);
                    return Some(self.get_umax(a, b));
                }
                None
            }
            Opcode::Xor => {
                let c = self.const_int_of(bo.rhs)?;
                if c.is_all_ones() {
                    let a = self.get_scev(bo.lhs);
                    return Some(self.get_not(a));
                }
                if let Some(lv) = self.view(bo.lhs) {
                    if lv.opcode == Opcode::And && self.const_int_of(lv.ops[1]) == Some(c) {
                        let ls = self.get_scev(bo.lhs);
                        if let ScevData::Cast(super::CastKind::ZExt, z0, _) = *self.data(ls) {
                            let zb = self.bits_of(z0);
                            if c.u() == super::int::mask(zb) {
                                let n = self.get_not(z0);
                                return Some(self.get_zero_extend(n, ty, 0));
                            }
                            let tr = c.trunc(zb);
                            if tr.zext(bits) == c && tr.is_smin() {
                                let k = self.get_const(tr);
                                let a = self.get_add2(z0, k, NoWrap::ANY);
                                return Some(self.get_zero_extend(a, ty, 0));
                            }
                        }
                    }
                }
                None
            }
            Opcode::Shl => {
                let sa = self.const_int_of(bo.rhs)?;
                if sa.u() >= u128::from(bits) {
                    return None;
                }
                let mut f = NoWrap::ANY;
                if let Some(op) = bo.op {
                    let mf = self.flags_from_ub(op);
                    if mf.has(NoWrap::NSW) && (mf.has(NoWrap::NUW) || sa.u() < u128::from(bits - 1))
                    {
                        f = f.with(NoWrap::NSW);
                    }
                    if mf.has(NoWrap::NUW) {
                        f = f.with(NoWrap::NUW);
                    }
                }
                let x = self.get_const(CInt::one(bits).shl(sa.u() as u32));
                let l = self.get_scev(bo.lhs);
                Some(self.get_mul2(l, x, f))
            }
            Opcode::AShr => self.create_ashr(bo, ty),
            _ => None,
        }
    }

    fn create_ashr(&mut self, bo: BinOp, ty: Ty) -> Option<Scev> {
        let c = self.const_int_of(bo.rhs)?;
        let bits = self.type_bits(ty);
        if c.u() >= u128::from(bits) {
            return None;
        }
        if c.is_zero() {
            return Some(self.get_scev(bo.lhs));
        }
        let amt = c.u() as u32;
        let trunc_ty = Ty::Int(bits - amt);
        let l = self.view(bo.lhs)?;
        let mut add_trunc = None;
        let mut shl_amt = None;
        let mut add_const = None;
        if l.opcode == Opcode::Add {
            if let (Some(ls), Some(ac)) = (self.view(l.ops[0]), self.const_int_of(l.ops[1])) {
                if ls.opcode == Opcode::Shl {
                    let s0 = self.get_scev(ls.ops[0]);
                    shl_amt = self.const_int_of(ls.ops[1]);
                    add_const = Some(self.get_const(ac.ashr(amt).trunc(bits - amt)));
                    add_trunc = Some(self.get_truncate(s0, trunc_ty, 0));
                }
            }
        } else if l.opcode == Opcode::Shl {
            let s0 = self.get_scev(l.ops[0]);
            shl_amt = self.const_int_of(l.ops[1]);
            add_trunc = Some(self.get_truncate(s0, trunc_ty, 0));
        }
        if let (Some(at), Some(sh)) = (add_trunc, shl_amt) {
            if sh.u() < u128::from(bits) && sh.u() >= u128::from(amt) {
                let mul = self.get_const(CInt::one(bits - amt).shl(sh.u() as u32 - amt));
                let mut comp = self.get_mul2(at, mul, NoWrap::ANY);
                if l.opcode != Opcode::Shl {
                    if let Some(ac) = add_const {
                        comp = self.get_add2(comp, ac, NoWrap::ANY);
                    }
                }
                return Some(self.get_sign_extend(comp, ty, 0));
            }
        }
        None
    }

    fn create_gep(&mut self, o: Operand, view: &OpView) -> Scev {
        let Some(src_ty) = view.source_ty else {
            return self.unknown_of(o);
        };
        let base = self.get_scev(view.ops[0]);
        if self.is_cnc(base) || !self.ty(base).is_ptr() {
            return self.unknown_of(o);
        }
        let idx_ty = self.effective_ty(self.ty(base));
        let mut nusw = view.flags.contains(Flags::INBOUNDS) || view.flags.contains(Flags::NUSW);
        let mut nuw = view.flags.contains(Flags::NUW);
        if nusw || nuw {
            let never_poison = match view.inst {
                Some(i) => self.is_scev_expr_never_poison(i),
                None => false,
            };
            if !never_poison {
                nusw = false;
                nuw = false;
            }
        }
        let mut off_wrap = NoWrap::ANY;
        if nusw {
            off_wrap = off_wrap.with(NoWrap::NSW);
        }
        if nuw {
            off_wrap = off_wrap.with(NoWrap::NUW);
        }
        let tt = &self.m.types;
        let mut cur = src_ty;
        let mut offsets: Ops = SmallVec::new();
        for (k, &idx) in view.ops.iter().enumerate().skip(1) {
            let is_struct =
                k > 1 && matches!(tt.data(cur), TypeData::Struct { .. } | TypeData::Named(_));
            if is_struct {
                let Some(fi) = self.const_int_of(idx) else {
                    return self.unknown_of(o);
                };
                let Some(off) = self.dl.field_offset(&self.m.types, cur, fi.u() as usize) else {
                    return self.unknown_of(o);
                };
                offsets.push(self.get_const_ty(idx_ty, i128::from(off)));
                match self.m.types.aggregate_elem(cur, fi.u() as u64) {
                    Some(e) => cur = e,
                    None => return self.unknown_of(o),
                }
            } else {
                if k > 1 {
                    match self.m.types.data(cur) {
                        TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => cur = *elem,
                        _ => return self.unknown_of(o),
                    }
                }
                if matches!(
                    self.m.types.data(cur),
                    TypeData::Vector { scalable: true, .. }
                ) {
                    return self.unknown_of(o);
                }
                let size = self.dl.alloc_size(&self.m.types, cur);
                let es = self.get_const_ty(idx_ty, i128::from(size));
                let is = self.get_scev(idx);
                if self.is_cnc(is) || self.ty(is).is_ptr() {
                    return self.unknown_of(o);
                }
                let is = self.get_truncate_or_sign_extend(is, idx_ty, 0);
                let lo = self.get_mul2(is, es, off_wrap);
                offsets.push(lo);
            }
        }
        if offsets.is_empty() {
            return base;
        }
        let off = self.get_add(offsets, off_wrap, 0);
        let nuw_base = nuw || (nusw && self.is_known_non_negative(off));
        let r = self.get_add2(base, off, if nuw_base { NoWrap::NUW } else { NoWrap::ANY });
        if self.is_cnc(r) {
            return self.unknown_of(o);
        }
        r
    }

    fn create_phi(&mut self, v: Value, view: &OpView) -> Scev {
        if self.phi_nesting < MAX_PHI_NESTING {
            self.phi_nesting += 1;
            let r = self.create_add_rec_from_phi(v, view);
            self.phi_nesting -= 1;
            if let Some(s) = r {
                return s;
            }
        }
        // All incoming values equal (ignoring the phi itself).
        let mut same: Option<Operand> = None;
        let mut ok = true;
        for pair in view.ops.chunks(2) {
            let x = pair[0];
            if x == Operand::Value(v) {
                continue;
            }
            match same {
                None => same = Some(x),
                Some(s) if s == x => {}
                Some(_) => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            if let Some(s) = same {
                if self.operand_dominates_value(s, v) {
                    return self.get_scev(s);
                }
            }
        }
        if let Some(s) = self.create_select_like_phi(v, view) {
            return s;
        }
        self.unknown_of(Operand::Value(v))
    }

    fn operand_dominates_value(&self, o: Operand, v: Value) -> bool {
        let Operand::Value(x) = o else {
            return matches!(o, Operand::Const(_));
        };
        let ValueDef::Result(vi) = self.f.value_def(v) else {
            return false;
        };
        match self.f.value_def(x) {
            ValueDef::Param(_) => true,
            ValueDef::Result(xi) => {
                let (Some(xb), Some(vb)) =
                    (self.f.layout.inst_block(xi), self.f.layout.inst_block(vi))
                else {
                    return false;
                };
                xb != vb && self.dt.dominates(xb, vb)
            }
            ValueDef::Placeholder => false,
        }
    }

    /// LLVM's `createAddRecFromPHI`.
    fn create_add_rec_from_phi(&mut self, phi: Value, view: &OpView) -> Option<Scev> {
        let ValueDef::Result(pi) = self.f.value_def(phi) else {
            return None;
        };
        let pb = self.f.layout.inst_block(pi)?;
        let l = self.lf.loop_for(pb)?;
        if self.lf.header(l) != pb {
            return None;
        }
        let mut be: Option<Operand> = None;
        let mut start: Option<Operand> = None;
        let mut be_ok = true;
        let mut start_ok = true;
        for pair in view.ops.chunks(2) {
            let (x, b) = (pair[0], pair[1].as_block()?);
            if self.lf.contains(l, b) {
                match be {
                    None => be = Some(x),
                    Some(y) if y == x => {}
                    Some(_) => be_ok = false,
                }
            } else {
                match start {
                    None => start = Some(x),
                    Some(y) if y == x => {}
                    Some(_) => start_ok = false,
                }
            }
        }
        if !be_ok || !start_ok {
            return None;
        }
        let (be, start) = (be?, start?);
        if let Some(s) = self.create_simple_affine_add_rec(phi, l, be, start) {
            return Some(s);
        }
        let ty = self.scev_ty(self.f.value_type(phi))?;
        let sym = self.get_unknown(UnkRef::Value(phi), ty);
        let log_start = self.value_log.len();
        self.insert_value(phi, sym);
        let be_s = self.get_scev(be);
        let result = self.add_rec_from_be_value(phi, l, be, start, sym, be_s);
        // Forget everything computed in terms of the symbolic phi.
        let logged: Vec<Value> = self.value_log.drain(log_start..).collect();
        for x in logged {
            if let Some(&s) = self.values.get(&x) {
                if x == phi || self.contains_scev(s, sym) {
                    self.values.remove(&x);
                }
            }
        }
        self.values.remove(&phi);
        if let Some(s) = result {
            self.forget_ranges();
            self.insert_value(phi, s);
            self.finish_phi_add_rec(s, l, be, start);
        }
        result
    }

    fn add_rec_from_be_value(
        &mut self,
        phi: Value,
        l: crate::loops::Loop,
        be: Operand,
        start: Operand,
        sym: Scev,
        be_s: Scev,
    ) -> Option<Scev> {
        // As in LLVM, an add that does not contain the phi is not tried
        // with the rewriters below.
        if let ScevData::Add(ops) = self.data(be_s).clone() {
            return self.add_rec_from_add(phi, l, be, start, sym, &ops);
        }
        match self.data(be_s).clone() {
            ScevData::AddRec(ops, arl) if arl == l && ops.len() == 2 => {
                // i = 0; for (j = 1; ...; ++j) { i = j; }: i = {0,+,1}.
                let sv = self.get_scev(start);
                let step = ops[1];
                let shifted_start = self.get_minus(ops[0], step, NoWrap::ANY);
                if shifted_start == sv && self.is_loop_invariant(step, l) {
                    let f = self.flags(be_s).mask(NoWrap::NW);
                    let r = self.get_add_rec2(sv, step, l, f);
                    self.pending_flags = None;
                    return Some(r);
                }
                None
            }
            _ => {
                // The phi's next value, shifted back one iteration, has the
                // phi's start value on entry: the phi is that shifted value
                // (`SCEVShiftRewriter` and `SCEVInitRewriter`). A phi whose
                // incoming values are the same invariant expression is that
                // expression.
                let shifted = self.rewrite_for_phi(be_s, l, true)?;
                let init = self.rewrite_for_phi(shifted, l, false)?;
                let sv = self.get_scev(start);
                if init == sv {
                    self.pending_flags = None;
                    Some(shifted)
                } else {
                    None
                }
            }
        }
    }

    /// LLVM's `SCEVShiftRewriter` (`shift`: every affine recurrence of `l`
    /// goes back one step) and `SCEVInitRewriter` (`!shift`: every
    /// recurrence of `l` becomes its start). `None` when the expression
    /// has a value that varies in `l` other than through such recurrences.
    fn rewrite_for_phi(&mut self, s: Scev, l: crate::loops::Loop, shift: bool) -> Option<Scev> {
        let data = self.data(s).clone();
        Some(match data {
            ScevData::Const(_) => s,
            ScevData::CouldNotCompute => return None,
            ScevData::Unknown(_) => {
                if !self.is_loop_invariant(s, l) {
                    return None;
                }
                s
            }
            ScevData::AddRec(ops, arl) => {
                if arl != l {
                    return None;
                }
                if shift {
                    if ops.len() != 2 {
                        return None;
                    }
                    self.get_minus(s, ops[1], NoWrap::ANY)
                } else {
                    ops[0]
                }
            }
            ScevData::Cast(k, op, ty) => {
                let x = self.rewrite_for_phi(op, l, shift)?;
                if x == op {
                    s
                } else {
                    match k {
                        super::CastKind::Trunc => self.get_truncate(x, ty, 0),
                        super::CastKind::ZExt => self.get_zero_extend(x, ty, 0),
                        super::CastKind::SExt => self.get_sign_extend(x, ty, 0),
                        super::CastKind::PtrToInt => self.get_ptr_to_int(x),
                    }
                }
            }
            ScevData::UDiv(a, b) => {
                let x = self.rewrite_for_phi(a, l, shift)?;
                let y = self.rewrite_for_phi(b, l, shift)?;
                if x == a && y == b {
                    s
                } else {
                    self.get_udiv(x, y)
                }
            }
            ScevData::Add(ref ops) | ScevData::Mul(ref ops) | ScevData::MinMax(_, ref ops) => {
                let mut n: Ops = Ops::new();
                for &o in ops.iter() {
                    n.push(self.rewrite_for_phi(o, l, shift)?);
                }
                if &n == ops {
                    s
                } else {
                    match data {
                        ScevData::Add(_) => self.get_add(n, NoWrap::ANY, 0),
                        ScevData::Mul(_) => self.get_mul(n, NoWrap::ANY, 0),
                        ScevData::MinMax(k, _) => self.get_min_max(k, n),
                        _ => s,
                    }
                }
            }
        })
    }

    /// The `BEValue = phi + invariant` case of `createAddRecFromPHI`.
    fn add_rec_from_add(
        &mut self,
        phi: Value,
        l: crate::loops::Loop,
        be: Operand,
        start: Operand,
        sym: Scev,
        ops: &Ops,
    ) -> Option<Scev> {
        {
            {
                let found = ops.iter().position(|&o| o == sym)?;
                let rest: Ops = ops
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != found)
                    .map(|(_, &o)| o)
                    .collect();
                let accum = self.get_add(rest, NoWrap::ANY, 0);
                let ok = self.is_loop_invariant(accum, l) || self.ar_loop(accum) == Some(l);
                if !ok {
                    return None;
                }
                let mut flags = NoWrap::ANY;
                if let Some(bo) = self.match_binary_op(be) {
                    if bo.opcode == Opcode::Add && bo.lhs == Operand::Value(phi) {
                        if bo.nuw {
                            flags = flags.with(NoWrap::NUW);
                        }
                        if bo.nsw {
                            flags = flags.with(NoWrap::NSW);
                        }
                    }
                } else if let Some(gv) = self.view(be) {
                    if gv.opcode == Opcode::GetElementPtr
                        && (gv.flags.contains(Flags::INBOUNDS))
                        && gv.ops[0] == Operand::Value(phi)
                    {
                        flags = flags.with(NoWrap::NW);
                        if self.is_known_positive(accum) {
                            flags = flags.with(NoWrap::NUW);
                        }
                    }
                }
                let sv = self.get_scev(start);
                let r = self.get_add_rec2(sv, accum, l, flags);
                if self.is_cnc(r) {
                    return None;
                }
                self.pending_flags = Some((flags, accum));
                Some(r)
            }
        }
    }

    /// After an add recurrence for a phi is formed: range-based flags and
    /// the flags of the post-increment value.
    fn finish_phi_add_rec(&mut self, s: Scev, l: crate::loops::Loop, be: Operand, start: Operand) {
        if self.as_add_rec(s).is_some() {
            let f = self.prove_no_wrap_via_constant_ranges(s);
            self.set_flags(s, f);
        }
        let Some((flags, accum)) = self.pending_flags.take() else {
            return;
        };
        if let Operand::Value(bv) = be {
            if let ValueDef::Result(bi) = self.f.value_def(bv) {
                if self.is_add_rec_never_poison(bi, l) {
                    let sv = self.get_scev(start);
                    let ps = self.get_add2(sv, accum, NoWrap::ANY);
                    self.get_add_rec2(ps, accum, l, flags);
                }
            }
        }
    }

    /// LLVM's `createSimpleAffineAddRec`.
    fn create_simple_affine_add_rec(
        &mut self,
        phi: Value,
        l: crate::loops::Loop,
        be: Operand,
        start: Operand,
    ) -> Option<Scev> {
        let bo = self.match_binary_op(be)?;
        if bo.opcode != Opcode::Add {
            return None;
        }
        let pv = Operand::Value(phi);
        let accum_op = if bo.lhs == pv && self.ir_loop_invariant(bo.rhs, l) {
            bo.rhs
        } else if bo.rhs == pv && self.ir_loop_invariant(bo.lhs, l) {
            bo.lhs
        } else {
            return None;
        };
        let accum = self.get_scev(accum_op);
        let mut flags = NoWrap::ANY;
        if bo.nuw {
            flags = flags.with(NoWrap::NUW);
        }
        if bo.nsw {
            flags = flags.with(NoWrap::NSW);
        }
        let sv = self.get_scev(start);
        let r = self.get_add_rec2(sv, accum, l, flags);
        if self.is_cnc(r) {
            return None;
        }
        self.insert_value(phi, r);
        self.pending_flags = Some((flags, accum));
        self.finish_phi_add_rec(r, l, be, start);
        Some(r)
    }

    /// IR-level loop invariance (LLVM's `Loop::isLoopInvariant`).
    pub(crate) fn ir_loop_invariant(&self, o: Operand, l: crate::loops::Loop) -> bool {
        self.lf.is_invariant(self.f, l, o)
    }

    pub(crate) fn contains_scev(&self, s: Scev, needle: Scev) -> bool {
        let mut stack = vec![s];
        let mut seen = rustc_hash::FxHashSet::default();
        while let Some(x) = stack.pop() {
            if x == needle {
                return true;
            }
            if !seen.insert(x) {
                continue;
            }
            stack.extend(self.operands_of(x));
        }
        false
    }

    /// LLVM's `proveNoWrapViaConstantRanges`.
    fn prove_no_wrap_via_constant_ranges(&mut self, ar: Scev) -> NoWrap {
        if !self.is_affine(ar) {
            return NoWrap::ANY;
        }
        let Some(l) = self.ar_loop(ar) else {
            return NoWrap::ANY;
        };
        let mut result = NoWrap::ANY;
        let step = self.ar_step(ar);
        if !self.has_flags(ar, NoWrap::NW) {
            let be = self.constant_max_btc(l);
            if let Some(c) = self.as_const(be) {
                let scr = self.signed_range(step);
                let w = c.active_bits() + scr.min_signed_bits();
                if w <= self.bits_of(ar) {
                    result = result.with(NoWrap::NW);
                }
            }
        }
        if !self.has_flags(ar, NoWrap::NSW) {
            let r = self.signed_range(ar);
            let inc = self.signed_range(step);
            let region = super::range::ConstantRange::guaranteed_no_wrap_region(
                super::range::NoWrapOp::Add,
                &inc,
                false,
            );
            if region.contains_range(&r) {
                result = result.with(NoWrap::NSW);
            }
        }
        if !self.has_flags(ar, NoWrap::NUW) {
            let r = self.unsigned_range(ar);
            let inc = self.unsigned_range(step);
            let region = super::range::ConstantRange::guaranteed_no_wrap_region(
                super::range::NoWrapOp::Add,
                &inc,
                true,
            );
            if region.contains_range(&r) {
                result = result.with(NoWrap::NUW);
            }
        }
        result
    }

    fn create_select(
        &mut self,
        v: Operand,
        cond: Operand,
        tv: Operand,
        fv: Operand,
        ty: Ty,
    ) -> Option<Scev> {
        if let Some(c) = self.const_int_of(cond) {
            return Some(self.get_scev(if c.is_one() { tv } else { fv }));
        }
        let _ = v;
        let cv = self.view(cond)?;
        if cv.opcode != Opcode::ICmp {
            return None;
        }
        self.select_with_icmp(ty, &cv, tv, fv)
    }

    fn select_with_icmp(&mut self, ty: Ty, cv: &OpView, tv: Operand, fv: Operand) -> Option<Scev> {
        let p = cv.pred?;
        let (mut lhs, mut rhs) = (cv.ops[0], cv.ops[1]);
        let bits = self.type_bits(ty);
        let lhs_bits = self.type_size_bits(self.operand_ty(lhs));
        match p {
            Predicate::Slt
            | Predicate::Sle
            | Predicate::Ult
            | Predicate::Ule
            | Predicate::Sgt
            | Predicate::Sge
            | Predicate::Ugt
            | Predicate::Uge => {
                if matches!(
                    p,
                    Predicate::Slt | Predicate::Sle | Predicate::Ult | Predicate::Ule
                ) {
                    std::mem::swap(&mut lhs, &mut rhs);
                }
                if lhs_bits > bits {
                    return None;
                }
                let signed = p.is_signed();
                let la = self.get_scev(tv);
                let ra = self.get_scev(fv);
                let mut ls = self.get_scev(lhs);
                let mut rs = self.get_scev(rhs);
                if self.ty(la).is_ptr() {
                    if la == ls && ra == rs {
                        return Some(if signed {
                            self.get_smax(ls, rs)
                        } else {
                            self.get_umax(ls, rs)
                        });
                    }
                    if la == rs && ra == ls {
                        return Some(if signed {
                            self.get_smin(ls, rs)
                        } else {
                            self.get_umin(ls, rs, false)
                        });
                    }
                }
                for s in [&mut ls, &mut rs] {
                    if self.ty(*s).is_ptr() {
                        *s = self.get_ptr_to_int(*s);
                    }
                    if self.is_cnc(*s) {
                        return None;
                    }
                    *s = if signed {
                        self.get_noop_or_sign_extend(*s, ty)
                    } else {
                        self.get_noop_or_zero_extend(*s, ty)
                    };
                }
                if self.is_cnc(ls) || self.is_cnc(rs) {
                    return None;
                }
                let ld = self.get_minus(la, ls, NoWrap::ANY);
                let rd = self.get_minus(ra, rs, NoWrap::ANY);
                if ld == rd && !self.is_cnc(ld) {
                    let m = if signed {
                        self.get_smax(ls, rs)
                    } else {
                        self.get_umax(ls, rs)
                    };
                    return Some(self.get_add2(m, ld, NoWrap::ANY));
                }
                let ld = self.get_minus(la, rs, NoWrap::ANY);
                let rd = self.get_minus(ra, ls, NoWrap::ANY);
                if ld == rd && !self.is_cnc(ld) {
                    let m = if signed {
                        self.get_smin(ls, rs)
                    } else {
                        self.get_umin(ls, rs, false)
                    };
                    return Some(self.get_add2(m, ld, NoWrap::ANY));
                }
                None
            }
            Predicate::Eq | Predicate::Ne => {
                let (tv, fv) = if p == Predicate::Ne {
                    (fv, tv)
                } else {
                    (tv, fv)
                };
                let rhs_zero = self.const_int_of(rhs).is_some_and(CInt::is_zero);
                if lhs_bits <= bits && rhs_zero {
                    let x = self.get_scev(lhs);
                    let x = self.get_noop_or_zero_extend(x, ty);
                    let tve = self.get_scev(tv);
                    let fve = self.get_scev(fv);
                    let y = self.get_minus(fve, x, NoWrap::ANY);
                    let c = self.get_minus(tve, y, NoWrap::ANY);
                    if let Some(cc) = self.as_const(c) {
                        if cc.ule(CInt::one(cc.bits())) {
                            let m = self.get_umax(x, c);
                            return Some(self.get_add2(m, y, NoWrap::ANY));
                        }
                    }
                }
                if rhs_zero && self.const_int_of(tv).is_some_and(CInt::is_zero) {
                    let mut x = self.get_scev(lhs);
                    while let ScevData::Cast(super::CastKind::ZExt, inner, _) = *self.data(x) {
                        x = inner;
                    }
                    if self.bits_of(x) <= bits {
                        let fve = self.get_scev(fv);
                        if self.min_max_contains(fve, x) {
                            let xz = self.get_noop_or_zero_extend(x, ty);
                            return Some(self.get_umin(xz, fve, true));
                        }
                    }
                }
                None
            }
            _ => None,
        }
    }

    fn min_max_contains(&self, root: Scev, x: Scev) -> bool {
        let mut stack = vec![root];
        while let Some(s) = stack.pop() {
            if s == x {
                return true;
            }
            if let ScevData::MinMax(MinMaxKind::UMin | MinMaxKind::SeqUMin, ops) = self.data(s) {
                stack.extend(ops.iter().copied());
            }
        }
        false
    }

    /// LLVM's `createNodeFromSelectLikePHI`.
    fn create_select_like_phi(&mut self, v: Value, view: &OpView) -> Option<Scev> {
        if view.ops.len() != 4 {
            return None;
        }
        let ValueDef::Result(pi) = self.f.value_def(v) else {
            return None;
        };
        let pb = self.f.layout.inst_block(pi)?;
        let pl = self.lf.loop_for(pb);
        for pair in view.ops.chunks(2) {
            if let Operand::Value(x) = pair[0] {
                if let ValueDef::Result(xi) = self.f.value_def(x) {
                    let xb = self.f.layout.inst_block(xi)?;
                    // LLVM's `replacementPreservesLCSSAForm`.
                    if let Some(xl) = self.lf.loop_for(xb) {
                        if xb != pb && !pl.is_some_and(|p| self.lf.contains_loop(xl, p)) {
                            return None;
                        }
                    }
                }
            }
        }
        let idom = self.dt.idom(pb)?;
        let t = self.f.terminator(idom)?;
        let td = self.f.inst(t);
        if td.opcode != Opcode::Br || td.operands().len() != 3 {
            return None;
        }
        let cond = td.operands()[0];
        let (s0, s1) = (td.operands()[1].as_block()?, td.operands()[2].as_block()?);
        if s0 == s1 {
            return None;
        }
        let (b0, b1) = (view.ops[1].as_block()?, view.ops[3].as_block()?);
        let ed = |se: &Self, from: Block, to: Block, b: Block| se.edge_dominates(from, to, b);
        let (lhs, rhs) = if ed(self, idom, s0, b0) && ed(self, idom, s1, b1) {
            (view.ops[0], view.ops[2])
        } else if ed(self, idom, s0, b1) && ed(self, idom, s1, b0) {
            (view.ops[2], view.ops[0])
        } else {
            return None;
        };
        let ls = self.get_scev(lhs);
        let rs = self.get_scev(rhs);
        if !self.properly_dominates(ls, pb) || !self.properly_dominates(rs, pb) {
            return None;
        }
        let ty = self.scev_ty(self.f.value_type(v))?;
        if let Some(c) = self.const_int_of(cond) {
            return Some(if c.is_one() { ls } else { rs });
        }
        let cv = self.view(cond)?;
        if cv.opcode != Opcode::ICmp {
            return None;
        }
        self.select_with_icmp(ty, &cv, lhs, rhs)
    }

    /// Whether the edge `from -> to` dominates `b` (the edge must be the
    /// only one between the two blocks).
    fn edge_dominates(&self, from: Block, to: Block, b: Block) -> bool {
        if self.cfg.num_edges_between(from, to) != 1 {
            return false;
        }
        self.dt.edge_dominates(self.f, from, to, b)
    }
}

/// Poison and UB reasoning (LLVM's `programUndefinedIfPoison`,
/// `isSCEVExprNeverPoison`, `isAddRecNeverPoison`).
impl ScalarEvolution<'_> {
    fn callee_attrs_have(&self, d: &InstData, name: &str) -> bool {
        let Some(ci) = d.call_info() else {
            return false;
        };
        let has = |set| {
            self.m
                .attrs
                .get(set)
                .iter()
                .any(|a| matches!(a, Attr::Flag(k) if &**k == name))
        };
        if has(ci.fn_attrs) {
            return true;
        }
        if let Some(Operand::Const(c)) = d.callee() {
            if let ConstData::Global {
                global: loopwright_ir::GlobalRef::Func(f),
                ..
            } = self.m.consts.data(c)
            {
                return has(self.m.functions[*f].fn_attrs);
            }
        }
        false
    }

    /// LLVM's `isGuaranteedToTransferExecutionToSuccessor` for one
    /// instruction.
    pub(crate) fn transfers_execution(&self, i: Inst) -> bool {
        let d = self.f.inst(i);
        match d.opcode {
            Opcode::Ret
            | Opcode::Unreachable
            | Opcode::Resume
            | Opcode::Invoke
            | Opcode::CallBr => false,
            Opcode::CleanupRet | Opcode::CatchSwitch | Opcode::CatchRet => false,
            Opcode::Call => {
                self.callee_attrs_have(d, "nounwind") && self.callee_attrs_have(d, "willreturn")
            }
            Opcode::Store | Opcode::Load => !d.flags.contains(Flags::VOLATILE),
            _ => true,
        }
    }

    /// Operands that must not be poison for `i` to be well defined.
    fn non_poison_operands(&self, i: Inst) -> SmallVec<[Operand; 4]> {
        let d = self.f.inst(i);
        let ops = d.operands();
        let mut out = SmallVec::new();
        match d.opcode {
            Opcode::Store => out.push(ops[1]),
            Opcode::Load | Opcode::AtomicCmpXchg | Opcode::AtomicRmw => out.push(ops[0]),
            Opcode::Call | Opcode::Invoke => {
                if let Some(ci) = d.call_info() {
                    if !matches!(d.callee(), Some(Operand::Const(_))) {
                        out.extend(d.callee());
                    }
                    for (k, a) in d.call_args().iter().enumerate() {
                        let set = ci.param_attrs.get(k).copied();
                        let well = set.is_some_and(|s| {
                            self.m.attrs.get(s).iter().any(|a| match a {
                                Attr::Flag(n) => &**n == "noundef",
                                Attr::Int(n, _) => {
                                    &**n == "dereferenceable" || &**n == "dereferenceable_or_null"
                                }
                                _ => false,
                            })
                        });
                        if well {
                            out.push(*a);
                        }
                    }
                }
            }
            Opcode::Switch => out.push(ops[0]),
            Opcode::Br if ops.len() == 3 => out.push(ops[0]),
            Opcode::UDiv | Opcode::SDiv | Opcode::URem | Opcode::SRem => out.push(ops[1]),
            _ => {}
        }
        out
    }

    fn propagates_poison(&self, user: Inst, idx: usize) -> bool {
        let d = self.f.inst(user);
        match d.opcode {
            Opcode::Freeze | Opcode::Phi | Opcode::Invoke => false,
            Opcode::Select => idx == 0,
            Opcode::Call => {
                let Some(n) = self.callee_name(d) else {
                    return false;
                };
                [
                    "llvm.sadd.with.overflow",
                    "llvm.uadd.with.overflow",
                    "llvm.ssub.with.overflow",
                    "llvm.usub.with.overflow",
                    "llvm.smul.with.overflow",
                    "llvm.umul.with.overflow",
                    "llvm.ctpop",
                    "llvm.ctlz",
                    "llvm.cttz",
                    "llvm.abs",
                    "llvm.smax",
                    "llvm.smin",
                    "llvm.umax",
                    "llvm.umin",
                    "llvm.bitreverse",
                    "llvm.bswap",
                    "llvm.sadd.sat",
                    "llvm.ssub.sat",
                    "llvm.sshl.sat",
                    "llvm.uadd.sat",
                    "llvm.usub.sat",
                    "llvm.ushl.sat",
                ]
                .iter()
                .any(|p| n.starts_with(p))
            }
            Opcode::ICmp | Opcode::FCmp | Opcode::GetElementPtr => true,
            o => o.is_binary() || o.is_cast() || o == Opcode::FNeg,
        }
    }

    /// LLVM's `programUndefinedIfPoison` for an instruction result.
    pub(crate) fn program_undefined_if_poison(&self, v: Value) -> bool {
        let ValueDef::Result(i) = self.f.value_def(v) else {
            return false;
        };
        let Some(mut bb) = self.f.layout.inst_block(i) else {
            return false;
        };
        let mut scan_limit = 32u32;
        let mut yields: SmallVec<[Value; 16]> = smallvec![v];
        let mut visited: SmallVec<[Block; 4]> = smallvec![bb];
        let mut cur = self.f.layout.next_inst(i);
        loop {
            while let Some(x) = cur {
                cur = self.f.layout.next_inst(x);
                let d = self.f.inst(x);
                if d.opcode.is_debug_record() {
                    continue;
                }
                scan_limit -= 1;
                if scan_limit == 0 {
                    return false;
                }
                let np = self.non_poison_operands(x);
                if np
                    .iter()
                    .any(|o| matches!(o, Operand::Value(y) if yields.contains(y)))
                {
                    return true;
                }
                if !self.transfers_execution(x) {
                    return false;
                }
                if let Some(r) = self.f.inst_result(x) {
                    let ops = d.operands();
                    let poisoned = ops.iter().enumerate().any(|(k, o)| {
                        matches!(o, Operand::Value(y) if yields.contains(y))
                            && self.propagates_poison(x, k)
                    });
                    let sel = d.opcode == Opcode::Select
                        && matches!(ops[1], Operand::Value(y) if yields.contains(&y))
                        && matches!(ops[2], Operand::Value(y) if yields.contains(&y));
                    if poisoned || sel {
                        yields.push(r);
                    }
                }
            }
            let succs = self.cfg.succs(bb);
            if succs.len() != 1 || self.cfg.num_succ_edges(bb) != 1 {
                break;
            }
            bb = succs[0];
            if visited.contains(&bb) {
                break;
            }
            visited.push(bb);
            // First non-phi instruction.
            let mut x = self.f.layout.first_inst(bb);
            while let Some(y) = x {
                if self.f.inst(y).opcode != Opcode::Phi {
                    break;
                }
                x = self.f.layout.next_inst(y);
            }
            cur = x;
        }
        false
    }

    /// The instruction defining the scope of `ops` (LLVM's
    /// `getDefiningScopeBound`): `None` means the function entry.
    pub(crate) fn defining_scope_bound(&mut self, ops: &[Scev]) -> Option<Inst> {
        let mut visited: SmallVec<[Scev; 16]> = SmallVec::new();
        let mut work: Vec<Scev> = Vec::new();
        for &s in ops {
            if !visited.contains(&s) && visited.len() < 30 {
                visited.push(s);
                work.push(s);
            }
        }
        let mut bound: Option<Inst> = None;
        while let Some(s) = work.pop() {
            let def = match self.data(s).clone() {
                ScevData::AddRec(_, l) => self.f.layout.first_inst(self.lf.header(l)),
                ScevData::Unknown(UnkRef::Value(v)) => match self.f.value_def(v) {
                    ValueDef::Result(i) => Some(i),
                    _ => None,
                },
                _ => None,
            };
            match def {
                Some(d) => {
                    if bound.is_none_or(|b| self.dt.dominates_inst(self.f, b, d)) {
                        bound = Some(d);
                    }
                }
                None => {
                    for o in self.operands_of(s) {
                        if !visited.contains(&o) {
                            if visited.len() >= 30 {
                                continue;
                            }
                            visited.push(o);
                            work.push(o);
                        }
                    }
                }
            }
        }
        bound
    }

    /// Whether every instruction in `[from, to)` of one block transfers
    /// execution (at most 32 are examined).
    fn transfers_between(&self, from: Option<Inst>, to: Option<Inst>) -> bool {
        let mut cur = from;
        let mut limit = 32;
        while cur != to {
            let Some(x) = cur else {
                return to.is_none();
            };
            if !self.f.inst(x).opcode.is_debug_record() {
                if limit == 0 {
                    return false;
                }
                limit -= 1;
                if !self.transfers_execution(x) {
                    return false;
                }
            }
            cur = self.f.layout.next_inst(x);
        }
        true
    }

    /// LLVM's `ScalarEvolution::isGuaranteedToTransferExecutionTo` from
    /// `a` (`None`: the function entry) to instruction `b`.
    fn guaranteed_to_transfer(&self, a: Option<Inst>, b: Inst) -> bool {
        let a = match a {
            Some(a) => a,
            None => match self
                .f
                .layout
                .entry_block()
                .and_then(|e| self.f.layout.first_inst(e))
            {
                Some(x) => x,
                None => return false,
            },
        };
        let (Some(ab), Some(bb)) = (self.f.layout.inst_block(a), self.f.layout.inst_block(b))
        else {
            return false;
        };
        // The bounded walk from `a` reaches `b` only when `a` dominates it
        // (the same block, `b` not before `a`), so LLVM's dominance check
        // is not asked first: it walks the block without a bound.
        if ab == bb && self.transfers_between(Some(a), Some(b)) {
            return true;
        }
        if let Some(l) = self.lf.loop_for(bb) {
            if self.lf.header(l) == bb
                && self.lf.preheader(self.f, self.cfg, l) == Some(ab)
                && self.transfers_between(Some(a), None)
                && self.transfers_between(self.f.layout.first_inst(bb), Some(b))
            {
                return true;
            }
        }
        false
    }

    /// Transfer from the defining scope to the first instruction of block
    /// `b`.
    pub(crate) fn guaranteed_to_transfer_to_block_start(&self, a: Option<Inst>, b: Block) -> bool {
        match self.f.layout.first_inst(b) {
            Some(first) => self.guaranteed_to_transfer(a, first),
            None => false,
        }
    }

    /// LLVM's `isSCEVExprNeverPoison`.
    pub(crate) fn is_scev_expr_never_poison(&mut self, i: Inst) -> bool {
        let Some(v) = self.f.inst_result(i) else {
            return false;
        };
        if !self.program_undefined_if_poison(v) {
            return false;
        }
        let ops: SmallVec<[Operand; 4]> = self.f.inst(i).operands().iter().copied().collect();
        let mut scevs: SmallVec<[Scev; 4]> = SmallVec::new();
        for o in ops {
            if matches!(o, Operand::Value(_) | Operand::Const(_))
                && self.scev_ty(self.operand_ty(o)).is_some()
            {
                let s = self.get_scev(o);
                scevs.push(s);
            }
        }
        let def = self.defining_scope_bound(&scevs);
        self.guaranteed_to_transfer(def, i)
    }

    /// LLVM's `isAddRecNeverPoison`.
    fn is_add_rec_never_poison(&mut self, i: Inst, l: crate::loops::Loop) -> bool {
        if self.is_scev_expr_never_poison(i) {
            return true;
        }
        let Some(exiting) = self.lf.exiting_block(self.cfg, l) else {
            return false;
        };
        if !self.loop_has_no_abnormal_exits(l) {
            return false;
        }
        let Some(v) = self.f.inst_result(i) else {
            return false;
        };
        let mut known: SmallVec<[Value; 16]> = smallvec![v];
        let mut work = vec![v];
        while let Some(p) = work.pop() {
            let mut users: SmallVec<[Inst; 8]> = self.f.uses(p).iter().copied().collect();
            users.dedup();
            for u in users {
                let d = self.f.inst(u);
                if d.opcode.is_debug_record() {
                    continue;
                }
                let Some(ub) = self.f.layout.inst_block(u) else {
                    continue;
                };
                let np = self.non_poison_operands(u);
                if np
                    .iter()
                    .any(|o| matches!(o, Operand::Value(y) if known.contains(y)))
                    && self.dt.dominates(ub, exiting)
                {
                    return true;
                }
                if !self.lf.contains(l, ub) {
                    continue;
                }
                let prop = d
                    .operands()
                    .iter()
                    .enumerate()
                    .any(|(k, o)| *o == Operand::Value(p) && self.propagates_poison(u, k));
                if prop {
                    if let Some(r) = self.f.inst_result(u) {
                        if !known.contains(&r) {
                            known.push(r);
                            work.push(r);
                        }
                    }
                }
            }
        }
        false
    }
}
