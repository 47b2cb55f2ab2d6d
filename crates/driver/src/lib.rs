//! loopwright's driver: the pass pipeline, the command line and
//! diagnostics, on top of the `ir`, `parse` and `analysis` crates.
//!
//! Library users call [`optimize`] with the text of a module; the
//! `loopwright` binary is a thin wrapper that adds file handling.

pub mod analyze;
pub mod cc;
pub mod cli;
pub mod diag;
pub mod io;
pub mod llvm_pipeline;
pub mod llvmint;
pub mod pipeline;
pub mod remarks;
pub mod timing;
mod verify_each;

use loopwright_analysis::aa::eval::{EvalCounts, EvalOptions};
use loopwright_analysis::Verified;
use loopwright_ir::Module;
use loopwright_transforms::remark::{Remark, Remarks};
use loopwright_transforms::utils::func_uses::FuncUses;
use loopwright_transforms::{FnAnalyses, FnMemo};
use pipeline::Element;
use std::time::Instant;
use timing::Timings;

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The pipeline; `None` runs the default loop-transformation pipeline.
    pub passes: Option<Vec<Element>>,
    /// Verify the module after parsing and after the pipeline.
    pub verify: bool,
    /// `-verify-each`: verify each function after every pass on it.
    pub verify_each: bool,
    /// Optimization level of the default pipeline.
    pub opt_level: u8,
    /// The transformation order of the default pipeline.
    pub order: pipeline::Order,
    /// The part of the default pipeline to run (`--pipeline-part`).
    pub part: pipeline::Part,
    /// The `-unroll-*` options (the opt level inside is set per pass).
    pub unroll: loopwright_transforms::unroll::UnrollOptions,
    /// The `aa-eval` printer's options.
    pub aa_eval: EvalOptions,
    /// Loop access analysis's options (`print<access-info>`); the target's
    /// vector width is set per function.
    pub laa: loopwright_analysis::laa::LaaOptions,
    /// The loop vectorizer's options (its `laa` is replaced by the field
    /// above).
    pub vectorize: loopwright_transforms::vectorize::VectorizeOptions,
    /// `-print-vplan`: print each loop's plan.
    pub print_vplan: bool,
    /// `-relocation-model`: what the code is generated for (opt's default
    /// on x86-64 ELF is `static`; clang's PIE and PIC builds are `pic`).
    pub relocation_model: loopwright_ir::RelocModel,
    /// `-debug-only`: the passes whose decisions are printed.
    pub debug_only: DebugOnly,
}

/// `-debug-only=TYPE,...`: the passes that print one line per loop they
/// consider, with their decision and its reason (to standard error,
/// before the remarks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DebugOnly {
    /// `loop-unroll`: `loop-unroll` and `loop-unroll-full`.
    pub unroll: bool,
    /// `loop-rotate`.
    pub rotate: bool,
}

impl DebugOnly {
    /// The debug types of `-debug-only` (LLVM's `DEBUG_TYPE`s); other
    /// names are ignored, as LLVM ignores types nothing prints.
    pub fn from_types<S: AsRef<str>>(types: &[S]) -> Self {
        let has = |t: &str| types.iter().any(|x| x.as_ref() == t);
        DebugOnly {
            unroll: has("loop-unroll"),
            rotate: has("loop-rotate"),
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            passes: None,
            verify: true,
            verify_each: false,
            opt_level: 3,
            order: pipeline::Order::NewPm,
            part: pipeline::Part::Whole,
            unroll: Default::default(),
            aa_eval: EvalOptions::default(),
            laa: Default::default(),
            vectorize: Default::default(),
            print_vplan: false,
            relocation_model: loopwright_ir::RelocModel::Static,
            debug_only: DebugOnly::default(),
        }
    }
}

/// A failure, already formatted for the user (without a trailing newline
/// policy: the text ends with `\n`).
#[derive(Debug)]
pub struct Failure(pub String);

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The default pipeline: the loop transformations in `order` at
/// `opt_level`, then `transform-warning` (see [`pipeline::default_pipeline`]).
pub fn default_pipeline(order: pipeline::Order, opt_level: u8) -> Vec<Element> {
    pipeline::default_pipeline(order, opt_level)
}

/// Parses `src` (named `file` in diagnostics) into a module.
pub fn parse(src: &[u8], file: &str) -> Result<Module, Failure> {
    reject_non_text(src, file)?;
    loopwright_parse::parse_module(src, file)
        .map_err(|e| Failure(diag::located(file, src, e.line, e.col, &e.message)))
}

/// [`parse`], also returning where everything was written, for errors
/// found after parsing.
pub fn parse_with_source_map(
    src: &[u8],
    file: &str,
) -> Result<(Module, loopwright_parse::SourceMap), Failure> {
    reject_non_text(src, file)?;
    loopwright_parse::parse_module_with_source_map(src, file)
        .map_err(|e| Failure(diag::located(file, src, e.line, e.col, &e.message)))
}

/// Bitcode gets a hint to disassemble it, other binary or non-UTF-8
/// inputs a hint of what they are. A 0-byte input is an error
/// (opt reads it as an empty module, but an empty file is far more often
/// a failed or truncated upstream step); a module with no entities can
/// still be written as a newline or a comment.
fn reject_non_text(src: &[u8], file: &str) -> Result<(), Failure> {
    if diag::bitcode_hint(src).is_some() {
        // Name the command to run; never suggest overwriting the input.
        let path = std::path::Path::new(file);
        let out = if path.extension().is_some_and(|e| e == "bc") {
            path.with_extension("ll").display().to_string()
        } else {
            format!("{file}.ll")
        };
        let hint = if file == "<stdin>" {
            "input is LLVM bitcode, not textual IR; convert it with `llvm-dis-19`".to_string()
        } else {
            format!("input is LLVM bitcode, not textual IR; convert it with `llvm-dis-19 {file} -o {out}`")
        };
        return Err(Failure(diag::located(file, src, 1, 1, &hint)));
    }
    if let Some(hint) = diag::not_text_hint(src) {
        return Err(Failure(diag::located(file, src, 1, 1, hint)));
    }
    if src.is_empty() {
        return Err(Failure(format!(
            "{file}:1:1: error: empty input (0 bytes); an empty module needs at least a \
             newline or a comment\n"
        )));
    }
    Ok(())
}

/// Verifies the input module, with errors located in `src`; returns what
/// the output's verification starts from, and each function's memo with
/// the analyses the verifier computed (by function index).
fn verify_input(
    m: &Module,
    src: &[u8],
    file: &str,
    map: &loopwright_parse::SourceMap,
) -> Result<(Verified, Vec<Option<FnMemo>>), Failure> {
    match loopwright_analysis::verify::verify_module_keeping(m) {
        Ok(kept) => {
            let memos = kept
                .into_iter()
                .zip(m.functions.values())
                .map(|(a, f)| {
                    a.map(|(cfg, dt)| {
                        let mut memo = FnMemo::default();
                        memo.keep_analyses(f, FnAnalyses::from_cfg_and_dominators(f, cfg, dt));
                        memo
                    })
                })
                .collect();
            Ok((Verified::record(m), memos))
        }
        Err(errors) => {
            let mut text = diag::verifier_errors(file, src, map, &errors);
            text.push_str(&diag::plain(file, "input module is broken!"));
            Err(Failure(text))
        }
    }
}

fn verify(m: &Module, file: &str, when: &str) -> Result<(), Failure> {
    verify_result(loopwright_analysis::verify::verify_module(m), file, when)
}

/// The verifier's result as the driver reports it (`when`: the input or
/// the output).
fn verify_result(
    result: Result<(), Vec<loopwright_analysis::VerifierError>>,
    file: &str,
    when: &str,
) -> Result<(), Failure> {
    match result {
        Ok(()) => Ok(()),
        Err(errors) => {
            let mut text = String::new();
            for e in &errors {
                text.push_str(&e.to_string());
                text.push('\n');
            }
            text.push_str(&diag::plain(file, &format!("{when} module is broken!")));
            Err(Failure(text))
        }
    }
}

/// The unroll options for a `loop-unroll<...>`/`loop-unroll-full<...>`
/// pass: the command line's, with the pass parameters applied. Like opt,
/// the passes default to `-O2`'s threshold when no `O<n>` parameter is
/// given.
fn unroll_options(
    base: &loopwright_transforms::unroll::UnrollOptions,
    name: &str,
    params: &str,
    file: &str,
) -> Result<loopwright_transforms::unroll::UnrollOptions, Failure> {
    let mut o = base.clone();
    o.opt_level = 2;
    if name == "loop-unroll-full" {
        // loopwright's extension `loop-unroll-full<On>`.
        if let Some(level) = params.strip_prefix('O').and_then(|l| l.parse().ok()) {
            o.opt_level = level;
        }
        return Ok(o);
    }
    let p = pipeline::unroll_params(params).map_err(|e| Failure(diag::plain(file, &e)))?;
    if let Some(level) = p.opt_level {
        o.opt_level = level;
    }
    if p.full_unroll_max.is_some() {
        o.full_max_count = p.full_unroll_max;
    }
    o.allow_partial = p.partial.or(o.allow_partial);
    o.runtime = p.runtime.or(o.runtime);
    o.allow_peeling = p.peeling.or(o.allow_peeling);
    o.profile_peeling = p.profile_peeling.or(o.profile_peeling);
    o.upper_bound = p.upperbound.or(o.upper_bound);
    o.only_when_forced |= p.only_when_forced;
    Ok(o)
}

/// What a pipeline run carries besides the module.
struct Run<'a> {
    file: &'a str,
    remarks: &'a mut Remarks,
    unroll: &'a loopwright_transforms::unroll::UnrollOptions,
    timings: &'a mut Timings,
    verify_each: bool,
    aa_eval: EvalOptions,
    laa: &'a loopwright_analysis::laa::LaaOptions,
    vectorize: &'a loopwright_transforms::vectorize::VectorizeOptions,
    print_vplan: bool,
    debug_only: DebugOnly,
    /// The counts of each `aa-eval` pass of the pipeline (by its element).
    aa_counts: Vec<(*const Element, EvalCounts)>,
    /// What printer passes print (opt writes it to standard error).
    printed: String,
    /// What was learned about each function (by index) before the
    /// pipeline ran, for the first function pass that runs on it.
    first_memos: Vec<Option<FnMemo>>,
}

/// Runs a pipeline at module level: module passes run on the module;
/// every run of consecutive function and loop passes (and their adaptors)
/// runs function by function, the whole run on one function before the
/// next, as opt runs a function pass manager.
fn run_pipeline(m: &mut Module, pipeline: &[Element], run: &mut Run<'_>) -> Result<(), Failure> {
    let module_level = |e: &Element| match e {
        Element::Adaptor { kind, .. } => *kind == pipeline::Kind::Module,
        Element::Pass { name, .. } => matches!(*name, "verify" | "require" | "invalidate"),
    };
    let mut i = 0;
    while i < pipeline.len() {
        match &pipeline[i] {
            Element::Adaptor {
                kind: pipeline::Kind::Module,
                inner,
                ..
            } => {
                run_pipeline(m, inner, run)?;
                i += 1;
            }
            Element::Pass { name: "verify", .. } => {
                let file = run.file;
                run.timings.time("verify", || verify(m, file, "pipeline"))?;
                i += 1;
            }
            // Module analyses are not kept between function groups:
            // `require` and `invalidate` have nothing to do here.
            Element::Pass { .. } if module_level(&pipeline[i]) => i += 1,
            _ => {
                let start = i;
                while i < pipeline.len() && !module_level(&pipeline[i]) {
                    i += 1;
                }
                let group = &pipeline[start..i];
                // The module's function use counts, kept current function
                // by function (the unroller asks them for every call).
                let mut uses = FuncUses::compute(m);
                for fid in loopwright_transforms::defined_functions(m) {
                    let mut memo = run
                        .first_memos
                        .get_mut(fid.as_u32() as usize)
                        .and_then(Option::take)
                        .unwrap_or_default();
                    uses.remove(m, &m.functions[fid]);
                    memo.lend_uses(uses);
                    let r = loopwright_transforms::with_function(m, fid, |m, f| {
                        run_on_function(m, f, fid, group, run, &mut memo)
                    });
                    uses = match memo.return_uses() {
                        Some(mut u) => {
                            u.add(m, &m.functions[fid]);
                            u
                        }
                        None => FuncUses::compute(m),
                    };
                    r?;
                }
            }
        }
    }
    Ok(())
}

/// Runs function-level elements on function `fid`, lent out of `m` as `f`.
/// Loop passes run over all the function's loops, each pass in turn (a
/// loop adaptor with several passes runs them one after the other over the
/// whole function). `memo` carries what the passes learned from one pass
/// to the next.
fn run_on_function(
    m: &mut Module,
    f: &mut loopwright_ir::Function,
    fid: loopwright_ir::Func,
    pipeline: &[Element],
    run: &mut Run<'_>,
    memo: &mut FnMemo,
) -> Result<(), Failure> {
    for e in pipeline {
        match e {
            Element::Adaptor { inner, .. } => run_on_function(m, f, fid, inner, run, memo)?,
            Element::Pass {
                name: "require", ..
            } => {}
            Element::Pass {
                name: "invalidate", ..
            } => memo.clear(),
            Element::Pass { name: "verify", .. } => {
                let start = Instant::now();
                verify_each::verify_lent(m, f, fid).map_err(|errors| {
                    let what = format!("function {} is broken!", verify_each::fn_name(f));
                    verify_each::broken(run.file, &errors, &what)
                })?;
                run.timings.add("verify", start.elapsed());
            }
            Element::Pass {
                name: "aa-eval", ..
            } => {
                let start = Instant::now();
                let key: *const Element = e;
                let k = match run.aa_counts.iter().position(|x| x.0 == key) {
                    Some(k) => k,
                    None => {
                        run.aa_counts.push((key, EvalCounts::default()));
                        run.aa_counts.len() - 1
                    }
                };
                loopwright_analysis::aa::eval::eval_function(
                    m,
                    fid,
                    f,
                    run.aa_eval,
                    &mut run.aa_counts[k].1,
                    &mut run.printed,
                );
                run.timings.add("aa-eval", start.elapsed());
            }
            Element::Pass {
                name: "print<access-info>",
                ..
            } => {
                let start = Instant::now();
                print_access_info(m, fid, f, run.laa, &mut run.printed);
                run.timings.add("print<access-info>", start.elapsed());
            }
            Element::Pass { name, params } => {
                let start = Instant::now();
                run_pass(m, f, fid, name, params, run, memo)?;
                run.timings.add(name, start.elapsed());
                if run.verify_each {
                    let start = Instant::now();
                    verify_each::after_pass(m, f, fid, name, memo, run.file)?;
                    run.timings.add("verify-each", start.elapsed());
                }
            }
        }
    }
    Ok(())
}

/// `print<access-info>` of one function, appended to `out` (opt writes it
/// to standard error): loop access analysis with the target's vector
/// register width, report locations as `file:line:col`.
fn print_access_info(
    m: &Module,
    fid: loopwright_ir::Func,
    f: &loopwright_ir::Function,
    laa: &loopwright_analysis::laa::LaaOptions,
    out: &mut String,
) {
    let opts = laa_options(m, f, laa);
    let loc = |i: loopwright_ir::Inst| source_location(m, f, i);
    loopwright_analysis::laa::print::print_function(m, fid, f, &opts, &loc, out);
}

/// Loop access analysis's options for `f` (the vectorizer's
/// [`loopwright_transforms::vectorize::laa_options`]).
pub(crate) fn laa_options(
    m: &Module,
    f: &loopwright_ir::Function,
    base: &loopwright_analysis::laa::LaaOptions,
) -> loopwright_analysis::laa::LaaOptions {
    loopwright_transforms::vectorize::laa_options(m, f, base)
}

/// An instruction's `!dbg` location as remarks print it (`file:line:col`).
pub(crate) fn source_location(
    m: &Module,
    f: &loopwright_ir::Function,
    i: loopwright_ir::Inst,
) -> Option<String> {
    let node = f.inst(i).md.get(loopwright_ir::MdKind::DBG)?;
    let s = loopwright_transforms::remark::source_loc(&m.md, node)?;
    Some(format!("{}:{}:{}", s.file, s.line, s.column))
}

/// Runs the function pass `name` with `params` on `f`; a pass other than
/// the unroll passes and the vectorizer (which keep `memo` themselves) and
/// the read-only ones clears `memo`.
fn run_pass(
    m: &mut Module,
    f: &mut loopwright_ir::Function,
    fid: loopwright_ir::Func,
    name: &str,
    params: &str,
    run: &mut Run<'_>,
    memo: &mut FnMemo,
) -> Result<(), Failure> {
    use loopwright_transforms as t;
    if !matches!(
        name,
        "loop-unroll"
            | "loop-unroll-full"
            | "loop-vectorize"
            | "transform-warning"
            | "aa-eval"
            | "print<access-info>"
    ) {
        memo.clear();
    }
    match name {
        "loop-unroll" | "loop-unroll-full" => {
            let opts = unroll_options(run.unroll, name, params, run.file)?;
            let log = run.debug_only.unroll.then_some(&mut run.printed);
            t::unroll::unroll_function_logged(
                m,
                f,
                &opts,
                name == "loop-unroll-full",
                run.remarks,
                memo,
                log,
            );
        }
        "transform-warning" => t::warn::warn_missed_transformations_memo(m, f, run.remarks, memo),
        "loop-vectorize" => {
            let mut opts = run.vectorize.clone();
            t::vectorize::parse_pass_params(params, &mut opts)
                .map_err(|e| Failure(diag::plain(run.file, &e)))?;
            let out = t::vectorize::pass::vectorize_function_memo(
                m,
                f,
                Some(fid),
                &opts,
                run.remarks,
                run.print_vplan,
                memo,
            );
            run.printed.push_str(&out.printed);
        }
        "loop-simplify" => {
            t::simplify::simplify_function(m, f);
        }
        "lcssa" => {
            t::lcssa::lcssa_function(m, f);
        }
        "loop-rotate" => {
            let p =
                pipeline::rotate_params(params).map_err(|e| Failure(diag::plain(run.file, &e)))?;
            let mut opts = t::rotate::RotateOptions::default();
            if !p.header_duplication {
                opts.max_header_size = 0;
            }
            let log = run.debug_only.rotate.then_some(&mut run.printed);
            t::rotate::rotate_function_logged(m, f, opts, log);
        }
        other => {
            return Err(Failure(diag::plain(
                run.file,
                &format!("pass '{other}' has no implementation in a function pipeline"),
            )))
        }
    }
    Ok(())
}

/// The result of a run: the printed module and the remarks emitted.
#[derive(Debug)]
pub struct Output {
    pub text: String,
    pub remarks: Vec<Remark>,
    /// Warnings about the input text (`FILE:LINE:COL: warning: ...`
    /// lines, each with the source line and a caret), to print before the
    /// remarks.
    pub warnings: String,
    /// What printer passes (`aa-eval`) printed, for standard error.
    pub printed: String,
    /// Wall time per phase (`-time-passes`).
    pub timings: Timings,
    /// The optimized module (a program about to exit may `mem::forget` it
    /// rather than free it piece by piece).
    pub module: Module,
}

/// Runs `opts` on the module text `src` and returns the printed result and
/// the remarks.
pub fn optimize(src: &[u8], file: &str, opts: &Options) -> Result<Output, Failure> {
    let mut timings = Timings::new();
    let (mut m, map) = timings.time("parse", || parse_with_source_map(src, file))?;
    m.relocation_model = opts.relocation_model;
    let warnings = diag::parser_warnings(file, src, &map);
    // The analyses the input's verifier computes, and those the lint
    // below computes, are kept for the first function pass that runs on
    // each function (the functions are unchanged until then).
    let (verified, mut first_memos) = if opts.verify {
        let (v, memos) = timings
            .time("verify input", || verify_input(&m, src, file, &map))
            .map_err(|e| Failure(format!("{warnings}{e}")))?;
        (Some(v), memos)
    } else {
        (None, Vec::new())
    };
    drop(map);
    let pipeline = match &opts.passes {
        Some(p) => pipeline::expand_defaults(p, opts.order, opts.part),
        None => pipeline::default_pipeline_part(opts.order, opts.opt_level, opts.part),
    };
    let mut remarks = Remarks::new();
    // Malformed loop attributes are reported once, before any pass reads
    // them, whenever the pipeline has a loop transformation or the
    // transformation warnings.
    if pipeline::mentions_loop_transformations(&pipeline) {
        timings.time("lint loop metadata", || {
            first_memos.resize_with(m.functions.len(), || None);
            for fid in loopwright_transforms::defined_functions(&m) {
                let memo = first_memos[fid.as_u32() as usize].get_or_insert_with(FnMemo::default);
                loopwright_transforms::warn::lint_loop_metadata_memo(
                    &m,
                    &m.functions[fid],
                    &mut remarks,
                    memo,
                );
            }
        });
    }
    let vectorize_opts = loopwright_transforms::vectorize::VectorizeOptions {
        laa: opts.laa.clone(),
        ..opts.vectorize.clone()
    };
    let mut run = Run {
        file,
        remarks: &mut remarks,
        unroll: &opts.unroll,
        timings: &mut timings,
        verify_each: opts.verify_each,
        aa_eval: opts.aa_eval,
        laa: &opts.laa,
        vectorize: &vectorize_opts,
        print_vplan: opts.print_vplan,
        debug_only: opts.debug_only,
        aa_counts: Vec::new(),
        printed: String::new(),
        first_memos,
    };
    run_pipeline(&mut m, &pipeline, &mut run)?;
    // Each `aa-eval` pass reports when the pass manager destroys it, at
    // the end of the run, in pipeline order.
    let mut printed = std::mem::take(&mut run.printed);
    let mut reports = std::mem::take(&mut run.aa_counts);
    drop(run);
    reports.sort_by_key(|(key, _)| element_position(&pipeline, *key));
    for (_, counts) in &reports {
        printed.push_str(&loopwright_analysis::aa::eval::report(counts));
    }
    if let Some(accepted) = &verified {
        // The functions the pipeline edited (the others were accepted on
        // input).
        timings.time("verify output", || {
            let r = loopwright_analysis::verify::verify_edited(&m, accepted);
            verify_result(r, file, "output")
        })?;
    }
    let text = timings.time("print", || loopwright_ir::print::print_module(&m));
    Ok(Output {
        text,
        remarks: remarks.all().to_vec(),
        warnings,
        printed,
        timings,
        module: m,
    })
}

/// The depth-first position of the element at `key` in `pipeline`.
fn element_position(pipeline: &[Element], key: *const Element) -> usize {
    fn walk(es: &[Element], key: *const Element, n: &mut usize) -> bool {
        for e in es {
            if std::ptr::eq(e, key) {
                return true;
            }
            *n += 1;
            if let Element::Adaptor { inner, .. } = e {
                if walk(inner, key, n) {
                    return true;
                }
            }
        }
        false
    }
    let mut n = 0;
    walk(pipeline, key, &mut n);
    n
}
