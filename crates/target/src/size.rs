//! The code-size cost of one IR instruction on x86-64, as opt-19's
//! `TTI::getInstructionCost(I, TCK_CodeSize)` sees it: what the unroller
//! measures loops with (`CodeMetrics`).
//!
//! Free: phis, debug records, `freeze`, `extractvalue`, static allocas,
//! no-op casts (`bitcast`, `trunc`, pointer/int casts of the pointer
//! width, `zext` i32 to i64), extensions of a load (extending loads) and
//! address computations that fold into an addressing mode
//! (`getelementptr` on a register or a `dso_local` global, one index
//! scaled by 1/2/4/8). A store through an indexed address costs 2;
//! divisions and a few intrinsics cost more; everything else costs 1.
//!
//! Source: calibrated against opt-19's unroll counts with
//! `-unroll-partial-threshold` probes (the unroller's conformance suites
//! keep it exact); moved here from `loopwright-transforms`'
//! `unroll/cost.rs` unchanged. It reads the instruction and its operands
//! (a store's address, an extension's operand), which the type-based
//! costs of [`crate::cost`] do not see.

use loopwright_ir::{ConstData, Function, GlobalRef, InstData, Module, Opcode, Operand, TypeData};

/// Whether calling `name` is lowered to a call (LLVM's `isLoweredToCall`):
/// intrinsics and a few math functions that become instructions are not.
pub fn lowered_to_call(name: &str) -> bool {
    if name.starts_with("llvm.") {
        return false;
    }
    !matches!(
        name,
        "copysign"
            | "copysignf"
            | "copysignl"
            | "fabs"
            | "fabsf"
            | "fabsl"
            | "fmin"
            | "fminf"
            | "fminl"
            | "fmax"
            | "fmaxf"
            | "fmaxl"
            | "sin"
            | "sinf"
            | "sinl"
            | "cos"
            | "cosf"
            | "cosl"
            | "sqrt"
            | "sqrtf"
            | "sqrtl"
            | "exp"
            | "expf"
            | "expl"
            | "exp2"
            | "exp2f"
            | "exp2l"
            | "pow"
            | "powf"
            | "powl"
            | "floor"
            | "floorf"
            | "floorl"
            | "ceil"
            | "ceilf"
            | "ceill"
            | "round"
            | "roundf"
            | "roundl"
            | "ffs"
            | "ffsl"
            | "abs"
            | "labs"
            | "llabs"
    )
}

/// The callee function of a call, if direct.
fn direct_callee(m: &Module, data: &InstData) -> Option<loopwright_ir::Func> {
    match data.callee()? {
        Operand::Const(c) => match m.consts.data(c) {
            ConstData::Global {
                global: GlobalRef::Func(g),
                ..
            } => Some(*g),
            _ => None,
        },
        _ => None,
    }
}

/// The byte size of an element type for address arithmetic, when it is a
/// simple scalar (enough to decide whether an index can be scaled).
fn scalar_size(m: &Module, t: loopwright_ir::Type) -> Option<u64> {
    match m.types.data(t) {
        TypeData::Int(w) => Some(u64::from(w.div_ceil(8)).next_power_of_two()),
        TypeData::Ptr(_) | TypeData::Double => Some(8),
        TypeData::Float => Some(4),
        TypeData::Half | TypeData::BFloat => Some(2),
        _ => None,
    }
}

/// Whether a `getelementptr` folds into an x86 addressing mode (LLVM's
/// `getGEPCost` with `isLegalAddressingMode`): at most one variable index
/// scaled by 1, 2, 4 or 8, and a base that is a register or a global the
/// code can address directly (`dso_local`, under opt's static relocation
/// model).
fn gep_folds(m: &Module, f: &Function, data: &InstData) -> bool {
    let ops = data.operands();
    let Some(&base) = ops.first() else {
        return false;
    };
    if let Operand::Const(c) = base {
        if let ConstData::Global { global, .. } = m.consts.data(c) {
            let common = m.global_common(*global);
            let dso_local = common.dso_local
                || common.linkage.is_local()
                || common.visibility != loopwright_ir::Visibility::Default;
            if !dso_local {
                return false;
            }
        }
    }
    let loopwright_ir::Extra::Gep { source_ty } = data.extra else {
        return false;
    };
    // Walk the indices: constants fold into the displacement; one variable
    // index may be scaled.
    let mut ty = source_ty;
    let mut variable = 0;
    for (k, &idx) in ops[1..].iter().enumerate() {
        let elem = if k == 0 {
            Some(ty)
        } else {
            m.types.aggregate_elem(ty, 0)
        };
        let is_const = matches!(idx, Operand::Const(_));
        if let (false, Some(e)) = (is_const, elem) {
            variable += 1;
            if variable > 1
                || !matches!(
                    scalar_size(m, e).or_else(|| aggregate_size(m, e)),
                    Some(1 | 2 | 4 | 8)
                )
            {
                return false;
            }
        }
        if k > 0 {
            let next = match (m.types.data(ty), idx) {
                (TypeData::Struct { .. } | TypeData::Named(_), Operand::Const(c)) => m
                    .consts
                    .as_i64(c)
                    .and_then(|i| m.types.aggregate_elem(ty, i as u64)),
                _ => m.types.aggregate_elem(ty, 0),
            };
            match next {
                Some(n) => ty = n,
                None => return true,
            }
        }
        let _ = f;
    }
    true
}

/// Sizes of small aggregates (arrays of scalars) for index scaling.
fn aggregate_size(m: &Module, t: loopwright_ir::Type) -> Option<u64> {
    match m.types.data(t) {
        TypeData::Array { len, elem } => scalar_size(m, *elem).map(|s| s * len),
        _ => None,
    }
}

/// The x86-64 code-size cost of one instruction (see the module docs).
pub fn inst_cost(m: &Module, f: &Function, data: &InstData) -> u32 {
    use Opcode::*;
    let of_load = |op: Option<&Operand>| {
        matches!(op, Some(Operand::Value(v))
            if matches!(f.value_def(*v), loopwright_ir::ValueDef::Result(d) if f.inst(d).opcode == Load))
    };
    match data.opcode {
        op if op.is_debug_record() => 0,
        Phi | Freeze | ExtractValue | BitCast | Trunc | AddrSpaceCast => 0,
        GetElementPtr => u32::from(!gep_folds(m, f, data)),
        PtrToInt | IntToPtr => {
            // Free when the integer has the pointer's width.
            let other = if data.opcode == PtrToInt {
                data.ty
            } else {
                data.operands()
                    .first()
                    .map_or(data.ty, |&o| f.operand_type(o, &m.consts))
            };
            u32::from(m.types.int_width(other) != Some(64))
        }
        ZExt | SExt => {
            // Extending loads (`movzx`/`movsx`) make the extension of a load
            // free, and x86-64 zero-extends 32-bit results for free.
            let from = data
                .operands()
                .first()
                .map(|&o| f.operand_type(o, &m.consts));
            let from_w = from.and_then(|t| m.types.int_width(t));
            let to_w = m.types.int_width(data.ty);
            let ext_load = of_load(data.operands().first())
                && matches!(from_w, Some(8 | 16 | 32))
                && matches!(to_w, Some(16 | 32 | 64))
                && from_w < to_w;
            let free_zext = data.opcode == ZExt && from_w == Some(32) && to_w == Some(64);
            u32::from(!(ext_load || free_zext))
        }
        Store => {
            // A store with an index register takes two micro-ops.
            let ptr = data.operands().get(1);
            let indexed = matches!(ptr, Some(Operand::Value(v))
                if matches!(f.value_def(*v), loopwright_ir::ValueDef::Result(d)
                    if f.inst(d).opcode == GetElementPtr
                        && f.inst(d).operands()[1..].iter().any(|o| !matches!(o, Operand::Const(_)))));
            if indexed {
                2
            } else {
                1
            }
        }
        Alloca => 0,
        UDiv | URem | SDiv | SRem => {
            // Division is expanded: by a power of two it is a shift or a
            // mask for unsigned operands, otherwise a multiply sequence or
            // `div`.
            let pow2 = match data.operands().get(1) {
                Some(Operand::Const(c)) => m
                    .consts
                    .as_apint(*c)
                    .and_then(|v| v.as_u64())
                    .is_some_and(|v| v.is_power_of_two()),
                _ => false,
            };
            match (data.opcode, pow2) {
                (UDiv | URem, true) => 1,
                (SRem, true) => 6,
                _ => 4,
            }
        }
        Call => {
            // Calls cost one per argument plus one (TTI's `getInstructionCost`):
            // the fixed parameters of a direct callee, the arguments passed
            // to an indirect one; calls the target lowers to instructions
            // cost one.
            let Some(g) = direct_callee(m, data) else {
                return data.call_args().len() as u32 + 1;
            };
            let func = &m.functions[g];
            let name = func.name().unwrap_or("");
            let Some(intr) = name.strip_prefix("llvm.") else {
                let local = func.common.linkage.is_local() || func.name().is_none();
                return if local || lowered_to_call(name) {
                    func.params.len() as u32 + 1
                } else {
                    1
                };
            };
            let base = intr.split('.').next().unwrap_or("");
            match base {
                // Intrinsics that produce no code.
                "lifetime" | "assume" | "dbg" | "pseudoprobe" | "experimental" | "invariant"
                | "sideeffect" => 0,
                "smax" | "smin" | "umax" | "umin" | "ctlz" | "cttz" | "fmuladd" | "fma"
                | "fabs" => 2,
                "abs" | "uadd" | "usub" | "sadd" | "ssub" => 3,
                // No `popcnt` in the baseline x86-64 instruction set.
                "ctpop" => 15,
                _ => 1,
            }
        }
        _ => 1,
    }
}
