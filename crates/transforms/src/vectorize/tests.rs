//! Unit tests of vectorization legality: one per rejection with a near
//! miss that is legal. The table `tests/vectorize/legality.ll` marks each
//! function with the verdict; the marks were taken from opt-19's remarks
//! (`crates/driver/tests/vlegal_llvm.rs` compares them with opt-19 again).

use super::*;
use loopwright_analysis::{ControlFlowGraph, DominatorTree, LoopForest};

const TABLE: &str = include_str!("../../../../tests/vectorize/legality.ll");

/// The verdict of every function's single innermost loop: `legal` or the
/// remark name, with ` (scope)` for a scope limit.
fn verdicts(text: &str, opts: &VectorizeOptions) -> Vec<(String, String)> {
    let m = loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("parses");
    loopwright_analysis::verify_module(&m).expect("verifies");
    let mut out = Vec::new();
    for (_, f) in m.functions.iter().filter(|(_, f)| !f.is_declaration()) {
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        let v = analyze_function(&m, f, &cfg, &dt, &lf, opts);
        assert_eq!(v.len(), 1, "one loop per function");
        let s = match &v[0].result {
            Ok(_) => "legal".to_string(),
            Err(r) if r.is_scope_limit() => format!("{} (scope)", r.name()),
            Err(r) => r.name().to_string(),
        };
        out.push((f.name().unwrap_or("").to_string(), s));
    }
    out
}

fn marks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut pending = None;
    for line in text.lines() {
        if let Some(x) = line.strip_prefix("; expect: ") {
            // `NAME (scope) opt-19: ...`: the part before `opt-19:`.
            pending = Some(x.split(" opt-19:").next().unwrap_or(x).trim().to_string());
        } else if let Some(rest) = line.strip_prefix("define ") {
            let name = rest.split('@').nth(1).and_then(|r| r.split('(').next());
            out.push((
                name.expect("a name").to_string(),
                pending.take().expect("a mark"),
            ));
        }
    }
    out
}

fn verdict_of(text: &str, opts: &VectorizeOptions, name: &str) -> String {
    verdicts(text, opts)
        .into_iter()
        .find(|(f, _)| f == name)
        .map(|(_, v)| v)
        .unwrap_or_else(|| panic!("no @{name}"))
}

#[test]
fn table_marks_hold() {
    let marks = marks(TABLE);
    assert!(marks.len() >= 40, "{} functions", marks.len());
    let got = verdicts(TABLE, &VectorizeOptions::default());
    assert_eq!(got.len(), marks.len());
    let wrong: Vec<String> = got
        .iter()
        .zip(&marks)
        .filter(|(g, m)| g != m)
        .map(|(g, m)| format!("@{}: got {}, marked {}", g.0, g.1, m.1))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Every rejection of the table has a legal near miss named after it.
    for (f, m) in &marks {
        if m != "legal" && !m.ends_with("(scope)") {
            let near = format!("{f}_near");
            if let Some((_, nm)) = marks.iter().find(|(g, _)| *g == near) {
                assert_eq!(nm, "legal", "@{near}");
            }
        }
    }
}

/// The marks are checked for real: a wrong mark fails.
#[test]
fn a_wrong_mark_fails() {
    let wrong = TABLE.replacen(
        "; expect: UnsafeDep\ndefine void @unsafedep(",
        "; expect: legal\ndefine void @unsafedep(",
        1,
    );
    assert_ne!(wrong, TABLE);
    let got = verdicts(&wrong, &VectorizeOptions::default());
    assert_ne!(got, marks(&wrong));
}

#[test]
fn vectorize_forced_only_needs_enable() {
    let opts = VectorizeOptions {
        vectorize_forced_only: true,
        ..VectorizeOptions::default()
    };
    assert_eq!(verdict_of(TABLE, &opts, "plain"), "MissedDetails");
    // Near miss: `vectorize.enable` true.
    assert_eq!(verdict_of(TABLE, &opts, "disabled_near"), "legal");
    // `vectorize.enable` false still says so explicitly.
    assert_eq!(
        verdict_of(TABLE, &opts, "disabled"),
        "MissedExplicitlyDisabled"
    );
}

#[test]
fn forced_width_and_interleave_one_disable_all() {
    let opts = VectorizeOptions {
        force_vector_width: 1,
        force_vector_interleave: Some(1),
        ..VectorizeOptions::default()
    };
    // opt-19 -force-vector-width=1 -force-vector-interleave=1: AllDisabled
    // even for a loop with `vectorize.enable`.
    assert_eq!(verdict_of(TABLE, &opts, "plain"), "AllDisabled");
    assert_eq!(verdict_of(TABLE, &opts, "disabled_near"), "AllDisabled");
    // Near miss: only the width forced (the interleave count is unset).
    let opts = VectorizeOptions {
        force_vector_width: 1,
        ..VectorizeOptions::default()
    };
    assert_eq!(verdict_of(TABLE, &opts, "plain"), "legal");
    // A loop's own width beats -force-vector-width.
    let opts = VectorizeOptions {
        force_vector_width: 1,
        force_vector_interleave: Some(1),
        ..VectorizeOptions::default()
    };
    assert_eq!(verdict_of(TABLE, &opts, "fsum_hinted"), "legal");
}

#[test]
fn hints_allow_reordering_off() {
    let opts = VectorizeOptions {
        hints_allow_reordering: false,
        ..VectorizeOptions::default()
    };
    assert_eq!(verdict_of(TABLE, &opts, "fsum_hinted"), "CantReorderFPOps");
    assert_eq!(verdict_of(TABLE, &opts, "fsum_reassoc"), "legal");
    // In-order reductions allowed: the plain fadd chain is legal.
    let opts = VectorizeOptions {
        force_ordered_reductions: Some(true),
        ..VectorizeOptions::default()
    };
    assert_eq!(verdict_of(TABLE, &opts, "fsum"), "legal");
}

/// A symbolic stride speculated to be 1 is one SCEV predicate (opt-19
/// -vectorize-scev-check-threshold=0 gives `TooManySCEVRunTimeChecks`).
const STRIDED: &str = r#"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
define void @strided(ptr %a, ptr %b, i64 %n, i64 %s) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %is = mul i64 %i, %s
  %p = getelementptr inbounds i32, ptr %a, i64 %is
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q, align 4
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
"#;

#[test]
fn too_many_scev_checks() {
    let opts = VectorizeOptions {
        scev_check_threshold: 0,
        ..VectorizeOptions::default()
    };
    assert_eq!(
        verdict_of(STRIDED, &opts, "strided"),
        "TooManySCEVRunTimeChecks"
    );
    // Near miss: LLVM's threshold (16).
    assert_eq!(
        verdict_of(STRIDED, &VectorizeOptions::default(), "strided"),
        "legal"
    );
}

#[test]
fn legal_loops_describe_their_phis_and_checks() {
    let m = loopwright_parse::parse_module(TABLE.as_bytes(), "t.ll").expect("parses");
    let opts = VectorizeOptions::default();
    for (_, f) in m.functions.iter() {
        let name = f.name().unwrap_or("");
        if !matches!(name, "reduction_near" | "unsafedep_near" | "outside") {
            continue;
        }
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let lf = LoopForest::compute(&cfg, &dt);
        let v = analyze_function(&m, f, &cfg, &dt, &lf, &opts);
        let legal = v[0].result.as_ref().expect("legal");
        assert_eq!(legal.inductions.len(), 1, "@{name}");
        assert!(legal.primary_induction.is_some(), "@{name}");
        assert_eq!(legal.widest_induction_bits, Some(64));
        match name {
            "reduction_near" => {
                assert_eq!(legal.reductions.len(), 1);
                assert_eq!(
                    legal.reductions[0].1.kind,
                    loopwright_analysis::ivdesc::RecurKind::Add
                );
            }
            // Forward dependence: no checks, any width.
            "unsafedep_near" => {
                assert_eq!(legal.runtime_checks, 0);
                assert_eq!(legal.memory.max_safe_width_bits, None);
            }
            // The loaded value is used after the loop.
            "outside" => assert_eq!(legal.live_outs.len(), 1),
            _ => unreachable!(),
        }
    }
}

#[test]
fn remark_texts_are_llvms() {
    use cranelift_entity::EntityRef;
    use loopwright_ir::Inst;
    let i = Inst::new(0);
    let cases: Vec<(Rejection, &str)> = vec![
        (
            Rejection::ExplicitlyDisabled,
            "loop not vectorized: vectorization is explicitly disabled",
        ),
        (
            Rejection::UnidentifiedPhi(i),
            "loop not vectorized: value that could not be identified as reduction is used outside the loop",
        ),
        (
            Rejection::CantVectorizeCall { call: i, math_lib: true },
            "loop not vectorized: library call cannot be vectorized. Try compiling with -fno-math-errno, -ffast-math, or similar flags",
        ),
        (
            Rejection::CantReorderFp(i),
            "loop not vectorized: cannot prove it is safe to reorder floating-point operations",
        ),
        (
            Rejection::Memory(loopwright_analysis::laa::Report::CantIdentifyArrayBounds),
            "loop not vectorized: cannot identify array bounds",
        ),
    ];
    for (r, text) in cases {
        assert_eq!(r.to_string(), text);
    }
    assert_eq!(
        Rejection::Memory(loopwright_analysis::laa::Report::CantIdentifyArrayBounds).name(),
        "CantIdentifyArrayBounds"
    );
    assert_eq!(
        Rejection::CantReorderFp(i).kind(),
        RemarkKind::AnalysisFPCommute
    );
    assert!(Rejection::IfConversion.is_scope_limit());
    assert!(!Rejection::NoInduction.is_scope_limit());
}

#[test]
fn pass_parameters() {
    let mut o = VectorizeOptions::default();
    parse_pass_params("vectorize-forced-only;no-interleave-forced-only", &mut o).unwrap();
    assert!(o.vectorize_forced_only && !o.interleave_forced_only);
    parse_pass_params("no-vectorize-forced-only", &mut o).unwrap();
    assert!(!o.vectorize_forced_only);
    assert!(parse_pass_params("vectorize-forced", &mut o).is_err());
}

/// Nine run-time check pairs: legal (opt-19 vectorizes it), over the old
/// `-runtime-memory-check-threshold` rule, which the cost model gets.
#[test]
fn runtime_checks_are_counted_not_refused() {
    let m = loopwright_parse::parse_module(TABLE.as_bytes(), "t.ll").expect("parses");
    let f = m
        .functions
        .iter()
        .map(|(_, f)| f)
        .find(|f| f.name() == Some("many_checks"))
        .expect("@many_checks");
    let cfg = ControlFlowGraph::compute(f);
    let dt = DominatorTree::compute(&cfg);
    let lf = LoopForest::compute(&cfg, &dt);
    let v = analyze_function(&m, f, &cfg, &dt, &lf, &VectorizeOptions::default());
    let legal = v[0].result.as_ref().expect("legal");
    assert_eq!(legal.runtime_checks, 9);
    assert!(legal.runtime_checks_over_threshold);
    assert!(legal.memory.runtime.need);
    // Near miss: a threshold of 9 is not exceeded.
    let opts = VectorizeOptions {
        runtime_memory_check_threshold: 9,
        ..VectorizeOptions::default()
    };
    let v = analyze_function(&m, f, &cfg, &dt, &lf, &opts);
    assert!(
        !v[0]
            .result
            .as_ref()
            .expect("legal")
            .runtime_checks_over_threshold
    );
}
