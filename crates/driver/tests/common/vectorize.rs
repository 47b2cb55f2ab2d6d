//! What the loop vectorizer's comparisons with opt-19 share
//! (`vlegal_llvm.rs`, `vcost_llvm.rs`): the modules (the real modules of
//! [`modules`], the corpus compiled as the vectorizer sees it
//! ([`PREVEC`]), random modules of `aa_gen` and of [`legality_module`],
//! and `tests/vectorize/*.ll`), opt-19's remarks ([`run_opt`],
//! [`parse_yaml`]) and how they are matched to loops ([`llvm_order`],
//! [`segments`], [`assign`]).
//!
//! A test includes it with `mod common;` and
//! `#[path = "common/vectorize.rs"] mod vcommon;`.

#![allow(dead_code)]

#[path = "../../../analysis/tests/aa_gen/mod.rs"]
pub mod aa_gen;

use crate::common::modules::{self, matrix, Job, Source};
use loopwright_analysis::LoopForest;
use loopwright_testkit::run;
use loopwright_testkit::tools::OPT;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

/// Modules of `aa_gen` compared (random aliasing shapes in loops), and
/// functions in each.
pub const GENERATED_MODULES: u64 = 60;
pub const GENERATED_FUNCTIONS: usize = 40;

/// Modules of [`legality_module`] (random loops built from what legality
/// looks at), functions in each, and the seed of the first.
pub const LEGALITY_MODULES: u64 = 40;
pub const LEGALITY_FUNCTIONS: usize = 30;
pub const LEGALITY_SEED: u64 = 1_000_000;

/// A small deterministic generator (splitmix64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn pick<'a>(&mut self, v: &[&'a str]) -> &'a str {
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
pub fn legality_module(seed: u64, functions: usize) -> String {
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

/// The corpus sources compiled as the vectorizer sees them.
pub const PREVEC: matrix::Variant = matrix::Variant {
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
pub const LEGALITY: &[&str] = &[
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
pub const LATER: &[&str] = &[
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
pub struct Remark {
    /// The YAML tag: `Passed`, `Missed`, `Analysis`, ...
    pub kind: String,
    pub name: String,
    pub function: String,
    /// `(line, column)`.
    pub loc: Option<(u32, u32)>,
    pub message: String,
}

/// Reads a YAML scalar as LLVM's remark writer prints it.
pub fn scalar(v: &str) -> String {
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

pub fn parse_loc(v: &str) -> Option<(u32, u32)> {
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
pub fn parse_yaml(text: &str) -> Vec<Remark> {
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

/// The innermost loops of `lf` in the order LLVM's loop vectorizer
/// processes them.
pub fn llvm_order(lf: &LoopForest) -> Vec<loopwright_analysis::loops::Loop> {
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
pub fn segments<'r>(remarks: &[&'r Remark]) -> Vec<Vec<&'r Remark>> {
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

pub fn run_opt(module: &Path, yaml: &Path, extra: &[String]) -> Result<Vec<Remark>, String> {
    let out = run(
        Command::new(OPT)
            .args(["-passes=loop-vectorize", "-disable-output"])
            .args(extra)
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

/// The module of a generated job's seed.
pub fn generated(seed: u64) -> String {
    if seed >= LEGALITY_SEED {
        legality_module(seed, LEGALITY_FUNCTIONS)
    } else {
        aa_gen::module(seed, GENERATED_FUNCTIONS).0
    }
}

/// Every module the comparisons run on, filtered by name.
pub fn jobs(root: &Path, filter: Option<&str>) -> Vec<Job> {
    let mut all = modules::jobs(root);
    for src in matrix::sources(root).expect("corpus sources") {
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
    for p in crate::common::sorted_entries(&root.join("tests/vectorize")) {
        if p.extension().is_some_and(|e| e == "ll") {
            all.push(Job {
                name: format!("vectorize/{}", modules::file_name(&p)),
                source: Source::Ll(p),
            });
        }
    }
    all.into_iter()
        .filter(|j| filter.is_none_or(|f| j.name.contains(f)))
        .collect()
}

/// Where a loop is, for matching opt-19's remarks to it.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopKey {
    pub function: String,
    /// The loop's start and its instructions' `(line, column)`s.
    pub start: Option<(u32, u32)>,
    pub locs: Vec<(u32, u32)>,
    /// Where opt-19's loop vectorizer visits it among the function's
    /// innermost loops ([`llvm_order`]).
    pub order: usize,
}

/// The remarks of each loop: all of a function's runs ([`segments`]) in
/// visiting order when there are as many runs as loops, otherwise by
/// debug location (the loop's start, else an instruction of the loop);
/// a loop may get none.
pub fn assign<'r>(loops: &[&LoopKey], remarks: &'r [Remark]) -> Vec<Vec<&'r Remark>> {
    let mut by_fn: HashMap<&str, Vec<usize>> = HashMap::new();
    for (k, o) in loops.iter().enumerate() {
        by_fn.entry(o.function.as_str()).or_default().push(k);
    }
    let mut assigned: Vec<Vec<&Remark>> = vec![Vec::new(); loops.len()];
    let mut of_fn: HashMap<&str, Vec<&Remark>> = HashMap::new();
    for r in remarks {
        of_fn.entry(r.function.as_str()).or_default().push(r);
    }
    let mut by_location: Vec<&Remark> = Vec::new();
    let mut fns: Vec<_> = of_fn.into_iter().collect();
    fns.sort_by(|a, b| a.0.cmp(b.0));
    for (func, rs) in &fns {
        let Some(ls) = by_fn.get(func) else {
            continue;
        };
        let segs = segments(rs);
        if segs.len() == ls.len() {
            for (j, seg) in segs.into_iter().enumerate() {
                if let Some(&k) = ls.iter().find(|&&k| loops[k].order == j) {
                    assigned[k] = seg;
                }
            }
        } else {
            by_location.extend(rs.iter().copied());
        }
    }
    for r in by_location {
        let Some(ls) = by_fn.get(r.function.as_str()) else {
            continue;
        };
        let Some(loc) = r.loc else { continue };
        let starts: Vec<usize> = ls
            .iter()
            .copied()
            .filter(|&k| loops[k].start == Some(loc))
            .collect();
        let cands = if starts.is_empty() {
            ls.iter()
                .copied()
                .filter(|&k| loops[k].locs.contains(&loc))
                .collect()
        } else {
            starts
        };
        if let [k] = cands.as_slice() {
            assigned[*k].push(r);
        }
    }
    assigned
}

/// The [`LoopKey`] of every innermost loop of `f`.
pub fn loop_keys(
    m: &loopwright_ir::Module,
    f: &loopwright_ir::Function,
    cfg: &loopwright_analysis::ControlFlowGraph,
    lf: &LoopForest,
) -> HashMap<loopwright_analysis::loops::Loop, LoopKey> {
    let loc_of =
        |n| loopwright_transforms::remark::source_loc(&m.md, n).map(|s| (s.line, s.column));
    let order = llvm_order(lf);
    let mut out = HashMap::new();
    for l in lf.loops().filter(|&l| lf.is_innermost(l)) {
        let mut locs = Vec::new();
        for &b in lf.data(l).blocks() {
            for i in f.layout.block_insts(b) {
                if let Some(n) = f.inst(i).md.get(loopwright_ir::MdKind::DBG) {
                    locs.extend(loc_of(n));
                }
            }
        }
        out.insert(
            l,
            LoopKey {
                function: f.name().unwrap_or("").to_string(),
                start: lf.start_loc(f, &m.md, cfg, l).and_then(loc_of),
                locs,
                order: order.iter().position(|&x| x == l).unwrap_or(usize::MAX),
            },
        );
    }
    out
}
