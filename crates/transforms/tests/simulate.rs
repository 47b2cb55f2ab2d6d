//! The full-unroll cost simulation (LLVM 19's `analyzeLoopUnrollCost`):
//! its arithmetic on hand-written loops, and the decisions it leads to. The
//! expected costs are derived by hand below (opt-19 does not print them).
//! The decision thresholds are the smallest `-unroll-threshold` at which
//! `opt-19 -passes=loop-unroll-full` fully unrolls the same loop, and that
//! is asked of opt-19 live, on the same module ([`opt_threshold`]): the
//! number written here must be opt-19's, and the simulation must decide
//! the same at it and one below (`threshold_problem`, shown failing on a
//! wrong number by `threshold_check_fails_on_wrong_answers`). Without
//! opt-19 only the numbers written here are checked (an error under CI).

use loopwright_ir::{Func, Module};
use loopwright_testkit::tools::OPT;
use loopwright_transforms::remark::Remarks;
use loopwright_transforms::unroll::simulate::{
    analyze_loop_unroll_cost, boosting_factor, full_unroll_is_profitable, EstimatedUnrollCost,
    Limits,
};
use loopwright_transforms::unroll::{unroll_function, UnrollOptions};
use loopwright_transforms::{with_function, FnAnalyses};
use std::process::Command;

const HEADER: &str = r#"target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
"#;
const ATTRS: &str = r#"
attributes #0 = { nounwind "target-cpu"="x86-64" }
attributes #1 = { minsize optsize nounwind "target-cpu"="x86-64" }
"#;

fn module(body: &str) -> Module {
    let text = format!("{HEADER}{body}{ATTRS}");
    loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("parses")
}

/// Whether `opt-19 -passes=loop-unroll-full -unroll-threshold=T` fully
/// unrolls the loop of `body` (in the module [`module`] builds): its remark
/// says so.
fn opt_fully_unrolls(body: &str, threshold: u32) -> bool {
    let text = format!("{HEADER}{body}{ATTRS}");
    let out = loopwright_testkit::run_with_input(
        Command::new(OPT).args([
            "-passes=loop-unroll-full",
            &format!("-unroll-threshold={threshold}"),
            "-pass-remarks=loop-unroll",
            "-disable-output",
            "-",
        ]),
        text.as_bytes(),
        loopwright_testkit::run::TIMEOUT,
    );
    assert!(out.success(), "opt-19 fails:\n{}", out.stderr_text());
    out.stderr_text().contains("completely unrolled loop")
}

/// The smallest `-unroll-threshold` (up to 100) at which opt-19 fully
/// unrolls the loop of `body`, found by bisection (the decision only
/// grows with the threshold); `None` when it never does, or without
/// opt-19 (skipped with a notice, an error under CI).
fn opt_threshold(body: &str) -> Option<u32> {
    if !loopwright_testkit::require(&[OPT]) {
        return None;
    }
    let (mut lo, mut hi) = (0, 100);
    if !opt_fully_unrolls(body, hi) {
        return None;
    }
    // opt-19 unrolls at `hi` and not below `lo`.
    while lo < hi {
        let mid = (lo + hi) / 2;
        if opt_fully_unrolls(body, mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Some(hi)
}

/// The problem with the threshold `claimed` for the innermost loop of
/// `body` (trip count `trip_count`), if any: it must be opt-19's
/// (`theirs`, [`opt_threshold`]; not checked when `None`), and the
/// simulation's rule must unroll at it and not one below.
fn threshold_problem(
    body: &str,
    trip_count: u32,
    claimed: u32,
    theirs: Option<u32>,
) -> Option<String> {
    if theirs.is_some_and(|t| t != claimed) {
        return Some(format!(
            "opt-19 fully unrolls from threshold {theirs:?} on, not {claimed}"
        ));
    }
    if !profitable(body, trip_count, claimed) {
        return Some(format!("the simulation does not unroll at {claimed}"));
    }
    if claimed > 0 && profitable(body, trip_count, claimed - 1) {
        return Some(format!("the simulation already unrolls at {}", claimed - 1));
    }
    None
}

/// [`threshold_problem`] with opt-19 asked live: the threshold `claimed`
/// is where opt-19 and the simulation start to unroll.
#[track_caller]
fn assert_threshold(body: &str, trip_count: u32, claimed: u32) {
    if let Some(p) = threshold_problem(body, trip_count, claimed, opt_threshold(body)) {
        panic!("{p}");
    }
}

fn first_fn(m: &Module) -> Func {
    m.functions
        .iter()
        .find(|(_, f)| !f.is_declaration())
        .map(|(id, _)| id)
        .expect("a definition")
}

/// The simulation of the innermost loop of the first function.
fn simulate(body: &str, trip_count: u32, max_size: u32) -> Option<EstimatedUnrollCost> {
    let m = module(body);
    let f = &m.functions[first_fn(&m)];
    let a = FnAnalyses::compute(f);
    let l = a
        .loops
        .loops()
        .find(|&l| a.loops.is_innermost(l))
        .expect("a loop");
    analyze_loop_unroll_cost(&m, f, &a, l, trip_count, max_size, 10)
}

/// Whether LLVM's rule unrolls the innermost loop at `threshold`.
fn profitable(body: &str, trip_count: u32, threshold: u32) -> bool {
    let m = module(body);
    let f = &m.functions[first_fn(&m)];
    let a = FnAnalyses::compute(f);
    let l = a
        .loops
        .loops()
        .find(|&l| a.loops.is_innermost(l))
        .expect("a loop");
    let lim = Limits {
        threshold,
        max_percent_boost: 400,
        max_iterations: 10,
    };
    full_unroll_is_profitable(&m, f, &a, l, trip_count, lim)
}

/// `loop-unroll-full` with `-unroll-threshold`, returning the remarks.
fn unroll_full(body: &str, threshold: u32) -> Vec<String> {
    let mut m = module(body);
    let fid = first_fn(&m);
    let mut remarks = Remarks::new();
    let opts = UnrollOptions {
        threshold: Some(threshold),
        ..UnrollOptions::default()
    };
    with_function(&mut m, fid, |m, f| {
        unroll_function(m, f, &opts, true, &mut remarks)
    });
    loopwright_analysis::verify_module(&m).expect("verifies");
    remarks.all().iter().map(|r| r.message()).collect()
}

fn cost(unrolled: u32, rolled: u32) -> Option<EstimatedUnrollCost> {
    Some(EstimatedUnrollCost {
        unrolled_cost: unrolled,
        rolled_dynamic_cost: rolled,
    })
}

/// A sum of squares over a constant table: every load folds, and with it
/// the whole body. Nothing is left after unrolling.
const TABLE_SUM: &str = r#"
@t = internal constant [8 x i32] [i32 3, i32 1, i32 4, i32 1, i32 5, i32 9, i32 2, i32 6]
define i32 @f() #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds [8 x i32], ptr @t, i64 0, i64 %i
  %v = load i32, ptr %p
  %sq = mul i32 %v, %v
  %acc.next = add i32 %acc, %sq
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 8
  br i1 %c, label %exit, label %loop
exit:
  %r = phi i32 [ %acc.next, %loop ]
  ret i32 %r
}
"#;

#[test]
fn folded_table_loads_leave_nothing() {
    // Rolled, per iteration: load 1, mul 1, add 1, add 1, icmp 1, br 1.
    assert_eq!(simulate(TABLE_SUM, 8, 1000), cost(0, 48));
    // The whole threshold is boosted 4x; anything above 0 unrolls.
    assert_threshold(TABLE_SUM, 8, 1);
}

/// The same sum over a `zeroinitializer` table: LLVM folds only loads
/// from a ConstantDataSequential, so nothing folds but the first add
/// (`0 + v`).
#[test]
fn zeroinitializer_tables_do_not_fold() {
    let body = TABLE_SUM
        .replace(
            "[8 x i32] [i32 3, i32 1, i32 4, i32 1, i32 5, i32 9, i32 2, i32 6]",
            "[8 x i32] zeroinitializer",
        )
        .replace("%sq = mul i32 %v, %v\n", "")
        .replace("add i32 %acc, %sq", "add i32 %acc, %v");
    // Unrolled: 8 loads and 7 adds; rolled: 8 x (load, add, add, icmp, br).
    assert_eq!(simulate(&body, 8, 1000), cost(15, 40));
    // Boost 266: 15 < 7 * 266 / 100 = 18, but not < 6 * 266 / 100 = 15.
    assert_threshold(&body, 8, 7);
}

/// A loop-invariant multiply stored every iteration: after the first
/// iteration it is free; the stores stay.
const INVARIANT_STORE: &str = r#"
define void @f(ptr %out, i64 %a, i64 %b) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %inv = mul i64 %a, %b
  %p = getelementptr inbounds i64, ptr %out, i64 %i
  store i64 %inv, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 8
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
"#;

#[test]
fn invariant_values_are_free_after_the_first_iteration() {
    // mul i64 costs 2 (size and latency), an indexed store 2. Unrolled:
    // 8 stores + 1 multiply; rolled: 8 x (mul 2, store 2, add, icmp, br).
    assert_eq!(simulate(INVARIANT_STORE, 8, 1000), cost(18, 56));
    let c = simulate(INVARIANT_STORE, 8, 1000).expect("analyzed");
    assert_eq!(boosting_factor(&c, 400), 311);
    assert_threshold(INVARIANT_STORE, 8, 7);
    // Over the size limit (threshold x max boost), the analysis gives up.
    assert_eq!(simulate(INVARIANT_STORE, 8, 17), None);
    assert_eq!(simulate(INVARIANT_STORE, 8, 18), cost(18, 56));
}

#[test]
fn minsize_uses_code_size_costs() {
    let body = INVARIANT_STORE.replace(") #0 {", ") #1 {");
    // mul i64 costs 1 in code size: 8 stores x 2 + 1 multiply.
    assert_eq!(simulate(&body, 8, 1000), cost(17, 48));
}

/// A branch on `i == 3`: the heavy side is reached in one iteration only,
/// and the branch itself folds in every iteration.
const ONLY_THIRD: &str = r#"
define i32 @f(ptr %a, i32 %k) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %is3 = icmp eq i32 %i, 3
  br i1 %is3, label %then, label %else
then:
  %x = load i32, ptr %a
  %x2 = mul i32 %x, %k
  %x3 = xor i32 %x2, %s
  %x4 = add i32 %x3, 17
  %x5 = shl i32 %x4, 2
  br label %latch
else:
  %y = add i32 %s, %k
  br label %latch
latch:
  %s.next = phi i32 [ %x5, %then ], [ %y, %else ]
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, 9
  br i1 %c, label %exit, label %loop
exit:
  %r = phi i32 [ %s.next, %latch ]
  ret i32 %r
}
"#;

#[test]
fn folded_branches_hide_dead_blocks() {
    // Live: the chain of `s` through every iteration. Iterations 0-2 and
    // 4-8 add `k` (iteration 0's `0 + k` folds: 7 adds), iteration 3 runs
    // the heavy block (5 instructions), and each `else`/`then` ends in an
    // unconditional branch (9). Rolled: 9 x (icmp, br, add|5, br, add,
    // icmp, br) = 8 x 7 + 11.
    assert_eq!(simulate(ONLY_THIRD, 9, 1000), cost(21, 67));
    // opt-19 -passes=loop-unroll-full fully unrolls from threshold 7 on.
    assert_threshold(ONLY_THIRD, 9, 7);
}

#[test]
fn unanalyzable_loops() {
    // More iterations than `-unroll-max-iteration-count-to-analyze`.
    assert_eq!(simulate(TABLE_SUM, 11, 1000), None);
    // A call lowered to a real call.
    let call = TABLE_SUM
        .replace("%sq = mul i32 %v, %v", "%sq = call i32 @g(i32 %v)")
        .replace("define i32 @f()", "declare i32 @g(i32)\ndefine i32 @f()");
    assert_eq!(simulate(&call, 8, 1000), None);
    // A pointer-induction loop whose exit test does not fold and whose
    // body has nothing to fold: the first iteration finds no savings.
    let ptr_iv = r#"
define void @f(ptr %out, i32 %v) #0 {
entry:
  %end = getelementptr inbounds i8, ptr %out, i64 24
  br label %loop
loop:
  %p = phi ptr [ %out, %entry ], [ %p.next, %loop ]
  %x = load i32, ptr %p
  %y = add i32 %x, %v
  store i32 %y, ptr %p
  %p.next = getelementptr inbounds i8, ptr %p, i64 4
  %c = icmp eq ptr %p.next, %end
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
"#;
    assert_eq!(simulate(ptr_iv, 6, 1000), None);
}

#[test]
fn nested_loops_are_simulated_innermost_only() {
    let nest = r#"
@t = internal constant [4 x i32] [i32 7, i32 1, i32 8, i32 2]
define i32 @f(ptr %a) #0 {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %olatch ]
  %so = phi i32 [ 0, %entry ], [ %s.lcssa, %olatch ]
  br label %inner
inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %s = phi i32 [ %so, %outer ], [ %s.next, %inner ]
  %pt = getelementptr inbounds i32, ptr @t, i64 %i
  %tv = load i32, ptr %pt
  %s.next = add i32 %s, %tv
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 4
  br i1 %c, label %olatch, label %inner
olatch:
  %s.lcssa = phi i32 [ %s.next, %inner ]
  %j.next = add nuw nsw i64 %j, 1
  %oc = icmp eq i64 %j.next, 3
  br i1 %oc, label %exit, label %outer
exit:
  %r = phi i32 [ %s.lcssa, %olatch ]
  ret i32 %r
}
"#;
    let m = module(nest);
    let f = &m.functions[first_fn(&m)];
    let a = FnAnalyses::compute(f);
    let outer = a.loops.top_level()[0];
    assert_eq!(
        analyze_loop_unroll_cost(&m, f, &a, outer, 3, 1000, 10),
        None
    );
    // The inner loop: the loads fold but the sum starts from the outer
    // value, so the 4 adds stay.
    assert_eq!(simulate(nest, 4, 1000), cost(4, 20));
}

#[test]
fn the_unroller_uses_the_simulation() {
    // Plain estimate: (6 - 2) * 8 + 2 = 34. Under threshold 34 only the
    // simulation can unroll the loop. Each decision is opt-19's too.
    let done = vec!["completely unrolled loop with 8 iterations".to_owned()];
    let cases = [
        (TABLE_SUM, 2, true),
        (INVARIANT_STORE, 7, true),
        (INVARIANT_STORE, 6, false),
    ];
    let live = loopwright_testkit::require(&[OPT]);
    for (body, threshold, unrolls) in cases {
        let ours = unroll_full(body, threshold);
        assert_eq!(ours == done, unrolls, "threshold {threshold}: {ours:?}");
        assert!(unrolls || ours.is_empty());
        if live {
            assert_eq!(
                opt_fully_unrolls(body, threshold),
                unrolls,
                "opt-19 at {threshold}"
            );
        }
    }
}

/// The threshold check fails on deliberately wrong answers: a number
/// opt-19 does not give, and one where the simulation disagrees.
#[test]
fn threshold_check_fails_on_wrong_answers() {
    assert_eq!(threshold_problem(INVARIANT_STORE, 8, 7, Some(7)), None);
    // opt-19 says 7; a claim of 6 or 8 is wrong.
    let p = threshold_problem(INVARIANT_STORE, 8, 6, Some(7)).expect("6 is wrong");
    assert!(p.contains("opt-19"), "{p}");
    assert!(threshold_problem(INVARIANT_STORE, 8, 8, Some(7)).is_some());
    // Were opt-19 to say 6 or 8, the simulation would disagree.
    let p = threshold_problem(INVARIANT_STORE, 8, 6, None).expect("6 is wrong");
    assert!(p.contains("does not unroll"), "{p}");
    let p = threshold_problem(INVARIANT_STORE, 8, 8, None).expect("8 is wrong");
    assert!(p.contains("already unrolls"), "{p}");
    // And opt-19 itself, asked live, does not unroll at 6.
    if loopwright_testkit::require(&[OPT]) {
        assert!(!opt_fully_unrolls(INVARIANT_STORE, 6));
        assert!(opt_fully_unrolls(INVARIANT_STORE, 7));
    }
}
