//! Verification inside a pipeline: the `verify` pass at function level and
//! `-verify-each` (opt's name), which checks a function after every pass
//! that ran on it.
//!
//! After each pass, `-verify-each` checks, in this order, and stops at the
//! first failure, which names the pass:
//! 1. the IR verifier on the function (as opt's `-verify-each`);
//! 2. the loop forest: computed afresh it passes its own consistency
//!    check (`LoopForest::check`), and the analyses the passes keep for
//!    the next one (`FnMemo`) are of the function as it is (epochs) and
//!    equal the fresh ones;
//! 3. the forms the pass promises ([`Promises`] in the registry): every
//!    loop in loop-simplify form, every loop in LCSSA form (LLVM's
//!    `isRecursivelyLCSSAForm`: a value defined in a loop is used outside
//!    it only by phis of its exit blocks; tokens, debug records and uses in
//!    unreachable blocks do not count). Some loops cannot be put in these
//!    forms (an `indirectbr` edge, a landing-pad exit); a loop that fails
//!    the check is a failure only when running `loop-simplify` or `lcssa`
//!    on a copy of the function puts it in form, that is when the pass
//!    could have and did not.

use crate::pipeline::{self, Promises};
use crate::{diag, Failure};
use loopwright_analysis::{verify_function, Loop, VerifierError};
use loopwright_ir::{Block, Func, Function, Module, Opcode, Operand, TypeTable, Value};
use loopwright_transforms::{utils::phi_incoming, FnAnalyses, FnMemo};

/// Runs the verifier on `f`, which is lent out of `m` as function `fid`:
/// it is put back in its slot for the check.
pub(crate) fn verify_lent(
    m: &mut Module,
    f: &mut Function,
    fid: Func,
) -> Result<(), Vec<VerifierError>> {
    std::mem::swap(&mut m.functions[fid], f);
    let r = verify_function(m, fid);
    std::mem::swap(&mut m.functions[fid], f);
    r
}

/// `@name` as a message shows a function.
pub(crate) fn fn_name(f: &Function) -> String {
    match f.name() {
        Some(n)
            if n.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._$-".contains(&b)) =>
        {
            format!("@{n}")
        }
        Some(n) => format!("@{n:?}"),
        None => "an unnamed function".into(),
    }
}

fn block_name(f: &Function, b: Block) -> String {
    match f.block_name(b) {
        Some(n) => format!("%{n}"),
        None => format!("{b}"),
    }
}

/// The verifier's errors as lines, then `what` as an error.
pub(crate) fn broken(file: &str, errors: &[VerifierError], what: &str) -> Failure {
    let mut text = String::new();
    for e in errors {
        text.push_str(&e.to_string());
        text.push('\n');
    }
    text.push_str(&diag::plain(file, what));
    Failure(text)
}

/// The `-verify-each` checks of `f` (lent out of `m` as `fid`) after the
/// pass `pass`; `memo` is what the passes keep for the next one.
pub(crate) fn after_pass(
    m: &mut Module,
    f: &mut Function,
    fid: Func,
    pass: &str,
    memo: &FnMemo,
    file: &str,
) -> Result<(), Failure> {
    let name = fn_name(f);
    verify_lent(m, f, fid).map_err(|errors| {
        broken(
            file,
            &errors,
            &format!("broken function {name} found after pass '{pass}'"),
        )
    })?;
    let fail = |what: String| {
        Failure(diag::plain(
            file,
            &format!("loop structure of {name} broken after pass '{pass}': {what}"),
        ))
    };
    let a = FnAnalyses::compute(f);
    a.loops
        .check()
        .map_err(|e| fail(format!("loop forest: {e}")))?;
    memo.check_thoroughly(f)
        .map_err(|e| fail(format!("analyses kept for the next pass: {e}")))?;
    let promises = pipeline::lookup_any(pass).map_or(Promises::default(), |p| p.promises);
    if promises.simplify {
        for l in a.loops.loops() {
            if !a.loops.is_simplified(f, &a.cfg, l) && simplify_would_fix(m, f, a.loops.header(l)) {
                return Err(fail(format!(
                    "the loop at {} is not in loop-simplify form",
                    block_name(f, a.loops.header(l))
                )));
            }
        }
    }
    if promises.lcssa {
        for l in a.loops.loops() {
            if let Some(v) = lcssa_violation(f, &a, l) {
                if lcssa_would_fix(m, f, a.loops.header(l)) {
                    let shown = f
                        .value_name(v)
                        .map_or_else(|| format!("{v}"), |n| format!("%{n}"));
                    return Err(fail(format!(
                        "the loop at {} is not in LCSSA form ({shown} is used outside it)",
                        block_name(f, a.loops.header(l))
                    )));
                }
            }
        }
    }
    Ok(())
}

/// The loop headed by `header` in `a`, if there is one.
fn loop_at(a: &FnAnalyses, header: Block) -> Option<Loop> {
    a.loops
        .loop_for(header)
        .filter(|&l| a.loops.header(l) == header)
}

/// Whether loop-simplify, run on a copy of `f`, puts the loop headed by
/// `header` in loop-simplify form.
fn simplify_would_fix(m: &mut Module, f: &Function, header: Block) -> bool {
    let mut copy = f.clone();
    loopwright_transforms::simplify::simplify_function(m, &mut copy);
    let a = FnAnalyses::compute(&copy);
    loop_at(&a, header).is_some_and(|l| a.loops.is_simplified(&copy, &a.cfg, l))
}

/// Whether LCSSA, run on a copy of `f`, puts the loop headed by `header` in
/// LCSSA form.
fn lcssa_would_fix(m: &mut Module, f: &Function, header: Block) -> bool {
    let mut copy = f.clone();
    loopwright_transforms::lcssa::lcssa_function(m, &mut copy);
    let a = FnAnalyses::compute(&copy);
    loop_at(&a, header).is_some_and(|l| lcssa_violation(&copy, &a, l).is_none())
}

/// A value defined in loop `l` and used outside it other than by a phi of
/// an exit block (LLVM's `isLCSSAForm`, without tokens, debug records,
/// metadata-wrapped uses and uses in unreachable blocks, none of which
/// LLVM counts).
fn lcssa_violation(f: &Function, a: &FnAnalyses, l: Loop) -> Option<Value> {
    let outside = |def: Block, user: Block| {
        user != def && !a.loops.contains(l, user) && a.dt.is_reachable(user)
    };
    for &b in a.loops.data(l).blocks() {
        for i in f.layout.block_insts(b) {
            let Some(v) = f.inst_result(i) else { continue };
            if f.value_type(v) == TypeTable::TOKEN {
                continue;
            }
            for &u in f.uses(v) {
                let data = f.inst(u);
                if data.opcode.is_debug_record() {
                    continue;
                }
                let Some(ub) = f.layout.inst_block(u) else {
                    continue;
                };
                let bad = if data.opcode == Opcode::Phi {
                    phi_incoming(f, u).any(|(op, from)| op == Operand::Value(v) && outside(b, from))
                } else {
                    data.operands().contains(&Operand::Value(v)) && outside(b, ub)
                };
                if bad {
                    return Some(v);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the `-verify-each` checks after `pass` on the first function
    /// of `src`.
    fn check(src: &str, pass: &str) -> Result<(), String> {
        let mut m = loopwright_parse::parse_module(src.as_bytes(), "t.ll").expect("parses");
        let fid = loopwright_transforms::defined_functions(&m)[0];
        let memo = FnMemo::default();
        loopwright_transforms::with_function(&mut m, fid, |m, f| {
            after_pass(m, f, fid, pass, &memo, "t.ll").map_err(|e| e.0)
        })
    }

    /// In loop-simplify form, not in LCSSA form.
    const NOT_LCSSA: &str = "
define i32 @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %i.next
}
";

    /// No preheader: the loop is entered from two blocks.
    const NO_PREHEADER: &str = "
define void @g(i1 %c, i32 %n) {
entry:
  br i1 %c, label %loop, label %other
other:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ 1, %other ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop, label %exit
exit:
  ret void
}
";

    /// No preheader, and none can be made: an `indirectbr` enters the loop.
    const INDIRECT_ENTRY: &str = "
define void @h(ptr %t, i32 %n) {
entry:
  indirectbr ptr %t, [label %loop, label %other]
other:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ 1, %other ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop, label %exit
exit:
  ret void
}
";

    /// A use before its definition.
    const BROKEN: &str = "
define i32 @b(i32 %x) {
entry:
  %y = add i32 %z, 1
  %z = add i32 %x, 1
  ret i32 %y
}
";

    #[test]
    fn promised_lcssa_is_checked() {
        let e = check(NOT_LCSSA, "lcssa").unwrap_err();
        assert!(e.contains("after pass 'lcssa'"), "{e}");
        assert!(
            e.contains("not in LCSSA form (%i.next is used outside it)"),
            "{e}"
        );
        assert!(check(NOT_LCSSA, "loop-unroll").is_err());
        // Passes that do not promise LCSSA are not held to it.
        assert!(check(NOT_LCSSA, "loop-simplify").is_ok());
        assert!(check(NOT_LCSSA, "transform-warning").is_ok());
    }

    #[test]
    fn promised_simplify_form_is_checked() {
        let e = check(NO_PREHEADER, "loop-simplify").unwrap_err();
        assert!(
            e.contains("the loop at %loop is not in loop-simplify form"),
            "{e}"
        );
        assert!(check(NO_PREHEADER, "loop-rotate").is_err());
        assert!(check(NO_PREHEADER, "lcssa").is_ok());
        // A loop loop-simplify cannot handle is no failure of the pass.
        let m = loopwright_parse::parse_module(INDIRECT_ENTRY.as_bytes(), "t.ll").unwrap();
        let f = &m.functions[loopwright_transforms::defined_functions(&m)[0]];
        let a = FnAnalyses::compute(f);
        let l = a.loops.loops().next().expect("a loop");
        assert!(!a.loops.is_simplified(f, &a.cfg, l));
        assert!(check(INDIRECT_ENTRY, "loop-simplify").is_ok());
    }

    #[test]
    fn the_verifier_runs_first() {
        let e = check(BROKEN, "transform-warning").unwrap_err();
        assert!(
            e.contains("broken function @b found after pass 'transform-warning'"),
            "{e}"
        );
        assert!(e.contains("Instruction does not dominate all uses!"), "{e}");
    }

    #[test]
    fn lcssa_check_follows_llvm() {
        // Exit-block phis are the LCSSA form itself.
        let ok = NOT_LCSSA.replace(
            "exit:\n  ret i32 %i.next",
            "exit:\n  %lcssa = phi i32 [ %i.next, %loop ]\n  ret i32 %lcssa",
        );
        assert!(check(&ok, "lcssa").is_ok());
        // A use in an unreachable block does not count.
        let unreachable = NOT_LCSSA.replace(
            "exit:\n  ret i32 %i.next",
            "exit:\n  ret i32 0\ndead:\n  ret i32 %i.next",
        );
        assert!(check(&unreachable, "lcssa").is_ok());
    }
}
