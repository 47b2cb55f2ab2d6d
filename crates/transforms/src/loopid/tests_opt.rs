//! Live cross-check with opt-19: each case runs an LLVM transformation on a
//! module, then compares the LoopID opt-19 attached to every generated loop
//! (found by the name of its latch block) with the LoopID our functions
//! compute from the same input, as lists of rendered operands (so node
//! numbering does not matter, order does).
//!
//! Skipped with a notice when `opt-19` is not installed (an error under
//! CI).

use super::tests::{
    after, latch_id, parse, DEBUG_INFO, DIST_FN, DIST_FOLLOWUPS, LOOP_FN, NEST_FN, TWO_PTR_FN,
    UJ_FOLLOWUPS, UJ_PLAIN, VEC_FOLLOWUPS, VEC_PLAIN,
};
use super::*;
use loopwright_analysis::loopmd::*;
use loopwright_ir::Module;
use loopwright_testkit::run;
use loopwright_testkit::tools::OPT;
use std::process::Command;

fn opt_available() -> bool {
    loopwright_testkit::require(&[OPT])
}

fn run_opt(name: &str, input: &str, args: &[&str]) -> Module {
    let path = std::env::temp_dir().join(format!("loopmd-{}-{name}.ll", std::process::id()));
    std::fs::write(&path, input).expect("write input");
    let out = run::run(
        Command::new(OPT)
            .args(args)
            .arg("-S")
            .arg(&path)
            .arg("-o")
            .arg("-"),
        run::TIMEOUT,
    );
    let _ = std::fs::remove_file(&path);
    assert!(
        out.success(),
        "{name}: opt-19 failed: {}",
        out.stderr_text()
    );
    parse(&out.stdout_text())
}

/// One generated loop: the latch block name in opt's output, our action,
/// and the LoopID the loop carried in the input (for `Keep`).
struct Role {
    block: &'static str,
    action: LoopIdAction,
    current: Option<loopwright_ir::MdNode>,
}

fn check(name: &str, input: &str, args: &[&str], m: &Module, roles: &[Role]) {
    let out = run_opt(name, input, args);
    let f = out.function_by_name("f").expect("@f in opt's output");
    let func = &out.functions[f];
    for r in roles {
        assert!(
            func.layout
                .blocks()
                .any(|b| func.block_name(b) == Some(r.block)),
            "{name}: opt's output has no block `{}`",
            r.block
        );
        let ours = after(m, r.action, r.current);
        let theirs = latch_id(&out, r.block).map(|id| render_attr_set(&out, Some(id)));
        assert_eq!(ours, theirs, "{name}: loop `{}`", r.block);
    }
}

fn unroll_case(
    name: &str,
    md: &str,
    args: &[&str],
    plan: UnrollPlan,
    remainder_block: &'static str,
) {
    let input = format!("{LOOP_FN}\n{md}");
    let mut m = parse(&input);
    let id = latch_id(&m, "loop");
    let ids = unroll_loop_ids(&mut m.md, id, plan);
    let mut roles = vec![Role {
        block: "loop",
        action: ids.unrolled,
        current: id,
    }];
    if let Some(rem) = ids.remainder {
        roles.push(Role {
            block: remainder_block,
            action: rem,
            current: id,
        });
    }
    check(name, &input, args, &m, &roles);
}

const U_PLAIN: &str = r#"
!0 = distinct !{!0, !1, !2, !3, !4, !5}
!1 = !{!"llvm.loop.unroll.count", i32 4}
!2 = !{!"llvm.loop.mustprogress"}
!3 = !{!"llvm.loop.vectorize.width", i32 8}
!4 = !{!"my.attr", i32 7}
!5 = !{!"llvm.loop.unroll.runtime.disable.x"}
"#;

const U_FOLLOWUPS: &str = r#"
!0 = distinct !{!0, !1, !2, !3, !4, !5, !6}
!1 = !{!"llvm.loop.unroll.count", i32 4}
!2 = !{!"llvm.loop.mustprogress"}
!3 = !{!"llvm.loop.unroll.followup_unrolled", !10, !11}
!4 = !{!"llvm.loop.unroll.followup_remainder", !12}
!5 = !{!"llvm.loop.unroll.followup_all", !13}
!6 = !{!"my.attr", i32 7}
!10 = !{!"llvm.loop.vectorize.width", i32 4}
!11 = !{!"llvm.loop.isvectorized"}
!12 = !{!"llvm.loop.distribute.enable", i1 true}
!13 = !{!"llvm.loop.unroll.disable"}
"#;

#[test]
fn unroll_matches_opt() {
    if !opt_available() {
        return;
    }
    let explicit = UnrollPlan {
        count_set_explicitly: true,
        has_remainder: true,
    };
    let epilog = &["-passes=loop-unroll"][..];
    let prolog = &["-passes=loop-unroll", "-unroll-runtime-epilog=false"][..];
    unroll_case("u-plain", U_PLAIN, epilog, explicit, "loop.epil");
    unroll_case("u-plain-prolog", U_PLAIN, prolog, explicit, "loop.prol");
    unroll_case("u-followups", U_FOLLOWUPS, epilog, explicit, "loop.epil");
    unroll_case(
        "u-followups-prolog",
        U_FOLLOWUPS,
        prolog,
        explicit,
        "loop.prol",
    );
    let heuristic = UnrollPlan {
        count_set_explicitly: false,
        has_remainder: true,
    };
    unroll_case(
        "u-heuristic",
        "!0 = distinct !{!0, !2, !4}\n!2 = !{!\"llvm.loop.mustprogress\"}\n!4 = !{!\"my.attr\", i32 7}\n",
        &["-passes=loop-unroll<runtime>"],
        heuristic,
        "loop.epil",
    );
    unroll_case(
        "u-heuristic-followup",
        "!0 = distinct !{!0, !2, !4}\n!2 = !{!\"llvm.loop.mustprogress\"}\n\
         !4 = !{!\"llvm.loop.unroll.followup_unrolled\", !5}\n!5 = !{!\"my.attr\", i32 7}\n",
        &["-passes=loop-unroll<runtime>"],
        heuristic,
        "loop.epil",
    );
    unroll_case(
        "u-empty-followup",
        "!0 = distinct !{!0, !1, !4}\n!1 = !{!\"llvm.loop.unroll.count\", i32 2}\n\
         !4 = !{!\"llvm.loop.unroll.followup_unrolled\"}\n",
        epilog,
        UnrollPlan {
            count_set_explicitly: true,
            has_remainder: false,
        },
        "loop.epil",
    );
}

#[test]
fn unroll_with_debug_locations_matches_opt() {
    if !opt_available() {
        return;
    }
    let body = LOOP_FN.replace(
        "define void @f(ptr %a, i64 %n) {",
        "define void @f(ptr %a, i64 %n) !dbg !90 {",
    );
    for (name, extra) in [
        (
            "u-dbg-followup",
            "!5 = !{!\"llvm.loop.unroll.followup_unrolled\", !6}\n!6 = !{!\"f.unr\"}\n",
        ),
        (
            "u-dbg-rem",
            "!5 = !{!\"llvm.loop.unroll.followup_remainder\", !6}\n!6 = !{!\"f.rem\"}\n",
        ),
    ] {
        let input = format!(
            "{body}\n!0 = distinct !{{!0, !1, !2, !3, !4, !5}}\n\
             !1 = !DILocation(line: 3, column: 3, scope: !90)\n\
             !2 = !DILocation(line: 4, column: 13, scope: !90)\n\
             !3 = !{{!\"llvm.loop.mustprogress\"}}\n!4 = !{{!\"llvm.loop.unroll.count\", i32 4}}\n\
             {extra}{DEBUG_INFO}"
        );
        let mut m = parse(&input);
        let id = latch_id(&m, "loop");
        let plan = UnrollPlan {
            count_set_explicitly: true,
            has_remainder: true,
        };
        let ids = unroll_loop_ids(&mut m.md, id, plan);
        let roles = [
            Role {
                block: "loop",
                action: ids.unrolled,
                current: id,
            },
            Role {
                block: "loop.epil",
                action: ids.remainder.expect("remainder"),
                current: id,
            },
        ];
        check(name, &input, &["-passes=loop-unroll"], &m, &roles);
    }
}

#[test]
fn unroll_and_jam_matches_opt() {
    if !opt_available() {
        return;
    }
    for (name, md) in [("uj-plain", UJ_PLAIN), ("uj-followups", UJ_FOLLOWUPS)] {
        let input = format!("{NEST_FN}\n{md}");
        let mut m = parse(&input);
        let outer = latch_id(&m, "latch");
        let inner = latch_id(&m, "inner");
        let plan = UnrollAndJamPlan {
            count_set_explicitly: true,
            has_remainder: true,
        };
        let ids = unroll_and_jam_loop_ids(&mut m.md, outer, plan);
        let roles = [
            Role {
                block: "latch",
                action: ids.outer,
                current: outer,
            },
            Role {
                block: "inner",
                action: ids.inner,
                current: inner,
            },
            Role {
                block: "latch.epil",
                action: ids.remainder_outer.expect("remainder"),
                current: outer,
            },
            Role {
                block: "inner.epil",
                action: ids.remainder_inner.expect("remainder"),
                current: inner,
            },
        ];
        let args = ["-passes=loop-unroll-and-jam", "-allow-unroll-and-jam"];
        check(name, &input, &args, &m, &roles);
    }
}

#[test]
fn vectorize_matches_opt() {
    if !opt_available() {
        return;
    }
    let last_unroll_disable = r#"
!0 = distinct !{!0, !1, !3, !4}
!1 = !{!"llvm.loop.vectorize.width", i32 4}
!3 = !{!"llvm.loop.vectorize.enable", i1 true}
!4 = !{!"llvm.loop.unroll.disable"}
"#;
    for (name, md) in [
        ("v-plain", VEC_PLAIN),
        ("v-followups", VEC_FOLLOWUPS),
        ("v-unroll-disable-last", last_unroll_disable),
    ] {
        let input = format!("{LOOP_FN}\n{md}");
        let mut m = parse(&input);
        let id = latch_id(&m, "loop");
        let ids = vectorize_loop_ids(&mut m, id, VectorizePlan::default());
        let roles = [
            Role {
                block: "vector.body",
                action: ids.vectorized,
                current: id,
            },
            Role {
                block: "loop",
                action: ids.epilogue.expect("epilogue"),
                current: id,
            },
        ];
        check(name, &input, &["-passes=loop-vectorize"], &m, &roles);
    }
    // Runtime checks and epilogue vectorization.
    let plain = "!0 = distinct !{!0, !2, !4}\n!2 = !{!\"llvm.loop.mustprogress\"}\n!4 = !{!\"my.attr\", i32 7}\n";
    let followups = VEC_FOLLOWUPS
        .replace(
            "!1 = !{!\"llvm.loop.vectorize.width\", i32 4}",
            "!1 = !{!\"llvm.loop.mustprogress\"}",
        )
        .replace(
            "!3 = !{!\"llvm.loop.vectorize.enable\", i1 true}",
            "!3 = !{!\"my.attr\", i32 7}",
        );
    for (name, md) in [
        ("v-epi-plain", plain),
        ("v-epi-followups", followups.as_str()),
    ] {
        let input = format!("{TWO_PTR_FN}\n{md}");
        let mut m = parse(&input);
        let id = latch_id(&m, "loop");
        let plan = VectorizePlan {
            runtime_checks: true,
            vector_epilogue: true,
            ..VectorizePlan::default()
        };
        let ids = vectorize_loop_ids(&mut m, id, plan);
        let roles = [
            Role {
                block: "vector.body",
                action: ids.vectorized,
                current: id,
            },
            Role {
                block: "vec.epilog.vector.body",
                action: ids.vector_epilogue.expect("vector epilogue"),
                current: id,
            },
            Role {
                block: "loop",
                action: ids.epilogue.expect("epilogue"),
                current: id,
            },
        ];
        let args = [
            "-mtriple=x86_64-unknown-linux-gnu",
            "-mcpu=skylake",
            "-passes=loop-vectorize",
            "-epilogue-vectorization-force-VF=4",
        ];
        check(name, &input, &args, &m, &roles);
    }
}

#[test]
fn distribute_matches_opt() {
    if !opt_available() {
        return;
    }
    let plain =
        "!0 = distinct !{!0, !1, !2, !3}\n!1 = !{!\"llvm.loop.distribute.enable\", i1 true}\n\
                 !2 = !{!\"llvm.loop.mustprogress\"}\n!3 = !{!\"my.attr\", i32 7}\n";
    let only_enable =
        "!0 = distinct !{!0, !1}\n!1 = !{!\"llvm.loop.distribute.enable\", i1 true}\n";
    for (name, md) in [
        ("d-plain", plain),
        ("d-followups", DIST_FOLLOWUPS),
        ("d-only-enable", only_enable),
    ] {
        let input = format!("{DIST_FN}\n{md}");
        let mut m = parse(&input);
        let id = latch_id(&m, "for.body");
        let ids = distribute_loop_ids(&mut m.md, id, true);
        // The first partition is the one with the dependence cycle.
        let roles = [
            Role {
                block: "for.body.lver.orig",
                action: ids.fallback.expect("fallback"),
                current: id,
            },
            Role {
                block: "for.body.ldist1",
                action: ids.sequential,
                current: id,
            },
            Role {
                block: "for.body",
                action: ids.coincident,
                current: id,
            },
        ];
        check(name, &input, &["-passes=loop-distribute"], &m, &roles);
    }
}
