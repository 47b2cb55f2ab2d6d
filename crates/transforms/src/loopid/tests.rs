//! Unit tests of LoopID building: new LoopIDs, follow-ups, the LoopIDs of
//! the loops each transformation generates, and access groups. Modules are
//! parsed from `.ll` text; the expected LoopIDs are the ones opt-19 printed
//! for the same input metadata (the commands are given with each test),
//! compared as lists of rendered operands.

use super::access::*;
use super::*;
use loopwright_analysis::loopmd::*;
use loopwright_ir::{Md, MdNode, Metadata, Module};

pub(super) use loopwright_testkit::shapes::{DEBUG_INFO_90 as DEBUG_INFO, ONE_LOOP_FN as LOOP_FN};

pub(super) fn parse(text: &str) -> Module {
    loopwright_parse::parse_module(text.as_bytes(), "test.ll").expect("test module parses")
}

/// [`LOOP_FN`] with metadata `md`.
pub(super) fn with_md(md: &str) -> Module {
    parse(&format!("{LOOP_FN}\n{md}"))
}

/// The `!llvm.loop` on the terminator of block `block` of `@f`.
pub(super) fn latch_id(m: &Module, block: &str) -> Option<MdNode> {
    let f = m.function_by_name("f")?;
    let func = &m.functions[f];
    let b = func
        .layout
        .blocks()
        .find(|&b| func.block_name(b) == Some(block))?;
    loop_id_of_latches(func, &m.md, &[b])
}

/// The rendered operands of the LoopID an action leaves on a loop that
/// carried `current`; `None` for no `!llvm.loop`.
pub(super) fn after(
    m: &Module,
    action: LoopIdAction,
    current: Option<MdNode>,
) -> Option<Vec<String>> {
    action
        .resolve(current)
        .map(|id| render_attr_set(m, Some(id)))
}

pub(super) fn strs(v: &[&str]) -> Option<Vec<String>> {
    Some(v.iter().map(|s| s.to_string()).collect())
}

const MP: &str = "!{!\"llvm.loop.mustprogress\"}";
const MY: &str = "!{!\"my.attr\", i32 7}";
const UD: &str = "!{!\"llvm.loop.unroll.disable\"}";
const RTD: &str = "!{!\"llvm.loop.unroll.runtime.disable\"}";
const ISV: &str = "!{!\"llvm.loop.isvectorized\", i32 1}";

// ---------------------------------------------------------------- building

fn loop_module(md: &str) -> (Module, MdNode) {
    let m = with_md(md);
    let id = latch_id(&m, "loop").expect("LoopID");
    (m, id)
}

#[test]
fn new_loop_id_is_distinct_and_self_referential() {
    let (mut m, _) = loop_module("!0 = distinct !{!0}\n");
    let a = attr_flag(&mut m.md, MUSTPROGRESS);
    let b = attr_int(&mut m, UNROLL_COUNT, 32, 4);
    let id = new_loop_id(&mut m.md, &[a, b], None, None);
    assert!(m.md.node(id).distinct);
    assert!(is_loop_id(&m.md, id));
    assert_eq!(
        render_attr_set(&m, Some(id)),
        [MP, "!{!\"llvm.loop.unroll.count\", i32 4}"]
    );
    let id2 = new_loop_id(&mut m.md, &[a, b], None, None);
    assert_ne!(id, id2, "every LoopID is new");
    assert_eq!(
        attr_flag(&mut m.md, MUSTPROGRESS),
        a,
        "attributes are uniqued"
    );
    let (attrs, w) = LoopAttrs::of_module(&m, id);
    assert!(w.is_empty());
    assert_eq!(attrs.unroll.count, Some(4));
}

#[test]
fn make_followup_rules() {
    let (mut m, id) = loop_module(&format!(
        r#"
!0 = distinct !{{!0, !1, !2, !3, !4, !5, !6, !7}}
!1 = !DILocation(line: 3, column: 3, scope: !90)
!2 = !{{!"llvm.loop.mustprogress"}}
!3 = !{{!"llvm.loop.distribute.enable", i1 true}}
!4 = !{{!"llvm.loop.distribute.followup_all", !10}}
!5 = !{{!"llvm.loop.distribute.followup_fallback", !11, !12}}
!6 = !{{!"llvm.loop.distribute.followup_sequential"}}
!7 = !{{!"llvm.loop.distribute.followup_all", !12}}
!10 = !{{!"a"}}
!11 = !{{!"b"}}
!12 = !{{!"c"}}
{DEBUG_INFO}"#
    ));
    let md = &mut m.md;
    // No original LoopID.
    assert_eq!(
        make_followup_loop_id(
            md,
            None,
            &[DISTRIBUTE_FOLLOWUP_ALL],
            Inherit::Nothing,
            false
        ),
        FollowupResult::NotSpecified
    );
    assert_eq!(
        make_followup_loop_id(md, None, &[DISTRIBUTE_FOLLOWUP_ALL], Inherit::Nothing, true),
        FollowupResult::Remove
    );
    // No follow-up attribute of those names.
    assert_eq!(
        make_followup_loop_id(
            md,
            Some(id),
            &[UNROLL_FOLLOWUP_ALL],
            Inherit::Nothing,
            false
        ),
        FollowupResult::NotSpecified
    );
    // An empty follow-up: no LoopID at all.
    assert_eq!(
        make_followup_loop_id(
            md,
            Some(id),
            &[DISTRIBUTE_FOLLOWUP_SEQUENTIAL],
            Inherit::Nothing,
            false
        ),
        FollowupResult::Remove
    );
    // Follow-ups in the order of the names, first attribute of each name,
    // nothing inherited (not even the location).
    let FollowupResult::New(n) = make_followup_loop_id(
        md,
        Some(id),
        &[DISTRIBUTE_FOLLOWUP_FALLBACK, DISTRIBUTE_FOLLOWUP_ALL],
        Inherit::Nothing,
        false,
    ) else {
        panic!("expected a new LoopID");
    };
    assert!(m.md.node(n).distinct && is_loop_id(&m.md, n));
    assert_eq!(
        render_attr_set(&m, Some(n)),
        ["!{!\"b\"}", "!{!\"c\"}", "!{!\"a\"}"]
    );
    // Inheriting all but a prefix keeps the location.
    let md = &mut m.md;
    let FollowupResult::New(n) = make_followup_loop_id(
        md,
        Some(id),
        &[DISTRIBUTE_FOLLOWUP_ALL],
        Inherit::AllExcept(DISTRIBUTE_PREFIX),
        true,
    ) else {
        panic!("expected a new LoopID");
    };
    assert_eq!(
        render_attr_set(&m, Some(n)),
        ["!DILocation(line: 3, column: 3)", MP, "!{!\"a\"}"]
    );
    // An empty prefix inherits nothing, as LLVM.
    let FollowupResult::New(n) = make_followup_loop_id(
        &mut m.md,
        Some(id),
        &[DISTRIBUTE_FOLLOWUP_ALL],
        Inherit::AllExcept(""),
        false,
    ) else {
        panic!("expected a new LoopID");
    };
    assert_eq!(render_attr_set(&m, Some(n)), ["!{!\"a\"}"]);
}

#[test]
fn make_followup_can_keep_the_original() {
    let (mut m, id) = loop_module(
        "!0 = distinct !{!0, !1, !2}\n!1 = !{!\"llvm.loop.mustprogress\"}\n!2 = !{!\"x.followup\"}\n",
    );
    let r = make_followup_loop_id(
        &mut m.md,
        Some(id),
        &["x.followup"],
        Inherit::AllExcept("llvm.loop.distribute."),
        false,
    );
    assert_eq!(r, FollowupResult::KeepOriginal);
    let r = make_followup_loop_id(
        &mut m.md,
        Some(id),
        &["x.followup"],
        Inherit::AllExcept("llvm.loop.distribute."),
        true,
    );
    let FollowupResult::New(n) = r else {
        panic!("{r:?}")
    };
    assert_eq!(render_attr_set(&m, Some(n)), [MP, "!{!\"x.followup\"}"]);
}

#[test]
fn inheritance_keeps_malformed_operands() {
    let (mut m, id) = loop_module(
        "!0 = distinct !{!0, !\"s\", null, !1, !2}\n!1 = !{}\n!2 = !{!\"llvm.loop.distribute.enable\", i1 true}\n",
    );
    let r = make_followup_loop_id(
        &mut m.md,
        Some(id),
        &[],
        Inherit::AllExcept(DISTRIBUTE_PREFIX),
        true,
    );
    let FollowupResult::New(n) = r else {
        panic!("{r:?}")
    };
    assert_eq!(render_attr_set(&m, Some(n)), ["!\"s\"", "null", "!{}"]);
}

#[test]
fn post_transformation_helpers() {
    let (mut m, id) = loop_module(
        r#"
!0 = distinct !{!0, !1, !2, !3, !4}
!1 = !{!"llvm.loop.unroll.count", i32 4}
!2 = !{!"llvm.loop.vectorize.width", i32 4}
!3 = !{!"llvm.loop.interleave.count", i32 2}
!4 = !{!"llvm.loop.unroll_and_jam.count", i32 2}
"#,
    );
    let u = set_loop_already_unrolled(&mut m.md, Some(id));
    assert_eq!(
        render_attr_set(&m, Some(u)),
        [
            "!{!\"llvm.loop.vectorize.width\", i32 4}",
            "!{!\"llvm.loop.interleave.count\", i32 2}",
            "!{!\"llvm.loop.unroll_and_jam.count\", i32 2}",
            UD
        ]
    );
    let v = set_already_vectorized(&mut m, Some(id));
    assert_eq!(
        render_attr_set(&m, Some(v)),
        [
            "!{!\"llvm.loop.unroll.count\", i32 4}",
            "!{!\"llvm.loop.unroll_and_jam.count\", i32 2}",
            ISV
        ]
    );
    let e = make_post_transformation_loop_id(&mut m.md, None, &[], &[]);
    assert!(is_loop_id(&m.md, e) && render_attr_set(&m, Some(e)).is_empty());
}

#[test]
fn runtime_unroll_disable_looks_at_the_last_attribute_only() {
    let (mut m, id) = loop_module(
        "!0 = distinct !{!0, !1, !2}\n!1 = !{!\"llvm.loop.mustprogress\"}\n!2 = !{!\"llvm.loop.unroll.disable\"}\n",
    );
    assert_eq!(add_runtime_unroll_disable(&mut m.md, Some(id)), None);
    let (mut m, id) = loop_module(
        "!0 = distinct !{!0, !2, !1}\n!1 = !{!\"llvm.loop.mustprogress\"}\n!2 = !{!\"llvm.loop.unroll.disable\"}\n",
    );
    let n = add_runtime_unroll_disable(&mut m.md, Some(id)).expect("added");
    assert_eq!(render_attr_set(&m, Some(n)), [UD, MP, RTD]);
    let n = add_runtime_unroll_disable(&mut m.md, None).expect("added");
    assert_eq!(render_attr_set(&m, Some(n)), [RTD]);
}

#[test]
fn string_metadata_is_replaced_or_kept() {
    let (mut m, id) = loop_module(
        "!0 = distinct !{!0, !1, !2}\n!1 = !{!\"llvm.loop.peeled.count\", i32 2}\n!2 = !{!\"llvm.loop.mustprogress\"}\n",
    );
    assert_eq!(
        add_string_metadata_to_loop(&mut m, Some(id), PEELED_COUNT, 2),
        None
    );
    let n = add_string_metadata_to_loop(&mut m, Some(id), PEELED_COUNT, 5).expect("changed");
    assert_eq!(
        render_attr_set(&m, Some(n)),
        [MP, "!{!\"llvm.loop.peeled.count\", i32 5}"]
    );
    let (a, _) = LoopAttrs::of_module(&m, n);
    assert_eq!(a.peeled_count, Some(5));
}

#[test]
fn latch_helpers() {
    let mut m = with_md(
        "!0 = distinct !{!0}\n!1 = distinct !{!1, !2}\n!2 = !{!\"llvm.loop.mustprogress\"}\n",
    );
    let f = m.function_by_name("f").expect("f");
    let func = &m.functions[f];
    let latch = func
        .layout
        .blocks()
        .find(|&b| func.block_name(b) == Some("loop"))
        .expect("loop block");
    let other =
        m.md.nodes()
            .map(|(n, _)| n)
            .find(|&n| render_attr_set(&m, Some(n)) == [MP])
            .expect("!1");
    LoopIdAction::Set(other).apply(&mut m.functions[f], &[latch]);
    assert_eq!(
        loop_id_of_latches(&m.functions[f], &m.md, &[latch]),
        Some(other)
    );
    LoopIdAction::Keep.apply(&mut m.functions[f], &[latch]);
    assert_eq!(latch_id(&m, "loop"), Some(other));
    LoopIdAction::Remove.apply(&mut m.functions[f], &[latch]);
    assert_eq!(latch_id(&m, "loop"), None);
    // Two latches that disagree have no LoopID.
    let entry = m.functions[f].layout.entry_block().expect("entry");
    set_loop_id_on_latches(&mut m.functions[f], &[latch], Some(other));
    assert_eq!(
        loop_id_of_latches(&m.functions[f], &m.md, &[latch, entry]),
        None
    );
}

// ------------------------------------- transformations, as opt-19 does them

/// `opt-19 -passes=loop-unroll` (epilogue and, with
/// `-unroll-runtime-epilog=false`, prologue remainder: the same LoopIDs).
#[test]
fn unroll_with_explicit_count_and_no_followup() {
    let (mut m, id) = loop_module(
        r#"
!0 = distinct !{!0, !1, !2, !3, !4, !5}
!1 = !{!"llvm.loop.unroll.count", i32 4}
!2 = !{!"llvm.loop.mustprogress"}
!3 = !{!"llvm.loop.vectorize.width", i32 8}
!4 = !{!"my.attr", i32 7}
!5 = !{!"llvm.loop.unroll.runtime.disable.x"}
"#,
    );
    let plan = UnrollPlan {
        count_set_explicitly: true,
        has_remainder: true,
    };
    let ids = unroll_loop_ids(&mut m.md, Some(id), plan);
    assert_eq!(
        after(&m, ids.unrolled, Some(id)),
        strs(&[MP, "!{!\"llvm.loop.vectorize.width\", i32 8}", MY, UD])
    );
    assert_eq!(
        after(&m, ids.remainder.expect("remainder"), Some(id)),
        strs(&[UD])
    );
}

#[test]
fn unroll_with_followups() {
    let (mut m, id) = loop_module(
        r#"
!0 = distinct !{!0, !1, !2, !3, !4, !5, !6, !7}
!1 = !{!"llvm.loop.unroll.count", i32 4}
!2 = !{!"llvm.loop.mustprogress"}
!3 = !{!"llvm.loop.unroll.followup_unrolled", !10, !11}
!4 = !{!"llvm.loop.unroll.followup_remainder", !12}
!5 = !{!"llvm.loop.unroll.followup_all", !13}
!6 = !{!"my.attr", i32 7}
!7 = !{!"llvm.loop.vectorize.enable", i1 true}
!10 = !{!"llvm.loop.vectorize.width", i32 4}
!11 = !{!"llvm.loop.isvectorized"}
!12 = !{!"llvm.loop.distribute.enable", i1 true}
!13 = !{!"llvm.loop.unroll.disable"}
"#,
    );
    let plan = UnrollPlan {
        count_set_explicitly: true,
        has_remainder: true,
    };
    let ids = unroll_loop_ids(&mut m.md, Some(id), plan);
    assert_eq!(
        after(&m, ids.unrolled, Some(id)),
        strs(&[
            UD,
            "!{!\"llvm.loop.vectorize.width\", i32 4}",
            "!{!\"llvm.loop.isvectorized\"}"
        ])
    );
    assert_eq!(
        after(&m, ids.remainder.expect("remainder"), Some(id)),
        strs(&[UD, "!{!\"llvm.loop.distribute.enable\", i1 true}"])
    );
}

#[test]
fn unroll_with_remainder_followup_only() {
    let (mut m, id) = loop_module(
        r#"
!0 = distinct !{!0, !1, !2, !4}
!1 = !{!"llvm.loop.unroll.count", i32 4}
!2 = !{!"llvm.loop.mustprogress"}
!4 = !{!"llvm.loop.unroll.followup_remainder", !12}
!12 = !{!"llvm.loop.distribute.enable", i1 true}
"#,
    );
    let plan = UnrollPlan {
        count_set_explicitly: true,
        has_remainder: true,
    };
    let ids = unroll_loop_ids(&mut m.md, Some(id), plan);
    assert_eq!(after(&m, ids.unrolled, Some(id)), strs(&[MP, UD]));
    assert_eq!(
        after(&m, ids.remainder.expect("remainder"), Some(id)),
        strs(&["!{!\"llvm.loop.distribute.enable\", i1 true}"])
    );
}

/// `opt-19 -passes='loop-unroll<runtime>'`: a heuristic count keeps the
/// original LoopID on the unrolled loop.
#[test]
fn unroll_by_heuristic() {
    let (mut m, id) = loop_module(
        "!0 = distinct !{!0, !2, !4}\n!2 = !{!\"llvm.loop.mustprogress\"}\n!4 = !{!\"my.attr\", i32 7}\n",
    );
    let plan = UnrollPlan {
        count_set_explicitly: false,
        has_remainder: true,
    };
    let ids = unroll_loop_ids(&mut m.md, Some(id), plan);
    assert_eq!(ids.unrolled, LoopIdAction::Keep);
    assert_eq!(after(&m, ids.unrolled, Some(id)), strs(&[MP, MY]));
    assert_eq!(
        after(&m, ids.remainder.expect("remainder"), Some(id)),
        strs(&[UD])
    );

    let (mut m, id) = loop_module(
        "!0 = distinct !{!0, !2, !4}\n!2 = !{!\"llvm.loop.mustprogress\"}\n\
         !4 = !{!\"llvm.loop.unroll.followup_unrolled\", !5}\n!5 = !{!\"my.attr\", i32 7}\n",
    );
    let ids = unroll_loop_ids(&mut m.md, Some(id), plan);
    assert_eq!(after(&m, ids.unrolled, Some(id)), strs(&[MY]));
    assert_eq!(
        after(&m, ids.remainder.expect("remainder"), Some(id)),
        strs(&[UD])
    );
}

/// `unroll.count 2` with an empty `followup_unrolled`: the unrolled loop
/// loses its `!llvm.loop` (and a count of 2 leaves no remainder loop).
#[test]
fn unroll_with_empty_followup() {
    let (mut m, id) = loop_module(
        "!0 = distinct !{!0, !1, !4}\n!1 = !{!\"llvm.loop.unroll.count\", i32 2}\n\
         !4 = !{!\"llvm.loop.unroll.followup_unrolled\"}\n",
    );
    let plan = UnrollPlan {
        count_set_explicitly: true,
        has_remainder: false,
    };
    let ids = unroll_loop_ids(&mut m.md, Some(id), plan);
    assert_eq!(ids.unrolled, LoopIdAction::Remove);
    assert_eq!(ids.remainder, None);
}

/// With debug locations: a follow-up LoopID does not copy them,
/// `setLoopAlreadyUnrolled` keeps them.
#[test]
fn unroll_and_debug_locations() {
    let md = format!(
        r#"
!0 = distinct !{{!0, !1, !2, !3, !4, !5}}
!1 = !DILocation(line: 3, column: 3, scope: !90)
!2 = !DILocation(line: 4, column: 13, scope: !90)
!3 = !{{!"llvm.loop.mustprogress"}}
!4 = !{{!"llvm.loop.unroll.count", i32 4}}
!5 = !{{!"llvm.loop.unroll.followup_remainder", !6}}
!6 = !{{!"f.rem"}}
{DEBUG_INFO}"#
    );
    let (mut m, id) = loop_module(&md);
    let plan = UnrollPlan {
        count_set_explicitly: true,
        has_remainder: true,
    };
    let ids = unroll_loop_ids(&mut m.md, Some(id), plan);
    assert_eq!(
        after(&m, ids.unrolled, Some(id)),
        strs(&[
            "!DILocation(line: 3, column: 3)",
            "!DILocation(line: 4, column: 13)",
            MP,
            UD
        ])
    );
    assert_eq!(
        after(&m, ids.remainder.expect("remainder"), Some(id)),
        strs(&["!{!\"f.rem\"}"])
    );
}

/// A two-deep nest for unroll-and-jam; the outer latch is `latch`, the
/// inner `inner`.
pub(super) const NEST_FN: &str = "\
define void @f(ptr noalias %a, ptr noalias %b, i32 %n, i32 %m) {
entry:
  %guard = icmp eq i32 %n, 0
  br i1 %guard, label %exit, label %ph
ph:
  %mm = tail call i32 @llvm.umax.i32(i32 %m, i32 1)
  %n64 = zext i32 %n to i64
  %m64 = zext i32 %mm to i64
  br label %outer
outer:
  %i = phi i64 [ 0, %ph ], [ %i.next, %latch ]
  br label %inner
exit:
  ret void
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %sum = phi i32 [ 0, %outer ], [ %sum.next, %inner ]
  %pb = getelementptr inbounds i32, ptr %b, i64 %j
  %vb = load i32, ptr %pb, align 4
  %sum.next = add nsw i32 %vb, %sum
  %j.next = add nuw nsw i64 %j, 1
  %jc = icmp eq i64 %j.next, %m64
  br i1 %jc, label %latch, label %inner, !llvm.loop !1
latch:
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %sum.next, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %ic = icmp eq i64 %i.next, %n64
  br i1 %ic, label %exit, label %outer, !llvm.loop !0
}

declare i32 @llvm.umax.i32(i32, i32)
";

pub(super) const UJ_PLAIN: &str = r#"
!0 = distinct !{!0, !12, !10, !13}
!1 = distinct !{!1, !10}
!10 = !{!"llvm.loop.unroll.disable"}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll_and_jam.count", i32 4}
"#;

pub(super) const UJ_FOLLOWUPS: &str = r#"
!0 = distinct !{!0, !12, !13, !14, !15, !16, !17, !18, !19}
!1 = distinct !{!1, !10, !20}
!10 = !{!"llvm.loop.unroll.disable"}
!20 = !{!"inner.attr"}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll_and_jam.count", i32 4}
!14 = !{!"llvm.loop.unroll_and_jam.followup_outer", !30}
!15 = !{!"llvm.loop.unroll_and_jam.followup_inner", !31}
!16 = !{!"llvm.loop.unroll_and_jam.followup_remainder_outer", !32}
!17 = !{!"llvm.loop.unroll_and_jam.followup_remainder_inner", !33}
!18 = !{!"llvm.loop.unroll_and_jam.followup_all", !34}
!19 = !{!"llvm.loop.unroll.runtime.disable"}
!30 = !{!"f.outer"}
!31 = !{!"f.inner"}
!32 = !{!"f.rem.outer"}
!33 = !{!"f.rem.inner"}
!34 = !{!"f.all"}
"#;

fn nest(md: &str) -> (Module, MdNode, MdNode) {
    let m = parse(&format!("{NEST_FN}\n{md}"));
    let outer = latch_id(&m, "latch").expect("outer LoopID");
    let inner = latch_id(&m, "inner").expect("inner LoopID");
    (m, outer, inner)
}

/// `opt-19 -passes=loop-unroll-and-jam -allow-unroll-and-jam`.
#[test]
fn unroll_and_jam_without_followups() {
    let (mut m, outer, inner) = nest(UJ_PLAIN);
    let plan = UnrollAndJamPlan {
        count_set_explicitly: true,
        has_remainder: true,
    };
    let ids = unroll_and_jam_loop_ids(&mut m.md, Some(outer), plan);
    assert_eq!(
        after(&m, ids.outer, Some(outer)),
        strs(&[MP, "!{!\"llvm.loop.unroll_and_jam.count\", i32 4}", UD])
    );
    assert_eq!(ids.inner, LoopIdAction::Keep);
    assert_eq!(after(&m, ids.inner, Some(inner)), strs(&[UD]));
    assert_eq!(
        after(&m, ids.remainder_outer.expect("rem"), Some(outer)),
        strs(&[UD])
    );
    assert_eq!(
        after(&m, ids.remainder_inner.expect("rem"), Some(inner)),
        strs(&[UD])
    );
}

#[test]
fn unroll_and_jam_with_followups() {
    let (mut m, outer, inner) = nest(UJ_FOLLOWUPS);
    let plan = UnrollAndJamPlan {
        count_set_explicitly: true,
        has_remainder: true,
    };
    let ids = unroll_and_jam_loop_ids(&mut m.md, Some(outer), plan);
    let all = "!{!\"f.all\"}";
    assert_eq!(
        after(&m, ids.outer, Some(outer)),
        strs(&[all, "!{!\"f.outer\"}"])
    );
    assert_eq!(
        after(&m, ids.inner, Some(inner)),
        strs(&[all, "!{!\"f.inner\"}"])
    );
    assert_eq!(
        after(&m, ids.remainder_outer.expect("rem"), Some(outer)),
        strs(&[all, "!{!\"f.rem.outer\"}"])
    );
    assert_eq!(
        after(&m, ids.remainder_inner.expect("rem"), Some(inner)),
        strs(&[all, "!{!\"f.rem.inner\"}"])
    );
}

#[test]
fn unroll_and_jam_with_followup_all_only() {
    let (mut m, outer, inner) = nest(
        r#"
!0 = distinct !{!0, !12, !13, !18, !19}
!1 = distinct !{!1, !10, !20}
!10 = !{!"llvm.loop.unroll.disable"}
!20 = !{!"inner.attr"}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll_and_jam.count", i32 4}
!18 = !{!"llvm.loop.unroll_and_jam.followup_all", !34}
!19 = !{!"llvm.loop.unroll.runtime.disable"}
!34 = !{!"f.all"}
"#,
    );
    let plan = UnrollAndJamPlan {
        count_set_explicitly: true,
        has_remainder: true,
    };
    let ids = unroll_and_jam_loop_ids(&mut m.md, Some(outer), plan);
    let all = strs(&["!{!\"f.all\"}"]);
    assert_eq!(after(&m, ids.outer, Some(outer)), all);
    assert_eq!(after(&m, ids.inner, Some(inner)), all);
    assert_eq!(
        after(&m, ids.remainder_outer.expect("rem"), Some(outer)),
        all
    );
    assert_eq!(
        after(&m, ids.remainder_inner.expect("rem"), Some(inner)),
        all
    );
}

/// A loop with two pointers, so vectorizing it needs runtime checks.
pub(super) const TWO_PTR_FN: &str = "\
define void @f(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %p, align 4
  %v2 = add i32 %v, 1
  store i32 %v2, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}
";

pub(super) const VEC_PLAIN: &str = r#"
!0 = distinct !{!0, !1, !2, !3, !4, !5, !6}
!1 = !{!"llvm.loop.vectorize.width", i32 4}
!2 = !{!"llvm.loop.mustprogress"}
!3 = !{!"llvm.loop.vectorize.enable", i1 true}
!4 = !{!"my.attr", i32 7}
!5 = !{!"llvm.loop.unroll.count", i32 2}
!6 = !{!"llvm.loop.interleave.count", i32 1}
"#;

pub(super) const VEC_FOLLOWUPS: &str = r#"
!0 = distinct !{!0, !1, !2, !3, !4, !5, !6, !7}
!1 = !{!"llvm.loop.vectorize.width", i32 4}
!2 = !{!"llvm.loop.mustprogress"}
!3 = !{!"llvm.loop.vectorize.enable", i1 true}
!4 = !{!"llvm.loop.vectorize.followup_vectorized", !10}
!5 = !{!"llvm.loop.vectorize.followup_epilogue", !11}
!6 = !{!"llvm.loop.vectorize.followup_all", !12}
!7 = !{!"llvm.loop.unroll.count", i32 2}
!10 = !{!"f.vec"}
!11 = !{!"f.epi"}
!12 = !{!"f.all"}
"#;

/// `opt-19 -passes=loop-vectorize`, no runtime checks (one pointer).
#[test]
fn vectorize_without_followups() {
    let (mut m, id) = loop_module(VEC_PLAIN);
    let ids = vectorize_loop_ids(&mut m, Some(id), VectorizePlan::default());
    let count2 = "!{!\"llvm.loop.unroll.count\", i32 2}";
    assert_eq!(
        after(&m, ids.vectorized, Some(id)),
        strs(&[MP, MY, count2, ISV, RTD])
    );
    assert_eq!(
        after(&m, ids.epilogue.expect("epilogue"), Some(id)),
        strs(&[MP, MY, count2, RTD, ISV])
    );
    assert_eq!(ids.vector_epilogue, None);
}

#[test]
fn vectorize_with_followups() {
    let (mut m, id) = loop_module(VEC_FOLLOWUPS);
    let ids = vectorize_loop_ids(&mut m, Some(id), VectorizePlan::default());
    let all = "!{!\"f.all\"}";
    assert_eq!(
        after(&m, ids.vectorized, Some(id)),
        strs(&[all, "!{!\"f.vec\"}", RTD])
    );
    assert_eq!(
        after(&m, ids.epilogue.expect("epilogue"), Some(id)),
        strs(&[all, "!{!\"f.epi\"}"])
    );
}

#[test]
fn vectorize_with_unroll_disable_last() {
    let (mut m, id) = loop_module(
        r#"
!0 = distinct !{!0, !1, !3, !4}
!1 = !{!"llvm.loop.vectorize.width", i32 4}
!3 = !{!"llvm.loop.vectorize.enable", i1 true}
!4 = !{!"llvm.loop.unroll.disable"}
"#,
    );
    let ids = vectorize_loop_ids(&mut m, Some(id), VectorizePlan::default());
    assert_eq!(after(&m, ids.vectorized, Some(id)), strs(&[UD, ISV, RTD]));
    assert_eq!(
        after(&m, ids.epilogue.expect("epilogue"), Some(id)),
        strs(&[UD, ISV])
    );
}

/// Two pointers: runtime checks, so no `runtime.disable` on the epilogue;
/// `-epilogue-vectorization-force-VF=4` (x86-64 skylake) for the vector
/// epilogue.
#[test]
fn vectorize_with_runtime_checks_and_vector_epilogue() {
    let m0 = |md: &str| {
        let m = parse(&format!("{TWO_PTR_FN}\n{md}"));
        let id = latch_id(&m, "loop").expect("LoopID");
        (m, id)
    };
    let plan = VectorizePlan {
        runtime_checks: true,
        vector_epilogue: true,
        ..VectorizePlan::default()
    };
    let (mut m, id) = m0("!0 = distinct !{!0, !2, !4}\n!2 = !{!\"llvm.loop.mustprogress\"}\n!4 = !{!\"my.attr\", i32 7}\n");
    let ids = vectorize_loop_ids(&mut m, Some(id), plan);
    assert_eq!(
        after(&m, ids.vectorized, Some(id)),
        strs(&[MP, MY, ISV, RTD])
    );
    assert_eq!(
        after(&m, ids.vector_epilogue.expect("vec epi"), Some(id)),
        strs(&[MP, MY, ISV, RTD])
    );
    assert_eq!(
        after(&m, ids.epilogue.expect("epilogue"), Some(id)),
        strs(&[MP, MY, ISV])
    );

    let (mut m, id) = m0(r#"
!0 = distinct !{!0, !2, !4, !5, !6, !7}
!2 = !{!"llvm.loop.mustprogress"}
!4 = !{!"llvm.loop.vectorize.followup_vectorized", !10}
!5 = !{!"llvm.loop.vectorize.followup_epilogue", !11}
!6 = !{!"llvm.loop.vectorize.followup_all", !12}
!7 = !{!"llvm.loop.unroll.count", i32 2}
!10 = !{!"f.vec"}
!11 = !{!"f.epi"}
!12 = !{!"f.all"}
"#);
    let ids = vectorize_loop_ids(&mut m, Some(id), plan);
    let all = "!{!\"f.all\"}";
    let vec = strs(&[all, "!{!\"f.vec\"}", RTD]);
    assert_eq!(after(&m, ids.vectorized, Some(id)), vec);
    assert_eq!(
        after(&m, ids.vector_epilogue.expect("vec epi"), Some(id)),
        vec
    );
    assert_eq!(
        after(&m, ids.epilogue.expect("epilogue"), Some(id)),
        strs(&[all, "!{!\"f.epi\"}"])
    );
}

#[test]
fn vectorize_a_loop_without_loop_id() {
    let mut m = parse(&LOOP_FN.replace(", !llvm.loop !0", ""));
    let ids = vectorize_loop_ids(&mut m, None, VectorizePlan::default());
    assert_eq!(after(&m, ids.vectorized, None), strs(&[ISV, RTD]));
    assert_eq!(
        after(&m, ids.epilogue.expect("epilogue"), None),
        strs(&[RTD, ISV])
    );
    let ids = unroll_loop_ids(
        &mut m.md,
        None,
        UnrollPlan {
            count_set_explicitly: true,
            has_remainder: true,
        },
    );
    assert_eq!(after(&m, ids.unrolled, None), strs(&[UD]));
    let d = distribute_loop_ids(&mut m.md, None, true);
    assert_eq!(d.fallback, Some(LoopIdAction::Remove));
    assert_eq!(d.coincident, LoopIdAction::Keep);
}

pub(super) const DIST_FN: &str = "\
define void @f(ptr %a, ptr %b, ptr %c, ptr %d, ptr %e) {
entry:
  br label %for.body
for.body:
  %ind = phi i64 [ 0, %entry ], [ %add, %for.body ]
  %arrayidxA = getelementptr inbounds i32, ptr %a, i64 %ind
  %loadA = load i32, ptr %arrayidxA, align 4
  %arrayidxB = getelementptr inbounds i32, ptr %b, i64 %ind
  %loadB = load i32, ptr %arrayidxB, align 4
  %mulA = mul i32 %loadB, %loadA
  %add = add nuw nsw i64 %ind, 1
  %arrayidxA_plus_4 = getelementptr inbounds i32, ptr %a, i64 %add
  store i32 %mulA, ptr %arrayidxA_plus_4, align 4
  %arrayidxD = getelementptr inbounds i32, ptr %d, i64 %ind
  %loadD = load i32, ptr %arrayidxD, align 4
  %arrayidxE = getelementptr inbounds i32, ptr %e, i64 %ind
  %loadE = load i32, ptr %arrayidxE, align 4
  %mulC = mul i32 %loadD, %loadE
  %arrayidxC = getelementptr inbounds i32, ptr %c, i64 %ind
  store i32 %mulC, ptr %arrayidxC, align 4
  %exitcond = icmp eq i64 %add, 20
  br i1 %exitcond, label %for.end, label %for.body, !llvm.loop !0
for.end:
  ret void
}
";

pub(super) const DIST_FOLLOWUPS: &str = r#"
!0 = distinct !{!0, !1, !2, !3, !4, !5, !6, !7}
!1 = !{!"llvm.loop.distribute.enable", i1 true}
!2 = !{!"llvm.loop.mustprogress"}
!3 = !{!"my.attr", i32 7}
!4 = !{!"llvm.loop.distribute.followup_coincident", !10}
!5 = !{!"llvm.loop.distribute.followup_sequential", !11}
!6 = !{!"llvm.loop.distribute.followup_fallback", !12}
!7 = !{!"llvm.loop.distribute.followup_all", !13}
!10 = !{!"f.coin"}
!11 = !{!"f.seq"}
!12 = !{!"f.fall"}
!13 = !{!"f.all"}
"#;

fn dist(md: &str) -> (Module, MdNode) {
    let m = parse(&format!("{DIST_FN}\n{md}"));
    let id = latch_id(&m, "for.body").expect("LoopID");
    (m, id)
}

/// `opt-19 -passes=loop-distribute` (the pointers may alias, so the loop
/// is versioned).
#[test]
fn distribute_without_followups() {
    let enable = "!{!\"llvm.loop.distribute.enable\", i1 true}";
    let (mut m, id) = dist(
        "!0 = distinct !{!0, !1, !2, !3}\n!1 = !{!\"llvm.loop.distribute.enable\", i1 true}\n\
         !2 = !{!\"llvm.loop.mustprogress\"}\n!3 = !{!\"my.attr\", i32 7}\n",
    );
    let ids = distribute_loop_ids(&mut m.md, Some(id), true);
    assert_eq!(ids.coincident, LoopIdAction::Keep);
    assert_eq!(after(&m, ids.sequential, Some(id)), strs(&[enable, MP, MY]));
    assert_eq!(
        after(&m, ids.fallback.expect("fallback"), Some(id)),
        strs(&[MP, MY])
    );

    let (mut m, id) =
        dist("!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.distribute.enable\", i1 true}\n");
    let ids = distribute_loop_ids(&mut m.md, Some(id), true);
    assert_eq!(ids.fallback, Some(LoopIdAction::Remove));
    assert_eq!(after(&m, ids.coincident, Some(id)), strs(&[enable]));
}

#[test]
fn distribute_with_followups() {
    let (mut m, id) = dist(DIST_FOLLOWUPS);
    let ids = distribute_loop_ids(&mut m.md, Some(id), true);
    let all = "!{!\"f.all\"}";
    assert_eq!(
        after(&m, ids.coincident, Some(id)),
        strs(&[all, "!{!\"f.coin\"}"])
    );
    assert_eq!(
        after(&m, ids.sequential, Some(id)),
        strs(&[all, "!{!\"f.seq\"}"])
    );
    assert_eq!(
        after(&m, ids.fallback.expect("fallback"), Some(id)),
        strs(&[MP, MY, all, "!{!\"f.fall\"}"])
    );
    // Each partition gets its own node.
    let a = distribute_loop_id(&mut m.md, Some(id), DistributeRole::Coincident);
    assert_ne!(a, ids.coincident);

    let (mut m, id) = dist(
        "!0 = distinct !{!0, !1, !2, !7}\n!1 = !{!\"llvm.loop.distribute.enable\", i1 true}\n\
         !2 = !{!\"llvm.loop.mustprogress\"}\n!7 = !{!\"llvm.loop.distribute.followup_all\", !13}\n\
         !13 = !{!\"f.all\"}\n",
    );
    let ids = distribute_loop_ids(&mut m.md, Some(id), true);
    assert_eq!(after(&m, ids.coincident, Some(id)), strs(&[all]));
    assert_eq!(after(&m, ids.sequential, Some(id)), strs(&[all]));
    assert_eq!(
        after(&m, ids.fallback.expect("fallback"), Some(id)),
        strs(&[MP, all])
    );
}

// ---------------------------------------------------------------- access groups

const PAR_FN: &str = "\
define void @f(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4, !llvm.access.group !10
  %v2 = add i32 %v, 1
  store i32 %v2, ptr %p, align 4, !llvm.access.group !11
  call void @g() #0
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}
declare void @g()
attributes #0 = { memory(none) }
";

fn par_module(md: &str, body: &str) -> Module {
    parse(&format!("{body}\n{md}"))
}

fn loop_blocks(m: &Module) -> Vec<loopwright_ir::Block> {
    let f = m.function_by_name("f").expect("f");
    let func = &m.functions[f];
    func.layout
        .blocks()
        .filter(|&b| func.block_name(b) == Some("loop"))
        .collect()
}

#[test]
fn annotated_parallel() {
    let groups = "!10 = distinct !{}\n!11 = !{!12, !13}\n!12 = distinct !{}\n!13 = distinct !{}\n";
    let cases = [
        (
            "!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.parallel_accesses\", !10, !13}\n",
            true,
        ),
        (
            "!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.parallel_accesses\", !10}\n",
            false,
        ),
        (
            "!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.parallel_accesses\", !12}\n",
            false,
        ),
        // Only the first parallel_accesses counts.
        (
            "!0 = distinct !{!0, !1, !2}\n!1 = !{!\"llvm.loop.parallel_accesses\", !10}\n\
             !2 = !{!\"llvm.loop.parallel_accesses\", !12}\n",
            false,
        ),
        ("!0 = distinct !{!0}\n", false),
    ];
    for (md, want) in cases {
        let m = par_module(&format!("{md}{groups}"), PAR_FN);
        let f = m.function_by_name("f").expect("f");
        let id = latch_id(&m, "loop");
        let blocks = loop_blocks(&m);
        assert_eq!(
            is_annotated_parallel_in_blocks(&m, &m.functions[f], id, &blocks),
            want,
            "{md}"
        );
    }
    // A call that may access memory breaks the annotation.
    let body = PAR_FN.replace("call void @g() #0", "call void @g()");
    let m = par_module(
        &format!("!0 = distinct !{{!0, !1}}\n!1 = !{{!\"llvm.loop.parallel_accesses\", !10, !13}}\n{groups}"),
        &body,
    );
    let f = m.function_by_name("f").expect("f");
    assert!(!is_annotated_parallel_in_blocks(
        &m,
        &m.functions[f],
        latch_id(&m, "loop"),
        &loop_blocks(&m)
    ));
}

#[test]
fn legacy_parallel_loop_access() {
    let body = PAR_FN
        .replace(
            "!llvm.access.group !10",
            "!llvm.mem.parallel_loop_access !0",
        )
        .replace(
            "!llvm.access.group !11",
            "!llvm.mem.parallel_loop_access !20",
        );
    let mut m = par_module(
        "!0 = distinct !{!0}\n!20 = !{!0}\n!21 = distinct !{!21}\n",
        &body,
    );
    let f = m.function_by_name("f").expect("f");
    let id = latch_id(&m, "loop").expect("id");
    let blocks = loop_blocks(&m);
    assert!(is_annotated_parallel_in_blocks(
        &m,
        &m.functions[f],
        Some(id),
        &blocks
    ));
    // A new LoopID: the legacy references must be retargeted.
    let new = new_loop_id(&mut m.md, &[], None, None);
    let insts: Vec<_> = blocks
        .iter()
        .flat_map(|&b| m.functions[f].layout.block_insts(b))
        .collect();
    assert!(!is_annotated_parallel(
        &m,
        &m.functions[f],
        Some(new),
        insts
            .iter()
            .copied()
            .filter(|&i| may_read_or_write_memory(&m, &m.functions[f], i))
    ));
    assert_eq!(
        retarget_parallel_loop_access(&mut m, f, insts.iter().copied(), id, new),
        2
    );
    let mem: Vec<_> = insts
        .iter()
        .copied()
        .filter(|&i| may_read_or_write_memory(&m, &m.functions[f], i))
        .collect();
    assert!(is_annotated_parallel(
        &m,
        &m.functions[f],
        Some(new),
        mem.iter().copied()
    ));
    assert!(!is_annotated_parallel(
        &m,
        &m.functions[f],
        Some(id),
        mem.iter().copied()
    ));
}

#[test]
fn fresh_access_groups_for_clones() {
    let mut m = par_module(
        "!0 = distinct !{!0, !1, !2}\n!1 = !{!\"llvm.loop.parallel_accesses\", !10, !13}\n\
         !2 = !{!\"llvm.loop.mustprogress\"}\n\
         !10 = distinct !{}\n!11 = !{!12, !13}\n!12 = distinct !{}\n!13 = distinct !{}\n",
        PAR_FN,
    );
    let f = m.function_by_name("f").expect("f");
    let id = latch_id(&m, "loop").expect("id");
    let blocks = loop_blocks(&m);
    let originals: Vec<_> = blocks
        .iter()
        .flat_map(|&b| m.functions[f].layout.block_insts(b))
        .collect();
    let (attrs, _) = LoopAttrs::of_module(&m, id);
    let pairs: Vec<_> = originals
        .iter()
        .map(|&i| (i, m.functions[f].clone_inst(i).0))
        .collect();
    let map = refresh_access_groups(
        &mut m,
        f,
        pairs.iter().copied(),
        Some(&attrs.parallel_accesses),
    );
    assert_eq!(map.map.len(), 2, "!10 and !13, not !12");
    let new_id = remap_parallel_accesses(&mut m.md, Some(id), &map).expect("remapped");
    let (new_attrs, w) = LoopAttrs::of_module(&m, new_id);
    assert!(w.is_empty());
    assert!(new_attrs.mustprogress);
    let fresh: Vec<_> = attrs
        .parallel_accesses
        .iter()
        .map(|&g| map.get(g).expect("mapped"))
        .collect();
    assert_eq!(new_attrs.parallel_accesses, fresh);
    assert!(fresh.iter().all(|&g| is_access_group(&m.md, g)));
    let func = &m.functions[f];
    let clones: Vec<_> = pairs
        .iter()
        .map(|&(_, c)| c)
        .filter(|&c| may_read_or_write_memory(&m, func, c))
        .collect();
    let origs: Vec<_> = pairs
        .iter()
        .map(|&(o, _)| o)
        .filter(|&o| may_read_or_write_memory(&m, func, o))
        .collect();
    // The clones are parallel for the new LoopID only, the originals for
    // the old one only.
    assert!(is_annotated_parallel(
        &m,
        func,
        Some(new_id),
        clones.iter().copied()
    ));
    assert!(!is_annotated_parallel(
        &m,
        func,
        Some(id),
        clones.iter().copied()
    ));
    assert!(is_annotated_parallel(
        &m,
        func,
        Some(id),
        origs.iter().copied()
    ));
    assert!(!is_annotated_parallel(
        &m,
        func,
        Some(new_id),
        origs.iter().copied()
    ));
    // The list attachment keeps the group that was not refreshed.
    let (store, store_clone) = pairs
        .iter()
        .copied()
        .find(|&(o, _)| func.inst(o).opcode == loopwright_ir::Opcode::Store)
        .expect("store");
    let group_list = |i| {
        let ag = func.inst(i).md.get(Metadata::ACCESS_GROUP).expect("group");
        access_groups(&m.md, ag)
    };
    let (old, new) = (group_list(store), group_list(store_clone));
    assert_eq!(old.len(), 2);
    assert_eq!(new, [old[0], map.get(old[1]).expect("!13 refreshed")]);
    assert_ne!(new[1], old[1]);
    assert_eq!(render_md(&m, Some(Md::Node(new[1]))), "distinct !{}");
    // Nothing to remap: the clone can keep its LoopID.
    assert_eq!(
        remap_parallel_accesses(&mut m.md, Some(id), &AccessGroupMap::default()),
        None
    );
}

// ---------------------------------------------------------------- robustness

mod robustness {
    use super::*;
    use loopwright_ir::{MdBody, MdNodeData};
    use proptest::prelude::*;

    /// Operand choices: 0 = null, 1 = string, 2 = constant, 3.. = node.
    fn build(shapes: &[(bool, Vec<(u8, u8)>)]) -> Module {
        let mut m = Module::new();
        let i32t = m.types.int(32);
        let i1t = m.types.int(1);
        let consts = [
            m.consts.int(i32t, 32, 1),
            m.consts.int(i32t, 32, 0),
            m.consts.int(i32t, 32, -4),
            m.consts.int(i1t, 1, 1),
            m.consts.int(i32t, 32, 3),
            m.consts.int(i32t, 32, 4),
        ];
        let names = [
            UNROLL_COUNT,
            UNROLL_DISABLE,
            VECTORIZE_WIDTH,
            VECTORIZE_ENABLE,
            INTERLEAVE_COUNT,
            IS_VECTORIZED,
            DISTRIBUTE_ENABLE,
            PARALLEL_ACCESSES,
            PEELED_COUNT,
            UNROLL_FOLLOWUP_ALL,
            VECTORIZE_FOLLOWUP_VECTORIZED,
            DISTRIBUTE_FOLLOWUP_FALLBACK,
            UNROLL_AND_JAM_FOLLOWUP_INNER,
            DISABLE_NONFORCED,
            "x",
        ];
        let strs: Vec<_> = names.iter().map(|n| m.md.string(n.as_bytes())).collect();
        let n = shapes.len();
        let nodes: Vec<MdNode> = shapes
            .iter()
            .map(|(distinct, _)| {
                m.md.push(MdNodeData {
                    distinct: *distinct,
                    body: MdBody::Tuple(Vec::new()),
                })
            })
            .collect();
        for (i, (_, ops)) in shapes.iter().enumerate() {
            let ops = ops
                .iter()
                .map(|&(kind, v)| match kind % 4 {
                    0 => None,
                    1 => Some(Md::Str(strs[v as usize % strs.len()])),
                    2 => Some(Md::Const(consts[v as usize % consts.len()])),
                    _ => Some(Md::Node(nodes[v as usize % n])),
                })
                .collect();
            m.md.node_mut(nodes[i]).body = MdBody::Tuple(ops);
        }
        m
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn never_panics(shapes in prop::collection::vec(
            (any::<bool>(), prop::collection::vec((0u8..8, 0u8..32), 0..6)), 1..10)) {
            let mut m = build(&shapes);
            let nodes: Vec<MdNode> = m.md.nodes().map(|(n, _)| n).collect();
            for &n in &nodes {
                let (a, w) = LoopAttrs::of_module(&m, n);
                let _ = (a.has_unroll_transformation(), a.has_unroll_and_jam_transformation(),
                    a.has_vectorize_transformation(), a.has_distribute_transformation(),
                    a.has_licm_versioning_transformation());
                let _ = a.describe(&m);
                for x in &w {
                    prop_assert!(!x.to_string().is_empty());
                }
                let _ = render_md(&m, Some(Md::Node(n)));
                let _ = render_attr_set(&m, Some(n));
                let _ = unroll_loop_ids(&mut m.md, Some(n), UnrollPlan { count_set_explicitly: true, has_remainder: true });
                let _ = unroll_and_jam_loop_ids(&mut m.md, Some(n), UnrollAndJamPlan { count_set_explicitly: true, has_remainder: true });
                let _ = vectorize_loop_ids(&mut m, Some(n), VectorizePlan { vector_epilogue: true, ..VectorizePlan::default() });
                let _ = distribute_loop_ids(&mut m.md, Some(n), true);
                let _ = add_string_metadata_to_loop(&mut m, Some(n), PEELED_COUNT, 3);
                let _ = remap_parallel_accesses(&mut m.md, Some(n), &AccessGroupMap::default());
                let _ = access_groups(&m.md, n);
                if is_loop_id(&m.md, n) {
                    prop_assert_eq!(a.loop_id, Some(n));
                    prop_assert_eq!(a.entries.len() + 1, m.md.tuple_ops(n).map_or(0, |o| o.len()));
                }
            }
        }
    }
}
