//! Unit tests of the loop-metadata model. Modules are parsed from `.ll`
//! text; the expected LoopIDs of the transformation tests are the ones
//! opt-19 printed for the same input metadata (the commands are given with
//! each test), compared as lists of rendered operands.

use super::names::*;
use super::*;
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

fn read(md: &str) -> (Module, LoopAttrs, Vec<MdWarning>) {
    let m = with_md(md);
    let id = latch_id(&m, "loop").expect("loop has a LoopID");
    let (a, w) = LoopAttrs::of_module(&m, id);
    (m, a, w)
}

fn attrs(md: &str) -> LoopAttrs {
    read(md).1
}

fn warned(w: &[MdWarning], attr: &str, ignored: bool) -> bool {
    w.iter().any(|x| x.attr == attr && x.ignored == ignored)
}

const MP: &str = "!{!\"llvm.loop.mustprogress\"}";
const MY: &str = "!{!\"my.attr\", i32 7}";
const UD: &str = "!{!\"llvm.loop.unroll.disable\"}";

// ---------------------------------------------------------------- reading

#[test]
fn reads_every_known_attribute() {
    let (m, a, w) = read(
        r#"
!0 = distinct !{!0, !1, !2, !3, !4, !5, !6, !7, !8, !9, !10, !11, !12, !13, !14, !15, !16, !17, !18, !19, !20, !21}
!1 = !{!"llvm.loop.unroll.enable"}
!2 = !{!"llvm.loop.unroll.count", i32 8}
!3 = !{!"llvm.loop.unroll.full"}
!4 = !{!"llvm.loop.unroll.runtime.disable"}
!5 = !{!"llvm.loop.unroll_and_jam.enable"}
!6 = !{!"llvm.loop.unroll_and_jam.count", i32 2}
!7 = !{!"llvm.loop.vectorize.enable", i1 true}
!8 = !{!"llvm.loop.vectorize.width", i32 16}
!9 = !{!"llvm.loop.vectorize.scalable.enable", i1 true}
!10 = !{!"llvm.loop.vectorize.predicate.enable", i1 false}
!11 = !{!"llvm.loop.interleave.count", i32 4}
!12 = !{!"llvm.loop.distribute.enable", i1 true}
!13 = !{!"llvm.loop.licm_versioning.disable"}
!14 = !{!"llvm.licm.disable"}
!15 = !{!"llvm.loop.disable_nonforced"}
!16 = !{!"llvm.loop.isvectorized", i32 0}
!17 = !{!"llvm.loop.mustprogress"}
!18 = !{!"llvm.loop.parallel_accesses", !30, !31}
!19 = !{!"llvm.loop.peeled.count", i32 3}
!20 = !{!"llvm.loop.unroll.followup_all", !17, !22}
!21 = !{!"llvm.loop.distribute.followup_fallback"}
!22 = !{!"llvm.loop.unroll.disable"}
!30 = distinct !{}
!31 = distinct !{}
"#,
    );
    // The one warning: `unroll.full` is overridden by the count.
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].attr, UNROLL_FULL);
    assert!(a.unroll.enable && a.unroll.full && a.unroll.runtime_disable);
    assert!(!a.unroll.disable);
    assert_eq!(a.unroll.count, Some(8));
    assert!(a.unroll_and_jam.enable && !a.unroll_and_jam.disable);
    assert_eq!(a.unroll_and_jam.count, Some(2));
    let v = &a.vectorize;
    assert_eq!(
        (
            v.enable,
            v.width,
            v.scalable,
            v.predicate,
            v.interleave_count,
            v.is_vectorized
        ),
        (
            Some(true),
            Some(16),
            Some(true),
            Some(false),
            Some(4),
            Some(false)
        )
    );
    assert_eq!(a.distribute.enable, Some(true));
    assert!(a.licm_versioning_disable && a.licm_disable && a.disable_nonforced && a.mustprogress);
    assert_eq!(a.parallel_accesses.len(), 2);
    assert!(a
        .parallel_accesses
        .iter()
        .all(|&g| is_access_group(&m.md, g)));
    assert_eq!(a.peeled_count, Some(3));
    let all = a.unroll.followup_all.as_ref().expect("followup_all");
    let rendered: Vec<String> = all.attrs.iter().map(|&o| render_md(&m, o)).collect();
    assert_eq!(rendered, [MP, UD]);
    let fallback = a.distribute.followup_fallback.as_ref().expect("fallback");
    assert!(fallback.attrs.is_empty());
    assert!(a.unknown.is_empty());
    assert_eq!(a.entries.len(), 21);
}

#[test]
fn locations_and_unknown_attributes_are_kept_in_order() {
    let (m, a, w) = read(&format!(
        r#"
!0 = distinct !{{!0, !1, !2, !3, !4, !5, !6}}
!1 = !DILocation(line: 3, column: 3, scope: !90)
!2 = !DILocation(line: 4, column: 13, scope: !90)
!3 = !{{!"llvm.loop.pipeline.disable", i1 true}}
!4 = !{{!"my.attr", i32 7}}
!5 = !DILocation(line: 9, column: 1, scope: !90)
!6 = !{{!"llvm.loop.mustprogress"}}
{DEBUG_INFO}"#
    ));
    assert_eq!(
        a.start_loc
            .and_then(|n| m.md.location(n))
            .map(|l| (l.0, l.1)),
        Some((3, 3))
    );
    assert_eq!(
        a.end_loc.and_then(|n| m.md.location(n)).map(|l| (l.0, l.1)),
        Some((4, 13))
    );
    let unknown: Vec<String> = a.unknown.iter().map(|&o| render_md(&m, o)).collect();
    assert_eq!(unknown, ["!{!\"llvm.loop.pipeline.disable\", i1 true}", MY]);
    assert!(a.mustprogress);
    assert!(warned(&w, "DILocation", true), "third location: {w:?}");
    assert_eq!(a.entries.len(), 6);
}

#[test]
fn not_a_loop_id_reads_as_nothing() {
    let m = with_md("!0 = !{!1}\n!1 = !{!\"llvm.loop.unroll.count\", i32 4}\n");
    let f = m.function_by_name("f").expect("f");
    let id = m.functions[f]
        .layout
        .blocks()
        .filter_map(|b| m.functions[f].terminator(b))
        .find_map(|t| m.functions[f].inst(t).md.get(Metadata::LOOP))
        .expect("attachment");
    assert!(!is_loop_id(&m.md, id));
    assert_eq!(latch_id(&m, "loop"), None, "getLoopID rejects it");
    let (a, w) = LoopAttrs::of_module(&m, id);
    assert_eq!(a, LoopAttrs::default());
    assert!(warned(&w, "loop id", true));
    assert_eq!(
        a.has_unroll_transformation(),
        TransformationMode::Unspecified
    );
}

#[test]
fn malformed_vectorizer_hints_are_ignored_where_the_vectorizer_ignores_them() {
    let (_, a, w) = read(
        r#"
!0 = distinct !{!0, !1, !2, !3, !4, !5, !6}
!1 = !{!"llvm.loop.vectorize.width", i32 3}
!2 = !{!"llvm.loop.interleave.count", i32 32}
!3 = !{!"llvm.loop.vectorize.enable", i32 2}
!4 = !{!"llvm.loop.vectorize.predicate.enable", !"yes"}
!5 = !{!"llvm.loop.vectorize.scalable.enable", i1 true, i1 true}
!6 = !{!"llvm.loop.isvectorized"}
"#,
    );
    let v = &a.vectorize;
    assert_eq!(
        (
            v.width,
            v.interleave_count,
            v.enable,
            v.predicate,
            v.scalable,
            v.is_vectorized
        ),
        (None, None, None, None, None, None)
    );
    for name in [
        VECTORIZE_WIDTH,
        INTERLEAVE_COUNT,
        VECTORIZE_ENABLE,
        VECTORIZE_PREDICATE_ENABLE,
        VECTORIZE_SCALABLE_ENABLE,
    ] {
        assert!(warned(&w, name, true), "{name}: {w:?}");
    }
    // Without a value, isvectorized is skipped by the vectorizer but read
    // as true by hasVectorizeTransformation: a warning, not ignored.
    assert!(warned(&w, IS_VECTORIZED, false));
    // The generic reader does not validate: width 3 is a vector width.
    assert_eq!(a.int_attr(VECTORIZE_WIDTH), Some(3));
    assert_eq!(
        a.has_vectorize_transformation(),
        TransformationMode::Disabled
    );
}

#[test]
fn vector_width_bounds() {
    for (w, ok) in [
        (0, false),
        (1, true),
        (2, true),
        (6, false),
        (64, true),
        (128, false),
    ] {
        let a = attrs(&format!(
            "!0 = distinct !{{!0, !1}}\n!1 = !{{!\"llvm.loop.vectorize.width\", i32 {w}}}\n"
        ));
        assert_eq!(a.vectorize.width, ok.then_some(w), "width {w}");
    }
    for (c, ok) in [(1, true), (16, true), (12, false), (32, false)] {
        let a = attrs(&format!(
            "!0 = distinct !{{!0, !1}}\n!1 = !{{!\"llvm.loop.interleave.count\", i32 {c}}}\n"
        ));
        assert_eq!(
            a.vectorize.interleave_count,
            ok.then_some(c),
            "interleave {c}"
        );
    }
    // The vectorizer truncates to 32 bits: i64 2^32 + 4 is width 4.
    let a =
        attrs("!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.vectorize.width\", i64 4294967300}\n");
    assert_eq!(a.vectorize.width, Some(4));
}

#[test]
fn bad_counts_are_ignored_with_a_warning() {
    for value in [
        "i32 0",
        "i32 -1",
        "i32 2000000",
        "!\"four\"",
        "i32 4, i32 5",
        "i128 36893488147419103232",
    ] {
        let (_, a, w) = read(&format!(
            "!0 = distinct !{{!0, !1, !2}}\n!1 = !{{!\"llvm.loop.unroll.count\", {value}}}\n\
             !2 = !{{!\"llvm.loop.unroll_and_jam.count\", {value}}}\n"
        ));
        assert_eq!(a.unroll.count, None, "{value}");
        assert_eq!(a.unroll_and_jam.count, None, "{value}");
        assert!(warned(&w, UNROLL_COUNT, true), "{value}: {w:?}");
        assert!(warned(&w, UNROLL_AND_JAM_COUNT, true), "{value}: {w:?}");
        assert!(w.iter().all(|x| x.to_string().contains("count")));
    }
    let a = attrs("!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.unroll.count\", i32 1000000}\n");
    assert_eq!(a.unroll.count, Some(MAX_COUNT));
    // The unroller zero-extends: i1 true is a count of 1.
    let a = attrs("!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.unroll.count\", i1 true}\n");
    assert_eq!(a.unroll.count, Some(1));
}

#[test]
fn misspelled_names_are_warned_with_a_suggestion() {
    let (_, a, w) = read(
        r#"
!0 = distinct !{!0, !1, !2, !3, !4, !5, !6, !7}
!1 = !{!"llvm.loop.vectorize.widht", i32 8}
!2 = !{!"llvm.loop.unrol.count", i32 4}
!3 = !{!"llvm.lop.interleave.count", i32 2}
!4 = !{!"llvm.loop.frobnicate"}
!5 = !{!"llvm.loop.pipeline.disable", i1 true}
!6 = !{!"my.attr", i32 7}
!7 = !{!"llvm.loop.vectorize.width", i32 4}
"#,
    );
    assert_eq!(a.vectorize.width, Some(4));
    assert_eq!(a.unroll.count, None);
    let msg = |name: &str| {
        w.iter()
            .find(|x| x.attr == name)
            .map(|x| (x.message.clone(), x.ignored))
    };
    let dym = |s: &str| Some((format!("unknown loop attribute; did you mean '{s}'?"), true));
    assert_eq!(msg("llvm.loop.vectorize.widht"), dym(VECTORIZE_WIDTH));
    assert_eq!(msg("llvm.loop.unrol.count"), dym(UNROLL_COUNT));
    assert_eq!(msg("llvm.lop.interleave.count"), dym(INTERLEAVE_COUNT));
    assert_eq!(
        msg("llvm.loop.frobnicate"),
        Some(("unknown loop attribute".to_owned(), true))
    );
    // Names LLVM knows, and names outside `llvm.`, are not reported.
    assert_eq!(msg("llvm.loop.pipeline.disable"), None);
    assert_eq!(msg("my.attr"), None);
    assert_eq!(w.len(), 4, "{w:?}");
}

#[test]
fn overridden_hints_are_warned() {
    let (_, a, w) = read(
        r#"
!0 = distinct !{!0, !1, !2, !3}
!1 = !{!"llvm.loop.vectorize.enable", i1 false}
!2 = !{!"llvm.loop.vectorize.width", i32 8}
!3 = !{!"llvm.loop.interleave.count", i32 4}
"#,
    );
    assert_eq!(a.vectorize.width, Some(8));
    assert!(warned(&w, VECTORIZE_WIDTH, true), "{w:?}");
    assert!(warned(&w, INTERLEAVE_COUNT, true), "{w:?}");
    assert!(w[0]
        .message
        .contains("conflicts with 'llvm.loop.vectorize.enable' false"));
    // Width 1 with an interleave count is the interleave-only idiom, and
    // `enable` true with a width is what clang writes: no conflict.
    for ok in [
        "!0 = distinct !{!0, !1, !2}\n!1 = !{!\"llvm.loop.vectorize.width\", i32 1}\n\
         !2 = !{!\"llvm.loop.interleave.count\", i32 4}\n",
        "!0 = distinct !{!0, !1, !2}\n!1 = !{!\"llvm.loop.vectorize.enable\", i1 true}\n\
         !2 = !{!\"llvm.loop.vectorize.width\", i32 8}\n",
        "!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.vectorize.enable\", i1 false}\n",
    ] {
        assert!(read(ok).2.is_empty(), "{ok}: {:?}", read(ok).2);
    }
    let (_, _, w) = read(
        r#"
!0 = distinct !{!0, !1, !2, !3}
!1 = !{!"llvm.loop.unroll.disable"}
!2 = !{!"llvm.loop.unroll.count", i32 4}
!3 = !{!"llvm.loop.unroll.full"}
"#,
    );
    assert!(
        warned(&w, UNROLL_COUNT, true) && warned(&w, UNROLL_FULL, true),
        "{w:?}"
    );
    // opt-19 unrolls by the count when both are given (checked: a
    // 16-iteration loop with `unroll.count 2` and `unroll.full` is
    // unrolled by 2 in either order).
    let (_, _, w) = read(
        "!0 = distinct !{!0, !1, !2}\n!1 = !{!\"llvm.loop.unroll.full\"}\n\
         !2 = !{!\"llvm.loop.unroll.count\", i32 2}\n",
    );
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].message.contains("which takes precedence"));
    let (_, _, w) = read(
        "!0 = distinct !{!0, !1, !2}\n!1 = !{!\"llvm.loop.unroll_and_jam.disable\"}\n\
         !2 = !{!\"llvm.loop.unroll_and_jam.count\", i32 2}\n",
    );
    assert!(warned(&w, UNROLL_AND_JAM_COUNT, true), "{w:?}");
}

#[test]
fn duplicates_follow_each_reader() {
    let (_, a, w) = read(
        r#"
!0 = distinct !{!0, !1, !2, !3, !4, !5}
!1 = !{!"llvm.loop.unroll.count", i32 4}
!2 = !{!"llvm.loop.unroll.count", i32 8}
!3 = !{!"llvm.loop.vectorize.width", i32 4}
!4 = !{!"llvm.loop.vectorize.width", i32 8}
!5 = !{!"llvm.loop.vectorize.width", i32 5}
"#,
    );
    assert_eq!(a.unroll.count, Some(4), "the unroller reads the first");
    assert_eq!(a.vectorize.width, Some(8), "the vectorizer: the last valid");
    assert_eq!(
        a.int_attr(VECTORIZE_WIDTH),
        Some(4),
        "the generic reader: the first"
    );
    assert!(warned(&w, UNROLL_COUNT, true));
    assert!(warned(&w, VECTORIZE_WIDTH, false));
}

#[test]
fn presence_attributes_and_their_values() {
    let (_, a, w) = read(
        r#"
!0 = distinct !{!0, !1, !2, !3}
!1 = !{!"llvm.loop.unroll.enable", i1 false}
!2 = !{!"llvm.loop.licm_versioning.disable", i32 0}
!3 = !{!"llvm.loop.unroll.disable", i1 false}
"#,
    );
    // The unroller and versioning LICM look at presence only...
    assert!(a.unroll.enable);
    assert!(a.licm_versioning_disable);
    // ...the generic reader at the value.
    assert!(!a.unroll.disable);
    assert!(!a.flag_attr(UNROLL_ENABLE));
    assert_eq!(
        a.has_unroll_transformation(),
        TransformationMode::Unspecified
    );
    assert_eq!(
        a.has_licm_versioning_transformation(),
        TransformationMode::Unspecified
    );
    assert!(warned(&w, UNROLL_ENABLE, false));
    assert!(warned(&w, LICM_VERSIONING_DISABLE, false));
}

#[test]
fn operands_that_are_not_attributes() {
    let (m, a, w) = read(
        r#"
!0 = distinct !{!0, !"llvm.loop.mustprogress", null, !1, !2, !3, i32 5}
!1 = !{}
!2 = !{i32 1, !"x"}
!3 = distinct !{!3, !4}
!4 = !{!"llvm.loop.unroll.count", i32 4}
"#,
    );
    assert!(
        !a.mustprogress,
        "a bare string is not an attribute for the generic reader"
    );
    assert_eq!(a.unknown.len(), 6);
    assert_eq!(a.entries.len(), 6);
    assert_eq!(w.iter().filter(|x| x.ignored).count(), 6);
    assert!(w.iter().any(|x| x.message.contains("nested loop ID")));
    assert_eq!(
        a.unroll.count, None,
        "attributes inside a nested LoopID are invisible"
    );
    assert_eq!(
        render_md(&m, a.unknown[4]),
        "distinct !{!<cycle>, !{!\"llvm.loop.unroll.count\", i32 4}}"
    );
}

#[test]
fn followup_operands_are_checked() {
    let (_, a, w) = read(
        r#"
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.vectorize.followup_all", !2, !"str"}
!2 = distinct !{!2, !3}
!3 = !{!"llvm.loop.unroll.count", i32 4}
"#,
    );
    let f = a.vectorize.followup_all.expect("followup");
    assert_eq!(f.attrs.len(), 2, "kept verbatim");
    assert!(w
        .iter()
        .any(|x| x.attr == VECTORIZE_FOLLOWUP_ALL && x.message.contains("clang 19")));
    assert!(w
        .iter()
        .any(|x| x.attr == VECTORIZE_FOLLOWUP_ALL && x.message.contains("operand 2")));
}

#[test]
fn distribute_enable_needs_a_value() {
    let (_, a, w) = read("!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.distribute.enable\"}\n");
    assert_eq!(a.distribute.enable, None);
    assert!(warned(&w, DISTRIBUTE_ENABLE, true));
    assert_eq!(
        a.has_distribute_transformation(),
        TransformationMode::Forced
    );
    let a = attrs("!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.distribute.enable\", i1 false}\n");
    assert_eq!(a.distribute.enable, Some(false));
    assert_eq!(
        a.has_distribute_transformation(),
        TransformationMode::Unspecified
    );
}

#[test]
fn parallel_accesses_and_peeled_count() {
    let (_, a, w) = read(
        r#"
!0 = distinct !{!0, !1, !2, !3}
!1 = !{!"llvm.loop.parallel_accesses", !10, !"x", !11}
!2 = !{!"llvm.loop.parallel_accesses", !12}
!3 = !{!"llvm.loop.peeled.count", i32 -2}
!10 = distinct !{}
!11 = !{}
!12 = distinct !{}
"#,
    );
    assert_eq!(
        a.parallel_accesses.len(),
        2,
        "only the first attribute, node operands"
    );
    assert!(
        warned(&w, PARALLEL_ACCESSES, true),
        "string operand / duplicate"
    );
    assert!(
        warned(&w, PARALLEL_ACCESSES, false),
        "uniqued node is no access group"
    );
    assert_eq!(a.peeled_count, Some(4294967294));
    assert!(warned(&w, PEELED_COUNT, false));
}

// ---------------------------------------------------------------- modes

fn mode_of(md_attrs: &[&str], f: fn(&LoopAttrs) -> TransformationMode) -> TransformationMode {
    let mut text = String::from("!0 = distinct !{!0");
    for i in 0..md_attrs.len() {
        text.push_str(&format!(", !{}", i + 1));
    }
    text.push_str("}\n");
    for (i, a) in md_attrs.iter().enumerate() {
        text.push_str(&format!("!{} = !{{{a}}}\n", i + 1));
    }
    f(&attrs(&text))
}

#[test]
fn unroll_modes() {
    use TransformationMode::*;
    let unroll = LoopAttrs::has_unroll_transformation;
    let cases: &[(&[&str], TransformationMode)] = &[
        (&[], Unspecified),
        (&[r#"!"llvm.loop.unroll.disable""#], Suppressed),
        (&[r#"!"llvm.loop.unroll.disable", i1 false"#], Unspecified),
        (&[r#"!"llvm.loop.unroll.count", i32 1"#], Suppressed),
        (&[r#"!"llvm.loop.unroll.count", i32 4"#], Forced),
        // LLVM: any count but 1 forces, even 0 and negative ones.
        (&[r#"!"llvm.loop.unroll.count", i32 0"#], Forced),
        (&[r#"!"llvm.loop.unroll.count", i32 -3"#], Forced),
        // ... truncated to 32 bits: 2^32 + 1 is 1.
        (
            &[r#"!"llvm.loop.unroll.count", i64 4294967297"#],
            Suppressed,
        ),
        // A count without a value is no count.
        (&[r#"!"llvm.loop.unroll.count""#], Unspecified),
        (&[r#"!"llvm.loop.unroll.enable""#], Forced),
        (&[r#"!"llvm.loop.unroll.enable", i1 false"#], Unspecified),
        (&[r#"!"llvm.loop.unroll.full""#], Forced),
        (&[r#"!"llvm.loop.disable_nonforced""#], Disabled),
        (
            &[
                r#"!"llvm.loop.disable_nonforced""#,
                r#"!"llvm.loop.unroll.count", i32 2"#,
            ],
            Forced,
        ),
        (
            &[
                r#"!"llvm.loop.unroll.count", i32 2"#,
                r#"!"llvm.loop.unroll.disable""#,
            ],
            Suppressed,
        ),
        (&[r#"!"llvm.loop.unroll_and_jam.enable""#], Unspecified),
    ];
    for (a, want) in cases {
        assert_eq!(mode_of(a, unroll), *want, "{a:?}");
    }
}

#[test]
fn unroll_and_jam_modes() {
    use TransformationMode::*;
    let uj = LoopAttrs::has_unroll_and_jam_transformation;
    let cases: &[(&[&str], TransformationMode)] = &[
        (&[], Unspecified),
        (&[r#"!"llvm.loop.unroll_and_jam.disable""#], Suppressed),
        (&[r#"!"llvm.loop.unroll_and_jam.count", i32 1"#], Suppressed),
        (&[r#"!"llvm.loop.unroll_and_jam.count", i32 4"#], Forced),
        (&[r#"!"llvm.loop.unroll_and_jam.enable""#], Forced),
        (&[r#"!"llvm.loop.disable_nonforced""#], Disabled),
        (
            &[
                r#"!"llvm.loop.disable_nonforced""#,
                r#"!"llvm.loop.unroll_and_jam.enable""#,
            ],
            Forced,
        ),
        (&[r#"!"llvm.loop.unroll.disable""#], Unspecified),
    ];
    for (a, want) in cases {
        assert_eq!(mode_of(a, uj), *want, "{a:?}");
    }
}

#[test]
fn vectorize_modes() {
    use TransformationMode::*;
    let vec = LoopAttrs::has_vectorize_transformation;
    const EN: &str = r#"!"llvm.loop.vectorize.enable", i1 true"#;
    const W1: &str = r#"!"llvm.loop.vectorize.width", i32 1"#;
    const W4: &str = r#"!"llvm.loop.vectorize.width", i32 4"#;
    const I1: &str = r#"!"llvm.loop.interleave.count", i32 1"#;
    const I2: &str = r#"!"llvm.loop.interleave.count", i32 2"#;
    const ISV: &str = r#"!"llvm.loop.isvectorized", i32 1"#;
    const SC: &str = r#"!"llvm.loop.vectorize.scalable.enable", i1 true"#;
    const DN: &str = r#"!"llvm.loop.disable_nonforced""#;
    let cases: &[(&[&str], TransformationMode)] = &[
        (&[], Unspecified),
        (&[r#"!"llvm.loop.vectorize.enable", i1 false"#], Suppressed),
        (&[r#"!"llvm.loop.vectorize.enable", i32 0"#], Suppressed),
        (&[EN, W1, I1], Suppressed),
        (&[EN, W1, I1, ISV], Suppressed),
        (&[ISV], Disabled),
        (&[EN, ISV], Disabled),
        (&[r#"!"llvm.loop.isvectorized""#], Disabled),
        (&[r#"!"llvm.loop.isvectorized", i32 0"#], Unspecified),
        (&[EN], Forced),
        (&[r#"!"llvm.loop.vectorize.enable""#], Forced),
        (&[EN, W4], Forced),
        (&[W1, I1], Disabled),
        (&[W1], Unspecified),
        (&[W4], Enabled),
        (&[r#"!"llvm.loop.vectorize.width", i32 3"#], Enabled),
        (&[I2], Enabled),
        (&[W1, SC], Enabled),
        (&[W1, SC, I1], Enabled),
        (&[DN], Disabled),
        (&[DN, W4], Enabled),
        (&[DN, EN], Forced),
    ];
    for (a, want) in cases {
        assert_eq!(mode_of(a, vec), *want, "{a:?}");
    }
}

#[test]
fn distribute_and_licm_versioning_modes() {
    use TransformationMode::*;
    let dist = LoopAttrs::has_distribute_transformation;
    let licm = LoopAttrs::has_licm_versioning_transformation;
    assert_eq!(mode_of(&[], dist), Unspecified);
    assert_eq!(
        mode_of(&[r#"!"llvm.loop.distribute.enable", i1 true"#], dist),
        Forced
    );
    assert_eq!(
        mode_of(&[r#"!"llvm.loop.disable_nonforced""#], dist),
        Disabled
    );
    assert_eq!(mode_of(&[], licm), Unspecified);
    assert_eq!(
        mode_of(&[r#"!"llvm.loop.licm_versioning.disable""#], licm),
        Suppressed
    );
    assert_eq!(
        mode_of(&[r#"!"llvm.loop.disable_nonforced""#], licm),
        Disabled
    );
    let a = attrs("!0 = distinct !{!0, !1, !2}\n!1 = !{!\"llvm.licm.disable\"}\n!2 = !{!\"llvm.loop.mustprogress\", i1 false}\n");
    assert!(a.has_disable_licm_transforms_hint());
    assert!(!a.has_must_progress());
    assert!(!a.has_disable_all_transforms_hint());
}

#[test]
fn mode_predicates() {
    use TransformationMode::*;
    assert!(Forced.is_enabled() && Enabled.is_enabled() && !Disabled.is_enabled());
    assert!(Suppressed.is_disabled() && Disabled.is_disabled() && !Unspecified.is_disabled());
    assert!(Forced.is_explicit() && Suppressed.is_explicit() && !Enabled.is_explicit());
}

// ---------------------------------------------------------------- describe

/// A LoopID whose follow-up starts a chain of 30 nodes, each naming the
/// next one 16 times: 16^29 paths through 30 nodes.
fn dag_md(followup: bool) -> String {
    let mut md = String::from("!0 = distinct !{!0, !1}\n");
    for k in 1..=30 {
        let ops = if k < 30 {
            vec![format!("!{}", k + 1); 16].join(", ")
        } else {
            "!\"leaf\"".to_string()
        };
        let name = match (k, followup) {
            (1, true) => "!\"llvm.loop.unroll.followup_unrolled\", ",
            (_, true) => "!\"llvm.loop.unroll.followup_all\", ",
            (1, false) => "!\"my.attr\", ",
            (_, false) => "",
        };
        md += &format!("!{k} = !{{{name}{ops}}}\n");
    }
    md
}

fn count_nodes(d: &Description) -> usize {
    1 + d.children.iter().map(count_nodes).sum::<usize>()
}

#[test]
fn describing_and_rendering_a_metadata_dag_is_bounded() {
    for followup in [true, false] {
        let (m, a, _) = read(&dag_md(followup));
        let d = a.describe(&m);
        let nodes = count_nodes(&d);
        assert!(
            nodes < 2 * describe::MAX_OPERANDS,
            "{nodes} description nodes"
        );
        let text = format!("{d:?}");
        assert!(text.contains("..."), "nothing was cut: {}", &text[..200]);
        let id = a.loop_id.expect("a LoopID");
        let rendered = render_attr_set(&m, Some(id));
        assert_eq!(rendered.len(), 1);
        assert!(rendered[0].contains("..."), "nothing was cut");
        // Each operand costs at most a few dozen characters.
        assert!(
            rendered[0].len() < 64 * describe::MAX_OPERANDS,
            "{}",
            rendered[0].len()
        );
        let one = render_md(&m, Some(Md::Node(id)));
        assert!(one.len() < 64 * describe::MAX_OPERANDS);
    }
    // Small metadata is written out whole.
    let (m, a, _) = read("!0 = distinct !{!0, !1}\n!1 = !{!\"my.attr\", !2, !2}\n!2 = !{!\"x\"}\n");
    let id = a.loop_id.expect("a LoopID");
    assert_eq!(
        render_attr_set(&m, Some(id)),
        [r#"!{!"my.attr", !{!"x"}, !{!"x"}}"#]
    );
}

#[test]
fn describe_tree() {
    let (m, a, _) = read(&format!(
        r#"
!0 = distinct !{{!0, !1, !2, !3, !4, !5, !6}}
!1 = !DILocation(line: 3, column: 3, scope: !90)
!2 = !{{!"llvm.loop.unroll.count", i32 4}}
!3 = !{{!"llvm.loop.vectorize.enable", i1 true}}
!4 = !{{!"llvm.loop.vectorize.followup_all", !7, !8}}
!5 = !{{!"my.attr", !"x", i32 7}}
!6 = !{{!"llvm.loop.mustprogress"}}
!7 = !{{!"llvm.loop.isvectorized"}}
!8 = distinct !{{!8, !9}}
!9 = !{{!"llvm.loop.unroll.count", i32 2}}
{DEBUG_INFO}"#
    ));
    let d = a.describe(&m);
    assert_eq!(
        d.child("start").map(|c| &c.value),
        Some(&DescValue::Text("3:3".into()))
    );
    assert_eq!(
        d.child("unroll.count").map(|c| &c.value),
        Some(&DescValue::Int(4))
    );
    assert_eq!(
        d.child("vectorize.enable").map(|c| &c.value),
        Some(&DescValue::Bool(true))
    );
    assert_eq!(
        d.child("mustprogress").map(|c| &c.value),
        Some(&DescValue::Flag)
    );
    assert_eq!(
        d.child("my.attr").map(|c| &c.value),
        Some(&DescValue::Text("!\"x\", i32 7".into()))
    );
    let f = d.child("vectorize.followup_all").expect("followup");
    assert_eq!(f.children.len(), 2);
    assert_eq!(f.children[0].key, "isvectorized");
    assert_eq!(f.children[1].key, "loop_id");
    assert_eq!(f.children[1].children[0].key, "unroll.count");
    let modes = d.child("modes").expect("modes");
    assert_eq!(
        modes.child("unroll").map(|c| &c.value),
        Some(&DescValue::Text("forced".into()))
    );
    assert_eq!(
        modes.child("vectorize").map(|c| &c.value),
        Some(&DescValue::Text("forced".into()))
    );
    assert_eq!(
        modes.child("distribute").map(|c| &c.value),
        Some(&DescValue::Text("unspecified".into()))
    );
}

#[test]
fn render_escapes_strings() {
    let (m, a, _) = read("!0 = distinct !{!0, !1}\n!1 = !{!\"a\\22b\\\\c\\0A\"}\n");
    assert_eq!(render_md(&m, a.unknown[0]), "!{!\"a\\22b\\5Cc\\0A\"}");
}
