//! Instructions.
//!
//! An instruction is an [`InstData`]: an [`Opcode`], a result type, a flat
//! list of [`Operand`]s, [`Flags`], and opcode-specific [`Extra`] data.
//! All SSA operands, including block labels and metadata arguments, are in
//! `operands`, so cloning and remapping are one loop over one list; `Extra`
//! never holds a value or block.
//!
//! Operand layout per opcode (`[..]*` repeats):
//!
//! | opcode | operands |
//! |---|---|
//! | `ret` | `[]` or `[value]` |
//! | `br` | `[dest]` or `[cond, iftrue, iffalse]` |
//! | `switch` | `[cond, default, (case_const, dest)*]` |
//! | `indirectbr` | `[addr, dest*]` |
//! | `call` | `[callee, args*, bundle_ops*]` (see [`CallInfo`]) |
//! | `invoke` | `[callee, args*, bundle_ops*, normal, unwind]` |
//! | `callbr` | `[callee, args*, bundle_ops*, default, indirect*]` |
//! | `resume` | `[value]` |
//! | `unreachable` | `[]` |
//! | `cleanupret` | `[pad]` or `[pad, unwind_dest]` |
//! | `catchret` | `[pad, dest]` |
//! | `catchswitch` | `[parent, handler*, unwind_dest?]` ([`Extra::CatchSwitch`]) |
//! | `catchpad`, `cleanuppad` | `[parent, args*]` (parent is a value or `none`) |
//! | binary ops, `icmp`, `fcmp` | `[lhs, rhs]` |
//! | `fneg`, casts, `freeze`, `va_arg` | `[value]` |
//! | `alloca` | `[count]` (the parser inserts `i32 1` when absent) |
//! | `load` | `[ptr]` |
//! | `store` | `[value, ptr]` |
//! | `getelementptr` | `[base, index*]` |
//! | `fence` | `[]` |
//! | `cmpxchg` | `[ptr, cmp, new]` |
//! | `atomicrmw` | `[ptr, value]` |
//! | `phi` | `[(value, block)*]` |
//! | `select` | `[cond, a, b]` |
//! | `extractelement` | `[vec, idx]` |
//! | `insertelement` | `[vec, elt, idx]` |
//! | `shufflevector` | `[a, b]`, mask in [`Extra::Shuffle`] |
//! | `extractvalue` | `[agg]`, indices in [`Extra::Indices`] |
//! | `insertvalue` | `[agg, value]`, indices in [`Extra::Indices`] |
//! | `landingpad` | `[clause*]`, kinds in [`Extra::LandingPad`] |
//! | `#dbg_value`, `#dbg_declare` | `[location, variable, expression, dilocation]` |
//! | `#dbg_assign` | `[value, variable, expression, assign_id, address, address_expression, dilocation]` |
//! | `#dbg_label` | `[label, dilocation]` |
//!
//! Debug records are instructions with a `Dbg*` opcode and no result; they
//! sit in the layout just before the instruction they are attached to in
//! LLVM. Their operands are metadata operands, exactly as the arguments of
//! the equivalent `llvm.dbg.*` intrinsic call are: a location `i32 %x` is
//! [`Operand::MdLocal`], `i32 0` or `ptr poison` is `Operand::Md(Md::Const)`,
//! `!{}` and every `!N` / `!DIExpression(...)` is `Operand::Md(Md::Node)`,
//! and `!DIArgList(...)` is [`Operand::MdArgList`]. Code that counts or scans "real" instructions skips them with
//! [`Opcode::is_debug_record`].

use crate::entities::{ArgList, AttrSet, Block, Const, Value};
use crate::metadata::{Attachments, Md};
use crate::types::Type;
use smallvec::SmallVec;

/// An operand of an instruction.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Operand {
    /// A function-local SSA value (argument or instruction result).
    Value(Value),
    /// A module-level constant (including global addresses and inline asm).
    Const(Const),
    /// A block label (branch targets, phi incoming blocks).
    Block(Block),
    /// Module-level metadata as a value: `metadata !5`, `metadata !"str"`,
    /// `metadata i32 0`, `metadata !DIExpression()`; and in debug records
    /// the `!N` operands.
    Md(Md),
    /// Function-local metadata wrapping a value: `metadata i32 %x` in a
    /// `llvm.dbg.*` call, or `i32 %x` as a debug record's location.
    MdLocal(Value),
    /// A function-local `!DIArgList(...)`.
    MdArgList(ArgList),
}

impl Operand {
    pub fn as_value(self) -> Option<Value> {
        match self {
            Operand::Value(v) => Some(v),
            _ => None,
        }
    }
    pub fn as_const(self) -> Option<Const> {
        match self {
            Operand::Const(c) => Some(c),
            _ => None,
        }
    }
    pub fn as_block(self) -> Option<Block> {
        match self {
            Operand::Block(b) => Some(b),
            _ => None,
        }
    }
    pub fn as_md(self) -> Option<Md> {
        match self {
            Operand::Md(m) => Some(m),
            _ => None,
        }
    }
}

/// Instruction opcodes, with LLVM's spelling from [`Opcode::name`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Opcode {
    // Terminators.
    Ret,
    Br,
    Switch,
    IndirectBr,
    Invoke,
    Resume,
    Unreachable,
    CleanupRet,
    CatchRet,
    CatchSwitch,
    CallBr,
    // Unary.
    FNeg,
    // Binary.
    Add,
    FAdd,
    Sub,
    FSub,
    Mul,
    FMul,
    UDiv,
    SDiv,
    FDiv,
    URem,
    SRem,
    FRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    // Memory.
    Alloca,
    Load,
    Store,
    GetElementPtr,
    Fence,
    AtomicCmpXchg,
    AtomicRmw,
    // Casts.
    Trunc,
    ZExt,
    SExt,
    FPToUI,
    FPToSI,
    UIToFP,
    SIToFP,
    FPTrunc,
    FPExt,
    PtrToInt,
    IntToPtr,
    BitCast,
    AddrSpaceCast,
    // Funclet pads.
    CleanupPad,
    CatchPad,
    // Other.
    ICmp,
    FCmp,
    Phi,
    Call,
    Select,
    VAArg,
    ExtractElement,
    InsertElement,
    ShuffleVector,
    ExtractValue,
    InsertValue,
    LandingPad,
    Freeze,
    // Debug records.
    DbgValue,
    DbgDeclare,
    DbgAssign,
    DbgLabel,
}

impl Opcode {
    /// The textual name (`add`, `getelementptr`, `cmpxchg`, `dbg_value`).
    pub fn name(self) -> &'static str {
        use Opcode::*;
        match self {
            Ret => "ret",
            Br => "br",
            Switch => "switch",
            IndirectBr => "indirectbr",
            Invoke => "invoke",
            Resume => "resume",
            Unreachable => "unreachable",
            CleanupRet => "cleanupret",
            CatchRet => "catchret",
            CatchSwitch => "catchswitch",
            CallBr => "callbr",
            FNeg => "fneg",
            Add => "add",
            FAdd => "fadd",
            Sub => "sub",
            FSub => "fsub",
            Mul => "mul",
            FMul => "fmul",
            UDiv => "udiv",
            SDiv => "sdiv",
            FDiv => "fdiv",
            URem => "urem",
            SRem => "srem",
            FRem => "frem",
            Shl => "shl",
            LShr => "lshr",
            AShr => "ashr",
            And => "and",
            Or => "or",
            Xor => "xor",
            Alloca => "alloca",
            Load => "load",
            Store => "store",
            GetElementPtr => "getelementptr",
            Fence => "fence",
            AtomicCmpXchg => "cmpxchg",
            AtomicRmw => "atomicrmw",
            Trunc => "trunc",
            ZExt => "zext",
            SExt => "sext",
            FPToUI => "fptoui",
            FPToSI => "fptosi",
            UIToFP => "uitofp",
            SIToFP => "sitofp",
            FPTrunc => "fptrunc",
            FPExt => "fpext",
            PtrToInt => "ptrtoint",
            IntToPtr => "inttoptr",
            BitCast => "bitcast",
            AddrSpaceCast => "addrspacecast",
            CleanupPad => "cleanuppad",
            CatchPad => "catchpad",
            ICmp => "icmp",
            FCmp => "fcmp",
            Phi => "phi",
            Call => "call",
            Select => "select",
            VAArg => "va_arg",
            ExtractElement => "extractelement",
            InsertElement => "insertelement",
            ShuffleVector => "shufflevector",
            ExtractValue => "extractvalue",
            InsertValue => "insertvalue",
            LandingPad => "landingpad",
            Freeze => "freeze",
            DbgValue => "dbg_value",
            DbgDeclare => "dbg_declare",
            DbgAssign => "dbg_assign",
            DbgLabel => "dbg_label",
        }
    }

    pub fn is_terminator(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Ret | Br
                | Switch
                | IndirectBr
                | Invoke
                | Resume
                | Unreachable
                | CleanupRet
                | CatchRet
                | CatchSwitch
                | CallBr
        )
    }

    pub fn is_binary(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Add | FAdd
                | Sub
                | FSub
                | Mul
                | FMul
                | UDiv
                | SDiv
                | FDiv
                | URem
                | SRem
                | FRem
                | Shl
                | LShr
                | AShr
                | And
                | Or
                | Xor
        )
    }

    pub fn is_cast(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Trunc
                | ZExt
                | SExt
                | FPToUI
                | FPToSI
                | UIToFP
                | SIToFP
                | FPTrunc
                | FPExt
                | PtrToInt
                | IntToPtr
                | BitCast
                | AddrSpaceCast
        )
    }

    pub fn is_debug_record(self) -> bool {
        matches!(
            self,
            Opcode::DbgValue | Opcode::DbgDeclare | Opcode::DbgAssign | Opcode::DbgLabel
        )
    }

    /// `call`, `invoke` and `callbr`: operands laid out per [`CallInfo`].
    pub fn is_call_like(self) -> bool {
        matches!(self, Opcode::Call | Opcode::Invoke | Opcode::CallBr)
    }
}

/// Instruction flags: wrap/exact flags, GEP flags, fast-math flags and
/// `volatile`. Only the flags meaningful for an opcode may be set.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Flags(pub u32);

impl Flags {
    pub const NONE: Flags = Flags(0);
    pub const NUW: Flags = Flags(1 << 0);
    pub const NSW: Flags = Flags(1 << 1);
    pub const EXACT: Flags = Flags(1 << 2);
    pub const DISJOINT: Flags = Flags(1 << 3);
    pub const NNEG: Flags = Flags(1 << 4);
    /// `getelementptr inbounds`.
    pub const INBOUNDS: Flags = Flags(1 << 5);
    /// `getelementptr nusw`.
    pub const NUSW: Flags = Flags(1 << 6);
    /// `icmp samesign`.
    pub const SAMESIGN: Flags = Flags(1 << 7);
    pub const VOLATILE: Flags = Flags(1 << 8);
    // Fast-math flags.
    pub const REASSOC: Flags = Flags(1 << 16);
    pub const NNAN: Flags = Flags(1 << 17);
    pub const NINF: Flags = Flags(1 << 18);
    pub const NSZ: Flags = Flags(1 << 19);
    pub const ARCP: Flags = Flags(1 << 20);
    pub const CONTRACT: Flags = Flags(1 << 21);
    pub const AFN: Flags = Flags(1 << 22);
    /// All seven fast-math flags (`fast`).
    pub const FAST: Flags = Flags(0x7F << 16);

    pub fn contains(self, f: Flags) -> bool {
        self.0 & f.0 == f.0
    }
    pub fn insert(&mut self, f: Flags) {
        self.0 |= f.0;
    }
    pub fn remove(&mut self, f: Flags) {
        self.0 &= !f.0;
    }
    pub fn union(self, f: Flags) -> Flags {
        Flags(self.0 | f.0)
    }
    /// The fast-math subset.
    pub fn fast_math(self) -> Flags {
        Flags(self.0 & Self::FAST.0)
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// `icmp` and `fcmp` predicates.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Predicate {
    // icmp
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
    // fcmp
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Ueq,
    FUgt,
    FUge,
    FUlt,
    FUle,
    Une,
    Uno,
    True,
}

impl Predicate {
    pub fn name(self) -> &'static str {
        use Predicate::*;
        match self {
            Eq => "eq",
            Ne => "ne",
            Ugt | FUgt => "ugt",
            Uge | FUge => "uge",
            Ult | FUlt => "ult",
            Ule | FUle => "ule",
            Sgt => "sgt",
            Sge => "sge",
            Slt => "slt",
            Sle => "sle",
            False => "false",
            Oeq => "oeq",
            Ogt => "ogt",
            Oge => "oge",
            Olt => "olt",
            Ole => "ole",
            One => "one",
            Ord => "ord",
            Ueq => "ueq",
            Une => "une",
            Uno => "uno",
            True => "true",
        }
    }

    /// Parses an `icmp` predicate.
    pub fn from_icmp_name(s: &str) -> Option<Self> {
        use Predicate::*;
        Some(match s {
            "eq" => Eq,
            "ne" => Ne,
            "ugt" => Ugt,
            "uge" => Uge,
            "ult" => Ult,
            "ule" => Ule,
            "sgt" => Sgt,
            "sge" => Sge,
            "slt" => Slt,
            "sle" => Sle,
            _ => return None,
        })
    }

    /// Parses an `fcmp` predicate.
    pub fn from_fcmp_name(s: &str) -> Option<Self> {
        use Predicate::*;
        Some(match s {
            "false" => False,
            "oeq" => Oeq,
            "ogt" => Ogt,
            "oge" => Oge,
            "olt" => Olt,
            "ole" => Ole,
            "one" => One,
            "ord" => Ord,
            "ueq" => Ueq,
            "ugt" => FUgt,
            "uge" => FUge,
            "ult" => FUlt,
            "ule" => FUle,
            "une" => Une,
            "uno" => Uno,
            "true" => True,
            _ => return None,
        })
    }

    /// Whether this is an `icmp` predicate.
    pub fn is_int(self) -> bool {
        use Predicate::*;
        matches!(
            self,
            Eq | Ne | Ugt | Uge | Ult | Ule | Sgt | Sge | Slt | Sle
        )
    }

    /// `sgt`, `sge`, `slt` or `sle`.
    pub fn is_signed(self) -> bool {
        use Predicate::*;
        matches!(self, Sgt | Sge | Slt | Sle)
    }

    /// `ugt`, `uge`, `ult` or `ule` of `icmp`.
    pub fn is_unsigned(self) -> bool {
        use Predicate::*;
        matches!(self, Ugt | Uge | Ult | Ule)
    }

    /// The predicate that is true exactly when this one is false (LLVM's
    /// `getInversePredicate`): `slt` and `sge`, `oeq` and `une`, `ord`
    /// and `uno`, `false` and `true`.
    pub fn inverse(self) -> Predicate {
        use Predicate::*;
        match self {
            Eq => Ne,
            Ne => Eq,
            Ugt => Ule,
            Uge => Ult,
            Ult => Uge,
            Ule => Ugt,
            Sgt => Sle,
            Sge => Slt,
            Slt => Sge,
            Sle => Sgt,
            False => True,
            True => False,
            Oeq => Une,
            Une => Oeq,
            Ogt => FUle,
            FUle => Ogt,
            Oge => FUlt,
            FUlt => Oge,
            Olt => FUge,
            FUge => Olt,
            Ole => FUgt,
            FUgt => Ole,
            One => Ueq,
            Ueq => One,
            Ord => Uno,
            Uno => Ord,
        }
    }

    /// The predicate for the operands swapped (LLVM's
    /// `getSwappedPredicate`): `a slt b` is `b sgt a`.
    pub fn swapped(self) -> Predicate {
        use Predicate::*;
        match self {
            Ugt => Ult,
            Uge => Ule,
            Ult => Ugt,
            Ule => Uge,
            Sgt => Slt,
            Sge => Sle,
            Slt => Sgt,
            Sle => Sge,
            Ogt => Olt,
            Oge => Ole,
            Olt => Ogt,
            Ole => Oge,
            FUgt => FUlt,
            FUge => FUle,
            FUlt => FUgt,
            FUle => FUge,
            other => other,
        }
    }

    /// The strict form of an integer order (`sle` to `slt`); others
    /// unchanged.
    pub fn strict(self) -> Predicate {
        use Predicate::*;
        match self {
            Sle => Slt,
            Sge => Sgt,
            Ule => Ult,
            Uge => Ugt,
            o => o,
        }
    }

    /// The non-strict form of an integer order (`slt` to `sle`); others
    /// unchanged.
    pub fn non_strict(self) -> Predicate {
        use Predicate::*;
        match self {
            Slt => Sle,
            Sgt => Sge,
            Ult => Ule,
            Ugt => Uge,
            o => o,
        }
    }

    /// The signed form of an unsigned integer order and vice versa;
    /// others unchanged.
    pub fn flipped_signedness(self) -> Predicate {
        use Predicate::*;
        match self {
            Slt => Ult,
            Sle => Ule,
            Sgt => Ugt,
            Sge => Uge,
            Ult => Slt,
            Ule => Sle,
            Ugt => Sgt,
            Uge => Sge,
            o => o,
        }
    }
}

/// Atomic orderings.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Ordering {
    Unordered,
    Monotonic,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

impl Ordering {
    pub fn name(self) -> &'static str {
        match self {
            Ordering::Unordered => "unordered",
            Ordering::Monotonic => "monotonic",
            Ordering::Acquire => "acquire",
            Ordering::Release => "release",
            Ordering::AcqRel => "acq_rel",
            Ordering::SeqCst => "seq_cst",
        }
    }
    pub fn from_name(s: &str) -> Option<Self> {
        Some(match s {
            "unordered" => Ordering::Unordered,
            "monotonic" => Ordering::Monotonic,
            "acquire" => Ordering::Acquire,
            "release" => Ordering::Release,
            "acq_rel" => Ordering::AcqRel,
            "seq_cst" => Ordering::SeqCst,
            _ => return None,
        })
    }
}

/// Atomic ordering plus synchronization scope (`syncscope("agent")`;
/// `None` is the default system scope).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Atomic {
    pub ordering: Ordering,
    pub syncscope: Option<Box<str>>,
}

/// How a call is marked: `tail`, `musttail`, `notail`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum TailKind {
    #[default]
    None,
    Tail,
    MustTail,
    NoTail,
}

/// An operand bundle `"tag"(ops...)`; its operands sit in the
/// instruction's operand list after the arguments.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Bundle {
    pub tag: Box<str>,
    pub num_ops: u32,
}

/// Call-site data of `call`, `invoke` and `callbr`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct CallInfo {
    /// The callee's function type.
    pub fn_ty: Type,
    /// Calling convention number (0 = `ccc`; see [`crate::callconv`]).
    pub cconv: u32,
    pub tail: TailKind,
    pub fn_attrs: AttrSet,
    pub ret_attrs: AttrSet,
    /// One set per argument (may be shorter than the argument list when the
    /// trailing ones are empty).
    pub param_attrs: Vec<AttrSet>,
    pub num_args: u32,
    pub bundles: Vec<Bundle>,
    /// Whether the call was written with an explicit function type
    /// (`call i32 (ptr, ...) @printf(...)`); the printer decides itself, this
    /// is only a hint.
    pub explicit_fn_ty: bool,
}

/// A `landingpad` clause kind; the clause value is the operand at the same
/// position.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ClauseKind {
    Catch,
    Filter,
}

/// `atomicrmw` operations.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    FAdd,
    FSub,
    FMax,
    FMin,
    UIncWrap,
    UDecWrap,
    USubCond,
    USubSat,
}

impl RmwOp {
    pub const ALL: [RmwOp; 19] = [
        RmwOp::Xchg,
        RmwOp::Add,
        RmwOp::Sub,
        RmwOp::And,
        RmwOp::Nand,
        RmwOp::Or,
        RmwOp::Xor,
        RmwOp::Max,
        RmwOp::Min,
        RmwOp::UMax,
        RmwOp::UMin,
        RmwOp::FAdd,
        RmwOp::FSub,
        RmwOp::FMax,
        RmwOp::FMin,
        RmwOp::UIncWrap,
        RmwOp::UDecWrap,
        RmwOp::USubCond,
        RmwOp::USubSat,
    ];
    pub fn name(self) -> &'static str {
        match self {
            RmwOp::Xchg => "xchg",
            RmwOp::Add => "add",
            RmwOp::Sub => "sub",
            RmwOp::And => "and",
            RmwOp::Nand => "nand",
            RmwOp::Or => "or",
            RmwOp::Xor => "xor",
            RmwOp::Max => "max",
            RmwOp::Min => "min",
            RmwOp::UMax => "umax",
            RmwOp::UMin => "umin",
            RmwOp::FAdd => "fadd",
            RmwOp::FSub => "fsub",
            RmwOp::FMax => "fmax",
            RmwOp::FMin => "fmin",
            RmwOp::UIncWrap => "uinc_wrap",
            RmwOp::UDecWrap => "udec_wrap",
            RmwOp::USubCond => "usub_cond",
            RmwOp::USubSat => "usub_sat",
        }
    }
    pub fn from_name(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|op| op.name() == s)
    }
}

/// Opcode-specific data. Never holds values or blocks (those are operands).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Extra {
    #[default]
    None,
    /// `icmp`/`fcmp`.
    Cmp(Predicate),
    /// `alloca`.
    Alloca(Box<AllocaInfo>),
    /// `load` / `store`: alignment and atomicity (`volatile` is a flag).
    Mem {
        align: Option<u64>,
        atomic: Option<Box<Atomic>>,
    },
    /// `getelementptr`.
    Gep { source_ty: Type },
    /// `call`, `invoke`, `callbr`.
    Call(Box<CallInfo>),
    /// `cmpxchg`.
    CmpXchg(Box<CmpXchgInfo>),
    /// `atomicrmw`.
    Rmw(Box<RmwInfo>),
    /// `fence`.
    Fence(Box<Atomic>),
    /// `extractvalue` / `insertvalue` indices.
    Indices(Box<[u32]>),
    /// `shufflevector` mask; `-1` is `poison`.
    Shuffle(Box<[i32]>),
    /// `landingpad`.
    LandingPad {
        cleanup: bool,
        clauses: Box<[ClauseKind]>,
    },
    /// `catchswitch`: whether the last operand is an unwind destination.
    CatchSwitch { has_unwind: bool },
}

/// `alloca` data.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AllocaInfo {
    pub allocated_ty: Type,
    pub align: Option<u64>,
    pub addrspace: u32,
    pub inalloca: bool,
    pub swifterror: bool,
}

/// `cmpxchg` data.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct CmpXchgInfo {
    pub weak: bool,
    pub syncscope: Option<Box<str>>,
    pub success: Ordering,
    pub failure: Ordering,
    pub align: Option<u64>,
}

/// `atomicrmw` data.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RmwInfo {
    pub op: RmwOp,
    pub atomic: Atomic,
    pub align: Option<u64>,
}

/// An instruction.
#[derive(Clone, PartialEq, Debug)]
pub struct InstData {
    pub opcode: Opcode,
    /// Result type; `void` for instructions without a result.
    pub ty: Type,
    pub flags: Flags,
    /// Operands; see the module docs for the layout per opcode. Mutate them
    /// only through [`crate::Function`] methods so that use lists stay right.
    pub(crate) operands: SmallVec<[Operand; 3]>,
    pub extra: Extra,
    /// Metadata attachments (`!dbg`, `!llvm.loop`, `!tbaa`, ...).
    pub md: Attachments,
}

impl InstData {
    /// A new instruction with no flags, extra data or metadata.
    pub fn new(opcode: Opcode, ty: Type, operands: impl IntoIterator<Item = Operand>) -> Self {
        InstData {
            opcode,
            ty,
            flags: Flags::NONE,
            operands: operands.into_iter().collect(),
            extra: Extra::None,
            md: Attachments::default(),
        }
    }

    pub fn with_flags(mut self, flags: Flags) -> Self {
        self.flags = flags;
        self
    }

    pub fn with_extra(mut self, extra: Extra) -> Self {
        self.extra = extra;
        self
    }

    pub fn operands(&self) -> &[Operand] {
        &self.operands
    }

    /// Call-site data of a call-like instruction.
    pub fn call_info(&self) -> Option<&CallInfo> {
        match &self.extra {
            Extra::Call(c) => Some(c),
            _ => None,
        }
    }

    /// The callee operand of a call-like instruction.
    pub fn callee(&self) -> Option<Operand> {
        self.call_info().map(|_| self.operands[0])
    }

    /// The argument operands of a call-like instruction.
    pub fn call_args(&self) -> &[Operand] {
        match self.call_info() {
            Some(c) => &self.operands[1..1 + c.num_args as usize],
            None => &[],
        }
    }

    /// The successor blocks of a terminator, in operand order.
    pub fn successors(&self) -> impl Iterator<Item = Block> + '_ {
        let ops: &[Operand] = if self.opcode.is_terminator() {
            &self.operands
        } else {
            &[]
        };
        ops.iter().filter_map(|o| o.as_block())
    }

    /// The predicate of a compare.
    pub fn predicate(&self) -> Option<Predicate> {
        match self.extra {
            Extra::Cmp(p) => Some(p),
            _ => None,
        }
    }
}
