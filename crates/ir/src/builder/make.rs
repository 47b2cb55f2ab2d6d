//! Typed instruction data: the `InstData` of each constructor of the
//! [`Builder`](super::Builder), with its result type worked out from the
//! operands, not yet inserted anywhere.
//!
//! The builder's constructors are these followed by
//! [`Builder::insert`](super::Builder::insert). A pass that asks a folder
//! about an instruction before it creates it (the SCEV expander, as
//! LLVM's `IRBuilder<InstSimplifyFolder>`) makes the data here, asks, and
//! inserts it when nothing folds; so no pass spells an opcode's operand
//! layout or result type by hand.

use super::{bool_type, operand_type};
use crate::entities::Func;
use crate::function::Function;
use crate::inst::{CallInfo, Extra, Flags, InstData, Opcode, Operand, Predicate, TailKind};
use crate::module::Module;
use crate::types::{Type, TypeData, TypeTable};
use crate::{ConstData, GlobalRef};

/// A binary operator (`add`, `fmul`, `shl`, ...) with `flags`; the type is
/// `lhs`'s.
pub fn binop(
    m: &Module,
    f: &Function,
    op: Opcode,
    lhs: Operand,
    rhs: Operand,
    flags: Flags,
) -> InstData {
    let ty = operand_type(m, f, lhs);
    InstData::new(op, ty, [lhs, rhs]).with_flags(flags)
}

/// `fneg` with fast-math `flags`.
pub fn fneg(m: &Module, f: &Function, v: Operand, flags: Flags) -> InstData {
    let ty = operand_type(m, f, v);
    InstData::new(Opcode::FNeg, ty, [v]).with_flags(flags)
}

/// `icmp pred a, b`: `i1`, or `<N x i1>` for vectors.
pub fn icmp(m: &mut Module, f: &Function, pred: Predicate, a: Operand, b: Operand) -> InstData {
    let ty = bool_type(m, operand_type(m, f, a));
    InstData::new(Opcode::ICmp, ty, [a, b]).with_extra(Extra::Cmp(pred))
}

/// `fcmp flags pred a, b`.
pub fn fcmp(
    m: &mut Module,
    f: &Function,
    pred: Predicate,
    a: Operand,
    b: Operand,
    flags: Flags,
) -> InstData {
    let ty = bool_type(m, operand_type(m, f, a));
    InstData::new(Opcode::FCmp, ty, [a, b])
        .with_extra(Extra::Cmp(pred))
        .with_flags(flags)
}

/// `select cond, a, b`.
pub fn select(m: &Module, f: &Function, cond: Operand, a: Operand, b: Operand) -> InstData {
    let ty = operand_type(m, f, a);
    InstData::new(Opcode::Select, ty, [cond, a, b])
}

/// A cast (`trunc`, `zext` (`nneg` in `flags`), `ptrtoint`, ...) of `v`
/// to `to`.
pub fn cast(op: Opcode, v: Operand, to: Type, flags: Flags) -> InstData {
    InstData::new(op, to, [v]).with_flags(flags)
}

/// `freeze v`.
pub fn freeze(m: &Module, f: &Function, v: Operand) -> InstData {
    let ty = operand_type(m, f, v);
    InstData::new(Opcode::Freeze, ty, [v])
}

/// `getelementptr flags source_ty, base, indices...`: a pointer of the
/// base's type, or a vector of pointers when an operand is a vector.
pub fn gep(
    m: &mut Module,
    f: &Function,
    source_ty: Type,
    base: Operand,
    indices: &[Operand],
    flags: Flags,
) -> InstData {
    let bt = operand_type(m, f, base);
    let mut ty = bt;
    if !m.types.is_vector(bt) {
        for &ix in indices {
            if let TypeData::Vector { len, .. } = *m.types.data(operand_type(m, f, ix)) {
                ty = m.types.vector(len, bt);
                break;
            }
        }
    }
    let mut ops = vec![base];
    ops.extend_from_slice(indices);
    InstData::new(Opcode::GetElementPtr, ty, ops)
        .with_extra(Extra::Gep { source_ty })
        .with_flags(flags)
}

/// `getelementptr flags i8, base, offset` (LLVM's `CreatePtrAdd`).
pub fn ptr_add(
    m: &mut Module,
    f: &Function,
    base: Operand,
    offset: Operand,
    flags: Flags,
) -> InstData {
    gep(m, f, TypeTable::I8, base, &[offset], flags)
}

/// `load [volatile] ty, ptr [, align N]`.
pub fn load(ty: Type, ptr: Operand, align: Option<u64>, volatile: bool) -> InstData {
    InstData::new(Opcode::Load, ty, [ptr])
        .with_extra(Extra::Mem {
            align,
            atomic: None,
        })
        .with_flags(volatile_flag(volatile))
}

/// `store [volatile] v, ptr [, align N]`.
pub fn store(v: Operand, ptr: Operand, align: Option<u64>, volatile: bool) -> InstData {
    InstData::new(Opcode::Store, TypeTable::VOID, [v, ptr])
        .with_extra(Extra::Mem {
            align,
            atomic: None,
        })
        .with_flags(volatile_flag(volatile))
}

fn volatile_flag(volatile: bool) -> Flags {
    if volatile {
        Flags::VOLATILE
    } else {
        Flags::NONE
    }
}

/// `extractelement vec, idx`.
pub fn extract_element(m: &Module, f: &Function, vec: Operand, idx: Operand) -> InstData {
    let ty = m.types.scalar(operand_type(m, f, vec));
    InstData::new(Opcode::ExtractElement, ty, [vec, idx])
}

/// `insertelement vec, elt, idx`.
pub fn insert_element(
    m: &Module,
    f: &Function,
    vec: Operand,
    elt: Operand,
    idx: Operand,
) -> InstData {
    let ty = operand_type(m, f, vec);
    InstData::new(Opcode::InsertElement, ty, [vec, elt, idx])
}

/// `shufflevector a, b, mask` (`-1` is a `poison` lane): a vector of
/// `mask.len()` elements of `a`'s element type.
pub fn shuffle(m: &mut Module, f: &Function, a: Operand, b: Operand, mask: &[i32]) -> InstData {
    let elem = m.types.scalar(operand_type(m, f, a));
    let ty = m.types.vector(mask.len() as u32, elem);
    InstData::new(Opcode::ShuffleVector, ty, [a, b]).with_extra(Extra::Shuffle(mask.into()))
}

/// `extractvalue agg, indices...` (type `void` when an index is out of
/// range, which the type check refuses).
pub fn extract_value(m: &Module, f: &Function, agg: Operand, indices: &[u32]) -> InstData {
    let mut ty = operand_type(m, f, agg);
    for &k in indices {
        ty = m
            .types
            .aggregate_elem(ty, u64::from(k))
            .unwrap_or(TypeTable::VOID);
    }
    InstData::new(Opcode::ExtractValue, ty, [agg]).with_extra(Extra::Indices(indices.into()))
}

/// `call callee(args...)` of a function of the module, with no attributes
/// at the call site.
pub fn call(m: &mut Module, callee: Func, args: &[Operand]) -> InstData {
    let fn_ty = m.functions[callee].ty;
    let ret = m.types.fn_sig(fn_ty).map_or(TypeTable::VOID, |s| s.0);
    let callee_c = m.consts.intern(ConstData::Global {
        ty: TypeTable::PTR,
        global: GlobalRef::Func(callee),
    });
    let info = CallInfo {
        fn_ty,
        cconv: 0,
        tail: TailKind::None,
        fn_attrs: crate::AttrSet::EMPTY,
        ret_attrs: crate::AttrSet::EMPTY,
        param_attrs: Vec::new(),
        num_args: args.len() as u32,
        bundles: Vec::new(),
        explicit_fn_ty: false,
    };
    let mut ops = vec![Operand::Const(callee_c)];
    ops.extend_from_slice(args);
    InstData::new(Opcode::Call, ret, ops).with_extra(Extra::Call(Box::new(info)))
}
