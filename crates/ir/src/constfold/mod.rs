//! The constant folder: what an operation on constants gives, as LLVM 19
//! folds it (`ConstantFold.cpp` and `ConstantFolding.cpp`'s
//! `ConstantFoldFPInstOperands`), for integers of every width
//! ([`ApInt`]), floats of every IEEE format ([`float`], exact through
//! `rustc_apfloat`) and vectors of them, lane by lane. One folder for the
//! whole tree: instruction simplification (`transforms::utils::fold`) and
//! the full-unroll cost simulation use it.
//!
//! A fold gives a value, [`Fold::Poison`] where LLVM's result is poison
//! (division by zero, `sdiv MIN, -1`, a shift by the width or more, an
//! out-of-range `fptosi`, any poison operand), or `None` where it does not
//! fold: `undef` operands (their rules belong to the caller's
//! simplification), mismatched types, `ppc_fp128`, integer–float
//! conversions beyond 128 bits, multiplication and division beyond
//! [`MAX_QUADRATIC_BITS`] (quadratic in the width; a hostile `i8388608`
//! must not take minutes), and denormals under a `dynamic` denormal mode.
//!
//! The folder ignores wrap and exactness flags, as LLVM's does: whether a
//! flagged operation is poison is [`int_overflows`]' question, asked by the
//! callers that need it.

pub mod float;

pub use float::{DenormalKind, DenormalMode, Fp, FpBinOp, FpEnv, FpFormat, FpOrder};

use crate::{ApInt, Flags, Opcode, Predicate, TypeData};

/// Integer multiplication and division fold up to this width.
pub const MAX_QUADRATIC_BITS: u32 = 16384;

/// A folded value or poison.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Fold<T> {
    Value(T),
    Poison,
}

impl<T> Fold<T> {
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Fold<U> {
        match self {
            Fold::Value(v) => Fold::Value(f(v)),
            Fold::Poison => Fold::Poison,
        }
    }
}

/// One scalar constant (a vector lane or a whole scalar).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Lane {
    Int(ApInt),
    Float(Fp),
    Poison,
    /// `undef`: the folder does not fold it.
    Undef,
}

impl Lane {
    fn from_fold(f: Fold<Lane>) -> Lane {
        match f {
            Fold::Value(l) => l,
            Fold::Poison => Lane::Poison,
        }
    }
    pub fn int(&self) -> Option<&ApInt> {
        match self {
            Lane::Int(a) => Some(a),
            _ => None,
        }
    }
    pub fn float(&self) -> Option<Fp> {
        match self {
            Lane::Float(f) => Some(*f),
            _ => None,
        }
    }
}

/// A constant the folder works on: a scalar, or a fixed vector of lanes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Value {
    Scalar(Lane),
    Vector(Vec<Lane>),
}

/// A scalar type a cast produces.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ScalarTy {
    Int(u32),
    Float(FpFormat),
}

/// An integer binary operator of two constants of one width.
pub fn int_binop(op: Opcode, a: &ApInt, b: &ApInt) -> Option<Fold<ApInt>> {
    use Opcode::*;
    if a.bits() != b.bits() {
        return None;
    }
    let w = a.bits();
    let quadratic = w > MAX_QUADRATIC_BITS;
    let shift_amount = || b.as_u64().filter(|&s| s < u64::from(w)).map(|s| s as u32);
    Some(match op {
        Add => Fold::Value(a.add(b)),
        Sub => Fold::Value(a.sub(b)),
        Mul if quadratic => return None,
        Mul => Fold::Value(a.mul(b)),
        And => Fold::Value(a.and(b)),
        Or => Fold::Value(a.or(b)),
        Xor => Fold::Value(a.xor(b)),
        Shl | LShr | AShr => match shift_amount() {
            None => Fold::Poison,
            Some(s) => Fold::Value(match op {
                Shl => a.shl(s),
                LShr => a.lshr(s),
                _ => a.ashr(s),
            }),
        },
        UDiv | URem | SDiv | SRem if b.is_zero() => Fold::Poison,
        // `X / 1` is X and `X % 1` is 0 before the signed-overflow rule
        // (so `sdiv i1 true, true` is `true`, as LLVM folds it).
        UDiv | SDiv if b.is_one() => Fold::Value(a.clone()),
        URem | SRem if b.is_one() => Fold::Value(ApInt::zero(w)),
        SDiv | SRem if b.is_all_ones() && a.is_signed_min() => Fold::Poison,
        UDiv | URem | SDiv | SRem if quadratic => return None,
        UDiv => Fold::Value(a.udivrem(b)?.0),
        URem => Fold::Value(a.udivrem(b)?.1),
        SDiv => Fold::Value(a.sdivrem(b)?.0),
        SRem => Fold::Value(a.sdivrem(b)?.1),
        _ => return None,
    })
}

/// Whether `op a, b` with `flags` is poison because a flag is violated
/// (`nuw`/`nsw` overflow of `add`/`sub`/`mul`/`shl`, an inexact `exact`
/// division or shift). `None`: not decided (the operation does not fold).
pub fn int_overflows(op: Opcode, flags: Flags, a: &ApInt, b: &ApInt) -> Option<bool> {
    use Opcode::*;
    if a.bits() != b.bits() {
        return None;
    }
    let w = a.bits();
    let nuw = flags.contains(Flags::NUW);
    let nsw = flags.contains(Flags::NSW);
    let exact = flags.contains(Flags::EXACT);
    // Computed one bit (add/sub) or twice (mul) wider, then compared.
    let wide = |x: &ApInt, signed: bool, bits: u32| {
        if signed {
            x.sext(bits)
        } else {
            x.zext(bits)
        }
    };
    let fits = |r: &ApInt, signed: bool| {
        let t = r.trunc(w);
        wide(&t, signed, r.bits()) == *r
    };
    Some(match op {
        Add | Sub | Mul => {
            if op == Mul && w > MAX_QUADRATIC_BITS / 2 && (nuw || nsw) {
                return None;
            }
            let bits = if op == Mul { 2 * w } else { w + 1 };
            let check = |signed: bool| {
                let (x, y) = (wide(a, signed, bits), wide(b, signed, bits));
                let r = match op {
                    Add => x.add(&y),
                    Sub => x.sub(&y),
                    _ => x.mul(&y),
                };
                // Unsigned subtraction overflows when it borrows.
                if op == Sub && !signed {
                    return a.ult(b);
                }
                !fits(&r, signed)
            };
            (nuw && check(false)) || (nsw && check(true))
        }
        Shl => {
            let Some(s) = b.as_u64().filter(|&s| s < u64::from(w)) else {
                return Some(false);
            };
            let r = a.shl(s as u32);
            (nuw && r.lshr(s as u32) != *a) || (nsw && r.ashr(s as u32) != *a)
        }
        LShr | AShr if exact => {
            let Some(s) = b.as_u64().filter(|&s| s < u64::from(w)) else {
                return Some(false);
            };
            !a.and(&ApInt::all_ones(w).shl(s as u32).not()).is_zero()
        }
        UDiv | SDiv if exact => {
            if b.is_zero() || w > MAX_QUADRATIC_BITS {
                return None;
            }
            let r = if op == UDiv {
                a.udivrem(b)?.1
            } else {
                a.sdivrem(b)?.1
            };
            !r.is_zero()
        }
        _ => false,
    })
}

/// `icmp` of two integers of one width.
pub fn icmp(p: Predicate, a: &ApInt, b: &ApInt) -> Option<bool> {
    use Predicate::*;
    if a.bits() != b.bits() {
        return None;
    }
    Some(match p {
        Eq => a == b,
        Ne => a != b,
        Ult => a.ult(b),
        Ule => !b.ult(a),
        Ugt => b.ult(a),
        Uge => !a.ult(b),
        Slt => a.slt(b),
        Sle => !b.slt(a),
        Sgt => b.slt(a),
        Sge => !a.slt(b),
        _ => return None,
    })
}

/// `fcmp` of two floats of one format, denormal inputs flushed as the
/// function's mode says (a dynamic mode does not fold them).
pub fn fcmp(p: Predicate, a: Fp, b: Fp, env: &FpEnv) -> Option<bool> {
    use FpOrder::*;
    use Predicate::*;
    let input = env.mode(a.format).input;
    let o = Fp::compare(a.flush(input)?, b.flush(input)?)?;
    Some(match p {
        False => false,
        True => true,
        Oeq => o == Equal,
        Ogt => o == Greater,
        Oge => matches!(o, Greater | Equal),
        Olt => o == Less,
        Ole => matches!(o, Less | Equal),
        One => matches!(o, Less | Greater),
        Ord => o != Unordered,
        Ueq => matches!(o, Unordered | Equal),
        FUgt => matches!(o, Unordered | Greater),
        FUge => o != Less,
        FUlt => matches!(o, Unordered | Less),
        FUle => o != Greater,
        Une => o != Equal,
        Uno => o == Unordered,
        _ => return None,
    })
}

fn fp_op(op: Opcode) -> Option<FpBinOp> {
    Some(match op {
        Opcode::FAdd => FpBinOp::Add,
        Opcode::FSub => FpBinOp::Sub,
        Opcode::FMul => FpBinOp::Mul,
        Opcode::FDiv => FpBinOp::Div,
        Opcode::FRem => FpBinOp::Rem,
        _ => return None,
    })
}

/// Whether `l` is `op`'s identity on the right (`x op id == x`), or on
/// either side when `either` (commutative operators), as LLVM's
/// `getBinOpIdentity`: LLVM returns the other operand unchanged (a
/// signaling NaN stays signaling) before it computes anything.
fn is_identity(op: Opcode, l: &Lane, rhs: bool) -> bool {
    use Opcode::*;
    match l {
        Lane::Int(a) => match op {
            Add | Or | Xor => a.is_zero(),
            Mul => a.is_one(),
            And => a.is_all_ones(),
            Sub | Shl | LShr | AShr if rhs => a.is_zero(),
            UDiv | SDiv if rhs => a.is_one(),
            _ => false,
        },
        Lane::Float(f) => match op {
            FAdd => f.is_exactly(-0.0),
            FMul => f.is_exactly(1.0),
            FSub if rhs => f.is_exactly(0.0),
            FDiv if rhs => f.is_exactly(1.0),
            _ => false,
        },
        _ => false,
    }
}

fn commutative(op: Opcode) -> bool {
    use Opcode::*;
    matches!(op, Add | Mul | And | Or | Xor | FAdd | FMul)
}

/// LLVM's `ConstantFoldBinaryInstruction` on two scalars: the identity
/// first, then the operation (no denormal flushing).
fn binop_raw(op: Opcode, a: &Lane, b: &Lane) -> Option<Lane> {
    if is_identity(op, b, true) {
        return Some(a.clone());
    }
    if commutative(op) && is_identity(op, a, false) {
        return Some(b.clone());
    }
    match (a, b) {
        (Lane::Undef, _) | (_, Lane::Undef) => None,
        (Lane::Poison, _) | (_, Lane::Poison) => Some(Lane::Poison),
        (Lane::Int(x), Lane::Int(y)) => Some(Lane::from_fold(int_binop(op, x, y)?.map(Lane::Int))),
        (Lane::Float(x), Lane::Float(y)) => Some(Lane::Float(Fp::binop(
            fp_op(op)?,
            *x,
            *y,
            &FpEnv::default(),
        )?)),
        _ => None,
    }
}

/// A binary operator on two scalar constants (integer or float), as LLVM
/// folds it in a function with denormal modes `env`
/// (`ConstantFoldFPInstOperands`: denormal float inputs flushed, or not
/// folded under a dynamic mode, then the identity and the operation, then
/// the output flushed).
pub fn binop_lane(op: Opcode, a: &Lane, b: &Lane, env: &FpEnv) -> Option<Lane> {
    let flush = |l: &Lane, out: bool| -> Option<Lane> {
        match l {
            Lane::Float(f) => {
                let m = env.mode(f.format);
                Some(Lane::Float(f.flush(if out {
                    m.output
                } else {
                    m.input
                })?))
            }
            _ => Some(l.clone()),
        }
    };
    let r = binop_raw(op, &flush(a, false)?, &flush(b, false)?)?;
    flush(&r, true)
}

/// A compare of two scalar constants: an `i1`.
pub fn cmp_lane(p: Predicate, a: &Lane, b: &Lane, env: &FpEnv) -> Option<Lane> {
    // Float inputs are flushed first: a denormal under a dynamic mode
    // stops the fold even beside a poison operand.
    for l in [a, b] {
        if let Lane::Float(f) = l {
            f.flush(env.mode(f.format).input)?;
        }
    }
    let r = match (a, b) {
        (Lane::Undef, _) | (_, Lane::Undef) => return None,
        (Lane::Poison, _) | (_, Lane::Poison) => return Some(Lane::Poison),
        (Lane::Int(x), Lane::Int(y)) => icmp(p, x, y)?,
        (Lane::Float(x), Lane::Float(y)) => fcmp(p, *x, *y, env)?,
        _ => return None,
    };
    Some(Lane::Int(ApInt::from_u64(1, u64::from(r))))
}

/// `fneg` of a scalar constant.
pub fn fneg_lane(a: &Lane) -> Option<Lane> {
    match a {
        Lane::Poison => Some(Lane::Poison),
        Lane::Float(x) => Some(Lane::Float(x.negated()?)),
        _ => None,
    }
}

/// A cast of a scalar constant to `to` (bitcasts of scalars included;
/// pointer casts are not constants the folder knows).
pub fn cast_lane(op: Opcode, a: &Lane, to: ScalarTy) -> Option<Lane> {
    use Opcode::*;
    match a {
        Lane::Undef => return None,
        Lane::Poison => return Some(Lane::Poison),
        _ => {}
    }
    Some(match (op, a, to) {
        (Trunc, Lane::Int(x), ScalarTy::Int(w)) if w < x.bits() => Lane::Int(x.trunc(w)),
        (ZExt, Lane::Int(x), ScalarTy::Int(w)) if w > x.bits() => Lane::Int(x.zext(w)),
        (SExt, Lane::Int(x), ScalarTy::Int(w)) if w > x.bits() => Lane::Int(x.sext(w)),
        (FPToSI | FPToUI, Lane::Float(x), ScalarTy::Int(w)) => {
            Lane::from_fold(x.to_int(w, op == FPToSI)?.map(Lane::Int))
        }
        (SIToFP | UIToFP, Lane::Int(x), ScalarTy::Float(f)) => {
            Lane::Float(Fp::from_int(x, op == SIToFP, f)?)
        }
        (FPTrunc, Lane::Float(x), ScalarTy::Float(f)) if f.bits() < x.format.bits() => {
            Lane::Float(x.convert(f)?)
        }
        (FPExt, Lane::Float(x), ScalarTy::Float(f)) if f.bits() > x.format.bits() => {
            Lane::Float(x.convert(f)?)
        }
        (BitCast, Lane::Int(x), ScalarTy::Float(f)) if f.bits() == x.bits() => {
            if f == FpFormat::PpcDouble {
                return None;
            }
            Lane::Float(Fp::new(f, x.as_u128()?))
        }
        (BitCast, Lane::Float(x), ScalarTy::Int(w)) if w == x.format.bits() => {
            if x.format == FpFormat::PpcDouble {
                return None;
            }
            Lane::Int(ApInt::from_u128(w, x.bits))
        }
        (BitCast, Lane::Int(x), ScalarTy::Int(w)) if w == x.bits() => a.clone(),
        (BitCast, Lane::Float(x), ScalarTy::Float(f)) if f == x.format => a.clone(),
        _ => return None,
    })
}

/// Applies a lane operation to two values of one shape (scalar with
/// scalar, vectors of one length, lane by lane).
pub fn zip_lanes(a: &Value, b: &Value, f: impl Fn(&Lane, &Lane) -> Option<Lane>) -> Option<Value> {
    match (a, b) {
        (Value::Scalar(x), Value::Scalar(y)) => Some(Value::Scalar(f(x, y)?)),
        (Value::Vector(xs), Value::Vector(ys)) if xs.len() == ys.len() => Some(Value::Vector(
            xs.iter()
                .zip(ys)
                .map(|(x, y)| f(x, y))
                .collect::<Option<_>>()?,
        )),
        _ => None,
    }
}

/// Applies a lane operation to each lane of a value.
pub fn map_lanes(a: &Value, f: impl Fn(&Lane) -> Option<Lane>) -> Option<Value> {
    match a {
        Value::Scalar(x) => Some(Value::Scalar(f(x)?)),
        Value::Vector(xs) => Some(Value::Vector(xs.iter().map(f).collect::<Option<_>>()?)),
    }
}

/// A binary operator on two constants. Scalars as [`binop_lane`];
/// vectors as LLVM 19 folds them: the other operand when one is the
/// identity in every lane, poison as a whole for an integer division or
/// remainder by a vector with a zero lane, and otherwise lane by lane
/// without denormal flushing (LLVM 19 flushes only scalar constants).
pub fn binop(op: Opcode, a: &Value, b: &Value, env: &FpEnv) -> Option<Value> {
    use Opcode::*;
    let (xs, ys) = match (a, b) {
        (Value::Scalar(x), Value::Scalar(y)) => {
            return Some(Value::Scalar(binop_lane(op, x, y, env)?))
        }
        (Value::Vector(xs), Value::Vector(ys)) if xs.len() == ys.len() => (xs, ys),
        _ => return None,
    };
    if ys.iter().all(|l| is_identity(op, l, true)) {
        return Some(a.clone());
    }
    if commutative(op) && xs.iter().all(|l| is_identity(op, l, false)) {
        return Some(b.clone());
    }
    let zero = |l: &Lane| l.int().is_some_and(|v| v.is_zero());
    if matches!(op, UDiv | SDiv | URem | SRem) && ys.iter().any(zero) {
        return Some(Value::Vector(vec![Lane::Poison; xs.len()]));
    }
    zip_lanes(a, b, |x, y| binop_raw(op, x, y))
}

/// `icmp`/`fcmp` of two constants (vectors give vectors of `i1`; only
/// scalar inputs are flushed, as in LLVM 19).
pub fn cmp(p: Predicate, a: &Value, b: &Value, env: &FpEnv) -> Option<Value> {
    let env = match a {
        Value::Scalar(_) => *env,
        Value::Vector(_) => FpEnv::default(),
    };
    // LLVM's `C >= 0` is true and `C < 0` false for the whole vector
    // (poison lanes of C included) when the right side is all zeros.
    if let (Value::Vector(xs), Value::Vector(ys)) = (a, b) {
        let zero_vector = ys.iter().all(|l| l.int().is_some_and(ApInt::is_zero));
        let all_poison = xs.iter().all(|l| *l == Lane::Poison);
        if zero_vector && !all_poison && matches!(p, Predicate::Uge | Predicate::Ult) {
            let v = u64::from(p == Predicate::Uge);
            return Some(Value::Vector(vec![
                Lane::Int(ApInt::from_u64(1, v));
                xs.len()
            ]));
        }
    }
    zip_lanes(a, b, |x, y| cmp_lane(p, x, y, &env))
}

/// A cast of a constant, lane by lane, to lanes of `to`.
pub fn cast(op: Opcode, a: &Value, to: ScalarTy) -> Option<Value> {
    map_lanes(a, |x| cast_lane(op, x, to))
}

#[cfg(test)]
mod tests;

/// The folder's view of a module constant: integers, floats, `poison`,
/// `undef`, `zeroinitializer` of those, and fixed vectors of them. `None`
/// for anything else (addresses, constant expressions, aggregates).
pub fn value_of(
    consts: &crate::ConstPool,
    types: &crate::TypeTable,
    c: crate::Const,
) -> Option<Value> {
    use crate::ConstData as D;
    let ty = consts.ty(c);
    let lane = |c: crate::Const| -> Option<Lane> {
        match consts.data(c) {
            D::Int { val, .. } => Some(Lane::Int(val.clone())),
            D::Float { ty, bits } => {
                Some(Lane::Float(Fp::new(FpFormat::of(types.data(*ty))?, *bits)))
            }
            D::Poison(_) => Some(Lane::Poison),
            D::Undef(_) => Some(Lane::Undef),
            D::Zero(t) => zero_lane(types, *t),
            _ => None,
        }
    };
    match (consts.data(c), types.data(ty)) {
        (D::Vector { elems, .. }, _) => Some(Value::Vector(
            elems.iter().map(|&e| lane(e)).collect::<Option<_>>()?,
        )),
        (
            D::Zero(_) | D::Poison(_) | D::Undef(_),
            TypeData::Vector {
                scalable: false,
                len,
                elem,
            },
        ) => {
            let l = match consts.data(c) {
                D::Zero(_) => zero_lane(types, *elem)?,
                D::Poison(_) => Lane::Poison,
                _ => Lane::Undef,
            };
            Some(Value::Vector(vec![l; *len as usize]))
        }
        (_, TypeData::Vector { .. }) => None,
        _ => Some(Value::Scalar(lane(c)?)),
    }
}

fn zero_lane(types: &crate::TypeTable, t: crate::Type) -> Option<Lane> {
    match types.data(t) {
        TypeData::Int(w) => Some(Lane::Int(ApInt::zero(*w))),
        d => Some(Lane::Float(Fp::new(FpFormat::of(d)?, 0))),
    }
}

/// Interns a folded value as a constant of type `ty` (the value's shape
/// must be `ty`'s: a scalar of its type, or a vector of its length).
/// `None` when it is not (the caller's mistake) or holds `undef`.
pub fn const_of(
    consts: &mut crate::ConstPool,
    types: &mut crate::TypeTable,
    ty: crate::Type,
    v: &Value,
) -> Option<crate::Const> {
    use crate::ConstData as D;
    let scalar = types.scalar(ty);
    let lane_const = |consts: &mut crate::ConstPool,
                      types: &crate::TypeTable,
                      l: &Lane|
     -> Option<crate::Const> {
        Some(consts.intern(match (l, types.data(scalar)) {
            (Lane::Int(a), TypeData::Int(w)) if a.bits() == *w => D::Int {
                ty: scalar,
                val: a.clone(),
            },
            (Lane::Float(f), d) if FpFormat::of(d) == Some(f.format) => D::Float {
                ty: scalar,
                bits: f.bits,
            },
            (Lane::Poison, _) => D::Poison(scalar),
            _ => return None,
        }))
    };
    match (v, types.data(ty).clone()) {
        (Value::Scalar(l), d) if !matches!(d, TypeData::Vector { .. }) => {
            lane_const(consts, types, l)
        }
        (
            Value::Vector(ls),
            TypeData::Vector {
                scalable: false,
                len,
                ..
            },
        ) if ls.len() == len as usize => {
            // LLVM's uniquing: all poison is `poison`, all (positive) zero
            // is `zeroinitializer`.
            if ls.iter().all(|l| *l == Lane::Poison) {
                return Some(consts.intern(D::Poison(ty)));
            }
            let zero = |l: &Lane| match l {
                Lane::Int(a) => a.is_zero(),
                Lane::Float(f) => f.bits == 0,
                _ => false,
            };
            if ls.iter().all(zero) {
                return Some(consts.intern(D::Zero(ty)));
            }
            let elems = ls
                .iter()
                .map(|l| lane_const(consts, types, l))
                .collect::<Option<Vec<_>>>()?;
            Some(consts.intern(D::Vector { ty, elems }))
        }
        _ => None,
    }
}
