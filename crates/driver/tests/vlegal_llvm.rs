//! Vectorization legality against opt-19's loop vectorizer.
//!
//! opt-19 shows its decisions only through remarks:
//! `opt-19 -passes=loop-vectorize -pass-remarks-output=F.yaml` on the real
//! modules of `common::modules` (the corpus at every point of its build
//! matrix, the hand-written corpus modules, the bench kernels, the
//! conformance suites' pre-loop modules) and on the corpus sources
//! compiled at `-O3` without vectorization and unrolling ([`PREVEC`], the
//! IR the vectorizer sees), [`GENERATED_MODULES`] random modules of
//! `aa_gen` (aliasing shapes compiled code rarely shows),
//! [`LEGALITY_MODULES`] modules of random loops built from what legality
//! decides on ([`legality_module`]) and
//! `tests/vectorize/*.ll` (the unit tests' table of rejections and near
//! misses). Per innermost loop its
//! outcome is classified
//! ([`classify`]):
//! - *rejected by legality*: the first remark whose name is one of
//!   legality's ([`LEGALITY`]), with its text;
//! - *legal*: vectorized or interleaved, or rejected later by the cost
//!   model or the interleaving decision ([`LATER`]);
//! - *unknown* otherwise (no remark: `optnone` functions).
//!
//! Remarks are matched to loops per function: all of a function's
//! remarks when it has one innermost loop; otherwise by debug location (a
//! remark's location is the loop's start or an instruction of the loop).
//! Loops that get no remark this way are not compared.
//!
//! loopwright's verdict ([`loopwright_transforms::vectorize`]) must agree
//! on legal/illegal and on the reason (name and text) for at least 98% of
//! the compared loops inside the first increment's scope (loops it
//! rejects as a scope limit — if-conversion, exits other than at the latch
//! — are tallied apart: opt-19 may vectorize them). Every difference is
//! listed. **A loop loopwright calls legal where opt-19's legality rejects
//! it fails the test** unless it is a named exemption in [`UNSOUND`] with
//! its argument (there are none). The counts are floors
//! (`vlegal_llvm.*` in `tests/floors.toml`).
//!
//! `self_test_wrong_verdicts_fail` shows the comparison failing on
//! deliberately wrong verdicts.
//!
//! Environment: `VLEGAL_LLVM_FILTER` (only modules whose name contains it;
//! floors not checked), `VLEGAL_LLVM_JOBS` (worker threads, default 2),
//! `VLEGAL_LLVM_KEEP` (keep the work directory).

mod common;

#[path = "../../analysis/tests/aa_gen/mod.rs"]
mod aa_gen;

/// Modules of `aa_gen` compared (random aliasing shapes in loops), and
/// functions in each.
const GENERATED_MODULES: u64 = 60;
const GENERATED_FUNCTIONS: usize = 40;

/// Modules of [`legality_module`] (random loops built from what legality
/// looks at), functions in each, and the seed of the first.
const LEGALITY_MODULES: u64 = 40;
const LEGALITY_FUNCTIONS: usize = 30;
const LEGALITY_SEED: u64 = 1_000_000;

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a>(&mut self, v: &[&'a str]) -> &'a str {
        v[self.below(v.len() as u64) as usize]
    }
}

/// A module of random single-block loops, each built from a few of the
/// things legality decides on: reductions of every kind with random
/// fast-math flags (used after the loop or stored to an invariant
/// address), recurrences, phis that are none of these, values used after
/// the loop, calls (opaque, intrinsic, math library with and without
/// `memory(none)`), stores to invariant addresses, dependences at small
/// distances in both directions, `!nontemporal`, vector types, random
/// `llvm.loop` hints, `noimplicitfloat`, constant trip counts 1 and 2.
fn legality_module(seed: u64, functions: usize) -> String {
    let mut r = Rng(seed);
    let mut out = String::from(
        "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n\
         target triple = \"x86_64-unknown-linux-gnu\"\n\
         declare void @g()\n\
         declare float @sinf(float)\n\
         declare float @cosf(float) memory(none) nounwind willreturn\n\
         declare float @llvm.fabs.f32(float)\n\
         declare i32 @llvm.smax.i32(i32, i32)\n",
    );
    let mut md = String::new();
    let mut next_md = 10;
    for k in 0..functions {
        let noalias = if r.below(2) == 0 { "noalias " } else { "" };
        let attrs = if r.below(25) == 0 {
            " noimplicitfloat"
        } else {
            ""
        };
        let trip = match r.below(12) {
            0 => "1".to_string(),
            1 => "2".to_string(),
            _ => "%n".to_string(),
        };
        let mut pre = Vec::new();
        let mut phis = Vec::new();
        let mut body = Vec::new();
        let mut after = Vec::new();
        let mut ret = ("void", "ret void".to_string());
        body.push("  %pa = getelementptr inbounds i32, ptr %a, i64 %i".to_string());
        body.push("  %va = load i32, ptr %pa, align 4".to_string());
        body.push("  %fa = sitofp i32 %va to float".to_string());
        for s in 0..(1 + r.below(3)) {
            match r.below(12) {
                0 | 1 => {
                    // An integer reduction.
                    let op = r.pick(&["add", "mul", "and", "or", "xor", "smax"]);
                    phis.push(format!(
                        "  %r{s} = phi i32 [ 1, %entry ], [ %r{s}.n, %loop ]"
                    ));
                    if op == "smax" {
                        body.push(format!(
                            "  %r{s}.n = call i32 @llvm.smax.i32(i32 %r{s}, i32 %va)"
                        ));
                    } else {
                        body.push(format!("  %r{s}.n = {op} i32 %r{s}, %va"));
                    }
                    match r.below(3) {
                        0 => body.push(format!("  store i32 %r{s}.n, ptr %c, align 4")),
                        1 => ret = ("i32", format!("ret i32 %r{s}.n")),
                        _ => ret = ("i32", format!("ret i32 %r{s}")),
                    }
                }
                2 | 3 => {
                    // A floating-point reduction.
                    let op = r.pick(&["fadd", "fmul"]);
                    let fl = r.pick(&["", "fast ", "reassoc ", "nnan ", "reassoc nsz "]);
                    phis.push(format!(
                        "  %f{s} = phi float [ 0.0, %entry ], [ %f{s}.n, %loop ]"
                    ));
                    body.push(format!("  %f{s}.n = {op} {fl}float %f{s}, %fa"));
                    ret = ("float", format!("ret float %f{s}.n"));
                }
                4 => {
                    // A first-order recurrence.
                    phis.push(format!("  %p{s} = phi i32 [ 0, %entry ], [ %va, %loop ]"));
                    body.push(format!("  %p{s}.d = sub i32 %va, %p{s}"));
                    body.push(format!(
                        "  %qb{s} = getelementptr inbounds i32, ptr %b, i64 %i\n  store i32 %p{s}.d, ptr %qb{s}, align 4"
                    ));
                }
                5 => {
                    // A phi that is none of them.
                    phis.push(format!(
                        "  %u{s} = phi i32 [ 1, %entry ], [ %u{s}.n, %loop ]"
                    ));
                    body.push(format!("  %u{s}.n = sdiv i32 %va, %u{s}"));
                    body.push(format!("  store i32 %u{s}.n, ptr %pa, align 4"));
                }
                6 => {
                    let call = r.pick(&[
                        "call void @g()",
                        "%cf{s} = call float @llvm.fabs.f32(float %fa)",
                        "%cf{s} = call float @sinf(float %fa)",
                        "%cf{s} = call float @cosf(float %fa)",
                    ]);
                    body.push(format!("  {}", call.replace("{s}", &s.to_string())));
                }
                7 => {
                    // Another access to a or b at a small distance.
                    let arr = r.pick(&["%a", "%b"]);
                    let d = r.below(7) as i64 - 3;
                    body.push(format!("  %o{s} = add i64 %i, {d}"));
                    body.push(format!(
                        "  %po{s} = getelementptr inbounds i32, ptr {arr}, i64 %o{s}"
                    ));
                    if r.below(2) == 0 {
                        body.push(format!("  store i32 %va, ptr %po{s}, align 4"));
                    } else {
                        body.push(format!("  %vo{s} = load i32, ptr %po{s}, align 4"));
                        body.push(format!("  store i32 %vo{s}, ptr %pa, align 4"));
                    }
                }
                8 => {
                    // A store to an invariant address, or a load and store.
                    if r.below(2) == 0 {
                        body.push("  store i32 %va, ptr %c, align 4".to_string());
                    } else {
                        body.push(format!("  %ci{s} = load i32, ptr %c, align 4"));
                        body.push(format!("  %cs{s} = add i32 %ci{s}, %va"));
                        body.push(format!("  store i32 %cs{s}, ptr %c, align 4"));
                    }
                }
                9 => {
                    let nt = r.pick(&["align 4", "align 8"]);
                    body.push(format!(
                        "  %qn{s} = getelementptr inbounds i32, ptr %b, i64 %i\n  store i32 %va, ptr %qn{s}, {nt}, !nontemporal !1"
                    ));
                }
                10 => {
                    // A value used after the loop.
                    ret = ("i32", "ret i32 %va".to_string());
                }
                _ => {
                    body.push(format!(
                        "  %vv{s} = insertelement <2 x i32> poison, i32 %va, i32 0"
                    ));
                    if r.below(2) == 0 {
                        body.push(format!("  %ve{s} = extractelement <2 x i32> %vv{s}, i32 0"));
                    } else {
                        body.push(format!(
                            "  %qv{s} = getelementptr inbounds <2 x i32>, ptr %b, i64 %i\n  store <2 x i32> %vv{s}, ptr %qv{s}, align 8"
                        ));
                    }
                }
            }
        }
        let hint = match r.below(10) {
            0 => Some("!\"llvm.loop.vectorize.enable\", i1 true"),
            1 => Some("!\"llvm.loop.vectorize.enable\", i1 false"),
            2 => Some("!\"llvm.loop.vectorize.width\", i32 4"),
            3 => Some("!\"llvm.loop.vectorize.width\", i32 1"),
            4 => Some("!\"llvm.loop.disable_nonforced\""),
            5 => Some("!\"llvm.loop.unroll.disable\""),
            _ => None,
        };
        let loop_md = match hint {
            Some(h) => {
                let id = next_md;
                next_md += 2;
                let _ = writeln!(md, "!{id} = distinct !{{!{id}, !{}}}", id + 1);
                let _ = writeln!(md, "!{} = !{{{h}}}", id + 1);
                format!(", !llvm.loop !{id}")
            }
            None => String::new(),
        };
        pre.push("  br label %loop".to_string());
        after.push(ret.1.clone());
        let _ = write!(
            out,
            "define {} @f{k}(ptr {noalias}%a, ptr {noalias}%b, ptr %c, i64 %n){attrs} {{\n\
             entry:\n{}\n\
             loop:\n  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]\n{}\n{}\n\
             \x20 %i.next = add nuw nsw i64 %i, 1\n\
             \x20 %cmp = icmp eq i64 %i.next, {trip}\n\
             \x20 br i1 %cmp, label %exit, label %loop{loop_md}\n\
             exit:\n  {}\n}}\n",
            ret.0,
            pre.join("\n"),
            if phis.is_empty() {
                String::new()
            } else {
                phis.join("\n")
            },
            body.join("\n"),
            after.join("\n"),
        );
    }
    out.push_str("!1 = !{i32 1}\n");
    out.push_str(&md);
    out
}

use common::modules::{self, matrix, Job, Source};
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_testkit::tools::{CLANG, CLANGXX, OPT};
use loopwright_testkit::{floors, run, Allowlist};
use loopwright_transforms::vectorize::{analyze_function, VectorizeOptions};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The share of in-scope loops whose verdict and reason must agree.
const MIN_AGREEMENT: f64 = 0.98;

/// Loops loopwright calls legal where opt-19's legality rejects them,
/// each with the argument why vectorizing is still right:
/// `module function header`.
const UNSOUND: &[(&str, &str)] = &[];

/// The corpus sources compiled as the vectorizer sees them.
const PREVEC: matrix::Variant = matrix::Variant {
    name: "O3nv",
    flags: &[
        "-O3",
        "-fno-vectorize",
        "-fno-slp-vectorize",
        "-fno-unroll-loops",
    ],
};

/// The remark names of legality (and of `processLoop` before the cost
/// model): a loop whose first such remark is one of these was rejected by
/// legality.
const LEGALITY: &[&str] = &[
    "MissedExplicitlyDisabled",
    "AllDisabled",
    "CFGNotUnderstood",
    "NonReductionValueUsedOutsideLoop",
    "CantVectorizeLibcall",
    "CantVectorizeIntrinsic",
    "CantVectorizeInstructionReturnType",
    "CantVectorizeStore",
    "CantVectorizeNontemporalStore",
    "CantVectorizeNontemporalLoad",
    "ValueUsedOutsideLoop",
    "NoInductionVariable",
    "NoIntegerInductionVariable",
    "UnsupportedUncountableLoop",
    "NotInnermostLoop",
    "CantComputeNumberOfIterations",
    "CantVectorizeInstruction",
    "NonSimpleLoad",
    "NonSimpleStore",
    "CantIdentifyArrayBounds",
    "CantCheckMemDepsAtRunTime",
    "CantInsertRuntimeCheckWithConvergent",
    "UnsafeDep",
    "CantVectorizeStoreToLoopInvariantAddress",
    "TooManySCEVRunTimeChecks",
    "NoImplicitFloat",
    "UnsafeFP",
    "CantReorderFPOps",
    "SingleIterationLoop",
    "IfConversionDisabled",
    "NoCFGForSelect",
    "LoopContainsSwitch",
    "LoopContainsUnsupportedSwitch",
    "LoopContainsUnsupportedTerminator",
];

/// Remarks of a loop legality accepted: the transformation, or the cost
/// model's and the interleaving decision's refusals.
const LATER: &[&str] = &[
    "Vectorized",
    "Interleaved",
    "VectorizationNotBeneficial",
    "InterleavingNotBeneficial",
    "InterleavingNotBeneficialAndDisabled",
    "InterleavingAvoided",
    "CantReorderMemOps",
    "ConditionalStore",
    "CantVersionLoopWithOptForSize",
    "CantVersionLoopWithDivergentTarget",
    "UnknownLoopCountComplexCFG",
    "NoTailLoopWithOptForSize",
    "ScalableVFUnfeasible",
    "VectorizationFactor",
];

/// One remark of opt-19's YAML file.
#[derive(Clone, Debug, PartialEq)]
struct Remark {
    /// The YAML tag: `Passed`, `Missed`, `Analysis`, ...
    kind: String,
    name: String,
    function: String,
    /// `(line, column)`.
    loc: Option<(u32, u32)>,
    message: String,
}

/// Reads a YAML scalar as LLVM's remark writer prints it.
fn scalar(v: &str) -> String {
    let v = v.trim();
    if let Some(inner) = v.strip_prefix('\'').and_then(|r| r.strip_suffix('\'')) {
        inner.replace("''", "'")
    } else if let Some(inner) = v.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        let mut out = String::new();
        let mut it = inner.chars();
        while let Some(c) = it.next() {
            if c == '\\' {
                match it.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some(o) => out.push(o),
                    None => {}
                }
            } else {
                out.push(c);
            }
        }
        out
    } else {
        v.to_string()
    }
}

fn parse_loc(v: &str) -> Option<(u32, u32)> {
    let num = |k: &str| -> Option<u32> {
        let r = v.split(k).nth(1)?;
        r.trim_start()
            .split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    };
    Some((num("Line:")?, num("Column:")?))
}

/// The remarks of opt-19's YAML file, in order.
fn parse_yaml(text: &str) -> Vec<Remark> {
    let mut out = Vec::new();
    for doc in text.split("\n---").map(|d| d.trim_start_matches("---")) {
        let mut r = Remark {
            kind: doc
                .lines()
                .next()
                .unwrap_or("")
                .trim()
                .trim_start_matches('!')
                .to_string(),
            name: String::new(),
            function: String::new(),
            loc: None,
            message: String::new(),
        };
        let mut in_args = false;
        for line in doc.lines() {
            if let Some(v) = line.strip_prefix("Name:") {
                r.name = scalar(v);
            } else if let Some(v) = line.strip_prefix("Function:") {
                r.function = scalar(v);
            } else if let Some(v) = line.strip_prefix("DebugLoc:") {
                r.loc = parse_loc(v);
            } else if line.starts_with("Args:") {
                in_args = true;
            } else if in_args {
                if let Some(rest) = line.strip_prefix("  - ") {
                    if let Some((_, v)) = rest.split_once(':') {
                        r.message.push_str(&scalar(v));
                    }
                }
            }
        }
        if !r.name.is_empty() {
            out.push(r);
        }
    }
    out
}

/// opt-19's outcome for one loop.
#[derive(Clone, Debug, PartialEq)]
enum Theirs {
    Legal,
    Rejected { name: String, text: String },
    Unknown(String),
}

/// Classifies the remarks of one loop.
fn classify(remarks: &[&Remark]) -> Theirs {
    if remarks
        .iter()
        .any(|r| r.name == "Vectorized" || r.name == "Interleaved")
    {
        return Theirs::Legal;
    }
    if let Some(r) = remarks.iter().find(|r| LEGALITY.contains(&r.name.as_str())) {
        return Theirs::Rejected {
            name: r.name.clone(),
            text: r.message.clone(),
        };
    }
    if remarks.iter().any(|r| LATER.contains(&r.name.as_str())) {
        return Theirs::Legal;
    }
    // `MissedDetails` alone: vectorization only when forced.
    if let [r] = remarks {
        if r.name == "MissedDetails" {
            return Theirs::Rejected {
                name: r.name.clone(),
                text: r.message.clone(),
            };
        }
    }
    Theirs::Unknown(
        remarks
            .iter()
            .map(|r| r.name.as_str())
            .collect::<Vec<_>>()
            .join(","),
    )
}

/// loopwright's verdict for one loop.
#[derive(Clone, Debug, PartialEq)]
struct Ours {
    function: String,
    header: String,
    /// `None`: legal; else name, text, scope limit.
    rejected: Option<(String, String, bool)>,
    /// The loop's start and its instructions' `(line, column)`s.
    start: Option<(u32, u32)>,
    locs: Vec<(u32, u32)>,
    /// Where opt-19's loop vectorizer visits it among the function's
    /// innermost loops (its worklist: innermost loops in `LoopInfo` order,
    /// taken from the back).
    order: usize,
}

/// The innermost loops of `lf` in the order LLVM's loop vectorizer
/// processes them.
fn llvm_order(lf: &LoopForest) -> Vec<loopwright_analysis::loops::Loop> {
    fn collect(
        lf: &LoopForest,
        l: loopwright_analysis::loops::Loop,
        out: &mut Vec<loopwright_analysis::loops::Loop>,
    ) {
        if lf.is_innermost(l) {
            out.push(l);
        } else {
            for &c in lf.data(l).children() {
                collect(lf, c, out);
            }
        }
    }
    let mut out = Vec::new();
    for &l in lf.top_level() {
        collect(lf, l, &mut out);
    }
    out.reverse();
    out
}

/// Splits a function's remarks into the runs opt-19 emits per loop: a run
/// ends with the transformation's remark, the missed remark after a
/// rejection, `AllDisabled`, or the interleaving remark after a missed
/// `VectorizationNotBeneficial`.
fn segments<'r>(remarks: &[&'r Remark]) -> Vec<Vec<&'r Remark>> {
    let mut out = Vec::new();
    let mut cur: Vec<&Remark> = Vec::new();
    let mut end_after_next = false;
    for &r in remarks {
        cur.push(r);
        let end = end_after_next
            || matches!(
                r.name.as_str(),
                "Vectorized"
                    | "Interleaved"
                    | "MissedDetails"
                    | "MissedExplicitlyDisabled"
                    | "AllDisabled"
            );
        end_after_next = !end && r.kind == "Missed" && r.name == "VectorizationNotBeneficial";
        if end {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn ours(path: &Path) -> Result<Vec<Ours>, String> {
    let text = std::fs::read(path).map_err(|e| e.to_string())?;
    let m = loopwright_parse::parse_module(&text, "m.ll").map_err(|e| format!("{e:?}"))?;
    let opts = VectorizeOptions::default();
    let mut out = Vec::new();
    for (_, f) in m.functions.iter().filter(|(_, f)| !f.is_declaration()) {
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        if lf.is_empty() {
            continue;
        }
        let names = loopwright_ir::print::LocalNames::compute(f);
        let loc_of =
            |n| loopwright_transforms::remark::source_loc(&m.md, n).map(|s| (s.line, s.column));
        let src = |i: loopwright_ir::Inst| {
            f.inst(i)
                .md
                .get(loopwright_ir::MdKind::DBG)
                .and_then(|n| loopwright_transforms::remark::source_loc(&m.md, n))
                .map(|s| format!("{}:{}:{}", s.file, s.line, s.column))
        };
        let order = llvm_order(&lf);
        for v in analyze_function(&m, f, &cfg, &dt, &lf, &opts) {
            let l = v.l;
            let mut locs = Vec::new();
            for &b in lf.data(l).blocks() {
                for i in f.layout.block_insts(b) {
                    if let Some(n) = f.inst(i).md.get(loopwright_ir::MdKind::DBG) {
                        locs.extend(loc_of(n));
                    }
                }
            }
            out.push(Ours {
                function: f.name().unwrap_or("").to_string(),
                header: names.block(lf.header(l)),
                rejected: v
                    .result
                    .as_ref()
                    .err()
                    .map(|r| (r.name().to_string(), r.text(&src), r.is_scope_limit())),
                start: lf.start_loc(f, &m.md, &cfg, l).and_then(loc_of),
                locs,
                order: order.iter().position(|&x| x == l).unwrap_or(usize::MAX),
            });
        }
    }
    Ok(out)
}

/// The comparison of one module.
#[derive(Default)]
struct Compared {
    loops: usize,
    compared: usize,
    in_scope: usize,
    same_verdict: usize,
    same_reason: usize,
    scope_theirs_legal: usize,
    scope_theirs_rejected: usize,
    /// Per reason name: (ours, theirs) counts over compared loops.
    tallies: BTreeMap<String, (usize, usize)>,
    differences: Vec<String>,
    /// (key, message) of loops called legal that opt-19 rejects.
    unsound: Vec<(String, String)>,
    unknown: Vec<String>,
}

fn compare(module: &str, ours: &[Ours], remarks: &[Remark]) -> Compared {
    let mut c = Compared {
        loops: ours.len(),
        ..Compared::default()
    };
    let mut by_fn: HashMap<&str, Vec<usize>> = HashMap::new();
    for (k, o) in ours.iter().enumerate() {
        by_fn.entry(o.function.as_str()).or_default().push(k);
    }
    let mut assigned: Vec<Vec<&Remark>> = vec![Vec::new(); ours.len()];
    let mut of_fn: HashMap<&str, Vec<&Remark>> = HashMap::new();
    for r in remarks {
        of_fn.entry(r.function.as_str()).or_default().push(r);
    }
    let mut by_location: Vec<&Remark> = Vec::new();
    for (func, rs) in &of_fn {
        let Some(loops) = by_fn.get(func) else {
            continue;
        };
        let segs = segments(rs);
        if segs.len() == loops.len() {
            for (j, seg) in segs.into_iter().enumerate() {
                if let Some(&k) = loops.iter().find(|&&k| ours[k].order == j) {
                    assigned[k] = seg;
                }
            }
        } else {
            by_location.extend(rs.iter().copied());
        }
    }
    for r in by_location {
        let Some(loops) = by_fn.get(r.function.as_str()) else {
            continue;
        };
        let Some(loc) = r.loc else { continue };
        let starts: Vec<usize> = loops
            .iter()
            .copied()
            .filter(|&k| ours[k].start == Some(loc))
            .collect();
        let cands = if starts.is_empty() {
            loops
                .iter()
                .copied()
                .filter(|&k| ours[k].locs.contains(&loc))
                .collect()
        } else {
            starts
        };
        if let [k] = cands.as_slice() {
            assigned[*k].push(r);
        }
    }
    for (k, o) in ours.iter().enumerate() {
        if assigned[k].is_empty() {
            continue;
        }
        let theirs = classify(&assigned[k]);
        let key = format!("{module} {} {}", o.function, o.header);
        if let Theirs::Unknown(names) = &theirs {
            c.unknown.push(format!("{key}: remarks {names}"));
            continue;
        }
        c.compared += 1;
        let ours_name = o.rejected.as_ref().map_or("legal", |r| r.0.as_str());
        let theirs_name = match &theirs {
            Theirs::Rejected { name, .. } => name.as_str(),
            _ => "legal",
        };
        c.tallies.entry(ours_name.to_string()).or_default().0 += 1;
        c.tallies.entry(theirs_name.to_string()).or_default().1 += 1;
        match (&o.rejected, &theirs) {
            (Some((_, _, true)), t) => {
                if *t == Theirs::Legal {
                    c.scope_theirs_legal += 1;
                } else {
                    c.scope_theirs_rejected += 1;
                }
            }
            (None, Theirs::Legal) => {
                c.in_scope += 1;
                c.same_verdict += 1;
                c.same_reason += 1;
            }
            (None, Theirs::Rejected { name, text }) => {
                c.in_scope += 1;
                let msg = format!("{key}: loopwright: legal, opt-19: {name}: {text}");
                c.differences.push(msg.clone());
                c.unsound.push((key, msg));
            }
            (Some((name, text, false)), Theirs::Legal) => {
                c.in_scope += 1;
                c.differences
                    .push(format!("{key}: loopwright: {name}: {text}, opt-19: legal"));
            }
            (Some((name, text, false)), Theirs::Rejected { name: tn, text: tt }) => {
                c.in_scope += 1;
                c.same_verdict += 1;
                if name == tn && text == tt {
                    c.same_reason += 1;
                } else {
                    c.differences.push(format!(
                        "{key}: loopwright: {name}: {text:?}, opt-19: {tn}: {tt:?}"
                    ));
                }
            }
            (_, Theirs::Unknown(_)) => unreachable!(),
        }
    }
    c
}

fn run_opt(module: &Path, yaml: &Path) -> Result<Vec<Remark>, String> {
    let out = run(
        Command::new(OPT)
            .args(["-passes=loop-vectorize", "-disable-output"])
            .arg(format!("-pass-remarks-output={}", yaml.display()))
            .arg(module),
        run::TIMEOUT,
    );
    if !out.success() {
        return Err(format!("opt-19 failed: {}", out.stderr_text()));
    }
    let text = std::fs::read_to_string(yaml).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(yaml);
    Ok(parse_yaml(&text))
}

#[derive(Default)]
struct Totals {
    modules: usize,
    c: Compared,
    failures: Vec<String>,
}

fn add(t: &mut Compared, c: Compared) {
    t.loops += c.loops;
    t.compared += c.compared;
    t.in_scope += c.in_scope;
    t.same_verdict += c.same_verdict;
    t.same_reason += c.same_reason;
    t.scope_theirs_legal += c.scope_theirs_legal;
    t.scope_theirs_rejected += c.scope_theirs_rejected;
    for (k, (a, b)) in c.tallies {
        let e = t.tallies.entry(k).or_default();
        e.0 += a;
        e.1 += b;
    }
    t.differences.extend(c.differences);
    t.unsound.extend(c.unsound);
    t.unknown.extend(c.unknown);
}

#[test]
fn legality_matches_opt19() {
    if !loopwright_testkit::require(&[OPT, CLANG, CLANGXX]) {
        return;
    }
    let root = common::root();
    let filter = std::env::var("VLEGAL_LLVM_FILTER")
        .ok()
        .filter(|f| !f.is_empty());
    let mut all = modules::jobs(&root);
    for src in matrix::sources(&root).expect("corpus sources") {
        all.push(Job {
            name: src.module_name(&PREVEC),
            source: Source::Corpus(src.clone(), PREVEC),
        });
    }
    for seed in 0..GENERATED_MODULES {
        all.push(Job {
            name: format!("aa_gen/{seed}"),
            source: Source::Generated(seed),
        });
    }
    for k in 0..LEGALITY_MODULES {
        all.push(Job {
            name: format!("legality_gen/{k}"),
            source: Source::Generated(LEGALITY_SEED + k),
        });
    }
    // The unit tests' table: one loop per rejection and its near miss.
    for p in common::sorted_entries(&root.join("tests/vectorize")) {
        if p.extension().is_some_and(|e| e == "ll") {
            all.push(Job {
                name: format!("vectorize/{}", modules::file_name(&p)),
                source: Source::Ll(p),
            });
        }
    }
    let jobs: Vec<Job> = all
        .into_iter()
        .filter(|j| filter.as_ref().is_none_or(|f| j.name.contains(f.as_str())))
        .collect();
    let work = common::work_dir("vlegal-llvm");
    let threads: usize = std::env::var("VLEGAL_LLVM_JOBS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
        .max(1);
    let next = AtomicUsize::new(0);
    let totals = Mutex::new(Totals::default());
    let started = std::time::Instant::now();
    let generated = |seed: u64| {
        if seed >= LEGALITY_SEED {
            legality_module(seed, LEGALITY_FUNCTIONS)
        } else {
            aa_gen::module(seed, GENERATED_FUNCTIONS).0
        }
    };
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(k) else { break };
                let module = match modules::build(job, &work, &generated) {
                    Ok(p) => p,
                    Err(e) => {
                        totals.lock().unwrap().failures.push(e);
                        continue;
                    }
                };
                let yaml = work.join(format!("{}.yaml", job.name.replace('/', "_")));
                let theirs = run_opt(&module, &yaml);
                let mine = ours(&module);
                let mut t = totals.lock().unwrap();
                match (theirs, mine) {
                    (Ok(theirs), Ok(mine)) => {
                        t.modules += 1;
                        let c = compare(&job.name, &mine, &theirs);
                        add(&mut t.c, c);
                    }
                    (Err(e), _) | (_, Err(e)) => t.failures.push(format!("{}: {e}", job.name)),
                }
            });
        }
    });
    let t = totals.into_inner().unwrap();
    let complete = filter.is_none();
    let mut failures = t.failures;
    let mut unsound = Allowlist::new("UNSOUND", UNSOUND);
    for (key, msg) in &t.c.unsound {
        if !unsound.check(key, true) {
            failures.push(format!("loopwright calls legal what opt-19 rejects: {msg}"));
        }
    }
    failures.extend(unsound.stale(complete));
    let c = &t.c;
    let share = |n: usize| {
        if c.in_scope == 0 {
            1.0
        } else {
            n as f64 / c.in_scope as f64
        }
    };
    let mut summary = String::new();
    let _ = writeln!(
        summary,
        "vlegal_llvm: {} modules, {} innermost loops, {} compared with opt-19's remarks; \
         {} in scope: {} with the same verdict ({:.2}%), {} with the same verdict and reason \
         ({:.2}%); scope limits: {} that opt-19 vectorizes, {} it rejects too; \
         {} loops called legal that opt-19 rejects; {} failures, {:.0} s",
        t.modules,
        c.loops,
        c.compared,
        c.in_scope,
        c.same_verdict,
        share(c.same_verdict) * 100.0,
        c.same_reason,
        share(c.same_reason) * 100.0,
        c.scope_theirs_legal,
        c.scope_theirs_rejected,
        c.unsound.len(),
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    let _ = writeln!(summary, "reasons (loopwright / opt-19):");
    for (k, (a, b)) in &c.tallies {
        let _ = writeln!(summary, "  {k}: {a} / {b}");
    }
    for d in &c.differences {
        let _ = writeln!(summary, "differs: {d}");
    }
    for u in c.unknown.iter().take(20) {
        let _ = writeln!(summary, "unclassified: {u}");
    }
    loopwright_testkit::notice(&summary);
    if std::env::var_os("VLEGAL_LLVM_KEEP").is_none() && failures.is_empty() {
        let _ = std::fs::remove_dir_all(&work);
    }
    assert!(failures.is_empty(), "{}\n{summary}", failures.join("\n"));
    assert!(
        share(c.same_reason) >= MIN_AGREEMENT,
        "only {:.2}% of the in-scope loops agree with opt-19 (at least {}% needed)\n{summary}",
        share(c.same_reason) * 100.0,
        MIN_AGREEMENT * 100.0
    );
    if complete {
        floors::check_all(&[
            ("vlegal_llvm.modules", t.modules),
            ("vlegal_llvm.compared", c.compared),
            ("vlegal_llvm.in_scope", c.in_scope),
            ("vlegal_llvm.same_verdict", c.same_verdict),
            ("vlegal_llvm.same_reason", c.same_reason),
        ]);
    }
}

/// The comparison fails on deliberately wrong verdicts: a legal loop
/// opt-19 rejects is unsound, a wrong reason is a difference, and remarks
/// are matched to loops by location.
#[test]
fn self_test_wrong_verdicts_fail() {
    let yaml = "--- !Analysis\nPass:            loop-vectorize\nName:            UnsafeDep\n\
        DebugLoc:        { File: a.c, Line: 3, Column: 5 }\nFunction:        f\nArgs:\n\
        \x20 - String:          'loop not vectorized: '\n\
        \x20 - String:          \"unsafe\\nBackward loop carried data dependence.\"\n...\n\
        --- !Missed\nPass:            loop-vectorize\nName:            MissedDetails\n\
        DebugLoc:        { File: a.c, Line: 3, Column: 5 }\nFunction:        f\nArgs:\n\
        \x20 - String:          loop not vectorized\n...\n\
        --- !Passed\nPass:            loop-vectorize\nName:            Vectorized\n\
        DebugLoc:        { File: a.c, Line: 9, Column: 5 }\nFunction:        f\nArgs:\n\
        \x20 - String:          'vectorized '\n...\n";
    let remarks = parse_yaml(yaml);
    assert_eq!(remarks.len(), 3);
    assert_eq!(
        remarks[0].message,
        "loop not vectorized: unsafe\nBackward loop carried data dependence."
    );
    let lp = |header: &str, line: u32, rejected: Option<(&str, &str)>| Ours {
        function: "f".into(),
        header: header.into(),
        rejected: rejected.map(|(n, t)| (n.to_string(), t.to_string(), false)),
        start: Some((line, 5)),
        locs: vec![(line, 5), (line + 1, 7)],
        // opt-19 visits the loop at line 3 first.
        order: if line == 3 { 0 } else { 1 },
    };
    let right = [
        lp(
            "%a",
            3,
            Some((
                "UnsafeDep",
                "loop not vectorized: unsafe\nBackward loop carried data dependence.",
            )),
        ),
        lp("%b", 9, None),
    ];
    let c = compare("m", &right, &remarks);
    assert_eq!(
        (c.compared, c.in_scope, c.same_verdict, c.same_reason),
        (2, 2, 2, 2)
    );
    assert!(c.differences.is_empty() && c.unsound.is_empty());
    // Called legal where opt-19 rejects: unsound.
    let wrong = [lp("%a", 3, None), lp("%b", 9, None)];
    let c = compare("m", &wrong, &remarks);
    assert_eq!(c.unsound.len(), 1);
    assert_eq!(c.same_verdict, 1);
    // Rejected for another reason: a difference, same verdict.
    let wrong = [
        lp("%a", 3, Some(("CantIdentifyArrayBounds", "x"))),
        lp("%b", 9, None),
    ];
    let c = compare("m", &wrong, &remarks);
    assert_eq!(
        (c.same_verdict, c.same_reason, c.differences.len()),
        (2, 1, 1)
    );
    // Rejected where opt-19 vectorizes: a difference.
    let wrong = [
        right[0].clone(),
        lp("%b", 9, Some(("CantIdentifyArrayBounds", "x"))),
    ];
    let c = compare("m", &wrong, &remarks);
    assert_eq!((c.same_verdict, c.differences.len()), (1, 1));
    assert!(c.unsound.is_empty());
    // A scope limit is tallied apart.
    let mut scoped = right.clone();
    scoped[1].rejected = Some(("IfConversionDisabled".into(), "x".into(), true));
    let c = compare("m", &scoped, &remarks);
    assert_eq!((c.in_scope, c.scope_theirs_legal), (1, 1));
    // Remarks go to loops in opt-19's visiting order: swapped, both differ.
    let mut swapped = right.clone();
    swapped[0].order = 1;
    swapped[1].order = 0;
    let c = compare("m", &swapped, &remarks);
    assert_eq!((c.same_verdict, c.unsound.len()), (0, 1));
    // Without a run per loop, by location; unknown locations are not
    // compared.
    let mut moved = right.clone();
    moved[1].start = Some((20, 1));
    moved[1].locs.clear();
    let two_runs = &remarks[..2];
    assert_eq!(compare("m", &moved, two_runs).compared, 1);
}
