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

/// LLVM's `mayWriteToMemory`: a call writes unless it or its callee is
/// `readnone`/`readonly` or has a `memory(...)` without `write`.
pub fn may_write_memory(m: &Module, data: &InstData) -> bool {
    use Opcode::*;
    match data.opcode {
        Store | Fence | AtomicCmpXchg | AtomicRmw | VAArg | CatchPad | CleanupPad | CatchRet
        | CleanupRet => true,
        Load => data.flags.contains(Flags::VOLATILE) || is_atomic_mem(data),
        Call | Invoke | CallBr => {
            let read_only = |set| {
                m.attrs.get(set).iter().any(|a| match a {
                    Attr::Raw(k, v) => &**k == "memory" && !v.contains("write"),
                    Attr::Flag(k) => &**k == "readnone" || &**k == "readonly",
                    _ => false,
                })
            };
            let Some(ci) = data.call_info() else {
                return true;
            };
            if read_only(ci.fn_attrs) {
                return false;
            }
            match m.called_function(data) {
                Some(g) => !read_only(m.functions[g].fn_attrs),
                None => true,
            }
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

// ------------------------------------------------------------------------
// Memory effects and parameter attributes of calls (LLVM's `MemoryEffects`,
// `CallBase::paramHasAttr`), for alias analysis.

/// What an instruction may do to a memory location: LLVM's `ModRefInfo`.
/// The bits are `Ref` (1) and `Mod` (2), so `|` and `&` are the lattice's
/// join and meet.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ModRefInfo {
    NoModRef = 0,
    Ref = 1,
    Mod = 2,
    ModRef = 3,
}

impl ModRefInfo {
    fn from_bits(b: u8) -> ModRefInfo {
        match b & 3 {
            0 => ModRefInfo::NoModRef,
            1 => ModRefInfo::Ref,
            2 => ModRefInfo::Mod,
            _ => ModRefInfo::ModRef,
        }
    }
    pub fn is_mod(self) -> bool {
        self as u8 & 2 != 0
    }
    pub fn is_ref(self) -> bool {
        self as u8 & 1 != 0
    }
    pub fn is_mod_or_ref(self) -> bool {
        self != ModRefInfo::NoModRef
    }
    pub fn is_mod_and_ref(self) -> bool {
        self == ModRefInfo::ModRef
    }
}

impl std::ops::BitOr for ModRefInfo {
    type Output = ModRefInfo;
    fn bitor(self, o: ModRefInfo) -> ModRefInfo {
        ModRefInfo::from_bits(self as u8 | o as u8)
    }
}

impl std::ops::BitAnd for ModRefInfo {
    type Output = ModRefInfo;
    fn bitand(self, o: ModRefInfo) -> ModRefInfo {
        ModRefInfo::from_bits(self as u8 & o as u8)
    }
}

impl std::ops::BitOrAssign for ModRefInfo {
    fn bitor_assign(&mut self, o: ModRefInfo) {
        *self = *self | o;
    }
}

impl std::ops::BitAndAssign for ModRefInfo {
    fn bitand_assign(&mut self, o: ModRefInfo) {
        *self = *self & o;
    }
}

/// The locations of LLVM 19's `MemoryEffects`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MemLoc {
    /// Memory reached through the pointer arguments.
    ArgMem = 0,
    /// Memory no IR of this module can reach.
    InaccessibleMem = 1,
    /// Everything else.
    Other = 2,
}

/// LLVM's `MemoryEffects`: a [`ModRefInfo`] per [`MemLoc`], two bits each.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct MemoryEffects(u8);

impl MemoryEffects {
    const ALL: u8 = 0b11_11_11;
    /// May read and write anything.
    pub const UNKNOWN: MemoryEffects = MemoryEffects(Self::ALL);
    /// Accesses no memory.
    pub const NONE: MemoryEffects = MemoryEffects(0);

    /// `mr` on every location.
    pub fn all(mr: ModRefInfo) -> Self {
        let b = mr as u8;
        MemoryEffects(b | b << 2 | b << 4)
    }
    pub fn read_only() -> Self {
        Self::all(ModRefInfo::Ref)
    }
    pub fn write_only() -> Self {
        Self::all(ModRefInfo::Mod)
    }
    /// `mr` on `loc` only.
    pub fn only(loc: MemLoc, mr: ModRefInfo) -> Self {
        MemoryEffects((mr as u8) << (2 * loc as u8))
    }
    pub fn get(self, loc: MemLoc) -> ModRefInfo {
        ModRefInfo::from_bits(self.0 >> (2 * loc as u8))
    }
    pub fn with(self, loc: MemLoc, mr: ModRefInfo) -> Self {
        let sh = 2 * loc as u8;
        MemoryEffects((self.0 & !(3 << sh)) | (mr as u8) << sh)
    }
    /// The effects on every location but `loc`.
    pub fn without(self, loc: MemLoc) -> Self {
        self.with(loc, ModRefInfo::NoModRef)
    }
    /// The union over all locations (`getModRef()`).
    pub fn mod_ref(self) -> ModRefInfo {
        ModRefInfo::from_bits(self.0 | self.0 >> 2 | self.0 >> 4)
    }
    pub fn does_not_access_memory(self) -> bool {
        self.0 == 0
    }
    pub fn only_reads_memory(self) -> bool {
        !self.mod_ref().is_mod()
    }
    pub fn only_writes_memory(self) -> bool {
        !self.mod_ref().is_ref()
    }
    pub fn only_accesses_arg_pointees(self) -> bool {
        self.without(MemLoc::ArgMem).does_not_access_memory()
    }
    pub fn does_access_arg_pointees(self) -> bool {
        self.get(MemLoc::ArgMem).is_mod_or_ref()
    }
    pub fn intersect(self, o: MemoryEffects) -> MemoryEffects {
        MemoryEffects(self.0 & o.0)
    }
    pub fn union(self, o: MemoryEffects) -> MemoryEffects {
        MemoryEffects(self.0 | o.0)
    }

    /// The text of a `memory(...)` attribute (as the parser keeps it,
    /// `argmem: read, inaccessiblemem: write`): the default kind first,
    /// then locations; `None` when malformed.
    pub fn parse(text: &str) -> Option<MemoryEffects> {
        let kind = |k: &str| -> Option<ModRefInfo> {
            Some(match k.trim() {
                "none" => ModRefInfo::NoModRef,
                "read" => ModRefInfo::Ref,
                "write" => ModRefInfo::Mod,
                "readwrite" => ModRefInfo::ModRef,
                _ => return None,
            })
        };
        let mut me = MemoryEffects::NONE;
        for part in text.split(',') {
            match part.split_once(':') {
                Some((loc, k)) => {
                    let mr = kind(k)?;
                    match loc.trim() {
                        "argmem" => me = me.with(MemLoc::ArgMem, mr),
                        "inaccessiblemem" => me = me.with(MemLoc::InaccessibleMem, mr),
                        // Later LLVM versions' locations are part of `Other`.
                        _ => me = me.union(MemoryEffects::only(MemLoc::Other, mr)),
                    }
                }
                None => me = MemoryEffects::all(kind(part)?),
            }
        }
        Some(me)
    }
}

/// Parameter attribute bits of [`IntrinsicInfo`].
pub mod param {
    pub const NOCAPTURE: u8 = 1;
    pub const READONLY: u8 = 2;
    pub const WRITEONLY: u8 = 4;
    pub const READNONE: u8 = 8;
    pub const NOALIAS: u8 = 16;
    pub const RETURNED: u8 = 32;
}

/// The attributes LLVM 19 gives an intrinsic's declaration (its
/// `Intrinsics.td` properties), which replace whatever the module
/// declares: the function attributes as LLVM prints them in an attribute
/// group, and the pointer parameters' attributes. Checked against opt-19
/// by `tests/aa_llvm.rs`.
#[derive(Copy, Clone, Debug)]
pub struct IntrinsicInfo {
    /// The name after `llvm.` and before the overload suffix.
    pub base: &'static str,
    /// The function attributes, in LLVM's order and spelling.
    pub attrs: &'static str,
    /// `(parameter index, param::* bits)`.
    pub params: &'static [(u8, u8)],
}

impl IntrinsicInfo {
    /// The memory effects of [`attrs`](Self::attrs)' `memory(...)` (none
    /// written: unknown).
    pub fn memory(&self) -> MemoryEffects {
        match self.attrs.find("memory(") {
            Some(at) => {
                let rest = &self.attrs[at + 7..];
                let end = rest.find(')').unwrap_or(rest.len());
                MemoryEffects::parse(&rest[..end]).unwrap_or(MemoryEffects::UNKNOWN)
            }
            None => MemoryEffects::UNKNOWN,
        }
    }
    pub fn nounwind(&self) -> bool {
        self.attrs.split(' ').any(|w| w == "nounwind")
    }
}

/// `nocallback nofree nosync nounwind speculatable willreturn memory(none)`:
/// the arithmetic intrinsics.
const PURE_SPEC: &str = "nocallback nofree nosync nounwind speculatable willreturn memory(none)";
const PURE: &str = "nocallback nofree nosync nounwind willreturn memory(none)";
const ARG_RW_SYNC: &str = "nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)";
const MEM_TRANSFER: &str = "nocallback nofree nounwind willreturn memory(argmem: readwrite)";
const MEM_SET: &str = "nocallback nofree nounwind willreturn memory(argmem: write)";
const INACC_RW: &str =
    "nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)";
const NO_MEM_ATTR: &str = "nocallback nofree nosync nounwind willreturn";
const ARG_R: &str = "nocallback nofree nosync nounwind willreturn memory(argmem: read)";
const ARG_W: &str = "nocallback nofree nosync nounwind willreturn memory(argmem: write)";
const READ: &str = "nocallback nofree nosync nounwind willreturn memory(read)";
const WRITE: &str = "nocallback nofree nosync nounwind willreturn memory(write)";
const ATOMIC_RW: &str = "nosync nounwind willreturn memory(argmem: readwrite)";
const ATOMIC_W: &str = "nosync nounwind willreturn memory(argmem: write)";
const CONVERGENT: &str = "convergent nocallback nofree nosync nounwind willreturn memory(none)";

macro_rules! intr {
    ($base:expr, $attrs:expr, [$(($i:expr, $f:expr)),*]) => {
        IntrinsicInfo { base: $base, attrs: $attrs, params: &[$(($i, $f)),*] }
    };
}

use param::{NOALIAS, NOCAPTURE, READNONE, READONLY, RETURNED, WRITEONLY};

/// Intrinsics whose attributes this table knows, besides those of
/// [`PURE_INTRINSICS`] (`PURE_SPEC`, no parameter attributes). Longer
/// names come first where one is a prefix of another (`memcpy.inline`
/// before `memcpy`).
static INTRINSICS: &[IntrinsicInfo] = &[
    intr!("memcpy.inline", MEM_TRANSFER, [(0, NOALIAS | NOCAPTURE | WRITEONLY), (1, NOALIAS | NOCAPTURE | READONLY)]),
    intr!("memcpy.element.unordered.atomic", ATOMIC_RW, [(0, NOCAPTURE | WRITEONLY), (1, NOCAPTURE | READONLY)]),
    intr!("memcpy", MEM_TRANSFER, [(0, NOALIAS | NOCAPTURE | WRITEONLY), (1, NOALIAS | NOCAPTURE | READONLY)]),
    intr!("memmove.element.unordered.atomic", ATOMIC_RW, [(0, NOCAPTURE | WRITEONLY), (1, NOCAPTURE | READONLY)]),
    intr!("memmove", MEM_TRANSFER, [(0, NOCAPTURE | WRITEONLY), (1, NOCAPTURE | READONLY)]),
    intr!("memset.inline", MEM_SET, [(0, NOCAPTURE | WRITEONLY)]),
    intr!("memset.element.unordered.atomic", ATOMIC_W, [(0, NOCAPTURE | WRITEONLY)]),
    intr!("memset", MEM_SET, [(0, NOCAPTURE | WRITEONLY)]),
    intr!("lifetime.start", ARG_RW_SYNC, [(1, NOCAPTURE)]),
    intr!("lifetime.end", ARG_RW_SYNC, [(1, NOCAPTURE)]),
    intr!("invariant.start", ARG_RW_SYNC, [(1, NOCAPTURE)]),
    intr!("invariant.end", ARG_RW_SYNC, [(2, NOCAPTURE)]),
    intr!(
        "prefetch",
        "nocallback nofree nosync nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite)",
        [(0, NOCAPTURE | READONLY)]
    ),
    intr!("masked.load", ARG_R, [(0, NOCAPTURE)]),
    intr!("masked.store", ARG_W, [(1, NOCAPTURE)]),
    intr!("masked.gather", READ, []),
    intr!("masked.scatter", WRITE, []),
    intr!("masked.expandload", READ, [(0, NOCAPTURE)]),
    intr!("masked.compressstore", ARG_W, [(1, NOCAPTURE)]),
    intr!("assume", "nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)", []),
    intr!("experimental.noalias.scope.decl", INACC_RW, []),
    intr!(
        "experimental.constrained",
        "nocallback nofree nosync nounwind strictfp willreturn memory(inaccessiblemem: readwrite)",
        []
    ),
    intr!(
        "launder.invariant.group",
        "nocallback nofree nosync nounwind speculatable willreturn memory(inaccessiblemem: readwrite)",
        []
    ),
    intr!("strip.invariant.group", PURE_SPEC, []),
    intr!("threadlocal.address", PURE_SPEC, []),
    intr!("ptrmask", PURE_SPEC, []),
    intr!("objectsize", PURE_SPEC, []),
    intr!("ssa.copy", PURE, [(0, RETURNED)]),
    intr!("sideeffect", INACC_RW, []),
    intr!("donothing", PURE, []),
    intr!("pseudoprobe", INACC_RW, []),
    intr!("var.annotation", INACC_RW, []),
    intr!("ptr.annotation", INACC_RW, []),
    intr!("annotation", INACC_RW, []),
    intr!("expect", PURE, []),
    intr!("is.constant", "convergent nocallback nofree nosync nounwind willreturn memory(none)", []),
    intr!("frameaddress", PURE, []),
    intr!("returnaddress", PURE, []),
    intr!("eh.typeid.for", "nounwind memory(none)", []),
    intr!("eh.sjlj.lsda", "nounwind memory(none)", []),
    intr!("eh.sjlj.callsite", "nounwind memory(none)", []),
    intr!("eh.sjlj.setjmp", "nounwind", []),
    intr!("eh.sjlj.longjmp", "noreturn nounwind", []),
    intr!("trap", "cold noreturn nounwind memory(inaccessiblemem: write)", []),
    intr!("ubsantrap", "cold noreturn nounwind", []),
    intr!("debugtrap", "nounwind", []),
    intr!("stacksave", NO_MEM_ATTR, []),
    intr!("stackrestore", NO_MEM_ATTR, []),
    intr!("va_start", NO_MEM_ATTR, []),
    intr!("va_end", NO_MEM_ATTR, []),
    intr!("va_copy", NO_MEM_ATTR, []),
    intr!("readcyclecounter", NO_MEM_ATTR, []),
    intr!("get.rounding", INACC_RW, []),
    intr!("set.rounding", INACC_RW, []),
    intr!("clear_cache", "nounwind", []),
    intr!("init.trampoline", ARG_RW_SYNC, [(0, NOCAPTURE | WRITEONLY), (1, READNONE), (2, READNONE)]),
    intr!("adjust.trampoline", ARG_R, []),
    intr!("read_register", READ, []),
    intr!("get.active.lane.mask", PURE, []),
    intr!("vscale", PURE, []),
    intr!("vector.reverse", PURE, []),
    intr!("vector.insert", PURE_SPEC, []),
    intr!("vector.extract", PURE_SPEC, []),
    intr!("arithmetic.fence", PURE_SPEC, []),
    intr!("fptosi.sat", PURE_SPEC, []),
    intr!("fptoui.sat", PURE_SPEC, []),
    intr!("exp", PURE_SPEC, []),
    intr!("exp2", PURE_SPEC, []),
    intr!("exp10", PURE_SPEC, []),
    intr!("log", PURE_SPEC, []),
    intr!("log2", PURE_SPEC, []),
    intr!("log10", PURE_SPEC, []),
    intr!("sin", PURE_SPEC, []),
    intr!("cos", PURE_SPEC, []),
    intr!("tan", PURE_SPEC, []),
    intr!("pow", PURE_SPEC, []),
    intr!("powi", PURE_SPEC, []),
    intr!("ldexp", PURE_SPEC, []),
    intr!("frexp", PURE_SPEC, []),
    intr!("call.preallocated.setup", NO_MEM_ATTR, []),
    intr!("call.preallocated.arg", NO_MEM_ATTR, []),
    intr!("experimental.convergence.anchor", CONVERGENT, []),
    intr!("experimental.convergence.entry", CONVERGENT, []),
    intr!("experimental.convergence.loop", CONVERGENT, []),
    intr!("experimental.deoptimize", "", []),
    intr!("experimental.guard", "", []),
    intr!("experimental.gc.statepoint", "", []),
    intr!("experimental.gc.relocate", PURE, []),
    intr!("experimental.gc.result", PURE, []),
    intr!(
        "experimental.widenable.condition",
        "nocallback nofree nosync nounwind speculatable willreturn memory(inaccessiblemem: readwrite)",
        []
    ),
    intr!("gcroot", "nounwind", []),
    intr!("type.test", PURE_SPEC, []),
    intr!("vp.add", PURE, []),
    intr!("write_register", "nocallback nounwind", []),
    intr!("lround", PURE_SPEC, []),
    intr!("llround", PURE_SPEC, []),
    intr!("lrint", PURE_SPEC, []),
    intr!("llrint", PURE_SPEC, []),
];

/// LLVM 19's declaration attributes of intrinsic `name` (`llvm.memcpy.p0.p0.i64`),
/// when this table knows them.
pub fn intrinsic_info(name: &str) -> Option<IntrinsicInfo> {
    let rest = name.strip_prefix("llvm.")?;
    let matches = |base: &str| {
        rest.strip_prefix(base)
            .is_some_and(|tail| tail.is_empty() || tail.starts_with('.'))
    };
    if let Some(i) = INTRINSICS.iter().find(|i| matches(i.base)) {
        return Some(*i);
    }
    if is_pure_intrinsic(name) {
        return Some(IntrinsicInfo {
            base: "",
            attrs: PURE_SPEC,
            params: &[],
        });
    }
    None
}

/// Every intrinsic of the table, for tests.
pub fn intrinsic_table() -> &'static [IntrinsicInfo] {
    INTRINSICS
}

/// The memory effects of an attribute set's `memory(...)` and the legacy
/// `readnone`/`readonly`/`writeonly`/`argmemonly`/`inaccessiblememonly`/
/// `inaccessiblemem_or_argmemonly` keywords, as LLVM's parser upgrades
/// them; `UNKNOWN` when the set says nothing.
pub fn attr_memory_effects(m: &Module, set: loopwright_ir::AttrSet) -> MemoryEffects {
    let mut me = MemoryEffects::UNKNOWN;
    for a in m.attrs.get(set) {
        match a {
            Attr::Raw(k, v) if &**k == "memory" => {
                me = me.intersect(MemoryEffects::parse(v).unwrap_or(MemoryEffects::UNKNOWN));
            }
            Attr::Flag(k) => {
                let x = match &**k {
                    "readnone" => MemoryEffects::NONE,
                    "readonly" => MemoryEffects::read_only(),
                    "writeonly" => MemoryEffects::write_only(),
                    "argmemonly" => MemoryEffects::only(MemLoc::ArgMem, ModRefInfo::ModRef),
                    "inaccessiblememonly" => {
                        MemoryEffects::only(MemLoc::InaccessibleMem, ModRefInfo::ModRef)
                    }
                    "inaccessiblemem_or_argmemonly" => {
                        MemoryEffects::only(MemLoc::ArgMem, ModRefInfo::ModRef).union(
                            MemoryEffects::only(MemLoc::InaccessibleMem, ModRefInfo::ModRef),
                        )
                    }
                    _ => continue,
                };
                me = me.intersect(x);
            }
            _ => {}
        }
    }
    me
}

/// The memory effects of function `f` (LLVM's `Function::getMemoryEffects`,
/// with the intrinsic table standing in for the attributes LLVM gives
/// intrinsic declarations).
pub fn function_memory_effects(m: &Module, f: loopwright_ir::Func) -> MemoryEffects {
    let func = &m.functions[f];
    if let Some(info) = func.name().and_then(intrinsic_info) {
        return info.memory();
    }
    attr_memory_effects(m, func.fn_attrs)
}

/// Whether the bundles of a call may read memory
/// (`hasReadingOperandBundles`): any bundle but `ptrauth` and `kcfi`
/// (LLVM 19 counts `convergencectrl` too), except on `llvm.assume`.
pub fn has_reading_bundles(m: &Module, d: &InstData) -> bool {
    let Some(ci) = d.call_info() else {
        return false;
    };
    ci.bundles
        .iter()
        .any(|b| !matches!(&*b.tag, "ptrauth" | "kcfi"))
        && intrinsic_name(m, d) != Some("llvm.assume")
}

/// Whether the bundles of a call may write memory
/// (`hasClobberingOperandBundles`): any bundle but `deopt`, `funclet`,
/// `ptrauth` and `kcfi`, except on `llvm.assume`.
pub fn has_clobbering_bundles(m: &Module, d: &InstData) -> bool {
    let Some(ci) = d.call_info() else {
        return false;
    };
    ci.bundles
        .iter()
        .any(|b| !matches!(&*b.tag, "deopt" | "funclet" | "ptrauth" | "kcfi"))
        && intrinsic_name(m, d) != Some("llvm.assume")
}

/// The memory effects of a call (LLVM's `CallBase::getMemoryEffects`): the
/// call site's attributes, met with the callee's (widened by operand
/// bundles that read or write).
pub fn call_memory_effects(m: &Module, d: &InstData) -> MemoryEffects {
    let Some(ci) = d.call_info() else {
        return MemoryEffects::UNKNOWN;
    };
    let mut me = attr_memory_effects(m, ci.fn_attrs);
    if let Some(f) = m.called_function(d) {
        let mut fme = function_memory_effects(m, f);
        if has_reading_bundles(m, d) {
            fme = fme.union(MemoryEffects::read_only());
        }
        if has_clobbering_bundles(m, d) {
            fme = fme.union(MemoryEffects::write_only());
        }
        me = me.intersect(fme);
    }
    me
}

fn param_bit_of(name: &str) -> u8 {
    match name {
        "nocapture" => param::NOCAPTURE,
        "readonly" => param::READONLY,
        "writeonly" => param::WRITEONLY,
        "readnone" => param::READNONE,
        "noalias" => param::NOALIAS,
        "returned" => param::RETURNED,
        _ => 0,
    }
}

/// Whether argument `i` of a call has the parameter attribute `name`
/// (`nocapture`, `readonly`, `writeonly`, `readnone`, `noalias`,
/// `returned`, or any other keyword), on the call site or the callee
/// (LLVM's `CallBase::paramHasAttr`, including its operand-bundle rule for
/// the memory attributes).
pub fn call_param_has(m: &Module, d: &InstData, i: usize, name: &str) -> bool {
    let Some(ci) = d.call_info() else {
        return false;
    };
    if ci
        .param_attrs
        .get(i)
        .is_some_and(|&s| m.attrs.get(s).iter().any(|a| a.name() == name))
    {
        return true;
    }
    let Some(f) = m.called_function(d) else {
        return false;
    };
    let func = &m.functions[f];
    let on_callee = match func.name().and_then(intrinsic_info) {
        Some(info) => {
            let bit = param_bit_of(name);
            bit != 0
                && info
                    .params
                    .iter()
                    .any(|&(k, b)| k as usize == i && b & bit != 0)
        }
        None => func
            .param_attrs
            .get(i)
            .is_some_and(|&s| m.attrs.get(s).iter().any(|a| a.name() == name)),
    };
    if !on_callee {
        return false;
    }
    match name {
        "readnone" => !has_reading_bundles(m, d) && !has_clobbering_bundles(m, d),
        "readonly" => !has_clobbering_bundles(m, d),
        "writeonly" => !has_reading_bundles(m, d),
        _ => true,
    }
}

/// Whether a call has the function attribute `name` on the call site or the
/// callee (`nounwind` of intrinsics from the table).
pub fn call_fn_has(m: &Module, d: &InstData, name: &str) -> bool {
    if name == "nounwind" {
        if let Some(info) = intrinsic_name(m, d).and_then(intrinsic_info) {
            if info.nounwind() {
                return true;
            }
        }
    }
    call_has_flag(m, d, name)
}
