//! Loop peeling without LLVM: the peel count LLVM 19's rules give on small
//! loops, and the shape and validity of peeled loops.

use loopwright_analysis::loopmd::LoopAttrs;
use loopwright_analysis::verify_module;
use loopwright_ir::{Func, Module, Opcode};
use loopwright_transforms::remark::Remarks;
use loopwright_transforms::unroll::peel::{
    check, compute_peel_count, peel_loop, PeelDecision, PeelPrefs, PeelReason, Rejection,
};
use loopwright_transforms::unroll::{unroll_function, UnrollOptions};
use loopwright_transforms::{with_function, FnAnalyses};

const PRELUDE: &str = "declare void @g(i32)\n\n";

/// `binary()` from LLVM's PhiAnalyzer comment: x, y and a are known after
/// 3, 2 and 1 iterations.
const CHAIN: &str = r#"
define void @f(i32 %n) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %ph, label %exit

ph:
  br label %loop

loop:
  %i = phi i32 [ 0, %ph ], [ %i.next, %loop ]
  %a = phi i32 [ 0, %ph ], [ 5, %loop ]
  %y = phi i32 [ 0, %ph ], [ %a1, %loop ]
  %x = phi i32 [ 0, %ph ], [ %y, %loop ]
  call void @g(i32 %x)
  call void @g(i32 %a)
  %a1 = add nuw nsw i32 %a, 1
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit.loopexit, label %loop

exit.loopexit:
  br label %exit

exit:
  ret void
}
"#;

/// A branch on `i < 2` inside the loop, and a value live after it.
const LT2: &str = r#"
define i32 @f(ptr %p, i32 %n) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %ph, label %exit

ph:
  br label %loop

loop:
  %i = phi i32 [ 0, %ph ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %ph ], [ %s.next, %latch ]
  %lt = icmp ult i32 %i, 2
  br i1 %lt, label %then, label %latch

then:
  call void @g(i32 %i)
  br label %latch

latch:
  %s.next = add i32 %s, %i
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit.loopexit, label %loop, !llvm.loop !0

exit.loopexit:
  %s.lcssa = phi i32 [ %s.next, %latch ]
  br label %exit

exit:
  %r = phi i32 [ 0, %entry ], [ %s.lcssa, %exit.loopexit ]
  ret i32 %r
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
"#;

fn module(body: &str) -> Module {
    let text = format!("{PRELUDE}{body}");
    loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("test module parses")
}

fn first_fn(m: &Module) -> Func {
    m.functions
        .iter()
        .find(|(_, f)| !f.is_declaration())
        .map(|(k, _)| k)
        .expect("a definition")
}

/// The decision for the function's only loop.
fn decide(m: &Module, prefs: &PeelPrefs, threshold: u32) -> Option<PeelDecision> {
    let f = &m.functions[first_fn(m)];
    let a = FnAnalyses::compute(f);
    let l = a.loops.loops().next().expect("a loop");
    compute_peel_count(m, f, &a, l, prefs, 5, 0, threshold)
}

fn prefs() -> PeelPrefs {
    PeelPrefs::gather(&UnrollOptions::default(), false)
}

#[test]
fn phis_that_become_invariant() {
    let m = module(CHAIN);
    let d = decide(&m, &prefs(), 300).expect("peeled");
    assert_eq!(
        d,
        PeelDecision {
            count: 3,
            reason: PeelReason::InvariantPhis
        }
    );
    // The size bounds the count: 30 / 5 - 1 = 5 still allows 3, 20 / 5 - 1
    // = 3 too, 15 / 5 - 1 = 2 caps it, and 2 * 5 > 9 forbids peeling.
    assert_eq!(decide(&m, &prefs(), 20).map(|d| d.count), Some(3));
    assert_eq!(decide(&m, &prefs(), 15).map(|d| d.count), Some(2));
    assert_eq!(decide(&m, &prefs(), 9), None);
    // Disallowed by the options.
    let off = PeelPrefs {
        allow_peeling: false,
        ..prefs()
    };
    assert_eq!(decide(&m, &off, 300), None);
}

#[test]
fn compares_on_the_induction_variable() {
    let m = module(LT2);
    let d = decide(&m, &prefs(), 300).expect("peeled");
    assert_eq!(
        d,
        PeelDecision {
            count: 2,
            reason: PeelReason::KnownCompares
        }
    );
    // `i == 0` needs one iteration; `i == 1` needs two (the equality holds
    // once, then never again).
    let eq0 = module(&LT2.replace("icmp ult i32 %i, 2", "icmp eq i32 %i, 0"));
    assert_eq!(decide(&eq0, &prefs(), 300).map(|d| d.count), Some(1));
    let eq1 = module(&LT2.replace("icmp ult i32 %i, 2", "icmp eq i32 %i, 1"));
    assert_eq!(decide(&eq1, &prefs(), 300).map(|d| d.count), Some(2));
    // A compare with an invariant outcome is not a reason to peel.
    let inv = module(&LT2.replace("icmp ult i32 %i, 2", "icmp ult i32 %n, 2"));
    assert_eq!(decide(&inv, &prefs(), 300), None);
}

#[test]
fn already_peeled_iterations_count() {
    // 6 already peeled: 2 more would exceed 7.
    let six = LT2.replace(
        "!0 = distinct !{!0, !1}",
        "!0 = distinct !{!0, !1, !2}\n!2 = !{!\"llvm.loop.peeled.count\", i32 6}",
    );
    assert_eq!(decide(&module(&six), &prefs(), 300), None);
    let five = six.replace("i32 6}", "i32 5}");
    assert_eq!(
        decide(&module(&five), &prefs(), 300).map(|d| d.count),
        Some(2)
    );
}

/// Runs `peel_loop` on the function's only loop.
fn peel(m: &mut Module, count: u32) -> bool {
    let fid = first_fn(m);
    with_function(m, fid, |m, f| {
        let a = FnAnalyses::compute(f);
        let l = a.loops.loops().next().expect("a loop");
        peel_loop(m, f, &a, l, count)
    })
}

#[test]
fn peeled_loop_shape() {
    let mut m = module(LT2);
    assert!(peel(&mut m, 2));
    verify_module(&m).expect("peeled module verifies");
    let f = &m.functions[first_fn(&m)];
    let names: Vec<&str> = f.layout.blocks().filter_map(|b| f.block_name(b)).collect();
    // Anchors and copies in LLVM's order, the loop after them.
    let expected_prefix = [
        "entry",
        "ph",
        "loop.peel.begin",
        "loop.peel",
        "then.peel",
        "latch.peel",
        "loop.peel.next",
        "loop.peel",
        "then.peel",
        "latch.peel",
        "loop.peel.next",
        "loop.peel.next",
        "ph.peel.newph",
        "loop",
    ];
    assert_eq!(&names[..expected_prefix.len()], &expected_prefix);
    // The exit is dedicated again: the loop's edge goes through a new
    // `.loopexit` block with an LCSSA phi.
    assert!(names.contains(&"exit.loopexit.loopexit"));
    // One loop remains, with the peeled count recorded after its other
    // attributes, and the copies' latches carry no LoopID.
    let a = FnAnalyses::compute(f);
    assert_eq!(a.loops.len(), 1);
    let l = a.loops.loops().next().expect("the loop");
    let id = a.loops.loop_id(f, &m.md, &a.cfg, l).expect("loop id");
    let attrs = LoopAttrs::of_module(&m, id).0;
    assert_eq!(attrs.peeled_count, Some(2));
    assert!(attrs.mustprogress);
    let with_loop_md = f
        .layout
        .blocks()
        .filter(|&b| {
            f.terminator(b)
                .is_some_and(|t| f.inst(t).md.get(loopwright_ir::MdKind::LOOP).is_some())
        })
        .count();
    assert_eq!(with_loop_md, 1);
    // The loop's phis start from the second copy's values.
    let header = a.loops.header(l);
    let phi = f.layout.block_insts(header).next().expect("a phi");
    assert_eq!(f.inst(phi).opcode, Opcode::Phi);
    let from_copy = f.inst(phi).operands()[0]
        .as_value()
        .and_then(|v| f.value_name(v).map(str::to_owned));
    assert_eq!(from_copy.as_deref(), Some("i.next.peel"));
}

#[test]
fn unroll_pass_peels_and_simplifies() {
    let mut m = module(LT2);
    let fid = first_fn(&m);
    let mut remarks = Remarks::new();
    let opts = UnrollOptions::default();
    with_function(&mut m, fid, |m, f| {
        unroll_function(m, f, &opts, false, &mut remarks)
    });
    verify_module(&m).expect("verifies");
    let r = &remarks.all()[0];
    assert_eq!(r.name, "Peeled");
    assert_eq!(r.message(), " peeled loop by 2 iterations");
    // In the loop, `i < 2` is now known false: the compare is gone and the
    // branch tests `false`; the copies keep theirs.
    let f = &m.functions[fid];
    let a = FnAnalyses::compute(f);
    let l = a.loops.loops().next().expect("the loop");
    let header = a.loops.header(l);
    let cmps_in_loop = a
        .loops
        .data(l)
        .blocks()
        .iter()
        .flat_map(|&b| f.layout.block_insts(b))
        .filter(|&i| f.inst(i).opcode == Opcode::ICmp)
        .count();
    assert_eq!(cmps_in_loop, 1, "only the exit test remains");
    let t = f.terminator(header).expect("terminator");
    assert!(matches!(
        f.inst(t).operands()[0],
        loopwright_ir::Operand::Const(_)
    ));
    let all_cmps = f
        .layout
        .blocks()
        .flat_map(|b| f.layout.block_insts(b))
        .filter(|&i| f.inst(i).opcode == Opcode::ICmp)
        .count();
    assert_eq!(all_cmps, 1 + 2 * 2 + 1, "entry guard, copies, exit test");
}

#[test]
fn forced_count_marks_the_loop_unrolled() {
    let mut m = module(CHAIN);
    let fid = first_fn(&m);
    let mut remarks = Remarks::new();
    let opts = UnrollOptions {
        peel_count: Some(4),
        ..UnrollOptions::default()
    };
    with_function(&mut m, fid, |m, f| {
        unroll_function(m, f, &opts, false, &mut remarks)
    });
    verify_module(&m).expect("verifies");
    assert_eq!(remarks.all()[0].message(), " peeled loop by 4 iterations");
    let f = &m.functions[fid];
    let a = FnAnalyses::compute(f);
    let l = a.loops.loops().next().expect("the loop");
    let id = a.loops.loop_id(f, &m.md, &a.cfg, l).expect("loop id");
    let attrs = LoopAttrs::of_module(&m, id).0;
    assert_eq!(attrs.peeled_count, Some(4));
    assert!(attrs.unroll.disable);
}

/// A latch that reaches the header by two edges of a `switch`.
const TWO_EDGES: &str = r#"
define void @f(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ], [ %i.next, %loop ]
  call void @g(i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %k = and i32 %i.next, 1
  switch i32 %k, label %exit [
    i32 0, label %loop
    i32 1, label %loop
  ]

exit:
  ret void
}
"#;

/// Peeling's legality is read-only and answers with a `Rejection`:
/// `peel_loop` refuses before its first edit (the module is unchanged),
/// and a loop `check` accepts is peeled.
#[test]
fn check_refuses_before_any_edit() {
    let mut m = module(TWO_EDGES);
    let before = loopwright_ir::print::print_module(&m);
    let why = |m: &Module, count: u32| {
        let f = &m.functions[first_fn(m)];
        let a = FnAnalyses::compute(f);
        let l = a.loops.loops().next().expect("a loop");
        check(m, f, &a, l, count).err()
    };
    assert_eq!(why(&m, 2), Some(Rejection::LatchEdgesToHeader));
    assert_eq!(why(&m, 0), Some(Rejection::ZeroCount));
    assert!(!peel(&mut m, 2));
    assert_eq!(loopwright_ir::print::print_module(&m), before);
    let mut m = module(LT2);
    assert_eq!(why(&m, 2), None);
    assert!(peel(&mut m, 2));
    assert_ne!(loopwright_ir::print::print_module(&m), before);
}
