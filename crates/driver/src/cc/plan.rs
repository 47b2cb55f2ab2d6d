//! What clang-19 would run: the jobs of `clang-19 -### ARGS`.
//!
//! `-###` makes clang's driver print, on standard error, every command it
//! would run for the command line, without running any: one line per job,
//! each argument in double quotes with `"`, `\` and `$` escaped by a
//! backslash (LLVM's `sys::printArg`), after a header (`clang version`,
//! `Target:`, ...) and any driver diagnostics (`clang-19: warning: ...`).
//! So the driver resolves clang's whole command line (output names,
//! `-MD` dependency files, `-fsave-optimization-record` file names,
//! `-march=native`, response files, the link line) and loopwright only
//! rewrites the compile jobs it takes over.

use std::ffi::OsString;
use std::path::Path;
use std::process::{Command, Stdio};

/// One job: the program and its arguments, as clang would run them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub argv: Vec<String>,
}

impl Job {
    /// Whether this is a `clang -cc1` (compiler) job.
    pub fn is_cc1(&self) -> bool {
        self.argv.get(1).is_some_and(|a| a == "-cc1")
    }

    /// Whether clang's own tool runs this job (compiler or integrated
    /// assembler): those print their own diagnostics, so the driver adds
    /// no message when they fail with status 1.
    pub fn is_clang_tool(&self) -> bool {
        self.argv
            .get(1)
            .is_some_and(|a| a == "-cc1" || a == "-cc1as")
    }

    /// The file this job writes (`-o FILE`), if any.
    pub fn output(&self) -> Option<&str> {
        self.argv
            .windows(2)
            .rev()
            .find(|w| w[0] == "-o")
            .map(|w| w[1].as_str())
    }

    /// The job as clang prints it with `-###` and `-v`.
    pub fn shell_line(&self) -> String {
        let mut s = String::new();
        for a in &self.argv {
            s.push(' ');
            s.push_str(&quote(a));
        }
        s
    }
}

/// `a` as LLVM's `sys::printArg` prints it, quoted.
pub fn quote(a: &str) -> String {
    let mut s = String::with_capacity(a.len() + 2);
    s.push('"');
    for c in a.chars() {
        if matches!(c, '"' | '\\' | '$') {
            s.push('\\');
        }
        s.push(c);
    }
    s.push('"');
    s
}

/// What `clang-19 -### ARGS` said.
#[derive(Debug, Default)]
pub struct Plan {
    /// The header lines (`clang version ...`, `Target: ...`, ...), which
    /// `-v` prints too.
    pub header: Vec<String>,
    /// Driver diagnostics (`clang-19: warning: argument unused ...`), to
    /// print as clang would before running anything.
    pub diagnostics: String,
    pub jobs: Vec<Job>,
}

/// Why there is no plan.
#[derive(Debug)]
pub enum PlanError {
    /// clang could not be run at all.
    NotRun(std::io::Error),
    /// clang's driver refused the command line (its diagnostics are its
    /// own to print: the caller runs clang itself).
    Refused,
    /// The output could not be read as jobs (a response file for a long
    /// link line, a non-UTF-8 argument).
    Unreadable(String),
}

/// Runs `driver -### ARGS` with `TMPDIR=tmp`, so the temporary files it
/// plans (objects of a compile-and-link) are named inside `tmp`.
pub fn ask(driver: &str, args: &[OsString], tmp: &Path) -> Result<Plan, PlanError> {
    let out = Command::new(driver)
        .arg("-###")
        .args(args)
        .env("TMPDIR", tmp)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(PlanError::NotRun)?;
    super::tmp::check_signal();
    if !out.status.success() {
        return Err(PlanError::Refused);
    }
    let text = String::from_utf8(out.stderr)
        .map_err(|_| PlanError::Unreadable("clang's plan is not UTF-8".into()))?;
    parse(&text).map_err(PlanError::Unreadable)
}

/// The header lines `-###` and `-v` print before the jobs.
const HEADER: &[&str] = &[
    "clang version ",
    "Debian clang version ",
    "Ubuntu clang version ",
    "Target: ",
    "Thread model: ",
    "InstalledDir: ",
    "Configuration file: ",
    "Build config: ",
    "Found candidate GCC installation: ",
    "Selected GCC installation: ",
    "Candidate multilib: ",
    "Selected multilib: ",
    "Found CUDA installation: ",
    "System configuration file directory: ",
    "User configuration file directory: ",
];

/// Parses the standard error of `clang -###`.
pub fn parse(text: &str) -> Result<Plan, String> {
    let mut plan = Plan::default();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(job_text) = rest.strip_prefix(" \"") {
            // A job: quoted arguments separated by spaces, up to an
            // unquoted newline (an argument may contain one).
            let (argv, after) = parse_job(job_text)?;
            plan.jobs.push(Job { argv });
            rest = after;
            continue;
        }
        let (line, after) = match rest.find('\n') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, ""),
        };
        rest = after;
        if line == " (in-process)" || line.is_empty() {
            continue;
        }
        if line.starts_with(" Arguments passed via response file") {
            return Err("clang would pass a job's arguments in a response file".into());
        }
        if plan.jobs.is_empty() && HEADER.iter().any(|h| line.starts_with(h)) {
            plan.header.push(line.to_owned());
        } else {
            plan.diagnostics.push_str(line);
            plan.diagnostics.push('\n');
        }
    }
    Ok(plan)
}

/// Reads the arguments of one job line, starting just after its first
/// opening quote; returns them and the text after the line.
fn parse_job(text: &str) -> Result<(Vec<String>, &str), String> {
    let mut argv = Vec::new();
    let mut cur = String::new();
    let mut chars = text.char_indices();
    loop {
        // Inside quotes.
        loop {
            match chars.next() {
                None => return Err("unterminated argument in clang's plan".into()),
                Some((_, '\\')) => match chars.next() {
                    Some((_, c)) => cur.push(c),
                    None => return Err("unterminated argument in clang's plan".into()),
                },
                Some((_, '"')) => break,
                Some((_, c)) => cur.push(c),
            }
        }
        argv.push(std::mem::take(&mut cur));
        // Between arguments: a space and a quote, or the end of the line.
        match chars.next() {
            None => return Ok((argv, "")),
            Some((i, '\n')) => return Ok((argv, &text[i + 1..])),
            Some((_, ' ')) => match chars.next() {
                Some((_, '"')) => {}
                _ => return Err("unexpected text in a job of clang's plan".into()),
            },
            Some(_) => return Err("unexpected text in a job of clang's plan".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_header_and_diagnostics() {
        let text = "Debian clang version 19.1.7 (3~deb12u1)\nTarget: x86_64-pc-linux-gnu\n\
                    Thread model: posix\nInstalledDir: /usr/lib/llvm-19/bin\n\
                    clang-19: warning: argument unused during compilation: '-L/x' [-Wunused-command-line-argument]\n \
                    (in-process)\n \"/usr/lib/llvm-19/bin/clang\" \"-cc1\" \"-D\" \"X=\\\"a b\\\"\" \"-o\" \"a.o\" \"-x\" \"c\" \"a.c\"\n \
                    \"/usr/bin/ld\" \"-o\" \"a.out\" \"a.o\" \"$\\$\"\n";
        let p = parse(text).unwrap();
        assert_eq!(p.header.len(), 4);
        assert!(p
            .diagnostics
            .starts_with("clang-19: warning: argument unused"));
        assert_eq!(p.jobs.len(), 2);
        assert_eq!(p.jobs[0].argv[3], "X=\"a b\"");
        assert!(p.jobs[0].is_cc1() && !p.jobs[1].is_cc1());
        assert_eq!(p.jobs[0].output(), Some("a.o"));
        assert_eq!(p.jobs[1].argv.last().unwrap(), "$$");
        // Printing quotes as clang does, so a job prints as it was read.
        let line = p.jobs[0].shell_line();
        assert!(line.contains("\"X=\\\"a b\\\"\""), "{line}");
        assert_eq!(parse(&format!("{line}\n")).unwrap().jobs[0], p.jobs[0]);
    }

    #[test]
    fn an_argument_may_span_lines() {
        let p = parse(" \"cc\" \"-DX=a\nb\" \"c.c\"\nclang: note: n\n").unwrap();
        assert_eq!(p.jobs[0].argv, ["cc", "-DX=a\nb", "c.c"]);
        assert_eq!(p.diagnostics, "clang: note: n\n");
    }

    #[test]
    fn malformed_plans_are_errors() {
        assert!(parse(" \"cc\" \"unterminated\n").is_err());
        assert!(parse(" \"cc\"x\n").is_err());
        assert!(parse(" Arguments passed via response file:\n").is_err());
    }
}
