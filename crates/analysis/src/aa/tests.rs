//! One test per rule of the alias analysis, each beside a near miss that
//! the rule must not cover. The expected answers are LLVM 19's (each case
//! was run through `opt-19 -passes=aa-eval`); `tests/aa_llvm.rs` of the
//! driver checks the same on whole modules.

use super::{AliasAnalysis, AliasResult, LocationSize, MemoryLocation, ModRefInfo};
use crate::cfg::ControlFlowGraph;
use crate::domtree::DominatorTree;
use crate::loops::LoopForest;
use loopwright_ir::{Inst, Module, Opcode, Operand};
use AliasResult::*;

/// Runs `body` with the alias analysis of `@f` in `src` and a lookup of
/// `%name` / `@name` operands.
fn with_aa<R>(
    src: &str,
    body: impl FnOnce(&mut AliasAnalysis<'_>, &dyn Fn(&str) -> Operand) -> R,
) -> R {
    let mut m: Module = loopwright_parse::parse_module(src.as_bytes(), "t.ll").expect("parses");
    // Globals as pointer constants (the parser interns only those used).
    let globals: Vec<_> = m.globals.keys().collect();
    for g in globals {
        m.consts.intern(loopwright_ir::ConstData::Global {
            ty: loopwright_ir::TypeTable::PTR,
            global: loopwright_ir::GlobalRef::Var(g),
        });
    }
    let fid = m.function_by_name("f").expect("@f");
    let f = &m.functions[fid];
    let cfg = ControlFlowGraph::compute(f);
    let dt = DominatorTree::compute(&cfg);
    let lf = LoopForest::compute(&cfg, &dt);
    let mut aa = AliasAnalysis::new(&m, f, &cfg, &dt, &lf);
    let names = loopwright_ir::print::LocalNames::compute(f);
    let lookup = |name: &str| -> Operand {
        if let Some(g) = name.strip_prefix('@') {
            for (c, d) in m.consts.iter() {
                if let loopwright_ir::ConstData::Global { global, .. } = d {
                    if m.global_name(*global) == Some(g) {
                        return Operand::Const(c);
                    }
                }
            }
            panic!("no global {name}");
        }
        for &p in &f.params {
            if names.value(p) == name {
                return Operand::Value(p);
            }
        }
        for b in f.layout.blocks() {
            for i in f.layout.block_insts(b) {
                if let Some(v) = f.inst_result(i) {
                    if names.value(v) == name {
                        return Operand::Value(v);
                    }
                }
            }
        }
        panic!("no value {name}");
    };
    body(&mut aa, &lookup)
}

fn loc(p: Operand, n: u64) -> MemoryLocation {
    MemoryLocation::new(p, LocationSize::Precise(n))
}

/// With `AA_TESTS_DUMP=DIR`, the cases are written to `DIR` as modules
/// whose `aa-eval` output holds the same query (loads of the sizes asked
/// about are added before the first `ret`), with loopwright's answer, so
/// that the expectations can be checked against opt-19.
fn dump(src: &str, probes: &[(&str, u64)], ours: String) {
    let Ok(dir) = std::env::var("AA_TESTS_DUMP") else {
        return;
    };
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::SeqCst);
    let thread = std::thread::current()
        .name()
        .unwrap_or("t")
        .replace("::", "_");
    let mut loads = String::new();
    for (k, (p, size)) in probes.iter().enumerate() {
        loads.push_str(&format!("  %aa.probe{k} = load i{}, ptr {p}\n", size * 8));
    }
    // After the last definition of a probed value (and the phis of its
    // block), else before the first `ret`.
    let lines: Vec<&str> = src.lines().collect();
    let defined = probes
        .iter()
        .filter(|(p, _)| p.starts_with('%'))
        .filter_map(|(p, _)| {
            lines
                .iter()
                .position(|l| l.trim_start().starts_with(&format!("{p} = ")))
        })
        .max();
    let module = match defined {
        Some(mut k) => {
            while lines.get(k + 1).is_some_and(|l| l.contains(" = phi ")) {
                k += 1;
            }
            let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            out.insert(k + 1, loads.trim_end().to_string());
            out.join("\n")
        }
        None => {
            let at = src.find("\n  ret").map_or(src.len(), |i| i + 1);
            format!("{}{loads}{}", &src[..at], &src[at..])
        }
    };
    let _ = std::fs::write(format!("{dir}/{thread}.{n}.ll"), module);
    let _ = std::fs::write(format!("{dir}/{thread}.{n}.txt"), ours);
}

/// The answer for `a` (`sa` bytes) against `b` (`sb` bytes) in `@f`.
fn alias(src: &str, a: &str, sa: u64, b: &str, sb: u64) -> AliasResult {
    let r = with_aa(src, |aa, v| aa.alias(&loc(v(a), sa), &loc(v(b), sb)));
    if sa > 0 && sb > 0 {
        dump(
            src,
            &[(a, sa), (b, sb)],
            format!("alias {a} {sa} {b} {sb} {r}"),
        );
    }
    r
}

/// The `k`-th call of `@f` (in layout order).
fn call_k(aa: &AliasAnalysis<'_>, k: usize) -> Inst {
    let f = aa.f;
    f.layout
        .blocks()
        .flat_map(|b| f.layout.block_insts(b))
        .filter(|&i| f.inst(i).opcode == Opcode::Call)
        .nth(k)
        .expect("call")
}

/// What the `k`-th call does to `p` (`n` bytes).
fn modref(src: &str, k: usize, p: &str, n: u64) -> ModRefInfo {
    let r = with_aa(src, |aa, v| {
        let c = call_k(aa, k);
        aa.mod_ref(c, &loc(v(p), n))
    });
    dump(src, &[(p, n)], format!("modref {k} {p} {n} {r:?}"));
    r
}

/// The loads and stores of `@f` in order, as locations with metadata.
fn accesses(aa: &AliasAnalysis<'_>) -> Vec<MemoryLocation> {
    let f = aa.f;
    f.layout
        .blocks()
        .flat_map(|b| f.layout.block_insts(b))
        .filter_map(|i| aa.location_of(i))
        .collect()
}

/// The answer for the `a`-th and `b`-th access of `@f` with their own
/// sizes and metadata.
fn access_alias(src: &str, a: usize, b: usize) -> AliasResult {
    let r = with_aa(src, |aa, _| {
        let l = accesses(aa);
        aa.alias(&l[a], &l[b])
    });
    dump(src, &[], format!("access {a} {b} {r}"));
    r
}

#[test]
fn distinct_identified_objects() {
    let src = "@g = global i32 0\n@h = global i32 0\n\
        define void @f(ptr %p) {\n  %a = alloca i32\n  %b = alloca i32\n  ret void\n}";
    assert_eq!(alias(src, "%a", 4, "%b", 4), NoAlias);
    assert_eq!(alias(src, "@g", 4, "@h", 4), NoAlias);
    assert_eq!(alias(src, "@g", 4, "%a", 4), NoAlias);
    // Near miss: an argument may point to a global.
    assert_eq!(alias(src, "%p", 4, "@g", 4), MayAlias);
}

#[test]
fn arguments_against_locals() {
    let src = "define void @f(ptr noalias %n, ptr %p, ptr %q, ptr byval(i32) %bv) {\n  \
        %a = alloca i32\n  ret void\n}";
    assert_eq!(alias(src, "%p", 4, "%a", 4), NoAlias);
    assert_eq!(alias(src, "%n", 4, "%p", 4), NoAlias);
    assert_eq!(alias(src, "%bv", 4, "%p", 4), NoAlias);
    // Near miss: two plain arguments.
    assert_eq!(alias(src, "%p", 4, "%q", 4), MayAlias);
}

#[test]
fn noalias_call_results() {
    let src = "declare noalias ptr @m()\ndeclare ptr @o()\n\
        define void @f(ptr %p) {\n  %x = call ptr @m()\n  %y = call ptr @o()\n  ret void\n}";
    assert_eq!(alias(src, "%x", 4, "%p", 4), NoAlias);
    // Near miss: a call without a noalias result.
    assert_eq!(alias(src, "%y", 4, "%p", 4), MayAlias);
}

#[test]
fn escape_sources_against_non_escaping_locals() {
    let src = "declare ptr @get()\ndeclare void @use(ptr)\ndeclare void @nc(ptr nocapture)\n\
        define void @f(ptr %pp) {\n  %a = alloca i32\n  %b = alloca i32\n  %c = alloca i32\n  \
        call void @nc(ptr %a)\n  call void @use(ptr %b)\n  store ptr %c, ptr %pp\n  \
        %l = load ptr, ptr %pp\n  %r = call ptr @get()\n  ret void\n}";
    // %a only goes to a nocapture parameter.
    assert_eq!(alias(src, "%l", 4, "%a", 4), NoAlias);
    assert_eq!(alias(src, "%r", 4, "%a", 4), NoAlias);
    // Near misses: %b is passed to a capturing parameter, %c is stored.
    assert_eq!(alias(src, "%l", 4, "%b", 4), MayAlias);
    assert_eq!(alias(src, "%r", 4, "%c", 4), MayAlias);
}

#[test]
fn capture_through_geps_phis_and_comparisons() {
    let src = "declare noalias ptr @m(i64)\ndeclare ptr @get()\n\
        define i1 @f(i1 %c) {\n  %x = call ptr @m(i64 8)\n  %y = call ptr @m(i64 8)\n  \
        %z = call ptr @m(i64 8)\n  %g = getelementptr i8, ptr %y, i64 4\n  \
        %n = icmp eq ptr %x, null\n  %e = icmp eq ptr %g, %z\n  %r = call ptr @get()\n  ret i1 %n\n}";
    // Comparing a noalias call result against null does not capture it.
    assert_eq!(alias(src, "%r", 4, "%x", 4), NoAlias);
    // Near miss: comparing a pointer derived from it with another does.
    assert_eq!(alias(src, "%r", 4, "%y", 4), MayAlias);
}

#[test]
fn more_than_100_uses_count_as_a_capture() {
    let mut body =
        String::from("declare ptr @get()\ndefine void @f() {\n  %a = alloca [200 x i8]\n");
    let uses = |n: usize, body: &mut String| {
        for k in 0..n {
            body.push_str(&format!("  %g{k} = getelementptr i8, ptr %a, i64 {k}\n"));
        }
    };
    uses(99, &mut body);
    let tail = "  %r = call ptr @get()\n  ret void\n}\n";
    let few = format!("{body}{tail}");
    assert_eq!(alias(&few, "%r", 1, "%a", 1), NoAlias);
    // Near miss: two more uses pass the limit.
    let mut more =
        String::from("declare ptr @get()\ndefine void @f() {\n  %a = alloca [200 x i8]\n");
    uses(102, &mut more);
    let more = format!("{more}{tail}");
    assert_eq!(alias(&more, "%r", 1, "%a", 1), MayAlias);
}

#[test]
fn constant_offsets_from_one_base() {
    let src = "define void @f(ptr %p) {\n  %a = getelementptr inbounds i8, ptr %p, i64 4\n  \
        %b = getelementptr inbounds i8, ptr %p, i64 2\n  ret void\n}";
    assert_eq!(alias(src, "%p", 4, "%a", 4), NoAlias);
    assert_eq!(alias(src, "%p", 8, "%a", 4), PartialAlias(Some(4)));
    assert_eq!(alias(src, "%a", 4, "%p", 8), PartialAlias(Some(-4)));
    // Near miss: overlapping but not nested.
    assert_eq!(alias(src, "%b", 4, "%a", 4), PartialAlias(None));
    assert_eq!(alias(src, "%p", 2, "%b", 4), NoAlias);
}

#[test]
fn variable_offsets_that_cancel() {
    let src = "define void @f(ptr %p, i64 %i, i64 %j) {\n  \
        %a = getelementptr inbounds i32, ptr %p, i64 %i\n  %i1 = add nsw i64 %i, 1\n  \
        %b = getelementptr inbounds i32, ptr %p, i64 %i1\n  \
        %c = getelementptr inbounds i32, ptr %p, i64 %j\n  ret void\n}";
    assert_eq!(alias(src, "%a", 4, "%b", 4), NoAlias);
    assert_eq!(alias(src, "%a", 8, "%b", 4), PartialAlias(Some(4)));
    // Near miss: different variables.
    assert_eq!(alias(src, "%a", 4, "%c", 4), MayAlias);
}

#[test]
fn gcd_of_scales() {
    let src = "define void @f(ptr %p, i64 %i, i64 %j) {\n  \
        %a = getelementptr inbounds [2 x i32], ptr %p, i64 %i, i64 0\n  \
        %b = getelementptr inbounds [2 x i32], ptr %p, i64 %j, i64 1\n  ret void\n}";
    // 8*i vs 8*j + 4: 4-byte accesses never meet modulo 8.
    assert_eq!(alias(src, "%a", 4, "%b", 4), NoAlias);
    // Near miss: 8-byte accesses do.
    assert_eq!(alias(src, "%a", 8, "%b", 4), MayAlias);
}

#[test]
fn index_ranges() {
    let src = "define void @f(ptr %p, i64 %i) {\n  %m = and i64 %i, 3\n  %n = and i64 %i, 4\n  \
        %a = getelementptr inbounds i32, ptr %p, i64 %m\n  \
        %b = getelementptr inbounds i32, ptr %p, i64 4\n  \
        %c = getelementptr inbounds i32, ptr %p, i64 %n\n  ret void\n}";
    // %m is in [0, 3]: p[%m] stays below p[4].
    assert_eq!(alias(src, "%a", 4, "%b", 4), NoAlias);
    // Near miss: %n may be 4.
    assert_eq!(alias(src, "%c", 4, "%b", 4), MayAlias);
}

#[test]
fn extensions_need_no_wrap() {
    let src = "define void @f(ptr %p, i32 %i) {\n  %i1 = add nsw i32 %i, 1\n  \
        %w1 = add i32 %i, 1\n  %s = sext i32 %i to i64\n  %s1 = sext i32 %i1 to i64\n  \
        %sw = sext i32 %w1 to i64\n  %a = getelementptr inbounds i32, ptr %p, i64 %s\n  \
        %b = getelementptr inbounds i32, ptr %p, i64 %s1\n  \
        %c = getelementptr inbounds i32, ptr %p, i64 %sw\n  ret void\n}";
    // sext(i +nsw 1) is sext(i) + 1: b is 4 bytes after a.
    assert_eq!(alias(src, "%a", 8, "%b", 4), PartialAlias(Some(4)));
    // Near miss: without nsw the two indices are only known to differ.
    assert_eq!(alias(src, "%a", 8, "%c", 4), MayAlias);
    assert_eq!(alias(src, "%a", 4, "%c", 4), NoAlias);
}

#[test]
fn non_zero_index() {
    let src = "define void @f(ptr %p, i64 %i) {\n  %i1 = or i64 %i, 1\n  \
        %a = getelementptr inbounds i32, ptr %p, i64 %i1\n  \
        %b = getelementptr inbounds i32, ptr %p, i64 %i\n  ret void\n}";
    // p[i | 1] is never p[0].
    assert_eq!(alias(src, "%a", 4, "%p", 4), NoAlias);
    // Near miss: p[i] may be p[0].
    assert_eq!(alias(src, "%b", 4, "%p", 4), MayAlias);
}

#[test]
fn inbounds_from_the_start_of_an_object() {
    let src = "define void @f(ptr %q) {\n  %a = alloca [4 x i32]\n  \
        %g = getelementptr inbounds i8, ptr %a, i64 8\n  %x = getelementptr inbounds i8, ptr %q, i64 8\n  \
        ret void\n}";
    // Nothing lies before an alloca, so an inbounds GEP 8 bytes in cannot
    // reach a 4-byte access at the alloca... unless it is the alloca.
    assert_eq!(alias(src, "%g", 4, "%a", 4), NoAlias);
    // Near miss: an argument may point into the middle of an object.
    assert_eq!(alias(src, "%x", 4, "%q", 16), PartialAlias(Some(-8)));
}

#[test]
fn phis_and_selects() {
    let src = "define void @f(i1 %c, ptr %p) {\nentry:\n  %a = alloca i32\n  %b = alloca i32\n  \
        %d = alloca i32\n  %s = select i1 %c, ptr %a, ptr %b\n  %t = select i1 %c, ptr %b, ptr %d\n  \
        br i1 %c, label %l, label %r\nl:\n  br label %j\nr:\n  br label %j\nj:\n  \
        %ph = phi ptr [ %a, %l ], [ %b, %r ]\n  ret void\n}";
    assert_eq!(alias(src, "%s", 4, "%d", 4), NoAlias);
    assert_eq!(alias(src, "%ph", 4, "%d", 4), NoAlias);
    // Near misses: one arm or incoming value is the other pointer.
    assert_eq!(alias(src, "%s", 4, "%a", 4), MayAlias);
    assert_eq!(alias(src, "%ph", 4, "%b", 4), MayAlias);
    // Selects on one condition compare arm by arm.
    assert_eq!(alias(src, "%s", 4, "%t", 4), NoAlias);
}

#[test]
fn recursive_phi_walking_an_array() {
    let src =
        "define void @f(ptr noalias %p, ptr noalias %q, i64 %n) {\nentry:\n  br label %loop\n\
        loop:\n  %ptr = phi ptr [ %p, %entry ], [ %next, %loop ]\n  \
        %next = getelementptr inbounds i32, ptr %ptr, i64 1\n  %c = icmp eq ptr %next, %q\n  \
        br i1 %c, label %exit, label %loop\nexit:\n  ret void\n}";
    // The walk stays within %p's object.
    assert_eq!(alias(src, "%ptr", 4, "%q", 4), NoAlias);
    // Near miss: against its own start, any iteration may be the first.
    assert_eq!(alias(src, "%ptr", 4, "%p", 4), MayAlias);
}

#[test]
fn accesses_larger_than_the_object() {
    let src = "@g = global i32 0\ndefine void @f(ptr %p) {\n  ret void\n}";
    // An 8-byte access cannot be inside a 4-byte global.
    assert_eq!(alias(src, "%p", 8, "@g", 4), NoAlias);
    // Near miss: a 4-byte access can.
    assert_eq!(alias(src, "%p", 4, "@g", 4), MayAlias);
}

#[test]
fn same_pointers_and_empty_accesses() {
    let src = "define void @f(ptr %p) {\n  %z = getelementptr i8, ptr %p, i64 0\n  ret void\n}";
    with_aa(src, |aa, v| {
        // Stripping a zero GEP gives the same pointer.
        assert_eq!(aa.alias(&loc(v("%z"), 4), &loc(v("%p"), 4)), MustAlias);
        // A zero-sized access overlaps nothing.
        assert_eq!(aa.alias(&loc(v("%z"), 0), &loc(v("%p"), 4)), NoAlias);
    });
}

const TBAA: &str = "!0 = !{!\"Simple C/C++ TBAA\"}\n!1 = !{!\"omnipotent char\", !0, i64 0}\n\
    !2 = !{!\"int\", !1, i64 0}\n!3 = !{!\"float\", !1, i64 0}\n\
    !4 = !{!2, !2, i64 0}\n!5 = !{!3, !3, i64 0}\n!6 = !{!1, !1, i64 0}\n\
    !7 = !{!\"S\", !2, i64 0, !3, i64 4}\n!8 = !{!7, !2, i64 0}\n!9 = !{!7, !3, i64 4}\n\
    !10 = !{!\"other root\"}\n!11 = !{!\"int\", !10, i64 0}\n!12 = !{!11, !11, i64 0}\n";

#[test]
fn tbaa_scalars_and_char() {
    let src = format!(
        "define void @f(ptr %p, ptr %q) {{\n  %a = load i32, ptr %p, !tbaa !4\n  \
         store float 0.0, ptr %q, !tbaa !5\n  store i8 0, ptr %q, !tbaa !6\n  \
         store i32 0, ptr %q, !tbaa !12\n  ret void\n}}\n{TBAA}"
    );
    assert_eq!(access_alias(&src, 0, 1), NoAlias);
    // Near misses: char aliases everything below its root, and another
    // root's types alias everything.
    assert_eq!(access_alias(&src, 0, 2), MayAlias);
    assert_eq!(access_alias(&src, 0, 3), MayAlias);
}

#[test]
fn tbaa_struct_paths() {
    let src = format!(
        "define void @f(ptr %p, ptr %q) {{\n  %a = load i32, ptr %p, !tbaa !8\n  \
         store float 0.0, ptr %q, !tbaa !9\n  store i32 0, ptr %q, !tbaa !4\n  ret void\n}}\n{TBAA}"
    );
    // S.a and S.b are different members.
    assert_eq!(access_alias(&src, 0, 1), NoAlias);
    // Near miss: S.a is an int.
    assert_eq!(access_alias(&src, 0, 2), MayAlias);
}

#[test]
fn scoped_noalias_per_domain() {
    let src = "define void @f(ptr %p, ptr %q) {\n  %a = load i32, ptr %p, !alias.scope !3\n  \
        store i32 0, ptr %q, !noalias !3\n  store i32 1, ptr %q, !noalias !5\n  ret void\n}\n\
        !0 = distinct !{!0, !\"domain\"}\n!1 = distinct !{!1, !0, !\"scope a\"}\n\
        !2 = distinct !{!2, !\"other domain\"}\n!3 = !{!1}\n!4 = distinct !{!4, !2, !\"scope b\"}\n\
        !5 = !{!4}\n";
    assert_eq!(access_alias(src, 0, 1), NoAlias);
    // Near miss: a noalias set of another domain says nothing.
    assert_eq!(access_alias(src, 0, 2), MayAlias);
}

#[test]
fn mod_ref_from_memory_attributes() {
    let src = "declare void @none(ptr) memory(none)\ndeclare void @ro(ptr) memory(read)\n\
        declare void @arg(ptr) memory(argmem: readwrite)\ndeclare void @any(ptr)\n\
        define void @f(ptr %p, ptr noalias %q, ptr %r) {\n  call void @none(ptr %p)\n  call void @ro(ptr %p)\n  \
        call void @arg(ptr %p)\n  call void @any(ptr %p)\n  ret void\n}";
    assert_eq!(modref(src, 0, "%p", 4), ModRefInfo::NoModRef);
    assert_eq!(modref(src, 1, "%p", 4), ModRefInfo::Ref);
    // Argument memory only: %q is not what the call is given.
    assert_eq!(modref(src, 2, "%q", 4), ModRefInfo::NoModRef);
    assert_eq!(modref(src, 2, "%p", 4), ModRefInfo::ModRef);
    // An unknown call cannot reach a noalias argument it is not given...
    assert_eq!(modref(src, 3, "%q", 4), ModRefInfo::NoModRef);
    // Near miss: ... but any other.
    assert_eq!(modref(src, 3, "%r", 4), ModRefInfo::ModRef);
}

#[test]
fn mod_ref_of_intrinsics() {
    let src =
        "declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)\ndeclare void @llvm.assume(i1)\n\
        define void @f(ptr noalias %d, ptr noalias %s, ptr noalias %o, i1 %c) {\n  \
        call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false)\n  \
        call void @llvm.assume(i1 %c)\n  ret void\n}";
    assert_eq!(modref(src, 0, "%d", 4), ModRefInfo::Mod);
    assert_eq!(modref(src, 0, "%s", 4), ModRefInfo::Ref);
    assert_eq!(modref(src, 0, "%o", 4), ModRefInfo::NoModRef);
    // An assume touches no memory IR can see.
    assert_eq!(modref(src, 1, "%d", 4), ModRefInfo::NoModRef);
}

#[test]
fn mod_ref_of_non_escaping_locals_and_constants() {
    let src = "@k = constant i32 1\ndeclare void @g(ptr nocapture readonly)\ndeclare void @h()\n\
        define void @f() {\n  %a = alloca i32\n  call void @g(ptr %a)\n  call void @h()\n  ret void\n}";
    // The call only reads %a through its readonly parameter.
    assert_eq!(modref(src, 0, "%a", 4), ModRefInfo::Ref);
    // A call that is not given %a cannot reach it.
    assert_eq!(modref(src, 1, "%a", 4), ModRefInfo::NoModRef);
    // Constant memory is never modified (and the mask LLVM applies then
    // keeps nothing).
    assert_eq!(modref(src, 1, "@k", 4), ModRefInfo::NoModRef);
}

#[test]
fn mod_ref_of_call_pairs() {
    let src =
        "declare void @r1() memory(read)\ndeclare void @r2() memory(read)\ndeclare void @w()\n\
        define void @f() {\n  call void @r1()\n  call void @r2()\n  call void @w()\n  ret void\n}";
    with_aa(src, |aa, _| {
        let (a, b, c) = (call_k(aa, 0), call_k(aa, 1), call_k(aa, 2));
        // Two readers do not interact.
        assert_eq!(aa.mod_ref_calls(a, b), ModRefInfo::NoModRef);
        // Near miss: a reader against a writer.
        assert_eq!(aa.mod_ref_calls(a, c), ModRefInfo::Ref);
        assert_eq!(aa.mod_ref_calls(c, a), ModRefInfo::ModRef);
    });
}

#[test]
fn cross_iteration_values_are_not_equal() {
    let src = "define void @f(ptr noalias %p, i64 %n) {\nentry:\n  br label %loop\n\
        loop:\n  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]\n  %q = phi ptr [ %p, %entry ], [ %g, %loop ]\n  \
        %g = getelementptr inbounds i32, ptr %p, i64 %i\n  %i1 = add i64 %i, 1\n  \
        %c = icmp eq i64 %i1, %n\n  br i1 %c, label %exit, label %loop\nexit:\n  ret void\n}";
    // %q is the previous iteration's %g (or %p): it may equal %g only when
    // %i repeats, which the analysis may not assume.
    assert_eq!(alias(src, "%q", 4, "%g", 4), MayAlias);
    // Near miss: within one iteration %g is %g.
    assert_eq!(alias(src, "%g", 4, "%g", 4), MustAlias);
}

#[test]
fn underlying_objects_and_escapes() {
    let src = "declare void @use(ptr)\n\
        define void @f(i1 %c, ptr noalias %n) {\n  %a = alloca i32\n  %b = alloca i32\n  \
        %s = select i1 %c, ptr %a, ptr %b\n  %g = getelementptr i8, ptr %s, i64 1\n  \
        call void @use(ptr %b)\n  ret void\n}";
    with_aa(src, |aa, v| {
        assert_eq!(aa.underlying_object(v("%g")), v("%s"));
        assert_eq!(aa.underlying_objects(v("%g")).len(), 2);
        assert!(aa.is_identified_object(v("%n")));
        assert!(aa.is_non_escaping_local_object(v("%a")));
        assert!(!aa.is_non_escaping_local_object(v("%b")));
    });
}

#[test]
fn non_zero_phi_from_branches_on_incoming_values() {
    let guarded = |cmp: &str| {
        format!(
            "define void @f(ptr %p, i64 %n) {{\nentry:\n  %c0 = icmp sgt i64 %n, 0\n  \
             br i1 %c0, label %loop, label %exit\nloop:\n  %i = phi i64 [ %n, %entry ], [ %h, %loop ]\n  \
             %h = sdiv i64 %i, 2\n  %g = getelementptr inbounds i32, ptr %p, i64 %i\n  \
             %c = icmp sgt i64 {cmp}, 0\n  br i1 %c, label %loop, label %exit\nexit:\n  ret void\n}}"
        )
    };
    // Both incoming values are compared with 0 on their way to the phi.
    assert_eq!(alias(&guarded("%h"), "%g", 4, "%p", 4), NoAlias);
    // Near miss: the back edge tests the phi, not the value it brings.
    assert_eq!(alias(&guarded("%i"), "%g", 4, "%p", 4), MayAlias);
}

#[test]
fn phi_bounded_by_its_back_edge() {
    let looped = |next: &str| {
        format!(
            "define void @f(ptr %p) {{\nentry:\n  br label %loop\nloop:\n  \
             %i = phi i64 [ 0, %entry ], [ %n, %loop ]\n  \
             %g = getelementptr inbounds i8, ptr %p, i64 %i\n  \
             %end = getelementptr inbounds i8, ptr %p, i64 256\n  %j = add i64 %i, 1\n  {next}\n  \
             %c = icmp ult i64 %n, 200\n  br i1 %c, label %loop, label %exit\nexit:\n  ret void\n}}"
        )
    };
    // The phi is 0 or a value below 200: p[i] stays below p[256].
    assert_eq!(
        alias(&looped("%n = add i64 %j, 3"), "%g", 1, "%end", 1),
        NoAlias
    );
    // Near miss: LLVM 19 does not use the branch for a simple recurrence.
    assert_eq!(
        alias(&looped("%n = add i64 %i, 3"), "%g", 1, "%end", 1),
        MayAlias
    );
}

#[test]
fn deep_chains_end_at_the_depth_limit() {
    // 2,000 selects, each of the one before and a fresh alloca, and a phi
    // web: the queries recurse at most 512 deep (LLVM's limit) and answer.
    let mut src = String::from("define void @f(i1 %c) {\nentry:\n  %s0 = alloca i32\n");
    for k in 1..2000 {
        src.push_str(&format!(
            "  %a{k} = alloca i32\n  %s{k} = select i1 %c, ptr %s{}, ptr %a{k}\n",
            k - 1
        ));
    }
    src.push_str("  %o = alloca i32\n  ret void\n}\n");
    let r = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || alias(&src, "%s1999", 4, "%o", 4))
        .expect("thread")
        .join()
        .expect("no stack overflow");
    assert!(matches!(r, NoAlias | MayAlias));
}

#[test]
fn huge_sizes_are_after_the_pointer() {
    // A size above LLVM's `LocationSize` maximum (2^62 - 5) is "any bytes
    // after the pointer", not a precise size that no object can hold.
    let src = "declare void @llvm.lifetime.start.p0(i64, ptr)\n\
        define void @f() {\n  %a = alloca [64 x i8]\n  %g = getelementptr inbounds i8, ptr %a, i64 24\n  \
        call void @llvm.lifetime.start.p0(i64 -1, ptr %a)\n  call void @llvm.lifetime.start.p0(i64 8, ptr %a)\n  \
        ret void\n}";
    assert_eq!(modref(src, 0, "%g", 2), ModRefInfo::ModRef);
    // Near miss: 8 bytes from %a end before %g.
    assert_eq!(modref(src, 1, "%g", 2), ModRefInfo::NoModRef);
    assert_eq!(LocationSize::precise(u64::MAX), LocationSize::AfterPointer);
    assert_eq!(
        LocationSize::upper_bound(1 << 62),
        LocationSize::AfterPointer
    );
    assert_eq!(
        LocationSize::precise(super::MAX_LOCATION_SIZE),
        LocationSize::Precise((1 << 62) - 5)
    );
}

#[test]
fn merged_partial_overlaps_keep_their_offsets() {
    // The arms of a select overlap %g7 partially, one at a known offset
    // (nested) and one not: LLVM's merge compares offsets too.
    let src = "define void @f(i1 %c) {\n  %b = alloca [24 x i8]\n  \
        %g7 = getelementptr inbounds i8, ptr %b, i64 3\n  %g9 = getelementptr inbounds i8, ptr %b, i64 4\n  \
        %s = select i1 %c, ptr %b, ptr %g9\n  ret void\n}";
    assert_eq!(alias(src, "%s", 8, "%g7", 2), MayAlias);
    // Near miss: neither arm knows its offset: the same answer.
    assert_eq!(alias(src, "%s", 8, "%g7", 8), PartialAlias(None));
}

#[test]
fn object_sizes_through_selects_and_phis() {
    // One object of 16 bytes behind a select (or a phi) of the same
    // global: a 16-byte access through it covers the whole object.
    let src =
        "@h = internal global [16 x i8] zeroinitializer\n@g = global [48 x i8] zeroinitializer\n\
        define void @f(i1 %c, i32 %v) {\nentry:\n  %s = select i1 %c, ptr @h, ptr @h\n  \
        %t = select i1 %c, ptr @h, ptr @g\n  %gs = getelementptr i8, ptr %s, i32 %v\n  \
        %gt = getelementptr i8, ptr %t, i32 %v\n  br i1 %c, label %l, label %r\nl:\n  br label %j\n\
        r:\n  br label %j\nj:\n  %ph = phi ptr [ @h, %l ], [ @h, %r ]\n  \
        %gp = getelementptr i8, ptr %ph, i32 %v\n  ret void\n}";
    assert_eq!(alias(src, "%s", 1, "%gs", 16), PartialAlias(None));
    assert_eq!(alias(src, "%ph", 1, "%gp", 16), PartialAlias(None));
    // Near miss: objects of different sizes have no one size.
    assert_eq!(alias(src, "%t", 1, "%gt", 16), MayAlias);
}
