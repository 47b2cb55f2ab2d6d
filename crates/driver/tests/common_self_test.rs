//! Self-tests of the shared helpers in `common/mod.rs`: the `lli-19`
//! comparison (`common::lli`, `common::lli_problem`) must report a program
//! that runs differently or loops forever, and the code comparison up to
//! names (`common::structural_text`) must notice each deliberately wrong
//! output of `tests/selftest/sum.ll`. Skipped with a notice when LLVM 19 is
//! not installed (an error under CI).

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
        if what == common::DROPPED_DEBUG_RECORD {
            assert_eq!(problem, None, "a debug record changes nothing at run time");
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
