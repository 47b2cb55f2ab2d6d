//! Bitcode in and out of the `loopwright` binary: a `.bc` input is read
//! through llvm-dis-19, a `-o FILE.bc` output (without `-S`) is written
//! through llvm-as-19, and without those tools the run fails with one line
//! naming the Debian package, leaving no output file.
//!
//! The module is `tests/selftest/sum.ll` (loops that unroll, debug
//! records). What is compared: the optimized module (text read back by
//! opt-19, so numbering and the `ModuleID` line do not matter) and the
//! remarks, against the same run on the textual input; the comparison is
//! shown to fail on a deliberately changed module first.

mod common;

use loopwright_testkit::run::TIMEOUT;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const TOOLS: &[&str] = &["opt-19", "llvm-as-19", "llvm-dis-19"];

fn loopwright(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_loopwright"));
    cmd.current_dir(dir)
        .args(args)
        .arg("-pass-remarks=loop-unroll");
    match stdin {
        Some(b) => loopwright_testkit::run_with_input(&mut cmd, b, TIMEOUT).into_output(),
        None => loopwright_testkit::run(&mut cmd, TIMEOUT).into_output(),
    }
}

/// The module in `path` (text or bitcode) as opt-19 prints it, without
/// the `ModuleID` line.
fn canonical(path: &Path) -> String {
    let o = loopwright_testkit::run_ok(
        Command::new("opt-19").arg("-S").arg(path).args(["-o", "-"]),
        TIMEOUT,
    );
    o.stdout_text()
        .lines()
        .filter(|l| !l.starts_with("; ModuleID"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Problems when `got` is not the module `want` is.
fn module_problem(want: &Path, got: &Path) -> Option<String> {
    let (a, b) = (canonical(want), canonical(got));
    (a != b).then(|| {
        let line = a
            .lines()
            .zip(b.lines())
            .find(|(x, y)| x != y)
            .map(|(x, y)| format!("expected `{x}`, got `{y}`"))
            .unwrap_or_else(|| "different lengths".into());
        format!("{} differs from {}: {line}", got.display(), want.display())
    })
}

fn setup(name: &str) -> Option<(PathBuf, PathBuf)> {
    if !loopwright_testkit::require(TOOLS) {
        return None;
    }
    let dir = common::work_dir(name);
    let ll = dir.join("sum.ll");
    std::fs::copy(common::root().join("tests/selftest/sum.ll"), &ll).expect("copy sum.ll");
    loopwright_testkit::run_ok(
        Command::new("llvm-as-19")
            .arg(&ll)
            .arg("-o")
            .arg(dir.join("sum.bc")),
        TIMEOUT,
    );
    Some((dir, ll))
}

#[test]
fn bitcode_input_and_output() {
    let Some((dir, _)) = setup("bitcode-io") else {
        return;
    };
    // Reference: textual in, textual out.
    let text = loopwright(&dir, &["sum.ll", "-o", "text.ll"], None);
    assert!(text.status.success(), "{text:?}");
    let remarks = String::from_utf8_lossy(&text.stderr).into_owned();
    assert!(remarks.contains("remark: "), "{remarks}");

    // The comparison can fail: a module with an `add` turned into `sub`.
    let good = std::fs::read_to_string(dir.join("text.ll")).unwrap();
    let bad = loopwright_testkit::mutate::flip_add_to_sub(&good, |_| true).expect("an add");
    std::fs::write(dir.join("bad.ll"), bad).unwrap();
    assert!(module_problem(&dir.join("text.ll"), &dir.join("bad.ll")).is_some());

    // Bitcode in, text out: the same module and remarks.
    let o = loopwright(&dir, &["sum.bc", "-o", "from_bc.ll"], None);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(String::from_utf8_lossy(&o.stderr), remarks);
    assert_eq!(
        module_problem(&dir.join("text.ll"), &dir.join("from_bc.ll")),
        None
    );
    let first = std::fs::read_to_string(dir.join("from_bc.ll")).unwrap();
    assert!(first.starts_with("; ModuleID = 'sum.bc'"), "{first:.60}");

    // Bitcode on standard input.
    let bc = std::fs::read(dir.join("sum.bc")).unwrap();
    let o = loopwright(&dir, &["-", "-o", "stdin.ll"], Some(&bc));
    assert!(o.status.success(), "{o:?}");
    assert_eq!(
        module_problem(&dir.join("text.ll"), &dir.join("stdin.ll")),
        None
    );

    // Bitcode out: `-o X.bc` without -S; with -S, text.
    let o = loopwright(&dir, &["sum.ll", "-o", "out.bc"], None);
    assert!(o.status.success(), "{o:?}");
    let out = std::fs::read(dir.join("out.bc")).unwrap();
    assert!(out.starts_with(b"BC\xC0\xDE"), "not bitcode");
    assert_eq!(
        module_problem(&dir.join("text.ll"), &dir.join("out.bc")),
        None
    );
    let o = loopwright(&dir, &["sum.bc", "-S", "-o", "text.bc"], None);
    assert!(o.status.success(), "{o:?}");
    let out = std::fs::read_to_string(dir.join("text.bc")).expect("text in text.bc");
    assert!(out.starts_with("; ModuleID"));
    // Standard output is text even for bitcode input.
    let o = loopwright(&dir, &["sum.bc"], None);
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("; ModuleID"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_tools_are_one_clear_line() {
    let Some((dir, _)) = setup("bitcode-missing") else {
        return;
    };
    // A PATH with none of LLVM's tools.
    let empty = dir.join("empty-path");
    std::fs::create_dir_all(&empty).unwrap();
    let run = |args: &[&str]| {
        loopwright_testkit::run(
            Command::new(env!("CARGO_BIN_EXE_loopwright"))
                .current_dir(&dir)
                .env("PATH", &empty)
                .args(args),
            TIMEOUT,
        )
    };
    let o = run(&["sum.bc", "-o", "x.ll"]);
    assert_eq!(o.code(), Some(1));
    let err = o.stderr_text();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("sum.bc:1:1: error: ")
            && err.contains("llvm-dis-19")
            && err.contains("llvm-19"),
        "{err}"
    );
    assert!(!dir.join("x.ll").exists());

    std::fs::write(dir.join("keep.bc"), b"old").unwrap();
    let o = run(&["sum.ll", "-o", "keep.bc"]);
    assert_eq!(o.code(), Some(1));
    let err = o.stderr_text();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("llvm-as-19") && err.contains("-S"), "{err}");
    assert_eq!(std::fs::read(dir.join("keep.bc")).unwrap(), b"old");
    let _ = std::fs::remove_dir_all(&dir);
}
