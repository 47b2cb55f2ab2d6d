//! The cheapness test of SCEV expansion against opt-19's.
//!
//! Runtime unrolling expands a loop's trip count only when
//! `SCEVExpander::isHighCostExpansion` finds it cheap: its cost, in the
//! target model's instructions, at most `-scev-cheap-expansion-budget`.
//! Both tools take that option, so the cost itself can be observed: for
//! each loop, the smallest budget at which the tool runtime-unrolls it (the
//! "threshold") is the cost it computed, or "never" when something else
//! stops it. This test generates loops whose trip counts are expressions
//! of growing cost (sums, products, shifts, divisions, extensions and
//! truncations, `ptrtoint`, min/max of the parameters; pointer induction
//! variables; inner loops bounded by the outer induction variable; loops
//! bounded by the last value of an earlier loop), runs both tools on them
//! with every budget from 0 to [`MAX_BUDGET`], and requires equal
//! thresholds for every loop, in three settings:
//! - `skylake`: reciprocal-throughput costs;
//! - `x86-64`: the baseline CPU's costs;
//! - `minsize`: code-size costs, where constants count (with
//!   `-unroll-partial-threshold=300`, else nothing is unrolled at minsize).
//!
//! A loop is compared only when scalar evolution computes the same
//! backedge-taken counts in both tools (`print<scalar-evolution>`; a few
//! random expressions fold further in LLVM); the numbers of loops
//! generated, compared and with equal thresholds are floors
//! (`expansion_cost.*` in `tests/floors.toml`). `self_test_wrong_costs_fail`
//! compares opt-19 with itself under a budget off by one and requires
//! the comparison to notice. `EXPANSION_COST_VERBOSE=1` prints every
//! threshold.

mod common;

use loopwright_analysis::scev::{print::print_loop_counts, ScalarEvolution};
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_testkit::rng::Rng;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// The largest budget tried; the generated trip counts cost less.
const MAX_BUDGET: u32 = 40;
/// Functions per module.
const FUNCTIONS: usize = 120;

/// A setting: its name, function attributes, extra options and seed.
struct Setting {
    name: &'static str,
    attrs: &'static str,
    options: &'static [&'static str],
    seed: u64,
}

const SETTINGS: &[Setting] = &[
    Setting {
        name: "skylake",
        attrs: r#""target-cpu"="skylake""#,
        options: &[],
        seed: 1,
    },
    Setting {
        name: "x86-64",
        attrs: r#""target-cpu"="x86-64""#,
        options: &[],
        seed: 2,
    },
    Setting {
        name: "minsize",
        attrs: r#"minsize optsize "target-cpu"="skylake""#,
        options: &["-unroll-partial-threshold=300"],
        seed: 3,
    },
];

/// Random functions, each with a loop (nest) whose trip count is an
/// expression of the parameters `%a`, `%b` (i64), `%c`, `%d` (i32) and
/// `%q` (a pointer).
struct Gen {
    rng: Rng,
    lines: Vec<String>,
    tmp: u32,
    decls: BTreeSet<String>,
}

impl Gen {
    fn tmp(&mut self) -> String {
        self.tmp += 1;
        format!("%t{}", self.tmp)
    }

    fn is_const(v: &str) -> bool {
        !v.starts_with('%')
    }

    /// A value of type `ty` (`i64` or `i32`).
    fn expr(&mut self, depth: u32, ty: &str) -> String {
        if depth == 0 || self.rng.chance(0.25) {
            return self.leaf(ty);
        }
        let ops = [
            "add", "sub", "mul", "shl", "udiv", "lshr", "and", "smax", "umin", "umax", "smin",
            "ext",
        ];
        let op = *self.rng.pick(&ops);
        if op == "ext" {
            let t = self.tmp();
            if ty == "i64" {
                let x = self.expr(depth - 1, "i32");
                let k = *self.rng.pick(&["zext", "sext"]);
                self.lines.push(format!("{t} = {k} i32 {x} to i64"));
            } else {
                let x = self.expr(depth - 1, "i64");
                self.lines.push(format!("{t} = trunc i64 {x} to i32"));
            }
            return t;
        }
        let x = self.expr(depth - 1, ty);
        let constant_rhs = matches!(op, "shl" | "lshr" | "and")
            || (op == "mul" && self.rng.chance(0.7))
            || (op == "udiv" && self.rng.chance(0.6));
        let y = if constant_rhs {
            let c: &[i64] = if matches!(op, "shl" | "lshr") {
                &[1, 2, 3]
            } else {
                &[2, 3, 4, 8, 16, 5, 255]
            };
            self.rng.pick(c).to_string()
        } else {
            self.expr(depth - 1, ty)
        };
        // Degenerate operations (both operands constant or the same) fold
        // in ways that test scalar evolution, not the expander.
        if Self::is_const(&x) && Self::is_const(&y) || x == y {
            return x;
        }
        let t = self.tmp();
        if matches!(op, "smax" | "umin" | "umax" | "smin") {
            self.decls
                .insert(format!("declare {ty} @llvm.{op}.{ty}({ty}, {ty})"));
            self.lines.push(format!(
                "{t} = call {ty} @llvm.{op}.{ty}({ty} {x}, {ty} {y})"
            ));
        } else {
            self.lines.push(format!("{t} = {op} {ty} {x}, {y}"));
        }
        t
    }

    fn leaf(&mut self, ty: &str) -> String {
        let c = self.rng.below(100);
        if ty == "i64" {
            if c < 40 {
                return self.rng.pick(&["%a", "%b"]).to_string();
            }
            if c < 60 {
                let t = self.tmp();
                let k = *self.rng.pick(&["zext", "sext"]);
                let x = *self.rng.pick(&["%c", "%d"]);
                self.lines.push(format!("{t} = {k} i32 {x} to i64"));
                return t;
            }
            if c < 72 {
                let t = self.tmp();
                self.lines.push(format!("{t} = ptrtoint ptr %q to i64"));
                return t;
            }
            return self.rng.pick(&[1i64, 2, 7, 100, -5, 1 << 33]).to_string();
        }
        if c < 55 {
            return self.rng.pick(&["%c", "%d"]).to_string();
        }
        if c < 75 {
            let t = self.tmp();
            let x = *self.rng.pick(&["%a", "%b"]);
            self.lines.push(format!("{t} = trunc i64 {x} to i32"));
            return t;
        }
        self.rng.pick(&[1i64, 3, 100, -7]).to_string()
    }

    /// Function `@f{k}`.
    fn function(&mut self, k: usize, out: &mut String) {
        self.lines.clear();
        let ty = *self.rng.pick(&["i64", "i64", "i32"]);
        let kind = *self
            .rng
            .pick(&["up", "up", "down", "ne", "ptr", "nested", "after"]);
        let step = *self.rng.pick(&[1u32, 1, 2, 3, 4]);
        let d1 = self.rng.below(3) as u32;
        let start = self.expr(d1, ty);
        let d2 = self.rng.below(4) as u32;
        let end = self.expr(d2, ty);
        let mut body: Vec<String> = Vec::new();
        match kind {
            "up" | "down" | "ne" => {
                // Inclusive compares only with step 1 (with larger steps
                // scalar evolution's counts differ: a known gap).
                let (pred, inc) = match kind {
                    "up" => {
                        let preds: &[&str] = if step > 1 {
                            &["ult", "slt"]
                        } else {
                            &["ult", "slt", "ule", "sle"]
                        };
                        let p = *self.rng.pick(preds);
                        let fl = if p.starts_with('u') { "nuw" } else { "nsw" };
                        (p, format!("%i.next = add {fl} {ty} %i, {step}"))
                    }
                    "down" => {
                        let preds: &[&str] = if step > 1 {
                            &["ugt", "sgt"]
                        } else {
                            &["ugt", "sgt", "uge", "sge"]
                        };
                        let p = *self.rng.pick(preds);
                        let fl = if p.starts_with('s') { "nsw " } else { "" };
                        (p, format!("%i.next = add {fl}{ty} %i, -{step}"))
                    }
                    _ => ("ne", format!("%i.next = add {ty} %i, 1")),
                };
                body.push("br label %loop".into());
                body.push("loop:".into());
                body.push(format!(
                    "%i = phi {ty} [ {start}, %entry ], [ %i.next, %loop ]"
                ));
                body.push(format!("%g = getelementptr i32, ptr %p, {ty} %i"));
                body.push("store i32 0, ptr %g".into());
                body.push(inc);
                body.push(format!("%cmp = icmp {pred} {ty} %i.next, {end}"));
                body.push("br i1 %cmp, label %loop, label %exit".into());
            }
            _ => {
                let end64 = if ty == "i32" {
                    let t = self.tmp();
                    self.lines.push(format!("{t} = zext i32 {end} to i64"));
                    t
                } else {
                    end
                };
                match kind {
                    "ptr" => {
                        let pred = *self.rng.pick(&["ne", "ult"]);
                        body.push(format!("%end = getelementptr i32, ptr %q, i64 {end64}"));
                        body.push("br label %loop".into());
                        body.push("loop:".into());
                        body.push("%pp = phi ptr [ %q, %entry ], [ %pp.next, %loop ]".into());
                        body.push("store i32 0, ptr %pp".into());
                        body.push(format!(
                            "%pp.next = getelementptr inbounds i8, ptr %pp, i64 {}",
                            4 * step
                        ));
                        body.push(format!("%cmp = icmp {pred} ptr %pp.next, %end"));
                        body.push("br i1 %cmp, label %loop, label %exit".into());
                    }
                    "nested" => {
                        let mul = *self.rng.pick(&[1, 2, 3]);
                        let add = *self.rng.pick(&[1, 2, 5]);
                        let j0 = *self.rng.pick(&["0", "%i"]);
                        body.push("br label %outer".into());
                        body.push("outer:".into());
                        body.push("%i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]".into());
                        body.push(format!("%lim0 = mul nuw nsw i64 %i, {mul}"));
                        body.push(format!("%lim = add nuw nsw i64 %lim0, {add}"));
                        body.push("br label %inner".into());
                        body.push("inner:".into());
                        body.push(format!(
                            "%j = phi i64 [ {j0}, %outer ], [ %j.next, %inner ]"
                        ));
                        body.push("%g = getelementptr i32, ptr %p, i64 %j".into());
                        body.push("store i32 0, ptr %g".into());
                        body.push("%j.next = add nuw nsw i64 %j, 1".into());
                        body.push("%ci = icmp ult i64 %j.next, %lim".into());
                        body.push("br i1 %ci, label %inner, label %outer.latch".into());
                        body.push("outer.latch:".into());
                        body.push("%i.next = add nuw nsw i64 %i, 1".into());
                        body.push(format!("%co = icmp ult i64 %i.next, {end64}"));
                        body.push("br i1 %co, label %outer, label %exit".into());
                    }
                    _ => {
                        // The shape of zstd's HIST_count_simple: a scan down
                        // to a non-zero element, then a loop up to it.
                        let which = *self.rng.pick(&["%s.ext", "%s", "%s.dec"]);
                        let wty = if which == "%s.ext" { "i64" } else { "i32" };
                        body.push("br label %scan".into());
                        body.push("scan:".into());
                        body.push("%s = phi i32 [ %c, %entry ], [ %s.dec, %scan ]".into());
                        body.push("%s.ext = zext i32 %s to i64".into());
                        body.push("%sp = getelementptr inbounds i32, ptr %q, i64 %s.ext".into());
                        body.push("%sv = load i32, ptr %sp, align 4".into());
                        body.push("%sz = icmp eq i32 %sv, 0".into());
                        body.push(format!("%s.dec = add i32 %s, -{step}"));
                        body.push("br i1 %sz, label %scan, label %found".into());
                        body.push("found:".into());
                        body.push(format!("%last = phi {wty} [ {which}, %scan ]"));
                        if wty == "i32" {
                            let k = *self.rng.pick(&["zext", "sext"]);
                            body.push(format!("%last.w = {k} i32 %last to i64"));
                        } else {
                            body.push("%last.w = add i64 %last, 0".into());
                        }
                        let op = *self.rng.pick(&["add", "mul", "shl"]);
                        let c = *self.rng.pick(&[1, 2, 3]);
                        body.push(format!("%bound = {op} i64 %last.w, {c}"));
                        let pred = *self.rng.pick(&["ult", "ne"]);
                        let bound = *self.rng.pick(&["%bound", "%last.w"]);
                        body.push("br label %loop".into());
                        body.push("loop:".into());
                        body.push("%j = phi i64 [ 0, %found ], [ %j.next, %loop ]".into());
                        body.push("%g = getelementptr i32, ptr %p, i64 %j".into());
                        body.push("store i32 0, ptr %g".into());
                        body.push("%j.next = add nuw nsw i64 %j, 1".into());
                        body.push(format!("%cmp = icmp {pred} i64 %j.next, {bound}"));
                        body.push("br i1 %cmp, label %loop, label %exit".into());
                    }
                }
            }
        }
        out.push_str(&format!(
            "define void @f{k}(ptr %p, i64 %a, i64 %b, i32 %c, i32 %d, ptr %q) #0 {{\nentry:\n"
        ));
        for l in self.lines.iter().chain(body.iter()) {
            if l.ends_with(':') {
                out.push_str(l);
            } else {
                out.push_str("  ");
                out.push_str(l);
            }
            out.push('\n');
        }
        out.push_str("exit:\n  ret void\n}\n\n");
    }
}

/// A module of [`FUNCTIONS`] generated functions with attributes `attrs`.
fn module(seed: u64, attrs: &str) -> String {
    let mut g = Gen {
        rng: Rng::new(seed),
        lines: Vec::new(),
        tmp: 0,
        decls: BTreeSet::new(),
    };
    let mut out = String::from(
        "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n\
         target triple = \"x86_64-pc-linux-gnu\"\n\n",
    );
    for k in 0..FUNCTIONS {
        g.function(k, &mut out);
    }
    for d in &g.decls {
        out.push_str(d);
        out.push('\n');
    }
    out.push_str(&format!("attributes #0 = {{ {attrs} }}\n"));
    out
}

/// The backedge-taken count lines of each function, from
/// `print<scalar-evolution>` text (opt-19's or ours).
fn count_lines(text: &str) -> BTreeMap<String, Vec<String>> {
    let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut cur: Option<String> = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("Determining loop execution counts for: ") {
            let name = rest.trim().trim_start_matches('@').to_string();
            map.insert(name.clone(), Vec::new());
            cur = Some(name);
            continue;
        }
        if let Some(c) = &cur {
            if line.starts_with("Loop ") && line.contains("backedge-taken count is") {
                map.entry(c.clone())
                    .or_default()
                    .push(line.trim_end().to_string());
            }
        }
    }
    map
}

/// The functions whose loops have the same counts in both tools.
fn comparable(path: &Path, text: &str) -> BTreeSet<String> {
    let out = common::run(
        Command::new("opt-19")
            .args([
                "-passes=print<scalar-evolution>",
                "-disable-output",
                "-scalar-evolution-classify-expressions=0",
            ])
            .arg(path),
    );
    let theirs = count_lines(&String::from_utf8_lossy(&out.stderr));
    let m = loopwright_parse::parse_module(text.as_bytes(), "gen.ll").expect("parses");
    let mut ours_text = String::new();
    for (_, f) in m.functions.iter() {
        if f.is_declaration() {
            continue;
        }
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        let mut se = ScalarEvolution::new(&m, f, &cfg, &dt, &lf);
        ours_text.push_str(&print_loop_counts(&mut se));
    }
    let ours = count_lines(&ours_text);
    theirs
        .iter()
        .filter(|(name, lines)| ours.get(*name) == Some(lines))
        .map(|(name, _)| name.clone())
        .collect()
}

/// Who decides: loopwright, opt-19, or opt-19 with its budget raised by
/// one (a deliberately wrong cost, for the self-test).
#[derive(Clone, Copy)]
enum Tool<'a> {
    Loopwright(&'a str),
    Opt,
    OptOffByOne,
}

/// The functions `tool` runtime-unrolls at `budget`.
fn unrolled(
    tool: Tool,
    work: &Path,
    path: &Path,
    budget: u32,
    options: &[&str],
) -> BTreeSet<String> {
    let yaml = work.join("remarks.yaml");
    let _ = std::fs::remove_file(&yaml);
    let mut cmd = match tool {
        Tool::Loopwright(bin) => {
            let mut c = Command::new(bin);
            c.args(["--passes=loop-unroll<O3>", "-o", "/dev/null"]);
            c.arg(format!("-scev-cheap-expansion-budget={budget}"));
            c
        }
        Tool::Opt | Tool::OptOffByOne => {
            let b = if matches!(tool, Tool::OptOffByOne) {
                budget + 1
            } else {
                budget
            };
            let mut c = Command::new("opt-19");
            c.args(["-passes=loop-unroll<O3>", "-disable-output"]);
            c.arg(format!("-scev-cheap-expansion-budget={b}"));
            c
        }
    };
    cmd.args(options)
        .arg(format!("-pass-remarks-output={}", yaml.display()))
        .arg(path);
    common::run(&mut cmd);
    let text = std::fs::read_to_string(&yaml).unwrap_or_default();
    text.split("\n...")
        .filter(|doc| doc.contains("PartialUnrolled") && doc.contains("run-time trip count"))
        .filter_map(|doc| {
            doc.lines()
                .find_map(|l| l.strip_prefix("Function:"))
                .map(|f| f.trim().trim_matches('\'').to_string())
        })
        .collect()
}

/// The threshold of every function: the smallest budget at which `tool`
/// runtime-unrolls it, `None` if none up to [`MAX_BUDGET`].
fn thresholds(
    tool: Tool,
    work: &Path,
    path: &Path,
    options: &[&str],
) -> BTreeMap<String, Option<u32>> {
    let mut out: BTreeMap<String, Option<u32>> =
        (0..FUNCTIONS).map(|k| (format!("f{k}"), None)).collect();
    for b in 0..=MAX_BUDGET {
        for f in unrolled(tool, work, path, b, options) {
            let e = out.entry(f).or_insert(None);
            if e.is_none() {
                *e = Some(b);
            }
        }
    }
    out
}

/// Compares the thresholds of `ours` and opt-19 on the comparable
/// functions of one setting: (compared, equal, differences).
fn compare(ours: Tool, work: &Path, s: &Setting) -> (usize, usize, Vec<String>) {
    let text = module(s.seed, s.attrs);
    let path = work.join(format!("{}.ll", s.name));
    std::fs::write(&path, &text).expect("write module");
    let keep = comparable(&path, &text);
    let theirs = thresholds(Tool::Opt, work, &path, s.options);
    let mine = thresholds(ours, work, &path, s.options);
    let verbose = std::env::var_os("EXPANSION_COST_VERBOSE").is_some();
    let (mut compared, mut equal, mut diffs) = (0, 0, Vec::new());
    for (f, t) in &theirs {
        if !keep.contains(f) {
            continue;
        }
        compared += 1;
        let m = mine.get(f).copied().flatten();
        if verbose {
            eprintln!("{} @{f}: opt-19 {t:?}, ours {m:?}", s.name);
        }
        if *t == m {
            equal += 1;
        } else {
            diffs.push(format!("{} @{f}: opt-19 {t:?}, ours {m:?}", s.name));
        }
    }
    (compared, equal, diffs)
}

#[test]
fn cheapness_matches_opt() {
    if !loopwright_testkit::tools::require_for("expansion_cost", &["opt-19"]) {
        return;
    }
    let work = common::work_dir("expansion-cost");
    let bin = env!("CARGO_BIN_EXE_loopwright");
    let (mut generated, mut compared, mut equal, mut unrolled_somewhere) = (0, 0, 0, 0);
    let mut diffs = Vec::new();
    for s in SETTINGS {
        let (c, e, d) = compare(Tool::Loopwright(bin), &work, s);
        generated += FUNCTIONS;
        compared += c;
        equal += e;
        diffs.extend(d);
        // How many opt-19 unrolls at all (for these the budget decides).
        let at_max = unrolled(
            Tool::Opt,
            &work,
            &work.join(format!("{}.ll", s.name)),
            MAX_BUDGET,
            s.options,
        );
        unrolled_somewhere += at_max.len();
    }
    let _ = std::fs::remove_dir_all(&work);
    for d in &diffs {
        eprintln!("threshold differs: {d}");
    }
    eprintln!(
        "expansion_cost: {equal} of {compared} compared loops (of {generated} generated; \
         {unrolled_somewhere} runtime-unrolled by opt-19 at budget {MAX_BUDGET}) have \
         opt-19's cost"
    );
    assert!(diffs.is_empty(), "{} loops have another cost", diffs.len());
    loopwright_testkit::floors::check_all(&[
        ("expansion_cost.generated", generated),
        ("expansion_cost.compared", compared),
        ("expansion_cost.same_cost", equal),
        ("expansion_cost.unrolled_at_max_budget", unrolled_somewhere),
    ]);
}

/// The comparison above with opt-19, under a budget raised by one, in
/// loopwright's place: every cost it sees is one lower, so loops with a
/// finite threshold must come out different.
#[test]
fn self_test_wrong_costs_fail() {
    if !loopwright_testkit::tools::require_for("expansion_cost", &["opt-19"]) {
        return;
    }
    let work = common::work_dir("expansion-cost-self-test");
    let s = &SETTINGS[0];
    let (compared, equal, diffs) = compare(Tool::OptOffByOne, &work, s);
    let _ = std::fs::remove_dir_all(&work);
    assert!(compared > 0);
    assert!(
        !diffs.is_empty() && equal < compared,
        "a cost off by one goes unnoticed ({equal} of {compared} equal)"
    );
}
