//! The malformed-input corpus, `tests/malformed/`, run through the built
//! `loopwright` binary, plus inputs generated here (100k-deep nesting, a
//! large truncated module). Valid bitcode is input, not a malformed case
//! (`tests/bitcode.rs`); corrupt bitcode is one, read through llvm-dis-19.
//!
//! Each `.ll` case starts with comment lines:
//!
//! - `; EXPECT: L:C: error: MESSAGE`: `loopwright CASE -o OUT` (run in the
//!   corpus directory) exits with status 1, does not create `OUT`, and its
//!   first stderr line is `CASE:L:C: error: MESSAGE`, followed by source
//!   line `L` and a caret under column `C` (unless the line does not exist
//!   or is binary);
//! - `; EXPECT: ok`: valid IR LLVM accepts (bad loop metadata, integer
//!   constants LLVM truncates): exit status 0, `OUT` written (and accepted
//!   by `opt-19 -passes=verify`), and every `; EXPECT-WARNING: TEXT` line's
//!   text appears in stderr;
//! - `; LLVM: ...`: what `opt-19 -disable-output CASE` does with the same
//!   file: `same` (the same first line), `accepts`, `L:C: error: MESSAGE`
//!   (a different first line), `broken module: MESSAGE` (a verifier error,
//!   which LLVM prints without a position) or `error: MESSAGE` (no
//!   position). Checked live when opt-19 is installed, so the recorded
//!   comparison cannot go stale; the test prints how many positions and
//!   messages match LLVM's;
//! - `; NOTE: ...`: why a case deliberately differs from LLVM.
//!
//! Cases that cannot carry a comment (binary files, a 0-byte file, a file
//! that must start with a byte order mark) are listed in
//! `tests/malformed/EXPECTED` as `FILE | EXPECT | LLVM`.
//!
//! No run may panic, and every run must finish within [`RUN_LIMIT`]. Without
//! opt-19, llvm-as-19 and llvm-dis-19 the LLVM comparisons, the output
//! verification and the bitcode cases are skipped with a notice (an error
//! when `CI` is set). The number of cases and the counts of positions and messages
//! equal to LLVM's are floors (`malformed.*` in `tests/floors.toml`).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The bound on one run of loopwright on a corpus case (in practice a few
/// milliseconds; the 100k-deep inputs take well under a second).
const RUN_LIMIT: Duration = Duration::from_secs(10);

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/malformed")
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "loopwright-malformed-{}-{test}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn have_llvm() -> bool {
    loopwright_testkit::require(&["opt-19", "llvm-as-19", "llvm-dis-19"])
}

/// What a case expects.
#[derive(Debug)]
struct Case {
    /// File name inside the corpus directory.
    name: String,
    /// `None` for `ok`, else `L:C: error: MESSAGE`.
    error: Option<String>,
    warnings: Vec<String>,
    llvm: String,
}

/// The `; EXPECT...`/`; LLVM:` header of a `.ll` case.
fn parse_header(name: &str, text: &[u8]) -> Case {
    let text = String::from_utf8_lossy(text);
    let mut expect = None;
    let mut warnings = Vec::new();
    let mut llvm = None;
    for line in text.lines().take_while(|l| l.starts_with(';')) {
        if let Some(e) = line.strip_prefix("; EXPECT: ") {
            expect = Some(e.to_string());
        } else if let Some(w) = line.strip_prefix("; EXPECT-WARNING: ") {
            warnings.push(w.to_string());
        } else if let Some(l) = line.strip_prefix("; LLVM: ") {
            llvm = Some(l.to_string());
        }
    }
    let expect = expect.unwrap_or_else(|| panic!("{name}: no `; EXPECT:` line"));
    Case {
        name: name.to_string(),
        error: (expect != "ok").then_some(expect),
        warnings,
        llvm: llvm.unwrap_or_else(|| panic!("{name}: no `; LLVM:` line")),
    }
}

fn load_cases() -> Vec<Case> {
    let dir = corpus_dir();
    let mut cases = Vec::new();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/malformed exists")
        .map(|e| {
            e.expect("dir entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    let manifest = std::fs::read_to_string(dir.join("EXPECTED")).expect("EXPECTED manifest");
    let mut listed = Vec::new();
    for line in manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let parts: Vec<&str> = line.split(" | ").collect();
        assert_eq!(parts.len(), 3, "EXPECTED: bad line {line:?}");
        listed.push(parts[0].to_string());
        cases.push(Case {
            name: parts[0].to_string(),
            error: (parts[1] != "ok").then(|| parts[1].to_string()),
            warnings: Vec::new(),
            llvm: parts[2].to_string(),
        });
    }
    for name in names {
        if name == "EXPECTED" || listed.contains(&name) {
            continue;
        }
        assert!(
            name.ends_with(".ll"),
            "{name}: not a .ll case and not in EXPECTED"
        );
        let text = std::fs::read(dir.join(&name)).expect("read case");
        cases.push(parse_header(&name, &text));
    }
    cases
}

/// Runs loopwright on `input` (relative to `cwd`) writing `out`; panics if
/// the run takes longer than [`RUN_LIMIT`].
fn run_loopwright(cwd: &Path, input: &str, out: &Path) -> Output {
    let start = Instant::now();
    let o = loopwright_testkit::run(
        Command::new(env!("CARGO_BIN_EXE_loopwright"))
            .current_dir(cwd)
            .arg(input)
            .arg("-o")
            .arg(out),
        RUN_LIMIT,
    );
    let took = start.elapsed();
    assert!(
        o.timed_out.is_none() && took < RUN_LIMIT,
        "{input}: took {took:?}"
    );
    o.into_output()
}

/// The source line `line` (1-based) of `src` as the diagnostic shows it,
/// or `None` when the diagnostic shows none (no such line, binary text,
/// an empty input).
fn shown_line(src: &[u8], line: usize) -> Option<String> {
    if src.is_empty() {
        return None;
    }
    let text = src.split(|&b| b == b'\n').nth(line.checked_sub(1)?)?;
    let text = text.strip_suffix(b"\r").unwrap_or(text);
    if text.iter().any(|&b| (b < 0x20 && b != b'\t') || b == 0x7F) {
        return None;
    }
    Some(String::from_utf8_lossy(text).into_owned())
}

/// The caret line for 1-based byte column `col` of `text`.
fn caret(text: &[u8], col: usize) -> String {
    let mut s: String = text
        .iter()
        .take(col.saturating_sub(1))
        .map(|&b| if b == b'\t' { '\t' } else { ' ' })
        .collect();
    s.push('^');
    s
}

/// Checks an error run: status 1, no output, the first line, the source
/// line and the caret. Returns the problems found.
fn check_error(name: &str, src: &[u8], expected: &str, o: &Output, out: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let stderr = String::from_utf8_lossy(&o.stderr);
    if o.status.code() != Some(1) {
        problems.push(format!("exit status {:?}, expected 1", o.status.code()));
    }
    if out.exists() {
        problems.push("the output file was created".into());
    }
    let lines: Vec<&str> = stderr.lines().collect();
    let want = format!("{name}:{expected}");
    if lines.first() != Some(&want.as_str()) {
        problems.push(format!("first line {:?}, expected {want:?}", lines.first()));
        return problems;
    }
    let mut pos = expected.splitn(3, ':');
    let line: usize = pos.next().and_then(|l| l.parse().ok()).unwrap_or(0);
    let col: usize = pos.next().and_then(|c| c.parse().ok()).unwrap_or(0);
    if let Some(text) = shown_line(src, line) {
        let raw = src.split(|&b| b == b'\n').nth(line - 1).unwrap_or_default();
        let want_caret = caret(raw, col);
        if lines.get(1) != Some(&text.as_str()) || lines.get(2) != Some(&want_caret.as_str()) {
            problems.push(format!(
                "source line and caret {:?}, expected {:?}",
                lines.get(1..3),
                [text, want_caret]
            ));
        }
    }
    problems
}

/// What opt-19 says about `name`, in the `; LLVM:` notation (`same` when
/// its first line is `ours`).
fn llvm_verdict(cwd: &Path, name: &str, ours: Option<&str>) -> String {
    let o = loopwright_testkit::run(
        Command::new("opt-19")
            .current_dir(cwd)
            .args(["-disable-output", name]),
        loopwright_testkit::run::TIMEOUT,
    );
    if o.success() {
        return "accepts".into();
    }
    let stderr = String::from_utf8_lossy(&o.stderr);
    let first = stderr.lines().next().unwrap_or("").to_string();
    if let Some(rest) = first.strip_prefix(&format!("opt-19: {name}:")) {
        if rest.starts_with(|c: char| c.is_ascii_digit()) {
            return if Some(rest) == ours {
                "same".into()
            } else {
                rest.to_string()
            };
        }
        if let Some(e) = rest.strip_prefix(" error: ") {
            return format!("error: {e}");
        }
    }
    if stderr.contains("input module is broken!") {
        return format!("broken module: {first}");
    }
    format!("fails: {first}")
}

#[test]
fn corpus_cases_fail_cleanly_with_the_expected_diagnostic() {
    let dir = corpus_dir();
    let cases = load_cases();
    loopwright_testkit::floors::check("malformed.cases", cases.len());
    let llvm = have_llvm();
    let tmp = scratch("corpus");
    let mut failures = Vec::new();
    let (mut rejected_by_llvm, mut same_pos, mut same_msg) = (0, 0, 0);
    for (i, c) in cases.iter().enumerate() {
        // loopwright reads bitcode through llvm-dis-19, whose message the
        // bitcode cases expect.
        if !llvm && c.name.ends_with(".bc") {
            continue;
        }
        let src = std::fs::read(dir.join(&c.name)).expect("read case");
        let out = tmp.join(format!("out{i}.ll"));
        let o = run_loopwright(&dir, &c.name, &out);
        let stderr = String::from_utf8_lossy(&o.stderr);
        let mut problems = Vec::new();
        if stderr.contains("panicked") || stderr.contains("overflowed its stack") {
            problems.push("panicked".to_string());
        }
        match &c.error {
            Some(e) => problems.extend(check_error(&c.name, &src, e, &o, &out)),
            None => {
                if !o.status.success() {
                    problems.push(format!("failed, expected success:\n{stderr}"));
                } else if !out.exists() {
                    problems.push("no output file".into());
                } else if llvm {
                    if let Some(p) = common::verify_problem(&out) {
                        problems.push(p);
                    }
                }
                for w in &c.warnings {
                    if !stderr.contains(w.as_str()) {
                        problems.push(format!("warning {w:?} missing from:\n{stderr}"));
                    }
                }
            }
        }
        if llvm {
            let verdict = llvm_verdict(&dir, &c.name, c.error.as_deref());
            if verdict != c.llvm {
                problems.push(format!(
                    "opt-19 now says {verdict:?}, the case records {:?}",
                    c.llvm
                ));
            }
            // Statistics over the cases LLVM rejects with a position.
            let llvm_first = if verdict == "same" {
                c.error.clone()
            } else if verdict.starts_with(|ch: char| ch.is_ascii_digit()) {
                Some(verdict.clone())
            } else {
                None
            };
            if let (Some(theirs), Some(ours)) = (llvm_first, &c.error) {
                rejected_by_llvm += 1;
                let split = |s: &str| {
                    let mut p = s.splitn(3, ':');
                    let pos = (
                        p.next().unwrap_or("").to_string(),
                        p.next().unwrap_or("").to_string(),
                    );
                    (pos, p.next().unwrap_or("").to_string())
                };
                let (tp, tm) = split(&theirs);
                let (op, om) = split(ours);
                same_pos += usize::from(tp == op);
                same_msg += usize::from(tm == om);
            }
        }
        if !problems.is_empty() {
            failures.push(format!("{}:\n  {}", c.name, problems.join("\n  ")));
        }
        let _ = std::fs::remove_file(&out);
    }
    eprintln!(
        "malformed: {} cases; opt-19 rejects {rejected_by_llvm} of them with a position: same \
         line:col in {same_pos}, same message in {same_msg}",
        cases.len()
    );
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    if llvm {
        loopwright_testkit::floors::check_all(&[
            ("malformed.rejected_by_llvm_with_position", rejected_by_llvm),
            ("malformed.same_position", same_pos),
            ("malformed.same_message", same_msg),
        ]);
    }
}

/// Generated inputs too large to commit.
#[test]
fn generated_cases_fail_cleanly() {
    let tmp = scratch("generated");
    let n = 100_000;
    let mut cases: Vec<(&str, Vec<u8>, String)> = vec![
        (
            "nested_struct_constants.ll",
            format!("@g = global {} zeroinitializer\n", "{ ".repeat(n)).into_bytes(),
            "1:525: error: nesting too deep (more than 256 levels)".into(),
        ),
        (
            "nested_constant_exprs.ll",
            format!(
                "@g = global ptr {}@g{}\n",
                "getelementptr (i8, ptr ".repeat(n),
                ", i64 1)".repeat(n)
            )
            .into_bytes(),
            "1:5897: error: nesting too deep (more than 256 levels)".into(),
        ),
        (
            "nested_metadata.ll",
            format!("!0 = {}{}\n", "!{".repeat(n), "}".repeat(n)).into_bytes(),
            "1:520: error: nesting too deep (more than 256 levels)".into(),
        ),
        (
            "nested_array_types.ll",
            format!(
                "@g = global {}i32{} zeroinitializer\n",
                "[1 x ".repeat(n),
                "]".repeat(n)
            )
            .into_bytes(),
            "1:1293: error: nesting too deep (more than 256 levels)".into(),
        ),
    ];
    // A large module cut in the middle of its last instruction.
    let mut big = String::from("define i32 @f(i32 %a) {\nentry:\n  %v0 = add i32 %a, 1\n");
    for k in 1..200_000 {
        big.push_str(&format!("  %v{k} = xor i32 %v{}, {k}\n", k - 1));
    }
    big.push_str("  %last = mul i32 %v199999,");
    cases.push((
        "truncated_large_function.ll",
        big.into_bytes(),
        "200003:28: error: expected value token".into(),
    ));
    let mut failures = Vec::new();
    for (name, bytes, expected) in &cases {
        std::fs::write(tmp.join(name), bytes).expect("write case");
        let out = tmp.join("out.ll");
        let o = run_loopwright(&tmp, name, &out);
        let problems = check_error(name, bytes, expected, &o, &out);
        if !problems.is_empty() {
            failures.push(format!("{name}:\n  {}", problems.join("\n  ")));
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
