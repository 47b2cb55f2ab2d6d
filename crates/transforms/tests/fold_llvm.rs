//! Comparisons of addresses folded as LLVM folds them: `utils::fold`
//! against `opt-19 -passes=instsimplify`.
//!
//! A module compares every pair of a set of pointer constants (globals of
//! every linkage that matters, `unnamed_addr` and `local_unnamed_addr`,
//! variables of empty and unsized type, declarations, an alias, functions,
//! `null`, and globals of address space 1) under `eq`, `ne`, the four
//! unsigned predicates and `slt`, and passes every result to one call. opt-19 folds the
//! compares it can decide into `true`/`false` in that call; for each
//! compare, `fold::simplify` must decide the same, or leave it when opt-19
//! leaves it. The module is tried once as it is and once with the
//! `SemanticInterposition` module flag, under which globals that are not
//! `dso_local` may be interposed and are not decided.
//!
//! Unrolling relies on this fold: a copy of a loop body that compares two
//! globals exits where opt-19's does (the pipeline fuzz finding
//! `tests/fuzz_regressions/unroll_count2_remainder_nest.ll` of the driver
//! crate grew a million lines without it).
//!
//! `self_test_a_wrong_decision_fails` shows the comparison reports a
//! decision that differs from opt-19's.

use loopwright_ir::{ConstData, Func, Module, Opcode, Operand};
use loopwright_testkit::run::{run_ok, TIMEOUT};
use loopwright_testkit::tools::OPT;
use loopwright_transforms::utils::fold;
use std::process::Command;

/// Pointer constants of address space 0 and how each is declared.
const OPERANDS: &[&str] = &[
    "@a", "@b", "@w", "@lo", "@lodr", "@wodr", "@c", "@u", "@lu", "@e", "@z", "@op", "@x", "@xw",
    "@al", "@fn", "@fd", "@dl", "@hd", "@pr", "@pv", "@if", "null",
];

const GLOBALS: &str = "%opaque = type opaque
@a = global i32 0
@b = internal global [4 x i8] zeroinitializer
@w = weak global i32 0
@lo = linkonce global i32 0
@lodr = linkonce_odr global i32 0
@wodr = weak_odr global i32 0
@c = common global i32 0
@u = unnamed_addr global i32 0
@lu = local_unnamed_addr global i32 0
@e = global {} zeroinitializer
@z = global [0 x i32] zeroinitializer
@op = external global %opaque
@x = external global i32
@xw = extern_weak global i32
@dl = dso_local global i32 0
@hd = hidden global i32 0
@pr = protected global i32 0
@pv = private global i32 0
@s1 = addrspace(1) global i32 0
@s2 = addrspace(1) global i32 0
@al = alias i32, ptr @a
@if = ifunc void (), ptr @resolver

declare void @fn()

define void @fd() {
  ret void
}

define ptr @resolver() {
  ret ptr @fd
}

declare void @use(...)
";

const PREDICATES: &[&str] = &["eq", "ne", "ugt", "uge", "ult", "ule", "slt"];

/// The module: every compare, all passed to `@use`.
fn module(semantic_interposition: bool) -> String {
    let mut compares = Vec::new();
    for x in OPERANDS {
        for y in OPERANDS {
            for p in PREDICATES {
                compares.push(format!("icmp {p} ptr {x}, {y}"));
            }
        }
    }
    for x in ["@s1", "@s2", "null"] {
        for y in ["@s1", "@s2", "null"] {
            for p in PREDICATES {
                compares.push(format!("icmp {p} ptr addrspace(1) {x}, {y}"));
            }
        }
    }
    let mut s = String::from(GLOBALS);
    s.push_str("\ndefine void @f() {\nentry:\n");
    for (k, c) in compares.iter().enumerate() {
        s.push_str(&format!("  %c{k} = {c}\n"));
    }
    let args: Vec<String> = (0..compares.len()).map(|k| format!("i1 %c{k}")).collect();
    s.push_str(&format!(
        "  call void (...) @use({})\n  ret void\n}}\n",
        args.join(", ")
    ));
    if semantic_interposition {
        s.push_str(
            "\n!llvm.module.flags = !{!0}\n!0 = !{i32 8, !\"SemanticInterposition\", i32 1}\n",
        );
    }
    s
}

fn function(m: &Module, name: &str) -> Func {
    m.function_by_name(name).expect("the function is there")
}

/// A decided `i1` constant, or `None` for anything else.
fn decided(m: &Module, op: Operand) -> Option<bool> {
    let Operand::Const(c) = op else { return None };
    match m.consts.data(c) {
        ConstData::Int { val, .. } if val.bits() == 1 => Some(!val.is_zero()),
        _ => None,
    }
}

/// Each compare of `@f` as text and what `fold::simplify` makes of it.
fn ours(text: &str) -> Vec<(String, Option<bool>)> {
    let mut m = loopwright_parse::parse_module(text.as_bytes(), "cmp.ll").expect("parses");
    let fid = function(&m, "f");
    let f = &m.functions[fid];
    let entry = f.layout.blocks().next().expect("a block");
    let insts: Vec<_> = f
        .layout
        .block_insts(entry)
        .filter(|&i| f.inst(i).opcode == Opcode::ICmp)
        .map(|i| f.inst(i).clone())
        .collect();
    let lines: Vec<String> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("%c"))
        .map(|l| l.split(" = ").nth(1).unwrap_or("").to_string())
        .collect();
    assert_eq!(lines.len(), insts.len(), "one line per compare");
    let mut out = Vec::new();
    for (line, data) in lines.into_iter().zip(insts) {
        let r = fold::simplify(&mut m, &data).and_then(|op| decided(&m, op));
        out.push((line, r));
    }
    out
}

/// What opt-19 decided for each compare: the arguments of the call to
/// `@use` after `instsimplify`.
fn theirs(text: &str) -> Vec<Option<bool>> {
    // One directory per call: the tests run in parallel in one process.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("lw-fold-llvm-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("cmp.ll");
    std::fs::write(&path, text).expect("write");
    let out = run_ok(
        Command::new(OPT)
            .args(["-S", "-passes=instsimplify"])
            .arg(&path),
        TIMEOUT,
    );
    let _ = std::fs::remove_dir_all(&dir);
    let text = out.stdout_text();
    let m = loopwright_parse::parse_module(text.as_bytes(), "out.ll").expect("opt's output parses");
    let f = &m.functions[function(&m, "f")];
    let call = f
        .layout
        .blocks()
        .flat_map(|b| f.layout.block_insts(b))
        .find(|&i| f.inst(i).opcode == Opcode::Call)
        .expect("the call");
    f.inst(call)
        .call_args()
        .iter()
        .map(|&op| decided(&m, op))
        .collect()
}

/// The compares where `ours` and `theirs` differ, one line each.
fn differences(ours: &[(String, Option<bool>)], theirs: &[Option<bool>]) -> Vec<String> {
    assert_eq!(ours.len(), theirs.len(), "one decision per compare");
    ours.iter()
        .zip(theirs)
        .filter(|((_, a), b)| a != *b)
        .map(|((line, a), b)| format!("{line}: loopwright {a:?}, opt-19 {b:?}"))
        .collect()
}

#[test]
fn address_compares_fold_as_opt_folds_them() {
    if !loopwright_testkit::require(&[OPT]) {
        return;
    }
    for semantic_interposition in [false, true] {
        let text = module(semantic_interposition);
        let ours = ours(&text);
        let theirs = theirs(&text);
        let decided = theirs.iter().filter(|d| d.is_some()).count();
        // Both kinds of decision are exercised (opt-19 folds several
        // hundred of the compares either way).
        assert!(
            decided > 100 && theirs.iter().any(|d| d == &Some(true)),
            "opt-19 decided only {decided} compares"
        );
        let diff = differences(&ours, &theirs);
        assert!(
            diff.is_empty(),
            "SemanticInterposition {semantic_interposition}: {} of {} compares differ:\n{}",
            diff.len(),
            ours.len(),
            diff.join("\n")
        );
    }
}

/// The comparison is not vacuous: one flipped decision is reported.
#[test]
fn self_test_a_wrong_decision_fails() {
    if !loopwright_testkit::require(&[OPT]) {
        return;
    }
    let text = module(false);
    let mut ours = ours(&text);
    let theirs = theirs(&text);
    let k = theirs
        .iter()
        .position(|d| d.is_some())
        .expect("something decided");
    ours[k].1 = ours[k].1.map(|b| !b);
    assert_eq!(differences(&ours, &theirs).len(), 1);
    // A compare left undecided where opt-19 decides it is reported too.
    ours[k].1 = None;
    assert_eq!(differences(&ours, &theirs).len(), 1);
}
