//! `loopwright analyze`: a report of every loop of every function.
//!
//! ```text
//! loopwright analyze [--json] [--disable-verify] [-force-vector-width=N]
//!                    [-force-vector-interleave=N] [INPUT]
//! ```
//!
//! `INPUT` is a `.ll` file; `-` or no input reads standard input. The module
//! is parsed and verified exactly as by the main command (same
//! `FILE:LINE:COL: error:` diagnostics, exit status 1), then for each
//! function with a body the report lists its natural loops
//! ([`LoopForest`]) in LLVM's pre-order in program order
//! (`LoopInfo::getLoopsInPreorder`: outermost loops in program order, each
//! followed by the loops nested in it), with what scalar evolution computes
//! for them ([`ScalarEvolution`]) and their `!llvm.loop` attributes
//! ([`LoopAttrs::describe`]).
//!
//! # Names
//!
//! Functions and blocks are named as LLVM prints them, without the sigil:
//! `main`, `for.body`, `3` for the unnamed block `%3`, and `"a b"` (quotes
//! and `\XX` escapes included) for `%"a b"`. The quoted form keeps a block
//! literally named `3` (`%"3"`) apart from the unnamed `%3`. The human
//! format adds the sigils back (`@main`, `%for.body`).
//!
//! # JSON schema (`--json`)
//!
//! ```text
//! { "functions": [ FUNCTION, ... ] }            every defined function, in module order
//! FUNCTION = { "name": string, "loops": [ LOOP, ... ] }
//! LOOP = {
//!   "header": string,
//!   "depth": integer,                           1 for outermost loops
//!   "parent": string | null,                    header of the enclosing loop
//!   "preheader": string | null,                 LLVM's getLoopPreheader
//!   "latches": [string],                        in the header's predecessor order
//!   "exiting": [string],                        in the loop's block order
//!   "exits": [string],                          unique exit blocks, getUniqueExitBlocks order
//!   "backedge_taken_count": {
//!     "constant": integer | null,               exact count, when a constant
//!     "expr": string | null,                    exact count as SCEV text, when computable
//!     "max_constant": integer | null            constant upper bound
//!   },
//!   "exit_counts": [ { "exiting": string, "constant": integer | null, "expr": string | null } ],
//!   "trip_multiple": integer,                   largest known divisor of the trip count (1: none known)
//!   "attributes": [ ATTR, ... ],                [] without a LoopID
//!   "phis": [ PHI, ... ],                       the header's phis in order
//!   "memory": MEMORY | null,                    innermost loops only
//!   "vectorize": VECTORIZE | null               innermost loops only
//! }
//! MEMORY = {                                    loop access analysis (print<access-info>)
//!   "verdict": "safe" | "safe_with_checks" | "unsafe",
//!   "report": string | null,                    LLVM's report (may have several lines)
//!   "max_safe_width_bits": integer | null,      null: any width
//!   "dependences": [ { "kind": string, "source": string, "destination": string } ] | null,
//!                                               kinds as LLVM names them; instructions as it
//!                                               prints them; null: too many to record
//!   "groups": [ { "low": string, "high": string, "members": [string] } ],
//!                                               run-time check groups: [low, high) and the
//!                                               members' expressions (SCEV text)
//!   "checks": [ [integer, integer] ],           pairs of groups whose ranges must not overlap
//!                                               (the first 4,096: a loop through n pointers
//!                                               may need n²/2)
//!   "checks_total": integer,                    how many pairs there are
//!   "predicates": [string],                     SCEV assumptions, LLVM's text
//!   "invariant_address_stores": integer,
//!   "invariant_address_dependence": boolean     stores to invariant addresses LLVM cannot vectorize
//! }
//! VECTORIZE = {                                 the loop vectorizer's legality (LLVM 19's)
//!   "verdict": "legal" | "rejected",
//!   "reason": { "name": string,                 LLVM's remark name (CFGNotUnderstood, ...)
//!               "text": string,                 its text ("loop not vectorized: ...")
//!               "location": string | null,      file:line:col of the remark
//!               "scope_limit": boolean          rejected only because the vectorizer does not
//!             } | null,                         handle the shape yet (opt-19 may vectorize it)
//!   "debug": string,                            the -debug-only=loop-vectorize line ("LV: ...")
//!   "inductions": [string],                     phi names, header order
//!   "primary_induction": string | null,
//!   "reductions": [string],                     "phi:kind"
//!   "recurrences": [string],                    fixed-order recurrence phis
//!   "live_outs": [string],                      values of the loop used after it
//!   "uniform_mem_ops": [string],                loads/stores at loop-invariant addresses
//!   "runtime_checks": integer,                  pointer check pairs needed
//!   "runtime_checks_over_threshold": boolean,   over -runtime-memory-check-threshold (the cost
//!                                               model decides; LLVM 19 vectorizes anyway)
//!   "predicates": integer,                      SCEV predicates to version on
//!   "max_safe_width_bits": integer | null,
//!   "user_width": integer, "user_interleave": integer,   from hints or -force-* (0: choose)
//!   "forced": boolean,                          llvm.loop.vectorize.enable
//!   "allow_reordering": boolean,                hints allow reordering fp operations
//!   "cost": COST | null                         the cost model's choice (legal loops)
//! }                                             (lists empty and counts 0 when rejected)
//! COST = {                                     LLVM 19's LoopVectorizationCostModel
//!   "max_width": integer,                       widest feasible width (0: none)
//!   "candidates": [ { "width": integer, "cost": integer } ],   cost of one iteration per width
//!   "width": integer, "interleave": integer,    the choice
//!   "outcome": "vectorize" | "interleave" | "not_beneficial" | "checks_not_profitable",
//!   "remarks": [string],                        "Name: text", LLVM's
//!   "why": [string], "notes": [string]          reasons; shapes where LLVM may differ
//! }
//! ATTR = { "key": string, "value": null | boolean | integer | string, "children": [ATTR] }
//! PHI = { "name": string, "class": CLASS, ...the fields of the class }
//! CLASS = "induction" with
//!     "kind": "int" | "ptr" | "fp",
//!     "start": OPERAND, "step": string,         step: SCEV text (bytes for "ptr"), an OPERAND for "fp"
//!     "update": string | null,                  the binary operator updating it
//!     "exact_fp": string | null,                an fp update without reassoc
//!     "predicates": [string],                   run-time conditions, LLVM's text ([] : none)
//!     "casts": [string]                         update casts redundant under the predicates
//!   | "reduction" with
//!     "kind": "add" | "mul" | "and" | "or" | "xor" | "smin" | "smax" | "umin" | "umax"
//!           | "fadd" | "fmul" | "fmin" | "fmax" | "fminimum" | "fmaximum" | "fmuladd"
//!           | "any-of" | "fany-of",
//!     "start": OPERAND, "exit": string,         exit: the value after the loop
//!     "store_address": OPERAND | null,          the invariant address it is stored to in the loop
//!     "fast_math": string | null,               flags of all its fp operations (fp kinds)
//!     "ordered": boolean,                       a strict in-order fp candidate
//!     "exact_fp": string | null,                the first fp operation without reassoc
//!     "narrowed_bits": integer | null,          computable in this width (masked phis)
//!     "signed": boolean,                        sign extended back from narrowed_bits
//!     "casts": [string], "min_width_cast": integer | null,
//!     "ops": [string]                           the cycle's instructions besides the phi
//!   | "recurrence" with                         a fixed-order recurrence
//!     "order": integer, "start": OPERAND, "previous": string,
//!     "sink": [string]                          users to move after "previous", in order
//!   | "unidentified" with
//!     "reason": "unsupported_type" | "incoming_count" | "loop_not_simplified" | "none_of_them",
//!     "incoming": integer | null,               for "incoming_count"
//!     "reduction": WHY | null, "induction": WHY | null, "recurrence": WHY | null
//! WHY = { "code": string, "text": string }      a stable snake_case code and a sentence
//! OPERAND = string                              LLVM's syntax: "%x", "@g", "0", "1.5", "null"
//! ```
//!
//! Counts are backedge-taken counts (trip count minus one) of an `iN` type;
//! `constant` and `max_constant` are their unsigned values, printed in full
//! even beyond 64 bits (JSON numbers have no size limit; readers that parse
//! numbers as doubles lose precision there). `expr` is LLVM's text of the
//! expression (`SCEV::print`), which writes constants as signed numbers:
//! `{"constant": 255, "expr": "-1"}` is the `i8` count 255. `exit_counts`
//! has one entry per exiting block (LLVM's `getExitCount`). `attributes` is
//! [`LoopAttrs::describe`]'s tree below its root: `llvm.loop.` prefixes
//! dropped, follow-ups nested in `children`, a `value` of `null` for an
//! attribute without operands, and a final `modes` node giving each
//! transformation's mode.
//!
//! `memory` is [`loopwright_analysis::laa`]'s analysis of an innermost
//! loop, as `-passes='print<access-info>'` prints it (the target's vector
//! width from the function's attributes); the human format shows it as
//! `memory: safe`, `safe with N run-time checks` or `unsafe: REPORT`, with
//! the maximum safe width, the dependences, the check groups, the checks
//! and the assumptions below.
//!
//! `phis` is [`loopwright_analysis::ivdesc`]'s classification of the
//! header's phis, in the order of LLVM's loop vectorizer (reduction,
//! induction, fixed-order recurrence, induction under run-time
//! predicates); for every loop, not only innermost ones. Instruction
//! names in it are without `%`, like block names; `text` of a WHY names
//! values with their sigils, as the human format does.
//!
//! Output is deterministic: it depends only on the input bytes. Containers
//! without nested non-empty containers are printed on one line.

use crate::{diag, Failure};
use clap::Parser;
use loopwright_analysis::ivdesc::{
    self, InductionKind, InductionStep, Namer, PhiClass, PhiDescriptors,
};
use loopwright_analysis::loopmd::{DescValue, Description, LoopAttrs};
use loopwright_analysis::loops::Loop;
use loopwright_analysis::scev::print::expr_to_string_named;
use loopwright_analysis::scev::{CInt, ScalarEvolution};
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_ir::print::LocalNames;
use loopwright_ir::{Function, Inst, Module};
use loopwright_transforms::vectorize::VectorizeOptions;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// `loopwright analyze`: print a loop report per function.
#[derive(Parser, Debug)]
#[command(
    name = "loopwright analyze",
    bin_name = "loopwright analyze",
    about = "Print the loops of every function: nesting, preheader, latches, \
             exits, trip counts and loop attributes"
)]
pub struct AnalyzeCli {
    /// Print JSON (schema in the module docs of `loopwright::analyze`).
    #[arg(long)]
    pub json: bool,

    /// Skip the IR verifier (the analyses assume a valid module).
    #[arg(long = "disable-verify")]
    pub disable_verify: bool,

    /// The loop vectorizer's options (`-force-vector-width`,
    /// `-force-vector-interleave`) for the `vectorize` section.
    #[command(flatten)]
    pub vectorize: crate::cli::VectorizeArgs,

    /// Input `.ll` file; `-` or nothing reads standard input.
    pub input: Option<PathBuf>,
}

/// The report of a module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleReport {
    /// Every function with a body, in module order.
    pub functions: Vec<FunctionReport>,
}

/// The loops of one function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionReport {
    /// The name as LLVM prints it, without `@`.
    pub name: String,
    /// Loops in LLVM's pre-order in program order.
    pub loops: Vec<LoopReport>,
}

/// One loop. Block names are as LLVM prints them, without `%`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopReport {
    pub header: String,
    pub depth: u32,
    /// The header of the enclosing loop.
    pub parent: Option<String>,
    pub preheader: Option<String>,
    pub latches: Vec<String>,
    pub exiting: Vec<String>,
    pub exits: Vec<String>,
    pub backedge_taken_count: CountReport,
    /// One entry per exiting block, in `exiting` order.
    pub exit_counts: Vec<ExitCountReport>,
    /// LLVM's `getSmallConstantTripCount` (shown in the human format only).
    pub trip_count: Option<u64>,
    pub trip_multiple: u32,
    /// The children of [`LoopAttrs::describe`]'s root; empty without a
    /// LoopID.
    pub attributes: Vec<Description>,
    /// The header's phis in order.
    pub phis: Vec<PhiReport>,
    /// Loop access analysis (innermost loops only).
    pub memory: Option<MemoryReport>,
    /// Vectorization legality (innermost loops only).
    pub vectorize: Option<VectorizeReport>,
}

/// The loop vectorizer's legality verdict for an innermost loop
/// ([`loopwright_transforms::vectorize::legality`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VectorizeReport {
    /// `legal` or `rejected`.
    pub verdict: &'static str,
    /// For `rejected`: LLVM's remark name, text and location.
    pub reason: Option<ReasonReport>,
    /// LLVM's `-debug-only=loop-vectorize` line for the decision.
    pub debug: &'static str,
    /// Header phis by kind (names without `%`).
    pub inductions: Vec<String>,
    pub primary_induction: Option<String>,
    /// `name:kind`.
    pub reductions: Vec<String>,
    pub recurrences: Vec<String>,
    /// Values of the loop used after it.
    pub live_outs: Vec<String>,
    /// Loads and stores at loop-invariant addresses.
    pub uniform_mem_ops: Vec<String>,
    pub runtime_checks: usize,
    pub runtime_checks_over_threshold: bool,
    /// SCEV predicates the vector loop would be versioned on.
    pub predicates: usize,
    pub max_safe_width_bits: Option<u64>,
    pub user_width: u32,
    pub user_interleave: u32,
    pub forced: bool,
    pub allow_reordering: bool,
    /// The cost model's choice, for legal loops.
    pub cost: Option<CostReport>,
}

/// The cost model's choice for a legal loop
/// ([`loopwright_transforms::vectorize::cost`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostReport {
    /// The widest feasible width (0: none).
    pub max_width: u32,
    /// Each candidate width with the cost of one iteration at that width.
    pub candidates: Vec<(u32, u64)>,
    pub width: u32,
    pub interleave: u32,
    /// `vectorize`, `interleave`, `not_beneficial` or
    /// `checks_not_profitable`.
    pub outcome: &'static str,
    /// The remarks, `Name: text`.
    pub remarks: Vec<String>,
    /// Why, in words.
    pub why: Vec<String>,
    /// Shapes where the model is known to differ from LLVM 19.
    pub notes: Vec<&'static str>,
}

/// Why a loop is not vectorized, as LLVM's remark says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReasonReport {
    pub name: &'static str,
    pub text: String,
    /// `file:line:col`, when the module has debug locations.
    pub location: Option<String>,
    /// Rejected only because this increment does not handle the shape.
    pub scope_limit: bool,
}

/// What loop access analysis says about an innermost loop; expressions in
/// LLVM's SCEV text, instructions as LLVM prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryReport {
    /// `safe`, `safe_with_checks` or `unsafe`.
    pub verdict: &'static str,
    /// LLVM's report, when there is one.
    pub report: Option<String>,
    pub max_safe_width_bits: Option<u64>,
    /// `None` when there were too many to record.
    pub dependences: Option<Vec<DependenceReport>>,
    pub groups: Vec<GroupReport>,
    /// Pairs of groups to check, the first [`MAX_LISTED_CHECKS`].
    pub checks: Vec<(usize, usize)>,
    /// How many pairs there are.
    pub checks_total: usize,
    pub predicates: Vec<String>,
    pub invariant_address_stores: usize,
    pub invariant_address_dependence: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DependenceReport {
    pub kind: &'static str,
    pub source: String,
    pub destination: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupReport {
    pub low: String,
    pub high: String,
    pub members: Vec<String>,
}

/// One header phi: its descriptor or why it has none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhiReport {
    /// The phi's name as LLVM prints it, without `%`.
    pub name: String,
    /// [`PhiClass::describe`]'s line (the human format).
    pub summary: String,
    pub class: PhiClassReport,
}

/// A reason with its stable code and its sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    pub code: &'static str,
    pub text: String,
}

/// The descriptor of a phi, with values named (instructions without
/// `%`, operands in LLVM's syntax).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhiClassReport {
    Induction {
        kind: &'static str,
        start: String,
        step: String,
        update: Option<String>,
        exact_fp: Option<String>,
        predicates: Vec<String>,
        casts: Vec<String>,
    },
    Reduction {
        kind: &'static str,
        start: String,
        exit: String,
        store_address: Option<String>,
        fast_math: Option<String>,
        ordered: bool,
        exact_fp: Option<String>,
        narrowed_bits: Option<u32>,
        signed: bool,
        casts: Vec<String>,
        min_width_cast: Option<u32>,
        ops: Vec<String>,
    },
    Recurrence {
        order: u32,
        start: String,
        previous: String,
        sink: Vec<String>,
    },
    Unidentified {
        reason: &'static str,
        incoming: Option<usize>,
        reduction: Option<Why>,
        induction: Option<Why>,
        recurrence: Option<Why>,
    },
}

/// The backedge-taken count of a loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountReport {
    /// The exact count, unsigned, when it is a constant.
    pub constant: Option<u128>,
    /// The exact count in LLVM's SCEV text, when computable.
    pub expr: Option<String>,
    /// A constant upper bound, unsigned.
    pub max_constant: Option<u128>,
}

/// The exact count of one exit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExitCountReport {
    pub exiting: String,
    pub constant: Option<u128>,
    pub expr: Option<String>,
}

// ---------------------------------------------------------------- analysis

/// Computes the report of `m`.
pub fn report(m: &Module) -> ModuleReport {
    report_with(m, &VectorizeOptions::default())
}

/// Computes the report of `m` with the vectorizer's options `vo`.
pub fn report_with(m: &Module, vo: &VectorizeOptions) -> ModuleReport {
    let functions = m
        .functions
        .iter()
        .zip(function_names(m))
        .filter(|((_, f), _)| !f.is_declaration())
        .map(|((fid, f), name)| function_report(m, fid, f, name, vo))
        .collect();
    ModuleReport { functions }
}

fn function_report(
    m: &Module,
    fid: loopwright_ir::Func,
    f: &Function,
    name: String,
    vo: &VectorizeOptions,
) -> FunctionReport {
    let cfg = ControlFlowGraph::compute(f);
    let dt = DominatorTree::compute(&cfg);
    let lf = LoopForest::compute(&cfg, &dt);
    if lf.is_empty() {
        return FunctionReport {
            name,
            loops: Vec::new(),
        };
    }
    let local = LocalNames::compute(f);
    let block = |b| without_sigil(local.block(b));
    let mut se = ScalarEvolution::new(m, f, &cfg, &dt, &lf);
    let pd = PhiDescriptors::compute(m, f);
    let namer = Namer {
        m,
        f,
        names: &local,
    };
    let mut memory = memory_reports(m, fid, f, &cfg, &dt, &lf, &local);
    let mut vectorize = vectorize_reports(m, f, &cfg, &dt, &lf, &local, vo);
    let mut loops = Vec::with_capacity(lf.len());
    for l in lf.preorder_in_program_order() {
        let exiting = lf.exiting_blocks(&cfg, l);
        let counts = se.backedge_taken_count(l);
        let exit_counts = exiting
            .iter()
            .map(|&b| {
                let c = se.exit_count(l, b);
                ExitCountReport {
                    exiting: block(b),
                    constant: c.and_then(|s| se.as_const(s)).map(CInt::u),
                    expr: c.map(|s| expr_to_string_named(&se, &local, s)),
                }
            })
            .collect();
        let backedge_taken_count = CountReport {
            constant: counts.exact.and_then(|s| se.as_const(s)).map(CInt::u),
            expr: counts.exact.map(|s| expr_to_string_named(&se, &local, s)),
            max_constant: counts.constant_max.map(CInt::u),
        };
        let attributes = lf
            .loop_id(f, &m.md, &cfg, l)
            .map(|id| LoopAttrs::of_module(m, id).0.describe(m).children)
            .unwrap_or_default();
        loops.push(LoopReport {
            header: block(lf.header(l)),
            depth: lf.depth(l),
            parent: lf.parent(l).map(|p| block(lf.header(p))),
            preheader: lf.preheader(f, &cfg, l).map(block),
            latches: lf.latches(&cfg, l).iter().map(|&b| block(b)).collect(),
            exits: lf.exit_blocks(&cfg, l).into_iter().map(&block).collect(),
            exiting: exiting.into_iter().map(&block).collect(),
            backedge_taken_count,
            exit_counts,
            trip_count: se.constant_trip_count(l),
            trip_multiple: se.trip_multiple(l),
            attributes,
            phis: pd
                .loop_phis(&mut se, l)
                .into_iter()
                .map(|info| phi_report(&se, &namer, info.phi, &info.class))
                .collect(),
            memory: memory.remove(&l),
            vectorize: vectorize.remove(&l),
        });
    }
    FunctionReport { name, loops }
}

/// Loop access analysis of every innermost loop of `f`.
fn memory_reports(
    m: &Module,
    fid: loopwright_ir::Func,
    f: &Function,
    cfg: &ControlFlowGraph,
    dt: &DominatorTree,
    lf: &LoopForest,
    names: &LocalNames<'_>,
) -> std::collections::HashMap<Loop, MemoryReport> {
    use loopwright_analysis::laa::LoopAccessAnalysis;
    let opts = crate::laa_options(m, f, &Default::default());
    let mut laa = LoopAccessAnalysis::new(m, f, cfg, dt, lf, opts);
    let loc = |i: Inst| crate::source_location(m, f, i);
    let mut out = std::collections::HashMap::new();
    loopwright_analysis::aa::eval::with_llvm_printer(m, fid, f, |fp| {
        for l in lf.loops().filter(|&l| lf.is_innermost(l)) {
            let info = laa.analyze(l);
            let se = laa.scalar_evolution();
            let e = |s| expr_to_string_named(se, names, s);
            let inst = |fp: &mut loopwright_ir::print::FunctionPrinter<'_, '_>, k: usize| {
                fp.inst(info.mem_insts[k]).trim_start().to_string()
            };
            let rt = &info.runtime;
            let groups = rt
                .groups
                .iter()
                .map(|g| GroupReport {
                    low: e(g.low),
                    high: e(g.high),
                    members: g.members.iter().map(|&k| e(rt.pointers[k].expr)).collect(),
                })
                .collect();
            let dependences = info.dependences.as_ref().map(|deps| {
                deps.iter()
                    .map(|d| DependenceReport {
                        kind: d.kind.name(),
                        source: inst(fp, d.source),
                        destination: inst(fp, d.destination),
                    })
                    .collect()
            });
            let verdict = match (info.can_vectorize_memory, rt.need) {
                (true, false) => "safe",
                (true, true) => "safe_with_checks",
                (false, _) => "unsafe",
            };
            let predicates = info
                .predicates
                .iter()
                .map(|p| se.predicate_to_string(Some(names), *p))
                .collect();
            out.insert(
                l,
                MemoryReport {
                    verdict,
                    report: info.report.as_ref().map(|r| r.text(&loc)),
                    max_safe_width_bits: info.max_safe_width_bits,
                    dependences,
                    groups,
                    checks: rt.checks.iter().take(MAX_LISTED_CHECKS).copied().collect(),
                    checks_total: rt.checks.len(),
                    predicates,
                    invariant_address_stores: info.stores_to_invariant.len(),
                    invariant_address_dependence: info.has_invariant_address_dependence(),
                },
            );
        }
    });
    out
}

/// Vectorization legality of every innermost loop of `f`.
fn vectorize_reports(
    m: &Module,
    f: &Function,
    cfg: &ControlFlowGraph,
    dt: &DominatorTree,
    lf: &LoopForest,
    names: &LocalNames<'_>,
    opts: &VectorizeOptions,
) -> std::collections::HashMap<Loop, VectorizeReport> {
    use loopwright_transforms::vectorize::LegalityAnalysis;
    let mut la = LegalityAnalysis::new(m, f, cfg, dt, lf, opts);
    let loc = |i: Inst| crate::source_location(m, f, i);
    let namer = Namer { m, f, names };
    let name = |i: Inst| without_sigil(namer.inst(i));
    let mut out = std::collections::HashMap::new();
    for l in lf.loops().filter(|&l| lf.is_innermost(l)) {
        let v = la.analyze(l);
        let mut r = VectorizeReport {
            verdict: "rejected",
            reason: None,
            debug: v.debug_line(),
            inductions: Vec::new(),
            primary_induction: None,
            reductions: Vec::new(),
            recurrences: Vec::new(),
            live_outs: Vec::new(),
            uniform_mem_ops: Vec::new(),
            runtime_checks: 0,
            runtime_checks_over_threshold: false,
            predicates: 0,
            max_safe_width_bits: None,
            user_width: v.hints.width,
            user_interleave: v.hints.interleave(),
            forced: v.hints.force() == loopwright_transforms::vectorize::Force::Enabled,
            allow_reordering: v.hints.allow_reordering(),
            cost: None,
        };
        match &v.result {
            Err(rej) => {
                r.reason = Some(ReasonReport {
                    name: rej.name(),
                    text: rej.text(&loc),
                    location: la
                        .location(l, Some(rej))
                        .map(|s| format!("{}:{}:{}", s.file, s.line, s.column)),
                    scope_limit: rej.is_scope_limit(),
                });
            }
            Ok(legal) => {
                r.verdict = "legal";
                r.inductions = legal.inductions.iter().map(|(p, _)| name(*p)).collect();
                r.primary_induction = legal.primary_induction.map(name);
                r.reductions = legal
                    .reductions
                    .iter()
                    .map(|(p, d)| format!("{}:{}", name(*p), d.kind.name()))
                    .collect();
                r.recurrences = legal.recurrences.iter().map(|(p, _)| name(*p)).collect();
                r.live_outs = legal.live_outs.iter().map(|&i| name(i)).collect();
                r.uniform_mem_ops = legal.uniform_mem_ops.iter().map(|&i| name(i)).collect();
                r.runtime_checks = legal.runtime_checks;
                r.runtime_checks_over_threshold = legal.runtime_checks_over_threshold;
                r.predicates = legal.predicates.len();
                r.max_safe_width_bits = legal.memory.max_safe_width_bits;
                let inp = loopwright_transforms::vectorize::CostInput {
                    m,
                    f,
                    cfg,
                    lf,
                    l,
                    legal,
                    hints: &v.hints,
                    opts,
                };
                let d = loopwright_transforms::vectorize::cost::decide(&inp, la.scalar_evolution());
                if opts.cost.print {
                    eprint!(
                        "LV(cost): @{} loop %{}\n{}",
                        f.name().unwrap_or(""),
                        without_sigil(names.block(lf.header(l))),
                        d.debug_text(f, &|i| name(i))
                    );
                }
                r.cost = Some(cost_report(&d));
            }
        }
        out.insert(l, r);
    }
    out
}

fn cost_report(d: &loopwright_transforms::vectorize::CostDecision) -> CostReport {
    use loopwright_transforms::vectorize::Outcome;
    CostReport {
        max_width: d.max_vf,
        candidates: d.candidates.iter().map(|c| (c.vf, c.cost)).collect(),
        width: d.vf,
        interleave: d.ic,
        outcome: match d.outcome {
            Outcome::Vectorize { .. } => "vectorize",
            Outcome::Interleave { .. } => "interleave",
            Outcome::NotBeneficial => "not_beneficial",
            Outcome::ChecksNotProfitable => "checks_not_profitable",
        },
        remarks: d
            .remarks
            .iter()
            .map(|r| format!("{}: {}", r.name, r.text))
            .collect(),
        why: d.why.clone(),
        notes: d.notes.clone(),
    }
}

fn phi_report(
    se: &ScalarEvolution<'_>,
    n: &Namer<'_, '_>,
    phi: Inst,
    class: &PhiClass,
) -> PhiReport {
    let inst = |i: Inst| without_sigil(n.inst(i));
    let insts = |v: &[Inst]| v.iter().map(|&i| inst(i)).collect::<Vec<_>>();
    let expr = |x| expr_to_string_named(se, n.names, x);
    let report = match class {
        PhiClass::Induction(d) => PhiClassReport::Induction {
            kind: match d.kind {
                InductionKind::Int => "int",
                InductionKind::Ptr => "ptr",
                InductionKind::Fp => "fp",
            },
            start: n.operand(d.start),
            step: match d.step {
                InductionStep::Scev(x) => expr(x),
                InductionStep::Fp(o) => n.operand(o),
            },
            update: d.bin_op.map(inst),
            exact_fp: d.exact_fp_math.map(inst),
            predicates: d
                .predicates
                .iter()
                .map(|&p| se.predicate_to_string(Some(n.names), p))
                .collect(),
            casts: insts(&d.casts),
        },
        PhiClass::Reduction(d) => PhiClassReport::Reduction {
            kind: d.kind.name(),
            start: n.operand(d.start),
            exit: inst(d.exit),
            store_address: d
                .intermediate_store
                .and_then(|st| n.f.inst(st).operands().get(1).copied())
                .map(|o| n.operand(o)),
            fast_math: d
                .kind
                .is_float()
                .then(|| ivdesc::fast_math_text(d.fast_math)),
            ordered: d.ordered,
            exact_fp: d.exact_fp_math.map(inst),
            narrowed_bits: d.narrowed_bits,
            signed: d.signed,
            casts: insts(&d.casts),
            min_width_cast: d.min_width_cast,
            ops: insts(&d.ops),
        },
        PhiClass::FixedOrderRecurrence(r) => PhiClassReport::Recurrence {
            order: r.order,
            start: n.operand(r.start),
            previous: inst(r.previous),
            sink: insts(&r.sink),
        },
        PhiClass::UnsupportedType => unidentified("unsupported_type", None),
        PhiClass::IncomingCount(k) => unidentified("incoming_count", Some(*k)),
        PhiClass::LoopNotSimplified => unidentified("loop_not_simplified", None),
        PhiClass::Unidentified {
            reduction,
            induction,
            recurrence,
        } => PhiClassReport::Unidentified {
            reason: "none_of_them",
            incoming: None,
            reduction: Some(Why {
                code: reduction.code(),
                text: reduction.describe(n),
            }),
            induction: Some(Why {
                code: induction.code(),
                text: induction.describe().to_string(),
            }),
            recurrence: Some(Why {
                code: recurrence.code(),
                text: recurrence.describe(n),
            }),
        },
    };
    PhiReport {
        name: inst(phi),
        summary: class.describe(se, n),
        class: report,
    }
}

fn unidentified(reason: &'static str, incoming: Option<usize>) -> PhiClassReport {
    PhiClassReport::Unidentified {
        reason,
        incoming,
        reduction: None,
        induction: None,
        recurrence: None,
    }
}

fn without_sigil(mut s: String) -> String {
    if s.starts_with(['%', '@']) {
        s.remove(0);
    }
    s
}

/// The names of all functions as LLVM prints them, without `@`, in module
/// order. Unnamed globals are numbered in the order of the IR printer (and
/// LLVM's slot tracker): variables, aliases, ifuncs, then functions.
fn function_names(m: &Module) -> Vec<String> {
    let unnamed = |n: Option<&str>| n.is_none_or(str::is_empty);
    let mut next = m
        .globals
        .values()
        .filter(|g| unnamed(g.common.name.as_deref()))
        .count()
        + m.aliases
            .values()
            .filter(|a| unnamed(a.common.name.as_deref()))
            .count()
        + m.ifuncs
            .values()
            .filter(|i| unnamed(i.common.name.as_deref()))
            .count();
    let mut out = Vec::with_capacity(m.functions.len());
    for f in m.functions.values() {
        out.push(match f.name().filter(|n| !n.is_empty()) {
            Some(n) => llvm_ident(n),
            None => {
                next += 1;
                (next - 1).to_string()
            }
        });
    }
    out
}

/// `name` as LLVM writes an identifier after its sigil: as is when it
/// matches `[-a-zA-Z._][-a-zA-Z._0-9]*`, else in quotes with `\` doubled
/// and bytes outside printable ASCII (and `"`) as `\XX`.
fn llvm_ident(name: &str) -> String {
    let bytes = name.as_bytes();
    let plain = bytes.first().is_some_and(|c| !c.is_ascii_digit())
        && bytes
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_'));
    if plain {
        return name.to_string();
    }
    let mut s = String::with_capacity(name.len() + 2);
    s.push('"');
    for &c in bytes {
        match c {
            b'\\' => s.push_str("\\\\"),
            b'"' => s.push_str("\\22"),
            0x20..=0x7e => s.push(char::from(c)),
            _ => {
                let _ = write!(s, "\\{c:02X}");
            }
        }
    }
    s.push('"');
    s
}

// ---------------------------------------------------------------- JSON

/// A JSON value; numbers are kept as their decimal text.
enum Json {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(&'static str, Json)>),
}

impl Json {
    fn str(s: &str) -> Json {
        Json::Str(s.to_string())
    }
    fn opt_str(s: Option<&str>) -> Json {
        s.map_or(Json::Null, Json::str)
    }
    fn num(n: impl std::fmt::Display) -> Json {
        Json::Num(n.to_string())
    }
    fn opt_num(n: Option<impl std::fmt::Display>) -> Json {
        n.map_or(Json::Null, Json::num)
    }
    fn strs(v: &[String]) -> Json {
        Json::Arr(v.iter().map(|s| Json::str(s)).collect())
    }

    /// Whether this value holds a non-empty array or object.
    fn is_nonempty_container(&self) -> bool {
        match self {
            Json::Arr(v) => !v.is_empty(),
            Json::Obj(v) => !v.is_empty(),
            _ => false,
        }
    }

    /// Whether to print this container on one line.
    fn is_flat(&self) -> bool {
        match self {
            Json::Arr(v) => v.iter().all(|x| !x.is_nonempty_container()),
            Json::Obj(v) => v.iter().all(|(_, x)| !x.is_nonempty_container()),
            _ => true,
        }
    }

    fn write(&self, out: &mut String, indent: usize) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Num(n) => out.push_str(n),
            Json::Str(s) => push_json_string(out, s),
            Json::Arr(items) => {
                let flat = self.is_flat();
                out.push('[');
                for (i, x) in items.iter().enumerate() {
                    separator(out, i, flat, indent + 2);
                    x.write(out, indent + 2);
                }
                close(out, items.is_empty(), flat, indent, ']');
            }
            Json::Obj(fields) => {
                let flat = self.is_flat();
                out.push('{');
                for (i, (k, x)) in fields.iter().enumerate() {
                    separator(out, i, flat, indent + 2);
                    push_json_string(out, k);
                    out.push_str(": ");
                    x.write(out, indent + 2);
                }
                close(out, fields.is_empty(), flat, indent, '}');
            }
        }
    }
}

fn separator(out: &mut String, i: usize, flat: bool, indent: usize) {
    if i > 0 {
        out.push(',');
        if flat {
            out.push(' ');
        }
    }
    if !flat {
        out.push('\n');
        out.extend(std::iter::repeat_n(' ', indent));
    }
}

fn close(out: &mut String, empty: bool, flat: bool, indent: usize, c: char) {
    if !empty && !flat {
        out.push('\n');
        out.extend(std::iter::repeat_n(' ', indent));
    }
    out.push(c);
}

/// Appends `s` as a JSON string (RFC 8259): `"` and `\` escaped, control
/// characters as short escapes or `\u00XX`, everything else as UTF-8.
fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn attr_json(d: &Description) -> Json {
    let value = match &d.value {
        DescValue::Flag => Json::Null,
        DescValue::Bool(b) => Json::Bool(*b),
        DescValue::Int(i) => Json::num(i),
        DescValue::Text(t) => Json::str(t),
    };
    Json::Obj(vec![
        ("key", Json::str(&d.key)),
        ("value", value),
        (
            "children",
            Json::Arr(d.children.iter().map(attr_json).collect()),
        ),
    ])
}

fn loop_json(l: &LoopReport) -> Json {
    let c = &l.backedge_taken_count;
    Json::Obj(vec![
        ("header", Json::str(&l.header)),
        ("depth", Json::num(l.depth)),
        ("parent", Json::opt_str(l.parent.as_deref())),
        ("preheader", Json::opt_str(l.preheader.as_deref())),
        ("latches", Json::strs(&l.latches)),
        ("exiting", Json::strs(&l.exiting)),
        ("exits", Json::strs(&l.exits)),
        (
            "backedge_taken_count",
            Json::Obj(vec![
                ("constant", Json::opt_num(c.constant)),
                ("expr", Json::opt_str(c.expr.as_deref())),
                ("max_constant", Json::opt_num(c.max_constant)),
            ]),
        ),
        (
            "exit_counts",
            Json::Arr(
                l.exit_counts
                    .iter()
                    .map(|e| {
                        Json::Obj(vec![
                            ("exiting", Json::str(&e.exiting)),
                            ("constant", Json::opt_num(e.constant)),
                            ("expr", Json::opt_str(e.expr.as_deref())),
                        ])
                    })
                    .collect(),
            ),
        ),
        ("trip_multiple", Json::num(l.trip_multiple)),
        (
            "attributes",
            Json::Arr(l.attributes.iter().map(attr_json).collect()),
        ),
        ("phis", Json::Arr(l.phis.iter().map(phi_json).collect())),
        ("memory", l.memory.as_ref().map_or(Json::Null, memory_json)),
        (
            "vectorize",
            l.vectorize.as_ref().map_or(Json::Null, vectorize_json),
        ),
    ])
}

fn memory_json(r: &MemoryReport) -> Json {
    Json::Obj(vec![
        ("verdict", Json::str(r.verdict)),
        ("report", Json::opt_str(r.report.as_deref())),
        ("max_safe_width_bits", Json::opt_num(r.max_safe_width_bits)),
        (
            "dependences",
            r.dependences.as_ref().map_or(Json::Null, |deps| {
                Json::Arr(
                    deps.iter()
                        .map(|d| {
                            Json::Obj(vec![
                                ("kind", Json::str(d.kind)),
                                ("source", Json::str(&d.source)),
                                ("destination", Json::str(&d.destination)),
                            ])
                        })
                        .collect(),
                )
            }),
        ),
        (
            "groups",
            Json::Arr(
                r.groups
                    .iter()
                    .map(|g| {
                        Json::Obj(vec![
                            ("low", Json::str(&g.low)),
                            ("high", Json::str(&g.high)),
                            ("members", Json::strs(&g.members)),
                        ])
                    })
                    .collect(),
            ),
        ),
        (
            "checks",
            Json::Arr(
                r.checks
                    .iter()
                    .map(|&(a, b)| Json::Arr(vec![Json::num(a), Json::num(b)]))
                    .collect(),
            ),
        ),
        ("checks_total", Json::num(r.checks_total)),
        ("predicates", Json::strs(&r.predicates)),
        (
            "invariant_address_stores",
            Json::num(r.invariant_address_stores),
        ),
        (
            "invariant_address_dependence",
            Json::Bool(r.invariant_address_dependence),
        ),
    ])
}

fn vectorize_json(r: &VectorizeReport) -> Json {
    let reason = r.reason.as_ref().map_or(Json::Null, |x| {
        Json::Obj(vec![
            ("name", Json::str(x.name)),
            ("text", Json::str(&x.text)),
            ("location", Json::opt_str(x.location.as_deref())),
            ("scope_limit", Json::Bool(x.scope_limit)),
        ])
    });
    Json::Obj(vec![
        ("verdict", Json::str(r.verdict)),
        ("reason", reason),
        ("debug", Json::str(r.debug)),
        ("inductions", Json::strs(&r.inductions)),
        (
            "primary_induction",
            Json::opt_str(r.primary_induction.as_deref()),
        ),
        ("reductions", Json::strs(&r.reductions)),
        ("recurrences", Json::strs(&r.recurrences)),
        ("live_outs", Json::strs(&r.live_outs)),
        ("uniform_mem_ops", Json::strs(&r.uniform_mem_ops)),
        ("runtime_checks", Json::num(r.runtime_checks)),
        (
            "runtime_checks_over_threshold",
            Json::Bool(r.runtime_checks_over_threshold),
        ),
        ("predicates", Json::num(r.predicates)),
        ("max_safe_width_bits", Json::opt_num(r.max_safe_width_bits)),
        ("user_width", Json::num(r.user_width)),
        ("user_interleave", Json::num(r.user_interleave)),
        ("forced", Json::Bool(r.forced)),
        ("allow_reordering", Json::Bool(r.allow_reordering)),
        ("cost", r.cost.as_ref().map_or(Json::Null, cost_json)),
    ])
}

fn cost_json(c: &CostReport) -> Json {
    Json::Obj(vec![
        ("max_width", Json::num(c.max_width)),
        (
            "candidates",
            Json::Arr(
                c.candidates
                    .iter()
                    .map(|&(w, cost)| {
                        Json::Obj(vec![("width", Json::num(w)), ("cost", Json::num(cost))])
                    })
                    .collect(),
            ),
        ),
        ("width", Json::num(c.width)),
        ("interleave", Json::num(c.interleave)),
        ("outcome", Json::str(c.outcome)),
        ("remarks", Json::strs(&c.remarks)),
        ("why", Json::strs(&c.why)),
        (
            "notes",
            Json::strs(&c.notes.iter().map(|n| n.to_string()).collect::<Vec<_>>()),
        ),
    ])
}

/// The human lines of a vectorization verdict.
fn vectorize_node(r: &VectorizeReport) -> Node {
    let mut children = vec![Node::leaf(r.debug.to_string())];
    let text = match &r.reason {
        Some(x) => format!(
            "vectorize: {}{} [{}]",
            x.text.replace('\n', " "),
            if x.scope_limit { " (scope limit)" } else { "" },
            x.name
        ),
        None => {
            let mut t = "vectorize: legal".to_string();
            if r.runtime_checks > 0 {
                let _ = write!(
                    t,
                    " with {} run-time check{}",
                    r.runtime_checks,
                    if r.runtime_checks == 1 { "" } else { "s" }
                );
            }
            if r.predicates > 0 {
                let _ = write!(t, ", {} SCEV predicate(s)", r.predicates);
            }
            let list = |k: &str, v: &[String]| {
                (!v.is_empty()).then(|| Node::leaf(format!("{k}: {}", v.join(", "))))
            };
            children.extend(list("inductions", &r.inductions));
            children.extend(list("reductions", &r.reductions));
            children.extend(list("recurrences", &r.recurrences));
            children.extend(list("live outs", &r.live_outs));
            if let Some(c) = &r.cost {
                children.push(cost_node(c));
            }
            t
        }
    };
    Node { text, children }
}

/// The human lines of the cost model's choice.
fn cost_node(c: &CostReport) -> Node {
    let text = match c.outcome {
        "vectorize" => format!("cost model: width {}, interleave {}", c.width, c.interleave),
        "interleave" => format!("cost model: interleave {}", c.interleave),
        "checks_not_profitable" => {
            "cost model: not vectorized, the run-time checks do not pay".to_string()
        }
        _ => "cost model: not beneficial".to_string(),
    };
    let mut children = Vec::new();
    let per_lane: Vec<String> = c
        .candidates
        .iter()
        .map(|&(w, cost)| format!("{w}: {:.2}", cost as f64 / f64::from(w.max(1))))
        .collect();
    if !per_lane.is_empty() {
        children.push(Node::leaf(format!(
            "cost per lane (max width {}): {}",
            c.max_width,
            per_lane.join(", ")
        )));
    }
    for w in &c.why {
        children.push(Node::leaf(format!("why: {w}")));
    }
    for n in &c.notes {
        children.push(Node::leaf(format!("note: {n} (LLVM may differ)")));
    }
    Node { text, children }
}

/// The most check pairs a report lists (their number is quadratic in the
/// pointers of a loop; the total is always given).
pub const MAX_LISTED_CHECKS: usize = 4096;

/// The human lines of a memory report.
fn memory_node(r: &MemoryReport) -> Node {
    let mut text = match r.verdict {
        "safe" => "memory: safe".to_string(),
        "safe_with_checks" => {
            let n = r.checks_total;
            format!(
                "memory: safe with {n} run-time check{}",
                if n == 1 { "" } else { "s" }
            )
        }
        _ => format!(
            "memory: unsafe: {}",
            r.report.as_deref().unwrap_or("").replace('\n', " ")
        ),
    };
    if let Some(w) = r.max_safe_width_bits {
        let _ = write!(text, ", at most {w} bits");
    }
    let mut children = Vec::new();
    match &r.dependences {
        None => children.push(Node::leaf("dependences: too many to record".into())),
        Some(deps) if !deps.is_empty() => children.push(Node {
            text: "dependences".into(),
            children: deps
                .iter()
                .map(|d| Node::leaf(format!("{}: {} -> {}", d.kind, d.source, d.destination)))
                .collect(),
        }),
        Some(_) => {}
    }
    if !r.groups.is_empty() {
        children.push(Node {
            text: "check groups".into(),
            children: r
                .groups
                .iter()
                .enumerate()
                .map(|(k, g)| {
                    Node::leaf(format!(
                        "{k}: [{}, {}) {}",
                        g.low,
                        g.high,
                        g.members.join(", ")
                    ))
                })
                .collect(),
        });
    }
    if !r.checks.is_empty() {
        let mut pairs: Vec<String> = r.checks.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        if r.checks_total > r.checks.len() {
            pairs.push(format!("... ({} more)", r.checks_total - r.checks.len()));
        }
        children.push(Node::leaf(format!("checks: {}", pairs.join(", "))));
    }
    if !r.predicates.is_empty() {
        children.push(Node {
            text: "assumes".into(),
            children: r.predicates.iter().map(|p| Node::leaf(p.clone())).collect(),
        });
    }
    if r.invariant_address_stores > 0 {
        children.push(Node::leaf(format!(
            "stores to invariant addresses: {}{}",
            r.invariant_address_stores,
            if r.invariant_address_dependence {
                " (not vectorizable)"
            } else {
                ""
            }
        )));
    }
    Node { text, children }
}

fn why_json(w: &Option<Why>) -> Json {
    match w {
        Some(w) => Json::Obj(vec![
            ("code", Json::str(w.code)),
            ("text", Json::str(&w.text)),
        ]),
        None => Json::Null,
    }
}

fn phi_json(p: &PhiReport) -> Json {
    let mut fields = vec![("name", Json::str(&p.name))];
    match &p.class {
        PhiClassReport::Induction {
            kind,
            start,
            step,
            update,
            exact_fp,
            predicates,
            casts,
        } => fields.extend([
            ("class", Json::str("induction")),
            ("kind", Json::str(kind)),
            ("start", Json::str(start)),
            ("step", Json::str(step)),
            ("update", Json::opt_str(update.as_deref())),
            ("exact_fp", Json::opt_str(exact_fp.as_deref())),
            ("predicates", Json::strs(predicates)),
            ("casts", Json::strs(casts)),
        ]),
        PhiClassReport::Reduction {
            kind,
            start,
            exit,
            store_address,
            fast_math,
            ordered,
            exact_fp,
            narrowed_bits,
            signed,
            casts,
            min_width_cast,
            ops,
        } => fields.extend([
            ("class", Json::str("reduction")),
            ("kind", Json::str(kind)),
            ("start", Json::str(start)),
            ("exit", Json::str(exit)),
            ("store_address", Json::opt_str(store_address.as_deref())),
            ("fast_math", Json::opt_str(fast_math.as_deref())),
            ("ordered", Json::Bool(*ordered)),
            ("exact_fp", Json::opt_str(exact_fp.as_deref())),
            ("narrowed_bits", Json::opt_num(*narrowed_bits)),
            ("signed", Json::Bool(*signed)),
            ("casts", Json::strs(casts)),
            ("min_width_cast", Json::opt_num(*min_width_cast)),
            ("ops", Json::strs(ops)),
        ]),
        PhiClassReport::Recurrence {
            order,
            start,
            previous,
            sink,
        } => fields.extend([
            ("class", Json::str("recurrence")),
            ("order", Json::num(order)),
            ("start", Json::str(start)),
            ("previous", Json::str(previous)),
            ("sink", Json::strs(sink)),
        ]),
        PhiClassReport::Unidentified {
            reason,
            incoming,
            reduction,
            induction,
            recurrence,
        } => fields.extend([
            ("class", Json::str("unidentified")),
            ("reason", Json::str(reason)),
            ("incoming", Json::opt_num(*incoming)),
            ("reduction", why_json(reduction)),
            ("induction", why_json(induction)),
            ("recurrence", why_json(recurrence)),
        ]),
    }
    Json::Obj(fields)
}

impl ModuleReport {
    /// The report as JSON (see the module docs), ending with a newline.
    pub fn to_json(&self) -> String {
        let functions = self
            .functions
            .iter()
            .map(|f| {
                Json::Obj(vec![
                    ("name", Json::str(&f.name)),
                    ("loops", Json::Arr(f.loops.iter().map(loop_json).collect())),
                ])
            })
            .collect();
        let mut out = String::new();
        Json::Obj(vec![("functions", Json::Arr(functions))]).write(&mut out, 0);
        out.push('\n');
        out
    }

    /// The report as a tree for the terminal, ending with a newline.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for f in &self.functions {
            if f.loops.is_empty() {
                let _ = writeln!(out, "@{}: no loops", f.name);
                continue;
            }
            let n = f.loops.len();
            let _ = writeln!(
                out,
                "@{}: {n} loop{}",
                f.name,
                if n == 1 { "" } else { "s" }
            );
            let tops = loop_tree(&f.loops);
            render_children(&mut out, &tops, "");
        }
        out
    }
}

// ---------------------------------------------------------------- text

/// A line of the human format and the lines nested under it.
struct Node {
    text: String,
    children: Vec<Node>,
}

impl Node {
    fn leaf(text: String) -> Node {
        Node {
            text,
            children: Vec::new(),
        }
    }
}

fn block_list(v: &[String]) -> String {
    if v.is_empty() {
        return "none".into();
    }
    v.iter()
        .map(|b| format!("%{b}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn count_text(constant: Option<u128>, expr: Option<&str>) -> String {
    match (constant, expr) {
        (Some(c), _) => c.to_string(),
        (None, Some(e)) => e.to_string(),
        (None, None) => "unknown".into(),
    }
}

fn attr_node(d: &Description) -> Node {
    let text = match &d.value {
        DescValue::Flag => d.key.clone(),
        DescValue::Bool(b) => format!("{}: {b}", d.key),
        DescValue::Int(i) => format!("{}: {i}", d.key),
        DescValue::Text(t) => format!("{}: {t}", d.key),
    };
    Node {
        text,
        children: d.children.iter().map(attr_node).collect(),
    }
}

/// A top-level attribute line. The `modes` node becomes one line listing
/// the transformations whose mode is not `unspecified` (none: no line).
fn attr_line(d: &Description) -> Option<Node> {
    if d.key != "modes" {
        return Some(attr_node(d));
    }
    let set: Vec<String> = d
        .children
        .iter()
        .filter_map(|c| match &c.value {
            DescValue::Text(t) if t != "unspecified" => Some(format!("{} {t}", c.key)),
            _ => None,
        })
        .collect();
    (!set.is_empty()).then(|| Node::leaf(format!("modes: {}", set.join(", "))))
}

/// The loops of a function (in pre-order) as a forest of nodes.
fn loop_tree(loops: &[LoopReport]) -> Vec<Node> {
    // Pre-order with depths: a loop's subtree is the run of loops after it
    // that are deeper.
    fn build(loops: &[LoopReport], i: &mut usize) -> Node {
        let l = &loops[*i];
        *i += 1;
        let c = &l.backedge_taken_count;
        let mut btc = format!(
            "backedge-taken count: {}",
            count_text(c.constant, c.expr.as_deref())
        );
        if let Some(max) = c.max_constant {
            if c.constant.is_none() {
                let _ = write!(btc, " (at most {max})");
            }
        }
        let trip = match (l.trip_count, l.trip_multiple) {
            (Some(t), _) => format!("trip count: {t}"),
            (None, m) if m > 1 => format!("trip count: unknown, a multiple of {m}"),
            (None, _) => "trip count: unknown".into(),
        };
        let mut children = vec![
            Node::leaf(format!(
                "preheader: {}",
                l.preheader
                    .as_deref()
                    .map_or_else(|| "none".into(), |p| format!("%{p}"))
            )),
            Node::leaf(format!("latches: {}", block_list(&l.latches))),
            Node::leaf(format!("exiting: {}", block_list(&l.exiting))),
            Node::leaf(format!("exits: {}", block_list(&l.exits))),
            Node::leaf(btc),
        ];
        if l.exit_counts.len() > 1 {
            children.push(Node {
                text: "exit counts".into(),
                children: l
                    .exit_counts
                    .iter()
                    .map(|e| {
                        Node::leaf(format!(
                            "%{}: {}",
                            e.exiting,
                            count_text(e.constant, e.expr.as_deref())
                        ))
                    })
                    .collect(),
            });
        }
        children.push(Node::leaf(trip));
        let attrs: Vec<Node> = l.attributes.iter().filter_map(attr_line).collect();
        if !attrs.is_empty() {
            children.push(Node {
                text: "attributes".into(),
                children: attrs,
            });
        }
        if !l.phis.is_empty() {
            children.push(Node {
                text: "phis".into(),
                children: l
                    .phis
                    .iter()
                    .map(|p| Node::leaf(format!("%{}: {}", p.name, p.summary)))
                    .collect(),
            });
        }
        if let Some(mem) = &l.memory {
            children.push(memory_node(mem));
        }
        if let Some(v) = &l.vectorize {
            children.push(vectorize_node(v));
        }
        while *i < loops.len() && loops[*i].depth > l.depth {
            children.push(build(loops, i));
        }
        Node {
            text: format!("loop %{} (depth {})", l.header, l.depth),
            children,
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < loops.len() {
        out.push(build(loops, &mut i));
    }
    out
}

fn render_children(out: &mut String, nodes: &[Node], prefix: &str) {
    for (k, n) in nodes.iter().enumerate() {
        let last = k + 1 == nodes.len();
        let _ = writeln!(
            out,
            "{prefix}{}{}",
            if last { "└─ " } else { "├─ " },
            n.text
        );
        let nested = format!("{prefix}{}", if last { "   " } else { "│  " });
        render_children(out, &n.children, &nested);
    }
}

// ---------------------------------------------------------------- driver

/// Output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// Parses (and unless `verify` is false, verifies) the module text `src`
/// named `file` and returns its report in `format`.
pub fn analyze(src: &[u8], file: &str, format: Format, verify: bool) -> Result<String, Failure> {
    analyze_with(src, file, format, verify, &VectorizeOptions::default())
}

/// [`analyze`] with the vectorizer's options `vo`.
pub fn analyze_with(
    src: &[u8],
    file: &str,
    format: Format,
    verify: bool,
    vo: &VectorizeOptions,
) -> Result<String, Failure> {
    let m = crate::parse(src, file)?;
    if verify {
        crate::verify(&m, file, "input")?;
    }
    let r = report_with(&m, vo);
    Ok(match format {
        Format::Text => r.to_text(),
        Format::Json => r.to_json(),
    })
}

/// Runs `loopwright analyze` with `args` (the first being the command name)
/// and returns the exit status: 0, 1 for any error, 2 for usage errors.
pub fn main(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let cli = match AnalyzeCli::try_parse_from(crate::cli::normalize_args(args)) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            // Exit status 1 for every error, as opt.
            return if e.use_stderr() {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprint!("{msg}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: &AnalyzeCli) -> Result<(), String> {
    let (src, name) = crate::io::read_input(cli.input.as_deref())?;
    let format = if cli.json { Format::Json } else { Format::Text };
    let vo = cli.vectorize.options(VectorizeOptions::default());
    let text = analyze_with(&src, &name, format, !cli.disable_verify, &vo).map_err(|f| f.0)?;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| diag::plain("<stdout>", &e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_are_escaped() {
        let mut s = String::new();
        push_json_string(&mut s, "a\"b\\c\n\u{1}\u{7f}é");
        assert_eq!(s, "\"a\\\"b\\\\c\\n\\u0001\u{7f}é\"");
    }

    #[test]
    fn identifiers_are_quoted_as_llvm_does() {
        assert_eq!(llvm_ident("main"), "main");
        assert_eq!(llvm_ident("_Z3fooi.cold-1"), "_Z3fooi.cold-1");
        assert_eq!(llvm_ident("3"), "\"3\"");
        assert_eq!(llvm_ident("a b"), "\"a b\"");
        assert_eq!(llvm_ident("q\"\\\n"), "\"q\\22\\\\\\0A\"");
        assert_eq!(llvm_ident(""), "\"\"");
    }

    #[test]
    fn flat_containers_stay_on_one_line() {
        let v = Json::Obj(vec![
            ("a", Json::Arr(vec![Json::num(1), Json::Null])),
            ("b", Json::Obj(vec![("c", Json::Arr(Vec::new()))])),
            (
                "d",
                Json::Arr(vec![Json::Obj(vec![("e", Json::Bool(true))])]),
            ),
        ]);
        let mut s = String::new();
        v.write(&mut s, 0);
        assert_eq!(
            s,
            "{\n  \"a\": [1, null],\n  \"b\": {\"c\": []},\n  \"d\": [\n    {\"e\": true}\n  ]\n}"
        );
    }

    #[test]
    fn unnamed_functions_are_numbered_after_other_unnamed_globals() {
        let src = b"@0 = global i32 0\n@g = global i32 1\n\
                    define void @1() {\n  ret void\n}\n\
                    define void @\"x y\"() {\n  ret void\n}\n";
        let m = crate::parse(src, "t.ll").expect("parses");
        let r = report(&m);
        let names: Vec<&str> = r.functions.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["1", "\"x y\""]);
    }
}
