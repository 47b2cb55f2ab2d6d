//! `simplify_loop_ivs` (LLVM's `simplifyLoopIVs` after unrolling) without
//! LLVM: what it deletes.

use loopwright_analysis::verify_module;
use loopwright_ir::Module;
use loopwright_transforms::unroll::peel::simplify_loop_ivs;
use loopwright_transforms::with_function;

/// A loop whose latch computes a compare nothing uses (as an unrolled
/// copy's latch compare is once its branch is folded).
const DEAD_COMPARE: &str = r#"
define void @f(ptr %a, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 0, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %dead = icmp eq i64 %i.next, %n
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}
"#;

fn parse(text: &str) -> Module {
    loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("test module parses")
}

fn has_value(m: &Module, name: &str) -> bool {
    m.functions.iter().any(|(_, f)| {
        f.layout
            .blocks()
            .flat_map(|b| f.layout.block_insts(b))
            .filter_map(|i| f.inst_result(i))
            .any(|v| f.value_name(v) == Some(name))
    })
}

/// A user of an induction variable that is trivially dead is deleted by
/// the walk itself (LLVM's `simplifyUsers` puts it on `DeadInsts`, and
/// `simplifyLoopAfterUnroll` deletes those before it scans the blocks'
/// debug records); the rest of the loop stays.
#[test]
fn dead_users_of_an_iv_are_deleted() {
    let mut m = parse(DEAD_COMPARE);
    assert!(has_value(&m, "dead"));
    let fid = m.functions.iter().next().map(|(k, _)| k).expect("f");
    with_function(&mut m, fid, |m, f| {
        let header = f
            .layout
            .blocks()
            .find(|&b| f.block_name(b) == Some("loop"))
            .expect("loop block");
        simplify_loop_ivs(m, f, header);
    });
    assert!(!has_value(&m, "dead"), "the dead compare is left");
    for name in ["i", "i.next", "p", "c"] {
        assert!(has_value(&m, name), "%{name} was deleted");
    }
    assert!(verify_module(&m).is_ok());
}
