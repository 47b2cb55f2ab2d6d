//! loopwright's driver: the pass pipeline, the command line and
//! diagnostics, on top of the `ir`, `parse` and `analysis` crates.
//!
//! Library users call [`optimize`] with the text of a module; the
//! `loopwright` binary is a thin wrapper that adds file handling.

pub mod analyze;
pub mod cli;
pub mod diag;
pub mod pipeline;
pub mod remarks;
pub mod timing;

use loopwright_ir::Module;
use loopwright_transforms::remark::{Remark, Remarks};
use loopwright_transforms::FnMemo;
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
    /// Optimization level of the default pipeline.
    pub opt_level: u8,
    /// The transformation order of the default pipeline.
    pub order: pipeline::Order,
    /// The `-unroll-*` options (the opt level inside is set per pass).
    pub unroll: loopwright_transforms::unroll::UnrollOptions,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            passes: None,
            verify: true,
            opt_level: 3,
            order: pipeline::Order::NewPm,
            unroll: Default::default(),
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

/// Verifies the input module, with errors located in `src`.
fn verify_input(
    m: &Module,
    src: &[u8],
    file: &str,
    map: &loopwright_parse::SourceMap,
) -> Result<(), Failure> {
    loopwright_analysis::verify::verify_module(m).map_err(|errors| {
        let mut text = diag::verifier_errors(file, src, map, &errors);
        text.push_str(&diag::plain(file, "input module is broken!"));
        Failure(text)
    })
}

fn verify(m: &Module, file: &str, when: &str) -> Result<(), Failure> {
    match loopwright_analysis::verify::verify_module(m) {
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

/// The unroll options for a `loop-unroll<...>`/`loop-unroll-full` pass:
/// the command line's, with the pass parameters applied. Like opt, the
/// passes default to `-O2`'s threshold when no `O<n>` parameter is given.
fn unroll_options(
    base: &loopwright_transforms::unroll::UnrollOptions,
    params: &str,
) -> loopwright_transforms::unroll::UnrollOptions {
    let mut o = base.clone();
    o.opt_level = 2;
    for p in params.split(';').filter(|p| !p.is_empty()) {
        match p {
            "O0" | "O1" | "O2" | "O3" => o.opt_level = p[1..].parse().unwrap_or(2),
            "partial" => o.allow_partial = Some(true),
            "no-partial" => o.allow_partial = Some(false),
            "runtime" => o.runtime = Some(true),
            "no-runtime" => o.runtime = Some(false),
            "peeling" => o.allow_peeling = Some(true),
            "no-peeling" => o.allow_peeling = Some(false),
            "upperbound" => o.upper_bound = Some(true),
            "no-upperbound" => o.upper_bound = Some(false),
            "only-when-forced" => o.only_when_forced = true,
            other => {
                if let Some(n) = other
                    .strip_prefix("full-unroll-max=")
                    .and_then(|n| n.parse().ok())
                {
                    o.full_max_count = Some(n);
                }
            }
        }
    }
    o
}

/// Runs a pipeline at module level: module passes run on the module;
/// every run of consecutive function and loop passes (and their adaptors)
/// runs function by function, the whole run on one function before the
/// next, as opt runs a function pass manager.
fn run_pipeline(
    m: &mut Module,
    pipeline: &[Element],
    file: &str,
    remarks: &mut Remarks,
    unroll: &loopwright_transforms::unroll::UnrollOptions,
    timings: &mut Timings,
) -> Result<(), Failure> {
    let mut i = 0;
    while i < pipeline.len() {
        match &pipeline[i] {
            Element::Adaptor {
                kind: pipeline::Kind::Module,
                inner,
                ..
            } => {
                run_pipeline(m, inner, file, remarks, unroll, timings)?;
                i += 1;
            }
            Element::Pass { name: "verify", .. } => {
                timings.time("verify", || verify(m, file, "pipeline"))?;
                i += 1;
            }
            _ => {
                let start = i;
                while i < pipeline.len()
                    && !matches!(
                        &pipeline[i],
                        Element::Adaptor {
                            kind: pipeline::Kind::Module,
                            ..
                        } | Element::Pass { name: "verify", .. }
                    )
                {
                    i += 1;
                }
                let group = &pipeline[start..i];
                for fid in loopwright_transforms::defined_functions(m) {
                    let mut memo = FnMemo::default();
                    loopwright_transforms::with_function(m, fid, |m, f| {
                        run_on_function(m, f, group, file, remarks, unroll, timings, &mut memo)
                    })?;
                }
            }
        }
    }
    Ok(())
}

/// Runs function-level elements on one function. Loop passes run over all
/// the function's loops, each pass in turn (a loop adaptor with several
/// passes runs them one after the other over the whole function). `memo`
/// carries what the unroll passes learned from one pass to the next.
#[allow(clippy::too_many_arguments)]
fn run_on_function(
    m: &mut Module,
    f: &mut loopwright_ir::Function,
    pipeline: &[Element],
    file: &str,
    remarks: &mut Remarks,
    unroll: &loopwright_transforms::unroll::UnrollOptions,
    timings: &mut Timings,
    memo: &mut FnMemo,
) -> Result<(), Failure> {
    for e in pipeline {
        match e {
            Element::Adaptor { inner, .. } => {
                run_on_function(m, f, inner, file, remarks, unroll, timings, memo)?
            }
            Element::Pass { name, params } => {
                let start = Instant::now();
                run_pass(m, f, name, params, file, remarks, unroll, memo)?;
                timings.add(name, start.elapsed());
            }
        }
    }
    Ok(())
}

/// Runs the function pass `name` with `params` on `f`; a pass other than
/// the unroll passes (which keep `memo` themselves) and the read-only ones
/// clears `memo`.
#[allow(clippy::too_many_arguments)]
fn run_pass(
    m: &mut Module,
    f: &mut loopwright_ir::Function,
    name: &str,
    params: &str,
    file: &str,
    remarks: &mut Remarks,
    unroll: &loopwright_transforms::unroll::UnrollOptions,
    memo: &mut FnMemo,
) -> Result<(), Failure> {
    use loopwright_transforms as t;
    if !matches!(
        name,
        "loop-unroll" | "loop-unroll-full" | "transform-warning" | "verify"
    ) {
        memo.clear();
    }
    match name {
        "loop-unroll" | "loop-unroll-full" => {
            let opts = unroll_options(unroll, params);
            t::unroll::unroll_function_memo(m, f, &opts, name == "loop-unroll-full", remarks, memo);
        }
        "transform-warning" => t::warn::warn_missed_transformations_memo(m, f, remarks, memo),
        "loop-simplify" => {
            t::simplify::simplify_function(m, f);
        }
        "lcssa" => {
            t::lcssa::lcssa_function(m, f);
        }
        "loop-rotate" => {
            let mut opts = t::rotate::RotateOptions::default();
            if params.split(';').any(|p| p == "no-header-duplication") {
                opts.max_header_size = 0;
            }
            t::rotate::rotate_function(m, f, opts);
        }
        // Inside a function pipeline the function is lent out of the
        // module; the whole module is verified after the pipeline.
        "verify" => {}
        other => {
            return Err(Failure(diag::plain(
                file,
                &format!("pass '{other}' is registered but has no implementation"),
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
    let warnings = diag::parser_warnings(file, src, &map);
    if opts.verify {
        timings
            .time("verify input", || verify_input(&m, src, file, &map))
            .map_err(|e| Failure(format!("{warnings}{e}")))?;
    }
    drop(map);
    let pipeline = match &opts.passes {
        Some(p) => p.clone(),
        None => default_pipeline(opts.order, opts.opt_level),
    };
    let mut remarks = Remarks::new();
    // Malformed loop attributes are reported once, before any pass reads
    // them, whenever the pipeline has a loop transformation or the
    // transformation warnings.
    if pipeline::mentions_loop_transformations(&pipeline) {
        timings.time("lint loop metadata", || {
            for fid in loopwright_transforms::defined_functions(&m) {
                loopwright_transforms::warn::lint_loop_metadata(
                    &m,
                    &m.functions[fid],
                    &mut remarks,
                );
            }
        });
    }
    run_pipeline(
        &mut m,
        &pipeline,
        file,
        &mut remarks,
        &opts.unroll,
        &mut timings,
    )?;
    if opts.verify {
        timings.time("verify output", || verify(&m, file, "output"))?;
    }
    let text = timings.time("print", || loopwright_ir::print::print_module(&m));
    Ok(Output {
        text,
        remarks: remarks.all().to_vec(),
        warnings,
        timings,
        module: m,
    })
}
