//! Descriptors of a loop's header phis: inductions, reductions and
//! fixed-order recurrences, as LLVM 19's `IVDescriptors` describe them for
//! the loop vectorizer, and for every other phi the reasons it is none of
//! them.
//!
//! [`PhiDescriptors::compute`] prepares a function (program order; its
//! demanded bits when a reduction first needs them);
//! [`PhiDescriptors::loop_phis`] classifies the header phis of one
//! loop in the order of LLVM's `LoopVectorizationLegality::
//! canVectorizeInstrs`:
//! 1. a phi of another type than integer, floating point or pointer, or
//!    with other than two incoming values, is rejected;
//! 2. a reduction ([`ReductionDesc`], `isReductionPHI`), trying the kinds
//!    in LLVM's order ([`RecurKind::LLVM_ORDER`]);
//! 3. an induction without run-time predicates ([`InductionDesc`],
//!    `isInductionPHI`), except a pointer induction with a variable step;
//! 4. a fixed-order recurrence ([`FixedOrderRecurrence`],
//!    `isFixedOrderRecurrence`);
//! 5. an induction under run-time predicates (the update's `trunc`/`sext`
//!    chain), again except variable-step pointer inductions;
//! 6. otherwise [`PhiClass::Unidentified`] with why it failed each: the
//!    vectorizer's "value that could not be identified as reduction is
//!    used outside the loop".
//!
//! The loop needs one predecessor outside it and one latch; otherwise
//! every phi is [`PhiClass::LoopNotSimplified`]. The predecessor need not
//! be a preheader (the vectorizer runs loop-simplify first, and the
//! preheader it inserts passes the predecessor's values on). The
//! descriptors are computed for any loop, not only innermost ones.
//!
//! # What each descriptor guarantees
//!
//! - Induction: the phi equals `start + k * step` in iteration `k` (with
//!   wrapping integer or pointer arithmetic in the phi's type; floating
//!   point: repeated `fadd`/`fsub`), under the descriptor's predicates.
//! - Reduction: the loop computes, as the exit value, `start` combined by
//!   the kind's operation with one value per executed operation of the
//!   cycle, none of which depends on the phi; for the reassociable kinds
//!   (all but [`ReductionDesc::ordered`] ones and those with
//!   [`ReductionDesc::exact_fp_math`]) in any order and grouping. The
//!   property test (`tests/ivdesc_props.rs`) checks this by replaying
//!   random loops with lane-split accumulators.
//! - Fixed-order recurrence: the phi holds `previous` of the iteration
//!   `order` iterations back, and the [`FixedOrderRecurrence::sink`]
//!   instructions can move after `previous`.
//!
//! # Differences from LLVM 19
//!
//! Each is a case where loopwright rejects (or narrows less) where LLVM
//! might accept, never the reverse, except where noted:
//! - The demanded bits that decide a masked reduction's width are a
//!   conservative subset of LLVM's ([`crate::demanded`]): where LLVM
//!   finds fewer bits needed than the mask, loopwright may find the mask's
//!   width and accept a narrowing LLVM rejects (computing in the mask's
//!   width is still exact: the value needs no more bits).
//! - Intermediate stores must all be in one block, and the descriptor's
//!   store is the last one in program order (LLVM takes the last its walk
//!   meets, and its legality rejects the loop later when that is not the
//!   last store to the address).
//! - Every phi is classified on its own: LLVM's predicated scalar
//!   evolution accumulates the predicates of earlier phis of the loop and
//!   rewrites later expressions with them.
//! - Users are visited in the order of LLVM's use lists as the parser
//!   builds them (newest first); LLVM's order can differ for values used
//!   before their definition in the text, which can change which of two
//!   equally wrong uses a failure names.
//! - A cast sequence of a predicated induction starts at the first value
//!   whose expression is the update's `ext(trunc(phi))` (LLVM compares
//!   predicated expressions, which also finds values equal to it by other
//!   arithmetic).

mod induction;
mod recurrence;
mod reduction;
mod util;

#[cfg(test)]
mod tests;

pub use induction::{InductionDesc, InductionFailure, InductionKind, InductionStep};
pub use recurrence::{FixedOrderRecurrence, RecurrenceFailure, SinkBlocker};
pub use reduction::{ReductionDesc, ReductionFailure};

use crate::demanded::DemandedBits;
use crate::loops::Loop;
use crate::scev::ScalarEvolution;
use loopwright_ir::print::LocalNames;
use loopwright_ir::{Flags, Function, Inst, Module, Operand};
use std::cell::OnceCell;
use util::{Cx, ProgramOrder};

/// The kinds of reductions (LLVM 19's `RecurKind`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecurKind {
    Add,
    Mul,
    Or,
    And,
    Xor,
    SMin,
    SMax,
    UMin,
    UMax,
    FAdd,
    FMul,
    /// `minnum` semantics (`fcmp`+`select` or `llvm.minnum`), needs
    /// `nnan nsz`.
    FMin,
    FMax,
    /// `llvm.minimum`.
    FMinimum,
    FMaximum,
    /// `llvm.fmuladd(a, b, sum)`.
    FMulAdd,
    /// `select(icmp, x, start)`-style: whether any iteration picked the
    /// loop-invariant value.
    IAnyOf,
    /// The same with an `fcmp` condition.
    FAnyOf,
}

impl RecurKind {
    /// The order `isReductionPHI` tries the kinds in.
    pub const LLVM_ORDER: [RecurKind; 18] = [
        RecurKind::Add,
        RecurKind::Mul,
        RecurKind::Or,
        RecurKind::And,
        RecurKind::Xor,
        RecurKind::SMax,
        RecurKind::SMin,
        RecurKind::UMax,
        RecurKind::UMin,
        RecurKind::IAnyOf,
        RecurKind::FMul,
        RecurKind::FAdd,
        RecurKind::FMax,
        RecurKind::FMin,
        RecurKind::FAnyOf,
        RecurKind::FMulAdd,
        RecurKind::FMaximum,
        RecurKind::FMinimum,
    ];

    /// LLVM's `isIntegerRecurrenceKind` (any-of kinds are integer kinds:
    /// their phi is an integer whatever the compare).
    pub fn is_integer(self) -> bool {
        use RecurKind::*;
        matches!(
            self,
            Add | Mul | Or | And | Xor | SMax | SMin | UMax | UMin | IAnyOf | FAnyOf
        )
    }
    pub fn is_float(self) -> bool {
        !self.is_integer()
    }
    pub fn is_int_min_max(self) -> bool {
        use RecurKind::*;
        matches!(self, SMin | SMax | UMin | UMax)
    }
    pub fn is_fp_min_max(self) -> bool {
        use RecurKind::*;
        matches!(self, FMin | FMax | FMinimum | FMaximum)
    }
    pub fn is_min_max(self) -> bool {
        self.is_int_min_max() || self.is_fp_min_max()
    }
    pub fn is_any_of(self) -> bool {
        matches!(self, RecurKind::IAnyOf | RecurKind::FAnyOf)
    }

    /// A short name: `add`, `smin`, `fmuladd`, `any-of`, `fany-of`, ...
    pub fn name(self) -> &'static str {
        use RecurKind::*;
        match self {
            Add => "add",
            Mul => "mul",
            Or => "or",
            And => "and",
            Xor => "xor",
            SMin => "smin",
            SMax => "smax",
            UMin => "umin",
            UMax => "umax",
            FAdd => "fadd",
            FMul => "fmul",
            FMin => "fmin",
            FMax => "fmax",
            FMinimum => "fminimum",
            FMaximum => "fmaximum",
            FMulAdd => "fmuladd",
            IAnyOf => "any-of",
            FAnyOf => "fany-of",
        }
    }
}

/// What a header phi is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhiClass {
    Induction(InductionDesc),
    Reduction(ReductionDesc),
    FixedOrderRecurrence(FixedOrderRecurrence),
    /// The phi's type is no integer, floating-point or pointer scalar.
    UnsupportedType,
    /// The phi has this many incoming values instead of two.
    IncomingCount(usize),
    /// The loop has more than one predecessor outside it or more than one
    /// latch (loop-simplify would give the phi other incoming values).
    LoopNotSimplified,
    /// None of the three; why not for each.
    Unidentified {
        reduction: ReductionFailure,
        induction: InductionFailure,
        recurrence: RecurrenceFailure,
    },
}

impl PhiClass {
    /// Whether the phi has a descriptor (the vectorizer can handle it).
    pub fn is_identified(&self) -> bool {
        matches!(
            self,
            PhiClass::Induction(_) | PhiClass::Reduction(_) | PhiClass::FixedOrderRecurrence(_)
        )
    }
}

/// One header phi and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhiInfo {
    pub phi: Inst,
    pub class: PhiClass,
}

/// The per-function state of the phi analysis.
pub struct PhiDescriptors {
    /// Computed for the first integer reduction that asks for its width
    /// (LLVM's `DemandedBits` also analyzes the function on its first
    /// query): most functions have none, and the analysis is a pass over
    /// the whole function.
    demanded: OnceCell<DemandedBits>,
    order: ProgramOrder,
}

impl PhiDescriptors {
    /// Prepares `f` (a function of `m`): its program order. O(instructions).
    /// `m` and `f` must be the ones later queries pass.
    pub fn compute(_m: &Module, f: &Function) -> Self {
        PhiDescriptors {
            demanded: OnceCell::new(),
            order: ProgramOrder::compute(f),
        }
    }

    /// The demanded bits of `f` (the function this was computed for, in
    /// `m`), computed on the first call.
    pub fn demanded_bits(&self, m: &Module, f: &Function) -> &DemandedBits {
        self.demanded.get_or_init(|| DemandedBits::compute(m, f))
    }

    /// The header phis of `l`, in order, with what each is. `se` must be
    /// the scalar evolution of the function this was computed for.
    pub fn loop_phis(&self, se: &mut ScalarEvolution<'_>, l: Loop) -> Vec<PhiInfo> {
        let f = se.f;
        let header = se.lf.header(l);
        let phis: Vec<Inst> = f
            .layout
            .block_insts(header)
            .filter(|&i| !f.inst(i).opcode.is_debug_record())
            .take_while(|&i| f.inst(i).opcode == loopwright_ir::Opcode::Phi)
            .collect();
        let Some(cx) = Cx::new(se, &self.order, l) else {
            return phis
                .into_iter()
                .map(|phi| PhiInfo {
                    phi,
                    class: PhiClass::LoopNotSimplified,
                })
                .collect();
        };
        phis.into_iter()
            .map(|phi| PhiInfo {
                phi,
                class: self.classify(&cx, se, phi),
            })
            .collect()
    }

    fn classify(&self, cx: &Cx<'_>, se: &mut ScalarEvolution<'_>, phi: Inst) -> PhiClass {
        let d = cx.inst(phi);
        if !cx.is_scalar_int_fp_ptr(d.ty) || cx.result(phi).is_none() {
            return PhiClass::UnsupportedType;
        }
        let n = d.operands().len() / 2;
        if n != 2
            || cx.incoming(phi, cx.preheader).is_none()
            || cx.incoming(phi, cx.latch).is_none()
        {
            return PhiClass::IncomingCount(n);
        }
        let reducer = reduction::Reducer::new(cx, phi);
        let reduction = match reducer.reduction(se, &self.demanded) {
            Ok(r) => return PhiClass::Reduction(r),
            Err(e) => e,
        };
        let allowed = |r: Result<InductionDesc, InductionFailure>, se: &ScalarEvolution<'_>| {
            r.and_then(|d| {
                if d.kind == InductionKind::Ptr && d.const_step(se).is_none() {
                    Err(InductionFailure::VariablePointerStep)
                } else {
                    Ok(d)
                }
            })
        };
        let first = allowed(induction::induction(cx, se, phi, false), se);
        if let Ok(d) = first {
            return PhiClass::Induction(d);
        }
        let recurrence = match recurrence::fixed_order_recurrence(cx, phi) {
            Ok(r) => return PhiClass::FixedOrderRecurrence(r),
            Err(e) => e,
        };
        let induction = match allowed(induction::induction(cx, se, phi, true), se) {
            Ok(d) => return PhiClass::Induction(d),
            Err(e) => match first {
                Err(InductionFailure::VariablePointerStep) => InductionFailure::VariablePointerStep,
                _ => e,
            },
        };
        PhiClass::Unidentified {
            reduction,
            induction,
            recurrence,
        }
    }
}

// ---------------------------------------------------------------- text

/// How the descriptors name values: as the IR printer does.
pub struct Namer<'a, 'f> {
    pub m: &'a Module,
    pub f: &'f Function,
    pub names: &'a LocalNames<'f>,
}

impl Namer<'_, '_> {
    /// `%name` of an instruction's result (`<void>` for none).
    pub fn inst(&self, i: Inst) -> String {
        match self.f.inst_result(i) {
            Some(v) => self.names.value(v),
            None => format!("<{}>", self.f.inst(i).opcode.name()),
        }
    }

    /// An operand as the printer writes it (without its type).
    pub fn operand(&self, o: Operand) -> String {
        match o {
            Operand::Value(v) => self.names.value(v),
            Operand::Const(c) => const_text(self.m, c),
            _ => "<operand>".into(),
        }
    }
}

/// A constant in short form: integers in signed decimal (`true`/`false`
/// for `i1`), `float`/`double` in decimal, other floats as raw bits,
/// `@global`, `null`, `undef`, `poison`; `<constant>` for the rest.
pub fn const_text(m: &Module, c: loopwright_ir::Const) -> String {
    use loopwright_ir::{ConstData, TypeData};
    match m.consts.data(c) {
        ConstData::Int { val, .. } if val.bits() == 1 => {
            if val.is_zero() { "false" } else { "true" }.into()
        }
        ConstData::Int { val, .. } => val.to_signed_string(),
        ConstData::Float { ty, bits } => match m.types.data(*ty) {
            TypeData::Float => format!("{:?}", f32::from_bits(*bits as u32)),
            TypeData::Double => format!("{:?}", f64::from_bits(*bits as u64)),
            _ => format!("0x{bits:X}"),
        },
        ConstData::Null(_) => "null".into(),
        ConstData::Undef(_) => "undef".into(),
        ConstData::Poison(_) => "poison".into(),
        ConstData::Zero(_) => "zeroinitializer".into(),
        ConstData::Global { global, .. } => match m.global_name(*global) {
            Some(name) if !name.is_empty() => format!("@{name}"),
            _ => "@<unnamed>".into(),
        },
        _ => "<constant>".into(),
    }
}

/// The fast-math flags as LLVM prints them (`fast`, or the individual
/// flags in LLVM's order), `none` when empty.
pub fn fast_math_text(f: Flags) -> String {
    let f = f.fast_math();
    if f.contains(Flags::FAST) {
        return "fast".into();
    }
    let names = [
        (Flags::REASSOC, "reassoc"),
        (Flags::NNAN, "nnan"),
        (Flags::NINF, "ninf"),
        (Flags::NSZ, "nsz"),
        (Flags::ARCP, "arcp"),
        (Flags::CONTRACT, "contract"),
        (Flags::AFN, "afn"),
    ];
    let v: Vec<&str> = names
        .iter()
        .filter(|(x, _)| f.contains(*x))
        .map(|(_, n)| *n)
        .collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(" ")
    }
}

impl ReductionFailure {
    /// A stable identifier (`snake_case`).
    pub fn code(&self) -> &'static str {
        use ReductionFailure::*;
        match self {
            UnsupportedType => "unsupported_type",
            NoReductionOperation => "no_reduction_operation",
            PhiUsedOutside { .. } => "phi_used_outside",
            PartialValueEscapes { .. } => "partial_value_escapes",
            TwoExitValues { .. } => "two_exit_values",
            NoExitValue => "no_exit_value",
            NonReductionUser { .. } => "non_reduction_user",
            MinMaxMismatch { .. } => "min_max_mismatch",
            MissingFastMath { .. } => "missing_fast_math",
            MultipleUses { .. } => "multiple_uses",
            NotFirstOperand { .. } => "not_first_operand",
            FMulAddMultiplicand { .. } => "fmuladd_multiplicand",
            OtherHeaderPhi { .. } => "other_header_phi",
            PhiInputOutsideCycle { .. } => "phi_input_outside_cycle",
            ChainEndsUnused { .. } => "chain_ends_unused",
            NoCycle => "no_cycle",
            IncompleteMinMax => "incomplete_min_max",
            AnyOfSelectCount { .. } => "any_of_select_count",
            StoreToVaryingAddress { .. } => "store_to_varying_address",
            StoresToDifferentAddresses { .. } => "stores_to_different_addresses",
            StoredAsAddress { .. } => "stored_as_address",
            StoredValueNotFinal { .. } => "stored_value_not_final",
            StoresInDifferentBlocks { .. } => "stores_in_different_blocks",
            NarrowingMismatch { .. } => "narrowing_mismatch",
        }
    }

    /// A sentence saying why.
    pub fn describe(&self, n: &Namer<'_, '_>) -> String {
        use ReductionFailure::*;
        match *self {
            UnsupportedType => "no integer or floating-point value".into(),
            NoReductionOperation => "the backedge value is no reduction operation".into(),
            PhiUsedOutside { user } => format!(
                "the phi's value of the iteration before is used after the loop by {}",
                n.inst(user)
            ),
            PartialValueEscapes { value } => {
                format!("the partial value {} is used after the loop", n.inst(value))
            }
            TwoExitValues { first, second } => format!(
                "two values are used after the loop: {} and {}",
                n.inst(first),
                n.inst(second)
            ),
            NoExitValue => "no value of the cycle is used after the loop".into(),
            NonReductionUser { user, kind } => format!(
                "{} uses the cycle but is no {} operation",
                n.inst(user),
                kind.name()
            ),
            MinMaxMismatch { user, kind, found } => format!(
                "{} is a {} in a {} cycle",
                n.inst(user),
                found.name(),
                kind.name()
            ),
            MissingFastMath { user } => {
                format!("{} lacks the nnan and nsz flags", n.inst(user))
            }
            MultipleUses { user } => format!("{} uses the cycle more than once", n.inst(user)),
            NotFirstOperand { user } => format!(
                "{} does not take the cycle's value as its first operand",
                n.inst(user)
            ),
            FMulAddMultiplicand { user } => {
                format!("the cycle's value is a multiplicand of {}", n.inst(user))
            }
            OtherHeaderPhi { phi } => format!("the cycle goes through header phi {}", n.inst(phi)),
            PhiInputOutsideCycle { phi } => format!(
                "phi {} in the cycle has an input from outside it",
                n.inst(phi)
            ),
            ChainEndsUnused { value } => format!("{} in the cycle has no users", n.inst(value)),
            NoCycle => "the uses do not lead back to the phi".into(),
            IncompleteMinMax => "a compare without its select (or the reverse)".into(),
            AnyOfSelectCount { selects } => {
                format!("an any-of cycle needs one select, not {selects}")
            }
            StoreToVaryingAddress { store } => format!(
                "{} stores the value to an address that varies in the loop",
                n.inst(store)
            ),
            StoresToDifferentAddresses { store } => {
                format!("{} stores the value to a second address", n.inst(store))
            }
            StoredAsAddress { store } => {
                format!("{} uses the value as an address", n.inst(store))
            }
            StoredValueNotFinal { store } => format!(
                "the last store {} does not store the final value",
                n.inst(store)
            ),
            StoresInDifferentBlocks { store } => {
                format!("{} stores the value in another block", n.inst(store))
            }
            NarrowingMismatch { masked, needed } => {
                format!("the phi is masked to {masked} bits but the value needs {needed}")
            }
        }
    }
}

impl InductionFailure {
    /// A stable identifier (`snake_case`).
    pub fn code(&self) -> &'static str {
        use InductionFailure::*;
        match self {
            UnsupportedType => "unsupported_type",
            NotAddRec => "not_add_rec",
            OtherLoop => "other_loop",
            StepNotInvariant => "step_not_invariant",
            VariablePointerStep => "variable_pointer_step",
            NotFAddFSub => "not_fadd_fsub",
            FpStepNotInvariant => "fp_step_not_invariant",
        }
    }

    /// A sentence saying why.
    pub fn describe(&self) -> &'static str {
        use InductionFailure::*;
        match self {
            UnsupportedType => "no integer, pointer, half, float or double value",
            NotAddRec => "not an add recurrence",
            OtherLoop => "an add recurrence of another loop",
            StepNotInvariant => "the step varies in the loop",
            VariablePointerStep => "a pointer induction with a variable step",
            NotFAddFSub => "the backedge value is no fadd or fsub of the phi",
            FpStepNotInvariant => "the floating-point step is computed in the loop",
        }
    }
}

impl RecurrenceFailure {
    /// A stable identifier (`snake_case`).
    pub fn code(&self) -> &'static str {
        use RecurrenceFailure::*;
        match self {
            PreviousNotInLoop => "previous_not_in_loop",
            PhiCycle => "phi_cycle",
            Cycle { .. } => "cycle",
            CannotSink { .. } => "cannot_sink",
        }
    }

    /// A sentence saying why.
    pub fn describe(&self, n: &Namer<'_, '_>) -> String {
        use RecurrenceFailure::*;
        match *self {
            PreviousNotInLoop => {
                "the backedge value is no instruction of the loop (or a phi outside the header)"
                    .into()
            }
            PhiCycle => "the backedge values form a cycle of phis".into(),
            Cycle { user } => format!("{} uses the phi and defines its next value", n.inst(user)),
            CannotSink { user, why } => format!(
                "{} cannot move after the next value's definition: {}",
                n.inst(user),
                match why {
                    SinkBlocker::OtherBlock => "it is in another block",
                    SinkBlocker::SideEffects => "it has side effects",
                    SinkBlocker::ReadsMemory => "it reads memory",
                    SinkBlocker::Terminator => "it is a terminator",
                }
            ),
        }
    }
}

impl PhiClass {
    /// A one-line summary: the kind and its facts, or why not.
    pub fn describe(&self, se: &ScalarEvolution<'_>, n: &Namer<'_, '_>) -> String {
        let expr = |s| crate::scev::print::expr_to_string_named(se, n.names, s);
        let list = |v: &[Inst]| v.iter().map(|&i| n.inst(i)).collect::<Vec<_>>().join(", ");
        match self {
            PhiClass::Induction(d) => {
                let kind = match d.kind {
                    InductionKind::Int => "int",
                    InductionKind::Ptr => "ptr",
                    InductionKind::Fp => "fp",
                };
                let mut s = format!("induction {kind}: start {}", n.operand(d.start));
                match d.step {
                    InductionStep::Scev(x) => {
                        s += &format!(", step {}", expr(x));
                        if d.kind == InductionKind::Ptr {
                            s += " bytes";
                        }
                    }
                    InductionStep::Fp(o) => s += &format!(", step {}", n.operand(o)),
                }
                if let Some(b) = d.bin_op {
                    s += &format!(", update {}", n.inst(b));
                }
                if let Some(e) = d.exact_fp_math {
                    s += &format!(", exact fp {}", n.inst(e));
                }
                if !d.predicates.is_empty() {
                    let p: Vec<String> = d
                        .predicates
                        .iter()
                        .map(|&p| se.predicate_to_string(Some(n.names), p))
                        .collect();
                    s += &format!(", if {}", p.join("; "));
                }
                if !d.casts.is_empty() {
                    s += &format!(", casts {}", list(&d.casts));
                }
                s
            }
            PhiClass::Reduction(d) => {
                let mut s = format!(
                    "reduction {}: start {}, exit {}",
                    d.kind.name(),
                    n.operand(d.start),
                    n.inst(d.exit)
                );
                if let Some(st) = d.intermediate_store {
                    s += &format!(", stored by {}", n.inst(st));
                }
                if d.kind.is_float() {
                    s += &format!(", fast-math {}", fast_math_text(d.fast_math));
                }
                if d.ordered {
                    s += ", ordered";
                }
                if let Some(e) = d.exact_fp_math {
                    s += &format!(", exact fp {}", n.inst(e));
                }
                if let Some(k) = d.narrowed_bits {
                    s += &format!(
                        ", in i{k} ({})",
                        if d.signed { "signed" } else { "unsigned" }
                    );
                }
                if !d.casts.is_empty() {
                    s += &format!(", casts {}", list(&d.casts));
                }
                s
            }
            PhiClass::FixedOrderRecurrence(r) => {
                let order = match r.order {
                    1 => "first-order".to_string(),
                    2 => "second-order".to_string(),
                    k => format!("order-{k}"),
                };
                let mut s = format!(
                    "{order} recurrence: start {}, previous {}",
                    n.operand(r.start),
                    n.inst(r.previous)
                );
                if !r.sink.is_empty() {
                    s += &format!(", sink {}", list(&r.sink));
                }
                s
            }
            PhiClass::UnsupportedType => {
                "unidentified: no integer, floating-point or pointer type".into()
            }
            PhiClass::IncomingCount(k) => format!("unidentified: {k} incoming values"),
            PhiClass::LoopNotSimplified => {
                "unidentified: the loop has several entries or several latches".into()
            }
            PhiClass::Unidentified {
                reduction,
                induction,
                recurrence,
            } => format!(
                "unidentified: not a reduction ({}); not an induction ({}); not a recurrence ({})",
                reduction.describe(n),
                induction.describe(),
                recurrence.describe(n)
            ),
        }
    }
}
