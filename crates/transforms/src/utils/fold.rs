//! Instruction simplification: the subset of LLVM's `simplifyInstruction`
//! that loop transformations rely on after substituting known values
//! (a cloned loop header compares constants; an unrolled body sees its
//! induction variable as a constant).
//!
//! [`simplify`] returns an existing value or a constant equal to the
//! instruction, never a new instruction. It folds integer arithmetic,
//! comparisons and casts of constants of any width (through the tree's
//! constant folder, `loopwright_ir::constfold`), the usual identities
//! (`x + 0`, `x * 1`, `x & 0`, ...), `icmp` of a value with itself, and
//! `select` on a constant condition or of equal arms. When a fold would
//! produce `poison` (a flagged operation that overflows, an oversized
//! shift) or hit undefined behaviour (division by zero), it does not fold.

use loopwright_ir::constfold::{self, Fold};
use loopwright_ir::{
    ApInt, ConstData, Extra, Flags, InstData, Module, Opcode, Operand, Predicate, TypeData,
    TypeTable,
};

/// An integer constant of at most 64 bits: (value zero-extended, width).
fn int_const(m: &Module, op: Operand) -> Option<(u64, u32)> {
    let Operand::Const(c) = op else { return None };
    match m.consts.data(c) {
        ConstData::Int { val, .. } if val.bits() <= 64 => Some((val.as_u64()?, val.bits())),
        _ => None,
    }
}

fn mask(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

fn make_int(m: &mut Module, ty: loopwright_ir::Type, w: u32, v: u64) -> Operand {
    Operand::Const(m.consts.int(ty, w, (v & mask(w)) as i64))
}

/// Whether `op` is the integer constant `v` (after masking to its width).
fn is_int(m: &Module, op: Operand, v: i64) -> bool {
    int_const(m, op).is_some_and(|(x, w)| x == (v as u64) & mask(w))
}

/// How the addresses of two pointer constants relate, as far as LLVM's
/// constant folder decides it (`evaluateICmpRelation`).
enum AddressRelation {
    /// Two distinct global objects: never at the same address.
    Distinct,
    /// A global (left) against `null`: above it in address space 0.
    AboveNull,
    /// `null` (left) against a global.
    BelowNull,
}

/// Folds `icmp` of two pointer constants that are global values or `null`,
/// as LLVM's constant folder does: distinct globals compare unequal unless
/// either may share its address with another (an alias, an interposable or
/// `unnamed_addr` global, a variable of unsized or empty type: LLVM's
/// `areGlobalsPotentiallyEqual`), and a global compares above `null` unless
/// it is `extern_weak`, an alias, or in an address space where `null` is a
/// valid address. Only `eq`/`ne` are decided between globals; the unsigned
/// predicates too against `null`, and in any address space `null` is below
/// or equal to every pointer (`null ugt p` is false, `null ule p` true).
fn address_icmp(m: &Module, p: Predicate, a: Operand, b: Operand) -> Option<bool> {
    use loopwright_ir::GlobalRef;
    let global = |op: Operand| -> Option<GlobalRef> {
        let Operand::Const(c) = op else { return None };
        match m.consts.data(c) {
            ConstData::Global { global, .. } => Some(*global),
            _ => None,
        }
    };
    let null_in = |op: Operand| -> Option<u32> {
        let Operand::Const(c) = op else { return None };
        match m.consts.data(c) {
            ConstData::Null(t) => match m.types.data(*t) {
                TypeData::Ptr(space) => Some(*space),
                _ => None,
            },
            _ => None,
        }
    };
    // `null` is the lowest address in every address space.
    match (null_in(a), null_in(b), p) {
        (Some(_), _, Predicate::Ugt) | (_, Some(_), Predicate::Ult) => return Some(false),
        (Some(_), _, Predicate::Ule) | (_, Some(_), Predicate::Uge) => return Some(true),
        _ => {}
    }
    let is_null = |op: Operand| null_in(op) == Some(0);
    let unsafe_for_equality = |g: GlobalRef| -> bool {
        if m.is_interposable(g)
            || m.global_common(g).unnamed_addr == loopwright_ir::UnnamedAddr::Global
        {
            return true;
        }
        match g {
            GlobalRef::Var(v) => {
                let t = m.globals[v].value_ty;
                !m.types.is_sized(t) || m.types.is_empty_ty(t)
            }
            _ => false,
        }
    };
    let above_null = |g: GlobalRef| -> bool {
        !matches!(g, GlobalRef::Alias(_))
            && m.global_common(g).linkage != loopwright_ir::Linkage::ExternWeak
            && m.global_common(g).addrspace == 0
    };
    let relation = match (global(a), global(b)) {
        (Some(x), Some(y)) => {
            if matches!(x, GlobalRef::Alias(_))
                || matches!(y, GlobalRef::Alias(_))
                || unsafe_for_equality(x)
                || unsafe_for_equality(y)
            {
                return None;
            }
            AddressRelation::Distinct
        }
        (Some(x), None) if is_null(b) && above_null(x) => AddressRelation::AboveNull,
        (None, Some(y)) if is_null(a) && above_null(y) => AddressRelation::BelowNull,
        _ => return None,
    };
    use Predicate::*;
    match (relation, p) {
        (_, Eq) => Some(false),
        (_, Ne) => Some(true),
        (AddressRelation::AboveNull, Ugt | Uge) | (AddressRelation::BelowNull, Ult | Ule) => {
            Some(true)
        }
        (AddressRelation::AboveNull, Ult | Ule) | (AddressRelation::BelowNull, Ugt | Uge) => {
            Some(false)
        }
        _ => None,
    }
}

/// Folds `data` (an instruction with its operands already substituted), or
/// returns `None`.
pub fn simplify(m: &mut Module, data: &InstData) -> Option<Operand> {
    let ops = data.operands();
    // Constant operands of any width fold through `constfold`.
    let wide_int = matches!(m.types.data(data.ty), TypeData::Int(_));
    use Opcode::*;
    match data.opcode {
        Add | Sub | Mul | And | Or | Xor | Shl | LShr | AShr | UDiv | SDiv | URem | SRem
            if wide_int =>
        {
            let (a, b) = (ops[0], ops[1]);
            if let (Some(x), Some(y)) = (apint_const(m, a), apint_const(m, b)) {
                let v = fold_int(data.opcode, data.flags, &x, &y)?;
                return Some(apint_operand(m, data.ty, v));
            }
            match data.opcode {
                Add | Or | Xor if is_int(m, b, 0) => Some(a),
                Add | Or | Xor if is_int(m, a, 0) => Some(b),
                Sub | Shl | LShr | AShr if is_int(m, b, 0) => Some(a),
                Mul if is_int(m, b, 1) => Some(a),
                Mul if is_int(m, a, 1) => Some(b),
                Mul | And if is_int(m, b, 0) => Some(b),
                Mul | And if is_int(m, a, 0) => Some(a),
                And if is_int(m, b, -1) => Some(a),
                And if is_int(m, a, -1) => Some(b),
                Or if is_int(m, b, -1) => Some(b),
                Or if is_int(m, a, -1) => Some(a),
                UDiv | SDiv if is_int(m, b, 1) => Some(a),
                And | Or if a == b => Some(a),
                Sub | Xor if a == b => {
                    let w = m.types.int_width(data.ty)?;
                    Some(make_int(m, data.ty, w, 0))
                }
                _ => None,
            }
        }
        ICmp => {
            let Extra::Cmp(p) = data.extra else {
                return None;
            };
            if data.ty != TypeTable::I1 {
                return None;
            }
            let (a, b) = (ops[0], ops[1]);
            let r = if let (Some(x), Some(y)) = (apint_const(m, a), apint_const(m, b)) {
                constfold::icmp(p, &x, &y)?
            } else if a == b {
                matches!(
                    p,
                    Predicate::Eq
                        | Predicate::Ule
                        | Predicate::Uge
                        | Predicate::Sle
                        | Predicate::Sge
                )
            } else {
                address_icmp(m, p, a, b)?
            };
            Some(make_int(m, TypeTable::I1, 1, u64::from(r)))
        }
        Select => {
            let (c, a, b) = (ops[0], ops[1], ops[2]);
            if a == b {
                return Some(a);
            }
            match int_const(m, c) {
                Some((1, 1)) => Some(a),
                Some((0, 1)) => Some(b),
                _ => None,
            }
        }
        ZExt | SExt | Trunc if wide_int => {
            let x = apint_const(m, ops[0])?;
            let to = m.types.int_width(data.ty)?;
            let v = match data.opcode {
                ZExt if to > x.bits() => x.zext(to),
                SExt if to > x.bits() => x.sext(to),
                Trunc if to < x.bits() => {
                    let t = x.trunc(to);
                    // `trunc nuw/nsw` that loses bits is poison.
                    if data.flags.contains(Flags::NUW) && t.zext(x.bits()) != x {
                        return None;
                    }
                    if data.flags.contains(Flags::NSW) && t.sext(x.bits()) != x {
                        return None;
                    }
                    t
                }
                _ => return None,
            };
            Some(apint_operand(m, data.ty, v))
        }
        Freeze => {
            let (x, w) = int_const(m, ops[0])?;
            Some(make_int(m, data.ty, w, x))
        }
        GetElementPtr => fold_gep(m, data),
        // A load from constant memory at a constant address.
        Load => super::constload::fold_load(m, data),
        _ => None,
    }
}

/// A `getelementptr` of a global (or of a constant `getelementptr` of
/// one) with constant indices becomes a constant: the global itself at
/// offset 0, else `getelementptr [flags] (i8, ptr @g, i64 offset)`, as
/// LLVM 19's constant folding writes it.
fn fold_gep(m: &mut Module, data: &InstData) -> Option<Operand> {
    use loopwright_ir::DataLayout;
    let ops = data.operands();
    let Extra::Gep { source_ty } = data.extra else {
        return None;
    };
    let Operand::Const(mut base) = *ops.first()? else {
        return None;
    };
    if !m.types.is_ptr(data.ty) {
        return None;
    }
    let dl = DataLayout::of_module(m);
    let mut offset: i128 = 0;
    let mut flags = data.flags;
    // Fold a constant byte GEP base into this one.
    if let ConstData::Expr(e) = m.consts.data(base) {
        if e.opcode != Opcode::GetElementPtr || e.inrange.is_some() {
            return None;
        }
        if e.source_ty != Some(TypeTable::I8) || e.ops.len() != 2 {
            return None;
        }
        let inner = i128::from(m.consts.as_i64(e.ops[1])?);
        if !e.flags.contains(Flags::INBOUNDS) {
            flags.remove(Flags::INBOUNDS);
        }
        offset += inner;
        base = e.ops[0];
    }
    if !matches!(m.consts.data(base), ConstData::Global { .. }) {
        return None;
    }
    let mut ty = source_ty;
    for (k, idx) in ops[1..].iter().enumerate() {
        let Operand::Const(c) = *idx else { return None };
        let i = i128::from(m.consts.as_i64(c)?);
        if k == 0 {
            offset += i * i128::from(dl.alloc_size(&m.types, ty));
            continue;
        }
        match m.types.data(ty).clone() {
            TypeData::Struct { .. } | TypeData::Named(_) => {
                let field = usize::try_from(i).ok()?;
                offset += i128::from(dl.field_offset(&m.types, ty, field)?);
                ty = m.types.aggregate_elem(ty, field as u64)?;
            }
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                offset += i * i128::from(dl.alloc_size(&m.types, elem));
                ty = elem;
            }
            _ => return None,
        }
    }
    let off = i64::try_from(offset).ok()?;
    if off == 0 {
        return Some(Operand::Const(base));
    }
    let idx_ty = TypeTable::I64;
    let off_c = m.consts.int(idx_ty, 64, off);
    let mut keep = Flags::NONE;
    for fl in [Flags::INBOUNDS, Flags::NUSW, Flags::NUW] {
        if flags.contains(fl) {
            keep.insert(fl);
        }
    }
    let e = loopwright_ir::ConstExpr {
        opcode: Opcode::GetElementPtr,
        ty: data.ty,
        flags: keep,
        source_ty: Some(TypeTable::I8),
        inrange: None,
        predicate: None,
        ops: vec![base, off_c],
    };
    Some(Operand::Const(m.consts.intern(ConstData::Expr(e))))
}

/// An integer operation on constants, unless it is poison (a flagged
/// operation that overflows or is inexact, a division by zero, an
/// oversized shift): `simplify` never folds to poison.
fn fold_int(op: Opcode, flags: Flags, x: &ApInt, y: &ApInt) -> Option<ApInt> {
    if constfold::int_overflows(op, flags, x, y)? {
        return None;
    }
    match constfold::int_binop(op, x, y)? {
        Fold::Value(v) => Some(v),
        Fold::Poison => None,
    }
}

/// An integer constant of any width.
fn apint_const(m: &Module, op: Operand) -> Option<ApInt> {
    let Operand::Const(c) = op else { return None };
    m.consts.as_apint(c).cloned()
}

fn apint_operand(m: &mut Module, ty: loopwright_ir::Type, v: ApInt) -> Operand {
    Operand::Const(m.consts.intern(ConstData::Int { ty, val: v }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fold_binop(op: Opcode, flags: Flags, x: u64, y: u64, w: u32) -> Option<u64> {
        fold_int(op, flags, &ApInt::from_u64(w, x), &ApInt::from_u64(w, y))?.as_u64()
    }

    fn icmp(p: Predicate, x: u64, y: u64, w: u32) -> Option<bool> {
        constfold::icmp(p, &ApInt::from_u64(w, x), &ApInt::from_u64(w, y))
    }

    #[test]
    fn binops_respect_flags_and_width() {
        assert_eq!(fold_binop(Opcode::Add, Flags::NONE, 250, 10, 8), Some(4));
        assert_eq!(fold_binop(Opcode::Add, Flags::NUW, 250, 10, 8), None);
        assert_eq!(fold_binop(Opcode::Add, Flags::NSW, 120, 10, 8), None);
        assert_eq!(fold_binop(Opcode::Add, Flags::NSW, 100, 10, 8), Some(110));
        assert_eq!(fold_binop(Opcode::Sub, Flags::NUW, 3, 5, 32), None);
        assert_eq!(
            fold_binop(Opcode::Sub, Flags::NONE, 3, 5, 32),
            Some(0xFFFF_FFFE)
        );
        assert_eq!(fold_binop(Opcode::Shl, Flags::NONE, 1, 32, 32), None);
        assert_eq!(
            fold_binop(Opcode::AShr, Flags::NONE, 0x80, 7, 8),
            Some(0xFF)
        );
        assert_eq!(fold_binop(Opcode::SDiv, Flags::NONE, 0x80, 0xFF, 8), None);
        assert_eq!(
            fold_binop(Opcode::SRem, Flags::NONE, 0xF9, 3, 8),
            Some(0xFF)
        );
        assert_eq!(fold_binop(Opcode::UDiv, Flags::NONE, 7, 0, 8), None);
        assert_eq!(
            fold_binop(Opcode::Mul, Flags::NSW, 0x4000_0000, 2, 32),
            None
        );
        assert_eq!(
            fold_binop(Opcode::Mul, Flags::NONE, u64::MAX, 2, 64),
            Some(u64::MAX - 1)
        );
    }

    #[test]
    fn wide_constants_fold() {
        // i128: 2^64 + 2^64 = 2^65; with nuw at the top it overflows.
        let two64 = ApInt::from_u128(128, 1u128 << 64);
        let r = fold_int(Opcode::Add, Flags::NONE, &two64, &two64).unwrap();
        assert_eq!(r.as_u128(), Some(1u128 << 65));
        let top = ApInt::from_u128(128, 1u128 << 127);
        assert_eq!(fold_int(Opcode::Add, Flags::NUW, &top, &top), None);
        assert_eq!(
            fold_int(Opcode::Add, Flags::NONE, &top, &top).map(|v| v.is_zero()),
            Some(true)
        );
        assert_eq!(
            fold_int(Opcode::UDiv, Flags::EXACT, &two64, &ApInt::from_u64(128, 3)),
            None
        );
        assert_eq!(
            fold_int(Opcode::UDiv, Flags::EXACT, &two64, &ApInt::from_u64(128, 4))
                .and_then(|v| v.as_u64()),
            Some(1 << 62)
        );
    }

    #[test]
    fn compares() {
        assert_eq!(icmp(Predicate::Slt, 0xFF, 0, 8), Some(true));
        assert_eq!(icmp(Predicate::Ult, 0xFF, 0, 8), Some(false));
        assert_eq!(icmp(Predicate::Sge, 5, 5, 64), Some(true));
    }
}

/// [`simplify`], plus LLVM's `isImpliedByDomCondition` for `icmp`: when
/// `block` (where the instruction sits) has a single predecessor ending in
/// a conditional branch on `icmp`, a comparison of the same value against
/// a constant may be decided by it (`x > 0` on the edge taken implies
/// `0 <= x`).
pub fn simplify_in_context(
    m: &mut Module,
    f: &loopwright_ir::Function,
    cfg: &loopwright_analysis::ControlFlowGraph,
    data: &InstData,
    block: loopwright_ir::Block,
) -> Option<Operand> {
    if let Some(v) = simplify(m, data) {
        return Some(v);
    }
    if data.opcode != Opcode::ICmp || data.ty != TypeTable::I1 {
        return None;
    }
    let Extra::Cmp(p2) = data.extra else {
        return None;
    };
    let [pred] = cfg.preds(block) else {
        return None;
    };
    if cfg.num_pred_edges(block) != 1 {
        return None;
    }
    let t = f.terminator(*pred)?;
    let br = f.inst(t);
    if br.opcode != Opcode::Br || br.operands().len() != 3 || br.operands()[1] == br.operands()[2] {
        return None;
    }
    let taken = br.operands()[1] == Operand::Block(block);
    let Operand::Value(cv) = br.operands()[0] else {
        return None;
    };
    let loopwright_ir::ValueDef::Result(ci) = f.value_def(cv) else {
        return None;
    };
    let cdata = f.inst(ci);
    if cdata.opcode != Opcode::ICmp {
        return None;
    }
    let Extra::Cmp(p1) = cdata.extra else {
        return None;
    };
    let (v1, p1, c1) = against_const(m, p1, cdata.operands()[0], cdata.operands()[1])?;
    let (v2, p2, c2) = against_const(m, p2, data.operands()[0], data.operands()[1])?;
    if v1 != v2 {
        return None;
    }
    let w = m.types.int_width(f.operand_type(v1, &m.consts))?;
    if w > 64 {
        return None;
    }
    let p1 = if taken { p1 } else { p1.inverse() };
    let r = implied(p1, c1, p2, c2, w)?;
    Some(make_int(m, TypeTable::I1, 1, u64::from(r)))
}

/// `a P b` as `v P' c` with `c` an integer constant, if one side is one.
fn against_const(
    m: &Module,
    p: Predicate,
    a: Operand,
    b: Operand,
) -> Option<(Operand, Predicate, u64)> {
    if let Some((c, _)) = int_const(m, b) {
        return Some((a, p, c));
    }
    let (c, _) = int_const(m, a)?;
    Some((b, p.swapped(), c))
}

/// The values `v` with `v P c` as an interval `[lo, hi]` of the signed
/// (`true`) or unsigned domain, offset so that comparisons are unsigned:
/// signed values are biased by 2^(w-1). `None` for `ne` and empty sets.
fn interval(p: Predicate, c: u64, w: u32) -> Option<(u64, u64)> {
    use Predicate::*;
    let max = mask(w);
    let bias = 1u64 << (w - 1);
    let signed = matches!(p, Slt | Sle | Sgt | Sge);
    let c = if signed { (c ^ bias) & max } else { c };
    let (lo, hi) = match p {
        Eq => (c, c),
        Ult | Slt => (0, c.checked_sub(1)?),
        Ule | Sle => (0, c),
        Ugt | Sgt => (c.checked_add(1).filter(|&x| x <= max)?, max),
        Uge | Sge => (c, max),
        _ => return None,
    };
    Some((lo, hi))
}

/// Decides `v P2 c2` given `v P1 c1`, when every value allowed by the
/// first is (or none is) allowed by the second.
fn implied(p1: Predicate, c1: u64, p2: Predicate, c2: u64, w: u32) -> Option<bool> {
    use Predicate::*;
    let signed = |p: Predicate| matches!(p, Slt | Sle | Sgt | Sge);
    let bias = 1u64 << (w - 1);
    let max = mask(w);
    // The set allowed by P1, as an unsigned interval of raw values.
    let raw = |p: Predicate, c: u64| -> Option<(u64, u64)> {
        let (lo, hi) = interval(p, c, w)?;
        if signed(p) {
            let (a, b) = ((lo ^ bias) & max, (hi ^ bias) & max);
            // Only intervals that do not wrap in the raw domain.
            (a <= b).then_some((a, b))
        } else {
            Some((lo, hi))
        }
    };
    if p1 == Ne {
        return match p2 {
            Ne if c1 == c2 => Some(true),
            Eq if c1 == c2 => Some(false),
            _ => None,
        };
    }
    // `None` when a signed interval wraps in the raw domain; the signed
    // case below compares in the signed domain instead.
    let s1 = raw(p1, c1);
    if p2 == Ne {
        let (lo, hi) = s1?;
        return if c2 < lo || c2 > hi {
            Some(true)
        } else if lo == hi && lo == c2 {
            Some(false)
        } else {
            None
        };
    }
    if signed(p1) && signed(p2) {
        // Compare both in the biased signed domain.
        let (a, b) = interval(p1, c1, w)?;
        let (x, y) = interval(p2, c2, w)?;
        return decide(a, b, x, y);
    }
    let (a, b) = s1?;
    let (x, y) = raw(p2, c2)?;
    decide(a, b, x, y)
}

fn decide(a: u64, b: u64, x: u64, y: u64) -> Option<bool> {
    if x <= a && b <= y {
        Some(true)
    } else if b < x || y < a {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod implication_tests {
    use super::*;
    use Predicate::*;

    #[test]
    fn dominating_compares() {
        // x > 0 (signed) implies 0 <= x, i.e. x >= 0.
        assert_eq!(implied(Sgt, 0, Sge, 0, 32), Some(true));
        // x > 0 implies !(x < 0).
        assert_eq!(implied(Sgt, 0, Slt, 0, 32), Some(false));
        // x < 10 (unsigned) implies x != 12, and x u< 20.
        assert_eq!(implied(Ult, 10, Ne, 12, 8), Some(true));
        assert_eq!(implied(Ult, 10, Ult, 20, 8), Some(true));
        // x s> 0 implies x u< 128 for i8; x u< 100 implies x s>= 0.
        assert_eq!(implied(Sgt, 0, Ult, 128, 8), Some(true));
        assert_eq!(implied(Ult, 100, Sge, 0, 8), Some(true));
        // Not decided: x s> 0 says nothing about x s< 5.
        assert_eq!(implied(Sgt, 0, Slt, 5, 32), None);
        assert_eq!(implied(Eq, 7, Ne, 7, 32), Some(false));
        assert_eq!(implied(Ult, 0, Eq, 0, 32), None);
    }
}
