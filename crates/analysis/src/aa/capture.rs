//! Capture tracking (LLVM 19's `CaptureTracking.cpp`): may a copy of a
//! pointer outlive the function or be observed other than by accessing
//! memory through it?
//!
//! Uses are followed through GEPs, casts, phis, selects and the intrinsics
//! that return their argument; a use captures when it stores the pointer,
//! passes it to a parameter that is not `nocapture`, compares it (except
//! against `null` in the cases LLVM allows), or is anything unknown. At most
//! 100 uses are looked at (`capture-tracking-max-uses-to-explore`); more
//! count as a capture. Debug records are not uses (they are metadata in
//! LLVM).

use super::AliasAnalysis;
use crate::effects::{call_fn_has, call_memory_effects, call_param_has, intrinsic_name};
use loopwright_ir::{ConstData, Flags, Inst, Opcode, Operand, TypeData, Value};
use rustc_hash::FxHashSet;

/// LLVM's `DefaultMaxUsesToExplore`.
const MAX_USES: usize = 100;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum UseKind {
    NoCapture,
    MayCapture,
    /// The user's result carries the pointer on; its uses are followed.
    Passthrough,
}

impl AliasAnalysis<'_> {
    /// `isNonEscapingLocalObject` (cached): an identified function-local
    /// object that is not captured (returning it does not count).
    pub(crate) fn non_escaping_local(&mut self, p: Operand) -> bool {
        let Operand::Value(v) = p else { return false };
        if let Some(&r) = self.non_escaping.get(&v) {
            return r;
        }
        let r = self.identified_function_local(p) && !self.may_be_captured(v, false);
        self.non_escaping.insert(v, r);
        r
    }

    /// The uses of `v` as (user, operand index), in use-list order; debug
    /// records and metadata operands are not uses.
    fn uses_of(&self, v: Value) -> Vec<(Inst, usize)> {
        let mut out = Vec::new();
        let mut users: Vec<Inst> = Vec::new();
        for &u in self.f.uses(v) {
            if users.contains(&u) {
                continue;
            }
            users.push(u);
            let d = self.f.inst(u);
            if d.opcode.is_debug_record() {
                continue;
            }
            for (k, &o) in d.operands().iter().enumerate() {
                if o == Operand::Value(v) {
                    out.push((u, k));
                }
            }
        }
        out
    }

    /// `PointerMayBeCaptured(V, ReturnCaptures, StoreCaptures = true)`.
    pub(crate) fn may_be_captured(&self, v: Value, return_captures: bool) -> bool {
        let mut visited: FxHashSet<(Inst, usize)> = FxHashSet::default();
        let mut work: Vec<(Inst, usize)> = Vec::new();
        let add = |v: Value,
                   visited: &mut FxHashSet<(Inst, usize)>,
                   work: &mut Vec<(Inst, usize)>|
         -> bool {
            for u in self.uses_of(v) {
                if visited.len() >= MAX_USES {
                    return false;
                }
                if visited.insert(u) {
                    work.push(u);
                }
            }
            true
        };
        if !add(v, &mut visited, &mut work) {
            return true;
        }
        while let Some((user, k)) = work.pop() {
            match self.use_kind(user, k) {
                UseKind::NoCapture => {}
                UseKind::MayCapture => {
                    if self.f.inst(user).opcode == Opcode::Ret && !return_captures {
                        continue;
                    }
                    return true;
                }
                UseKind::Passthrough => {
                    let Some(r) = self.f.inst_result(user) else {
                        continue;
                    };
                    if !add(r, &mut visited, &mut work) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// `DetermineUseCaptureKind` for operand `k` of `user`.
    fn use_kind(&self, user: Inst, k: usize) -> UseKind {
        let d = self.f.inst(user);
        let volatile = d.flags.contains(Flags::VOLATILE);
        match d.opcode {
            Opcode::Call | Opcode::Invoke => {
                if call_memory_effects(self.m, d).only_reads_memory()
                    && call_fn_has(self.m, d, "nounwind")
                    && self.m.types.is_void(d.ty)
                {
                    return UseKind::NoCapture;
                }
                if self.returns_aliasing_arg(d, true) {
                    return UseKind::Passthrough;
                }
                if self.is_volatile_mem_intrinsic(d) {
                    return UseKind::MayCapture;
                }
                if k == 0 {
                    // The callee: calling a pointer does not capture it.
                    return UseKind::NoCapture;
                }
                let Some(ci) = d.call_info() else {
                    return UseKind::MayCapture;
                };
                let nargs = ci.num_args as usize;
                let data_ops = nargs + ci.bundles.iter().map(|b| b.num_ops as usize).sum::<usize>();
                let n = k - 1;
                if n < data_ops && !self.data_operand_nocapture(d, n) {
                    return UseKind::MayCapture;
                }
                UseKind::NoCapture
            }
            Opcode::Load => {
                if volatile {
                    UseKind::MayCapture
                } else {
                    UseKind::NoCapture
                }
            }
            Opcode::VAArg => UseKind::NoCapture,
            Opcode::Store => {
                if k == 0 || volatile {
                    UseKind::MayCapture
                } else {
                    UseKind::NoCapture
                }
            }
            Opcode::AtomicRmw => {
                if k == 1 || volatile {
                    UseKind::MayCapture
                } else {
                    UseKind::NoCapture
                }
            }
            Opcode::AtomicCmpXchg => {
                if k == 1 || k == 2 || volatile {
                    UseKind::MayCapture
                } else {
                    UseKind::NoCapture
                }
            }
            Opcode::GetElementPtr => {
                if matches!(self.m.types.data(d.ty), TypeData::Vector { .. }) {
                    UseKind::MayCapture
                } else {
                    UseKind::Passthrough
                }
            }
            Opcode::BitCast | Opcode::Phi | Opcode::Select | Opcode::AddrSpaceCast => {
                UseKind::Passthrough
            }
            Opcode::ICmp => {
                let ops = d.operands();
                if k > 1 {
                    return UseKind::MayCapture;
                }
                let other = ops[1 - k];
                let is_null = matches!(other, Operand::Const(c) if matches!(self.m.consts.data(c), ConstData::Null(_)));
                if is_null {
                    if self.addrspace_of(other) == 0
                        && self.is_noalias_call(self.strip_pointer_casts(ops[k], false))
                    {
                        return UseKind::NoCapture;
                    }
                    if !self.null_is_valid {
                        let o = self.strip_pointer_casts(ops[k], true);
                        if self.deref_bytes(o).0 != 0 {
                            return UseKind::NoCapture;
                        }
                    }
                }
                UseKind::MayCapture
            }
            _ => UseKind::MayCapture,
        }
    }

    /// A `memcpy`/`memmove`/`memset` (or `.inline`) marked volatile.
    fn is_volatile_mem_intrinsic(&self, d: &loopwright_ir::InstData) -> bool {
        let Some(name) = intrinsic_name(self.m, d) else {
            return false;
        };
        let is_mem = ["llvm.memcpy.", "llvm.memmove.", "llvm.memset."]
            .iter()
            .any(|p| name.starts_with(p))
            && !name.contains("element.unordered.atomic");
        is_mem
            && d.call_args()
                .get(3)
                .and_then(|&o| self.const_int(o))
                .is_some_and(|x| x & 1 == 1)
    }

    /// `dataOperandHasImpliedAttr(n, NoCapture)`: argument `n`'s
    /// `nocapture`, or a pointer in a `deopt` bundle.
    pub(crate) fn data_operand_nocapture(&self, d: &loopwright_ir::InstData, n: usize) -> bool {
        let Some(ci) = d.call_info() else {
            return false;
        };
        let nargs = ci.num_args as usize;
        if n < nargs {
            return call_param_has(self.m, d, n, "nocapture");
        }
        self.bundle_of_operand(d, n)
            .is_some_and(|tag| tag == "deopt" && self.is_pointer(d.operands()[1 + n]))
    }

    /// The tag of the operand bundle data operand `n` belongs to.
    pub(crate) fn bundle_of_operand<'d>(
        &self,
        d: &'d loopwright_ir::InstData,
        n: usize,
    ) -> Option<&'d str> {
        let ci = d.call_info()?;
        let mut at = ci.num_args as usize;
        for b in &ci.bundles {
            let end = at + b.num_ops as usize;
            if n >= at && n < end {
                return Some(&b.tag);
            }
            at = end;
        }
        None
    }
}
