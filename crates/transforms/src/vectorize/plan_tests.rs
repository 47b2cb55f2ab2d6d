//! Unit tests of the planner: the decisions legality implies, the recipes
//! built from them, the live-outs, and the refusals. Each test shows the
//! property failing on a changed input where that is meaningful.

use super::plan::{self, Lanes, LiveOut, Recipe, VPlan};
use super::*;
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};
use loopwright_ir::{Inst, Module};

const HEAD: &str = "target datalayout = \"e-m:e-i64:64-n8:16:32:64-S128\"\n\
                    target triple = \"x86_64-pc-linux-gnu\"\n";

/// Plans the single innermost loop of `@f` in `body` at `vf`/`ic`, and
/// gives the plan (or the refusal) with the module, for naming.
fn plan_of(body: &str, vf: u32, ic: u32) -> (Module, Result<VPlan, String>) {
    plan_with(body, vf, ic, true)
}

/// [`plan_of`]; `forced`: the width and interleave count are given to
/// legality (loop access analysis then asks for a dependence distance of
/// VF·IC iterations) as well as to the planner.
fn plan_with(body: &str, vf: u32, ic: u32, forced: bool) -> (Module, Result<VPlan, String>) {
    let text = format!("{HEAD}{body}");
    let m = loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("parses");
    loopwright_analysis::verify_module(&m).expect("verifies");
    let fid = m.function_by_name("f").expect("@f");
    let f = &m.functions[fid];
    let cfg = ControlFlowGraph::compute(f);
    let dt = DominatorTree::compute(&cfg);
    let lf = LoopForest::compute(&cfg, &dt);
    let opts = if forced {
        VectorizeOptions {
            force_vector_width: vf,
            force_vector_interleave: Some(ic),
            ..Default::default()
        }
    } else {
        VectorizeOptions::default()
    };
    let mut la = LegalityAnalysis::new(&m, f, &cfg, &dt, &lf, &opts);
    let l = lf.loops().find(|&l| lf.is_innermost(l)).expect("a loop");
    let v = la.analyze(l);
    let legal = match v.result {
        Ok(legal) => legal,
        Err(r) => return (m.clone(), Err(format!("illegal: {}", r.name()))),
    };
    let se = la.scalar_evolution();
    let d = plan::legal_decisions(&m, f, &lf, se, l, &legal, vf);
    let p = plan::build(&m, f, &cfg, &lf, se, l, &legal, &d, ic).map_err(|e| e.0);
    (m.clone(), p)
}

fn name(m: &Module, i: Inst) -> String {
    let f = &m.functions[m.function_by_name("f").expect("@f")];
    f.inst_result(i)
        .and_then(|v| f.value_name(v).map(str::to_owned))
        .unwrap_or_else(|| f.inst(i).opcode.name().to_owned())
}

/// The recipes as short strings: `kind:name`.
fn recipes(m: &Module, p: &VPlan) -> Vec<String> {
    p.body
        .iter()
        .map(|r| match r {
            Recipe::CanonicalIv => "iv".into(),
            Recipe::Induction { phi, vector } => {
                format!(
                    "{}:{}",
                    if *vector { "ind" } else { "steps" },
                    name(m, *phi)
                )
            }
            Recipe::ReductionPhi { phi } => format!("rdx:{}", name(m, *phi)),
            Recipe::RecurrencePhi { phi } => format!("recur:{}", name(m, *phi)),
            Recipe::Widen { inst, drop_wrap } => {
                format!(
                    "widen{}:{}",
                    if *drop_wrap { "-nowrap" } else { "" },
                    name(m, *inst)
                )
            }
            Recipe::WidenCall { vector_name, .. } => format!("call:{vector_name}"),
            Recipe::GatherScatter { inst } => format!("gather-scatter:{}", name(m, *inst)),
            Recipe::Interleave { group } => format!(
                "interleave{}:{}",
                group.factor,
                group
                    .members
                    .iter()
                    .map(|&(k, x)| format!("{k}={}", name(m, x)))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            Recipe::WidenLoad { inst, reverse } => {
                format!(
                    "load{}:{}",
                    if *reverse { "-rev" } else { "" },
                    name(m, *inst)
                )
            }
            Recipe::WidenStore { reverse, .. } => {
                format!("store{}", if *reverse { "-rev" } else { "" })
            }
            Recipe::Replicate { inst, lanes } => format!(
                "{}:{}",
                match lanes {
                    Lanes::All => "rep",
                    Lanes::First => "first",
                    Lanes::Uniform => "uni",
                },
                name(m, *inst)
            ),
            Recipe::RecurrenceSplice { phi } => format!("splice:{}", name(m, *phi)),
            Recipe::BranchOnCount => "br".into(),
        })
        .collect()
}

const SUM: &str = "define i32 @f(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p, align 4
  %s.next = add nsw i32 %s, %x
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = phi i32 [ %s.next, %loop ]
  ret i32 %r
}
";

#[test]
fn a_sum_widens_its_load_and_reassociates_its_add() {
    let (m, p) = plan_of(SUM, 4, 2);
    let p = p.expect("a plan");
    assert_eq!(
        recipes(&m, &p),
        [
            "iv",
            "steps:i",
            "rdx:s",
            "first:p",
            "load:x",
            "widen-nowrap:s.next",
            "br"
        ]
    );
    assert_eq!((p.vf, p.ic), (4, 2));
    assert!(matches!(p.exit_phis[..], [(_, LiveOut::Reduction(_))]));
    assert!(p.checks.pairs.is_empty() && p.checks.predicates.is_empty());
}

#[test]
fn strides_decide_the_memory_recipes() {
    // a[i] = b[n - i] + c[2i] + *q: consecutive, reverse, per lane,
    // uniform.
    let body =
        "define void @f(ptr noalias %a, ptr noalias %b, ptr noalias %c, ptr noalias %q, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %j = sub i64 %n, %i
  %pb = getelementptr inbounds i32, ptr %b, i64 %j
  %xb = load i32, ptr %pb, align 4
  %k = shl nuw nsw i64 %i, 1
  %pc = getelementptr inbounds i32, ptr %c, i64 %k
  %xc = load i32, ptr %pc, align 4
  %xq = load i32, ptr %q, align 4
  %s1 = add i32 %xb, %xc
  %s2 = add i32 %s1, %xq
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %s2, ptr %pa, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c1 = icmp ult i64 %i.next, %n
  br i1 %c1, label %loop, label %exit
exit:
  ret void
}
";
    let (m, p) = plan_of(body, 4, 1);
    let p = p.expect("a plan");
    let r = recipes(&m, &p);
    for want in [
        "load-rev:xb",
        "rep:xc",
        "uni:xq",
        "store",
        "first:pa",
        "rep:pc",
        "widen:s2",
    ] {
        assert!(r.contains(&want.to_string()), "{want} missing from {r:?}");
    }
    use super::decision::MemWidening::*;
    let kinds: Vec<_> = p.decisions.memory.iter().map(|&(_, w)| w).collect();
    assert_eq!(kinds, [WidenReverse, Scalarize, Scalarize, Widen]);
}

#[test]
fn live_outs_and_recurrences() {
    // The recurrence's users are sunk after its previous value; the
    // induction used after the loop gets its last value, the load its
    // last lane.
    let body = "define i64 @f(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %prev = phi i32 [ 7, %entry ], [ %cur, %loop ]
  %d = mul i32 %prev, 2
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %cur = load i32, ptr %pa, align 4
  %v = add i32 %cur, %d
  %pb = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %pb, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %li = phi i64 [ %i, %loop ]
  %ln = phi i64 [ %i.next, %loop ]
  %lp = phi i32 [ %prev, %loop ]
  %lv = phi i32 [ %v, %loop ]
  %x = zext i32 %lp to i64
  %y = zext i32 %lv to i64
  %s1 = add i64 %li, %ln
  %s2 = add i64 %s1, %x
  %s3 = add i64 %s2, %y
  ret i64 %s3
}
";
    let (m, p) = plan_of(body, 4, 2);
    let p = p.expect("a plan");
    let r = recipes(&m, &p);
    let pos = |s: &str| r.iter().position(|x| x == s).unwrap_or(usize::MAX);
    assert!(pos("load:cur") < pos("splice:prev"), "{r:?}");
    assert!(pos("splice:prev") < pos("widen:d"), "{r:?}");
    let kinds: Vec<_> = p.exit_phis.iter().map(|(_, l)| l.clone()).collect();
    assert!(matches!(kinds[0], LiveOut::InductionLast(_)));
    assert!(matches!(kinds[1], LiveOut::InductionEnd(_)));
    assert!(matches!(kinds[2], LiveOut::RecurrencePenultimate(_)));
    assert!(matches!(kinds[3], LiveOut::LastLane(_)));
}

#[test]
fn a_first_lane_value_used_by_a_widened_operation_keeps_all_lanes() {
    // %p feeds the load's address (first lane would do) and is stored as
    // a value (every lane needed): all lanes.
    let body = "define void @f(ptr noalias %a, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p, align 4
  %po = getelementptr inbounds ptr, ptr %out, i64 %i
  store ptr %p, ptr %po, align 8
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
";
    let (m, p) = plan_of(body, 4, 1);
    let r = recipes(&m, &p.expect("a plan"));
    assert!(!r.contains(&"first:p".to_string()), "{r:?}");
    // Storing the loaded value instead, it is first-lane only.
    let (m, p) = plan_of(
        &body.replace(
            "store ptr %p, ptr %po, align 8",
            "store i32 %x, ptr %po, align 4",
        ),
        4,
        1,
    );
    let r = recipes(&m, &p.expect("a plan"));
    assert!(r.contains(&"first:p".to_string()), "{r:?}");
}

#[test]
fn unsafe_widths_and_narrow_trip_counts_are_refused() {
    // a[i + 8] = a[i] + 1: at most 8 lanes are safe. (Legality is asked
    // without the forced width: with it, loop access analysis already
    // refuses a distance shorter than VF·IC iterations.)
    let body = "define void @f(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p, align 4
  %y = add i32 %x, 1
  %j = add nuw nsw i64 %i, 8
  %q = getelementptr inbounds i32, ptr %a, i64 %j
  store i32 %y, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
";
    let (_, p) = plan_with(body, 4, 2, false);
    assert!(p.is_ok(), "{:?}", p.err());
    let (_, p) = plan_with(body, 4, 4, false);
    let e = p.expect_err("refused");
    assert!(e.contains("maximum safe"), "{e}");
    // Trip counts whose type cannot count VF·IC lanes are refused.
    let narrow = SUM
        .replace("i64 %n", "i8 %n")
        .replace("%i = phi i64", "%i = phi i8")
        .replace("i64 %i\n", "i8 %i\n")
        .replace("add nuw nsw i64 %i, 1", "add nuw nsw i8 %i, 1")
        .replace("icmp ult i64", "icmp ult i8");
    let (_, p) = plan_of(&narrow, 64, 2);
    let e = p.expect_err("refused");
    assert!(e.contains("does not fit"), "{e}");
    let (_, p) = plan_of(&narrow, 4, 2);
    assert!(p.is_ok(), "{:?}", p.err());
}

#[test]
fn the_plan_prints_its_recipes() {
    let (m, p) = plan_of(SUM, 4, 2);
    let p = p.expect("a plan");
    let text = p.print("loop", &mut |i| name(&m, i));
    for want in [
        "VPlan for loop %loop: VF=4, IC=2",
        "WIDEN-REDUCTION-PHI",
        "CLONE (first lane) p",
        "compute-reduction-result",
        "min-iters-check",
    ] {
        assert!(text.contains(want), "{want} missing from\n{text}");
    }
}

#[test]
fn an_unused_recurrence_is_vectorized() {
    // %prev is a first-order recurrence nothing uses: the splice after
    // its previous value %cur needs the phi's recipe before it (the
    // transform panicked on a splice without one; found by fuzzing, see
    // crates/driver/tests/fuzz_regressions/vectorize_unused_recurrence.ll).
    let text = format!(
        "{HEAD}define void @f() {{
entry:
  br label %loop
loop:
  %i = phi i8 [ 0, %entry ], [ %i.next, %loop ]
  %prev = phi i16 [ 0, %entry ], [ %cur, %loop ]
  %cur = sub i16 0, 0
  %i.next = add i8 %i, 1
  %c = icmp ne i8 %i.next, 0
  br i1 %c, label %loop, label %exit
exit:
  ret void
}}
"
    );
    let mut m = loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("parses");
    let fid = m.function_by_name("f").expect("@f");
    let opts = VectorizeOptions {
        force_vector_width: 4,
        force_vector_interleave: Some(1),
        ..Default::default()
    };
    let mut remarks = crate::remark::Remarks::new();
    let out = crate::with_function(&mut m, fid, |m, f| {
        pass::vectorize_function(m, f, Some(fid), &opts, &mut remarks, false)
    });
    assert_eq!(out.vectorized, 1);
    loopwright_analysis::verify_module(&m).expect("the output verifies");
    let printed = loopwright_ir::print::print_module(&m);
    assert!(
        printed.contains("%vector.recur = phi <4 x i16>"),
        "{printed}"
    );
}
