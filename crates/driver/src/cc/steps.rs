//! The steps of one compile job loopwright takes over:
//!
//! 1. the front end: the job itself, writing bitcode before any LLVM pass
//!    (`FILE.pre.bc`); at the same time, clang prints the pipeline it
//!    would run for the job's options (`-mllvm -print-pipeline-passes`),
//!    which [`LoopSplit::from_pipeline`] splits as `cargo xtask bench`
//!    splits `default<O3>`;
//! 2. opt-19 runs the part before the loop transformations
//!    (`FILE.loops.ll`);
//! 3. loopwright runs its default pipeline at the job's level, in process
//!    ([`crate::optimize`]; `FILE.loopwright.ll`);
//! 4. opt-19 runs the rest (`FILE.post.bc`);
//! 5. clang-19 generates code from that bitcode, with the job's own
//!    options and LLVM's passes disabled.
//!
//! Between LLVM's steps the IR travels as bitcode (which keeps use-list
//! order); loopwright reads and writes text. Remarks of steps 2 to 4 are
//! collected as YAML (`-pass-remarks-output`) and printed as clang prints
//! its own ([`super::render`]); code generation prints its own.
//! `-fsave-optimization-record` gets all of them, in pipeline order, in
//! the file clang names.
//!
//! Unless a remark is asked for, the front end still tracks debug
//! locations (clang's location-tracking mode, turned on by a remark file:
//! no debug information is emitted, the code is the same), so that a
//! forced transformation left undone is reported at its loop.
//!
//! A step's failure is reported with the file and the step; with the
//! fallback (the default) the job then runs as clang would run it. A
//! front end that fails is the user's compile error: the job runs as
//! clang's, whose diagnostics and status the user gets.

use super::job::{Action, Cc1, Level as OptLevel};
use super::render::{self, Level, Loc, Renderer};
use super::{tmp, yaml, DriverOptions, Lang, SaveTemps};
use crate::llvm_pipeline::LoopSplit;
use crate::pipeline::Part;
use loopwright_transforms::remark::{Remark, RemarkKind};
use regex::Regex;
use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// LLVM's optimizer.
pub const OPT: &str = "opt-19";

/// Whether the front end always tracks debug locations (see the module
/// docs).
const ALWAYS_TRACK_LOCATIONS: bool = true;

/// What the jobs of one command share.
pub struct Ctx<'a> {
    lang: Lang,
    opts: &'a DriverOptions,
    tmp: &'a Path,
    /// The split of each pipeline clang printed, by the query's arguments.
    splits: HashMap<Vec<String>, Result<LoopSplit, String>>,
    /// Standard input, read once for a job compiling `-`.
    stdin: Option<Vec<u8>>,
}

impl<'a> Ctx<'a> {
    pub fn new(lang: Lang, opts: &'a DriverOptions, tmp: &'a Path) -> Ctx<'a> {
        Ctx {
            lang,
            opts,
            tmp,
            splits: HashMap::new(),
            stdin: None,
        }
    }

    fn stdin_for(&mut self, job: &Cc1) -> Option<Vec<u8>> {
        if job.input_path() != Some("-") {
            return None;
        }
        if self.stdin.is_none() {
            let mut buf = Vec::new();
            let _ = std::io::stdin().read_to_end(&mut buf);
            self.stdin = Some(buf);
        }
        self.stdin.clone()
    }
}

/// The steps, named in failure messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    FrontEnd,
    PipelineQuery,
    Before,
    Loopwright,
    Middle,
    After,
    CodeGen,
}

impl Stage {
    fn name(self) -> &'static str {
        match self {
            Stage::FrontEnd => "front end (clang-19 -cc1 -disable-llvm-passes)",
            Stage::PipelineQuery => "pipeline query (clang-19 -mllvm -print-pipeline-passes)",
            Stage::Before => "LLVM before loopwright (opt-19)",
            Stage::Loopwright => "loopwright",
            Stage::Middle => "LLVM between loopwright's two parts (opt-19)",
            Stage::After => "LLVM after loopwright (opt-19)",
            Stage::CodeGen => "code generation (clang-19 -cc1 -x ir)",
        }
    }
}

/// A finished process: exit code (`None` for a signal or a failure to
/// start) and standard error.
struct Ran {
    code: Option<i32>,
    stderr: String,
}

impl Ran {
    fn ok(&self) -> bool {
        self.code == Some(0)
    }

    /// One line: the first line of standard error, or the status.
    fn summary(&self) -> String {
        let status = match self.code {
            Some(c) => format!("exit status {c}"),
            None => "killed by a signal or not started".to_owned(),
        };
        match self.stderr.lines().map(str::trim).find(|l| !l.is_empty()) {
            Some(l) => format!("{l} ({status})"),
            None => status,
        }
    }

    /// The status and standard error, for a failure message.
    fn describe(&self) -> String {
        let status = match self.code {
            Some(c) => format!("exit status {c}"),
            None => "killed by a signal or not started".to_owned(),
        };
        let err = self.stderr.trim_end();
        if err.is_empty() {
            status
        } else {
            format!("{}\n{err}", self.summary())
        }
    }
}

/// The quoted command line of `argv`, as clang's `-v` prints commands.
fn shown(argv: &[String]) -> String {
    argv.iter()
        .map(|a| super::plan::quote(a))
        .collect::<Vec<_>>()
        .join(" ")
}

fn command_argv(cmd: &Command) -> Vec<String> {
    std::iter::once(cmd.get_program())
        .chain(cmd.get_args())
        .map(|a| a.to_string_lossy().into_owned())
        .collect()
}

/// Runs `cmd` with `stdin` fed (or nothing), standard output inherited,
/// standard error captured.
fn run_captured(ctx: &Ctx, mut cmd: Command, stdin: Option<&[u8]>) -> Ran {
    if ctx.opts.verbose {
        eprintln!(" {}", shown(&command_argv(&cmd)));
    }
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    })
    .stderr(Stdio::piped());
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Ran {
                code: None,
                stderr: format!("cannot run {}: {e}", cmd.get_program().to_string_lossy()),
            }
        }
    };
    let input = child.stdin.take();
    let out = std::thread::scope(|s| {
        // The writer owns the pipe and closes it when done.
        if let (Some(mut w), Some(bytes)) = (input, stdin) {
            s.spawn(move || {
                let _ = w.write_all(bytes);
            });
        }
        child.wait_with_output()
    });
    tmp::check_signal();
    match out {
        Ok(o) => Ran {
            code: o.status.code(),
            stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        },
        Err(e) => Ran {
            code: None,
            stderr: e.to_string(),
        },
    }
}

fn cc1_command(argv: &[String]) -> Command {
    let mut c = Command::new(&argv[0]);
    c.args(&argv[1..]);
    c
}

/// Runs the job as clang would: its diagnostics go straight to standard
/// error, its status is returned.
fn run_original(ctx: &mut Ctx, job: &Cc1) -> i32 {
    let stdin = ctx.stdin_for(job);
    if ctx.opts.verbose {
        eprintln!(" {}", shown(&job.argv));
    }
    let mut cmd = cc1_command(&job.argv);
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::inherit()
    });
    let status = match cmd.spawn() {
        Ok(mut child) => {
            if let (Some(mut w), Some(bytes)) = (child.stdin.take(), stdin.as_deref()) {
                let _ = w.write_all(bytes);
            }
            child.wait()
        }
        Err(e) => Err(e),
    };
    tmp::check_signal();
    match status {
        Ok(s) => s.code().unwrap_or(1),
        Err(e) => {
            eprintln!(
                "{}: error: unable to execute command: {e}",
                ctx.lang.driver()
            );
            1
        }
    }
}

/// A step failed: say so, then build the file with clang alone (with the
/// fallback) or fail (without). `built` is set when clang alone has built
/// it already.
fn failed(ctx: &mut Ctx, job: &Cc1, stage: Stage, detail: &str, built: bool) -> i32 {
    let name = ctx.lang.name();
    let src = job.input_path().unwrap_or("?");
    if ctx.opts.fallback {
        let first = detail.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        eprintln!(
            "{name}: warning: {src}: loopwright's step '{}' failed ({first}); \
             compiling {src} with {} alone (use -fno-loopwright-fallback -save-temps \
             to see why)",
            stage.name(),
            ctx.lang.driver()
        );
        if built {
            return 0;
        }
        return run_original(ctx, job);
    }
    eprintln!("{name}: error: {src}: step '{}' failed:", stage.name());
    for l in detail.trim_end().lines() {
        eprintln!("  {l}");
    }
    if built {
        // clang alone built what the failed step could not: the command
        // failed all the same, so it leaves no output.
        if let Some(o) = job.output_path() {
            let _ = std::fs::remove_file(o);
        }
    }
    1
}

/// The pipeline clang prints for the query, split (and kept on disk under
/// `key`).
fn query_split(argv: &[String], key: Option<&str>, verbose: bool) -> Result<LoopSplit, String> {
    if verbose {
        eprintln!(" {}", shown(argv));
    }
    let out = Command::new(&argv[0])
        .args(&argv[1..])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", argv[0]))?;
    if !out.status.success() {
        return Err(format!(
            "{} ({})",
            String::from_utf8_lossy(&out.stderr).trim(),
            out.status
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let split = LoopSplit::from_pipeline(text.trim()).map_err(|e| format!("{e:#}"))?;
    if let Some(k) = key {
        super::cache::put(k, text.trim());
    }
    Ok(split)
}

/// Which remarks opt records: `None` for none; `Some(None)` for all;
/// `Some(Some(RE))` for passes matching RE.
fn remark_filter(job: &Cc1) -> Option<Option<String>> {
    if !job.remarks.any() && job.record.is_none() {
        return None;
    }
    if job.record.as_ref().is_some_and(|r| r.passes.is_none()) {
        return Some(None);
    }
    let res: Vec<&str> = [
        job.record.as_ref().and_then(|r| r.passes.as_deref()),
        job.remarks.passed.as_deref(),
        job.remarks.missed.as_deref(),
        job.remarks.analysis.as_deref(),
    ]
    .into_iter()
    .flatten()
    .collect();
    Some(Some(
        res.iter()
            .map(|r| format!("({r})"))
            .collect::<Vec<_>>()
            .join("|"),
    ))
}

/// The compiled `-Rpass*` patterns and the `-Wpass-failed` level of a job.
struct Printing {
    passed: Option<Regex>,
    missed: Option<Regex>,
    analysis: Option<Regex>,
    failure: Option<Level>,
}

impl Printing {
    fn of(job: &Cc1) -> Printing {
        let re = |p: &Option<String>| p.as_deref().and_then(|p| Regex::new(p).ok());
        Printing {
            passed: re(&job.remarks.passed),
            missed: re(&job.remarks.missed),
            analysis: re(&job.remarks.analysis),
            failure: render::pass_failed_level(&job.warnings),
        }
    }

    /// Whether a remark of kind `tag` from `pass` is printed.
    fn prints(&self, tag: &str, pass: &str) -> bool {
        let pattern = match tag {
            "Passed" => &self.passed,
            "Missed" => &self.missed,
            "Analysis" | "AnalysisFPCommute" | "AnalysisAliasing" => &self.analysis,
            "Failure" => return self.failure.is_some(),
            _ => return false,
        };
        pattern.as_ref().is_some_and(|re| re.is_match(pass))
    }

    /// Prints one remark of kind `tag` (a YAML tag) if the options ask for
    /// it.
    fn print(
        &self,
        r: &mut Renderer,
        out: &mut String,
        tag: &str,
        pass: &str,
        loc: Option<Loc>,
        message: &str,
    ) {
        let (pattern, option) = match tag {
            "Passed" => (&self.passed, "-Rpass"),
            "Missed" => (&self.missed, "-Rpass-missed"),
            "Analysis" | "AnalysisFPCommute" | "AnalysisAliasing" => {
                (&self.analysis, "-Rpass-analysis")
            }
            "Failure" => {
                match self.failure {
                    Some(Level::Error) => r.emit(
                        out,
                        Level::Error,
                        loc.as_ref(),
                        message,
                        &format!("-Werror,-Wpass-failed={pass}"),
                    ),
                    Some(level) => r.emit(
                        out,
                        level,
                        loc.as_ref(),
                        message,
                        &format!("-Wpass-failed={pass}"),
                    ),
                    None => {}
                }
                return;
            }
            _ => return,
        };
        if pattern.as_ref().is_some_and(|re| re.is_match(pass)) {
            r.emit(
                out,
                Level::Remark,
                loc.as_ref(),
                message,
                &format!("{option}={pass}"),
            );
        }
    }
}

fn kind_tag(k: RemarkKind) -> &'static str {
    k.tag()
}

/// The stage files of a job: `DIR/STEM.pre.bc` and so on.
struct Files {
    dir: PathBuf,
    stem: String,
}

impl Files {
    fn path(&self, ext: &str) -> PathBuf {
        self.dir.join(format!("{}.{ext}", self.stem))
    }
    fn s(&self, ext: &str) -> String {
        self.path(ext).display().to_string()
    }
}

/// Runs the steps for `job` (the `k`-th job of the plan) and returns its
/// exit status.
pub fn compile(ctx: &mut Ctx, job: &Cc1, k: usize) -> i32 {
    let src = job.input_path().unwrap_or("-").to_owned();
    let name = ctx.lang.name();
    // loopwright's own `-mllvm` options: a bad one is a command-line error,
    // as LLVM's are for clang.
    let mut lw_argv = vec!["loopwright".to_owned()];
    lw_argv.extend(job.loopwright_args());
    let lw = match crate::cli::parse_args(lw_argv.iter().map(std::ffi::OsString::from)) {
        Ok((cli, unroll)) => LoopwrightArgs {
            unroll,
            vectorize: cli.vectorize,
        },
        Err(e) => {
            let msg = e.to_string();
            let first = msg.lines().next().unwrap_or("");
            eprintln!(
                "{name}: error: -mllvm {}: {}",
                job.loopwright_args().join(" "),
                first.trim_start_matches("error: ")
            );
            return 1;
        }
    };
    let dir = ctx.tmp.join(format!("job{k}"));
    if let Err(e) = std::fs::create_dir_all(&dir) {
        return failed(ctx, job, Stage::FrontEnd, &e.to_string(), false);
    }
    let stem = if src == "-" {
        "stdin".to_owned()
    } else {
        Path::new(&src)
            .file_stem()
            .map_or_else(|| "input".to_owned(), |s| s.to_string_lossy().into_owned())
    };
    let files = Files { dir, stem };
    let result = steps(ctx, job, &files, lw);
    if ctx.opts.save_temps.is_some() {
        save_temps(ctx, job, &files);
    }
    match result {
        Ok(code) => code,
        Err((stage, detail, built)) => failed(ctx, job, stage, &detail, built),
    }
}

type StepError = (Stage, String, bool);

/// loopwright's own options among the job's `-mllvm` values, read by its
/// command line (`Cc1::loopwright_args`).
struct LoopwrightArgs {
    unroll: loopwright_transforms::unroll::UnrollOptions,
    vectorize: crate::cli::VectorizeArgs,
}

fn steps(ctx: &mut Ctx, job: &Cc1, files: &Files, lw: LoopwrightArgs) -> Result<i32, StepError> {
    let anchor = ctx.opts.anchor;
    // Location tracking adds debug locations to the IR: not to IR the user
    // asked for (`-emit-llvm`) unless a remark option asks for it there too.
    let emits_ir = matches!(job.action, Some((_, Action::Ll | Action::Bc)));
    let locs = (ALWAYS_TRACK_LOCATIONS && !emits_ir) || job.remarks.any() || job.record.is_some();
    let fe_argv = job.frontend(
        &files.s("pre.bc"),
        locs.then(|| files.s("fe.yaml")).as_deref(),
        anchor,
    );
    let mut query = job.pipeline_query();
    if let Some(i) = query.iter().position(|a| a == "-main-file-name") {
        query.drain(i..(i + 2).min(query.len()));
    }
    // Asked once per command, and kept on disk across commands.
    let disk_key = super::cache::key(&query);
    // An entry that does not split (damaged, or written by another
    // version of the split) is a miss: clang is asked again, and the
    // entry rewritten.
    let cached = ctx.splits.get(&query).cloned().or_else(|| {
        let text = super::cache::get(disk_key.as_deref()?)?;
        let split = LoopSplit::from_pipeline(&text).ok()?;
        if ctx.opts.verbose {
            eprintln!(" (cached) {}", shown(&query));
        }
        Some(Ok(split))
    });
    let stdin = ctx.stdin_for(job);

    // Step 1, with the pipeline query beside it.
    let verbose = ctx.opts.verbose;
    let (fe, split) = std::thread::scope(|s| {
        let q = cached
            .is_none()
            .then(|| s.spawn(|| query_split(&query, disk_key.as_deref(), verbose)));
        let fe = run_captured(ctx, cc1_command(&fe_argv), stdin.as_deref());
        let split = match (cached.clone(), q) {
            (Some(c), _) => c,
            (None, Some(h)) => h
                .join()
                .unwrap_or_else(|_| Err("the pipeline query panicked".into())),
            (None, None) => Err("no pipeline".into()),
        };
        (fe, split)
    });
    ctx.splits.insert(query, split.clone());
    if !fe.ok() {
        // The compile error is the user's: clang's own run reports it.
        let code = run_original(ctx, job);
        if code == 0 {
            return Err((Stage::FrontEnd, fe.describe(), true));
        }
        return Ok(code);
    }
    let split = split.map_err(|e| (Stage::PipelineQuery, e, false))?;
    let (before, after) = if anchor {
        (&split.anchor_before, &split.anchor_after)
    } else {
        (&split.before, &split.after)
    };
    let (fe_text, fe_w, fe_e) = render::split_stats(&fe.stderr);
    let mut out = fe_text.to_owned();
    let filter = remark_filter(job);
    // The level's values the pipeline text does not carry, then the
    // user's `-mllvm` options for LLVM (which may override them).
    // An LLVM option may be given once: the user's `-inline-threshold`
    // replaces both inliner values (as in clang, where an explicit one
    // leaves the cold threshold unset).
    let user = job.llvm_mllvm();
    let given = |f: &str| {
        let name = |a: &str| {
            a.trim_start_matches('-')
                .split('=')
                .next()
                .unwrap_or("")
                .to_owned()
        };
        let n = name(f);
        user.iter().any(|u| {
            let u = name(u);
            u == n || (u == "inline-threshold" && n == "inlinecold-threshold")
        })
    };
    let mut llvm_args: Vec<String> =
        crate::llvm_pipeline::opt_fidelity_flags(job.level.speed, job.level.size)
            .into_iter()
            .filter(|f| !given(f))
            .collect();
    llvm_args.extend(user);
    let opt = |passes: &str, input: &str, output: &str, text: bool, remarks: &str, verify: bool| {
        let mut c = Command::new(OPT);
        c.arg(format!("-passes={passes}"));
        if !verify {
            c.arg("-disable-verify");
        }
        if text {
            c.arg("-S");
        }
        if let Some(f) = &filter {
            c.arg(format!("-pass-remarks-output={remarks}"));
            if let Some(re) = f {
                c.arg(format!("-pass-remarks-filter={re}"));
            }
        }
        c.args(&llvm_args).arg(input).arg("-o").arg(output);
        c
    };

    // Step 2: LLVM up to the loop transformations (clang does not verify
    // its own output; neither does this step).
    let loops = if anchor {
        files.s("loops.bc")
    } else {
        files.s("loops.ll")
    };
    let ran = run_captured(
        ctx,
        opt(
            before,
            &files.s("pre.bc"),
            &loops,
            !anchor,
            &files.s("before.yaml"),
            false,
        ),
        None,
    );
    if !ran.ok() {
        return Err((Stage::Before, ran.describe(), false));
    }

    // Step 3: loopwright, in process, in its two parts (through
    // `loop-vectorize`, then the rest), with LLVM's cleanup of the
    // vectorized code between them where LLVM's pipeline has it (see
    // `pipeline::Part`).
    let mut lw_remarks: Vec<Remark> = Vec::new();
    let mut lw_remarks_late: Vec<Remark> = Vec::new();
    let after_input = if anchor {
        loops.clone()
    } else {
        let params = split.vectorize_params.as_deref();
        lw_remarks = run_loopwright(ctx, job, files, &lw, params, Part::ThroughVectorize)?;
        let ran = run_captured(
            ctx,
            opt(
                &split.middle,
                &files.s("vectorized.ll"),
                &files.s("cleaned.ll"),
                true,
                &files.s("middle.yaml"),
                true,
            ),
            None,
        );
        if !ran.ok() {
            return Err((Stage::Middle, ran.describe(), false));
        }
        lw_remarks_late = run_loopwright(ctx, job, files, &lw, params, Part::AfterVectorize)?;
        files.s("loopwright.ll")
    };

    // Step 4: the rest of LLVM's pipeline (loopwright's output verified).
    let ran = run_captured(
        ctx,
        opt(
            after,
            &after_input,
            &files.s("post.bc"),
            false,
            &files.s("after.yaml"),
            true,
        ),
        None,
    );
    if !ran.ok() {
        return Err((Stage::After, ran.describe(), false));
    }

    // Remarks of steps 2 to 4, in pipeline order.
    let mut r = Renderer::new(job.diag.clone());
    let printing = Printing::of(job);
    let read_docs = |f: &str| -> Vec<yaml::Doc> {
        if filter.is_none() {
            return Vec::new();
        }
        std::fs::read_to_string(files.path(f))
            .map(|t| yaml::read(&t))
            .unwrap_or_default()
    };
    let before_docs = read_docs("before.yaml");
    let middle_docs = read_docs("middle.yaml");
    let after_docs = read_docs("after.yaml");
    // Without a debug location, a diagnostic names the compiled file.
    let nowhere = Loc {
        file: main_input(job),
        line: 0,
        column: 0,
    };
    let print_docs = |r: &mut Renderer, out: &mut String, docs: &[yaml::Doc], tu: &[String]| {
        for d in docs {
            let loc = d.loc.as_ref().map_or_else(
                || nowhere.clone(),
                |(file, line, column)| Loc {
                    file: tu_name(file, tu),
                    line: *line,
                    column: *column,
                },
            );
            let loc = Some(loc);
            printing.print(r, out, &d.tag, &d.pass, loc, &d.message);
        }
    };
    // A remark in an included file is preceded by its include stack,
    // which the preprocessor's line markers give.
    let main = job.input_path().unwrap_or("-").to_owned();
    let mut locs = before_docs
        .iter()
        .chain(&middle_docs)
        .chain(&after_docs)
        .filter(|d| printing.prints(&d.tag, &d.pass))
        .filter_map(|d| d.loc.as_ref().map(|l| l.0.as_str()))
        .chain(
            lw_remarks
                .iter()
                .chain(&lw_remarks_late)
                .filter(|rm| printing.prints(kind_tag(rm.kind), &rm.pass))
                .filter_map(|rm| rm.loc.as_ref().map(|l| l.file.as_str())),
        );
    let includes = if locs.any(|f| f != main) {
        include_locations(ctx, job, files, stdin.as_deref())
    } else {
        HashMap::new()
    };
    // The translation unit's names of its files, for locations clang's
    // debug information gives relative to a directory (see `tu_name`).
    let tu_files: Vec<String> = std::iter::once(main.clone())
        .chain(includes.keys().cloned())
        .collect();
    r.set_includes(&main, includes);
    print_docs(&mut r, &mut out, &before_docs, &tu_files);
    let print_lw = |r: &mut Renderer, out: &mut String, remarks: &[Remark]| {
        for rm in remarks {
            let loc = Some(rm.loc.as_ref().map_or_else(
                || nowhere.clone(),
                |l| Loc {
                    file: tu_name(&l.file, &tu_files),
                    line: l.line,
                    column: l.column,
                },
            ));
            printing.print(r, out, kind_tag(rm.kind), &rm.pass, loc, &rm.message());
        }
    };
    print_lw(&mut r, &mut out, &lw_remarks);
    print_docs(&mut r, &mut out, &middle_docs, &tu_files);
    print_lw(&mut r, &mut out, &lw_remarks_late);
    print_docs(&mut r, &mut out, &after_docs, &tu_files);

    // Step 5: code generation, unless a forced transformation's warning
    // became an error (clang writes no object then).
    let cg_yaml = files.s("cg.yaml");
    let mut be_counts = (0, 0);
    if r.errors == 0 {
        let be_argv = job.backend(
            &files.s("post.bc"),
            job.record.is_some().then_some(cg_yaml.as_str()),
        );
        let be = run_captured(ctx, cc1_command(&be_argv), None);
        if !be.ok() {
            return Err((Stage::CodeGen, be.describe(), false));
        }
        let (be_text, w, e) = render::split_stats(&be.stderr);
        out.push_str(be_text);
        be_counts = (w, e);
        // Textual IR names its module after the input, as clang's does.
        if let (Some((_, Action::Ll)), Some(o)) = (job.action, job.output_path()) {
            if o != "-" {
                if let Ok(mut text) = std::fs::read(o) {
                    set_module_id(&mut text, &main_input(job));
                    let _ = std::fs::write(o, text);
                }
            }
        }
    }

    if let Some(rec) = &job.record {
        let keep = rec.passes.as_deref().and_then(|p| Regex::new(p).ok());
        let kept = |d: &&yaml::Doc| keep.as_ref().is_none_or(|re| re.is_match(&d.pass));
        let mut text = String::new();
        before_docs
            .iter()
            .filter(kept)
            .for_each(|d| text.push_str(&d.text));
        text.push_str(&crate::remarks::yaml(&lw_remarks, keep.as_ref()));
        middle_docs
            .iter()
            .filter(kept)
            .for_each(|d| text.push_str(&d.text));
        text.push_str(&crate::remarks::yaml(&lw_remarks_late, keep.as_ref()));
        after_docs
            .iter()
            .filter(kept)
            .for_each(|d| text.push_str(&d.text));
        text.push_str(&std::fs::read_to_string(&cg_yaml).unwrap_or_default());
        if let Err(e) = crate::io::write_atomically(Path::new(&rec.file), text.as_bytes()) {
            out.push_str(&e);
        }
    }

    let warnings = fe_w + r.warnings + be_counts.0;
    let errors = fe_e + r.errors + be_counts.1;
    // clang closes with the counts only when it shows carets.
    if job.diag.show_carets {
        out.push_str(&render::stats_line(warnings, errors));
    }
    eprint!("{out}");
    Ok(if errors > 0 { 1 } else { 0 })
}

/// The name clang gives the module of the job's input.
fn main_input(job: &Cc1) -> String {
    job.input_path().unwrap_or("-").to_owned()
}

/// Where the files the job's input includes are included, from a run of
/// its preprocessor (empty when that run fails: the stacks are left out).
fn include_locations(
    ctx: &Ctx,
    job: &Cc1,
    files: &Files,
    stdin: Option<&[u8]>,
) -> HashMap<String, (String, u32)> {
    let pp = files.s("pp.i");
    let ran = run_captured(ctx, cc1_command(&job.preprocess(&pp)), stdin);
    if !ran.ok() {
        return HashMap::new();
    }
    std::fs::read_to_string(&pp)
        .map(|t| render::include_locations(&t))
        .unwrap_or_default()
}

/// Step 3: loopwright's default pipeline at the job's level on
/// `FILE.loops.ll`, writing `FILE.loopwright.ll`; its remarks.
/// `vectorize_params`: the parameters of clang's `loop-vectorize`, which
/// carry `-fno-vectorize` and `-fno-unroll-loops` (no interleaving unless
/// forced) as clang's pipeline tuning sets them.
fn run_loopwright(
    ctx: &Ctx,
    job: &Cc1,
    files: &Files,
    lw: &LoopwrightArgs,
    vectorize_params: Option<&str>,
    part: Part,
) -> Result<Vec<Remark>, StepError> {
    let fail = |e: String| (Stage::Loopwright, e, false);
    let (input, output) = match part {
        Part::AfterVectorize => ("cleaned.ll", "loopwright.ll"),
        Part::ThroughVectorize => ("loops.ll", "vectorized.ll"),
        Part::Whole => ("loops.ll", "loopwright.ll"),
    };
    let path = files.path(input);
    let mut src = std::fs::read(&path).map_err(|e| fail(format!("{}: {e}", path.display())))?;
    // opt names the module after its temporary input; name it after the
    // stage file, so a kept `.loops.ll` is the same on every run.
    set_module_id(&mut src, &format!("{}.pre.bc", files.stem));
    if ctx.opts.save_temps.is_some() {
        let _ = std::fs::write(&path, &src);
    }
    let level = opt_level(job.level);
    let mut unroll = lw.unroll.clone();
    unroll.opt_level = level;
    // `-fno-unroll-loops`: clang runs both unroll passes only for loops
    // whose metadata asks for it.
    unroll.only_when_forced = job.no_unroll;
    let mut vectorize = loopwright_transforms::vectorize::VectorizeOptions::default();
    if let Some(p) = vectorize_params {
        // opt prints a trailing `;`.
        let p = p.trim_end_matches(';');
        loopwright_transforms::vectorize::parse_pass_params(p, &mut vectorize)
            .map_err(|e| fail(format!("clang's pipeline: {e}")))?;
    }
    let opts = crate::Options {
        // The user's `-mllvm` options for the vectorizer, over clang's
        // parameters.
        vectorize: lw.vectorize.options(vectorize),
        laa: lw.vectorize.laa_options(Default::default()),
        print_vplan: lw.vectorize.print_vplan,
        passes: None,
        verify: true,
        verify_each: false,
        opt_level: level,
        order: crate::pipeline::Order::NewPm,
        part,
        unroll,
        relocation_model: job.relocation_model,
        ..Default::default()
    };
    let name = format!("{}.{input}", files.stem);
    if ctx.opts.verbose {
        let user: String = job
            .loopwright_args()
            .iter()
            .map(|a| format!(" {a}"))
            .collect();
        eprintln!(
            " (in-process) loopwright -O{level}{}{}{user} --pipeline-part={} {name} -o {}.{output}",
            if job.no_unroll {
                " (unrolling only when forced)"
            } else {
                ""
            },
            if job.relocation_model == loopwright_ir::RelocModel::Static {
                String::new()
            } else {
                format!(" -relocation-model={}", job.relocation_model.name())
            },
            part.name(),
            files.stem
        );
    }
    let result = catch_panic(|| crate::optimize(&src, &name, &opts));
    let out = match result {
        Ok(Ok(out)) => out,
        Ok(Err(f)) => return Err(fail(f.0)),
        Err(panic) => return Err(fail(format!("loopwright panicked: {panic}"))),
    };
    // What `-mllvm -print-vplan` or `-print-vectorizer-cost` asked for.
    eprint!("{}", out.printed);
    std::fs::write(files.path(output), out.text.as_bytes())
        .map_err(|e| fail(format!("{}: {e}", files.s(output))))?;
    // Freeing a large module piece by piece takes a while: the next step
    // does not wait for it.
    let module = out.module;
    std::thread::spawn(move || drop(module));
    Ok(out.remarks)
}

/// The unroll passes' level for a job's `-O`: `-Os`/`-Oz` run them at
/// speed level 2, as LLVM does (the size attributes clang puts on the
/// functions lower their thresholds).
fn opt_level(l: OptLevel) -> u8 {
    l.speed.min(3)
}

/// Replaces the `; ModuleID = '...'` first line of `src`.
fn set_module_id(src: &mut Vec<u8>, id: &str) {
    if !src.starts_with(b"; ModuleID = '") {
        return;
    }
    let end = src.iter().position(|&b| b == b'\n').unwrap_or(src.len());
    let line = format!("; ModuleID = '{id}'");
    src.splice(..end, line.into_bytes());
}

/// Runs `f`, turning a panic into its message (the default panic output
/// is held back: the failure is reported as a step's).
fn catch_panic<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    use std::sync::{Arc, Mutex};
    let message = Arc::new(Mutex::new(String::new()));
    let m = Arc::clone(&message);
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if let Ok(mut s) = m.lock() {
            *s = info.to_string();
        }
    }));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    std::panic::set_hook(previous);
    r.map_err(|_| {
        message
            .lock()
            .map(|s| s.clone())
            .unwrap_or_else(|_| "a panic".to_owned())
    })
}

/// Copies the stage files beside the output (`-save-temps`).
fn save_temps(ctx: &Ctx, job: &Cc1, files: &Files) {
    let stem = &files.stem;
    let base = match ctx.opts.save_temps {
        Some(SaveTemps::Cwd) | None => PathBuf::from(stem),
        Some(SaveTemps::Obj) => match (&job.dumpdir, job.output_path()) {
            (Some(d), _) => PathBuf::from(format!("{d}{stem}")),
            (None, Some(o)) if o != "-" => Path::new(o).with_extension(""),
            _ => PathBuf::from(stem),
        },
    };
    for ext in [
        "pre.bc",
        "loops.ll",
        "loops.bc",
        "vectorized.ll",
        "cleaned.ll",
        "loopwright.ll",
        "post.bc",
    ] {
        let from = files.path(ext);
        if from.exists() {
            let mut to = base.clone().into_os_string();
            to.push(format!(".{ext}"));
            if let Err(e) = std::fs::copy(&from, &to) {
                eprintln!(
                    "{}: warning: cannot keep {}: {e}",
                    ctx.lang.name(),
                    Path::new(&to).display()
                );
            }
        }
    }
}

/// The name clang gives the file of a debug location. clang's debug
/// information names a file relative to a directory when the file and the
/// compilation directory share more than the root (`/tmp/src/a.c`
/// compiled in `/tmp/build` is `src/a.c` in `/tmp`); clang's remarks then
/// look the name up relative to the working directory, else under the
/// directory, and print the translation unit's name of that file. Remarks
/// carry only the relative name (as LLVM's YAML does), so a relative name
/// that is no file here is matched to the unit's file it ends.
fn tu_name(file: &str, tu_files: &[String]) -> String {
    let p = std::path::Path::new(file);
    if file.is_empty() || p.is_absolute() || p.exists() {
        return file.to_owned();
    }
    let suffix = format!("/{file}");
    tu_files
        .iter()
        .find(|t| t.ends_with(&suffix))
        .cloned()
        .unwrap_or_else(|| file.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_id_is_replaced() {
        let mut s = b"; ModuleID = '/tmp/x/a.pre.bc'\nsource_filename = \"a.c\"\n".to_vec();
        set_module_id(&mut s, "a.pre.bc");
        assert_eq!(s, b"; ModuleID = 'a.pre.bc'\nsource_filename = \"a.c\"\n");
        let mut s = b"define void @f() {\n}\n".to_vec();
        set_module_id(&mut s, "x");
        assert!(s.starts_with(b"define"));
    }

    #[test]
    fn panics_become_messages() {
        let r: Result<(), String> = catch_panic(|| panic!("boom"));
        assert!(r.unwrap_err().contains("boom"));
        assert_eq!(catch_panic(|| 3), Ok(3));
    }
}
