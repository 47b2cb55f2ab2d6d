//! Deleting dead instructions without losing debug information: LLVM's
//! `isInstructionTriviallyDead` ([`trivially_dead`]),
//! `RecursivelyDeleteTriviallyDeadInstructions` ([`delete_dead`],
//! [`delete_dead_list`]) and `salvageDebugInfo` ([`salvage_debug_info`]),
//! as LLVM 19 has them.
//!
//! Debug records do not keep a value alive. When an instruction is
//! deleted, each record whose location names it describes the
//! instruction's operand instead, with the operation written into its
//! `!DIExpression`: casts (`DW_OP_LLVM_convert`, or nothing for a no-op
//! cast), `getelementptr` offsets, binary operations and integer compares
//! with a constant operand (`DW_OP_plus_uconst C`, `DW_OP_constu C,
//! DW_OP_mul`, ...) or with a second value (added to the location as a
//! `!DIArgList` entry, `DW_OP_LLVM_arg N`). The expression is then folded
//! as LLVM's `DIExpression::foldConstantMath` folds it (the expression
//! arithmetic is in `utils::diexpr`). When the
//! instruction cannot be described (a load, a call, a float operation),
//! every location value of its records becomes `poison`
//! (`setKillLocation`).
//!
//! Not salvaged here, where LLVM would salvage (the records become
//! `poison` instead, which loses information but is never wrong):
//! `getelementptr` through vectors or scalable types, and the address of
//! a `#dbg_assign` (its value is salvaged).

use super::debug::location_ops;
use super::diexpr::{
    append_offset, append_ops_to_arg, fold_constant_math, num_location_operands, read_expr,
    write_expr, Dw, Elem,
};
use loopwright_analysis::loops::may_access_memory;
use loopwright_ir::DataLayout;
use loopwright_ir::{
    ConstData, Extra, Flags, Function, Inst, InstData, Md, Module, Opcode, Operand, Predicate,
    TypeData, Value, ValueDef,
};

/// Whether `inst` has no uses (debug records do not count) and no effect
/// (LLVM's `isInstructionTriviallyDead`).
pub fn trivially_dead(m: &Module, f: &Function, inst: Inst) -> bool {
    let data = f.inst(inst);
    if data.opcode.is_terminator() || data.opcode.is_debug_record() {
        return false;
    }
    if let Some(v) = f.inst_result(inst) {
        // Debug records do not keep a value alive.
        if f.uses(v)
            .iter()
            .any(|&u| !f.inst(u).opcode.is_debug_record())
        {
            return false;
        }
    }
    match data.opcode {
        Opcode::Store
        | Opcode::Fence
        | Opcode::AtomicCmpXchg
        | Opcode::AtomicRmw
        | Opcode::VAArg => false,
        Opcode::LandingPad | Opcode::CatchPad | Opcode::CleanupPad | Opcode::Alloca => false,
        Opcode::Load => {
            !data.flags.contains(Flags::VOLATILE)
                && !matches!(
                    &data.extra,
                    Extra::Mem {
                        atomic: Some(_),
                        ..
                    }
                )
        }
        Opcode::UDiv | Opcode::SDiv | Opcode::URem | Opcode::SRem => {
            // Division may trap unless the divisor is a constant other than
            // zero (and, for signed division, other than -1).
            let signed = matches!(data.opcode, Opcode::SDiv | Opcode::SRem);
            match data.operands().get(1) {
                Some(Operand::Const(c)) => match m.consts.data(*c) {
                    ConstData::Int { val, .. } => {
                        !(val.is_zero() || signed && val.as_i64() == Some(-1))
                    }
                    _ => false,
                },
                _ => false,
            }
        }
        op if op.is_call_like() => {
            // LLVM gives these intrinsics `nounwind willreturn memory(none)`
            // whatever their declaration says.
            if loopwright_analysis::effects::calls_pure_intrinsic(m, data) {
                return true;
            }
            let Some(ci) = data.call_info() else {
                return false;
            };
            let has = |attr: &str| {
                m.attrs.has(ci.fn_attrs, attr)
                    || m.called_function(data)
                        .is_some_and(|g| m.attrs.has(m.functions[g].fn_attrs, attr))
            };
            !may_access_memory(m, data) && has("willreturn") && has("nounwind")
        }
        _ => true,
    }
}

/// LLVM's `RecursivelyDeleteTriviallyDeadInstructions(I)`: when `inst` is
/// trivially dead, deletes it (salvaging its debug records), then the
/// operands that became trivially dead, and so on.
pub fn delete_dead(m: &mut Module, f: &mut Function, inst: Inst) {
    if f.layout.inst_block(inst).is_some() && trivially_dead(m, f, inst) {
        delete_worklist(m, f, vec![inst]);
    }
}

/// `RecursivelyDeleteTriviallyDeadInstructions(DeadInsts)`: the
/// instructions of `insts` that are trivially dead now are deleted, last
/// first, each followed by the operands it leaves dead.
pub fn delete_dead_list(m: &mut Module, f: &mut Function, insts: Vec<Inst>) {
    let work: Vec<Inst> = insts
        .into_iter()
        .filter(|&i| f.layout.inst_block(i).is_some() && trivially_dead(m, f, i))
        .collect();
    delete_worklist(m, f, work);
}

/// The worklist of LLVM's `RecursivelyDeleteTriviallyDeadInstructions`:
/// every instruction on it is dead when it is pushed.
fn delete_worklist(m: &mut Module, f: &mut Function, mut work: Vec<Inst>) {
    while let Some(i) = work.pop() {
        // Deleted already (listed twice).
        if f.layout.inst_block(i).is_none() {
            continue;
        }
        salvage_debug_info(m, f, i);
        // LLVM walks the operands in its order (a call's callee last) and
        // pushes each operand left dead after its last use.
        let ops = llvm_operand_order(f.inst(i));
        f.delete_inst(i);
        for (k, op) in ops.iter().enumerate() {
            let Operand::Value(v) = *op else { continue };
            if ops[k + 1..].contains(op) {
                continue;
            }
            if let ValueDef::Result(d) = f.value_def(v) {
                if f.layout.inst_block(d).is_some() && trivially_dead(m, f, d) {
                    work.push(d);
                }
            }
        }
    }
}

/// The value operands of an instruction in LLVM's operand order: a call's
/// arguments come before its callee.
fn llvm_operand_order(d: &InstData) -> Vec<Operand> {
    let ops = d.operands();
    match d.call_info() {
        Some(_) if !ops.is_empty() => ops[1..].iter().chain(&ops[..1]).copied().collect(),
        _ => ops.to_vec(),
    }
}

/// What LLVM's `salvageDebugInfoImpl` makes of an instruction: the value
/// that replaces it in a record's location, the operations to apply to it
/// and the values added to the location.
struct Salvage {
    base: Operand,
    ops: Vec<Elem>,
    extra: Vec<Operand>,
}

const MAX_DEBUG_ARGS: usize = 16;
const MAX_EXPRESSION_SIZE: usize = 128;

/// LLVM's `salvageDebugInfo(I)`: each debug record whose location names
/// `inst`'s result is rewritten to name `inst`'s operand with the
/// operation in its expression; when `inst` cannot be described, every
/// location value of those records becomes `poison`.
pub fn salvage_debug_info(m: &mut Module, f: &mut Function, inst: Inst) {
    let Some(v) = f.inst_result(inst) else {
        return;
    };
    let mut users: Vec<Inst> = f
        .uses(v)
        .iter()
        .copied()
        .filter(|&u| f.inst(u).opcode.is_debug_record())
        .collect();
    {
        let mut seen = rustc_hash::FxHashSet::default();
        users.retain(|u| seen.insert(*u));
    }
    if users.is_empty() {
        return;
    }
    let mut salvaged = false;
    let mut failed = false;
    for &u in &users {
        let data = f.inst(u);
        let opcode = data.opcode;
        if opcode == Opcode::DbgLabel {
            continue;
        }
        if opcode == Opcode::DbgAssign {
            // The address is not salvaged here: it loses its value.
            kill_address(m, f, u, v);
            if f.inst(u).operands().first() != Some(&Operand::MdLocal(v)) {
                continue;
            }
        }
        let data = f.inst(u);
        let Some(&loc) = data.operands().first() else {
            continue;
        };
        let Some(Operand::Md(Md::Node(expr_node))) = data.operands().get(2).copied() else {
            failed = true;
            break;
        };
        let Some(mut expr) = read_expr(m, expr_node) else {
            failed = true;
            break;
        };
        let declare = opcode == Opcode::DbgDeclare;
        let locs = location_ops(f, loc);
        let mut extra: Vec<Operand> = Vec::new();
        let mut base = None;
        for (no, l) in locs.iter().enumerate() {
            if *l != Operand::Value(v) {
                continue;
            }
            let current = num_location_operands(&expr);
            let Some(s) = salvage_impl(m, f, inst, current) else {
                base = None;
                break;
            };
            expr = append_ops_to_arg(&expr, &s.ops, no as u64, !declare);
            extra.extend(s.extra);
            base = Some(s.base);
        }
        let Some(base) = base else {
            failed = true;
            break;
        };
        let expr = fold_constant_math(&expr);
        let valid = expr.len() <= MAX_EXPRESSION_SIZE;
        let new_locs: Vec<Operand> = locs
            .iter()
            .map(|&l| if l == Operand::Value(v) { base } else { l })
            .collect();
        if extra.is_empty() && valid {
            set_record(
                m,
                f,
                u,
                &new_locs,
                matches!(loc, Operand::MdArgList(_)),
                &expr,
            );
        } else if !declare && valid && new_locs.len() + extra.len() <= MAX_DEBUG_ARGS {
            let all: Vec<Operand> = new_locs.iter().chain(&extra).copied().collect();
            set_record(m, f, u, &all, true, &expr);
        } else {
            kill_location(m, f, u);
        }
        salvaged = true;
    }
    if salvaged && !failed {
        return;
    }
    // Nothing could be salvaged: the records of `inst` lose their values.
    for &u in &users {
        if f.inst(u).opcode == Opcode::DbgLabel {
            continue;
        }
        if location_ops(f, f.inst(u).operands()[0]).contains(&Operand::Value(v)) {
            kill_location(m, f, u);
        }
    }
}

/// LLVM's `setKillLocation`: every location value becomes `poison` of its
/// type.
fn kill_location(m: &mut Module, f: &mut Function, u: Inst) {
    let loc = f.inst(u).operands()[0];
    let new_loc = match loc {
        Operand::MdArgList(al) => {
            let ops: Vec<Operand> = f
                .arg_list(al)
                .to_vec()
                .into_iter()
                .map(|o| {
                    let ty = f.operand_type(o, &m.consts);
                    Operand::Const(m.consts.intern(ConstData::Poison(ty)))
                })
                .collect();
            Operand::MdArgList(f.make_arg_list(ops))
        }
        Operand::MdLocal(v) => {
            let ty = f.value_type(v);
            Operand::Md(Md::Const(m.consts.intern(ConstData::Poison(ty))))
        }
        Operand::Md(Md::Const(c)) => {
            let ty = m.consts.ty(c);
            Operand::Md(Md::Const(m.consts.intern(ConstData::Poison(ty))))
        }
        other => other,
    };
    f.set_operand(u, 0, new_loc);
}

/// A `#dbg_assign` whose address is deleted: the address becomes `poison`.
fn kill_address(m: &mut Module, f: &mut Function, u: Inst, v: Value) {
    let ty = f.value_type(v);
    let poison = Operand::Md(Md::Const(m.consts.intern(ConstData::Poison(ty))));
    f.map_operands(u, |ops| {
        for op in ops.iter_mut().skip(1) {
            if *op == Operand::MdLocal(v) {
                *op = poison;
            }
        }
    });
}

/// Sets a record's location (`values`, as a `!DIArgList` when `list`) and
/// expression.
fn set_record(
    m: &mut Module,
    f: &mut Function,
    u: Inst,
    values: &[Operand],
    list: bool,
    expr: &[Elem],
) {
    let loc = if list {
        Operand::MdArgList(f.make_arg_list(values.iter().copied()))
    } else {
        match values.first() {
            Some(Operand::Value(w)) => Operand::MdLocal(*w),
            Some(Operand::Const(c)) => Operand::Md(Md::Const(*c)),
            _ => return,
        }
    };
    let node = write_expr(m, expr);
    f.map_operands(u, |ops| {
        ops[0] = loc;
        ops[2] = Operand::Md(Md::Node(node));
    });
}

/// A constant integer of at most 64 bits, sign-extended (LLVM's
/// `ConstantInt::getSExtValue`); `Err` for a wider one.
fn const_int(m: &Module, op: Operand) -> Option<Result<i64, ()>> {
    let Operand::Const(c) = op else { return None };
    match m.consts.data(c) {
        ConstData::Int { val, .. } if val.bits() > 64 => Some(Err(())),
        ConstData::Int { val, .. } => val.as_i64().map(Ok),
        _ => None,
    }
}

/// `handleSSAValueOperands`: the second operand joins the location as
/// `DW_OP_LLVM_arg N` (after `DW_OP_LLVM_arg 0` for the first, in an
/// expression that had no arguments yet).
fn ssa_operand(current: u64, ops: &mut Vec<Elem>, extra: &mut Vec<Operand>, second: Operand) {
    let mut current = current;
    if current == 0 {
        ops.extend([Elem::Op(Dw::LlvmArg), Elem::Num(0)]);
        current = 1;
    }
    ops.extend([Elem::Op(Dw::LlvmArg), Elem::Num(current)]);
    extra.push(second);
}

/// LLVM's `salvageDebugInfoImpl` for `inst`, in a record whose expression
/// has `current` location operands.
fn salvage_impl(m: &Module, f: &Function, inst: Inst, current: u64) -> Option<Salvage> {
    let d = f.inst(inst);
    let ops_in = d.operands();
    let mut ops: Vec<Elem> = Vec::new();
    let mut extra: Vec<Operand> = Vec::new();
    let dl = DataLayout::of_module(m);
    let int_bits = |t: loopwright_ir::Type| -> Option<u32> {
        match m.types.data(t) {
            TypeData::Int(w) => Some(*w),
            TypeData::Ptr(asp) => Some(dl.pointer_bits(*asp)),
            _ => None,
        }
    };
    if d.opcode.is_cast() {
        let from = *ops_in.first()?;
        let from_ty = f.operand_type(from, &m.consts);
        let noop = match d.opcode {
            Opcode::BitCast => true,
            Opcode::PtrToInt | Opcode::IntToPtr => {
                int_bits(from_ty).is_some() && int_bits(from_ty) == int_bits(d.ty)
            }
            _ => false,
        };
        if noop {
            return Some(Salvage {
                base: from,
                ops,
                extra,
            });
        }
        if !matches!(
            d.opcode,
            Opcode::Trunc | Opcode::ZExt | Opcode::SExt | Opcode::IntToPtr | Opcode::PtrToInt
        ) {
            return None;
        }
        let (from_bits, to_bits) = (int_bits(from_ty)?, int_bits(d.ty)?);
        let kind = if d.opcode == Opcode::SExt {
            "DW_ATE_signed"
        } else {
            "DW_ATE_unsigned"
        };
        for bits in [from_bits, to_bits] {
            ops.extend([
                Elem::Op(Dw::LlvmConvert),
                Elem::Num(u64::from(bits)),
                Elem::Kw(kind.to_owned()),
            ]);
        }
        return Some(Salvage {
            base: from,
            ops,
            extra,
        });
    }
    match d.opcode {
        Opcode::GetElementPtr => {
            let Extra::Gep { source_ty } = d.extra else {
                return None;
            };
            let (&base, indices) = ops_in.split_first()?;
            let TypeData::Ptr(asp) = *m.types.data(f.operand_type(base, &m.consts)) else {
                return None;
            };
            let bits = dl.index_bits(asp);
            let mask = if bits >= 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
            let mut constant: u64 = 0;
            let mut variable: Vec<(Operand, u64)> = Vec::new();
            // `GEPOperator::collectOffset`: the first index steps over the
            // source type; each later one into the current aggregate.
            let mut ty = source_ty;
            for (k, &idx) in indices.iter().enumerate() {
                let stride = if k == 0 {
                    if matches!(m.types.data(ty), TypeData::Vector { scalable: true, .. }) {
                        return None;
                    }
                    dl.alloc_size(&m.types, ty)
                } else {
                    match m.types.data(ty).clone() {
                        TypeData::Struct { .. } | TypeData::Named(_) => {
                            // A field: its offset (the index is a constant).
                            let i = match const_int(m, idx) {
                                Some(Ok(i)) => usize::try_from(i).ok()?,
                                _ => return None,
                            };
                            let off = dl.field_offset(&m.types, ty, i)?;
                            ty = m.types.aggregate_elem(ty, i as u64)?;
                            constant = constant.wrapping_add(off) & mask;
                            continue;
                        }
                        TypeData::Array { elem, .. } => {
                            ty = elem;
                            dl.alloc_size(&m.types, elem)
                        }
                        _ => return None,
                    }
                };
                match const_int(m, idx) {
                    Some(Ok(i)) => {
                        constant = constant.wrapping_add((i as u64).wrapping_mul(stride)) & mask;
                    }
                    Some(Err(())) => return None,
                    None => {
                        if !matches!(idx, Operand::Value(_)) {
                            return None;
                        }
                        if stride == 0 {
                            continue;
                        }
                        match variable.iter_mut().find(|(v, _)| *v == idx) {
                            Some((_, s)) => *s = s.wrapping_add(stride) & mask,
                            None => variable.push((idx, stride & mask)),
                        }
                    }
                }
            }
            let mut current = current;
            if !variable.is_empty() && current == 0 {
                ops.extend([Elem::Op(Dw::LlvmArg), Elem::Num(0)]);
                current = 1;
            }
            for (v, stride) in variable {
                extra.push(v);
                ops.extend([
                    Elem::Op(Dw::LlvmArg),
                    Elem::Num(current),
                    Elem::Op(Dw::Constu),
                    Elem::Num(stride),
                    Elem::Op(Dw::Mul),
                    Elem::Op(Dw::Plus),
                ]);
                current += 1;
            }
            // The offset as a signed number of the index width.
            let signed = if bits >= 64 {
                constant as i64
            } else {
                ((constant << (64 - bits)) as i64) >> (64 - bits)
            };
            append_offset(&mut ops, signed);
            Some(Salvage { base, ops, extra })
        }
        op if op.is_binary() || op == Opcode::ICmp => {
            // `getSalvageOpsForBinOp` and `getSalvageOpsForIcmpOp`.
            let (&lhs, &rhs) = (ops_in.first()?, ops_in.get(1)?);
            let pred = d.predicate();
            let dw = match (op, pred) {
                (Opcode::Add, _) => Some(Dw::Plus),
                (Opcode::Sub, _) => Some(Dw::Minus),
                (Opcode::Mul, _) => Some(Dw::Mul),
                (Opcode::SDiv, _) => Some(Dw::Div),
                (Opcode::SRem, _) => Some(Dw::Mod),
                (Opcode::Or, _) => Some(Dw::Or),
                (Opcode::And, _) => Some(Dw::And),
                (Opcode::Xor, _) => Some(Dw::Xor),
                (Opcode::Shl, _) => Some(Dw::Shl),
                (Opcode::LShr, _) => Some(Dw::Shr),
                (Opcode::AShr, _) => Some(Dw::Shra),
                (Opcode::ICmp, Some(p)) => match p {
                    Predicate::Eq => Some(Dw::Eq),
                    Predicate::Ne => Some(Dw::Ne),
                    Predicate::Ugt | Predicate::Sgt => Some(Dw::Gt),
                    Predicate::Uge | Predicate::Sge => Some(Dw::Ge),
                    Predicate::Ult | Predicate::Slt => Some(Dw::Lt),
                    Predicate::Ule | Predicate::Sle => Some(Dw::Le),
                    _ => None,
                },
                _ => None,
            };
            match const_int(m, rhs) {
                Some(Err(())) => return None,
                // An add or sub of a constant is an offset.
                Some(Ok(val)) if matches!(op, Opcode::Add | Opcode::Sub) => {
                    let off = if op == Opcode::Add {
                        val
                    } else {
                        val.wrapping_neg()
                    };
                    append_offset(&mut ops, off);
                    return Some(Salvage {
                        base: lhs,
                        ops,
                        extra,
                    });
                }
                Some(Ok(val)) => {
                    let signed = matches!(
                        pred,
                        Some(Predicate::Sgt | Predicate::Sge | Predicate::Slt | Predicate::Sle)
                    );
                    let c = if signed { Dw::Consts } else { Dw::Constu };
                    ops.extend([Elem::Op(c), Elem::Num(val as u64)]);
                }
                None => ssa_operand(current, &mut ops, &mut extra, rhs),
            }
            ops.push(Elem::Op(dw?));
            Some(Salvage {
                base: lhs,
                ops,
                extra,
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::debug::TEST_DEBUG_INFO;
    use super::*;

    /// Deletes every instruction of the (single) function of `body` with
    /// [`delete_dead`], in order, and returns its debug records as printed.
    fn salvaged(body: &str) -> Vec<String> {
        let text = format!(
            "target datalayout = \"e-m:e-i64:64-n8:16:32:64-S128\"\n{body}\n{TEST_DEBUG_INFO}"
        );
        let mut m = loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("parses");
        let fid = m
            .functions
            .iter()
            .next()
            .map(|(k, _)| k)
            .expect("a function");
        crate::with_function(&mut m, fid, |m, f| {
            let insts: Vec<Inst> = f
                .layout
                .blocks()
                .flat_map(|b| f.layout.block_insts(b))
                .collect();
            for i in insts {
                if f.layout.inst_block(i).is_some() {
                    delete_dead(m, f, i);
                }
            }
        });
        loopwright_analysis::verify_module(&m).expect("verifies");
        loopwright_ir::print::print_module(&m)
            .lines()
            .filter(|l| l.contains("#dbg_value"))
            .map(|l| l.trim().to_owned())
            .collect()
    }

    /// Exactly what `opt-19 -passes=dce` writes for the same module (each
    /// record describes the deleted instruction before it).
    #[test]
    fn records_are_salvaged_as_llvm_19_salvages_them() {
        let got = salvaged(
            r#"define void @f(i32 %x, i64 %y, ptr %p, i32 %z) !dbg !5 {
entry:
  %a = add i32 %x, 1
    #dbg_value(i32 %a, !10, !DIExpression(DW_OP_plus_uconst, 2, DW_OP_stack_value), !12)
  %b = mul i32 %x, %z
    #dbg_value(i32 %b, !10, !DIExpression(), !12)
  %c = trunc i64 %y to i32
    #dbg_value(i32 %c, !10, !DIExpression(), !12)
  %d = zext i32 %x to i64
    #dbg_value(i64 %d, !10, !DIExpression(), !12)
  %e = getelementptr inbounds i32, ptr %p, i64 3
    #dbg_value(ptr %e, !10, !DIExpression(), !12)
  %g = sub i32 %x, 5
    #dbg_value(!DIArgList(i32 %g, i32 %z), !10, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !12)
  %h = load i32, ptr %p
    #dbg_value(!DIArgList(i32 %h, i32 %z), !10, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !12)
  %k = icmp eq i32 %x, 7
    #dbg_value(i1 %k, !10, !DIExpression(), !12)
  %q = getelementptr inbounds i32, ptr %p, i64 %y
    #dbg_value(ptr %q, !10, !DIExpression(), !12)
  %s = sdiv i32 %x, 3
    #dbg_value(i32 %s, !10, !DIExpression(), !12)
  %t = add i32 %x, -3
    #dbg_value(i32 %t, !10, !DIExpression(DW_OP_plus_uconst, 3, DW_OP_stack_value), !12)
  %u = sext i32 %x to i64
  %w = add i64 %u, 4
    #dbg_value(i64 %w, !10, !DIExpression(), !12)
  ret void
}"#,
        );
        let want = [
            "#dbg_value(i32 %x, !6, !DIExpression(DW_OP_plus_uconst, 3, DW_OP_stack_value), !8)",
            "#dbg_value(!DIArgList(i32 %x, i32 %z), !6, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_mul, DW_OP_stack_value), !8)",
            "#dbg_value(i64 %y, !6, !DIExpression(DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_stack_value), !8)",
            "#dbg_value(i32 %x, !6, !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_stack_value), !8)",
            "#dbg_value(ptr %p, !6, !DIExpression(DW_OP_plus_uconst, 12, DW_OP_stack_value), !8)",
            "#dbg_value(!DIArgList(i32 %x, i32 %z), !6, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_minus, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !8)",
            "#dbg_value(!DIArgList(i32 poison, i32 poison), !6, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !8)",
            "#dbg_value(i32 %x, !6, !DIExpression(DW_OP_constu, 7, DW_OP_eq, DW_OP_stack_value), !8)",
            "#dbg_value(!DIArgList(ptr %p, i64 %y), !6, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !8)",
            "#dbg_value(i32 %x, !6, !DIExpression(DW_OP_constu, 3, DW_OP_div, DW_OP_stack_value), !8)",
            "#dbg_value(i32 %x, !6, !DIExpression(DW_OP_constu, 3, DW_OP_minus, DW_OP_plus_uconst, 3, DW_OP_stack_value), !8)",
            "#dbg_value(i32 %x, !6, !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_plus_uconst, 4, DW_OP_stack_value), !8)",
        ];
        assert_eq!(got, want);
    }

    /// Deleting a chain: the record follows each deleted instruction to
    /// its operand, its expression growing and folding; a call cannot be
    /// described. (Again `opt-19 -passes=dce`'s output.)
    #[test]
    fn records_follow_a_deleted_chain() {
        let got = salvaged(
            r#"define void @f(i32 %x) !dbg !5 {
entry:
  %a = add i32 %x, 1
  %b = add i32 %a, 2
  %c = mul i32 %b, 1
    #dbg_value(i32 %c, !10, !DIExpression(), !12)
  %d = call i32 @g(i32 %x)
    #dbg_value(i32 %d, !10, !DIExpression(), !12)
  %l = add i32 %x, 1
    #dbg_value(i32 %l, !10, !DIExpression(DW_OP_lit0, DW_OP_plus, DW_OP_stack_value), !12)
  ret void
}
declare i32 @g(i32) nounwind willreturn memory(none)"#,
        );
        assert_eq!(
            got,
            [
                "#dbg_value(i32 %x, !6, !DIExpression(DW_OP_plus_uconst, 3, DW_OP_stack_value), !8)",
                "#dbg_value(i32 poison, !6, !DIExpression(), !8)",
                "#dbg_value(i32 %x, !6, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !8)",
            ]
        );
    }
}
