//! The value-tracking questions runtime unrolling asks, answered as LLVM
//! 19's `ValueTracking` answers them for the cases that arise:
//!
//! - [`transfers_execution`] is `isGuaranteedToTransferExecutionToSuccessor`
//!   (and so `loopHasNoAbnormalExits`);
//! - [`not_undef_or_poison`] is `isGuaranteedNotToBeUndefOrPoison`, which
//!   decides whether the trip count must be frozen;
//! - [`has_postdominating_deoptimize`] is
//!   `BasicBlock::getPostdominatingDeoptimizeCall`.
//!
//! Every answer errs on the safe side: "may be poison" and "may not
//! return" when in doubt. (Intrinsic attributes are read from the
//! declaration in the module, where LLVM uses its intrinsic table; clang
//! prints them on every declaration.)

use crate::utils::callee_name;
use loopwright_analysis::DominatorTree;
use loopwright_ir::{
    Block, ConstData, Extra, Flags, Function, Inst, InstData, Module, Opcode, Operand, TypeData,
    ValueDef,
};

/// `MaxAnalysisRecursionDepth`.
const MAX_DEPTH: u32 = 6;

/// `CallBase::hasFnAttr`: on the call site or on the callee.
fn call_has_fn_attr(m: &Module, d: &InstData, name: &str) -> bool {
    d.call_info().is_some_and(|c| m.attrs.has(c.fn_attrs, name))
        || m.called_function(d)
            .is_some_and(|g| m.attrs.has(m.functions[g].fn_attrs, name))
}

/// `CallBase::hasRetAttr`.
fn call_has_ret_attr(m: &Module, d: &InstData, name: &str) -> bool {
    d.call_info()
        .is_some_and(|c| m.attrs.has(c.ret_attrs, name))
        || m.called_function(d)
            .is_some_and(|g| m.attrs.has(m.functions[g].ret_attrs, name))
}

/// `isGuaranteedToTransferExecutionToSuccessor(I)`.
pub fn transfers_execution(m: &Module, d: &InstData) -> bool {
    match d.opcode {
        Opcode::Ret
        | Opcode::Unreachable
        | Opcode::Resume
        | Opcode::CleanupRet
        | Opcode::CatchSwitch
        | Opcode::CatchPad => false,
        Opcode::Store => !d.flags.contains(Flags::VOLATILE),
        op if op.is_call_like() => {
            loopwright_analysis::effects::calls_pure_intrinsic(m, d)
                || (call_has_fn_attr(m, d, "nounwind") && call_has_fn_attr(m, d, "willreturn"))
        }
        _ => true,
    }
}

/// `ScalarEvolution::loopHasNoAbnormalExits` for a loop made of `blocks`.
pub fn no_abnormal_exits(m: &Module, f: &Function, blocks: &[Block]) -> bool {
    blocks.iter().all(|&b| {
        f.layout
            .block_insts(b)
            .all(|i| transfers_execution(m, f.inst(i)))
    })
}

/// `Operator::hasPoisonGeneratingAnnotations`.
fn has_poison_annotations(m: &Module, d: &InstData) -> bool {
    let flags = Flags::NUW.0
        | Flags::NSW.0
        | Flags::EXACT.0
        | Flags::DISJOINT.0
        | Flags::NNEG.0
        | Flags::INBOUNDS.0
        | Flags::NUSW.0
        | Flags::NNAN.0
        | Flags::NINF.0;
    if d.flags.0 & flags != 0 {
        return true;
    }
    let md_kinds = ["range", "nonnull", "align"];
    if md_kinds
        .iter()
        .filter_map(|k| m.md.find_kind(k))
        .any(|k| d.md.get(k).is_some())
    {
        return true;
    }
    d.opcode.is_call_like()
        && ["range", "nonnull", "align", "nofpclass"]
            .iter()
            .any(|a| call_has_ret_attr(m, d, a))
}

/// Whether shift amount `amt` is a constant below the width of `d`'s type.
fn shift_in_range(m: &Module, d: &InstData, amt: Operand) -> bool {
    let Operand::Const(c) = amt else { return false };
    let TypeData::Int(w) = m.types.data(d.ty) else {
        return false;
    };
    match m.consts.data(c) {
        ConstData::Int { val, .. } => val.as_u64().is_some_and(|v| v < u64::from(*w)),
        _ => false,
    }
}

/// `canCreateUndefOrPoison(Op, ConsiderFlagsAndMetadata = true)`.
fn can_create_undef_or_poison(m: &Module, d: &InstData) -> bool {
    if has_poison_annotations(m, d) {
        return true;
    }
    use Opcode::*;
    match d.opcode {
        Shl | AShr | LShr => !d
            .operands()
            .get(1)
            .is_some_and(|&a| shift_in_range(m, d, a)),
        FPToSI | FPToUI => true,
        Call | Invoke | CallBr => {
            if let Some(name) = callee_name(m, d) {
                let base = name.split('.').take(2).collect::<Vec<_>>().join(".");
                match base.as_str() {
                    "llvm.ctpop" | "llvm.bswap" | "llvm.bitreverse" | "llvm.fshl" | "llvm.fshr"
                    | "llvm.smax" | "llvm.smin" | "llvm.umax" | "llvm.umin" | "llvm.ptrmask"
                    | "llvm.fptoui" | "llvm.fptosi" => return false,
                    "llvm.ctlz" | "llvm.cttz" | "llvm.abs" => {
                        let zero_poison = d.call_args().get(1).is_some_and(|&a| match a {
                            Operand::Const(c) => matches!(
                                m.consts.data(c),
                                ConstData::Int { val, .. } if val.is_zero()
                            ),
                            _ => false,
                        });
                        if zero_poison {
                            return false;
                        }
                    }
                    _ => {}
                }
            }
            !call_has_ret_attr(m, d, "noundef")
        }
        FNeg | Phi | Select | URem | SRem | ExtractValue | InsertValue | Freeze | ICmp | FCmp
        | FAdd | FSub | FMul | FDiv | FRem | GetElementPtr => false,
        op if op.is_cast() || op.is_binary() => false,
        _ => true,
    }
}

/// `getGuaranteedWellDefinedOps(I)` contains `v`.
fn requires_well_defined(m: &Module, f: &Function, d: &InstData, v: Operand) -> bool {
    let ops = d.operands();
    match d.opcode {
        Opcode::Store => ops.get(1) == Some(&v),
        Opcode::Load => ops.first() == Some(&v),
        Opcode::AtomicCmpXchg | Opcode::AtomicRmw => ops.first() == Some(&v),
        Opcode::Call | Opcode::Invoke => {
            let indirect = !matches!(d.callee(), Some(Operand::Const(_)));
            if indirect && d.callee() == Some(v) {
                return true;
            }
            let Some(ci) = d.call_info() else {
                return false;
            };
            d.call_args().iter().enumerate().any(|(k, &a)| {
                a == v
                    && ci.param_attrs.get(k).is_some_and(|&s| {
                        ["noundef", "dereferenceable", "dereferenceable_or_null"]
                            .iter()
                            .any(|n| m.attrs.has(s, n))
                    })
            })
        }
        Opcode::Ret => m.attrs.has(f.ret_attrs, "noundef") && ops.first() == Some(&v),
        Opcode::Switch => ops.first() == Some(&v),
        Opcode::Br => ops.len() == 3 && ops[0] == v,
        _ => false,
    }
}

/// `programUndefinedIfUndefOrPoison(V, PoisonOnly = false)`: `v` is
/// passed, in its own block (the entry block for a parameter) and before
/// anything that may not return, to an operand that must be well
/// defined.
fn program_undefined_if_undef(m: &Module, f: &Function, v: Operand) -> bool {
    let start: Option<Inst> = match v {
        Operand::Value(x) => match f.value_def(x) {
            ValueDef::Result(i) => f.layout.next_inst(i),
            ValueDef::Param(_) => f.layout.entry_block().and_then(|b| f.layout.first_inst(b)),
            ValueDef::Placeholder => return false,
        },
        _ => return false,
    };
    let mut budget = 32u32;
    let mut cur = start;
    while let Some(i) = cur {
        let d = f.inst(i);
        cur = f.layout.next_inst(i);
        if d.opcode.is_debug_record() {
            continue;
        }
        budget -= 1;
        if budget == 0 {
            break;
        }
        if requires_well_defined(m, f, d, v) {
            return true;
        }
        if !transfers_execution(m, d) {
            break;
        }
    }
    false
}

/// `isGuaranteedNotToBeUndefOrPoison(v, CtxI = terminator of ctx)`.
pub fn not_undef_or_poison(
    m: &Module,
    f: &Function,
    dt: &DominatorTree,
    v: Operand,
    ctx: Block,
) -> bool {
    guaranteed(m, f, dt, v, Some(ctx), 0)
}

fn guaranteed(
    m: &Module,
    f: &Function,
    dt: &DominatorTree,
    v: Operand,
    ctx: Option<Block>,
    depth: u32,
) -> bool {
    if depth >= MAX_DEPTH {
        return false;
    }
    match v {
        Operand::Const(c) => return const_guaranteed(m, c),
        Operand::Value(x) => match f.value_def(x) {
            ValueDef::Param(k) => {
                let s = f.param_attrs.get(k as usize).copied();
                if s.is_some_and(|s| {
                    ["noundef", "dereferenceable", "dereferenceable_or_null"]
                        .iter()
                        .any(|n| m.attrs.has(s, n))
                }) {
                    return true;
                }
            }
            ValueDef::Result(i) => {
                let d = f.inst(i);
                if d.opcode == Opcode::Freeze {
                    return true;
                }
                if d.opcode.is_call_like()
                    && ["noundef", "dereferenceable", "dereferenceable_or_null"]
                        .iter()
                        .any(|n| call_has_ret_attr(m, d, n))
                {
                    return true;
                }
                if d.opcode == Opcode::Phi {
                    let all = d.operands().chunks(2).all(|c| match c {
                        [val, Operand::Block(b)] => guaranteed(m, f, dt, *val, Some(*b), depth + 1),
                        _ => false,
                    });
                    if all {
                        return true;
                    }
                } else if !can_create_undef_or_poison(m, d)
                    && d.operands().iter().all(|&o| match o {
                        Operand::Value(_) | Operand::Const(_) => {
                            guaranteed(m, f, dt, o, ctx, depth + 1)
                        }
                        _ => true,
                    })
                {
                    return true;
                }
                if d.opcode == Opcode::Load {
                    if let Some(k) = m.md.find_kind("noundef") {
                        if d.md.get(k).is_some() {
                            return true;
                        }
                    }
                }
            }
            ValueDef::Placeholder => return false,
        },
        _ => return false,
    }
    if program_undefined_if_undef(m, f, v) {
        return true;
    }
    // A dominating branch on `v` itself.
    let Some(ctx) = ctx else { return false };
    let is_int = match v {
        Operand::Value(x) => matches!(m.types.data(f.value_type(x)), TypeData::Int(_)),
        _ => false,
    };
    if !is_int {
        return false;
    }
    let mut dom = dt.idom(ctx);
    let mut guard = 0usize;
    while let Some(b) = dom {
        guard += 1;
        if guard > 100_000 {
            break;
        }
        if let Some(t) = f.terminator(b) {
            let d = f.inst(t);
            let cond = match d.opcode {
                Opcode::Br if d.operands().len() == 3 => d.operands().first().copied(),
                Opcode::Switch => d.operands().first().copied(),
                _ => None,
            };
            if cond == Some(v) {
                return true;
            }
        }
        dom = dt.idom(b);
    }
    false
}

fn const_guaranteed(m: &Module, c: loopwright_ir::Const) -> bool {
    match m.consts.data(c) {
        ConstData::Int { .. }
        | ConstData::Float { .. }
        | ConstData::Null(_)
        | ConstData::Global { .. } => true,
        ConstData::Undef(_) | ConstData::Poison(_) => false,
        ConstData::Vector { elems, .. } => elems.iter().all(|&e| {
            !matches!(
                m.consts.data(e),
                ConstData::Undef(_) | ConstData::Poison(_) | ConstData::Expr(_)
            ) && const_guaranteed(m, e)
        }),
        _ => false,
    }
}

/// `BasicBlock::getPostdominatingDeoptimizeCall() != nullptr`: following
/// unique successors from `b` ends in a block that returns right after a
/// call to `llvm.experimental.deoptimize`.
pub fn has_postdominating_deoptimize(m: &Module, f: &Function, b: Block) -> bool {
    let mut seen = rustc_hash::FxHashSet::default();
    seen.insert(b);
    let mut cur = b;
    loop {
        let succs = f.successors(cur);
        let Some(&first) = succs.first() else { break };
        if succs.iter().any(|&s| s != first) {
            break;
        }
        if !seen.insert(first) {
            return false;
        }
        cur = first;
    }
    let Some(t) = f.terminator(cur) else {
        return false;
    };
    if f.inst(t).opcode != Opcode::Ret {
        return false;
    }
    let mut prev = f.layout.prev_inst(t);
    while let Some(p) = prev {
        if !f.inst(p).opcode.is_debug_record() {
            break;
        }
        prev = f.layout.prev_inst(p);
    }
    let Some(p) = prev else { return false };
    let d = f.inst(p);
    d.opcode == Opcode::Call
        && matches!(d.extra, Extra::Call(_))
        && callee_name(m, d).is_some_and(|n| n.starts_with("llvm.experimental.deoptimize"))
}
