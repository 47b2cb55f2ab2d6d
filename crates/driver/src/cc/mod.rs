//! `loopwright cc` and `loopwright c++` (also the programs `loopwright-cc`
//! and `loopwright-cxx`, and `loopwright` run under the name
//! `loopwright-cc`, `loopwright-c++` or `loopwright-cxx`): a compiler driver with clang-19's command line that
//! puts loopwright in place of LLVM's loop transformations inside
//! clang-19's own `-O2`/`-O3`/`-Os`/`-Oz` pipeline, for a build's `CC` and
//! `CXX`.
//!
//! How a command runs:
//! 1. the driver's own options are taken out ([`DriverOptions`]);
//! 2. `clang-19 -### ARGS` ([`plan`]) tells which jobs clang would run:
//!    compiles (`-cc1`), assembles, the link;
//! 3. a compile job of C or C++ at `-O2` and above ([`job::Cc1`]) is run
//!    by loopwright's steps ([`steps`]): the front end with LLVM's passes
//!    disabled, the part of clang's pipeline before the loop
//!    transformations (opt-19), loopwright in process, the rest (opt-19),
//!    code generation (clang-19 on the bitcode), split by
//!    [`crate::llvm_pipeline`], the split `cargo xtask bench` uses;
//! 4. every other job runs as clang would run it, and a command with no
//!    job for loopwright (`-O0`, `-O1`, `-E`, `-M`, linking only,
//!    `--version`, a command clang refuses) is clang-19's, run unchanged
//!    in this process's place.
//!
//! The driver's own options (never passed to clang):
//! - `-fno-loopwright-fallback`: a failure of loopwright's steps is an
//!   error (exit status 1). By default (`-floopwright-fallback`) the
//!   driver names the file and the step on standard error and builds the
//!   file with clang-19 alone, so a build never breaks on loopwright's
//!   account;
//! - `-floopwright-anchor`: the same steps with LLVM's own loop passes and
//!   no loopwright (the anchor of `cargo xtask bench --anchor`): objects
//!   byte-identical to clang-19's, which the tests check;
//! - `-save-temps[=cwd|obj]` keeps each compile's stage files
//!   (`.pre.bc`, `.loops.ll`, `.loopwright.ll`, `.post.bc`) beside the
//!   output (in the current directory for `=cwd`), for bug reports.

mod cache;
pub mod job;
pub mod plan;
pub mod render;
mod steps;
pub mod tmp;
pub mod yaml;

use std::ffi::OsString;
use std::process::{Command, ExitCode, Stdio};

/// Which clang driver the command stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    C,
    Cxx,
}

impl Lang {
    /// The clang driver run for this command.
    pub fn driver(self) -> &'static str {
        match self {
            Lang::C => "clang-19",
            Lang::Cxx => "clang++-19",
        }
    }

    /// The name diagnostics of the driver itself start with.
    pub fn name(self) -> &'static str {
        match self {
            Lang::C => "loopwright-cc",
            Lang::Cxx => "loopwright-c++",
        }
    }

    /// The command for a program name (`loopwright-cc`, `loopwright-c++`,
    /// or the subcommand `cc`, `c++`).
    pub fn from_name(name: &str) -> Option<Lang> {
        match name {
            "cc" | "loopwright-cc" => Some(Lang::C),
            "c++" | "loopwright-c++" | "loopwright-cxx" => Some(Lang::Cxx),
            _ => None,
        }
    }
}

/// Where `-save-temps` puts the stage files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveTemps {
    /// Beside the output (`-save-temps`, `-save-temps=obj`).
    Obj,
    /// In the current directory (`-save-temps=cwd`).
    Cwd,
}

/// The driver's own options.
#[derive(Clone, Debug)]
pub struct DriverOptions {
    pub fallback: bool,
    pub anchor: bool,
    pub save_temps: Option<SaveTemps>,
    pub verbose: bool,
}

/// Splits the driver's options off `args`: the options, the arguments for
/// clang's plan (without `-save-temps`, which the driver implements), and
/// the arguments for running clang in the driver's place (with it).
pub fn driver_options(args: &[OsString]) -> (DriverOptions, Vec<OsString>, Vec<OsString>) {
    let mut o = DriverOptions {
        fallback: true,
        anchor: false,
        save_temps: None,
        verbose: false,
    };
    let mut plan = Vec::new();
    let mut clang = Vec::new();
    for a in args {
        match a.to_str() {
            Some("-fno-loopwright-fallback") => o.fallback = false,
            Some("-floopwright-fallback") => o.fallback = true,
            Some("-floopwright-anchor") => o.anchor = true,
            Some("-save-temps" | "--save-temps" | "-save-temps=obj" | "--save-temps=obj") => {
                o.save_temps = Some(SaveTemps::Obj);
                clang.push(a.clone());
            }
            Some("-save-temps=cwd" | "--save-temps=cwd") => {
                o.save_temps = Some(SaveTemps::Cwd);
                clang.push(a.clone());
            }
            Some(s) => {
                if s == "-v" {
                    o.verbose = true;
                }
                plan.push(a.clone());
                clang.push(a.clone());
            }
            None => {
                plan.push(a.clone());
                clang.push(a.clone());
            }
        }
    }
    (o, plan, clang)
}

/// The one-line message for a missing LLVM tool.
pub fn missing_tool(name: &str, tool: &str) -> String {
    let package = if tool.starts_with("clang") {
        "clang-19 and llvm-19 (apt-get install clang-19 llvm-19)"
    } else {
        "llvm-19 (apt-get install llvm-19)"
    };
    format!("{name}: error: {tool} not found; install the Debian packages {package}\n")
}

/// Whether `tool` is an executable file on `PATH`.
pub fn on_path(tool: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|d| {
        std::fs::metadata(d.join(tool))
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    })
}

/// Runs `loopwright cc` (`lang` C) or `loopwright c++` with `args` (the
/// arguments after the command name).
pub fn main(lang: Lang, args: Vec<OsString>) -> ExitCode {
    let code = run(lang, args);
    ExitCode::from(code.clamp(0, 255) as u8)
}

fn run(lang: Lang, args: Vec<OsString>) -> i32 {
    let driver = lang.driver();
    let (opts, plan_args, clang_args) = driver_options(&args);
    if !on_path(driver) {
        eprint!("{}", missing_tool(lang.name(), driver));
        return 1;
    }
    // What clang prints for these: its own answer.
    if args.iter().any(|a| a == "-###") {
        return exec_clang(lang, &clang_args);
    }
    tmp::install_signal_handlers();
    let tmp = match tmp::TempDir::new() {
        Ok(t) => t,
        Err(e) => {
            eprintln!(
                "{}: error: cannot create a temporary directory: {e}",
                lang.name()
            );
            return 1;
        }
    };
    let mut plan_args = plan_args;
    // clang colors diagnostics when standard error is a color terminal;
    // the plan is asked through a pipe, so the choice is made here.
    if color_terminal() && !plan_args.iter().any(is_color_flag) {
        plan_args.push("-fcolor-diagnostics".into());
    }
    let plan = match plan::ask(driver, &plan_args, tmp.path()) {
        Ok(p) => p,
        Err(plan::PlanError::NotRun(e)) => {
            eprintln!("{}: error: cannot run {driver}: {e}", lang.name());
            return 1;
        }
        // clang refuses the command line, or plans what the driver cannot
        // read: clang's own run says it and does it.
        Err(_) => {
            drop(tmp);
            return exec_clang(lang, &clang_args);
        }
    };
    let jobs: Vec<Option<job::Cc1>> = plan
        .jobs
        .iter()
        .map(|j| {
            j.is_cc1()
                .then(|| job::Cc1::read(&j.argv))
                .filter(|c| c.is_candidate())
        })
        .collect();
    if jobs.iter().all(Option::is_none) {
        drop(tmp);
        return exec_clang(lang, &clang_args);
    }
    if !on_path(steps::OPT) {
        eprint!("{}", missing_tool(lang.name(), steps::OPT));
        return 1;
    }
    if opts.verbose {
        for l in &plan.header {
            eprintln!("{l}");
        }
    }
    eprint!("{}", plan.diagnostics);
    let mut ctx = steps::Ctx::new(lang, &opts, tmp.path());
    let mut first_failure = 0;
    let mut failed_outputs: Vec<String> = Vec::new();
    for (k, (j, cc1)) in plan.jobs.iter().zip(&jobs).enumerate() {
        // A job reading the output of a failed job is not run (clang skips
        // the link when a compile failed).
        if j.argv.iter().skip(1).any(|a| failed_outputs.contains(a)) {
            continue;
        }
        let code = match cc1 {
            Some(c) => match c.reason_to_step_aside() {
                None => steps::compile(&mut ctx, c, k),
                Some(why) => {
                    eprintln!(
                        "{}: note: {}: compiled by {driver} alone: {why}",
                        lang.name(),
                        c.input_path().unwrap_or("?")
                    );
                    run_job(lang, &opts, j)
                }
            },
            None => run_job(lang, &opts, j),
        };
        if code != 0 {
            if first_failure == 0 {
                first_failure = code;
            }
            if let Some(o) = j.output() {
                failed_outputs.push(o.to_owned());
            }
        }
    }
    drop(ctx);
    drop(tmp);
    first_failure
}

/// Whether `a` sets clang's diagnostic colors.
fn is_color_flag(a: &OsString) -> bool {
    a.to_str().is_some_and(|s| {
        s.starts_with("-fcolor-diagnostics")
            || s.starts_with("-fno-color-diagnostics")
            || s.starts_with("-fdiagnostics-color")
            || s.starts_with("-fno-diagnostics-color")
    })
}

/// Whether standard error is a terminal with colors, as LLVM's
/// `Process::StandardErrHasColors` decides (a terminal whose `TERM` names
/// a color terminal).
fn color_terminal() -> bool {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return false;
    }
    let term = std::env::var("TERM").unwrap_or_default();
    matches!(term.as_str(), "ansi" | "cygwin" | "linux")
        || ["screen", "xterm", "vt100", "rxvt"]
            .iter()
            .any(|p| term.starts_with(p))
        || term.ends_with("color")
}

/// Runs clang-19 with `args` in this process's place: its diagnostics,
/// outputs and exit status are the command's.
fn exec_clang(lang: Lang, args: &[OsString]) -> i32 {
    use std::os::unix::process::CommandExt;
    let e = Command::new(lang.driver()).args(args).exec();
    eprintln!("{}: error: cannot run {}: {e}", lang.name(), lang.driver());
    1
}

/// Runs a job of clang's plan as clang's driver would: its status, and
/// clang's message when a tool other than clang's own fails.
fn run_job(lang: Lang, opts: &DriverOptions, j: &plan::Job) -> i32 {
    if opts.verbose {
        eprintln!("{}", j.shell_line());
    }
    let status = Command::new(&j.argv[0])
        .args(&j.argv[1..])
        .stdin(if j.is_cc1() {
            Stdio::inherit()
        } else {
            Stdio::null()
        })
        .status();
    tmp::check_signal();
    let status = match status {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}: error: unable to execute command: {e}", lang.driver());
            return 1;
        }
    };
    if status.success() {
        return 0;
    }
    let tool = tool_name(j);
    match status.code() {
        Some(c) => {
            if !(j.is_clang_tool() && c == 1) {
                eprintln!(
                    "{}: error: {tool} command failed with exit code {c} (use -v to see invocation)",
                    lang.driver()
                );
            }
            c
        }
        None => {
            use std::os::unix::process::ExitStatusExt;
            let sig = status.signal().unwrap_or(0);
            eprintln!(
                "{}: error: {tool} command failed due to signal {sig} (use -v to see invocation)",
                lang.driver()
            );
            1
        }
    }
}

/// The name clang's driver gives a job's tool in its failure message.
fn tool_name(j: &plan::Job) -> &'static str {
    match j.argv.get(1).map(String::as_str) {
        Some("-cc1") => "clang frontend",
        Some("-cc1as") => "clang integrated assembler",
        _ => {
            let prog = std::path::Path::new(&j.argv[0])
                .file_name()
                .and_then(|f| f.to_str())
                .unwrap_or("");
            if prog.contains("ld") || prog == "collect2" {
                "linker"
            } else if prog == "as" || prog.ends_with("-as") {
                "assembler"
            } else {
                "external"
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(v: &[&str]) -> Vec<OsString> {
        v.iter().map(OsString::from).collect()
    }

    #[test]
    fn driver_options_are_taken_out() {
        let (o, plan, clang) = driver_options(&os(&[
            "-O3",
            "-fno-loopwright-fallback",
            "-save-temps",
            "-c",
            "a.c",
            "-v",
        ]));
        assert!(!o.fallback && o.verbose && !o.anchor);
        assert_eq!(o.save_temps, Some(SaveTemps::Obj));
        assert_eq!(plan, os(&["-O3", "-c", "a.c", "-v"]));
        assert_eq!(clang, os(&["-O3", "-save-temps", "-c", "a.c", "-v"]));
        let (o, _, _) = driver_options(&os(&[
            "-fno-loopwright-fallback",
            "-floopwright-fallback",
            "-save-temps=cwd",
            "-floopwright-anchor",
        ]));
        assert!(o.fallback && o.anchor);
        assert_eq!(o.save_temps, Some(SaveTemps::Cwd));
    }

    #[test]
    fn missing_tools_name_the_packages() {
        let m = missing_tool("loopwright-cc", "clang-19");
        assert_eq!(m.lines().count(), 1);
        assert!(m.contains("clang-19 and llvm-19"), "{m}");
        assert!(missing_tool("loopwright-cc", "opt-19").contains("llvm-19"));
        assert_eq!(Lang::from_name("c++"), Some(Lang::Cxx));
        assert_eq!(Lang::from_name("loopwright-cc"), Some(Lang::C));
    }
}
