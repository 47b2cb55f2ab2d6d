//! The code-size cost of one IR instruction on x86-64, as opt-19's
//! `TTI::getInstructionCost(I, TCK_CodeSize)` sees it: what the unroller
//! measures loops with (`CodeMetrics`).
//!
//! Free: phis, debug records, `freeze`, `extractvalue`, static allocas,
//! no-op casts (`bitcast`, `trunc`, pointer/int casts of the pointer
//! width, `zext` i32 to i64), extensions of a load (extending loads) and
//! address computations that fold into an addressing mode
//! (`getelementptr` on a register or a `dso_local` global, a 32-bit
//! displacement, one index scaled by its element's allocation size 1, 2,
//! 4 or 8, or 3, 5 or 9 without a base register; compared with opt-19 on
//! every GEP of the repository's modules and on random ones,
//! `tests/gep_size.rs`). A store through an indexed address costs 2;
//! divisions and a few intrinsics cost more; everything else costs 1.
//!
//! Source: calibrated against opt-19's unroll counts with
//! `-unroll-partial-threshold` probes (the unroller's conformance suites
//! keep it exact); moved here from `loopwright-transforms`'
//! `unroll/cost.rs` unchanged. It reads the instruction and its operands
//! (a store's address, an extension's operand), which the type-based
//! costs of [`crate::cost`] do not see.

use loopwright_ir::{ConstData, DataLayout, Function, InstData, Module, Opcode, Operand, TypeData};

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

/// Whether a `getelementptr` folds into an x86 addressing mode: LLVM 19's
/// `getGEPCost` (walk the indices; constant ones add to the displacement,
/// one variable index may be scaled by its element's allocation size)
/// followed by X86's `isLegalAddressingMode` (a signed 32-bit
/// displacement, under 16 MiB from a global; scale 1, 2, 4 or 8, or 3, 5
/// or 9 when there is no base register; a global only when the code can
/// address it directly, `dso_local`; and under the `pic` relocation model
/// (`Module::relocation_model`) a 64-bit global only on its own or with an
/// unscaled index, because it is addressed relative to the instruction
/// pointer). A GEP without indices is free on a register and costs 1 on a
/// global, as in LLVM. Without an x86 triple, LLVM's target-independent
/// rule: only a register, or a register plus an unscaled one, is an
/// addressing mode.
fn gep_folds(m: &Module, data: &InstData) -> bool {
    let ops = data.operands();
    let Some(&base) = ops.first() else {
        return false;
    };
    let loopwright_ir::Extra::Gep { source_ty } = data.extra else {
        return false;
    };
    let indices: smallvec::SmallVec<[Option<i64>; 4]> = ops[1..]
        .iter()
        .map(|&idx| match idx {
            Operand::Const(c) => m.consts.as_i64(c),
            _ => None,
        })
        .collect();
    gep_folds_with(m, base, source_ty, &indices)
}

/// [`gep_folds`] for a GEP on `base` over `source_ty` whose indices are
/// the constants given (`None`: not a constant): the unroller's simulation
/// asks it with the operands an iteration simplified (LLVM's
/// `getInstructionCost` with simplified operands).
pub fn gep_folds_with(
    m: &Module,
    base: Operand,
    source_ty: loopwright_ir::Type,
    indices: &[Option<i64>],
) -> bool {
    let global = match base {
        Operand::Const(c) => match m.consts.data(strip_pointer_casts(m, c)) {
            ConstData::Global { global, .. } => Some(*global),
            _ => None,
        },
        Operand::Value(_) => None,
        _ => None,
    };
    if indices.is_empty() {
        return global.is_none();
    }
    let dl = DataLayout::of_module(m);
    let tt = &m.types;
    // LLVM adds in the pointer width, wrapping.
    let mut offset: i64 = 0;
    let mut scale: u64 = 0;
    // The type the next index selects in (LLVM's `gep_type_iterator`): the
    // first index steps over whole source elements.
    let mut indexed = source_ty;
    for (k, &constant) in indices.iter().enumerate() {
        let cur = indexed;
        let is_struct = k > 0 && tt.struct_elems(cur).is_some();
        if is_struct {
            let Some(field) = constant else {
                return false;
            };
            let Some(off) = usize::try_from(field)
                .ok()
                .and_then(|fi| dl.field_offset(tt, cur, fi))
            else {
                return false;
            };
            offset = offset.wrapping_add(off as i64);
            let Some(next) = tt.aggregate_elem(cur, field as u64) else {
                return false;
            };
            indexed = next;
            continue;
        }
        // A sequential step: the first index over `source_ty`, later ones
        // over an array's or vector's elements, whatever their length.
        let elem = if k == 0 {
            cur
        } else {
            match tt.data(cur) {
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                _ => return false,
            }
        };
        let size = dl.alloc_size(tt, elem);
        match constant {
            Some(i) => offset = offset.wrapping_add(i.wrapping_mul(size as i64)),
            None => {
                if scale != 0 {
                    return false;
                }
                scale = size;
            }
        }
        indexed = elem;
    }
    let has_base_reg = global.is_none();
    let (is_x86, is_64bit) = crate::subtarget::x86_arch(m.triple.as_deref());
    if !is_x86 {
        // LLVM's target-independent answer (no triple, or one this model
        // does not know): register, or register plus register.
        return has_base_reg && offset == 0 && scale <= 1;
    }
    let Ok(offset) = i32::try_from(offset) else {
        return false;
    };
    if let Some(g) = global {
        let common = m.global_common(g);
        let dso_local = common.dso_local
            || common.linkage.is_local()
            || common.visibility != loopwright_ir::Visibility::Default;
        if !dso_local || offset >= 16 << 20 {
            return false;
        }
        // Instruction-pointer-relative: no room for a displacement or a
        // scaled index.
        if m.relocation_model.is_position_independent() && is_64bit && (offset != 0 || scale > 1) {
            return false;
        }
    }
    match scale {
        0 | 1 | 2 | 4 | 8 => true,
        3 | 5 | 9 => !has_base_reg,
        _ => false,
    }
}

/// A constant pointer with `bitcast`/`addrspacecast` constant expressions
/// looked through (LLVM's `stripPointerCasts` on a constant).
fn strip_pointer_casts(m: &Module, mut c: loopwright_ir::Const) -> loopwright_ir::Const {
    for _ in 0..16 {
        match m.consts.data(c) {
            ConstData::Expr(e) if matches!(e.opcode, Opcode::BitCast | Opcode::AddrSpaceCast) => {
                match e.ops.first() {
                    Some(&inner) => c = inner,
                    None => break,
                }
            }
            _ => break,
        }
    }
    c
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
        GetElementPtr => u32::from(!gep_folds(m, data)),
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
            let Some(g) = m.called_function(data) else {
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
