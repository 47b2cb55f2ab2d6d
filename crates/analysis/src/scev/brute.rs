//! Exit counts by execution (LLVM's `computeExitCountExhaustively`): when
//! an exit condition depends, through foldable instructions, on a single
//! header phi whose start is a constant, the loop is run on constants for
//! up to 100 iterations. Integers, null and addresses of globals (with a
//! byte offset) are modelled; loads fold from the initializers of constant
//! globals.

use super::int::CInt;
use super::ScalarEvolution;
use crate::loops::Loop;
use loopwright_ir::{
    Const, ConstData, Extra, GlobalRef, Opcode, Operand, Type, TypeData, Value, ValueDef,
};
use rustc_hash::FxHashMap;

/// LLVM's `MaxBruteForceIterations`.
const MAX_BRUTE_FORCE: u32 = 100;

/// A constant value during evaluation.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Cv {
    Int(CInt),
    Null,
    /// A global's address plus a byte offset.
    Addr(GlobalRef, i64),
}

fn can_constant_fold(op: Opcode) -> bool {
    op.is_binary()
        || op.is_cast()
        || matches!(
            op,
            Opcode::ICmp | Opcode::Select | Opcode::Load | Opcode::GetElementPtr
        )
}

impl ScalarEvolution<'_> {
    /// LLVM's `computeExitCountExhaustively`; the count is an `i32`.
    pub(crate) fn exit_count_exhaustively(
        &mut self,
        l: Loop,
        cond: Operand,
        exit_when: bool,
    ) -> super::Scev {
        let Some(phi) = self.constant_evolving_phi(cond, l, 0) else {
            return self.cnc;
        };
        let ValueDef::Result(pi) = self.f.value_def(phi) else {
            return self.cnc;
        };
        if self.f.inst(pi).operands().len() != 4 {
            return self.cnc;
        }
        let Some(latch) = self.lf.latch(self.cfg, l) else {
            return self.cnc;
        };
        let header = self.lf.header(l);
        let mut cur: FxHashMap<Value, Cv> = FxHashMap::default();
        let mut header_phis = Vec::new();
        for i in self.f.layout.block_insts(header) {
            let d = self.f.inst(i);
            if d.opcode != Opcode::Phi {
                continue;
            }
            let Some(r) = self.f.inst_result(i) else {
                continue;
            };
            header_phis.push(r);
            for pair in d.operands().chunks(2) {
                if pair[1].as_block() != Some(latch) {
                    if let Some(c) = self.const_value(pair[0]) {
                        cur.insert(r, c);
                    }
                }
            }
        }
        for it in 0..MAX_BRUTE_FORCE {
            let mut memo = cur.clone();
            let Some(Cv::Int(c)) = self.eval(cond, l, &mut memo, 0) else {
                return self.cnc;
            };
            if c.bits() != 1 {
                return self.cnc;
            }
            if c.is_one() == exit_when {
                return self.get_const(CInt::new(32, u128::from(it)));
            }
            let mut next = FxHashMap::default();
            for &p in &header_phis {
                if !cur.contains_key(&p) {
                    continue;
                }
                let ValueDef::Result(pi) = self.f.value_def(p) else {
                    continue;
                };
                let ops: Vec<Operand> = self.f.inst(pi).operands().to_vec();
                let be = ops
                    .chunks(2)
                    .find(|q| q[1].as_block() == Some(latch))
                    .map(|q| q[0]);
                if let Some(bv) = be {
                    let mut memo = cur.clone();
                    if let Some(v) = self.eval(bv, l, &mut memo, 0) {
                        next.insert(p, v);
                    }
                }
            }
            cur = next;
        }
        self.cnc
    }

    /// The single header phi from which `v` evolves with constants only
    /// (LLVM's `getConstantEvolvingPHI`).
    fn constant_evolving_phi(&self, v: Operand, l: Loop, depth: u32) -> Option<Value> {
        if depth > 32 {
            return None;
        }
        let Operand::Value(x) = v else {
            return None;
        };
        let ValueDef::Result(i) = self.f.value_def(x) else {
            return None;
        };
        let b = self.f.layout.inst_block(i)?;
        if !self.lf.contains(l, b) {
            return None;
        }
        let d = self.f.inst(i);
        if d.opcode == Opcode::Phi {
            return (b == self.lf.header(l)).then_some(x);
        }
        if !can_constant_fold(d.opcode) {
            return None;
        }
        let mut phi = None;
        for &o in d.operands() {
            match o {
                Operand::Const(_) => {}
                Operand::Value(_) => {
                    let p = self.constant_evolving_phi(o, l, depth + 1)?;
                    if phi.is_some_and(|q| q != p) {
                        return None;
                    }
                    phi = Some(p);
                }
                _ => return None,
            }
        }
        phi
    }

    fn const_value(&self, o: Operand) -> Option<Cv> {
        let Operand::Const(c) = o else {
            return None;
        };
        self.const_cv(c)
    }

    fn const_cv(&self, c: Const) -> Option<Cv> {
        if let Some(i) = self.const_int_of(Operand::Const(c)) {
            return Some(Cv::Int(i));
        }
        match self.m.consts.data(c) {
            ConstData::Null(_) => Some(Cv::Null),
            ConstData::Global { global, .. } => Some(Cv::Addr(*global, 0)),
            ConstData::Expr(e) if e.opcode == Opcode::GetElementPtr => {
                let Cv::Addr(g, off) = self.const_cv(*e.ops.first()?)? else {
                    return None;
                };
                let idx: Option<Vec<i64>> = e.ops[1..]
                    .iter()
                    .map(|&k| self.const_int_of(Operand::Const(k)).map(|x| x.s() as i64))
                    .collect();
                let d = self.gep_offset(e.source_ty?, &idx?)?;
                Some(Cv::Addr(g, off.checked_add(d)?))
            }
            _ => None,
        }
    }

    /// The byte offset of a GEP with constant indices.
    fn gep_offset(&self, src: Type, idx: &[i64]) -> Option<i64> {
        let tt = &self.m.types;
        let mut off: i64 = 0;
        let mut cur = src;
        for (k, &i) in idx.iter().enumerate() {
            if k == 0 {
                let sz = i64::try_from(self.dl.alloc_size(tt, cur)).ok()?;
                off = off.checked_add(i.checked_mul(sz)?)?;
                continue;
            }
            match tt.data(cur) {
                TypeData::Struct { .. } | TypeData::Named(_) => {
                    let f = usize::try_from(i).ok()?;
                    off =
                        off.checked_add(i64::try_from(self.dl.field_offset(tt, cur, f)?).ok()?)?;
                    cur = tt.aggregate_elem(cur, f as u64)?;
                }
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                    cur = *elem;
                    let sz = i64::try_from(self.dl.alloc_size(tt, cur)).ok()?;
                    off = off.checked_add(i.checked_mul(sz)?)?;
                }
                _ => return None,
            }
        }
        Some(off)
    }

    /// LLVM's `EvaluateExpression`.
    fn eval(&self, v: Operand, l: Loop, vals: &mut FxHashMap<Value, Cv>, depth: u32) -> Option<Cv> {
        if depth > 64 {
            return None;
        }
        if let Operand::Const(_) = v {
            return self.const_value(v);
        }
        let Operand::Value(x) = v else {
            return None;
        };
        if let Some(c) = vals.get(&x) {
            return Some(*c);
        }
        let ValueDef::Result(i) = self.f.value_def(x) else {
            return None;
        };
        let b = self.f.layout.inst_block(i)?;
        let d = self.f.inst(i);
        if !self.lf.contains(l, b) || d.opcode == Opcode::Phi || !can_constant_fold(d.opcode) {
            return None;
        }
        let ops: Vec<Operand> = d.operands().to_vec();
        let needed = match d.opcode {
            Opcode::ICmp => 2,
            Opcode::Select => 3,
            Opcode::Load | Opcode::GetElementPtr => 1,
            op if op.is_binary() => 2,
            op if op.is_cast() => 1,
            _ => 0,
        };
        if ops.len() < needed {
            return None;
        }
        let mut cv = Vec::with_capacity(ops.len());
        for o in &ops {
            cv.push(self.eval(*o, l, vals, depth + 1)?);
        }
        let r = self.fold(i, &cv)?;
        vals.insert(x, r);
        Some(r)
    }

    fn fold(&self, i: loopwright_ir::Inst, ops: &[Cv]) -> Option<Cv> {
        let d = self.f.inst(i);
        let int = |k: usize| match ops.get(k) {
            Some(Cv::Int(c)) => Some(*c),
            _ => None,
        };
        use Opcode::*;
        match d.opcode {
            ICmp => {
                let p = d.predicate()?;
                let r = match (ops[0], ops[1]) {
                    (Cv::Int(a), Cv::Int(b)) => super::pred::eval_icmp(p, a, b),
                    (a, b) => {
                        let eq = match (a, b) {
                            (Cv::Null, Cv::Null) => true,
                            (Cv::Addr(g, x), Cv::Addr(h, y)) if g == h => x == y,
                            (Cv::Addr(g, _), Cv::Null) | (Cv::Null, Cv::Addr(g, _)) => {
                                if self.is_extern_weak(g) {
                                    return None;
                                }
                                false
                            }
                            _ => return None,
                        };
                        match p {
                            loopwright_ir::Predicate::Eq => eq,
                            loopwright_ir::Predicate::Ne => !eq,
                            _ => return None,
                        }
                    }
                };
                Some(Cv::Int(CInt::new(1, u128::from(r))))
            }
            Select => {
                let c = int(0)?;
                Some(if c.is_one() { ops[1] } else { ops[2] })
            }
            GetElementPtr => {
                let Extra::Gep { source_ty } = d.extra else {
                    return None;
                };
                let idx: Option<Vec<i64>> = ops[1..]
                    .iter()
                    .map(|c| match c {
                        Cv::Int(x) => Some(x.s() as i64),
                        _ => None,
                    })
                    .collect();
                let off = self.gep_offset(source_ty, &idx?)?;
                match ops[0] {
                    Cv::Addr(g, o) => Some(Cv::Addr(g, o.checked_add(off)?)),
                    _ => None,
                }
            }
            Load => {
                if d.flags.contains(loopwright_ir::Flags::VOLATILE) {
                    return None;
                }
                let Cv::Addr(GlobalRef::Var(g), off) = ops[0] else {
                    return None;
                };
                let gv = &self.m.globals[g];
                if !gv.is_constant {
                    return None;
                }
                let init = gv.init?;
                self.read_const(init, gv.value_ty, off, d.ty)
            }
            _ => {
                let bits = self.m.types.int_width(d.ty)?;
                if bits > 128 {
                    return None;
                }
                let r = match d.opcode {
                    Add => int(0)?.add(int(1)?),
                    Sub => int(0)?.sub(int(1)?),
                    Mul => int(0)?.mul(int(1)?),
                    UDiv => int(0)?.udiv(int(1)?)?,
                    SDiv => int(0)?.sdiv(int(1)?)?,
                    URem => int(0)?.urem(int(1)?)?,
                    SRem => int(0)?.srem(int(1)?)?,
                    And => int(0)?.and(int(1)?),
                    Or => int(0)?.or(int(1)?),
                    Xor => int(0)?.xor(int(1)?),
                    Shl | LShr | AShr => {
                        let a = int(0)?;
                        let s = int(1)?;
                        if s.u() >= u128::from(bits) {
                            return None;
                        }
                        let s = s.u() as u32;
                        match d.opcode {
                            Shl => a.shl(s),
                            LShr => a.lshr(s),
                            _ => a.ashr(s),
                        }
                    }
                    ZExt => int(0)?.zext(bits),
                    SExt => int(0)?.sext(bits),
                    Trunc => int(0)?.trunc(bits),
                    _ => return None,
                };
                Some(Cv::Int(r))
            }
        }
    }

    fn is_extern_weak(&self, g: GlobalRef) -> bool {
        matches!(
            self.m.global_common(g).linkage,
            loopwright_ir::Linkage::ExternWeak
        )
    }

    /// The value of type `want` stored at byte `off` of constant `c` of
    /// type `ty` (integers and pointers at element boundaries only).
    fn read_const(&self, c: Const, ty: Type, off: i64, want: Type) -> Option<Cv> {
        let tt = &self.m.types;
        if off < 0 || i64::try_from(self.dl.alloc_size(tt, ty)).ok()? <= off {
            return None;
        }
        let want_ptr = tt.is_ptr(want);
        let want_bits = tt.int_width(want);
        let elems: &[Const] = match self.m.consts.data(c) {
            ConstData::Zero(_) => {
                return if want_ptr {
                    Some(Cv::Null)
                } else {
                    Some(Cv::Int(CInt::zero(want_bits?.min(128))))
                };
            }
            ConstData::Int { .. } => {
                return (off == 0 && Some(self.dl.size_bits(tt, ty) as u32) == want_bits)
                    .then(|| self.const_cv(c))
                    .flatten();
            }
            ConstData::Null(_) | ConstData::Global { .. } | ConstData::Expr(_) => {
                return (off == 0 && want_ptr && tt.is_ptr(ty))
                    .then(|| self.const_cv(c))
                    .flatten();
            }
            ConstData::Bytes { data, .. } => {
                let n = (want_bits? / 8) as usize;
                if want_bits? % 8 != 0 || n == 0 || n > 16 || self.dl.big_endian {
                    return None;
                }
                let start = usize::try_from(off).ok()?;
                let bytes = data.get(start..start + n)?;
                let mut v: u128 = 0;
                for (k, &byte) in bytes.iter().enumerate() {
                    v |= u128::from(byte) << (8 * k);
                }
                return Some(Cv::Int(CInt::new(want_bits?, v)));
            }
            ConstData::Array { elems, .. }
            | ConstData::Struct { elems, .. }
            | ConstData::Vector { elems, .. } => elems,
            _ => return None,
        };
        match tt.data(ty) {
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                let sz = i64::try_from(self.dl.alloc_size(tt, *elem)).ok()?.max(1);
                let k = usize::try_from(off / sz).ok()?;
                self.read_const(*elems.get(k)?, *elem, off % sz, want)
            }
            TypeData::Struct { .. } | TypeData::Named(_) => {
                let n = tt.struct_elems(ty)?.len();
                let mut field = None;
                for k in (0..n).rev() {
                    let fo = i64::try_from(self.dl.field_offset(tt, ty, k)?).ok()?;
                    if fo <= off {
                        field = Some((k, fo));
                        break;
                    }
                }
                let (k, fo) = field?;
                let fty = tt.aggregate_elem(ty, k as u64)?;
                self.read_const(*elems.get(k)?, fty, off - fo, want)
            }
            _ => None,
        }
    }
}
