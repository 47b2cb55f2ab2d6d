//! Pointers and the objects they point into: casts stripped as LLVM strips
//! them, underlying objects (`ValueTracking.cpp`), identified objects and
//! escape sources (`AliasAnalysis.cpp`), object sizes (`MemoryBuiltins.cpp`)
//! and dereferenceable bytes (`Value::getPointerDereferenceableBytes`).

use super::AliasAnalysis;
use crate::effects::{self, call_param_has, intrinsic_name};
use loopwright_ir::{
    Attr, AttrSet, ConstData, Extra, Flags, GlobalRef, Inst, InstData, Linkage, Opcode, Operand,
    Type, TypeData, TypeTable, ValueDef,
};
use smallvec::SmallVec;

/// A `getelementptr`, as an instruction or a constant expression.
pub(crate) struct GepView {
    pub source_ty: Type,
    pub flags: Flags,
    pub base: Operand,
    pub indices: SmallVec<[Operand; 4]>,
    /// The result type (a pointer, or a vector of pointers).
    pub ty: Type,
}

/// The state of one `ObjectSizeOffsetVisitor` run: instructions seen with
/// their answers so far, and how many were visited.
#[derive(Default)]
struct SizeVisit {
    seen: Vec<(Inst, Option<(u64, i64)>)>,
    visited: u32,
}

/// `getSizeWithOverflow`: the bytes left after `offset` (none when it is
/// negative or past the end).
fn size_from_offset(size: u64, offset: i64) -> u64 {
    if offset < 0 || size < offset as u64 {
        0
    } else {
        size - offset as u64
    }
}

/// `combineSizeOffset` in mode `ExactSizeFromOffset`: the first when both
/// leave the same number of bytes.
fn combine_size_offset(a: Option<(u64, i64)>, b: Option<(u64, i64)>) -> Option<(u64, i64)> {
    let (a, b) = (a?, b?);
    (size_from_offset(a.0, a.1) == size_from_offset(b.0, b.1)).then_some(a)
}

/// The allocation functions of LLVM 19's `AllocationFnData` table whose
/// result is the size of their first argument (C++'s `operator new`
/// family; `malloc` and friends are described by their `allocsize` and
/// `allockind` attributes instead), with their number of parameters.
const NEW_FNS: &[(&str, usize)] = &[
    ("_Znwj", 1),
    ("_Znwm", 1),
    ("_Znaj", 1),
    ("_Znam", 1),
    ("_ZnwjRKSt9nothrow_t", 2),
    ("_ZnwmRKSt9nothrow_t", 2),
    ("_ZnajRKSt9nothrow_t", 2),
    ("_ZnamRKSt9nothrow_t", 2),
    ("_ZnwjSt11align_val_t", 2),
    ("_ZnwmSt11align_val_t", 2),
    ("_ZnajSt11align_val_t", 2),
    ("_ZnamSt11align_val_t", 2),
    ("_ZnwjSt11align_val_tRKSt9nothrow_t", 3),
    ("_ZnwmSt11align_val_tRKSt9nothrow_t", 3),
    ("_ZnajSt11align_val_tRKSt9nothrow_t", 3),
    ("_ZnamSt11align_val_tRKSt9nothrow_t", 3),
    ("_Znwm12__hot_cold_t", 2),
    ("_ZnwmRKSt9nothrow_t12__hot_cold_t", 3),
    ("_ZnwmSt11align_val_t12__hot_cold_t", 3),
    ("_ZnwmSt11align_val_tRKSt9nothrow_t12__hot_cold_t", 4),
    ("_Znam12__hot_cold_t", 2),
    ("_ZnamRKSt9nothrow_t12__hot_cold_t", 3),
    ("_ZnamSt11align_val_t12__hot_cold_t", 3),
    ("_ZnamSt11align_val_tRKSt9nothrow_t12__hot_cold_t", 4),
];

impl AliasAnalysis<'_> {
    pub(crate) fn ty_of(&self, p: Operand) -> Type {
        self.f.operand_type(p, &self.m.consts)
    }

    /// A pointer, not a vector of pointers.
    pub(crate) fn is_pointer(&self, p: Operand) -> bool {
        matches!(p, Operand::Value(_) | Operand::Const(_)) && self.m.types.is_ptr(self.ty_of(p))
    }

    pub(crate) fn addrspace_of(&self, p: Operand) -> u32 {
        match self.m.types.data(self.ty_of(p)) {
            TypeData::Ptr(a) => *a,
            _ => 0,
        }
    }

    /// The instruction defining `p`.
    pub(crate) fn inst_of(&self, p: Operand) -> Option<Inst> {
        match p {
            Operand::Value(v) => match self.f.value_def(v) {
                ValueDef::Result(i) => Some(i),
                _ => None,
            },
            _ => None,
        }
    }

    pub(crate) fn data_of(&self, p: Operand) -> Option<&InstData> {
        self.inst_of(p).map(|i| self.f.inst(i))
    }

    /// The opcode of `p` as an LLVM `Operator`: an instruction or a constant
    /// expression.
    pub(crate) fn opcode_of(&self, p: Operand) -> Option<Opcode> {
        match p {
            Operand::Value(_) => self.data_of(p).map(|d| d.opcode),
            Operand::Const(c) => match self.m.consts.data(c) {
                ConstData::Expr(e) => Some(e.opcode),
                _ => None,
            },
            _ => None,
        }
    }

    /// Operand `k` of an instruction or constant expression.
    pub(crate) fn operand_of(&self, p: Operand, k: usize) -> Option<Operand> {
        match p {
            Operand::Value(_) => self.data_of(p)?.operands().get(k).copied(),
            Operand::Const(c) => match self.m.consts.data(c) {
                ConstData::Expr(e) => e.ops.get(k).map(|&c| Operand::Const(c)),
                _ => None,
            },
            _ => None,
        }
    }

    pub(crate) fn gep_view(&self, p: Operand) -> Option<GepView> {
        match p {
            Operand::Value(_) => {
                let d = self.data_of(p)?;
                if d.opcode != Opcode::GetElementPtr {
                    return None;
                }
                let Extra::Gep { source_ty } = d.extra else {
                    return None;
                };
                let ops = d.operands();
                Some(GepView {
                    source_ty,
                    flags: d.flags,
                    base: *ops.first()?,
                    indices: ops[1..].iter().copied().collect(),
                    ty: d.ty,
                })
            }
            Operand::Const(c) => match self.m.consts.data(c) {
                ConstData::Expr(e) if e.opcode == Opcode::GetElementPtr => Some(GepView {
                    source_ty: e.source_ty?,
                    flags: e.flags,
                    base: Operand::Const(*e.ops.first()?),
                    indices: e.ops[1..].iter().map(|&c| Operand::Const(c)).collect(),
                    ty: e.ty,
                }),
                _ => None,
            },
            _ => None,
        }
    }

    /// A global alias that is not interposable: its aliasee.
    pub(crate) fn alias_target(&self, p: Operand) -> Option<Operand> {
        let Operand::Const(c) = p else { return None };
        let ConstData::Global {
            global: GlobalRef::Alias(a),
            ..
        } = self.m.consts.data(c)
        else {
            return None;
        };
        let data = &self.m.aliases[*a];
        if data.common.linkage.is_interposable() {
            return None;
        }
        Some(Operand::Const(data.aliasee))
    }

    pub(crate) fn is_global_alias(&self, p: Operand) -> bool {
        matches!(p, Operand::Const(c) if matches!(self.m.consts.data(c), ConstData::Global { global: GlobalRef::Alias(_), .. }))
    }

    /// `undef` or `poison`.
    pub(crate) fn is_undef(&self, p: Operand) -> bool {
        matches!(p, Operand::Const(c) if matches!(self.m.consts.data(c), ConstData::Undef(_) | ConstData::Poison(_)))
    }

    /// `null` of a pointer type.
    pub(crate) fn is_null(&self, p: Operand) -> bool {
        matches!(p, Operand::Const(c) if matches!(self.m.consts.data(c), ConstData::Null(_)))
            && self.is_pointer(p)
    }

    pub(crate) fn is_constant(&self, p: Operand) -> bool {
        matches!(p, Operand::Const(_))
    }

    /// Whether null is a valid address in address space `asp` of this
    /// function (`NullPointerIsDefined`).
    pub(crate) fn null_is_defined(&self, asp: u32) -> bool {
        self.null_is_valid || asp != 0
    }

    /// The argument of call `d` with the `returned` attribute
    /// (`getReturnedArgOperand`).
    pub(crate) fn returned_arg(&self, d: &InstData) -> Option<Operand> {
        let ci = d.call_info()?;
        let args = d.call_args();
        for (k, s) in ci.param_attrs.iter().enumerate() {
            if self.m.attrs.has(*s, "returned") {
                return args.get(k).copied();
            }
        }
        (0..args.len())
            .find(|&k| call_param_has(self.m, d, k, "returned"))
            .map(|k| args[k])
    }

    /// `isIntrinsicReturningPointerAliasingArgumentWithoutCapturing`.
    pub(crate) fn returns_aliasing_arg(&self, d: &InstData, must_preserve_nullness: bool) -> bool {
        if !d.opcode.is_call_like() {
            return false;
        }
        let Some(name) = intrinsic_name(self.m, d) else {
            return false;
        };
        let base = |b: &str| {
            name.strip_prefix("llvm.")
                .and_then(|r| r.strip_prefix(b))
                .is_some_and(|t| t.is_empty() || t.starts_with('.'))
        };
        if base("launder.invariant.group")
            || base("strip.invariant.group")
            || base("aarch64.irg")
            || base("aarch64.tagp")
            || base("amdgcn.make.buffer.rsrc")
        {
            return true;
        }
        if base("ptrmask") {
            return !must_preserve_nullness;
        }
        // Not in a pre-split coroutine: the thread may change at a suspend.
        base("threadlocal.address") && !self.m.attrs.has(self.f.fn_attrs, "presplitcoroutine")
    }

    /// `getArgumentAliasingToReturnedPointer`.
    pub(crate) fn arg_aliasing_return(
        &self,
        d: &InstData,
        must_preserve_nullness: bool,
    ) -> Option<Operand> {
        if !d.opcode.is_call_like() {
            return None;
        }
        if let Some(r) = self.returned_arg(d) {
            return Some(r);
        }
        if self.returns_aliasing_arg(d, must_preserve_nullness) {
            return d.call_args().first().copied();
        }
        None
    }

    /// The pointer operand of a `bitcast` or `addrspacecast` (instruction or
    /// constant expression) whose operand is a pointer.
    fn pointer_cast_operand(&self, p: Operand, addrspace: bool) -> Option<Operand> {
        let op = self.opcode_of(p)?;
        if op == Opcode::BitCast || (addrspace && op == Opcode::AddrSpaceCast) {
            let src = self.operand_of(p, 0)?;
            if self.is_pointer(src) {
                return Some(src);
            }
        }
        None
    }

    /// `Value::stripPointerCastsForAliasAnalysis`: casts, all-zero GEPs,
    /// single-entry phis, `returned` arguments and the invariant-group
    /// intrinsics.
    pub(crate) fn strip_for_aa(&self, p: Operand) -> Operand {
        if let Some(&r) = self.memo.borrow().stripped.get(&p) {
            return r;
        }
        let r = self.strip_for_aa_uncached(p);
        self.memo.borrow_mut().stripped.insert(p, r);
        r
    }

    fn strip_for_aa_uncached(&self, mut p: Operand) -> Operand {
        if !self.is_pointer(p) {
            return p;
        }
        let mut seen: SmallVec<[Operand; 8]> = SmallVec::new();
        seen.push(p);
        loop {
            let next = if let Some(g) = self.gep_view(p) {
                if !self.all_zero_indices(&g) {
                    return p;
                }
                g.base
            } else if let Some(src) = self.pointer_cast_operand(p, true) {
                src
            } else if let Some(d) = self.data_of(p) {
                match d.opcode {
                    Opcode::Phi if d.operands().len() == 2 => d.operands()[0],
                    Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                        if let Some(r) = self.returned_arg(d) {
                            r
                        } else if intrinsic_name(self.m, d).is_some_and(|n| {
                            n.starts_with("llvm.launder.invariant.group")
                                || n.starts_with("llvm.strip.invariant.group")
                        }) {
                            match d.call_args().first() {
                                Some(&a) => a,
                                None => return p,
                            }
                        } else {
                            return p;
                        }
                    }
                    _ => return p,
                }
            } else {
                return p;
            };
            if !self.is_pointer(next) || seen.contains(&next) || seen.len() > 64 {
                return if self.is_pointer(next) { next } else { p };
            }
            seen.push(next);
            p = next;
        }
    }

    /// `Value::stripPointerCasts` (`same_repr`: and not through
    /// `addrspacecast`, `stripPointerCastsSameRepresentation`).
    pub(crate) fn strip_pointer_casts(&self, mut p: Operand, same_repr: bool) -> Operand {
        let mut n = 0;
        while n < 64 && self.is_pointer(p) {
            n += 1;
            let next = if let Some(g) = self.gep_view(p) {
                if !self.all_zero_indices(&g) {
                    return p;
                }
                g.base
            } else if let Some(src) = self.pointer_cast_operand(p, !same_repr) {
                src
            } else if let Some(r) = self.data_of(p).and_then(|d| {
                if d.opcode.is_call_like() {
                    self.returned_arg(d)
                } else {
                    None
                }
            }) {
                r
            } else {
                return p;
            };
            if !self.is_pointer(next) {
                return p;
            }
            p = next;
        }
        p
    }

    fn all_zero_indices(&self, g: &GepView) -> bool {
        g.indices.iter().all(|&i| match i {
            Operand::Const(c) => {
                matches!(
                    self.m.consts.data(c),
                    ConstData::Int { val, .. } if val.is_zero()
                ) || matches!(self.m.consts.data(c), ConstData::Zero(_))
            }
            _ => false,
        })
    }

    /// `getUnderlyingObject(V, MaxLookup)`.
    pub(crate) fn underlying(&self, p: Operand, max_lookup: u32) -> Operand {
        if max_lookup != 6 {
            return self.underlying_uncached(p, max_lookup);
        }
        if let Some(&r) = self.memo.borrow().underlying.get(&p) {
            return r;
        }
        let r = self.underlying_uncached(p, max_lookup);
        self.memo.borrow_mut().underlying.insert(p, r);
        r
    }

    fn underlying_uncached(&self, mut p: Operand, max_lookup: u32) -> Operand {
        if !self.is_pointer(p) {
            return p;
        }
        let mut count = 0;
        while max_lookup == 0 || count < max_lookup {
            count += 1;
            if let Some(g) = self.gep_view(p) {
                p = g.base;
            } else if let Some(op) = self
                .opcode_of(p)
                .filter(|o| matches!(o, Opcode::BitCast | Opcode::AddrSpaceCast))
            {
                let _ = op;
                match self.operand_of(p, 0) {
                    Some(src) if self.is_pointer(src) => p = src,
                    _ => return p,
                }
            } else if self.is_global_alias(p) {
                match self.alias_target(p) {
                    Some(t) => p = t,
                    None => return p,
                }
            } else if let Some(d) = self.data_of(p) {
                match d.opcode {
                    Opcode::Phi if d.operands().len() == 2 => p = d.operands()[0],
                    Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                        match self.arg_aliasing_return(d, false) {
                            Some(r) => p = r,
                            None => return p,
                        }
                    }
                    _ => return p,
                }
            } else {
                return p;
            }
            if !self.is_pointer(p) {
                return p;
            }
        }
        p
    }

    /// `getUnderlyingObjects` without loop information: through phis and
    /// selects too.
    pub(crate) fn underlying_all(&self, p: Operand) -> Vec<Operand> {
        self.underlying_all_in_loops(p, None)
    }

    /// `getUnderlyingObjects` with an optional `LoopInfo`.
    pub(crate) fn underlying_all_in_loops(
        &self,
        p: Operand,
        lf: Option<&crate::loops::LoopForest>,
    ) -> Vec<Operand> {
        let mut out = Vec::new();
        let mut seen: Vec<Operand> = Vec::new();
        let mut work = vec![p];
        while let Some(x) = work.pop() {
            let o = self.underlying(x, 6);
            if seen.contains(&o) {
                continue;
            }
            seen.push(o);
            if seen.len() > 1024 {
                // Far past anything real code has: give the value itself.
                return vec![p];
            }
            match self.data_of(o).map(|d| d.opcode) {
                Some(Opcode::Select) => {
                    let ops = self
                        .data_of(o)
                        .map(|d| d.operands().to_vec())
                        .unwrap_or_default();
                    work.push(ops[1]);
                    work.push(ops[2]);
                }
                Some(Opcode::Phi) if lf.is_some_and(|lf| !self.same_object_in_loop(o, lf)) => {
                    out.push(o)
                }
                Some(Opcode::Phi) => {
                    let ops = self
                        .data_of(o)
                        .map(|d| d.operands().to_vec())
                        .unwrap_or_default();
                    work.extend(ops.iter().step_by(2).copied());
                }
                _ => out.push(o),
            }
        }
        out
    }

    /// `isSameUnderlyingObjectInLoop` (true for a phi that is no loop
    /// header's): false when the value from the previous iteration is
    /// loaded in the loop through a varying pointer.
    fn same_object_in_loop(&self, phi: Operand, lf: &crate::loops::LoopForest) -> bool {
        let Some(i) = self.inst_of(phi) else {
            return true;
        };
        let Some(b) = self.f.layout.inst_block(i) else {
            return true;
        };
        let Some(l) = lf.loop_for(b) else { return true };
        if lf.header(l) != b {
            return true;
        }
        let d = self.f.inst(i);
        let ops = d.operands();
        if ops.len() != 4 {
            return true;
        }
        let in_loop = |o: Operand| {
            self.inst_of(o)
                .and_then(|x| self.f.layout.inst_block(x))
                .is_some_and(|xb| lf.loop_for(xb) == Some(l))
        };
        let prev = if in_loop(ops[0]) {
            ops[0]
        } else if in_loop(ops[2]) {
            ops[2]
        } else {
            return true;
        };
        match self.data_of(prev) {
            Some(pd) if pd.opcode == Opcode::Load => lf.is_invariant(self.f, l, pd.operands()[0]),
            _ => true,
        }
    }

    fn param_attrs(&self, p: Operand) -> Option<AttrSet> {
        let Operand::Value(v) = p else { return None };
        match self.f.value_def(v) {
            ValueDef::Param(i) => self.f.param_attrs.get(i as usize).copied(),
            _ => None,
        }
    }

    pub(crate) fn is_argument(&self, p: Operand) -> bool {
        matches!(p, Operand::Value(v) if matches!(self.f.value_def(v), ValueDef::Param(_)))
    }

    pub(crate) fn arg_has(&self, p: Operand, name: &str) -> bool {
        self.param_attrs(p)
            .is_some_and(|s| self.m.attrs.has(s, name))
    }

    /// The type of a `byval`/`inalloca`/`preallocated` argument's pointee
    /// (`getPassPointeeByValueCopyType`).
    fn by_value_copy_type(&self, p: Operand) -> Option<Type> {
        let s = self.param_attrs(p)?;
        self.m.attrs.get(s).iter().find_map(|a| match a {
            Attr::Type(k, t) if matches!(&**k, "byval" | "inalloca" | "preallocated") => Some(*t),
            _ => None,
        })
    }

    /// `isNoAliasCall`: a call whose result is `noalias`.
    pub(crate) fn is_noalias_call(&self, p: Operand) -> bool {
        let Some(d) = self.data_of(p) else {
            return false;
        };
        let Some(ci) = d.call_info() else {
            return false;
        };
        if self.m.attrs.has(ci.ret_attrs, "noalias") {
            return true;
        }
        self.m
            .called_function(d)
            .is_some_and(|f| self.m.attrs.has(self.m.functions[f].ret_attrs, "noalias"))
    }

    fn is_noalias_or_byval_arg(&self, p: Operand) -> bool {
        self.is_argument(p)
            && self.is_pointer(p)
            && (self.arg_has(p, "noalias") || self.arg_has(p, "byval"))
    }

    /// `isIdentifiedObject`.
    pub(crate) fn identified_object(&self, p: Operand) -> bool {
        if self.data_of(p).is_some_and(|d| d.opcode == Opcode::Alloca) {
            return true;
        }
        if let Operand::Const(c) = p {
            if let ConstData::Global { global, .. } = self.m.consts.data(c) {
                return !matches!(global, GlobalRef::Alias(_));
            }
        }
        self.is_noalias_call(p) || self.is_noalias_or_byval_arg(p)
    }

    /// `isIdentifiedFunctionLocal`.
    pub(crate) fn identified_function_local(&self, p: Operand) -> bool {
        self.data_of(p).is_some_and(|d| d.opcode == Opcode::Alloca)
            || self.is_noalias_call(p)
            || self.is_noalias_or_byval_arg(p)
    }

    /// `isEscapeSource`: a call (other than the intrinsics returning an
    /// argument), a load, or an `inttoptr`.
    pub(crate) fn is_escape_source(&self, p: Operand) -> bool {
        if let Some(d) = self.data_of(p) {
            return match d.opcode {
                Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                    !self.returns_aliasing_arg(d, true)
                }
                Opcode::Load | Opcode::IntToPtr => true,
                _ => false,
            };
        }
        self.opcode_of(p) == Some(Opcode::IntToPtr)
    }

    fn is_static_alloca(&self, i: Inst) -> bool {
        let d = self.f.inst(i);
        let Extra::Alloca(info) = &d.extra else {
            return false;
        };
        if info.inalloca {
            return false;
        }
        let in_entry = self.f.layout.inst_block(i) == self.f.layout.entry_block();
        in_entry
            && matches!(d.operands().first(), Some(Operand::Const(_)))
            && self.const_int(d.operands()[0]).is_some()
    }

    pub(crate) fn is_dynamic_alloca(&self, p: Operand) -> bool {
        self.inst_of(p)
            .is_some_and(|i| self.f.inst(i).opcode == Opcode::Alloca && !self.is_static_alloca(i))
    }

    /// The value of an integer constant (up to 128 bits), zero-extended.
    pub(crate) fn const_int(&self, o: Operand) -> Option<u128> {
        let Operand::Const(c) = o else { return None };
        match self.m.consts.data(c) {
            ConstData::Int { val, .. } => {
                if val.bits() > 128 {
                    return None;
                }
                let w = val.words();
                Some(u128::from(w[0]) | (u128::from(w.get(1).copied().unwrap_or(0)) << 64))
            }
            _ => None,
        }
    }

    fn round_to(&self, size: u64, align: Option<u64>, round: bool) -> u64 {
        match align {
            Some(a) if round && a > 1 => size.div_ceil(a).saturating_mul(a),
            _ => size,
        }
    }

    /// `getObjectSize` of pointer `p` (with `RoundToAlign` when `round`):
    /// the bytes from `p` to the end of its object, as
    /// `ObjectSizeOffsetVisitor` (mode `ExactSizeFromOffset`, no alias
    /// analysis for loads) finds them: constant GEP offsets, casts,
    /// `returned` arguments and the invariant-group intrinsics are looked
    /// through, and a phi or select has a size when every incoming value
    /// leaves the same number of bytes (at most 100 instructions visited).
    pub(crate) fn object_size(&self, p: Operand, round: bool) -> Option<u64> {
        let mut st = SizeVisit::default();
        let (size, offset) = self.size_offset(p, round, &mut st)?;
        Some(size_from_offset(size, offset))
    }

    /// `ObjectSizeOffsetVisitor::computeImpl`: (size, offset) of `p`.
    fn size_offset(&self, p: Operand, round: bool, st: &mut SizeVisit) -> Option<(u64, i64)> {
        let (base, offset) = self.strip_and_accumulate(p)?;
        let (size, o) = self.size_offset_value(base, round, st)?;
        Some((size, o.wrapping_add(offset)))
    }

    /// `Value::stripAndAccumulateConstantOffsets(AllowNonInbounds,
    /// AllowInvariantGroup)`: `p` without constant-offset GEPs, pointer
    /// casts, non-interposable aliases, `returned` arguments and
    /// `launder`/`strip.invariant.group`, with the bytes the GEPs add.
    fn strip_and_accumulate(&self, mut p: Operand) -> Option<(Operand, i64)> {
        let mut offset = 0i64;
        let mut seen: SmallVec<[Operand; 8]> = SmallVec::new();
        loop {
            if seen.contains(&p) {
                return Some((p, offset));
            }
            seen.push(p);
            if let Some(g) = self.gep_view(p) {
                match self.gep_constant_offset(&g) {
                    Some(o) => {
                        offset = offset.wrapping_add(o);
                        p = g.base;
                        continue;
                    }
                    None => return Some((p, offset)),
                }
            }
            if let Some(src) = self.pointer_cast_operand(p, true) {
                p = src;
                continue;
            }
            if self.is_global_alias(p) {
                match self.alias_target(p) {
                    Some(t) => {
                        p = t;
                        continue;
                    }
                    None => return Some((p, offset)),
                }
            }
            if let Some(d) = self.data_of(p).filter(|d| d.opcode.is_call_like()) {
                let mut next = self.returned_arg(d);
                if let Some(name) = intrinsic_name(self.m, d) {
                    if ["llvm.launder.invariant.group", "llvm.strip.invariant.group"]
                        .iter()
                        .any(|b| {
                            name.strip_prefix(b)
                                .is_some_and(|t| t.is_empty() || t.starts_with('.'))
                        })
                    {
                        next = d.call_args().first().copied();
                    }
                }
                if let Some(n) = next {
                    p = n;
                    continue;
                }
            }
            return Some((p, offset));
        }
    }

    /// `GEPOperator::accumulateConstantOffset`: the bytes a GEP with
    /// constant indices adds (wrapping at 64 bits).
    fn gep_constant_offset(&self, g: &GepView) -> Option<i64> {
        let tt = &self.m.types;
        let mut offset = 0i64;
        let mut cur = g.source_ty;
        for (k, &idx) in g.indices.iter().enumerate() {
            let stride_ty = if k == 0 {
                cur
            } else {
                match tt.data(cur) {
                    TypeData::Struct { .. } | TypeData::Named(_) => {
                        let field = usize::try_from(self.const_int(idx)?).ok()?;
                        let off = self.dl.field_offset(tt, cur, field)?;
                        offset = offset.wrapping_add(off as i64);
                        cur = tt.aggregate_elem(cur, field as u64)?;
                        continue;
                    }
                    TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                    _ => return None,
                }
            };
            if is_scalable(tt, stride_ty) {
                return None;
            }
            let bits = self.int_bits(idx)?;
            let c = crate::scev::CInt::new(bits, self.const_int(idx)?).sext_or_trunc(64);
            let stride = self.dl.alloc_size(tt, stride_ty) as i64;
            offset = offset.wrapping_add((c.u() as u64 as i64).wrapping_mul(stride));
            cur = stride_ty;
        }
        Some(offset)
    }

    /// `ObjectSizeOffsetVisitor::computeValue` of a stripped pointer.
    fn size_offset_value(&self, v: Operand, round: bool, st: &mut SizeVisit) -> Option<(u64, i64)> {
        let Some(i) = self.inst_of(v) else {
            return self.base_object_size(v, round).map(|s| (s, 0));
        };
        // A cycle (in unreachable code) or a revisit: the answer so far.
        if let Some(r) = st.seen.iter().find(|(k, _)| *k == i) {
            return r.1;
        }
        st.seen.push((i, None));
        st.visited += 1;
        if st.visited > 100 {
            return None;
        }
        let d = self.f.inst(i);
        let r = match d.opcode {
            Opcode::Phi => {
                let incoming: SmallVec<[Operand; 4]> =
                    d.operands().iter().step_by(2).copied().collect();
                let mut acc: Option<(u64, i64)> = None;
                let mut first = true;
                for inc in incoming {
                    let r = self.size_offset(inc, round, st);
                    acc = if first {
                        r
                    } else {
                        combine_size_offset(acc, r)
                    };
                    first = false;
                }
                acc
            }
            Opcode::Select => {
                let (t, f) = (d.operands()[1], d.operands()[2]);
                let a = self.size_offset(t, round, st);
                let b = self.size_offset(f, round, st);
                combine_size_offset(a, b)
            }
            _ => self.base_object_size(v, round).map(|s| (s, 0)),
        };
        if let Some(e) = st.seen.iter_mut().find(|(k, _)| *k == i) {
            e.1 = r;
        }
        r
    }

    /// The size of the object `o` is (an alloca, an allocation call, a
    /// `byval` argument, a global, null or undef), when known.
    fn base_object_size(&self, o: Operand, round: bool) -> Option<u64> {
        let tt = &self.m.types;
        if let Some(d) = self.data_of(o) {
            match d.opcode {
                Opcode::Alloca => {
                    let Extra::Alloca(a) = &d.extra else {
                        return None;
                    };
                    if !tt.is_sized(a.allocated_ty) || is_scalable(tt, a.allocated_ty) {
                        return None;
                    }
                    let elem = self.dl.alloc_size(tt, a.allocated_ty);
                    let n = self.const_int(*d.operands().first()?)?;
                    let n = u64::try_from(n).ok()?;
                    let size = elem.checked_mul(n)?;
                    let align = a
                        .align
                        .or_else(|| Some(self.dl.abi_align(tt, a.allocated_ty)));
                    return Some(self.round_to(size, align, round));
                }
                Opcode::Call | Opcode::Invoke => return self.alloc_size(d),
                _ => return None,
            }
        }
        if self.is_argument(o) {
            let t = self.by_value_copy_type(o)?;
            let size = self.dl.alloc_size(tt, t);
            let align = self.param_attrs(o).and_then(|s| {
                self.m.attrs.get(s).iter().find_map(|a| match a {
                    Attr::Int(k, n) if &**k == "align" => Some(*n),
                    _ => None,
                })
            });
            return Some(self.round_to(size, align, round));
        }
        if let Operand::Const(c) = o {
            match self.m.consts.data(c) {
                ConstData::Global {
                    global: GlobalRef::Var(g),
                    ..
                } => {
                    let gv = &self.m.globals[*g];
                    if !tt.is_sized(gv.value_ty)
                        || gv.common.linkage == Linkage::ExternWeak
                        || gv.init.is_none()
                        || gv.common.linkage.is_interposable()
                    {
                        return None;
                    }
                    let size = self.dl.alloc_size(tt, gv.value_ty);
                    return Some(self.round_to(size, gv.common.align, round));
                }
                ConstData::Global {
                    global: GlobalRef::Alias(_),
                    ..
                } => {
                    let t = self.alias_target(o)?;
                    let mut st = SizeVisit::default();
                    let (size, offset) = self.size_offset(t, round, &mut st)?;
                    return Some(size_from_offset(size, offset));
                }
                ConstData::Null(_) if !self.null_is_valid && self.addrspace_of(o) == 0 => {
                    return Some(0)
                }
                ConstData::Undef(_) | ConstData::Poison(_) => return Some(0),
                _ => {}
            }
        }
        None
    }

    /// The `operator new` of [`NEW_FNS`] a call calls (as a library
    /// function: not `nobuiltin`, with its prototype).
    fn new_fn(&self, d: &InstData) -> Option<&'static (&'static str, usize)> {
        if self.is_nobuiltin(d) || !self.m.types.is_ptr(d.ty) {
            return None;
        }
        let f = self.m.called_function(d)?;
        let name = self.m.functions[f].name()?;
        NEW_FNS
            .iter()
            .find(|(n, k)| *n == name && *k == d.call_args().len())
    }

    /// The constant size a call allocates (`getAllocSize`): an `operator
    /// new`'s argument, or the callee's `allocsize` attribute.
    fn alloc_size(&self, d: &InstData) -> Option<u64> {
        let args = d.call_args();
        let arg =
            |k: u8| -> Option<u64> { u64::try_from(self.const_int(*args.get(k as usize)?)?).ok() };
        if self.new_fn(d).is_some() {
            return arg(0);
        }
        let f = self.m.called_function(d)?;
        let text = self
            .m
            .attrs
            .get(self.m.functions[f].fn_attrs)
            .iter()
            .find_map(|a| match a {
                Attr::Raw(k, v) if &**k == "allocsize" => Some(v.to_string()),
                _ => None,
            })?;
        let mut it = text.split(',').map(|x| x.trim().parse::<u8>().ok());
        let size = arg(it.next()??)?;
        match it.next() {
            None => Some(size),
            Some(b) => size.checked_mul(arg(b?)?),
        }
    }

    /// `CallBase::isNoBuiltin`: `nobuiltin` on the call or the callee, and
    /// `builtin` on neither.
    pub(crate) fn is_nobuiltin(&self, d: &InstData) -> bool {
        let callee = self
            .m
            .called_function(d)
            .map(|f| self.m.functions[f].fn_attrs);
        let has = |name: &str| {
            self.m.attrs.has(ci_fn_attrs(d), name)
                || callee.is_some_and(|s| self.m.attrs.has(s, name))
        };
        has("nobuiltin") && !has("builtin")
    }

    /// `isMallocOrCallocLikeFn`: in LLVM 19, the `operator new` family
    /// only.
    pub(crate) fn is_malloc_or_calloc_like(&self, d: &InstData) -> bool {
        self.new_fn(d).is_some()
    }

    fn attr_int_of(&self, s: AttrSet, name: &str) -> u64 {
        self.m
            .attrs
            .get(s)
            .iter()
            .find_map(|a| match a {
                Attr::Int(k, n) if &**k == name => Some(*n),
                _ => None,
            })
            .unwrap_or(0)
    }

    fn md_int(&self, d: &InstData, kind: Option<loopwright_ir::MdKind>) -> u64 {
        let Some(n) = kind.and_then(|k| d.md.get(k)) else {
            return 0;
        };
        match self
            .m
            .md
            .tuple_ops(n)
            .and_then(|o| o.first().copied().flatten())
        {
            Some(loopwright_ir::Md::Const(c)) => self
                .const_int(Operand::Const(c))
                .map_or(0, |x| u64::try_from(x).unwrap_or(u64::MAX)),
            _ => 0,
        }
    }

    /// `getPointerDereferenceableBytes`: (bytes, whether the pointer may be
    /// null).
    pub(crate) fn deref_bytes(&self, p: Operand) -> (u64, bool) {
        let tt = &self.m.types;
        if let Some(s) = self.param_attrs(p) {
            let mut n = self.attr_int_of(s, "dereferenceable");
            if n == 0 {
                let copied = self.m.attrs.get(s).iter().find_map(|a| match a {
                    Attr::Type(k, t)
                        if matches!(&**k, "byval" | "byref" | "inalloca" | "preallocated") =>
                    {
                        Some(*t)
                    }
                    _ => None,
                });
                if let Some(t) = copied.filter(|&t| tt.is_sized(t)) {
                    n = self.dl.store_size(tt, t);
                }
            }
            if n == 0 {
                return (self.attr_int_of(s, "dereferenceable_or_null"), true);
            }
            return (n, false);
        }
        if let Some(d) = self.data_of(p) {
            match d.opcode {
                Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                    let ci = d.call_info().expect("call");
                    let callee_ret = self
                        .m
                        .called_function(d)
                        .map(|f| self.m.functions[f].ret_attrs);
                    let get = |name: &str| {
                        let n = self.attr_int_of(ci.ret_attrs, name);
                        if n != 0 {
                            return n;
                        }
                        callee_ret.map_or(0, |s| self.attr_int_of(s, name))
                    };
                    let n = get("dereferenceable");
                    if n != 0 {
                        return (n, false);
                    }
                    return (get("dereferenceable_or_null"), true);
                }
                Opcode::Load | Opcode::IntToPtr => {
                    let n = self.md_int(d, self.kinds.deref);
                    if n != 0 {
                        return (n, false);
                    }
                    return (self.md_int(d, self.kinds.deref_or_null), true);
                }
                Opcode::Alloca => {
                    let Extra::Alloca(a) = &d.extra else {
                        return (0, false);
                    };
                    let array = d
                        .operands()
                        .first()
                        .and_then(|&o| self.const_int(o))
                        .is_none_or(|n| n != 1);
                    if array || is_scalable(tt, a.allocated_ty) {
                        return (0, false);
                    }
                    return (self.dl.store_size(tt, a.allocated_ty), false);
                }
                _ => return (0, false),
            }
        }
        if let Operand::Const(c) = p {
            if let ConstData::Global {
                global: GlobalRef::Var(g),
                ..
            } = self.m.consts.data(c)
            {
                let gv = &self.m.globals[*g];
                if tt.is_sized(gv.value_ty) && gv.common.linkage != Linkage::ExternWeak {
                    return (self.dl.store_size(tt, gv.value_ty), false);
                }
            }
        }
        (0, false)
    }

    /// The `getForArgument`-style size of `effects`' intrinsic parameter
    /// data, exposed for [`super::modref`].
    pub(crate) fn intrinsic(&self, d: &InstData) -> Option<&str> {
        if d.opcode == Opcode::Call {
            intrinsic_name(self.m, d)
        } else {
            None
        }
    }

    /// The name of the function a call calls directly.
    pub(crate) fn callee_name(&self, d: &InstData) -> Option<&str> {
        effects::callee_name(self.m, d)
    }
}

fn ci_fn_attrs(d: &InstData) -> AttrSet {
    d.call_info().map_or(AttrSet::EMPTY, |c| c.fn_attrs)
}

/// A scalable vector, or an aggregate containing one.
pub(crate) fn is_scalable(tt: &TypeTable, t: Type) -> bool {
    match tt.data(t) {
        TypeData::Vector { scalable, .. } => *scalable,
        TypeData::Array { elem, .. } => is_scalable(tt, *elem),
        TypeData::Struct { elems, .. } => elems.iter().any(|&e| is_scalable(tt, e)),
        TypeData::Named(s) => tt
            .struct_data(*s)
            .body
            .as_ref()
            .is_some_and(|b| b.elems.iter().any(|&e| is_scalable(tt, e))),
        _ => false,
    }
}
