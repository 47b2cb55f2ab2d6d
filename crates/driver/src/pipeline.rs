//! Pass pipelines in `opt`'s textual syntax, parsed as LLVM 19's
//! `PassBuilder::parsePassPipeline` parses them.
//!
//! # The registry
//! Every pass loopwright knows is one row of [`PASSES`]: its LLVM name, its
//! kind (module, function, loop, loop-nest: where it may stand), whether it
//! is implemented, its parameter parser, and the forms it promises to leave
//! (checked by `-verify-each`). LLVM passes that loopwright does not
//! implement yet are rows too ([`Status::Planned`]): a pipeline naming
//! them parses (with LLVM's checks of their parameters) and is then
//! refused, so a pipeline never silently does less than it says. The
//! analyses `require<...>`/`invalidate<...>` accept are LLVM 19's, per
//! level ([`ANALYSES`]).
//!
//! # The syntax, as opt-19 reads it
//! - The text is split at `,`, `(` and `)` only (`PassBuilder::
//!   parsePipelineText`): `name(inner,...)` nests, and everything else,
//!   `<...>` parameters and spaces included, belongs to a name. Unbalanced
//!   parentheses, and a `)` followed by anything but `,`, give
//!   `invalid pipeline 'TEXT'`.
//! - The first name decides the outermost level: a module pass or adaptor
//!   keeps the pipeline at module level; otherwise the whole pipeline is
//!   wrapped in `cgscc(...)`, `function(...)` or `function(loop(...))`
//!   after the kind of its first pass (so `loop-unroll-full,loop-unroll`
//!   is `unknown loop pass 'loop-unroll'`, as in opt).
//! - Each level accepts its own passes and adaptors, and the passes of the
//!   levels below it (each wrapped in its adaptor):
//!   module: `module(...)`, `cgscc(...)`, `function[<eager-inv>](...)`,
//!   `default<On>`, module passes, then function and loop passes;
//!   cgscc: `cgscc(...)`, `function<eager-inv;no-rerun>(...)`,
//!   `devirt<N>(...)`, function and loop passes;
//!   function: `function(...)`, `loop(...)`, `loop-mssa(...)`, function
//!   passes, loop passes; loop: `loop(...)`, loop and loop-nest passes.
//! - A pass without a parameter parser matches its name exactly
//!   (`lcssa<x>` is an unknown pass); one with a parser accepts
//!   `name<params>`, and the parser reports bad parameters in LLVM's words
//!   (`invalid LoopUnrollPass parameter 'bogus' `, trailing space
//!   included).
//! - Errors are LLVM's messages, in LLVM's order (the first one met
//!   depth-first). `crates/driver/tests/pipeline_opt.rs` compares them
//!   with opt-19's, live, on many malformed pipelines.
//!
//! # Decisions (against opt-19, see `ARCHITECTURE.md`)
//! - `default<O0>`..`default<O3>`, `default<Os>` and `default<Oz>` expand
//!   to loopwright's default pipeline at that level ([`default_pipeline`];
//!   `Os` and `Oz` at level 2, the speedup level LLVM gives its unroll
//!   passes there). The other aliases (`thinlto<..>`, `lto<..>`, ...) parse
//!   and are refused as not implemented.
//! - `require<A>` and `invalidate<A>` accept exactly the analyses opt-19
//!   registers at that level, and `invalidate<all>`. `require` computes
//!   nothing (loopwright computes analyses when a pass needs them);
//!   `invalidate` drops what the passes remember of the function (its
//!   `FnMemo`). Neither changes the output.
//! - `repeat<N>(...)`: opt-19 (19.1.7) rejects it in every position
//!   (`unknown pipeline name 'repeat<2>'`, `invalid use of 'repeat<2>'
//!   pass as function pipeline`), so loopwright does too, with the same
//!   messages.
//! - `coro-cond(...)` parses and is refused as not implemented.
//! - Extensions opt-19 rejects, all documented: `none` (the empty
//!   pipeline), `loop-unroll-full<O0>`..`<O3>` (the level of the default
//!   pipeline's full unroll, which LLVM sets when it builds its pipeline),
//!   `loop-unroll<only-when-forced>` (LLVM's `OnlyWhenForced`, set by
//!   clang's `-fno-unroll-loops`).

use std::fmt;

/// The IR unit a pass runs on (LLVM's `*_PASS` sections).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Kind {
    Module,
    /// Call-graph SCCs; loopwright runs a `cgscc(...)` adaptor's passes
    /// function by function.
    Cgscc,
    Function,
    Loop,
    LoopNest,
}

/// Whether a registered pass can run.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Status {
    Implemented,
    /// An LLVM pass that loopwright does not implement yet.
    Planned,
}

/// How a pass takes `<parameters>`.
#[derive(Copy, Clone)]
pub enum Params {
    /// LLVM's `*_PASS`: the name is matched exactly.
    None,
    /// LLVM's `*_PASS_WITH_PARAMS`: `name` or `name<params>`; the parser
    /// checks the parameters and words its error as LLVM does.
    Parsed(fn(&str) -> Result<(), String>),
    /// A loopwright extension of a pass LLVM gives no parameters: exactly
    /// these parameter texts are accepted (any other makes the name
    /// unknown, as in LLVM).
    Extension(&'static [&'static str]),
}

/// The canonical forms a pass leaves every loop in (where it can), which
/// `-verify-each` checks after it.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Promises {
    /// Loop-simplify form: preheader, one latch, dedicated exits.
    pub simplify: bool,
    /// LCSSA: values defined in a loop are used outside only through phis
    /// in its exit blocks.
    pub lcssa: bool,
}

/// A registered pass.
pub struct PassInfo {
    pub name: &'static str,
    pub kind: Kind,
    pub status: Status,
    pub params: Params,
    pub promises: Promises,
}

const NONE: Promises = Promises {
    simplify: false,
    lcssa: false,
};
/// What LLVM's loop pass manager requires of every loop before a loop
/// pass and what loop passes preserve; LLVM's `loop-unroll` function pass
/// establishes and keeps the same.
const LOOP_FORMS: Promises = Promises {
    simplify: true,
    lcssa: true,
};

/// Every pass loopwright knows, by LLVM 19 name and kind (`opt-19
/// --print-passes`). Where a name has two kinds (`verify`), the row of
/// the outer level comes first, as in LLVM's `PassRegistry.def`.
pub const PASSES: &[PassInfo] = &[
    PassInfo {
        name: "verify",
        kind: Kind::Module,
        status: Status::Implemented,
        params: Params::None,
        promises: NONE,
    },
    PassInfo {
        name: "verify",
        kind: Kind::Function,
        status: Status::Implemented,
        params: Params::None,
        promises: NONE,
    },
    PassInfo {
        name: "loop-simplify",
        kind: Kind::Function,
        status: Status::Implemented,
        params: Params::None,
        promises: Promises {
            simplify: true,
            lcssa: false,
        },
    },
    PassInfo {
        name: "lcssa",
        kind: Kind::Function,
        status: Status::Implemented,
        params: Params::None,
        promises: Promises {
            simplify: false,
            lcssa: true,
        },
    },
    PassInfo {
        name: "loop-rotate",
        kind: Kind::Loop,
        status: Status::Implemented,
        params: Params::Parsed(|p| rotate_params(p).map(drop)),
        promises: LOOP_FORMS,
    },
    PassInfo {
        name: "loop-unroll-full",
        kind: Kind::Loop,
        status: Status::Implemented,
        params: Params::Extension(&["O0", "O1", "O2", "O3"]),
        promises: LOOP_FORMS,
    },
    PassInfo {
        name: "loop-unroll",
        kind: Kind::Function,
        status: Status::Implemented,
        params: Params::Parsed(|p| unroll_params(p).map(drop)),
        promises: LOOP_FORMS,
    },
    PassInfo {
        name: "loop-vectorize",
        kind: Kind::Function,
        status: Status::Implemented,
        params: Params::Parsed(vectorize_params),
        promises: NONE,
    },
    PassInfo {
        name: "loop-distribute",
        kind: Kind::Function,
        status: Status::Planned,
        params: Params::None,
        promises: NONE,
    },
    PassInfo {
        name: "loop-unroll-and-jam",
        kind: Kind::LoopNest,
        status: Status::Planned,
        params: Params::None,
        promises: NONE,
    },
    PassInfo {
        name: "loop-interchange",
        kind: Kind::LoopNest,
        status: Status::Planned,
        params: Params::None,
        promises: NONE,
    },
    PassInfo {
        name: "loop-versioning-licm",
        kind: Kind::Loop,
        status: Status::Planned,
        params: Params::None,
        promises: NONE,
    },
    PassInfo {
        name: "aa-eval",
        kind: Kind::Function,
        status: Status::Implemented,
        params: Params::None,
        promises: NONE,
    },
    PassInfo {
        name: "print<access-info>",
        kind: Kind::Function,
        status: Status::Implemented,
        params: Params::None,
        promises: NONE,
    },
    PassInfo {
        name: "transform-warning",
        kind: Kind::Function,
        status: Status::Implemented,
        params: Params::None,
        promises: NONE,
    },
];

/// The analyses LLVM 19 registers per level (`opt-19 --print-passes`,
/// alias analyses included), the names `require<A>` and `invalidate<A>`
/// accept there.
pub const ANALYSES: &[(Kind, &[&str])] = &[
    (
        Kind::Module,
        &[
            "callgraph",
            "collector-metadata",
            "inline-advisor",
            "ir-similarity",
            "lcg",
            "module-summary",
            "no-op-module",
            "pass-instrumentation",
            "profile-summary",
            "stack-safety",
            "verify",
            "globals-aa",
        ],
    ),
    (
        Kind::Cgscc,
        &["no-op-cgscc", "fam-proxy", "pass-instrumentation"],
    ),
    (
        Kind::Function,
        &[
            "aa",
            "access-info",
            "assumptions",
            "bb-sections-profile-reader",
            "block-freq",
            "branch-prob",
            "cycles",
            "da",
            "debug-ata",
            "demanded-bits",
            "domfrontier",
            "domtree",
            "func-properties",
            "machine-function-info",
            "gc-function",
            "inliner-size-estimator",
            "lazy-value-info",
            "loops",
            "memdep",
            "memoryssa",
            "no-op-function",
            "opt-remark-emit",
            "pass-instrumentation",
            "phi-values",
            "postdomtree",
            "regions",
            "scalar-evolution",
            "should-not-run-function-passes",
            "should-run-extra-vector-passes",
            "ssp-layout",
            "stack-safety-local",
            "target-ir",
            "target-lib-info",
            "uniformity",
            "verify",
            "basic-aa",
            "objc-arc-aa",
            "scev-aa",
            "scoped-noalias-aa",
            "tbaa",
        ],
    ),
    (
        Kind::Loop,
        &[
            "ddg",
            "iv-users",
            "no-op-loop",
            "pass-instrumentation",
            "should-run-extra-simple-loop-unswitch",
        ],
    ),
];

/// The registry row of `name` of `kind`.
pub fn lookup(name: &str, kind: Kind) -> Option<&'static PassInfo> {
    PASSES.iter().find(|p| p.name == name && p.kind == kind)
}

/// The first registry row named `name`, of any kind.
pub fn lookup_any(name: &str) -> Option<&'static PassInfo> {
    PASSES.iter().find(|p| p.name == name)
}

// ---------------------------------------------------------------------------
// Parameters
// ---------------------------------------------------------------------------

/// LLVM's `parseOptLevel`.
fn opt_level(s: &str) -> Option<OptLevel> {
    Some(match s {
        "O0" => OptLevel::Speed(0),
        "O1" => OptLevel::Speed(1),
        "O2" => OptLevel::Speed(2),
        "O3" => OptLevel::Speed(3),
        "Os" => OptLevel::Size(1),
        "Oz" => OptLevel::Size(2),
        _ => return None,
    })
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum OptLevel {
    Speed(u8),
    Size(u8),
}

impl OptLevel {
    /// LLVM's `getSpeedupLevel` (`Os` and `Oz` are 2).
    fn speedup(self) -> u8 {
        match self {
            OptLevel::Speed(n) => n,
            OptLevel::Size(_) => 2,
        }
    }
}

/// `loop-unroll<...>` parameters (LLVM's `parseLoopUnrollOptions`, plus
/// `only-when-forced`). `None`: the parameter was not given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnrollParams {
    pub opt_level: Option<u8>,
    pub full_unroll_max: Option<u32>,
    pub partial: Option<bool>,
    pub peeling: Option<bool>,
    /// loopwright does not peel from profile data; the parameter only
    /// decides whether a forced peel marks the loop as unrolled
    /// (`UnrollOptions::profile_peeling`).
    pub profile_peeling: Option<bool>,
    pub runtime: Option<bool>,
    pub upperbound: Option<bool>,
    /// Loopwright's extension: unroll only loops whose metadata asks.
    pub only_when_forced: bool,
}

/// Parses `loop-unroll`'s parameter text (between `<` and `>`).
pub fn unroll_params(params: &str) -> Result<UnrollParams, String> {
    let mut out = UnrollParams::default();
    let bad = |p: &str| format!("invalid LoopUnrollPass parameter '{p}' ");
    let mut rest = params;
    while !rest.is_empty() {
        let (name, tail) = rest.split_once(';').unwrap_or((rest, ""));
        rest = tail;
        // -Os and -Oz are not accepted.
        if let Some(OptLevel::Speed(n)) = opt_level(name) {
            out.opt_level = Some(n);
            continue;
        }
        if let Some(count) = name.strip_prefix("full-unroll-max=") {
            // LLVM reads an `int` and stores it as `unsigned`.
            let n = crate::llvmint::i32_value(count).ok_or_else(|| bad(count))?;
            out.full_unroll_max = Some(n as u32);
            continue;
        }
        if name == "only-when-forced" {
            out.only_when_forced = true;
            continue;
        }
        let (enable, name) = match name.strip_prefix("no-") {
            Some(n) => (false, n),
            None => (true, name),
        };
        let slot = match name {
            "partial" => &mut out.partial,
            "peeling" => &mut out.peeling,
            "profile-peeling" => &mut out.profile_peeling,
            "runtime" => &mut out.runtime,
            "upperbound" => &mut out.upperbound,
            _ => return Err(bad(name)),
        };
        *slot = Some(enable);
    }
    Ok(out)
}

/// `loop-rotate<...>` parameters (LLVM's `parseLoopRotateOptions`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RotateParams {
    pub header_duplication: bool,
    pub prepare_for_lto: bool,
}

/// Parses `loop-rotate`'s parameter text.
pub fn rotate_params(params: &str) -> Result<RotateParams, String> {
    let mut out = RotateParams {
        header_duplication: true,
        prepare_for_lto: false,
    };
    let mut rest = params;
    while !rest.is_empty() {
        let (name, tail) = rest.split_once(';').unwrap_or((rest, ""));
        rest = tail;
        let (enable, name) = match name.strip_prefix("no-") {
            Some(n) => (false, n),
            None => (true, name),
        };
        match name {
            "header-duplication" => out.header_duplication = enable,
            "prepare-for-lto" => out.prepare_for_lto = enable,
            _ => return Err(format!("invalid LoopRotate pass parameter '{name}' ")),
        }
    }
    Ok(out)
}

/// Checks `loop-vectorize`'s parameter text (LLVM's
/// `parseLoopVectorizeOptions`).
fn vectorize_params(params: &str) -> Result<(), String> {
    let mut rest = params;
    while !rest.is_empty() {
        let (name, tail) = rest.split_once(';').unwrap_or((rest, ""));
        rest = tail;
        let name = name.strip_prefix("no-").unwrap_or(name);
        if !matches!(name, "interleave-forced-only" | "vectorize-forced-only") {
            return Err(format!("invalid LoopVectorize parameter '{name}' "));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Default pipelines
// ---------------------------------------------------------------------------

/// The loop-transformation orders of LLVM's pipelines (the spec's
/// "Ambiguous Transformation Order"), and the dynamic order.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Order {
    /// The new pass manager: full unroll, distribute, vectorize,
    /// unroll-and-jam, unroll.
    #[default]
    NewPm,
    /// The legacy pass manager: interchange, full unroll, versioning LICM,
    /// distribute, vectorize, unroll-and-jam, unroll.
    Legacy,
    /// The legacy pass manager with LTO: interchange, full unroll,
    /// vectorize, unroll.
    Lto,
}

impl Order {
    pub fn from_name(s: &str) -> Option<Self> {
        Some(match s {
            "newpm" => Order::NewPm,
            "legacy" => Order::Legacy,
            "lto" => Order::Lto,
            _ => return None,
        })
    }

    /// The loop-transformation passes in this order, by LLVM name.
    pub fn passes(self) -> &'static [&'static str] {
        match self {
            Order::NewPm => &[
                "loop-unroll-full",
                "loop-distribute",
                "loop-vectorize",
                "loop-unroll-and-jam",
                "loop-unroll",
            ],
            Order::Legacy => &[
                "loop-interchange",
                "loop-unroll-full",
                "loop-versioning-licm",
                "loop-distribute",
                "loop-vectorize",
                "loop-unroll-and-jam",
                "loop-unroll",
            ],
            Order::Lto => &[
                "loop-interchange",
                "loop-unroll-full",
                "loop-vectorize",
                "loop-unroll",
            ],
        }
    }
}

/// The implemented loop transformations the default pipelines run.
const IN_DEFAULT_PIPELINES: &[&str] = &[
    "loop-interchange",
    "loop-unroll-full",
    "loop-versioning-licm",
    "loop-distribute",
    "loop-vectorize",
    "loop-unroll-and-jam",
    "loop-unroll",
];

/// The default pipeline at `opt_level`: the loop transformations of
/// `order` that loopwright implements (the others are left out until they
/// exist), each with the level's parameters, then `transform-warning`, all
/// in one function adaptor, with loop passes in a loop adaptor (so the
/// printed text is a pipeline opt's syntax reads:
/// `function(loop(loop-unroll-full<O3>),loop-vectorize,loop-unroll<O3>,transform-warning)`).
/// `-O0` transforms nothing; at `-O1` `loop-vectorize` vectorizes only
/// loops whose metadata asks (`vectorize-forced-only`), as in LLVM, and
/// interleaves by its cost model.
pub fn default_pipeline(order: Order, opt_level: u8) -> Vec<Element> {
    default_pipeline_part(order, opt_level, Part::Whole)
}

/// One part of the default pipeline ([`Part`]).
pub fn default_pipeline_part(order: Order, opt_level: u8, part: Part) -> Vec<Element> {
    pipeline_at(order, opt_level, opt_level >= 2, part)
}

/// Which part of the default pipeline runs (`--pipeline-part`).
///
/// LLVM does not run its loop transformations back to back: between
/// `loop-vectorize` and `loop-unroll` its function pipeline cleans up
/// (`loop-load-elim`, `instcombine`, `simplifycfg`, `slp-vectorizer`,
/// `vector-combine`, `instcombine`). A compiler that puts loopwright where
/// LLVM's loop passes sit (`loopwright cc`, `cargo xtask bench`) runs the
/// part through `loop-vectorize`, then those LLVM passes, then the rest.
/// Run back to back instead, the unroller works on uncleaned vector code
/// and the SLP vectorizer sees unrolled bodies: on a distance-3 memory
/// recurrence that made the code 4x slower than no loop optimization at
/// all, through store-to-load forwarding stalls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Part {
    /// The whole default pipeline.
    #[default]
    Whole,
    /// Up to and including `loop-vectorize` (no `transform-warning`).
    ThroughVectorize,
    /// What follows `loop-vectorize`, with `transform-warning`.
    AfterVectorize,
}

impl Part {
    /// The names `--pipeline-part` takes.
    pub const NAMES: [&'static str; 3] = ["whole", "through-vectorize", "after-vectorize"];

    pub fn name(self) -> &'static str {
        match self {
            Part::Whole => "whole",
            Part::ThroughVectorize => "through-vectorize",
            Part::AfterVectorize => "after-vectorize",
        }
    }

    pub fn from_name(s: &str) -> Option<Self> {
        Some(match s {
            "whole" => Part::Whole,
            "through-vectorize" => Part::ThroughVectorize,
            "after-vectorize" => Part::AfterVectorize,
            _ => return None,
        })
    }
}

/// The default pipeline at speed level `opt_level`; `loop_vectorization`
/// is LLVM's `PipelineTuningOptions::LoopVectorization` (off at `-O1` and
/// `-Oz`): without it `loop-vectorize` takes `vectorize-forced-only`.
/// `loop-vectorize` otherwise has no parameter, so the options of the run
/// (the compiler driver's `-fno-vectorize`, `-fno-unroll-loops`) hold.
fn pipeline_at(order: Order, opt_level: u8, loop_vectorization: bool, part: Part) -> Vec<Element> {
    if opt_level == 0 {
        return Vec::new();
    }
    let mut inner = Vec::new();
    let cut = order
        .passes()
        .iter()
        .position(|&n| n == "loop-vectorize")
        .map_or(order.passes().len(), |i| i + 1);
    let names = match part {
        Part::Whole => order.passes(),
        Part::ThroughVectorize => &order.passes()[..cut],
        Part::AfterVectorize => &order.passes()[cut..],
    };
    for &name in names {
        let Some(info) = lookup_any(name) else {
            continue;
        };
        if info.status != Status::Implemented || !IN_DEFAULT_PIPELINES.contains(&name) {
            continue;
        }
        let pass = Element::Pass {
            name: info.name,
            params: match name {
                "loop-unroll" | "loop-unroll-full" => format!("O{opt_level}"),
                "loop-vectorize" if !loop_vectorization => "vectorize-forced-only".into(),
                _ => String::new(),
            },
        };
        inner.push(match info.kind {
            Kind::Loop | Kind::LoopNest => Element::Adaptor {
                kind: Kind::Loop,
                name: "loop".into(),
                inner: vec![pass],
                implicit: false,
            },
            _ => pass,
        });
    }
    if part != Part::ThroughVectorize {
        inner.push(Element::Pass {
            name: "transform-warning",
            params: String::new(),
        });
    }
    vec![Element::Adaptor {
        kind: Kind::Function,
        name: "function".into(),
        inner,
        implicit: false,
    }]
}

/// Replaces every `default<On>` of `pipeline` with loopwright's default
/// pipeline at that level, in `order` (its `part`).
pub fn expand_defaults(pipeline: &[Element], order: Order, part: Part) -> Vec<Element> {
    let mut out = Vec::with_capacity(pipeline.len());
    for e in pipeline {
        match e {
            Element::Pass {
                name: "default",
                params,
            } => {
                let level = opt_level(params).unwrap_or(OptLevel::Speed(3));
                let vectorize = match level {
                    OptLevel::Speed(n) => n >= 2,
                    OptLevel::Size(n) => n < 2,
                };
                out.extend(pipeline_at(order, level.speedup(), vectorize, part));
            }
            Element::Pass { .. } => out.push(e.clone()),
            Element::Adaptor {
                kind,
                name,
                inner,
                implicit,
            } => out.push(Element::Adaptor {
                kind: *kind,
                name: name.clone(),
                inner: expand_defaults(inner, order, part),
                implicit: *implicit,
            }),
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Parsed pipelines
// ---------------------------------------------------------------------------

/// A parsed pipeline element.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Element {
    /// An adaptor such as `function(...)` with its nested pipeline. `name`
    /// is as written (`function<eager-inv>`, `loop-mssa`, `devirt<4>`).
    /// `implicit`: the adaptor opt adds around a pipeline whose first pass
    /// is not a module pass; it is not printed.
    Adaptor {
        kind: Kind,
        name: String,
        inner: Vec<Element>,
        implicit: bool,
    },
    /// A pass with its `<params>` text (empty when none). `require<A>`,
    /// `invalidate<A>` and `default<On>` are passes named `require`,
    /// `invalidate` and `default` with the parameter `A` or `On`.
    Pass { name: &'static str, params: String },
}

/// Whether `pipeline` runs a pass that reads loop-transformation metadata
/// (a loop transformation, or `transform-warning`).
pub fn mentions_loop_transformations(pipeline: &[Element]) -> bool {
    pipeline.iter().any(|e| match e {
        Element::Adaptor { inner, .. } => mentions_loop_transformations(inner),
        Element::Pass { name, .. } => matches!(
            *name,
            "loop-unroll"
                | "loop-unroll-full"
                | "loop-unroll-and-jam"
                | "loop-vectorize"
                | "loop-distribute"
                | "loop-interchange"
                | "loop-versioning-licm"
                | "transform-warning"
                | "default"
        ),
    })
}

/// A pipeline error, worded as `opt` words it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PipelineError(pub String);

impl fmt::Display for PipelineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

type PResult<T> = Result<T, PipelineError>;

fn err<T>(msg: String) -> PResult<T> {
    Err(PipelineError(msg))
}

/// An element of the text before kinds are resolved (LLVM's
/// `PipelineElement`): a name and the inner pipeline, empty when the name
/// had no parentheses.
#[derive(Debug)]
struct Raw<'a> {
    name: &'a str,
    inner: Vec<Raw<'a>>,
}

/// Deepest nesting accepted. LLVM has no limit; the bound keeps the
/// recursive passes over the tree within the stack on hostile input, far
/// above any real pipeline (LLVM's -O3 pipeline nests 5 deep).
const MAX_DEPTH: usize = 256;

/// LLVM's `parsePipelineText`: split at `,`, `(` and `)`; `None` for
/// unbalanced parentheses or a `)` followed by something other than `,`.
fn split_text(text: &str) -> Option<Vec<Raw<'_>>> {
    // The stack holds the lists being filled; a finished inner list is
    // stored into the last element of its parent.
    let mut stack: Vec<Vec<Raw<'_>>> = vec![Vec::new()];
    let mut rest = text;
    loop {
        let pos = rest.find([',', '(', ')']);
        let name = &rest[..pos.unwrap_or(rest.len())];
        stack.last_mut()?.push(Raw {
            name,
            inner: Vec::new(),
        });
        let Some(pos) = pos else { break };
        let sep = rest.as_bytes()[pos];
        rest = &rest[pos + 1..];
        match sep {
            b',' => continue,
            b'(' => {
                if stack.len() > MAX_DEPTH {
                    return None;
                }
                stack.push(Vec::new());
                continue;
            }
            _ => {}
        }
        // `)`: close as many levels as there are `)`.
        loop {
            if stack.len() == 1 {
                return None;
            }
            let inner = stack.pop()?;
            stack.last_mut()?.last_mut()?.inner = inner;
            match rest.strip_prefix(')') {
                Some(r) => rest = r,
                None => break,
            }
        }
        if rest.is_empty() {
            break;
        }
        rest = rest.strip_prefix(',')?;
    }
    if stack.len() > 1 {
        return None;
    }
    stack.pop()
}

/// LLVM's `checkParametrizedPassName`: `name` itself or `name<...>`.
fn parametrized_params<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let rest = text.strip_prefix(name)?;
    if rest.is_empty() {
        return Some("");
    }
    if rest.len() >= 2 && rest.starts_with('<') && rest.ends_with('>') {
        return Some(&rest[1..rest.len() - 1]);
    }
    None
}

/// Matches `text` against a registered pass of one of `kinds`, in registry
/// order: the pass and its parameter text, if the name matches.
fn match_pass(text: &str, kinds: &[Kind]) -> Option<(&'static PassInfo, &'static str, String)> {
    for p in PASSES.iter().filter(|p| kinds.contains(&p.kind)) {
        match p.params {
            Params::None => {
                if text == p.name {
                    return Some((p, p.name, String::new()));
                }
            }
            Params::Parsed(_) => {
                if let Some(params) = parametrized_params(text, p.name) {
                    return Some((p, p.name, params.to_string()));
                }
            }
            Params::Extension(allowed) => {
                if text == p.name {
                    return Some((p, p.name, String::new()));
                }
                if let Some(params) = parametrized_params(text, p.name) {
                    if allowed.contains(&params) {
                        return Some((p, p.name, params.to_string()));
                    }
                }
            }
        }
    }
    None
}

/// `require<A>`, `invalidate<A>` (A an analysis of `level`) or
/// `invalidate<all>`: the element, if `text` is one.
fn analysis_pass(text: &str, level: Kind) -> Option<Element> {
    let (verb, rest): (&'static str, &str) = if let Some(r) = text.strip_prefix("require<") {
        ("require", r)
    } else if let Some(r) = text.strip_prefix("invalidate<") {
        ("invalidate", r)
    } else {
        return None;
    };
    let analysis = rest.strip_suffix('>')?;
    let known = (verb == "invalidate" && analysis == "all")
        || ANALYSES
            .iter()
            .any(|(k, names)| *k == level && names.contains(&analysis));
    known.then(|| Element::Pass {
        name: verb,
        params: analysis.to_string(),
    })
}

/// LLVM's `startsWithDefaultPipelineAliasPrefix`.
fn has_alias_prefix(name: &str) -> bool {
    name.starts_with("default") || name.starts_with("thinlto") || name.starts_with("lto")
}

/// LLVM's `DefaultAliasRegex`
/// (`^(default|thinlto-pre-link|thinlto|lto-pre-link|lto)<(O[0123sz])>$`):
/// the alias and the level.
fn default_alias(name: &str) -> Option<(&'static str, &str)> {
    let (alias, rest) = name.split_once('<')?;
    let alias = [
        "default",
        "thinlto-pre-link",
        "thinlto",
        "lto-pre-link",
        "lto",
    ]
    .into_iter()
    .find(|a| *a == alias)?;
    let level = rest.strip_suffix('>')?;
    matches!(level, "O0" | "O1" | "O2" | "O3" | "Os" | "Oz").then_some((alias, level))
}

/// LLVM's `parseFunctionPipelineName`: `function` or `function<params>`
/// with `eager-inv` and `no-rerun`; the `no-rerun` flag.
fn function_adaptor_params(name: &str) -> Option<bool> {
    let rest = name.strip_prefix("function")?;
    if rest.is_empty() {
        return Some(false);
    }
    let params = rest.strip_prefix('<')?.strip_suffix('>')?;
    let mut no_rerun = false;
    let mut rest = params;
    while !rest.is_empty() {
        let (p, tail) = rest.split_once(';').unwrap_or((rest, ""));
        rest = tail;
        match p {
            "eager-inv" => {}
            "no-rerun" => no_rerun = true,
            _ => return None,
        }
    }
    Some(no_rerun)
}

/// LLVM's `parseDevirtPassName`: `devirt<N>` with `N >= 0`.
fn is_devirt(name: &str) -> bool {
    name.strip_prefix("devirt<")
        .and_then(|r| r.strip_suffix('>'))
        .and_then(crate::llvmint::i32_value)
        .is_some_and(|n| n >= 0)
}

/// The part of `name` before its first `<`.
fn no_bracket(name: &str) -> &str {
    name.split('<').next().unwrap_or(name)
}

/// LLVM's `isModulePassName`.
fn is_module_name(name: &str) -> bool {
    if has_alias_prefix(name) {
        return default_alias(name).is_some();
    }
    matches!(name, "module" | "cgscc" | "coro-cond")
        || no_bracket(name) == "function"
        || match_pass(name, &[Kind::Module]).is_some()
        || analysis_pass(name, Kind::Module).is_some()
}

/// LLVM's `isCGSCCPassName`.
fn is_cgscc_name(name: &str) -> bool {
    name == "cgscc"
        || no_bracket(name) == "function"
        || is_devirt(name)
        || name == "invalidate<all>"
        || analysis_pass(name, Kind::Cgscc).is_some()
}

/// LLVM's `isFunctionPassName`.
fn is_function_name(name: &str) -> bool {
    no_bracket(name) == "function"
        || matches!(name, "loop" | "loop-mssa")
        || match_pass(name, &[Kind::Function]).is_some()
        || analysis_pass(name, Kind::Function).is_some()
}

/// LLVM's `isLoopNestPassName` and `isLoopPassName`.
fn is_loop_name(name: &str) -> bool {
    match_pass(name, &[Kind::Loop, Kind::LoopNest]).is_some()
        || analysis_pass(name, Kind::Loop).is_some()
}

/// Checks the parameters of a matched pass with its parser.
fn check_params(info: &PassInfo, params: &str) -> PResult<()> {
    if let Params::Parsed(parse) = info.params {
        parse(params).map_err(PipelineError)?;
    }
    Ok(())
}

fn pass_element(info: &PassInfo, name: &'static str, params: String) -> PResult<Element> {
    check_params(info, &params)?;
    Ok(Element::Pass { name, params })
}

fn adaptor(kind: Kind, name: &str, inner: Vec<Element>) -> Element {
    Element::Adaptor {
        kind,
        name: name.to_string(),
        inner,
        implicit: false,
    }
}

fn parse_list(raw: &[Raw<'_>], level: Kind) -> PResult<Vec<Element>> {
    raw.iter()
        .map(|r| match level {
            Kind::Module => module_pass(r),
            Kind::Cgscc => cgscc_pass(r),
            Kind::Function => function_pass(r),
            Kind::Loop | Kind::LoopNest => loop_pass(r),
        })
        .collect()
}

/// LLVM's `parseModulePass`.
fn module_pass(r: &Raw<'_>) -> PResult<Element> {
    let name = r.name;
    if !r.inner.is_empty() {
        if name == "module" || name == "coro-cond" {
            return Ok(adaptor(
                Kind::Module,
                name,
                parse_list(&r.inner, Kind::Module)?,
            ));
        }
        if name == "cgscc" {
            return Ok(adaptor(
                Kind::Cgscc,
                name,
                parse_list(&r.inner, Kind::Cgscc)?,
            ));
        }
        if let Some(no_rerun) = function_adaptor_params(name) {
            if no_rerun {
                return err("cannot have a no-rerun module to function adaptor".into());
            }
            let inner = parse_list(&r.inner, Kind::Function)?;
            return Ok(adaptor(Kind::Function, name, inner));
        }
        return err(format!("invalid use of '{name}' pass as module pipeline"));
    }
    if has_alias_prefix(name) {
        let Some((alias, level)) = default_alias(name) else {
            return err(format!("unknown default pipeline alias '{name}'"));
        };
        return Ok(Element::Pass {
            name: alias,
            params: level.to_string(),
        });
    }
    if let Some((info, n, params)) = match_pass(name, &[Kind::Module]) {
        return pass_element(info, n, params);
    }
    if let Some(e) = analysis_pass(name, Kind::Module) {
        return Ok(e);
    }
    if let Some((info, n, params)) = match_pass(name, &[Kind::Function, Kind::LoopNest, Kind::Loop])
    {
        return pass_element(info, n, params);
    }
    err(format!("unknown module pass '{name}'"))
}

/// LLVM's `parseCGSCCPass`.
fn cgscc_pass(r: &Raw<'_>) -> PResult<Element> {
    let name = r.name;
    if !r.inner.is_empty() {
        if name == "cgscc" || is_devirt(name) {
            return Ok(adaptor(
                Kind::Cgscc,
                name,
                parse_list(&r.inner, Kind::Cgscc)?,
            ));
        }
        if function_adaptor_params(name).is_some() {
            let inner = parse_list(&r.inner, Kind::Function)?;
            return Ok(adaptor(Kind::Function, name, inner));
        }
        return err(format!("invalid use of '{name}' pass as cgscc pipeline"));
    }
    if name == "invalidate<all>" {
        return Ok(Element::Pass {
            name: "invalidate",
            params: "all".into(),
        });
    }
    if let Some(e) = analysis_pass(name, Kind::Cgscc) {
        return Ok(e);
    }
    if let Some((info, n, params)) = match_pass(name, &[Kind::Function, Kind::LoopNest, Kind::Loop])
    {
        return pass_element(info, n, params);
    }
    err(format!("unknown cgscc pass '{name}'"))
}

/// LLVM's `parseFunctionPass`.
fn function_pass(r: &Raw<'_>) -> PResult<Element> {
    let name = r.name;
    if !r.inner.is_empty() {
        if name == "function" {
            let inner = parse_list(&r.inner, Kind::Function)?;
            return Ok(adaptor(Kind::Function, name, inner));
        }
        if name == "loop" || name == "loop-mssa" {
            return Ok(adaptor(Kind::Loop, name, parse_list(&r.inner, Kind::Loop)?));
        }
        return err(format!("invalid use of '{name}' pass as function pipeline"));
    }
    if let Some((info, n, params)) = match_pass(name, &[Kind::Function]) {
        return pass_element(info, n, params);
    }
    if let Some(e) = analysis_pass(name, Kind::Function) {
        return Ok(e);
    }
    if let Some((info, n, params)) = match_pass(name, &[Kind::LoopNest, Kind::Loop]) {
        return pass_element(info, n, params);
    }
    err(format!("unknown function pass '{name}'"))
}

/// LLVM's `parseLoopPass`.
fn loop_pass(r: &Raw<'_>) -> PResult<Element> {
    let name = r.name;
    if !r.inner.is_empty() {
        if name == "loop" {
            return Ok(adaptor(Kind::Loop, name, parse_list(&r.inner, Kind::Loop)?));
        }
        return err(format!("invalid use of '{name}' pass as loop pipeline"));
    }
    if let Some((info, n, params)) = match_pass(name, &[Kind::LoopNest, Kind::Loop]) {
        return pass_element(info, n, params);
    }
    if let Some(e) = analysis_pass(name, Kind::Loop) {
        return Ok(e);
    }
    err(format!("unknown loop pass '{name}'"))
}

/// The first element that parses but cannot run: a planned pass, an
/// alias other than `default<On>`, `coro-cond`.
fn unsupported(pipeline: &[Element]) -> Option<String> {
    for e in pipeline {
        match e {
            Element::Adaptor { name, inner, .. } => {
                if name == "coro-cond" {
                    return Some(
                        "the 'coro-cond' adaptor is not implemented in loopwright".to_string(),
                    );
                }
                if let Some(m) = unsupported(inner) {
                    return Some(m);
                }
            }
            Element::Pass { name, params } => {
                if matches!(
                    *name,
                    "thinlto-pre-link" | "thinlto" | "lto-pre-link" | "lto"
                ) {
                    return Some(format!(
                        "pipeline alias '{name}<{params}>' is not implemented in loopwright \
                         (default<O0>..default<O3>, default<Os> and default<Oz> are)"
                    ));
                }
                if *name == "loop-rotate" && rotate_params(params).is_ok_and(|p| p.prepare_for_lto)
                {
                    return Some(
                        "loop-rotate<prepare-for-lto> is not implemented in loopwright".into(),
                    );
                }
                if lookup_any(name).is_some_and(|p| p.status == Status::Planned) {
                    return Some(format!(
                        "pass '{name}' is an LLVM pass that loopwright does not implement yet"
                    ));
                }
            }
        }
    }
    None
}

/// Parses a `--passes=` pipeline as opt-19 does (see the module docs), then
/// refuses pipelines naming what loopwright does not implement. `none`
/// (or the empty string) is the empty pipeline.
pub fn parse(text: &str) -> Result<Vec<Element>, PipelineError> {
    if text.is_empty() || text == "none" {
        return Ok(Vec::new());
    }
    let pipeline = parse_syntax(text)?;
    if let Some(m) = unsupported(&pipeline) {
        return err(m);
    }
    Ok(pipeline)
}

/// [`parse`] without refusing planned passes: what opt-19's parser
/// accepts, among the passes of the registry.
pub fn parse_syntax(text: &str) -> Result<Vec<Element>, PipelineError> {
    let invalid = || PipelineError(format!("invalid pipeline '{text}'"));
    let raw = split_text(text).ok_or_else(invalid)?;
    let Some(first) = raw.first() else {
        return Err(invalid());
    };
    let name = first.name;
    if is_module_name(name) {
        return parse_list(&raw, Kind::Module);
    }
    let implicit = |kind: Kind, name: &str, inner: Vec<Element>| Element::Adaptor {
        kind,
        name: name.to_string(),
        inner,
        implicit: true,
    };
    if is_cgscc_name(name) {
        return Ok(vec![implicit(
            Kind::Cgscc,
            "cgscc",
            parse_list(&raw, Kind::Cgscc)?,
        )]);
    }
    if is_function_name(name) {
        return Ok(vec![implicit(
            Kind::Function,
            "function",
            parse_list(&raw, Kind::Function)?,
        )]);
    }
    if is_loop_name(name) {
        let inner = implicit(Kind::Loop, "loop", parse_list(&raw, Kind::Loop)?);
        return Ok(vec![implicit(Kind::Function, "function", vec![inner])]);
    }
    let what = if first.inner.is_empty() {
        "pass"
    } else {
        "pipeline"
    };
    err(format!("unknown {what} name '{name}'"))
}

/// Prints a pipeline (`-print-pipeline-passes`): as written, without the
/// adaptors opt adds implicitly; `default<On>` should be expanded first
/// ([`expand_defaults`]).
pub fn to_text(pipeline: &[Element]) -> String {
    let mut s = String::new();
    write_text(&mut s, pipeline);
    s
}

fn write_text(s: &mut String, pipeline: &[Element]) {
    for (i, e) in pipeline.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        match e {
            Element::Adaptor {
                name,
                inner,
                implicit,
                ..
            } => {
                if *implicit {
                    write_text(s, inner);
                } else {
                    s.push_str(name);
                    s.push('(');
                    write_text(s, inner);
                    s.push(')');
                }
            }
            Element::Pass { name, params } => {
                s.push_str(name);
                if !params.is_empty() {
                    s.push('<');
                    s.push_str(params);
                    s.push('>');
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(text: &str) -> String {
        parse(text).unwrap_err().0
    }

    #[test]
    fn default_pipelines_follow_the_orders() {
        let text = |o, l| to_text(&default_pipeline(o, l));
        assert_eq!(
            text(Order::NewPm, 3),
            "function(loop(loop-unroll-full<O3>),loop-vectorize,loop-unroll<O3>,transform-warning)"
        );
        assert_eq!(
            text(Order::Lto, 2),
            "function(loop(loop-unroll-full<O2>),loop-vectorize,loop-unroll<O2>,transform-warning)"
        );
        assert_eq!(text(Order::NewPm, 0), "");
        let legacy = Order::Legacy.passes();
        let pos = |n| legacy.iter().position(|p| *p == n).unwrap();
        assert!(pos("loop-interchange") < pos("loop-unroll-full"));
        assert!(pos("loop-vectorize") < pos("loop-unroll"));
        // The printed default pipeline parses back to itself.
        for level in 1..=3 {
            let p = default_pipeline(Order::NewPm, level);
            assert_eq!(parse(&to_text(&p)).unwrap(), p);
        }
    }

    #[test]
    fn default_pipeline_parts_cut_after_the_vectorizer() {
        let text = |o, l, p| to_text(&default_pipeline_part(o, l, p));
        assert_eq!(
            text(Order::NewPm, 3, Part::ThroughVectorize),
            "function(loop(loop-unroll-full<O3>),loop-vectorize)"
        );
        assert_eq!(
            text(Order::NewPm, 3, Part::AfterVectorize),
            "function(loop-unroll<O3>,transform-warning)"
        );
        // In every order and at every level, the two parts are the whole.
        for order in [Order::NewPm, Order::Legacy, Order::Lto] {
            for level in 0..=3 {
                let inner = |p| match default_pipeline_part(order, level, p).pop() {
                    Some(Element::Adaptor { inner, .. }) => inner,
                    _ => Vec::new(),
                };
                let mut parts = inner(Part::ThroughVectorize);
                parts.extend(inner(Part::AfterVectorize));
                assert_eq!(parts, inner(Part::Whole), "{order:?} -O{level}");
            }
        }
        for name in Part::NAMES {
            assert_eq!(Part::from_name(name).map(Part::name), Some(name));
        }
        let p = parse("default<O2>").unwrap();
        assert_eq!(
            to_text(&expand_defaults(&p, Order::NewPm, Part::AfterVectorize)),
            "function(loop-unroll<O2>,transform-warning)"
        );
    }

    #[test]
    fn default_aliases_expand() {
        let p = parse("default<O2>").unwrap();
        assert_eq!(
            to_text(&expand_defaults(&p, Order::NewPm, Part::Whole)),
            text_at(2)
        );
        // As in LLVM, -O1 and -Oz vectorize only loops whose metadata
        // asks; -Os vectorizes as -O2 does.
        let forced_only =
            "function(loop(loop-unroll-full<O2>),loop-vectorize<vectorize-forced-only>,\
             loop-unroll<O2>,transform-warning)";
        let p = parse("default<Oz>").unwrap();
        assert_eq!(
            to_text(&expand_defaults(&p, Order::NewPm, Part::Whole)),
            forced_only
        );
        let p = parse("default<Os>").unwrap();
        assert_eq!(
            to_text(&expand_defaults(&p, Order::NewPm, Part::Whole)),
            text_at(2)
        );
        assert_eq!(
            text_at(1),
            forced_only.replace("O2", "O1"),
            "-O1 vectorizes only when forced"
        );
        let p = parse("verify,default<O0>,default<O3>").unwrap();
        assert_eq!(
            to_text(&expand_defaults(&p, Order::NewPm, Part::Whole)),
            format!("verify,{}", text_at(3))
        );
        assert_eq!(msg("default<O4>"), "unknown pass name 'default<O4>'");
        assert_eq!(
            msg("function(default<O2>)"),
            "unknown function pass 'default<O2>'"
        );
        assert_eq!(
            msg("module(default<O4>)"),
            "unknown default pipeline alias 'default<O4>'"
        );
        assert!(msg("lto<O2>").contains("not implemented"));
    }

    fn text_at(level: u8) -> String {
        to_text(&default_pipeline(Order::NewPm, level))
    }

    #[test]
    fn parses_nested_syntax() {
        let p = parse("module(verify),verify").unwrap();
        assert_eq!(to_text(&p), "module(verify),verify");
        assert!(parse("none").unwrap().is_empty());
        assert!(parse("").unwrap().is_empty());
        let p = parse("loop-unroll<O3;no-runtime>").unwrap();
        assert_eq!(to_text(&p), "loop-unroll<O3;no-runtime>");
        assert!(matches!(&p[0], Element::Adaptor { implicit: true, .. }));
        let p = parse("function<eager-inv>(loop-mssa(loop-rotate),lcssa)").unwrap();
        assert_eq!(
            to_text(&p),
            "function<eager-inv>(loop-mssa(loop-rotate),lcssa)"
        );
        let p = parse("cgscc(devirt<4>(function(loop-unroll)))").unwrap();
        assert_eq!(to_text(&p), "cgscc(devirt<4>(function(loop-unroll)))");
        assert!(parse("require<loops>,invalidate<scalar-evolution>,verify").is_ok());
        assert!(parse("invalidate<all>").is_ok());
    }

    #[test]
    fn first_pass_decides_the_level() {
        assert_eq!(
            msg("loop-unroll-full,loop-unroll"),
            "unknown loop pass 'loop-unroll'"
        );
        assert!(parse("loop(loop-unroll-full),loop-unroll").is_ok());
        assert!(parse("verify,loop-unroll-full,loop-unroll").is_ok());
        assert_eq!(msg("loop-unroll-full,verify"), "unknown loop pass 'verify'");
    }

    #[test]
    fn unknown_passes_are_named_like_opt() {
        assert_eq!(msg("bogus"), "unknown pass name 'bogus'");
        assert_eq!(msg("bogus(verify)"), "unknown pipeline name 'bogus'");
        assert_eq!(msg("function(bogus)"), "unknown function pass 'bogus'");
        assert_eq!(msg("loop(bogus)"), "unknown loop pass 'bogus'");
        assert_eq!(msg("lcssa<x>"), "unknown pass name 'lcssa<x>'");
        assert_eq!(msg("function(verify"), "invalid pipeline 'function(verify'");
        assert_eq!(
            msg("function(verify))"),
            "invalid pipeline 'function(verify))'"
        );
        assert_eq!(msg(","), "unknown pass name ''");
        assert_eq!(msg("function()"), "unknown function pass ''");
        assert_eq!(
            msg("verify(verify)"),
            "invalid use of 'verify' pass as module pipeline"
        );
        assert_eq!(
            msg("loop-unroll<bogus>"),
            "invalid LoopUnrollPass parameter 'bogus' "
        );
        assert_eq!(
            msg("loop-unroll<no-bogus>"),
            "invalid LoopUnrollPass parameter 'bogus' "
        );
        assert_eq!(
            msg("loop-rotate<bogus>"),
            "invalid LoopRotate pass parameter 'bogus' "
        );
        assert_eq!(
            msg("loop-vectorize<bogus>"),
            "invalid LoopVectorize parameter 'bogus' "
        );
        assert!(parse("loop-vectorize").is_ok());
        assert!(parse("loop-vectorize<vectorize-forced-only>").is_ok());
        assert!(msg("loop-distribute").contains("does not implement yet"));
        assert_eq!(
            msg("repeat<2>(verify)"),
            "unknown pipeline name 'repeat<2>'"
        );
        assert!(parse("loop-unroll").is_ok());
    }

    #[test]
    fn unroll_parameters() {
        let p = unroll_params("O3;no-runtime;full-unroll-max=0x10;peeling;").unwrap();
        assert_eq!(p.opt_level, Some(3));
        assert_eq!(p.runtime, Some(false));
        assert_eq!(p.full_unroll_max, Some(16));
        assert_eq!(p.peeling, Some(true));
        assert_eq!(
            unroll_params("full-unroll-max=-1").unwrap().full_unroll_max,
            Some(u32::MAX)
        );
        assert!(unroll_params("Os").is_err());
        assert!(unroll_params("O3;;runtime").is_err());
        assert!(unroll_params("full-unroll-max=").is_err());
    }

    #[test]
    fn hostile_nesting_is_bounded() {
        let deep = "function(".repeat(100_000) + &")".repeat(100_000);
        assert!(parse(&deep).is_err());
        let ok = "function(".repeat(100) + "verify" + &")".repeat(100);
        assert!(parse(&ok).is_ok());
    }
}
