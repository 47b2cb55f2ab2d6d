//! Mod/ref: what an instruction may do to a memory location, and what one
//! call may do to the memory another accesses (LLVM 19's
//! `AliasAnalysis.cpp` `getModRefInfo` family over the default stack, with
//! BasicAA's `getModRefInfo` for calls, `getModRefInfoMask` for constant
//! memory, and `MemoryLocation::get`/`getForArgument`).

use super::{AaTags, AliasAnalysis, AliasResult, LocationSize, MemoryLocation};
use crate::effects::{call_memory_effects, call_param_has, MemLoc, MemoryEffects, ModRefInfo};
use loopwright_ir::{
    ConstData, Extra, GlobalRef, Inst, InstData, MdKind, Opcode, Operand, Ordering, TailKind,
};

/// Stronger than `unordered`.
fn stronger_than_unordered(o: Ordering) -> bool {
    o != Ordering::Unordered
}

/// Stronger than `monotonic`.
fn stronger_than_monotonic(o: Ordering) -> bool {
    !matches!(o, Ordering::Unordered | Ordering::Monotonic)
}

impl AliasAnalysis<'_> {
    /// The alias-analysis metadata of an instruction (`getAAMetadata`).
    pub(crate) fn tags_of(&self, d: &InstData) -> AaTags {
        let get = |k: Option<MdKind>| k.and_then(|k| d.md.get(k));
        AaTags {
            tbaa: get(self.kinds.tbaa),
            tbaa_struct: get(self.kinds.tbaa_struct),
            scope: d.md.get(MdKind::ALIAS_SCOPE),
            noalias: d.md.get(MdKind::NOALIAS),
        }
    }

    /// The store size of a type as a location size (scalable types have no
    /// known size here).
    pub(crate) fn type_size(&self, t: loopwright_ir::Type) -> LocationSize {
        if super::objects::is_scalable(&self.m.types, t) {
            return LocationSize::BeforeOrAfterPointer;
        }
        LocationSize::precise(self.dl.store_size(&self.m.types, t))
    }

    /// `MemoryLocation::get` of a load, store, `va_arg`, `cmpxchg` or
    /// `atomicrmw`.
    pub(crate) fn memory_location_of(&self, i: Inst) -> Option<MemoryLocation> {
        let d = self.f.inst(i);
        let ops = d.operands();
        let (ptr, size) = match d.opcode {
            Opcode::Load => (ops[0], self.type_size(d.ty)),
            Opcode::Store => (ops[1], self.type_size(self.ty_of(ops[0]))),
            Opcode::VAArg => (ops[0], LocationSize::AfterPointer),
            Opcode::AtomicCmpXchg => (ops[0], self.type_size(self.ty_of(ops[1]))),
            Opcode::AtomicRmw => (ops[0], self.type_size(self.ty_of(ops[1]))),
            _ => return None,
        };
        Some(MemoryLocation {
            ptr,
            size,
            tags: self.tags_of(d),
        })
    }

    /// `AAResults::getModRefInfo(I, OptLoc)`.
    pub(crate) fn mod_ref_inst_loc(&mut self, i: Inst, loc: Option<&MemoryLocation>) -> ModRefInfo {
        let d = self.f.inst(i);
        let Some(loc) = loc else {
            if d.opcode.is_call_like() {
                return self.call_memory_effects_aa(i).mod_ref();
            }
            return ModRefInfo::ModRef;
        };
        let no_alias =
            |s: &mut Self, own: MemoryLocation| s.aa_alias(&own, loc) == AliasResult::NoAlias;
        match d.opcode {
            Opcode::VAArg => {
                let own = self.memory_location_of(i).expect("va_arg");
                if no_alias(self, own) {
                    return ModRefInfo::NoModRef;
                }
                self.mod_ref_mask(loc)
            }
            Opcode::Load => {
                if let Extra::Mem {
                    atomic: Some(a), ..
                } = &d.extra
                {
                    if stronger_than_unordered(a.ordering) {
                        return ModRefInfo::ModRef;
                    }
                }
                let own = self.memory_location_of(i).expect("load");
                if no_alias(self, own) {
                    return ModRefInfo::NoModRef;
                }
                ModRefInfo::Ref
            }
            Opcode::Store => {
                if let Extra::Mem {
                    atomic: Some(a), ..
                } = &d.extra
                {
                    if stronger_than_unordered(a.ordering) {
                        return ModRefInfo::ModRef;
                    }
                }
                let own = self.memory_location_of(i).expect("store");
                if no_alias(self, own) {
                    return ModRefInfo::NoModRef;
                }
                if !self.mod_ref_mask(loc).is_mod() {
                    return ModRefInfo::NoModRef;
                }
                ModRefInfo::Mod
            }
            Opcode::Fence | Opcode::CatchPad | Opcode::CatchRet => self.mod_ref_mask(loc),
            Opcode::AtomicCmpXchg => {
                if let Extra::CmpXchg(x) = &d.extra {
                    if stronger_than_monotonic(x.success) {
                        return ModRefInfo::ModRef;
                    }
                }
                let own = self.memory_location_of(i).expect("cmpxchg");
                if no_alias(self, own) {
                    return ModRefInfo::NoModRef;
                }
                ModRefInfo::ModRef
            }
            Opcode::AtomicRmw => {
                if let Extra::Rmw(r) = &d.extra {
                    if stronger_than_monotonic(r.atomic.ordering) {
                        return ModRefInfo::ModRef;
                    }
                }
                let own = self.memory_location_of(i).expect("atomicrmw");
                if no_alias(self, own) {
                    return ModRefInfo::NoModRef;
                }
                ModRefInfo::ModRef
            }
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => self.mod_ref_call_loc(i, loc),
            _ => ModRefInfo::NoModRef,
        }
    }

    fn is_intrinsic(&self, d: &InstData, base: &str) -> bool {
        self.intrinsic(d).is_some_and(|n| {
            n.strip_prefix("llvm.")
                .and_then(|r| r.strip_prefix(base))
                .is_some_and(|t| t.is_empty() || t.starts_with('.'))
        })
    }

    /// `AAResults::getMemoryEffects(Call)`: BasicAA's (the call's and the
    /// callee's attributes) met with TBAA's (an immutable `!tbaa` on the
    /// call accesses nothing observable).
    pub(crate) fn call_memory_effects_aa(&mut self, call: Inst) -> MemoryEffects {
        let d = self.f.inst(call);
        let mut me = call_memory_effects(self.m, d);
        if self.is_intrinsic(d, "experimental.guard")
            || self.is_intrinsic(d, "experimental.deoptimize")
        {
            let callee = MemoryEffects::read_only().union(MemoryEffects::only(
                MemLoc::InaccessibleMem,
                ModRefInfo::ModRef,
            ));
            let site = d.call_info().map_or(MemoryEffects::UNKNOWN, |c| {
                crate::effects::attr_memory_effects(self.m, c.fn_attrs)
            });
            me = site.intersect(callee);
        }
        if let Some(t) = self.kinds.tbaa.and_then(|k| d.md.get(k)) {
            if self.tbaa_immutable(t) {
                return MemoryEffects::NONE;
            }
        }
        me
    }

    /// `getArgModRefInfo`: from the parameter's `writeonly`, `readonly` or
    /// `readnone`.
    fn arg_mod_ref(&self, d: &InstData, idx: usize) -> ModRefInfo {
        if call_param_has(self.m, d, idx, "writeonly") {
            return ModRefInfo::Mod;
        }
        if call_param_has(self.m, d, idx, "readonly") {
            return ModRefInfo::Ref;
        }
        if call_param_has(self.m, d, idx, "readnone") {
            return ModRefInfo::NoModRef;
        }
        ModRefInfo::ModRef
    }

    /// `getModRefInfoMask`: `Ref` at most for memory that cannot change
    /// while the function runs (constant globals, `noalias readonly`
    /// arguments), or an immutable `!tbaa` type.
    pub(crate) fn mod_ref_mask(&mut self, loc: &MemoryLocation) -> ModRefInfo {
        let basic = self.basic_mod_ref_mask(loc.ptr);
        if basic == ModRefInfo::NoModRef {
            return basic;
        }
        if let Some(t) = loc.tags.tbaa {
            if self.tbaa_immutable(t) {
                return ModRefInfo::NoModRef;
            }
        }
        basic
    }

    fn basic_mod_ref_mask(&self, ptr: Operand) -> ModRefInfo {
        let mut lookups = 8u32;
        let mut work = vec![ptr];
        let mut visited: Vec<Operand> = Vec::new();
        let mut result = ModRefInfo::NoModRef;
        while let Some(p) = work.pop() {
            let v = self.underlying(p, 6);
            if !visited.contains(&v) {
                visited.push(v);
                if self.is_argument(v) {
                    if self.arg_has(v, "noalias")
                        && (self.arg_has(v, "readonly") || self.arg_has(v, "readnone"))
                    {
                        result |= ModRefInfo::Ref;
                    } else {
                        return ModRefInfo::ModRef;
                    }
                } else if let Operand::Const(c) = v {
                    match self.m.consts.data(c) {
                        ConstData::Global {
                            global: GlobalRef::Var(g),
                            ..
                        } => {
                            if !self.m.globals[*g].is_constant {
                                return ModRefInfo::ModRef;
                            }
                        }
                        _ => return ModRefInfo::ModRef,
                    }
                } else if let Some(d) = self.data_of(v) {
                    match d.opcode {
                        Opcode::Select => {
                            work.push(d.operands()[1]);
                            work.push(d.operands()[2]);
                        }
                        Opcode::Phi => {
                            if d.operands().len() / 2 > 8 {
                                return ModRefInfo::ModRef;
                            }
                            work.extend(d.operands().iter().step_by(2).copied());
                        }
                        _ => return ModRefInfo::ModRef,
                    }
                } else {
                    return ModRefInfo::ModRef;
                }
            }
            if work.is_empty() {
                break;
            }
            lookups -= 1;
            if lookups == 0 {
                break;
            }
        }
        if !work.is_empty() {
            return ModRefInfo::ModRef;
        }
        result
    }

    /// `MemoryLocation::getForArgument`: the bytes argument `idx` of a call
    /// may access, exact for the memory intrinsics and the library
    /// functions LLVM knows.
    pub(crate) fn location_for_argument(&self, call: Inst, idx: usize) -> MemoryLocation {
        let d = self.f.inst(call);
        let tags = self.tags_of(d);
        let args = d.call_args();
        let arg = args[idx];
        let loc = |size| MemoryLocation {
            ptr: arg,
            size,
            tags,
        };
        let len = |k: usize| {
            args.get(k)
                .and_then(|&o| self.const_int(o))
                .and_then(|x| u64::try_from(x).ok())
        };
        if let Some(name) = self.intrinsic(d) {
            let b = |base: &str| {
                name.strip_prefix("llvm.")
                    .and_then(|r| r.strip_prefix(base))
                    .is_some_and(|t| t.is_empty() || t.starts_with('.'))
            };
            if b("memset")
                || b("memcpy")
                || b("memcpy.inline")
                || b("memmove")
                || b("memset.inline")
                || b("memcpy.element.unordered.atomic")
                || b("memmove.element.unordered.atomic")
                || b("memset.element.unordered.atomic")
            {
                return match len(2) {
                    Some(n) => loc(LocationSize::precise(n)),
                    None => loc(LocationSize::AfterPointer),
                };
            }
            if b("lifetime.start") || b("lifetime.end") || b("invariant.start") {
                if let Some(n) = len(0) {
                    return loc(LocationSize::precise(n));
                }
            }
            if b("masked.load") {
                return loc(self.upper_bound_of(self.type_size(d.ty)));
            }
            if b("masked.store") {
                if let Some(&v) = args.first() {
                    return loc(self.upper_bound_of(self.type_size(self.ty_of(v))));
                }
            }
            if b("invariant.end") {
                if idx == 0 {
                    return loc(LocationSize::precise(0));
                }
                if let Some(n) = len(1) {
                    return loc(LocationSize::precise(n));
                }
            }
            return loc(LocationSize::BeforeOrAfterPointer);
        }
        let builtin = !self.is_nobuiltin(d);
        if let Some(name) = self.callee_name(d).filter(|_| builtin) {
            match name {
                "strcpy" | "strcat" | "strncat" if args.len() >= 2 => {
                    return loc(LocationSize::AfterPointer);
                }
                "__memset_chk" | "__memcpy_chk" if args.len() == 4 => {
                    return loc(match len(2) {
                        Some(n) => LocationSize::upper_bound(n),
                        None => LocationSize::AfterPointer,
                    });
                }
                "strncpy" if args.len() == 3 => {
                    return loc(match len(2) {
                        Some(n) if idx == 0 => LocationSize::precise(n),
                        Some(n) => LocationSize::upper_bound(n),
                        None => LocationSize::AfterPointer,
                    });
                }
                "memset_pattern16" | "memset_pattern4" | "memset_pattern8" if args.len() == 3 => {
                    if idx == 1 {
                        let n = match name {
                            "memset_pattern4" => 4,
                            "memset_pattern8" => 8,
                            _ => 16,
                        };
                        return loc(LocationSize::precise(n));
                    }
                    return loc(match len(2) {
                        Some(n) => LocationSize::precise(n),
                        None => LocationSize::AfterPointer,
                    });
                }
                "bcmp" | "memcmp" | "memchr" if args.len() == 3 => {
                    return loc(match len(2) {
                        Some(n) => LocationSize::precise(n),
                        None => LocationSize::AfterPointer,
                    });
                }
                "memccpy" if args.len() == 4 => {
                    return loc(match len(3) {
                        Some(n) => LocationSize::upper_bound(n),
                        None => LocationSize::AfterPointer,
                    });
                }
                _ => {}
            }
        }
        loc(LocationSize::BeforeOrAfterPointer)
    }

    fn upper_bound_of(&self, s: LocationSize) -> LocationSize {
        match s {
            LocationSize::Precise(n) => LocationSize::upper_bound(n),
            other => other,
        }
    }

    /// `AAResults::getModRefInfo(Call, Loc)`.
    pub(crate) fn mod_ref_call_loc(&mut self, call: Inst, loc: &MemoryLocation) -> ModRefInfo {
        let mut result = self.basic_mod_ref_call_loc(call, loc);
        if result == ModRefInfo::NoModRef {
            return result;
        }
        let d = self.f.inst(call);
        let call_tags = self.tags_of(d);
        if !self.scoped_may_alias(loc.tags.scope, call_tags.noalias)
            || !self.scoped_may_alias(call_tags.scope, loc.tags.noalias)
        {
            return ModRefInfo::NoModRef;
        }
        if let (Some(l), Some(m)) = (loc.tags.tbaa, call_tags.tbaa) {
            if !self.tbaa_aliases(Some(l), Some(m)) {
                return ModRefInfo::NoModRef;
            }
        }
        let me = self
            .call_memory_effects_aa(call)
            .without(MemLoc::InaccessibleMem);
        if me.does_not_access_memory() {
            return ModRefInfo::NoModRef;
        }
        let mut arg_mr = me.get(MemLoc::ArgMem);
        let other_mr = me.without(MemLoc::ArgMem).mod_ref();
        if (arg_mr | other_mr) != other_mr {
            let mut mask = ModRefInfo::NoModRef;
            let nargs = self.f.inst(call).call_args().len();
            for k in 0..nargs {
                let a = self.f.inst(call).call_args()[k];
                if !self.is_pointer(a) {
                    continue;
                }
                let arg_loc = self.location_for_argument(call, k);
                if self.aa_alias(&arg_loc, loc) != AliasResult::NoAlias {
                    mask |= self.arg_mod_ref(self.f.inst(call), k);
                }
            }
            arg_mr &= mask;
        }
        result &= arg_mr | other_mr;
        if result != ModRefInfo::NoModRef {
            result &= self.mod_ref_mask(loc);
        }
        result
    }

    /// BasicAA's `getModRefInfo(Call, Loc)`.
    fn basic_mod_ref_call_loc(&mut self, call: Inst, loc: &MemoryLocation) -> ModRefInfo {
        let object = self.underlying(loc.ptr, 6);
        let d = self.f.inst(call);
        let ci = d.call_info().expect("call");
        let is_alloca = self
            .data_of(object)
            .is_some_and(|x| x.opcode == Opcode::Alloca);
        if is_alloca
            && d.opcode == Opcode::Call
            && matches!(ci.tail, TailKind::Tail | TailKind::MustTail)
        {
            let byval = self.m.attrs.has(ci.fn_attrs, "byval")
                || self.m.attrs.has(ci.ret_attrs, "byval")
                || ci.param_attrs.iter().any(|&s| self.m.attrs.has(s, "byval"));
            if !byval {
                return ModRefInfo::NoModRef;
            }
        }
        if self.is_dynamic_alloca(object) && self.is_intrinsic(d, "stackrestore") {
            return ModRefInfo::Mod;
        }
        let call_value = self.f.inst_result(call).map(Operand::Value);
        if !self.is_constant(object)
            && call_value != Some(object)
            && self.non_escaping_local(object)
        {
            let mut result = ModRefInfo::NoModRef;
            let d = self.f.inst(call);
            let nargs = d.call_args().len();
            let bundle_ops: usize = d
                .call_info()
                .map_or(0, |c| c.bundles.iter().map(|b| b.num_ops as usize).sum());
            for n in 0..nargs + bundle_ops {
                let d = self.f.inst(call);
                let op = d.operands()[1 + n];
                if !self.is_pointer(op) {
                    continue;
                }
                let is_arg = n < nargs;
                if is_arg && call_param_has(self.m, d, n, "readnone") {
                    continue;
                }
                let ar = self.aa_alias(
                    &MemoryLocation::before_or_after(op),
                    &MemoryLocation::before_or_after(object),
                );
                if ar == AliasResult::NoAlias {
                    continue;
                }
                let d = self.f.inst(call);
                let reads_only = if is_arg {
                    call_param_has(self.m, d, n, "readonly")
                        || call_param_has(self.m, d, n, "readnone")
                } else {
                    self.bundle_of_operand(d, n) == Some("deopt")
                };
                if reads_only {
                    result |= ModRefInfo::Ref;
                    continue;
                }
                let writes_only = is_arg
                    && (call_param_has(self.m, d, n, "writeonly")
                        || call_param_has(self.m, d, n, "readnone"));
                if writes_only {
                    result |= ModRefInfo::Mod;
                    continue;
                }
                result = ModRefInfo::ModRef;
                break;
            }
            if !result.is_mod_and_ref() {
                return result;
            }
        }
        let d = self.f.inst(call);
        if self.is_malloc_or_calloc_like(d) {
            if let Some(r) = call_value {
                if self.aa_alias(&MemoryLocation::before_or_after(r), loc) == AliasResult::NoAlias {
                    return ModRefInfo::NoModRef;
                }
            }
        }
        if self.is_intrinsic(self.f.inst(call), "invariant.start") {
            return ModRefInfo::Ref;
        }
        ModRefInfo::ModRef
    }

    /// `AAResults::getModRefInfo(Call1, Call2)`.
    pub(crate) fn mod_ref_call_call(&mut self, c1: Inst, c2: Inst) -> ModRefInfo {
        let (d1, d2) = (self.f.inst(c1), self.f.inst(c2));
        let mut result = ModRefInfo::ModRef;
        // BasicAA: guards only read.
        if self.is_intrinsic(d1, "experimental.guard") {
            let m = self.call_memory_effects_aa(c2).mod_ref().is_mod();
            return if m {
                ModRefInfo::Ref
            } else {
                ModRefInfo::NoModRef
            };
        }
        if self.is_intrinsic(d2, "experimental.guard") {
            let m = self.call_memory_effects_aa(c1).mod_ref().is_mod();
            return if m {
                ModRefInfo::Mod
            } else {
                ModRefInfo::NoModRef
            };
        }
        let (t1, t2) = (self.tags_of(d1), self.tags_of(d2));
        if !self.scoped_may_alias(t1.scope, t2.noalias)
            || !self.scoped_may_alias(t2.scope, t1.noalias)
        {
            return ModRefInfo::NoModRef;
        }
        if let (Some(a), Some(b)) = (t1.tbaa, t2.tbaa) {
            if !self.tbaa_aliases(Some(a), Some(b)) {
                return ModRefInfo::NoModRef;
            }
        }
        let b1 = self.call_memory_effects_aa(c1);
        if b1.does_not_access_memory() {
            return ModRefInfo::NoModRef;
        }
        let b2 = self.call_memory_effects_aa(c2);
        if b2.does_not_access_memory() {
            return ModRefInfo::NoModRef;
        }
        if b1.only_reads_memory() && b2.only_reads_memory() {
            return ModRefInfo::NoModRef;
        }
        if b1.only_reads_memory() {
            result &= ModRefInfo::Ref;
        } else if b1.only_writes_memory() {
            result &= ModRefInfo::Mod;
        }
        if b2.only_accesses_arg_pointees() {
            if !b2.does_access_arg_pointees() {
                return ModRefInfo::NoModRef;
            }
            let mut r = ModRefInfo::NoModRef;
            let nargs = self.f.inst(c2).call_args().len();
            for k in 0..nargs {
                let a = self.f.inst(c2).call_args()[k];
                if !self.is_pointer(a) {
                    continue;
                }
                let loc2 = self.location_for_argument(c2, k);
                let arg_mr2 = self.arg_mod_ref(self.f.inst(c2), k);
                let mut mask = if arg_mr2.is_mod() {
                    ModRefInfo::ModRef
                } else if arg_mr2.is_ref() {
                    ModRefInfo::Mod
                } else {
                    ModRefInfo::NoModRef
                };
                mask &= self.mod_ref_call_loc(c1, &loc2);
                r = (r | mask) & result;
                if r == result {
                    break;
                }
            }
            return r;
        }
        if b1.only_accesses_arg_pointees() {
            if !b1.does_access_arg_pointees() {
                return ModRefInfo::NoModRef;
            }
            let mut r = ModRefInfo::NoModRef;
            let nargs = self.f.inst(c1).call_args().len();
            for k in 0..nargs {
                let a = self.f.inst(c1).call_args()[k];
                if !self.is_pointer(a) {
                    continue;
                }
                let loc1 = self.location_for_argument(c1, k);
                let arg_mr1 = self.arg_mod_ref(self.f.inst(c1), k);
                let mr2 = self.mod_ref_call_loc(c2, &loc1);
                if (arg_mr1.is_mod() && mr2.is_mod_or_ref()) || (arg_mr1.is_ref() && mr2.is_mod()) {
                    r = (r | arg_mr1) & result;
                }
                if r == result {
                    break;
                }
            }
            return r;
        }
        result
    }
}
