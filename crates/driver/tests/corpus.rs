//! Corpus round-trip test.
//!
//! Every C/C++ source in `tests/corpus/src` is compiled by clang-19 under
//! each variant of the matrix in `tests/corpus/matrix.rs` (`-O0`..`-O3`, each
//! with and without `-g`, plus a build that keeps value names); every
//! hand-written module in `tests/corpus/ll` is used as is. For each module IN:
//!
//! 1. `loopwright --passes=none IN -o OUT` must exit 0;
//! 2. `opt-19 -S IN` and `opt-19 -S OUT` must print the same text, ignoring
//!    the `; ModuleID` line and a `source_filename` that only names the file
//!    opt was given (LLVM invents one when the module has none);
//! 3. `opt-19 -passes=verify -disable-output OUT` must succeed and print
//!    nothing (`common::verify_problem`: invalid debug info fails);
//! 4. `loopwright --passes=none OUT` must reproduce OUT byte for byte after
//!    the `; ModuleID` line (which names the file read, as opt's does).
//!
//! Modules run on two worker threads; all failures are reported at the end,
//! followed by a line `N passed, M failed`.
//!
//! Environment:
//! - `LOOPWRIGHT_BIN`: use this binary instead of the one cargo built (e.g. a
//!   stand-in script, to check the harness itself).
//! - `CORPUS_FILTER`: only modules whose name contains this string.
//! - `CORPUS_JOBS`: number of worker threads (default 2).
//! - `CORPUS_KEEP`: keep the work directory even when everything passed.
//! - `CORPUS_DEADLINE_SECS`: time budget for the run (default 2700); modules
//!   not started by then count as failed.
//! - `CI`: when set, missing LLVM tools are an error instead of a skip.
//!
//! The number of modules is a floor (`corpus.modules` in
//! `tests/floors.toml`), checked when no filter is set.
//! `self_test_wrong_outputs_fail` shows that the checks fail on
//! deliberately wrong outputs.

mod common;
use common::modules::matrix;

use loopwright_testkit::Finished;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Longest any single child process may run.
const CHILD_TIMEOUT: Duration = Duration::from_secs(120);
/// Default budget for the whole run (`CORPUS_DEADLINE_SECS` overrides):
/// modules not started by then fail as "not run", so a hanging binary
/// cannot hold CI past its time limit.
const DEFAULT_DEADLINE: Duration = Duration::from_secs(45 * 60);
/// Lines of each side compared when looking for the first difference.
const DIFF_WINDOW: usize = 400;
/// Most diff lines printed per failure.
const DIFF_MAX_LINES: usize = 60;
/// Most stderr lines quoted per failing command.
const STDERR_MAX_LINES: usize = 20;

/// Prints to the process's stderr directly, bypassing libtest's output
/// capture, so progress, the skip notice and the summary always show.
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("..").join("..");
    root.canonicalize().unwrap_or(root)
}

fn loopwright_bin() -> PathBuf {
    match std::env::var_os("LOOPWRIGHT_BIN") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from(env!("CARGO_BIN_EXE_loopwright")),
    }
}

/// What one worker does for one module.
enum Job {
    /// Compile `source` for `variant`, then check the result.
    Compile {
        source: matrix::Source,
        variant: matrix::Variant,
    },
    /// Check a hand-written module.
    Handwritten(PathBuf),
}

impl Job {
    fn name(&self) -> String {
        match self {
            Job::Compile { source, variant } => source.module_name(variant),
            Job::Handwritten(path) => {
                format!(
                    "ll/{}",
                    path.file_name().unwrap_or_default().to_string_lossy()
                )
            }
        }
    }
}

/// Runs `cmd` under [`CHILD_TIMEOUT`] (`loopwright_testkit::run`); a run
/// that cannot start or times out is an error.
fn run(mut cmd: Command) -> Result<Finished, String> {
    let done = loopwright_testkit::run::try_run(&mut cmd, None, CHILD_TIMEOUT)
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    match done.timed_out {
        Some(limit) => Err(format!(
            "{} timed out after {} s",
            done.command,
            limit.as_secs()
        )),
        None => Ok(done),
    }
}

fn quote_stderr(stderr: &str) -> String {
    let mut s = String::new();
    let lines: Vec<&str> = stderr.lines().collect();
    for line in lines.iter().take(STDERR_MAX_LINES) {
        let _ = writeln!(s, "    | {line}");
    }
    if lines.len() > STDERR_MAX_LINES {
        let _ = writeln!(
            s,
            "    | ... ({} more lines)",
            lines.len() - STDERR_MAX_LINES
        );
    }
    s
}

/// Runs `cmd`, turning a failure into a readable message.
fn run_ok(cmd: Command, what: &str) -> Result<Finished, String> {
    let done = run(cmd)?;
    if done.success() {
        Ok(done)
    } else {
        Err(format!(
            "{what} failed ({}): {}\n{}",
            done.status,
            done.command,
            quote_stderr(&done.stderr_text())
        ))
    }
}

/// `s` as LLVM prints it inside double quotes.
fn llvm_escape(s: &str) -> String {
    let mut out = String::new();
    for &b in s.as_bytes() {
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            out.push(b as char);
        } else {
            let _ = write!(out, "\\{b:02X}");
        }
    }
    out
}

/// `text` without its first line when that is a `; ModuleID` comment.
fn without_module_id(text: &[u8]) -> &[u8] {
    if text.starts_with(b"; ModuleID = ") {
        match text.iter().position(|&b| b == b'\n') {
            Some(n) => &text[n + 1..],
            None => &[],
        }
    } else {
        text
    }
}

/// opt's output without the lines that only depend on the file name opt was
/// given: `; ModuleID = '...'` and `source_filename = "<one of paths>"`.
fn normalize(text: &str, paths: &[&Path]) -> Vec<String> {
    let invented: Vec<String> = paths
        .iter()
        .map(|p| {
            format!(
                "source_filename = \"{}\"",
                llvm_escape(&p.to_string_lossy())
            )
        })
        .collect();
    text.lines()
        .filter(|l| !l.starts_with("; ModuleID = "))
        .filter(|l| !invented.iter().any(|i| i == l))
        .map(str::to_owned)
        .collect()
}

#[derive(Clone, Copy, PartialEq)]
enum Op {
    Same,
    Del,
    Ins,
}

/// A unified diff of the first differing lines of `a` and `b` (one hunk with
/// three lines of context), computed over a bounded window.
fn first_hunk(a: &[String], b: &[String], a_name: &str, b_name: &str) -> String {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let wa = &a[prefix..a.len().min(prefix + DIFF_WINDOW)];
    let wb = &b[prefix..b.len().min(prefix + DIFF_WINDOW)];
    // LCS table over the window: lcs[i][j] = LCS of wa[i..] and wb[j..].
    let (n, m) = (wa.len(), wb.len());
    let mut lcs = vec![vec![0u16; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if wa[i] == wb[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut ops = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && j < m && wa[i] == wb[j] {
            ops.push((Op::Same, i, j));
            i += 1;
            j += 1;
        } else if i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1]) {
            ops.push((Op::Del, i, j));
            i += 1;
        } else {
            ops.push((Op::Ins, i, j));
            j += 1;
        }
    }
    // The hunk ends after more than six equal lines in a row (three lines of
    // trailing context) or at the end of the window.
    let mut end = ops.len();
    let mut run = 0;
    for (k, op) in ops.iter().enumerate() {
        if op.0 == Op::Same {
            run += 1;
            if run > 6 {
                end = k - 3;
                break;
            }
        } else {
            run = 0;
        }
    }
    let ctx_before = prefix.min(3);
    let mut body = Vec::new();
    for line in &a[prefix - ctx_before..prefix] {
        body.push(format!(" {line}"));
    }
    let (mut a_count, mut b_count) = (ctx_before, ctx_before);
    for &(op, i, j) in &ops[..end] {
        match op {
            Op::Same => {
                body.push(format!(" {}", wa[i]));
                a_count += 1;
                b_count += 1;
            }
            Op::Del => {
                body.push(format!("-{}", wa[i]));
                a_count += 1;
            }
            Op::Ins => {
                body.push(format!("+{}", wb[j]));
                b_count += 1;
            }
        }
    }
    let start = prefix - ctx_before + 1;
    let mut s = format!("    --- {a_name}\n    +++ {b_name}\n");
    let _ = writeln!(s, "    @@ -{start},{a_count} +{start},{b_count} @@");
    for line in body.iter().take(DIFF_MAX_LINES) {
        let _ = writeln!(s, "    {line}");
    }
    if body.len() > DIFF_MAX_LINES {
        let _ = writeln!(
            s,
            "    ... ({} more lines in this hunk)",
            body.len() - DIFF_MAX_LINES
        );
    }
    if end == ops.len() && (wa.len() < a.len() - prefix || wb.len() < b.len() - prefix) {
        let _ = writeln!(
            s,
            "    ... (difference continues past a {DIFF_WINDOW}-line window)"
        );
    }
    s
}

fn lw_command(bin: &Path, input: &Path, output: Option<&Path>) -> Command {
    let mut cmd = Command::new(bin);
    cmd.arg("--passes=none").arg(input);
    if let Some(out) = output {
        cmd.arg("-o").arg(out);
    }
    cmd
}

fn opt_print(input: &Path) -> Command {
    let mut cmd = Command::new(matrix::OPT);
    cmd.arg("-S").arg(input).arg("-o").arg("-");
    cmd
}

/// Checks one module with the binary `bin`; `base` is the path prefix for
/// this job's files.
fn check_module(bin: &Path, input: &Path, base: &Path) -> Result<(), String> {
    let out = base.with_extension("lw.ll");

    // 1. loopwright parses, verifies and prints.
    let _ = std::fs::remove_file(&out);
    run_ok(lw_command(bin, input, Some(&out)), "loopwright")?;
    if !out.is_file() {
        return Err(format!(
            "loopwright exited 0 but wrote no {}",
            out.display()
        ));
    }

    // 2. opt reads both to the same module.
    let want = run_ok(opt_print(input), "opt-19 -S on the input")?;
    let got = run_ok(opt_print(&out), "opt-19 -S on loopwright's output")?;
    let paths = [input, out.as_path()];
    let want = normalize(&String::from_utf8_lossy(&want.stdout), &paths);
    let got = normalize(&String::from_utf8_lossy(&got.stdout), &paths);
    if want != got {
        return Err(format!(
            "opt-19 -S differs between input and output ({} vs {} lines)\n{}",
            want.len(),
            got.len(),
            first_hunk(
                &want,
                &got,
                &format!("opt-19 -S {}", input.display()),
                &format!("opt-19 -S {}", out.display()),
            )
        ));
    }

    // 3. The output verifies, without a word (invalid debug info fails).
    if let Some(p) = common::verify_problem(&out) {
        return Err(p);
    }

    // 4. Printing is a fixed point.
    let again = run_ok(lw_command(bin, &out, None), "loopwright on its own output")?;
    let first = std::fs::read(&out).map_err(|e| format!("read {}: {e}", out.display()))?;
    if without_module_id(&again.stdout) != without_module_id(&first) {
        let a: Vec<String> = String::from_utf8_lossy(&first)
            .lines()
            .map(str::to_owned)
            .collect();
        let b: Vec<String> = String::from_utf8_lossy(&again.stdout)
            .lines()
            .map(str::to_owned)
            .collect();
        let detail = if a == b {
            "    (same lines; they differ in line endings or the final newline)\n".to_owned()
        } else {
            first_hunk(
                &a,
                &b,
                &out.display().to_string(),
                &format!("loopwright --passes=none {}", out.display()),
            )
        };
        return Err(format!(
            "loopwright's output is not a fixed point of loopwright\n{detail}"
        ));
    }
    Ok(())
}

fn run_job(bin: &Path, job: &Job, work: &Path) -> Result<(), String> {
    let base = work.join(job.name().replace('/', "_"));
    match job {
        Job::Compile { source, variant } => {
            let module = base.with_extension("ll");
            let cmd = source.compile_command(variant, &module);
            run_ok(cmd, "clang")?;
            check_module(bin, &module, &base)
        }
        Job::Handwritten(path) => check_module(bin, path, &base),
    }
}

#[test]
fn corpus_round_trip() {
    if !loopwright_testkit::require(&[matrix::CLANG, matrix::CLANGXX, matrix::OPT]) {
        return;
    }

    let root = workspace_root();
    let filter = std::env::var("CORPUS_FILTER").unwrap_or_default();
    let mut jobs = Vec::new();
    let sources = matrix::sources(&root).expect("read tests/corpus/src");
    assert!(
        !sources.is_empty(),
        "no corpus sources under {}",
        root.display()
    );
    // C++ first: those modules are the largest, which balances the workers.
    let (cxx, c): (Vec<_>, Vec<_>) = sources
        .into_iter()
        .partition(|s| s.lang == matrix::Lang::Cxx);
    for source in cxx.into_iter().chain(c) {
        for variant in matrix::VARIANTS {
            jobs.push(Job::Compile {
                source: source.clone(),
                variant: *variant,
            });
        }
    }
    for path in matrix::handwritten(&root).expect("read tests/corpus/ll") {
        jobs.push(Job::Handwritten(path));
    }
    jobs.retain(|j| j.name().contains(&filter));
    assert!(
        !jobs.is_empty(),
        "CORPUS_FILTER={filter:?} matches no module"
    );

    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let work = tmp.join(format!("corpus-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("create work directory");

    let threads: usize = std::env::var("CORPUS_JOBS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let bin = loopwright_bin();
    say!(
        "corpus: {} modules on {} threads, loopwright = {}, work dir = {}",
        jobs.len(),
        threads.max(1),
        bin.display(),
        work.display()
    );
    let deadline = std::env::var("CORPUS_DEADLINE_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .map_or(DEFAULT_DEADLINE, Duration::from_secs);
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Result<(), String>)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(k) else { break };
                let result = if started.elapsed() > deadline {
                    Err(format!(
                        "not run: the {} s time budget was used up",
                        deadline.as_secs()
                    ))
                } else {
                    run_job(&bin, job, &work)
                };
                results
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((k, result));
            });
        }
    });

    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(k, _)| *k);
    let mut failed = 0;
    for (k, result) in &results {
        if let Err(msg) = result {
            failed += 1;
            say!("FAIL {}: {msg}", jobs[*k].name());
        }
    }
    let passed = results.len() - failed;
    let keep = failed > 0 || std::env::var_os("CORPUS_KEEP").is_some();
    if keep {
        say!("corpus: files kept in {}", work.display());
    } else {
        let _ = std::fs::remove_dir_all(&work);
    }
    say!(
        "corpus: finished in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    say!("{passed} passed, {failed} failed");
    assert!(
        failed == 0,
        "corpus: {failed} of {} modules failed",
        results.len()
    );
    if filter.is_empty() {
        loopwright_testkit::floors::check("corpus.modules", passed);
    }
}

/// The checks above fed deliberately wrong outputs of
/// `tests/selftest/sum.ll` (by a stand-in for loopwright: `opt-19 -S`, its
/// output replaced). opt-19 itself passes; each of `common::wrong_outputs`
/// fails (an `add` turned into `sub`, a dropped store, a dropped debug
/// record, invalid debug info).
#[test]
fn self_test_wrong_outputs_fail() {
    use loopwright_testkit::standin::{self, Wrong};
    if !loopwright_testkit::require(&[matrix::OPT]) {
        return;
    }
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("corpus-self-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("create work directory");
    let input = workspace_root().join("tests/selftest/sum.ll");
    let stand_in = |name: &str, wrong: &Wrong| {
        standin::write(&work, name, "opt-19 -S", &["--passes=none"], wrong)
    };
    let right = stand_in("right", &Wrong::default());
    check_module(&right, &input, &work.join("right")).expect("opt-19 itself passes");
    let reference = work.join("right.lw.ll");
    for (what, path) in common::wrong_outputs(&reference) {
        let w = Wrong {
            output: Some(path),
            ..Wrong::default()
        };
        let bin = stand_in(what, &w);
        let result = check_module(&bin, &input, &work.join(what));
        assert!(result.is_err(), "{what}: the check passes");
    }
    let _ = std::fs::remove_dir_all(&work);
}
