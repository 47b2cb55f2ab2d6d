//! Instructions and debug records, as LLVM's
//! `AssemblyWriter::printInstruction` writes them.

use super::text::{push_escaped, push_i64, push_u64};
use super::Printer;
use crate::entities::Inst;
use crate::function::Function;
use crate::inst::{Atomic, ClauseKind, Extra, InstData, Opcode, Operand, Ordering, TailKind};
use crate::types::{TypeData, TypeTable};
use crate::ConstData;

impl Printer<'_, '_> {
    /// One instruction line (or a debug-record line), with its newline.
    pub(super) fn inst(&mut self, f: &Function, i: Inst) {
        let data = f.inst(i);
        if data.opcode.is_debug_record() {
            self.out.push_str("    #");
            self.out.push_str(data.opcode.name());
            self.out.push('(');
            for (k, &op) in data.operands().iter().enumerate() {
                if k > 0 {
                    self.out.push_str(", ");
                }
                self.md_operand(f, op);
            }
            self.out.push_str(")\n");
            return;
        }
        self.out.push_str("  ");
        if data.ty != TypeTable::VOID {
            let name = self.fnames.inst_def(f, i);
            super::constant::push_name(self.out, '%', name, &self.fnames.generated);
            self.out.push_str(" = ");
        }
        if let Some(c) = data.call_info() {
            if data.opcode == Opcode::Call {
                match c.tail {
                    TailKind::None => {}
                    TailKind::Tail => self.out.push_str("tail "),
                    TailKind::MustTail => self.out.push_str("musttail "),
                    TailKind::NoTail => self.out.push_str("notail "),
                }
            }
        }
        self.out.push_str(data.opcode.name());
        let is_atomic_mem = matches!(
            &data.extra,
            Extra::Mem {
                atomic: Some(_),
                ..
            }
        );
        if is_atomic_mem {
            self.out.push_str(" atomic");
        }
        if let Extra::CmpXchg(x) = &data.extra {
            if x.weak {
                self.out.push_str(" weak");
            }
        }
        if data.flags.contains(crate::Flags::VOLATILE)
            && matches!(
                data.opcode,
                Opcode::Load | Opcode::Store | Opcode::AtomicCmpXchg | Opcode::AtomicRmw
            )
        {
            self.out.push_str(" volatile");
        }
        self.flags(data.opcode, data.flags);
        if let Some(p) = data.predicate() {
            self.out.push(' ');
            self.out.push_str(p.name());
        }
        if let Extra::Rmw(r) = &data.extra {
            self.out.push(' ');
            self.out.push_str(r.op.name());
        }
        self.inst_body(f, data);
        // Memory ordering, alignment, shuffle masks.
        match &data.extra {
            Extra::Mem { align, atomic } => {
                if let Some(a) = atomic {
                    self.atomic(a);
                }
                self.align(*align);
            }
            Extra::CmpXchg(x) => {
                self.syncscope(x.syncscope.as_deref());
                self.ordering(x.success);
                self.ordering(x.failure);
                self.align(x.align);
            }
            Extra::Rmw(r) => {
                self.atomic(&r.atomic);
                self.align(r.align);
            }
            Extra::Fence(a) => self.atomic(a),
            Extra::Shuffle(mask) => {
                let scalable = matches!(
                    self.m.types.data(data.ty),
                    TypeData::Vector { scalable: true, .. }
                );
                self.out.push_str(", <");
                if scalable {
                    self.out.push_str("vscale x ");
                }
                push_u64(self.out, mask.len() as u64);
                self.out.push_str(" x i32> ");
                if mask.iter().all(|&e| e == 0) {
                    self.out.push_str("zeroinitializer");
                } else if mask.iter().all(|&e| e < 0) {
                    self.out.push_str("poison");
                } else {
                    self.out.push('<');
                    for (k, &e) in mask.iter().enumerate() {
                        if k > 0 {
                            self.out.push_str(", ");
                        }
                        self.out.push_str("i32 ");
                        if e < 0 {
                            self.out.push_str("poison");
                        } else {
                            push_i64(self.out, i64::from(e));
                        }
                    }
                    self.out.push('>');
                }
            }
            _ => {}
        }
        self.attachments(&data.md, ", ");
        self.out.push('\n');
    }

    fn align(&mut self, a: Option<u64>) {
        if let Some(a) = a.or(self.implied_align) {
            self.out.push_str(", align ");
            push_u64(self.out, a);
        }
    }

    fn syncscope(&mut self, s: Option<&str>) {
        if let Some(s) = s {
            self.out.push_str(" syncscope(\"");
            push_escaped(self.out, s.as_bytes());
            self.out.push_str("\")");
        }
    }

    fn ordering(&mut self, o: Ordering) {
        self.out.push(' ');
        self.out.push_str(o.name());
    }

    fn atomic(&mut self, a: &Atomic) {
        self.syncscope(a.syncscope.as_deref());
        self.ordering(a.ordering);
    }

    /// Everything between the opcode (with its flags) and the trailing
    /// ordering/alignment/metadata.
    fn inst_body(&mut self, f: &Function, data: &InstData) {
        let ops = data.operands();
        use Opcode::*;
        match data.opcode {
            Br if ops.len() == 3 => {
                self.out.push(' ');
                self.operand(f, ops[0], true);
                self.out.push_str(", ");
                self.operand(f, ops[1], true);
                self.out.push_str(", ");
                self.operand(f, ops[2], true);
            }
            Switch => {
                self.out.push(' ');
                self.operand(f, ops[0], true);
                self.out.push_str(", ");
                self.operand(f, ops[1], true);
                self.out.push_str(" [");
                for pair in ops[2..].chunks(2) {
                    self.out.push_str("\n    ");
                    self.operand(f, pair[0], true);
                    if let Some(&d) = pair.get(1) {
                        self.out.push_str(", ");
                        self.operand(f, d, true);
                    }
                }
                self.out.push_str("\n  ]");
            }
            IndirectBr => {
                self.out.push(' ');
                self.operand(f, ops[0], true);
                self.out.push_str(", [");
                for (k, &d) in ops[1..].iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    self.operand(f, d, true);
                }
                self.out.push(']');
            }
            Phi => {
                self.out.push(' ');
                self.ty(data.ty);
                self.out.push(' ');
                for (k, pair) in ops.chunks(2).enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    self.out.push_str("[ ");
                    self.operand(f, pair[0], false);
                    self.out.push_str(", ");
                    if let Some(&b) = pair.get(1) {
                        self.operand(f, b, false);
                    }
                    self.out.push_str(" ]");
                }
            }
            ExtractValue | InsertValue => {
                self.out.push(' ');
                for (k, &op) in ops.iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    self.operand(f, op, true);
                }
                if let Extra::Indices(idx) = &data.extra {
                    for &i in idx.iter() {
                        self.out.push_str(", ");
                        push_u64(self.out, u64::from(i));
                    }
                }
            }
            LandingPad => {
                self.out.push(' ');
                self.ty(data.ty);
                let (cleanup, clauses): (bool, &[ClauseKind]) = match &data.extra {
                    Extra::LandingPad { cleanup, clauses } => (*cleanup, clauses),
                    _ => (false, &[]),
                };
                if cleanup || !clauses.is_empty() {
                    self.out.push('\n');
                }
                if cleanup {
                    self.out.push_str("          cleanup");
                }
                for (k, (&kind, &op)) in clauses.iter().zip(ops).enumerate() {
                    if k > 0 || cleanup {
                        self.out.push('\n');
                    }
                    self.out.push_str(match kind {
                        ClauseKind::Catch => "          catch ",
                        ClauseKind::Filter => "          filter ",
                    });
                    self.operand(f, op, true);
                }
            }
            CatchSwitch => {
                let has_unwind = matches!(data.extra, Extra::CatchSwitch { has_unwind: true });
                let end = if has_unwind { ops.len() - 1 } else { ops.len() };
                self.out.push_str(" within ");
                self.operand(f, ops[0], false);
                self.out.push_str(" [");
                for (k, &h) in ops[1..end].iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    self.operand(f, h, true);
                }
                self.out.push_str("] unwind ");
                if has_unwind {
                    self.operand(f, ops[end], true);
                } else {
                    self.out.push_str("to caller");
                }
            }
            CatchPad | CleanupPad => {
                self.out.push_str(" within ");
                self.operand(f, ops[0], false);
                self.out.push_str(" [");
                for (k, &a) in ops[1..].iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    self.operand(f, a, true);
                }
                self.out.push(']');
            }
            Ret if ops.is_empty() => self.out.push_str(" void"),
            CatchRet => {
                self.out.push_str(" from ");
                self.operand(f, ops[0], false);
                self.out.push_str(" to ");
                self.operand(f, ops[1], true);
            }
            CleanupRet => {
                self.out.push_str(" from ");
                self.operand(f, ops[0], false);
                self.out.push_str(" unwind ");
                match ops.get(1) {
                    Some(&d) => self.operand(f, d, true),
                    None => self.out.push_str("to caller"),
                }
            }
            Call | Invoke | CallBr => self.call_body(f, data),
            Alloca => {
                let Extra::Alloca(a) = &data.extra else {
                    return;
                };
                self.out.push(' ');
                if a.inalloca {
                    self.out.push_str("inalloca ");
                }
                if a.swifterror {
                    self.out.push_str("swifterror ");
                }
                self.ty(a.allocated_ty);
                let count = ops[0];
                let is_i32_one = match count {
                    Operand::Const(c) => {
                        self.m.consts.ty(c) == TypeTable::I32 && self.m.consts.as_i64(c) == Some(1)
                    }
                    _ => false,
                };
                if !is_i32_one {
                    self.out.push_str(", ");
                    self.operand(f, count, true);
                }
                self.align(a.align);
                if a.addrspace != 0 {
                    self.out.push_str(", addrspace(");
                    push_u64(self.out, u64::from(a.addrspace));
                    self.out.push(')');
                }
            }
            op if op.is_cast() => {
                self.out.push(' ');
                self.operand(f, ops[0], true);
                self.out.push_str(" to ");
                self.ty(data.ty);
            }
            VAArg => {
                self.out.push(' ');
                self.operand(f, ops[0], true);
                self.out.push_str(", ");
                self.ty(data.ty);
            }
            _ if ops.is_empty() => {}
            op => {
                if let Extra::Gep { source_ty } = data.extra {
                    self.out.push(' ');
                    self.ty(source_ty);
                    self.out.push(',');
                } else if op == Load {
                    self.out.push(' ');
                    self.ty(data.ty);
                    self.out.push(',');
                }
                let consts = &self.m.consts;
                let first = f.operand_type(ops[0], consts);
                let all_types = matches!(
                    op,
                    Select | Store | ShuffleVector | Ret | AtomicCmpXchg | AtomicRmw
                ) || ops[1..].iter().any(|&o| f.operand_type(o, consts) != first);
                if !all_types {
                    self.out.push(' ');
                    self.ty(first);
                }
                self.out.push(' ');
                for (k, &o) in ops.iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    self.operand(f, o, all_types);
                }
            }
        }
    }

    /// `call`, `invoke`, `callbr` after the opcode.
    fn call_body(&mut self, f: &Function, data: &InstData) {
        let Some(c) = data.call_info() else { return };
        let m = self.m;
        let ops = data.operands();
        if c.cconv != 0 {
            self.out.push(' ');
            self.calling_conv(c.cconv);
        }
        if !m.attrs.is_empty_set(c.ret_attrs) {
            self.out.push(' ');
            self.attr_set(c.ret_attrs);
        }
        // The callee's address space, when it is not the default.
        let callee = ops[0];
        let callee_as = match callee {
            Operand::Const(k) if matches!(m.consts.data(k), ConstData::InlineAsm(_)) => 0,
            other => match m.types.data(f.operand_type(other, &m.consts)) {
                TypeData::Ptr(a) => *a,
                _ => 0,
            },
        };
        if callee_as != 0 || self.program_as != 0 {
            self.out.push_str(" addrspace(");
            push_u64(self.out, u64::from(callee_as));
            self.out.push(')');
        }
        let (ret, vararg) = m
            .types
            .fn_sig(c.fn_ty)
            .map_or((TypeTable::VOID, false), |(r, _, v)| (r, v));
        self.out.push(' ');
        self.ty(if vararg { c.fn_ty } else { ret });
        self.out.push(' ');
        self.operand(f, callee, false);
        self.out.push('(');
        let nargs = c.num_args as usize;
        for (k, &a) in ops[1..1 + nargs].iter().enumerate() {
            if k > 0 {
                self.out.push_str(", ");
            }
            self.ty(f.operand_type(a, &m.consts));
            if let Some(&set) = c.param_attrs.get(k) {
                if !m.attrs.is_empty_set(set) {
                    self.out.push(' ');
                    self.attr_set(set);
                }
            }
            self.out.push(' ');
            self.operand(f, a, false);
        }
        if data.opcode == Opcode::Call && c.tail == TailKind::MustTail {
            let caller_vararg = m.types.fn_sig(f.ty).is_some_and(|s| s.2);
            if caller_vararg {
                if nargs > 0 {
                    self.out.push_str(", ");
                }
                self.out.push_str("...");
            }
        }
        self.out.push(')');
        if !m.attrs.is_empty_set(c.fn_attrs) {
            let slot = self.group_slot(c.fn_attrs);
            self.out.push_str(" #");
            push_u64(self.out, u64::from(slot));
        }
        let mut next = 1 + nargs;
        if !c.bundles.is_empty() {
            self.out.push_str(" [ ");
            for (k, b) in c.bundles.iter().enumerate() {
                if k > 0 {
                    self.out.push_str(", ");
                }
                self.out.push('"');
                push_escaped(self.out, b.tag.as_bytes());
                self.out.push_str("\"(");
                for j in 0..b.num_ops as usize {
                    if j > 0 {
                        self.out.push_str(", ");
                    }
                    self.operand(f, ops[next + j], true);
                }
                next += b.num_ops as usize;
                self.out.push(')');
            }
            self.out.push_str(" ]");
        }
        match data.opcode {
            Opcode::Invoke => {
                self.out.push_str("\n          to ");
                self.operand(f, ops[next], true);
                self.out.push_str(" unwind ");
                self.operand(f, ops[next + 1], true);
            }
            Opcode::CallBr => {
                self.out.push_str("\n          to ");
                self.operand(f, ops[next], true);
                self.out.push_str(" [");
                for (k, &d) in ops[next + 1..].iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    self.operand(f, d, true);
                }
                self.out.push(']');
            }
            _ => {}
        }
    }
}
