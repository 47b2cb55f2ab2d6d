//! Unit tests: every kind and the near misses.

use super::*;
use crate::{ControlFlowGraph, DominatorTree, LoopForest};

/// The header phis of every loop of the first defined function: name,
/// summary and class.
fn phis(text: &str) -> Vec<(String, String, PhiClass)> {
    let m = loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("parses");
    crate::verify_module(&m).expect("verifies");
    let (_, f) = m
        .functions
        .iter()
        .find(|(_, f)| !f.is_declaration())
        .expect("a definition");
    let cfg = ControlFlowGraph::compute(f);
    let dt = DominatorTree::compute(&cfg);
    let lf = LoopForest::compute(&cfg, &dt);
    let mut se = ScalarEvolution::new(&m, f, &cfg, &dt, &lf);
    let pd = PhiDescriptors::compute(&m, f);
    let names = LocalNames::compute(f);
    let namer = Namer {
        m: &m,
        f,
        names: &names,
    };
    let mut out = Vec::new();
    for l in lf.preorder_in_program_order() {
        for info in pd.loop_phis(&mut se, l) {
            let name = namer.inst(info.phi);
            let text = info.class.describe(&se, &namer);
            out.push((name, text, info.class));
        }
    }
    out
}

/// The summary of phi `%name`.
fn of(v: &[(String, String, PhiClass)], name: &str) -> String {
    v.iter()
        .find(|(n, _, _)| n == &format!("%{name}"))
        .unwrap_or_else(|| panic!("no phi %{name} in {v:#?}"))
        .1
        .clone()
}

fn class<'v>(v: &'v [(String, String, PhiClass)], name: &str) -> &'v PhiClass {
    &v.iter()
        .find(|(n, _, _)| n == &format!("%{name}"))
        .unwrap_or_else(|| panic!("no phi %{name}"))
        .2
}

/// A counted loop over `ptr %a` with `BODY` in it; `%x` is `a[i]` of
/// type `T`, `%s` the phi under test with start `S`, `%s.next` its
/// backedge value, and `RET` what is returned after the loop.
fn counted(ty: &str, start: &str, body: &str, ret: &str) -> String {
    format!(
        r#"
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.maxnum.f32(float, float)
declare float @llvm.minimum.f32(float, float)
declare float @llvm.fmuladd.f32(float, float, float)
@g = global {ty} {start}
@h = global {ty} {start}

define {ty} @f(ptr noalias %a, ptr noalias %b, i64 %n, {ty} %inv) {{
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi {ty} [ {start}, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds {ty}, ptr %a, i64 %i
  %x = load {ty}, ptr %p
{body}
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
{ret}
}}
"#
    )
}

fn ret_next(ty: &str) -> String {
    format!("  %r = phi {ty} [ %s.next, %loop ]\n  ret {ty} %r")
}

fn sum_like(ty: &str, start: &str, body: &str) -> String {
    counted(ty, start, body, &ret_next(ty))
}

#[test]
fn canonical_induction() {
    let v = phis(&sum_like("i32", "0", "  %s.next = add i32 %s, %x"));
    assert_eq!(
        of(&v, "i"),
        "induction int: start 0, step 1, update %i.next"
    );
}

#[test]
fn integer_reductions() {
    for (op, kind, start) in [
        ("add", "add", "0"),
        ("sub", "add", "0"),
        ("mul", "mul", "1"),
        ("and", "and", "-1"),
        ("or", "or", "0"),
        ("xor", "xor", "0"),
    ] {
        let v = phis(&sum_like(
            "i32",
            start,
            &format!("  %s.next = {op} i32 %s, %x"),
        ));
        assert_eq!(
            of(&v, "s"),
            format!("reduction {kind}: start {start}, exit %s.next"),
            "{op}"
        );
        let Some(PhiClass::Reduction(d)) = Some(class(&v, "s")) else {
            panic!("not a reduction")
        };
        assert_eq!(d.ops.len(), 1);
        assert!(!d.ordered && d.exact_fp_math.is_none() && d.narrowed_bits.is_none());
    }
}

#[test]
fn sub_needs_the_phi_first() {
    let v = phis(&sum_like("i32", "0", "  %s.next = sub i32 %x, %s"));
    assert!(
        of(&v, "s").starts_with(
            "unidentified: not a reduction (%s.next does not take the cycle's value as its first operand)"
        ),
        "{}",
        of(&v, "s")
    );
}

#[test]
fn integer_min_max_in_both_forms() {
    for (pred, sel, kind) in [
        ("slt", "%x, i32 %s", "smin"),
        ("sgt", "%x, i32 %s", "smax"),
        ("ult", "%x, i32 %s", "umin"),
        ("ugt", "%x, i32 %s", "umax"),
        // The arms swapped: the inverse predicate.
        ("slt", "%s, i32 %x", "smax"),
        ("sge", "%s, i32 %x", "smin"),
    ] {
        let body = format!("  %cm = icmp {pred} i32 %x, %s\n  %s.next = select i1 %cm, i32 {sel}");
        let v = phis(&sum_like("i32", "0", &body));
        assert_eq!(
            of(&v, "s"),
            format!("reduction {kind}: start 0, exit %s.next"),
            "{pred} {sel}"
        );
    }
    for kind in ["smin", "smax", "umin", "umax"] {
        let body = format!("  %s.next = call i32 @llvm.{kind}.i32(i32 %s, i32 %x)");
        let v = phis(&sum_like("i32", "0", &body));
        assert_eq!(
            of(&v, "s"),
            format!("reduction {kind}: start 0, exit %s.next")
        );
    }
}

#[test]
fn min_with_mismatched_predicates() {
    // smin then smax in one cycle.
    let body = "  %m1 = call i32 @llvm.smin.i32(i32 %s, i32 %x)\n  \
                %s.next = call i32 @llvm.smax.i32(i32 %m1, i32 7)";
    let v = phis(&sum_like("i32", "0", body));
    assert!(
        of(&v, "s").contains("not a reduction (%m1 is a smin in a smax cycle)"),
        "{}",
        of(&v, "s")
    );
    // The compare's operands are not the select's.
    let body = "  %cm = icmp slt i32 %x, %inv\n  %s.next = select i1 %cm, i32 %x, i32 %s";
    let v = phis(&sum_like("i32", "0", body));
    assert!(of(&v, "s").starts_with("unidentified"), "{}", of(&v, "s"));
    // A compare used twice breaks the pattern.
    let body = "  %cm = icmp slt i32 %x, %s\n  %s.next = select i1 %cm, i32 %x, i32 %s\n  \
                store i1 %cm, ptr %b";
    let v = phis(&sum_like("i32", "0", body));
    assert!(of(&v, "s").starts_with("unidentified"), "{}", of(&v, "s"));
}

#[test]
fn float_sums_ordered_and_reassociable() {
    let v = phis(&sum_like("float", "0.0", "  %s.next = fadd float %s, %x"));
    assert_eq!(
        of(&v, "s"),
        "reduction fadd: start 0.0, exit %s.next, fast-math none, ordered, exact fp %s.next"
    );
    let v = phis(&sum_like(
        "float",
        "0.0",
        "  %s.next = fadd reassoc nsz float %s, %x",
    ));
    assert_eq!(
        of(&v, "s"),
        "reduction fadd: start 0.0, exit %s.next, fast-math reassoc nsz"
    );
    let v = phis(&sum_like(
        "float",
        "1.0",
        "  %s.next = fmul fast float %s, %x",
    ));
    assert_eq!(
        of(&v, "s"),
        "reduction fmul: start 1.0, exit %s.next, fast-math fast"
    );
    // Two operations without reassoc: exact, but not an ordered candidate.
    let body = "  %t = fadd float %s, %x\n  %s.next = fadd float %t, 1.0";
    let v = phis(&sum_like("float", "0.0", body));
    assert_eq!(
        of(&v, "s"),
        "reduction fadd: start 0.0, exit %s.next, fast-math none, exact fp %t"
    );
}

#[test]
fn float_min_max_need_nnan_nsz() {
    let body = "  %cm = fcmp nnan nsz olt float %x, %s\n  \
                %s.next = select nnan nsz i1 %cm, float %x, float %s";
    let v = phis(&sum_like("float", "0.0", body));
    assert_eq!(
        of(&v, "s"),
        "reduction fmin: start 0.0, exit %s.next, fast-math nnan nsz"
    );
    let body = "  %cm = fcmp ogt float %x, %s\n  %s.next = select i1 %cm, float %x, float %s";
    let v = phis(&sum_like("float", "0.0", body));
    assert!(
        of(&v, "s").contains("not a reduction (%cm lacks the nnan and nsz flags)"),
        "{}",
        of(&v, "s")
    );
    let body = "  %s.next = call nnan nsz float @llvm.maxnum.f32(float %s, float %x)";
    let v = phis(&sum_like("float", "0.0", body));
    assert_eq!(
        of(&v, "s"),
        "reduction fmax: start 0.0, exit %s.next, fast-math nnan nsz"
    );
    let body = "  %s.next = call float @llvm.minnum.f32(float %s, float %x)";
    let v = phis(&sum_like("float", "0.0", body));
    assert!(
        of(&v, "s").contains("lacks the nnan and nsz flags"),
        "{}",
        of(&v, "s")
    );
    // llvm.minimum needs no flags.
    let body = "  %s.next = call float @llvm.minimum.f32(float %s, float %x)";
    let v = phis(&sum_like("float", "0.0", body));
    assert_eq!(
        of(&v, "s"),
        "reduction fminimum: start 0.0, exit %s.next, fast-math none"
    );
}

#[test]
fn fmuladd_reductions() {
    let body = "  %s.next = call reassoc float @llvm.fmuladd.f32(float %x, float %x, float %s)";
    let v = phis(&sum_like("float", "0.0", body));
    assert_eq!(
        of(&v, "s"),
        "reduction fmuladd: start 0.0, exit %s.next, fast-math reassoc"
    );
    let body = "  %s.next = call float @llvm.fmuladd.f32(float %x, float %x, float %s)";
    let v = phis(&sum_like("float", "0.0", body));
    assert_eq!(
        of(&v, "s"),
        "reduction fmuladd: start 0.0, exit %s.next, fast-math none, ordered, exact fp %s.next"
    );
    let body = "  %s.next = call reassoc float @llvm.fmuladd.f32(float %s, float %x, float %x)";
    let v = phis(&sum_like("float", "0.0", body));
    assert!(
        of(&v, "s").contains("is a multiplicand of"),
        "{}",
        of(&v, "s")
    );
}

#[test]
fn any_of_reductions() {
    let body = "  %cm = icmp sgt i32 %x, 3\n  %s.next = select i1 %cm, i32 %inv, i32 %s";
    let v = phis(&sum_like("i32", "0", body));
    assert_eq!(of(&v, "s"), "reduction any-of: start 0, exit %s.next");
    let body = "  %y = sitofp i32 %x to float\n  %cm = fcmp olt float %y, 1.0\n  \
                %s.next = select i1 %cm, i32 %s, i32 7";
    let v = phis(&sum_like("i32", "0", body));
    // As in LLVM, a cast from the recurrence type is listed (here the
    // compare's `sitofp`).
    assert_eq!(
        of(&v, "s"),
        "reduction fany-of: start 0, exit %s.next, casts %y"
    );
    // Two selects: not an any-of.
    let body = "  %c1 = icmp sgt i32 %x, 3\n  %t = select i1 %c1, i32 3, i32 %s\n  \
                %c2 = icmp slt i32 %x, -3\n  %s.next = select i1 %c2, i32 3, i32 %t";
    let v = phis(&sum_like("i32", "0", body));
    assert!(
        of(&v, "s").starts_with(
            "unidentified: not a reduction (%s.next uses the cycle but is no any-of operation)"
        ),
        "{}",
        of(&v, "s")
    );
    // The compare reads the phi: still an any-of (opt-19 vectorizes it).
    let body = "  %cm = icmp sgt i32 %s, %x\n  %s.next = select i1 %cm, i32 7, i32 %s";
    let v = phis(&sum_like("i32", "0", body));
    assert_eq!(of(&v, "s"), "reduction any-of: start 0, exit %s.next");
    // The other arm varies in the loop.
    let body = "  %cm = icmp sgt i32 %x, 3\n  %s.next = select i1 %cm, i32 %x, i32 %s";
    let v = phis(&sum_like("i32", "0", body));
    assert!(of(&v, "s").starts_with("unidentified"), "{}", of(&v, "s"));
}

#[test]
fn conditional_sum() {
    let body = "  %cm = icmp sgt i32 %x, 3\n  %t = add i32 %s, %x\n  \
                %s.next = select i1 %cm, i32 %t, i32 %s";
    let v = phis(&sum_like("i32", "0", body));
    assert_eq!(of(&v, "s"), "reduction add: start 0, exit %s.next");
}

#[test]
fn partial_sum_escaping() {
    let body = "  %t = add i32 %s, %x\n  %s.next = add i32 %t, 1";
    let ret = "  %r = phi i32 [ %t, %loop ]\n  ret i32 %r";
    let v = phis(&counted("i32", "0", body, ret));
    assert!(
        of(&v, "s").starts_with(
            "unidentified: not a reduction (the partial value %t is used after the loop)"
        ),
        "{}",
        of(&v, "s")
    );
    // The phi itself after the loop.
    let ret = "  %r = phi i32 [ %s, %loop ]\n  ret i32 %r";
    let v = phis(&counted("i32", "0", "  %s.next = add i32 %s, %x", ret));
    assert!(
        of(&v, "s")
            .contains("the phi's value of the iteration before is used after the loop by %r"),
        "{}",
        of(&v, "s")
    );
}

#[test]
fn phi_used_by_two_reductions() {
    let text = r#"
define i32 @f(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %t = phi i32 [ 0, %entry ], [ %t.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p
  %s.next = add i32 %s, %x
  %t.next = add i32 %t, %s
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r1 = phi i32 [ %s.next, %loop ]
  %r2 = phi i32 [ %t.next, %loop ]
  %r = add i32 %r1, %r2
  ret i32 %r
}
"#;
    let v = phis(text);
    // %t sums the values of %s: a reduction with %s as an input.
    assert_eq!(of(&v, "t"), "reduction add: start 0, exit %t.next");
    // %s's cycle reaches %t (and %t.next leaves the loop besides
    // %s.next): not a reduction, and nothing else.
    assert!(
        of(&v, "s")
            .starts_with("unidentified: not a reduction (two values are used after the loop")
            || of(&v, "s").starts_with(
                "unidentified: not a reduction (the cycle goes through header phi %t)"
            ),
        "{}",
        of(&v, "s")
    );
    // One phi feeding two sums that meet again.
    let body = "  %u = add i32 %s, %x\n  %w = add i32 %s, 1\n  %s.next = add i32 %u, %w";
    let v = phis(&sum_like("i32", "0", body));
    assert!(
        of(&v, "s")
            .starts_with("unidentified: not a reduction (%s.next uses the cycle more than once)"),
        "{}",
        of(&v, "s")
    );
}

#[test]
fn intermediate_stores() {
    let body = "  %s.next = add i32 %s, %x\n  store i32 %s.next, ptr @g";
    let v = phis(&sum_like("i32", "0", body));
    assert_eq!(
        of(&v, "s"),
        "reduction add: start 0, exit %s.next, stored by <store>"
    );
    // Only stored, not used after the loop.
    let v = phis(&counted("i32", "0", body, "  ret i32 0"));
    assert_eq!(
        of(&v, "s"),
        "reduction add: start 0, exit %s.next, stored by <store>"
    );
    // To a[i]: the address varies.
    let body = "  %s.next = add i32 %s, %x\n  store i32 %s.next, ptr %p";
    let v = phis(&sum_like("i32", "0", body));
    assert!(
        of(&v, "s").contains("stores the value to an address that varies in the loop"),
        "{}",
        of(&v, "s")
    );
    // A partial value stored last: not the final value.
    let body = "  %t = add i32 %s, %x\n  %s.next = add i32 %t, 1\n  \
                store i32 %s.next, ptr @g\n  store i32 %t, ptr @g";
    let v = phis(&sum_like("i32", "0", body));
    assert!(of(&v, "s").starts_with("unidentified"), "{}", of(&v, "s"));
    // Two addresses.
    let body = "  %s.next = add i32 %s, %x\n  store i32 %s.next, ptr @g\n  \
                store i32 %s.next, ptr @h";
    let v = phis(&sum_like("i32", "0", body));
    assert!(of(&v, "s").contains("second address"), "{}", of(&v, "s"));
}

#[test]
fn masked_reduction_narrows() {
    // A sum of bytes kept in i32 and masked back to 8 bits, used as i8.
    let text = r#"
define i8 @f(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %m = and i32 %s, 255
  %p = getelementptr inbounds i8, ptr %a, i64 %i
  %x = load i8, ptr %p
  %xz = zext i8 %x to i32
  %s.next = add i32 %m, %xz
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = phi i32 [ %s.next, %loop ]
  %t = trunc i32 %r to i8
  ret i8 %t
}
"#;
    let v = phis(text);
    assert_eq!(
        of(&v, "s"),
        "reduction add: start 0, exit %s.next, in i8 (unsigned), casts %m, %xz"
    );
    let Some(PhiClass::Reduction(d)) = Some(class(&v, "s")) else {
        panic!()
    };
    assert_eq!(d.min_width_cast, None);
    // The full i32 value leaves the loop: the mask does not fit.
    let v = phis(&text.replace(
        "  %t = trunc i32 %r to i8\n  ret i8 %t",
        "  %t = trunc i32 %r to i8\n  store i32 %r, ptr %a\n  ret i8 %t",
    ));
    assert!(
        of(&v, "s").contains("the phi is masked to 8 bits but the value needs 16"),
        "{}",
        of(&v, "s")
    );
}

#[test]
fn first_order_recurrences() {
    let text = r#"
define void @f(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %prev = phi i32 [ 0, %entry ], [ %x, %loop ]
  %prev2 = phi i32 [ 0, %entry ], [ %prev, %loop ]
  %u = add i32 %prev, 1
  %w = mul i32 %u, %prev2
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p
  %d = sub i32 %x, %w
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %d, ptr %q
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;
    let v = phis(text);
    assert_eq!(
        of(&v, "prev"),
        "first-order recurrence: start 0, previous %x, sink %u, %w"
    );
    assert_eq!(
        of(&v, "prev2"),
        "second-order recurrence: start 0, previous %x, sink %w"
    );
}

#[test]
fn recurrence_users_that_cannot_move() {
    // A store of the phi before the load that defines the next value.
    let text = r#"
define void @f(ptr %a, ptr %b, i64 %n, i1 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %prev = phi i32 [ 0, %entry ], [ %x, %latch ]
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %prev, ptr %q
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p
  br i1 %k, label %then, label %latch
then:
  %y = add i32 %prev, %x
  store i32 %y, ptr %q
  br label %latch
latch:
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;
    let v = phis(text);
    assert!(
        of(&v, "prev").contains(
            "not a recurrence (<store> cannot move after the next value's definition: it has side effects)"
        ),
        "{}",
        of(&v, "prev")
    );
    // The next value in another block that does not dominate the user.
    let text = r#"
define void @f(ptr %a, ptr %b, i64 %n, i1 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %prev = phi i32 [ 0, %entry ], [ %x, %latch ]
  %u = add i32 %prev, 1
  br i1 %k, label %then, label %latch
then:
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %l = load i32, ptr %p
  br label %latch
latch:
  %x = phi i32 [ %l, %then ], [ %u, %loop ]
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;
    let v = phis(text);
    assert!(
        of(&v, "prev").contains("not a recurrence (%u uses the phi and defines its next value)")
            || of(&v, "prev").contains("not a recurrence (the backedge value"),
        "{}",
        of(&v, "prev")
    );
}

#[test]
fn recurrence_user_in_another_block() {
    let text = r#"
define void @f(ptr %a, ptr %b, i64 %n, i1 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %prev = phi i32 [ 0, %entry ], [ %x, %latch ]
  br i1 %k, label %then, label %latch
then:
  %u = add i32 %prev, 1
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %u, ptr %q
  br label %latch
latch:
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;
    let v = phis(text);
    assert!(
        of(&v, "prev")
            .contains("%u cannot move after the next value's definition: it is in another block"),
        "{}",
        of(&v, "prev")
    );
}

#[test]
fn induction_with_a_varying_step() {
    let text = r#"
define void @f(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %p = getelementptr inbounds i64, ptr %a, i64 %j
  %x = load i64, ptr %p
  %j.next = add i64 %j, %x
  %c = icmp ult i64 %j.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;
    let v = phis(text);
    assert!(
        of(&v, "j").contains("not an induction (not an add recurrence)"),
        "{}",
        of(&v, "j")
    );
}

#[test]
fn narrow_inductions() {
    // An i8 counter that wraps (300 iterations): an induction of its own
    // type, with no no-wrap claim.
    let text = r#"
define void @f(ptr %a) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %k = phi i8 [ 0, %entry ], [ %k.next, %loop ]
  %p = getelementptr inbounds i8, ptr %a, i32 %i
  store i8 %k, ptr %p
  %k.next = add i8 %k, 1
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 300
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;
    let v = phis(text);
    assert_eq!(
        of(&v, "k"),
        "induction int: start 0, step 1, update %k.next"
    );
    // An i64 counter kept in i8 by sext(trunc): an induction only if the
    // i8 recurrence does not wrap (a run-time check).
    let wrapped = |start: &str| {
        format!(
            r#"
define void @f(ptr %a, i64 %n) {{
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %k = phi i64 [ {start}, %entry ], [ %k.next, %loop ]
  %sh = shl i64 %k, 56
  %kc = ashr exact i64 %sh, 56
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  store i64 %kc, ptr %p
  %k.next = add i64 %kc, 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}}
"#
        )
    };
    let v = phis(&wrapped("0"));
    assert_eq!(
        of(&v, "k"),
        "induction int: start 0, step 1, update %k.next, \
         if {0,+,1}<%loop> Added Flags: <nssw>, casts %kc, %sh"
    );
    let Some(PhiClass::Induction(d)) = Some(class(&v, "k")) else {
        panic!()
    };
    assert_eq!(d.predicates.len(), 1);
    // Start 200 is not sext(trunc(200)) = -56: known false at compile time.
    let v = phis(&wrapped("200"));
    assert!(
        of(&v, "k").contains("not an induction (not an add recurrence)"),
        "{}",
        of(&v, "k")
    );
}

#[test]
fn pointer_and_float_inductions() {
    let text = r#"
define void @f(ptr %a, ptr %e, i64 %s, float %d) {
entry:
  br label %loop
loop:
  %p = phi ptr [ %a, %entry ], [ %p.next, %loop ]
  %q = phi ptr [ %a, %entry ], [ %q.next, %loop ]
  %x = phi float [ 0.0, %entry ], [ %x.next, %loop ]
  %y = phi float [ 1.0, %entry ], [ %y.next, %loop ]
  store float %x, ptr %p
  store float %y, ptr %q
  %p.next = getelementptr inbounds float, ptr %p, i64 1
  %q.next = getelementptr inbounds float, ptr %q, i64 %s
  %x.next = fadd fast float %x, 1.5
  %y.next = fsub float %y, %d
  %c = icmp ne ptr %p.next, %e
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;
    let v = phis(text);
    assert_eq!(of(&v, "p"), "induction ptr: start %a, step 4 bytes");
    assert!(
        of(&v, "q").contains("not an induction (a pointer induction with a variable step)"),
        "{}",
        of(&v, "q")
    );
    assert_eq!(
        of(&v, "x"),
        "induction fp: start 0.0, step 1.5, update %x.next"
    );
    assert_eq!(
        of(&v, "y"),
        "induction fp: start 1.0, step %d, update %y.next, exact fp %y.next"
    );
}

#[test]
fn odd_phis_do_not_panic() {
    // Two latches (no single latch), a self-referencing phi, a phi of
    // struct type, an unreachable block, a phi whose input is undefined.
    let text = r#"
define void @f(ptr %a, i1 %k, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ], [ %i.next, %other ]
  %s = phi i64 [ 0, %entry ], [ %s, %loop ], [ %s, %other ]
  %i.next = add i64 %i, 1
  br i1 %k, label %loop, label %other
other:
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @g(ptr %a, i64 %n) {
entry:
  br label %loop
dead:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ], [ 5, %dead ]
  %s = phi i64 [ 0, %entry ], [ %s, %loop ], [ %s, %dead ]
  %t = phi { i32, i32 } [ zeroinitializer, %entry ], [ %t, %loop ], [ %t, %dead ]
  %u = phi i32 [ undef, %entry ], [ %u, %loop ], [ poison, %dead ]
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @h(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s, %loop ]
  %t = phi { i32, i32 } [ zeroinitializer, %entry ], [ %t, %loop ]
  %w = phi i1000 [ 0, %entry ], [ %w.next, %loop ]
  %w.next = add i1000 %w, 1
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;
    let m = loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("parses");
    crate::verify_module(&m).expect("verifies");
    let mut seen = Vec::new();
    for (_, f) in m.functions.iter().filter(|(_, f)| !f.is_declaration()) {
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        let mut se = ScalarEvolution::new(&m, f, &cfg, &dt, &lf);
        let pd = PhiDescriptors::compute(&m, f);
        let names = LocalNames::compute(f);
        let namer = Namer {
            m: &m,
            f,
            names: &names,
        };
        for l in lf.preorder_in_program_order() {
            for info in pd.loop_phis(&mut se, l) {
                seen.push(format!(
                    "{} {}",
                    namer.inst(info.phi),
                    info.class.describe(&se, &namer)
                ));
            }
        }
    }
    let text = seen.join("\n");
    assert!(
        text.contains("%i unidentified: the loop has several entries or several latches"),
        "{text}"
    );
    // @g: the unreachable block is a second predecessor from outside.
    assert_eq!(
        text.matches("the loop has several entries").count(),
        6,
        "{text}"
    );
    // @h: a phi that is its own backedge value is none of the three.
    assert!(text.contains("%s unidentified: not a reduction"), "{text}");
    assert!(
        text.contains("%t unidentified: no integer, floating-point or pointer type"),
        "{text}"
    );
    // An i1000 counter: scalar evolution does not model it.
    assert!(text.contains("%w "), "{text}");
}
