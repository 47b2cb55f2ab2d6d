//! Self-tests of the shared helpers in `common/mod.rs`: the `lli-19`
//! comparison (`common::lli`, `common::lli_problem`) must report a program
//! that runs differently or loops forever, and the code comparison up to
//! names (`common::structural_text`) must notice each deliberately wrong
//! output of `tests/selftest/sum.ll`, and the opt-19 verification
//! (`common::verify_problem`) must fail on invalid debug info, which opt-19
//! only warns about. Skipped with a notice when LLVM 19 is not installed
//! (an error under CI).

mod common;

use std::time::{Duration, Instant};

/// A program that never ends.
const FOREVER: &str = "define i32 @main() {\nentry:\n  %p = alloca i32\n  br label %loop\n\
loop:\n  store volatile i32 0, ptr %p\n  br label %loop\n}\n";

#[test]
fn lli_comparison_reports_wrong_runs_and_hangs() {
    if !common::have_conformance_tools("common_self_test") {
        return;
    }
    let work = common::work_dir("lli-self-test");
    let program = common::self_test_program();
    let expected = common::lli(&program.path);
    assert_eq!(
        (
            expected.code,
            expected.stdout.as_slice(),
            expected.timed_out
        ),
        (Some(0), &b"88\n"[..], false)
    );
    assert_eq!(common::lli_problem(&expected, &expected.clone()), None);
    // Wrong code: each wrong output that changes what the program does is
    // reported.
    let reference = work.join("reference.ll");
    std::fs::copy(&program.path, &reference).expect("copy");
    for (what, wrong) in common::wrong_outputs(&reference) {
        let got = common::lli(&wrong);
        let problem = common::lli_problem(&expected, &got);
        if what == common::DROPPED_DEBUG_RECORD || what == common::INVALID_DEBUG_INFO {
            assert_eq!(problem, None, "debug info changes nothing at run time");
        } else {
            assert!(problem.is_some(), "{what}: runs as the input: {got:?}");
        }
    }
    // Another exit status alone is a difference.
    let mut exit1 = expected.clone();
    exit1.code = Some(1);
    assert!(common::lli_problem(&expected, &exit1).is_some());
    // A program that loops forever is killed at the time limit and reported.
    let forever = work.join("forever.ll");
    std::fs::write(&forever, FOREVER).expect("write");
    let start = Instant::now();
    let got = common::lli_within(&forever, Duration::from_secs(2));
    assert!(start.elapsed() < Duration::from_secs(30));
    assert!(got.timed_out && got.code.is_none(), "{got:?}");
    let problem = common::lli_problem(&expected, &got).expect("a timeout is a problem");
    assert!(problem.contains("timed out"), "{problem}");
    // Two runs that both time out are not the same run.
    assert!(common::lli_problem(&got, &got.clone()).is_some());
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn code_comparison_notices_each_wrong_output() {
    if !common::have_conformance_tools("common_self_test") {
        return;
    }
    let work = common::work_dir("structural-self-test");
    let program = common::self_test_program();
    let reference = work.join("reference.ll");
    std::fs::copy(&program.path, &reference).expect("copy");
    let right = common::structural_text(&reference);
    assert_eq!(right, common::structural_text(&program.path));
    for (what, wrong) in common::wrong_outputs(&reference) {
        assert_ne!(
            common::structural_text(&wrong),
            right,
            "{what}: the comparison up to names does not notice"
        );
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// `common::verify_problem`, the one opt-19 verification of every suite,
/// fails on output that opt-19 accepts with a debug-info warning (which a
/// check of the exit status alone lets through): a debug record located in
/// another function ([`common::INVALID_DEBUG_INFO`]), an inlinable call
/// without a `!dbg` location, a wrong debug-info version; and on a module
/// opt-19 rejects. The input itself passes.
#[test]
fn verification_fails_on_invalid_debug_info() {
    if !common::have_conformance_tools("common_self_test") {
        return;
    }
    let work = common::work_dir("verify-self-test");
    let program = common::self_test_program();
    assert_eq!(common::verify_problem(&program.path), None);
    let reference = work.join("reference.ll");
    std::fs::copy(&program.path, &reference).expect("copy");
    let (_, misplaced) = common::wrong_outputs(&reference)
        .into_iter()
        .find(|(what, _)| *what == common::INVALID_DEBUG_INFO)
        .expect("an invalid-debug-info output");
    let text = std::fs::read_to_string(&program.path).expect("read");
    let edit = |from: &str, to: &str, name: &str| {
        assert!(text.contains(from), "{from}");
        let path = work.join(name);
        std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
        path
    };
    let no_call_location = edit(
        "%s = call i32 @sum(ptr @a, i64 8), !dbg !22",
        "%s = call i32 @sum(ptr @a, i64 8)",
        "no-call-location.ll",
    );
    let old_version = edit(
        "!\"Debug Info Version\", i32 3",
        "!\"Debug Info Version\", i32 2",
        "old-version.ll",
    );
    for (what, path, says) in [
        ("a misplaced location", &misplaced, "invalid debug info"),
        (
            "a call without a location",
            &no_call_location,
            "invalid debug info",
        ),
        ("an old debug-info version", &old_version, "invalid version"),
    ] {
        let v = common::verify(path);
        let problem = v.problem().unwrap_or_else(|| panic!("{what}: passes"));
        assert!(!v.clean() && problem.contains(says), "{what}: {problem}");
        assert!(problem.contains("accepts the output"), "{what}: {problem}");
    }
    // A module opt-19 rejects.
    let broken = edit("ret i32 %r, !dbg !17", "ret i32 %x, !dbg !17", "broken.ll");
    let problem = common::verify_problem(&broken).expect("a broken module passes");
    assert!(problem.contains("rejects the output"), "{problem}");
    let _ = std::fs::remove_dir_all(&work);
}
