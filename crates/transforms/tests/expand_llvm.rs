//! The SCEV expander against LLVM: every kind of expansion, checked by
//! `opt-19 -passes=verify` and by running with `lli-19`.
//!
//! Each case is a function `@f` whose returned value (or, for
//! `InPlace`, a value inside a loop) is replaced by the expansion of its
//! scalar-evolution expression (or of its loop's backedge-taken count),
//! made where the value is used. The result must pass our verifier and
//! opt-19's, and a `main` that calls `@f` on a few inputs must print the
//! same under lli-19 before and after (pointer results are printed as
//! offsets from the buffer they point into).
//!
//! The run-time checks of predicates are run exhaustively on small types:
//! for `{start,+,step}` of `i8` over `n` iterations, the emitted overflow
//! check (unsigned and signed) must be LLVM's formula and sound (when it
//! says "no wrap", the recurrence does not wrap), and the equality check
//! must be `a != b`.
//!
//! `self_test_wrong_expansions_fail` shows the comparison fails on a
//! deliberately wrong expansion (an `add` made `sub`).
//! `EXPAND_LLVM_VERBOSE=1` prints every expanded module.

use loopwright_analysis::scev::{ScalarEvolution, Scev, ScevPredicate};
use loopwright_ir::{Function, Inst, Module, Opcode, Value};
use loopwright_testkit::run::{run_ok, LLI_TIMEOUT, TIMEOUT};
use loopwright_testkit::tools::{LLI, OPT};
use loopwright_transforms::utils::expand::{self, pred, Existing, ExpandCtx};
use loopwright_transforms::{with_function, FnAnalyses};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What is expanded.
#[derive(Clone, Copy)]
enum Pick {
    /// The returned value, at the `ret`.
    Returned,
    /// The backedge-taken count of the (only) loop, at the `ret`.
    Btc,
    /// The named value, in front of itself (its users then use the
    /// expansion).
    InPlace(&'static str),
}

struct Case {
    name: &'static str,
    /// The body of `@f(ptr %p, i64 %a, i64 %b)`, with its return type.
    ret_ty: &'static str,
    body: &'static str,
    pick: Pick,
    /// Argument pairs `(a, b)`.
    inputs: &'static [(i64, i64)],
}

const INPUTS: &[(i64, i64)] = &[
    (0, 1),
    (1, 2),
    (5, 3),
    (17, 9),
    (-4, 6),
    (1000, 7),
    (-123456789, 31),
    (i64::MAX, 2),
];

const SMALL: &[(i64, i64)] = &[(0, 1), (1, 2), (5, 3), (17, 9), (30, 4), (63, 63)];

const CASES: &[Case] = &[
    Case {
        name: "arithmetic",
        ret_ty: "i64",
        body: "entry:
  %x = mul i64 %a, 3
  %y = sub i64 %x, %b
  %z = add i64 %y, -7
  %w = shl i64 %z, 2
  ret i64 %w",
        pick: Pick::Returned,
        inputs: INPUTS,
    },
    Case {
        name: "powers_and_negation",
        ret_ty: "i64",
        body: "entry:
  %s = mul i64 %a, %a
  %c = mul i64 %s, %a
  %n = sub i64 0, %b
  %r = mul i64 %c, %n
  ret i64 %r",
        pick: Pick::Returned,
        inputs: INPUTS,
    },
    Case {
        name: "divisions",
        ret_ty: "i64",
        body: "entry:
  %q = udiv i64 %a, 8
  %bb = or i64 %b, 1
  %r = udiv i64 %q, %bb
  ret i64 %r",
        pick: Pick::Returned,
        inputs: INPUTS,
    },
    Case {
        name: "casts",
        ret_ty: "i64",
        body: "entry:
  %t = trunc i64 %a to i16
  %z = zext i16 %t to i64
  %u = trunc i64 %b to i32
  %s = sext i32 %u to i64
  %r = add i64 %z, %s
  ret i64 %r",
        pick: Pick::Returned,
        inputs: INPUTS,
    },
    Case {
        name: "ptrtoint",
        ret_ty: "i64",
        body: "entry:
  %i = ptrtoint ptr %p to i64
  %r = add i64 %i, %a
  ret i64 %r",
        pick: Pick::Returned,
        inputs: INPUTS,
    },
    Case {
        name: "min_max",
        ret_ty: "i64",
        body: "entry:
  %x = call i64 @llvm.smax.i64(i64 %a, i64 %b)
  %y = call i64 @llvm.umin.i64(i64 %x, i64 100)
  %z = call i64 @llvm.smin.i64(i64 %y, i64 %a)
  %w = call i64 @llvm.umax.i64(i64 %z, i64 %b)
  ret i64 %w",
        pick: Pick::Returned,
        inputs: INPUTS,
    },
    Case {
        name: "sequential_umin",
        ret_ty: "i64",
        body: "entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %c1 = icmp eq i64 %i, %a
  br i1 %c1, label %exit, label %latch
latch:
  %i.next = add nuw i64 %i, 1
  %c2 = icmp eq i64 %i, %b
  br i1 %c2, label %exit, label %loop
exit:
  %r = phi i64 [ %i, %loop ], [ %i, %latch ]
  ret i64 %r",
        pick: Pick::Btc,
        inputs: SMALL,
    },
    Case {
        name: "pointer_sum",
        ret_ty: "ptr",
        body: "entry:
  %o = shl i64 %a, 2
  %q = getelementptr i8, ptr %p, i64 %o
  %r = getelementptr i32, ptr %q, i64 %b
  ret ptr %r",
        pick: Pick::Returned,
        inputs: INPUTS,
    },
    Case {
        name: "pointer_recurrence_after_loop",
        ret_ty: "ptr",
        body: "entry:
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %q = getelementptr inbounds i32, ptr %p, i64 %j
  %j.next = add nuw i64 %j, 1
  %c = icmp ult i64 %j.next, %b
  br i1 %c, label %loop, label %exit
exit:
  %q.lcssa = phi ptr [ %q, %loop ]
  ret ptr %q.lcssa",
        pick: Pick::Returned,
        inputs: SMALL,
    },
    Case {
        name: "recurrence_after_loop",
        ret_ty: "i64",
        body: "entry:
  %n = trunc i64 %a to i32
  br label %loop
loop:
  %i = phi i32 [ %n, %entry ], [ %i.dec, %loop ]
  %i.ext = zext i32 %i to i64
  %q = getelementptr inbounds i32, ptr %p, i64 %i.ext
  %v = load i32, ptr %q, align 4
  %z = icmp eq i32 %v, 0
  %i.dec = add i32 %i, -1
  br i1 %z, label %loop, label %exit
exit:
  %last = phi i32 [ %i, %loop ]
  %r = zext i32 %last to i64
  ret i64 %r",
        pick: Pick::Returned,
        inputs: SMALL,
    },
    Case {
        name: "recurrence_in_loop",
        ret_ty: "i64",
        body: "entry:
  br label %loop
loop:
  %i = phi i64 [ %a, %entry ], [ %i.next, %loop ]
  %sum = phi i64 [ 0, %entry ], [ %sum.next, %loop ]
  %k = mul i64 %i, 3
  %sum.next = add i64 %sum, %k
  %i.next = add nuw i64 %i, 2
  %c = icmp ult i64 %i.next, %b
  br i1 %c, label %loop, label %exit
exit:
  %r = phi i64 [ %sum.next, %loop ]
  ret i64 %r",
        pick: Pick::InPlace("k"),
        inputs: SMALL,
    },
];

/// `@f` of a case, with the intrinsics it may call.
fn function_text(c: &Case) -> String {
    format!(
        "define {} @f(ptr %p, i64 %a, i64 %b) {{\n{}\n}}\n\
         declare i64 @llvm.smax.i64(i64, i64)\n\
         declare i64 @llvm.umin.i64(i64, i64)\n\
         declare i64 @llvm.smin.i64(i64, i64)\n\
         declare i64 @llvm.umax.i64(i64, i64)\n",
        c.ret_ty, c.body
    )
}

/// A `main` printing `@f`'s result for each input (pointers as offsets
/// from `@buf`, integers containing `ptrtoint @buf` too).
fn main_text(c: &Case) -> String {
    let mut s = String::from(
        "@fmt = private constant [6 x i8] c\"%lld\\0A\\00\"\n\
         declare i32 @printf(ptr, ...)\n\
         @buf = global [64 x i32] [",
    );
    let elems: Vec<String> = (0..64)
        .map(|k| format!("i32 {}", if k % 5 == 3 { 0 } else { k + 1 }))
        .collect();
    s.push_str(&elems.join(", "));
    s.push_str("]\ndefine i32 @main() {\nentry:\n  %base = ptrtoint ptr @buf to i64\n");
    for (k, (a, b)) in c.inputs.iter().enumerate() {
        if c.ret_ty == "ptr" {
            s.push_str(&format!(
                "  %p{k} = call ptr @f(ptr @buf, i64 {a}, i64 {b})\n  %i{k} = ptrtoint ptr %p{k} to i64\n  %r{k} = sub i64 %i{k}, %base\n"
            ));
        } else {
            s.push_str(&format!(
                "  %v{k} = call i64 @f(ptr @buf, i64 {a}, i64 {b})\n"
            ));
            if c.name == "ptrtoint" {
                s.push_str(&format!("  %r{k} = sub i64 %v{k}, %base\n"));
            } else {
                s.push_str(&format!("  %r{k} = add i64 %v{k}, 0\n"));
            }
        }
        s.push_str(&format!(
            "  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r{k})\n"
        ));
    }
    s.push_str("  ret i32 0\n}\n");
    s
}

fn value(f: &Function, name: &str) -> Value {
    f.layout
        .blocks()
        .flat_map(|b| f.layout.block_insts(b))
        .filter_map(|i| f.inst_result(i))
        .find(|&v| f.value_name(v) == Some(name))
        .unwrap_or_else(|| panic!("no value %{name}"))
}

fn ret(f: &Function) -> Inst {
    f.layout
        .blocks()
        .filter_map(|b| f.terminator(b))
        .find(|&t| f.inst(t).opcode == Opcode::Ret)
        .expect("a ret")
}

/// The module with the case's expansion made (printed).
fn expanded(m: &mut Module, pick: Pick) -> String {
    let fid = m.function_by_name("f").expect("@f");
    with_function(m, fid, |m, f| {
        let a = FnAnalyses::compute(f);
        let (target, at) = match pick {
            Pick::Returned | Pick::Btc => (None, ret(f)),
            Pick::InPlace(name) => {
                let v = value(f, name);
                let loopwright_ir::ValueDef::Result(i) = f.value_def(v) else {
                    panic!("an instruction")
                };
                (Some(v), i)
            }
        };
        let e = {
            let mut se = ScalarEvolution::new(m, f, &a.cfg, &a.dt, &a.loops);
            let s: Scev = match pick {
                Pick::Returned => match f.inst(at).operands()[0] {
                    loopwright_ir::Operand::Value(v) => se.scev_of(v),
                    _ => panic!("returns a value"),
                },
                Pick::Btc => {
                    let l = a.loops.loops().next().expect("a loop");
                    se.backedge_taken_count(l).exact.expect("computable")
                }
                Pick::InPlace(_) => se.scev_of(target.expect("named")),
            };
            expand::extract(&mut se, s).expect("extractable")
        };
        let ctx = ExpandCtx::new(&a, Existing::default());
        assert!(expand::can_expand(m, f, &ctx, &e, at), "cannot expand");
        let v = expand::expand_with(m, f, &e, at, &ctx);
        match target {
            Some(t) => f.replace_all_uses(t, v),
            None => f.set_operand(at, 0, v),
        }
    });
    loopwright_analysis::verify::verify_module(m).expect("our verifier accepts the expansion");
    loopwright_ir::print::print_module(m)
}

fn work_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("loopwright-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("work dir");
    d
}

/// opt-19 verifies `path` (no output, no complaint).
fn opt_verifies(path: &Path) -> Result<(), String> {
    let out = loopwright_testkit::run(
        Command::new(OPT)
            .args(["-passes=verify", "-disable-output"])
            .arg(path),
        TIMEOUT,
    );
    if out.success() && out.stderr_text().is_empty() {
        Ok(())
    } else {
        Err(out.stderr_text())
    }
}

fn lli(path: &Path) -> String {
    run_ok(Command::new(LLI).arg(path), LLI_TIMEOUT).stdout_text()
}

/// Runs one case: the problems found (none when it passes). `mutate`
/// makes the expanded text deliberately wrong (for the self-test).
fn check_case(c: &Case, work: &Path, mutate: impl Fn(&str) -> String) -> Vec<String> {
    let text = function_text(c);
    let main = main_text(c);
    let original = work.join(format!("{}.orig.ll", c.name));
    std::fs::write(&original, format!("{text}\n{main}")).expect("write");
    let mut m = loopwright_parse::parse_module(text.as_bytes(), "f.ll").expect("parses");
    let after = mutate(&expanded(&mut m, c.pick));
    if std::env::var_os("EXPAND_LLVM_VERBOSE").is_some() {
        eprintln!("{}:\n{after}", c.name);
    }
    let changed = work.join(format!("{}.ll", c.name));
    std::fs::write(&changed, format!("{after}\n{main}")).expect("write");
    let mut problems = Vec::new();
    if let Err(e) = opt_verifies(&changed) {
        problems.push(format!("{}: opt-19 -passes=verify: {e}", c.name));
        return problems;
    }
    let (want, got) = (lli(&original), lli(&changed));
    if want != got {
        problems.push(format!(
            "{}: lli-19 printed\n{got}instead of\n{want}{after}",
            c.name
        ));
    }
    problems
}

#[test]
fn expansions_run_as_the_original() {
    if !loopwright_testkit::require(&[OPT, LLI]) {
        return;
    }
    let work = work_dir("expand-llvm");
    let mut problems = Vec::new();
    for c in CASES {
        problems.extend(check_case(c, &work, str::to_owned));
    }
    let _ = std::fs::remove_dir_all(&work);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    eprintln!("expand_llvm: {} expansions verified and run", CASES.len());
}

#[test]
fn self_test_wrong_expansions_fail() {
    if !loopwright_testkit::require(&[OPT, LLI]) {
        return;
    }
    let work = work_dir("expand-llvm-self-test");
    let c = &CASES[0];
    let right = check_case(c, &work, str::to_owned);
    let wrong = check_case(c, &work, |t| {
        loopwright_testkit::mutate::flip_add_to_sub(t, |l| !l.contains("%y"))
            .expect("an add to flip")
    });
    let _ = std::fs::remove_dir_all(&work);
    assert!(right.is_empty(), "{right:?}");
    assert!(!wrong.is_empty(), "a wrong expansion runs as the original");
}

/// The overflow check of `{start,+,step}` (`i8`) over `n` iterations, as
/// LLVM's `generateOverflowCheck` computes it: `|step| * n` overflows, or
/// `start ± |step| * n` wraps past `start`.
fn llvm_formula(signed: bool, start: i8, step: i8, n: u8) -> bool {
    let abs = if step < 0 {
        (step as u8).wrapping_neg()
    } else {
        step as u8
    };
    let (mul, of) = abs.overflowing_mul(n);
    let add = (start as u8).wrapping_add(mul);
    let sub = (start as u8).wrapping_sub(mul);
    let end = if signed {
        if step < 0 {
            (sub as i8) > start
        } else {
            (add as i8) < start
        }
    } else if step < 0 {
        sub > start as u8
    } else {
        add < start as u8
    };
    end || of
}

/// Whether `{start,+,step}` wraps within `n` steps: signed (the values
/// leave `i8`'s range) or unsigned (`start` as `u8` plus `k * step`
/// leaves `0..=255`).
fn wraps(signed: bool, start: i8, step: i8, n: u8) -> bool {
    (0..=i64::from(n)).any(|k| {
        let v = if signed {
            i64::from(start) + k * i64::from(step)
        } else {
            i64::from(start as u8) + k * i64::from(step)
        };
        if signed {
            !(-128..=127).contains(&v)
        } else {
            !(0..=255).contains(&v)
        }
    })
}

const PRED_FN: &str = "define i1 @chk(i8 %start, i8 %step, i8 %n) {
entry:
  br label %loop
loop:
  %i = phi i8 [ %start, %entry ], [ %i.next, %loop ]
  %k = phi i8 [ 0, %entry ], [ %k.next, %loop ]
  %i.next = add i8 %i, %step
  %k.next = add i8 %k, 1
  %c = icmp ne i8 %k, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i1 false
}
";

/// `@chk` returning the check of `pred` (made from `%i`'s recurrence, or
/// `%start == %step` for `None`), with a `main` printing it for every
/// input triple.
fn predicate_module(signed: Option<bool>, starts: &[i8], steps: &[i8], ns: &[u8]) -> String {
    let mut m = loopwright_parse::parse_module(PRED_FN.as_bytes(), "chk.ll").expect("parses");
    let fid = m.function_by_name("chk").expect("@chk");
    with_function(&mut m, fid, |m, f| {
        let a = FnAnalyses::compute(f);
        let r = ret(f);
        let check = {
            let mut se = ScalarEvolution::new(m, f, &a.cfg, &a.dt, &a.loops);
            let l = a.loops.loops().next().expect("a loop");
            let btc = se.backedge_taken_count(l).exact.expect("computable");
            let p = match signed {
                Some(s) => ScevPredicate::Wrap {
                    ar: se.scev_of(value(f, "i")),
                    signed: s,
                },
                None => ScevPredicate::Equal(se.scev_of(f.params[0]), se.scev_of(f.params[1])),
            };
            pred::plan(&mut se, p, btc).expect("planned")
        };
        let ctx = ExpandCtx::new(&a, Existing::default());
        let v = pred::emit_all(m, f, &ctx, &[check], r);
        f.set_operand(r, 0, v);
    });
    loopwright_analysis::verify::verify_module(&m).expect("our verifier accepts the check");
    let mut text = loopwright_ir::print::print_module(&m);
    text.push_str(
        "@fmt = private constant [4 x i8] c\"%d\\0A\\00\"\ndeclare i32 @printf(ptr, ...)\ndefine i32 @main() {\nentry:\n",
    );
    let mut k = 0;
    for &s in starts {
        for &t in steps {
            for &n in ns {
                text.push_str(&format!(
                    "  %c{k} = call i1 @chk(i8 {s}, i8 {t}, i8 {n})\n  %z{k} = zext i1 %c{k} to i32\n  call i32 (ptr, ...) @printf(ptr @fmt, i32 %z{k})\n"
                ));
                k += 1;
            }
        }
    }
    text.push_str("  ret i32 0\n}\n");
    text
}

#[test]
fn predicate_checks_are_llvms_and_sound() {
    if !loopwright_testkit::require(&[OPT, LLI]) {
        return;
    }
    let work = work_dir("expand-llvm-pred");
    let starts: Vec<i8> = vec![-128, -100, -3, -1, 0, 1, 2, 50, 100, 126, 127];
    let steps: Vec<i8> = vec![-128, -64, -3, -1, 0, 1, 2, 3, 50, 127];
    let ns: Vec<u8> = vec![0, 1, 2, 3, 10, 100, 200, 255];
    let mut checked = 0;
    for signed in [Some(false), Some(true), None] {
        let text = predicate_module(signed, &starts, &steps, &ns);
        let path = work.join("pred.ll");
        std::fs::write(&path, &text).expect("write");
        opt_verifies(&path).unwrap_or_else(|e| panic!("opt-19 rejects the check: {e}\n{text}"));
        let out = lli(&path);
        let mut lines = out.lines();
        for &s in &starts {
            for &t in &steps {
                for &n in &ns {
                    let got = lines.next().expect("a line per input") == "1";
                    match signed {
                        Some(sg) => {
                            assert_eq!(
                                got,
                                llvm_formula(sg, s, t, n),
                                "signed={sg} start={s} step={t} n={n}: not LLVM's check"
                            );
                            if !got {
                                assert!(
                                    !wraps(sg, s, t, n),
                                    "signed={sg} start={s} step={t} n={n}: wraps, check passes"
                                );
                            }
                        }
                        None => assert_eq!(got, s != t, "{s} == {t}"),
                    }
                    checked += 1;
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    eprintln!("expand_llvm: {checked} predicate checks run");
}
