//! Types, constants, and references to values, blocks and globals.

use super::float::{push_fp, FpKind};
use super::slots::Name;
use super::text::{push_escaped, push_i64, push_ident, push_u64};
use super::Printer;
use crate::constant::ConstData;
use crate::entities::{Block, Const, Func, GlobalRef, Value};
use crate::function::Function;
use crate::inst::{Flags, Opcode, Operand};
use crate::types::{NamedStruct, Type, TypeData, TypeTable};
use cranelift_entity::EntityRef;
use cranelift_entity::SecondaryMap;

/// Canonical class of a constant: LLVM folds aggregates whose elements are
/// all null / all `undef` / all `poison` into `zeroinitializer` / `undef` /
/// `poison`.
const C_OTHER: u8 = 1;
const C_ZERO: u8 = 2;
const C_UNDEF: u8 = 3;
const C_POISON: u8 = 4;

/// Writes the text of type `t` (used once per type to fill the type cache).
pub(super) fn write_type(
    out: &mut String,
    types: &TypeTable,
    struct_num: &SecondaryMap<NamedStruct, u32>,
    t: Type,
) {
    match types.data(t) {
        TypeData::Void => out.push_str("void"),
        TypeData::Label => out.push_str("label"),
        TypeData::Metadata => out.push_str("metadata"),
        TypeData::Token => out.push_str("token"),
        TypeData::X86Amx => out.push_str("x86_amx"),
        TypeData::Int(n) => {
            out.push('i');
            push_u64(out, u64::from(*n));
        }
        TypeData::Half => out.push_str("half"),
        TypeData::BFloat => out.push_str("bfloat"),
        TypeData::Float => out.push_str("float"),
        TypeData::Double => out.push_str("double"),
        TypeData::X86Fp80 => out.push_str("x86_fp80"),
        TypeData::Fp128 => out.push_str("fp128"),
        TypeData::PpcFp128 => out.push_str("ppc_fp128"),
        TypeData::Ptr(a) => {
            out.push_str("ptr");
            if *a != 0 {
                out.push_str(" addrspace(");
                push_u64(out, u64::from(*a));
                out.push(')');
            }
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
            push_u64(out, u64::from(*len));
            out.push_str(" x ");
            write_type(out, types, struct_num, *elem);
            out.push('>');
        }
        TypeData::Array { len, elem } => {
            out.push('[');
            push_u64(out, *len);
            out.push_str(" x ");
            write_type(out, types, struct_num, *elem);
            out.push(']');
        }
        TypeData::Struct { packed, elems } => {
            write_struct_body(out, types, struct_num, *packed, elems)
        }
        TypeData::Named(s) => {
            out.push('%');
            match &types.struct_data(*s).name {
                Some(n) if !n.is_empty() => push_ident(out, n),
                _ => push_u64(out, u64::from(struct_num[*s])),
            }
        }
        TypeData::Function {
            ret,
            params,
            vararg,
        } => {
            write_type(out, types, struct_num, *ret);
            out.push_str(" (");
            for (i, p) in params.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(out, types, struct_num, *p);
            }
            if *vararg {
                if !params.is_empty() {
                    out.push_str(", ");
                }
                out.push_str("...");
            }
            out.push(')');
        }
        TypeData::TargetExt {
            name,
            types: tys,
            ints,
        } => {
            out.push_str("target(\"");
            push_escaped(out, name.as_bytes());
            out.push('"');
            for t in tys {
                out.push_str(", ");
                write_type(out, types, struct_num, *t);
            }
            for i in ints {
                out.push_str(", ");
                push_u64(out, u64::from(*i));
            }
            out.push(')');
        }
    }
}

/// `{ a, b }`, `<{ a }>`, `{}`.
pub(super) fn write_struct_body(
    out: &mut String,
    types: &TypeTable,
    struct_num: &SecondaryMap<NamedStruct, u32>,
    packed: bool,
    elems: &[Type],
) {
    if packed {
        out.push('<');
    }
    if elems.is_empty() {
        out.push_str("{}");
    } else {
        out.push_str("{ ");
        for (i, e) in elems.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_type(out, types, struct_num, *e);
        }
        out.push_str(" }");
    }
    if packed {
        out.push('>');
    }
}

/// Writes a local or global name with its sigil.
pub(super) fn push_name(out: &mut String, sigil: char, n: Name<'_>, generated: &[String]) {
    match n {
        Name::Unset => out.push_str("<badref>"),
        Name::Num(k) => {
            out.push(sigil);
            push_u64(out, u64::from(k));
        }
        Name::Str(s) => {
            out.push(sigil);
            push_ident(out, s);
        }
        Name::Gen(i) => {
            out.push(sigil);
            push_ident(out, &generated[i as usize]);
        }
    }
}

impl Printer<'_, '_> {
    /// Appends the text of type `t`.
    #[inline]
    pub(super) fn ty(&mut self, t: Type) {
        let (s, e) = self.type_span[t.index()];
        self.out.push_str(&self.type_text[s as usize..e as usize]);
    }

    pub(super) fn global_ref(&mut self, g: GlobalRef) {
        push_name(self.out, '@', self.globals.get(g), &self.globals.generated);
    }

    pub(super) fn value_ref(&mut self, v: Value) {
        push_name(self.out, '%', self.fnames.vals[v], &self.fnames.generated);
    }

    pub(super) fn block_ref(&mut self, b: Block) {
        push_name(self.out, '%', self.fnames.blocks[b], &self.fnames.generated);
    }

    /// An operand, optionally preceded by its type.
    pub(super) fn operand(&mut self, f: &Function, op: Operand, with_type: bool) {
        if with_type {
            let t = f.operand_type(op, &self.m.consts);
            self.ty(t);
            self.out.push(' ');
        }
        match op {
            Operand::Value(v) => self.value_ref(v),
            Operand::Const(c) => self.konst(c),
            Operand::Block(b) => self.block_ref(b),
            other => self.md_operand(f, other),
        }
    }

    /// `T c`.
    pub(super) fn typed_const(&mut self, c: Const) {
        self.ty(self.m.consts.ty(c));
        self.out.push(' ');
        self.konst(c);
    }

    fn const_class(&mut self, c: Const) -> u8 {
        let k = self.const_class[c];
        if k != 0 {
            return k;
        }
        let m = self.m;
        let k = match m.consts.data(c) {
            ConstData::Int { val, .. } => {
                if val.is_zero() {
                    C_ZERO
                } else {
                    C_OTHER
                }
            }
            ConstData::Float { bits, .. } => {
                if *bits == 0 {
                    C_ZERO
                } else {
                    C_OTHER
                }
            }
            ConstData::Null(_) | ConstData::NoneToken | ConstData::Zero(_) => C_ZERO,
            ConstData::Undef(_) => C_UNDEF,
            ConstData::Poison(_) => C_POISON,
            ConstData::Bytes { data, .. } => {
                if data.iter().all(|&b| b == 0) {
                    C_ZERO
                } else {
                    C_OTHER
                }
            }
            ConstData::Array { elems, .. } | ConstData::Vector { elems, .. }
                if elems.is_empty() =>
            {
                C_OTHER
            }
            ConstData::Struct { elems, .. } if elems.is_empty() => C_ZERO,
            ConstData::Array { elems, .. }
            | ConstData::Vector { elems, .. }
            | ConstData::Struct { elems, .. } => {
                let first = self.const_class(elems[0]);
                if first != C_OTHER && elems[1..].iter().all(|&e| self.const_class(e) == first) {
                    first
                } else {
                    C_OTHER
                }
            }
            _ => C_OTHER,
        };
        self.const_class[c] = k;
        k
    }

    fn fp_kind(&self, t: Type) -> FpKind {
        let types = &self.m.types;
        match types.data(types.scalar(t)) {
            TypeData::Half => FpKind::Half,
            TypeData::BFloat => FpKind::BFloat,
            TypeData::Float => FpKind::Float,
            TypeData::X86Fp80 => FpKind::X86Fp80,
            TypeData::Fp128 => FpKind::Fp128,
            TypeData::PpcFp128 => FpKind::PpcFp128,
            _ => FpKind::Double,
        }
    }

    /// The text of constant `c` (without its type).
    pub(super) fn konst(&mut self, c: Const) {
        let m = self.m;
        let data = m.consts.data(c);
        if matches!(
            data,
            ConstData::Array { .. }
                | ConstData::Vector { .. }
                | ConstData::Struct { .. }
                | ConstData::Bytes { .. }
        ) {
            match self.const_class(c) {
                C_ZERO => return self.out.push_str("zeroinitializer"),
                C_UNDEF => return self.out.push_str("undef"),
                C_POISON => return self.out.push_str("poison"),
                _ => {}
            }
        }
        match data {
            ConstData::Int { val, .. } => {
                if val.bits() == 1 {
                    self.out.push_str(if val.bit(0) { "true" } else { "false" });
                } else if let Some(v) = val.as_i64() {
                    push_i64(self.out, v);
                } else {
                    self.out.push_str(&val.to_signed_string());
                }
            }
            ConstData::Float { ty, bits } => {
                let kind = self.fp_kind(*ty);
                push_fp(self.out, kind, *bits);
            }
            ConstData::Null(ty) => {
                if matches!(m.types.data(*ty), TypeData::TargetExt { .. }) {
                    self.out.push_str("zeroinitializer");
                } else {
                    self.out.push_str("null");
                }
            }
            ConstData::NoneToken => self.out.push_str("none"),
            ConstData::Undef(_) => self.out.push_str("undef"),
            ConstData::Poison(_) => self.out.push_str("poison"),
            ConstData::Zero(_) => self.out.push_str("zeroinitializer"),
            ConstData::Array { ty, elems } => {
                let elem_ty = match m.types.data(*ty) {
                    TypeData::Array { elem, .. } => Some(*elem),
                    _ => None,
                };
                let is_i8 = elem_ty.is_some_and(|e| m.types.int_width(e) == Some(8));
                if is_i8
                    && elems
                        .iter()
                        .all(|&e| matches!(m.consts.data(e), ConstData::Int { .. }))
                {
                    // LLVM stores these as a ConstantDataArray and prints a string.
                    self.out.push_str("c\"");
                    for &e in elems {
                        let b = m.consts.as_apint(e).and_then(|v| v.as_u64()).unwrap_or(0) as u8;
                        push_escaped(self.out, &[b]);
                    }
                    self.out.push('"');
                    return;
                }
                self.out.push('[');
                self.elems(elem_ty, elems);
                self.out.push(']');
            }
            ConstData::Vector { ty, elems } => {
                let elem_ty = match m.types.data(*ty) {
                    TypeData::Vector { elem, .. } => Some(*elem),
                    _ => None,
                };
                self.out.push('<');
                self.elems(elem_ty, elems);
                self.out.push('>');
            }
            ConstData::Struct { ty, elems } => {
                let packed = match m.types.data(*ty) {
                    TypeData::Struct { packed, .. } => *packed,
                    TypeData::Named(s) => m
                        .types
                        .struct_data(*s)
                        .body
                        .as_ref()
                        .is_some_and(|b| b.packed),
                    _ => false,
                };
                if packed {
                    self.out.push('<');
                }
                self.out.push('{');
                if !elems.is_empty() {
                    self.out.push(' ');
                    self.elems(None, elems);
                    self.out.push(' ');
                }
                self.out.push('}');
                if packed {
                    self.out.push('>');
                }
            }
            ConstData::Bytes { data, .. } => {
                self.out.push_str("c\"");
                push_escaped(self.out, data);
                self.out.push('"');
            }
            ConstData::Global { global, .. } => self.global_ref(*global),
            ConstData::BlockAddress { func, block, .. } => {
                self.out.push_str("blockaddress(");
                self.global_ref(GlobalRef::Func(*func));
                self.out.push_str(", ");
                self.foreign_block_ref(*func, *block);
                self.out.push(')');
            }
            ConstData::DsoLocalEquivalent { global, .. } => {
                self.out.push_str("dso_local_equivalent ");
                self.global_ref(*global);
            }
            ConstData::NoCfi { global, .. } => {
                self.out.push_str("no_cfi ");
                self.global_ref(*global);
            }
            ConstData::PtrAuth { ops, .. } => {
                // Trailing null discriminators are left out, as LLVM does.
                let mut n = ops.len().min(2);
                if ops.len() > 2 && self.const_class(ops[2]) != C_ZERO {
                    n = 3;
                }
                if ops.len() > 3 && self.const_class(ops[3]) != C_ZERO {
                    n = 4;
                }
                self.out.push_str("ptrauth (");
                for (i, &o) in ops[..n].iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.typed_const(o);
                }
                self.out.push(')');
            }
            ConstData::Expr(e) => {
                self.out.push_str(e.opcode.name());
                self.flags(e.opcode, e.flags);
                if let Some((lo, hi)) = &e.inrange {
                    self.out.push_str(" inrange(");
                    self.out.push_str(&lo.to_signed_string());
                    self.out.push_str(", ");
                    self.out.push_str(&hi.to_signed_string());
                    self.out.push(')');
                }
                if let Some(p) = e.predicate {
                    self.out.push(' ');
                    self.out.push_str(p.name());
                }
                self.out.push_str(" (");
                if let Some(s) = e.source_ty {
                    self.ty(s);
                    self.out.push_str(", ");
                }
                for (i, &o) in e.ops.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.typed_const(o);
                }
                if e.opcode.is_cast() {
                    self.out.push_str(" to ");
                    self.ty(e.ty);
                }
                self.out.push(')');
            }
            ConstData::InlineAsm(a) => {
                self.out.push_str("asm ");
                if a.side_effect {
                    self.out.push_str("sideeffect ");
                }
                if a.align_stack {
                    self.out.push_str("alignstack ");
                }
                if a.intel_dialect {
                    self.out.push_str("inteldialect ");
                }
                if a.can_throw {
                    self.out.push_str("unwind ");
                }
                self.out.push('"');
                push_escaped(self.out, &a.asm);
                self.out.push_str("\", \"");
                push_escaped(self.out, &a.constraints);
                self.out.push('"');
            }
        }
    }

    /// `T a, T b` (element type given for arrays and vectors).
    fn elems(&mut self, elem_ty: Option<Type>, elems: &[Const]) {
        for (i, &e) in elems.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let t = elem_ty.unwrap_or_else(|| self.m.consts.ty(e));
            self.ty(t);
            self.out.push(' ');
            self.konst(e);
        }
    }

    /// The label of block `b` of function `func` (for `blockaddress`).
    fn foreign_block_ref(&mut self, func: Func, b: Block) {
        let name = match self.other_fn.get(&func) {
            Some(names) => {
                let n = names.blocks[b];
                push_name(self.out, '%', n, &names.generated);
                return;
            }
            None => Name::Unset,
        };
        push_name(self.out, '%', name, &[]);
    }

    /// Instruction and constant-expression flags, in LLVM's order.
    pub(super) fn flags(&mut self, op: Opcode, flags: Flags) {
        let fm = flags.fast_math();
        if fm == Flags::FAST {
            self.out.push_str(" fast");
        } else if !fm.is_empty() {
            for (f, s) in [
                (Flags::REASSOC, " reassoc"),
                (Flags::NNAN, " nnan"),
                (Flags::NINF, " ninf"),
                (Flags::NSZ, " nsz"),
                (Flags::ARCP, " arcp"),
                (Flags::CONTRACT, " contract"),
                (Flags::AFN, " afn"),
            ] {
                if fm.contains(f) {
                    self.out.push_str(s);
                }
            }
        }
        if op == Opcode::GetElementPtr {
            if flags.contains(Flags::INBOUNDS) {
                self.out.push_str(" inbounds");
            } else if flags.contains(Flags::NUSW) {
                self.out.push_str(" nusw");
            }
            if flags.contains(Flags::NUW) {
                self.out.push_str(" nuw");
            }
            return;
        }
        for (f, s) in [
            (Flags::NUW, " nuw"),
            (Flags::NSW, " nsw"),
            (Flags::EXACT, " exact"),
            (Flags::DISJOINT, " disjoint"),
            (Flags::NNEG, " nneg"),
            (Flags::SAMESIGN, " samesign"),
        ] {
            if flags.contains(f) {
                self.out.push_str(s);
            }
        }
    }
}
