//! One test per rule of loop access analysis, each beside a near miss.
//! Every expectation is opt-19's: each module was run through
//! `opt-19 -passes='print<access-info>'` and its verdict, maximum safe
//! width, dependence kinds, run-time checks, SCEV assumptions and
//! invariant-address flag are written here; `symbolic_stride_text` and
//! `group_merge_text` compare whole printed texts. `tests/laa_llvm.rs` of
//! the driver checks the same on real modules.

use super::{LaaOptions, LoopAccessAnalysis, Report};
use crate::cfg::ControlFlowGraph;
use crate::domtree::DominatorTree;
use crate::loops::LoopForest;

/// What the analysis says about the one loop of `@f`.
#[derive(Debug, PartialEq)]
struct Facts {
    verdict: String,
    width: Option<u64>,
    deps: Vec<&'static str>,
    checks: usize,
    predicates: Vec<String>,
    invariant_store_dep: bool,
}

fn facts_with(src: &str, opts: LaaOptions) -> Facts {
    let m = loopwright_parse::parse_module(src.as_bytes(), "t.ll").expect("parses");
    let fid = m.function_by_name("f").expect("@f");
    let f = &m.functions[fid];
    let cfg = ControlFlowGraph::compute(f);
    let dt = DominatorTree::compute(&cfg);
    let lf = LoopForest::compute(&cfg, &dt);
    let l = lf.loops().next().expect("a loop");
    let mut laa = LoopAccessAnalysis::new(&m, f, &cfg, &dt, &lf, opts);
    let info = laa.analyze(l);
    let no_loc = |_: loopwright_ir::Inst| None;
    let verdict = if info.can_vectorize_memory {
        if info.runtime.need {
            "checks".to_string()
        } else {
            "safe".to_string()
        }
    } else {
        let r = info
            .report
            .as_ref()
            .map(|r| r.text(&no_loc))
            .unwrap_or_default();
        format!("unsafe: {}", r.lines().next().unwrap_or(""))
    };
    let names = loopwright_ir::print::LocalNames::compute(f);
    let se = laa.scalar_evolution();
    Facts {
        verdict,
        width: info.max_safe_width_bits,
        deps: info
            .dependences
            .unwrap_or_default()
            .iter()
            .map(|d| d.kind.name())
            .collect(),
        checks: info.runtime.checks.len(),
        predicates: info
            .predicates
            .iter()
            .map(|p| se.predicate_to_string(Some(&names), *p))
            .collect(),
        invariant_store_dep: info.store_store_invariant_dep || info.load_store_invariant_dep,
    }
}

fn facts(src: &str) -> Facts {
    facts_with(src, LaaOptions::default())
}

/// The text `print<access-info>` prints for `@f` (group addresses as
/// loopwright numbers them).
fn printed(src: &str) -> String {
    let m = loopwright_parse::parse_module(src.as_bytes(), "t.ll").expect("parses");
    let fid = m.function_by_name("f").expect("@f");
    let mut out = String::new();
    super::print::print_function(
        &m,
        fid,
        &m.functions[fid],
        &LaaOptions::default(),
        &|_| None,
        &mut out,
    );
    out
}

/// opt's group addresses renamed in order of appearance.
fn normalized(text: &str) -> String {
    let mut names: Vec<String> = Vec::new();
    let mut out = String::new();
    let mut rest = text;
    while let Some(k) = rest.find("0x") {
        out.push_str(&rest[..k]);
        let tail = &rest[k + 2..];
        let n = tail
            .find(|c: char| !c.is_ascii_hexdigit())
            .unwrap_or(tail.len());
        let idx = names
            .iter()
            .position(|a| a == &tail[..n])
            .unwrap_or_else(|| {
                names.push(tail[..n].to_string());
                names.len() - 1
            });
        out.push_str(&format!("GRP{idx}"));
        rest = &tail[n..];
    }
    out.push_str(rest);
    out
}

/// a[i] = a[i+1]: the store is behind the load (Forward).
const FORWARD: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i1 = add nuw nsw i64 %i, 1
  %p = getelementptr inbounds i32, ptr %a, i64 %i1
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn forward() {
    assert_eq!(
        facts(FORWARD),
        Facts {
            verdict: "safe".to_string(),
            width: None,
            deps: vec!["Forward"],
            checks: 0,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// a[i+2] = a[i]: two iterations apart, 64 bits safe.
const BACKWARD_VECTORIZABLE: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %i2 = add nuw nsw i64 %i, 2
  %q = getelementptr inbounds i32, ptr %a, i64 %i2
  store i32 %v, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn backward_vectorizable() {
    assert_eq!(
        facts(BACKWARD_VECTORIZABLE),
        Facts {
            verdict: "safe".to_string(),
            width: Some(64),
            deps: vec!["BackwardVectorizable"],
            checks: 0,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// Near miss: a[i+1] = a[i] is one iteration apart (Backward, unsafe).
const BACKWARD_TOO_CLOSE: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %i1 = add nuw nsw i64 %i, 1
  %q = getelementptr inbounds i32, ptr %a, i64 %i1
  store i32 %v, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn backward_too_close() {
    assert_eq!(
        facts(BACKWARD_TOO_CLOSE),
        Facts {
            verdict: "unsafe: unsafe dependent memory operations in loop. Use #pragma clang loop distribute(enable) to allow loop distribution to attempt to isolate the offending operations into a separate loop".to_string(),
            width: None,
            deps: vec!["Backward"],
            checks: 0,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// a[i+3] = x; y = a[i]: a store read 3 iterations later stalls forwarding.
const FORWARD_PREVENTS_FORWARDING: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i3 = add nuw nsw i64 %i, 3
  %q = getelementptr inbounds i32, ptr %a, i64 %i3
  %t = trunc i64 %i to i32
  store i32 %t, ptr %q, align 4
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %r = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %r, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn forward_prevents_forwarding() {
    assert_eq!(
        facts(FORWARD_PREVENTS_FORWARDING),
        Facts {
            verdict: "unsafe: unsafe dependent memory operations in loop. Use #pragma clang loop distribute(enable) to allow loop distribution to attempt to isolate the offending operations into a separate loop".to_string(),
            width: None,
            deps: vec!["ForwardButPreventsForwarding"],
            checks: 1,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// Near miss: 4 iterations apart does not stall forwarding (Forward).
const FORWARD_DISTANCE_16: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i4 = add nuw nsw i64 %i, 4
  %q = getelementptr inbounds i32, ptr %a, i64 %i4
  %t = trunc i64 %i to i32
  store i32 %t, ptr %q, align 4
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %r = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %r, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn forward_distance_16() {
    assert_eq!(
        facts(FORWARD_DISTANCE_16),
        Facts {
            verdict: "checks".to_string(),
            width: None,
            deps: vec!["Forward"],
            checks: 1,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// a[2i] = a[2i+1]: stride 2 interleaves the accesses (no dependence).
const STRIDED_INDEPENDENT: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %e = shl nuw nsw i64 %i, 1
  %o = or disjoint i64 %e, 1
  %p = getelementptr inbounds i32, ptr %a, i64 %o
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %a, i64 %e
  store i32 %v, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn strided_independent() {
    assert_eq!(
        facts(STRIDED_INDEPENDENT),
        Facts {
            verdict: "safe".to_string(),
            width: None,
            deps: vec![],
            checks: 0,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// Near miss: a[2i] = a[2i+2]: a distance of a whole stride does not interleave (Forward).
const STRIDED_DEPENDENT: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %e = shl nuw nsw i64 %i, 1
  %q = getelementptr inbounds i32, ptr %a, i64 %e
  %t = trunc i64 %i to i32
  %o = add nuw nsw i64 %e, 2
  %p = getelementptr inbounds i32, ptr %a, i64 %o
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn strided_dependent() {
    assert_eq!(
        facts(STRIDED_DEPENDENT),
        Facts {
            verdict: "safe".to_string(),
            width: None,
            deps: vec!["Forward"],
            checks: 0,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// a[i*s] = b[i]: the stride s is speculated to be 1 (a predicate, run-time checks).
const SYMBOLIC_STRIDE: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %m = mul nsw i64 %i, %s
  %q = getelementptr inbounds i32, ptr %a, i64 %m
  %p = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn symbolic_stride() {
    assert_eq!(
        facts(SYMBOLIC_STRIDE),
        Facts {
            verdict: "checks".to_string(),
            width: None,
            deps: vec![],
            checks: 1,
            predicates: vec!["Equal predicate: %s == 1".to_string()],
            invariant_store_dep: false,
        }
    );
}

/// Near miss: under optsize no stride is speculated.
const SYMBOLIC_STRIDE_OPTSIZE: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) optsize {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %m = mul nsw i64 %i, %s
  %q = getelementptr inbounds i32, ptr %a, i64 %m
  %p = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn symbolic_stride_optsize() {
    assert_eq!(
        facts(SYMBOLIC_STRIDE_OPTSIZE),
        Facts {
            verdict: "checks".to_string(),
            width: None,
            deps: vec![],
            checks: 1,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// a[i*s] = a[i] under optsize: no constant stride on one object (IndirectUnsafe).
const INDIRECT_UNSAFE: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) optsize {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %m = mul nsw i64 %i, %s
  %q = getelementptr inbounds i32, ptr %a, i64 %m
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn indirect_unsafe() {
    assert_eq!(
        facts(INDIRECT_UNSAFE),
        Facts {
            verdict: "unsafe: unsafe dependent memory operations in loop. Use #pragma clang loop distribute(enable) to allow loop distribution to attempt to isolate the offending operations into a separate loop".to_string(),
            width: None,
            deps: vec!["IndirectUnsafe"],
            checks: 0,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// *a = b[i]: a store to an invariant address, alone.
const INVARIANT_STORE: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %a, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn invariant_store() {
    assert_eq!(
        facts(INVARIANT_STORE),
        Facts {
            verdict: "checks".to_string(),
            width: None,
            deps: vec![],
            checks: 1,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// Near miss: two stores to *a.
const INVARIANT_STORE_TWICE: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %a, align 4
  %w = add i32 %v, 1
  store i32 %w, ptr %a, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn invariant_store_twice() {
    assert_eq!(
        facts(INVARIANT_STORE_TWICE),
        Facts {
            verdict: "checks".to_string(),
            width: None,
            deps: vec![],
            checks: 1,
            predicates: vec![],
            invariant_store_dep: true,
        }
    );
}

/// Near miss: *a read and written.
const INVARIANT_LOAD_STORE: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %p, align 4
  %x = load i32, ptr %a, align 4
  %w = add i32 %v, %x
  store i32 %w, ptr %a, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn invariant_load_store() {
    assert_eq!(
        facts(INVARIANT_LOAD_STORE),
        Facts {
            verdict: "unsafe: unsafe dependent memory operations in loop. Use #pragma clang loop distribute(enable) to allow loop distribution to attempt to isolate the offending operations into a separate loop".to_string(),
            width: None,
            deps: vec!["Unknown"],
            checks: 1,
            predicates: vec![],
            invariant_store_dep: true,
        }
    );
}

/// a[i+1] = a[i] with every access in a parallel access group: no dependence checks.
const PARALLEL_ACCESSES: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4, !llvm.access.group !2
  %i1 = add nuw nsw i64 %i, 1
  %q = getelementptr inbounds i32, ptr %a, i64 %i1
  store i32 %v, ptr %q, align 4, !llvm.access.group !2
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.parallel_accesses", !2}
!2 = distinct !{}
"#;

#[test]
fn parallel_accesses() {
    assert_eq!(
        facts(PARALLEL_ACCESSES),
        Facts {
            verdict: "safe".to_string(),
            width: None,
            deps: vec![],
            checks: 0,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// Near miss: the store is in no access group (Backward, unsafe).
const PARALLEL_ACCESSES_PARTIAL: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4, !llvm.access.group !2
  %i1 = add nuw nsw i64 %i, 1
  %q = getelementptr inbounds i32, ptr %a, i64 %i1
  store i32 %v, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.parallel_accesses", !2}
!2 = distinct !{}
"#;

#[test]
fn parallel_accesses_partial() {
    assert_eq!(
        facts(PARALLEL_ACCESSES_PARTIAL),
        Facts {
            verdict: "unsafe: unsafe dependent memory operations in loop. Use #pragma clang loop distribute(enable) to allow loop distribution to attempt to isolate the offending operations into a separate loop".to_string(),
            width: None,
            deps: vec!["Backward"],
            checks: 0,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// a[i] = b[i] + b[i+4]: the two b accesses merge into one group (one check).
const GROUP_MERGE: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %p, align 4
  %i4 = add nuw nsw i64 %i, 4
  %p4 = getelementptr inbounds i32, ptr %b, i64 %i4
  %v4 = load i32, ptr %p4, align 4
  %w = add i32 %v, %v4
  %q = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %w, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn group_merge() {
    assert_eq!(
        facts(GROUP_MERGE),
        Facts {
            verdict: "checks".to_string(),
            width: None,
            deps: vec![],
            checks: 1,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// Near miss: b[i] and b[i+k] differ by a variable: two groups, two checks.
const GROUP_NO_MERGE: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %p, align 4
  %ik = add nuw nsw i64 %i, %k
  %p4 = getelementptr inbounds i32, ptr %b, i64 %ik
  %v4 = load i32, ptr %p4, align 4
  %w = add i32 %v, %v4
  %q = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %w, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn group_no_merge() {
    assert_eq!(
        facts(GROUP_NO_MERGE),
        Facts {
            verdict: "checks".to_string(),
            width: None,
            deps: vec![],
            checks: 2,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// Near miss: a volatile load stops the analysis (LLVM's report).
const READ_ONLY: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %w = load volatile i32, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn read_only() {
    assert_eq!(
        facts(READ_ONLY),
        Facts {
            verdict: "unsafe: read with atomic ordering or volatile read".to_string(),
            width: None,
            deps: vec![],
            checks: 0,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// A call that writes memory: instruction cannot be vectorized.
const CALL: &str = r#"define void @f(ptr %a, ptr %b, i64 %n, i64 %s, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  call void @g(ptr %p)
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
declare void @g(ptr)
"#;

#[test]
fn call() {
    assert_eq!(
        facts(CALL),
        Facts {
            verdict: "unsafe: instruction cannot be vectorized".to_string(),
            width: None,
            deps: vec![],
            checks: 0,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

#[test]
fn symbolic_stride_text() {
    let opt19 = "Printing analysis 'Loop Access Analysis' for function 'f':\n  loop:\n    Memory dependences are safe with run-time checks\n    Dependences:\n    Run-time memory checks:\n    Check 0:\n      Comparing group (0x55fd43f2a248):\n        %q = getelementptr inbounds i32, ptr %a, i64 %m\n      Against group (0x55fd43f2a278):\n        %p = getelementptr inbounds i32, ptr %b, i64 %i\n    Grouped accesses:\n      Group 0x55fd43f2a248:\n        (Low: %a High: ((4 * (1 umax %n)) + %a))\n          Member: {%a,+,4}<%loop>\n      Group 0x55fd43f2a278:\n        (Low: %b High: ((4 * (1 umax %n)) + %b))\n          Member: {%b,+,4}<nuw><%loop>\n\n    Non vectorizable stores to invariant address were not found in loop.\n    SCEV assumptions:\n    Equal predicate: %s == 1\n\n    Expressions re-written:\n    [PSE]  %q = getelementptr inbounds i32, ptr %a, i64 %m:\n      {%a,+,(4 * %s)}<%loop>\n      --> {%a,+,4}<%loop>\n";
    assert_eq!(normalized(&printed(SYMBOLIC_STRIDE)), normalized(opt19));
}

#[test]
fn group_merge_text() {
    let opt19 = "Printing analysis 'Loop Access Analysis' for function 'f':\n  loop:\n    Memory dependences are safe with run-time checks\n    Dependences:\n    Run-time memory checks:\n    Check 0:\n      Comparing group (0x55db23ea7a18):\n        %q = getelementptr inbounds i32, ptr %a, i64 %i\n      Against group (0x55db23ea7a48):\n        %p4 = getelementptr inbounds i32, ptr %b, i64 %i4\n        %p = getelementptr inbounds i32, ptr %b, i64 %i\n    Grouped accesses:\n      Group 0x55db23ea7a18:\n        (Low: %a High: ((4 * (1 umax %n)) + %a))\n          Member: {%a,+,4}<nuw><%loop>\n      Group 0x55db23ea7a48:\n        (Low: %b High: (16 + (4 * (1 umax %n)) + %b))\n          Member: {(16 + %b)<nuw>,+,4}<nuw><%loop>\n          Member: {%b,+,4}<nuw><%loop>\n\n    Non vectorizable stores to invariant address were not found in loop.\n    SCEV assumptions:\n\n    Expressions re-written:\n";
    assert_eq!(normalized(&printed(GROUP_MERGE)), normalized(opt19));
}

#[test]
fn indirect_unsafe_text() {
    let opt19 = "Printing analysis 'Loop Access Analysis' for function 'f':\n  loop:\n    Report: unsafe dependent memory operations in loop. Use #pragma clang loop distribute(enable) to allow loop distribution to attempt to isolate the offending operations into a separate loop\nUnsafe indirect dependence.\n    Dependences:\n      IndirectUnsafe:\n          %v = load i32, ptr %p, align 4 -> \n          store i32 %v, ptr %q, align 4\n\n    Run-time memory checks:\n    Grouped accesses:\n\n    Non vectorizable stores to invariant address were not found in loop.\n    SCEV assumptions:\n\n    Expressions re-written:\n";
    assert_eq!(normalized(&printed(INDIRECT_UNSAFE)), normalized(opt19));
}

/// Past `-alias-set-saturation-threshold` locations, every access may
/// alias every other: two `noalias` arguments then need a check
/// (`opt-19 -alias-set-saturation-threshold=1` agrees).
#[test]
fn alias_sets_saturate() {
    let src = GROUP_MERGE.replace("ptr %a, ptr %b", "ptr noalias %a, ptr noalias %b");
    let f = facts(&src);
    assert_eq!((f.verdict.as_str(), f.checks), ("safe", 0));
    let opts = LaaOptions {
        alias_set_saturation: 1,
        ..Default::default()
    };
    let f = facts_with(&src, opts);
    assert_eq!((f.verdict.as_str(), f.checks), ("checks", 1));
}

/// `-max-dependences`: past the limit the dependences are not recorded.
#[test]
fn too_many_dependences() {
    let opts = LaaOptions {
        max_dependences: 1,
        ..Default::default()
    };
    let m = loopwright_parse::parse_module(FORWARD.as_bytes(), "t.ll").expect("parses");
    let fid = m.function_by_name("f").expect("@f");
    let f = &m.functions[fid];
    let cfg = ControlFlowGraph::compute(f);
    let dt = DominatorTree::compute(&cfg);
    let lf = LoopForest::compute(&cfg, &dt);
    let l = lf.loops().next().expect("a loop");
    let info = LoopAccessAnalysis::new(&m, f, &cfg, &dt, &lf, opts).analyze(l);
    assert!(info.dependences.is_none() && info.can_vectorize_memory);
}

/// Reports carry LLVM's texts, the dependence kind and the location.
#[test]
fn report_texts() {
    let r = Report::UnsafeDep {
        kind: super::DepKind::Backward,
        forced_distribution: true,
        source: None,
        destination: loopwright_ir::Inst::from_u32(0),
    };
    assert_eq!(
        r.text(&|_| None),
        "unsafe dependent memory operations in loop.\nBackward loop carried data dependence."
    );
    assert_eq!(
        Report::CantIdentifyArrayBounds.text(&|_| None),
        "cannot identify array bounds"
    );
}

/// A GEP without indices (`getelementptr i32, ptr %p`) as an access's
/// pointer: the symbolic-stride search looks at its operands (it panicked
/// on the missing index); opt-19 needs one check here.
const GEP_WITHOUT_INDICES: &str = r#"define void @f(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr [ %a, %entry ], [ %p.next, %loop ]
  %q = getelementptr i32, ptr %p
  %v = load i32, ptr %q, align 4
  %r = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %r, align 4
  %p.next = getelementptr inbounds i32, ptr %p, i64 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn gep_without_indices() {
    assert_eq!(
        facts(GEP_WITHOUT_INDICES),
        Facts {
            verdict: "checks".to_string(),
            width: None,
            deps: vec![],
            checks: 1,
            predicates: vec![],
            invariant_store_dep: false,
        }
    );
}

/// `a[i] = (c[i] ? d : b)[i]`: the loaded pointer forks into two add
/// recurrences, each checked (three checks, as opt-19); with
/// `-max-forked-scev-depth=0` it is not looked through and its bounds are
/// unknown (opt-19 agrees).
const FORKED: &str = r#"define void @f(ptr %a, ptr %b, ptr %d, ptr %cond, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %cp = getelementptr inbounds i32, ptr %cond, i64 %i
  %cv = load i32, ptr %cp, align 4
  %c0 = icmp eq i32 %cv, 0
  %base = select i1 %c0, ptr %b, ptr %d
  %p = getelementptr inbounds i32, ptr %base, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn forked_pointers() {
    let f = facts(FORKED);
    assert_eq!((f.verdict.as_str(), f.checks), ("checks", 3));
    let opts = LaaOptions {
        max_forked_depth: 0,
        ..Default::default()
    };
    let f = facts_with(FORKED, opts);
    assert_eq!(f.verdict, "unsafe: cannot identify array bounds");
}

/// `!alias.scope`/`!noalias` of a scope declared in the loop
/// (`llvm.experimental.noalias.scope.decl`, as inlining leaves it) hold
/// within one iteration only: dropped, the accesses need a check (opt-19
/// agrees). Near miss: declared before the loop, the scopes separate the
/// accesses across iterations too (safe, no checks).
const LOOP_SCOPE: &str = r#"define void @f(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !0)
  %p = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %p, align 4, !alias.scope !0
  %q = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %q, align 4, !noalias !0
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
declare void @llvm.experimental.noalias.scope.decl(metadata)
!0 = !{!1}
!1 = distinct !{!1, !2, !"s"}
!2 = distinct !{!2, !"d"}
"#;

#[test]
fn loop_local_alias_scopes() {
    let f = facts(LOOP_SCOPE);
    assert_eq!((f.verdict.as_str(), f.checks), ("checks", 1));
    let outside = LOOP_SCOPE
        .replace(
            "  call void @llvm.experimental.noalias.scope.decl(metadata !0)\n  %p",
            "  %p",
        )
        .replace(
            "entry:\n",
            "entry:\n  call void @llvm.experimental.noalias.scope.decl(metadata !0)\n",
        );
    assert_ne!(outside, LOOP_SCOPE);
    let f = facts(&outside);
    assert_eq!((f.verdict.as_str(), f.checks), ("safe", 0));
}
