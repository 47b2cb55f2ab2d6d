//! What an instruction may do besides computing its result: LLVM's
//! `Instruction::mayHaveSideEffects` (writes memory, may throw, may not
//! return) and `mayReadFromMemory`.
//!
//! Calls are judged by their attributes (on the call site or the callee)
//! and, for intrinsics, by a list of those LLVM declares
//! `nocallback nofree nosync nounwind willreturn memory(none)`, since the
//! parser does not attach LLVM's built-in intrinsic attributes. Anything
//! not known to be harmless is assumed to have effects.

use loopwright_ir::{Attr, ConstData, Flags, GlobalRef, InstData, Module, Opcode, Operand};

/// Intrinsic families (name prefixes after `llvm.`) without side effects
/// that do not read memory.
const PURE_INTRINSICS: &[&str] = &[
    "smin.",
    "smax.",
    "umin.",
    "umax.",
    "abs.",
    "minnum.",
    "maxnum.",
    "minimum.",
    "maximum.",
    "fmuladd.",
    "fma.",
    "fabs.",
    "copysign.",
    "sqrt.",
    "floor.",
    "ceil.",
    "trunc.",
    "round.",
    "roundeven.",
    "rint.",
    "nearbyint.",
    "canonicalize.",
    "ctpop.",
    "ctlz.",
    "cttz.",
    "bswap.",
    "bitreverse.",
    "fshl.",
    "fshr.",
    "sadd.sat.",
    "uadd.sat.",
    "ssub.sat.",
    "usub.sat.",
    "sshl.sat.",
    "ushl.sat.",
    "sadd.with.overflow.",
    "uadd.with.overflow.",
    "ssub.with.overflow.",
    "usub.with.overflow.",
    "smul.with.overflow.",
    "umul.with.overflow.",
    "is.fpclass.",
    "vector.reduce.",
];

/// The name of the function a call-like instruction calls directly.
pub fn callee_name<'m>(m: &'m Module, d: &InstData) -> Option<&'m str> {
    match d.callee()? {
        Operand::Const(c) => match m.consts.data(c) {
            ConstData::Global {
                global: g @ GlobalRef::Func(_),
                ..
            } => m.global_name(*g),
            _ => None,
        },
        _ => None,
    }
}

/// The intrinsic called by `d` (`llvm.` and the mangled name), if any.
pub fn intrinsic_name<'m>(m: &'m Module, d: &InstData) -> Option<&'m str> {
    if d.opcode != Opcode::Call {
        return None;
    }
    callee_name(m, d).filter(|n| n.starts_with("llvm."))
}

fn is_pure_intrinsic(name: &str) -> bool {
    name.strip_prefix("llvm.")
        .is_some_and(|rest| PURE_INTRINSICS.iter().any(|p| rest.starts_with(p)))
}

/// Whether `d` is a call of an intrinsic LLVM declares `nounwind
/// willreturn memory(none)` (LLVM gives every declaration of such an
/// intrinsic these attributes; our parser keeps only what the text says).
pub fn calls_pure_intrinsic(m: &Module, d: &InstData) -> bool {
    d.opcode == Opcode::Call && callee_name(m, d).is_some_and(is_pure_intrinsic)
}

/// The memory effect a call's attributes allow: `Some(false)` for none,
/// `Some(true)` for reads only, `None` for anything else.
fn call_memory(m: &Module, d: &InstData) -> Option<bool> {
    let ci = d.call_info()?;
    let of = |set| -> Option<bool> {
        m.attrs.get(set).iter().find_map(|a| match a {
            Attr::Raw(k, v) if &**k == "memory" => match &**v {
                "none" => Some(false),
                "read" => Some(true),
                _ => None,
            },
            Attr::Flag(k) if &**k == "readnone" => Some(false),
            Attr::Flag(k) if &**k == "readonly" => Some(true),
            _ => None,
        })
    };
    let callee_attrs = match d.callee() {
        Some(Operand::Const(c)) => match m.consts.data(c) {
            ConstData::Global {
                global: GlobalRef::Func(f),
                ..
            } => Some(m.functions[*f].fn_attrs),
            _ => None,
        },
        _ => None,
    };
    match (of(ci.fn_attrs), callee_attrs.and_then(of)) {
        (Some(a), Some(b)) => Some(a && b),
        (Some(a), None) | (None, Some(a)) => Some(a),
        (None, None) => None,
    }
}

fn call_has_flag(m: &Module, d: &InstData, name: &str) -> bool {
    let Some(ci) = d.call_info() else {
        return false;
    };
    let has = |set| {
        m.attrs
            .get(set)
            .iter()
            .any(|a| matches!(a, Attr::Flag(k) if &**k == name))
    };
    if has(ci.fn_attrs) {
        return true;
    }
    match d.callee() {
        Some(Operand::Const(c)) => match m.consts.data(c) {
            ConstData::Global {
                global: GlobalRef::Func(f),
                ..
            } => has(m.functions[*f].fn_attrs),
            _ => false,
        },
        _ => false,
    }
}

/// LLVM's `mayHaveSideEffects`: the instruction may write memory, throw or
/// not return.
pub fn may_have_side_effects(m: &Module, d: &InstData) -> bool {
    use Opcode::*;
    match d.opcode {
        Store | Fence | AtomicCmpXchg | AtomicRmw | VAArg | Resume | CatchPad | CleanupPad
        | CatchSwitch | CatchRet | CleanupRet | LandingPad | Invoke | CallBr => true,
        Load => d.flags.contains(Flags::VOLATILE) || is_atomic_mem(d),
        Call => {
            if callee_name(m, d).is_some_and(is_pure_intrinsic) {
                return false;
            }
            call_memory(m, d).is_none()
                || !call_has_flag(m, d, "nounwind")
                || !call_has_flag(m, d, "willreturn")
        }
        _ => false,
    }
}

/// LLVM's `mayReadFromMemory`.
pub fn may_read_memory(m: &Module, d: &InstData) -> bool {
    use Opcode::*;
    match d.opcode {
        Load | VAArg | AtomicCmpXchg | AtomicRmw | Fence | CatchPad | CatchRet => true,
        Store => d.flags.contains(Flags::VOLATILE) || is_atomic_mem(d),
        Call | Invoke | CallBr => {
            if callee_name(m, d).is_some_and(is_pure_intrinsic) {
                return false;
            }
            call_memory(m, d) != Some(false)
        }
        _ => false,
    }
}

fn is_atomic_mem(d: &InstData) -> bool {
    matches!(
        &d.extra,
        loopwright_ir::Extra::Mem {
            atomic: Some(_),
            ..
        }
    )
}
