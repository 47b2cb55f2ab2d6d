//! What the compiler driver's tests (`cc_builds.rs`, `cc_flags.rs`)
//! share: the driver's binaries, tool runs under the time limit, the
//! fallback's trace, program outputs compared as the bench compares them,
//! and clang's diagnostic layout read back to compare ours with clang's.

#![allow(dead_code)]

use loopwright_testkit::run::TIMEOUT;
use loopwright_testkit::Finished;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The tools the driver tests need.
pub const TOOLS: &[&str] = &["clang-19", "clang++-19", "opt-19"];

/// `loopwright-cc`.
pub fn lw_cc() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_loopwright-cc"))
}

/// `loopwright-cxx` (`loopwright c++`).
pub fn lw_cxx() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_loopwright-cxx"))
}

/// The `loopwright` binary.
pub fn lw() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_loopwright"))
}

/// Where the driver keeps clang's pipelines during the tests
/// (`LOOPWRIGHT_CACHE_DIR`): in the target directory, not the user's
/// `~/.cache`.
pub fn pipeline_cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("cc-pipeline-cache")
}

/// A command for `prog` run in `dir`, with the tests' pipeline cache.
pub fn command_in(dir: &Path, prog: &Path) -> Command {
    let mut c = Command::new(prog);
    c.current_dir(dir)
        .env("LOOPWRIGHT_CACHE_DIR", pipeline_cache());
    c
}

/// Runs `prog ARGS` in `dir` under the time limit.
pub fn run_in(dir: &Path, prog: &Path, args: &[&str]) -> Finished {
    loopwright_testkit::run(command_in(dir, prog).args(args), TIMEOUT)
}

/// Runs `prog ARGS` in `dir`; it must succeed.
pub fn run_ok_in(dir: &Path, prog: &Path, args: &[&str]) -> Finished {
    let f = run_in(dir, prog, args);
    assert!(
        f.success(),
        "{} {args:?} failed in {} ({}):\n{}",
        prog.display(),
        dir.display(),
        f.status,
        f.stderr_text()
    );
    f
}

/// What the driver prints when it falls back to clang alone.
pub const FALLBACK: &str = "loopwright's step";

/// Fails when `stderr` shows a fallback.
pub fn assert_no_fallback(what: &str, stderr: &str) {
    assert!(
        !stderr.contains(FALLBACK) && !stderr.contains("step '"),
        "{what}: loopwright's steps failed:\n{stderr}"
    );
}

/// A fresh work directory.
pub fn work(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("loopwright-cc-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("work dir");
    d
}

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Whether two program outputs agree as the bench's checksums do: every
/// line equal, except `checksum fp X rtol T` lines, equal within `T`.
pub fn outputs_agree(a: &str, b: &str) -> bool {
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    la.len() == lb.len()
        && la.iter().zip(&lb).all(|(x, y)| {
            if x == y {
                return true;
            }
            let fp = |l: &str| -> Option<(f64, f64)> {
                let mut w = l.split_whitespace();
                (w.next()? == "checksum" && w.next()? == "fp").then_some(())?;
                let v = w.next()?.parse().ok()?;
                (w.next()? == "rtol").then_some(())?;
                Some((v, w.next()?.parse().ok()?))
            };
            match (fp(x), fp(y)) {
                (Some((v, t)), Some((u, _))) => {
                    (v - u).abs() <= t * v.abs().max(u.abs()) || (v.is_nan() && u.is_nan())
                }
                _ => false,
            }
        })
}

/// One diagnostic as clang prints it: its include stack, the
/// `FILE:LINE:COL: LEVEL: MESSAGE [OPTION]` line, and the snippet lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    pub includes: Vec<String>,
    pub header: String,
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub snippet: Vec<String>,
}

/// Reads diagnostics back from clang-format text; lines that are neither
/// (a closing `N warnings generated.`, other output) are skipped.
pub fn diags(text: &str) -> Vec<Diag> {
    let mut out: Vec<Diag> = Vec::new();
    let mut includes = Vec::new();
    for l in text.lines() {
        if l.starts_with("In file included from ") {
            includes.push(l.to_owned());
            continue;
        }
        if let Some(d) = header(l) {
            out.push(Diag {
                includes: std::mem::take(&mut includes),
                ..d
            });
            continue;
        }
        let snippet_line = l.starts_with(' ') && l.contains(" | ");
        match out.last_mut() {
            Some(d) if snippet_line => d.snippet.push(l.to_owned()),
            _ => {}
        }
    }
    out
}

fn header(l: &str) -> Option<Diag> {
    let mut parts = l.splitn(4, ':');
    let file = parts.next()?;
    let line = parts.next()?.parse().ok()?;
    let col = parts.next()?.parse().ok()?;
    let rest = parts.next()?;
    let level_ok = ["remark: ", "warning: ", "error: "]
        .iter()
        .any(|lv| rest.strip_prefix(' ').is_some_and(|r| r.starts_with(lv)));
    (level_ok && !file.is_empty()).then(|| Diag {
        includes: Vec::new(),
        header: l.to_owned(),
        file: file.to_owned(),
        line,
        col,
        snippet: Vec::new(),
    })
}

/// Compares our diagnostics with clang's for the same files: every one of
/// ours has clang's layout (`FILE:LINE:COL: remark: MESSAGE
/// [-Rpass=PASS]`, a two-line snippet the first time at a location), and
/// at every location both report, the snippet (source line, gutter,
/// caret column) and the include stack are clang's. Returns the number of
/// locations compared and the problems.
pub fn layout_problems(clang: &str, ours: &str) -> (usize, Vec<String>) {
    let (theirs, mine) = (diags(clang), diags(ours));
    let mut problems = Vec::new();
    for d in &mine {
        let flag_ok =
            d.header.ends_with(']') && (d.header.contains(" [-Rpass") || d.header.contains(" [-W"));
        if !flag_ok {
            problems.push(format!("no option at the end: {}", d.header));
        }
        if !d.snippet.is_empty() {
            let ok = d.snippet.len() == 2
                && d.snippet[0]
                    .trim_start()
                    .starts_with(&format!("{} | ", d.line))
                && d.snippet[1].trim_end().ends_with('^');
            if !ok {
                problems.push(format!("bad snippet for {}: {:?}", d.header, d.snippet));
            }
        }
    }
    let mut compared = 0;
    for d in mine.iter().filter(|d| !d.snippet.is_empty()) {
        let same_place = |t: &&Diag| {
            t.file == d.file && t.line == d.line && t.col == d.col && !t.snippet.is_empty()
        };
        if let Some(t) = theirs.iter().find(same_place) {
            compared += 1;
            if t.snippet != d.snippet {
                problems.push(format!(
                    "{}:{}:{}: snippet {:?}, clang's {:?}",
                    d.file, d.line, d.col, d.snippet, t.snippet
                ));
            }
        }
    }
    // Include stacks: clang prints one when it changes, so which
    // diagnostic carries it depends on the order; but each of ours must be
    // one clang printed for the same file (the same includer and line).
    for d in mine.iter().filter(|d| !d.includes.is_empty()) {
        let known = theirs
            .iter()
            .any(|t| t.file == d.file && t.includes == d.includes);
        let clang_has_any = theirs
            .iter()
            .any(|t| t.file == d.file && !t.includes.is_empty());
        if clang_has_any && !known {
            problems.push(format!(
                "{}:{}:{}: include stack {:?} that clang never prints for {}",
                d.file, d.line, d.col, d.includes, d.file
            ));
        }
    }
    (compared, problems)
}
