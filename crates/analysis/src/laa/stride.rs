//! Strides of pointers (LLVM's `getPtrStride` with its wrap rules) and the
//! symbolic strides that may be speculated to be 1 (`collectStridedAccess`,
//! `-enable-mem-access-versioning`).

use super::pse::Pse;
use super::Ctx;
use crate::scev::expr::{CastKind, ScevData};
use crate::scev::{NoWrap, Scev, ScevPredicate};
use loopwright_ir::{Flags, Opcode, Operand, Type};

impl Ctx<'_, '_> {
    /// `replaceSymbolicStrideSCEV`: the pointer's expression, with its
    /// symbolic stride assumed to be 1 when it has one.
    pub(crate) fn replace_symbolic_stride(&mut self, pse: &mut Pse, ptr: Operand) -> Scev {
        let orig = pse.scev(self.se, ptr);
        let Some(&stride) = self
            .symbolic_strides
            .iter()
            .find(|(p, _)| *p == ptr)
            .map(|(_, s)| s)
        else {
            return orig;
        };
        let ty = self.se.ty(stride);
        let one = self.se.get_one(ty);
        pse.add_pred(ScevPredicate::Equal(stride, one));
        pse.scev(self.se, ptr)
    }

    /// `getPtrStride`: the constant stride of `ptr` in elements of
    /// `access_ty` (0 for an invariant pointer), `None` when it has none
    /// or (with `check_wrap`) may wrap. With `assume`, a pointer that is no
    /// add recurrence may become one under predicates, and a possibly
    /// wrapping one gets a no-wrap predicate.
    pub(crate) fn ptr_stride(
        &mut self,
        pse: &mut Pse,
        access_ty: Type,
        ptr: Operand,
        assume: bool,
        check_wrap: bool,
    ) -> Option<i64> {
        let l = pse.l;
        let s = self.replace_symbolic_stride(pse, ptr);
        if self.se.is_loop_invariant(s, l) {
            return Some(0);
        }
        if self.is_scalable(access_ty) {
            return None;
        }
        let mut ar = matches!(self.se.data(s), ScevData::AddRec(..)).then_some(s);
        if assume && ar.is_none() {
            ar = pse.as_add_rec(self.se, ptr);
        }
        let ar = ar?;
        if self.se.ar_loop(ar) != Some(l) {
            return None;
        }
        let step = self.se.ar_step(ar);
        let c = self.se.as_const(step)?;
        if c.bits() > 64 {
            return None;
        }
        let step_val = c.s() as i64;
        let size = self.alloc_size(access_ty) as i64;
        if size == 0 {
            return None;
        }
        let stride = step_val.wrapping_div(size);
        if step_val.wrapping_rem(size) != 0 {
            return None;
        }
        if !check_wrap {
            return Some(stride);
        }
        if self.is_no_wrap_add_rec(pse, ptr, ar) {
            return Some(stride);
        }
        let unit = stride == 1 || stride == -1;
        if unit
            && self
                .gep_flags(ptr)
                .is_some_and(|f| f.contains(Flags::INBOUNDS))
        {
            return Some(stride);
        }
        if unit && !self.null_is_defined() {
            return Some(stride);
        }
        if assume {
            pse.set_no_overflow(self.se, ptr);
            return Some(stride);
        }
        None
    }

    /// `isNoWrapAddRec`.
    fn is_no_wrap_add_rec(&mut self, pse: &mut Pse, ptr: Operand, ar: Scev) -> bool {
        if self.se.flags(ar).any_of(NoWrap(7)) {
            return true;
        }
        if pse.has_no_overflow(self.se, ptr) {
            return true;
        }
        let Some(i) = self.inst_of(ptr) else {
            return false;
        };
        let d = self.f.inst(i);
        if d.opcode != Opcode::GetElementPtr || !d.flags.contains(Flags::INBOUNDS) {
            return false;
        }
        let mut non_const = None;
        for &idx in &d.operands()[1..] {
            if self.const_int(idx).is_none() {
                if non_const.is_some() {
                    return false;
                }
                non_const = Some(idx);
            }
        }
        let Some(idx) = non_const else {
            return false;
        };
        let Some(ii) = self.inst_of(idx) else {
            return false;
        };
        let id = self.f.inst(ii);
        let overflowing = matches!(
            id.opcode,
            Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl
        );
        if overflowing
            && id.flags.contains(Flags::NSW)
            && self.const_int(id.operands()[1]).is_some()
        {
            let op = id.operands()[0];
            let s = pse.scev(self.se, op);
            if matches!(self.se.data(s), ScevData::AddRec(..)) {
                return self.se.ar_loop(s) == Some(pse.l) && self.se.has_flags(s, NoWrap::NSW);
            }
        }
        false
    }

    /// `collectStridedAccess` for the access through `ptr`.
    pub(crate) fn collect_strided_access(&mut self, pse: &mut Pse, ptr: Operand) {
        let Some(stride) = self.stride_from_pointer(pse, ptr) else {
            return;
        };
        let Some(max_btc) = self.symbolic_max_btc else {
            return;
        };
        let sb = self.se.bits_of(stride);
        let bb = self.se.bits_of(max_btc);
        let (cs, cb) = if bb >= sb {
            let t = self.se.ty(max_btc);
            (self.se.get_noop_or_sign_extend(stride, t), max_btc)
        } else {
            let t = self.se.ty(stride);
            (stride, self.se.get_zero_extend(max_btc, t, 0))
        };
        let d = self.se.get_minus(cs, cb, NoWrap::ANY);
        if self.se.is_cnc(d) || self.se.is_known_positive(d) {
            return;
        }
        let base = match self.se.data(stride) {
            ScevData::Cast(k, op, _) if *k != CastKind::PtrToInt => *op,
            _ => stride,
        };
        if !self.se.is_unknown(base) {
            return;
        }
        match self.symbolic_strides.iter_mut().find(|(p, _)| *p == ptr) {
            Some(e) => e.1 = base,
            None => self.symbolic_strides.push((ptr, base)),
        }
    }

    /// `getStrideFromPointer`: a loop-invariant opaque step (possibly
    /// extended) of the pointer or of its GEP's induction index.
    fn stride_from_pointer(&mut self, pse: &Pse, ptr: Operand) -> Option<Scev> {
        let l = pse.l;
        let stripped = self.strip_gep(ptr, l);
        let mut v = self.se.get_scev(stripped);
        if stripped != ptr {
            while let ScevData::Cast(k, op, _) = self.se.data(v) {
                if *k == CastKind::PtrToInt {
                    break;
                }
                v = *op;
            }
        }
        if !matches!(self.se.data(v), ScevData::AddRec(..)) || self.se.ar_loop(v) != Some(l) {
            return None;
        }
        let mut step = self.se.ar_step(v);
        if stripped == ptr {
            if let ScevData::Mul(ops) = self.se.data(step) {
                let c = self.se.as_const(ops[0])?;
                if c.bits() > 64 || c.s() != 1 {
                    return None;
                }
                step = ops[1];
            }
        }
        if !self.se.is_loop_invariant(step, l) {
            return None;
        }
        match self.se.data(step) {
            ScevData::Unknown(_) => Some(step),
            ScevData::Cast(k, op, _) if *k != CastKind::PtrToInt && self.se.is_unknown(*op) => {
                Some(step)
            }
            _ => None,
        }
    }

    /// `stripGetElementPtr`: the GEP's induction operand when every other
    /// operand is loop invariant.
    fn strip_gep(&mut self, ptr: Operand, l: crate::loops::Loop) -> Operand {
        let Some(i) = self.inst_of(ptr) else {
            return ptr;
        };
        let d = self.f.inst(i);
        if d.opcode != Opcode::GetElementPtr {
            return ptr;
        }
        let ops: Vec<Operand> = d.operands().to_vec();
        let ind = self.gep_induction_operand(i);
        for (k, &o) in ops.iter().enumerate() {
            if k != ind {
                let s = self.se.get_scev(o);
                if !self.se.is_loop_invariant(s, l) {
                    return ptr;
                }
            }
        }
        ops[ind]
    }

    /// `getGEPInductionOperand`: the last index, skipping trailing zero
    /// indices into types of the result's allocation size.
    fn gep_induction_operand(&self, i: loopwright_ir::Inst) -> usize {
        let d = self.f.inst(i);
        let ops = d.operands();
        let mut last = ops.len().saturating_sub(1);
        let loopwright_ir::Extra::Gep { source_ty } = d.extra else {
            return last;
        };
        let result_size = self
            .gep_result_elem(source_ty, ops.get(2..).unwrap_or(&[]))
            .map(|t| self.alloc_size(t));
        while last > 1 && self.const_int(ops[last]) == Some(0) {
            // The element the index before `last` selects.
            let elem_size = self
                .gep_result_elem(source_ty, &ops[2..last])
                .map(|t| self.alloc_size(t));
            if elem_size.is_none() || elem_size != result_size {
                break;
            }
            last -= 1;
        }
        last
    }
}
