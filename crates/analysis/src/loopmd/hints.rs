//! Reading a LoopID: the typed view [`LoopAttrs`] and the transformation
//! modes.
//!
//! [`LoopAttrs::read`] never fails and never panics: whatever the node
//! holds, every operand after the self-reference ends up in
//! [`LoopAttrs::entries`] (in order), known attributes also in their typed
//! field, unknown ones in [`LoopAttrs::unknown`], and every malformed or
//! ambiguous operand produces an [`MdWarning`] naming the attribute. The
//! module docs (`loopmd`) list which LLVM reader each field follows.

use super::names::*;
use cranelift_entity::EntityRef;
use loopwright_ir::{ApInt, Block, ConstData, ConstPool, Function, Md, MdNode, Metadata, Module};
use rustc_hash::FxHashSet;
use std::borrow::Cow;
use std::fmt;

/// The largest unroll, unroll-and-jam or peel count accepted (a sanity
/// bound, LLVM's `pragma-unroll-full-max-iterations` default). Larger counts
/// are ignored with a warning.
pub const MAX_COUNT: u32 = 1_000_000;

/// `VectorizerParams::MaxVectorWidth`.
const MAX_VECTOR_WIDTH: u32 = 64;
/// `MaxInterleaveFactor` of `LoopVectorizationLegality.cpp`.
const MAX_INTERLEAVE_FACTOR: u32 = 16;

/// A problem found while reading a LoopID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MdWarning {
    /// The attribute name (or `loop id` for the node itself, or a
    /// description of the operand when it has no name).
    pub attr: String,
    pub message: String,
    /// Whether the operand was ignored (it still is in
    /// [`LoopAttrs::entries`]).
    pub ignored: bool,
}

impl fmt::Display for MdWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.attr, self.message)?;
        if self.ignored {
            f.write_str(" (ignored)")?;
        }
        Ok(())
    }
}

/// LLVM's `TransformationMode` for one transformation of one loop.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum TransformationMode {
    /// Nothing said: the pass decides by its heuristics.
    Unspecified,
    /// Hinted on (e.g. a vector width): heuristics still apply.
    Enabled,
    /// Off, but not by the user's explicit request (e.g.
    /// `llvm.loop.disable_nonforced`, `llvm.loop.isvectorized`).
    Disabled,
    /// Requested by the user (`TM_ForcedByUser`): a failure must be
    /// reported.
    Forced,
    /// Explicitly disabled by the user (`TM_SuppressedByUser`).
    Suppressed,
}

impl TransformationMode {
    /// `TM_Enable` bit: enabled or forced.
    pub fn is_enabled(self) -> bool {
        matches!(self, Self::Enabled | Self::Forced)
    }

    /// `TM_Disable` bit: disabled or suppressed.
    pub fn is_disabled(self) -> bool {
        matches!(self, Self::Disabled | Self::Suppressed)
    }

    /// `TM_Force` bit: the user said so explicitly.
    pub fn is_explicit(self) -> bool {
        matches!(self, Self::Forced | Self::Suppressed)
    }

    /// The name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            Self::Unspecified => "unspecified",
            Self::Enabled => "enabled",
            Self::Disabled => "disabled",
            Self::Forced => "forced",
            Self::Suppressed => "suppressed",
        }
    }
}

/// An attribute node `!{!"name", args...}` as the generic readers see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawAttr {
    pub node: MdNode,
    /// The name (metadata strings are bytes).
    pub name: Box<[u8]>,
    /// The operands after the name, verbatim.
    pub args: Vec<Option<Md>>,
    /// `getOptionalBoolLoopAttribute`: true without a value or with a
    /// non-integer value, the integer's truth otherwise; `None` with two or
    /// more values.
    pub bool_value: Option<bool>,
    /// With exactly one integer value: its width in bits.
    pub int_bits: Option<u32>,
    /// The single integer value sign-extended (`getSExtValue`), if it fits.
    pub sext: Option<i64>,
    /// The single integer value zero-extended (`getZExtValue`), if it fits.
    pub zext: Option<u64>,
}

impl RawAttr {
    /// The name as text (lossy for non-UTF-8 names).
    pub fn name_str(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.name)
    }

    pub fn is(&self, name: &str) -> bool {
        &*self.name == name.as_bytes()
    }

    /// `getOptionalIntLoopAttribute`: the single integer value, sign-extended
    /// and truncated to 32 bits as LLVM's `std::optional<int>` does.
    pub fn int_value(&self) -> Option<i32> {
        self.sext.map(|v| v as i32)
    }

    /// Whether the single value is an integer.
    pub fn has_int(&self) -> bool {
        self.int_bits.is_some()
    }
}

/// One operand of a LoopID after the self-reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A node whose first operand is a string.
    Attr(RawAttr),
    /// A `!DILocation`.
    Location(MdNode),
    /// Anything else (null, a string, a constant, another node).
    Other(Option<Md>),
}

/// A follow-up attribute `!{!"...followup_x", attrs...}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Followup {
    /// The follow-up attribute node itself.
    pub node: MdNode,
    /// The attributes it gives the generated loop, verbatim (normally
    /// attribute nodes).
    pub attrs: Vec<Option<Md>>,
}

/// `llvm.loop.unroll.*`, as the unroller reads them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnrollHints {
    /// `llvm.loop.unroll.enable` is present (any value).
    pub enable: bool,
    /// `llvm.loop.unroll.disable`, by the generic boolean reader.
    pub disable: bool,
    /// `llvm.loop.unroll.count`, if valid (1..=[`MAX_COUNT`]).
    pub count: Option<u32>,
    /// `llvm.loop.unroll.full` is present.
    pub full: bool,
    /// `llvm.loop.unroll.runtime.disable` is present.
    pub runtime_disable: bool,
    pub followup_unrolled: Option<Followup>,
    pub followup_remainder: Option<Followup>,
    pub followup_all: Option<Followup>,
}

/// `llvm.loop.unroll_and_jam.*`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnrollAndJamHints {
    /// `llvm.loop.unroll_and_jam.enable` is present.
    pub enable: bool,
    /// `llvm.loop.unroll_and_jam.disable`, by the generic boolean reader.
    pub disable: bool,
    /// `llvm.loop.unroll_and_jam.count`, if valid.
    pub count: Option<u32>,
    pub followup_outer: Option<Followup>,
    pub followup_inner: Option<Followup>,
    pub followup_remainder_outer: Option<Followup>,
    pub followup_remainder_inner: Option<Followup>,
    pub followup_all: Option<Followup>,
}

/// `llvm.loop.vectorize.*`, `llvm.loop.interleave.count` and
/// `llvm.loop.isvectorized`, as `LoopVectorizeHints` reads them (last valid
/// value wins).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VectorizeHints {
    /// `llvm.loop.vectorize.enable` (i1 or i32, 0 or 1).
    pub enable: Option<bool>,
    /// `llvm.loop.vectorize.width`: a power of two up to 64.
    pub width: Option<u32>,
    /// `llvm.loop.vectorize.scalable.enable`.
    pub scalable: Option<bool>,
    /// `llvm.loop.vectorize.predicate.enable`.
    pub predicate: Option<bool>,
    /// `llvm.loop.interleave.count`: a power of two up to 16.
    pub interleave_count: Option<u32>,
    /// `llvm.loop.isvectorized` (0 or 1).
    pub is_vectorized: Option<bool>,
    pub followup_vectorized: Option<Followup>,
    pub followup_epilogue: Option<Followup>,
    pub followup_all: Option<Followup>,
}

/// `llvm.loop.distribute.*`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DistributeHints {
    /// `llvm.loop.distribute.enable` with its value, as loop distribution
    /// reads it (`Some(false)` disables distribution even when it is
    /// enabled on the command line).
    pub enable: Option<bool>,
    pub followup_coincident: Option<Followup>,
    pub followup_sequential: Option<Followup>,
    pub followup_fallback: Option<Followup>,
    pub followup_all: Option<Followup>,
}

/// The typed view of a LoopID.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopAttrs {
    /// The node read, if it is a valid LoopID.
    pub loop_id: Option<MdNode>,
    pub unroll: UnrollHints,
    pub unroll_and_jam: UnrollAndJamHints,
    pub vectorize: VectorizeHints,
    pub distribute: DistributeHints,
    /// `llvm.loop.licm_versioning.disable` is present (any value).
    pub licm_versioning_disable: bool,
    /// `llvm.licm.disable`, by the generic boolean reader.
    pub licm_disable: bool,
    /// `llvm.loop.disable_nonforced`, by the generic boolean reader.
    pub disable_nonforced: bool,
    /// `llvm.loop.mustprogress`, by the generic boolean reader.
    pub mustprogress: bool,
    /// The access groups of the first `llvm.loop.parallel_accesses`.
    pub parallel_accesses: Vec<MdNode>,
    /// `llvm.loop.peeled.count` as the peeler reads it (a negative value
    /// wraps to a large unsigned one, as in LLVM).
    pub peeled_count: Option<u32>,
    /// The first `!DILocation` (`Loop::getLocRange` start).
    pub start_loc: Option<MdNode>,
    /// The second `!DILocation` (the end).
    pub end_loc: Option<MdNode>,
    /// Operands that are not attributes this model knows, verbatim and in
    /// order.
    pub unknown: Vec<Option<Md>>,
    /// Every operand after the self-reference, in order.
    pub entries: Vec<Entry>,
}

/// `Loop::getLoopID` given the loop's latches: the `!llvm.loop` all their
/// terminators carry, if they agree and it is a valid LoopID.
pub fn loop_id_of_latches(f: &Function, md: &Metadata, latches: &[Block]) -> Option<MdNode> {
    let mut id = None;
    for &b in latches {
        let term = f.terminator(b)?;
        let n = f.inst(term).md.get(Metadata::LOOP)?;
        match id {
            None => id = Some(n),
            Some(prev) if prev != n => return None,
            Some(_) => {}
        }
    }
    id.filter(|&n| is_loop_id(md, n))
}

/// Whether `n` is a valid LoopID: a tuple whose first operand is itself
/// (`Loop::getLoopID`'s check).
pub fn is_loop_id(md: &Metadata, n: MdNode) -> bool {
    n.index() < md.num_nodes()
        && md
            .tuple_ops(n)
            .and_then(|ops| ops.first().copied())
            .is_some_and(|first| first == Some(Md::Node(n)))
}

/// The integer behind a metadata operand, if it is an integer constant.
pub fn md_int(consts: &ConstPool, op: Option<Md>) -> Option<&ApInt> {
    match op? {
        Md::Const(c) if c.index() < consts.len() => match consts.data(c) {
            ConstData::Int { val, .. } => Some(val),
            _ => None,
        },
        _ => None,
    }
}

/// The name of an attribute node: its first operand, if a string.
pub fn attr_name(md: &Metadata, n: MdNode) -> Option<&[u8]> {
    if n.index() >= md.num_nodes() {
        return None;
    }
    match md.tuple_ops(n)?.first()? {
        Some(Md::Str(s)) if s.index() < md.num_strings() => Some(md.str_bytes(*s)),
        _ => None,
    }
}

fn raw_attr(md: &Metadata, consts: &ConstPool, n: MdNode) -> Option<RawAttr> {
    let name = attr_name(md, n)?;
    let ops = md.tuple_ops(n)?;
    let args: Vec<Option<Md>> = ops[1..].to_vec();
    let int = match args.as_slice() {
        [one] => md_int(consts, *one),
        _ => None,
    };
    let bool_value = match args.len() {
        0 => Some(true),
        1 => Some(int.is_none_or(|v| !v.is_zero())),
        _ => None,
    };
    Some(RawAttr {
        node: n,
        name: name.into(),
        args,
        bool_value,
        int_bits: int.map(ApInt::bits),
        sext: int.and_then(ApInt::as_i64),
        zext: int.and_then(ApInt::as_u64),
    })
}

/// Which reader a known attribute follows (for duplicate handling).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Reader {
    /// First node with the name wins.
    First,
    /// `LoopVectorizeHints`: every valid one overrides.
    LastValid,
}

struct Reading<'a> {
    md: &'a Metadata,
    attrs: LoopAttrs,
    warnings: Vec<MdWarning>,
    seen: FxHashSet<Box<[u8]>>,
    locations: usize,
}

impl Reading<'_> {
    fn warn(&mut self, attr: &str, message: impl Into<String>, ignored: bool) {
        self.warnings.push(MdWarning {
            attr: attr.to_string(),
            message: message.into(),
            ignored,
        });
    }

    /// Warns about an attribute name no LLVM 19 pass reads: every unknown
    /// `llvm.loop.*` name, and other names within a few edits of a known
    /// one (`llvm.lop.unroll.count`). LLVM ignores such an attribute in
    /// silence, so a misspelled pragma would do nothing unnoticed.
    fn unknown_name(&mut self, a: &RawAttr) {
        let name = a.name_str();
        if !name.starts_with("llvm.") || OTHER_KNOWN.contains(&&*name) {
            return;
        }
        let suggestion = did_you_mean(&name);
        if suggestion.is_none() && !name.starts_with(LOOP_PREFIX) {
            return;
        }
        let message = match suggestion {
            Some(s) => format!("unknown loop attribute; did you mean '{s}'?"),
            None => "unknown loop attribute".to_owned(),
        };
        self.warn(&name, message, true);
    }

    /// Warns about hints that another hint of the same loop overrides
    /// (LLVM applies the winner in silence).
    fn conflicts(&mut self) {
        let v = &self.attrs.vectorize;
        if v.enable == Some(false) {
            let mut losers = Vec::new();
            if let Some(w) = v.width.filter(|&w| w > 1) {
                losers.push((VECTORIZE_WIDTH, format!("width {w}")));
            }
            if let Some(c) = v.interleave_count.filter(|&c| c > 1) {
                losers.push((INTERLEAVE_COUNT, format!("interleave count {c}")));
            }
            if v.scalable == Some(true) {
                losers.push((VECTORIZE_SCALABLE_ENABLE, "scalable vectors".to_owned()));
            }
            if v.predicate == Some(true) {
                losers.push((VECTORIZE_PREDICATE_ENABLE, "predication".to_owned()));
            }
            for (name, what) in losers {
                self.warn(
                    name,
                    format!(
                        "{what} conflicts with '{VECTORIZE_ENABLE}' false, which disables the \
                         loop vectorizer for this loop"
                    ),
                    true,
                );
            }
        }
        let u = &self.attrs.unroll;
        if u.disable {
            let mut losers = Vec::new();
            if let Some(c) = u.count {
                losers.push((UNROLL_COUNT, format!("count {c}")));
            }
            if u.full {
                losers.push((UNROLL_FULL, "full unrolling".to_owned()));
            }
            if u.enable {
                losers.push((UNROLL_ENABLE, "unrolling".to_owned()));
            }
            for (name, what) in losers {
                self.warn(
                    name,
                    format!("{what} conflicts with '{UNROLL_DISABLE}', which wins"),
                    true,
                );
            }
        } else if let (Some(c), true) = (u.count, u.full) {
            self.warn(
                UNROLL_FULL,
                format!("conflicts with '{UNROLL_COUNT}' {c}, which takes precedence"),
                true,
            );
        }
        let j = &self.attrs.unroll_and_jam;
        if j.disable {
            let mut losers = Vec::new();
            if let Some(c) = j.count {
                losers.push((UNROLL_AND_JAM_COUNT, format!("count {c}")));
            }
            if j.enable {
                losers.push((UNROLL_AND_JAM_ENABLE, "unroll-and-jam".to_owned()));
            }
            for (name, what) in losers {
                self.warn(
                    name,
                    format!("{what} conflicts with '{UNROLL_AND_JAM_DISABLE}', which wins"),
                    true,
                );
            }
        }
    }

    /// Follow-up attribute `a`, checking its operands.
    fn followup(&mut self, a: &RawAttr) -> Followup {
        let name = a.name_str().into_owned();
        for (i, op) in a.args.iter().enumerate() {
            match *op {
                Some(Md::Node(n)) if n.index() < self.md.num_nodes() => {
                    if is_loop_id(self.md, n) {
                        self.warn(
                            &name,
                            format!(
                                "operand {} is a whole loop ID (clang 19's follow-up format); \
                                 LLVM 19 copies it as one opaque operand and does not see the \
                                 attributes inside it",
                                i + 1
                            ),
                            false,
                        );
                    } else if attr_name(self.md, n).is_none() {
                        self.warn(
                            &name,
                            format!("operand {} is not an attribute node", i + 1),
                            false,
                        );
                    }
                }
                _ => self.warn(
                    &name,
                    format!("operand {} is not an attribute node", i + 1),
                    false,
                ),
            }
        }
        Followup {
            node: a.node,
            attrs: a.args.clone(),
        }
    }

    /// Exactly one value, else a warning; LLVM asserts or crashes on the
    /// cases ignored here.
    fn single_value(&mut self, a: &RawAttr) -> bool {
        match a.args.len() {
            1 => true,
            0 => {
                self.warn(&a.name_str(), "expects a value", true);
                false
            }
            n => {
                self.warn(
                    &a.name_str(),
                    format!("expects one value, has {n} (LLVM 19 would reach an unreachable)"),
                    true,
                );
                false
            }
        }
    }

    /// An unroll or unroll-and-jam count (`unrollCountPragmaValue`).
    fn count(&mut self, a: &RawAttr) -> Option<u32> {
        if !self.single_value(a) {
            return None;
        }
        let name = a.name_str().into_owned();
        let Some(bits) = a.int_bits else {
            self.warn(&name, "value is not an integer", true);
            return None;
        };
        let Some(z) = a.zext else {
            self.warn(&name, "value does not fit in 64 bits", true);
            return None;
        };
        if bits > 1 && a.sext.is_some_and(|s| s < 0) {
            self.warn(
                &name,
                format!("count {} is negative", a.sext.unwrap_or_default()),
                true,
            );
            return None;
        }
        if z == 0 {
            self.warn(&name, "count 0 is not a count", true);
            return None;
        }
        match u32::try_from(z) {
            Ok(c) if c <= MAX_COUNT => Some(c),
            _ => {
                self.warn(
                    &name,
                    format!("count {z} is above the sanity bound {MAX_COUNT}"),
                    true,
                );
                None
            }
        }
    }

    /// A `LoopVectorizeHints` value: one integer, zero-extended and
    /// truncated to 32 bits. LLVM skips the others silently.
    fn lv_value(&mut self, a: &RawAttr) -> Option<u32> {
        let name = a.name_str().into_owned();
        if a.args.len() != 1 {
            self.warn(
                &name,
                format!(
                    "the loop vectorizer only reads it with exactly one value (has {})",
                    a.args.len()
                ),
                true,
            );
            return None;
        }
        if a.int_bits.is_none() {
            self.warn(&name, "value is not an integer", true);
            return None;
        }
        match a.zext {
            Some(z) => Some(z as u32),
            None => {
                self.warn(&name, "value does not fit in 64 bits", true);
                None
            }
        }
    }

    /// A 0/1 `LoopVectorizeHints` value.
    fn lv_bool(&mut self, a: &RawAttr) -> Option<bool> {
        let v = self.lv_value(a)?;
        match v {
            0 => Some(false),
            1 => Some(true),
            _ => {
                self.warn(&a.name_str(), format!("value {v} is not 0 or 1"), true);
                None
            }
        }
    }

    /// Warns about a value on a presence-only attribute whose generic
    /// reading is false.
    fn presence(&mut self, a: &RawAttr, reader: &str) -> bool {
        if a.args.len() > 1 {
            self.warn(
                &a.name_str(),
                format!(
                    "has {} values; {reader} counts it as present, LLVM 19's generic reader would \
                     reach an unreachable",
                    a.args.len()
                ),
                false,
            );
        } else if a.bool_value == Some(false) {
            self.warn(
                &a.name_str(),
                format!(
                    "has a false value: {reader} counts it as present anyway, the generic reader \
                     (transformation modes) reads false"
                ),
                false,
            );
        }
        true
    }

    fn generic_bool(&mut self, a: &RawAttr) -> bool {
        match a.bool_value {
            Some(b) => b,
            None => {
                self.warn(
                    &a.name_str(),
                    format!(
                        "expects at most one value, has {} (LLVM 19 would reach an unreachable)",
                        a.args.len()
                    ),
                    true,
                );
                false
            }
        }
    }

    fn attr(&mut self, a: RawAttr) {
        let Some(reader) = reader_of(&a.name) else {
            self.unknown_name(&a);
            self.attrs.unknown.push(Some(Md::Node(a.node)));
            self.attrs.entries.push(Entry::Attr(a));
            return;
        };
        let first = self.seen.insert(a.name.clone());
        if !first {
            let name = a.name_str().into_owned();
            match reader {
                Reader::First => self.warn(&name, "duplicate: LLVM reads only the first one", true),
                Reader::LastValid => self.warn(
                    &name,
                    "duplicate: the loop vectorizer uses the last valid one, the transformation \
                     mode the first one",
                    false,
                ),
            }
        }
        if first || reader == Reader::LastValid {
            self.known(&a);
        }
        self.attrs.entries.push(Entry::Attr(a));
    }

    fn known(&mut self, a: &RawAttr) {
        let name: &[u8] = &a.name;
        let s = |n: &str| name == n.as_bytes();
        if s(UNROLL_ENABLE) {
            self.attrs.unroll.enable = self.presence(a, "the unroller");
        } else if s(UNROLL_DISABLE) {
            self.attrs.unroll.disable = self.generic_bool(a);
        } else if s(UNROLL_COUNT) {
            self.attrs.unroll.count = self.count(a);
        } else if s(UNROLL_FULL) {
            self.attrs.unroll.full = self.presence(a, "the unroller");
        } else if s(UNROLL_RUNTIME_DISABLE) {
            self.attrs.unroll.runtime_disable = self.presence(a, "the unroller");
        } else if s(UNROLL_FOLLOWUP_UNROLLED) {
            self.attrs.unroll.followup_unrolled = Some(self.followup(a));
        } else if s(UNROLL_FOLLOWUP_REMAINDER) {
            self.attrs.unroll.followup_remainder = Some(self.followup(a));
        } else if s(UNROLL_FOLLOWUP_ALL) {
            self.attrs.unroll.followup_all = Some(self.followup(a));
        } else if s(UNROLL_AND_JAM_ENABLE) {
            self.attrs.unroll_and_jam.enable = self.presence(a, "unroll-and-jam");
        } else if s(UNROLL_AND_JAM_DISABLE) {
            self.attrs.unroll_and_jam.disable = self.generic_bool(a);
        } else if s(UNROLL_AND_JAM_COUNT) {
            self.attrs.unroll_and_jam.count = self.count(a);
        } else if s(UNROLL_AND_JAM_FOLLOWUP_OUTER) {
            self.attrs.unroll_and_jam.followup_outer = Some(self.followup(a));
        } else if s(UNROLL_AND_JAM_FOLLOWUP_INNER) {
            self.attrs.unroll_and_jam.followup_inner = Some(self.followup(a));
        } else if s(UNROLL_AND_JAM_FOLLOWUP_REMAINDER_OUTER) {
            self.attrs.unroll_and_jam.followup_remainder_outer = Some(self.followup(a));
        } else if s(UNROLL_AND_JAM_FOLLOWUP_REMAINDER_INNER) {
            self.attrs.unroll_and_jam.followup_remainder_inner = Some(self.followup(a));
        } else if s(UNROLL_AND_JAM_FOLLOWUP_ALL) {
            self.attrs.unroll_and_jam.followup_all = Some(self.followup(a));
        } else if s(VECTORIZE_ENABLE) {
            if a.args.is_empty() {
                self.warn(
                    VECTORIZE_ENABLE,
                    "has no value: the loop vectorizer ignores it, the transformation mode reads \
                     it as true (forced)",
                    false,
                );
            } else if let Some(v) = self.lv_bool(a) {
                self.attrs.vectorize.enable = Some(v);
            }
        } else if s(VECTORIZE_WIDTH) {
            if let Some(v) = self.lv_value(a) {
                if v.is_power_of_two() && v <= MAX_VECTOR_WIDTH {
                    self.attrs.vectorize.width = Some(v);
                } else {
                    self.warn(
                        VECTORIZE_WIDTH,
                        format!("width {v} is not a power of two up to {MAX_VECTOR_WIDTH}"),
                        true,
                    );
                }
            }
        } else if s(INTERLEAVE_COUNT) {
            if let Some(v) = self.lv_value(a) {
                if v.is_power_of_two() && v <= MAX_INTERLEAVE_FACTOR {
                    self.attrs.vectorize.interleave_count = Some(v);
                } else {
                    self.warn(
                        INTERLEAVE_COUNT,
                        format!(
                            "interleave count {v} is not a power of two up to \
                             {MAX_INTERLEAVE_FACTOR}"
                        ),
                        true,
                    );
                }
            }
        } else if s(IS_VECTORIZED) {
            if a.args.is_empty() {
                self.warn(
                    IS_VECTORIZED,
                    "has no value: the loop vectorizer ignores it (it still vectorizes), the \
                     transformation mode reads it as true (disabled)",
                    false,
                );
            } else if let Some(v) = self.lv_bool(a) {
                self.attrs.vectorize.is_vectorized = Some(v);
            }
        } else if s(VECTORIZE_PREDICATE_ENABLE) {
            if let Some(v) = self.lv_bool(a) {
                self.attrs.vectorize.predicate = Some(v);
            }
        } else if s(VECTORIZE_SCALABLE_ENABLE) {
            if let Some(v) = self.lv_bool(a) {
                self.attrs.vectorize.scalable = Some(v);
            }
        } else if s(VECTORIZE_FOLLOWUP_VECTORIZED) {
            self.attrs.vectorize.followup_vectorized = Some(self.followup(a));
        } else if s(VECTORIZE_FOLLOWUP_EPILOGUE) {
            self.attrs.vectorize.followup_epilogue = Some(self.followup(a));
        } else if s(VECTORIZE_FOLLOWUP_ALL) {
            self.attrs.vectorize.followup_all = Some(self.followup(a));
        } else if s(DISTRIBUTE_ENABLE) {
            if a.args.is_empty() {
                self.warn(
                    DISTRIBUTE_ENABLE,
                    "has no value: loop distribution in LLVM 19 crashes on it; here it is \
                     ignored, the transformation mode reads it as forced",
                    true,
                );
            } else if self.single_value(a) {
                match a.zext {
                    Some(z) if a.has_int() => self.attrs.distribute.enable = Some(z != 0),
                    _ => self.warn(DISTRIBUTE_ENABLE, "value is not an integer", true),
                }
            }
        } else if s(DISTRIBUTE_FOLLOWUP_COINCIDENT) {
            self.attrs.distribute.followup_coincident = Some(self.followup(a));
        } else if s(DISTRIBUTE_FOLLOWUP_SEQUENTIAL) {
            self.attrs.distribute.followup_sequential = Some(self.followup(a));
        } else if s(DISTRIBUTE_FOLLOWUP_FALLBACK) {
            self.attrs.distribute.followup_fallback = Some(self.followup(a));
        } else if s(DISTRIBUTE_FOLLOWUP_ALL) {
            self.attrs.distribute.followup_all = Some(self.followup(a));
        } else if s(LICM_VERSIONING_DISABLE) {
            self.attrs.licm_versioning_disable = self.presence(a, "versioning LICM");
        } else if s(LICM_DISABLE) {
            self.attrs.licm_disable = self.generic_bool(a);
        } else if s(DISABLE_NONFORCED) {
            self.attrs.disable_nonforced = self.generic_bool(a);
        } else if s(MUSTPROGRESS) {
            self.attrs.mustprogress = self.generic_bool(a);
        } else if s(PARALLEL_ACCESSES) {
            self.parallel_accesses(a);
        } else if s(PEELED_COUNT) {
            self.peeled_count(a);
        }
    }

    fn parallel_accesses(&mut self, a: &RawAttr) {
        for (i, op) in a.args.iter().enumerate() {
            match *op {
                Some(Md::Node(n)) if n.index() < self.md.num_nodes() => {
                    if !super::access::is_access_group(self.md, n) {
                        self.warn(
                            PARALLEL_ACCESSES,
                            format!(
                                "operand {} is not an access group (a distinct node without \
                                 operands)",
                                i + 1
                            ),
                            false,
                        );
                    }
                    self.attrs.parallel_accesses.push(n);
                }
                _ => self.warn(
                    PARALLEL_ACCESSES,
                    format!("operand {} is not a node", i + 1),
                    true,
                ),
            }
        }
    }

    fn peeled_count(&mut self, a: &RawAttr) {
        if !self.single_value(a) {
            return;
        }
        match a.int_value() {
            Some(v) => {
                if v < 0 {
                    self.warn(
                        PEELED_COUNT,
                        format!("count {v} is negative; LLVM reads it as {}", v as u32),
                        false,
                    );
                }
                self.attrs.peeled_count = Some(v as u32);
            }
            None => self.warn(PEELED_COUNT, "value is not an integer", true),
        }
    }

    fn operand(&mut self, consts: &ConstPool, op: Option<Md>) {
        match op {
            Some(Md::Node(n)) if n.index() < self.md.num_nodes() => {
                if self.md.special_kind(n) == Some("DILocation") {
                    self.locations += 1;
                    match self.locations {
                        1 => self.attrs.start_loc = Some(n),
                        2 => self.attrs.end_loc = Some(n),
                        k => self.warn(
                            "DILocation",
                            format!("location {k}: LLVM uses only the first two"),
                            true,
                        ),
                    }
                    self.attrs.entries.push(Entry::Location(n));
                } else if let Some(a) = raw_attr(self.md, consts, n) {
                    self.attr(a);
                } else {
                    let what = if is_loop_id(self.md, n) {
                        "a nested loop ID; LLVM 19 sees no attributes in it"
                    } else {
                        "not an attribute node (no name); LLVM ignores it"
                    };
                    self.warn("operand", what, true);
                    self.attrs.unknown.push(op);
                    self.attrs.entries.push(Entry::Other(op));
                }
            }
            _ => {
                self.warn(
                    "operand",
                    "not an attribute node (null, a string or a constant); LLVM ignores it",
                    true,
                );
                self.attrs.unknown.push(op);
                self.attrs.entries.push(Entry::Other(op));
            }
        }
    }
}

/// `llvm.` attribute names of LLVM 19 that no transformation modelled
/// here reads (the machine pipeliner's and the loop alignment), so they
/// are not reported as unknown.
const OTHER_KNOWN: &[&str] = &[
    "llvm.loop.pipeline.disable",
    "llvm.loop.pipeline.initiationinterval",
    "llvm.loop.align",
];

/// The known attribute name closest to `name`, if it is within a few
/// edits (a typo, not a different attribute).
fn did_you_mean(name: &str) -> Option<&'static str> {
    let limit = 2 + name.len() / 16;
    READ_FIRST
        .iter()
        .chain(READ_LAST_VALID)
        .chain(OTHER_KNOWN)
        .map(|&k| (edit_distance(name, k), k))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

/// Levenshtein distance in bytes.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, &x) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, &y) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(x != y);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The attributes read by their first occurrence.
const READ_FIRST: &[&str] = &[
    UNROLL_ENABLE,
    UNROLL_DISABLE,
    UNROLL_COUNT,
    UNROLL_FULL,
    UNROLL_RUNTIME_DISABLE,
    UNROLL_FOLLOWUP_UNROLLED,
    UNROLL_FOLLOWUP_REMAINDER,
    UNROLL_FOLLOWUP_ALL,
    UNROLL_AND_JAM_ENABLE,
    UNROLL_AND_JAM_DISABLE,
    UNROLL_AND_JAM_COUNT,
    UNROLL_AND_JAM_FOLLOWUP_OUTER,
    UNROLL_AND_JAM_FOLLOWUP_INNER,
    UNROLL_AND_JAM_FOLLOWUP_REMAINDER_OUTER,
    UNROLL_AND_JAM_FOLLOWUP_REMAINDER_INNER,
    UNROLL_AND_JAM_FOLLOWUP_ALL,
    VECTORIZE_FOLLOWUP_VECTORIZED,
    VECTORIZE_FOLLOWUP_EPILOGUE,
    VECTORIZE_FOLLOWUP_ALL,
    DISTRIBUTE_ENABLE,
    DISTRIBUTE_FOLLOWUP_COINCIDENT,
    DISTRIBUTE_FOLLOWUP_SEQUENTIAL,
    DISTRIBUTE_FOLLOWUP_FALLBACK,
    DISTRIBUTE_FOLLOWUP_ALL,
    LICM_VERSIONING_DISABLE,
    LICM_DISABLE,
    DISABLE_NONFORCED,
    MUSTPROGRESS,
    PARALLEL_ACCESSES,
    PEELED_COUNT,
];

/// The attributes `LoopVectorizeHints` reads (the last valid one wins).
const READ_LAST_VALID: &[&str] = &[
    VECTORIZE_ENABLE,
    VECTORIZE_WIDTH,
    VECTORIZE_SCALABLE_ENABLE,
    VECTORIZE_PREDICATE_ENABLE,
    INTERLEAVE_COUNT,
    IS_VECTORIZED,
];

/// Which reader a known attribute follows; `None` for names no modelled
/// pass reads.
fn reader_of(name: &[u8]) -> Option<Reader> {
    if READ_FIRST.iter().any(|n| n.as_bytes() == name) {
        Some(Reader::First)
    } else if READ_LAST_VALID.iter().any(|n| n.as_bytes() == name) {
        Some(Reader::LastValid)
    } else {
        None
    }
}

impl LoopAttrs {
    /// Reads `loop_id`. A node that is not a valid LoopID gives empty
    /// attributes and a warning (LLVM's `Loop::getLoopID` returns null for
    /// it).
    pub fn read(md: &Metadata, consts: &ConstPool, loop_id: MdNode) -> (LoopAttrs, Vec<MdWarning>) {
        let mut r = Reading {
            md,
            attrs: LoopAttrs::default(),
            warnings: Vec::new(),
            seen: FxHashSet::default(),
            locations: 0,
        };
        if !is_loop_id(md, loop_id) {
            r.warn(
                "loop id",
                "not a loop ID (a tuple whose first operand is itself); LLVM ignores it",
                true,
            );
            return (r.attrs, r.warnings);
        }
        r.attrs.loop_id = Some(loop_id);
        let ops = md.tuple_ops(loop_id).unwrap_or_default();
        for &op in &ops[1..] {
            r.operand(consts, op);
        }
        r.conflicts();
        (r.attrs, r.warnings)
    }

    /// [`LoopAttrs::read`] with the module's metadata and constants.
    pub fn of_module(m: &Module, loop_id: MdNode) -> (LoopAttrs, Vec<MdWarning>) {
        Self::read(&m.md, &m.consts, loop_id)
    }

    /// The first attribute node named `name` (`findOptionMDForLoopID`).
    pub fn find_attr(&self, name: &str) -> Option<&RawAttr> {
        self.entries.iter().find_map(|e| match e {
            Entry::Attr(a) if a.is(name) => Some(a),
            _ => None,
        })
    }

    /// `getOptionalBoolLoopAttribute`.
    pub fn bool_attr(&self, name: &str) -> Option<bool> {
        self.find_attr(name)?.bool_value
    }

    /// `getBooleanLoopAttribute`.
    pub fn flag_attr(&self, name: &str) -> bool {
        self.bool_attr(name).unwrap_or(false)
    }

    /// `getOptionalIntLoopAttribute`.
    pub fn int_attr(&self, name: &str) -> Option<i32> {
        let a = self.find_attr(name)?;
        if a.args.len() == 1 {
            a.int_value()
        } else {
            None
        }
    }

    /// `hasDisableAllTransformsHint`: `llvm.loop.disable_nonforced`.
    pub fn has_disable_all_transforms_hint(&self) -> bool {
        self.flag_attr(DISABLE_NONFORCED)
    }

    /// `hasDisableLICMTransformsHint`: `llvm.licm.disable`.
    pub fn has_disable_licm_transforms_hint(&self) -> bool {
        self.flag_attr(LICM_DISABLE)
    }

    /// `hasMustProgress`: `llvm.loop.mustprogress`.
    pub fn has_must_progress(&self) -> bool {
        self.flag_attr(MUSTPROGRESS)
    }

    /// `hasUnrollTransformation`.
    pub fn has_unroll_transformation(&self) -> TransformationMode {
        use TransformationMode::*;
        if self.flag_attr(UNROLL_DISABLE) {
            return Suppressed;
        }
        if let Some(count) = self.int_attr(UNROLL_COUNT) {
            return if count == 1 { Suppressed } else { Forced };
        }
        if self.flag_attr(UNROLL_ENABLE) || self.flag_attr(UNROLL_FULL) {
            return Forced;
        }
        if self.has_disable_all_transforms_hint() {
            return Disabled;
        }
        Unspecified
    }

    /// `hasUnrollAndJamTransformation`.
    pub fn has_unroll_and_jam_transformation(&self) -> TransformationMode {
        use TransformationMode::*;
        if self.flag_attr(UNROLL_AND_JAM_DISABLE) {
            return Suppressed;
        }
        if let Some(count) = self.int_attr(UNROLL_AND_JAM_COUNT) {
            return if count == 1 { Suppressed } else { Forced };
        }
        if self.flag_attr(UNROLL_AND_JAM_ENABLE) {
            return Forced;
        }
        if self.has_disable_all_transforms_hint() {
            return Disabled;
        }
        Unspecified
    }

    /// `hasVectorizeTransformation`.
    pub fn has_vectorize_transformation(&self) -> TransformationMode {
        use TransformationMode::*;
        let enable = self.bool_attr(VECTORIZE_ENABLE);
        if enable == Some(false) {
            return Suppressed;
        }
        // getOptionalElementCountLoopAttribute: the width as unsigned, scalable
        // if scalable.enable is a non-zero integer.
        let width = self.int_attr(VECTORIZE_WIDTH).map(|w| {
            let scalable = self.int_attr(VECTORIZE_SCALABLE_ENABLE).unwrap_or(0) != 0;
            (w as u32, scalable)
        });
        let is_scalar = width.is_some_and(|(w, scalable)| !scalable && w == 1);
        let is_vector = width.is_some_and(|(w, scalable)| (scalable && w != 0) || w > 1);
        let interleave = self.int_attr(INTERLEAVE_COUNT);
        if enable == Some(true) && is_scalar && interleave == Some(1) {
            return Suppressed;
        }
        if self.flag_attr(IS_VECTORIZED) {
            return Disabled;
        }
        if enable == Some(true) {
            return Forced;
        }
        if is_scalar && interleave == Some(1) {
            return Disabled;
        }
        if is_vector || interleave.is_some_and(|i| i > 1) {
            return Enabled;
        }
        if self.has_disable_all_transforms_hint() {
            return Disabled;
        }
        Unspecified
    }

    /// `hasDistributeTransformation`.
    pub fn has_distribute_transformation(&self) -> TransformationMode {
        if self.flag_attr(DISTRIBUTE_ENABLE) {
            return TransformationMode::Forced;
        }
        if self.has_disable_all_transforms_hint() {
            return TransformationMode::Disabled;
        }
        TransformationMode::Unspecified
    }

    /// `hasLICMVersioningTransformation`.
    pub fn has_licm_versioning_transformation(&self) -> TransformationMode {
        if self.flag_attr(LICM_VERSIONING_DISABLE) {
            return TransformationMode::Suppressed;
        }
        if self.has_disable_all_transforms_hint() {
            return TransformationMode::Disabled;
        }
        TransformationMode::Unspecified
    }
}
