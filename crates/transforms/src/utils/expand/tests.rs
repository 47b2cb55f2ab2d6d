//! Unit tests of the expander: every kind of expression, expanded where
//! the function returns, checked by the verifier and against the text
//! LLVM 19's expander emits for it (the integration test
//! `tests/expand_llvm.rs` runs the results with lli-19).

use super::*;
use crate::FnAnalyses;
use loopwright_analysis::scev::ScevPredicate;
use loopwright_ir::Func;

fn parse(text: &str) -> (Module, Func) {
    let m = loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("parses");
    let fid = m
        .functions
        .iter()
        .find(|(_, f)| !f.is_declaration())
        .expect("a body")
        .0;
    (m, fid)
}

fn value(f: &Function, name: &str) -> Value {
    f.layout
        .blocks()
        .flat_map(|b| f.layout.block_insts(b))
        .filter_map(|i| f.inst_result(i))
        .chain(f.params.iter().copied())
        .find(|&v| f.value_name(v) == Some(name))
        .unwrap_or_else(|| panic!("no value %{name}"))
}

/// The `ret` of the function (its only one).
fn ret(f: &Function) -> Inst {
    f.layout
        .blocks()
        .filter_map(|b| f.terminator(b))
        .find(|&t| f.inst(t).opcode == Opcode::Ret)
        .expect("a ret")
}

/// What a test expands: the expression `pick` chooses (with scalar
/// evolution alive), expanded at the `ret`, whose operand it replaces.
/// Returns the printed function; panics when the verifier rejects it.
/// Values of the function are not reused (see [`expand_at_ret_reusing`]).
fn expand_at_ret(text: &str, pick: impl FnOnce(&mut ScalarEvolution, &Function) -> Scev) -> String {
    expand_at_ret_with(text, pick, false)
}

/// [`expand_at_ret`], reusing the values that dominate the `ret`.
fn expand_at_ret_reusing(
    text: &str,
    pick: impl FnOnce(&mut ScalarEvolution, &Function) -> Scev,
) -> String {
    expand_at_ret_with(text, pick, true)
}

fn expand_at_ret_with(
    text: &str,
    pick: impl FnOnce(&mut ScalarEvolution, &Function) -> Scev,
    reuse: bool,
) -> String {
    let (mut m, fid) = parse(text);
    crate::with_function(&mut m, fid, |m, f| {
        let a = FnAnalyses::compute(f);
        let r = ret(f);
        let rb = f.layout.inst_block(r).expect("placed");
        let (e, existing) = {
            let mut se = ScalarEvolution::new(m, f, &a.cfg, &a.dt, &a.loops);
            let s = pick(&mut se, f);
            let mut blocks = Vec::new();
            let mut cur = Some(rb);
            while let Some(b) = cur {
                blocks.push(b);
                cur = a.dt.idom(b);
            }
            let existing = if reuse {
                existing_values(&mut se, f, &[], &blocks)
            } else {
                Existing::default()
            };
            (extract(&mut se, s).expect("extractable"), existing)
        };
        let ctx = ExpandCtx::new(&a, existing);
        assert!(can_expand(m, f, &ctx, &e, r), "cannot expand {e:?}");
        let v = expand_with(m, f, &e, r, &ctx);
        f.set_operand(r, 0, v);
    });
    if let Err(errs) = loopwright_analysis::verify::verify_module(&m) {
        panic!(
            "verifier: {errs:?}\n{}",
            loopwright_ir::print::print_function(&m, fid)
        );
    }
    loopwright_ir::print::print_function(&m, fid)
}

/// The expression of value `name`.
fn of(name: &'static str) -> impl FnOnce(&mut ScalarEvolution, &Function) -> Scev {
    move |se, f| se.scev_of(value(f, name))
}

/// Asserts that `text` has these lines, in this order (each line of
/// `text` is compared whole, trimmed and without its comment).
#[track_caller]
fn has_lines(text: &str, lines: &[&str]) {
    let got: Vec<&str> = text
        .lines()
        .map(|l| l.split(" ;").next().unwrap_or(l).trim())
        .collect();
    let mut k = 0;
    for want in lines {
        match got[k..].iter().position(|g| g == want) {
            Some(p) => k += p + 1,
            None => panic!("missing (in order) `{want}` in\n{text}"),
        }
    }
}

#[test]
fn arithmetic_shifts_and_negation() {
    // (2 * %a) + (-1 * %b) + 7: shl, sub, then the constant last.
    let t = expand_at_ret(
        "define i64 @f(i64 %a, i64 %b) {
entry:
  %x = shl i64 %a, 1
  %y = sub i64 %x, %b
  %z = add i64 %y, 7
  br label %exit
exit:
  ret i64 0
}",
        of("z"),
    );
    has_lines(
        &t,
        &[
            "%0 = shl i64 %a, 1",
            "%1 = add i64 %0, 7",
            "%2 = sub i64 %1, %b",
            "ret i64 %2",
        ],
    );
}

#[test]
fn repeated_factors_are_squared() {
    // %a * %a * %a: (a * a), then a * (a * a), as ExpandOpBinPowN.
    let t = expand_at_ret(
        "define i64 @f(i64 %a) {
entry:
  %s = mul i64 %a, %a
  %c = mul i64 %s, %a
  br label %exit
exit:
  ret i64 0
}",
        of("c"),
    );
    has_lines(
        &t,
        &["%0 = mul i64 %a, %a", "%1 = mul i64 %a, %0", "ret i64 %1"],
    );
}

#[test]
fn divisions() {
    let t = expand_at_ret(
        "define i64 @f(i64 %a, i64 %b) {
entry:
  %q = udiv i64 %a, 16
  %r = udiv i64 %q, %b
  br label %exit
exit:
  ret i64 0
}",
        of("r"),
    );
    has_lines(
        &t,
        &["%0 = lshr i64 %a, 4", "%1 = udiv i64 %0, %b", "ret i64 %1"],
    );
}

#[test]
fn casts() {
    let t = expand_at_ret(
        "define i64 @f(i32 %a, i8 %b, ptr %p) {
entry:
  %x = sext i32 %a to i64
  %y = zext i8 %b to i64
  %i = ptrtoint ptr %p to i64
  %t = trunc i64 %i to i16
  %tz = zext i16 %t to i64
  %s = add i64 %x, %y
  %u = add i64 %s, %tz
  br label %exit
exit:
  ret i64 0
}",
        of("u"),
    );
    has_lines(
        &t,
        &[
            // Right after the parameter's definition: the entry's top.
            "%p1 = ptrtoint ptr %p to i64",
            "%0 = sext i32 %a to i64",
            "%1 = zext i8 %b to i64",
            "%2 = add i64 %0, %1",
            "%3 = trunc i64 %p1 to i16",
            "%4 = zext i16 %3 to i64",
            "%5 = add i64 %2, %4",
            "ret i64 %5",
        ],
    );
}

/// A parameter's `ptrtoint` goes after the debug records at the top of
/// the entry block, before its first instruction (LLVM 19 inserts at the
/// block's `begin()`, after the records attached to that instruction), as
/// opt-19's runtime unrolling of `tests/runtime/single.c`'s `fill_ptr`
/// with `-g` shows.
#[test]
fn parameter_casts_follow_the_entry_debug_records() {
    let t = expand_at_ret(
        "define i64 @f(ptr %p, ptr %q) !dbg !4 {
entry:
    #dbg_value(ptr %p, !7, !DIExpression(), !8)
    #dbg_value(ptr %q, !7, !DIExpression(), !8)
  %qi = ptrtoint ptr %q to i64
  %pi = ptrtoint ptr %p to i64
  %d = sub i64 %qi, %pi
  br label %exit
exit:
  ret i64 0
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: \"t.c\", directory: \"/\")
!3 = !{i32 2, !\"Debug Info Version\", i32 3}
!4 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocalVariable(name: \"p\", arg: 1, scope: !4, file: !1, line: 1, type: !9)
!8 = !DILocation(line: 1, scope: !4)
!9 = !DIBasicType(name: \"long\", size: 64, encoding: DW_ATE_signed)",
        of("d"),
    );
    // (The printer renumbers the metadata.)
    let entry: Vec<&str> = t
        .lines()
        .map(str::trim)
        .skip_while(|l| *l != "entry:")
        .skip(1)
        .take(4)
        .map(|l| l.split(',').next().unwrap_or(l))
        .collect();
    assert_eq!(
        entry,
        [
            "#dbg_value(ptr %p",
            "#dbg_value(ptr %q",
            "%p1 = ptrtoint ptr %p to i64",
            "%qi = ptrtoint ptr %q to i64",
        ],
        "{t}"
    );
}

#[test]
fn min_max() {
    let t = expand_at_ret(
        "define i32 @f(i32 %a, i32 %b, i32 %c) {
entry:
  %x = call i32 @llvm.smax.i32(i32 %a, i32 %b)
  %y = call i32 @llvm.umin.i32(i32 %x, i32 %c)
  br label %exit
exit:
  ret i32 0
}
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)",
        of("y"),
    );
    // The last operand first: smax(b, a), then umin(c, smax).
    has_lines(
        &t,
        &[
            "%smax = call i32 @llvm.smax.i32(i32 %b, i32 %a)",
            "%umin = call i32 @llvm.umin.i32(i32 %c, i32 %smax)",
            "ret i32 %umin",
        ],
    );
}

#[test]
fn sequential_umin_freezes() {
    // The exact backedge-taken count of a loop with two exits is the
    // sequential umin of their counts.
    let t = expand_at_ret(
        "define i64 @f(i64 %n, i64 %m) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %c1 = icmp eq i64 %i, %n
  br i1 %c1, label %exit, label %latch
latch:
  %i.next = add nuw i64 %i, 1
  %c2 = icmp eq i64 %i, %m
  br i1 %c2, label %exit, label %loop
exit:
  ret i64 0
}",
        |se, _| {
            let l = se.loops().loops().next().expect("a loop");
            se.backedge_taken_count(l).exact.expect("computable")
        },
    );
    // (%n umin_seq %m): %m frozen, %n (the first operand) not, as
    // opt-19's indvars expands it.
    has_lines(
        &t,
        &[
            "%0 = freeze i64 %m",
            "%umin = call i64 @llvm.umin.i64(i64 %0, i64 %n)",
            "ret i64 %umin",
        ],
    );
}

#[test]
fn pointer_sums_are_geps() {
    let t = expand_at_ret(
        "define ptr @f(ptr %p, i64 %a, i64 %b) {
entry:
  %o = shl i64 %a, 2
  %q = getelementptr i8, ptr %p, i64 %o
  %r = getelementptr i32, ptr %q, i64 %b
  br label %exit
exit:
  ret ptr null
}",
        of("r"),
    );
    // (4 * %a + 4 * %b + %p): one `getelementptr i8` of the integer sum.
    has_lines(
        &t,
        &[
            "%0 = shl i64 %b, 2",
            "%1 = shl i64 %a, 2",
            "%2 = add i64 %0, %1",
            "%scevgep = getelementptr i8, ptr %p, i64 %2",
            "ret ptr %scevgep",
        ],
    );
}

#[test]
fn add_recurrences_after_their_loop() {
    // {%n,+,-1}<%loop> at the exit: %n - indvar of the last iteration,
    // through an LCSSA phi; the loop gets a canonical IV.
    let t = expand_at_ret(
        "define i32 @f(ptr %a, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ %n, %entry ], [ %i.dec, %loop ]
  %i.ext = zext i32 %i to i64
  %p = getelementptr inbounds i32, ptr %a, i64 %i.ext
  %v = load i32, ptr %p, align 4
  %z = icmp eq i32 %v, 0
  %i.dec = add i32 %i, -1
  br i1 %z, label %loop, label %exit
exit:
  %last = phi i32 [ %i, %loop ]
  ret i32 0
}",
        of("last"),
    );
    has_lines(
        &t,
        &[
            "%indvar = phi i32 [ 0, %entry ], [ %indvar.next, %loop ]",
            "%indvar.next = add i32 %indvar, 1",
            "br i1 %z, label %loop, label %exit",
            "%indvar.lcssa = phi i32 [ %indvar, %loop ]",
            "%0 = mul i32 %indvar.lcssa, -1",
            "%1 = add i32 %0, %n",
            "ret i32 %1",
        ],
    );
}

#[test]
fn pointer_recurrences_and_canonical_ivs() {
    // {%a,+,4}<%loop> after the loop, where %j is the canonical IV.
    let t = expand_at_ret(
        "define ptr @f(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %q = getelementptr inbounds i32, ptr %a, i64 %j
  store i32 0, ptr %q
  %j.next = add i64 %j, 1
  %c = icmp ult i64 %j.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %q.lcssa = phi ptr [ %q, %loop ]
  ret ptr null
}",
        of("q.lcssa"),
    );
    // %j is the canonical IV: no new one.
    has_lines(
        &t,
        &[
            "%j.lcssa = phi i64 [ %j, %loop ]",
            "%0 = shl i64 %j.lcssa, 2",
            "%scevgep = getelementptr i8, ptr %a, i64 %0",
            "ret ptr %scevgep",
        ],
    );
    assert!(!t.contains("indvar"), "{t}");
}

/// Expands the expression of `%name` in front of it and makes its users
/// use the expansion instead.
fn expand_in_place(text: &str, name: &str) -> String {
    let (mut m, fid) = parse(text);
    crate::with_function(&mut m, fid, |m, f| {
        let a = FnAnalyses::compute(f);
        let x = value(f, name);
        let e = {
            let mut se = ScalarEvolution::new(m, f, &a.cfg, &a.dt, &a.loops);
            let s = se.scev_of(x);
            extract(&mut se, s).expect("extractable")
        };
        let ctx = ExpandCtx::new(&a, Existing::default());
        let ValueDef::Result(xi) = f.value_def(x) else {
            panic!("%{name} is an instruction")
        };
        assert!(can_expand(m, f, &ctx, &e, xi));
        let v = expand_with(m, f, &e, xi, &ctx);
        f.replace_all_uses(x, v);
    });
    if let Err(errs) = loopwright_analysis::verify::verify_module(&m) {
        panic!(
            "verifier: {errs:?}\n{}",
            loopwright_ir::print::print_function(&m, fid)
        );
    }
    loopwright_ir::print::print_function(&m, fid)
}

#[test]
fn add_recurrences_inside_their_loop() {
    // {(1 + %n),+,2}<%loop> asked for in the middle of the body goes to
    // the top of the header: 2 * indvar + (1 + %n).
    let t = expand_in_place(
        "define void @f(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ %n, %entry ], [ %i.next, %loop ]
  store i64 0, ptr %p
  %k = add i64 %i, 1
  store i64 %k, ptr %p
  %i.next = add i64 %i, 2
  %c = icmp ult i64 %i.next, 100
  br i1 %c, label %loop, label %exit
exit:
  ret void
}",
        "k",
    );
    has_lines(
        &t,
        &[
            "entry:",
            "%0 = add i64 %n, 1",
            "loop:",
            "%indvar = phi i64 [ 0, %entry ], [ %indvar.next, %loop ]",
            "%i = phi i64 [ %n, %entry ], [ %i.next, %loop ]",
            "%1 = shl i64 %indvar, 1",
            "%2 = add i64 %0, %1",
            "store i64 0, ptr %p",
            "store i64 %2, ptr %p",
        ],
    );
}

#[test]
fn invariant_code_leaves_loops() {
    // (%a * %b) asked for inside a two-deep nest goes to the outer
    // preheader.
    let t = expand_in_place(
        "define void @f(ptr %p, i64 %a, i64 %b) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %x = mul i64 %a, %b
  store i64 %x, ptr %p
  %j.next = add i64 %j, 1
  %c = icmp ult i64 %j.next, 10
  br i1 %c, label %inner, label %outer.latch
outer.latch:
  %i.next = add i64 %i, 1
  %d = icmp ult i64 %i.next, 10
  br i1 %d, label %outer, label %exit
exit:
  ret void
}",
        "x",
    );
    has_lines(
        &t,
        &["entry:", "%0 = mul i64 %b, %a", "br label %outer", "outer:"],
    );
}

#[test]
fn reused_values_lose_their_flags() {
    // (1 + %n) is computed in the entry with nuw nsw: reused at the exit,
    // its flags dropped (the expression has none, and %n may be poison).
    let t = expand_at_ret_reusing(
        "define i64 @f(i64 %n) {
entry:
  %a = add nuw nsw i64 %n, 1
  br label %exit
exit:
  ret i64 0
}",
        |se, f| {
            let n = se.scev_of(f.params[0]);
            let one = se.get_one(Ty::Int(64));
            se.get_add2(n, one, NoWrap::ANY)
        },
    );
    has_lines(&t, &["%a = add i64 %n, 1", "ret i64 %a"]);
}

/// The checks of predicates of `%i`'s recurrence (`{%s,+,%t}` over `%n`
/// iterations of an `i32` loop), emitted at the `ret`.
fn predicate_checks(
    preds: impl FnOnce(&mut ScalarEvolution, &Function) -> Vec<ScevPredicate>,
) -> String {
    let (mut m, fid) = parse(
        "define i1 @f(i32 %s, i32 %t, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ %s, %entry ], [ %i.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %i.next = add i32 %i, %t
  %k.next = add i32 %k, 1
  %c = icmp ne i32 %k, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i1 false
}",
    );
    crate::with_function(&mut m, fid, |m, f| {
        let a = FnAnalyses::compute(f);
        let r = ret(f);
        let checks = {
            let mut se = ScalarEvolution::new(m, f, &a.cfg, &a.dt, &a.loops);
            let l = a.loops.loops().next().expect("a loop");
            let btc = se.backedge_taken_count(l).exact.expect("computable");
            preds(&mut se, f)
                .into_iter()
                .map(|p| pred::plan(&mut se, p, btc).expect("planned"))
                .collect::<Vec<_>>()
        };
        let ctx = ExpandCtx::new(&a, Existing::default());
        let v = pred::emit_all(m, f, &ctx, &checks, r);
        f.set_operand(r, 0, v);
    });
    loopwright_analysis::verify::verify_module(&m).expect("verifies");
    loopwright_ir::print::print_function(&m, fid)
}

#[test]
fn predicate_checks_equal_and_union() {
    let t = predicate_checks(|se, f| {
        let (s, t, n) = (
            se.scev_of(f.params[0]),
            se.scev_of(f.params[1]),
            se.scev_of(f.params[2]),
        );
        let one = se.get_one(Ty::Int(32));
        vec![ScevPredicate::Equal(t, one), ScevPredicate::Equal(s, n)]
    });
    has_lines(
        &t,
        &[
            "%ident.check = icmp ne i32 %t, 1",
            "%ident.check1 = icmp ne i32 %s, %n",
            "%0 = or i1 %ident.check, %ident.check1",
            "ret i1 %0",
        ],
    );
    // No predicate: no check.
    let t = predicate_checks(|_, _| Vec::new());
    has_lines(&t, &["ret i1 false"]);
}

#[test]
fn predicate_checks_of_wrapping() {
    // An unsigned check with an unknown step: |step| * n through
    // umul.with.overflow, both directions and a select on the sign.
    let t = predicate_checks(|se, f| {
        let ar = se.scev_of(value(f, "i"));
        vec![ScevPredicate::Wrap { ar, signed: false }]
    });
    has_lines(
        &t,
        &[
            "%0 = sub i32 0, %t",
            "%1 = icmp slt i32 %t, 0",
            "%2 = select i1 %1, i32 %0, i32 %t",
            "%mul = call { i32, i1 } @llvm.umul.with.overflow.i32(i32 %2, i32 %n)",
            "%mul.result = extractvalue { i32, i1 } %mul, 0",
            "%mul.overflow = extractvalue { i32, i1 } %mul, 1",
            "%3 = add i32 %s, %mul.result",
            "%4 = sub i32 %s, %mul.result",
            "%5 = icmp ult i32 %3, %s",
            "%6 = icmp ugt i32 %4, %s",
            "%7 = select i1 %1, i1 %6, i1 %5",
            "%8 = or i1 %7, %mul.overflow",
            "ret i1 %8",
        ],
    );
    // Signed, the same shape with signed compares.
    let t = predicate_checks(|se, f| {
        let ar = se.scev_of(value(f, "i"));
        vec![ScevPredicate::Wrap { ar, signed: true }]
    });
    has_lines(
        &t,
        &["%5 = icmp slt i32 %3, %s", "%6 = icmp sgt i32 %4, %s"],
    );
    // The counter {0,+,1}: unsigned, it cannot wrap below its start, and
    // step 1 needs no multiply: the check folds to false.
    let t = predicate_checks(|se, f| {
        let ar = se.scev_of(value(f, "k"));
        vec![ScevPredicate::Wrap { ar, signed: false }]
    });
    has_lines(&t, &["ret i1 false"]);
    // Signed, step 1: start + n < start, no multiply.
    let t = predicate_checks(|se, f| {
        let ar = se.scev_of(value(f, "k"));
        vec![ScevPredicate::Wrap { ar, signed: true }]
    });
    has_lines(&t, &["%0 = icmp slt i32 %n, 0", "ret i1 %0"]);
}

/// The cheapness verdict for the trip count of the only loop of `text`
/// (its latch's exit count plus one) at its preheader, for target
/// attributes of the function.
fn trip_count_cost(text: &str, budget: u32) -> cost::Cheapness {
    let (m, fid) = parse(text);
    let f = &m.functions[fid];
    let a = FnAnalyses::compute(f);
    let l = a.loops.loops().next().expect("a loop");
    let latch = a.loops.latch(&a.cfg, l).expect("a latch");
    let ph = a.loops.preheader(f, &a.cfg, l).expect("a preheader");
    let at = f.terminator(ph).expect("a branch");
    let mut se = ScalarEvolution::new(&m, f, &a.cfg, &a.dt, &a.loops);
    let be = se.exit_count(l, latch).expect("a count");
    let one = se.get_one(se.ty(be));
    let tc = se.get_add2(be, one, NoWrap::ANY);
    let mut blocks = Vec::new();
    let mut cur = Some(ph);
    while let Some(b) = cur {
        blocks.push(b);
        cur = a.dt.idom(b);
    }
    let existing = existing_values(&mut se, f, &[], &blocks);
    let ctx = ExpandCtx::new(&a, existing);
    let target = loopwright_target::TargetModel::for_function(&m, f);
    let q = cost::CostQuery {
        target: &target,
        code_size: m.attrs.has(f.fn_attrs, "minsize"),
        budget,
        at,
        l,
    };
    cost::expansion_cost(&m, f, &mut se, &ctx, &[tc], &q)
}

const STRIDED: &str = r#"target triple = "x86_64-pc-linux-gnu"
define void @f(ptr %p, i64 %a, i64 %b) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ %a, %entry ], [ %i.next, %loop ]
  %g = getelementptr i32, ptr %p, i64 %i
  store i32 0, ptr %g
  %i.next = add nuw i64 %i, 3
  %c = icmp ult i64 %i.next, %b
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
attributes #0 = { "target-cpu"="skylake" }
"#;

#[test]
fn cheapness_costs_what_opt_costs() {
    // The ptrtoint repro: 1 - zext(trunc(ptrtoint %0)); the zext is %2,
    // the rest an add and a multiply: 2 (opt-19 unrolls from budget 2 on).
    let repro = r#"target triple = "x86_64-pc-linux-gnu"
define i64 @f(ptr %0) #0 {
entry:
  %1 = ptrtoint ptr %0 to i64
  %2 = and i64 %1, 1
  br label %loop
loop:
  %iv = phi i64 [ %iv.next, %loop ], [ %2, %entry ]
  %iv.next = add i64 %iv, 1
  %done = icmp eq i64 %iv, 0
  br i1 %done, label %exit, label %loop
exit:
  ret i64 0
}
attributes #0 = { "target-cpu"="rocketlake" }
"#;
    let c = trip_count_cost(repro, 4);
    assert_eq!((c.cost, c.high), (2, false));
    assert!(trip_count_cost(repro, 1).high);
    // A strided count, ((b - a - 3 ... ) /u 3) + ...: 17 on skylake, 26
    // under minsize (where its constants count); opt-19's thresholds.
    let c = trip_count_cost(STRIDED, 100);
    assert_eq!((c.cost, c.high), (17, false));
    assert!(trip_count_cost(STRIDED, 16).high);
    let small = STRIDED.replace("attributes #0 = { ", "attributes #0 = { minsize optsize ");
    assert_eq!(trip_count_cost(&small, 100).cost, 26);
    assert!(!trip_count_cost(&small, 26).high);
    assert!(trip_count_cost(&small, 25).high);
}

#[test]
fn lcssa_phis_of_opaque_values_are_reused() {
    // %x (a load in %scan) needed at the exit: its expression is the
    // opaque %x, which the LCSSA phi %x.lcssa also has; that phi is
    // reused (as opt-19 does), not a second one made.
    let text = "define i64 @f(ptr %q, i64 %n) {
entry:
  br label %scan
scan:
  %i = phi i64 [ 0, %entry ], [ %i.next, %scan ]
  %g = getelementptr i64, ptr %q, i64 %i
  %x = load i64, ptr %g
  %i.next = add nuw i64 %i, 1
  %c = icmp ult i64 %x, %n
  br i1 %c, label %scan, label %exit
exit:
  %x.lcssa = phi i64 [ %x, %scan ]
  ret i64 0
}";
    let pick = |se: &mut ScalarEvolution, f: &Function| {
        let x = se.scev_of(value(f, "x"));
        let one = se.get_one(Ty::Int(64));
        se.get_umax(x, one)
    };
    let t = expand_at_ret_reusing(text, pick);
    has_lines(
        &t,
        &[
            "%x.lcssa = phi i64 [ %x, %scan ]",
            "%umax = call i64 @llvm.umax.i64(i64 %x.lcssa, i64 1)",
            "ret i64 %umax",
        ],
    );
    assert_eq!(t.matches(" = phi ").count(), 2, "{t}");
    // Without values to reuse, the expander makes its own LCSSA phi (at
    // the top of the exit, so it is printed first).
    let t = expand_at_ret(text, pick);
    has_lines(
        &t,
        &[
            "%x.lcssa = phi i64 [ %x, %scan ]",
            "%x.lcssa1 = phi i64 [ %x, %scan ]",
            "%umax = call i64 @llvm.umax.i64(i64 %x.lcssa, i64 1)",
        ],
    );
    assert_eq!(t.matches(" = phi ").count(), 3, "{t}");
}

#[test]
fn divisions_leave_loops_only_when_safe() {
    // (%a /u (1 umax %b)): scalar evolution knows the divisor is not 0, so
    // the udiv leaves the loop; (%a /u %b) stays where it was asked for.
    let nest = |div: &str| {
        format!(
            "define void @f(ptr %p, i64 %a, i64 %b) {{
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  {div}
  %q = udiv i64 %a, %d
  store i64 %q, ptr %p
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, 10
  br i1 %c, label %loop, label %exit
exit:
  ret void
}}
declare i64 @llvm.umax.i64(i64, i64)"
        )
    };
    let t = expand_in_place(&nest("%d = call i64 @llvm.umax.i64(i64 %b, i64 1)"), "q");
    has_lines(
        &t,
        &[
            "entry:",
            "%0 = udiv i64 %a, %umax",
            "br label %loop",
            "loop:",
        ],
    );
    let t = expand_in_place(&nest("%d = add i64 %b, 0"), "q");
    has_lines(
        &t,
        &["loop:", "%0 = udiv i64 %a, %b", "store i64 %0, ptr %p"],
    );
}
