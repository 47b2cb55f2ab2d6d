//! Replays the fuzz corpora on stable Rust, without cargo-fuzz: this is how
//! CI keeps every input the fuzzers ever found interesting (and every
//! crasher they found) passing.
//!
//! Every file of `fuzz/corpus/*/` and of `tests/fuzz_regressions/` goes
//! through the checks of every fuzz target (`parse`, `roundtrip`,
//! `verify_print`). The checks are not copied: `fuzz/src/lib.rs` is
//! compiled into this test, so the replay runs exactly the code the fuzzers
//! run. A panic or a broken property fails the test, naming the file and
//! the target. The number of files of each directory is a floor
//! (`parse.fuzz.*` in `tests/floors.toml`): a directory that loses files
//! fails the test.

#[path = "../../../fuzz/src/lib.rs"]
mod checks;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Stack of the replay thread: as much as `parse_module` gives the parser,
/// since the fuzz targets parse on the caller's thread and unoptimised
/// test builds use far more stack per nesting level than the fuzzers.
const STACK: usize = 256 << 20;

/// The repository root: this crate lives in `crates/parse`.
fn repo_root() -> PathBuf {
    let parse = Path::new(env!("CARGO_MANIFEST_DIR"));
    parse
        .parent()
        .and_then(Path::parent)
        .unwrap_or(parse)
        .to_path_buf()
}

/// The regular, non-hidden files of `dir`, sorted (libFuzzer leaves
/// `.tmp*` files behind when interrupted).
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut v: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| !n.starts_with('.'))
        })
        .collect();
    v.sort();
    v
}

/// The fuzz targets' corpus directories, `fuzz/corpus/<target>/`.
fn corpus_dirs() -> Vec<PathBuf> {
    let corpus = repo_root().join("fuzz/corpus");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&corpus)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", corpus.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic with a non-string payload".to_string()
    }
}

/// A fuzz target's property: `Err` or a panic is a failure.
type Check = fn(&[u8]) -> Result<(), String>;

/// The fuzz targets, by name, and their checks.
const TARGETS: &[(&str, Check)] = &[
    ("parse", checks::check_parse),
    ("roundtrip", checks::check_roundtrip),
    ("verify_print", checks::check_verify_print),
];

/// The outcome of a replay: one line per failure, and the slowest file
/// with its time.
type Outcome = (Vec<String>, Option<(PathBuf, Duration)>);

/// Runs every check on every file.
fn replay(files: &[PathBuf], targets: &[(&str, Check)]) -> Outcome {
    let mut failures = Vec::new();
    let mut slowest: Option<(PathBuf, Duration)> = None;
    for path in files {
        let data = match std::fs::read(path) {
            Ok(d) => d,
            Err(e) => {
                failures.push(format!("{}: cannot read: {e}", path.display()));
                continue;
            }
        };
        let start = Instant::now();
        for &(target, check) in targets {
            match catch_unwind(AssertUnwindSafe(|| check(&data))) {
                Ok(Ok(())) => {}
                Ok(Err(msg)) => failures.push(format!("{} [{target}]: {msg}", path.display())),
                Err(p) => failures.push(format!(
                    "{} [{target}]: panicked: {}",
                    path.display(),
                    panic_message(p.as_ref())
                )),
            }
        }
        let took = start.elapsed();
        if slowest.as_ref().is_none_or(|(_, t)| took > *t) {
            slowest = Some((path.clone(), took));
        }
    }
    (failures, slowest)
}

fn replay_on_big_stack(files: Vec<PathBuf>, targets: &'static [(&'static str, Check)]) -> Outcome {
    std::thread::Builder::new()
        .name("fuzz-replay".into())
        .stack_size(STACK)
        .spawn(move || replay(&files, targets))
        .expect("spawn the replay thread")
        .join()
        .expect("the replay thread catches every panic")
}

fn assert_replays(what: &str, files: Vec<PathBuf>) {
    let n = files.len();
    let (failures, slowest) = replay_on_big_stack(files, TARGETS);
    if let Some((path, took)) = slowest {
        println!(
            "{what}: {n} files replayed; slowest {} ({took:?})",
            path.display()
        );
    }
    assert!(
        failures.is_empty(),
        "{} failures in {n} {what} files:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fuzz_corpora_replay() {
    let dirs = corpus_dirs();
    let names: Vec<String> = dirs
        .iter()
        .filter_map(|d| d.file_name()?.to_str().map(str::to_string))
        .collect();
    for &(target, _) in TARGETS {
        assert!(
            names.iter().any(|n| n == target),
            "fuzz/corpus/{target}/ is missing (found {names:?})"
        );
    }
    for dir in dirs {
        let files = files_in(&dir);
        let name = dir.file_name().unwrap_or_default().to_string_lossy();
        loopwright_testkit::floors::check(&format!("parse.fuzz.corpus.{name}.files"), files.len());
        assert_replays(&dir.display().to_string(), files);
    }
    // FUZZ_REPLAY_DIRS (':'-separated) replays more directories, such as a
    // fuzzer's working corpus, without cargo-fuzz.
    if let Some(extra) = std::env::var_os("FUZZ_REPLAY_DIRS") {
        for dir in std::env::split_paths(&extra) {
            assert_replays(&dir.display().to_string(), files_in(&dir));
        }
    }
}

#[test]
fn fuzz_regressions_replay() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let files = files_in(&dir);
    loopwright_testkit::floors::check("parse.fuzz.regressions.files", files.len());
    assert_replays("fuzz_regressions", files);
}

/// Fails on inputs containing `err`, panics on inputs containing `panic`.
fn picky(data: &[u8]) -> Result<(), String> {
    if data.windows(5).any(|w| w == b"panic") {
        panic!("picky panics");
    }
    if data.windows(3).any(|w| w == b"err") {
        return Err("picky rejects".to_string());
    }
    Ok(())
}

/// The replay must be able to fail: a broken property, a panic and an
/// unreadable file are each reported with the file name and the target.
#[test]
fn replay_reports_failures_by_file() {
    let dir = std::env::temp_dir().join(format!("loopwright-fuzz-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut files = Vec::new();
    for (name, text) in [("a_ok", "ok"), ("b_err", "err"), ("c_panic", "panic")] {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("write");
        files.push(path);
    }
    files.push(dir.join("d_missing"));
    let (failures, slowest) = replay_on_big_stack(files.clone(), &[("picky", picky)]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(failures.len(), 3, "{failures:?}");
    assert!(failures[0].starts_with(&format!("{} [picky]: picky rejects", files[1].display())));
    assert!(failures[1].starts_with(&format!(
        "{} [picky]: panicked: picky panics",
        files[2].display()
    )));
    assert!(failures[2].starts_with(&format!("{}: cannot read", files[3].display())));
    assert!(slowest.is_some());
}
